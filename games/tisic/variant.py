"""Tisíc as a variant: the engine contract in one object.

Departs from :class:`BaseVariant` in the seats (3, or 4 with the dealer
sitting out, §2), the first dealer (a cut by option), the match played to
1000 with its winner rule and settlement (§9, §10; ``games.tisic.match``),
the storno vote (several seats asked at once) and the timeout moves of §12.
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
from games.match import Match, Standing
from games.tisic import deal, timeouts, transitions
from games.tisic import match as matches
from games.tisic.actions import TisicAction, parse_action
from games.tisic.options import TisicOptions
from games.tisic.state import TisicState

__all__ = ["TISIC", "TisicVariant"]

_ACTION_TYPES = TisicAction.__args__


class TisicVariant(BaseVariant):
    """``tisic``: 3 players, or 4 with the dealer pausing each deal (pauzírák)."""

    id = "tisic"
    aliases: tuple[str, ...] = ("tisíc", "1000")
    title: Mapping[str, str] = {"cs": "Tisíc", "en": "Tisíc (Thousand)"}
    min_seats = 3
    max_seats = 4
    options_type = TisicOptions
    tally_per = "match"

    def new_deal(
        self,
        options: TisicOptions,
        seats: int,
        setup: DealSetup | Seat,
        *,
        seed: int | None = None,
        cards: Mapping[str, Sequence[str]] | None = None,
        opener: Seat | None = None,
    ) -> TisicState:
        dealer = dealer_of(  # §5, §7.1: P2 speaks first and the declarer leads
            setup, opener, game="Tisíc", why="in Tisíc the deal's own rules say who opens"
        )
        return deal.new_deal(options, seats, dealer, seed=seed, cards=cards)

    def parse_action(self, code: str) -> TisicAction:
        return parse_action(code)

    def apply(
        self, state: TisicState, seat: Seat, action: Action
    ) -> tuple[TisicState, tuple[Event, ...]]:
        move = own_move(action, _ACTION_TYPES, "Tisíc")
        return transitions.apply(state, seat, move)

    def dealt_cards(self, state: TisicState) -> dict[str, list[str]]:
        return deal.dealt_cards(state)

    def sitting_out(self, options: TisicOptions, seats: int, dealer: Seat) -> frozenset[Seat]:
        return deal.sitting_out(options, seats, dealer)

    def seat_range(self, options: TisicOptions) -> tuple[int, int]:
        """3 players, up to ``max_players`` (§2)."""
        return self.min_seats, options.max_players

    def first_dealer(self, options: TisicOptions, seats: int, seed: int) -> Seat:
        return deal.first_dealer(options, seats, seed)

    def turn_share(self, state: TisicState, seat: Seat) -> float:
        """§12's clocks against a 60-second turn: the talon gets a full one too."""
        return min(timeouts.TURN_SECONDS.get(state.phase, 60), 60) / 60

    def timeout_action(self, state: TisicState, seat: Seat) -> TisicAction | None:
        return timeouts.timeout_action(state, seat)

    # --- the match (§9, §10) ---------------------------------------------------

    def start_match(self, options: TisicOptions, seats: int, first_dealer: Seat) -> Match:
        return matches.start(options, seats, first_dealer)

    def deal_scores(self, outcome: Outcome, options: TisicOptions) -> tuple[int, ...]:
        """The points the deal writes on the sheet (0 for the seat sitting out)."""
        return tuple(outcome.scores)

    def record_deal(self, match: Match, outcome: Outcome, options: TisicOptions) -> Match:
        return matches.record_deal(match, outcome, options)

    def standings(self, match: Match, options: TisicOptions) -> tuple[Standing, ...]:
        return matches.standings(match, options)

    def settlement(self, match: Match, options: TisicOptions) -> tuple[int, ...] | None:
        """Haléře for a money game; ``None`` otherwise (beer: ``match.beer``)."""
        return matches.settlement(match, options)


TISIC = TisicVariant()
