"""Plain text of volený mariáš for the terminal player: the view, the choices,
the table log and the end of a deal.

Mariáš is played with the German-suited deck, so cards read as players name
them (notation.md): ❤️ červené, 🔔 kule, 🍃 zelené, 🌰 žaludy; 7, 8, 9, 10,
spodek, svršek, král, eso. The human player is addressed in the second
person ("bereš štych", "hraješ hru"), the computer players in the third, so
a seat's verb is picked by ``_verb`` rather than written into a template.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.cli.wording import capital, says, verb
from games.engine import Event, Seat
from games.marias.views import PlayerView
from games.names import card_name, suit_name

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

# verb -> (cs, he), (cs, you), (en, he), (en, you)
_VERBS = {
    "plays": ("hraje", "hraješ", "plays", "play"),
    "takes": ("bere", "bereš", "takes", "take"),
    "announces": ("hlásí", "hlásíš", "announces", "announce"),
    "chooses": ("volí", "volíš", "chooses", "choose"),
    "discards": ("odkládá", "odkládáš", "discards", "discard"),
    "leads": ("vynáší", "vynášíš", "leads", "lead"),
    "turns": ("obrací", "obracíš", "turns up", "turn up"),
    "shows": ("ukazuje", "ukazuješ", "shows", "show"),
    "has": ("má", "máš", "has", "have"),
    "lays": ("vykládá", "vykládáš", "lays", "lay"),
    "deals": ("rozdává", "rozdáváš", "deals", "deal"),
    "wins": ("vyhrává", "vyhráváš", "wins", "win"),
    "loses": ("prohrává", "prohráváš", "loses", "lose"),
    "gets": ("dostává", "dostáváš", "gets", "get"),
    "pays": ("platí", "platíš", "pays", "pay"),
    "sits out": ("nehraje", "nehraješ", "sits out", "sit out"),
}


def _verb(name: str, lang: str, you: bool) -> str:
    return verb(_VERBS, name, lang, you)


_capital = capital


def _says(who: str, name: str, rest: str, lang: str, you: bool) -> str:
    return says(_VERBS, who, name, rest, lang, you)


def card_label(code: str, lang: str = "cs", *, accusative: bool = False) -> str:
    """A card as the terminal shows it: "🍃 svršek", "❤️ 10", "🌰 eso"."""
    rank = code[0]
    if accusative and lang == "cs" and rank in _RANKS_ACCUSATIVE:
        word = _RANKS_ACCUSATIVE[rank]
    else:
        word = _RANKS[lang].get(rank, rank)
    return f"{SUITS[code[1]]} {word}"


def _cards(codes: Sequence[str], lang: str) -> str:
    return ", ".join(card_label(c, lang) for c in codes) or "-"


def _suit(suit: str, lang: str) -> str:
    return f"{SUITS[suit]} {suit_name(suit, lang)}"


def _flek_level(level: int) -> str:
    return _FLEK_NAMES[level] if level < len(_FLEK_NAMES) else f"×{2**level}"


def _fleks(levels: Sequence[tuple[str, int]], lang: str, *, stovka: bool = False) -> str:
    """Flek levels as said at the table: "flek na hru", "re na hru i na sedmu".

    Components on the same level share it; ``hra`` is the stovka when one was
    announced (its flek is the game's, marias.md §3.0.3).
    """
    words = dict(_COMPONENT_ACC[lang])
    if stovka:
        words["hra"] = words["stovka"]
    on, also = (" na ", " i na ") if lang == "cs" else (" on ", " and on ")
    groups: dict[int, list[str]] = {}
    for name, level in levels:
        groups.setdefault(level, []).append(words.get(name, name))
    return ", ".join(_flek_level(level) + on + also.join(what) for level, what in groups.items())


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
        lines.append(("trumfy: " if cs else "trumps: ") + _suit(p.trump, lang))
    raised = [(k, v) for k, v in p.flek.items() if v]
    if raised:
        lines.append("flek: " + _fleks(raised, lang, stovka=p.stovka))
    if p.last_trick:
        winner = names[p.last_winner] if p.last_winner is not None else "?"
        lines.append(
            ("minulý štych: " if cs else "last trick: ")
            + _cards([c for _, c in p.last_trick], lang)
            + f" → {winner}"
        )
    if p.trick:
        lines.append(
            ("na stole: " if cs else "on the table: ")
            + ", ".join(f"{names[s]} {card_label(c, lang)}" for s, c in p.trick)
        )
    hand = _cards(view.hand, lang)
    if not view.hand_complete:
        hand += " (dalších 5 karet po volbě trumfu)" if cs else " (5 more after the trump)"
    lines.append(("tvoje karty: " if cs else "your cards: ") + hand)
    if view.own_trump_card:
        lines.append(
            ("tvoje trumfová karta: " if cs else "your trump card: ")
            + f"{card_label(view.own_trump_card, lang)} ({card_name(view.own_trump_card, lang)})"
        )
    if view.talon:
        lines.append("talon: " + _cards(view.talon, lang))
    return "\n".join(lines)


def describe_action(code: str, lang: str, view: PlayerView | None = None) -> str:
    """A readable label for an action code; the code stays in front, it may be typed.

    With the ``view`` a flek is named by the level it reaches ("re na hru").
    """
    cs = lang == "cs"
    head, _, arg = code.partition(":")

    def full(c: str) -> str:
        return f"{SUITS[c[1]]} {card_name(c, lang)}"

    if head == "play" and arg:
        label = full(arg)
    elif head == "hlas" and arg:
        label = full(arg) + (" + hláška" if cs else " + marriage")
    elif head == "trump" and arg:
        label = ("trumf: " if cs else "trump: ") + full(arg)
    elif head == "lead" and arg:
        label = ("vynést lícem dolů: " if cs else "lead face down: ") + full(arg)
    elif head == "lid" and arg:
        label = f"z lidu: {arg}. karta" if cs else f"blind trump: card {arg} of the second packet"
    elif head == "talon" and arg:
        label = ("do talonu: " if cs else "to the talon: ") + ", ".join(
            full(c) for c in arg.split(",")
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
    flek = view.public.flek if view is not None else {}
    if view is not None and view.public.stovka:
        words = {**words, "hra": words["stovka"]}
    parts = []
    for name in components:
        level = _flek_level(flek.get(name, 0) + 1) if view is not None else "flek"
        parts.append(f"{level} {'na' if lang == 'cs' else 'on'} {words.get(name, name)}")
    return ", ".join(parts)


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
        levels = data["levels"]
        raised = data.get("raised") or [k for k, v in levels.items() if v]
        text = f"{who}: " + _fleks([(k, levels[k]) for k in raised if k in levels], lang)
    elif kind == "pass":
        text = f"{who}: " + ("bez fleku" if cs else "no flek")
    elif kind == "marriage":
        rest = ("hlášku " if cs else "a marriage ") + f"{SUITS[data['suit']]} {data['points']}"
        text = _says(who, "has", rest, lang, you)
    elif kind == "trumps_revealed":
        card = data["card"]
        rest = ("trumf: " if cs else "the trump: ") + f"{card_label(card, lang)}"
        rest += f" ({'trumfy' if cs else 'trumps'} {_suit(card[1], lang)})"
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
        rest = ("štych: " if cs else "the trick: ") + _cards(data["cards"], lang)
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
        rest = ("karty: " if cs else "the cards open: ") + _cards(data["hand"], lang)
        text = _says(who, "lays", rest, lang, you)
    else:
        return None
    return f"  · {text}"


def dealer_text(names: list[str], dealer: Seat, lang: str, human: Seat | None = None) -> str:
    """ "AI1 rozdává", "ty rozdáváš"."""
    return _says(names[dealer], "deals", "", lang, dealer == human)


# --- the end of a deal -------------------------------------------------------


def _unit(options: Any) -> int:
    unit = getattr(options, "unit_haler", 10)
    return unit if isinstance(unit, int) and unit > 0 else 10


def money(halers: int, lang: str, *, sign: bool = False) -> str:
    """Haléře as a person reads them: "0,20 Kč", "+1,60 Kč", "−0,40 Kč"."""
    mark = ("+" if halers > 0 else "−" if halers < 0 else "") if sign else ""
    crowns, rest = divmod(abs(halers), 100)
    if lang == "cs":
        return f"{mark}{crowns},{rest:02d} Kč"
    return f"{mark}{crowns}.{rest:02d} CZK"


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
    unit_haler = _unit(options)
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
        line += (", trumfy " if cs else ", trumps ") + _suit(str(summary["trump"]), lang)
        if summary["trump"] == "h" and getattr(options, "hearts_double", True):
            line += " (v červených dvojnásob)" if cs else " (hearts count double)"
    lines.append("🎯 " + _capital(line))
    flek = [(k, v) for k, v in (summary.get("flek") or {}).items() if v]
    if flek:
        lines.append("🔥 " + _fleks(flek, lang, stovka=bool(summary.get("stovka"))))
    lines.extend(_how_it_ended(summary, scores, lang))
    points = summary.get("points")
    if isinstance(points, Mapping):
        lines.append(
            ("📊 Body: " if cs else "📊 Points: ")
            + f"{who} {points.get('declarer')} : "
            + ("obrana " if cs else "defenders ")
            + f"{points.get('defenders')}"
        )
    tricks = summary.get("tricks") or {}
    if tricks and summary.get("end") != "thrown_in":
        lines.append(
            ("Štychy: " if cs else "Tricks: ")
            + ", ".join(f"{names[int(s)]} {n}" for s, n in tricks.items())
        )
    marriages = summary.get("marriages") or []
    if marriages:
        lines.append(
            ("💍 Hlášky: " if cs else "💍 Marriages: ")
            + ", ".join(f"{names[m['seat']]} {SUITS[m['suit']]} {m['points']}" for m in marriages)
        )
    for component in summary.get("components") or []:
        lines.append(_component_line(component, who, you, lang, unit_haler))
    lines.append(_winner_line(declarer, scores, names, lang, human))
    lines.append(_payments_line(scores, names, lang, human, unit_haler, set(map(int, tricks))))
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
            return ["Betl padl: hráč vzal štych." if cs else "The betl fell: a trick was taken."]
        if summary.get("kind") == "durch":
            return ["Durch padl: hráč pustil štych." if cs else "The durch fell: a trick was lost."]
        return ["Rozhodnuto předčasně." if cs else "Decided early."]
    return []


def _component_line(
    component: Mapping[str, Any], who: str, you: bool, lang: str, unit_haler: int
) -> str:
    cs = lang == "cs"
    name = str(component.get("name"))
    label = _COMPONENT[lang].get(name, name)
    level = int(component.get("flek") or 0)
    if level:
        label += f" ({_flek_level(level)})"
    units = int(component.get("units") or 0)
    amount = money(abs(units) * unit_haler, lang)
    if units > 0:
        rest = f"od každého {amount}" if cs else f"{amount} from each defender"
        return f"✅ {label}: " + _says(who, "gets", rest, lang, you)
    if units < 0:
        rest = f"každému {amount}" if cs else f"{amount} to each defender"
        return f"❌ {label}: " + _says(who, "pays", rest, lang, you)
    return f"▫️ {label}: " + ("neplatí se" if cs else "not paid")


def _winner_line(
    declarer: Seat, scores: Sequence[int], names: list[str], lang: str, human: Seat | None
) -> str:
    cs = lang == "cs"
    mine = scores[declarer]
    if mine > 0:
        return "🏆 " + _capital(_says(names[declarer], "wins", "", lang, declarer == human))
    if mine < 0:
        defenders = [names[s] for s, v in enumerate(scores) if v > 0]
        return "🏆 " + ("Vyhrává obrana: " if cs else "The defenders win: ") + ", ".join(defenders)
    return "🤝 " + ("Nikdo nevyhrál." if cs else "Nobody won.")


def _payments_line(
    scores: Sequence[int],
    names: list[str],
    lang: str,
    human: Seat | None,
    unit_haler: int,
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
            parts.append(_says(names[seat], "gets", money(units * unit_haler, lang), lang, you))
        elif units < 0:
            parts.append(_says(names[seat], "pays", money(-units * unit_haler, lang), lang, you))
        elif playing and seat not in playing:
            parts.append(_says(names[seat], "sits out", "", lang, you))
        else:
            parts.append(f"{names[seat]} " + ("nic" if cs else "nothing"))
    return "💰 " + " · ".join(parts)


def tally_text(
    tally: Sequence[int], names: list[str], lang: str, deals: int, *, options: Any = None
) -> str:
    """The running score of the match, in money."""
    unit_haler = _unit(options)
    head = f"📊 Průběžně po {deals}. rozdání: " if lang == "cs" else f"📊 After {deals} deal(s): "
    return head + " · ".join(
        f"{names[s]} {money(v * unit_haler, lang, sign=True)}" for s, v in enumerate(tally)
    )
