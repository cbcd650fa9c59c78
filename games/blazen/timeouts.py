"""What the bot plays for a seat that lets its clock run out (blazen.md §12.1).

The engine has no clock; the bot owns the timers and asks this module for
the move to make when one fires:

* the attacker opens with his single lowest card: the lowest non-trump by
  rank (ties by suit order h d s c), else the lowest trump, and a joker only
  when nothing else is left (§2);
* the defender takes;
* a thrower passes.

A seat that may only interject (a ``redeal``) has no timeout move: the
chance simply passes with the first attack.
"""

from __future__ import annotations

from games.blazen.actions import Attack, BlazenAction, Pass, Take
from games.blazen.legality import throwing
from games.blazen.state import BlazenState, Phase
from games.cards import Card, cards_of
from games.engine import Seat

__all__ = ["timeout_action"]


def _lowest(state: BlazenState, hand: int) -> Card:
    def key(c: Card) -> tuple[int, int, int]:
        if c >= 52:
            return (2, 0, c)
        return (1 if c // 13 == state.trump else 0, c % 13, c // 13)

    return min(cards_of(hand), key=key)


def timeout_action(state: BlazenState, seat: Seat) -> BlazenAction | None:
    """The move made for ``seat`` when its time is up, or ``None`` if nothing is due."""
    if state.phase is Phase.OPEN and seat == state.to_move:
        return Attack((_lowest(state, state.hands[seat]),))
    if state.phase is Phase.DEFEND and seat == state.defender and seat == state.to_move:
        return Take()
    if throwing(state, seat):
        return Pass()
    return None
