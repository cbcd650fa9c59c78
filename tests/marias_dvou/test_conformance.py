"""The engine-contract conformance harness (tests/games/conformance.py) on the
unregistered variant, with an adapter saying where every card lies and who may
know it (the stock: nobody, but B's face-up card). The record round trip and the
registry's players wait for the registration."""

from __future__ import annotations

from typing import Any

import pytest

from games.cards import card_code, cards_of
from games.engine import Seat, Variant
from games.marias_dvou.state import DvouState, Phase
from games.marias_dvou.variant import DVOU
from games.players.random_player import RandomPlayer
from tests.games import conformance
from tests.games.conformance import Adapter, Table, option_sets, play_checked


def _locations(state: DvouState) -> dict[str, list[str]]:
    places = {f"hand{s}": [card_code(c) for c in cards_of(h)] for s, h in enumerate(state.hands)}
    places["stock"] = [card_code(c) for c in state.stock]
    places["trick"] = [card_code(c) for c in state.trick_cards]
    places["tricks"] = [card_code(c) for t in state.tricks for c in t.cards]
    return places


def _knowers(state: DvouState) -> dict[str, frozenset[Seat]]:
    hidden: dict[str, frozenset[Seat]] = {}
    for seat, hand in enumerate(state.hands):
        for c in cards_of(hand):
            hidden[card_code(c)] = frozenset((seat,))
    if state.phase is Phase.TRUMP:
        for c in state.dealt[0][4:]:
            hidden[card_code(c)] = frozenset()
    for c in state.stock:
        if c != state.turned_card:
            hidden[card_code(c)] = frozenset()
    return hidden


@pytest.fixture(autouse=True)
def _adapter_and_random_players(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(conformance.ADAPTERS, DVOU.id, Adapter(_locations, _knowers, True))
    monkeypatch.setattr(
        conformance, "players", lambda table, seed: [RandomPlayer() for _ in range(table.seats)]
    )


def _tables() -> list[Table]:
    variant: Variant = DVOU
    result = []
    for rules in ("A", "B", "C"):
        values: dict[str, Any] = {"dvou_variant": rules}
        result.append(Table(variant, values, 2, f"default{rules}"))
    for label, values in option_sets(variant, 4)[1:]:
        result.append(Table(variant, values, 2, label))
    return result


@pytest.mark.parametrize("table", _tables(), ids=str)
def test_self_play_keeps_the_contract_at_every_step(table: Table) -> None:
    for seed in range(8):
        deal = play_checked(table, seed)
        assert deal.final.is_over
