"""Sampling hidden cards: every sample keeps the constraints, the distribution is
the uniform one over the consistent deals, and a sample always comes back."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from games.strong.sampling import deal_hidden

CHI2_99 = {2: 9.21, 3: 11.34, 4: 13.28, 5: 15.09, 9: 21.67}
"""Chi-square critical values at the 1% level by degrees of freedom."""


def _chi2(counts: Counter[tuple[int, ...]], outcomes: list[tuple[int, ...]], n: int) -> float:
    expected = n / len(outcomes)
    return sum((counts[o] - expected) ** 2 / expected for o in outcomes)


def test_uniform_over_the_consistent_deals() -> None:
    """Six cards to two hands of three and a talon of none: hand 0 is void in cards 0-1
    (a suit it did not follow); the exact distribution is uniform over the C(4, 3)
    hands 0 can hold, each with cards 0 and 1 in hand 1."""
    cards = 0b111111
    allowed = [0b111100, 0b111111]
    rng = random.Random(5)
    n = 4000
    counts: Counter[tuple[int, ...]] = Counter()
    for _ in range(n):
        sample = deal_hidden(cards, [3, 3], allowed, rng)
        assert sample.exact
        assert sample.hands[0] & 0b11 == 0 and sample.hands[1] & 0b11 == 0b11
        counts[tuple(c for c in range(6) if sample.hands[0] >> c & 1)] += 1
    outcomes = list(combinations(range(2, 6), 3))
    assert set(counts) == set(outcomes)
    assert _chi2(counts, outcomes, n) < CHI2_99[len(outcomes) - 1]


def test_uniform_under_an_accept_test() -> None:
    """A test the masks cannot say (hand 1 holds at least two of cards 0-2): still
    uniform over the C(6,3) = 20 deals minus those that fail (10 remain)."""
    cards = 0b111111
    rng = random.Random(9)

    def accept(hands: list[int]) -> bool:
        return (hands[1] & 0b111).bit_count() >= 2

    outcomes = [h for h in combinations(range(6), 3) if len({0, 1, 2} - set(h)) >= 2]
    n = 5000
    counts: Counter[tuple[int, ...]] = Counter()
    for _ in range(n):
        sample = deal_hidden(cards, [3, 3], [cards, cards], rng, accept=accept)
        counts[tuple(c for c in range(6) if sample.hands[0] >> c & 1)] += 1
    assert set(counts) == set(outcomes)
    assert _chi2(counts, outcomes, n) < CHI2_99[len(outcomes) - 1]


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), sizes=st.lists(st.integers(0, 5), min_size=2, max_size=4))
def test_every_sample_keeps_sizes_and_masks_or_says_it_could_not(
    seed: int, sizes: list[int]
) -> None:
    rng = random.Random(seed)
    total = sum(sizes)
    cards = (1 << total) - 1
    allowed = [rng.getrandbits(total) | (1 << rng.randrange(max(total, 1))) for _ in sizes]
    sample = deal_hidden(cards, sizes, allowed, rng, tries=20)
    assert [h.bit_count() for h in sample.hands] == sizes
    joined = 0
    for h in sample.hands:
        assert not joined & h
        joined |= h
    assert joined == cards
    if sample.exact:
        assert all(not h & ~a for h, a in zip(sample.hands, allowed, strict=True))


def test_an_impossible_position_still_gives_a_sample() -> None:
    sample = deal_hidden(0b1111, [2, 2], [0b0011, 0b0011], random.Random(1))
    assert not sample.exact and sorted(h.bit_count() for h in sample.hands) == [2, 2]
