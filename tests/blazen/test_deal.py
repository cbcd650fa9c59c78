"""Dealing (§4): decks, packets, the trump card, explicit cards, the first attacker (§5)."""

from __future__ import annotations

import random

import pytest

from games.blazen.deal import first_dealer
from games.blazen.rules import DECKS
from games.blazen.variant import BLAZEN
from games.cards import card, card_code, mask_of
from games.engine import IllegalAction
from tests.blazen.helpers import A, B, C, D, position


@pytest.mark.parametrize(("deck", "seats"), [(24, 2), (24, 4), (36, 6), (52, 8), (54, 8), (54, 2)])
def test_every_deck_deals_six_each_and_keeps_every_card(deck: int, seats: int) -> None:
    options = BLAZEN.options({"deck_size": deck})
    for seed in range(20):
        state = BLAZEN.new_deal(options, seats, seed % seats, seed=seed)
        assert all(h.bit_count() == 6 for h in state.hands)
        held = sum(state.hands) | mask_of(state.stock)
        assert held == mask_of(DECKS[deck]) and len(state.stock) == deck - 6 * seats
        assert state.trump_card < 52  # never a joker
        if state.stock:
            assert state.stock[-1] == state.trump_card


@pytest.mark.parametrize(("deck", "seats"), [(24, 5), (36, 7), (52, 9), (36, 1)])
def test_too_many_players_for_the_deck(deck: int, seats: int) -> None:
    with pytest.raises(IllegalAction):
        BLAZEN.new_deal(BLAZEN.options({"deck_size": deck}), seats, 0, seed=1)


def test_packets_of_two() -> None:
    seed = 7
    deck = list(DECKS[36])
    random.Random(seed).shuffle(deck)
    state = BLAZEN.new_deal(BLAZEN.options({"deal_packet": 2}), 3, C, seed=seed)
    # order A, B, C (dealer last); rounds of two cards each
    assert state.dealt[A] == (deck[0], deck[1], deck[6], deck[7], deck[12], deck[13])
    assert state.dealt[C] == (deck[4], deck[5], deck[10], deck[11], deck[16], deck[17])
    assert state.trump_card == deck[35]


def test_trump_card_next_turns_the_top_card() -> None:
    seed = 9
    deck = list(DECKS[36])
    random.Random(seed).shuffle(deck)
    state = BLAZEN.new_deal(BLAZEN.options({"trump_card": "next"}), 3, C, seed=seed)
    assert state.trump_card == deck[18]
    assert state.stock == (*deck[19:], deck[18])


def test_a_joker_at_the_bottom_is_swapped_upwards() -> None:
    options = BLAZEN.options({"deck_size": 54})
    found = 0
    for seed in range(3000):
        deck = list(DECKS[54])
        random.Random(seed).shuffle(deck)
        if deck[-1] < 52:
            continue
        found += 1
        state = BLAZEN.new_deal(options, 2, 0, seed=seed)
        assert state.stock[-1] < 52 and state.trump_card == state.stock[-1]
        assert sorted(state.stock) == sorted(deck[12:])
    assert found > 0


def test_hand_size_option() -> None:
    state = BLAZEN.new_deal(BLAZEN.options({"hand_size": 5}), 3, 0, seed=3)
    assert all(h.bit_count() == 5 for h in state.hands)
    assert len(state.stock) == 21


