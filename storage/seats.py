"""Seating: who sits where at a table, with the checks the lobby needs.

Seat numbers are dense (0..n-1) and clockwise, exactly as the engine numbers
seats, so a seat number in the action log means the same player as on the
table. That is why adding, removing and reordering are lobby-only: once a
match runs, its seat count and order are fixed. A seat may still change
hands mid-match (``replace``), e.g. a computer taking over from a player
who left.

Every change bumps the table's version and returns the new ``Table``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import get_args

import aiosqlite

from storage._common import bump_version, check_version, current_version, fetch_one
from storage.db import Database
from storage.errors import SeatError
from storage.tables import Seat, SeatKind, Table, load_seats, load_table, require_status


def _check_occupant(kind: SeatKind, user_id: int | None, display_name: str) -> None:
    if kind not in get_args(SeatKind):
        raise ValueError(f"unknown seat kind {kind!r}")
    if (kind == "human") != (user_id is not None):
        raise ValueError("a human seat needs a user_id and a computer seat must have none")
    if not display_name.strip():
        raise ValueError("display_name must not be empty")


async def _write_seats(conn: aiosqlite.Connection, table_id: int, seats: Sequence[Seat]) -> None:
    """Replace all seats of the table by ``seats``, renumbered 0..n-1 in that order.

    Rewriting the whole (small) set avoids primary-key clashes that
    renumbering rows in place would hit.
    """
    await conn.execute("DELETE FROM seats WHERE table_id = ?", (table_id,))
    await conn.executemany(
        "INSERT INTO seats (table_id, seat_no, kind, user_id, display_name) VALUES (?, ?, ?, ?, ?)",
        [(table_id, i, s.kind, s.user_id, s.display_name) for i, s in enumerate(seats)],
    )


async def _start(conn: aiosqlite.Connection, table_id: int, expected: int | None) -> int:
    version = await current_version(conn, table_id)
    check_version(table_id, version, expected)
    return version


async def _check_not_seated(
    conn: aiosqlite.Connection, table_id: int, user_id: int | None, except_seat: int = -1
) -> None:
    if user_id is None:
        return
    row = await fetch_one(
        conn,
        "SELECT seat_no FROM seats WHERE table_id = ? AND user_id = ? AND seat_no != ?",
        (table_id, user_id, except_seat),
    )
    if row is not None:
        raise SeatError("user_seated", f"user {user_id} already sits at seat {row['seat_no']}")


class SeatsRepository:
    """Adds, removes, reorders and replaces seats."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def add(
        self,
        table_id: int,
        *,
        kind: SeatKind,
        user_id: int | None,
        display_name: str,
        max_seats: int,
        expected_version: int | None = None,
    ) -> Table:
        """Seat someone at the next free seat number; lobby only.

        ``SeatError("user_seated")`` if the user already sits here,
        ``SeatError("table_full")`` if ``max_seats`` (the variant's limit,
        which storage does not know) are taken.
        """
        _check_occupant(kind, user_id, display_name)
        if max_seats < 1:
            raise ValueError("max_seats must be at least 1")
        async with self._db.transaction() as conn:
            version = await _start(conn, table_id, expected_version)
            await require_status(conn, table_id, {"lobby"}, "add a seat outside the lobby")
            await _check_not_seated(conn, table_id, user_id)
            seats = await load_seats(conn, table_id)
            if len(seats) >= max_seats:
                raise SeatError("table_full", f"table {table_id} has all {max_seats} seats taken")
            await conn.execute(
                "INSERT INTO seats (table_id, seat_no, kind, user_id, display_name)"
                " VALUES (?, ?, ?, ?, ?)",
                (table_id, len(seats), kind, user_id, display_name),
            )
            await bump_version(conn, table_id, version)
            return await load_table(conn, table_id)

    async def remove(
        self, table_id: int, seat_no: int, *, expected_version: int | None = None
    ) -> Table:
        """Free a seat; later seats move down one; lobby only."""
        async with self._db.transaction() as conn:
            version = await _start(conn, table_id, expected_version)
            await require_status(conn, table_id, {"lobby"}, "remove a seat outside the lobby")
            seats = list(await load_seats(conn, table_id))
            if not 0 <= seat_no < len(seats):
                raise SeatError("no_such_seat", f"table {table_id} has no seat {seat_no}")
            del seats[seat_no]
            await _write_seats(conn, table_id, seats)
            await bump_version(conn, table_id, version)
            return await load_table(conn, table_id)

    async def reorder(
        self, table_id: int, order: Sequence[int], *, expected_version: int | None = None
    ) -> Table:
        """Rearrange the seats: new seat ``i`` is old seat ``order[i]``; lobby only.

        ``order`` must be a permutation of the current seat numbers.
        """
        async with self._db.transaction() as conn:
            version = await _start(conn, table_id, expected_version)
            await require_status(conn, table_id, {"lobby"}, "reorder seats outside the lobby")
            seats = await load_seats(conn, table_id)
            if sorted(order) != list(range(len(seats))):
                raise SeatError(
                    "bad_order", f"{list(order)} is not a permutation of 0..{len(seats) - 1}"
                )
            await _write_seats(conn, table_id, [seats[i] for i in order])
            await bump_version(conn, table_id, version)
            return await load_table(conn, table_id)

    async def replace(
        self,
        table_id: int,
        seat_no: int,
        *,
        kind: SeatKind,
        user_id: int | None,
        display_name: str,
        expected_version: int | None = None,
    ) -> Table:
        """Put someone else in an existing seat, keeping its number; lobby or playing."""
        _check_occupant(kind, user_id, display_name)
        async with self._db.transaction() as conn:
            version = await _start(conn, table_id, expected_version)
            await require_status(conn, table_id, {"lobby", "playing"}, "replace a seat")
            seats = await load_seats(conn, table_id)
            if not 0 <= seat_no < len(seats):
                raise SeatError("no_such_seat", f"table {table_id} has no seat {seat_no}")
            await _check_not_seated(conn, table_id, user_id, except_seat=seat_no)
            await conn.execute(
                "UPDATE seats SET kind = ?, user_id = ?, display_name = ?"
                " WHERE table_id = ? AND seat_no = ?",
                (kind, user_id, display_name, table_id, seat_no),
            )
            await bump_version(conn, table_id, version)
            return await load_table(conn, table_id)
