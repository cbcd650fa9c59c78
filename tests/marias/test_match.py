"""A match of volený mariáš: dealer rotation, sitting out, the money tally."""

from __future__ import annotations

import random

import pytest

from games.cards import DECK_32, card
from games.engine import Match
from games.marias.deal import cards_from_deck, first_dealer, gather_and_cut, sitting_out
from games.marias.variant import VOLENY
from games.players import make_player


def _play(state, seed: int):
    rng = random.Random(seed)
    player = make_player("rules", VOLENY.id)
    while not state.is_over:
        (seat,) = state.to_act()
        state, _ = VOLENY.apply(
            state, seat, player.choose(state.view(seat), state.legal_actions(seat), seat, rng)
        )
    return state


@pytest.mark.parametrize("seats", [3, 4])
def test_dealer_rotates_and_tally_adds_up(seats: int) -> None:
    options = VOLENY.options()
    match = VOLENY.start_match(options, seats, 1)
    dealers = []
    expected = [0] * seats
    number = 0
    while match.deals < 8:
        dealers.append(match.dealer)
        state = _play(VOLENY.new_deal(options, seats, match.dealer, seed=100 + number), number)
        out = sitting_out(options, seats, match.dealer)
        outcome = state.outcome()
        for seat in out:
            assert outcome.scores[seat] == 0
        expected = [
            e + s * options.unit_haler for e, s in zip(expected, outcome.scores, strict=True)
        ]
        match = VOLENY.record_deal(match, outcome, options)
        assert not match.over  # volený plays on until the table stops
        number += 1
    assert dealers == [(1 + i) % seats for i in range(8)]
    assert list(match.totals) == expected
    assert sum(match.totals) == 0
    assert VOLENY.settlement(match, options) == match.totals
    assert Match.from_dict(match.to_dict()) == match


def test_four_players_the_dealer_sits_out_by_default() -> None:
    options = VOLENY.options()
    state = VOLENY.new_deal(options, 4, 2, seed=1)
    assert state.active == (3, 0, 1)
    assert state.hands[2] == 0
    other = VOLENY.options({"pause_rotation": "rotate_independently"})
    state = VOLENY.new_deal(other, 4, 2, seed=1)
    assert state.active == (3, 0, 2)  # the dealer plays as zadák, seat 1 sits out
    assert state.hands[1] == 0


def test_match_refuses_a_dealer_outside_the_table() -> None:
    with pytest.raises(ValueError):
        Match.start(VOLENY.id, 3, 3)


@pytest.mark.parametrize("rule", ["random", "low_card", "high_card"])
def test_first_dealer_is_a_seat_and_deterministic(rule: str) -> None:
    options = VOLENY.options({"first_dealer": rule})
    picks = {first_dealer(options, 3, seed) for seed in range(30)}
    assert picks <= {0, 1, 2} and len(picks) > 1
    assert first_dealer(options, 3, 5) == first_dealer(options, 3, 5)


def test_low_and_high_card_draws_pick_opposite_ends() -> None:
    low = VOLENY.options({"first_dealer": "low_card"})
    high = VOLENY.options({"first_dealer": "high_card"})
    differ = sum(first_dealer(low, 4, s) != first_dealer(high, 4, s) for s in range(50))
    assert differ == 50  # four distinct cards: the lowest and the highest are different players


def test_gather_and_cut_keeps_the_played_order() -> None:
    options = VOLENY.options({"shuffle_mode": "gather_and_cut", "unfleked_simple_game": "play"})
    state = _play(VOLENY.new_deal(options, 3, 0, seed=9), 9)
    deck = gather_and_cut(state, cut_seed=4)
    assert sorted(deck) == sorted(DECK_32)
    played = [c for t in state.tricks for c in t.cards]
    joined = deck + deck
    if played:
        start = joined.index(played[0])
        assert list(joined[start : start + len(played)]) == played
    cards = cards_from_deck(deck, options, 3, 1)
    nxt = VOLENY.new_deal(options, 3, 1, cards=cards)
    assert nxt.dealt[0][0] == deck[0]
    assert card("7h") in DECK_32
