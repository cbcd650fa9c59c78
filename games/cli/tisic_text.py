"""Plain text of Tisíc for the terminal player: the view, the choices, the
table log and the end of a deal.

Tisíc is played with the mariáš deck by default (``deck_style="german"``,
tisic.md §3), so cards read as in mariáš: ❤️ červené, 🔔 kule, 🍃 zelené,
🌰 žaludy; spodek (the junek), svršek (the dáma), král, 10, eso. The words
are the spec's (§1, §12): „Dobrý" for a pass, „Šest!" … „Sto" for the bids,
složit (discard), „TRUMF" and the hláška (marriage), úpis and čárka on the
sheet. The human player is addressed in the second person ("bereš štych").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.cli.marias_words import (
    SUITS,
    card_full,
    card_label,
    card_list,
    last_trick_line,
    suit_label,
    table_line,
    trick_said,
)
from games.cli.wording import capital, says
from games.engine import Event, Seat
from games.names import suit_name

__all__ = [
    "bid_word",
    "dealer_text",
    "describe_action",
    "event_text",
    "marriage_text",
    "render_view",
    "summary_text",
    "tally_text",
]

# verb -> (cs, he), (cs, you), (en, he), (en, you)
_VERBS = {
    "plays": ("hraje", "hraješ", "plays", "play"),
    "plays for": ("hraje o", "hraješ o", "plays for", "play for"),
    "raises": ("zvyšuje na", "zvyšuješ na", "raises to", "raise to"),
    "takes": ("bere", "bereš", "takes", "take"),
    "deals": ("rozdává", "rozdáváš", "deals", "deal"),
    "discards": ("skládá", "skládáš", "discards", "discard"),
    "declares": ("hlásí", "hlásíš", "declares", "declare"),
    "proposes": ("navrhuje", "navrhuješ", "proposes", "propose"),
    "gives up": ("neskládá a vzdává", "neskládáš a vzdáváš", "gives up", "give up"),
    "leads": ("vynáší", "vynášíš", "leads", "lead"),
    "revokes": ("nepřiznal barvu", "jsi nepřiznal barvu", "revoked", "revoked"),
    "made": ("uhrál", "jsi uhrál", "made", "made"),
    "failed": ("neuhrál", "jsi neuhrál", "failed", "failed"),
    "sits out": ("nehraje", "nehraješ", "sits out", "sit out"),
}

_BID_WORDS = {60: "šest", 70: "sedm", 80: "osm", 90: "devět", 100: "sto"}
"""§1: „Šest!", „Sedm", „Osm", … „Sto" are the bids of 60 to 100."""

_MARRIAGE_ADJ = {"h": "červená", "d": "kulová", "s": "zelená", "c": "žaludská"}
_MARRIAGE_VALUE = {"h": 40, "d": 60, "s": 80, "c": 100}


def _says(who: str, name: str, rest: str, lang: str, you: bool) -> str:
    return says(_VERBS, who, name, rest, lang, you)


def _name(names: list[str], seat: Seat | None) -> str:
    if seat is None:
        return "?"
    return names[seat] if 0 <= seat < len(names) else f"#{seat}"


def bid_word(amount: int, lang: str) -> str:
    """A bid as said at the table: "šest (60)", "120"; in English "60"."""
    if lang == "cs" and amount in _BID_WORDS:
        return f"{_BID_WORDS[amount]} ({amount})"
    return str(amount)


def marriage_text(suit: str, lang: str, value: int | None = None) -> str:
    """ "hláška 🌰 žaludská 100", "marriage 🌰 Acorns 100"."""
    points = _MARRIAGE_VALUE[suit] if value is None else value
    if lang == "cs":
        return f"hláška {SUITS[suit]} {_MARRIAGE_ADJ[suit]} {points}"
    return f"marriage {SUITS[suit]} {suit_name(suit, lang)} {points}"


def _call(code: str, lang: str) -> str:
    if code == "pass":
        return "dobrý" if lang == "cs" else "pass (dobrý)"
    head, _, arg = code.partition(":")
    if head == "bid" and arg.isdigit():
        return bid_word(int(arg), lang)
    return code


def _contract_line(public: Any, names: list[str], lang: str, me: Seat | None) -> str:
    cs = lang == "cs"
    who = _name(names, public.declarer)
    you = public.declarer == me
    amount = public.contract if public.contract is not None else public.bid
    line = _says(who, "plays for", str(amount), lang, you)
    if public.obligation:
        line += " (povinnost)" if cs else " (the obligation)"
    elif public.contract is not None and public.contract != public.bid:
        line += f" (vyhádáno {public.bid})" if cs else f" (bid {public.bid})"
    return line


def render_view(view: Any, names: list[str], lang: str) -> str:
    p = view.public
    cs = lang == "cs"
    me = view.seat
    lines = [
        ("rozdává: " if cs else "dealer: ")
        + _name(names, p.dealer)
        + ("" if not p.sitting_out else (" (nehraje)" if cs else " (sits out)")),
        ("povinnost: " if cs else "obligation: ") + _name(names, p.active[0]),
    ]
    if p.phase == "auction":
        if p.calls:
            said = ", ".join(f"{_name(names, s)} {_call(c, lang)}" for s, c in p.calls)
            lines.append(("hádání: " if cs else "auction: ") + said)
        lines.append(
            ("nejvyšší: " if cs else "highest: ") + f"{p.high} ({_name(names, p.high_bidder)})"
        )
    elif p.declarer is not None:
        lines.append(_contract_line(p, names, lang, me))
    if p.talon:
        lines.append(("talon (odkrytý): " if cs else "talon (shown): ") + card_list(p.talon, lang))
    if p.phase == "play" or p.history:
        trump = suit_label(p.trump, lang) if p.trump else ("bez trumfů" if cs else "none")
        lines.append(("trumfy: " if cs else "trumps: ") + trump)
    if p.marriages:
        lines.append(
            ("hlášky: " if cs else "marriages: ")
            + ", ".join(f"{_name(names, s)} {SUITS[suit]} {v}" for s, suit, v in p.marriages)
        )
    if p.last_trick:
        lines.append(
            last_trick_line([c for _, c in p.last_trick], _name(names, p.last_winner), lang)
        )
    if p.trick:
        lines.append(table_line([(_name(names, s), c) for s, c in p.trick], lang))
    if p.history:
        lines.append(
            ("štychy: " if cs else "tricks: ")
            + ", ".join(f"{_name(names, s)} {n}" for s, n in p.tricks_won.items())
        )
    if p.storno_votes:
        votes = ", ".join(
            f"{_name(names, s)} " + (("nehrát" if a else "hrát") if cs else ("yes" if a else "no"))
            for s, a in p.storno_votes
        )
        lines.append("storno: " + votes)
    if me in p.active:
        lines.append(("tvoje karty: " if cs else "your cards: ") + card_list(view.hand, lang))
    else:
        lines.append("v tomto rozdání nehraješ" if cs else "you sit this deal out")
    if view.talon and p.phase in ("talon", "storno"):
        lines.append(("z talonu: " if cs else "from the talon: ") + card_list(view.talon, lang))
    if view.discards:
        lines.append(("složeno: " if cs else "discarded: ") + card_list(view.discards, lang))
    return "\n".join(lines)


def describe_action(code: str, lang: str, view: Any = None) -> str:
    """A readable label for an action code; the code stays in front, it may be typed."""
    cs = lang == "cs"
    head, _, arg = code.partition(":")

    if code == "pass":
        label = "dobrý" if cs else "pass (dobrý)"
    elif head == "bid" and arg.isdigit():
        label = ("hádám " if cs else "bid ") + bid_word(int(arg), lang)
    elif head == "discard" and arg:
        label = ("složit: " if cs else "discard: ") + ", ".join(
            card_full(c, lang) for c in arg.split(",")
        )
    elif code == "forfeit":
        label = (
            "nesložit – vzdát (úpis, ostatním po 60)"
            if cs
            else "do not discard: give up (the bid written off, 60 to each other)"
        )
    elif code == "storno":
        label = "navrhnout storno (rozdání se nehraje)" if cs else "propose a storno (no deal)"
    elif code == "storno:yes":
        label = "nehrát (souhlasím se stornem)" if cs else "agree: do not play the deal"
    elif code == "storno:no":
        label = "hrát (storno ne)" if cs else "refuse: play the deal"
    elif head == "contract" and arg.isdigit():
        label = ("hraju " if cs else "play for ") + arg
        if view is not None and view.public.bid == int(arg):
            label += " (beze změny)" if cs else " (the bid kept)"
    elif head == "play" and arg:
        label = card_full(arg, lang)
    elif head == "trumf" and arg:
        label = f"👑 TRUMF {card_full(arg, lang)} ({marriage_text(arg[1], lang)})"
    else:
        label = ""
    return f"{code:16} {label}".rstrip()


def event_text(event: Event, names: list[str], lang: str, human: Seat | None = None) -> str | None:
    """One readable line per event the human may see (the terminal's table log)."""
    seat = event.seat
    who = _name(names, seat) if seat is not None else ""
    you = seat is not None and seat == human
    data = dict(event.data)
    cs = lang == "cs"
    kind = event.kind
    if kind == "pass":
        text = f"{who}: " + ("dobrý" if cs else "pass (dobrý)")
    elif kind == "bid":
        text = f"{who}: " + bid_word(int(data["amount"]), lang)
    elif kind == "auction_won":
        bid = int(data["bid"])
        if data.get("obligation"):
            rest = f"talon z povinnosti ({bid})" if cs else f"the talon on the obligation ({bid})"
        else:
            rest = f"talon za {bid}" if cs else f"the talon at {bid}"
        text = _says(who, "takes", rest, lang, you)
    elif kind in ("talon_shown", "talon_cards"):
        if not event.visible_for(human) and kind == "talon_cards":
            return None
        text = ("v talonu: " if cs else "in the talon: ") + card_list(data["cards"], lang)
    elif kind == "discarded":
        text = _says(who, "discards", "dvě karty" if cs else "two cards", lang, you)
    elif kind == "discards":
        if not event.visible_for(human):
            return None
        text = ("složeno: " if cs else "discarded: ") + card_list(data["cards"], lang)
    elif kind == "forfeit":
        rest = (
            f"(úpis {data.get('bid')}, ostatním po 60)"
            if cs
            else f"(written off {data.get('bid')}, 60 to each other)"
        )
        text = _says(who, "gives up", rest, lang, you)
    elif kind == "storno_proposed":
        text = _says(who, "proposes", "storno", lang, you)
    elif kind == "storno_vote":
        agree = bool(data.get("agree"))
        text = f"{who}: " + (("nehrát" if agree else "hrát") if cs else ("yes" if agree else "no"))
    elif kind == "storno_refused":
        text = "storno neprošlo: skládá se" if cs else "no storno: back to the discard"
    elif kind == "storno":
        text = "storno: rozdání se nehraje" if cs else "storno: the deal is not played"
    elif kind == "contract":
        amount = str(data["amount"])
        text = _says(who, "raises" if data.get("raised") else "plays for", amount, lang, you)
    elif kind == "play_starts":
        text = _says(who, "leads", "první štych" if cs else "to the first trick", lang, you)
    elif kind == "marriage":
        suit = str(data["suit"])
        rest = f"TRUMF: {marriage_text(suit, lang, int(data['value']))}"
        rest += (" · trumfy " if cs else " · trumps ") + suit_label(suit, lang)
        text = _says(who, "declares", rest, lang, you)
    elif kind == "card":
        text = _says(who, "plays", card_label(data["card"], lang, accusative=True), lang, you)
    elif kind == "trick":
        rest = trick_said(data["cards"], lang)
        text = _says(who, "takes", rest, lang, you)
    elif kind == "renonc":
        text = _says(who, "revokes", "(renonc)", lang, you)
    else:
        return None
    return f"  · {text}"


def dealer_text(names: list[str], dealer: Seat, lang: str, human: Seat | None = None) -> str:
    """ "AI1 rozdává", with four players "ty rozdáváš a nehraješ"."""
    line = _says(_name(names, dealer), "deals", "", lang, dealer == human)
    if len(names) == 4:
        out = says(_VERBS, "", "sits out", "", lang, dealer == human).strip()
        line += (" a " if lang == "cs" else " and ") + out
    return line


# --- the end of a deal -------------------------------------------------------


def _signed(value: int) -> str:
    return f"+{value}" if value > 0 else str(value)


def summary_text(
    summary: Mapping[str, Any],
    scores: Sequence[int],
    names: list[str],
    lang: str,
    *,
    human: Seat | None = None,
    options: Any = None,
) -> str:
    """The end of a deal in words: the contract, the points, what is written."""
    cs = lang == "cs"
    lines = ["🏁 " + ("Konec rozdání" if cs else "End of the deal")]
    end = summary.get("end")
    active = [int(s) for s in summary.get("active") or range(len(scores))]
    declarer = summary.get("declarer")
    if end == "storno":
        lines.append("Storno: rozdání se nehrálo." if cs else "Storno: the deal was not played.")
        return "\n".join(lines)
    if end == "redeal":
        lines.append(
            "Renonc: rozdání se ruší a rozdává se znovu."
            if cs
            else "Renonc: the deal is void and dealt again."
        )
        return "\n".join(lines)
    if declarer is not None:
        who, you = _name(names, int(declarer)), int(declarer) == human
        amount = summary.get("contract") or summary.get("bid")
        line = _says(who, "plays for", str(amount), lang, you)
        if summary.get("obligation"):
            line += " (povinnost)" if cs else " (the obligation)"
        elif summary.get("contract") not in (None, summary.get("bid")):
            line += f" (vyhádáno {summary.get('bid')})" if cs else f" (bid {summary.get('bid')})"
        lines.append("🎯 " + capital(line))
    penalty = summary.get("penalty")
    if end == "forfeit" and declarer is not None:
        lines.append(
            "🏳️ "
            + capital(
                _says(_name(names, int(declarer)), "gives up", "", lang, int(declarer) == human)
            )
        )
    elif end == "renonc" and isinstance(penalty, Mapping):
        offender = int(penalty["seat"])
        lines.append(
            "⚠️ "
            + capital(_says(_name(names, offender), "revokes", "(renonc)", lang, offender == human))
        )
    if summary.get("talon"):
        lines.append("Talon: " + card_list(summary["talon"], lang))
    if summary.get("discards"):
        lines.append(("Složeno: " if cs else "Discarded: ") + card_list(summary["discards"], lang))
    marriages = summary.get("marriages") or []
    if marriages:
        lines.append(
            ("💍 Hlášky: " if cs else "💍 Marriages: ")
            + ", ".join(
                f"{_name(names, int(m['seat']))} {SUITS[m['suit']]} {m['value']}" for m in marriages
            )
        )
    raw = summary.get("raw")
    if end == "played" and isinstance(raw, Sequence):
        lines.append(
            ("📊 Body: " if cs else "📊 Points: ")
            + " · ".join(f"{_name(names, s)} {raw[s]}" for s in active)
        )
        if declarer is not None:
            d = int(declarer)
            amount = int(summary.get("contract") or 0)
            made = bool(summary.get("made"))
            verb = "made" if made else "failed"
            sign = "≥" if made else "<"
            line = _says(_name(names, d), verb, f"{raw[d]} {sign} {amount}", lang, d == human)
            lines.append(("✅ " if made else "❌ ") + capital(line))
    upisy = {int(s) for s in summary.get("upisy") or ()}
    carky = {int(s) for s in summary.get("carky") or ()}
    parts = []
    for seat in range(len(scores)):
        if seat not in active:
            parts.append(_says(_name(names, seat), "sits out", "", lang, seat == human))
            continue
        text = f"{_name(names, seat)} {_signed(scores[seat])}"
        if seat in upisy:
            text += " (úpis)" if cs else " (úpis: written off)"
        elif seat in carky:
            text += " (čárka)" if cs else " (čárka: a dash)"
        parts.append(text)
    lines.append(("📝 Zapisuje se: " if cs else "📝 Written: ") + " · ".join(parts))
    return "\n".join(lines)


def tally_text(
    tally: Sequence[int], names: list[str], lang: str, deals: int, *, options: Any = None
) -> str:
    """The running totals of the match, and the target it is played to."""
    target = getattr(options, "target_score", 1000)
    cs = lang == "cs"
    head = f"📊 Průběžně po {deals}. rozdání: " if cs else f"📊 After {deals} deal(s): "
    tail = f" (hraje se do {target})" if cs else f" (played to {target})"
    return head + " · ".join(f"{_name(names, s)} {v}" for s, v in enumerate(tally)) + tail
