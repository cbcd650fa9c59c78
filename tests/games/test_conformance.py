"""One conformance suite for every registered variant (issue 8 item 6).

Each table (a variant of ``games.registry.VARIANTS``, an option set, a seat
count from its ``seat_range``) plays seeded deals between random-legal
players; ``tests/games/conformance.py`` checks the engine contract after every
step and replays each deal from its seed, its dealt cards and a JSON record.
A newly registered variant gets every check by registering; an entry in
``conformance.ADAPTERS`` adds card conservation, the knower-based leak check
and the zero-sum check.
"""

from __future__ import annotations

import os
from typing import Any

import pytest

from games.engine import Variant
from games.registry import VARIANTS, find_variant
from tests.games.conformance import (
    ADAPTERS,
    STUCK_DEALS,
    Table,
    finishes,
    play_table,
    tables,
)

SCALE = int(os.environ.get("KARBAN_CONFORMANCE_SCALE", "1"))
"""Multiplies every deal count and budget: ``KARBAN_CONFORMANCE_SCALE=20`` for a soak."""
MIXED_SETS = 3
"""Option sets drawn from each options class' ``choices()``, besides the defaults."""
DEFAULT = {"least": 8 * SCALE, "most": 40 * SCALE, "budget": 9000 * SCALE}
MIXED = {"least": 3 * SCALE, "most": 10 * SCALE, "budget": 3000 * SCALE}
"""Deals per table: see ``play_table`` (work = actions x (seats + 1) views)."""

TABLES = [t for v in VARIANTS for t in tables(v, MIXED_SETS)]


@pytest.mark.parametrize("table", TABLES, ids=str)
def test_self_play_keeps_the_contract_at_every_step(table: Table) -> None:
    deals = play_table(table, **(DEFAULT if table.label == "default" else MIXED))
    assert all(d.final.is_over for d in deals)


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: v.id)
def test_every_variant_is_conformance_tested(variant: Variant) -> None:
    """Every seat count of the defaults is played; the adapter table names only
    registered variants (a stale entry would silently test nothing)."""
    low, high = variant.seat_range(variant.options())
    played = {t.seats for t in TABLES if t.variant is variant and t.label == "default"}
    assert low <= high and played == set(range(low, high + 1))
    assert set(ADAPTERS) <= {v.id for v in VARIANTS}


@pytest.mark.parametrize(("variant_id", "values", "seats", "seed"), STUCK_DEALS)
def test_rule_players_finish_the_deals_a_soak_found_stuck(
    variant_id: str, values: dict[str, Any], seats: int, seed: int
) -> None:
    assert finishes(find_variant(variant_id), values, seats, seed)
