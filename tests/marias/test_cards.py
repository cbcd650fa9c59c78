"""Card codes, decks and card sets (games/cards.py, notation.md, marias.md §1.3)."""

from __future__ import annotations

import pytest

from games.cards import (
    BLACK_JOKER,
    DECK_24,
    DECK_32,
    DECK_36,
    DECK_52,
    DECK_54,
    RED_JOKER,
    SUIT_MASKS,
    CardError,
    Rank,
    Suit,
    card,
    card_code,
    cards_of,
    count,
    make_card,
    mask_of,
    parse_cards,
    rank_of,
    suit_of,
)

DECKS = {"24": DECK_24, "32": DECK_32, "36": DECK_36, "52": DECK_52, "54": DECK_54}
ALL_CARDS = sorted({c for deck in DECKS.values() for c in deck})


@pytest.mark.parametrize(
    ("name", "size", "lowest"),
    [("24", 24, "9"), ("32", 32, "7"), ("36", 36, "6"), ("52", 52, "2"), ("54", 54, "2")],
)
def test_deck_sizes_and_ranks(name: str, size: int, lowest: str) -> None:
    deck = DECKS[name]
    assert len(deck) == size
    assert len(set(deck)) == size
    ranks = "23456789TJQKA"
    expected = {r + s for s in "hdsc" for r in ranks[ranks.index(lowest) :]}
    if name == "54":
        expected |= {"RJ", "BJ"}
    assert {card_code(c) for c in deck} == expected


def test_mariáš_deck_is_the_spec_table_of_32_codes() -> None:
    # marias.md §1.3: ranks 7 8 9 T J Q K A in the suits h d s c.
    assert {card_code(c) for c in DECK_32} == {r + s for r in "789TJQKA" for s in "hdsc"}


@pytest.mark.parametrize("c", ALL_CARDS, ids=lambda c: card_code(c))
def test_every_card_round_trips(c: int) -> None:
    code = card_code(c)
    assert len(code) == 2
    assert card(code) == c
    assert card_code(card(code)) == code


@pytest.mark.parametrize("c", [c for c in ALL_CARDS if c < 52], ids=lambda c: card_code(c))
def test_rank_and_suit_of_every_suited_card(c: int) -> None:
    code = card_code(c)
    assert rank_of(c).code == code[0]
    assert suit_of(c).code == code[1]
    assert make_card(rank_of(c), suit_of(c)) == c
    assert c in set(cards_of(SUIT_MASKS[suit_of(c)]))


def test_jokers() -> None:
    assert card("RJ") == RED_JOKER
    assert card("BJ") == BLACK_JOKER
    assert {RED_JOKER, BLACK_JOKER} <= set(DECK_54)
    assert not {RED_JOKER, BLACK_JOKER} & set(DECK_52)
    for joker in (RED_JOKER, BLACK_JOKER):
        with pytest.raises(CardError):
            rank_of(joker)
        with pytest.raises(CardError):
            suit_of(joker)


@pytest.mark.parametrize(
    "bad",
    ["", "T", "10h", "Thh", "1h", "Tx", "th", "TH", "hT", "xx", "RB", "7 h", " 7h", None, 7],
)
def test_bad_codes_raise_card_error(bad: object) -> None:
    with pytest.raises(CardError) as info:
        card(bad)  # type: ignore[arg-type]
    assert isinstance(info.value, ValueError)
    # The message names the code, or for a two-character code the part that is wrong.
    message = str(info.value)
    assert repr(bad) in message or any(repr(part) in message for part in str(bad))


def test_card_error_names_the_bad_part() -> None:
    with pytest.raises(CardError, match="rank"):
        card("1h")
    with pytest.raises(CardError, match="suit"):
        card("Tx")


def test_suit_and_rank_codes_round_trip() -> None:
    assert [s.code for s in Suit] == ["h", "d", "s", "c"]
    for s in Suit:
        assert Suit.from_code(s.code) is s
    for r in Rank:
        assert Rank.from_code(r.code) is r
    for bad in ("", "x", "hh", "H"):
        with pytest.raises(CardError):
            Suit.from_code(bad)
    for bad in ("", "1", "10", "t"):
        with pytest.raises(CardError):
            Rank.from_code(bad)


def test_parse_cards_text_and_lists() -> None:
    assert parse_cards("7h Td") == [card("7h"), card("Td")]
    assert parse_cards("7h,Td, Ac") == [card("7h"), card("Td"), card("Ac")]
    assert parse_cards(["Qs", "Kc"]) == [card("Qs"), card("Kc")]
    assert parse_cards("") == []
    with pytest.raises(CardError, match="twice"):
        parse_cards("7h Td 7h")
    with pytest.raises(CardError):
        parse_cards("7h Tz")


def test_card_set_helpers() -> None:
    hand = parse_cards("7h Td Ac Qs")
    m = mask_of(hand)
    assert count(m) == 4
    assert sorted(cards_of(m)) == sorted(hand)
    assert list(cards_of(m)) == sorted(hand)  # lowest index first
    assert mask_of([]) == 0
    assert list(cards_of(0)) == []
    assert count(mask_of(DECK_32)) == 32
    assert mask_of(hand + hand) == m


def test_suit_masks_partition_the_52_suited_cards() -> None:
    assert len(SUIT_MASKS) == 4
    union = 0
    for suit, suit_mask in zip(Suit, SUIT_MASKS, strict=True):
        assert count(suit_mask) == 13
        assert all(suit_of(c) is suit for c in cards_of(suit_mask))
        assert not union & suit_mask
        union |= suit_mask
    assert union == mask_of(DECK_52)
    assert count(mask_of(DECK_32) & SUIT_MASKS[Suit.HEARTS]) == 8
