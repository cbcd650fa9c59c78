"""Matches: the sequence of deals played at a table and the engine's running state.

Starting a match snapshots the table's variant, options and seat count, so
the deals of a match replay the same way even if the table is edited later.
``state`` is the engine's own JSON (running totals, dealer rotation ...);
storage only keeps it, and ``DealsRepository.finish_deal`` can update it in
the transaction that closes a deal. A table's current match is its newest.

Starting a match does not change the table's status: the bot first moves the
table to ``playing`` (which bumps the version), then starts the match. A
``playing`` table without a match, after a crash in between, is a table
whose match has not started yet.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import aiosqlite

from storage._common import dump_json, fetch_all, fetch_one, load_json
from storage.db import Database
from storage.errors import DealError, NotFound, WrongStatus
from storage.tables import load_table

_COLUMNS = (
    "match_id, table_id, variant_id, options_json, seat_count, first_dealer, state_json, started_at"
)


@dataclass(frozen=True, slots=True)
class Match:
    """A match as stored; JSON fields parse to fresh copies through properties."""

    id: int
    table_id: int
    variant_id: str
    options_json: str
    seat_count: int
    first_dealer: int
    state_json: str
    started_at: float | None

    @property
    def options(self) -> dict[str, Any]:
        """The house-rule options the match was started with."""
        value: dict[str, Any] = load_json(self.options_json)
        return value

    @property
    def state(self) -> Any:
        """The engine's running match state."""
        return load_json(self.state_json)


def match_from_row(row: aiosqlite.Row) -> Match:
    """Build a ``Match`` from a row selected with all its columns."""
    return Match(
        id=row["match_id"],
        table_id=row["table_id"],
        variant_id=row["variant_id"],
        options_json=row["options_json"],
        seat_count=row["seat_count"],
        first_dealer=row["first_dealer"],
        state_json=row["state_json"],
        started_at=row["started_at"],
    )


async def load_current_match(conn: aiosqlite.Connection, table_id: int) -> Match | None:
    """The newest match of the table, or ``None``."""
    row = await fetch_one(
        conn,
        f"SELECT {_COLUMNS} FROM matches WHERE table_id = ? ORDER BY match_id DESC LIMIT 1",
        (table_id,),
    )
    return None if row is None else match_from_row(row)


class MatchesRepository:
    """Starts matches and keeps their running state."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def start_match(
        self,
        table_id: int,
        *,
        first_dealer: int,
        state: Any = None,
        at: float | None = None,
    ) -> Match:
        """Start a new match at a ``playing`` table; it becomes the current match.

        ``DealError("no_seats")`` for a table without seats,
        ``DealError("deal_open")`` while the previous match has a deal in play.
        """
        state_json = dump_json(state)
        async with self._db.transaction() as conn:
            table = await load_table(conn, table_id)
            if table.status != "playing":
                raise WrongStatus(table_id, table.status, "a match starts at a playing table")
            if not table.seats:
                raise DealError("no_seats", f"table {table_id} has no seats")
            if not 0 <= first_dealer < len(table.seats):
                raise DealError("bad_seat", f"no seat {first_dealer} to deal first")
            previous = await load_current_match(conn, table_id)
            if previous is not None:
                open_deal = await fetch_one(
                    conn,
                    "SELECT deal_id FROM deals WHERE match_id = ? AND outcome_json IS NULL",
                    (previous.id,),
                )
                if open_deal is not None:
                    raise DealError(
                        "deal_open", f"deal {open_deal['deal_id']} of match {previous.id} is open"
                    )
            row = await fetch_one(
                conn,
                "INSERT INTO matches (table_id, variant_id, options_json, seat_count,"
                " first_dealer, state_json, started_at) VALUES (?, ?, ?, ?, ?, ?, ?)"
                f" RETURNING {_COLUMNS}",
                (
                    table_id,
                    table.variant_id,
                    table.options_json,
                    len(table.seats),
                    first_dealer,
                    state_json,
                    at,
                ),
            )
        assert row is not None
        return match_from_row(row)

    async def get(self, match_id: int) -> Match | None:
        """The match, or ``None``."""
        async with self._db.read() as conn:
            row = await fetch_one(
                conn, f"SELECT {_COLUMNS} FROM matches WHERE match_id = ?", (match_id,)
            )
        return None if row is None else match_from_row(row)

    async def current_match(self, table_id: int) -> Match | None:
        """The table's newest match, or ``None`` if none has started."""
        async with self._db.read() as conn:
            return await load_current_match(conn, table_id)

    async def list_matches(self, table_id: int) -> list[Match]:
        """All matches of the table, oldest first."""
        async with self._db.read() as conn:
            rows = await fetch_all(
                conn,
                f"SELECT {_COLUMNS} FROM matches WHERE table_id = ? ORDER BY match_id",
                (table_id,),
            )
        return [match_from_row(r) for r in rows]

    async def update_state(self, match_id: int, state: Any) -> Match:
        """Replace the match's running state."""
        state_json = dump_json(state)
        async with self._db.transaction() as conn:
            row = await fetch_one(
                conn,
                f"UPDATE matches SET state_json = ? WHERE match_id = ? RETURNING {_COLUMNS}",
                (state_json, match_id),
            )
            if row is None:
                raise NotFound("match", match_id)
        return match_from_row(row)
