"""Karban's persistence: chats, users, tables, matches, the action log, scores.

Callers use a ``Store``; the SQL lives in the repository modules and the
schema in ``storage/migrations/``::

    store = await Store.open("data/karban.sqlite3")
    table = await store.tables.create(chat_id, "marias-voleny", {}, user_id)
    ...
    await store.close()

Every repository returns frozen dataclasses, never rows. Refusals are
``StorageError`` subclasses (``storage.errors``); malformed arguments are
``ValueError``. Storage never reads the clock: times come in as arguments.
"""

from __future__ import annotations

import os
from importlib.abc import Traversable
from pathlib import Path
from types import TracebackType

from storage.chats import LANGUAGES, Chat, ChatsRepository
from storage.db import DEFAULT_BUSY_TIMEOUT_MS, Database
from storage.deadlines import Deadline, DeadlinesRepository
from storage.deals import ActionSource, Deal, DealsRepository, LoggedAction
from storage.errors import (
    DealError,
    LiveTableExists,
    MigrationError,
    NotFound,
    SeatError,
    StaleVersion,
    StorageError,
    WrongStatus,
)
from storage.matches import Match, MatchesRepository
from storage.scores import ScoresRepository, TallyEntry
from storage.seats import SeatsRepository
from storage.tables import Seat, SeatKind, Table, TablesRepository, TableStatus
from storage.users import User, UsersRepository


class Store:
    """All repositories over one ``Database``: the one object the bot holds."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self.users = UsersRepository(db)
        self.chats = ChatsRepository(db)
        self.tables = TablesRepository(db)
        self.seats = SeatsRepository(db)
        self.matches = MatchesRepository(db)
        self.deals = DealsRepository(db)
        self.scores = ScoresRepository(db)
        self.deadlines = DeadlinesRepository(db)

    @classmethod
    async def open(
        cls,
        path: str | os.PathLike[str],
        *,
        busy_timeout_ms: int = DEFAULT_BUSY_TIMEOUT_MS,
        migrations_dir: Traversable | Path | None = None,
    ) -> Store:
        """Open the database at ``path`` (see ``Database.open``) and wrap it."""
        db = await Database.open(
            path, busy_timeout_ms=busy_timeout_ms, migrations_dir=migrations_dir
        )
        return cls(db)

    async def close(self) -> None:
        """Close the database."""
        await self.db.close()

    async def __aenter__(self) -> Store:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()


__all__ = [
    "LANGUAGES",
    "ActionSource",
    "Chat",
    "Database",
    "Deadline",
    "Deal",
    "DealError",
    "LiveTableExists",
    "LoggedAction",
    "Match",
    "MigrationError",
    "NotFound",
    "Seat",
    "SeatError",
    "SeatKind",
    "StaleVersion",
    "StorageError",
    "Store",
    "Table",
    "TableStatus",
    "TallyEntry",
    "User",
    "WrongStatus",
]
