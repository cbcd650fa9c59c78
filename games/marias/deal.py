"""Seating, shuffling and dealing volený mariáš (§3.1.1-§3.1.2).

Forhond gets 7 + 5 cards, the middle player and zadák 5 + 5. With four at
the table one player sits out (the dealer by default). A deal comes either
from a seed (``random.Random(seed)`` shuffles; no global random) or from
explicit hands, which is what tests and game records use.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from games.cards import DECK_32, Card, CardError, card, card_code
from games.engine import IllegalAction, Seat
from games.marias.form import VOLENY_FORM
from games.marias.game import VolenyGame
from games.marias.options import VolenyOptions
from games.marias.rules import BETL_ORDER
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
        if seed is None:
            raise ValueError("a deal needs a seed or explicit cards")
        deck = list(DECK_32)
        random.Random(seed).shuffle(deck)
        dealt = deal_from_order(deck)
    hands = [0] * seats
    for seat, packet in zip(active, dealt, strict=True):
        for c in packet:
            hands[seat] |= 1 << c
    return VolenyGame(
        options=options,
        seats=seats,
        dealer=dealer,
        active=active,
        dealt=dealt,
        seed=seed if cards is None else None,
        hands=tuple(hands),
        phase=Phase.TRUMP,
        to_move=active[0],
    )


def _explicit(
    cards: Mapping[str, Sequence[str]], active: tuple[Seat, Seat, Seat]
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
    sizes = tuple(len(p) for p in dealt)
    if sizes != VOLENY_FORM.hand_sizes:
        raise IllegalAction("bad_cards", f"forhond gets 12 cards, the others 10, not {sizes}")
    every = [c for packet in dealt for c in packet]
    if sorted(every) != sorted(DECK_32):
        raise IllegalAction("bad_cards", "the hands must hold each of the 32 cards once")
    return dealt


def dealt_cards(state: VolenyState) -> dict[str, list[str]]:
    """The explicit form of a deal (for records): seat -> cards in deal order."""
    return {
        str(s): [card_code(c) for c in p] for s, p in zip(state.active, state.dealt, strict=True)
    }


def first_dealer(options: VolenyOptions, seats: int, seed: int) -> Seat:
    """Who deals first (§3.1.1): at random, or by drawing cards ("malá/velká dává")."""
    rng = random.Random(seed)
    if options.first_dealer == "random":
        return rng.randrange(seats)
    deck = list(DECK_32)
    rng.shuffle(deck)

    # Each player draws one card; rank decides (7 low .. A high), suit order breaks ties.
    def key(c: Card) -> tuple[int, int]:
        return BETL_ORDER.strength[c], -(c // 13)

    drawn = deck[:seats]
    pick = min if options.first_dealer == "low_card" else max
    return drawn.index(pick(drawn, key=key))


def gather_and_cut(previous: VolenyState, cut_seed: int) -> tuple[Card, ...]:
    """The next deck without a shuffle (§3.1.2 "sklepnou"): the played cards gathered
    trick by trick, the talon and unplayed cards last, then cut by the dealer's right."""
    order: list[Card] = [c for t in previous.tricks for c in t.cards]
    order.extend(previous.trick_cards)
    seen = set(order)
    order.extend(c for c in DECK_32 if c not in seen)
    cut = random.Random(cut_seed).randrange(4, 29)
    return (*order[cut:], *order[:cut])


def cards_from_deck(
    deck: Sequence[Card], options: VolenyOptions, seats: int, dealer: Seat
) -> dict[str, list[str]]:
    """Explicit cards for ``new_deal`` from a deck order (used with "gather_and_cut")."""
    active = active_seats(options, seats, dealer)
    packets = deal_from_order(deck)
    return {str(s): [card_code(c) for c in p] for s, p in zip(active, packets, strict=True)}
