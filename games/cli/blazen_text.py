"""Plain-text rendering of a Blázen view and its events for the terminal player."""

from __future__ import annotations

from games.blazen.views import PlayerView
from games.engine import Event
from games.names import card_label, suit_name

__all__ = ["describe_action", "event_text", "render_view"]

_WORDS = {
    "cs": {
        "trump": "trumf",
        "stock": "balíček",
        "bito": "bito",
        "table": "na stole",
        "hand": "tvoje karty",
        "attacks": "útočí na",
        "cards": "karty",
        "known": "viděné karty",
        "out": "venku",
    },
    "en": {
        "trump": "trumps",
        "stock": "stock",
        "bito": "discards",
        "table": "on the table",
        "hand": "your cards",
        "attacks": "attacks",
        "cards": "cards",
        "known": "seen cards",
        "out": "out",
    },
}


def _cards(codes: tuple[str, ...] | list[str]) -> str:
    return " ".join(card_label(c) for c in codes) or "-"


def render_view(view: PlayerView, names: list[str], lang: str) -> str:
    p = view.public
    w = _WORDS[lang]
    lines = [
        f"{w['trump']}: {suit_name(p.trump, lang)} ({card_label(p.trump_card)}"
        + (
            f" {'pod balíčkem' if lang == 'cs' else 'under the stock'})"
            if p.trump_card_in_stock
            else ")"
        )
        + f" · {w['stock']} {p.stock} · {w['bito']} {p.bito}"
    ]
    if p.opener is not None and p.defender is not None:
        lines.append(f"{names[p.opener]} {w['attacks']} {names[p.defender]}")
    sizes = ", ".join(
        f"{names[s]} {n}" + (f" ({w['out']})" if s in p.out else "")
        for s, n in p.hand_sizes.items()
    )
    lines.append(f"{w['cards']}: {sizes}")
    if p.known:
        lines.append(
            f"{w['known']}: "
            + "; ".join(f"{names[s]} {_cards(cards)}" for s, cards in p.known.items())
        )
    if p.table:
        pairs = [f"{card_label(a)}" + (f"/{card_label(d)}" if d else "") for a, d in p.table]
        lines.append(f"{w['table']}: " + "  ".join(pairs))
    lines.append(f"{w['hand']}: {_cards(view.hand)}")
    return "\n".join(lines)


def describe_action(code: str, lang: str) -> str:
    """A readable label for an action code (cards by symbol)."""
    head, _, arg = code.partition(":")
    if head == "beat":
        index, _, c = arg.partition(":")
        return f"{code:14} {'krýt' if lang == 'cs' else 'beat'} #{index} {card_label(c)}"
    words = {
        "attack": ("útok", "attack"),
        "transfer": ("převést", "pass on"),
        "show": ("ukázat trumf", "show trump"),
        "throw": ("přihodit", "throw in"),
        "exchange": ("vyměnit trumf", "exchange trump"),
        "take": ("beru", "take"),
        "pass": ("pas", "pass"),
        "redeal": ("přerozdat", "redeal"),
    }
    cs, en = words.get(head, (head, head))
    label = cs if lang == "cs" else en
    if arg:
        return f"{code:14} {label} " + " ".join(card_label(c) for c in arg.split(","))
    return f"{code:14} {label}"


def w_stock(lang: str) -> str:
    return _WORDS[lang]["stock"]


def event_text(event: Event, names: list[str], lang: str) -> str | None:
    """One readable line per event (the terminal's table log)."""
    who = names[event.seat] if event.seat is not None else ""
    data = dict(event.data)
    cs = lang == "cs"
    kind = event.kind
    if kind == "attack":
        text = f"{'útočí na' if cs else 'attacks'} {names[data['defender']]}: "
        text += _cards(data["cards"])
    elif kind == "beat":
        text = f"{'kryje' if cs else 'beats'} {card_label(data['attack'])} → "
        text += card_label(data["card"])
    elif kind == "take":
        text = "bere" if cs else "takes"
    elif kind in ("transfer", "show"):
        verb = (
            ("převádí" if cs else "passes on")
            if kind == "transfer"
            else ("ukazuje" if cs else "shows")
        )
        text = f"{verb} {_cards(data.get('cards') or [data['card']])} → {names[data['defender']]}"
    elif kind == "throw":
        text = ("přihazuje " if cs else "throws in ") + _cards(data["cards"])
    elif kind == "pass":
        text = "pas" if cs else "passes"
    elif kind == "bito":
        text = f"Bito ({_cards(data['cards'])})"
    elif kind == "pick_up":
        text = ("sbírá " if cs else "picks up ") + _cards(data["cards"])
    elif kind == "drawn":
        text = ("dobírá " if cs else "draws ") + _cards(data["cards"])
    elif kind == "draw":
        if not any(data["counts"].values()):
            return None
        counts = ", ".join(f"{names[int(s)]} {n}" for s, n in data["counts"].items())
        text = f"{'dobírají' if cs else 'draw'}: {counts} · {w_stock(lang)} {data['stock']}"
    elif kind == "out":
        text = ("venku: " if cs else "out: ") + ", ".join(names[s] for s in data["seats"])
        text += f" ({data['place']}.)"
    elif kind == "redeal":
        text = "žádá nové rozdání" if cs else "demands a redeal"
    elif kind == "exchange":
        text = f"{'mění' if cs else 'exchanges'} {card_label(data['gave'])} → "
        text += card_label(data["took"])
    elif kind == "game_over":
        losers = ", ".join(names[s] for s in data.get("losers", ()))
        if data["end"] == "draw":
            text = "remíza" if cs else "a draw"
        elif data["end"] == "redeal":
            text = "nové rozdání" if cs else "redeal"
        else:
            text = ("blázen: " if cs else "fool: ") + losers
    else:
        return None
    return f"  · {who} {text}".rstrip() if who else f"  · {text}"
