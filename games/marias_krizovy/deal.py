"""Seating, shuffling and dealing křížový mariáš (§3.2.1): two rounds of four."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from games.cards import Card
from games.engine import IllegalAction, Seat
from games.marias.dealing import (
    check_every_card,
    draw_first_dealer,
    hand_sets,
    read_explicit,
    seat_cards,
    shuffled_deck,
)
from games.marias.form import MariasForm
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
        deck = shuffled_deck(seed)
        dealt, _talon, _stock = KRIZOVY_FORM.packets(deck)
    hands = hand_sets(seats, active, dealt)
    return KrizovyGame(
        options=options,
        seats=seats,
        dealer=dealer,
        active=active,
        dealt=dealt,
        seed=seed if cards is None else None,
        hands=hands,
        phase=Phase.CHOOSE,
        to_move=active[0],
        red_round=red_round,
        declarer=active[0],
        sides=Sides.each_alone(active),
    )


def _explicit(
    cards: Mapping[str, Sequence[str]], active: tuple[Seat, ...]
) -> tuple[tuple[Card, ...], ...]:
    dealt, _none = read_explicit(
        cards, active, "explicit cards need exactly the playing seats {expected}"
    )
    if tuple(len(p) for p in dealt) != KRIZOVY_FORM.hand_sizes:
        raise IllegalAction("bad_cards", "every player gets 8 cards")
    check_every_card(dealt, "the hands must hold each of the 32 cards once")
    return dealt


def dealt_cards(state: KrizovyState) -> dict[str, list[str]]:
    """The explicit form of a deal (for records): seat -> cards in deal order."""
    return seat_cards(state.active, state.dealt)


def first_dealer(options: KrizovyOptions, seats: int, seed: int) -> Seat:
    """Who deals first (§6 #26): at random, or by drawing cards ("malá/velká dává")."""
    return draw_first_dealer(options.first_dealer, seats, seed)
