"""Tables: one live table per group chat, its options, status and bookkeeping.

A table is what a group plays at: a variant with house rules, seats (see
``storage/seats.py``), a lifecycle status and a ``version`` for optimistic
concurrency. The version is bumped by every change that can alter what a
button means (options, seats, status, each logged action), never by pure
bookkeeping (message ids, language, deadlines). Mutations that bump it
return the new ``Table``, so the caller always holds the current version.

Status moves only forward: ``lobby -> playing -> finished``, and either live
status may become ``stopped``. Finished and stopped tables are history and
free the chat for a new live table.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Literal, cast, get_args

import aiosqlite

from storage._common import (
    bump_version,
    check_version,
    current_version,
    dump_json,
    fetch_all,
    fetch_one,
    load_json,
)
from storage.chats import chat_language, check_language, ensure_chat
from storage.db import Database
from storage.errors import LiveTableExists, NotFound, WrongStatus

TableStatus = Literal["lobby", "playing", "finished", "stopped"]
SeatKind = Literal["human", "computer"]

LIVE_STATUSES: frozenset[str] = frozenset({"lobby", "playing"})
_TRANSITIONS: Mapping[str, frozenset[str]] = {
    "lobby": frozenset({"playing", "stopped"}),
    "playing": frozenset({"finished", "stopped"}),
    "finished": frozenset(),
    "stopped": frozenset(),
}


@dataclass(frozen=True, slots=True)
class Seat:
    """One seat: its number (clockwise from 0), who sits there, and the name shown."""

    seat_no: int
    kind: SeatKind
    user_id: int | None
    display_name: str


@dataclass(frozen=True, slots=True)
class Table:
    """A table as stored, seats included.

    Options are kept as canonical JSON text so the object is truly immutable
    and hashable; ``options`` parses a fresh copy.
    """

    id: int
    chat_id: int
    variant_id: str
    options_json: str
    creator_id: int
    status: TableStatus
    version: int
    language: str
    join_token: str
    seats: tuple[Seat, ...]
    created_at: float | None

    @property
    def options(self) -> dict[str, Any]:
        """The house-rule options as a new dict."""
        return cast(dict[str, Any], load_json(self.options_json))

    @property
    def is_live(self) -> bool:
        """Lobby or playing: the chat's current table."""
        return self.status in LIVE_STATUSES

    def seat_of(self, user_id: int) -> Seat | None:
        """The seat where ``user_id`` sits, if any."""
        return next((s for s in self.seats if s.user_id == user_id), None)


_TABLE_COLUMNS = (
    "table_id, chat_id, variant_id, options_json, creator_id, status, version,"
    " language, join_token, created_at"
)


def _seat(row: aiosqlite.Row) -> Seat:
    return Seat(row["seat_no"], row["kind"], row["user_id"], row["display_name"])


def _table(row: aiosqlite.Row, seats: Iterable[Seat]) -> Table:
    return Table(
        id=row["table_id"],
        chat_id=row["chat_id"],
        variant_id=row["variant_id"],
        options_json=row["options_json"],
        creator_id=row["creator_id"],
        status=row["status"],
        version=row["version"],
        language=row["language"],
        join_token=row["join_token"],
        seats=tuple(seats),
        created_at=row["created_at"],
    )


async def load_seats(conn: aiosqlite.Connection, table_id: int) -> tuple[Seat, ...]:
    """The table's seats in seat order."""
    rows = await fetch_all(
        conn,
        "SELECT seat_no, kind, user_id, display_name FROM seats WHERE table_id = ?"
        " ORDER BY seat_no",
        (table_id,),
    )
    return tuple(_seat(r) for r in rows)


async def _load_where(
    conn: aiosqlite.Connection, where: str, params: tuple[Any, ...]
) -> list[Table]:
    rows = await fetch_all(
        conn, f"SELECT {_TABLE_COLUMNS} FROM tables WHERE {where} ORDER BY table_id", params
    )
    if not rows:
        return []
    ids = [r["table_id"] for r in rows]
    marks = ",".join("?" * len(ids))
    seat_rows = await fetch_all(
        conn,
        "SELECT table_id, seat_no, kind, user_id, display_name FROM seats"
        f" WHERE table_id IN ({marks}) ORDER BY table_id, seat_no",
        tuple(ids),
    )
    seats: dict[int, list[Seat]] = {i: [] for i in ids}
    for s in seat_rows:
        seats[s["table_id"]].append(_seat(s))
    return [_table(r, seats[r["table_id"]]) for r in rows]


async def load_table(conn: aiosqlite.Connection, table_id: int) -> Table:
    """The table with its seats; ``NotFound`` if there is none."""
    tables = await _load_where(conn, "table_id = ?", (table_id,))
    if not tables:
        raise NotFound("table", table_id)
    return tables[0]


