"""§2 seats and roles, §4 the deal patterns and explicit deals, the first dealer."""

from __future__ import annotations

import pytest

from games.cards import card_code
from games.engine import IllegalAction
from games.tisic import deal as deals
from games.tisic.options import DEAL_PATTERNS, TisicOptions
from games.tisic.rules import DECK
from games.tisic.state import Phase
from games.tisic.variant import TISIC
from tests.tisic.helpers import deal, seeded


def _span(*ranges: tuple[int, int]) -> tuple[int, ...]:
    return tuple(i for a, b in ranges for i in range(a, b + 1))


SPEC_TABLE = {
    "3-3-3/T2/4-4-4/3-3-3": (
        _span((0, 2), (11, 14), (23, 25)),
        _span((3, 5), (15, 18), (26, 28)),
        _span((6, 8), (19, 22), (29, 31)),
        _span((9, 10)),
    ),
    "2-2-2/2-2-2/2-2-2/T2/2-2-2/2-2-2": (
        _span((0, 1), (6, 7), (12, 13), (20, 21), (26, 27)),
        _span((2, 3), (8, 9), (14, 15), (22, 23), (28, 29)),
        _span((4, 5), (10, 11), (16, 17), (24, 25), (30, 31)),
        _span((18, 19)),
    ),
    "T2/10-10-10": (_span((2, 11)), _span((12, 21)), _span((22, 31)), _span((0, 1))),
}


@pytest.mark.parametrize("pattern", DEAL_PATTERNS)
def test_pattern_positions_are_the_spec_table(pattern: str) -> None:
    assert deals.pattern_indices(pattern) == SPEC_TABLE[pattern]


@pytest.mark.parametrize("pattern", DEAL_PATTERNS)
def test_seeded_deal_follows_the_pattern(pattern: str) -> None:
    import random

    state = seeded(11, deal_pattern=pattern)
    deck = list(DECK)
    random.Random(11).shuffle(deck)
    p1, p2, p3, talon = SPEC_TABLE[pattern]
    assert state.dealt == tuple(tuple(deck[i] for i in p) for p in (p1, p2, p3))
    assert state.dealt_talon == tuple(deck[i] for i in talon)


def test_three_players_roles() -> None:
    state = seeded(1, seats=3, dealer=2)
    assert state.active == (0, 1, 2)  # P1 after D; P3 = D
    assert state.to_act() == {1}  # P2 speaks first (§5.2)
    assert state.high == 50 and state.high_bidder == 0
    assert [state.hands[s].bit_count() for s in range(3)] == [10, 10, 10]
    assert state.talon.bit_count() == 2


def test_four_players_the_dealer_sits_out() -> None:
    state = seeded(1, seats=4, dealer=1)
    assert state.active == (2, 3, 0)
    assert TISIC.sitting_out(TisicOptions(), 4, 1) == {1}
    assert TISIC.sitting_out(TisicOptions(), 3, 1) == frozenset()
    assert state.hands[1] == 0
    assert state.phase is Phase.AUCTION


def test_explicit_cards_round_trip() -> None:
    state = seeded(5, seats=4, dealer=3)
    cards = TISIC.dealt_cards(state)
    assert set(cards) == {"0", "1", "2", "talon"}
    again = TISIC.new_deal(state.options, 4, {"dealer": 3}, cards=cards)
    assert again.hands == state.hands and again.talon == state.talon


@pytest.mark.parametrize(
    "cards",
    [
        {"1": [], "2": [], "0": []},
        {"1": ["Ah"] * 10, "2": [], "0": [], "talon": []},
    ],
)
def test_bad_explicit_cards(cards: dict[str, list[str]]) -> None:
    with pytest.raises(IllegalAction):
        TISIC.new_deal(TisicOptions(), 3, 0, cards=cards)


def test_duplicate_card_is_refused() -> None:
    good = TISIC.dealt_cards(deal())
    good["talon"] = [good["1"][0], good["talon"][1]]
    with pytest.raises(IllegalAction):
        TISIC.new_deal(TisicOptions(), 3, 0, cards=good)


def test_tables_and_setups_refused() -> None:
    with pytest.raises(IllegalAction):
        TISIC.new_deal(TisicOptions(), 5, 0, seed=1)
    with pytest.raises(IllegalAction):
        TISIC.new_deal(TisicOptions(max_players=3), 4, 0, seed=1)
    with pytest.raises(IllegalAction):
        TISIC.new_deal(TisicOptions(), 3, {"dealer": 0, "opener": 1}, seed=1)
    with pytest.raises(IllegalAction):
        TISIC.new_deal(TisicOptions(), 3, {"dealer": 0, "x": 1}, seed=1)
    assert TISIC.setup_of(seeded(1, dealer=2)) == {"dealer": 2}


def test_first_dealer_random_and_cut() -> None:
    seen = {TISIC.first_dealer(TisicOptions(), 3, seed) for seed in range(40)}
    assert seen == {0, 1, 2}
    cut = TisicOptions(first_dealer="cut")
    for seed in range(60):
        rounds = deals.cut_draws(4, seed)
        winner = TISIC.first_dealer(cut, 4, seed)
        last = rounds[-1]
        from games.tisic.rules import ORDER

        top = max(ORDER.strength[c] for _s, c in last)
        assert [s for s, c in last if ORDER.strength[c] == top] == [winner]
        for earlier in rounds[:-1]:  # a tie at the top cut again
            tops = [ORDER.strength[c] for _s, c in earlier]
            assert tops.count(max(tops)) > 1
    assert any(len(deals.cut_draws(3, s)) > 1 for s in range(200))
    assert card_code(DECK[0]) == "7h"
