"""Seating and dealing licitovaný mariáš (§3.3.1): 5 each, the talon of 2, 5 each.

The deal's pattern is the family core's ``LICITOVANY_FORM``. With four at the
table one player sits out as in volený. A deal comes from a seed
(``random.Random(seed)``; no global random) or from explicit cards: the
playing seats' hands and ``"talon"``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from games.cards import Card, card_code
from games.engine import IllegalAction, Seat
from games.marias.dealing import (
    check_every_card,
    draw_first_dealer,
    gathered_deck,
    hand_sets,
    read_explicit,
    seat_cards,
    shuffled_deck,
)
from games.marias.form import LICITOVANY_FORM
from games.marias_licit import auction
from games.marias_licit.game import LicitGame
from games.marias_licit.options import LicitOptions
from games.marias_licit.state import LicitState, Phase

__all__ = [
    "active_seats",
    "cards_from_deck",
    "dealt_cards",
    "first_dealer",
    "gather_and_cut",
    "new_deal",
    "sitting_out",
]

TALON_KEY = "talon"


def _check_table(seats: int, dealer: Seat) -> None:
    if seats not in LICITOVANY_FORM.table_sizes:
        raise IllegalAction("bad_table", "licitovaný is played by 3 players (4 with one out)")
    if not 0 <= dealer < seats:
        raise IllegalAction("bad_table", f"dealer {dealer} is not a seat")


def sitting_out(options: LicitOptions, seats: int, dealer: Seat) -> frozenset[Seat]:
    """Nobody at three; at four the dealer (or the seat before him)."""
    _check_table(seats, dealer)
    if seats == LICITOVANY_FORM.players:
        return frozenset()
    if options.pause_rotation == "dealer_sits_out":
        return frozenset((dealer,))
    return frozenset(((dealer - 1) % seats,))


def active_seats(options: LicitOptions, seats: int, dealer: Seat) -> tuple[Seat, Seat, Seat]:
    """Forhond, middle player and zadák: clockwise from the dealer's left."""
    out = sitting_out(options, seats, dealer)
    playing = [s for s in ((dealer + i) % seats for i in range(1, seats + 1)) if s not in out]
    return playing[0], playing[1], playing[2]


def new_deal(
    options: LicitOptions,
    seats: int,
    dealer: Seat,
    *,
    seed: int | None = None,
    cards: Mapping[str, Sequence[str]] | None = None,
) -> LicitState:
    """A new deal: M opens the auction against forhond."""
    active = active_seats(options, seats, dealer)
    if cards is not None:
        dealt, talon = _explicit(cards, active)
    else:
        deck = shuffled_deck(seed)
        dealt, talon, _stock = LICITOVANY_FORM.packets(deck)
    hands = hand_sets(seats, active, dealt)
    bidding = auction.start(active)
    return LicitGame(
        options=options,
        seats=seats,
        dealer=dealer,
        active=active,
        dealt=dealt,
        dealt_talon=talon,
        seed=seed if cards is None else None,
        hands=hands,
        talon=sum(1 << c for c in talon),
        auction=bidding,
        phase=Phase.AUCTION,
        to_move=bidding.speaker,
    )


def _explicit(
    cards: Mapping[str, Sequence[str]], active: tuple[Seat, Seat, Seat]
) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
    dealt, talon = read_explicit(
        cards, active, "explicit cards need exactly {expected} (the playing seats)", TALON_KEY
    )
    sizes = tuple(len(p) for p in dealt)
    if sizes != LICITOVANY_FORM.hand_sizes or len(talon) != LICITOVANY_FORM.dealt_talon:
        raise IllegalAction("bad_cards", "every player gets 10 cards and the talon 2")
    check_every_card((*dealt, talon), "the hands and the talon hold each of the 32 cards once")
    return dealt, talon


def dealt_cards(state: LicitState) -> dict[str, list[str]]:
    """The explicit form of a deal (for records): seat -> cards, and the talon."""
    result = seat_cards(state.active, state.dealt)
    result[TALON_KEY] = [card_code(c) for c in state.dealt_talon]
    return result


def first_dealer(options: LicitOptions, seats: int, seed: int) -> Seat:
    """Who deals first: at random, or by drawing cards ("malá/velká dává")."""
    return draw_first_dealer(options.first_dealer, seats, seed)


def gather_and_cut(previous: LicitState, cut_seed: int) -> tuple[Card, ...]:
    """The next deck without a shuffle (§3.3.1 "karty se zásadně nemíchají"): the
    played cards trick by trick, then the rest, cut by the dealer's right."""
    return gathered_deck(previous.tricks, previous.trick_cards, cut_seed)


def cards_from_deck(
    deck: Sequence[Card], options: LicitOptions, seats: int, dealer: Seat
) -> dict[str, list[str]]:
    """Explicit cards for ``new_deal`` from a deck order (used with "gather_and_cut")."""
    active = active_seats(options, seats, dealer)
    packets, talon, _stock = LICITOVANY_FORM.packets(deck)
    result = seat_cards(active, packets)
    result[TALON_KEY] = [card_code(c) for c in talon]
    return result
