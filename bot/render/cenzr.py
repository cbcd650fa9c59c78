"""Volený cenzr on Telegram: calling, the declaration protocol, results, the score sheet.

Uses only ``PublicView`` and ``PlayerView`` (games/cenzr/views.py) and the
legal action codes, so nothing shown can hold a card the reader may not see:
while calling a player's message shows his first packet only, and the
partner (the holder of the called card) is named only once the views name
him, when the called card falls (§4.6); until then only the holder's own
message tells him what he is. Texts come from the catalogs under ``cenzr.*``.

Every decision is private, a button on the hand message. The call is two
presses: a suit (``Button(pick=...)``, no state change), then a card of it,
labelled as it is said aloud, "se spodkem kulovým" (§4.5). In trick 1 a
player who holds a declaration worth saying gets "📣 Hlásím: padesát" with
exactly what the table will hear (§3.4); playing a card without it is not
announcing. The group sees the protocol as it is spoken: "padesát", the
sizes after trick 1 ("do svrška", "mám nižší") and what stands.

The score sheet (§5.5, §6.4) is the engine's match replayed over the stored
deals, so the round boundaries are the engine's: a row per deal with the
running round totals, the round's result (capped at the target) and the
labeta of finished rounds.

Cards are German-suited as in Mariáš (``bot.render.marias``): 🍃 zelené,
🌰 žaludy, 🔔 kule, ❤️ červené.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.render.base import Button, Keyboard
from bot.render.i18n import Html, Translator, escape
from bot.render.marias import SUITS, card_text
from games.cenzr import match as labeta
from games.cenzr.options import CenzrOptions
from games.cenzr.views import PlayerView, PublicView
from games.engine import Outcome
from games.match import Match

__all__ = ["CenzrRenderer", "call_phrase", "claim_of"]

NATURAL = "AKQJT987"
"""The natural order (§1.4), highest first: the call picker, sizes, figura ranks."""
SUIT_ORDER = "hdsc"
_GENDER = {"A": "n", "K": "m", "Q": "m", "J": "m", "T": "f", "9": "f", "8": "f", "7": "f"}
"""The grammatical gender of each rank's Czech noun: the adjective agrees with it."""
_QUALITY = {"ctyri_spodci": 5, "figura": 4, "sto": 3, "padesat": 2, "darda": 1}
_ROW = 4
_SHEET_NAME = 6
"""Characters of a name in a score sheet column (a phone shows about 32 in <pre>)."""

OFFERED = (
    "declaration_mode",
    "declare_timing",
    "suppress_futile_announcements",
    "declaration_reveal",
    "declaration_scope",
    "sto_compare",
    "bela_mode",
    "pero_both_sides",
    "pero_bonus_scope",
    "defender_points_basis",
    "first_dealer",
)
"""The house rules /settings offers; the rest have a single value (or, like
``rounds_per_labeta``, need every player's consent, §6.3)."""


def call_phrase(code: str, tr: Translator) -> Html:
    """A card as it is called, in the instrumental: "se spodkem kulovým",
    "s devítkou zelenou", "s esem žaludským" (§0.2)."""
    rank, suit = code[0], code[1]
    adjective = tr(f"cenzr.with_suit.{_GENDER[rank]}.{suit}")
    return tr(f"cenzr.with.{rank}", suit=adjective)


def claim_of(declarations: Sequence[Mapping[str, Any]]) -> tuple[str, str | None] | None:
    """What a player says aloud if he announces (§3.4 step 1): the quality of his
    best declaration, with the rank for figura; ``None`` if he holds none."""
    if not declarations:
        return None
    top = max(_QUALITY[d["kind"]] for d in declarations)
    best = [d for d in declarations if _QUALITY[d["kind"]] == top]
    kind = str(best[0]["kind"])
    if kind == "figura":
        return kind, min((str(d["top"]) for d in best), key=NATURAL.index)
    return kind, None


def _by_suit(codes: Sequence[str], tr: Translator) -> list[Html]:
    """One line per suit in the view's order (trumps first): "🔔 spodek 9 eso"."""
    lines: list[str] = []
    current = ""
    for code in codes:
        if code[1] != current:
            lines.append(SUITS[code[1]])
            current = code[1]
        rank = code[0]
        lines[-1] += " " + (rank if rank in "789" else str(tr(f"marias.rank.{rank}")))
    return [escape(line) for line in lines]


