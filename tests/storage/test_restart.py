"""A restart: write everything, close, reopen the file, read it all back."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from storage import Store
from tests.storage.helpers import ALICE, BOB, CHAT, playing_game


async def snapshot(store: Store, table_id: int, match_id: int) -> dict[str, Any]:
    """Everything the bot would read back at start-up, as plain values."""
    deals = await store.deals.list_deals(match_id)
    return {
        "users": [await store.users.get(u) for u in (ALICE, BOB)],
        "chat": await store.chats.get(CHAT),
        "live": await store.tables.list_live(),
        "table": await store.tables.get(table_id),
        "messages": await store.tables.get_messages(table_id),
        "match": await store.matches.current_match(table_id),
        "deals": deals,
        "current": await store.deals.current_deal(table_id),
        "actions": [await store.deals.list_actions(d.id) for d in deals],
        "tally": await store.scores.tally(CHAT),
        "deadlines": await store.deadlines.list_all(),
    }


async def test_everything_survives_close_and_reopen(db_path: Path) -> None:
    store = await Store.open(db_path)
    await store.users.upsert(ALICE, "Alice", "alice", "cs")
    await store.users.upsert(BOB, "Bob", None, "en")
    await store.users.mark_dm_open(ALICE, True)
    await store.chats.set_language(CHAT, "en")
    game = await playing_game(store)
    tid, version = game.table.id, game.table.version
    await store.tables.set_message(tid, "group", 555)
    await store.tables.set_message(tid, f"hand:{ALICE}", 77)

    for i, code in enumerate(["flek:hra", "play:Th", "play:Ac"]):
        await store.deals.append_action(tid, game.deal.id, i % 3, code, "player", version, at=i)
        version += 1
    await store.deals.finish_deal(
        game.deal.id, {"won": 0}, [2, -1, -1], match_state={"totals": [2, -1, -1]}
    )
    second = await store.deals.start_deal(tid, 1, 1, cards={"hands": [["7s"], [], []]})
    await store.deals.append_action(tid, second.id, 1, "bid:sedma", "computer", version)
    await store.deadlines.set(tid, seat=2, kind="turn", due_at=1234.5, version=version + 1)

    before = await snapshot(store, tid, game.match.id)
    await store.close()

    reopened = await Store.open(db_path)
    try:
        assert reopened.db.applied_on_open == ()
        after = await snapshot(reopened, tid, game.match.id)
        assert after == before
        # Spot checks, so a snapshot of Nones could not pass.
        assert after["table"].language == "en"
        assert after["table"].version == version + 1
        assert after["current"].id == second.id
        assert [a.code for a in after["actions"][0]] == ["flek:hra", "play:Th", "play:Ac"]
        assert after["actions"][1][0].source == "computer"
        assert after["deadlines"][0].due_at == 1234.5
        assert after["users"][0].dm_open is True
        assert after["tally"][0].total == 2
        # And the log keeps going where it stopped.
        nxt = await reopened.deals.append_action(tid, second.id, 2, "pass", "timeout", version + 1)
        assert (nxt.index, nxt.version) == (1, version + 2)
    finally:
        await reopened.close()
