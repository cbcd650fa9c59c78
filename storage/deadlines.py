"""Turn deadlines, kept so the bot can re-arm its timers after a restart.

A table has at most one pending deadline: the turn timer of the seat to act,
or the reminder before it. Each records the table version it was set for;
when the timer fires, the bot compares that with the table's version, so a
deadline left over from an earlier turn does nothing. Times are unix
timestamps given by the caller.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass

import aiosqlite

from storage._common import fetch_all, fetch_one
from storage.db import Database
from storage.tables import LIVE_STATUSES, require_status

_COLUMNS = "table_id, seat, kind, due_at, version"


@dataclass(frozen=True, slots=True)
class Deadline:
    """When ``seat`` at ``table_id`` runs out of time, for the turn at ``version``."""

    table_id: int
    seat: int
    kind: str
    due_at: float
    version: int


def _deadline(row: aiosqlite.Row) -> Deadline:
    return Deadline(row["table_id"], row["seat"], row["kind"], row["due_at"], row["version"])


class DeadlinesRepository:
    """Sets, clears and lists deadlines."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def set(
        self, table_id: int, *, seat: int, kind: str, due_at: float, version: int
    ) -> Deadline:
        """Set the table's deadline, replacing any earlier one; live tables only."""
        if not kind:
            raise ValueError("deadline kind must not be empty")
        async with self._db.transaction() as conn:
            await require_status(conn, table_id, LIVE_STATUSES, "set a deadline")
            try:
                row = await fetch_one(
                    conn,
                    f"INSERT INTO deadlines ({_COLUMNS}) VALUES (?, ?, ?, ?, ?)"
                    " ON CONFLICT (table_id) DO UPDATE SET seat = excluded.seat,"
                    " kind = excluded.kind, due_at = excluded.due_at, version = excluded.version"
                    f" RETURNING {_COLUMNS}",
                    (table_id, seat, kind, float(due_at), version),
                )
            except sqlite3.IntegrityError as error:  # a negative seat
                raise ValueError(str(error)) from error
        assert row is not None
        return _deadline(row)

    async def get(self, table_id: int) -> Deadline | None:
        """The table's pending deadline, or ``None``."""
        async with self._db.read() as conn:
            row = await fetch_one(
                conn, f"SELECT {_COLUMNS} FROM deadlines WHERE table_id = ?", (table_id,)
            )
        return None if row is None else _deadline(row)

    async def clear(self, table_id: int) -> bool:
        """Remove the table's deadline; whether there was one."""
        async with self._db.transaction() as conn:
            cursor = await conn.execute("DELETE FROM deadlines WHERE table_id = ?", (table_id,))
            return cursor.rowcount > 0

    async def list_all(self) -> list[Deadline]:
        """Every pending deadline, soonest first: what to re-arm at start-up."""
        async with self._db.read() as conn:
            rows = await fetch_all(
                conn, f"SELECT {_COLUMNS} FROM deadlines ORDER BY due_at, table_id"
            )
        return [_deadline(r) for r in rows]
