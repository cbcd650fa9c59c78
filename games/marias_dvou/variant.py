"""Mariáš ve dvou as a variant: the engine contract in one object.

Not registered yet (``games.registry``): the lead registers it.
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
    dealer_of,
    own_move,
)
from games.marias_dvou import deal, transitions
from games.marias_dvou.actions import DvouAction, parse_action
from games.marias_dvou.options import DvouOptions
from games.marias_dvou.scoring import VARIANT_ID
from games.marias_dvou.state import DvouState
from games.match import Match

__all__ = ["DVOU", "DvouVariant"]

_ACTION_TYPES = DvouAction.__args__


class DvouVariant(BaseVariant):
    """``marias-dvou``: two players, rules A, B or C (``dvou_variant``).

    Money like volený: a deal's scores are units, the match's totals haléře
    (units × ``unit_haler``) and the settlement is the totals. The deal passes
    clockwise, which at two seats is the players alternating as dealer (§3.4.4).
    """

    id = VARIANT_ID
    aliases: tuple[str, ...] = ("mariáš ve dvou", "marias ve dvou", "dvou", "ve dvou")
    title: Mapping[str, str] = {"cs": "Mariáš ve dvou", "en": "Mariáš for two"}
    min_seats = 2
    max_seats = 2
    options_type = DvouOptions

    def new_deal(
        self,
        options: DvouOptions,
        seats: int,
        setup: DealSetup | Seat,
        *,
        seed: int | None = None,
        cards: Mapping[str, Sequence[str]] | None = None,
        opener: Seat | None = None,
    ) -> DvouState:
        dealer = dealer_of(  # the first player is always the dealer's left
            setup, opener, game="mariáš", why="in mariáš ve dvou the non-dealer always leads"
        )
        return deal.new_deal(options, seats, dealer, seed=seed, cards=cards)

    def parse_action(self, code: str) -> DvouAction:
        return parse_action(code)

    def apply(
        self, state: DvouState, seat: Seat, action: Action
    ) -> tuple[DvouState, tuple[Event, ...]]:
        move = own_move(action, _ACTION_TYPES, "mariáš ve dvou")
        return transitions.apply(state, seat, move)

    def dealt_cards(self, state: DvouState) -> dict[str, list[str]]:
        return deal.dealt_cards(state)

    def first_dealer(self, options: DvouOptions, seats: int, seed: int) -> Seat:
        return deal.first_dealer(options, seats, seed)

    def deal_scores(self, outcome: Outcome, options: DvouOptions) -> tuple[int, ...]:
        """Money in haléře: the deal's payment units times the table's unit (§0)."""
        return tuple(score * options.unit_haler for score in outcome.scores)

    def settlement(self, match: Match, options: DvouOptions) -> tuple[int, ...]:
        """Paid deal by deal: what each seat won or lost so far is the money tally."""
        return match.totals


DVOU = DvouVariant()
