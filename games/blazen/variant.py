"""Blázen as a registered variant: the engine contract in one object."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.blazen import deal, timeouts, transitions
from games.blazen import match as matches
from games.blazen.actions import BlazenAction, parse_action
from games.blazen.options import TEAM_SEATS, BlazenOptions
from games.blazen.state import BlazenState, Phase
from games.engine import (
    Action,
    BaseVariant,
    DealSetup,
    Event,
    IllegalAction,
    Outcome,
    Seat,
    deal_setup,
    own_move,
)
from games.match import Match, Standing

__all__ = ["BLAZEN", "BlazenVariant"]

_ACTION_TYPES = BlazenAction.__args__
TURN_SECONDS = {Phase.OPEN: 60, Phase.DEFEND: 60, Phase.THROW: 20, Phase.TAKE_ADD: 15}
"""The clocks of §12.1; a host scales them to its own time per turn (60 s = 1)."""


class BlazenVariant(BaseVariant):
    """``blazen``: 2 to 8 players (as many as the deck gives six cards, §2).

    A random first dealer and a fresh shuffle every game are
    :class:`BaseVariant`'s defaults; the seats, the fool dealing next, the
    clocks and the timeout moves are Blázen's own.
    """

    id = "blazen"
    aliases: tuple[str, ...] = ("blazen", "blázen", "durak")
    title: Mapping[str, str] = {"cs": "Blázen", "en": "Blázen (Durak)"}
    min_seats = 2
    max_seats = 8
    options_type = BlazenOptions

    def new_deal(
        self,
        options: BlazenOptions,
        seats: int,
        setup: DealSetup | Seat,
        *,
        seed: int | None = None,
        cards: Mapping[str, Sequence[str]] | None = None,
        opener: Seat | None = None,
        first_attacker: Seat | None = None,
    ) -> BlazenState:
        """A new game. The setup's ``opener`` (``first_attacker`` is the spec's
        name) comes from the match after a fool (§5): ``Match.opener``, set by
        ``record_deal``. The setup holds every fixed parameter that is not a
        card, ``cards`` only cards. Older records carried the opener in the
        cards as ``"attacker"``; that is still read, and the setup wins over it."""
        given = deal_setup(setup, first_attacker if first_attacker is not None else opener)
        extra = sorted(set(given) - {"dealer", "opener"})
        if extra:
            raise IllegalAction("bad_setup", f"Blázen deals take no {', '.join(extra)}")
        return deal.new_deal(
            options,
            seats,
            given["dealer"],
            seed=seed,
            cards=cards,
            first_attacker=given.get("opener"),
        )

    def setup_of(self, state: BlazenState) -> dict[str, Any]:
        """The dealer and, when the match fixed it, the first attacker (``opener``):
        with ``dealt_cards`` (or the seed) all a record needs to rebuild the deal."""
        result: dict[str, Any] = {"dealer": state.dealer}
        if state.fixed_attacker is not None:
            result["opener"] = state.fixed_attacker
        return result

    def parse_action(self, code: str) -> BlazenAction:
        return parse_action(code)

    def apply(
        self, state: BlazenState, seat: Seat, action: Action
    ) -> tuple[BlazenState, tuple[Event, ...]]:
        move = own_move(action, _ACTION_TYPES, "Blázen")
        return transitions.apply(state, seat, move)

    def dealt_cards(self, state: BlazenState) -> dict[str, list[str]]:
        """The cards alone (hands, stock, a kept trump card, Bito); no opener."""
        return deal.dealt_cards(state)

    def sitting_out(self, options: BlazenOptions, seats: int, dealer: Seat) -> frozenset[Seat]:
        """Nobody sits out, as by default, but a table the options cannot seat
        (7 players with 36 cards) is refused here already, before a deal."""
        deal.check_table(options, seats, dealer)
        return frozenset()

    def seat_range(self, options: BlazenOptions) -> tuple[int, int]:
        """2 up to a full hand each (§2); a team mode needs its exact number (§11.1)."""
        need = TEAM_SEATS.get(options.team_mode)
        if need is not None:
            return need, (need if need <= options.max_seats else 0)
        return self.min_seats, options.max_seats

    def record_deal(self, match: Match, outcome: Outcome, options: BlazenOptions) -> Match:
        """The fool deals and his neighbour attacks; a draw or redeal keeps the dealer."""
        return matches.record(match, outcome)

    def standings(self, match: Match, options: BlazenOptions) -> tuple[Standing, ...]:
        """The fewest fools first."""
        return matches.standings(match)

    def due(self, state: BlazenState) -> frozenset[Seat]:
        """The seat asked in turn and a window of throwers; not a seat that may
        only demand a redeal (it has no clock: the chance passes with the attack)."""
        return frozenset(s for s in state.to_act() if timeouts.timeout_action(state, s) is not None)

    def turn_share(self, state: BlazenState, seat: Seat) -> float:
        return TURN_SECONDS.get(state.phase, 60) / 60

    def timeout_action(self, state: BlazenState, seat: Seat) -> BlazenAction | None:
        """§12.1: the lowest card attacks, the defender takes, a thrower passes."""
        return timeouts.timeout_action(state, seat)


BLAZEN = BlazenVariant()
