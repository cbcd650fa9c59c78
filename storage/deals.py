"""Deals and their action log: what the bot replays to rebuild a table.

A deal is event-sourced: the match's variant, options and seat count, the
deal's dealer and seed (or explicit cards), and the ordered action codes
determine it completely. Storage keeps exactly that and nothing derived.

``append_action`` is the heart of the bot's consistency: it checks the
table's version, writes the action with the next index and bumps the
version in one transaction. A press drawn for an older version therefore
fails with ``StaleVersion`` and changes nothing, and of two concurrent
appends made against the same version exactly one wins.

``finish_deal`` closes a deal and, in the same transaction, may update the
match's running state and the chat's tally, so none of the three can
disagree after a crash.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, get_args

import aiosqlite

from storage._common import bump_version, check_version, dump_json, fetch_all, fetch_one, load_json
from storage.db import Database
from storage.errors import DealError, NotFound, WrongStatus
from storage.matches import load_current_match
from storage.scores import Credit, Placing, credit_deal, credit_match
from storage.tables import load_seats, load_table

ActionSource = Literal["player", "computer", "timeout", "forced"]

MAX_CODE_BYTES = 64
"""An action code must fit Telegram's 64-byte callback data on its own."""


@dataclass(frozen=True, slots=True)
class Deal:
    """A deal as stored. ``outcome_json`` is ``None`` while the deal is in play."""

    id: int
    match_id: int
    table_id: int
    deal_no: int
    dealer: int
    seed: int | None
    cards_json: str | None
    outcome_json: str | None
    scores: tuple[int, ...] | None
    started_at: float | None
    finished_at: float | None
    setup_json: str | None = None

    @property
    def setup(self) -> dict[str, Any]:
        """What the deal was made from besides its cards (``Variant.new_deal``):
        at least ``dealer``; a deal stored before migration 0004 has only that."""
        if self.setup_json is None:
            return {"dealer": self.dealer}
        return dict(load_json(self.setup_json))

    @property
    def cards(self) -> Any:
        """The explicit cards the deal was dealt from, or ``None`` for a seeded deal."""
        return None if self.cards_json is None else load_json(self.cards_json)

    @property
    def outcome(self) -> Any:
        """The engine's outcome, or ``None`` while in play."""
        return None if self.outcome_json is None else load_json(self.outcome_json)

    @property
    def is_finished(self) -> bool:
        """Whether the deal has an outcome."""
        return self.outcome_json is not None


@dataclass(frozen=True, slots=True)
class LoggedAction:
    """One entry of a deal's action log.

    ``index`` counts from 0 within the deal; ``version`` is the table version
    right after this action was accepted.
    """

    deal_id: int
    index: int
    seat: int
    code: str
    source: ActionSource
    version: int
    at: float | None


_DEAL_SELECT = (
    "SELECT d.deal_id, d.match_id, m.table_id, m.seat_count, d.deal_no, d.dealer, d.seed,"
    " d.cards_json, d.setup_json, d.outcome_json, d.scores_json, d.started_at, d.finished_at"
    " FROM deals AS d JOIN matches AS m ON m.match_id = d.match_id"
)


def _deal(row: aiosqlite.Row) -> Deal:
    scores = row["scores_json"]
    return Deal(
        id=row["deal_id"],
        match_id=row["match_id"],
        table_id=row["table_id"],
        deal_no=row["deal_no"],
        dealer=row["dealer"],
        seed=None if row["seed"] is None else int(row["seed"]),
        cards_json=row["cards_json"],
        setup_json=row["setup_json"],
        outcome_json=row["outcome_json"],
        scores=None if scores is None else tuple(load_json(scores)),
        started_at=row["started_at"],
        finished_at=row["finished_at"],
    )


async def _load_deal_row(conn: aiosqlite.Connection, deal_id: int) -> aiosqlite.Row:
    row = await fetch_one(conn, f"{_DEAL_SELECT} WHERE d.deal_id = ?", (deal_id,))
    if row is None:
        raise NotFound("deal", deal_id)
    return row


def _action(row: aiosqlite.Row) -> LoggedAction:
    return LoggedAction(
        deal_id=row["deal_id"],
        index=row["idx"],
        seat=row["seat"],
        code=row["code"],
        source=row["source"],
        version=row["version"],
        at=row["at"],
    )


def _check_code(code: str) -> None:
    if not code or not code.isprintable() or len(code.encode("utf-8")) > MAX_CODE_BYTES:
        raise ValueError(
            f"action code must be 1..{MAX_CODE_BYTES} bytes of printable text, got {code!r}"
        )


