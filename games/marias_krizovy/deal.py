"""Seating, shuffling and dealing křížový mariáš (§3.2.1): two rounds of four."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from games.cards import DECK_32, Card, CardError, card, card_code
from games.engine import IllegalAction, Seat
from games.marias.form import MariasForm
from games.marias.rules import BETL_ORDER
from games.marias_krizovy.game import KrizovyGame
from games.marias_krizovy.options import KrizovyOptions
from games.marias_krizovy.state import KrizovyState, Phase
from games.sides import Sides

__all__ = [
    "KRIZOVY_FORM",
    "active_seats",
    "dealt_cards",
    "first_dealer",
    "new_deal",
    "sitting_out",
]

KRIZOVY_FORM = MariasForm(
    name="křížový",
    table_sizes=(4, 5),
    players=4,
    tricks=8,
    deal_pattern=((0, 4), (1, 4), (2, 4), (3, 4)) * 2,
    discard=0,
)
"""§3.2.1: 4 each, then 4 each, all 32 cards; no talon."""


def _check_table(seats: int, dealer: Seat) -> None:
    if seats not in KRIZOVY_FORM.table_sizes:
        raise IllegalAction("bad_table", "křížový mariáš is played by 4 players (5 with one out)")
    if isinstance(dealer, bool) or not 0 <= dealer < seats:
        raise IllegalAction("bad_table", f"dealer {dealer} is not a seat")


def sitting_out(options: KrizovyOptions, seats: int, dealer: Seat) -> frozenset[Seat]:
    """Nobody at four; at five the dealer (or, rotating independently, the seat before)."""
    _check_table(seats, dealer)
    if seats == 4:
        return frozenset()
    if options.pause_rotation == "dealer_sits_out":
        return frozenset((dealer,))
    return frozenset(((dealer - 1) % seats,))


def active_seats(options: KrizovyOptions, seats: int, dealer: Seat) -> tuple[Seat, ...]:
    """The four players clockwise from the dealer's left (forhond, the chooser, first)."""
    out = sitting_out(options, seats, dealer)
    order = [(dealer + i) % seats for i in range(1, seats + 1)]
    return tuple(s for s in order if s not in out)


def new_deal(
    options: KrizovyOptions,
    seats: int,
    dealer: Seat,
    *,
    red_round: bool = False,
    seed: int | None = None,
    cards: Mapping[str, Sequence[str]] | None = None,
) -> KrizovyState:
    """A new deal: forhond chooses trumps and the called card from his first four."""
    active = active_seats(options, seats, dealer)
    if cards is not None:
        dealt = _explicit(cards, active)
    else:
        if seed is None:
            raise ValueError("a deal needs a seed or explicit cards")
        deck = list(DECK_32)
        random.Random(seed).shuffle(deck)
        dealt, _talon, _stock = KRIZOVY_FORM.packets(deck)
    hands = [0] * seats
    for seat, packet in zip(active, dealt, strict=True):
        for c in packet:
            hands[seat] |= 1 << c
    return KrizovyGame(
        options=options,
        seats=seats,
        dealer=dealer,
        active=active,
        dealt=dealt,
        seed=seed if cards is None else None,
        hands=tuple(hands),
        phase=Phase.CHOOSE,
        to_move=active[0],
        red_round=red_round,
        declarer=active[0],
        sides=Sides.each_alone(active),
    )


def _explicit(
    cards: Mapping[str, Sequence[str]], active: tuple[Seat, ...]
) -> tuple[tuple[Card, ...], ...]:
    expected = {str(s) for s in active}
    if set(cards) != expected:
        raise IllegalAction(
            "bad_cards", f"explicit cards need exactly the playing seats {sorted(expected)}"
        )
    try:
        dealt = tuple(tuple(card(code) for code in cards[str(s)]) for s in active)
    except CardError as exc:
        raise IllegalAction("bad_cards", str(exc)) from exc
    if tuple(len(p) for p in dealt) != KRIZOVY_FORM.hand_sizes:
        raise IllegalAction("bad_cards", "every player gets 8 cards")
    if sorted(c for p in dealt for c in p) != sorted(DECK_32):
        raise IllegalAction("bad_cards", "the hands must hold each of the 32 cards once")
    return dealt


def dealt_cards(state: KrizovyState) -> dict[str, list[str]]:
    """The explicit form of a deal (for records): seat -> cards in deal order."""
    return {
        str(s): [card_code(c) for c in p] for s, p in zip(state.active, state.dealt, strict=True)
    }


def first_dealer(options: KrizovyOptions, seats: int, seed: int) -> Seat:
    """Who deals first (§6 #26): at random, or by drawing cards ("malá/velká dává")."""
    rng = random.Random(seed)
    if options.first_dealer == "random":
        return rng.randrange(seats)
    deck = list(DECK_32)
    rng.shuffle(deck)

    def key(c: Card) -> tuple[int, int]:
        return BETL_ORDER.strength[c], -(c // 13)

    drawn = deck[:seats]
    pick = min if options.first_dealer == "low_card" else max
    return drawn.index(pick(drawn, key=key))
