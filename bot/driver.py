"""Moving tables forward on their own: computer seats and turn deadlines.

After every committed change the driver asks the variant whose move is due
(``Variant.due``: a game may wait for several seats at once, and a seat that
may only interject, such as a Blázen redeal, is not due). A due computer
seat plays after ``bot_delay`` seconds (a human-readable pace); the due human
seats share one deadline for the state (``bot.timers``), as long as the
longest of their clocks. A clock is the table's time per turn times the
variant's ``turn_share`` for the decision (a Blázen throw-in gets a third),
so nobody waits long for a silent thrower. When the reminder fires the
players get a private nudge; when the deadline fires each of them gets the
rules' default move (``Variant.timeout_action``), or a computer player's
choice where the rules name none, logged with source ``timeout``, and the
table message says so. A player who timed out is "away": their next turns
get a short deadline until they press a button again, so one absent player
does not stall a deal for half an hour. A human's only legal move
(``bot.live.forced_code``) is played for them after ``bot_delay``, logged with
source ``forced``, and pings nobody.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import time
from typing import Any

from bot.config import Settings
from bot.live import LiveTable, Notice, TableError, default_level, forced_code
from bot.pings import Pinger
from bot.publisher import Content, Publisher
from bot.render.i18n import I18n
from bot.tables import TableManager
from bot.thinking import Thinker
from bot.timers import REMINDER_SHARE, Timers
from games.engine import GameError, Seat
from storage import Deadline

__all__ = ["Driver"]

_LOG = logging.getLogger(__name__)
_QUIET = frozenset({"picked", "notice", "language", "lobby", "hand", "migrated"})
"""Changes that cannot change who is to act."""
AWAY_SHARE = 1 / 6
"""An away player's turns last this share of the normal time."""


