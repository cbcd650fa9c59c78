"""The cards of every finished bout stay in the public view (issue 7)."""

from __future__ import annotations

from tests.blazen.helpers import play_game


def test_history_keeps_every_finished_bout() -> None:
    bouts = 0
    for seed in range(12):
        history: list[dict[str, object]] = []
        for state, _seat, _code, _events in play_game(seed, seats=2 + seed % 3, mix="ru"):
            public = state.public_view()
            if public.last_bout is not None and len(public.history) > len(history):
                history.append(public.last_bout)
            assert list(public.history) == history
            assert len(public.history) == state.bouts
            for seat in range(state.seats):
                assert state.view(seat).public.history == public.history
        bouts += len(history)
        taken = [b for b in history if b["taken"]]
        beaten = [b for b in history if not b["taken"]]
        assert all(all(d is not None for _, d in b["table"]) for b in beaten)  # type: ignore[attr-defined]
        assert taken or beaten
    assert bouts > 50
