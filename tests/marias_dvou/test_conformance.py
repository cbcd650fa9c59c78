"""The engine-contract conformance harness (tests/games/conformance.py) on the
variant's three rule sets and random house rules, with random players; the
adapter (in the shared file) says where every card lies and who may know it."""

from __future__ import annotations

from typing import Any

import pytest

from games.engine import Variant
from games.marias_dvou.variant import DVOU
from games.players.random_player import RandomPlayer
from tests.games import conformance
from tests.games.conformance import Table, option_sets, play_checked


@pytest.fixture(autouse=True)
def _random_players(monkeypatch: pytest.MonkeyPatch) -> None:
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
