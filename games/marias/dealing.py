"""Dealing helpers shared by the Mariáš family (§3.1.1-§3.1.2).

Who deals first, the seeded shuffle, the hands as card sets, the explicit
cards of a deal (reading them and writing them for records) and the next deck
gathered trick by trick and cut. The variant supplies its form's sizes, its
seats and its messages; nothing here knows a variant's state.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence

from games.cards import DECK_32, Card, CardError, card, card_code
from games.engine import IllegalAction, Seat
from games.marias.played import Trick
from games.marias.rules import BETL_ORDER

__all__ = [
    "check_every_card",
    "draw_first_dealer",
    "gathered_deck",
    "hand_sets",
    "read_explicit",
    "seat_cards",
    "shuffled_deck",
]


def draw_first_dealer(how: str, seats: int, seed: int) -> Seat:
    """Who deals first: at random (``"random"``), or by drawing cards ("malá/velká
    dává": ``"low_card"`` or the high card)."""
    rng = random.Random(seed)
    if how == "random":
        return rng.randrange(seats)
    deck = list(DECK_32)
    rng.shuffle(deck)

    # Each player draws one card; rank decides (7 low .. A high), suit order breaks ties.
    def key(c: Card) -> tuple[int, int]:
        return BETL_ORDER.strength[c], -(c // 13)

    drawn = deck[:seats]
    pick = min if how == "low_card" else max
    return drawn.index(pick(drawn, key=key))


def shuffled_deck(seed: int | None) -> list[Card]:
    """The 32 cards shuffled by ``random.Random(seed)``; a deal needs a seed."""
    if seed is None:
        raise ValueError("a deal needs a seed or explicit cards")
    deck = list(DECK_32)
    random.Random(seed).shuffle(deck)
    return deck


def hand_sets(
    seats: int, active: Sequence[Seat], dealt: Sequence[Sequence[Card]]
) -> tuple[int, ...]:
    """Every seat's hand as a card set; seats sitting out hold nothing."""
    hands = [0] * seats
    for seat, packet in zip(active, dealt, strict=True):
        for c in packet:
            hands[seat] |= 1 << c
    return tuple(hands)


def seat_cards(active: Sequence[Seat], dealt: Sequence[Sequence[Card]]) -> dict[str, list[str]]:
    """The explicit form of the playing seats' hands: seat -> cards in deal order."""
    return {str(s): [card_code(c) for c in p] for s, p in zip(active, dealt, strict=True)}


def read_explicit(
    cards: Mapping[str, Sequence[str]],
    active: Sequence[Seat],
    mismatch: str,
    extra_key: str | None = None,
) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
    """The playing seats' hands (and the ``extra_key`` packet: a talon, a stock)
    from explicit cards; ``mismatch`` is the message, with ``{expected}`` for the
    keys wanted, when the keys are not exactly those."""
    expected = {str(s) for s in active}
    if extra_key is not None:
        expected |= {extra_key}
    if set(cards) != expected:
        raise IllegalAction("bad_cards", mismatch.format(expected=sorted(expected)))
    try:
        dealt = tuple(tuple(card(code) for code in cards[str(s)]) for s in active)
        extra = () if extra_key is None else tuple(card(code) for code in cards[extra_key])
    except CardError as exc:
        raise IllegalAction("bad_cards", str(exc)) from exc
    return dealt, extra


def check_every_card(packets: Iterable[Sequence[Card]], message: str) -> None:
    """Refuse a deal whose packets do not hold each of the 32 cards once."""
    every = [c for packet in packets for c in packet]
    if sorted(every) != sorted(DECK_32):
        raise IllegalAction("bad_cards", message)


def gathered_deck(
    tricks: Sequence[Trick], trick_cards: Sequence[Card], cut_seed: int
) -> tuple[Card, ...]:
    """The next deck without a shuffle: the played cards gathered trick by trick,
    the rest last, then cut by the dealer's right."""
    order: list[Card] = [c for t in tricks for c in t.cards]
    order.extend(trick_cards)
    seen = set(order)
    order.extend(c for c in DECK_32 if c not in seen)
    cut = random.Random(cut_seed).randrange(4, 29)
    return (*order[cut:], *order[:cut])