class DealsRepository:
    """Starts, logs and finishes deals."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def start_deal(
        self,
        table_id: int,
        deal_no: int,
        dealer: int,
        seed: int | None = None,
        cards: Any = None,
        *,
        setup: Mapping[str, Any] | None = None,
        at: float | None = None,
    ) -> Deal:
        """Open the next deal of the table's current match.

        Exactly one of ``seed`` and ``cards`` (any JSON value) must be given.
        ``setup`` is the deal's setup (a JSON object whose ``dealer`` is
        ``dealer``); without it the deal's setup is the dealer alone.
        ``DealError`` codes: ``no_match``, ``bad_seat`` (dealer out of range),
        ``deal_open`` (the match has a deal in play), ``deal_no_taken``.
        """
        if (seed is None) == (cards is None):
            raise ValueError("give exactly one of seed and cards")
        cards_json = None if cards is None else dump_json(cards)
        if setup is not None and setup.get("dealer") != dealer:
            raise ValueError("the setup's dealer is the deal's dealer")
        setup_json = None if setup is None else dump_json(dict(setup))
        async with self._db.transaction() as conn:
            table = await load_table(conn, table_id)
            if table.status != "playing":
                raise WrongStatus(table_id, table.status, "deals are played at a playing table")
            match = await load_current_match(conn, table_id)
            if match is None:
                raise DealError("no_match", f"table {table_id} has no match")
            if not 0 <= dealer < match.seat_count:
                raise DealError("bad_seat", f"no seat {dealer} to deal")
            open_deal = await fetch_one(
                conn,
                "SELECT deal_id FROM deals WHERE match_id = ? AND outcome_json IS NULL",
                (match.id,),
            )
            if open_deal is not None:
                raise DealError("deal_open", f"deal {open_deal['deal_id']} is still in play")
            taken = await fetch_one(
                conn,
                "SELECT deal_id FROM deals WHERE match_id = ? AND deal_no = ?",
                (match.id, deal_no),
            )
            if taken is not None:
                raise DealError("deal_no_taken", f"match {match.id} already has deal {deal_no}")
            row = await fetch_one(
                conn,
                "INSERT INTO deals"
                " (match_id, deal_no, dealer, seed, cards_json, setup_json, started_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING deal_id",
                (
                    match.id,
                    deal_no,
                    dealer,
                    None if seed is None else str(seed),
                    cards_json,
                    setup_json,
                    at,
                ),
            )
            assert row is not None
            return _deal(await _load_deal_row(conn, row["deal_id"]))

    async def get(self, deal_id: int) -> Deal | None:
        """The deal, or ``None``."""
        async with self._db.read() as conn:
            row = await fetch_one(conn, f"{_DEAL_SELECT} WHERE d.deal_id = ?", (deal_id,))
        return None if row is None else _deal(row)

    async def current_deal(self, table_id: int) -> Deal | None:
        """The deal in play in the table's current match, or ``None`` between deals."""
        async with self._db.read() as conn:
            match = await load_current_match(conn, table_id)
            if match is None:
                return None
            row = await fetch_one(
                conn,
                f"{_DEAL_SELECT} WHERE d.match_id = ? AND d.outcome_json IS NULL",
                (match.id,),
            )
        return None if row is None else _deal(row)

    async def list_deals(self, match_id: int) -> list[Deal]:
        """All deals of the match in deal order."""
        async with self._db.read() as conn:
            rows = await fetch_all(
                conn, f"{_DEAL_SELECT} WHERE d.match_id = ? ORDER BY d.deal_no", (match_id,)
            )
        return [_deal(r) for r in rows]

    async def append_action(
        self,
        table_id: int,
        deal_id: int,
        seat: int,
        code: str,
        source: ActionSource,
        expected_version: int,
        *,
        at: float | None = None,
    ) -> LoggedAction:
        """Log an accepted action and bump the table's version, atomically.

        ``StaleVersion`` (nothing written) unless the table is at
        ``expected_version``. ``DealError`` codes: ``not_current`` (the deal
        is not the open deal of this table's current match),
        ``deal_finished``, ``bad_seat``. Storage does not judge the action
        itself; the engine has done that before the bot calls this.
        """
        _check_code(code)
        if source not in get_args(ActionSource):
            raise ValueError(f"unknown action source {source!r}")
        async with self._db.transaction() as conn:
            table = await load_table(conn, table_id)
            check_version(table_id, table.version, expected_version)
            deal = await _load_deal_row(conn, deal_id)
            match = await load_current_match(conn, table_id)
            if deal["table_id"] != table_id or match is None or deal["match_id"] != match.id:
                raise DealError("not_current", f"deal {deal_id} is not current at table {table_id}")
            if deal["outcome_json"] is not None:
                raise DealError("deal_finished", f"deal {deal_id} is finished")
            if table.status != "playing":
                raise WrongStatus(table_id, table.status, "actions need a playing table")
            if not 0 <= seat < match.seat_count:
                raise DealError("bad_seat", f"no seat {seat} in a {match.seat_count}-seat match")
            nxt = await fetch_one(
                conn,
                "SELECT COALESCE(MAX(idx) + 1, 0) AS n FROM actions WHERE deal_id = ?",
                (deal_id,),
            )
            assert nxt is not None
            version = await bump_version(conn, table_id, expected_version)
            row = await fetch_one(
                conn,
                "INSERT INTO actions (deal_id, idx, seat, code, source, version, at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)"
                " RETURNING deal_id, idx, seat, code, source, version, at",
                (deal_id, nxt["n"], seat, code, source, version, at),
            )
        assert row is not None
        return _action(row)

    async def list_actions(self, deal_id: int) -> list[LoggedAction]:
        """The deal's action log in the order it was accepted."""
        async with self._db.read() as conn:
            rows = await fetch_all(
                conn,
                "SELECT deal_id, idx, seat, code, source, version, at FROM actions"
                " WHERE deal_id = ? ORDER BY idx",
                (deal_id,),
            )
        return [_action(r) for r in rows]

    async def finish_deal(
        self,
        deal_id: int,
        outcome: Any,
        scores: Sequence[int] | None = None,
        *,
        match_state: Any = None,
        places: Sequence[int] | None = None,
        at: float | None = None,
    ) -> Deal:
        """Close the deal with the engine's outcome, in one transaction with its effects.

        ``scores`` (one int per seat, in the variant's unit) are stored with
        the deal and added to the chat's tally for every human seat, under
        the name it has now. ``match_state``, when not ``None``, replaces the
        match's running state. ``places`` (one per seat, 1 = first) says the
        deal ended the match: the table becomes ``finished`` (its version bumps,
        its deadline goes) and every human seat is credited with the match.
        ``DealError`` codes: ``deal_finished``, ``bad_scores`` (wrong length).
        """
        if scores is not None and not all(
            isinstance(s, int) and not isinstance(s, bool) for s in scores
        ):
            raise ValueError(f"scores must be ints, got {list(scores)!r}")
        outcome_json = dump_json(outcome)
        async with self._db.transaction() as conn:
            deal = await _load_deal_row(conn, deal_id)
            if deal["outcome_json"] is not None:
                raise DealError("deal_finished", f"deal {deal_id} is already finished")
            if scores is not None and len(scores) != deal["seat_count"]:
                raise DealError(
                    "bad_scores", f"{len(scores)} scores for {deal['seat_count']} seats"
                )
            await conn.execute(
                "UPDATE deals SET outcome_json = ?, scores_json = ?, finished_at = ?"
                " WHERE deal_id = ?",
                (outcome_json, None if scores is None else dump_json(list(scores)), at, deal_id),
            )
            if match_state is not None:
                await conn.execute(
                    "UPDATE matches SET state_json = ? WHERE match_id = ?",
                    (dump_json(match_state), deal["match_id"]),
                )
            if scores is not None:
                await self._credit(conn, deal, scores)
            if places is not None:
                if len(places) != deal["seat_count"]:
                    raise DealError(
                        "bad_places", f"{len(places)} places for {deal['seat_count']} seats"
                    )
                await self._end_match(conn, deal, places)
            return _deal(await _load_deal_row(conn, deal_id))

    @staticmethod
    async def _end_match(
        conn: aiosqlite.Connection, deal: aiosqlite.Row, places: Sequence[int]
    ) -> None:
        table = await load_table(conn, deal["table_id"])
        if table.status != "playing":
            raise WrongStatus(table.id, table.status, "a match ends at a playing table")
        match = await fetch_one(
            conn, "SELECT variant_id FROM matches WHERE match_id = ?", (deal["match_id"],)
        )
        assert match is not None
        seats = await load_seats(conn, table.id)
        placings = [
            Placing(s.user_id, s.display_name, int(places[s.seat_no]))
            for s in seats
            if s.user_id is not None and s.seat_no < len(places)
        ]
        await credit_match(conn, table.chat_id, match["variant_id"], placings)
        await conn.execute("UPDATE tables SET status = 'finished' WHERE table_id = ?", (table.id,))
        await conn.execute("DELETE FROM deadlines WHERE table_id = ?", (table.id,))
        await bump_version(conn, table.id, table.version)

    @staticmethod
    async def _credit(
        conn: aiosqlite.Connection, deal: aiosqlite.Row, scores: Sequence[int]
    ) -> None:
        table = await load_table(conn, deal["table_id"])
        match = await fetch_one(
            conn, "SELECT variant_id FROM matches WHERE match_id = ?", (deal["match_id"],)
        )
        assert match is not None
        seats = await load_seats(conn, table.id)
        credits = [
            Credit(s.user_id, s.display_name, scores[s.seat_no])
            for s in seats
            if s.user_id is not None and s.seat_no < len(scores)
        ]
        await credit_deal(conn, table.chat_id, match["variant_id"], credits)
