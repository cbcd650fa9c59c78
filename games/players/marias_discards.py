"""The cards a Mariáš declarer keeps of twelve, and the trick rules of a deal's
game: cheap rules of thumb the strong players run per sampled deal, shared by
volený and licitovaný (the same cards, talon and duties).
"""

from __future__ import annotations

from functools import cache

from games.cards import DECK_32, Rank, Suit, cards_of, make_card, mask_of
from games.marias.rules import BETL_ORDER, NORMAL_ORDER, SHARP
from games.tricks import TrickRules, marias_duties

__all__ = ["deal_rules", "marriages_of", "quick_discard", "sudden_discard", "suit_mask"]

_DECK = mask_of(DECK_32)


@cache
def deal_rules(trump: int | None) -> TrickRules:
    """The trick rules of a colour game with ``trump`` (``None``: betl and durch)."""
    duties = marias_duties(must_trump_when_cannot_overtrump=True)
    if trump is None:
        return TrickRules.build(duties, BETL_ORDER, None, None)
    return TrickRules.build(duties, NORMAL_ORDER, None, Suit(trump))


def suit_mask(suit: int) -> int:
    """Every card of ``suit`` as a bit mask."""
    return ((1 << 13) - 1) << (13 * suit)


def marriages_of(hand: int, trump: int) -> tuple[int, int]:
    """The marriages a hand holds (each is declared in any playout: whichever of the
    pair goes first, its partner is still held): their total and the best one."""
    total = best = 0
    for suit in range(4):
        king = make_card(Rank.KING, Suit(suit))
        queen = make_card(Rank.QUEEN, Suit(suit))
        if hand >> king & 1 and hand >> queen & 1:
            worth = 40 if suit == trump else 20
            total += worth
            best = max(best, worth)
    return total, best


def quick_discard(hand: int, trump: int, keep: int = 10) -> int:
    """The ``keep`` cards (ten of twelve) a declarer keeps for a colour game in
    ``trump``: away with the weakest side cards, the shortest suits first (a void
    to trump in), never an ace or ten (the talon rules), a trump or a marriage
    card only when nothing else is left. Cheap, since it runs per sampled talon."""
    cards = list(cards_of(hand))
    if len(cards) <= keep:
        return hand
    length = [(hand & suit_mask(s)).bit_count() for s in range(4)]
    kings = {make_card(Rank.KING, Suit(s)) for s in range(4)}
    queens = {make_card(Rank.QUEEN, Suit(s)) for s in range(4)}

    def in_marriage(c: int) -> bool:
        return (c in kings and hand >> (c - 1) & 1 == 1) or (
            c in queens and hand >> (c + 1) & 1 == 1
        )

    def cost(c: int) -> tuple[int, int, int, int, int]:
        suit = c // 13
        return (
            SHARP >> c & 1,
            suit == trump,
            in_marriage(c),
            length[suit],
            NORMAL_ORDER.strength[c],
        )

    away = sorted(cards, key=cost)[: len(cards) - keep]
    for c in away:
        hand &= ~(1 << c)
    return hand


def sudden_discard(hand: int, kind: str) -> int:
    """The ten cards a declarer keeps of twelve for betl or durch: away with the
    cards the others can most easily make take a trick (betl: the fewest cards of
    its suit above it are out) or lose one (durch: the most are above it)."""
    cards = list(cards_of(hand))
    if len(cards) <= 10:
        return hand
    strength = BETL_ORDER.strength
    out = [c for c in range(54) if _DECK >> c & 1 and not hand >> c & 1]

    def above(c: int) -> int:
        return sum(1 for x in out if x // 13 == c // 13 and strength[x] > strength[c])

    if kind == "betl":
        away = sorted(cards, key=lambda c: (above(c), -strength[c]))
    else:
        away = sorted(cards, key=lambda c: (-above(c), strength[c]))
    for c in away[: len(cards) - 10]:
        hand &= ~(1 << c)
    return hand
