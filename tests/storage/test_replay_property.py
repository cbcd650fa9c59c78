"""Property: any sequence of appends (across deals and restarts) replays back identically."""

from __future__ import annotations

import asyncio
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from storage import Store
from tests.storage.helpers import playing_game

codes = st.text(
    alphabet=st.characters(exclude_categories=("C", "Z")) | st.just(" "),
    min_size=1,
    max_size=20,
).filter(lambda c: len(c.encode("utf-8")) <= 64)

append = st.tuples(
    st.just("append"),
    st.integers(0, 2),
    codes,
    st.sampled_from(["player", "computer", "timeout"]),
    st.none() | st.floats(0, 2e9, allow_nan=False),
)
step = append | st.just(("new_deal",)) | st.just(("restart",))


async def scenario(path: Path, steps: list[tuple[Any, ...]]) -> None:
    store = await Store.open(path)
    try:
        game = await playing_game(store)
        tid, deal_id, version = game.table.id, game.deal.id, game.table.version
        expected: dict[int, list[tuple[Any, ...]]] = {deal_id: []}
        for s in steps:
            if s[0] == "append":
                _, seat, code, source, at = s
                entry = await store.deals.append_action(
                    tid, deal_id, seat, code, source, version, at=at
                )
                version += 1
                expected[deal_id].append((seat, code, source, version, at))
                assert entry.index == len(expected[deal_id]) - 1
            elif s[0] == "new_deal":
                await store.deals.finish_deal(deal_id, {"actions": len(expected[deal_id])})
                deal = await store.deals.start_deal(tid, len(expected), 0, seed=len(expected))
                deal_id = deal.id
                expected[deal_id] = []
            else:
                await store.close()
                store = await Store.open(path)

        await store.close()
        store = await Store.open(path)
        for did, log in expected.items():
            replayed = await store.deals.list_actions(did)
            assert [a.index for a in replayed] == list(range(len(log)))
            assert [(a.seat, a.code, a.source, a.version, a.at) for a in replayed] == log
        assert (await store.tables.get(tid)).version == version  # type: ignore[union-attr]
    finally:
        await store.close()


@settings(max_examples=40, deadline=None)
@given(st.lists(step, max_size=25))
def test_any_sequence_of_appends_replays_identically(steps: list[tuple[Any, ...]]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        asyncio.run(scenario(Path(folder) / "karban.sqlite3", steps))