def _rows(buttons: list[Button], width: int = _ROW) -> Keyboard:
    return [buttons[i : i + width] for i in range(0, len(buttons), width)]


def _names(seats: Sequence[int], names: Sequence[str]) -> str:
    return " + ".join(names[s] for s in seats)


class CenzrRenderer:
    """The ``GameRenderer`` of ``cenzr``."""

    variant_id = "cenzr"
    catalog = "cenzr"
    lower_is_better = False

    # -- words of the protocol ---------------------------------------------------------

    @staticmethod
    def said(kind: str, rank: str | None, tr: Translator) -> Html:
        """What is said aloud in trick 1: "padesát", "čtyři krále", "čtyři spodci"."""
        if kind == "figura" and rank is not None:
            return tr(f"cenzr.figura.{rank}")
        return tr(f"cenzr.kind.{kind}")

    @staticmethod
    def sized(kind: str, top: str, tr: Translator) -> Html:
        """A declaration with its size, no suit: "padesát do svrška", "čtyři esa"."""
        if kind == "figura":
            return tr(f"cenzr.figura.{top}")
        if kind == "ctyri_spodci":
            return tr("cenzr.kind.ctyri_spodci")
        return tr("cenzr.sized", kind=tr(f"cenzr.kind.{kind}"), top=tr(f"cenzr.to.{top}"))

    def _declaration(self, d: Mapping[str, Any], tr: Translator) -> Html:
        """One declaration in full, for its holder and at the count: "padesát do esa ❤️"."""
        text = self.sized(str(d["kind"]), str(d["top"]), tr)
        if d.get("suit"):
            text = Html(f"{text} {SUITS[str(d['suit'])]}")
        return text

    # -- texts -------------------------------------------------------------------------

    def table_text(self, view: Any, names: Sequence[str], tr: Translator) -> Html:
        p: PublicView = view
        lines = self._public_lines(p, names, tr)
        lines.append(self._turn_line(p, names, tr))
        return Html("\n".join(lines))

    def _public_lines(self, p: PublicView, names: Sequence[str], tr: Translator) -> list[Html]:
        lines: list[Html] = [tr("cenzr.forhond", name=names[p.active[0]])]
        if p.passes:
            lines.append(tr("cenzr.passes", names=", ".join(names[s] for s in p.passes)))
        lines.extend(self._contract_lines(p, names, tr))
        lines.extend(self._protocol_lines(p, names, tr))
        if p.phase in ("play", "bela") or (p.phase == "over" and p.history):
            won = " · ".join(f"{escape(names[s])} {n}" for s, n in p.tricks_won.items())
            lines.append(tr("cenzr.tricks", list=Html(won)))
        if p.trick:
            lines.append(tr("cenzr.on_table", cards=self._trick(p.trick, names, tr)))
        if p.history and p.phase != "over":
            last = p.history[-1]
            cards = self._trick(last.plays, names, tr)
            lines.append(tr("cenzr.last_trick", winner=names[last.winner], cards=cards))
        return lines

    def _contract_lines(
        self, p: PublicView, names: Sequence[str], tr: Translator, *, points: bool = True
    ) -> list[Html]:
        """The call and, once the called card has fallen, who plays with whom (and,
        unless ``points`` is off, the sides' card points, which change every trick)."""
        if p.chooser is None or p.called is None or p.trump is None:
            return []
        lines = [
            tr(
                "cenzr.contract",
                name=names[p.chooser],
                card=call_phrase(p.called, tr),
                trump=self._trump(p.trump, tr),
            )
        ]
        if p.revealed and p.partner is not None:
            lines.append(self._sides_line(p.chooser, p.partner, p.samec, p.active, names, tr))
            if points and p.side_points is not None and p.phase != "over":
                c, d = p.side_points
                lines.append(tr("cenzr.side_points", c=c, d=d))
        return lines

    @staticmethod
    def _sides_line(
        chooser: int,
        partner: int,
        samec: str | None,
        active: Sequence[int],
        names: Sequence[str],
        tr: Translator,
    ) -> Html:
        if chooser == partner:
            kind = tr(f"cenzr.samec_kind.{samec or 'voluntary'}")
            return tr("cenzr.sides_samec", name=names[chooser], kind=kind)
        others = [s for s in active if s not in (chooser, partner)]
        return tr(
            "cenzr.sides",
            pair=_names((chooser, partner), names),
            others=_names(others, names),
        )

    @staticmethod
    def _trump(suit: str, tr: Translator) -> Html:
        return escape(f"{SUITS[suit]} {tr(f'marias.suit.{suit}')}")

    def _protocol_lines(self, p: PublicView, names: Sequence[str], tr: Translator) -> list[Html]:
        """What was said in trick 1 (§3.4): the qualities, then the sizes and what stands."""
        lines: list[Html] = []
        if p.announcements:
            said = " · ".join(
                f"{escape(names[s])}: {self.said(kind, rank, tr)}"
                for s, kind, rank in p.announcements
            )
            lines.append(tr("cenzr.announced", list=Html(said)))
        reveal = p.declarations
        if not reveal or not reveal.get("announced"):
            return lines
        sizes = reveal.get("sizes") or []
        if sizes:
            parts = [f"{escape(names[e['seat']])}: {self._verdict(e, tr)}" for e in sizes]
            lines.append(tr("cenzr.sizes", list=Html(" · ".join(parts))))
        valid = reveal.get("valid") or []
        if not valid:
            lines.append(tr("cenzr.cancelled_all"))
        for entry in valid:
            if "declarations" in entry:  # declaration_reveal "full_after_trick1"
                what = Html(", ".join(self._declaration(d, tr) for d in entry["declarations"]))
            else:
                what = self.sized(str(entry["kind"]), str(entry["top"]), tr)
                if entry.get("suit"):  # only the trump tie-break shows it
                    what = tr("cenzr.in_trumps", what=what, suit=SUITS[str(entry["suit"])])
            lines.append(tr("cenzr.stands", name=names[entry["seat"]], what=what))
        return lines

    def _verdict(self, entry: Mapping[str, Any], tr: Translator) -> Html:
        verdict = str(entry["verdict"])
        if verdict == "lower":
            return tr("cenzr.verdict.lower")
        top = tr(f"cenzr.to.{entry['top']}")
        if verdict == "states":  # the first says his size and asks the others
            return tr(
                "cenzr.verdict.states", what=self.sized(str(entry["kind"]), str(entry["top"]), tr)
            )
        return tr(f"cenzr.verdict.{verdict}", top=top)

    def _turn_line(self, p: PublicView, names: Sequence[str], tr: Translator) -> Html:
        if p.phase == "over":
            return tr("cenzr.deal_over")
        who = ", ".join(names[s] for s in p.to_act)
        return tr("cenzr.turn", name=who, what=tr(f"cenzr.doing.{p.phase}"))

    @staticmethod
    def _trick(trick: Sequence[tuple[int, str]], names: Sequence[str], tr: Translator) -> Html:
        return Html(" · ".join(f"{escape(names[s])} {escape(card_text(c, tr))}" for s, c in trick))

    def hand_text(
        self, view: Any, names: Sequence[str], tr: Translator, *, waiting: bool = False
    ) -> Html:
        """The hand and, for the seat that must decide, the table and the question.

        A seat that is not to act gets a text that changes only with its own
        cards, the call and the reveal, not with each card the others play."""
        v: PlayerView = view
        p = v.public
        title = "cenzr.hand_title" if v.hand_complete else "cenzr.hand_packet1"
        lines = [tr(title, n=len(v.hand))]
        lines.extend(_by_suit(v.hand, tr) or [tr("cenzr.no_cards")])
        lines.append(Html(""))
        if v.seat not in p.active:
            lines.append(tr("cenzr.sitting_out"))
            return Html("\n".join(lines))
        deciding = bool(v.legal) and not waiting
        lines.extend(self._contract_lines(p, names, tr, points=deciding))
        lines.extend(self._secrets(v, names, tr))
        if p.phase == "over":
            lines.append(tr("cenzr.deal_over"))
        elif deciding:
            lines.extend(self._deciding(v, names, tr))
        else:
            lines.append(tr("cenzr.wait"))
        return Html("\n".join(lines))

    def _secrets(self, v: PlayerView, names: Sequence[str], tr: Translator) -> list[Html]:
        """What only this seat knows: that it holds the called card, and bela."""
        p = v.public
        lines: list[Html] = []
        if not p.revealed and v.role == "samec":
            lines.append(tr("cenzr.you_samec"))
        elif not p.revealed and v.role == "partner" and p.chooser is not None:
            lines.append(tr("cenzr.you_partner", name=names[p.chooser]))
        if v.bela and p.phase != "over":
            lines.append(tr("cenzr.own_bela"))
        return lines

    def _deciding(self, v: PlayerView, names: Sequence[str], tr: Translator) -> list[Html]:
        p = v.public
        lines: list[Html] = []
        if p.phase == "call":
            if p.passes:
                lines.append(tr("cenzr.passes", names=", ".join(names[s] for s in p.passes)))
            lines.append(tr("cenzr.your.call"))
            return lines
        if p.phase == "bela":
            lines.extend(self._bela_question(v, tr))
            return lines
        lines.extend(self._protocol_lines(p, names, tr))
        if p.trick:
            lines.append(tr("cenzr.on_table", cards=self._trick(p.trick, names, tr)))
        if p.history:
            last = p.history[-1]
            cards = self._trick(last.plays, names, tr)
            lines.append(tr("cenzr.last_trick", winner=names[last.winner], cards=cards))
        if v.declarations and not p.history:  # trick 1: what he could announce
            own = ", ".join(self._declaration(d, tr) for d in v.declarations)
            lines.append(tr("cenzr.own_declarations", list=Html(own)))
        if "announce" in v.legal:
            claim = claim_of(v.declarations)
            if claim is not None:
                lines.append(tr("cenzr.your.announce", said=self.said(*claim, tr)))
        if v.seat not in p.to_act:  # own_turn_or_early: he may announce before his turn
            lines.append(tr("cenzr.your.early"))
        else:
            lines.append(tr("cenzr.your.follow" if p.trick else "cenzr.your.lead"))
        return lines

    def _bela_question(self, v: PlayerView, tr: Translator) -> list[Html]:
        lines = [tr("cenzr.your.bela")]
        for choice, result in (v.bela_choice or {}).items():
            key = "cenzr.bela_if.won" if result["won"] else "cenzr.bela_if.lost"
            mine = result["recorded"].get(str(v.seat), 0)
            lines.append(
                tr(
                    key,
                    choice=tr(f"cenzr.bela_choice.{choice}"),
                    c=result["C"],
                    d=result["D"],
                    mine=mine,
                )
            )
        return lines

    # -- keyboards ---------------------------------------------------------------------

    def is_public(self, code: str) -> bool:
        return False

    def public_keyboard(self, codes: Sequence[str], view: Any, tr: Translator) -> Keyboard:
        return []

    def private_keyboard(
        self, codes: Sequence[str], view: Any, tr: Translator, pick: str | None
    ) -> Keyboard:
        """The call picker, the announcement, the cards, bela: every legal code."""
        v: PlayerView = view
        calls = {c.partition(":")[2]: c for c in codes if c.startswith("call:")}
        keyboard: Keyboard = []
        if calls:
            keyboard += self._call_keyboard(calls, tr, pick)
        if "announce" in codes:
            claim = claim_of(v.declarations)
            said = self.said(*claim, tr) if claim is not None else tr("cenzr.kind.any")
            keyboard.append([Button(str(tr("cenzr.btn.announce", said=said)), action="announce")])
        order = {c: i for i, c in enumerate(v.hand)}
        plays = sorted(
            (c for c in codes if c.startswith("play:")),
            key=lambda c: order.get(c.partition(":")[2], len(order)),
        )
        keyboard += _rows([Button(card_text(c.partition(":")[2], tr), action=c) for c in plays])
        extra = [
            Button(str(tr(f"cenzr.btn.{c.replace(':', '_')}")), action=c)
            for c in codes
            if c in ("pass", "bela:yes", "bela:no")
        ]
        keyboard += _rows(extra, 2)
        return keyboard

    @staticmethod
    def _call_keyboard(calls: Mapping[str, str], tr: Translator, pick: str | None) -> Keyboard:
        """Two presses: a suit (a pick, nothing is decided), then the card of that suit."""
        if pick is None or not any(card[1] == pick for card in calls):
            suits = [s for s in SUIT_ORDER if any(card[1] == s for card in calls)]
            label = "cenzr.btn.suit"
            buttons = [
                Button(str(tr(label, symbol=SUITS[s], suit=tr(f"marias.suit.{s}"))), pick=s)
                for s in suits
            ]
            return _rows(buttons, 2)
        cards = [f"{rank}{pick}" for rank in NATURAL if f"{rank}{pick}" in calls]
        back = Button(str(tr("cenzr.btn.back", symbol=SUITS[pick])), pick="-")
        choices = [
            Button(
                str(
                    tr(f"cenzr.btn.rank.{c[0]}", suit=tr(f"cenzr.with_suit.{_GENDER[c[0]]}.{pick}"))
                ),
                action=calls[c],
            )
            for c in cards
        ]
        return [[back], *_rows(choices, 2)]

    # -- actions, results, scores ------------------------------------------------------

    def action_text(self, code: str, tr: Translator) -> Html:
        head, _, arg = code.partition(":")
        if head == "call":
            return tr("cenzr.did.call", card=call_phrase(arg, tr))
        if head == "play":
            return tr("cenzr.did.play", card=card_text(arg, tr))
        return tr(f"cenzr.did.{code.replace(':', '_')}")

    def result_text(self, outcome: Mapping[str, Any], names: Sequence[str], tr: Translator) -> Html:
        """The count (§5): each side's card points, last trick, declarations, bela and
        péro, who won, and what each player records."""
        s: Mapping[str, Any] = outcome["summary"]
        lines = [tr("cenzr.result.title")]
        if s.get("annulled"):
            lines.append(tr("cenzr.result.annulled"))
            return Html("\n".join(lines))
        chooser, partner = int(s["chooser"]), int(s["partner"])
        lines.append(
            tr(
                "cenzr.result.contract",
                name=names[chooser],
                card=call_phrase(str(s["called"]), tr),
                trump=self._trump(str(s["trump"]), tr),
            )
        )
        active: list[int] = [int(x) for x in s["active"]]
        lines.append(self._sides_line(chooser, partner, s.get("samec"), active, names, tr))
        choosing = [int(x) for x in s["choosing_side"]]
        defending = [int(x) for x in s["defending_side"]]
        lines.append(self._side(s, choosing, "C", names, tr))
        lines.append(self._side(s, defending, "D", names, tr))
        decl: Mapping[str, Any] = s.get("declarations") or {}
        for entry in decl.get("valid", []):
            own = ", ".join(
                f"{self._declaration(d, tr)} ({d['points']})" for d in entry["declarations"]
            )
            lines.append(tr("cenzr.result.declarations", name=names[entry["seat"]], list=Html(own)))
        for entry in decl.get("cancelled", []):
            own = ", ".join(str(self._declaration(d, tr)) for d in entry["declarations"])
            lines.append(tr("cenzr.result.cancelled", name=names[entry["seat"]], list=Html(own)))
        bela = s.get("bela")
        if bela:
            key = "cenzr.result.bela_counted" if bela["counted"] else "cenzr.result.bela_not"
            lines.append(tr(key, name=names[int(bela["holder"])], points=bela["points"]))
        if s.get("pero"):
            lines.append(tr("cenzr.result.pero"))
        key = "cenzr.result.won" if s["won"] else "cenzr.result.lost"
        lines.append(tr(key, c=s["C"], d=s["D"]))
        recorded: Mapping[str, int] = s.get("recorded") or {}
        shown = " · ".join(f"{escape(names[int(k)])} {v}" for k, v in recorded.items())
        lines.append(tr("cenzr.result.recorded", list=Html(shown)))
        return Html("\n".join(lines))

    def _side(
        self,
        s: Mapping[str, Any],
        seats: Sequence[int],
        side: str,
        names: Sequence[str],
        tr: Translator,
    ) -> Html:
        """ "Jana + Petr: karty 60 + poslední štych 10 + hlášky 50 + péro 100 = 220"."""
        cards: Mapping[str, int] = s.get("card_points") or {}
        points: Mapping[str, int] = (s.get("declarations") or {}).get("points") or {}
        parts = [str(tr("cenzr.result.part.cards", n=sum(cards.get(str(x), 0) for x in seats)))]
        if int(s.get("last_trick", -1)) in seats:
            parts.append(str(tr("cenzr.result.part.last", n=10)))
        declared = sum(points.get(str(x), 0) for x in seats)
        if declared:
            parts.append(str(tr("cenzr.result.part.declarations", n=declared)))
        bela = s.get("bela")
        if bela and bela["counted"] and int(bela["holder"]) in seats:
            parts.append(str(tr("cenzr.result.part.bela", n=bela["points"])))
        total = int(s[side])
        rest = total - sum(cards.get(str(x), 0) for x in seats) - declared
        rest -= 10 if int(s.get("last_trick", -1)) in seats else 0
        rest -= bela["points"] if bela and bela["counted"] and int(bela["holder"]) in seats else 0
        if s.get("pero") == side and rest > 0:
            parts.append(str(tr("cenzr.result.part.pero", n=rest)))
        key = "cenzr.result.side_c" if side == "C" else "cenzr.result.side_d"
        return tr(key, names=_names(seats, names), parts=Html(" + ".join(parts)), total=total)

    def format_score(self, value: int, tr: Translator) -> Html:
        return tr("cenzr.points", n=value)

    # -- the score sheet (§5.5, §6.4) --------------------------------------------------

    def running_text(self, match: Match, names: Sequence[str], tr: Translator) -> Html | None:
        """Under a result: this round's totals and, once a round is over, the labeta."""
        data = match.data
        results: list[list[int]] = list(data.get("results", []))
        lines = []
        if not match.over:
            totals = " · ".join(
                f"{escape(n)} {t}" for n, t in zip(names, match.totals, strict=False)
            )
            lines.append(tr("cenzr.sheet.running", round=data.get("round", 1), list=Html(totals)))
        if results and match.over:  # the final standings and the sheet follow
            last = " · ".join(f"{escape(n)} {r}" for n, r in zip(names, results[-1], strict=False))
            lines.append(tr("cenzr.sheet.round_done", round=len(results), list=Html(last)))
        elif results:
            lines.append(self._labeta_line(match, names, tr))
        return Html("\n".join(lines)) if lines else None

    def _labeta_line(self, match: Match, names: Sequence[str], tr: Translator) -> Html:
        results: list[list[int]] = list(match.data.get("results", []))
        last = " · ".join(f"{escape(n)} {r}" for n, r in zip(names, results[-1], strict=False))
        done = tr("cenzr.sheet.round_done", round=len(results), list=Html(last))
        total = match.counter(labeta.LABETA)
        summed = " · ".join(f"{escape(n)} {t}" for n, t in zip(names, total, strict=False))
        return Html(f"{done}\n{tr('cenzr.sheet.labeta_line', n=len(results), list=Html(summed))}")

    def sheet_text(
        self,
        match: Match,
        deals: Sequence[Mapping[str, Any]],
        options: Any,
        names: Sequence[str],
        tr: Translator,
    ) -> Html | None:
        """The paper score sheet: the rows of the round being played (or the last one
        played), each with the running round totals, and the labeta by rounds."""
        opts: CenzrOptions = options
        rounds = self._rounds(match, deals, opts)
        short = [self._short(n) for n in names]
        lines: list[str] = []
        rows_of = next((r for r in reversed(rounds) if r[1]), None)
        if rows_of is not None:
            number, rows, ended = rows_of
            head = "cenzr.sheet.round_over" if ended else "cenzr.sheet.round"
            lines.append(tr(head, round=number, target=opts.round_target))
            table = ["   " + " ".join(f"{n:>{_SHEET_NAME}}" for n in short)]
            for index, (notes, totals) in enumerate(rows, 1):
                if "annulled" in notes:
                    cells = " ".join(f"{'·':>{_SHEET_NAME}}" for _ in totals)
                else:
                    cells = " ".join(f"{t:>{_SHEET_NAME}}" for t in totals)
                marks = "".join(str(tr(f"cenzr.sheet.mark.{n}")) for n in notes.split(",") if n)
                table.append(f"{index:>2} {cells} {marks}".rstrip())
            if ended is not None:
                cells = " ".join(f"{t:>{_SHEET_NAME}}" for t in ended)
                table.append(f"{'=':>2} {cells}")
            lines.append(self._pre(table))
            lines.append(tr("cenzr.sheet.legend"))
        results: list[list[int]] = list(match.data.get("results", []))
        total_rounds = labeta.round_count(opts, match.seats)
        lines.append(tr("cenzr.sheet.labeta", n=len(results), of=total_rounds))
        if results:
            table = ["   " + " ".join(f"{n:>{_SHEET_NAME}}" for n in short)]
            for index, result in enumerate(results, 1):
                table.append(f"{index:>2} " + " ".join(f"{t:>{_SHEET_NAME}}" for t in result))
            summed = match.counter(labeta.LABETA)
            table.append(" Σ " + " ".join(f"{t:>{_SHEET_NAME}}" for t in summed))
            lines.append(self._pre(table))
        if not match.over:
            first = int(match.data.get("round_dealer", match.dealer))
            lines.append(
                tr(
                    "cenzr.sheet.round_dealer",
                    round=match.data.get("round", 1),
                    name=names[first],
                    next=names[(first + 1) % match.seats],
                )
            )
        return Html("\n".join(lines))

    @staticmethod
    def _short(name: str) -> str:
        return name if len(name) <= _SHEET_NAME else name[: _SHEET_NAME - 1] + "…"

    @staticmethod
    def _pre(rows: Sequence[str]) -> str:
        return "<pre>" + escape("\n".join(rows)) + "</pre>"

    @staticmethod
    def _rounds(
        match: Match, deals: Sequence[Mapping[str, Any]], options: CenzrOptions
    ) -> list[tuple[int, list[tuple[str, tuple[int, ...]]], tuple[int, ...] | None]]:
        """The stored deals split into rounds by the engine's own match rules:
        (round number, rows of (note, running totals), the capped result or None)."""
        if not deals:
            return []
        first = int(deals[0]["summary"].get("dealer", 0))
        replay = labeta.start(options, match.seats, first)
        rounds: list[tuple[int, list[tuple[str, tuple[int, ...]]], tuple[int, ...] | None]] = []
        rows: list[tuple[str, tuple[int, ...]]] = []
        for stored in deals:
            summary = stored["summary"]
            played = bool(stored.get("played", not summary.get("annulled")))
            outcome = Outcome(tuple(stored["scores"]), summary, played)
            before = int(replay.data.get("round", 1))
            running = tuple(t + s for t, s in zip(replay.totals, outcome.scores, strict=True))
            notes = []
            if not outcome.played:
                notes.append("annulled")
            elif summary.get("samec"):
                notes.append("samec")
            if summary.get("pero"):
                notes.append("pero")
            rows.append((",".join(notes), running))
            replay = labeta.record_deal(replay, outcome, options)
            if int(replay.data.get("round", 1)) != before or replay.over:
                result = tuple(replay.data.get("results", [])[-1])
                rounds.append((before, rows, result))
                rows = []
        if replay.to_dict() != match.to_dict():
            return []  # the stored deals do not make this match: show the labeta only
        if rows or not rounds:
            rounds.append((int(match.data.get("round", 1)), rows, None))
        return rounds

    # -- settings and rules ------------------------------------------------------------

    def option_choices(self) -> Mapping[str, Sequence[object]]:
        choices = CenzrOptions.choices()
        offered = {name: choices[name] for name in OFFERED}
        offered["first_dealer"] = ("cut", "random")  # "manual": the bot has no host to ask
        return offered

    def option_label(self, name: str, tr: Translator) -> Html:
        return tr.get(f"cenzr.opt.{name}", name)

    def option_value(self, name: str, value: object, tr: Translator) -> Html:
        if isinstance(value, bool):
            return tr("common.yes" if value else "common.no")
        return tr.get(f"cenzr.optval.{name}.{value}", str(value))

    def rules_text(self, tr: Translator) -> Html:
        return tr("cenzr.rules")
