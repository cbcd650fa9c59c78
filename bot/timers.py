"""Turn deadlines: stored in ``storage.deadlines``, run by PTB's job queue.

A table has at most one deadline, for its current state: the reminder of
the seats whose move is due (at two thirds of their time), then their turn
deadline; it names the first of them. Each carries the table version
it was set for; when it fires, the driver checks that version against the
table, so a deadline left over from an earlier turn does nothing. Deadlines
are written before the job is scheduled, and ``load`` + ``arm`` schedule
them again after a restart, so a player cannot escape a timeout by a crash.
"""

from __future__ import annotations

import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

from apscheduler.jobstores.base import JobLookupError  # type: ignore[import-untyped]
from telegram.ext import ContextTypes, Job, JobQueue

from storage import Deadline, Store

__all__ = ["Timers"]

_LOG = logging.getLogger(__name__)
REMINDER_SHARE = 2 / 3
"""The reminder comes after this share of a turn's time."""


class Timers:
    """Sets, re-arms and clears the deadlines of tables."""

    def __init__(
        self,
        store: Store,
        job_queue: JobQueue[Any],
        on_due: Callable[[Deadline], Awaitable[None]],
        clock: Callable[[], float] = time.time,
    ) -> None:
        self._store = store
        self._queue = job_queue
        self._on_due = on_due
        self._clock = clock
        self._armed: dict[int, Deadline] = {}
        self._jobs: dict[int, Job[Any]] = {}

    async def load(self) -> None:
        """Read the stored deadlines (at start-up); ``arm`` schedules the ones still due."""
        self._armed = {d.table_id: d for d in await self._store.deadlines.list_all()}

    def pending(self, table_id: int) -> Deadline | None:
        return self._armed.get(table_id)

    async def arm(self, table_id: int, seat: int, version: int, timeout: float) -> None:
        """Give ``seat`` ``timeout`` seconds for the turn at ``version``.

        A deadline already set for the same seat and version is kept (and
        scheduled if it is not yet), so re-rendering or restarting never
        gives a player more time.
        """
        current = self._armed.get(table_id)
        if current is not None and (current.seat, current.version) == (seat, version):
            if table_id not in self._jobs:
                self._schedule(current)
            return
        due = self._clock() + timeout * REMINDER_SHARE
        await self.set(table_id, seat, "reminder", due, version)

    async def set(self, table_id: int, seat: int, kind: str, due_at: float, version: int) -> None:
        """Store a deadline and schedule its job."""
        deadline = await self._store.deadlines.set(
            table_id, seat=seat, kind=kind, due_at=due_at, version=version
        )
        self._armed[table_id] = deadline
        self._schedule(deadline)

    async def clear(self, table_id: int) -> None:
        """No deadline for this table (nobody human to wait for)."""
        self._cancel(table_id)
        if self._armed.pop(table_id, None) is not None:
            await self._store.deadlines.clear(table_id)

    def pause(self, table_id: int) -> None:
        """Nobody human to wait for just now (a computer's turn): stop the job only.

        The stored deadline stays: it names an older version, so it can never
        fire for a later turn, and the next human turn overwrites it. That
        saves a write per computer move.
        """
        self._cancel(table_id)

    def forget(self, table_id: int) -> None:
        """Drop the job of a table whose deadline storage already removed (a stopped table)."""
        self._cancel(table_id)
        self._armed.pop(table_id, None)

    def cancel_all(self) -> None:
        for table_id in list(self._jobs):
            self._cancel(table_id)

    def _cancel(self, table_id: int) -> None:
        job = self._jobs.pop(table_id, None)
        if job is not None and not job.removed:
            with contextlib.suppress(JobLookupError):  # it ran, or the queue has stopped
                job.schedule_removal()

    def _schedule(self, deadline: Deadline) -> None:
        self._cancel(deadline.table_id)
        delay = max(0.0, deadline.due_at - self._clock())
        self._jobs[deadline.table_id] = self._queue.run_once(
            self._fire, delay, data=deadline, name=f"deadline:{deadline.table_id}"
        )

    async def _fire(self, context: ContextTypes.DEFAULT_TYPE) -> None:
        job = context.job
        assert job is not None
        deadline: Deadline = job.data  # type: ignore[assignment]
        if self._jobs.get(deadline.table_id) is job:
            del self._jobs[deadline.table_id]
        if self._armed.get(deadline.table_id) != deadline:
            return  # replaced meanwhile
        try:
            await self._on_due(deadline)
        except Exception:
            _LOG.exception("deadline of table %s failed", deadline.table_id)
