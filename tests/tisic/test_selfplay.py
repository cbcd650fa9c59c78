"""Seeded self-play: 2,000 deals over 3 and 4 players with no exception; replays
of the seed and of ``dealt_cards`` equal live play; and the engine-contract
checks of ``tests/games/conformance.py`` with modest bidders (the registry-driven
suite plays Tisíc with its computer players too)."""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import dataclass
from typing import Any

from games.engine import Event, IllegalAction, Seat
from games.tisic.options import TisicOptions
from games.tisic.state import TisicState
from games.tisic.variant import TISIC
from tests.games.conformance import ADAPTERS, Adapter, Checker, Deal, Table
from tests.tisic.helpers import choose, choose_modest

VARIANTS: tuple[dict[str, Any], ...] = (
    {},
    {"storno_by_agreement": True, "show_talon": True},
    {"renonc_policy": "penalty", "follow_rule": "source_literal"},
    {"renonc_policy": "replay", "follow_rule": "pagat_1000", "first_lead": "p1"},
    {"bid_step": 5, "pass_is_final": False, "marriage_required_above_120": True},
    {"deal_pattern": "T2/10-10-10", "marriage_by": "declarer_only", "forfeit_allowed": False},
    {"deal_pattern": "2-2-2/2-2-2/2-2-2/T2/2-2-2/2-2-2", "marriage_min_completed_tricks": 0},
)


def _play(seed: int) -> tuple[TisicState, TisicState, list[tuple[Seat, str]], list[Any]]:
    options = TisicOptions(**VARIANTS[seed % len(VARIANTS)])
    seats = 4 if seed % 2 else 3
    initial = TISIC.new_deal(options, seats, {"dealer": seed % seats}, seed=seed)
    rng = random.Random(seed)
    pick = choose if seed % 4 == 0 else choose_modest
    state, log, events = initial, [], []
    while not state.is_over:
        seat = rng.choice(sorted(state.to_act()))
        action = pick(state, seat, rng)
        state, step = TISIC.apply(state, seat, action)
        log.append((seat, action.code))
        events.append(step)
    return initial, state, log, events


def _replay(state: TisicState, log: list[tuple[Seat, str]]) -> tuple[TisicState, list[Any]]:
    events = []
    for seat, code in log:
        state, step = TISIC.apply(state, seat, TISIC.parse_action(code))
        events.append(step)
    return state, events


def test_two_thousand_seeded_deals_play_through_and_replay() -> None:
    ends: Counter[str] = Counter()
    marriages = 0
    for seed in range(2000):
        initial, final, log, events = _play(seed)
        assert final.is_over and not final.to_act()
        outcome = final.outcome()
        assert len(outcome.scores) == final.seats
        json.dumps(outcome.summary)
        ends[str(final.end)] += 1
        marriages += len(final.marriages)
        if seed % 10 == 0:  # §13.12: the seed, and the dealt cards, replay the deal
            options, seats = final.options, final.seats
            setup = TISIC.setup_of(initial)
            again = TISIC.new_deal(options, seats, setup, seed=seed)
            assert again == initial
            replayed, replayed_events = _replay(again, log)
            assert replayed == final and replayed_events == events
            cards = TISIC.dealt_cards(initial)
            explicit = TISIC.new_deal(options, seats, setup, cards=cards)
            replayed, replayed_events = _replay(explicit, log)
            assert replayed_events == events and replayed.outcome() == outcome
            assert replayed.public_view() == final.public_view()
            assert all(replayed.view(s) == final.view(s) for s in range(seats))
    assert set(ends) == {"played", "forfeit", "storno", "renonc", "redeal"}
    assert ends["played"] > 1000 and marriages > 300


# --- the conformance checks, with a Tisíc adapter kept here -----------------------


@dataclass(frozen=True)
class TisicTable(Table):
    """A conformance table for Tisíc, with its adapter."""

    @property
    def adapter(self) -> Adapter | None:
        return ADAPTERS["tisic"]


def test_conformance_checks_at_every_step() -> None:
    """What the registered games get from tests/games/test_conformance.py: whose
    turn, codes that round-trip, refusals, conservation, no leaks, the outcome."""
    played = 0
    for seed in range(140):
        values = VARIANTS[seed % len(VARIANTS)]
        seats = 4 if seed % 2 else 3
        table = TisicTable(TISIC, values, seats, f"v{seed % len(VARIANTS)}")
        initial = TISIC.new_deal(table.options, seats, {"dealer": seed % seats}, seed=seed)
        deal = Deal(table, seed, seed % seats, None, initial)
        checker = Checker(deal)
        rng = random.Random(seed)
        pick = choose if seed % 4 == 0 else choose_modest
        state = initial
        checker.step(state, (), 0)
        last = None
        while not state.is_over:
            seat = rng.choice(sorted(state.to_act()))
            action = pick(state, seat, rng)
            checker.same_action(state, seat, action, apply=True)
            checker.refusals(state, action)
            state, events = TISIC.apply(state, seat, action)
            deal.log.append((seat, action.code))
            deal.events.append(events)
            checker.step(state, events, len(deal.log))
            last = action
        assert last is not None
        for seat in range(seats):
            try:
                TISIC.apply(state, seat, last)
            except IllegalAction:
                continue
            raise AssertionError(f"seat {seat} could still play {last.code} after the end")
        played += 1
    assert played == 140


def test_events_say_who_may_see_them() -> None:
    initial, final, _log, events = _play(1)
    flat: list[Event] = [e for step in events for e in step]
    private = {e.kind for e in flat if e.visible_to is not None}
    assert private <= {"talon_cards", "discards"}
    assert any(e.kind == "deal_over" and e.visible_to is None for e in flat)
    assert initial.version == 0 and final.version == len(events)
