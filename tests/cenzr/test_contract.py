"""The engine contract, checked step by step with the shared conformance checker.

The registry-driven suite (tests/games/test_conformance.py) plays Cenzr with
its computer players; this plays seeded deals with a caller who calls more
often than a random player would, through ``tests.games.conformance.Checker``
with cenzr's adapter, and replays each from its seed and from its dealt cards.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest

from games.cenzr.options import CenzrOptions
from games.cenzr.state import Phase
from games.cenzr.variant import CENZR
from tests.games.conformance import (
    ADAPTERS,
    MAX_STEPS,
    Adapter,
    Checker,
    Deal,
    Table,
    new_deal,
    option_sets,
)


@dataclass(frozen=True)
class CenzrTable(Table):
    @property
    def adapter(self) -> Adapter:
        return ADAPTERS["cenzr"]


TABLES = [
    CenzrTable(CENZR, values, seats, label)
    for label, values in option_sets(CENZR, 3)
    for seats in (4, 5, 6)
]


def _play(table: Table, seed: int) -> Deal:
    deal = new_deal(table, seed)
    checker = Checker(deal)
    rng = random.Random(seed)
    state = deal.initial
    legal = checker.step(state, (), 0)
    while not state.is_over:
        if len(deal.log) >= MAX_STEPS:
            deal.fail("no end")
        seat = rng.choice(sorted(state.to_act()))
        actions = legal[seat]
        if state.phase is Phase.CALL and rng.random() < 0.7:
            action = [a for a in actions if a.code != "pass"][rng.randrange(32)]
        else:
            action = actions[rng.randrange(len(actions))]
        checker.same_action(state, seat, action, apply=True)
        checker.refusals(state, action)
        state, events = CENZR.apply(state, seat, action)
        deal.log.append((seat, action.code))
        deal.events.append(events)
        legal = checker.step(state, events, len(deal.log))
    deal.final = state
    return deal


@pytest.mark.parametrize("table", TABLES, ids=str)
def test_seeded_self_play_keeps_the_contract(table: Table) -> None:
    for seed in range(6 if table.label == "default" else 3):
        deal = _play(table, seed)
        again = CENZR.new_deal(table.options, table.seats, deal.dealer, seed=seed)
        assert again == deal.initial
        for start in (again, CENZR.new_deal(table.options, table.seats, deal.dealer,
                                            cards=CENZR.dealt_cards(again))):  # fmt: skip
            state = start
            for seat, code in deal.log:
                state, _ = CENZR.apply(state, seat, CENZR.parse_action(code))
            assert state.outcome() == deal.final.outcome()
        assert CENZR.setup_of(deal.final) == {"dealer": deal.dealer}


def test_the_option_sets_are_valid() -> None:
    for _label, values in option_sets(CENZR, 3):
        assert CENZR.seat_range(CenzrOptions.from_dict(values)) == (4, 6)
