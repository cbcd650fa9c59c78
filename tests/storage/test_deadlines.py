"""Deadlines: at most one per table, listed soonest first, cleared with the table."""

from __future__ import annotations

import pytest

from storage import Deadline, NotFound, Store, WrongStatus
from tests.storage.helpers import ALICE, CHAT, playing_game


async def test_set_replaces_and_clear_removes(store: Store) -> None:
    game = await playing_game(store)
    tid, v = game.table.id, game.table.version
    assert await store.deadlines.get(tid) is None
    first = await store.deadlines.set(tid, seat=1, kind="reminder", due_at=1000.0, version=v)
    assert first == Deadline(tid, 1, "reminder", 1000.0, v)
    second = await store.deadlines.set(tid, seat=1, kind="turn", due_at=1030, version=v)
    assert second == Deadline(tid, 1, "turn", 1030.0, v)
    assert await store.deadlines.get(tid) == second
    assert await store.deadlines.list_all() == [second]
    assert await store.deadlines.clear(tid) is True
    assert await store.deadlines.clear(tid) is False
    assert await store.deadlines.list_all() == []


async def test_list_all_is_soonest_first(store: Store) -> None:
    games = [await playing_game(store, chat_id=CHAT - i) for i in range(3)]
    for game, due in zip(games, (300.0, 100.0, 200.0), strict=True):
        await store.deadlines.set(game.table.id, seat=0, kind="turn", due_at=due, version=9)
    assert [d.due_at for d in await store.deadlines.list_all()] == [100.0, 200.0, 300.0]


async def test_ending_a_table_clears_its_deadline(store: Store) -> None:
    game = await playing_game(store)
    await store.deadlines.set(game.table.id, seat=0, kind="turn", due_at=5.0, version=1)
    await store.tables.set_status(game.table.id, "stopped")
    assert await store.deadlines.get(game.table.id) is None
    with pytest.raises(WrongStatus):
        await store.deadlines.set(game.table.id, seat=0, kind="turn", due_at=6.0, version=1)


async def test_deadline_needs_a_known_table_and_sane_values(store: Store) -> None:
    with pytest.raises(NotFound):
        await store.deadlines.set(999, seat=0, kind="turn", due_at=1.0, version=0)
    table = await store.tables.create(CHAT, "blazen", {}, ALICE)
    with pytest.raises(ValueError):
        await store.deadlines.set(table.id, seat=0, kind="", due_at=1.0, version=0)
    with pytest.raises(ValueError):
        await store.deadlines.set(table.id, seat=-1, kind="turn", due_at=1.0, version=0)
