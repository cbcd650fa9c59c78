"""Computer moves off the event loop: worker processes, a bound, a cap, the same moves."""

from __future__ import annotations

import asyncio
import random

import pytest

from bot.thinking import FALLBACK, Thinker, decide
from games.registry import REGISTRY
from tests.bot.harness import Harness, Player, open_table, play_deal
from tests.fakes import FakeChat, FakeTelegram, FakeUser


def _positions(variant_id: str, count: int) -> list[tuple[object, list[str], int]]:
    """Decisions from seeded random play of one variant: (view, legal codes, seat)."""
    entry = next(e for e in REGISTRY if e.variant.id == variant_id)
    variant = entry.variant
    rng = random.Random(7)
    found = []
    seed = 0
    while len(found) < count:
        seats = (
            max(variant.min_seats, 3)
            if variant.min_seats <= 3 <= variant.max_seats
            else variant.min_seats
        )
        state = variant.new_deal(variant.options(), seats, {"dealer": 0}, seed=seed)
        seed += 1
        while not state.is_over and len(found) < count:
            seat = min(state.to_act())
            legal = list(state.legal_actions(seat))
            if rng.random() < 0.3:
                found.append((state.view(seat), [a.code for a in legal], seat))
            state, _ = variant.apply(state, seat, rng.choice(legal))
    return found


@pytest.fixture(scope="module")
def pool() -> Thinker:
    thinker = Thinker(1, cap=60.0)
    yield thinker  # type: ignore[misc]
    thinker.close()


@pytest.mark.parametrize("variant_id", [e.variant.id for e in REGISTRY])
async def test_a_worker_decides_what_the_loop_would(pool: Thinker, variant_id: str) -> None:
    """Views travel to the worker whole, and the seed makes the move: every game."""
    for number, (view, codes, seat) in enumerate(_positions(variant_id, 6)):
        here = decide(variant_id, FALLBACK, view, codes, seat, number)
        there = await pool.choose(variant_id, FALLBACK, view, codes, seat, number)
        assert there == here and here in codes
    assert pool.fallbacks == 0


async def test_a_full_pool_degrades_to_the_rule_player_at_once() -> None:
    view, codes, seat = _positions("marias-voleny", 1)[0]
    thinker = Thinker(1, cap=60.0)
    try:
        thinker.busy = thinker.limit  # as if two decisions were still running
        code = await thinker.choose("marias-voleny", "strong", view, codes, seat, 3)
        assert code == decide("marias-voleny", FALLBACK, view, codes, seat, 3)
        assert thinker.fallbacks == 1 and thinker._pool is None  # no worker was even started
    finally:
        thinker.close()


async def test_a_decision_over_the_cap_is_the_rule_players() -> None:
    view, codes, seat = _positions("blazen", 1)[0]
    thinker = Thinker(1, cap=0.001)  # a fresh worker cannot even start that fast
    try:
        code = await thinker.choose("blazen", FALLBACK, view, codes, seat, 5)
        assert code == decide("blazen", FALLBACK, view, codes, seat, 5)
        assert thinker.fallbacks == 1 and thinker.busy == 0
    finally:
        thinker.close()


async def test_the_loop_stays_free_while_a_worker_thinks(pool: Thinker) -> None:
    view, codes, seat = _positions("cenzr", 1)[0]
    ticks = 0

    async def ticking() -> None:
        nonlocal ticks
        while True:
            ticks += 1
            await asyncio.sleep(0)

    ticker = asyncio.create_task(ticking())
    try:
        for number in range(5):
            await pool.choose("cenzr", FALLBACK, view, codes, seat, number)
    finally:
        ticker.cancel()
    assert ticks > 5  # the loop ran other work while the decisions were made elsewhere


async def test_computer_seats_play_from_worker_processes(
    bot: Harness, server: FakeTelegram, pub: FakeChat, jana: FakeUser
) -> None:
    await bot.restart(computer_workers=1)
    live = await open_table(bot, pub, [jana], computers=2)
    await play_deal(bot, pub, [Player(jana)])
    assert "Konec rozdání" in server.bot_messages(pub)[-1].text
    logged = await bot.services.store.deals.list_actions(live.deal.id)  # type: ignore[union-attr]
    assert any(a.source == "computer" for a in logged)
    assert bot.services.driver.thinker.workers == 1
