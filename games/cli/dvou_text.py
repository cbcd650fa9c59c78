"""Plain text of mariáš ve dvou for the terminal player: the view, the choices,
the table log and the end of a deal.

Cards, suits and money read as in volený (``marias_text``); the words are the
two players' own: "trumfy", "sedma", "stovka", "flek/re", "lízá z talonu",
"měním sedmu" (B). The human is addressed in the second person, the computer
in the third, in Czech and English.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.cli.marias_words import (
    VERBS,
    card_label,
    card_list,
    component_label,
    dealer_text,
    fleks,
    marriage_said,
    marriages_line,
    money,
    raised_levels,
    suit_label,
    tally_text,
    trick_lines,
    trick_said,
    tricks_line,
    unit_haler,
)
from games.cli.wording import capital, says
from games.engine import Event, Seat
from games.marias_dvou.views import PlayerView

__all__ = [
    "dealer_text",
    "describe_action",
    "event_text",
    "render_view",
    "summary_text",
    "tally_text",
]

_COMPONENT_ACC = {
    "cs": {"hra": "hru", "sedma": "sedmu", "stovka": "stovku"},
    "en": {"hra": "the game", "sedma": "the seven", "stovka": "the hundred"},
}
_COMPONENT = {
    "cs": {"hra": "hra", "stovka": "stovka", "tichá stovka": "tichá stovka", "sedma": "sedma"},
    "en": {
        "hra": "game",
        "stovka": "hundred",
        "tichá stovka": "silent hundred",
        "sedma": "seven",
        "tichá sedma": "silent seven",
        "zabitá sedma": "killed seven",
    },
}
_RULES = {
    "cs": {"A": "základní", "B": "s obráceným trumfem", "C": "Chirewského"},
    "en": {"A": "basic", "B": "turned-up trump", "C": "Chirewský's"},
}
# the family's VERBS and this game's own: verb -> (cs, he), (cs, you), (en, he), (en, you)
_VERBS = {
    **VERBS,
    "announces": ("hlásí", "hlásíš", "announces", "announce"),
    "chooses": ("volí", "volíš", "chooses", "choose"),
    "draws": ("lízá", "lízáš", "draws", "draw"),
    "swaps": ("mění", "měníš", "swaps", "swap"),
}


def _says(who: str, name: str, rest: str, lang: str, you: bool) -> str:
    return says(_VERBS, who, name, rest, lang, you)


def _fleks(levels: Sequence[tuple[str, int]], lang: str, *, stovka: bool = False) -> str:
    """ "flek na hru i na sedmu", "re on the seven"; ``hra`` is the stovka if announced."""
    words = _COMPONENT_ACC["cs" if lang == "cs" else "en"]
    if stovka:
        words = {**words, "hra": words["stovka"]}
    return fleks(levels, words, lang)


def _extras(stovka: bool, sedma: bool, lang: str) -> str:
    cs = lang == "cs"
    parts = [
        n
        for n, on in (("stovka" if cs else "hundred", stovka), ("sedma" if cs else "seven", sedma))
        if on
    ]
    return (" a " if cs else " and ").join(parts) or ("nic" if cs else "nothing")


def render_view(view: PlayerView, names: list[str], lang: str) -> str:
    p = view.public
    cs = lang == "cs"
    rules = _RULES["cs" if cs else "en"].get(p.rules, p.rules)
    lines = [
        ("mariáš ve dvou, pravidla " if cs else "mariáš for two, rules ") + f"{p.rules} ({rules})",
        ("první hráč: " if cs else "first player: ") + names[p.forhond],
    ]
    if p.trump is not None:
        line = ("trumfy: " if cs else "trumps: ") + suit_label(p.trump, lang)
        lines.append(line)
    if p.turned_card is not None:
        lines.append(
            ("pod talonem lícem nahoru: " if cs else "face up under the stock: ")
            + card_label(p.turned_card, lang)
        )
    stock = f"{p.stock_count}"
    duties = (
        ("povinnosti platí" if cs else "duties apply")
        if p.strict
        else ("volná hra, bez povinností" if cs else "free play, no duties")
    )
    lines.append(("v talonu: " if cs else "in the stock: ") + f"{stock} ({duties})")
    for name, who in (("stovka", p.stovka), ("sedma", p.sedma)):
        if who is not None:
            label = name if cs else {"stovka": "hundred", "sedma": "seven"}[name]
            lines.append(_says(names[who], "announces", label, lang, who == view.seat))
    raised = [(k, v) for k, v in p.flek.items() if v]
    if raised:
        lines.append("flek: " + _fleks(raised, lang, stovka=p.stovka is not None))
    if p.tricks_won:
        lines.append(
            ("štychy: " if cs else "tricks: ")
            + ", ".join(f"{names[s]} {n}" for s, n in p.tricks_won.items())
        )
    lines.extend(trick_lines(p.last_trick, p.last_winner, p.trick, names, lang))
    mine = ("tvoje karty: " if cs else "your cards: ") + card_list(view.hand, lang)
    if not view.hand_complete:
        mine += " (první čtyři)" if cs else " (your first four)"
    lines.append(mine)
    return "\n".join(lines)


def describe_action(code: str, lang: str, view: PlayerView | None = None) -> str:
    """A readable label for an action code; the code stays in front, it may be typed."""
    cs = lang == "cs"
    head, _, arg = code.partition(":")
    if head == "trumps":
        text = ("trumfy: " if cs else "trumps: ") + suit_label(arg, lang)
    elif head == "extras":
        names = arg.split("+")
        text = _extras("stovka" in names, "sedma" in names, lang)
        if arg == "none":
            text = "nic nehlásím" if cs else "announce nothing"
    elif head == "flek":
        components = arg.split("+")
        levels = view.public.flek if view is not None else {}
        stovka = view is not None and view.public.stovka is not None
        text = _fleks([(n, levels.get(n, 0) + 1) for n in components], lang, stovka=stovka)
    elif code == "pass":
        text = "bez fleku" if cs else "no flek"
    elif code == "sedma":
        text = "hlásím sedmu" if cs else "announce the seven"
    elif code == "swap":
        text = (
            "měním trumfovou sedmu za obrácenou kartu"
            if cs
            else "swap the trump seven for the turned card"
        )
    elif head == "play":
        text = card_label(arg, lang)
    elif head == "hlas":
        text = card_label(arg, lang) + (" a hláška" if cs else " and the marriage")
    else:
        return code
    return f"{code}  ({text})"


def event_text(event: Event, names: list[str], lang: str, human: Seat | None = None) -> str | None:
    """One readable line per public event (the terminal's table log)."""
    seat = event.seat
    who = names[seat] if seat is not None else ""
    you = seat is not None and seat == human
    data = dict(event.data)
    cs = lang == "cs"
    kind = event.kind
    if kind == "card":
        text = _says(who, "plays", card_label(data["card"], lang, accusative=True), lang, you)
    elif kind == "trumps":
        text = _says(
            who,
            "chooses",
            ("trumfy " if cs else "trumps ") + suit_label(data["suit"], lang),
            lang,
            you,
        )
    elif kind == "second_four_taken":
        text = _says(who, "takes", "druhou čtveřici" if cs else "the second four", lang, you)
    elif kind == "second_four":
        text = ("druhá čtveřice: " if cs else "the second four: ") + card_list(data["cards"], lang)
    elif kind == "extras":
        if not (data["stovka"] or data["sedma"]):
            text = f"{who}: " + ("bez hlášení" if cs else "no announcement")
        else:
            text = _says(who, "announces", _extras(data["stovka"], data["sedma"], lang), lang, you)
    elif kind == "flek":
        text = f"{who}: " + _fleks(raised_levels(data), lang)
    elif kind == "pass":
        text = f"{who}: " + ("bez fleku" if cs else "no flek")
    elif kind == "sedma":
        text = _says(who, "announces", "sedmu" if cs else "the seven", lang, you)
    elif kind == "swap":
        rest = "trumfovou sedmu za obrácenou kartu" if cs else "the trump seven for the turned card"
        text = _says(who, "swaps", rest, lang, you)
    elif kind == "marriage":
        rest = marriage_said(data["suit"], data["points"], lang)
        text = _says(who, "has", rest, lang, you)
    elif kind == "trick":
        rest = trick_said(data["cards"], lang)
        text = _says(who, "takes", rest, lang, you)
    elif kind == "draw":
        rest = ("z talonu, zbývá " if cs else "from the stock, left: ") + str(data["left"])
        if data.get("face_up"):
            rest += " (obrácená karta)" if cs else " (the turned card)"
        text = _says(who, "draws", rest, lang, you)
    elif kind == "drawn":
        text = ("lízl sis: " if cs else "you drew: ") + card_label(data["card"], lang)
    elif kind == "strict":
        text = (
            "Talon je pryč: teď se ctí barva, přebíjí a trumfuje."
            if cs
            else "The stock is gone: now follow suit, overtake and trump."
        )
    elif kind == "play_starts":
        text = _says(who, "leads", "", lang, you)
    elif kind == "deal_over":
        return None
    else:
        return None
    return f"  · {capital(text)}"


def summary_text(
    summary: Mapping[str, Any],
    scores: Sequence[int],
    names: list[str],
    lang: str,
    *,
    human: Seat | None = None,
    options: Any = None,
) -> str:
    """The end of a deal: trumps, fleks, points, each component and the payment."""
    unit = unit_haler(options)
    cs = lang == "cs"
    lines = ["🏁 " + ("Konec rozdání" if cs else "End of the deal")]
    first = summary.get("declarer")
    if first is None:
        return "\n".join(lines)
    first = int(first)
    if summary.get("trump"):
        line = ("Trumfy: " if cs else "Trumps: ") + suit_label(str(summary["trump"]), lang)
        if summary["trump"] == "h" and getattr(options, "hearts_double", True):
            line += " (v červených dvojnásob)" if cs else " (hearts count double)"
        lines.append("🎯 " + line)
    flek = [(k, v) for k, v in (summary.get("flek") or {}).items() if v]
    if flek:
        lines.append("🔥 " + _fleks(flek, lang, stovka=summary.get("stovka") is not None))
    points = summary.get("points") or {}
    if points:
        lines.append(
            ("📊 Body: " if cs else "📊 Points: ")
            + " : ".join(f"{names[int(s)]} {v}" for s, v in points.items())
        )
    tricks = summary.get("tricks") or {}
    if tricks:
        lines.append(tricks_line(tricks, names, lang))
    marriages = summary.get("marriages") or []
    if marriages:
        lines.append(marriages_line(marriages, names, lang))
    for component in summary.get("components") or []:
        label = component_label(component, _COMPONENT["cs" if cs else "en"])
        owner = int(component.get("owner", first))
        won = bool(component.get("won"))
        amount = money(abs(int(component.get("units") or 0)) * unit, lang)
        mark = "✅" if won else "❌"
        verb_name = "wins" if won else "pays"
        lines.append(
            f"{mark} {label}: " + _says(names[owner], verb_name, amount, lang, owner == human)
        )
    parts = []
    for seat, units in enumerate(scores):
        you = seat == human
        if units > 0:
            parts.append(_says(names[seat], "gets", money(units * unit, lang), lang, you))
        elif units < 0:
            parts.append(_says(names[seat], "pays", money(-units * unit, lang), lang, you))
    if parts:
        lines.append("💰 " + " · ".join(parts))
    else:
        lines.append("💰 " + ("Nikdo nic neplatí." if cs else "Nobody pays anything."))
    return "\n".join(lines)
