"""A trick kit for every trick game: follow duties as data, rank orders as tables.

Mariáš, Cenzr and Tisíc all "ctí barvu", but they disagree on the rest: Mariáš
forces heading and over-trumping, Cenzr forces trumping but never heading, and
Tisíc has three house rules (``follow_rule``). Rather than one function per
game, a game states its duties once as a frozen :class:`Duties` and its rank
orders as :class:`RankOrder` (one for plain suits, one for the trump suit, as
Cenzr's J 9 A T K Q 8 7 trumps need). :meth:`TrickRules.build` turns them into
precomputed bit-mask tables once per deal (or once per trump change, as in
Tisíc), so the same code serves the rules engine and fast playouts.

The functions ``legal_follow(hand, trick, rules)`` and
``trick_winner(trick, rules)`` are the kit's doors. Their older Mariáš-only
forms ``legal_follow(hand, table, trump, order, *,
must_trump_when_cannot_overtrump=...)`` and ``trick_winner(table, trump,
order)`` still work, so existing callers need not change at once.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType
from typing import overload

from games.cards import SUIT_MASKS, Card, CardSet, Rank, Suit, make_card

__all__ = [
    "CENZR_DUTIES",
    "FREE_DUTIES",
    "MARIAS_DUTIES",
    "TISIC_DUTIES",
    "Duties",
    "RankOrder",
    "TrickRules",
    "beats",
    "legal_follow",
    "marias_duties",
    "trick_winner",
]

_JOKERS: CardSet = (1 << 52) | (1 << 53)
# Indexed by ``card // 13``: the jokers form a fifth "suit" of their own so that
# a joker in a trick never indexes past the table (no game here leads one yet).
_SUIT_OF_CARD: tuple[CardSet, ...] = (*SUIT_MASKS, _JOKERS)


@dataclass(frozen=True, slots=True)
class Duties:
    """What a player who does not lead must do, as switches a game turns on.

    Every duty defaults to off, so ``Duties()`` lets any card be played and a
    game spells out exactly what it imposes. The duties apply in this order:

    * ``follow_suit``: holding the led suit, play one of it.
    * ``head_in_suit``: when following, play a card that takes the trick from
      the card now winning it, if one can ("jít přes"). A led suit that has
      already been trumped cannot be headed, so then any card of it will do.
    * ``trump_when_void``: holding no card of the led suit but a trump, play a
      trump.
    * ``overtrump``: when trumping, play a trump that takes the trick, if one
      can (over a trump already played; any trump does over a plain card).
    * ``free_when_cannot_overtrump``: a player who must trump but cannot
      over-trump may play any card instead of any trump (Mariáš option
      ``must_trump_when_cannot_overtrump=False``). Only meaningful with
      ``trump_when_void`` and ``overtrump``.

    Without ``follow_suit`` a player who holds the led suit is not void, so
    ``trump_when_void`` does not bind him either: he plays anything.
    """

    follow_suit: bool = False
    head_in_suit: bool = False
    trump_when_void: bool = False
    overtrump: bool = False
    free_when_cannot_overtrump: bool = False


FREE_DUTIES = Duties()
"""No duty at all: every card of the hand is legal."""

MARIAS_DUTIES = Duties(follow_suit=True, head_in_suit=True, trump_when_void=True, overtrump=True)
"""Mariáš §2.2: follow and overtake, else trump and over-trump ("ctí barvu a přebíjí")."""

CENZR_DUTIES = Duties(follow_suit=True, trump_when_void=True)
"""Cenzr §2.2: follow, else trump, any card of either; never a duty to head."""

TISIC_DUTIES: Mapping[str, Duties] = MappingProxyType(
    {
        "mariash": MARIAS_DUTIES,
        "source_literal": Duties(follow_suit=True, head_in_suit=True),
        "pagat_1000": Duties(follow_suit=True, trump_when_void=True),
    }
)
"""Tisíc §7.3 by ``follow_rule`` (§15): Mariáš duties, the source read literally, pagat 1000."""

_MARIAS_FREE = Duties(
    follow_suit=True,
    head_in_suit=True,
    trump_when_void=True,
    overtrump=True,
    free_when_cannot_overtrump=True,
)


def marias_duties(*, must_trump_when_cannot_overtrump: bool = True) -> Duties:
    """The Mariáš duties under its one option about a trump that cannot over-trump."""
    return MARIAS_DUTIES if must_trump_when_cannot_overtrump else _MARIAS_FREE


@dataclass(frozen=True)
class RankOrder:
    """The strength of each card inside its suit for one game's rank order.

    ``strength[c]`` grows with the card's strength; ``higher[c]`` is the set of
    cards of the same suit that beat ``c``. The order is the same in each suit;
    a game whose trump suit ranks differently gives :meth:`TrickRules.build` a
    second order for it.
    """

    name: str
    strength: tuple[int, ...]
    higher: tuple[CardSet, ...]

    def __hash__(self) -> int:
        # Orders are cache keys of TrickRules.build; hashing two 54-tuples on
        # every lookup would cost more than the lookup saves. Equal orders
        # have equal names, so this agrees with the generated __eq__.
        return hash(self.name)

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

    @classmethod
    def parse(cls, name: str, codes: str) -> RankOrder:
        """Build an order from rank codes listed strongest first, as specs write them.

        ``RankOrder.parse("cenzr-trump", "J 9 A T K Q 8 7")``.
        """
        ranks = [Rank.from_code(code) for code in codes.split()]
        if len(set(ranks)) != len(ranks):
            raise ValueError(f"a rank is listed twice in {codes!r}")
        return cls.low_to_high(name, ranks[::-1])


@dataclass(frozen=True, slots=True, eq=False)
class TrickRules:
    """One deal's trick rules with every table precomputed for bit-mask play.

    ``strength`` and ``higher`` follow the trump order in the trump suit and
    the plain order elsewhere. ``beaters[c]`` is every card that takes the
    trick from ``c`` while ``c`` is winning it: the stronger cards of its suit,
    plus every trump when ``c`` is not one. (A winning card is always of the
    led suit or a trump, which is what makes one table enough.)

    Build it with :meth:`build`, which caches, so asking again for the same
    rules is a dictionary look-up rather than a rebuild.
    """

    duties: Duties
    trump: Suit | None
    trump_mask: CardSet
    strength: tuple[int, ...]
    higher: tuple[CardSet, ...]
    beaters: tuple[CardSet, ...]

    @classmethod
    def build(
        cls,
        duties: Duties,
        plain_order: RankOrder,
        trump_order: RankOrder | None = None,
        trump_suit: Suit | None = None,
    ) -> TrickRules:
        """The rules for these duties, orders and trump suit (``None``: no trumps).

        ``trump_order`` ranks the trump suit; without it the trump suit ranks
        like the others.
        """
        return _build(duties, plain_order, trump_order, trump_suit)

    def legal(self, hand: CardSet, led: int, winning: int) -> CardSet:
        """The cards of ``hand`` that may follow to a trick.

        ``led`` is the suit of the led card (``card // 13``) and ``winning``
        the card now winning the trick. Kernels that track the winning card
        as they go call this directly; :func:`legal_follow` works it out from
        the trick. Never empty when ``hand`` is not.
        """
        duties = self.duties
        follow = hand & _SUIT_OF_CARD[led]
        if follow:
            if not duties.follow_suit:
                return hand
            if duties.head_in_suit:
                return (follow & self.beaters[winning]) or follow
            return follow
        if duties.trump_when_void:
            trumps = hand & self.trump_mask
            if trumps:
                if not duties.overtrump:
                    return trumps
                heads = trumps & self.beaters[winning]
                if heads:
                    return heads
                return hand if duties.free_when_cannot_overtrump else trumps
        return hand

    def winner(self, trick: Sequence[Card]) -> int:
        """The position in ``trick`` (led card first) of the card that wins it so far."""
        beaters = self.beaters
        best = 0
        holder = trick[0]
        for i in range(1, len(trick)):
            c = trick[i]
            if beaters[holder] >> c & 1:
                best, holder = i, c
        return best


@lru_cache(maxsize=512)
def _build(
    duties: Duties,
    plain_order: RankOrder,
    trump_order: RankOrder | None,
    trump_suit: Suit | None,
) -> TrickRules:
    strength = list(plain_order.strength)
    higher = list(plain_order.higher)
    trump_mask = 0
    if trump_suit is not None:
        trump_mask = SUIT_MASKS[trump_suit]
        if trump_order is not None:
            for c in range(54):
                if trump_mask >> c & 1:
                    strength[c] = trump_order.strength[c]
                    higher[c] = trump_order.higher[c]
    beaters = [h if trump_mask >> c & 1 else h | trump_mask for c, h in enumerate(higher)]
    return TrickRules(
        duties,
        None if trump_suit is None else Suit(trump_suit),
        trump_mask,
        tuple(strength),
        tuple(higher),
        tuple(beaters),
    )


@overload
def legal_follow(hand: CardSet, table: Sequence[Card], rules: TrickRules, /) -> CardSet: ...


@overload
def legal_follow(
    hand: CardSet,
    table: Sequence[Card],
    trump: Suit | None,
    order: RankOrder,
    *,
    must_trump_when_cannot_overtrump: bool = True,
) -> CardSet: ...


def legal_follow(
    hand: CardSet,
    table: Sequence[Card],
    trump: TrickRules | Suit | None,
    order: RankOrder | None = None,
    *,
    must_trump_when_cannot_overtrump: bool = True,
) -> CardSet:
    """The cards of ``hand`` that may be played to a trick.

    ``table`` holds the cards already in the trick, the led card first; when
    it is empty the player leads and any card will do. The legacy form
    ``legal_follow(hand, table, trump, order)`` applies the Mariáš duties
    (§2.2) with one rank order for every suit.
    """
    if not table:
        return hand
    if isinstance(trump, TrickRules):
        rules = trump
    else:
        if order is None:
            raise TypeError("legal_follow(hand, table, trump, order) needs a rank order")
        duties = marias_duties(must_trump_when_cannot_overtrump=must_trump_when_cannot_overtrump)
        rules = _build(duties, order, None, trump)
    return rules.legal(hand, table[0] // 13, table[rules.winner(table)])


@overload
def trick_winner(table: Sequence[Card], rules: TrickRules, /) -> int: ...


@overload
def trick_winner(table: Sequence[Card], trump: Suit | None, order: RankOrder) -> int: ...


def trick_winner(
    table: Sequence[Card],
    trump: TrickRules | Suit | None,
    order: RankOrder | None = None,
) -> int:
    """The position in ``table`` of the card that wins the trick.

    The winner does not depend on duties, so the legacy form
    ``trick_winner(table, trump, order)`` is exact for any game with one rank
    order for every suit.
    """
    if isinstance(trump, TrickRules):
        return trump.winner(table)
    if order is None:
        raise TypeError("trick_winner(table, trump, order) needs a rank order")
    best = 0
    for i in range(1, len(table)):
        if beats(table[i], table[best], trump, order):
            best = i
    return best


def beats(challenger: Card, holder: Card, trump: Suit | None, order: RankOrder) -> bool:
    """Whether ``challenger`` takes a trick held by ``holder`` (one order for every suit)."""
    c_suit, h_suit = challenger // 13, holder // 13
    if c_suit == h_suit:
        return order.strength[challenger] > order.strength[holder]
    return trump is not None and c_suit == trump
