"""Seeded random self-play: 2,000 deals of each rule set without an exception,
every deal finished after sixteen tricks with payments summing to zero."""

from __future__ import annotations

from collections import Counter

import pytest

from tests.marias_dvou.helpers import random_deal


@pytest.mark.parametrize("rules", ["A", "B", "C"])
def test_two_thousand_random_deals(rules: str) -> None:
    seen: Counter[str] = Counter()
    for seed in range(2000):
        state, log = random_deal(seed, values={"dvou_variant": rules})
        assert state.is_over and len(state.tricks) == 16
        assert sum(state.outcome().scores) == 0
        codes = {code for _seat, code in log}
        seen.update(c for c in ("sedma", "swap", "flek:hra") if c in codes)
        if state.stovka is not None:
            seen["stovka"] += 1
    assert {"sedma", "flek:hra", "stovka"} <= set(seen)
    assert ("swap" in seen) == (rules == "B")
