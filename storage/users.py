"""Telegram users the bot has seen, and whether it may write to them.

Telegram refuses (403) a message from a bot to a user who never started it,
so the bot records when someone opens the direct chat (``/start``) and when
a send fails because they blocked it. The profile fields are a cache of what
the latest update said; game data never depends on them.
"""

from __future__ import annotations

from dataclasses import dataclass

import aiosqlite

from storage._common import fetch_one
from storage.db import Database
from storage.errors import NotFound

_COLUMNS = "user_id, first_name, username, language_code, dm_open"


@dataclass(frozen=True, slots=True)
class User:
    """A Telegram user as last seen."""

    id: int
    first_name: str
    username: str | None
    language_code: str | None
    dm_open: bool


def _user(row: aiosqlite.Row) -> User:
    return User(
        id=row["user_id"],
        first_name=row["first_name"],
        username=row["username"],
        language_code=row["language_code"],
        dm_open=bool(row["dm_open"]),
    )


class UsersRepository:
    """Reads and writes users."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def upsert(
        self,
        user_id: int,
        first_name: str,
        username: str | None = None,
        language_code: str | None = None,
    ) -> User:
        """Record the user's current profile; keeps ``dm_open`` as it was."""
        async with self._db.transaction() as conn:
            row = await fetch_one(
                conn,
                "INSERT INTO users (user_id, first_name, username, language_code)"
                " VALUES (?, ?, ?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET first_name = excluded.first_name,"
                " username = excluded.username, language_code = excluded.language_code"
                f" RETURNING {_COLUMNS}",
                (user_id, first_name, username, language_code),
            )
        assert row is not None
        return _user(row)

    async def mark_dm_open(self, user_id: int, dm_open: bool) -> User:
        """Record whether the bot may write to the user in a direct chat.

        ``NotFound`` for a user never upserted: the bot learns of a user from
        an update, and records them then.
        """
        async with self._db.transaction() as conn:
            row = await fetch_one(
                conn,
                f"UPDATE users SET dm_open = ? WHERE user_id = ? RETURNING {_COLUMNS}",
                (int(dm_open), user_id),
            )
            if row is None:
                raise NotFound("user", user_id)
        return _user(row)

    async def get(self, user_id: int) -> User | None:
        """The user, or ``None`` if never seen."""
        async with self._db.read() as conn:
            row = await fetch_one(
                conn, f"SELECT {_COLUMNS} FROM users WHERE user_id = ?", (user_id,)
            )
        return None if row is None else _user(row)
