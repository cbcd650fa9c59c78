"""Message digests (migration 0002): what each kept message shows, across a reopen."""

from __future__ import annotations

from pathlib import Path

from storage import Store
from tests.storage.helpers import ALICE, seated_table


async def test_digests_are_kept_with_message_ids_and_survive_a_reopen(
    store: Store, db_path: Path
) -> None:
    table = await seated_table(store)
    await store.tables.set_message(table.id, "group", 100)
    await store.tables.set_message(table.id, "group", 100, "abc")
    await store.tables.set_message(table.id, f"hand:{ALICE}", 7, "def")
    assert await store.tables.get_shown(table.id) == {
        "group": (100, "abc"),
        f"hand:{ALICE}": (7, "def"),
    }
    await store.tables.set_digests([(table.id, "group", 100, "abd"), (table.id, "nope", 1, "x")])
    assert (await store.tables.get_shown(table.id))["group"] == (100, "abd")
    await store.tables.set_message(table.id, "group", 101)  # a new message: digest unknown
    await store.tables.set_digests([(table.id, "group", 100, "old")])  # for the old message
    await store.close()
    reopened = await Store.open(db_path)
    try:
        assert await reopened.tables.get_shown(table.id) == {
            "group": (101, None),
            f"hand:{ALICE}": (7, "def"),
        }
        assert await reopened.tables.get_messages(table.id) == {"group": 101, f"hand:{ALICE}": 7}
    finally:
        await reopened.close()
