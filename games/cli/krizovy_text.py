"""Plain text of křížový mariáš for the terminal player: the view, the choices,
the table log and the end of a deal.

The deck, the cards and the money read as in volený (``marias_text``: ❤️
červené, 🔔 kule, 🍃 zelené, 🌰 žaludy; spodek, svršek, král, eso; units ×
``unit_haler``). The table's words are the book's (§3.2): F "volí" a card, the
others say "u mě je barva dobrá", honers are "devítka, osma, sedma" ("osma s"
by the partner, "osma proti" by a defender), "z lidu", "durch s …", "durch s
chytrým", "chyták". The partner is never named before the view names him. The
human player is addressed in the second person, the computer players in the
third.
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
    component_label,
    durch_fell,
    flek_label,
    fleks,
    last_trick_line,
    marriage_said,
    money,
    payments_line,
    suit_label,
    table_line,
    tally_text,
    tricks_line,
    unit_haler,
    winner_line,
)
from games.cli.marias_words import (
    dealer_text as _dealer_text,
)
from games.cli.wording import capital, says
from games.engine import Event, Seat
from games.sides import DECLARER_SIDE, SidesView

__all__ = [
    "dealer_text",
    "describe_action",
    "event_text",
    "render_view",
    "summary_text",
    "tally_text",
]

_HONER = {
    "cs": {9: "devítka", 8: "osma", 7: "sedma"},
    "en": {9: "nine", 8: "eight", 7: "seven"},
}
_HONER_ACC = {"cs": {9: "devítku", 8: "osmu", 7: "sedmu"}, "en": _HONER["en"]}
_HONER_WITH = {"cs": {9: "s devítkou", 8: "s osmou", 7: "se sedmou"},
               "en": {9: "with the nine", 8: "with the eight", 7: "with the seven"}}  # fmt: skip

_KIND = {  # what is played, in the accusative
    "cs": {"hra": "hru", "betl": "betla", "durch": "durcha", "durchs": "durcha s",
           "chytry": "durcha s chytrým"},
    "en": {"hra": "a game", "betl": "betl", "durch": "durch", "durchs": "durch with",
           "chytry": "durch with the clever one"},
}  # fmt: skip

_COMPONENT_ACC = {
    "cs": {"hra": "hru", "h9": "devítku", "h8": "osmu", "h7": "sedmu", "betl": "betla",
           "durch": "durcha"},
    "en": {"hra": "the game", "h9": "the nine", "h8": "the eight", "h7": "the seven",
           "betl": "the betl", "durch": "the durch"},
}  # fmt: skip

_COMPONENT = {
    "cs": {"hra": "hra", "stovka": "stovka", "tichá stovka": "tichá stovka",
           "h9": "devítka", "h8": "osma", "h7": "sedma", "tichý h9": "tichá devítka",
           "tichý h8": "tichá osma", "tichý h7": "tichá sedma", "dobirka": "dobírka",
           "betl": "betl", "durch": "durch", "durch (dědek Sláma)": "durch (dědek Sláma)"},
    "en": {"hra": "game", "stovka": "hundred", "tichá stovka": "silent hundred",
           "h9": "nine", "h8": "eight", "h7": "seven", "tichý h9": "silent nine",
           "tichý h8": "silent eight", "tichý h7": "silent seven", "dobirka": "difference",
           "betl": "betl", "durch": "durch",
           "durch (dědek Sláma)": "durch (the declarer pays alone)"},
}  # fmt: skip

_NOT_PLAYED = {
    "thrown_in": (
        "Nikdo neflekoval: karty se skládají.",
        "Nobody fleked: the cards are thrown in.",
    ),
    "honers_paid": (
        "Honery bez fleku: nehraje se, platí se honer i hra.",
        "Honers and no flek: not played, the honers and the game are paid.",
    ),
    "price_equal": (
        "Cenová rovnost honera a hry: nehraje se, nic se neplatí.",
        "The honer and the fleked game cost the same: not played, nothing is paid.",
    ),
    "dobirka": (
        "Nehraje se: hrající strana bere dobírku.",
        "Not played: the declaring side takes the difference.",
    ),
}

# the family's VERBS and this game's own: verb -> (cs, he), (cs, you), (en, he), (en, you)
_VERBS = {
    **VERBS,
    "calls": ("volí", "volíš", "calls", "call"),
    "lays": ("klade", "kladeš", "lays", "lay"),
    "shows": ("ukazuje", "ukazuješ", "shows", "show"),
    "raises": ("zvyšuje", "zvyšuješ", "raises", "raise"),
    "is": ("je", "jsi", "is", "are"),
}


def _lang(lang: str) -> str:
    return "cs" if lang == "cs" else "en"


def _says(who: str, name: str, rest: str, lang: str, you: bool) -> str:
    return says(_VERBS, who, name, rest, lang, you)


def _fleks(levels: Sequence[tuple[str, int]], lang: str, *, stovka: bool = False) -> str:
    """ "flek na hru i na osmu", "re na hru" (the game's chain is the stovka's)."""
    words = _COMPONENT_ACC[_lang(lang)]
    if stovka:
        words = {**words, "hra": "stovku" if lang == "cs" else "the hundred"}
    return fleks(levels, words, lang)


def _honer_call(value: int, side: str | None, lang: str) -> str:
    """ "osma s" (the declaring side), "osma proti" (a defender)."""
    word = _HONER[_lang(lang)][value]
    if side == DECLARER_SIDE:
        return f"{word} s" if lang == "cs" else f"{word} for the declarer"
    return f"{word} proti" if lang == "cs" else f"{word} against"


def _contract(kind: str, called: str | None, lang: str, *, stovka: bool = False) -> str:
    words = _KIND[_lang(lang)]
    text = words.get(kind, kind)
    if kind == "hra" and stovka:
        text = "stovku" if lang == "cs" else "a hundred"
    if kind == "durchs" and called:
        text += " " + card_label(called, lang, accusative=False)
    return text


def render_view(view: Mapping[str, Any], names: list[str], lang: str) -> str:
    cs = lang == "cs"
    seat = view.get("viewer")
    lines = [("forhont: " if cs else "forehand: ") + names[view["forhond"]]]
    if seat not in view["active"]:
        lines.append("v tomto rozdání nehraješ" if cs else "you sit out this deal")
    phase = view["phase"]
    kind = view["kind"]
    if view.get("red_round"):
        lines.append(
            "červené kolo: trumfy jsou červené" if cs else "the red round: hearts are trumps"
        )
    if phase in ("choose", "announce") and view.get("called") is None:
        lines.append(
            _says(names[view["forhond"]], "calls", "", lang, view["forhond"] == seat).strip() + "…"
        )
    declarer = view["declarer"]
    you = declarer == seat
    if view.get("called") is not None and kind == "hra":
        rest = _contract("hra", None, lang, stovka=bool(view.get("stovka")))
        line = _says(names[declarer], "plays", rest, lang, you)
        line += (", voláno: " if cs else ", called: ") + card_full(view["called"], lang)
        lines.append(line)
    elif kind != "hra":
        lines.append(
            _says(names[declarer], "plays", _contract(kind, view.get("called"), lang), lang, you)
        )
    if view.get("trump"):
        line = ("trumfy: " if cs else "trumps: ") + suit_label(view["trump"], lang)
        if view.get("trump_card"):
            line += (
                (" (ukázaný trumf: " if cs else " (trump card: ")
                + card_label(view["trump_card"], lang)
                + ")"
            )
        if view.get("blind"):
            line += " — z lidu" if cs else " — chosen blind"
        lines.append(line)
    honers = view.get("honers") or []
    if honers:
        lines.append(
            ("honery: " if cs else "honers: ")
            + ", ".join(
                f"{names[h['seat']]} {_honer_call(h['value'], h['side'], lang)}" for h in honers
            )
        )
    raised = [(k, v) for k, v in (view.get("fleks") or {}).items() if v]
    if raised:
        lines.append("flek: " + _fleks(raised, lang, stovka=bool(view.get("stovka"))))
    if view.get("partner_tricks"):
        n = view["partner_tricks"]
        lines.append(
            f"durch za {n} štych(y) spoluhráče" if cs else f"durch: {n} trick(s) for the partner"
        )
    lines.extend(_sides_lines(view, names, lang))
    tricks = view.get("tricks") or []
    if tricks:
        last = tricks[-1]
        lines.append(last_trick_line(last["cards"], names[last["winner"]], lang))
    if view.get("trick"):
        lines.append(table_line([(names[s], c) for s, c in view["trick"]], lang))
    if seat in view["active"]:
        hand = card_list(view["hand"], lang)
        if phase == "choose" and seat == view["forhond"]:
            hand += " (další 4 karty po volbě)" if cs else " (4 more after the choice)"
        lines.append(("tvoje karty: " if cs else "your cards: ") + hand)
    return "\n".join(lines)


def _sides_lines(view: Mapping[str, Any], names: list[str], lang: str) -> list[str]:
    """Who plays with whom, as far as the viewer knows it."""
    cs = lang == "cs"
    seat = view.get("viewer")
    if seat is None or seat not in view["active"] or view["phase"] in ("choose", "announce"):
        return []
    sides = SidesView.from_dict(view["sides"])
    if view["kind"] not in ("hra", "durchs"):
        return []
    friends = [s for s in view["active"] if s != seat and sides.same_side(seat, s) is True]
    if friends:
        return [
            ("tvůj spoluhráč: " if cs else "your partner: ") + ", ".join(names[s] for s in friends)
        ]
    if sides.unknown:
        return ["spoluhráče zatím neznáš" if cs else "you do not know the partner yet"]
    if sides.role_of(seat) == DECLARER_SIDE:
        return ["hraješ sám proti třem" if cs else "you play alone against three"]
    return []


def describe_action(code: str, lang: str, view: Mapping[str, Any] | None = None) -> str:
    """A readable label for an action code; the code stays in front, it may be typed."""
    cs = lang == "cs"
    head, _, arg = code.partition(":")
    label = ""
    if head == "play" and arg:
        label = card_full(arg, lang)
    elif head == "volba" and arg:
        trump, called = arg.split(",")
        label = ("trumf: " if cs else "trump: ") + card_full(trump, lang)
        label += (", volám: " if cs else ", I call: ") + card_full(called, lang)
    elif head == "lid" and arg:
        label = (
            f"z lidu: {arg}. karta druhé čtveřice"
            if cs
            else f"blind: card {arg} of the second four"
        )
    elif head == "cerv" and arg:
        label = ("volám: " if cs else "I call: ") + card_full(arg, lang)
    elif head == "ext" and arg:
        parts = [] if arg == "none" else arg.split("+")
        said = ["stovka" if cs else "a hundred"] if parts[:1] == ["sto"] else []
        said += [_HONER_WITH[_lang(lang)][int(p)] for p in parts if p != "sto"]
        label = ", ".join(said) if said else ("nic navíc" if cs else "nothing more")
    elif head == "game" and arg:
        clever = "durch s chytrým" if cs else "durch with the clever one"
        label = {"betl": "betl", "durch": "durch", "chytry": clever}.get(arg, arg)
    elif head == "durchs" and arg:
        label = ("durch s: " if cs else "durch with: ") + card_full(arg, lang)
    elif head == "honer" and arg:
        side = None
        if view is not None and view.get("viewer") is not None:
            side = SidesView.from_dict(view["sides"]).role_of(view["viewer"])
        value, _, then = arg.partition(",")
        label = _honer_call(int(value), side, lang)
        if then == "dobra":
            label += ", barva je dobrá" if cs else ", the trumps are good"
        elif then and then != "pass":
            raised = dict(view.get("fleks") or {}) if view is not None else {}
            flek = flek_label(then.split("+"), raised, _COMPONENT_ACC[_lang(lang)], lang)
            label = f"{flek} {'a' if cs else 'and'} {label}"
    elif head == "flek" and arg:
        raised = dict(view.get("fleks") or {}) if view is not None else {}
        label = flek_label(arg.split("+"), raised, _COMPONENT_ACC[_lang(lang)], lang)
    elif head == "tricks" and arg:
        label = f"durch za {arg} štych(y)" if cs else f"durch for {arg} trick(s) of the partner"
    elif head == "chytak" and arg:
        label = ("ukázat chytáka: " if cs else "show the catcher: ") + card_full(arg, lang)
    else:
        label = {
            "dobra": "u mě je barva dobrá" if cs else "good with me",
            "pass": "bez fleku" if cs else "no flek",
        }.get(code, "")
    return f"{code:16} {label}".rstrip()


def event_text(event: Event, names: list[str], lang: str, human: Seat | None = None) -> str | None:
    """One readable line per event the human may see (the terminal's table log)."""
    seat = event.seat
    who = names[seat] if seat is not None else ""
    you = seat is not None and seat == human
    data = dict(event.data)
    cs = lang == "cs"
    kind = event.kind
    if event.visible_to is not None and (human is None or human not in event.visible_to):
        return None
    if kind == "trump_card":
        rest = ("trumf lícem dolů: " if cs else "the trump face down: ") + card_label(
            data["card"], lang
        )
        text = _says(who, "lays", rest, lang, you)
    elif kind == "chose":
        text = _says(who, "calls", card_full(data["called"], lang), lang, you)
    elif kind == "blind":
        rest = ("z lidu: " if cs else "blind: ") + card_label(data["trump_card"], lang)
        rest += (", voláno: " if cs else ", called: ") + card_full(data["called"], lang)
        text = _says(who, "calls", rest, lang, you)
    elif kind == "revealed":
        parts = []
        if data.get("trump_card"):
            parts.append(("trumf " if cs else "the trump ") + card_label(data["trump_card"], lang))
        if data.get("trump"):
            parts.append(("trumfy " if cs else "trumps ") + suit_label(data["trump"], lang))
        parts.append(("voláno " if cs else "called ") + card_full(data["called"], lang))
        if data.get("stovka"):
            parts.append("stovka" if cs else "a hundred")
        parts.extend(_HONER_WITH[_lang(lang)][h] for h in data.get("honers") or [])
        text = _says(who, "shows", ", ".join(parts), lang, you)
        if data.get("alone"):
            text += " — hraje sám proti třem" if cs else " — he plays alone against three"
    elif kind == "honer":
        text = f"{who}: " + _honer_call(int(data["value"]), data.get("side"), lang)
    elif kind == "dobra":
        text = f"{who}: " + ("u mě je barva dobrá" if cs else "good with me")
    elif kind == "overcall":
        rest = _contract(str(data["kind"]), data.get("called"), lang)
        text = _says(who, "plays", rest, lang, you)
    elif kind == "flek":
        words = _COMPONENT_ACC[_lang(lang)]
        also = " i na " if cs else " and on "
        rest = ("flek na " if cs else "the flek on ") + also.join(
            words.get(c, c) for c in data["components"]
        )
        text = _says(who, "raises", rest, lang, you)
    elif kind == "pass":
        text = f"{who}: " + ("bez fleku" if cs else "no flek")
    elif kind == "not_played":
        pair = _NOT_PLAYED.get(str(data.get("why")))
        text = (pair[0] if cs else pair[1]) if pair else ("nehraje se" if cs else "not played")
    elif kind == "partner_tricks":
        n = data["count"]
        text = f"{who}: " + (f"durch za {n} štych(y)" if cs else f"durch for {n} trick(s)")
    elif kind == "chytak":
        rest = ("chytáka: " if cs else "the catcher: ") + card_full(data["card"], lang)
        text = _says(who, "shows", rest, lang, you)
    elif kind == "marriage":
        rest = marriage_said(data["suit"], data["points"], lang)
        text = _says(who, "has", rest, lang, you)
    elif kind == "play":
        text = _says(who, "plays", card_label(data["card"], lang, accusative=True), lang, you)
    elif kind == "partner":
        rest = "spoluhráč" if cs else "the partner"
        text = _says(who, "is", rest, lang, you) + f" ({card_label(data['card'], lang)})"
    elif kind == "trick":
        rest = f"{data['number']}. štych" if cs else f"trick {data['number']}"
        text = _says(who, "takes", rest, lang, you)
    else:
        return None
    return f"  · {text}"


def dealer_text(names: list[str], dealer: Seat, lang: str, human: Seat | None = None) -> str:
    """ "AI1 rozdává", at five "ty rozdáváš a nehraješ" (the dealer sits out, §6 #25)."""
    return _dealer_text(names, dealer, lang, human, sits_out_at=5)


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
    """The end of a deal in words: the contract and the partner, how it ended, the
    points, each paid component and who pays whom (units × ``unit_haler`` haléřů)."""
    unit = unit_haler(options)
    cs = lang == "cs"
    lines = ["🏁 " + ("Konec rozdání" if cs else "End of the deal")]
    declarer = int(summary.get("declarer") or 0)
    who, you = names[declarer], declarer == human
    kind = str(summary.get("kind"))
    contract = _contract(kind, summary.get("called"), lang, stovka=bool(summary.get("stovka")))
    line = _says(who, "plays", contract, lang, you)
    partner = summary.get("partner")
    if kind == "hra":
        if summary.get("called"):
            line += (", voláno " if cs else ", called ") + card_full(str(summary["called"]), lang)
        if summary.get("trump"):
            line += (", trumfy " if cs else ", trumps ") + suit_label(str(summary["trump"]), lang)
    if kind in ("hra", "durchs", "chytry"):
        if summary.get("alone") or partner is None or partner == declarer:
            line += " — sám proti třem" if cs else " — alone against three"
        else:
            line += (" — spoluhráč " if cs else " — partner ") + names[int(partner)]
    lines.append("🎯 " + capital(line))
    honers = summary.get("honers") or []
    if honers:
        lines.append(
            ("🃏 Honery: " if cs else "🃏 Honers: ")
            + ", ".join(
                f"{names[h['seat']]} {_honer_call(h['value'], h['side'], lang)}" for h in honers
            )
        )
    flek = [(k, v) for k, v in (summary.get("fleks") or {}).items() if v]
    if flek:
        lines.append("🔥 " + _fleks(flek, lang, stovka=bool(summary.get("stovka"))))
    end = summary.get("end")
    if end in _NOT_PLAYED:
        lines.append(_NOT_PLAYED[str(end)][0 if cs else 1])
    elif end == "early":
        if kind == "betl":
            lines.append(betl_fell(lang))
        else:
            lines.append(durch_fell(lang))
    elif end == "chytak":
        shown = summary.get("chytak")
        lines.append(
            ("Chyták ukázán: " if cs else "The catcher shown: ")
            + (card_label(str(shown), lang) if shown else "")
        )
    if summary.get("partner_tricks"):
        n = summary["partner_tricks"]
        lines.append(
            f"Durch za {n} štych(y) spoluhráče."
            if cs
            else f"Durch for {n} trick(s) of the partner."
        )
    points = summary.get("points")
    if isinstance(points, Mapping):
        lines.append(
            ("📊 Body: hrající strana " if cs else "📊 Points: declaring side ")
            + f"{points.get('C')} : "
            + ("obrana " if cs else "defenders ")
            + f"{points.get('D')}"
        )
    tricks = summary.get("tricks") or {}
    if tricks and end in ("played", "early"):
        lines.append(tricks_line(tricks, names, lang))
    for component in summary.get("components") or []:
        lines.append(_component_line(component, lang, unit))
    lines.append(winner_line(declarer, scores, names, lang, human, together=True))
    lines.append(payments_line(scores, names, lang, human, unit, set(map(int, tricks))))
    return "\n".join(lines)


def _component_line(component: Mapping[str, Any], lang: str, unit: int) -> str:
    cs = lang == "cs"
    label = component_label(component, _COMPONENT[_lang(lang)])
    units = int(component.get("units") or 0)
    amount = money(abs(units) * unit, lang)
    if units > 0:
        return f"✅ {label}: " + (
            f"hrající strana dostává {amount}" if cs else f"the declaring side gets {amount}"
        )
    if units < 0:
        return f"❌ {label}: " + (
            f"hrající strana platí {amount}" if cs else f"the declaring side pays {amount}"
        )
    return f"▫️ {label}: " + ("neplatí se" if cs else "not paid")
