"""The engine-contract conformance harness (tests/games/conformance.py) on the
unregistered variant: every step of seeded self-play checked (whose turn, legal
actions and refusals, action codes, leaks judged from the views, the outcome).
The record round trip and the registry's players wait for the registration."""

from __future__ import annotations

import pytest

from games.engine import Variant
from games.marias_licit.variant import LICITOVANY
from games.players.random_player import RandomPlayer
from tests.games import conformance
from tests.games.conformance import Table, option_sets, play_checked


@pytest.fixture(autouse=True)
def _random_players(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(
        conformance, "players", lambda table, seed: [RandomPlayer() for _ in range(table.seats)]
    )


def _tables() -> list[Table]:
    variant: Variant = LICITOVANY
    result = []
    for label, values in option_sets(variant, 4):
        for seats in (3, 4):
            result.append(Table(variant, values, seats, label))
    return result


@pytest.mark.parametrize("table", _tables(), ids=str)
def test_self_play_keeps_the_contract_at_every_step(table: Table) -> None:
    for seed in range(12):
        deal = play_checked(table, seed)
        assert deal.final.is_over
