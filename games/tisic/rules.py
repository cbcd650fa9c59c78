"""The fixed facts of Tisíc: the deck, rank order, card and marriage values (§3).

Everything here is a constant or a pure function of constants and options,
so the legality, transition and scoring modules share one definition of
"what a card is worth" and "what beats what".
"""

from __future__ import annotations

from games.cards import DECK_32, SUIT_MASKS, Card, CardSet, Rank, Suit, make_card, mask_of
from games.tricks import TISIC_DUTIES, RankOrder, TrickRules

__all__ = [
    "ACES_TENS",
    "DECK",
    "FULL",
    "KINGS",
    "MARRIAGE_VALUE",
    "ORDER",
    "POINTS",
    "QUEENS",
    "card_points",
    "has_marriage",
    "marriage_partner",
    "rounded",
    "trick_rules",
]

DECK: tuple[Card, ...] = DECK_32
"""§3: 32 cards, 7 to A in four suits (not the Polish 24)."""
FULL: CardSet = mask_of(DECK)

ORDER = RankOrder.parse("tisic", "A T K Q J 9 8 7")
"""§3: 7 < 8 < 9 < J < Q < K < T < A in every suit, trumps included."""

_RANK_POINTS = {Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2}
POINTS: tuple[int, ...] = tuple(
    _RANK_POINTS.get(Rank(c % 13), 0) if c < 52 else 0 for c in range(54)
)
"""§3 card points per card index: A 11, T 10, K 4, Q 3, J 2, 9/8/7 0 (120 in the deck)."""

MARRIAGE_VALUE: tuple[int, ...] = (40, 60, 80, 100)
"""§3 marriage values by ``Suit``: h 40, d 60, s 80, c 100 (not the Polish values)."""

KINGS: CardSet = mask_of(make_card(Rank.KING, s) for s in Suit)
QUEENS: CardSet = mask_of(make_card(Rank.QUEEN, s) for s in Suit)
ACES_TENS: CardSet = mask_of(make_card(r, s) for s in Suit for r in (Rank.ACE, Rank.TEN))
"""§6.2: never discarded."""


def card_points(cards: CardSet) -> int:
    """The card points of a set (§3). Discards count the same: they hold no A or T,
    so their "picture value" (§6.3) is their card value."""
    total = 0
    while cards:
        low = cards & -cards
        total += POINTS[low.bit_length() - 1]
        cards ^= low
    return total


def marriage_partner(c: Card) -> Card | None:
    """The other half of a marriage: the K for a Q and the Q for a K."""
    rank = Rank(c % 13)
    if rank is Rank.KING:
        return make_card(Rank.QUEEN, Suit(c // 13))
    if rank is Rank.QUEEN:
        return make_card(Rank.KING, Suit(c // 13))
    return None


def has_marriage(hand: CardSet) -> bool:
    """Whether a hand holds a K+Q of one suit (§5.9 ``marriage_required_above_120``)."""
    return any(hand & SUIT_MASKS[s] & KINGS and hand & SUIT_MASKS[s] & QUEENS for s in Suit)


def rounded(points: int, rounding: str) -> int:
    """A defender's written score (§8.3): "od pěti nahoru" to tens by default."""
    if rounding == "nearest10_half_up":
        return 10 * ((points + 5) // 10)
    if rounding == "nearest5_half_up":
        return 5 * ((2 * points + 5) // 10)
    return points


def trick_rules(follow_rule: str, trump: Suit | None) -> TrickRules:
    """The shared trick kit's rules for a ``follow_rule`` and the trump in force
    (§7.3-§7.4); cached by the kit, so asking per trick costs a look-up."""
    return TrickRules.build(TISIC_DUTIES[follow_rule], ORDER, None, trump)
