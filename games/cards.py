"""Cards, suits, ranks, decks and card sets shared by every game.

A card is a small integer (``0..53``) so that hands, tricks and talons can be
kept as bit masks (``CardSet``): set operations are single integer
operations, which is what makes random playouts fast. The text form is the
two-character code of ``notation.md`` (rank then suit: ``7h``, ``Td``,
``Jc``; jokers ``RJ`` and ``BJ``) and round-trips for every card.

Strength is deliberately absent here: every game defines its own rank order.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from enum import IntEnum
from typing import NewType

__all__ = [
    "BLACK_JOKER",
    "DECK_24",
    "DECK_32",
    "DECK_36",
    "DECK_52",
    "DECK_54",
    "RED_JOKER",
    "SUIT_MASKS",
    "Card",
    "CardError",
    "CardSet",
    "Rank",
    "Suit",
    "card",
    "card_code",
    "cards_of",
    "count",
    "make_card",
    "mask_of",
    "parse_cards",
    "rank_of",
    "suit_of",
]


class CardError(ValueError):
    """A card code that is not in the notation (``notation.md``)."""


class Suit(IntEnum):
    """The four suits, in the display order h, d, s, c of ``notation.md``."""

    HEARTS = 0
    BELLS = 1
    LEAVES = 2
    ACORNS = 3

    @property
    def code(self) -> str:
        return "hdsc"[self]

    @classmethod
    def from_code(cls, code: str) -> Suit:
        index = "hdsc".find(code)
        if index < 0 or len(code) != 1:
            raise CardError(f"unknown suit {code!r}: use one of h, d, s, c")
        return cls(index)


class Rank(IntEnum):
    """Ranks 2..A. The value is only an identity, never a strength."""

    TWO = 0
    THREE = 1
    FOUR = 2
    FIVE = 3
    SIX = 4
    SEVEN = 5
    EIGHT = 6
    NINE = 7
    TEN = 8
    JACK = 9
    QUEEN = 10
    KING = 11
    ACE = 12

    @property
    def code(self) -> str:
        return _RANK_CODES[self]

    @classmethod
    def from_code(cls, code: str) -> Rank:
        index = _RANK_CODES.find(code)
        if index < 0 or len(code) != 1:
            raise CardError(f"unknown rank {code!r}: use one of 2-9, T, J, Q, K, A")
        return cls(index)


_RANK_CODES = "23456789TJQKA"

Card = NewType("Card", int)
"""A card: ``suit * 13 + rank`` for the 52 suited cards, 52 and 53 for jokers."""

CardSet = int
"""A set of cards as a bit mask: bit ``card`` is set when the card is in the set."""

RED_JOKER = Card(52)
BLACK_JOKER = Card(53)


def make_card(rank: Rank, suit: Suit) -> Card:
    """The card of this rank and suit."""
    return Card(int(suit) * 13 + int(rank))


def _build_codes() -> tuple[str, ...]:
    codes = [r + s for s in "hdsc" for r in _RANK_CODES]
    return (*codes, "RJ", "BJ")


_CODES: tuple[str, ...] = _build_codes()
_BY_CODE: dict[str, Card] = {code: Card(i) for i, code in enumerate(_CODES)}


def card(code: str) -> Card:
    """Parse a card code such as ``Th``; raise ``CardError`` with the reason if bad."""
    found = _BY_CODE.get(code)
    if found is not None:
        return found
    if not isinstance(code, str) or len(code) != 2:
        raise CardError(f"bad card code {code!r}: a card is two characters, rank then suit (Th)")
    try:
        Rank.from_code(code[0])
        Suit.from_code(code[1])
    except CardError as exc:
        raise CardError(f"bad card code {code!r}: {exc}") from exc
    raise CardError(f"bad card code {code!r}")  # pragma: no cover - both parts parsed


def card_code(c: Card) -> str:
    """The two-character code of a card (the inverse of :func:`card`)."""
    return _CODES[c]


def rank_of(c: Card) -> Rank:
    """The rank of a suited card (jokers have none)."""
    if c >= 52:
        raise CardError("a joker has no rank")
    return Rank(c % 13)


def suit_of(c: Card) -> Suit:
    """The suit of a suited card (jokers have none)."""
    if c >= 52:
        raise CardError("a joker has no suit")
    return Suit(c // 13)


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """Parse ``"7h Td"`` or ``["7h", "Td"]`` into cards, refusing duplicates."""
    codes = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    result = [card(code) for code in codes]
    if len(set(result)) != len(result):
        raise CardError(f"a card is listed twice in {' '.join(codes)}")
    return result


def mask_of(cards: Iterable[Card]) -> CardSet:
    """The card set holding exactly these cards."""
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask


def cards_of(mask: CardSet) -> Iterator[Card]:
    """The cards of a set, lowest index first."""
    while mask:
        low = mask & -mask
        yield Card(low.bit_length() - 1)
        mask ^= low


def count(mask: CardSet) -> int:
    """How many cards a set holds."""
    return mask.bit_count()


SUIT_MASKS: tuple[CardSet, ...] = tuple(((1 << 13) - 1) << (13 * s) for s in range(4))
"""All thirteen cards of each suit, indexed by ``Suit``."""


def _deck(lowest: Rank) -> tuple[Card, ...]:
    return tuple(make_card(r, s) for s in Suit for r in Rank if r >= lowest)


DECK_32: tuple[Card, ...] = _deck(Rank.SEVEN)
"""Mariáš, Cenzr and Tisíc: ranks 7..A in four suits."""
DECK_24: tuple[Card, ...] = _deck(Rank.NINE)
DECK_36: tuple[Card, ...] = _deck(Rank.SIX)
DECK_52: tuple[Card, ...] = _deck(Rank.TWO)
DECK_54: tuple[Card, ...] = (*DECK_52, RED_JOKER, BLACK_JOKER)
