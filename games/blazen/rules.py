"""Card strength in Blázen (blazen.md §2, §13 ``beats``) as bit-mask arithmetic.

A card is ``suit * 13 + rank`` (``games.cards``), so inside a suit a higher
index is a higher card, and "every card that beats X" is one mask: the
higher cards of X's suit, every trump when X is not a trump, and the joker
of X's colour. Ranks have no suit ranking (§2), and jokers have no rank.
"""

from __future__ import annotations

from collections.abc import Iterable

from games.cards import (
    BLACK_JOKER,
    DECK_24,
    DECK_36,
    DECK_52,
    DECK_54,
    RED_JOKER,
    SUIT_MASKS,
    Card,
    CardSet,
    Rank,
    card_code,
    cards_of,
)

__all__ = [
    "DECKS",
    "JOKERS",
    "LOWEST_RANK",
    "RANK_MASKS",
    "beaters",
    "beats",
    "display_order",
    "lowest_trump",
    "rank_mask_of",
    "same_rank",
]

DECKS: dict[int, tuple[Card, ...]] = {24: DECK_24, 36: DECK_36, 52: DECK_52, 54: DECK_54}
"""The deck of each ``deck_size``: 9-A, 6-A, 2-A, and 2-A with two jokers (§2)."""

LOWEST_RANK: dict[int, Rank] = {24: Rank.NINE, 36: Rank.SIX, 52: Rank.TWO, 54: Rank.TWO}

JOKERS: CardSet = (1 << RED_JOKER) | (1 << BLACK_JOKER)
_RED: CardSet = SUIT_MASKS[0] | SUIT_MASKS[1]  # hearts and diamonds

RANK_MASKS: tuple[CardSet, ...] = tuple(
    sum(1 << (suit * 13 + rank) for suit in range(4)) for rank in range(13)
)
"""The four suited cards of each rank (``Rank`` index)."""


def is_joker(c: Card) -> bool:
    return c >= 52


def beaters(hand: CardSet, attack: Card, trump: int) -> CardSet:
    """The cards of ``hand`` that beat ``attack`` (§2): nothing beats a joker."""
    if attack >= 52:
        return 0
    suit = attack // 13
    higher = SUIT_MASKS[suit] & ~((2 << attack) - 1)
    if suit != trump:
        higher |= SUIT_MASKS[trump]
    higher |= 1 << (RED_JOKER if (1 << attack) & _RED else BLACK_JOKER)
    return hand & higher


def beats(defence: Card, attack: Card, trump: int) -> bool:
    """Whether ``defence`` beats ``attack`` with this trump suit (§13 ``beats``)."""
    return bool(beaters(1 << defence, attack, trump))


def rank_mask_of(cards: Iterable[Card]) -> CardSet:
    """Every suited card sharing a rank with one of ``cards``; jokers add no rank."""
    mask = 0
    for c in cards:
        if c < 52:
            mask |= RANK_MASKS[c % 13]
    return mask


def same_rank(cards: Iterable[Card]) -> bool:
    """Whether the cards are all of one rank (a joker only alone, §2)."""
    ranks = {c % 13 if c < 52 else -1 - c for c in cards}
    return len(ranks) <= 1


def lowest_trump(cards: CardSet, trump: int) -> Card | None:
    """The lowest trump among ``cards``; jokers never count (§2, §5)."""
    trumps = cards & SUIT_MASKS[trump]
    if not trumps:
        return None
    return Card((trumps & -trumps).bit_length() - 1)


def display_order(cards: CardSet, trump: int) -> tuple[str, ...]:
    """Codes for showing a hand: jokers, trumps, then h d s c, highest first (notation.md)."""

    def key(c: Card) -> tuple[int, int, int]:
        if c >= 52:
            return (0, 0, c)
        suit = c // 13
        return (1 if suit == trump else 2, suit, -c)

    return tuple(card_code(c) for c in sorted(cards_of(cards), key=key))
