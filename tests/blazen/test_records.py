"""Golden records (tests/blazen/records): worked games replay with the outcome they expect."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from games.record import load_record, replay_match

RECORDS = sorted((Path(__file__).parent / "records").glob("*.json"))


def test_there_are_records() -> None:
    assert len(RECORDS) >= 5


@pytest.mark.parametrize("path", RECORDS, ids=[p.stem for p in RECORDS])
def test_record_replays_with_its_expectations(path: Path) -> None:
    record = load_record(path)
    result = replay_match(record)  # raises on a refused action or a failed expectation
    deals = result["deals"]
    assert all(d["over"] for d in deals)
    for before, after in itertools.pairwise(deals):
        assert before["summary"]["next_dealer"] == after["dealer"]
    for number, deal in enumerate(record.deals[1:], 1):
        opener = deals[number - 1]["summary"]["next_attacker"]
        # the setup's opener, or (records written before setups) the cards' "attacker"
        carried = (deal.cards or {}).get("attacker")
        given = (deal.setup or {}).get("opener", None if carried is None else int(carried[0]))
        assert given == opener
