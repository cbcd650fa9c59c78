"""The engine-contract conformance harness (tests/games/conformance.py) on křížový,
before it is registered: random-legal players stand in for the registry's."""

from __future__ import annotations

import pytest

from games import record
from games.marias_krizovy.variant import KRIZOVY
from games.players.random_player import RandomPlayer
from tests.games import conformance

TABLES = conformance.tables(KRIZOVY, 3)


@pytest.mark.parametrize("table", TABLES, ids=[f"{t.label}-{t.seats}" for t in TABLES])
def test_conformance_harness(table: conformance.Table, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(conformance, "make_player", lambda name, variant_id: RandomPlayer())
    original = record.find_variant  # type: ignore[attr-defined]
    monkeypatch.setattr(
        record,
        "find_variant",
        lambda name: KRIZOVY if name == KRIZOVY.id else original(name),
    )
    deals = conformance.play_table(table, least=20, most=40, budget=30_000)
    assert len(deals) >= 20
