"""Per-chat settings: for now the language the bot speaks in a chat.

A chat with no row simply has the defaults, so the bot never has to
"register" a chat before reading its language.
"""

from __future__ import annotations

from dataclasses import dataclass

import aiosqlite

from storage._common import fetch_one
from storage.db import Database

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
