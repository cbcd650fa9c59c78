"""The engine-contract conformance harness (tests/games/conformance.py) on křížový,
before it is registered: random-legal players stand in for the registry's."""

from __future__ import annotations

import pytest

from games import record
from games.marias_krizovy.variant import KRIZOVY
from games.players.random_player import RandomPlayer
from tests.games import conformance


@pytest.mark.parametrize("seats", [4, 5])
def test_conformance_harness(seats: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(conformance, "make_player", lambda name, variant_id: RandomPlayer())
    original = record.find_variant  # type: ignore[attr-defined]
    monkeypatch.setattr(
        record,
        "find_variant",
        lambda name: KRIZOVY if name == KRIZOVY.id else original(name),
    )
    table = conformance.Table(KRIZOVY, {}, seats, "default")
    deals = conformance.play_table(table, least=30, most=60, budget=40_000)
    assert len(deals) >= 30
