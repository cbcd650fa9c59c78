"""Hypothesis properties: cards are conserved, views leak nothing, payments sum
to zero, and a replay from the seed or the dealt cards equals the live play."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from games.marias_licit.options import LicitOptions
from tests.marias_licit.play import random_deal, replay

CHOICES = LicitOptions.choices()
OPTION_VALUES = st.fixed_dictionaries(
    {name: st.sampled_from(list(values)) for name, values in sorted(CHOICES.items())}
)


@settings(max_examples=120, deadline=None)
@given(seed=st.integers(0, 10**6), seats=st.sampled_from([3, 4]), values=OPTION_VALUES)
def test_cards_are_conserved_and_views_leak_nothing(
    seed: int, seats: int, values: dict[str, Any]
) -> None:
    random_deal(seed, seats=seats, values=values, check=True)


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 10**6), values=OPTION_VALUES)
def test_payments_sum_to_zero_and_replays_equal_live_play(
    seed: int, values: dict[str, Any]
) -> None:
    state, log = random_deal(seed, values=values)
    outcome = state.outcome()
    assert sum(outcome.scores) == 0
    if state.declarer is None:  # all passed
        assert outcome.scores == (0, 0, 0) and not outcome.played
    else:
        assert outcome.scores[state.declarer] == 2 * outcome.summary["per_defender"]
    again = replay(state, log)
    assert again == state
    from_cards = replay(state, log, from_cards=True)
    live = state.to_dict()
    rebuilt = from_cards.to_dict()
    assert live.pop("seed") == seed and rebuilt.pop("seed") is None
    assert rebuilt == live
    assert from_cards.outcome() == outcome
