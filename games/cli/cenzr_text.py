"""Plain text of volený cenzr for the terminal player: the view, the choices,
the table log and the end of a deal.

Cenzr is played with the mariáš deck ("mariášové karty", cenzr.md §1.1), so
cards read as in mariáš: ❤️ červené, 🔔 kule, 🍃 zelené, 🌰 žaludy; spodek,
svršek, král, eso. A call is said as at the table, in the instrumental:
„hraju se spodkem kulovým“ (§1.1). Declarations are the spec's words:
darda, padesát, sto, figura ("čtyři esa"), čtyři spodci, bela, péro. The
human player is addressed in the second person ("bereš štych").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.cenzr.views import PlayerView
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
from games.cli.wording import capital, says, verb
from games.engine import Event, Seat
from games.names import card_name

__all__ = [
    "call_phrase",
    "dealer_text",
    "declaration_text",
    "describe_action",
    "event_text",
    "render_view",
    "summary_text",
    "tally_text",
]

# verb -> (cs, he), (cs, you), (en, he), (en, you)
_VERBS = {
    "plays": ("hraje", "hraješ", "plays", "play"),
    "calls": ("volí", "volíš", "calls", "call"),
    "passes": ("pasuje", "pasuješ", "passes", "pass"),
    "takes": ("bere", "bereš", "takes", "take"),
    "announces": ("hlásí", "hlásíš", "announces", "announce"),
    "leads": ("vynáší", "vynášíš", "leads", "lead"),
    "deals": ("rozdává", "rozdáváš", "deals", "deal"),
    "picks up": ("bere dokup", "bereš dokup", "picks up", "pick up"),
    "counts": ("počítá", "počítáš", "counts", "count"),
    "skips": ("nepočítá", "nepočítáš", "does not count", "do not count"),
    "wins": ("vyhrává", "vyhráváš", "wins", "win"),
    "loses": ("prohrává", "prohráváš", "loses", "lose"),
    "records": ("si zapisuje", "si zapisuješ", "records", "record"),
    "sits out": ("nehraje", "nehraješ", "sits out", "sit out"),
    "is": ("je", "jsi", "is", "are"),
    "has": ("má", "máš", "has", "have"),
}

# rank -> (instrumental noun, gender: 0 feminine, 1 masculine or neuter); §1.1 [B]
_INSTRUMENTAL = {
    "A": ("esem", 1),
    "K": ("králem", 1),
    "Q": ("svrškem", 1),
    "J": ("spodkem", 1),
    "T": ("desítkou", 0),
    "9": ("devítkou", 0),
    "8": ("osmičkou", 0),
    "7": ("sedmičkou", 0),
}
_ADJ_INSTRUMENTAL = {  # suit -> (feminine, masculine/neuter)
    "h": ("červenou", "červeným"),
    "d": ("kulovou", "kulovým"),
    "s": ("zelenou", "zeleným"),
    "c": ("žaludskou", "žaludským"),
}
_GENITIVE = {"A": "esa", "K": "krále", "Q": "svrška", "J": "spodka", "T": "desítky", "9": "devítky"}
"""After "do": the size of a run, "padesát do svrška" (§1.1)."""
_EN_RANK = {"A": "ace", "K": "king", "Q": "ober", "J": "unter", "T": "ten", "9": "nine"}

_KINDS = {
    "cs": {"darda": "darda", "padesat": "padesát", "sto": "sto", "ctyri_spodci": "čtyři spodci"},
    "en": {
        "darda": "darda (three)",
        "padesat": "fifty",
        "sto": "hundred",
        "ctyri_spodci": "four unters",
    },
}
_FOURS = {
    "cs": {"A": "čtyři esa", "K": "čtyři krále", "Q": "čtyři svršky", "T": "čtyři desítky"},
    "en": {"A": "four aces", "K": "four kings", "Q": "four obers", "T": "four tens"},
}
_VERDICTS = {
    "cs": {"lower": "mám nižší", "equal": "já taky", "higher": "mám vyšší", "states": ""},
    "en": {"lower": "mine is lower", "equal": "the same", "higher": "mine is higher", "states": ""},
}


def _verb(name: str, lang: str, you: bool) -> str:
    return verb(_VERBS, name, lang, you)


def _says(who: str, name: str, rest: str, lang: str, you: bool) -> str:
    return says(_VERBS, who, name, rest, lang, you)


def _name(names: list[str], seat: Seat) -> str:
    return names[seat] if 0 <= seat < len(names) else f"#{seat}"


def call_phrase(code: str, lang: str) -> str:
    """The card called, as said at the table: "se spodkem kulovým", "with the Unter of Bells"."""
    rank, suit = code[0], code[1]
    if lang != "cs":
        return f"with the {card_name(code, 'en')}"
    noun, gender = _INSTRUMENTAL[rank]
    preposition = "se" if noun[0] in "sz" else "s"  # "se spodkem", "se sedmičkou", "s esem"
    return f"{preposition} {noun} {_ADJ_INSTRUMENTAL[suit][gender]}"


def _call_line(names: list[str], seat: Seat, called: str, lang: str, you: bool) -> str:
    """ "AI1 hraje se spodkem kulovým", "you call 🔔 unter"."""
    if lang == "cs":
        return f"{_name(names, seat)} {_verb('plays', lang, you)} {call_phrase(called, lang)}"
    return _says(_name(names, seat), "calls", card_label(called, lang), lang, you)


def _size(top: str | None, lang: str) -> str:
    if top is None or top not in _GENITIVE:
        return ""
    return f" do {_GENITIVE[top]}" if lang == "cs" else f" to the {_EN_RANK[top]}"


def declaration_text(kind: str, top: str | None, lang: str, suit: str | None = None) -> str:
    """A declaration in words: "padesát do svrška", "čtyři esa", "sto do esa ❤️"."""
    if kind == "figura":
        return _FOURS["cs" if lang == "cs" else "en"].get(str(top), f"figura {top}")
    words = _KINDS["cs" if lang == "cs" else "en"]
    text = words.get(kind, kind)
    if kind in ("darda", "padesat", "sto"):
        text += _size(top, lang)
        if suit is not None:
            text += f" {SUITS[suit]}"
    return text


def _claim(kind: str, rank: str | None, lang: str) -> str:
    """What is said aloud in trick 1 (§3.4): the quality, the rank of a figura."""
    return declaration_text(kind, rank, lang) if kind == "figura" else _KINDS[lang][kind]


def _own_declarations(view: PlayerView, lang: str) -> str:
    return ", ".join(
        declaration_text(d["kind"], d["top"], lang, d["suit"]) for d in view.declarations
    )


def render_view(view: PlayerView, names: list[str], lang: str) -> str:
    p = view.public
    cs = lang == "cs"
    me = view.seat
    lines = [("vynáší: " if cs else "first lead: ") + _name(names, p.active[0])]
    if p.sitting_out:
        out = ", ".join(_name(names, s) for s in p.sitting_out)
        lines.append(("nehrají: " if cs else "sitting out: ") + out)
    if p.phase == "call" and p.passes:
        passed = ", ".join(_name(names, s) for s in p.passes)
        lines.append(("pas: " if cs else "passed: ") + passed)
    if p.chooser is not None and p.called is not None and p.trump is not None:
        line = _call_line(names, p.chooser, p.called, lang, p.chooser == me)
        lines.append(line + (" · trumfy " if cs else " · trumps ") + suit_label(p.trump, lang))
    if p.revealed and p.partner is not None:
        if p.samec is not None:
            alone = "sám (samec)" if cs else "alone (samec)"
            lines.append(_says(_name(names, p.partner), "plays", alone, lang, p.partner == me))
        else:
            lines.append(("spoluhráč: " if cs else "partner: ") + _name(names, p.partner))
    elif view.role == "partner":
        lines.append(
            "máš volenou kartu: jsi spoluhráč" if cs else "you hold the called card: partner"
        )
    elif view.role == "samec":
        lines.append("máš volenou kartu sám: hraješ samce" if cs else "you hold it yourself: samec")
    for seat, kind, rank in p.announcements:
        lines.append(
            _says(_name(names, seat), "announces", _claim(kind, rank, lang), lang, seat == me)
        )
    if p.history:
        last = p.history[-1]
        lines.append(last_trick_line([c for _, c in last.plays], _name(names, last.winner), lang))
    if p.trick:
        lines.append(table_line([(_name(names, s), c) for s, c in p.trick], lang))
    if p.history:
        points = ", ".join(f"{_name(names, s)} {n}" for s, n in p.card_points.items())
        lines.append(("body ve štyších: " if cs else "card points taken: ") + points)
    if p.side_points is not None:
        c, d = p.side_points
        lines.append(("volící : soupeři " if cs else "choosing side : defenders ") + f"{c} : {d}")
    hand = card_list(view.hand, lang)
    if not view.hand_complete:
        hand += " (další 4 karty po volbě)" if cs else " (4 more after the call)"
    lines.append(("tvoje karty: " if cs else "your cards: ") + hand)
    if view.declarations and not p.history:
        lines.append(
            ("tvoje hlášky: " if cs else "your declarations: ") + _own_declarations(view, lang)
        )
    if view.bela:
        lines.append(
            "máš belu (král a svršek v trumfech)" if cs else "you hold bela (trump K and Q)"
        )
    return "\n".join(lines)


def describe_action(code: str, lang: str, view: PlayerView | None = None) -> str:
    """A readable label for an action code; the code stays in front, it may be typed.

    With the ``view`` an announcement names what would be said, and a bela
    choice what it would record for the seat.
    """
    cs = lang == "cs"
    head, _, arg = code.partition(":")
    if head == "call" and arg:
        label = ("hraju " if cs else "call: ") + (
            call_phrase(arg, lang) if cs else card_name(arg, lang)
        )
    elif head == "play" and arg:
        label = card_full(arg, lang)
    elif code == "pass":
        label = "pas"
    elif code == "announce":
        label = "hlásím" if cs else "announce"
        if view is not None and view.declarations:
            label += ": " + _own_declarations(view, lang)
    elif head == "bela":
        count = arg == "yes"
        label = (
            ("počítat belu" if count else "nepočítat belu")
            if cs
            else ("count bela" if count else "do not count bela")
        )
        choice = (view.bela_choice or {}).get(arg) if view is not None else None
        if choice is not None:
            mine = choice.get("recorded", {}).get(str(view.seat) if view else "", 0)
            label += f" ({'zapíšeš si' if cs else 'you record'} {mine})"
    else:
        label = ""
    return f"{code:10} {label}".rstrip()


def event_text(event: Event, names: list[str], lang: str, human: Seat | None = None) -> str | None:
    """One readable line per event (the terminal's table log)."""
    seat = event.seat
    who = _name(names, seat) if seat is not None else ""
    you = seat is not None and seat == human
    data = dict(event.data)
    cs = lang == "cs"
    kind = event.kind
    if kind == "pass":
        text = _says(who, "passes", "", lang, you)
    elif kind == "annulled":
        text = (
            "všichni pasovali: rozdání se ruší, rozdává další"
            if cs
            else "everybody passed: the deal is void, the next player deals"
        )
    elif kind == "call":
        text = _call_line(names, int(seat or 0), str(data["card"]), lang, you)
        text += (" · trumfy " if cs else " · trumps ") + suit_label(str(data["trump"]), lang)
    elif kind == "pickup":
        text = _says(who, "picks up", card_list(data["cards"], lang), lang, you)
    elif kind == "secret_role":
        if data.get("role") == "samec":
            text = (
                "volenou kartu máš sám: hraješ samce"
                if cs
                else "you hold the called card yourself: you play samec"
            )
        else:
            text = (
                "volenou kartu máš ty: jsi spoluhráč volícího"
                if cs
                else "you hold the called card: you are the chooser's partner"
            )
        if seat != human:
            return None
    elif kind == "play_starts":
        text = _says(who, "leads", "", lang, you)
    elif kind == "announce":
        text = _says(who, "announces", _claim(str(data["kind"]), data.get("rank"), lang), lang, you)
    elif kind == "card":
        text = _says(who, "plays", card_label(str(data["card"]), lang, accusative=True), lang, you)
    elif kind == "partner_revealed":
        partner = int(data["partner"])
        if data.get("samec"):
            rest = "sám (samec)" if cs else "alone (samec)"
            text = _says(_name(names, partner), "plays", rest, lang, partner == human)
        else:
            text = _says(
                _name(names, partner),
                "is",
                ("spoluhráč " if cs else "the partner of ") + _name(names, int(data["chooser"])),
                lang,
                partner == human,
            )
    elif kind == "trick":
        rest = trick_said(data["cards"], lang)
        text = _says(who, "takes", rest, lang, you)
    elif kind == "declarations":
        return _declarations_event(data, names, lang, human)
    elif kind == "bela_prompt":
        text = _says(who, "has", "belu: počítat?" if cs else "bela: count it?", lang, you)
    elif kind == "bela":
        text = _says(
            who, "counts" if data.get("counted") else "skips", "belu" if cs else "bela", lang, you
        )
    else:
        return None
    return f"  · {text}"


def _declarations_event(
    data: Mapping[str, Any], names: list[str], lang: str, human: Seat | None
) -> str | None:
    """After trick 1: the size round and what is valid (§3.4, ``declaration_reveal``)."""
    cs = lang == "cs"
    if not data.get("announced"):
        return None
    parts = []
    for line in data.get("sizes") or ():
        seat = int(line["seat"])
        said = _VERDICTS[lang].get(str(line["verdict"]), "")
        if line.get("kind") is not None and line["verdict"] != "lower":
            stated = declaration_text(str(line["kind"]), line.get("top"), lang)
            said = f"{said}, {stated}" if said else stated
        parts.append(f"{_name(names, seat)}: {said}")
    valid = list(data.get("valid") or ())
    if valid:
        shown = []
        for entry in valid:
            seat = int(entry["seat"])
            if "declarations" in entry:  # full_after_trick1: the whole list
                what = ", ".join(
                    declaration_text(d["kind"], d["top"], lang, d["suit"])
                    for d in entry["declarations"]
                )
            else:
                what = declaration_text(
                    str(entry["kind"]), entry.get("top"), lang, entry.get("suit")
                )
            shown.append(f"{_name(names, seat)} – {what}")
        verdict = ("platí: " if cs else "valid: ") + "; ".join(shown)
    else:
        verdict = "hlášky se ruší" if cs else "the declarations cancel out"
    return "  · " + " · ".join([*parts, verdict])


def dealer_text(names: list[str], dealer: Seat, lang: str, human: Seat | None = None) -> str:
    """ "AI1 rozdává", "ty rozdáváš"."""
    return _says(_name(names, dealer), "deals", "", lang, dealer == human)


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
    """The end of a deal in words: the call, the sides, the points, what is recorded."""
    cs = lang == "cs"
    lines = ["🏁 " + ("Konec rozdání" if cs else "End of the deal")]
    if summary.get("annulled") or summary.get("chooser") is None:
        lines.append(
            "Všichni pasovali: rozdání se ruší, nic se nezapisuje."
            if cs
            else "Everybody passed: the deal is void, nothing is recorded."
        )
        return "\n".join(lines)
    chooser = int(summary["chooser"])
    called = str(summary["called"])
    you = chooser == human
    line = _call_line(names, chooser, called, lang, you)
    line += (", trumfy " if cs else ", trumps ") + suit_label(str(summary["trump"]), lang)
    lines.append("🎯 " + capital(line))
    partner = summary.get("partner")
    samec = summary.get("samec")
    if samec is not None:
        kind = {
            "voluntary": ("dobrovolný", "voluntary"),
            "involuntary": ("nedobrovolný", "involuntary"),
        }
        cs_word, en_word = kind.get(str(samec), (str(samec), str(samec)))
        lines.append(f"🧍 Samec ({cs_word})" if cs else f"🧍 Samec ({en_word})")
    elif partner is not None:
        lines.append(("🤝 Spoluhráč: " if cs else "🤝 Partner: ") + _name(names, int(partner)))
    tricks = summary.get("tricks") or {}
    points = summary.get("card_points") or {}
    if points:
        lines.append(
            ("Body ve štyších: " if cs else "Card points: ")
            + ", ".join(
                f"{_name(names, int(s))} {v} ({tricks.get(s, 0)} {'št.' if cs else 'tr.'})"
                for s, v in points.items()
            )
        )
    last = summary.get("last_trick")
    if last is not None:
        lines.append(
            ("Poslední štych (+10): " if cs else "Last trick (+10): ") + _name(names, int(last))
        )
    declarations = summary.get("declarations") or {}
    valid = declarations.get("valid") or []
    if valid:
        lines.append(
            ("📣 Hlášky: " if cs else "📣 Declarations: ")
            + "; ".join(
                f"{_name(names, int(e['seat']))} "
                + ", ".join(
                    f"{declaration_text(d['kind'], d['top'], lang, d['suit'])} {d['points']}"
                    for d in e["declarations"]
                )
                for e in valid
            )
        )
    elif declarations.get("cancelled"):
        lines.append("📣 Hlášky se zrušily." if cs else "📣 The declarations cancelled out.")
    bela = summary.get("bela")
    if bela:
        holder = int(bela["holder"])
        verb_name = "counts" if bela.get("counted") else "skips"
        word = "belu 20" if cs else "bela 20"
        counted = _says(_name(names, holder), verb_name, word, lang, holder == human)
        lines.append("👑 " + capital(counted))
    if summary.get("pero"):
        lines.append(
            "🪶 Péro: volící strana vzala všechny štychy (+100)"
            if cs
            else "🪶 Péro: the choosing side took every trick (+100)"
        )
    c, d = summary.get("C"), summary.get("D")
    side = "samec" if samec is not None else ("volící" if cs else "choosing side")
    lines.append(f"📊 {capital(side)} {c} : {'soupeři' if cs else 'defenders'} {d}")
    won = bool(summary.get("won"))
    if samec is not None:
        winner = (
            ("Samec vyhrává" if cs else "The samec wins")
            if won
            else ("Vyhrávají soupeři" if cs else "The defenders win")
        )
    else:
        winner = (
            ("Volící strana vyhrává" if cs else "The choosing side wins")
            if won
            else ("Vyhrávají soupeři" if cs else "The defenders win")
        )
    lines.append(f"🏆 {winner} ({c} {'>' if won else '≤'} {d})")
    active = {int(s) for s in summary.get("active") or ()}
    parts = []
    for seat, value in enumerate(scores):
        me = seat == human
        if active and seat not in active:
            parts.append(_says(_name(names, seat), "sits out", "", lang, me))
        else:
            parts.append(_says(_name(names, seat), "records", str(value), lang, me))
    lines.append("📝 " + " · ".join(parts))
    return "\n".join(lines)


def tally_text(
    tally: Sequence[int], names: list[str], lang: str, deals: int, *, options: Any = None
) -> str:
    """The recorded points of the session so far (the round's running totals)."""
    head = f"📊 Průběžně po {deals}. rozdání: " if lang == "cs" else f"📊 After {deals} deal(s): "
    return head + " · ".join(f"{_name(names, s)} {v}" for s, v in enumerate(tally))
