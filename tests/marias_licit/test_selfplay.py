"""Seeded random self-play: 2,000 deals without an exception, every deal finished
with payments summing to zero, and every end of a deal reached."""

from __future__ import annotations

from collections import Counter

from games.marias_licit.options import LicitOptions
from tests.marias_licit.play import random_deal


def test_two_thousand_random_deals() -> None:
    ends: Counter[str] = Counter()
    levels: Counter[int] = Counter()
    for seed in range(2000):
        state, _log = random_deal(seed, seats=4 if seed % 5 == 0 else 3)
        assert state.is_over
        assert sum(state.outcome().scores) == 0
        ends[str(state.end)] += 1
        if state.level_number is not None:
            levels[state.level_number] += 1
    assert {"played", "early"} <= set(ends)
    assert set(levels) == set(range(1, 13))


def test_random_deals_with_random_house_rules() -> None:
    import random

    menu = LicitOptions.choices()
    for seed in range(200):
        rng = random.Random(seed)
        values = {name: rng.choice(list(allowed)) for name, allowed in sorted(menu.items())}
        state, _log = random_deal(seed, values=values, check=seed % 10 == 0)
        assert sum(state.outcome().scores) == 0
