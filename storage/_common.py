"""Helpers shared by the repositories: canonical JSON and the version check."""

from __future__ import annotations

import json
from typing import Any

import aiosqlite

from storage.errors import NotFound, StaleVersion


def dump_json(value: Any) -> str:
    """Canonical JSON (sorted keys, no spaces, real UTF-8): equal values, equal text.

    NaN and infinities are refused; they are not JSON and would not round-trip.
    """
    return json.dumps(
        value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False
    )


def load_json(text: str) -> Any:
    """The value ``dump_json`` wrote."""
    return json.loads(text)


async def fetch_one(
    conn: aiosqlite.Connection, sql: str, params: tuple[Any, ...] = ()
) -> aiosqlite.Row | None:
    """The first row of a query, or ``None``."""
    rows = list(await conn.execute_fetchall(sql, params))
    return rows[0] if rows else None


async def fetch_all(
    conn: aiosqlite.Connection, sql: str, params: tuple[Any, ...] = ()
) -> list[aiosqlite.Row]:
    """All rows of a query, as a list."""
    return list(await conn.execute_fetchall(sql, params))


async def current_version(conn: aiosqlite.Connection, table_id: int) -> int:
    """The table's version; ``NotFound`` if there is no such table."""
    row = await fetch_one(conn, "SELECT version FROM tables WHERE table_id = ?", (table_id,))
    if row is None:
        raise NotFound("table", table_id)
    return int(row["version"])


def check_version(table_id: int, actual: int, expected: int | None) -> None:
    """Raise ``StaleVersion`` unless ``expected`` is ``None`` or equals ``actual``."""
    if expected is not None and expected != actual:
        raise StaleVersion(table_id, expected, actual)


async def bump_version(conn: aiosqlite.Connection, table_id: int, expected: int) -> int:
    """Advance the table's version from ``expected``; return the new version.

    Call inside ``Database.transaction()``, after every other check passed.
    The ``WHERE version = ?`` makes the bump itself the compare-and-set, so
    it stays correct even if a caller forgot to check first.
    """
    row = await fetch_one(
        conn,
        "UPDATE tables SET version = version + 1 WHERE table_id = ? AND version = ?"
        " RETURNING version",
        (table_id, expected),
    )
    if row is None:
        raise StaleVersion(table_id, expected, await current_version(conn, table_id))
    return int(row["version"])
