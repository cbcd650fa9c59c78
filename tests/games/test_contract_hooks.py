"""The parts of the engine contract a table host asks instead of assuming:
seats, the next dealer and opener, whose move is due, clocks and timeout moves."""

from __future__ import annotations

import pytest

from games.blazen.actions import Attack, Pass, Take
from games.blazen.variant import BLAZEN
from games.cards import card
from games.engine import IllegalAction, Outcome
from games.marias.variant import VOLENY
from tests.blazen.helpers import A, B, C, play, position


def test_marias_keeps_its_fixed_seating_and_clockwise_dealer() -> None:
    options = VOLENY.options()
    assert VOLENY.seat_range(options) == (3, 4)
    state = VOLENY.new_deal(options, 3, 2, seed=1)
    assert VOLENY.due(state) == state.to_act()
    seat = min(state.to_act())
    assert VOLENY.turn_share(state, seat) == 1.0
    assert VOLENY.timeout_action(state, seat) is None  # a computer player decides
    following = VOLENY.record_deal(
        VOLENY.start_match(options, 3, 2), Outcome((4, -2, -2), {}), options
    )
    assert (following.dealer, following.opener) == (0, None)
    assert following.totals == (40, -20, -20)  # haléře: 10 per unit by default
    assert VOLENY.settlement(following, options) == (40, -20, -20)
    assert not following.over
    with pytest.raises(IllegalAction):
        VOLENY.new_deal(options, 3, 2, seed=1, opener=1)


@pytest.mark.parametrize(
    ("values", "expected"),
    [
        ({}, (2, 6)),
        ({"deck_size": 24}, (2, 4)),
        ({"deck_size": 52}, (2, 8)),
        ({"team_mode": "2v2"}, (4, 4)),
        ({"team_mode": "1v2"}, (3, 3)),
        ({"team_mode": "3v3", "deck_size": 24}, (6, 0)),  # no table can play that
    ],
)
def test_blazen_seats_follow_the_deck_and_the_teams(
    values: dict[str, object], expected: tuple[int, int]
) -> None:
    assert BLAZEN.seat_range(BLAZEN.options(values)) == expected


def test_the_fool_deals_and_his_left_neighbour_opens_the_next_game() -> None:
    state = position(["Ks", "As 6d", "7c 8c"], trump="6h", attacker=A)  # §15 T14
    state = play(state, (A, "attack:Ks"), (B, "beat:0:As"))
    state = play(state, (B, "attack:6d"), (C, "take"))
    assert state.is_over and state.losers == (C,)
    options = BLAZEN.options()
    following = BLAZEN.record_deal(BLAZEN.start_match(options, 3, A), state.outcome(), options)
    assert (following.dealer, following.opener) == (C, A)  # fool_left: C's left is A
    assert following.totals == (0, 0, 1)  # the fool tally
    assert [(s.seat, s.place) for s in BLAZEN.standings(following, options)] == [
        (A, 1),
        (B, 1),
        (C, 3),
    ]
    game = BLAZEN.new_deal(BLAZEN.options(), 3, following.dealer, seed=9, opener=following.opener)
    assert game.to_move == A
    setup = BLAZEN.setup_of(game)  # the opener is the deal's setup, not its cards
    assert setup == {"dealer": C, "opener": A} and "attacker" not in BLAZEN.dealt_cards(game)
    assert BLAZEN.new_deal(BLAZEN.options(), 3, setup, seed=9) == game
    cards = BLAZEN.dealt_cards(game)
    assert BLAZEN.new_deal(BLAZEN.options(), 3, setup, cards=cards) == game.but(seed=None)


def test_only_moves_that_are_due_have_a_clock_and_a_default() -> None:
    # B holds five spades: he may demand a redeal, but nobody waits for him
    state = position(
        ["6h 7d 8c 9d Td Jd", "6s 7s 8s 9s Ts 8d", "Qd Kd Ad 9c Tc 7c"],
        trump="7h",
        rest="stock",
        attacker=A,
    )
    assert state.to_act() == {A, B}
    assert BLAZEN.due(state) == {A}
    assert BLAZEN.timeout_action(state, A) == Attack((card("7d"),))  # the lowest plain card
    assert BLAZEN.timeout_action(state, B) is None
    assert BLAZEN.turn_share(state, A) == 1.0
    state = play(state, (A, "attack:7d"))
    assert BLAZEN.due(state) == {B} and BLAZEN.timeout_action(state, B) == Take()
    state = play(state, (B, "beat:0:8d"))  # all covered: A may throw in his ♣8
    assert state.phase == "throw" and BLAZEN.due(state) == {A}
    assert BLAZEN.timeout_action(state, A) == Pass()
    assert BLAZEN.turn_share(state, A) == pytest.approx(1 / 3)  # §12.1: 20 of 60 s
    state = play(state, (A, "throw:8c"), (B, "take"))  # A has no 7 or 8 left: C is asked
    assert state.phase == "take_add" and BLAZEN.due(state) == {C}
    assert BLAZEN.turn_share(state, C) == pytest.approx(1 / 4)  # 15 of 60 s


def test_a_window_of_throwers_is_all_due_at_once() -> None:
    state = position(
        ["7s 7d Kd", "8s 9s Jc", "7c 9d Td"], trump="6h", throw_in_mode="window", attacker=A
    )
    state = play(state, (A, "attack:7s"), (B, "beat:0:8s"))
    assert BLAZEN.due(state) == {A, C}
    assert BLAZEN.timeout_action(state, A) == Pass() == BLAZEN.timeout_action(state, C)
