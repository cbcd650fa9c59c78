"""Plain-text rendering of a volený mariáš view for the terminal player."""

from __future__ import annotations

from games.marias.views import PlayerView
from games.names import card_label, card_name, suit_name

__all__ = ["describe_action", "render_view"]

_KIND = {
    "cs": {"hra": "hra (barva)", "betl": "betl", "durch": "durch"},
    "en": {"hra": "game (colour)", "betl": "betl (misère)", "durch": "durch (slam)"},
}


def _cards(codes: tuple[str, ...] | list[str]) -> str:
    return " ".join(card_label(c) for c in codes) or "-"


def render_view(view: PlayerView, names: list[str], lang: str) -> str:
    p = view.public
    lines = []
    if p.kind:
        who = names[p.declarer] if p.declarer is not None else "?"
        contract = _KIND[lang][p.kind]
        extras = " + ".join(x for x, on in (("stovka", p.stovka), ("sedma", p.sedma)) if on)
        lines.append(f"{who}: {contract}{' + ' + extras if extras else ''}")
    if p.trump:
        lines.append(("trumfy: " if lang == "cs" else "trumps: ") + suit_name(p.trump, lang))
    if any(p.flek.values()):
        lines.append("flek: " + ", ".join(f"{k} {v}" for k, v in p.flek.items() if v))
    if p.last_trick:
        lines.append(
            ("minulý štych: " if lang == "cs" else "last trick: ")
            + _cards([c for _, c in p.last_trick])
            + f" → {names[p.last_winner or 0]}"
        )
    if p.trick:
        lines.append(
            ("na stole: " if lang == "cs" else "on the table: ")
            + ", ".join(f"{names[s]} {card_label(c)}" for s, c in p.trick)
        )
    hand = _cards(view.hand)
    lines.append(
        ("tvoje karty: " if lang == "cs" else "your cards: ")
        + hand
        + ("" if view.hand_complete else " (+5)")
    )
    if view.own_trump_card:
        lines.append(
            ("trumfová karta: " if lang == "cs" else "trump card: ")
            + card_name(view.own_trump_card, lang)
        )
    if view.talon:
        lines.append("talon: " + _cards(view.talon))
    return "\n".join(lines)


def describe_action(code: str, lang: str) -> str:
    """A readable label for an action code (cards by name)."""
    head, _, arg = code.partition(":")
    if head in ("play", "trump", "lead", "hlas") and arg:
        return f"{code:10} {card_label(arg)} {card_name(arg, lang)}"
    if head == "talon":
        return f"{code:10} " + ", ".join(card_name(c, lang) for c in arg.split(","))
    return code
