"""Tisíc on Telegram: the auction, the talon, the contract, marriages, the score sheet.

Uses only ``PublicView`` and ``PlayerView`` (games/tisic/views.py) and the
legal action codes, so nothing shown can hold a card the reader may not see:
the talon lies face down unless the table plays with ``show_talon``, only the
declarer's own message shows what he took and what he laid away, and the
discards are shown to all only in the result. Texts come from ``tisic.*``.

The auction is decided on the group's table message: [Dobrý] and the next
few bids, and "➕" (a selection step, ``Button(pick=...)``) that opens every
bid up to the maximum in the bidder's direct chat. The declarer's talon, the
discard (two presses: the first card is a pick, the second discards both),
the forfeit and the contract are in his direct chat; a storno vote is on the
group message. In play a K or Q whose marriage may be declared has a second
button, "👑 TRUMF (hláška 100)", beside the plain card.

The score sheet (§8.5) is written as players keep it: a row per deal in seat
order with the contract in a fourth column, "+N", "(N)" for an úpis, "–"
for a čárka, blank for the seat sitting out, and the running totals under
each deal.

Cards are German-suited as in Mariáš (``bot.render.marias``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.render.base import Button, Keyboard
from bot.render.i18n import Html, Translator, escape
from bot.render.marias import SUITS, card_text, rank_text
from games.match import Match
from games.tisic import match as tisic_match
from games.tisic.options import TisicOptions
from games.tisic.views import PlayerView, PublicView

__all__ = ["MARRIAGE", "TisicRenderer"]

MARRIAGE = {"c": 100, "s": 80, "d": 60, "h": 40}
"""The marriage values of §3 (the spec's mapping, not the Polish one)."""
MORE = "more"
"""The pick that opens every bid (or contract) in the direct chat."""
_SHOWN = 6
"""Bids (or contracts) offered at once; the rest behind "➕"."""
_ROW = 4
_CELL = 5
"""Characters of a score sheet column (a phone shows about 32 in <pre>)."""
_SHEET_ROWS = 12
"""Deals shown on the sheet; older ones are summed into a carried row."""

OFFERED = (
    "max_players",
    "show_talon",
    "storno_by_agreement",
    "forfeit_allowed",
    "bid_step",
    "max_bid",
    "marriage_required_above_120",
    "first_lead",
    "marriage_by",
    "follow_rule",
    "rounding",
    "declarer_scores",
    "target_score",
    "target_inclusive",
    "winner_rule",
    "stakes",
    "base",
    "carka_price",
    "upis_price",
    "first_dealer",
    "deal_pattern",
)
"""The house rules /settings offers. ``deck_style`` is not offered: the bot
shows German-suited cards as in Mariáš."""


def _cards(codes: Sequence[str], tr: Translator) -> Html:
    return escape(", ".join(card_text(c, tr) for c in codes))


def _by_suit(codes: Sequence[str], tr: Translator) -> list[Html]:
    """One line per suit in the view's order (trumps first): "❤️ eso 10 král"."""
    lines: list[str] = []
    current = ""
    for code in codes:
        if code[1] != current:
            lines.append(SUITS[code[1]])
            current = code[1]
        lines[-1] += f" {rank_text(code, tr)}"
    return [escape(line) for line in lines]


def _rows(buttons: list[Button], width: int = _ROW) -> Keyboard:
    return [buttons[i : i + width] for i in range(0, len(buttons), width)]


def _amount(code: str) -> int:
    return int(code.partition(":")[2])


def _signed(value: int) -> str:
    return f"+{value}" if value > 0 else f"−{-value}" if value < 0 else "0"


class TisicRenderer:
    """The ``GameRenderer`` of Tisíc."""

    variant_id = "tisic"
    catalog = "tisic"
    lower_is_better = False

    # -- texts -------------------------------------------------------------------------

    def table_text(self, view: Any, names: Sequence[str], tr: Translator) -> Html:
        p: PublicView = view
        lines = self._contract_lines(p, names, tr)
        if p.phase not in ("play", "over") and p.calls:
            lines.append(self._calls(p.calls, names, tr))
        if p.talon:
            lines.append(tr("tisic.talon_face_up", cards=_cards(p.talon, tr)))
        lines.extend(self._play_lines(p, names, tr))
        if p.phase == "storno":
            lines.append(self._storno_line(p, names, tr))
        lines.append(self._turn_line(p, names, tr))
        return Html("\n".join(lines))

    def hand_text(
        self, view: Any, names: Sequence[str], tr: Translator, *, waiting: bool = False
    ) -> Html:
        """The hand, the contract and trumps and, for the seat that must decide, all
        it needs. A seat that waits gets a text that others' moves do not change
        (its cards change only with its own plays; the contract and trumps a few
        times a deal)."""
        v: PlayerView = view
        p = v.public
        if v.seat not in p.active:
            return tr("tisic.sitting_out")
        lines = [tr("tisic.hand_title", n=len(v.hand))]
        lines.extend(_by_suit(v.hand, tr) or [tr("tisic.no_cards")])
        if v.talon and p.phase == "talon":
            lines.append(tr("tisic.own_talon", cards=_cards(v.talon, tr)))
        if v.discards:
            lines.append(tr("tisic.own_discards", cards=_cards(v.discards, tr)))
        lines.append(Html(""))
        lines.extend(self._contract_lines(p, names, tr, high=False))
        if p.phase == "over":
            lines.append(tr("tisic.deal_over"))
        elif v.seat in p.to_act and not waiting:
            lines.extend(self._deciding(v, names, tr))
        else:
            lines.append(tr("tisic.wait"))
        return Html("\n".join(lines))

    def _deciding(self, v: PlayerView, names: Sequence[str], tr: Translator) -> list[Html]:
        p = v.public
        lines: list[Html] = []
        if p.phase == "auction":
            if p.calls:
                lines.append(self._calls(p.calls, names, tr))
            lines.append(tr("tisic.your.auction", high=p.high, name=names[p.high_bidder]))
        elif p.phase == "talon":
            lines.append(tr("tisic.your.talon"))
            if "storno" in v.legal:
                lines.append(tr("tisic.your.storno_hint"))
        elif p.phase == "contract":
            lines.append(tr("tisic.your.contract", bid=p.bid))
        elif p.phase == "storno":
            lines.append(self._storno_line(p, names, tr))
            lines.append(tr("tisic.your.storno", name=names[p.declarer or 0]))
        elif p.phase == "play":
            lines.extend(self._play_lines(p, names, tr, tricks=False))
            lead = not p.trick
            lines.append(tr("tisic.your.lead" if lead else "tisic.your.follow"))
            if any(c.startswith("trumf:") for c in v.legal):
                lines.append(tr("tisic.your.trumf_hint"))
        if any(self.is_public(c) for c in v.legal):
            lines.append(tr("tisic.also_in_group"))
        return lines

    def _contract_lines(
        self, p: PublicView, names: Sequence[str], tr: Translator, *, high: bool = True
    ) -> list[Html]:
        """The obligation, the declarer and his bid and contract, the trumps: what changes
        only a few times a deal (``high``: the auction's highest bid too, which is not)."""
        lines: list[Html] = []
        if p.declarer is None:
            lines.append(tr("tisic.obligation", name=names[p.active[0]]))
            if high and p.phase == "auction" and p.high_bidder != p.active[0]:
                lines.append(tr("tisic.high", name=names[p.high_bidder], n=p.high))
            return lines
        name = names[p.declarer]
        if p.contract is not None:
            if p.obligation and p.contract == p.bid:
                lines.append(tr("tisic.plays_obligation", name=name, n=p.contract))
            elif p.contract != p.bid:
                lines.append(tr("tisic.plays_raised", name=name, n=p.contract, bid=p.bid))
            else:
                lines.append(tr("tisic.plays", name=name, n=p.contract))
        elif p.obligation:
            lines.append(tr("tisic.won_obligation", name=name, n=p.bid))
        else:
            lines.append(tr("tisic.won_auction", name=name, n=p.bid))
        if p.phase in ("play", "over") and p.contract is not None:
            if p.trump is None:
                lines.append(tr("tisic.no_trumps"))
            else:
                lines.append(tr("tisic.trumps", suit=self._suit(p.trump, tr)))
        return lines

    @staticmethod
    def _suit(suit: str, tr: Translator) -> Html:
        return escape(f"{SUITS[suit]} {tr(f'tisic.suit.{suit}')}")

    def _calls(self, calls: Sequence[Sequence[Any]], names: Sequence[str], tr: Translator) -> Html:
        said = []
        for seat, code in calls:
            if code == "pass":
                said.append(f"{escape(names[seat])}: {tr('tisic.said.pass')}")
            else:
                said.append(f"{escape(names[seat])}: {_amount(code)}")
        return tr("tisic.calls", calls=Html(" · ".join(said)))

    def _play_lines(
        self, p: PublicView, names: Sequence[str], tr: Translator, *, tricks: bool = True
    ) -> list[Html]:
        """Marriages, tricks per player, the trick on the table and the last one."""
        lines: list[Html] = []
        if p.marriages:
            lines.append(tr("tisic.marriages", list=self._marriages(p.marriages, names, tr)))
        if tricks and (p.phase == "play" or (p.phase == "over" and p.history)):
            won = " · ".join(f"{escape(names[s])} {p.tricks_won.get(s, 0)}" for s in p.active)
            lines.append(tr("tisic.tricks", list=Html(won)))
        if p.phase == "play" and p.trick:
            lines.append(tr("tisic.on_table", cards=self._trick(p.trick, names, tr)))
        if p.last_trick and p.last_winner is not None:
            cards = self._trick(p.last_trick, names, tr)
            lines.append(tr("tisic.last_trick", cards=cards, winner=names[p.last_winner]))
        return lines

    def _marriages(
        self, marriages: Sequence[Sequence[Any]], names: Sequence[str], tr: Translator
    ) -> Html:
        return Html(
            " · ".join(
                f"{escape(names[int(seat)])} {self._suit(str(suit), tr)} {value}"
                for seat, suit, value in marriages
            )
        )

    @staticmethod
    def _trick(trick: Sequence[tuple[int, str]], names: Sequence[str], tr: Translator) -> Html:
        return Html(" · ".join(f"{escape(names[s])} {escape(card_text(c, tr))}" for s, c in trick))

    def _storno_line(self, p: PublicView, names: Sequence[str], tr: Translator) -> Html:
        votes = " · ".join(
            f"{escape(names[s])}: {tr('tisic.vote.yes' if yes else 'tisic.vote.no')}"
            for s, yes in p.storno_votes
        )
        name = names[p.declarer] if p.declarer is not None else ""
        if votes:
            return tr("tisic.storno_votes", name=name, votes=Html(votes))
        return tr("tisic.storno_asked", name=name)

    def _turn_line(self, p: PublicView, names: Sequence[str], tr: Translator) -> Html:
        if p.phase == "over":
            return tr("tisic.deal_over")
        who = ", ".join(names[s] for s in p.to_act)
        return tr("tisic.turn", name=who, what=tr(f"tisic.doing.{p.phase}"))

    # -- keyboards ---------------------------------------------------------------------

    def is_public(self, code: str) -> bool:
        return code == "pass" or code.startswith("bid:") or code.startswith("storno:")

    def public_keyboard(self, codes: Sequence[str], view: Any, tr: Translator) -> Keyboard:
        bids = [c for c in codes if c.startswith("bid:")]
        rows: Keyboard = []
        if "pass" in codes:
            first = [Button(str(tr("tisic.btn.pass")), action="pass")]
            rows.append(first)
        if bids:
            shown = [Button(self._bid_label(c, tr), action=c) for c in bids[:_SHOWN]]
            rows.extend(_rows(shown, 3))
            if len(bids) > _SHOWN:
                rows.append([Button(str(tr("tisic.btn.more_group")), pick=MORE)])
        votes = [c for c in codes if c.startswith("storno:")]
        if votes:
            rows.append(
                [Button(str(tr(f"tisic.btn.{c.replace(':', '_')}")), action=c) for c in votes]
            )
        return rows

    @staticmethod
    def _bid_label(code: str, tr: Translator) -> str:
        n = _amount(code)
        return str(tr("tisic.btn.bid_sest")) if n == 60 else str(n)

    def private_keyboard(
        self, codes: Sequence[str], view: Any, tr: Translator, pick: str | None
    ) -> Keyboard:
        """Every legal action of the seat, the group's public decisions included."""
        v: PlayerView = view
        if not codes:
            return []
        discards = [c for c in codes if c.startswith("discard:")]
        if discards or v.public.phase == "talon":
            return self._talon_keyboard(codes, discards, v, tr, pick)
        bids = [c for c in codes if c.startswith("bid:")]
        contracts = [c for c in codes if c.startswith("contract:")]
        if bids or contracts or "pass" in codes:
            return self._amounts_keyboard(codes, bids, contracts, tr, pick)
        cards: list[Button] = []
        marriages: list[Button] = []
        others: list[Button] = []
        for code in codes:
            head, _, arg = code.partition(":")
            if head == "play":
                cards.append(Button(card_text(arg, tr), action=code))
            elif head == "trumf":
                label = tr("tisic.btn.trumf", card=card_text(arg, tr), n=MARRIAGE[arg[1]])
                marriages.append(Button(str(label), action=code))
            else:
                others.append(Button(str(tr(f"tisic.btn.{code.replace(':', '_')}")), action=code))
        order = {code: i for i, code in enumerate(v.hand)}

        def in_hand(button: Button) -> int:
            return order.get((button.action or "").partition(":")[2], len(order))

        cards.sort(key=in_hand)
        marriages.sort(key=in_hand)
        return [*_rows(cards), *_rows(marriages, 1), *_rows(others, 2)]

    def _amounts_keyboard(
        self,
        codes: Sequence[str],
        bids: list[str],
        contracts: list[str],
        tr: Translator,
        pick: str | None,
    ) -> Keyboard:
        """The auction ([Dobrý] and bids) or the contract ([Hraju 80] and raises): the
        first few at once, all of them behind "➕"."""
        rows: Keyboard = []
        if "pass" in codes:
            rows.append([Button(str(tr("tisic.btn.pass")), action="pass")])
        amounts = bids or contracts
        label = self._bid_label if bids else self._contract_label
        everything = pick == MORE
        shown = amounts if everything else amounts[:_SHOWN]
        width = 5 if everything else 3
        rows.extend(_rows([Button(label(c, tr), action=c) for c in shown], width))
        if everything:
            rows.append([Button(str(tr("tisic.btn.fewer")), pick="-")])
        elif len(amounts) > _SHOWN:
            rows.append([Button(str(tr("tisic.btn.more")), pick=MORE)])
        rest = [c for c in codes if c != "pass" and c not in amounts]
        rows.extend(
            _rows([Button(str(tr(f"tisic.btn.{c.replace(':', '_')}")), action=c) for c in rest], 2)
        )
        return rows

    def _contract_label(self, code: str, tr: Translator) -> str:
        return str(tr("tisic.btn.contract", n=_amount(code)))

    def _talon_keyboard(
        self,
        codes: Sequence[str],
        discards: list[str],
        v: PlayerView,
        tr: Translator,
        pick: str | None,
    ) -> Keyboard:
        """Two presses: the first card is a pick (no state change), the second lays
        both away. Aces and tens have no button (§6.2). Forfeit and storno below."""
        pairs: dict[frozenset[str], str] = {}
        for code in discards:
            a, b = code.partition(":")[2].split(",")
            pairs[frozenset((a, b))] = code
        usable = [c for c in v.hand if any(c in pair for pair in pairs)]
        if pick is None or pick not in usable:
            rows = _rows([Button(card_text(c, tr), pick=c) for c in usable])
        else:
            buttons = [Button("✅ " + card_text(pick, tr), pick="-")]
            for c in usable:
                pair = pairs.get(frozenset((pick, c)))
                if pair is not None:
                    buttons.append(Button(card_text(c, tr), action=pair))
            rows = _rows(buttons)
        rest = [c for c in codes if not c.startswith("discard:")]
        rows.extend(
            _rows([Button(str(tr(f"tisic.btn.{c.replace(':', '_')}")), action=c) for c in rest], 2)
        )
        return rows

    # -- actions, results, scores ------------------------------------------------------

    def action_text(self, code: str, tr: Translator) -> Html:
        """A move as the table may hear it: a discard never names its cards."""
        head, _, arg = code.partition(":")
        if head == "bid":
            return tr("tisic.did.bid", n=arg)
        if head == "contract":
            return tr("tisic.did.contract", n=arg)
        if head in ("play", "trumf"):
            return tr(f"tisic.did.{head}", card=card_text(arg, tr))
        if head == "discard":
            return tr("tisic.did.discard")
        return tr(f"tisic.did.{code.replace(':', '_')}")

    def result_text(self, outcome: Mapping[str, Any], names: Sequence[str], tr: Translator) -> Html:
        """The deal explained: the contract, each player's raw points with marriages and
        discards, the rounding, and what is written (úpis, score, čárka)."""
        s: Mapping[str, Any] = outcome["summary"]
        lines = [tr("tisic.result.title")]
        declarer = s.get("declarer")
        end = s.get("end")
        if declarer is None:
            lines.append(tr("tisic.result.redeal"))
            return Html("\n".join(lines))
        name = names[int(declarer)]
        contract, bid = s.get("contract"), s.get("bid")
        if end == "played" and contract is not None:
            if s.get("obligation") and contract == bid:
                lines.append(tr("tisic.result.obligation", name=name, n=contract))
            elif contract != bid:
                lines.append(tr("tisic.result.raised", name=name, n=contract, bid=bid))
            else:
                lines.append(tr("tisic.result.contract", name=name, n=contract))
        else:
            lines.append(tr("tisic.result.won", name=name, n=bid))
        if s.get("bids"):
            lines.append(self._calls(s["bids"], names, tr))
        written: list[int] = list(s.get("written") or outcome.get("scores") or [])
        active: list[int] = [int(x) for x in s.get("active", [])]
        if end == "storno":
            lines.append(tr("tisic.result.storno"))
            return Html("\n".join(lines))
        if end == "redeal":
            lines.append(tr("tisic.result.redeal"))
            return Html("\n".join(lines))
        if end == "forfeit":
            bonus = next((written[x] for x in active if x != declarer), 0)
            lines.append(tr("tisic.result.forfeit", name=name, n=bid, bonus=bonus))
        elif end == "renonc":
            offender = s.get("offender")
            who = names[int(offender)] if offender is not None else name
            lines.append(tr("tisic.result.renonc", name=who))
        else:
            lines.extend(self._points(s, active, names, tr))
            discards = s.get("discards") or []
            if discards:
                lines.append(tr("tisic.result.discards", cards=_cards(discards, tr)))
        lines.append(self._written(s, written, active, names, tr))
        return Html("\n".join(lines))

    def _points(
        self, s: Mapping[str, Any], active: list[int], names: Sequence[str], tr: Translator
    ) -> list[Html]:
        """One line per player: cards (+ discards) + marriages = raw, rounded → written."""
        declarer = int(s["declarer"])
        cards: list[int] = s.get("card_points", [])
        raw: list[int] = s.get("raw", [])
        rounded: list[int] = s.get("rounded", [])
        written: list[int] = s.get("written", [])
        discard_points = self._discard_points(s.get("discards") or [])
        marriages: dict[int, list[Mapping[str, Any]]] = {}
        for m in s.get("marriages", []):
            marriages.setdefault(int(m["seat"]), []).append(m)
        lines: list[Html] = []
        for seat in active:
            parts: list[str] = []
            from_cards = cards[seat] - (discard_points if seat == declarer else 0)
            parts.append(str(tr("tisic.result.part.cards", n=from_cards)))
            if seat == declarer and discard_points:
                parts.append(str(tr("tisic.result.part.discards", n=discard_points)))
            for m in marriages.get(seat, []):
                suit = self._suit(str(m["suit"]), tr)
                parts.append(str(tr("tisic.result.part.marriage", suit=suit, n=m["value"])))
            sum_text = Html(" + ".join(parts))
            name = names[seat]
            if seat == declarer:
                key = (
                    "tisic.result.declarer_made"
                    if s.get("made")
                    else "tisic.result.declarer_failed"
                )
                lines.append(tr(key, name=name, parts=sum_text, raw=raw[seat], n=s.get("contract")))
            elif rounded[seat] != raw[seat]:
                lines.append(
                    tr(
                        "tisic.result.defender_rounded",
                        name=name,
                        parts=sum_text,
                        raw=raw[seat],
                        rounded=rounded[seat],
                    )
                )
            else:
                lines.append(
                    tr("tisic.result.defender", name=name, parts=sum_text, raw=written[seat])
                )
        return lines

    @staticmethod
    def _discard_points(codes: Sequence[str]) -> int:
        return sum({"J": 2, "Q": 3, "K": 4}.get(c[0], 0) for c in codes)

    def _written(
        self,
        s: Mapping[str, Any],
        written: Sequence[int],
        active: Sequence[int],
        names: Sequence[str],
        tr: Translator,
    ) -> Html:
        upisy = {int(x) for x in s.get("upisy", [])}
        carky = {int(x) for x in s.get("carky", [])}
        parts = []
        for seat in active:
            cell = self._cell(written[seat], seat in upisy, seat in carky)
            parts.append(f"{escape(names[seat])} {escape(cell)}")
        text = tr("tisic.result.recorded", list=Html(" · ".join(parts)))
        notes = []
        if upisy:
            notes.append(
                str(tr("tisic.result.upis", names=", ".join(names[x] for x in sorted(upisy))))
            )
        if carky:
            notes.append(
                str(tr("tisic.result.carka", names=", ".join(names[x] for x in sorted(carky))))
            )
        return Html("\n".join([text, *notes]))

    @staticmethod
    def _cell(value: int, upis: bool, carka: bool) -> str:
        """A sheet cell (§8.5): "+N", "(N)" for an úpis, "–" for a čárka."""
        if upis:
            return f"({abs(value)})"
        if carka:
            return "–"
        return f"+{value}" if value >= 0 else str(value)

    def format_score(self, value: int, tr: Translator) -> Html:
        return tr("tisic.score", n="−" + str(-value) if value < 0 else str(value))

    def running_text(self, match: Match, names: Sequence[str], tr: Translator) -> Html | None:
        """The totals with the tallies that the settlement prices."""
        upisy, carky = match.counter(tisic_match.UPISY), match.counter(tisic_match.CARKY)
        parts = []
        for seat, name in enumerate(names):
            if seat >= match.seats:
                break
            tally = self._tally(upisy[seat], carky[seat], tr)
            score = self.format_score(match.totals[seat], tr)
            parts.append(f"{escape(name)} {score}{tally}")
        return tr("tisic.running", deals=match.deals, list=Html(" · ".join(parts)))

    @staticmethod
    def _tally(upisy: int, carky: int, tr: Translator) -> str:
        marks = []
        if upisy:
            marks.append(str(tr("tisic.tally.upisy", n=upisy)))
        if carky:
            marks.append(str(tr("tisic.tally.carky", n=carky)))
        return f" ({', '.join(marks)})" if marks else ""

    def sheet_text(
        self,
        match: Match,
        deals: Sequence[Mapping[str, Any]],
        options: Any,
        names: Sequence[str],
        tr: Translator,
    ) -> Html | None:
        """The paper score sheet (§8.5) over the stored deals, the tallies and, once a
        beer match is over, who owes beer (§10.2)."""
        opts: TisicOptions = options
        lines: list[str] = []
        if deals:
            lines.append(str(tr("tisic.sheet.title", target=opts.target_score)))
            lines.append(self._sheet(match, deals, names, tr))
            lines.append(str(tr("tisic.sheet.legend")))
        upisy, carky = match.counter(tisic_match.UPISY), match.counter(tisic_match.CARKY)
        tallies = " · ".join(
            f"{escape(names[s])} {upisy[s]}/{carky[s]}" for s in range(min(match.seats, len(names)))
        )
        lines.append(str(tr("tisic.sheet.tallies", list=Html(tallies))))
        if match.over and match.data.get("winner") is not None:
            lines.append(str(tr("tisic.sheet.winner", name=names[int(match.data["winner"])])))
        if match.over:
            beer = tisic_match.beer(match, opts)
            if beer is not None:
                owed = [
                    str(tr("tisic.sheet.beer_line", name=names[s], n=-b))
                    for s, b in enumerate(beer)
                    if b < 0
                ]
                winner = names[next(s for s, b in enumerate(beer) if b == max(beer))]
                if owed:
                    lines.append(
                        str(tr("tisic.sheet.beer", winner=winner, list=Html(" · ".join(owed))))
                    )
        return Html("\n".join(lines))

    def _sheet(
        self,
        match: Match,
        deals: Sequence[Mapping[str, Any]],
        names: Sequence[str],
        tr: Translator,
    ) -> str:
        seats = match.seats
        short = [self._short(names[s]) if s < len(names) else "?" for s in range(seats)]
        head = tr("tisic.sheet.contract_column")
        rows = ["   " + " ".join(f"{n:>{_CELL}}" for n in short) + f" │ {head}"]
        totals = list(match.totals)
        for d in deals:
            for seat, v in enumerate(d.get("scores", ())[:seats]):
                totals[seat] -= int(v)
        carried = any(totals)
        shown = list(enumerate(deals, 1))
        if len(shown) > _SHEET_ROWS:
            for _, d in shown[:-_SHEET_ROWS]:
                for seat, v in enumerate(d.get("scores", ())[:seats]):
                    totals[seat] += int(v)
            shown = shown[-_SHEET_ROWS:]
            carried = True
        if carried:
            rows.append(" … " + " ".join(f"{t:>{_CELL}}" for t in totals))
        for index, d in shown:
            s: Mapping[str, Any] = d.get("summary", {})
            active = {int(x) for x in s.get("active", range(seats))}
            upisy = {int(x) for x in s.get("upisy", [])}
            carky = {int(x) for x in s.get("carky", [])}
            scores = [int(x) for x in d.get("scores", [0] * seats)]
            played = d.get("played", True) and s.get("end") not in ("storno", "redeal")
            cells = []
            for seat in range(seats):
                if seat not in active:
                    cells.append("")
                elif not played:
                    cells.append("·")
                else:
                    cells.append(self._cell(scores[seat], seat in upisy, seat in carky))
                totals[seat] += scores[seat] if seat < len(scores) else 0
            contract = s.get("contract") or s.get("bid")
            if s.get("end") == "storno":
                col = "storno"
            elif contract is None:
                col = ""
            elif s.get("obligation") and contract == s.get("bid"):
                col = f"{contract} (P)"
            else:
                col = str(contract)
            rows.append(f"{index:>2} " + " ".join(f"{c:>{_CELL}}" for c in cells) + f" │ {col}")
            rows.append(" = " + " ".join(f"{t:>{_CELL}}" for t in totals))
        return "<pre>" + escape("\n".join(rows)) + "</pre>"

    @staticmethod
    def _short(name: str) -> str:
        return name if len(name) <= _CELL else name[: _CELL - 1] + "…"

    # -- settings and rules ------------------------------------------------------------

    def option_choices(self) -> Mapping[str, Sequence[object]]:
        choices = TisicOptions.choices()
        return {name: choices[name] for name in OFFERED if name in choices}

    def option_label(self, name: str, tr: Translator) -> Html:
        return tr.get(f"tisic.opt.{name}", name)

    def option_value(self, name: str, value: object, tr: Translator) -> Html:
        if isinstance(value, bool):
            return tr("common.yes" if value else "common.no")
        if name in ("base", "carka_price", "upis_price") and isinstance(value, int):
            crowns, halers = divmod(value, 100)
            return tr("match.money", sign="", crowns=crowns, halers=f"{halers:02d}")
        return tr.get(f"tisic.optval.{name}.{value}", str(value))

    def rules_text(self, tr: Translator) -> Html:
        return tr("tisic.rules")
