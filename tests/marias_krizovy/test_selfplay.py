"""Seeded random self-play of křížový: 2,000 deals without an exception, money balanced."""

from __future__ import annotations

import random
from collections import Counter

from games.marias_krizovy.variant import KRIZOVY
from tests.marias_krizovy.helpers import pick


def test_two_thousand_random_deals() -> None:
    options = KRIZOVY.options()
    kinds: Counter[str] = Counter()
    ends: Counter[str] = Counter()
    rng = random.Random(12)
    for seed in range(2000):
        seats = 5 if seed % 4 == 0 else 4
        setup = {"dealer": seed % seats, "red_round": seed % 7 == 0}
        state = KRIZOVY.new_deal(options, seats, setup, seed=seed)
        while not state.is_over:
            (seat,) = state.to_act()
            assert KRIZOVY.due(state) == {seat}
            state, _events = KRIZOVY.apply(state, seat, pick(rng, state.legal_actions(seat)))
        outcome = state.outcome()
        assert sum(outcome.scores) == 0
        kinds[state.kind] += 1
        ends[str(state.end)] += 1
    assert set(kinds) == {"hra", "durchs", "chytry", "betl", "durch"}
    assert {"played", "thrown_in", "honers_paid", "early"} <= set(ends)


def test_a_match_runs_to_the_end_of_its_red_round() -> None:
    options = KRIZOVY.options({"cervene_kolo": True, "session_deals": 3})
    match = KRIZOVY.start_match(options, 5, 0)
    rng = random.Random(5)
    for seed in range(3000):
        if match.over:
            break
        state = KRIZOVY.new_deal(options, 5, KRIZOVY.setup_for(match), seed=seed)
        while not state.is_over:
            (seat,) = state.to_act()
            state, _ = KRIZOVY.apply(state, seat, pick(rng, state.legal_actions(seat)))
        match = KRIZOVY.record_deal(match, state.outcome(), options)
    assert match.over and match.deals > 3
    assert KRIZOVY.settlement(match, options) == match.totals and sum(match.totals) == 0
