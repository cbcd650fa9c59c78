"""Words of the mariáš deck and of the Mariáš family's table, one copy for
every terminal text module that plays with the German-suited deck (volený,
licitovaný, ve dvou, křížový; cenzr and Tisíc use the deck's words too).

Cards read as players name them (notation.md): ❤️ červené, 🔔 kule, 🍃
zelené, 🌰 žaludy; 7, 8, 9, 10, spodek, svršek, král, eso. The flek chain,
the money and the lines at the end of a deal are the same in all four
mariáš games, so they are written once here; what differs between the games
(which components may be fleked and how they are named) is passed in as a
table, already picked for the language.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from games.cli.wording import capital, says
from games.engine import Seat
from games.names import card_name, suit_name

__all__ = [
    "SUITS",
    "VERBS",
    "betl_fell",
    "card_full",
    "card_label",
    "card_list",
    "component_label",
    "component_line",
    "dealer_text",
    "durch_fell",
    "flek_label",
    "flek_level",
    "fleks",
    "last_trick_line",
    "marriage_said",
    "marriages_line",
    "money",
    "payments_line",
    "points_line",
    "raised_levels",
    "suit_label",
    "table_line",
    "tally_text",
    "trick_lines",
    "trick_said",
    "tricks_line",
    "unit_haler",
    "winner_line",
]

SUITS = {"h": "❤️", "d": "🔔", "s": "🍃", "c": "🌰"}
"""The German suit symbols of notation.md (Blázen keeps the French ♥♦♠♣)."""

_RANKS = {
    "cs": {"T": "10", "J": "spodek", "Q": "svršek", "K": "král", "A": "eso"},
    "en": {"T": "10", "J": "unter", "Q": "ober", "K": "king", "A": "ace"},
}
_RANKS_ACCUSATIVE = {"J": "spodka", "Q": "svrška", "K": "krále"}
"""After "hraje": cards are counted as animate in the pub ("hraje krále")."""

_FLEK_NAMES = ("", "flek", "re", "tutti", "retutti", "kalhoty", "kaiser")
"""The chain of marias.md §3.0.3; boty is retutti's other name, not a step."""

VERBS: dict[str, tuple[str, str, str, str]] = {
    "plays": ("hraje", "hraješ", "plays", "play"),
    "takes": ("bere", "bereš", "takes", "take"),
    "has": ("má", "máš", "has", "have"),
    "leads": ("vynáší", "vynášíš", "leads", "lead"),
    "deals": ("rozdává", "rozdáváš", "deals", "deal"),
    "wins": ("vyhrává", "vyhráváš", "wins", "win"),
    "gets": ("dostává", "dostáváš", "gets", "get"),
    "pays": ("platí", "platíš", "pays", "pay"),
    "sits out": ("nehraje", "nehraješ", "sits out", "sit out"),
}
"""The verbs every mariáš game says alike, as ``name -> (cs he, cs you, en he,
en you)`` (``wording.Verbs``); a game's own table adds its words to these."""


def _says(who: str, name: str, rest: str, lang: str, you: bool) -> str:
    return says(VERBS, who, name, rest, lang, you)


def dealer_text(
    names: list[str],
    dealer: Seat,
    lang: str,
    human: Seat | None = None,
    *,
    sits_out_at: int | None = None,
) -> str:
    """ "AI1 rozdává", "ty rozdáváš"; at ``sits_out_at`` players the dealer also
    sits the deal out: "ty rozdáváš a nehraješ"."""
    you = dealer == human
    text = _says(names[dealer], "deals", "", lang, you)
    if len(names) == sits_out_at:
        text += (" a " if lang == "cs" else " and ") + _says("", "sits out", "", lang, you).strip()
    return text


# --- cards and suits ---------------------------------------------------------


def card_label(code: str, lang: str = "cs", *, accusative: bool = False) -> str:
    """A card as the terminal shows it: "🍃 svršek", "❤️ 10", "🌰 eso"."""
    rank = code[0]
    if accusative and lang == "cs" and rank in _RANKS_ACCUSATIVE:
        word = _RANKS_ACCUSATIVE[rank]
    else:
        word = _RANKS[lang].get(rank, rank)
    return f"{SUITS[code[1]]} {word}"


def card_full(code: str, lang: str) -> str:
    """A card with its full name, as the choices show it: "🍃 svršek zelený"."""
    return f"{SUITS[code[1]]} {card_name(code, lang)}"


def card_list(codes: Sequence[str], lang: str) -> str:
    """Cards in a row, "-" for none."""
    return ", ".join(card_label(c, lang) for c in codes) or "-"


