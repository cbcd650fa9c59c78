"""Tables: creation, the one-live-table rule, options, status, language, messages."""

from __future__ import annotations

import pytest

from storage import LiveTableExists, NotFound, StaleVersion, Store, WrongStatus
from tests.storage.helpers import ALICE, CHAT


async def test_create_starts_in_lobby_at_version_zero(store: Store) -> None:
    table = await store.tables.create(CHAT, "marias-voleny", {"flek": True}, ALICE, at=10.5)
    assert table.chat_id == CHAT
    assert table.variant_id == "marias-voleny"
    assert table.options == {"flek": True}
    assert table.creator_id == ALICE
    assert (table.status, table.version, table.seats) == ("lobby", 0, ())
    assert table.language == "cs"
    assert table.created_at == 10.5
    assert table.is_live
    assert len(table.join_token) >= 16
    assert await store.tables.get(table.id) == table
    assert await store.tables.get_live(CHAT) == table
    assert await store.tables.get_by_token(table.join_token) == table


async def test_options_are_immutable_copies(store: Store) -> None:
    table = await store.tables.create(CHAT, "blazen", {"a": [1, 2]}, ALICE)
    table.options["a"].append(3)
    assert table.options == {"a": [1, 2]}
    assert hash(table) == hash(await store.tables.get(table.id))


async def test_language_comes_from_the_chat_unless_given(store: Store) -> None:
    await store.chats.set_language(CHAT, "en")
    table = await store.tables.create(CHAT, "blazen", {}, ALICE)
    assert table.language == "en"
    other = await store.tables.create(-5, "blazen", {}, ALICE, language="en")
    assert other.language == "en"
    changed = await store.tables.set_language(other.id, "cs")
    assert (changed.language, changed.version) == ("cs", other.version)  # no bump
    with pytest.raises(ValueError):
        await store.tables.create(-6, "blazen", {}, ALICE, language="xx")


async def test_second_live_table_in_a_chat_is_refused(store: Store) -> None:
    first = await store.tables.create(CHAT, "blazen", {}, ALICE)
    with pytest.raises(LiveTableExists) as info:
        await store.tables.create(CHAT, "cenzr", {}, ALICE)
    assert (info.value.code, info.value.chat_id, info.value.table_id) == (
        "live_table_exists",
        CHAT,
        first.id,
    )
    other_chat = await store.tables.create(CHAT - 1, "cenzr", {}, ALICE)
    assert await store.tables.list_live() == [first, other_chat]


async def test_live_rule_is_enforced_by_the_schema_too(store: Store) -> None:
    import sqlite3

    await store.tables.create(CHAT, "blazen", {}, ALICE)
    with pytest.raises(sqlite3.IntegrityError, match="UNIQUE"):
        async with store.db.transaction() as conn:
            await conn.execute(
                "INSERT INTO tables (chat_id, variant_id, options_json, creator_id, language,"
                " join_token) VALUES (?, 'x', '{}', 1, 'cs', 'tok')",
                (CHAT,),
            )


async def test_a_finished_or_stopped_table_frees_the_chat(store: Store) -> None:
    first = await store.tables.create(CHAT, "blazen", {}, ALICE)
    stopped = await store.tables.set_status(first.id, "stopped")
    assert not stopped.is_live
    assert await store.tables.get_live(CHAT) is None
    second = await store.tables.create(CHAT, "blazen", {}, ALICE)
    await store.tables.set_status(second.id, "playing")
    finished = await store.tables.set_status(second.id, "finished")
    third = await store.tables.create(CHAT, "blazen", {}, ALICE)
    assert await store.tables.get_live(CHAT) == third
    assert await store.tables.list_live() == [third]
    # History stays readable, by id and by token.
    assert await store.tables.get(first.id) == stopped
    assert await store.tables.get_by_token(finished.join_token) == finished


async def test_status_moves_forward_only_and_bumps_version(store: Store) -> None:
    table = await store.tables.create(CHAT, "blazen", {}, ALICE)
    with pytest.raises(WrongStatus):
        await store.tables.set_status(table.id, "finished")
    playing = await store.tables.set_status(table.id, "playing", expected_version=0)
    assert (playing.status, playing.version) == ("playing", 1)
    for bad in ("lobby", "playing"):
        with pytest.raises(WrongStatus):
            await store.tables.set_status(table.id, bad)
    done = await store.tables.set_status(table.id, "finished")
    assert (done.status, done.version) == ("finished", 2)
    with pytest.raises(WrongStatus):
        await store.tables.set_status(table.id, "stopped")
    with pytest.raises(ValueError):
        await store.tables.set_status(table.id, "paused")  # type: ignore[arg-type]


async def test_stale_expected_version_changes_nothing(store: Store) -> None:
    table = await store.tables.create(CHAT, "blazen", {"x": 1}, ALICE)
    with pytest.raises(StaleVersion) as info:
        await store.tables.update_options(table.id, {"x": 2}, expected_version=5)
    assert (info.value.expected, info.value.actual) == (5, 0)
    with pytest.raises(StaleVersion):
        await store.tables.set_status(table.id, "playing", expected_version=1)
    assert await store.tables.get(table.id) == table


async def test_update_options_only_in_lobby(store: Store) -> None:
    table = await store.tables.create(CHAT, "blazen", {"x": 1}, ALICE)
    updated = await store.tables.update_options(table.id, {"x": 2, "y": "ž"}, expected_version=0)
    assert (updated.options, updated.version) == ({"x": 2, "y": "ž"}, 1)
    await store.tables.set_status(table.id, "playing")
    with pytest.raises(WrongStatus) as info:
        await store.tables.update_options(table.id, {"x": 3})
    assert info.value.status == "playing"
    assert (await store.tables.get(table.id)).options == {"x": 2, "y": "ž"}  # type: ignore[union-attr]


async def test_unknown_table_is_none_or_not_found(store: Store) -> None:
    assert await store.tables.get(999) is None
    assert await store.tables.get_live(CHAT) is None
    assert await store.tables.get_by_token("nope") is None
    with pytest.raises(NotFound):
        await store.tables.set_status(999, "playing")
    with pytest.raises(NotFound):
        await store.tables.set_message(999, "group", 1)


async def test_message_ids_are_a_small_key_value_store(store: Store) -> None:
    table = await store.tables.create(CHAT, "blazen", {}, ALICE)
    assert await store.tables.get_messages(table.id) == {}
    await store.tables.set_message(table.id, "group", 100)
    await store.tables.set_message(table.id, f"hand:{ALICE}", 7)
    await store.tables.set_message(table.id, "group", 101)
    assert await store.tables.get_messages(table.id) == {"group": 101, f"hand:{ALICE}": 7}
    await store.tables.delete_message(table.id, f"hand:{ALICE}")
    await store.tables.delete_message(table.id, "absent")
    assert await store.tables.get_messages(table.id) == {"group": 101}
    assert (await store.tables.get(table.id)).version == 0  # type: ignore[union-attr]


async def test_join_tokens_are_distinct_and_can_be_given(store: Store) -> None:
    a = await store.tables.create(1, "blazen", {}, ALICE)
    b = await store.tables.create(2, "blazen", {}, ALICE)
    c = await store.tables.create(3, "blazen", {}, ALICE, join_token="fixed_token")
    assert a.join_token != b.join_token
    assert c.join_token == "fixed_token"
    assert await store.tables.get_by_token("fixed_token") == c
    with pytest.raises(ValueError, match="in use"):
        await store.tables.create(4, "blazen", {}, ALICE, join_token="fixed_token")
    assert await store.tables.get_live(4) is None
