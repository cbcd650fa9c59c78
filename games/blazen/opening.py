"""What may be done before the first attack: a redeal (§4.6) and the trump exchange (§4.5).

Dealing sets who may interject, and the rules check and apply it, so these
helpers live below all three (``deal``, ``legality``, ``transitions``): the
rules need not import ``deal``, which makes the states and so sits above them.
"""

from __future__ import annotations

from games.blazen.rules import DECKS, lowest_trump
from games.blazen.state import BlazenState, Phase
from games.cards import SUIT_MASKS, Card, CardSet, mask_of
from games.engine import Seat

__all__ = ["exchange_card", "interjections", "redeal_suit"]


def redeal_suit(hand: CardSet) -> int | None:
    """The suit a hand holds five or more of (§4.6), if any; jokers are no suit."""
    for suit, mask in enumerate(SUIT_MASKS):
        if (hand & mask).bit_count() >= 5:
            return suit
    return None


def exchange_card(state: BlazenState) -> tuple[Seat, Card] | None:
    """Who may give the deck's lowest trump for the turned card (§4.5), and that card."""
    if not state.options.allow_trump_exchange or state.exchanged or not state.stock:
        return None
    lowest = lowest_trump(mask_of(DECKS[state.options.deck_size]), state.trump)
    if lowest is None or lowest == state.trump_card:
        return None
    for seat in range(state.seats):
        if state.hands[seat] >> lowest & 1:
            return seat, lowest
    return None


def interjections(state: BlazenState) -> frozenset[Seat]:
    """Seats that may redeal or exchange before the first attack (§12.1)."""
    if state.started or state.phase is not Phase.OPEN:
        return frozenset()
    seats: set[Seat] = set()
    if state.options.redeal_five_same_suit:
        seats.update(s for s in range(state.seats) if redeal_suit(state.hands[s]) is not None)
    exchange = exchange_card(state)
    if exchange is not None:
        seats.add(exchange[0])
    return frozenset(seats)
