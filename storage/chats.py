"""Per-chat settings: for now the language the bot speaks in a chat.

A chat with no row simply has the defaults, so the bot never has to
"register" a chat before reading its language.
"""

from __future__ import annotations

from dataclasses import dataclass

import aiosqlite

from storage._common import fetch_all, fetch_one
from storage.db import Database
from storage.errors import LiveTableExists

LANGUAGES: tuple[str, ...] = ("cs", "en")
"""Languages the bot has texts for; the first is the default."""

DEFAULT_LANGUAGE = LANGUAGES[0]


def check_language(language: str) -> str:
    """Return ``language`` if the bot speaks it, else raise ``ValueError``."""
    if language not in LANGUAGES:
        raise ValueError(f"unsupported language {language!r}; expected one of {LANGUAGES}")
    return language


@dataclass(frozen=True, slots=True)
class Chat:
    """A Telegram chat's settings."""

    id: int
    language: str = DEFAULT_LANGUAGE


async def ensure_chat(conn: aiosqlite.Connection, chat_id: int) -> None:
    """Give the chat a row (with defaults) if it has none; for foreign keys."""
    await conn.execute("INSERT INTO chats (chat_id) VALUES (?) ON CONFLICT DO NOTHING", (chat_id,))


async def chat_language(conn: aiosqlite.Connection, chat_id: int) -> str:
    """The chat's language, or the default."""
    row = await fetch_one(conn, "SELECT language FROM chats WHERE chat_id = ?", (chat_id,))
    return DEFAULT_LANGUAGE if row is None else str(row["language"])


class ChatsRepository:
    """Reads and writes chat settings."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def get(self, chat_id: int) -> Chat:
        """The chat's settings; defaults for a chat never configured."""
        async with self._db.read() as conn:
            return Chat(chat_id, await chat_language(conn, chat_id))

    async def set_language(self, chat_id: int, language: str) -> Chat:
        """Set the chat's language (``cs`` or ``en``). Live tables keep their own."""
        check_language(language)
        async with self._db.transaction() as conn:
            await conn.execute(
                "INSERT INTO chats (chat_id, language) VALUES (?, ?)"
                " ON CONFLICT (chat_id) DO UPDATE SET language = excluded.language",
                (chat_id, language),
            )
        return Chat(chat_id, language)

    async def migrate(self, old: int, new: int) -> list[int]:
        """Move everything of chat ``old`` to ``new``: Telegram upgraded the group.

        A group that becomes a supergroup gets a new chat id; its settings,
        its tables (live and past) and its all-time tally move along, in one
        transaction. The messages the bot kept in the old chat cannot be
        edited from the new one, so they are forgotten (direct-chat hands
        stay). Idempotent: a second call finds nothing left to move. Returns
        the ids of the tables that moved. ``LiveTableExists`` if both chats
        have a live table (the caller ends one first).
        """
        if old == new:
            return []
        async with self._db.transaction() as conn:
            live = (
                "SELECT table_id FROM tables WHERE chat_id = ? AND status IN ('lobby', 'playing')"
            )
            here, there = await fetch_one(conn, live, (old,)), await fetch_one(conn, live, (new,))
            if here is not None and there is not None:
                raise LiveTableExists(new, there["table_id"])
            moved = [
                int(r["table_id"])
                for r in await fetch_all(
                    conn, "SELECT table_id FROM tables WHERE chat_id = ? ORDER BY table_id", (old,)
                )
            ]
            row = await fetch_one(conn, "SELECT language FROM chats WHERE chat_id = ?", (old,))
            if row is None and not moved:
                return []
            language = DEFAULT_LANGUAGE if row is None else str(row["language"])
            await conn.execute(
                "INSERT INTO chats (chat_id, language) VALUES (?, ?)"
                " ON CONFLICT (chat_id) DO UPDATE SET language = excluded.language",
                (new, language),
            )
            await conn.execute("UPDATE tables SET chat_id = ? WHERE chat_id = ?", (new, old))
            if moved:
                marks = ",".join("?" * len(moved))
                await conn.execute(
                    f"DELETE FROM table_messages WHERE table_id IN ({marks})"
                    " AND key NOT LIKE 'hand:%'",
                    tuple(moved),
                )
            await conn.execute(
                "INSERT INTO tallies"
                " (chat_id, user_id, variant_id, display_name, deals_played, total)"
                " SELECT ?, user_id, variant_id, display_name, deals_played, total"
                " FROM tallies WHERE chat_id = ?"
                " ON CONFLICT (chat_id, user_id, variant_id) DO UPDATE SET"
                " deals_played = deals_played + excluded.deals_played,"
                " total = total + excluded.total, display_name = excluded.display_name",
                (new, old),
            )
            await conn.execute("DELETE FROM tallies WHERE chat_id = ?", (old,))
            await conn.execute("DELETE FROM chats WHERE chat_id = ?", (old,))
            return moved