async def require_status(
    conn: aiosqlite.Connection, table_id: int, allowed: Iterable[str], doing: str
) -> str:
    """The table's status if it is one of ``allowed``, else ``WrongStatus``."""
    row = await fetch_one(conn, "SELECT status FROM tables WHERE table_id = ?", (table_id,))
    if row is None:
        raise NotFound("table", table_id)
    status = str(row["status"])
    if status not in set(allowed):
        raise WrongStatus(table_id, status, f"cannot {doing}")
    return status


class TablesRepository:
    """Creates, finds and changes tables (seats are in ``SeatsRepository``)."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def create(
        self,
        chat_id: int,
        variant_id: str,
        options: Mapping[str, Any],
        creator_id: int,
        *,
        language: str | None = None,
        join_token: str | None = None,
        at: float | None = None,
    ) -> Table:
        """Open a new table in the lobby, version 0, with no seats.

        ``LiveTableExists`` if the chat already has a live table. The
        language defaults to the chat's; the join token to a random one.
        """
        if language is not None:
            check_language(language)
        token = secrets.token_urlsafe(12) if join_token is None else join_token
        async with self._db.transaction() as conn:
            live = await fetch_one(
                conn,
                "SELECT table_id FROM tables WHERE chat_id = ? AND status IN ('lobby', 'playing')",
                (chat_id,),
            )
            if live is not None:
                raise LiveTableExists(chat_id, live["table_id"])
            if await fetch_one(conn, "SELECT 1 FROM tables WHERE join_token = ?", (token,)):
                raise ValueError(f"join token {token!r} is already in use")
            await ensure_chat(conn, chat_id)
            lang = language if language is not None else await chat_language(conn, chat_id)
            row = await fetch_one(
                conn,
                "INSERT INTO tables (chat_id, variant_id, options_json, creator_id, language,"
                " join_token, created_at) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING table_id",
                (chat_id, variant_id, dump_json(dict(options)), creator_id, lang, token, at),
            )
            assert row is not None
            return await load_table(conn, row["table_id"])

    async def get(self, table_id: int) -> Table | None:
        """The table, or ``None``."""
        async with self._db.read() as conn:
            tables = await _load_where(conn, "table_id = ?", (table_id,))
        return tables[0] if tables else None

    async def get_live(self, chat_id: int) -> Table | None:
        """The chat's live table, or ``None``."""
        async with self._db.read() as conn:
            tables = await _load_where(
                conn, "chat_id = ? AND status IN ('lobby', 'playing')", (chat_id,)
            )
        return tables[0] if tables else None

    async def last_finished(self, chat_id: int) -> Table | None:
        """The chat's newest table whose match ended (``finished``), or ``None``."""
        async with self._db.read() as conn:
            tables = await _load_where(conn, "chat_id = ? AND status = 'finished'", (chat_id,))
        return tables[-1] if tables else None

    async def get_by_token(self, join_token: str) -> Table | None:
        """The table a deep-link join token belongs to, whatever its status."""
        async with self._db.read() as conn:
            tables = await _load_where(conn, "join_token = ?", (join_token,))
        return tables[0] if tables else None

    async def list_live(self) -> list[Table]:
        """Every live table, oldest first: what the bot rebuilds at start-up."""
        async with self._db.read() as conn:
            return await _load_where(conn, "status IN ('lobby', 'playing')", ())

    async def update_options(
        self, table_id: int, options: Mapping[str, Any], *, expected_version: int | None = None
    ) -> Table:
        """Replace the house-rule options; only in the lobby. Bumps the version."""
        text = dump_json(dict(options))
        async with self._db.transaction() as conn:
            version = await current_version(conn, table_id)
            check_version(table_id, version, expected_version)
            await require_status(conn, table_id, {"lobby"}, "change options outside the lobby")
            await conn.execute(
                "UPDATE tables SET options_json = ? WHERE table_id = ?", (text, table_id)
            )
            await bump_version(conn, table_id, version)
            return await load_table(conn, table_id)

    async def set_status(
        self, table_id: int, status: TableStatus, *, expected_version: int | None = None
    ) -> Table:
        """Move the table to ``status`` along an allowed transition. Bumps the version.

        Leaving the live statuses also clears the table's deadline: a dead
        table has no turn to time out.
        """
        if status not in get_args(TableStatus):
            raise ValueError(f"unknown table status {status!r}")
        async with self._db.transaction() as conn:
            version = await current_version(conn, table_id)
            check_version(table_id, version, expected_version)
            allowed = [s for s, targets in _TRANSITIONS.items() if status in targets]
            await require_status(conn, table_id, allowed, f"become {status}")
            await conn.execute(
                "UPDATE tables SET status = ? WHERE table_id = ?", (status, table_id)
            )
            if status not in LIVE_STATUSES:
                await conn.execute("DELETE FROM deadlines WHERE table_id = ?", (table_id,))
            await bump_version(conn, table_id, version)
            return await load_table(conn, table_id)

    async def set_language(self, table_id: int, language: str) -> Table:
        """Set the language of this table's texts. Rendering only: no version bump."""
        check_language(language)
        async with self._db.transaction() as conn:
            await conn.execute(
                "UPDATE tables SET language = ? WHERE table_id = ?", (language, table_id)
            )
            return await load_table(conn, table_id)

    async def set_message(
        self, table_id: int, key: str, message_id: int, digest: str | None = None
    ) -> None:
        """Remember a message id under ``key`` (e.g. ``group``, ``hand:<user_id>``).

        ``digest`` identifies the content the message shows now (see
        migration 0002); a new message id without one forgets the old digest.
        """
        async with self._db.transaction() as conn:
            await current_version(conn, table_id)  # NotFound for an unknown table
            await conn.execute(
                "INSERT INTO table_messages (table_id, key, message_id, digest) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (table_id, key) DO UPDATE SET message_id = excluded.message_id,"
                " digest = excluded.digest",
                (table_id, key, message_id, digest),
            )

    async def delete_message(self, table_id: int, key: str) -> None:
        """Forget the message id under ``key`` (no error if there is none)."""
        async with self._db.transaction() as conn:
            await conn.execute(
                "DELETE FROM table_messages WHERE table_id = ? AND key = ?", (table_id, key)
            )

    async def set_digests(self, rows: Iterable[tuple[int, str, int, str | None]]) -> None:
        """Record what messages show, many at once: (table id, key, message id, digest).

        A row whose message id is no longer the one remembered under its key
        changes nothing (the key has moved on to a newer message).
        """
        params = [(digest, table_id, key, mid) for table_id, key, mid, digest in rows]
        if not params:
            return
        async with self._db.transaction() as conn:
            await conn.executemany(
                "UPDATE table_messages SET digest = ? WHERE table_id = ? AND key = ?"
                " AND message_id = ?",
                params,
            )

    async def get_shown(self, table_id: int) -> dict[str, tuple[int, str | None]]:
        """Every remembered message of the table: key -> (message id, content digest)."""
        async with self._db.read() as conn:
            rows = await fetch_all(
                conn,
                "SELECT key, message_id, digest FROM table_messages WHERE table_id = ?"
                " ORDER BY key",
                (table_id,),
            )
        return {str(r["key"]): (int(r["message_id"]), r["digest"]) for r in rows}

    async def get_messages(self, table_id: int) -> dict[str, int]:
        """All remembered message ids of the table, by key."""
        async with self._db.read() as conn:
            rows = await fetch_all(
                conn,
                "SELECT key, message_id FROM table_messages WHERE table_id = ? ORDER BY key",
                (table_id,),
            )
        return {str(r["key"]): int(r["message_id"]) for r in rows}

    async def set_pick(
        self, table_id: int, deal_id: int, seat: int, pick: str | None, version: int
    ) -> None:
        """Remember (or, with ``None``, forget) a seat's private selection step.

        ``version`` is the table's version at the pick; see migration 0003
        for how long a pick stays valid.
        """
        async with self._db.transaction() as conn:
            if pick is None:
                await conn.execute(
                    "DELETE FROM table_picks WHERE table_id = ? AND seat = ?", (table_id, seat)
                )
                return
            await conn.execute(
                "INSERT INTO table_picks (table_id, seat, deal_id, pick, version)"
                " VALUES (?, ?, ?, ?, ?) ON CONFLICT (table_id, seat) DO UPDATE SET"
                " deal_id = excluded.deal_id, pick = excluded.pick, version = excluded.version",
                (table_id, seat, deal_id, pick, version),
            )

    async def get_picks(self, table_id: int, deal_id: int) -> dict[int, str]:
        """The selections still valid in the deal: seat -> pick.

        A pick is over once its seat logged an action after it (the action
        used or overrode the selection) or another deal began.
        """
        async with self._db.read() as conn:
            rows = await fetch_all(
                conn,
                "SELECT p.seat, p.pick FROM table_picks p WHERE p.table_id = ? AND p.deal_id = ?"
                " AND NOT EXISTS (SELECT 1 FROM actions a WHERE a.deal_id = p.deal_id"
                " AND a.seat = p.seat AND a.version > p.version) ORDER BY p.seat",
                (table_id, deal_id),
            )
        return {int(r["seat"]): str(r["pick"]) for r in rows}
