"""Shared helpers of the ve dvou tests: scripted deals, finished deals, random play."""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from games.cards import DECK_32, Card, Suit, card, card_code, cards_of
from games.engine import Event, Seat
from games.marias.played import Marriage, Trick
from games.marias.rules import SHARP, seven_of
from games.marias_dvou.state import DvouState, Phase
from games.marias_dvou.variant import DVOU

__all__ = [
    "M2_CARDS",
    "check_state",
    "events_of",
    "finished",
    "play",
    "random_deal",
    "replay",
    "run",
    "scripted",
    "shown",
]

M2_CARDS: dict[str, list[str]] = {
    "0": ["Qd", "7d", "Ks", "9c", "Jd", "Td", "Ts", "9s"],
    "1": ["Kc", "Qc", "7c", "Jh", "8h", "7h", "8s", "7s"],
    "stock": [
        *("Ac", "As", "Tc", "8d", "8c", "Js", "Th", "Kd"),
        *("Qs", "Kh", "9d", "Qh", "9h", "Jc", "Ad", "Ah"),
    ],
}
"""Example M2 (§5): A (seat 0, the first player; seat 1 deals) and B as dealt, the
stock in the order the book's draws take it."""


def scripted(
    cards: Mapping[str, Sequence[str]] = M2_CARDS,
    *,
    dealer: Seat = 1,
    values: Mapping[str, Any] | None = None,
) -> DvouState:
    """A deal from explicit cards (seat -> 8 in deal order, ``stock`` in draw order)."""
    options = DVOU.options(dict(values or {}))
    return DVOU.new_deal(options, 2, dealer, cards={k: list(v) for k, v in cards.items()})


def play(state: DvouState, seat: Seat, code: str) -> DvouState:
    new, _events = DVOU.apply(state, seat, DVOU.parse_action(code))
    return new


def run(state: DvouState, moves: Iterable[tuple[Seat, str]]) -> DvouState:
    for seat, code in moves:
        state = play(state, seat, code)
    return state


def events_of(state: DvouState, seat: Seat, code: str) -> tuple[Event, ...]:
    return DVOU.apply(state, seat, DVOU.parse_action(code))[1]


def finished(
    *,
    first_sharp: int,
    last: Seat,
    seven: str = "none",
    trump: Suit = Suit.BELLS,
    marriages: Sequence[tuple[Seat, Suit, int]] = (),
    stovka: Seat | None = None,
    sedma: Seat | None = None,
    flek: Mapping[str, int] | None = None,
    values: Mapping[str, Any] | None = None,
) -> DvouState:
    """A finished deal (seat 0 the first player, seat 1 the dealer) whose tricks give
    the first player ``first_sharp`` of the eight aces and tens, the last trick to
    ``last``; ``seven``: the trump seven in the last trick played by ``last`` and
    winning (``"won"``), played by the other and beaten (``"killed"``), or elsewhere
    (``"none"``). Marriages, announcements and flek levels as given."""
    base = scripted(values=values)
    other = 1 - last
    t7, t8 = seven_of(trump), card(f"8{trump.code}")
    plain_suit = next(s for s in Suit if s != trump)
    p8, p9 = card(f"8{plain_suit.code}"), card(f"9{plain_suit.code}")
    if seven == "won":
        final = Trick((last, other), (t7, p8), last)
    elif seven == "killed":
        final = Trick((other, last), (t7, t8), last)
    else:
        final = Trick((last, other), (p8, p9), last)
    used = set(final.cards)
    sharp = [c for c in DECK_32 if SHARP >> c & 1]
    plain = [c for c in DECK_32 if not SHARP >> c & 1 and c not in used]
    tricks = []
    for i, c in enumerate(sharp):
        winner = 0 if i < first_sharp else 1
        tricks.append(Trick((winner, 1 - winner), (c, plain.pop(0)), winner))
    while plain:
        tricks.append(Trick((0, 1), (plain.pop(0), plain.pop(0)), 0))
    tricks.append(final)
    assert len(tricks) == 16
    chains: list[tuple[str, int]] = [("hra", (flek or {}).get("hra", 0))]
    if sedma is not None:
        chains.append(("sedma", (flek or {}).get("sedma", 0)))
    return replace(
        base,
        trump=trump,
        hands=(0, 0),
        stock=(),
        tricks=tuple(tricks),
        marriages=tuple(Marriage(s, suit, pts, 1) for s, suit, pts in marriages),
        stovka=stovka,
        sedma=sedma,
        flek=tuple(chains),
        phase=Phase.OVER,
        to_move=None,
        end="played",
    )


