"""Plain text of Blázen (Durak) for the terminal player: the view, the choices,
the table log and the end of a game.

Blázen is played with a French-suited deck, so suits are named the French
way (notation.md): ♥ srdce, ♦ káry, ♠ piky, ♣ kříže. The words are the
spec's (blazen.md §1.1): útočí, přebíjí, bere, přihazuje, převádí, bito. The
human player is addressed in the second person ("bereš", "útočí na tebe").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.blazen.views import PlayerView
from games.cli.wording import says, verb
from games.engine import Event, Seat
from games.names import SUIT_SYMBOLS, card_label

__all__ = [
    "SUIT_NAMES",
    "dealer_text",
    "describe_action",
    "event_text",
    "render_view",
    "summary_text",
    "tally_text",
]

SUIT_NAMES = {
    "cs": {"h": "srdce", "d": "káry", "s": "piky", "c": "kříže"},
    "en": {"h": "hearts", "d": "diamonds", "s": "spades", "c": "clubs"},
}
"""French suits (the German names kule, zelené … belong to the mariáš deck)."""

# verb -> (cs, he), (cs, you), (en, he), (en, you)
_VERBS = {
    "attacks": ("útočí na", "útočíš na", "attacks", "attack"),
    "beats": ("přebíjí", "přebíjíš", "beats", "beat"),
    "takes": ("bere", "bereš", "takes", "take"),
    "transfers": ("převádí", "převádíš", "passes", "pass"),
    "shows": ("ukazuje", "ukazuješ", "shows", "show"),
    "throws": ("přihazuje", "přihazuješ", "throws in", "throw in"),
    "passes": ("nepřihazuje", "nepřihazuješ", "passes", "pass"),
    "picks up": ("bere ze stolu", "bereš ze stolu", "picks up", "pick up"),
    "draws": ("dobírá", "dobíráš", "draws", "draw"),
    "demands": ("žádá", "žádáš", "demands", "demand"),
    "exchanges": ("mění", "měníš", "exchanges", "exchange"),
    "has": ("má", "máš", "has", "have"),
    "deals": ("rozdává", "rozdáváš", "deals", "deal"),
}


def _verb(name: str, lang: str, you: bool) -> str:
    return verb(_VERBS, name, lang, you)


def _says(who: str, name: str, rest: str, lang: str, you: bool) -> str:
    return says(_VERBS, who, name, rest, lang, you)


def _object(names: list[str], seat: Seat, lang: str, human: Seat | None) -> str:
    """A seat after "na" / a verb: "tebe" for the human in Czech, else the name."""
    if seat == human:
        return "tebe" if lang == "cs" else "you"
    return names[seat]


def _cards(codes: Sequence[str]) -> str:
    return " ".join(card_label(c) for c in codes) or "-"


def _suit(suit: str, lang: str) -> str:
    return f"{SUIT_SYMBOLS[suit]} {SUIT_NAMES[lang][suit]}"


def _plural(n: int, one: str, few: str, many: str) -> str:
    """Czech number agreement: 1 kolo, 2–4 kola, 5 kol (and 0 kol)."""
    return one if n == 1 else few if 2 <= n <= 4 else many


def render_view(view: PlayerView, names: list[str], lang: str) -> str:
    p = view.public
    cs = lang == "cs"
    trump = f"{'trumf' if cs else 'trumps'}: {_suit(p.trump, lang)} ({card_label(p.trump_card)}"
    if p.trump_card_in_stock:
        trump += " pod balíčkem)" if cs else " under the stock)"
    else:
        trump += ")"
    trump += f" · {'v balíčku' if cs else 'stock'} {p.stock} · bito {p.bito}"
    lines = [trump]
    if p.opener is not None and p.defender is not None:
        lines.append(
            _says(
                names[p.opener],
                "attacks",
                _object(names, p.defender, lang, view.seat),
                lang,
                p.opener == view.seat,
            )
        )
    sizes = ", ".join(
        f"{names[s]} {n}" + ((" (venku)" if cs else " (out)") if s in p.out else "")
        for s, n in p.hand_sizes.items()
    )
    lines.append(("počet karet: " if cs else "cards: ") + sizes)
    if p.known:
        lines.append(
            ("známé karty: " if cs else "known cards: ")
            + "; ".join(f"{names[s]} {_cards(cards)}" for s, cards in p.known.items())
        )
    if p.table:
        pairs = [f"{card_label(a)}" + (f"/{card_label(d)}" if d else "") for a, d in p.table]
        lines.append(("na stole: " if cs else "on the table: ") + "  ".join(pairs))
    lines.append(("tvoje karty: " if cs else "your cards: ") + _cards(view.hand))
    return "\n".join(lines)


def describe_action(code: str, lang: str, view: PlayerView | None = None) -> str:
    """A readable label for an action code (cards by symbol); the code stays in front.

    With the ``view`` a cover names the card it beats ("přebít ♠7 kartou ♠8").
    """
    cs = lang == "cs"
    head, _, arg = code.partition(":")
    if head == "beat":
        index, _, card = arg.partition(":")
        table = view.public.table if view is not None else ()
        if index.isdigit() and int(index) < len(table):
            attack = card_label(table[int(index)][0])
        else:
            attack = f"#{index}"
        beat = card_label(card)
        label = f"přebít {attack} kartou {beat}" if cs else f"beat {attack} with {beat}"
        return f"{code:14} {label}"
    words = {
        "attack": ("zaútočit", "attack"),
        "transfer": ("převést útok", "pass the attack on"),
        "show": ("ukázat trumf a převést útok", "show the trump, pass the attack on"),
        "throw": ("přihodit", "throw in"),
        "exchange": ("vyměnit za trumf pod balíčkem", "exchange for the turned trump"),
        "take": ("beru", "take"),
        "pass": ("pas (nepřihodím)", "pass"),
        "redeal": ("rozdat znovu (pět karet jedné barvy)", "redeal (five cards of a suit)"),
    }
    cs_word, en_word = words.get(head, (head, head))
    label = cs_word if cs else en_word
    if arg:
        return f"{code:14} {label}: " + " ".join(card_label(c) for c in arg.split(","))
    return f"{code:14} {label}"


def event_text(event: Event, names: list[str], lang: str, human: Seat | None = None) -> str | None:
    """One readable line per event (the terminal's table log)."""
    seat = event.seat
    who = names[seat] if seat is not None else ""
    you = seat is not None and seat == human
    data = dict(event.data)
    cs = lang == "cs"
    kind = event.kind
    if kind == "attack":
        target = _object(names, data["defender"], lang, human)
        text = _says(who, "attacks", f"{target}: {_cards(data['cards'])}", lang, you)
    elif kind == "beat":
        rest = f"{card_label(data['attack'])} " + ("kartou " if cs else "with ")
        text = _says(who, "beats", rest + card_label(data["card"]), lang, you)
    elif kind == "take":
        text = _says(who, "takes", "", lang, you)
    elif kind in ("transfer", "show"):
        target = _object(names, data["defender"], lang, human)
        cards = _cards(data.get("cards") or [data["card"]])
        onto = f" — {'útok jde na' if cs else 'the attack goes to'} {target}"
        verb = "transfers" if kind == "transfer" else "shows"
        text = _says(who, verb, cards, lang, you) + onto
    elif kind == "throw":
        text = _says(who, "throws", _cards(data["cards"]), lang, you)
    elif kind == "pass":
        text = _says(who, "passes", "", lang, you)
    elif kind == "bito":
        text = f"bito ({_cards(data['cards'])})"
    elif kind == "pick_up":
        text = _says(who, "picks up", _cards(data["cards"]), lang, you)
    elif kind == "drawn":
        text = _says(who, "draws", _cards(data["cards"]), lang, you)
    elif kind == "draw":
        if not any(data["counts"].values()):
            return None
        counts = ", ".join(f"{names[int(s)]} {n}" for s, n in data["counts"].items())
        text = (
            f"dobírá se: {counts} · v balíčku zbývá {data['stock']}"
            if cs
            else f"drawing: {counts} · {data['stock']} left in the stock"
        )
    elif kind == "out":
        out = ", ".join(names[s] for s in data["seats"])
        text = (
            f"venku: {out} ({data['place']}. místo)"
            if cs
            else f"out: {out} (place {data['place']})"
        )
    elif kind == "redeal":
        text = _says(who, "demands", "nové rozdání" if cs else "a redeal", lang, you)
    elif kind == "exchange":
        rest = f"{card_label(data['gave'])} " + ("za " if cs else "for ") + card_label(data["took"])
        text = _says(who, "exchanges", rest, lang, you)
    elif kind == "game_over":
        end = data["end"]
        if end == "draw":
            text = "remíza" if cs else "a draw"
        elif end == "redeal":
            text = "rozdává se znovu" if cs else "the cards are dealt again"
        else:
            losers = ", ".join(names[s] for s in data.get("losers", ()))
            text = ("blázen: " if cs else "fool: ") + losers
    else:
        return None
    return f"  · {text}"


def dealer_text(names: list[str], dealer: Seat, lang: str, human: Seat | None = None) -> str:
    """ "AI1 rozdává", "ty rozdáváš"."""
    return _says(names[dealer], "deals", "", lang, dealer == human)


# --- the end of a game -------------------------------------------------------


def summary_text(
    summary: Mapping[str, Any],
    scores: Sequence[int],
    names: list[str],
    lang: str,
    *,
    human: Seat | None = None,
    options: Any = None,
) -> str:
    """The end of a game in words: the fool, the order of going out, the trumps."""
    cs = lang == "cs"
    lines = ["🏁 " + ("Konec hry" if cs else "End of the game")]
    end = summary.get("end")
    fool = summary.get("fool")
    if end == "fool" and fool is not None:
        lines.append(
            ("🤡 Blázen: " if cs else "🤡 The fool: ")
            + names[fool]
            + ("" if fool != human else "!")
        )
    elif end == "team":
        losers = ", ".join(names[s] for s in summary.get("losers") or ())
        line = f"🤡 Prohrává tým {losers}" if cs else f"🤡 The team {losers} loses"
        if fool is not None:
            line += f"; {'blázen' if cs else 'the fool'}: {names[fool]}"
        lines.append(line)
    elif end == "draw":
        lines.append(
            "🤝 Remíza — poslední dva dohráli naráz, nikdo není blázen."
            if cs
            else "🤝 A draw — the last two went out together, nobody is the fool."
        )
    elif end == "redeal":
        by = summary.get("redeal_by")
        if by is None:
            lines.append(
                "🔁 Nikdo nemá trumf — rozdává se znovu."
                if cs
                else "🔁 Nobody holds a trump — the cards are dealt again."
            )
        else:
            you = by == human
            has = _says(
                names[by],
                "has",
                "pět karet jedné barvy" if cs else "five cards of a suit",
                lang,
                you,
            )
            demands = _verb("demands", lang, you) + (" nové rozdání" if cs else " a redeal")
            lines.append(f"🔁 {has} {'a' if cs else 'and'} {demands}")
    places = summary.get("places") or {}
    if places:
        order = sorted(places.items(), key=lambda item: (item[1], int(item[0])))
        lines.append(
            ("Pořadí: " if cs else "Places: ")
            + ", ".join(f"{place}. {names[int(seat)]}" for seat, place in order)
        )
    straps = {k: v for k, v in (summary.get("straps") or {}).items() if v}
    if straps:
        lines.append(
            ("🎖 Pogony: " if cs else "🎖 Epaulettes: ")
            + ", ".join(f"{names[int(s)]} {n}" for s, n in straps.items())
        )
    trump, bouts = summary.get("trump"), int(summary.get("bouts") or 0)
    if trump:
        played = (
            f"{bouts} {_plural(bouts, 'kolo', 'kola', 'kol')}"
            if cs
            else f"{bouts} bout{'s' if bouts != 1 else ''}"
        )
        lines.append(("Trumfy: " if cs else "Trumps: ") + f"{_suit(str(trump), lang)} · {played}")
    return "\n".join(lines)


def tally_text(
    tally: Sequence[int], names: list[str], lang: str, deals: int, *, options: Any = None
) -> str:
    """How many times each player has been the fool so far."""
    cs = lang == "cs"
    head = f"📊 Průběžně po {deals}. hře: " if cs else f"📊 After {deals} game(s): "
    word = "blázen" if cs else "fool"
    return head + " · ".join(f"{names[s]} {n}× {word}" for s, n in enumerate(tally))
