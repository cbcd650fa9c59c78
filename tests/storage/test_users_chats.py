"""Users (profile cache, DM permission) and chat settings."""

from __future__ import annotations

import dataclasses

import pytest

from storage import Chat, NotFound, Store, User


async def test_upsert_creates_then_updates_and_keeps_dm_flag(store: Store) -> None:
    assert await store.users.get(1) is None
    created = await store.users.upsert(1, "Jan", "honza", "cs")
    assert created == User(1, "Jan", "honza", "cs", dm_open=False)

    opened = await store.users.mark_dm_open(1, True)
    assert opened.dm_open is True

    renamed = await store.users.upsert(1, "Jan Novák", None, "en")
    assert renamed == User(1, "Jan Novák", None, "en", dm_open=True)
    assert await store.users.get(1) == renamed

    closed = await store.users.mark_dm_open(1, False)
    assert closed.dm_open is False
    assert (await store.users.get(1)) == closed


async def test_mark_dm_open_of_unknown_user_is_not_found(store: Store) -> None:
    with pytest.raises(NotFound) as info:
        await store.users.mark_dm_open(404, True)
    assert info.value.code == "not_found"


async def test_users_are_frozen(store: Store) -> None:
    user = await store.users.upsert(1, "Jan")
    with pytest.raises(dataclasses.FrozenInstanceError):
        user.first_name = "X"  # type: ignore[misc]


async def test_chat_language_defaults_to_czech_and_can_change(store: Store) -> None:
    assert await store.chats.get(-1) == Chat(-1, "cs")
    assert await store.chats.set_language(-1, "en") == Chat(-1, "en")
    assert await store.chats.get(-1) == Chat(-1, "en")
    assert await store.chats.set_language(-1, "cs") == Chat(-1, "cs")
    assert await store.chats.get(-2) == Chat(-2, "cs")


async def test_unknown_language_is_a_value_error(store: Store) -> None:
    with pytest.raises(ValueError, match="unsupported language"):
        await store.chats.set_language(-1, "de")
    assert await store.chats.get(-1) == Chat(-1, "cs")
