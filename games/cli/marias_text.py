"""Plain text of volený mariáš for the terminal player: the view, the choices,
the table log and the end of a deal.

Mariáš is played with the German-suited deck, so cards read as players name
them (notation.md): ❤️ červené, 🔔 kule, 🍃 zelené, 🌰 žaludy; 7, 8, 9, 10,
spodek, svršek, král, eso. Those words, the flek chain, the money and the
end-of-deal lines are the whole family's and live in ``marias_words`` (this
module still exports ``SUITS``, ``card_label`` and ``money``). The human
player is addressed in the second person ("bereš štych", "hraješ hru"), the
computer players in the third, so a seat's verb is picked by ``_says``
rather than written into a template.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.cli.marias_words import (
    SUITS,
    VERBS,
    betl_fell,
    card_full,
    card_label,
    card_list,
    component_line,
    dealer_text,
    durch_fell,
    flek_label,
    fleks,
    marriage_said,
    marriages_line,
    money,
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
from games.cli.wording import capital, says
from games.engine import Event, Seat
from games.marias.views import PlayerView
from games.names import card_name

__all__ = [
    "SUITS",
    "card_label",
    "dealer_text",
    "describe_action",
    "event_text",
    "money",
    "render_view",
    "summary_text",
    "tally_text",
]

_CONTRACT = {  # what is played, in the accusative ("hraje hru a sedmu")
    "cs": {"hra": "hru", "stovka": "stovku", "betl": "betla", "durch": "durcha"},
    "en": {"hra": "a game", "stovka": "a hundred", "betl": "betl", "durch": "durch"},
}
_COMPONENT_ACC = {
    "cs": {"hra": "hru", "sedma": "sedmu", "stovka": "stovku", "betl": "betla", "durch": "durcha"},
    "en": {
        "hra": "the game",
        "sedma": "the seven",
        "stovka": "the hundred",
        "betl": "the betl",
        "durch": "the durch",
    },
}
_COMPONENT = {
    "cs": {
        "hra": "hra",
        "stovka": "stovka",
        "tichá stovka": "tichá stovka",
        "sedma": "sedma",
        "tichá sedma": "tichá sedma",
        "zabitá sedma": "zabitá sedma",
        "betl": "betl",
        "durch": "durch",
    },
    "en": {
        "hra": "game",
        "stovka": "hundred",
        "tichá stovka": "silent hundred",
        "sedma": "seven",
        "tichá sedma": "silent seven",
        "zabitá sedma": "killed seven",
        "betl": "betl",
        "durch": "durch",
    },
}

# the family's VERBS and this game's own: verb -> (cs, he), (cs, you), (en, he), (en, you)
_VERBS = {
    **VERBS,
    "announces": ("hlásí", "hlásíš", "announces", "announce"),
    "chooses": ("volí", "volíš", "chooses", "choose"),
    "discards": ("odkládá", "odkládáš", "discards", "discard"),
    "turns": ("obrací", "obracíš", "turns up", "turn up"),
    "shows": ("ukazuje", "ukazuješ", "shows", "show"),
    "lays": ("vykládá", "vykládáš", "lays", "lay"),
    "loses": ("prohrává", "prohráváš", "loses", "lose"),
}


def _says(who: str, name: str, rest: str, lang: str, you: bool) -> str:
    return says(_VERBS, who, name, rest, lang, you)


def _fleks(levels: Sequence[tuple[str, int]], lang: str, *, stovka: bool = False) -> str:
    """Flek levels as said at the table: "flek na hru", "re na hru i na sedmu".

    ``hra`` is the stovka when one was announced (its flek is the game's,
    marias.md §3.0.3).
    """
    words = _COMPONENT_ACC[lang]
    if stovka:
        words = {**words, "hra": words["stovka"]}
    return fleks(levels, words, lang)


def _contract(kind: str, stovka: bool, sedma: bool, lang: str) -> str:
    """What the declarer plays, in the accusative: "hru a sedmu", "betla"."""
    words = _CONTRACT[lang]
    main = words["stovka"] if stovka else words[kind]
    if sedma:
        return main + (" a sedmu" if lang == "cs" else " and the seven")
    return main


def render_view(view: PlayerView, names: list[str], lang: str) -> str:
    p = view.public
    cs = lang == "cs"
    lines = []
    if p.active:
        lines.append(("forhont: " if cs else "forehand: ") + names[p.active[0]])
    if p.kind:
        who = names[p.declarer] if p.declarer is not None else "?"
        you = p.declarer == view.seat
        lines.append(_says(who, "plays", _contract(p.kind, p.stovka, p.sedma, lang), lang, you))
    if p.trump:
        lines.append(("trumfy: " if cs else "trumps: ") + suit_label(p.trump, lang))
    raised = [(k, v) for k, v in p.flek.items() if v]
    if raised:
        lines.append("flek: " + _fleks(raised, lang, stovka=p.stovka))
    lines.extend(trick_lines(p.last_trick, p.last_winner, p.trick, names, lang))
    hand = card_list(view.hand, lang)
    if not view.hand_complete:
        hand += " (dalších 5 karet po volbě trumfu)" if cs else " (5 more after the trump)"
    lines.append(("tvoje karty: " if cs else "your cards: ") + hand)
    if view.own_trump_card:
        lines.append(
            ("tvoje trumfová karta: " if cs else "your trump card: ")
            + f"{card_label(view.own_trump_card, lang)} ({card_name(view.own_trump_card, lang)})"
        )
    if view.talon:
        lines.append("talon: " + card_list(view.talon, lang))
    return "\n".join(lines)


def describe_action(code: str, lang: str, view: PlayerView | None = None) -> str:
    """A readable label for an action code; the code stays in front, it may be typed.

    With the ``view`` a flek is named by the level it reaches ("re na hru").
    """
    cs = lang == "cs"
    head, _, arg = code.partition(":")

    if head == "play" and arg:
        label = card_full(arg, lang)
    elif head == "hlas" and arg:
        label = card_full(arg, lang) + (" + hláška" if cs else " + marriage")
    elif head == "trump" and arg:
        label = ("trumf: " if cs else "trump: ") + card_full(arg, lang)
    elif head == "lead" and arg:
        label = ("vynést lícem dolů: " if cs else "lead face down: ") + card_full(arg, lang)
    elif head == "lid" and arg:
        label = f"z lidu: {arg}. karta" if cs else f"blind trump: card {arg} of the second packet"
    elif head == "talon" and arg:
        label = ("do talonu: " if cs else "to the talon: ") + ", ".join(
            card_full(c, lang) for c in arg.split(",")
        )
    elif head == "game" and arg:
        label = {"hra": "hra" if cs else "game", "betl": "betl", "durch": "durch"}.get(arg, arg)
    elif head == "extras" and arg:
        label = {
            "none": "nic navíc" if cs else "nothing more",
            "sedma": "sedma" if cs else "seven",
            "stovka": "stovka" if cs else "hundred",
            "stovka+sedma": "stovka a sedma" if cs else "hundred and seven",
        }.get(arg, arg)
    elif head == "flek" and arg:
        label = _flek_label(arg.split("+"), lang, view)
    else:
        label = {
            "dobra": "dobrá" if cs else "good",
            "spatna": "špatná (vezmu talon)" if cs else "bad (I take the talon)",
            "pass": "bez fleku" if cs else "no flek",
            "claim": "vyložit karty" if cs else "lay the cards open",
        }.get(code, "")
    return f"{code:16} {label}".rstrip()


def _flek_label(components: list[str], lang: str, view: PlayerView | None) -> str:
    words = _COMPONENT_ACC[lang]
    if view is not None and view.public.stovka:
        words = {**words, "hra": words["stovka"]}
    return flek_label(components, view.public.flek if view is not None else {}, words, lang)


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
    elif kind == "lead_laid":
        text = _says(who, "leads", "lícem dolů" if cs else "face down", lang, you)
    elif kind == "lead_revealed":
        rest = ("výnos: " if cs else "the lead: ") + card_label(data["card"], lang)
        text = _says(who, "turns", rest, lang, you)
    elif kind == "trump_chosen":
        rest = (
            ("trumf z lidu" if cs else "the trump blind")
            if data.get("blind")
            else ("trumf" if cs else "the trump")
        )
        text = _says(who, "chooses", rest, lang, you)
    elif kind == "talon_discarded":
        text = _says(who, "discards", "do talonu" if cs else "to the talon", lang, you)
    elif kind == "talon_taken":
        text = _says(who, "takes", "talon" if cs else "the talon", lang, you)
    elif kind == "announce":
        text = _says(who, "announces", _CONTRACT[lang].get(data["kind"], data["kind"]), lang, you)
    elif kind == "respond":
        good = data["good"]
        text = f"{who}: " + (("dobrá" if good else "špatná") if cs else ("good" if good else "bad"))
    elif kind == "flek":
        text = f"{who}: " + _fleks(raised_levels(data), lang)
    elif kind == "pass":
        text = f"{who}: " + ("bez fleku" if cs else "no flek")
    elif kind == "marriage":
        rest = marriage_said(data["suit"], data["points"], lang)
        text = _says(who, "has", rest, lang, you)
    elif kind == "trumps_revealed":
        card = data["card"]
        rest = ("trumf: " if cs else "the trump: ") + f"{card_label(card, lang)}"
        rest += f" ({'trumfy' if cs else 'trumps'} {suit_label(card[1], lang)})"
        if data.get("trump_in_talon"):
            rest += " — trumf je v talonu" if cs else " — a trump is in the talon"
        text = _says(who, "shows", rest, lang, you)
    elif kind == "extras":
        if not (data["stovka"] or data["sedma"]):
            text = f"{who}: " + ("nic navíc" if cs else "nothing more")
        else:
            said = [
                w
                for w, on in (
                    ("stovku" if cs else "a hundred", data["stovka"]),
                    ("sedmu" if cs else "the seven", data["sedma"]),
                )
                if on
            ]
            text = _says(who, "announces", (" a " if cs else " and ").join(said), lang, you)
    elif kind == "trick":
        rest = trick_said(data["cards"], lang)
        text = _says(who, "takes", rest, lang, you)
    elif kind == "thrown_in":
        if data.get("reason") == "free":
            text = (
                "sedma proti jedinému fleku je zadarmo: karty se skládají"
                if cs
                else "a seven against a single flek is free: the cards are thrown in"
            )
        else:
            text = (
                "nikdo neflekoval: karty se skládají"
                if cs
                else "nobody fleked: the cards are thrown in"
            )
    elif kind == "claim":
        rest = ("karty: " if cs else "the cards open: ") + card_list(data["hand"], lang)
        text = _says(who, "lays", rest, lang, you)
    else:
        return None
    return f"  · {text}"


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
    """The end of a deal in words: who played what, the points, who won, who pays.

    Money is units × ``options.unit_haler`` haléřů (10 without options).
    """
    unit = unit_haler(options)
    cs = lang == "cs"
    lines = ["🏁 " + ("Konec rozdání" if cs else "End of the deal")]
    declarer = summary.get("declarer")
    if declarer is None:
        lines.append("Nehrálo se." if cs else "Nothing was played.")
        return "\n".join(lines)
    who, you = names[declarer], declarer == human
    kind = str(summary.get("kind"))
    contract = _contract(kind, bool(summary.get("stovka")), bool(summary.get("sedma")), lang)
    line = _says(who, "plays", contract, lang, you)
    if summary.get("trump"):
        line += (", trumfy " if cs else ", trumps ") + suit_label(str(summary["trump"]), lang)
        if summary["trump"] == "h" and getattr(options, "hearts_double", True):
            line += " (v červených dvojnásob)" if cs else " (hearts count double)"
    lines.append("🎯 " + capital(line))
    flek = [(k, v) for k, v in (summary.get("flek") or {}).items() if v]
    if flek:
        lines.append("🔥 " + _fleks(flek, lang, stovka=bool(summary.get("stovka"))))
    lines.extend(_how_it_ended(summary, scores, lang))
    points = summary.get("points")
    if isinstance(points, Mapping):
        lines.append(points_line(who, points, lang))
    tricks = summary.get("tricks") or {}
    if tricks and summary.get("end") != "thrown_in":
        lines.append(tricks_line(tricks, names, lang))
    marriages = summary.get("marriages") or []
    if marriages:
        lines.append(marriages_line(marriages, names, lang))
    for component in summary.get("components") or []:
        lines.append(component_line(component, _COMPONENT[lang], who, you, lang, unit))
    lines.append(winner_line(declarer, scores, names, lang, human))
    lines.append(payments_line(scores, names, lang, human, unit, set(map(int, tricks))))
    return "\n".join(lines)


def _how_it_ended(summary: Mapping[str, Any], scores: Sequence[int], lang: str) -> list[str]:
    cs = lang == "cs"
    end = summary.get("end")
    if end == "thrown_in":
        if any(scores):
            return [
                "Nikdo neflekoval: karty se složily, obrana platí hru."
                if cs
                else "Nobody fleked: the cards were thrown in, the defenders pay the game."
            ]
        return [
            "Nikdo neflekoval: karty se složily, nic se neplatí."
            if cs
            else "Nobody fleked: the cards were thrown in, nobody pays."
        ]
    if end == "free":
        return [
            "Sedma proti jedinému fleku na hru: zadarmo, nic se neplatí."
            if cs
            else "A seven against a single flek on the game: free, nobody pays."
        ]
    if end == "claim":
        return ["Hráč vyložil karty." if cs else "The declarer laid the cards open."]
    if end == "early":
        if summary.get("kind") == "betl":
            return [betl_fell(lang)]
        if summary.get("kind") == "durch":
            return [durch_fell(lang)]
        return ["Rozhodnuto předčasně." if cs else "Decided early."]
    return []
