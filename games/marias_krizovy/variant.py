"""Křížový mariáš as a variant: the engine contract in one object.

Not registered yet (``games.registry``): the lead registers it.

Červené kolo (§3.2.9) is match data: once the session's ordinary deals are
done (``session_deals``, or from the start), ``Match.data["red_round"]`` lists
the seats that still have to win a deal as the chooser, the next of them first;
the next deal is dealt so that he is forhond, and its setup says so
(``{"dealer": d, "red_round": true}``, built by :meth:`KrizovyVariant.setup_for`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.engine import (
    Action,
    BaseVariant,
    DealSetup,
    Event,
    IllegalAction,
    Outcome,
    Seat,
    add_deal,
    deal_setup,
    dealer_of,
    own_move,
)
from games.marias_krizovy import deal, transitions
from games.marias_krizovy.actions import KrizovyAction, parse_action
from games.marias_krizovy.options import KrizovyOptions
from games.marias_krizovy.scoring import VARIANT_ID
from games.marias_krizovy.state import KrizovyState
from games.match import Match

__all__ = ["KRIZOVY", "KrizovyVariant", "red_round_won"]

_ACTION_TYPES = KrizovyAction.__args__
RED = "red_round"


def red_round_won(outcome: Outcome) -> bool:
    """§3.2.9: the chooser ended a hra he chose with a positive balance (a betl or durch,
    his own or another's, does not count)."""
    summary = outcome.summary
    chooser = summary.get("chooser")
    return (
        summary.get("kind") == "hra"
        and isinstance(chooser, int)
        and summary.get("declarer") == chooser
        and outcome.scores[chooser] > 0
    )


class KrizovyVariant(BaseVariant):
    """``marias-krizovy``: 4 players, or 5 with one sitting out each deal.

    Money like volený: a deal's scores are units, the match's totals haléře
    (units × ``unit_haler``) and the settlement is the totals.
    """

    id = VARIANT_ID
    aliases: tuple[str, ...] = ("křížový", "krizovy", "křížový mariáš")
    title: Mapping[str, str] = {
        "cs": "Křížový mariáš",
        "en": "Křížový mariáš (four, a called partner)",
    }
    min_seats = 4
    max_seats = 5
    options_type = KrizovyOptions

    def new_deal(
        self,
        options: KrizovyOptions,
        seats: int,
        setup: DealSetup | Seat,
        *,
        seed: int | None = None,
        cards: Mapping[str, Sequence[str]] | None = None,
        opener: Seat | None = None,
    ) -> KrizovyState:
        given = deal_setup(setup, opener)
        red = given.pop(RED, False)
        if not isinstance(red, bool):
            raise IllegalAction("bad_setup", "red_round is true or false")
        dealer = dealer_of(  # forhond is always the dealer's left
            given, None, game="mariáš", why="in mariáš the dealer's left always leads"
        )
        return deal.new_deal(options, seats, dealer, red_round=red, seed=seed, cards=cards)

    def setup_of(self, state: KrizovyState) -> dict[str, Any]:
        setup: dict[str, Any] = {"dealer": state.dealer}
        if state.red_round:
            setup[RED] = True
        return setup

    def setup_for(self, match: Match) -> dict[str, Any]:
        """The next deal's setup from the match: its dealer and whether it is red."""
        setup: dict[str, Any] = {"dealer": match.dealer}
        if match.data.get(RED):
            setup[RED] = True
        return setup

    def parse_action(self, code: str) -> KrizovyAction:
        return parse_action(code)

    def apply(
        self, state: KrizovyState, seat: Seat, action: Action
    ) -> tuple[KrizovyState, tuple[Event, ...]]:
        move = own_move(action, _ACTION_TYPES, "křížový mariáš")
        return transitions.apply(state, seat, move)

    def dealt_cards(self, state: KrizovyState) -> dict[str, list[str]]:
        return deal.dealt_cards(state)

    def sitting_out(self, options: KrizovyOptions, seats: int, dealer: Seat) -> frozenset[Seat]:
        return deal.sitting_out(options, seats, dealer)

    def first_dealer(self, options: KrizovyOptions, seats: int, seed: int) -> Seat:
        return deal.first_dealer(options, seats, seed)

    def start_match(self, options: KrizovyOptions, seats: int, first_dealer: Seat) -> Match:
        match = Match.start(self.id, seats, first_dealer)
        if options.cervene_kolo and not options.session_deals:
            return _enter_red(match, first_dealer)
        return match

    def deal_scores(self, outcome: Outcome, options: KrizovyOptions) -> tuple[int, ...]:
        """Money in haléře: the deal's payment units times the table's unit (§0)."""
        return tuple(score * options.unit_haler for score in outcome.scores)

    def record_deal(self, match: Match, outcome: Outcome, options: KrizovyOptions) -> Match:
        """The totals add up and the deal passes clockwise; the session's end and the
        red round (§3.2.9, §6 #37, #59) as match data."""
        scores = self.deal_scores(outcome, options)
        todo = list(match.data.get(RED) or ())
        if todo:
            if red_round_won(outcome) and outcome.summary.get("chooser") == todo[0]:
                todo = todo[1:]
            data = {k: v for k, v in match.data.items() if k != RED}
            if not todo:
                data["red_round_done"] = True
                return add_deal(match, scores, data=data, over=True)
            data[RED] = todo
            return add_deal(match, scores, dealer=(todo[0] - 1) % match.seats, data=data)
        nxt = add_deal(match, scores)
        if options.session_deals and nxt.deals >= options.session_deals:
            if options.cervene_kolo and not match.data.get("red_round_done"):
                return _enter_red(nxt, nxt.dealer)
            return nxt.replace(over=True)
        return nxt

    def due(self, state: KrizovyState) -> frozenset[Seat]:
        """The one seat to move: every decision is awaited (nobody only interjects)."""
        return state.to_act()

    def settlement(self, match: Match, options: KrizovyOptions) -> tuple[int, ...]:
        """Paid deal by deal: what each seat won or lost so far is the money tally."""
        return match.totals


def _enter_red(match: Match, dealer: Seat) -> Match:
    n = match.seats
    todo = [(dealer + 1 + i) % n for i in range(n)]
    return match.replace(dealer=dealer, data={**match.data, RED: todo})


KRIZOVY = KrizovyVariant()
