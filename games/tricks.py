"""Trick-taking helpers shared by the games that "ctí barvu a přebíjí".

Mariáš and Cenzr share the same duties: follow suit, overtake when you can,
trump when you cannot follow, over-trump when you can. A game describes its
rank order once as a :class:`RankOrder`; the helpers below then work on bit
masks, so the same code serves the rules engine and fast playouts.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games.cards import SUIT_MASKS, Card, CardSet, Rank, Suit, make_card

__all__ = ["RankOrder", "beats", "legal_follow", "trick_winner"]


@dataclass(frozen=True)
class RankOrder:
    """The strength of each card inside its suit for one game's rank order.

    ``strength[c]`` grows with the card's strength; ``higher[c]`` is the set of
    cards of the same suit that beat ``c``.
    """

    name: str
    strength: tuple[int, ...]
    higher: tuple[CardSet, ...]

    @classmethod
    def low_to_high(cls, name: str, ranks: Sequence[Rank]) -> RankOrder:
        """Build an order from its ranks listed weakest first."""
        strength = [-1] * 54
        higher = [0] * 54
        for suit in Suit:
            for i, rank in enumerate(ranks):
                strength[make_card(rank, suit)] = i
            for i, rank in enumerate(ranks):
                mask = 0
                for stronger in ranks[i + 1 :]:
                    mask |= 1 << make_card(stronger, suit)
                higher[make_card(rank, suit)] = mask
        return cls(name, tuple(strength), tuple(higher))


def legal_follow(
    hand: CardSet,
    table: Sequence[Card],
    trump: Suit | None,
    order: RankOrder,
    *,
    must_trump_when_cannot_overtrump: bool = True,
) -> CardSet:
    """The cards of ``hand`` that may be played to a trick (Mariáš §2.2).

    ``table`` holds the cards already in the trick, the led card first.
    "Higher" means higher than the best card of the led suit so far, or than
    the best trump once trumps are in the trick; a player following a led
    suit that has already been trumped need not overtake.
    """
    if not table:
        return hand
    led_suit = table[0] // 13
    led_mask = SUIT_MASKS[led_suit]
    follow = hand & led_mask
    trump_mask = SUIT_MASKS[trump] if trump is not None else 0
    table_mask = 0
    for c in table:
        table_mask |= 1 << c
    if follow:
        if trump is not None and led_suit != trump and table_mask & trump_mask:
            return follow
        best = _best_in(table_mask & led_mask, order)
        higher = follow & order.higher[best]
        return higher or follow
    if trump is not None:
        trumps = hand & trump_mask
        if trumps:
            on_table = table_mask & trump_mask
            if not on_table:
                return trumps
            higher = trumps & order.higher[_best_in(on_table, order)]
            if higher:
                return higher
            return trumps if must_trump_when_cannot_overtrump else hand
    return hand


def _best_in(mask: CardSet, order: RankOrder) -> int:
    """The strongest card of a non-empty set of cards of one suit."""
    best = -1
    best_strength = -1
    while mask:
        low = mask & -mask
        c = low.bit_length() - 1
        if order.strength[c] > best_strength:
            best, best_strength = c, order.strength[c]
        mask ^= low
    return best


def beats(challenger: Card, holder: Card, trump: Suit | None, order: RankOrder) -> bool:
    """Whether ``challenger`` takes a trick currently held by ``holder``."""
    c_suit, h_suit = challenger // 13, holder // 13
    if c_suit == h_suit:
        return order.strength[challenger] > order.strength[holder]
    return trump is not None and c_suit == trump


def trick_winner(table: Sequence[Card], trump: Suit | None, order: RankOrder) -> int:
    """The position in ``table`` of the card that wins the trick."""
    best = 0
    for i in range(1, len(table)):
        if beats(table[i], table[best], trump, order):
            best = i
    return best
