"""Checking a played card in the Mariáš family (§2.2): the hand, a marriage
declared with it and the duties of the trick, with the reason a card is refused.

The variant supplies whether its contract has marriages and the cards its trick
rules allow; the checks and their messages are the family's.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from games.cards import SUIT_MASKS, Card, CardSet, card_code
from games.engine import IllegalAction
from games.marias.actions import Play
from games.marias.rules import KINGS, QUEENS

__all__ = ["check_play", "completes_marriage", "why_not"]


def completes_marriage(hand: CardSet, c: int) -> bool:
    """Whether ``hand`` holds the other half of the marriage of ``c`` (a king or a queen)."""
    bit = 1 << c
    if bit & KINGS:
        return bool(hand & (bit >> 1))
    if bit & QUEENS:
        return bool(hand & (bit << 1))
    return False


def why_not(
    hand: CardSet, c: Card, trick_cards: Sequence[Card], trump: int | None
) -> IllegalAction:
    """Why ``c`` may not be played to the trick on the table: the first duty it breaks."""
    led = trick_cards[0] // 13
    if hand & SUIT_MASKS[led] and c // 13 != led:
        return IllegalAction("must_follow_suit", "you must follow the led suit")
    if c // 13 == led:
        return IllegalAction("must_overtake", "you must play a higher card of the led suit")
    if trump is not None and c // 13 == trump:
        return IllegalAction("must_overtrump", "you must play a higher trump")
    return IllegalAction("must_trump", "you cannot follow suit, so you must play a trump")


def check_play(
    hand: CardSet,
    action: Play,
    auto_declare: bool,
    opens: Callable[[CardSet, Card], bool],
    legal: Callable[[], CardSet],
    trick_cards: Sequence[Card],
    trump: int | None,
) -> None:
    """Refuse a card not held, a marriage declared by hand where the table declares
    them (``auto_declare``) or one ``opens`` does not allow, and a card the trick's
    duties (``legal``) forbid."""
    c = action.card
    if not hand >> c & 1:
        raise IllegalAction("card_not_in_hand", f"you do not hold {card_code(c)}")
    if action.declare:
        if auto_declare:
            raise IllegalAction("auto_marriages", "marriages are declared automatically")
        if not opens(hand, c):
            raise IllegalAction("no_marriage", "this card does not open a marriage")
    if legal() >> c & 1:
        return
    raise why_not(hand, c, trick_cards, trump)
