"""Seeded random play of licitovaný deals for the property and self-play tests."""

from __future__ import annotations

import random
import re
from collections.abc import Mapping
from typing import Any

from games.cards import Card, card_code, cards_of
from games.engine import Seat
from games.marias.rules import SHARP
from games.marias_licit.state import LicitState, Phase
from games.marias_licit.variant import LICITOVANY

__all__ = ["check_state", "random_deal", "replay"]

_CODES = frozenset(card_code(Card(i)) for i in range(54))
_TOKEN = re.compile(r"[0-9A-Za-z]+")


def shown(obj: object) -> frozenset[str]:
    """Every card code written anywhere in ``obj``'s text form."""
    return _CODES.intersection(_TOKEN.findall(repr(obj)))


def random_deal(
    seed: int, *, seats: int = 3, values: Mapping[str, Any] | None = None, check: bool = False
) -> tuple[LicitState, list[tuple[Seat, str]]]:
    """A deal played by uniformly random legal actions (of a seat drawn from
    ``to_act``), with ``check_state`` after every step when asked."""
    rng = random.Random(seed)
    options = LICITOVANY.options(dict(values or {}))
    state = LICITOVANY.new_deal(options, seats, seed % seats, seed=seed)
    log: list[tuple[Seat, str]] = []
    while not state.is_over:
        if check:
            check_state(state)
        movers = sorted(state.to_act())
        seat = movers[0] if len(movers) == 1 or rng.random() < 0.97 else rng.choice(movers)
        if seat not in LICITOVANY.due(state) and rng.random() < 0.5:
            seat = next(iter(LICITOVANY.due(state)))
        legal = list(state.legal_actions(seat))
        assert legal, f"seat {seat} in to_act has no legal action"
        action = _choose(state, legal, rng)
        log.append((seat, action.code))
        state, _events = LICITOVANY.apply(state, seat, action)
        if check:
            for event in _events:
                if event.visible_to is None:
                    assert not (shown(event.data) & _hidden_everywhere(state)), event
    if check:
        check_state(state)
    return state, log


def _choose(state: LicitState, legal: list[Any], rng: random.Random) -> Any:
    """Uniform, except that the auction often passes, holds or bids the least level,
    and the contract is often the bid level, so that every level is played."""
    if state.phase is Phase.AUCTION and rng.random() < 0.6:
        quiet = [a for a in legal if a.code in ("pass", "mam")]
        bids = [a for a in legal if a.code.startswith("bid:")]
        if quiet and (not bids or rng.random() < 0.6):
            return rng.choice(quiet)
        return bids[0] if rng.random() < 0.9 else bids[-1]
    if state.phase is Phase.CONTRACT and rng.random() < 0.7:
        at_bid = [a for a in legal if a.code.split(":")[1:2] == [str(state.bid_level)]]
        if at_bid:
            return rng.choice(at_bid)
    return rng.choice(legal)


def _hidden_everywhere(state: LicitState) -> frozenset[str]:
    """Cards no one but their holder may know: the hands, and the talon."""
    hidden = {card_code(c) for s in state.active for c in cards_of(state.hands[s])}
    hidden |= {card_code(c) for c in cards_of(state.talon)}
    return frozenset(hidden)


def check_state(state: LicitState) -> None:
    """Cards are conserved and no view shows a card its viewer may not see."""
    places = [state.hands[s] for s in range(state.seats)]
    for s in range(state.seats):
        if s not in state.active:
            assert state.hands[s] == 0
    held = [c for mask in (*places, state.talon) for c in cards_of(mask)]
    played = [c for t in state.tricks for c in t.cards] + list(state.trick_cards)
    every = held + played
    assert len(every) == 32 and len(set(every)) == 32
    assert state.talon.bit_count() == (0 if state.phase is Phase.TALON else 2)
    face_up: set[str] = set()
    if state.trump is not None and state.options.talon_sharp_cards != "forbidden":
        face_up = {card_code(c) for c in cards_of(state.talon & SHARP)}
    talon = {card_code(c) for c in cards_of(state.talon)} - face_up
    hands = {s: {card_code(c) for c in cards_of(state.hands[s])} for s in state.active}
    public = shown(state.public_view())
    assert not public & (talon | {c for h in hands.values() for c in h})
    for seat in range(state.seats):
        view = shown(state.view(seat))
        others = {c for s, h in hands.items() if s != seat for c in h}
        assert not view & others, (seat, view & others)
        if not (state.talon_taken and seat == state.declarer):
            assert not view & talon, (seat, view & talon)
    if state.is_over:
        outcome = state.outcome()
        assert len(outcome.scores) == state.seats
        assert sum(outcome.scores) == 0
        assert all(outcome.scores[s] == 0 for s in range(state.seats) if s not in state.active)
    else:
        assert state.to_act() and LICITOVANY.due(state) <= state.to_act()
        assert state.phase is not Phase.OVER


def replay(
    state: LicitState, log: list[tuple[Seat, str]], *, from_cards: bool = False
) -> LicitState:
    """The same deal rebuilt from its seed (or its dealt cards) and the logged codes."""
    setup = LICITOVANY.setup_of(state)
    if from_cards:
        again = LICITOVANY.new_deal(
            state.options, state.seats, setup, cards=LICITOVANY.dealt_cards(state)
        )
    else:
        again = LICITOVANY.new_deal(state.options, state.seats, setup, seed=state.seed)
    for seat, code in log:
        again, _ = LICITOVANY.apply(again, seat, LICITOVANY.parse_action(code))
    return again