# --- random play ------------------------------------------------------------

_CODES = frozenset(card_code(Card(i)) for i in range(54))
_TOKEN = re.compile(r"[0-9A-Za-z]+")


def shown(obj: object) -> frozenset[str]:
    """Every card code written anywhere in ``obj``'s text form."""
    return _CODES.intersection(_TOKEN.findall(repr(obj)))


def random_deal(
    seed: int,
    *,
    values: Mapping[str, Any] | None = None,
    check: bool = False,
    dealer: Seat | None = None,
) -> tuple[DvouState, list[tuple[Seat, str]]]:
    """A deal played by uniformly random legal actions, with ``check_state`` after
    every step when asked."""
    rng = random.Random(seed)
    options = DVOU.options(dict(values or {}))
    state = DVOU.new_deal(options, 2, seed % 2 if dealer is None else dealer, seed=seed)
    log: list[tuple[Seat, str]] = []
    while not state.is_over:
        if check:
            check_state(state)
        (seat,) = state.to_act()
        legal = list(state.legal_actions(seat))
        assert legal, f"seat {seat} in to_act has no legal action"
        action = rng.choice(legal)
        log.append((seat, action.code))
        state, events = DVOU.apply(state, seat, action)
        if check:
            secret = _secret(state)
            for event in events:
                audience = {0, 1} if event.visible_to is None else set(event.visible_to)
                for code in shown(event.data):
                    assert audience <= secret.get(code, {0, 1}), (event, code)
    if check:
        check_state(state)
    return state, log


def _secret(state: DvouState) -> dict[str, set[Seat]]:
    """Every card that is not public, with the seats that may know it: a hand's
    cards their holder (the first player's second four: nobody before trumps), the
    stock nobody (but B's face-up card, which is public)."""
    result: dict[str, set[Seat]] = {}
    for seat in state.active:
        for c in cards_of(state.hands[seat]):
            result[card_code(c)] = {seat}
    if state.phase is Phase.TRUMP:
        for c in state.dealt[0][4:]:
            result[card_code(c)] = set()
    for c in state.stock:
        result[card_code(c)] = set()
    if state.turned_card is not None:
        del result[card_code(state.turned_card)]
    return result


def check_state(state: DvouState) -> None:
    """Cards are conserved between the hands, the stock and the tricks; no view shows
    a card its viewer may not see (the stock above all); payments sum to zero."""
    held = [c for s in state.active for c in cards_of(state.hands[s])]
    played = [c for t in state.tricks for c in t.cards] + list(state.trick_cards)
    every = held + list(state.stock) + played
    assert len(every) == 32 and set(every) == set(DECK_32)
    assert len(state.stock) == 16 - 2 * min(len(state.tricks), 8)
    for seat in state.active:
        in_trick = state.trick_seats.count(seat)
        assert state.hands[seat].bit_count() + in_trick == min(8, 16 - len(state.tricks))
    secret = _secret(state)
    public = shown(state.public_view())
    assert not public & secret.keys(), public & secret.keys()
    for seat in state.active:
        view = shown(state.view(seat))
        leaked = {c for c in view & secret.keys() if seat not in secret[c]}
        assert not leaked, (seat, leaked)
    stock_codes = {card_code(c) for c in state.stock} - (
        set() if state.turned_card is None else {card_code(state.turned_card)}
    )
    for seat in state.active:
        assert not shown(state.view(seat)) & stock_codes
    if state.is_over:
        outcome = state.outcome()
        assert len(outcome.scores) == 2 and sum(outcome.scores) == 0
    else:
        assert len(state.to_act()) == 1 and state.phase is not Phase.OVER


def replay(state: DvouState, log: list[tuple[Seat, str]], *, from_cards: bool = False) -> DvouState:
    """The same deal rebuilt from its seed (or its dealt cards) and the logged codes."""
    setup = DVOU.setup_of(state)
    if from_cards:
        again = DVOU.new_deal(state.options, 2, setup, cards=DVOU.dealt_cards(state))
    else:
        again = DVOU.new_deal(state.options, 2, setup, seed=state.seed)
    for seat, code in log:
        again, _ = DVOU.apply(again, seat, DVOU.parse_action(code))
    return again