def suit_label(suit: str, lang: str) -> str:
    """A suit with its symbol: "❤️ červené"."""
    return f"{SUITS[suit]} {suit_name(suit, lang)}"


def last_trick_line(cards: Sequence[str], winner: str, lang: str) -> str:
    """ "minulý štych: 🍃 7, 🍃 eso, 🍃 10 → AI1"."""
    return ("minulý štych: " if lang == "cs" else "last trick: ") + (
        card_list(cards, lang) + f" → {winner}"
    )


def table_line(plays: Iterable[tuple[str, str]], lang: str) -> str:
    """The cards on the table, each after its player: "na stole: AI1 🍃 7"."""
    return ("na stole: " if lang == "cs" else "on the table: ") + ", ".join(
        f"{who} {card_label(c, lang)}" for who, c in plays
    )


def trick_lines(
    last_trick: Sequence[tuple[Seat, str]] | None,
    last_winner: Seat | None,
    trick: Sequence[tuple[Seat, str]] | None,
    names: list[str],
    lang: str,
) -> list[str]:
    """The last trick and the table, for views that keep them as (seat, card) pairs."""
    lines = []
    if last_trick:
        winner = names[last_winner] if last_winner is not None else "?"
        lines.append(last_trick_line([c for _, c in last_trick], winner, lang))
    if trick:
        lines.append(table_line([(names[s], c) for s, c in trick], lang))
    return lines


def trick_said(cards: Sequence[str], lang: str) -> str:
    """What a seat takes in the log: "štych: 🍃 7, 🍃 eso, 🍃 10"."""
    return ("štych: " if lang == "cs" else "the trick: ") + card_list(cards, lang)


def marriage_said(suit: str, points: object, lang: str) -> str:
    """What a seat has in the log: "hlášku ❤️ 40"."""
    return ("hlášku " if lang == "cs" else "a marriage ") + f"{SUITS[suit]} {points}"


# --- fleks -------------------------------------------------------------------


def raised_levels(data: Mapping[str, Any]) -> list[tuple[str, int]]:
    """The components a ``flek`` event raised, each with the level it reached."""
    levels = data["levels"]
    raised = data.get("raised") or [k for k, v in levels.items() if v]
    return [(k, levels[k]) for k in raised if k in levels]


def flek_level(level: int) -> str:
    """A flek level by its name ("re"), beyond kaiser by its factor ("×256")."""
    return _FLEK_NAMES[level] if level < len(_FLEK_NAMES) else f"×{2**level}"


def fleks(levels: Sequence[tuple[str, int]], words: Mapping[str, str], lang: str) -> str:
    """Flek levels as said at the table: "flek na hru", "re na hru i na sedmu".

    Components on the same level share it; ``words`` names each component in
    the accusative (the game's table, for the language).
    """
    on, also = (" na ", " i na ") if lang == "cs" else (" on ", " and on ")
    groups: dict[int, list[str]] = {}
    for name, level in levels:
        groups.setdefault(level, []).append(words.get(name, name))
    return ", ".join(flek_level(level) + on + also.join(what) for level, what in groups.items())


def flek_label(
    components: Iterable[str], levels: Mapping[str, int], words: Mapping[str, str], lang: str
) -> str:
    """A flek choice by the level each component reaches: "re na hru, flek na sedmu"."""
    on = "na" if lang == "cs" else "on"
    return ", ".join(
        f"{flek_level(levels.get(name, 0) + 1)} {on} {words.get(name, name)}" for name in components
    )


# --- money and the end of a deal ----------------------------------------------


def unit_haler(options: Any) -> int:
    """Haléřů a unit is worth (``options.unit_haler``, 10 without options)."""
    unit = getattr(options, "unit_haler", 10)
    return unit if isinstance(unit, int) and unit > 0 else 10


def money(halers: int, lang: str, *, sign: bool = False) -> str:
    """Haléře as a person reads them: "0,20 Kč", "+1,60 Kč", "−0,40 Kč"."""
    mark = ("+" if halers > 0 else "−" if halers < 0 else "") if sign else ""
    crowns, rest = divmod(abs(halers), 100)
    if lang == "cs":
        return f"{mark}{crowns},{rest:02d} Kč"
    return f"{mark}{crowns}.{rest:02d} CZK"


def betl_fell(lang: str) -> str:
    return "Betl padl: hráč vzal štych." if lang == "cs" else "The betl fell: a trick was taken."


def durch_fell(lang: str) -> str:
    return "Durch padl: hráč pustil štych." if lang == "cs" else "The durch fell: a trick was lost."


