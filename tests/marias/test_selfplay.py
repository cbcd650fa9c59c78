"""Seeded self-play: 2,000 deals by random and rule-of-thumb players, no exception."""

from __future__ import annotations

from collections import Counter

from tests.marias.strategies import play_deal

MIXES = ("rr", "ru", "ur", "uu", "rur", "uru")


def test_two_thousand_seeded_deals_play_through() -> None:
    ends: Counter[str] = Counter()
    kinds: Counter[str] = Counter()
    for seed in range(2000):
        seats = 4 if seed % 5 == 0 else 3
        *_, (state, _seat, _code, _events) = play_deal(
            seed, seats=seats, mix=MIXES[seed % len(MIXES)]
        )
        assert state.is_over
        outcome = state.outcome()
        assert sum(outcome.scores) == 0
        ends[state.end or ""] += 1
        kinds[state.kind or ""] += 1
    # Every way a deal can end and every game kind occurs, so the run is not vacuous.
    assert set(ends) >= {"played", "early", "thrown_in"}
    assert set(kinds) == {"hra", "betl", "durch"}
