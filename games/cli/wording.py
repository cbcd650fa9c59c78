"""Sentences of the terminal log, shared by every game's text module.

Each game lists its verbs as ``name -> (Czech he/she, Czech you, English
he/she, English you)``; the terminal addresses the human at the table in the
second person ("bereš štych") and everyone else in the third ("Jana bere
štych"), in both languages.
"""

from __future__ import annotations

from collections.abc import Mapping

__all__ = ["Verbs", "capital", "says", "verb"]

Verbs = Mapping[str, tuple[str, str, str, str]]


def verb(verbs: Verbs, name: str, lang: str, you: bool) -> str:
    """The form of verb ``name`` for the language and person."""
    forms = verbs[name]
    return forms[(0 if lang == "cs" else 2) + (1 if you else 0)]


def says(verbs: Verbs, who: str, name: str, rest: str, lang: str, you: bool) -> str:
    """ "AI1 bere štych", "ty bereš štych": a subject, its verb, the rest."""
    return f"{who} {verb(verbs, name, lang, you)} {rest}".rstrip()


def capital(text: str) -> str:
    """The first letter upper-case, the rest untouched ("AI1", not "Ai1")."""
    return text[:1].upper() + text[1:]
