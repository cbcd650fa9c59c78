"""Seating, shuffling and dealing volený mariáš (§3.1.1-§3.1.2).

Forhond gets 7 + 5 cards, the middle player and zadák 5 + 5. With four at
the table one player sits out (the dealer by default). A deal comes either
from a seed (``random.Random(seed)`` shuffles; no global random) or from
explicit hands, which is what tests and game records use.
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
from games.marias.form import VOLENY_FORM
from games.marias.game import VolenyGame
from games.marias.options import VolenyOptions
from games.marias.state import Phase, VolenyState

__all__ = [
    "active_seats",
    "cards_from_deck",
    "deal_from_order",
    "dealt_cards",
    "first_dealer",
    "gather_and_cut",
    "new_deal",
    "sitting_out",
]


def sitting_out(options: VolenyOptions, seats: int, dealer: Seat) -> frozenset[Seat]:
    """Who does not play this deal: nobody at three, one seat at four (§3.1.1)."""
    _check_table(seats, dealer)
    if seats == 3:
        return frozenset()
    if options.pause_rotation == "dealer_sits_out":
        return frozenset((dealer,))
    return frozenset(((dealer - 1) % seats,))


def active_seats(options: VolenyOptions, seats: int, dealer: Seat) -> tuple[Seat, Seat, Seat]:
    """Forhond, middle player and zadák: clockwise from the dealer's left."""
    out = sitting_out(options, seats, dealer)
    order = [(dealer + i) % seats for i in range(1, seats + 1)]
    playing = [s for s in order if s not in out]
    return playing[0], playing[1], playing[2]


def _check_table(seats: int, dealer: Seat) -> None:
    if seats not in VOLENY_FORM.table_sizes:
        raise IllegalAction("bad_table", "volený mariáš is played by 3 players (4 with one out)")
    if not 0 <= dealer < seats:
        raise IllegalAction("bad_table", f"dealer {dealer} is not a seat")


def deal_from_order(deck: Sequence[Card]) -> tuple[tuple[Card, ...], ...]:
    """Split a shuffled deck 7-5-5 then 5-5-5 into the packets of F, M and Z
    (``VOLENY_FORM``'s deal pattern)."""
    hands, _talon, _stock = VOLENY_FORM.packets(deck)
    return hands


def new_deal(
    options: VolenyOptions,
    seats: int,
    dealer: Seat,
    *,
    seed: int | None = None,
    cards: Mapping[str, Sequence[str]] | None = None,
) -> VolenyState:
    """A new deal: forhond is to choose trumps from his first seven cards."""
    active = active_seats(options, seats, dealer)
    if cards is not None:
        dealt = _explicit(cards, active)
    else:
        deck = shuffled_deck(seed)
        dealt = deal_from_order(deck)
    hands = hand_sets(seats, active, dealt)
    return VolenyGame(
        options=options,
        seats=seats,
        dealer=dealer,
        active=active,
        dealt=dealt,
        seed=seed if cards is None else None,
        hands=hands,
        phase=Phase.TRUMP,
        to_move=active[0],
    )


def _explicit(
    cards: Mapping[str, Sequence[str]], active: tuple[Seat, Seat, Seat]
) -> tuple[tuple[Card, ...], ...]:
    dealt, _none = read_explicit(
        cards, active, "explicit cards need exactly the playing seats {expected}"
    )
    sizes = tuple(len(p) for p in dealt)
    if sizes != VOLENY_FORM.hand_sizes:
        raise IllegalAction("bad_cards", f"forhond gets 12 cards, the others 10, not {sizes}")
    check_every_card(dealt, "the hands must hold each of the 32 cards once")
    return dealt


def dealt_cards(state: VolenyState) -> dict[str, list[str]]:
    """The explicit form of a deal (for records): seat -> cards in deal order."""
    return seat_cards(state.active, state.dealt)


def first_dealer(options: VolenyOptions, seats: int, seed: int) -> Seat:
    """Who deals first (§3.1.1): at random, or by drawing cards ("malá/velká dává")."""
    return draw_first_dealer(options.first_dealer, seats, seed)


def gather_and_cut(previous: VolenyState, cut_seed: int) -> tuple[Card, ...]:
    """The next deck without a shuffle (§3.1.2 "sklepnou"): the played cards gathered
    trick by trick, the talon and unplayed cards last, then cut by the dealer's right."""
    return gathered_deck(previous.tricks, previous.trick_cards, cut_seed)


def cards_from_deck(
    deck: Sequence[Card], options: VolenyOptions, seats: int, dealer: Seat
) -> dict[str, list[str]]:
    """Explicit cards for ``new_deal`` from a deck order (used with "gather_and_cut")."""
    active = active_seats(options, seats, dealer)
    packets = deal_from_order(deck)
    return {str(s): [card_code(c) for c in p] for s, p in zip(active, packets, strict=True)}
