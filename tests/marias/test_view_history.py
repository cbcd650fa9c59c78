"""Every card played, by whom and in which trick, is part of every view (issue 7)."""

from __future__ import annotations

from games.cards import card_code
from games.marias.views import PlayedTrick
from tests.marias.strategies import play_deal


def test_the_public_history_lists_every_finished_trick() -> None:
    checked = 0
    for seed in range(30):
        options = {"unfleked_simple_game": "play"}
        for state, _seat, _code, _events in play_deal(seed, options=options, mix="ru"):
            public = state.public_view()
            expected = tuple(
                PlayedTrick(tuple(zip(t.seats, map(card_code, t.cards), strict=True)), t.winner)
                for t in state.tricks
            )
            assert public.history == expected
            for seat in state.active:
                assert state.view(seat).public.history == expected
            checked += len(expected)
    assert checked > 200


def test_history_names_the_voids() -> None:
    """A seat that did not follow the led suit shows up as such in the history."""
    for seed in range(60):
        *_, (state, _s, _c, _e) = play_deal(seed, options={"unfleked_simple_game": "play"})
        for trick in state.public_view().history:
            led = trick.plays[0][1][1]
            for _seat, code in trick.plays[1:]:
                if code[1] != led:
                    return  # a discard or a trump: the void is visible in the view
    raise AssertionError("no deal showed a void")
