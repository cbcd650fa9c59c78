"""The fixed card rules of cenzr: the deck, card points and the orders (§1).

Everything here follows from the trump suit alone, so it is computed once
per suit and looked up; the trick kit (``games.tricks``) holds the follow
duties (§2.2: follow, else trump, never a duty to head) and finds winners.
"""

from __future__ import annotations

from functools import cache

from games.cards import DECK_32, SUIT_MASKS, Card, CardSet, Rank, Suit, cards_of
from games.tricks import CENZR_DUTIES, RankOrder, TrickRules

__all__ = [
    "DECK",
    "LAST_TRICK",
    "NATURAL",
    "PLAIN_ORDER",
    "TOTAL_POINTS",
    "TRUMP_ORDER",
    "card_points",
    "mask_points",
    "natural_size",
    "suit_mask",
    "trick_rules",
]

DECK: tuple[Card, ...] = DECK_32
"""32 cards, 7..A in the four suits (§1.1)."""

PLAIN_ORDER = RankOrder.parse("cenzr-plain", "A T K Q J 9 8 7")
"""§1.3: the led suit when it is not trumps."""
TRUMP_ORDER = RankOrder.parse("cenzr-trump", "J 9 A T K Q 8 7")
"""§1.3: the trump suit (spodek and devítka on top)."""

NATURAL: tuple[Rank, ...] = (
    Rank.ACE,
    Rank.KING,
    Rank.QUEEN,
    Rank.JACK,
    Rank.TEN,
    Rank.NINE,
    Rank.EIGHT,
    Rank.SEVEN,
)
"""§1.4: the natural order, highest first (declaration sizes, the cut)."""

LAST_TRICK = 10
"""§2.1: the winner of the 8th trick scores 10 more."""
TOTAL_POINTS = 162
"""§1.2: 152 card points plus the last trick, in every played deal."""

_PLAIN_POINTS = {Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2}
_TRUMP_POINTS = {**_PLAIN_POINTS, Rank.JACK: 20, Rank.NINE: 14}


def natural_size(rank: Rank) -> int:
    """The size of a rank in the natural order: A = 8 ... 7 = 1 (§3.5 ``SIZE``)."""
    return 8 - NATURAL.index(rank)


def card_points(c: Card, trump: Suit) -> int:
    """§1.2: J 20 and 9 14 in trumps, otherwise A 11, T 10, K 4, Q 3, J 2."""
    table = _TRUMP_POINTS if c // 13 == trump else _PLAIN_POINTS
    return table.get(Rank(c % 13), 0)


@cache
def _points_table(trump: Suit) -> tuple[int, ...]:
    return tuple(card_points(Card(c), trump) if c < 52 else 0 for c in range(54))


def mask_points(mask: CardSet, trump: Suit) -> int:
    """The card points of a set of cards under this trump."""
    table = _points_table(trump)
    return sum(table[c] for c in cards_of(mask))


def suit_mask(suit: Suit) -> CardSet:
    """The eight cards of a suit in the 32-card deck."""
    return SUIT_MASKS[suit] & sum(1 << c for c in DECK)


def trick_rules(trump: Suit) -> TrickRules:
    """The deal's trick rules: Cenzr duties, the plain order and the trump order."""
    return TrickRules.build(CENZR_DUTIES, PLAIN_ORDER, TRUMP_ORDER, trump)
