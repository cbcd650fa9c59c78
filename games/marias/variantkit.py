"""The engine contract shared by the Mariáš family's variants.

A variant names its package's ``deal`` and ``transitions`` modules, its action
types and the words of its messages; dealing (forhond always the dealer's
left), the moves and the money (a deal's scores are units, the match's totals
haléře, the settlement is the totals) are then the family's. Three-handed
variants (volený, licitovaný) add the fourth player sitting out and the deck
gathered and cut (``ThreeHandedVariant``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

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
from games.match import Match

__all__ = ["MariasFamilyVariant", "ThreeHandedVariant"]


class MariasFamilyVariant(BaseVariant):
    """Dealing, moves and money of a Mariáš variant, through its own modules."""

    deal_module: Any
    """The package's ``deal`` (``new_deal``, ``dealt_cards``, ``first_dealer``)."""
    transitions_module: Any
    """The package's ``transitions`` (``apply``)."""
    action_types: ClassVar[tuple[type, ...]]
    game_name: ClassVar[str]
    """The game in a refused move's message."""
    leader_why: ClassVar[str] = "in mariáš the dealer's left always leads"
    """Why a deal takes no opener of its own."""

    def new_deal(
        self,
        options: Any,
        seats: int,
        setup: DealSetup | Seat,
        *,
        seed: int | None = None,
        cards: Mapping[str, Sequence[str]] | None = None,
        opener: Seat | None = None,
    ) -> Any:
        dealer = dealer_of(  # forhond is always the dealer's left
            setup, opener, game="mariáš", why=self.leader_why
        )
        return self.deal_module.new_deal(options, seats, dealer, seed=seed, cards=cards)

    def apply(self, state: Any, seat: Seat, action: Action) -> tuple[Any, tuple[Event, ...]]:
        move = own_move(action, self.action_types, self.game_name)
        result: tuple[Any, tuple[Event, ...]] = self.transitions_module.apply(state, seat, move)
        return result

    def dealt_cards(self, state: Any) -> dict[str, list[str]]:
        result: dict[str, list[str]] = self.deal_module.dealt_cards(state)
        return result

    def first_dealer(self, options: Any, seats: int, seed: int) -> Seat:
        result: Seat = self.deal_module.first_dealer(options, seats, seed)
        return result

    def deal_scores(self, outcome: Outcome, options: Any) -> tuple[int, ...]:
        """Money in haléře: the deal's payment units times the table's unit (§0)."""
        return tuple(score * options.unit_haler for score in outcome.scores)

    def settlement(self, match: Match, options: Any) -> tuple[int, ...]:
        """Paid deal by deal: what each seat won or lost so far is the money tally."""
        return match.totals


class ThreeHandedVariant(MariasFamilyVariant):
    """A variant for three, four with one sitting out, whose deck may be gathered."""

    def sitting_out(self, options: Any, seats: int, dealer: Seat) -> frozenset[Seat]:
        result: frozenset[Seat] = self.deal_module.sitting_out(options, seats, dealer)
        return result

    def next_deal_cards(
        self, previous: Any, options: Any, seats: int, dealer: Seat, seed: int
    ) -> dict[str, list[str]] | None:
        if options.shuffle_mode != "gather_and_cut":
            return None
        deal = self.deal_module
        result: dict[str, list[str]] = deal.cards_from_deck(
            deal.gather_and_cut(previous, seed), options, seats, dealer
        )
        return result
