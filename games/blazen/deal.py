"""Shuffling, dealing, the trump card and the first attacker (blazen.md §4-§5).

A deal comes from a seed (``random.Random(seed)``; no global random) or from
explicit cards, which tests and records use. The seeded mapping is §4.7:
``order`` is the seats from the dealer's left with the dealer last; with
packets of one card seat ``order[i]`` gets ``d[r*n + i]``; the stock is the
rest, ``d[6n]`` on top, and its bottom card is the turned trump card.

Explicit ``cards`` (documented in docs/records.md) hold cards only:

* ``"0"``, ``"1"`` … : every seat's hand (at least one card each);
* ``"stock"``: the stock, top first; its last card is the turned trump card;
* ``"trump_card"``: ``[card]``, only when the stock is empty: which card of
  the dealer's hand lies face up (default: the dealer's last card, the whole
  deck dealt, §4.4);
* ``"bito"``: cards already beaten off, for positions set up mid-game.

Hands, stock and Bito together must hold the deck exactly once. Who attacks
first when the match fixed it (§5) is not a card: it is the deal's setup
(``first_attacker``, the setup's ``opener``). Records and databases written
before the setup existed carried it in the cards as ``"attacker": ["seat"]``;
that spelling is still read (the setup wins over it) and never written.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from games.blazen.game import BlazenGame
from games.blazen.opening import exchange_card, interjections, redeal_suit
from games.blazen.options import TEAM_SEATS, BlazenOptions
from games.blazen.rules import DECKS, lowest_trump
from games.blazen.state import BlazenState, Phase
from games.cards import Card, CardError, CardSet, card, card_code, cards_of, mask_of
from games.engine import IllegalAction, Seat

__all__ = [
    "check_table",
    "dealt_cards",
    "exchange_card",
    "first_dealer",
    "interjections",
    "new_deal",
    "redeal_suit",
    "teams_of",
]


def check_table(options: BlazenOptions, seats: int, dealer: Seat) -> None:
    """Refuse a table the options cannot seat (§2, §11.1)."""
    if not 2 <= seats <= options.max_seats:
        raise IllegalAction(
            "bad_table",
            f"Blázen with {options.deck_size} cards is played by 2 to {options.max_seats}",
        )
    need = TEAM_SEATS.get(options.team_mode)
    if need is not None and seats != need:
        raise IllegalAction("bad_table", f"team mode {options.team_mode} needs {need} players")
    if not 0 <= dealer < seats:
        raise IllegalAction("bad_table", f"dealer {dealer} is not a seat")


def teams_of(options: BlazenOptions, seats: int) -> tuple[int, ...]:
    """Team number per seat: alternate seats in 2v2/3v3, seat 0 alone in 1v2 (§11.1)."""
    if options.team_mode in ("2v2", "3v3"):
        return tuple(s % 2 for s in range(seats))
    if options.team_mode == "1v2":
        return tuple(0 if s == 0 else 1 for s in range(seats))
    return tuple(range(seats))


def first_dealer(seats: int, seed: int) -> Seat:
    """The first game's dealer: at random (§4.1)."""
    return random.Random(seed).randrange(seats)


def _seeded(
    options: BlazenOptions, seats: int, dealer: Seat, rng: random.Random
) -> tuple[list[list[Card]], list[Card], Card]:
    deck = list(DECKS[options.deck_size])
    rng.shuffle(deck)
    n, size, packet = seats, options.hand_size, options.deal_packet
    order = [(dealer + 1 + i) % n for i in range(n)]
    hands: list[list[Card]] = [[] for _ in range(n)]
    position = 0
    while position < n * size:
        for seat in order:
            take = min(packet, size - len(hands[seat]))
            hands[seat].extend(deck[position : position + take])
            position += take
    stock = deck[n * size :]
    if not stock:
        return hands, stock, hands[dealer][-1]
    if options.trump_card == "next":
        stock.append(stock.pop(0))
    above = 2
    while stock[-1] >= 52:  # a joker cannot show the trump: swap it upwards (§2)
        if above > len(stock):
            raise IllegalAction("bad_deal", "the stock holds only jokers")
        stock[-1], stock[-above] = stock[-above], stock[-1]
        above += 1
    return hands, stock, stock[-1]


def _codes(cards: Mapping[str, Sequence[str]], key: str) -> list[Card]:
    try:
        return [card(code) for code in cards.get(key, ())]
    except CardError as exc:
        raise IllegalAction("bad_cards", f"{key}: {exc}") from exc