def points_line(who: str, points: Mapping[str, Any], lang: str) -> str:
    """ "📊 Body: AI1 70 : obrana 50"."""
    cs = lang == "cs"
    return (
        ("📊 Body: " if cs else "📊 Points: ")
        + f"{who} {points.get('declarer')} : "
        + ("obrana " if cs else "defenders ")
        + f"{points.get('defenders')}"
    )


def tricks_line(tricks: Mapping[Any, int], names: list[str], lang: str) -> str:
    """ "Štychy: AI1 6, ty 4"."""
    return ("Štychy: " if lang == "cs" else "Tricks: ") + ", ".join(
        f"{names[int(s)]} {n}" for s, n in tricks.items()
    )


def marriages_line(marriages: Iterable[Mapping[str, Any]], names: list[str], lang: str) -> str:
    """ "💍 Hlášky: AI1 ❤️ 40"."""
    return ("💍 Hlášky: " if lang == "cs" else "💍 Marriages: ") + ", ".join(
        f"{names[m['seat']]} {SUITS[m['suit']]} {m['points']}" for m in marriages
    )


def component_label(component: Mapping[str, Any], labels: Mapping[str, str]) -> str:
    """A paid component by the game's name for it, with its flek: "sedma (re)"."""
    name = str(component.get("name"))
    label = labels.get(name, name)
    level = int(component.get("flek") or 0)
    if level:
        label += f" ({flek_level(level)})"
    return label


def component_line(
    component: Mapping[str, Any],
    labels: Mapping[str, str],
    who: str,
    you: bool,
    lang: str,
    unit: int,
) -> str:
    """ "✅ hra: AI1 dostává od každého 0,20 Kč": one component, the declarer's money."""
    cs = lang == "cs"
    label = component_label(component, labels)
    units = int(component.get("units") or 0)
    amount = money(abs(units) * unit, lang)
    if units > 0:
        rest = f"od každého {amount}" if cs else f"{amount} from each defender"
        return f"✅ {label}: " + _says(who, "gets", rest, lang, you)
    if units < 0:
        rest = f"každému {amount}" if cs else f"{amount} to each defender"
        return f"❌ {label}: " + _says(who, "pays", rest, lang, you)
    return f"▫️ {label}: " + ("neplatí se" if cs else "not paid")


def winner_line(
    declarer: Seat,
    scores: Sequence[int],
    names: list[str],
    lang: str,
    human: Seat | None,
    *,
    together: bool = False,
) -> str:
    """Who won the deal; with ``together`` a declarer and partner win as a side."""
    cs = lang == "cs"
    mine = scores[declarer] if declarer < len(scores) else 0
    if mine > 0:
        winners = [names[s] for s, v in enumerate(scores) if v > 0]
        if together and len(winners) != 1:
            return "🏆 " + ("Vyhrávají: " if cs else "Winners: ") + ", ".join(winners)
        return "🏆 " + capital(_says(names[declarer], "wins", "", lang, declarer == human))
    if mine < 0:
        defenders = [names[s] for s, v in enumerate(scores) if v > 0]
        return "🏆 " + ("Vyhrává obrana: " if cs else "The defenders win: ") + ", ".join(defenders)
    return "🤝 " + ("Nikdo nevyhrál." if cs else "Nobody won.")


def payments_line(
    scores: Sequence[int],
    names: list[str],
    lang: str,
    human: Seat | None,
    unit: int,
    playing: set[int],
) -> str:
    """Each seat's money for this deal: "ty platíš 0,20 Kč · AI1 dostává 0,40 Kč"."""
    cs = lang == "cs"
    if not any(scores):
        return "💰 " + ("Nikdo nic neplatí." if cs else "Nobody pays anything.")
    parts = []
    for seat, units in enumerate(scores):
        you = seat == human
        if units > 0:
            parts.append(_says(names[seat], "gets", money(units * unit, lang), lang, you))
        elif units < 0:
            parts.append(_says(names[seat], "pays", money(-units * unit, lang), lang, you))
        elif playing and seat not in playing:
            parts.append(_says(names[seat], "sits out", "", lang, you))
        else:
            parts.append(f"{names[seat]} " + ("nic" if cs else "nothing"))
    return "💰 " + " · ".join(parts)


def tally_text(
    tally: Sequence[int], names: list[str], lang: str, deals: int, *, options: Any = None
) -> str:
    """The running score of the match, in money."""
    unit = unit_haler(options)
    head = f"📊 Průběžně po {deals}. rozdání: " if lang == "cs" else f"📊 After {deals} deal(s): "
    return head + " · ".join(
        f"{names[s]} {money(v * unit, lang, sign=True)}" for s, v in enumerate(tally)
    )
