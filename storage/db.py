"""The SQLite connection: pragmas, migrations and transactions.

One ``Database`` owns one aiosqlite connection for the whole bot. aiosqlite
runs every call on a single worker thread, but two coroutines could still
interleave their statements inside each other's transaction, so every
repository call goes through ``transaction()`` or ``read()``, which hold an
``asyncio.Lock``. That makes each repository call atomic and isolated within
the process.

Across processes (or two ``Database`` objects on one file, as the tests do)
``transaction()`` starts with ``BEGIN IMMEDIATE``: it takes SQLite's write
lock up front, waiting up to ``busy_timeout`` for it, so a read-check-write
such as the optimistic version check can never interleave with another
writer.

Pragmas, and why:

* ``journal_mode=WAL``: readers never block the writer; a crash loses at most
  the last transactions, never corrupts.
* ``synchronous=NORMAL``: safe with WAL, much cheaper than FULL. A power cut
  may lose the last commits; replay from the log covers what survives.
* ``foreign_keys=ON``: SQLite ships with them off.
* ``busy_timeout``: wait for a lock instead of failing at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import sqlite3
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib.abc import Traversable
from pathlib import Path
from types import TracebackType

import aiosqlite

from storage.errors import StorageError
from storage.migrate import apply_migrations, load_migrations

DEFAULT_BUSY_TIMEOUT_MS = 5000
_WAL_RETRY_MS = 20


async def _enable_wal(conn: aiosqlite.Connection, busy_timeout_ms: int, *, memory: bool) -> None:
    """Switch to WAL, retrying: SQLite may refuse the switch with "database is
    locked" at once, without its busy handler, while another connection
    opens the same new file."""
    attempts = max(1, busy_timeout_ms // _WAL_RETRY_MS)
    for attempt in range(attempts):
        try:
            rows = list(await conn.execute_fetchall("PRAGMA journal_mode = WAL"))
            break
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) or attempt == attempts - 1:
                raise
            await asyncio.sleep(_WAL_RETRY_MS / 1000)
    mode = str(rows[0][0]).lower()
    if mode != "wal" and not memory:
        raise StorageError("no_wal", f"SQLite kept journal_mode={mode}, not wal")


class Database:
    """An open Karban database; create it with ``await Database.open(path)``."""

    def __init__(self, conn: aiosqlite.Connection, path: str, applied: list[int]) -> None:
        self._conn = conn
        self._lock = asyncio.Lock()
        self.path = path
        self.applied_on_open = tuple(applied)
        """Migration versions this ``open`` applied (empty when already current)."""

    @classmethod
    async def open(
        cls,
        path: str | os.PathLike[str],
        *,
        busy_timeout_ms: int = DEFAULT_BUSY_TIMEOUT_MS,
        migrations_dir: Traversable | Path | None = None,
    ) -> Database:
        """Open (creating if needed) the database file and bring its schema up to date.

        ``migrations_dir`` replaces the shipped migration files; only tests
        need it.
        """
        name = os.fspath(path)
        if name != ":memory:":
            Path(name).parent.mkdir(parents=True, exist_ok=True)
        migrations = load_migrations(migrations_dir)
        conn = await aiosqlite.connect(name, isolation_level=None)
        try:
            conn.row_factory = aiosqlite.Row
            await conn.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
            await _enable_wal(conn, busy_timeout_ms, memory=name == ":memory:")
            await conn.execute("PRAGMA synchronous = NORMAL")
            await conn.execute("PRAGMA foreign_keys = ON")
            applied = await apply_migrations(conn, migrations)
        except BaseException:
            await conn.close()
            raise
        return cls(conn, name, applied)

    async def close(self) -> None:
        """Close the connection; waits for a running transaction to finish first."""
        async with self._lock:
            await self._conn.close()

    async def __aenter__(self) -> Database:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """Run the block as one write transaction: all of it is committed, or none.

        Any exception (a ``StorageError`` refusal included) rolls back. Not
        reentrant: a repository helper that needs the open transaction takes
        the connection as an argument instead of opening another.
        """
        async with self._lock:
            conn = self._conn
            await conn.execute("BEGIN IMMEDIATE")
            try:
                yield conn
                await conn.execute("COMMIT")
            except BaseException:
                # Shielded so that a cancelled caller still rolls back; the
                # worker thread runs statements in order, so the ROLLBACK
                # precedes anything the next holder of the lock sends.
                await asyncio.shield(self._rollback())
                raise

    async def _rollback(self) -> None:
        # OperationalError: SQLite had already rolled back (or the COMMIT went through).
        with contextlib.suppress(sqlite3.OperationalError):
            await self._conn.execute("ROLLBACK")

    @asynccontextmanager
    async def read(self) -> AsyncIterator[aiosqlite.Connection]:
        """Run the block's queries without another coroutine's writes in between."""
        async with self._lock:
            yield self._conn