def _explicit(
    options: BlazenOptions, seats: int, dealer: Seat, cards: Mapping[str, Sequence[str]]
) -> tuple[list[list[Card]], list[Card], Card, CardSet, Seat | None]:
    known = {str(s) for s in range(seats)} | {"stock", "trump_card", "attacker", "bito"}
    wrong = sorted(set(cards) - known)
    if wrong or not all(str(s) in cards for s in range(seats)):
        raise IllegalAction(
            "bad_cards", f"explicit cards need seats 0-{seats - 1} (and stock, bito): {wrong}"
        )
    hands = [_codes(cards, str(s)) for s in range(seats)]
    stock = _codes(cards, "stock")
    bito = _codes(cards, "bito")
    every = [c for hand in hands for c in hand] + stock + bito
    if sorted(every) != sorted(DECKS[options.deck_size]):
        raise IllegalAction(
            "bad_cards", f"hands, stock and bito must hold the {options.deck_size} cards once"
        )
    if not all(hands):
        raise IllegalAction("bad_cards", "every seat needs at least one card")
    given = _codes(cards, "trump_card")
    if stock:
        trump_card = stock[-1]
        if given and given != [trump_card]:
            raise IllegalAction("bad_cards", "the trump card is the last card of the stock")
    elif given:
        trump_card = given[0]
        if len(given) != 1 or (not bito and trump_card not in hands[dealer]):
            raise IllegalAction("bad_cards", "with the whole deck dealt the dealer holds the trump")
    else:
        trump_card = hands[dealer][-1]
    if trump_card >= 52:
        raise IllegalAction("bad_cards", "a joker cannot show the trump suit")
    attacker: Seat | None = None
    if "attacker" in cards:
        text = list(cards["attacker"])
        if len(text) != 1 or text[0] not in {str(s) for s in range(seats)}:
            raise IllegalAction("bad_cards", "attacker is one seat number")
        attacker = int(text[0])
    return hands, stock, trump_card, mask_of(bito), attacker


def new_deal(
    options: BlazenOptions,
    seats: int,
    dealer: Seat,
    *,
    seed: int | None = None,
    cards: Mapping[str, Sequence[str]] | None = None,
    first_attacker: Seat | None = None,
) -> BlazenState:
    """A new game; ``first_attacker`` is fixed by the match after a fool (§5).

    It comes from the deal's setup; an old record's ``"attacker"`` in
    ``cards`` is read when no ``first_attacker`` is given."""
    check_table(options, seats, dealer)
    bito: CardSet = 0
    if cards is not None:
        hands, stock, trump_card, bito, given = _explicit(options, seats, dealer, cards)
        first_attacker = given if first_attacker is None else first_attacker
    else:
        if seed is None:
            raise ValueError("a deal needs a seed or explicit cards")
        hands, stock, trump_card = _seeded(options, seats, dealer, random.Random(seed))
    if first_attacker is not None and not 0 <= first_attacker < seats:
        raise IllegalAction("bad_table", f"first attacker {first_attacker} is not a seat")
    masks = tuple(mask_of(h) for h in hands)
    trump = trump_card // 13
    teams = teams_of(options, seats)
    left = (dealer + 1) % seats
    shown: Card | None = None
    end: str | None = None
    if first_attacker is not None:
        attacker = first_attacker
    elif options.first_attacker_rule == "dealer_left":
        attacker = left
    elif options.first_attacker_rule == "random":
        # drawn from the deal itself, so that its explicit cards give the same seat
        rng = random.Random(" ".join(card_code(c) for h in hands for c in h))
        attacker = rng.randrange(seats)
    else:
        lowest = lowest_trump(sum(masks), trump)
        if lowest is not None:
            attacker = next(s for s in range(seats) if masks[s] >> lowest & 1)
            shown = lowest
        else:
            attacker = left
            if options.no_trump_fallback == "redeal":
                end = "redeal"
    state = BlazenGame(
        options=options,
        seats=seats,
        dealer=dealer,
        seed=seed if cards is None else None,
        teams=teams,
        dealt=tuple(tuple(h) for h in hands),
        dealt_stock=tuple(stock),
        dealt_bito=bito,
        fixed_attacker=first_attacker,
        trump=trump,
        trump_card=trump_card,
        hands=masks,
        stock=tuple(stock),
        bito=bito,
        known=tuple(  # the turned card kept by the dealer and the lowest trump are shown
            (1 << trump_card if not stock and masks[s] >> trump_card & 1 else 0)
            | (1 << shown if shown is not None and s == attacker else 0)
            for s in range(seats)
        ),
        phase=Phase.OPEN,
        opener=attacker,
        defender=attacker,
        to_move=attacker,
        opening_trump=shown,
        discards=1 if bito else 0,  # a position with a Bito is past its first discard
    )
    defender = state.next_opponent(attacker)
    if end is not None or defender is None:
        return _over_at_once(state, end or "draw")
    state = state.but(defender=defender)
    return state.but(interject=interjections(state))


def _over_at_once(state: BlazenState, end: str) -> BlazenState:
    """Nobody holds a trump and the table redeals (§5), before anyone acts."""
    return state.but(phase=Phase.OVER, to_move=None, end=end)


def dealt_cards(state: BlazenState) -> dict[str, list[str]]:
    """The cards of a deal (for records): with the deal's setup (the dealer and
    any fixed first attacker, ``BLAZEN.setup_of``), ``new_deal(cards=…)``
    rebuilds it. Only cards: the first attacker is the setup's, never here."""
    result = {str(s): [card_code(c) for c in hand] for s, hand in enumerate(state.dealt)}
    result["stock"] = [card_code(c) for c in state.dealt_stock]
    if not state.dealt_stock:  # no exchange without a stock: the trump card is as dealt
        result["trump_card"] = [card_code(state.trump_card)]
    if state.dealt_bito:
        result["bito"] = [card_code(c) for c in cards_of(state.dealt_bito)]
    return result