class Driver:
    """A ``TableListener`` that schedules computer moves and turn deadlines."""

    def __init__(
        self,
        tables: TableManager,
        publisher: Publisher,
        i18n: I18n,
        settings: Settings,
        rng: random.Random,
    ) -> None:
        self.tables = tables
        self.publisher = publisher
        self.i18n = i18n
        self.settings = settings
        self.rng = rng
        self.timers: Timers | None = None
        self.user_lang: Any = lambda user_id: i18n.default
        self.away: dict[int, set[Seat]] = {}
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self.thinker = Thinker(
            settings.computer_workers, cap=settings.computer_cap, think=settings.think_seconds
        )
        self.pings = Pinger(publisher, i18n, settings.ping_delay)
        self.pings.user_lang = lambda user_id: str(self.user_lang(user_id))

    # -- the listener ------------------------------------------------------------------

    async def table_changed(self, live: LiveTable, what: str) -> None:
        if what in _QUIET:
            return
        self._cancel(live.id)
        assert self.timers is not None
        if what in ("stopped", "match_over"):
            self.timers.forget(live.id)
            self.pings.forget(live.id)
            self.away.pop(live.id, None)
            return
        if not live.in_deal:
            self.pings.forget(live.id)
            await self.timers.clear(live.id)
            return
        due = sorted(live.variant.due(live.state))
        computers = [s for s in due if live.is_computer(s)]
        humans = [s for s in due if not live.is_computer(s)]
        forced = {s: code for s in humans if (code := self.forced(live, s)) is not None}
        waiting = [s for s in humans if s not in forced]
        self.pings.update(live, waiting, self.away.get(live.id, set()))
        if computers:
            self._tasks[live.id] = asyncio.create_task(
                self._computer_turn(live, computers[0], live.version),
                name=f"computer:{live.id}",
            )
        elif forced:
            seat, code = next(iter(forced.items()))
            self._tasks[live.id] = asyncio.create_task(
                self._forced_turn(live, seat, code, live.version), name=f"forced:{live.id}"
            )
        if humans:
            await self.timers.arm(live.id, humans[0], live.version, self.timeout(live, humans))
        else:
            self.timers.pause(live.id)

    def back(self, live: LiveTable, seat: Seat) -> None:
        """The player pressed something: no longer away."""
        self.away.get(live.id, set()).discard(seat)

    def due_humans(self, live: LiveTable) -> list[Seat]:
        """The human seats whose move the deal waits for now."""
        return [s for s in sorted(live.variant.due(live.state)) if not live.is_computer(s)]

    def timeout(self, live: LiveTable, seats: list[Seat]) -> float:
        """Seconds the due ``seats`` get for the decision now: the longest of their clocks."""
        full = float(live.bot_options.get("turn_timeout", self.settings.turn_timeout))
        away = self.away.get(live.id, set())
        return max(
            full * live.variant.turn_share(live.state, seat) * (AWAY_SHARE if seat in away else 1.0)
            for seat in seats
        )

    async def close(self) -> None:
        """Stop every pending computer move and ping, and the workers (shutdown)."""
        self.pings.close()
        tasks = list(self._tasks.values())
        self._tasks.clear()
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        self.thinker.close()

    # -- computer seats ----------------------------------------------------------------

    def level(self, live: LiveTable) -> str:
        """The kind of computer player that plays at this table: its /settings
        choice, else the operator's level, else its game's default player."""
        chosen = live.bot_options.get("level")
        if chosen is not None:
            return str(chosen)
        return default_level(live.variant.id, self.settings.computer_level)

    def decision(self, live: LiveTable, seat: Seat) -> asyncio.Task[str]:
        """Start deciding ``seat``'s move in the state as it is now, from that seat's
        view only, off the event loop (``bot.thinking``); the task gives the code."""
        state = live.state
        codes = [a.code for a in state.legal_actions(seat)]
        seed = self.rng.getrandbits(64)  # the same seed decides the same in a worker or inline
        thinking = self.thinker.choose(
            live.variant.id, self.level(live), state.view(seat), codes, seat, seed
        )
        return asyncio.create_task(thinking, name=f"think:{live.id}:{seat}")

    async def _computer_turn(self, live: LiveTable, seat: Seat, version: int) -> None:
        thinking = self.decision(live, seat)  # thinks while the pace is waited out
        try:
            await asyncio.sleep(self.settings.bot_delay)
            code = await thinking
            if live.version != version or not live.in_deal:
                return
            await self.tables.act(live, seat, code, "computer", version, exact=True)
        except (TableError, GameError) as error:
            _LOG.debug("computer move at table %s not taken: %s", live.id, error)
        finally:
            thinking.cancel()

    def forced(self, live: LiveTable, seat: Seat) -> str | None:
        """The human seat's only move, which the driver plays for them (``forced_code``)."""
        return forced_code(live, seat, self.settings.autoplay)

    async def _forced_turn(self, live: LiveTable, seat: Seat, code: str, version: int) -> None:
        """Play a human's only move at the computer's pace, so the others see it happen."""
        try:
            await asyncio.sleep(self.settings.bot_delay)
            if live.version != version or not live.in_deal:
                return
            await self.tables.act(live, seat, code, "forced", version, exact=True)
        except (TableError, GameError) as error:
            _LOG.debug("forced move at table %s not taken: %s", live.id, error)

    def _cancel(self, table_id: int) -> None:
        task = self._tasks.pop(table_id, None)
        if task is not None and task is not asyncio.current_task():
            task.cancel()

    # -- deadlines ---------------------------------------------------------------------

    async def on_deadline(self, deadline: Deadline) -> None:
        """A reminder or turn deadline fired (``Timers`` calls this)."""
        live = self.tables.get(deadline.table_id)
        if live is None or live.version != deadline.version or not live.in_deal:
            return
        humans = self.due_humans(live)
        if deadline.seat not in humans:
            return
        assert self.timers is not None
        if deadline.kind == "reminder":
            rest = self.timeout(live, humans) * (1 - REMINDER_SHARE)
            for seat in humans:
                self._remind(live, seat, rest)
            await self.timers.set(
                live.id, deadline.seat, "turn", time.time() + rest, deadline.version
            )
            return
        for seat in humans:  # everyone the state waited for has run out of time
            if not live.in_deal or seat not in live.variant.due(live.state):
                continue  # an earlier timeout move settled it (a window of throwers)
            await self._time_out(live, seat)

    async def _time_out(self, live: LiveTable, seat: Seat) -> None:
        """Play the rules' default move (or a computer's) for a seat out of time."""
        self.away.setdefault(live.id, set()).add(seat)
        version = live.version
        action = live.variant.timeout_action(live.state, seat)
        code = action.code if action is not None else await self.decision(live, seat)
        notice = Notice("notice.timeout", {"name": live.names[seat], "action_code": code})
        try:
            await self.tables.act(live, seat, code, "timeout", version, notice=notice, exact=True)
        except (TableError, GameError) as error:
            _LOG.info("timeout move at table %s not taken: %s", live.id, error)

    def _remind(self, live: LiveTable, seat: Seat, seconds: float) -> None:
        """The turn's reminder, unless the player is away (they get no reminders until back)."""
        user_id = live.row.seats[seat].user_id
        if user_id is None or seat in self.away.get(live.id, set()):
            return
        tr = self.i18n.for_lang(self.user_lang(user_id))
        text = tr("remind.turn", seconds=max(1, round(seconds)))
        self.pings.remind(live, seat, Content(text))
