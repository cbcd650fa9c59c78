"""Views show what a seat may know and nothing more (§12.1)."""

from __future__ import annotations

import dataclasses
from typing import Any

from games.blazen.state import BlazenState
from games.cards import card_code, cards_of
from games.engine import Seat
from tests.blazen.helpers import A, B, C, play, play_game, position

CARD_CODES = {card_code(c) for c in range(54)}


def card_codes_in(value: Any) -> set[str]:
    """Every card code anywhere in a (nested) view."""
    found: set[str] = set()
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            found |= card_codes_in(getattr(value, f.name))
    elif isinstance(value, dict):
        for k, v in value.items():
            found |= card_codes_in(k) | card_codes_in(v)
    elif isinstance(value, list | tuple | set | frozenset):
        for v in value:
            found |= card_codes_in(v)
    elif isinstance(value, str):
        for part in value.replace(",", " ").replace(":", " ").split():
            if part in CARD_CODES:
                found.add(part)
    return found


def secret(state: BlazenState, seat: Seat) -> set[str]:
    """The cards of a hand nobody else has seen go into it."""
    mask = state.hands[seat] & ~state.known[seat] & ~(1 << state.trump_card)
    return {card_code(c) for c in cards_of(mask)}


def check_views(state: BlazenState) -> None:
    """Other hands and the stock order never appear in a view."""
    stock = {card_code(c) for c in state.stock if c != state.trump_card}
    views = [(None, card_codes_in(state.public_view()))]
    views += [(s, card_codes_in(state.view(s))) for s in range(state.seats)]
    for viewer, shown in views:
        assert not shown & stock, f"{viewer} sees stock cards"
        for seat in range(state.seats):
            if seat != viewer:
                leaked = shown & secret(state, seat)
                assert not leaked, f"{viewer} sees {leaked} in the hand of {seat}"


def test_views_never_show_hidden_cards() -> None:
    for seed in range(12):
        options = {"variant": "perevodnoy", "transfer_by_showing_trump": True} if seed % 2 else {}
        for state, _seat, _code, _events in play_game(seed, seats=2 + seed % 4, options=options):
            check_views(state)


def test_public_view_contents() -> None:
    state = position(["6s 7s Kh", "8s 9d", "Ts Jd"], trump="Ah", attacker=A)
    view = state.public_view()
    assert view.variant == "blazen" and view.trump == "h" and view.stock == 0
    assert view.hand_sizes == {0: 3, 1: 2, 2: 2} and view.to_act == (A,)
    state = play(state, (A, "attack:6s"), (B, "take"))
    view = state.public_view()
    assert view.known[B] == ("6s",) and view.last_bout is not None
    assert view.last_bout["taken"] and view.hand_sizes[B] == 3
    player = state.view(C)
    assert player.hand == ("Jd", "Ts") and state.to_move == C  # B took: C attacks
    assert "attack:Ts" in player.legal and state.view(A).legal == ()
