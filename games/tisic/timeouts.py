"""What the bot plays for a seat whose clock runs out (tisic.md §12).

The engine has no clock; the bot owns the timers and asks this module for the
move when one fires: in the auction "Dobrý"; with the talon the two cheapest
cards that may be discarded; at the contract the bid kept; in a storno vote
"no"; in play the cheapest card the follow rule allows, never a "TRUMF" (and
never a revoke, whatever the ``renonc_policy``). "Cheapest" is by card
points, then rank, then suit order h < d < s < c.
"""

from __future__ import annotations

from games.cards import Card, cards_of
from games.engine import Seat
from games.tisic.actions import Contract, Discard, Pass, Play, StornoVote, TisicAction
from games.tisic.legality import follow_cards
from games.tisic.rules import ACES_TENS, ORDER, POINTS
from games.tisic.state import Phase, TisicState

__all__ = ["TURN_SECONDS", "cheapest", "timeout_action"]

TURN_SECONDS = {
    Phase.AUCTION: 60,
    Phase.TALON: 120,
    Phase.CONTRACT: 60,
    Phase.STORNO: 30,
    Phase.PLAY: 60,
}
"""The clocks of §12 in seconds."""


def cheapest(cards: int) -> list[Card]:
    """The cards cheapest first: by points, then rank, then suit h < d < s < c."""
    return sorted(cards_of(cards), key=lambda c: (POINTS[c], ORDER.strength[c], c // 13))


def timeout_action(state: TisicState, seat: Seat) -> TisicAction | None:
    """The move made for ``seat`` when its time is up, or ``None`` if it is not asked."""
    if seat not in state.to_act():
        return None
    phase = state.phase
    if phase is Phase.AUCTION:
        return Pass()
    if phase is Phase.TALON:
        a, b = cheapest(state.hands[seat] & ~ACES_TENS)[:2]
        return Discard((min(a, b), max(a, b)))
    if phase is Phase.CONTRACT:
        assert state.bid is not None
        return Contract(state.bid)
    if phase is Phase.STORNO:
        return StornoVote(False)
    if phase is Phase.PLAY:
        return Play(cheapest(follow_cards(state, seat))[0])
    return None
