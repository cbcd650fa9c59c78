"""Shared helpers of the Tisíc tests: scripted deals, positions and a random player.

Seats are named by role (``P1``, ``P2``, ``P3``, ``D``) as the spec's vectors
are; with three players and dealer 0, P1 = 1, P2 = 2, P3 = 0 (= D).
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import replace
from typing import Any

from games.cards import DECK_32, Suit, card, card_code, cards_of, mask_of, parse_cards
from games.engine import Event, Seat
from games.tisic.actions import TisicAction
from games.tisic.legality import follow_cards
from games.tisic.options import TisicOptions
from games.tisic.state import End, Marriage, Phase, TisicState, Trick
from games.tisic.variant import TISIC

ALL = mask_of(DECK_32)


def roles(seats: int = 3, dealer: Seat = 0) -> dict[str, Seat]:
    """``{"P1": .., "P2": .., "P3": .., "D": ..}`` for a table and dealer (§2)."""
    p1, p2, p3 = (dealer + 1) % seats, (dealer + 2) % seats, (dealer + 3) % seats
    return {"P1": p1, "P2": p2, "P3": p3, "D": dealer}


def explicit(
    p1: str, p2: str, p3: str, talon: str, *, seats: int = 3, dealer: Seat = 0
) -> dict[str, list[str]]:
    """Explicit cards for ``new_deal``; a hand given as ``"rest"`` is filled, in
    deck order, from the cards no other hand names."""
    hands = [p1, p2, p3, talon]
    used = {c for h in hands if h != "rest" for c in parse_cards(h)}
    rest = [card_code(c) for c in DECK_32 if c not in used]
    r = roles(seats, dealer)
    result: dict[str, list[str]] = {}
    keys = (str(r["P1"]), str(r["P2"]), str(r["P3"]), "talon")
    for key, text, size in zip(keys, hands, (10, 10, 10, 2), strict=True):
        if text == "rest":
            result[key], rest = rest[:size], rest[size:]
        else:
            result[key] = text.split()
    return result


def deal(
    p1: str = "rest",
    p2: str = "rest",
    p3: str = "rest",
    talon: str = "rest",
    *,
    seats: int = 3,
    dealer: Seat = 0,
    **options: Any,
) -> TisicState:
    """A deal from explicit cards (one of them may be ``"rest"``)."""
    cards = explicit(p1, p2, p3, talon, seats=seats, dealer=dealer)
    return TISIC.new_deal(TisicOptions(**options), seats, {"dealer": dealer}, cards=cards)


def seeded(seed: int, *, seats: int = 3, dealer: Seat = 0, **options: Any) -> TisicState:
    return TISIC.new_deal(TisicOptions(**options), seats, {"dealer": dealer}, seed=seed)


def act(state: TisicState, seat: Seat, code: str) -> TisicState:
    """Apply one coded action for ``seat``."""
    new, _events = TISIC.apply(state, seat, TISIC.parse_action(code))
    return new


def script(state: TisicState, *moves: str) -> TisicState:
    """Apply moves written ``"P2 bid:60"`` (role, code) on a 3-seat, dealer-0 table, or
    ``"2 bid:60"`` by seat number."""
    r = roles(state.seats, state.dealer)
    for move in moves:
        who, code = move.split(" ", 1)
        seat = r[who] if who in r else int(who)
        state = act(state, seat, code)
    return state


def codes(state: TisicState, seat: Seat) -> set[str]:
    return {a.code for a in state.legal_actions(seat)}


def position(
    trump: str | None,
    trick: str,
    hand: str,
    *,
    follow_rule: str = "mariash",
    **options: Any,
) -> tuple[TisicState, Seat]:
    """A state in play with the given trump, trick so far and hand of the seat to
    play (for the §7.5 vectors). The other cards are irrelevant to legality."""
    base = deal(follow_rule=follow_rule, **options)
    trick_cards = tuple(parse_cards(trick))
    r = roles()
    order = [r["P1"], r["P2"], r["P3"]]
    seats = tuple(order[: len(trick_cards)])
    seat = order[len(trick_cards)]
    hands = [0, 0, 0]
    hands[seat] = mask_of(parse_cards(hand))
    state = replace(
        base,
        phase=Phase.PLAY,
        declarer=r["P1"],
        bid=50,
        contract=50,
        talon=0,
        hands=tuple(hands),
        trump=None if trump is None else Suit.from_code(trump),
        trick_seats=seats,
        trick_cards=trick_cards,
        tricks=(Trick((0, 1, 2), tuple(parse_cards("7c 8c 9c")), 0, None),),
        to_move=seat,
    )
    return state, seat


def finished(
    *,
    declarer: str,
    bid: int,
    contract: int,
    piles: Mapping[str, str],
    discards: str,
    marriages: Sequence[tuple[str, str]] = (),
    **options: Any,
) -> TisicState:
    """A fully played deal from each role's pile of won cards (``"rest"``: the rest),
    the declarer's discards and the marriages (role, suit); for the scoring vectors."""
    r = roles()
    used = set(parse_cards(discards))
    for text in piles.values():
        if text != "rest":
            used |= set(parse_cards(text))
    rest = [c for c in DECK_32 if c not in used]
    tricks: list[Trick] = []
    for who, text in piles.items():
        cards = rest if text == "rest" else parse_cards(text)
        assert len(cards) % 3 == 0, f"{who}'s pile is not whole tricks"
        for i in range(0, len(cards), 3):
            tricks.append(Trick((0, 1, 2), tuple(cards[i : i + 3]), r[who], None))
    assert sum(len(t.cards) for t in tricks) + 2 == 32
    base = deal(**options)
    return replace(
        base,
        phase=Phase.OVER,
        to_move=None,
        end=End.PLAYED,
        declarer=r[declarer],
        bid=bid,
        high=bid,
        high_bidder=r[declarer],
        contract=contract,
        talon=0,
        hands=(0, 0, 0),
        discards=mask_of(parse_cards(discards)),
        tricks=tuple(tricks),
        marriages=tuple(
            Marriage(r[who], Suit.from_code(s), (40, 60, 80, 100)["hdsc".index(s)], 2)
            for who, s in marriages
        ),
    )


