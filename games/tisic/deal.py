"""Seating, the first dealer, shuffling and dealing (§2, §4).

Each active player gets ten cards and two form the talon, in the packets of
the table's ``deal_pattern``; cards go to P1, P2, P3 in every packet. A deal
comes from a seed (``random.Random(seed)`` shuffles; no global random) or
from explicit cards, which is what tests and game records use.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from functools import lru_cache

from games.cards import Card, CardError, card, card_code
from games.engine import IllegalAction, Seat
from games.tisic.game import TisicGame
from games.tisic.options import TisicOptions
from games.tisic.rules import DECK, ORDER
from games.tisic.state import Phase, TisicState

__all__ = [
    "TALON",
    "active_seats",
    "cut_draws",
    "dealt_cards",
    "first_dealer",
    "new_deal",
    "pattern_indices",
    "sitting_out",
]

TALON = "talon"
"""The key of the two talon cards in explicit cards (``dealt_cards``)."""


def _check_table(options: TisicOptions, seats: int, dealer: Seat) -> None:
    if seats not in (3, 4) or seats > options.max_players:
        raise IllegalAction(
            "bad_table", f"Tisíc is played by 3 players (up to {options.max_players})"
        )
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < seats:
        raise IllegalAction("bad_table", f"dealer {dealer!r} is not a seat")


def sitting_out(options: TisicOptions, seats: int, dealer: Seat) -> frozenset[Seat]:
    """§2: nobody with three; the dealer with four ("pauzírák")."""
    _check_table(options, seats, dealer)
    return frozenset((dealer,)) if seats == 4 else frozenset()


def active_seats(options: TisicOptions, seats: int, dealer: Seat) -> tuple[Seat, Seat, Seat]:
    """``(P1, P2, P3)``: the playing seats in seat order after the dealer (§2).
    With three, P3 is the dealer himself."""
    out = sitting_out(options, seats, dealer)
    order = [(dealer + i) % seats for i in range(1, seats + 1)]
    playing = [s for s in order if s not in out]
    return playing[0], playing[1], playing[2]


@lru_cache(maxsize=8)
def pattern_indices(pattern: str) -> tuple[tuple[int, ...], ...]:
    """The deck positions of P1, P2, P3 and the talon for a ``deal_pattern`` (§4).

    A pattern is read packet by packet: ``T2`` puts two cards on the talon,
    ``a-b-c`` gives ``a`` cards to P1, then ``b`` to P2, then ``c`` to P3.
    """
    places: list[list[int]] = [[], [], [], []]
    position = 0
    for part in pattern.split("/"):
        if part == "T2":
            places[3].extend(range(position, position + 2))
            position += 2
            continue
        for who, size in enumerate(int(n) for n in part.split("-")):
            places[who].extend(range(position, position + size))
            position += size
    return tuple(tuple(p) for p in places)


def new_deal(
    options: TisicOptions,
    seats: int,
    dealer: Seat,
    *,
    seed: int | None = None,
    cards: Mapping[str, Sequence[str]] | None = None,
) -> TisicState:
    """A new deal: P2 is to speak first in the auction, P1 holding 50 (§5)."""
    active = active_seats(options, seats, dealer)
    if cards is not None:
        dealt, talon = _explicit(cards, active)
    else:
        if seed is None:
            raise ValueError("a deal needs a seed or explicit cards")
        deck = list(DECK)
        random.Random(seed).shuffle(deck)
        where = pattern_indices(options.deal_pattern)
        dealt = tuple(tuple(deck[i] for i in where[k]) for k in range(3))
        talon = tuple(deck[i] for i in where[3])
    hands = [0] * seats
    for seat, packet in zip(active, dealt, strict=True):
        for c in packet:
            hands[seat] |= 1 << c
    return TisicGame(
        options=options,
        seats=seats,
        dealer=dealer,
        active=active,
        dealt=dealt,
        dealt_talon=talon,
        seed=seed if cards is None else None,
        hands=tuple(hands),
        talon=(1 << talon[0]) | (1 << talon[1]),
        phase=Phase.AUCTION,
        to_move=active[1],
        high=options.obligation,
        high_bidder=active[0],
    )


def _explicit(
    cards: Mapping[str, Sequence[str]], active: tuple[Seat, ...]
) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
    expected = {str(s) for s in active} | {TALON}
    if not isinstance(cards, Mapping) or set(cards) != expected:
        raise IllegalAction("bad_cards", f"explicit cards need exactly the keys {sorted(expected)}")
    try:
        dealt = tuple(tuple(card(code) for code in cards[str(s)]) for s in active)
        talon = tuple(card(code) for code in cards[TALON])
    except (CardError, TypeError) as exc:
        raise IllegalAction("bad_cards", str(exc)) from exc
    if any(len(p) != 10 for p in dealt) or len(talon) != 2:
        raise IllegalAction("bad_cards", "each playing seat gets 10 cards and the talon 2")
    if sorted([c for p in dealt for c in p] + list(talon)) != sorted(DECK):
        raise IllegalAction("bad_cards", "the deal must hold each of the 32 cards once")
    return dealt, talon


def dealt_cards(state: TisicState) -> dict[str, list[str]]:
    """The explicit form of a deal (for records): seat -> ten cards, and the talon."""
    result = {
        str(s): [card_code(c) for c in p] for s, p in zip(state.active, state.dealt, strict=True)
    }
    result[TALON] = [card_code(c) for c in state.dealt_talon]
    return result


def cut_draws(seats: int, seed: int) -> tuple[tuple[tuple[Seat, Card], ...], ...]:
    """The cut for the first dealer (§2 ``first_dealer="cut"``), round by round.

    Everyone cuts one card, ranked 7 < … < A; the highest deals; those tied for
    highest cut again. Should the deck run short, it is shuffled afresh.
    """
    rng = random.Random(seed)
    deck: list[Card] = []
    drawing = list(range(seats))
    rounds: list[tuple[tuple[Seat, Card], ...]] = []
    while len(drawing) > 1:
        if len(deck) < len(drawing):
            deck = list(DECK)
            rng.shuffle(deck)
        drawn = tuple((s, deck.pop()) for s in drawing)
        rounds.append(drawn)
        top = max(ORDER.strength[c] for _s, c in drawn)
        drawing = [s for s, c in drawn if ORDER.strength[c] == top]
    return tuple(rounds)


def first_dealer(options: TisicOptions, seats: int, seed: int) -> Seat:
    """Who deals first (§2): a seat drawn from the seed, or the winner of the cut."""
    if options.first_dealer == "random":
        return random.Random(seed).randrange(seats)
    last = cut_draws(seats, seed)[-1]
    return max(last, key=lambda drawn: ORDER.strength[drawn[1]])[0]
