"""Questions about the bout in progress: who may throw in, in which order,
what they may throw, and the order of drawing afterwards (§6.3, §8).

These are read by both ``legality`` (what is allowed) and ``transitions``
(who is asked next), so the two can never disagree about them.
"""

from __future__ import annotations

from games.blazen.rules import rank_mask_of
from games.blazen.state import BlazenState, Phase
from games.cards import CardSet, cards_of
from games.engine import Seat

__all__ = [
    "askable",
    "draw_order",
    "eligible_throwers",
    "throw_cap",
    "throwable",
]


def _clockwise_after(state: BlazenState, seat: Seat) -> list[Seat]:
    return [(seat + i) % state.seats for i in range(1, state.seats)]


def eligible_throwers(state: BlazenState) -> tuple[Seat, ...]:
    """The throw-in priority of this bout (§6.3): the opener first, then clockwise
    from the defender's left; only the defender's opponents (``state.sides``), never
    the defender or his partners."""
    d, o = state.defender, state.opener
    opponents = state.sides.opponents(d)
    order = [o] + [s for s in _clockwise_after(state, d) if s != o]
    neighbours: set[Seat] | None = None
    if state.options.neighbors_only_throw_in:
        neighbours = {o}
        for step in (1, -1):
            near = state.next_in(d, step)
            if near is not None:
                neighbours.add(near)
    return tuple(
        s
        for s in order
        if s in opponents and s not in state.gone and (neighbours is None or s in neighbours)
    )


def throwable(state: BlazenState, seat: Seat) -> CardSet:
    """The cards of ``seat`` whose rank is on the table (§6.3); jokers never."""
    return state.hands[seat] & rank_mask_of(cards_of(state.table_cards))


def throw_cap(state: BlazenState) -> int:
    """The most cards one ``throw:`` may hold now."""
    cap = state.options.throw_in_max_per_action
    return state.room if cap == 0 else min(cap, state.room)


def askable(state: BlazenState, seat: Seat) -> bool:
    """Whether a thrower is asked at all: skipped when he has nothing legal (§12.1)."""
    if state.room == 0 or not state.hands[seat]:
        return False
    return state.options.always_prompt_throwers or bool(throwable(state, seat))


def draw_order(state: BlazenState) -> tuple[Seat, ...]:
    """Who draws back to a full hand, in order (§8): the opener, the others clockwise
    from the defender's left, the defender last; out players have no place."""
    d, o = state.defender, state.opener
    order = [o] if o != d else []
    order += [s for s in _clockwise_after(state, d) if s != o]
    order.append(d)
    return tuple(s for s in order if s not in state.gone)


def throw_phase(state: BlazenState) -> bool:
    """Whether throw-ins are asked for now (THROW, TAKE_ADD, or DEFEND with ``anytime``)."""
    return state.phase in (Phase.THROW, Phase.TAKE_ADD) or (
        state.phase is Phase.DEFEND and state.options.throw_in_timing == "anytime"
    )
