"""Mariáš card facts: rank orders, card points and marriages (marias.md §1).

Shared by every Mariáš variant; nothing here knows about seats or phases.
"""

from __future__ import annotations

from games.cards import DECK_32, SUIT_MASKS, Card, CardSet, Rank, Suit, make_card, mask_of
from games.tricks import RankOrder

__all__ = [
    "BETL_ORDER",
    "DECK_MASK",
    "KINGS",
    "NORMAL_ORDER",
    "QUEENS",
    "SHARP",
    "card_points",
    "marriage_partner",
    "seven_of",
]

_R = Rank
NORMAL_ORDER = RankOrder.low_to_high(
    "normal", (_R.SEVEN, _R.EIGHT, _R.NINE, _R.JACK, _R.QUEEN, _R.KING, _R.TEN, _R.ACE)
)
"""Trump games (§1.4): 7 8 9 J Q K T A; the ten is second highest."""

BETL_ORDER = RankOrder.low_to_high(
    "betl", (_R.SEVEN, _R.EIGHT, _R.NINE, _R.TEN, _R.JACK, _R.QUEEN, _R.KING, _R.ACE)
)
"""Betl and durch (§1.4): 7 8 9 T J Q K A, no trumps."""

DECK_MASK: CardSet = mask_of(DECK_32)
SHARP: CardSet = mask_of(c for c in DECK_32 if Rank(c % 13) in (Rank.ACE, Rank.TEN))
"""The "ostré karty": aces and tens, 10 points each (§1.5)."""
KINGS: CardSet = mask_of(make_card(Rank.KING, s) for s in Suit)
QUEENS: CardSet = mask_of(make_card(Rank.QUEEN, s) for s in Suit)


def card_points(cards: CardSet) -> int:
    """Points of the aces and tens in a set of cards (the last trick is extra)."""
    return 10 * (cards & SHARP).bit_count()


def marriage_partner(c: Card) -> Card | None:
    """The other half of a marriage for a king or an ober, else ``None``."""
    rank = c % 13
    if rank == Rank.KING:
        return Card(c - 1)
    if rank == Rank.QUEEN:
        return Card(c + 1)
    return None


def seven_of(suit: Suit) -> Card:
    """The seven of a suit (the trump seven decides sedma)."""
    return make_card(Rank.SEVEN, suit)


def suit_cards(suit: Suit) -> CardSet:
    """The eight Mariáš cards of one suit."""
    return SUIT_MASKS[suit] & DECK_MASK