def test_dealt_cards_rebuild_the_same_game() -> None:
    options = BLAZEN.options({"variant": "perevodnoy"})
    for seed in range(30):
        state = BLAZEN.new_deal(options, 4, seed % 4, seed=seed)
        again = BLAZEN.new_deal(options, 4, seed % 4, cards=BLAZEN.dealt_cards(state))
        assert again.but(seed=seed) == state
    fixed = BLAZEN.new_deal(options, 4, 1, seed=1, first_attacker=3)
    cards = BLAZEN.dealt_cards(fixed)
    assert "attacker" not in cards  # not a card: the setup carries the first attacker
    assert BLAZEN.setup_of(fixed) == {"dealer": 1, "opener": 3}
    again = BLAZEN.new_deal(options, 4, BLAZEN.setup_of(fixed), cards=cards)
    assert again.opener == 3 and again.but(seed=1) == fixed
    # the old spelling, the opener inside the cards, is still read
    old = BLAZEN.new_deal(options, 4, 1, cards={**cards, "attacker": ["3"]})
    assert old.but(seed=1) == fixed and BLAZEN.setup_of(old) == BLAZEN.setup_of(fixed)
    whole = BLAZEN.new_deal(BLAZEN.options({"deck_size": 24}), 4, 2, seed=4)
    cards = BLAZEN.dealt_cards(whole)
    assert cards["stock"] == [] and cards["trump_card"] == [card_code(whole.trump_card)]
    assert BLAZEN.new_deal(whole.options, 4, 2, cards=cards).but(seed=4) == whole


@pytest.mark.parametrize(
    "cards",
    [
        {"0": ["6h"], "1": ["7h"]},  # the rest of the deck is missing
        {"0": ["6h", "6h"], "1": ["7h"]},
        {"0": ["6h"], "2": ["7h"]},
        {"0": ["Xx"], "1": ["7h"]},
        {"0": [], "1": ["7h"], "stock": []},
    ],
)
def test_bad_explicit_cards(cards: dict[str, list[str]]) -> None:
    with pytest.raises(IllegalAction):
        BLAZEN.new_deal(BLAZEN.options(), 2, 0, cards=cards)


def test_explicit_trump_card_rules() -> None:
    deck = [card_code(c) for c in DECKS[24]]
    cards = {str(s): deck[6 * s : 6 * s + 6] for s in range(4)}
    state = BLAZEN.new_deal(BLAZEN.options({"deck_size": 24}), 4, 3, cards=cards)
    assert state.trump_card == card(deck[-1])  # the dealer's last card
    with pytest.raises(IllegalAction):  # the whole deck dealt: the dealer holds it
        BLAZEN.new_deal(
            BLAZEN.options({"deck_size": 24}), 4, 3, cards={**cards, "trump_card": [deck[0]]}
        )
    with pytest.raises(IllegalAction):
        BLAZEN.new_deal(BLAZEN.options({"deck_size": 24}), 4, 3, cards={**cards, "attacker": ["9"]})


def test_first_attacker_rules() -> None:
    hands = ["6h 7s 8s 9s Ts Js", "7h 7d 8d 9d Td Jd", "8h 7c 8c 9c Tc Jc"]
    assert position(hands, trump="Ah", rest="stock").opener == A
    left = position(hands, trump="Ah", rest="stock", first_attacker_rule="dealer_left")
    assert left.dealer == C and left.opener == A and left.opening_trump is None
    left = position(hands, trump="Ah", rest="stock", dealer=A, first_attacker_rule="dealer_left")
    assert left.opener == B
    options = BLAZEN.options({"first_attacker_rule": "random"})
    openers = {BLAZEN.new_deal(options, 4, 0, seed=s).opener for s in range(40)}
    assert openers == {A, B, C, D}
    again = {BLAZEN.new_deal(options, 4, 0, seed=s).opener for s in range(40)}
    assert openers == again


def test_first_dealer_is_seeded() -> None:
    assert {first_dealer(4, s) for s in range(50)} == {0, 1, 2, 3}
    assert first_dealer(4, 11) == first_dealer(4, 11)


def test_team_tables_need_their_seat_count() -> None:
    for mode, seats in (("2v2", 4), ("3v3", 6), ("1v2", 3)):
        options = BLAZEN.options({"team_mode": mode})
        BLAZEN.new_deal(options, seats, 0, seed=1)
        with pytest.raises(IllegalAction):
            BLAZEN.new_deal(options, seats - 1, 0, seed=1)
    assert BLAZEN.sitting_out(BLAZEN.options(), 5, 0) == frozenset()
