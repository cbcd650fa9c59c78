"""Volený cenzr as a variant: the engine contract in one object."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from games.cenzr import deal, transitions
from games.cenzr import match as matches
from games.cenzr.actions import Bela, CenzrAction, Pass, parse_action
from games.cenzr.options import CenzrOptions
from games.cenzr.scoring import optimal_bela
from games.cenzr.state import CenzrState, Phase
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

__all__ = ["CENZR", "CenzrVariant"]

_ACTION_TYPES = CenzrAction.__args__


class CenzrVariant(BaseVariant):
    """``cenzr``: 4 players, or 5-6 with the dealer (and ``d+3``) sitting out.

    Departs from :class:`BaseVariant` in who sits out (§4.2), the first dealer
    by the cut (§4.3), the labeta of rounds to 1500 (§6), the early
    announcers who may interject (``due`` is the seat to move only) and the
    timeout moves: a pass while calling, the optimal bela at the count.
    """

    id = "cenzr"
    aliases: tuple[str, ...] = ("cenzr-voleny",)
    title: Mapping[str, str] = {"cs": "Volený cenzr", "en": "Volený cenzr (called partner)"}
    min_seats = 4
    max_seats = 6
    options_type = CenzrOptions
    tally_per = "match"

    def new_deal(
        self,
        options: CenzrOptions,
        seats: int,
        setup: DealSetup | Seat,
        *,
        seed: int | None = None,
        cards: Mapping[str, Sequence[str]] | None = None,
        opener: Seat | None = None,
    ) -> CenzrState:
        dealer = dealer_of(  # §4.7: A[0], the dealer's left, always leads
            setup, opener, game="cenzr", why="in cenzr the dealer's left always leads"
        )
        return deal.new_deal(options, seats, dealer, seed=seed, cards=cards)

    def parse_action(self, code: str) -> CenzrAction:
        return parse_action(code)

    def apply(
        self, state: CenzrState, seat: Seat, action: Action
    ) -> tuple[CenzrState, tuple[Event, ...]]:
        move = own_move(action, _ACTION_TYPES, "cenzr")
        return transitions.apply(state, seat, move)

    def dealt_cards(self, state: CenzrState) -> dict[str, list[str]]:
        return deal.dealt_cards(state)

    def sitting_out(self, options: CenzrOptions, seats: int, dealer: Seat) -> frozenset[Seat]:
        return deal.sitting_out(seats, dealer)

    def first_dealer(self, options: CenzrOptions, seats: int, seed: int) -> Seat:
        return deal.first_dealer(options, seats, seed)

    def due(self, state: CenzrState) -> frozenset[Seat]:
        """The seat to move; an early announcer (``own_turn_or_early``) only interjects."""
        return frozenset(()) if state.to_move is None else frozenset((state.to_move,))

    def timeout_action(self, state: CenzrState, seat: Seat) -> CenzrAction | None:
        """Calling: pass (no call is forced, §4.5). At the count: bela as
        ``auto_optimal`` decides (§8 #13). In play a computer player chooses."""
        if seat != state.to_move:
            return None
        if state.phase is Phase.CALL:
            return Pass()
        if state.phase is Phase.BELA:
            return Bela(optimal_bela(state))
        return None

    # --- the labeta (§6) ------------------------------------------------------

    def start_match(self, options: CenzrOptions, seats: int, first_dealer: Seat) -> Match:
        return matches.start(options, seats, first_dealer)

    def deal_scores(self, outcome: Outcome, options: CenzrOptions) -> tuple[int, ...]:
        """The recorded points (zápis) of the deal; 0 for sitting-out seats."""
        return tuple(outcome.scores)

    def record_deal(self, match: Match, outcome: Outcome, options: CenzrOptions) -> Match:
        return matches.record_deal(match, outcome, options)

    def standings(self, match: Match, options: CenzrOptions) -> tuple[Standing, ...]:
        return matches.standings(match, options)

    def settlement(self, match: Match, options: CenzrOptions) -> tuple[int, ...] | None:
        """Cenzr is played for points, not money."""
        return None


CENZR = CenzrVariant()
