"""Seating, the cut for the first dealer, shuffling and dealing (§4.1-§4.4).

Each active player gets two packets of four, packet 1 first, dealt from the
dealer's left (``deal_start = "left_of_dealer"``): packet 1 of ``A[i]`` is
``deck[4i..4i+3]``, packet 2 is ``deck[16+4i..16+4i+3]``. A deal comes
from a seed (``random.Random(seed)`` shuffles; no global random) or from
explicit cards, which is what tests and game records use.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from games.cards import Card, CardError, Rank, card, card_code, mask_of
from games.cenzr.declarations import Declaration
from games.cenzr.game import CenzrGame
from games.cenzr.options import CenzrOptions
from games.cenzr.rules import DECK, natural_size
from games.cenzr.state import Announcement, CenzrState, Phase, Trick
from games.engine import IllegalAction, Seat

__all__ = [
    "active_seats",
    "cut_draws",
    "cut_winner",
    "dealt_cards",
    "first_dealer",
    "new_deal",
    "packets_from_deck",
    "restore",
    "sitting_out",
]


def _check_table(seats: int, dealer: Seat) -> None:
    if seats not in (4, 5, 6):
        raise IllegalAction("bad_table", "volený cenzr is played by 4 players (5 or 6 rotating)")
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < seats:
        raise IllegalAction("bad_table", f"dealer {dealer!r} is not a seat")


def sitting_out(seats: int, dealer: Seat) -> frozenset[Seat]:
    """§4.2: nobody at 4; the dealer at 5; the dealer and ``d+3`` at 6."""
    _check_table(seats, dealer)
    if seats == 4:
        return frozenset()
    if seats == 5:
        return frozenset((dealer,))
    return frozenset((dealer, (dealer + 3) % seats))


def active_seats(seats: int, dealer: Seat) -> tuple[Seat, Seat, Seat, Seat]:
    """``A[0..3]``: the playing seats clockwise from the dealer's left (§4.2)."""
    out = sitting_out(seats, dealer)
    order = [(dealer + i) % seats for i in range(1, seats + 1) if (dealer + i) % seats not in out]
    return order[0], order[1], order[2], order[3]


def packets_from_deck(deck: Sequence[Card]) -> tuple[tuple[Card, ...], ...]:
    """Each active player's 8 cards (packet 1, then packet 2), ``A`` order (§4.4)."""
    return tuple((*deck[4 * i : 4 * i + 4], *deck[16 + 4 * i : 20 + 4 * i]) for i in range(4))


def new_deal(
    options: CenzrOptions,
    seats: int,
    dealer: Seat,
    *,
    seed: int | None = None,
    cards: Mapping[str, Sequence[str]] | None = None,
) -> CenzrState:
    """A new deal: ``A[0]`` is to call, seeing only his first packet."""
    active = active_seats(seats, dealer)
    if cards is not None:
        packets = _explicit(cards, active)
    else:
        if seed is None:
            raise ValueError("a deal needs a seed or explicit cards")
        deck = list(DECK)
        random.Random(seed).shuffle(deck)
        packets = packets_from_deck(deck)
    hands = [0] * seats
    for seat, dealt in zip(active, packets, strict=True):
        for c in dealt:
            hands[seat] |= 1 << c
    return CenzrGame(
        options=options,
        seats=seats,
        dealer=dealer,
        active=active,
        packets=packets,
        seed=seed if cards is None else None,
        hands=tuple(hands),
        phase=Phase.CALL,
        to_move=active[0],
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
        packets = tuple(tuple(card(code) for code in cards[str(s)]) for s in active)
    except (CardError, TypeError) as exc:
        raise IllegalAction("bad_cards", str(exc)) from exc
    if any(len(p) != 8 for p in packets):
        raise IllegalAction("bad_cards", "each playing seat gets 8 cards: packet 1, then packet 2")
    if sorted(c for p in packets for c in p) != sorted(DECK):
        raise IllegalAction("bad_cards", "the hands must hold each of the 32 cards once")
    return packets


def restore(data: Mapping[str, Any]) -> CenzrState:
    """A state from ``CenzrState.to_dict`` (trusted data: a stored snapshot)."""

    def cards(codes: Sequence[str]) -> tuple[Card, ...]:
        return tuple(card(c) for c in codes)

    def by_seat(
        entries: Sequence[Mapping[str, Any]],
    ) -> tuple[tuple[Seat, tuple[Declaration, ...]], ...]:
        return tuple(
            (int(e["seat"]), tuple(Declaration.from_dict(d) for d in e["declarations"]))
            for e in entries
        )

    active = tuple(int(s) for s in data["active"])
    assert len(active) == 4
    called = data["called"]
    return CenzrGame(
        options=CenzrOptions.from_dict(dict(data["options"])),
        seats=int(data["seats"]),
        dealer=int(data["dealer"]),
        active=(active[0], active[1], active[2], active[3]),
        packets=tuple(cards(p) for p in data["packets"]),
        seed=data["seed"],
        hands=tuple(mask_of(cards(h)) for h in data["hands"]),
        phase=Phase(data["phase"]),
        to_move=data["to_move"],
        version=int(data["version"]),
        passes=tuple(data["passes"]),
        chooser=data["chooser"],
        called=None if called is None else card(called),
        holder=data["holder"],
        revealed=bool(data["revealed"]),
        trick_seats=tuple(data["trick"]["seats"]),
        trick_cards=cards(data["trick"]["cards"]),
        tricks=tuple(
            Trick(tuple(t["seats"]), cards(t["cards"]), int(t["winner"])) for t in data["tricks"]
        ),
        announcements=tuple(
            Announcement(
                int(a["seat"]), a["kind"], None if a["rank"] is None else Rank.from_code(a["rank"])
            )
            for a in data["announcements"]
        ),
        valid=by_seat(data["valid"]),
        cancelled=by_seat(data["cancelled"]),
        resolved=bool(data["resolved"]),
        bela_choice=data["bela_choice"],
    )


def dealt_cards(state: CenzrState) -> dict[str, list[str]]:
    """The explicit form of a deal (for records): seat -> packet 1 + packet 2."""
    return {
        str(s): [card_code(c) for c in p] for s, p in zip(state.active, state.packets, strict=True)
    }


def cut_draws(seats: int, seed: int) -> tuple[tuple[tuple[Seat, Card], ...], ...]:
    """The simulated cut (§4.3), round by round: who drew which card.

    Everyone draws one card; the highest rank in the natural order deals;
    those tied for highest draw again, until one is highest. Should the deck
    run short, the drawn cards are gathered and shuffled in again.
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
        top = max(natural_size(_rank(c)) for _s, c in drawn)
        drawing = [s for s, c in drawn if natural_size(_rank(c)) == top]
    return tuple(rounds)


def cut_winner(rounds: tuple[tuple[tuple[Seat, Card], ...], ...]) -> Seat:
    """The seat whose card was highest in the last round of the cut."""
    return max(rounds[-1], key=lambda drawn: natural_size(_rank(drawn[1])))[0]


def _rank(c: Card) -> Rank:
    return Rank(c % 13)


def first_dealer(options: CenzrOptions, seats: int, seed: int) -> Seat:
    """Who deals first (§4.3): the winner of the cut, or a uniform pick.

    ``"manual"`` is the host's choice; asked anyway, the engine answers the
    cut, so a record still names a dealer it can reproduce.
    """
    if options.first_dealer == "random":
        return random.Random(seed).randrange(seats)
    return cut_winner(cut_draws(seats, seed))
