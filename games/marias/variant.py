"""Volený mariáš as a registered variant: the engine contract in one object."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from games.engine import (
    Action,
    BaseVariant,
    DealSetup,
    Event,
    Outcome,
    Seat,
    dealer_of,
    own_move,
)
from games.marias import deal, transitions
from games.marias.actions import MariasAction, parse_action
from games.marias.options import VolenyOptions
from games.marias.state import VolenyState
from games.match import Match

__all__ = ["VOLENY", "VolenyVariant"]

_ACTION_TYPES = MariasAction.__args__


class VolenyVariant(BaseVariant):
    """``marias-voleny``: 3 players, or 4 with one sitting out each deal.

    The seat range, the clockwise dealer, the open-ended match, the clocks and
    the timeout move are :class:`BaseVariant`'s defaults; only dealing (who deals
    first, the fourth player sitting out, gathering and cutting), the moves and
    the money (the match's totals are haléře) are mariáš's own.
    """

    id = "marias-voleny"
    aliases: tuple[str, ...] = ("marias", "mariáš", "voleny", "volený", "volený mariáš")
    title: Mapping[str, str] = {"cs": "Volený mariáš", "en": "Volený mariáš (Marriage)"}
    min_seats = 3
    max_seats = 4
    options_type = VolenyOptions

    def new_deal(
        self,
        options: VolenyOptions,
        seats: int,
        setup: DealSetup | Seat,
        *,
        seed: int | None = None,
        cards: Mapping[str, Sequence[str]] | None = None,
        opener: Seat | None = None,
    ) -> VolenyState:
        dealer = dealer_of(  # forhond is always the dealer's left
            setup, opener, game="mariáš", why="in mariáš the dealer's left always leads"
        )
        return deal.new_deal(options, seats, dealer, seed=seed, cards=cards)

    def parse_action(self, code: str) -> MariasAction:
        return parse_action(code)

    def apply(
        self, state: VolenyState, seat: Seat, action: Action
    ) -> tuple[VolenyState, tuple[Event, ...]]:
        move = own_move(action, _ACTION_TYPES, "mariáš")
        return transitions.apply(state, seat, move)

    def dealt_cards(self, state: VolenyState) -> dict[str, list[str]]:
        return deal.dealt_cards(state)

    def sitting_out(self, options: VolenyOptions, seats: int, dealer: Seat) -> frozenset[Seat]:
        return deal.sitting_out(options, seats, dealer)

    def first_dealer(self, options: VolenyOptions, seats: int, seed: int) -> Seat:
        return deal.first_dealer(options, seats, seed)

    def next_deal_cards(
        self, previous: VolenyState, options: VolenyOptions, seats: int, dealer: Seat, seed: int
    ) -> dict[str, list[str]] | None:
        if options.shuffle_mode != "gather_and_cut":
            return None
        return deal.cards_from_deck(deal.gather_and_cut(previous, seed), options, seats, dealer)

    def deal_scores(self, outcome: Outcome, options: VolenyOptions) -> tuple[int, ...]:
        """Money in haléře: the deal's payment units times the table's unit (§0)."""
        return tuple(score * options.unit_haler for score in outcome.scores)

    def settlement(self, match: Match, options: VolenyOptions) -> tuple[int, ...]:
        """Paid deal by deal: what each seat won or lost so far is the money tally."""
        return match.totals


VOLENY = VolenyVariant()
