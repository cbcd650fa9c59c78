"""Licitovaný mariáš as a variant: the engine contract in one object.

Not registered yet (``games.registry``): the lead registers it once a bot
renderer exists.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from games.engine import (
    Action,
    BaseVariant,
    DealSetup,
    Event,
    Outcome,
    Seat,
    add_deal,
    dealer_of,
    own_move,
)
from games.marias_licit import deal, transitions
from games.marias_licit.actions import LicitAction, parse_action
from games.marias_licit.options import LicitOptions
from games.marias_licit.scoring import VARIANT_ID
from games.marias_licit.state import LicitState
from games.match import Match

__all__ = ["LICITOVANY", "LicitovanyVariant"]

_ACTION_TYPES = LicitAction.__args__


class LicitovanyVariant(BaseVariant):
    """``marias-licitovany``: 3 players, or 4 with one sitting out each deal.

    Money like volený: a deal's scores are units, the match's totals haléře
    (units × ``unit_haler``) and the settlement is the totals. A deal that all
    passed is dealt again by the same dealer.
    """

    id = VARIANT_ID
    aliases: tuple[str, ...] = ("licitovaný", "licitovany", "licit")
    title: Mapping[str, str] = {"cs": "Licitovaný mariáš", "en": "Licitovaný mariáš (auction)"}
    min_seats = 3
    max_seats = 4
    options_type = LicitOptions

    def new_deal(
        self,
        options: LicitOptions,
        seats: int,
        setup: DealSetup | Seat,
        *,
        seed: int | None = None,
        cards: Mapping[str, Sequence[str]] | None = None,
        opener: Seat | None = None,
    ) -> LicitState:
        dealer = dealer_of(  # forhond is always the dealer's left
            setup, opener, game="mariáš", why="in mariáš the dealer's left always leads"
        )
        return deal.new_deal(options, seats, dealer, seed=seed, cards=cards)

    def parse_action(self, code: str) -> LicitAction:
        return parse_action(code)

    def apply(
        self, state: LicitState, seat: Seat, action: Action
    ) -> tuple[LicitState, tuple[Event, ...]]:
        move = own_move(action, _ACTION_TYPES, "licitovaný mariáš")
        return transitions.apply(state, seat, move)

    def dealt_cards(self, state: LicitState) -> dict[str, list[str]]:
        return deal.dealt_cards(state)

    def sitting_out(self, options: LicitOptions, seats: int, dealer: Seat) -> frozenset[Seat]:
        return deal.sitting_out(options, seats, dealer)

    def first_dealer(self, options: LicitOptions, seats: int, seed: int) -> Seat:
        return deal.first_dealer(options, seats, seed)

    def next_deal_cards(
        self, previous: LicitState, options: LicitOptions, seats: int, dealer: Seat, seed: int
    ) -> dict[str, list[str]] | None:
        if options.shuffle_mode != "gather_and_cut":
            return None
        return deal.cards_from_deck(deal.gather_and_cut(previous, seed), options, seats, dealer)

    def deal_scores(self, outcome: Outcome, options: LicitOptions) -> tuple[int, ...]:
        """Money in haléře: the deal's payment units times the table's unit (§0)."""
        return tuple(score * options.unit_haler for score in outcome.scores)

    def record_deal(self, match: Match, outcome: Outcome, options: LicitOptions) -> Match:
        """The totals add up and the deal passes clockwise; after an all-pass the same
        dealer deals again (§6 #39)."""
        again = outcome.summary.get("end") == "redeal"
        return add_deal(
            match, self.deal_scores(outcome, options), dealer=match.dealer if again else None
        )

    def due(self, state: LicitState) -> frozenset[Seat]:
        """The seat to move; a declarer who may only concede (omyl) is not waited for."""
        return frozenset(()) if state.to_move is None else frozenset((state.to_move,))

    def settlement(self, match: Match, options: LicitOptions) -> tuple[int, ...]:
        """Paid deal by deal: what each seat won or lost so far is the money tally."""
        return match.totals


LICITOVANY = LicitovanyVariant()
