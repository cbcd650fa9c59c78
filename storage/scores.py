"""The all-time tally of each chat: deals played and total won, per user and variant.

The tally is written in the same transaction that finishes a deal
(``DealsRepository.finish_deal``), so it can never disagree with the deals
that produced it. Totals are kept per variant because variants count in
different units (money in Mariáš, points in Cenzr and Tisíc); adding them
would mean nothing. Computer seats are not tallied.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import aiosqlite

from storage._common import fetch_all
from storage.db import Database

_COLUMNS = (
    "chat_id, user_id, variant_id, display_name, deals_played, total,"
    " matches_played, wins, place_sum"
)


@dataclass(frozen=True, slots=True)
class TallyEntry:
    """One user's record in one chat and variant."""

    chat_id: int
    user_id: int
    variant_id: str
    display_name: str
    deals_played: int
    total: int
    matches_played: int = 0
    """Finished matches (a game played to a target ends; volený and Blázen do not)."""
    wins: int = 0
    """First places among them, shared first places included."""
    place_sum: int = 0
    """The sum of the places, for the average place."""


@dataclass(frozen=True, slots=True)
class Credit:
    """What one human seat earned in one finished deal."""

    user_id: int
    display_name: str
    amount: int


async def credit_deal(
    conn: aiosqlite.Connection, chat_id: int, variant_id: str, credits: Iterable[Credit]
) -> None:
    """Add one finished deal to the tally; call inside the finishing transaction."""
    await conn.executemany(
        "INSERT INTO tallies (chat_id, user_id, variant_id, display_name, deals_played, total)"
        " VALUES (?, ?, ?, ?, 1, ?)"
        " ON CONFLICT (chat_id, user_id, variant_id) DO UPDATE SET"
        " display_name = excluded.display_name, deals_played = deals_played + 1,"
        " total = total + excluded.total",
        [(chat_id, c.user_id, variant_id, c.display_name, c.amount) for c in credits],
    )


@dataclass(frozen=True, slots=True)
class Placing:
    """Where one human seat finished a match (1 = first, shared on a tie)."""

    user_id: int
    display_name: str
    place: int


async def credit_match(
    conn: aiosqlite.Connection, chat_id: int, variant_id: str, placings: Iterable[Placing]
) -> None:
    """Add one finished match to the tally; call inside the finishing transaction."""
    await conn.executemany(
        "INSERT INTO tallies (chat_id, user_id, variant_id, display_name, matches_played,"
        " wins, place_sum) VALUES (?, ?, ?, ?, 1, ?, ?)"
        " ON CONFLICT (chat_id, user_id, variant_id) DO UPDATE SET"
        " display_name = excluded.display_name, matches_played = matches_played + 1,"
        " wins = wins + excluded.wins, place_sum = place_sum + excluded.place_sum",
        [
            (chat_id, p.user_id, variant_id, p.display_name, int(p.place == 1), p.place)
            for p in placings
        ],
    )


def _entry(row: aiosqlite.Row) -> TallyEntry:
    return TallyEntry(
        chat_id=row["chat_id"],
        user_id=row["user_id"],
        variant_id=row["variant_id"],
        display_name=row["display_name"],
        deals_played=row["deals_played"],
        total=row["total"],
        matches_played=row["matches_played"],
        wins=row["wins"],
        place_sum=row["place_sum"],
    )


class ScoresRepository:
    """Reads the tallies."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def tally(self, chat_id: int, variant_id: str | None = None) -> list[TallyEntry]:
        """The chat's tally, most wins first, then the best total (ties: more deals,
        then lower user id).

        With ``variant_id`` only that variant; without, every variant, grouped
        by variant id.
        """
        order = "wins DESC, total DESC, deals_played DESC, user_id"
        async with self._db.read() as conn:
            if variant_id is None:
                rows = await fetch_all(
                    conn,
                    f"SELECT {_COLUMNS} FROM tallies WHERE chat_id = ?"
                    f" ORDER BY variant_id, {order}",
                    (chat_id,),
                )
            else:
                rows = await fetch_all(
                    conn,
                    f"SELECT {_COLUMNS} FROM tallies WHERE chat_id = ? AND variant_id = ?"
                    f" ORDER BY {order}",
                    (chat_id, variant_id),
                )
        return [_entry(r) for r in rows]
