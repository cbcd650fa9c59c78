"""The sides of a game of Blázen (``BlazenState.sides``): the teams of the team mode
(§11.1), every player alone without teams, nothing secret."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.blazen.bout import eligible_throwers
from games.blazen.options import TEAM_SEATS
from games.blazen.state import BlazenState, Phase
from games.blazen.variant import BLAZEN
from games.sides import Sides
from tests.blazen.helpers import A, B, C, D, E, F, play, play_game, position
from tests.blazen.strategies import tables

TEAMS = {
    "2v2": (frozenset({A, C}), frozenset({B, D})),
    "3v3": (frozenset({A, C, E}), frozenset({B, D, F})),
    "1v2": (frozenset({A}), frozenset({B, C})),
}


def check_sides(state: BlazenState) -> None:
    """The rules' questions about partners all agree with the state's sides."""
    sides = state.sides
    mode = state.options.team_mode
    if mode == "none":
        assert sides == Sides.each_alone(range(state.seats))
    else:
        assert sides.groups == TEAMS[mode]
    assert sides.seats == set(range(state.seats)) and not sides.secret and not sides.roles
    for a in range(state.seats):
        for b in range(state.seats):
            assert state.partners(a, b) == sides.same_side(a, b)
        target = state.next_opponent(a)
        assert target is None or target in sides.opponents(a)
    if state.phase is Phase.OPEN:  # a transfer may hand the attack back to its opener
        assert state.defender in sides.opponents(state.opener)
    if state.phase is not Phase.OVER and state.table:
        for s in eligible_throwers(state):
            assert s in sides.opponents(state.defender)
    public = state.public_view()
    assert public.sides == sides.visible_for(None) and public.sides.complete  # type: ignore[attr-defined]
    if mode != "none":
        assert public.teams == state.teams  # type: ignore[attr-defined]
    for seat in range(state.seats):
        assert state.view(seat).sides == sides.visible_for(seat)  # type: ignore[attr-defined]


@pytest.mark.parametrize("mode", sorted(TEAM_SEATS))
def test_team_modes_make_their_sides(mode: str) -> None:
    seats = TEAM_SEATS[mode]
    state = BLAZEN.new_deal(BLAZEN.options({"team_mode": mode}), seats, 0, seed=7)
    assert state.sides.groups == TEAMS[mode]
    check_sides(state)


def test_without_teams_everyone_is_alone() -> None:
    state = BLAZEN.new_deal(BLAZEN.options({}), 4, 0, seed=7)
    assert state.sides == Sides.each_alone(range(4))
    assert state.sides.opponents(A) == {B, C, D}
    assert state.public_view().teams is None  # type: ignore[attr-defined]


def test_the_losing_team_is_a_side() -> None:
    hands = ["7s", "8s Kd Ks", "Ad", "Qd Qs"]
    state = position(hands, trump="6h", attacker=A, team_mode="2v2")
    state = play(state, (A, "attack:7s"), (B, "beat:0:8s"), (B, "attack:Kd"), (C, "beat:0:Ad"))
    assert state.end == "team"
    assert set(state.losers) == state.sides.groups[state.sides.side_of(B) or 0]
    summary: dict[str, Any] = dict(state.outcome().summary)
    assert summary["teams"] == [sorted(g) for g in state.sides.groups]


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), table=tables())
def test_the_sides_are_what_the_rules_say(seed: int, table: tuple[dict[str, Any], int]) -> None:
    options, seats = table
    state = None
    for step, (state, _seat, _code, _events) in enumerate(
        play_game(seed, seats=seats, options=options)
    ):
        if step % 5 == 0:
            check_sides(state)
    assert state is not None and state.is_over
    check_sides(state)
    if state.end == "team":
        (side,) = {state.sides.side_of(s) for s in state.losers}
        assert side is not None and set(state.losers) == state.sides.groups[side]
