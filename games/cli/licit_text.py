"""Plain text of licitovaný mariáš for the terminal player: the view, the choices,
the table log and the end of a deal.

The deck, the cards and the money read as in volený (``marias_text``: ❤️
červené, 🔔 kule, 🍃 zelené, 🌰 žaludy; spodek, svršek, král, eso; units ×
``unit_haler``). The levels are said as players say them at the table:
"sedma", "sto a sedma červených", "dvě sedmy a sto"; the auction's words are
"licituju", "mám" (holding the level bid) and "dál". The human player is
addressed in the second person, the computer players in the third.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.cli.marias_words import (
    VERBS,
    betl_fell,
    card_full,
    card_label,
    card_list,
    component_line,
    durch_fell,
    flek_label,
    fleks,
    marriage_said,
    marriages_line,
    payments_line,
    points_line,
    raised_levels,
    suit_label,
    tally_text,
    trick_lines,
    trick_said,
    tricks_line,
    unit_haler,
    winner_line,
)
from games.cli.marias_words import (
    dealer_text as _dealer_text,
)
from games.cli.wording import capital, says, verb
from games.engine import Event, Seat
from games.marias_licit.views import PlayerView

__all__ = [
    "LEVEL_NAMES",
    "dealer_text",
    "describe_action",
    "event_text",
    "level_name",
    "render_view",
    "summary_text",
    "tally_text",
]

LEVEL_NAMES = {
    "cs": {
        1: "sedma",
        2: "sedma červená",
        3: "sto",
        4: "sto a sedma",
        5: "sto červených",
        6: "sto a sedma červených",
        7: "betl",
        8: "durch",
        9: "dvě sedmy",
        10: "dvě sedmy a sto",
        11: "dvě sedmy červené",
        12: "dvě sedmy červené a sto",
    },
    "en": {
        1: "seven",
        2: "seven in hearts",
        3: "hundred",
        4: "hundred and seven",
        5: "hundred in hearts",
        6: "hundred and seven in hearts",
        7: "betl",
        8: "durch",
        9: "two sevens",
        10: "two sevens and a hundred",
        11: "two sevens in hearts",
        12: "two sevens in hearts and a hundred",
    },
}
"""The twelve levels as players name them (§3.3.2)."""

_COMPONENT_ACC = {
    "cs": {
        "sedma": "sedmu",
        "sto": "sto",
        "dvesedmy": "dvě sedmy",
        "betl": "betla",
        "durch": "durcha",
    },
    "en": {
        "sedma": "the seven",
        "sto": "the hundred",
        "dvesedmy": "the two sevens",
        "betl": "the betl",
        "durch": "the durch",
    },
}
_COMPONENT = {
    "cs": {
        "sedma": "sedma",
        "sto": "sto",
        "dvesedmy": "dvě sedmy",
        "betl": "betl",
        "durch": "durch",
        "tichá hra": "tichá hra",
        "tichá stovka": "tichá stovka",
        "tichá sedma": "tichá sedma",
        "zabitá sedma": "zabitá sedma",
    },
    "en": {
        "sedma": "seven",
        "sto": "hundred",
        "dvesedmy": "two sevens",
        "betl": "betl",
        "durch": "durch",
        "tichá hra": "silent game",
        "tichá stovka": "silent hundred",
        "tichá sedma": "silent seven",
        "zabitá sedma": "killed seven",
    },
}

# the family's VERBS and this game's own: verb -> (cs, he), (cs, you), (en, he), (en, you)
_VERBS = {
    **VERBS,
    "bids": ("licituje", "licituješ", "bids", "bid"),
    "holds": ("drží", "držíš", "holds", "hold"),
    "discards": ("odkládá", "odkládáš", "discards", "discard"),
    "concedes": ("vzdává", "vzdáváš", "concedes", "concede"),
}


def _says(who: str, name: str, rest: str, lang: str, you: bool) -> str:
    return says(_VERBS, who, name, rest, lang, you)


def _plays(who: str, contract: str, lang: str, you: bool) -> str:
    """ "AI2 hraje: sto a sedma", "you play: betl"."""
    return f"{who} {verb(_VERBS, 'plays', lang, you)}: {contract}"


def level_name(number: int, lang: str) -> str:
    """A level as said at the table: "sedma", "sto a sedma červených"."""
    return LEVEL_NAMES["cs" if lang == "cs" else "en"].get(number, str(number))


def _fleks(levels: Sequence[tuple[str, int]], lang: str) -> str:
    """ "flek na sto i na sedmu", "re na sedmu"."""
    return fleks(levels, _COMPONENT_ACC["cs" if lang == "cs" else "en"], lang)


def _contract(
    number: int, trump: str | None, helper: str | None, lang: str, *, short: bool = False
) -> str:
    """ "sto a sedma, trumfy 🔔 kule, pomocná 🍃 zelené"."""
    cs = lang == "cs"
    text = level_name(number, lang)
    if trump and not (short and trump == "h"):
        text += (", trumfy " if cs else ", trumps ") + suit_label(trump, lang)
    if helper:
        text += (", pomocná " if cs else ", helper suit ") + suit_label(helper, lang)
    return text


def render_view(view: PlayerView, names: list[str], lang: str) -> str:
    p = view.public
    cs = lang == "cs"
    lines = []
    if p.active:
        lines.append(("forhont: " if cs else "forehand: ") + names[p.active[0]])
    if view.seat not in p.active:
        lines.append("v tomto rozdání nehraješ" if cs else "you sit out this deal")
    if p.phase == "auction":
        if p.bid:
            holder = names[p.bid_holder] if p.bid_holder is not None else "?"
            lines.append(
                ("licitace: " if cs else "auction: ")
                + f"{p.bid} ({level_name(p.bid, lang)}), "
                + ("drží " if cs else "held by ")
                + holder
            )
        else:
            lines.append("licitace: zatím nikdo" if cs else "auction: no bid yet")
    elif p.declarer is not None:
        who, you = names[p.declarer], p.declarer == view.seat
        if p.level is not None:
            contract = _contract(p.level, p.trump, p.helper, lang, short=True)
            lines.append(_plays(who, contract, lang, you))
        else:
            rest = ("talon, vylicitováno: " if cs else "the talon, bid: ") + level_name(p.bid, lang)
            lines.append(_says(who, "takes", rest, lang, you))
    raised = [(k, v) for k, v in p.flek.items() if v]
    if raised:
        lines.append("flek: " + _fleks(raised, lang))
    if p.omyl_open and p.declarer == view.seat:
        lines.append("sedmu můžeš ještě vzdát (omyl)" if cs else "you may still concede (omyl)")
    if p.talon_face_up:
        lines.append(
            ("v talonu lícem nahoru: " if cs else "face up in the talon: ")
            + card_list(p.talon_face_up, lang)
        )
    lines.extend(trick_lines(p.last_trick, p.last_winner, p.trick, names, lang))
    if view.seat in p.active:
        lines.append(("tvoje karty: " if cs else "your cards: ") + card_list(view.hand, lang))
    if view.talon:
        lines.append(("tvůj talon: " if cs else "your talon: ") + card_list(view.talon, lang))
    return "\n".join(lines)


def describe_action(code: str, lang: str, view: PlayerView | None = None) -> str:
    """A readable label for an action code; the code stays in front, it may be typed.

    With the ``view`` a flek is named by the level it reaches ("re na sedmu") and
    a pass by the phase ("dál" in the auction, "bez fleku" in the flek round).
    """
    cs = lang == "cs"
    head, _, arg = code.partition(":")

    if head == "play" and arg:
        label = card_full(arg, lang)
    elif head == "hlas" and arg:
        label = card_full(arg, lang) + (" + hláška" if cs else " + marriage")
    elif head == "bid" and arg.isdigit():
        label = ("licituju: " if cs else "bid: ") + level_name(int(arg), lang)
    elif head == "talon" and arg:
        label = ("do talonu: " if cs else "to the talon: ") + ", ".join(
            card_full(c, lang) for c in arg.split(",")
        )
    elif head == "contract" and arg:
        parts = arg.split(":")
        trump = parts[1] if len(parts) > 1 else None
        helper = parts[2] if len(parts) > 2 else None
        number = int(parts[0]) if parts[0].isdigit() else 0
        label = ("hraju: " if cs else "play: ") + _contract(number, trump, helper, lang, short=True)
    elif head == "flek" and arg:
        label = _flek_label(arg.split("+"), lang, view)
    elif code == "mam":
        level = f" {level_name(view.public.bid, lang)}" if view is not None else ""
        label = f"mám (držím{level})" if cs else f"mám (I hold{level})"
    elif code == "pass":
        if view is not None and view.public.phase == "auction":
            label = "dál (pas)" if cs else "pass"
        else:
            label = "bez fleku" if cs else "no flek"
    elif code == "omyl":
        label = "omyl (vzdávám sedmu)" if cs else "omyl (concede the seven)"
    else:
        label = ""
    return f"{code:16} {label}".rstrip()


def _flek_label(components: list[str], lang: str, view: PlayerView | None) -> str:
    words = _COMPONENT_ACC["cs" if lang == "cs" else "en"]
    return flek_label(components, view.public.flek if view is not None else {}, words, lang)


def event_text(event: Event, names: list[str], lang: str, human: Seat | None = None) -> str | None:
    """One readable line per event the human may see (the terminal's table log)."""
    if not event.visible_for(human):
        return None
    seat = event.seat
    who = names[seat] if seat is not None else ""
    you = seat is not None and seat == human
    data = dict(event.data)
    cs = lang == "cs"
    kind = event.kind
    if kind == "bid":
        text = f"{who}: " + level_name(int(data["level"]), lang)
    elif kind == "hold":
        text = f"{who}: " + ("mám" if cs else "mám (holds)")
    elif kind == "pass":
        text = f"{who}: " + ("dál" if cs else "pass")
    elif kind == "redeal":
        text = "všichni dál: rozdává se znovu" if cs else "all passed: the cards are dealt again"
    elif kind == "auction_won":
        rest = ("talon, vylicitováno: " if cs else "the talon, bid: ") + level_name(
            int(data["level"]), lang
        )
        text = _says(who, "takes", rest, lang, you)
    elif kind == "talon_cards":
        text = ("v talonu: " if cs else "in the talon: ") + card_list(data["cards"], lang)
    elif kind == "talon":
        text = _says(who, "discards", card_list(data["cards"], lang), lang, you)
    elif kind == "talon_discarded":
        if you:
            return None  # the "talon" line names the cards
        text = _says(who, "discards", "dvě karty" if cs else "two cards", lang, you)
    elif kind == "contract":
        contract = _contract(
            int(data["level"]), data.get("trump"), data.get("helper"), lang, short=True
        )
        text = _plays(who, contract, lang, you)
        if data.get("trump_in_talon"):
            text += " — trumf je v talonu" if cs else " — a trump is in the talon"
    elif kind == "flek":
        text = f"{who}: " + _fleks(raised_levels(data), lang)
    elif kind == "omyl":
        rest = "sedmu (omyl)" if cs else "the seven (omyl)"
        text = _says(who, "concedes", rest, lang, you)
    elif kind == "play_starts":
        text = _says(who, "leads", "", lang, you)
    elif kind == "marriage":
        rest = marriage_said(data["suit"], data["points"], lang)
        text = _says(who, "has", rest, lang, you)
    elif kind == "card":
        text = _says(who, "plays", card_label(data["card"], lang, accusative=True), lang, you)
    elif kind == "trick":
        rest = trick_said(data["cards"], lang)
        text = _says(who, "takes", rest, lang, you)
    else:
        return None
    return f"  · {text}"


def dealer_text(names: list[str], dealer: Seat, lang: str, human: Seat | None = None) -> str:
    """ "AI1 rozdává", "ty rozdáváš a nehraješ" (the dealer of four sits out)."""
    return _dealer_text(names, dealer, lang, human, sits_out_at=4)


# --- the end of a deal -------------------------------------------------------


def summary_text(
    summary: Mapping[str, Any],
    scores: Sequence[int],
    names: list[str],
    lang: str,
    *,
    human: Seat | None = None,
    options: Any = None,
) -> str:
    """The end of a deal in words: the auction, the contract, the points, who pays.

    Money is units × ``options.unit_haler`` haléřů (10 without options).
    """
    unit = unit_haler(options)
    cs = lang == "cs"
    lines = ["🏁 " + ("Konec rozdání" if cs else "End of the deal")]
    declarer = summary.get("declarer")
    if declarer is None or summary.get("end") == "redeal":
        lines.append(
            "Všichni řekli dál, nehrálo se." if cs else "Everybody passed, nothing was played."
        )
        return "\n".join(lines)
    who, you = names[declarer], declarer == human
    bid = int(summary.get("bid") or 0)
    number = summary.get("level")
    if number is None:
        rest = ("talon, vylicitováno: " if cs else "the talon, bid: ") + level_name(bid, lang)
        lines.append("🎯 " + capital(_says(who, "takes", rest, lang, you)))
    else:
        contract = _contract(
            int(number), summary.get("trump"), summary.get("helper"), lang, short=True
        )
        line = _plays(who, contract, lang, you)
        if bid and bid != number:
            line += (" (vylicitováno: " if cs else " (bid: ") + level_name(bid, lang) + ")"
        lines.append("🎯 " + capital(line))
    flek = [(k, v) for k, v in (summary.get("flek") or {}).items() if v]
    if flek:
        lines.append("🔥 " + _fleks(flek, lang))
    end = summary.get("end")
    if end == "omyl":
        lines.append("Omyl: hráč sedmu vzdal." if cs else "Omyl: the declarer conceded the seven.")
    elif end == "early":
        if number == 7:
            lines.append(betl_fell(lang))
        elif number == 8:
            lines.append(durch_fell(lang))
    points = summary.get("points")
    if isinstance(points, Mapping):
        lines.append(points_line(who, points, lang))
    tricks = summary.get("tricks") or {}
    if tricks and end != "omyl":
        lines.append(tricks_line(tricks, names, lang))
    marriages = summary.get("marriages") or []
    if marriages:
        lines.append(marriages_line(marriages, names, lang))
    for component in summary.get("components") or []:
        lines.append(
            component_line(component, _COMPONENT["cs" if cs else "en"], who, you, lang, unit)
        )
    lines.append(winner_line(declarer, scores, names, lang, human))
    lines.append(payments_line(scores, names, lang, human, unit, set(map(int, tricks))))
    return "\n".join(lines)
