"""Text catalogs (``render/locales/<lang>.json``) and the translator handlers use.

Every text the bot shows lives in a catalog under a dotted key; handler and
renderer code only names keys. Messages are HTML, so values substituted into
a text are escaped unless they are ``Html`` (text already made safe, such as
a rendered card list). That makes escaping user names the default rather
than something each call site must remember.
"""

from __future__ import annotations

import html
import json
import string
from collections.abc import Mapping
from importlib import resources
from typing import Any

__all__ = ["CatalogError", "Html", "I18n", "Translator", "escape"]


class Html(str):
    """A string that is already valid HTML for Telegram; substituted as is."""

    __slots__ = ()


def escape(value: object) -> Html:
    """The value as text, made safe for HTML parse mode."""
    if isinstance(value, Html):
        return value
    return Html(html.escape(str(value), quote=False))


class CatalogError(ValueError):
    """The catalogs disagree (a key or a placeholder missing in one language)."""


def _placeholders(text: str) -> frozenset[str]:
    return frozenset(name for _, name, _, _ in string.Formatter().parse(text) if name)


class Translator:
    """Texts of one language: ``tr("lobby.title", game=...)``."""

    def __init__(self, lang: str, catalog: Mapping[str, str]) -> None:
        self.lang = lang
        self._catalog = catalog

    def __call__(self, key: str, **values: Any) -> Html:
        """The text for ``key`` with ``values`` substituted (and escaped)."""
        try:
            template = self._catalog[key]
        except KeyError:
            raise KeyError(f"no text {key!r} in the {self.lang} catalog") from None
        safe = {name: escape(value) for name, value in values.items()}
        return Html(template.format(**safe))

    def has(self, key: str) -> bool:
        return key in self._catalog

    def get(self, key: str, default: str, **values: Any) -> Html:
        """Like calling, but ``default`` (escaped) when the key is absent."""
        return self(key, **values) if key in self._catalog else escape(default)


class I18n:
    """All catalogs; ``i18n.for_lang("en")`` gives a ``Translator``."""

    def __init__(self, catalogs: Mapping[str, Mapping[str, str]], default: str) -> None:
        if default not in catalogs:
            raise CatalogError(f"no catalog for the default language {default!r}")
        self._translators = {lang: Translator(lang, c) for lang, c in catalogs.items()}
        self.default = default

    @property
    def languages(self) -> tuple[str, ...]:
        return tuple(self._translators)

    def for_lang(self, lang: str | None) -> Translator:
        """The translator for ``lang``, or the default language's."""
        return self._translators.get(lang or "", self._translators[self.default])

    def pick(self, telegram_language: str | None) -> str:
        """The language for a direct chat: the user's Telegram language if we speak it."""
        code = (telegram_language or "").split("-")[0].lower()
        return code if code in self._translators else self.default

    @classmethod
    def load(cls, default: str = "cs", languages: tuple[str, ...] = ("cs", "en")) -> I18n:
        """Read the shipped catalogs and check that they agree key by key."""
        folder = resources.files("bot.render") / "locales"
        catalogs: dict[str, dict[str, str]] = {}
        for lang in languages:
            data = json.loads((folder / f"{lang}.json").read_text(encoding="utf-8"))
            catalogs[lang] = flatten(data)
        check_catalogs(catalogs)
        return cls(catalogs, default)


def flatten(data: Mapping[str, Any], prefix: str = "") -> dict[str, str]:
    """Nested JSON objects to dotted keys: {"a": {"b": "x"}} -> {"a.b": "x"}."""
    flat: dict[str, str] = {}
    for key, value in data.items():
        name = f"{prefix}{key}"
        if isinstance(value, Mapping):
            flat.update(flatten(value, name + "."))
        elif isinstance(value, str):
            flat[name] = value
        else:
            raise CatalogError(f"{name}: catalog values are texts, not {type(value).__name__}")
    return flat


def check_catalogs(catalogs: Mapping[str, Mapping[str, str]]) -> None:
    """Same keys and the same placeholders in every language."""
    langs = list(catalogs)
    first = catalogs[langs[0]]
    for lang in langs[1:]:
        other = catalogs[lang]
        missing = sorted(set(first) ^ set(other))
        if missing:
            raise CatalogError(f"{langs[0]} and {lang} differ in keys: {', '.join(missing[:10])}")
        for key, text in first.items():
            if _placeholders(text) != _placeholders(other[key]):
                raise CatalogError(f"{key}: placeholders differ between {langs[0]} and {lang}")
