"""Telling a player that their decision is due, once, and tidying up after.

An edit of the hand message makes no sound, so a player who looked away
would never know the table waits for them. When a human's decision becomes
due and they have not acted within ``ping_delay`` seconds, one short message
goes to their direct chat (a new message, so Telegram notifies); the turn's
reminder near the deadline is a second one. Both are deleted as soon as the
turn is over, so the direct chat keeps only the hand. A turn is a seat being
due from one of its actions to the next (``LiveTable.seat_epoch``): a Blázen
defender who stays due while cards are thrown in is pinged once, not per
card. A player marked away (they timed out) gets neither: the computer plays
for them after the short away time, and pinging them every few seconds would
only fill their chat.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from telegram.error import TelegramError

from bot.live import LiveTable
from bot.publisher import Content, Publisher
from bot.render.i18n import I18n
from bot.tasks import spawn
from games.engine import Seat

__all__ = ["Pinger"]

Delete = Callable[[int, int], Awaitable[object]]


@dataclass(eq=False)
class _Turn:
    """One seat's turn: since when, the pending ping, the messages sent about it."""

    epoch: int
    user_id: int
    task: asyncio.Task[None] | None = None
    messages: list[int] = field(default_factory=list)
    ended: bool = False


class Pinger:
    """Pings and reminders of due human seats, removed once the turn is over."""

    def __init__(self, publisher: Publisher, i18n: I18n, delay: float) -> None:
        self.publisher = publisher
        self.i18n = i18n
        self.delay = delay
        self.delete: Delete | None = None
        """How a message is deleted (``Bot.delete_message``); without it, none is."""
        self.user_lang: Callable[[int], str] = lambda user_id: i18n.default
        self._turns: dict[tuple[int, Seat], _Turn] = {}
        self.sent = 0
        self.on_ping: Callable[[LiveTable, Seat], object] = lambda live, seat: None
        """Told once a turn's ping is out (the presenter then offers the decision in
        the direct chat of a player who answers it in the group)."""

    def update(self, live: LiveTable, due: list[Seat], away: set[Seat]) -> None:
        """The table changed: end the turns that are over, start the new ones."""
        for key, turn in list(self._turns.items()):
            if key[0] != live.id:
                continue
            seat = key[1]
            if seat not in due or turn.epoch != live.seat_epoch(seat):
                self._end(key)
        for seat in due:
            key = (live.id, seat)
            user_id = live.row.seats[seat].user_id
            if key in self._turns or user_id is None:
                continue
            turn = _Turn(live.seat_epoch(seat), user_id)
            self._turns[key] = turn
            if seat not in away:
                turn.task = spawn(self._ping_later(live, key, turn), name=f"ping:{key}")

    def pinged(self, live: LiveTable, seat: Seat) -> bool:
        """Whether the current turn of ``seat`` has had its ping."""
        turn = self._turns.get((live.id, seat))
        return turn is not None and turn.epoch == live.seat_epoch(seat) and bool(turn.messages)

    def remind(self, live: LiveTable, seat: Seat, content: Content) -> None:
        """Send the turn's reminder; it goes when the turn does."""
        key = (live.id, seat)
        turn = self._turns.get(key)
        if turn is None:
            return
        spawn(self._tell(live, key, turn, content), name=f"remind:{live.id}:{seat}")

    def forget(self, table_id: int) -> None:
        """The table is gone: end all its turns."""
        for key in [k for k in self._turns if k[0] == table_id]:
            self._end(key)

    def close(self) -> None:
        for turn in self._turns.values():
            if turn.task is not None:
                turn.task.cancel()
        self._turns.clear()

    # -- helpers -----------------------------------------------------------------------

    async def _ping_later(self, live: LiveTable, key: tuple[int, Seat], turn: _Turn) -> None:
        await asyncio.sleep(self.delay)
        turn.task = None
        if self._turns.get(key) is not turn:
            return
        tr = self.i18n.for_lang(self.user_lang(turn.user_id))
        title = live.variant.title.get(tr.lang, live.variant.id)
        await self._tell(live, key, turn, Content(tr("ping.turn", game=title)))

    async def _tell(
        self, live: LiveTable, key: tuple[int, Seat], turn: _Turn, content: Content
    ) -> None:
        """Post a ping or reminder; once it is out, ``on_ping`` (the turn still running)."""
        await self._post(turn, content)
        if self._turns.get(key) is turn and turn.messages:
            self.on_ping(live, key[1])

    async def _post(self, turn: _Turn, content: Content) -> None:
        message_id = await self.publisher.post(turn.user_id, content)
        if message_id is None:
            return
        self.sent += 1
        if turn.ended:  # acted while the message was on its way
            await self._delete(turn.user_id, message_id)
        else:
            turn.messages.append(message_id)

    def _end(self, key: tuple[int, Seat]) -> None:
        turn = self._turns.pop(key)
        turn.ended = True
        if turn.task is not None:
            turn.task.cancel()
        for message_id in turn.messages:
            spawn(self._delete(turn.user_id, message_id), name=f"unping:{key}")
        turn.messages.clear()

    async def _delete(self, chat_id: int, message_id: int) -> None:
        if self.delete is None:
            return
        with contextlib.suppress(TelegramError):
            await self.delete(chat_id, message_id)
