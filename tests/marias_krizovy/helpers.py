"""Shared helpers of the křížový tests: scripted deals, biased random play, finished states."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from games.cards import card
from games.engine import Event, Seat
from games.marias.played import Trick
from games.marias_krizovy.actions import (
    Approve,
    Choose,
    ChooseBlind,
    HonerCall,
    KrizovyAction,
    Pass,
)
from games.marias_krizovy.scoring import sides_for
from games.marias_krizovy.state import KrizovyState, Phase
from games.marias_krizovy.variant import KRIZOVY

__all__ = ["finished", "pick", "play", "play_deal", "run", "scripted", "tricks_from"]


def scripted(
    hands: Mapping[Seat, Sequence[str]],
    *,
    dealer: Seat = 3,
    seats: int = 4,
    values: Mapping[str, Any] | None = None,
    red: bool = False,
) -> KrizovyState:
    """A deal from explicit hands (seat -> 8 cards: first four, then second four)."""
    cards = {str(s): list(h) for s, h in hands.items()}
    setup: dict[str, Any] = {"dealer": dealer}
    if red:
        setup["red_round"] = True
    return KRIZOVY.new_deal(KRIZOVY.options(dict(values or {})), seats, setup, cards=cards)


def play(state: KrizovyState, seat: Seat, code: str) -> KrizovyState:
    new, _events = KRIZOVY.apply(state, seat, KRIZOVY.parse_action(code))
    return new


def run(state: KrizovyState, moves: Iterable[tuple[Seat, str]]) -> tuple[KrizovyState, list[Event]]:
    events: list[Event] = []
    for seat, code in moves:
        state, evs = KRIZOVY.apply(state, seat, KRIZOVY.parse_action(code))
        events.extend(evs)
    return state, events


def tricks_from(state: KrizovyState, tricks: Sequence[Sequence[str]]) -> list[tuple[Seat, str]]:
    """Moves for tricks written as ``[leader card, next card, ...]`` in play order, the
    leader being whoever is to move (the engine names each trick's winner)."""
    moves: list[tuple[Seat, str]] = []
    for trick in tricks:
        for code in trick:
            seat = state.seat_holding(card(code))
            assert seat is not None, code
            moves.append((seat, f"play:{code}"))
            state = play(state, seat, f"play:{code}")
    return moves


def pick(rng: random.Random, actions: Sequence[KrizovyAction]) -> KrizovyAction:
    """A random legal action, biased towards a played hra (approve, pass, a real choice)."""
    r = rng.random()
    if any(isinstance(a, Approve) for a in actions) and r < 0.85:
        calls = [a for a in actions if isinstance(a, HonerCall)]
        return rng.choice(calls) if calls and rng.random() < 0.3 else Approve()
    if any(isinstance(a, Pass) for a in actions) and r < 0.6:
        return Pass()
    if any(isinstance(a, ChooseBlind) for a in actions) and r < 0.9:
        return rng.choice([a for a in actions if isinstance(a, Choose)])
    return rng.choice(list(actions))


def play_deal(
    state: KrizovyState, rng: random.Random
) -> tuple[KrizovyState, list[tuple[KrizovyState, Seat, KrizovyAction, tuple[Event, ...]]]]:
    """Play a deal out; returns the end and every step (state before, seat, action, events)."""
    steps = []
    while not state.is_over:
        (seat,) = state.to_act()
        action = pick(rng, state.legal_actions(seat))
        new, events = KRIZOVY.apply(state, seat, action)
        steps.append((state, seat, action, events))
        state = new
    return state, steps


def finished(
    *,
    kind: str,
    declarer: Seat,
    partner: Seat | None,
    winners: Sequence[Seat],
    fleks: Mapping[str, int] | None = None,
    partner_tricks: int | None = None,
    end: str = "played",
    chytak: str | None = None,
) -> KrizovyState:
    """A finished betl/durch-like deal whose tricks were won by ``winners`` (the cards
    themselves do not matter to the durch payments)."""
    base = scripted(SIMPLE)
    active = base.active
    tricks = tuple(Trick(active, (card("7h"),) * 4, w) for w in winners)
    return replace(
        base,
        kind=kind,
        declarer=declarer,
        partner=partner,
        sides=sides_for(active, declarer, partner, public=True),
        fleks=tuple(sorted((fleks or {}).items())),
        tricks=tricks,
        phase=Phase.DONE,
        to_move=None,
        end=end,
        partner_tricks=partner_tricks,
        chytak=None if chytak is None else card(chytak),
        trump=None,
    )


SIMPLE: dict[Seat, list[str]] = {
    0: ["Ac", "Tc", "9c", "8c", "7c", "Kc", "Ad", "As"],
    1: ["Ah", "Th", "Kh", "Qh", "Jh", "9h", "8h", "7h"],
    2: ["Qc", "Jc", "Kd", "Qd", "Jd", "9d", "8d", "7d"],
    3: ["Td", "Ts", "Ks", "Qs", "Js", "9s", "8s", "7s"],
}
"""Seat 0 (forhond at dealer 3) holds six acorns with the 9, 8 and 7; seat 2 holds
``Qc`` (the called card in most tests) and ``Jc``; seat 1 only hearts, seat 3 spades
and ``Td``."""
