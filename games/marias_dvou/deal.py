"""Seating and dealing mariáš ve dvou (§3.4): 8 cards each and a 16-card stock.

A and C deal 4 + 4 to each player (``VE_DVOU_FORM``), B 5 + 5, the 11th card
turned up as trumps, then 3 + 3 (``VE_DVOU_TURNED_FORM``), the turned card
lying face up at the bottom of the stock. A deal comes from a seed
(``random.Random(seed)``; no global random) or from explicit cards: each
seat's eight in deal order and ``"stock"`` in draw order (in B its last card
is the turned one).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from games.cards import Card, card_code
from games.engine import IllegalAction, Seat
from games.marias.dealing import (
    check_every_card,
    draw_first_dealer,
    hand_sets,
    read_explicit,
    seat_cards,
    shuffled_deck,
)
from games.marias.form import VE_DVOU_FORM, VE_DVOU_TURNED_FORM, MariasForm
from games.marias_dvou import transitions
from games.marias_dvou.game import DvouGame
from games.marias_dvou.options import DvouOptions
from games.marias_dvou.state import DvouState, Phase

__all__ = ["STOCK_KEY", "dealt_cards", "first_dealer", "form_of", "new_deal"]

STOCK_KEY = "stock"


def form_of(options: DvouOptions) -> MariasForm:
    """The deal's shape: B turns up the 11th card, A and C deal 4 + 4."""
    return VE_DVOU_TURNED_FORM if options.turned_trump else VE_DVOU_FORM


def _check_table(seats: int, dealer: Seat) -> None:
    if seats not in VE_DVOU_FORM.table_sizes:
        raise IllegalAction("bad_table", "mariáš ve dvou is played by 2 players")
    if not 0 <= dealer < seats:
        raise IllegalAction("bad_table", f"dealer {dealer} is not a seat")


def new_deal(
    options: DvouOptions,
    seats: int,
    dealer: Seat,
    *,
    seed: int | None = None,
    cards: Mapping[str, Sequence[str]] | None = None,
) -> DvouState:
    """A new deal: the first player (the dealer's left) names trumps, or in B the
    announcements begin."""
    _check_table(seats, dealer)
    active = ((dealer + 1) % seats, dealer)
    if cards is not None:
        dealt, stock = _explicit(cards, active)
    else:
        deck = shuffled_deck(seed)
        dealt, _talon, stock = form_of(options).packets(deck)
        if options.turned_trump:  # the turned card lies under the stock: drawn last
            stock = (*stock[1:], stock[0])
    hands = hand_sets(seats, active, dealt)
    state = DvouGame(
        options=options,
        seats=seats,
        dealer=dealer,
        active=active,
        dealt=dealt,
        dealt_stock=stock,
        seed=seed if cards is None else None,
        hands=hands,
        stock=stock,
        phase=Phase.TRUMP,
        to_move=None,
    )
    return transitions.start(state)


def _explicit(
    cards: Mapping[str, Sequence[str]], active: tuple[Seat, Seat]
) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
    dealt, stock = read_explicit(cards, active, "explicit cards need exactly {expected}", STOCK_KEY)
    if tuple(len(p) for p in dealt) != VE_DVOU_FORM.hand_sizes or len(stock) != 16:
        raise IllegalAction("bad_cards", "every player gets 8 cards and the stock 16")
    check_every_card((*dealt, stock), "the hands and the stock hold each of the 32 cards once")
    return dealt, stock


def dealt_cards(state: DvouState) -> dict[str, list[str]]:
    """The explicit form of a deal (for records): seat -> cards, and the stock."""
    result = seat_cards(state.active, state.dealt)
    result[STOCK_KEY] = [card_code(c) for c in state.dealt_stock]
    return result


def first_dealer(options: DvouOptions, seats: int, seed: int) -> Seat:
    """Who deals first: at random, or by drawing cards ("malá/velká dává")."""
    return draw_first_dealer(options.first_dealer, seats, seed)
