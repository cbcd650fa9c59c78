"""The fast playout kernel agrees with ``apply`` card for card."""

from __future__ import annotations

import random

import pytest

from games.cards import card_code
from games.marias.fast import random_playout
from games.marias.scoring import count_points
from games.marias.state import Phase, VolenyState
from games.marias.variant import VOLENY
from tests.marias.strategies import play_deal


def _play_phase_states(limit: int) -> list[VolenyState]:
    found = []
    seed = 0
    options = {"unfleked_simple_game": "play", "end_betl_durch_early": False, "allow_claims": False}
    while len(found) < limit:
        for state, *_ in play_deal(seed, options=options, mix="ru"):
            if state.phase is Phase.PLAY:
                found.append(state)
                break
        seed += 1
    return found


@pytest.mark.parametrize("index", range(40))
def test_playout_trace_replays_through_apply(index: int) -> None:
    state = _play_phase_states(40)[index]
    trace: list[int] = []
    result = random_playout(state, random.Random(index), trace)
    for c in trace:
        (seat,) = state.to_act()
        state, _ = VOLENY.apply(state, seat, VOLENY.parse_action(f"play:{card_code(c)}"))
    assert state.is_over
    tricks = tuple(sum(1 for t in state.tricks if t.winner == s) for s in state.active)
    assert result.tricks == tricks
    if state.kind == "hra":
        count = count_points(state)
        declarer = state.active.index(state.declarer)  # type: ignore[arg-type]
        assert result.points[declarer] == count.cards_declarer
        marriages = tuple(
            sum(m.points for m in state.marriages if m.seat == s) for s in state.active
        )
        assert result.marriages == marriages


def test_playout_refuses_a_deal_before_play() -> None:
    state = VOLENY.new_deal(VOLENY.options(), 3, 0, seed=1)
    with pytest.raises(ValueError):
        random_playout(state, random.Random(0))