def choose(state: TisicState, seat: Seat, rng: random.Random) -> TisicAction:
    """A random legal action, the kind (bid, pass, discard, play...) chosen first so
    that the many bid amounts do not drown "Dobrý" out."""
    kinds: dict[str, list[TisicAction]] = {}
    for action in state.legal_actions(seat):
        kinds.setdefault(type(action).__name__ + str(getattr(action, "trumf", "")), []).append(
            action
        )
    kind = rng.choice(sorted(kinds))
    return rng.choice(kinds[kind])


Step = tuple[TisicState, Seat, TisicAction, TisicState, tuple[Event, ...]]
"""One step of a deal: the state before, who acted, the action, the state after, events."""


def choose_modest(state: TisicState, seat: Seat, rng: random.Random) -> TisicAction:
    """A random legal action that bids like a person: mostly "Dobrý", else the
    least raise; the bid kept; rarely a forfeit or a storno. Random players bid
    so wildly that a match would sink below zero and never reach 1000."""
    actions = state.legal_actions(seat)
    if state.phase is Phase.AUCTION:
        return actions[0] if rng.random() < 0.7 or len(actions) == 1 else actions[1]
    if state.phase is Phase.CONTRACT:
        return actions[0]
    if state.phase is Phase.TALON and rng.random() < 0.97:
        discards = [a for a in actions if a.code.startswith("discard:")]
        return rng.choice(discards)
    if state.phase is Phase.PLAY and rng.random() < 0.98:  # revoke seldom (§11 options)
        follow = follow_cards(state, seat)
        return rng.choice([a for a in actions if follow >> getattr(a, "card", 0) & 1])
    return choose(state, seat, rng)


def play_random(state: TisicState, rng: random.Random, *, modest: bool = False) -> Iterator[Step]:
    """Play a deal out with random-legal players, yielding every step."""
    pick = choose_modest if modest else choose
    while not state.is_over:
        seat = rng.choice(sorted(state.to_act()))
        action = pick(state, seat, rng)
        after, events = TISIC.apply(state, seat, action)
        yield state, seat, action, after, events
        state = after


def cards_in_play(state: TisicState) -> list[int]:
    """Every card of the deal wherever it lies (§13.1), with repeats if any."""
    found: list[int] = []
    for hand in state.hands:
        found.extend(cards_of(hand))
    found.extend(cards_of(state.talon))
    found.extend(cards_of(state.discards))
    for trick in state.tricks:
        found.extend(trick.cards)
    found.extend(state.trick_cards)
    return found


def one(code: str) -> int:
    return card(code)
