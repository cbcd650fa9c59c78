"""Shared helpers of the cenzr tests: deals from the spec's hands, scripted play.

The spec names players P1..P4 in trick-1 order; with four seats and dealer 3
that is seats 0..3 (``A = d+1, d+2, d+3, d``). A hand's first four cards are
its packet 1, the rest its dokup.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from games.cards import Card, card, card_code, cards_of, parse_cards
from games.cenzr.actions import Announce, Bela, Call, CenzrAction, Pass, Play
from games.cenzr.state import CenzrState, Phase
from games.cenzr.variant import CENZR
from games.engine import Event, Seat

Policy = Callable[[CenzrState, Seat, Sequence[CenzrAction]], CenzrAction]


def from_hands(
    rows: Mapping[Seat, str], *, dealer: Seat = 3, seats: int = 4, **options: Any
) -> CenzrState:
    """A deal from explicit hands (first four cards = packet 1)."""
    cards = {str(s): [card_code(c) for c in parse_cards(text)] for s, text in rows.items()}
    return CENZR.new_deal(CENZR.options(options), seats, {"dealer": dealer}, cards=cards)


def act(state: CenzrState, seat: Seat, code: str) -> tuple[CenzrState, tuple[Event, ...]]:
    return CENZR.apply(state, seat, CENZR.parse_action(code))


def lowest_play(state: CenzrState, seat: Seat, legal: Sequence[CenzrAction]) -> CenzrAction:
    """A deterministic player: never announces, plays its lowest-indexed legal card."""
    plays = [a for a in legal if isinstance(a, Play)]
    if plays:
        return min(plays, key=lambda a: a.card)
    return legal[0]


def play_out(
    state: CenzrState,
    policy: Policy = lowest_play,
    *,
    announce: frozenset[Seat] = frozenset(),
) -> tuple[CenzrState, list[tuple[Event, ...]]]:
    """Play to the end; the seats in ``announce`` announce whenever they may."""
    log: list[tuple[Event, ...]] = []
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        for s in sorted(announce):
            if any(isinstance(a, Announce) for a in state.legal_actions(s)):
                state, events = CENZR.apply(state, s, Announce())
                log.append(events)
        legal = state.legal_actions(seat)
        state, events = CENZR.apply(state, seat, policy(state, seat, legal))
        log.append(events)
    return state, log


def random_policy(rng: random.Random, pass_rate: float = 0.3) -> Policy:
    """Random legal moves; while calling, a pass at ``pass_rate``, else a random call."""

    def choose(state: CenzrState, seat: Seat, legal: Sequence[CenzrAction]) -> CenzrAction:
        if state.phase is Phase.CALL:
            if rng.random() < pass_rate:
                return Pass()
            return rng.choice([a for a in legal if isinstance(a, Call)])
        return legal[rng.randrange(len(legal))]

    return choose


def random_deal(
    seed: int, seats: int = 4, pass_rate: float = 0.3, **options: Any
) -> tuple[list[CenzrState], list[tuple[Event, ...]], list[tuple[Seat, str]]]:
    """A whole seeded deal by random players (early announcers included): every
    state, the events of each step and the moves (seat, action code)."""
    rng = random.Random(seed)
    state = CENZR.new_deal(CENZR.options(options), seats, {"dealer": seed % seats}, seed=seed)
    policy = random_policy(rng, pass_rate)
    states: list[CenzrState] = [state]
    log: list[tuple[Event, ...]] = []
    moves: list[tuple[Seat, str]] = []
    while not state.is_over:
        seat = rng.choice(sorted(state.to_act()))
        action = policy(state, seat, state.legal_actions(seat))
        state, events = CENZR.apply(state, seat, action)
        states.append(state)
        log.append(events)
        moves.append((seat, action.code))
    return states, log, moves


def cards(text: str) -> list[Card]:
    return parse_cards(text)


def mask_codes(mask: int) -> set[str]:
    return {card_code(c) for c in cards_of(mask)}


__all__ = [
    "Bela",
    "act",
    "card",
    "cards",
    "from_hands",
    "lowest_play",
    "mask_codes",
    "play_out",
    "random_deal",
    "random_policy",
]
