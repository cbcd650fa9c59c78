"""Getting messages to Telegram within its limits, without ever losing the latest.

The bot renders a table after every change, far more often than Telegram lets
it edit a group message (about 20 messages or edits a minute per group, about
one a second per private chat). So rendering and sending are decoupled:

* A ``Slot`` is one message the bot keeps showing (the group's table message,
  a player's hand). ``Publisher.show(slot, content)`` only records the newest
  content; an older content that was not sent yet is simply replaced.
* One worker per chat (a ``Lane``) sends what is pending, oldest slot first,
  new messages before edits, and paces itself: in a group at most
  ``group_budget`` operations per ``group_window`` (edits leave ``reserve`` of
  them for new messages) and at least ``edit_interval`` between edits; in a
  private chat ``private_interval`` between edits. That bounds the group rate
  at any pace of play; ``AIORateLimiter`` stays behind it as a safety net.
* Content equal to what the chat already shows is never sent (no "message is
  not modified"); the digest of what is shown is persisted by the slot's
  owner so this holds across restarts.
* A 429 blocks the lane for ``retry_after``; the slot keeps its newest
  content and is sent when the lane opens. A 403 closes the slot and tells
  the owner (the player blocked the bot): it never stops a table.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dtm
import hashlib
import json
import logging
import warnings
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from telegram import Bot, InlineKeyboardMarkup, LinkPreviewOptions
from telegram.constants import ParseMode
from telegram.error import BadRequest, Forbidden, NetworkError, RetryAfter, TimedOut

from bot.config import Settings

__all__ = ["Content", "Publisher", "ShownHook", "Slot", "retry_seconds"]

_LOG = logging.getLogger(__name__)
_NO_PREVIEW = LinkPreviewOptions(is_disabled=True)
_MAX_ATTEMPTS = 5


@dataclass(frozen=True, slots=True)
class Content:
    """What a message should show: HTML text and an optional inline keyboard."""

    text: str
    keyboard: InlineKeyboardMarkup | None = None

    @property
    def digest(self) -> str:
        markup = None if self.keyboard is None else self.keyboard.to_dict()
        raw = json.dumps([self.text, markup], sort_keys=True, ensure_ascii=False)
        return hashlib.sha256(raw.encode("utf-8")).hexdigest()[:24]


ShownHook = Callable[["Slot"], Awaitable[None]]


@dataclass(eq=False)
class Slot:
    """A message the bot keeps up to date; created by the first flush, edited after."""

    chat_id: int
    message_id: int | None = None
    shown: str | None = None
    """Digest of what the chat shows now (``None``: unknown or nothing)."""
    on_shown: ShownHook | None = None
    pending: Content | None = None
    closed: bool = False
    waiter: asyncio.Future[int | None] | None = None
    attempts: int = 0

    def reopen(self) -> None:
        """Allow sending again after a 403 (the player wrote to the bot again)."""
        self.closed = False


def retry_seconds(error: RetryAfter) -> float:
    """``retry_after`` in seconds, whichever type this PTB version reports."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        value = error.retry_after
    if isinstance(value, dtm.timedelta):
        return value.total_seconds()
    return float(value)


@dataclass(eq=False)
class _Lane:
    """The send queue and pacing state of one chat."""

    chat_id: int
    queue: list[Slot] = field(default_factory=list)
    recent: deque[float] = field(default_factory=deque)
    last_op: float = -1e9
    blocked_until: float = 0.0
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    task: asyncio.Task[None] | None = None

    @property
    def group(self) -> bool:
        return self.chat_id < 0


class Publisher:
    """Coalescing, rate-aware sending of messages and edits; one per bot."""

    def __init__(
        self,
        bot: Bot,
        settings: Settings,
        *,
        on_forbidden: Callable[[int], Awaitable[None]] | None = None,
    ) -> None:
        self._bot = bot
        self._settings = settings
        self.on_forbidden = on_forbidden
        self._lanes: dict[int, _Lane] = {}
        self._closed = False
        self.sent = 0
        self.skipped_identical = 0

    # -- API ---------------------------------------------------------------------------

    def show(self, slot: Slot, content: Content) -> None:
        """Make ``slot`` show ``content`` as soon as the limits allow."""
        if slot.closed or self._closed:
            return
        if slot.message_id is not None and content.digest == slot.shown:
            slot.pending = None
            self.skipped_identical += 1
            return
        slot.pending = content
        lane = self._lanes.get(slot.chat_id)
        if lane is None:
            lane = self._lanes[slot.chat_id] = _Lane(slot.chat_id)
        if slot not in lane.queue:
            lane.queue.append(slot)
        lane.wake.set()
        if lane.task is None or lane.task.done():
            lane.task = asyncio.create_task(self._run(lane), name=f"lane:{slot.chat_id}")

    def send(self, chat_id: int, content: Content) -> Slot:
        """Queue a new message; returns at once (handlers never wait for the budget)."""
        slot = Slot(chat_id)
        self.show(slot, content)
        return slot

    async def post(self, chat_id: int, content: Content) -> int | None:
        """Send a new message and wait for it; its id, or ``None`` if it could not be sent."""
        slot = Slot(chat_id)
        slot.waiter = asyncio.get_running_loop().create_future()
        self.show(slot, content)
        if slot.pending is None:
            return None
        return await slot.waiter

    async def flush(self, timeout: float = 5.0) -> bool:
        """Wait until every queue is empty (or ``timeout``); whether it emptied."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while any(lane.queue for lane in self._lanes.values()):
            if loop.time() >= deadline:
                return False
            await asyncio.sleep(0.02)
        return True

    async def close(self) -> None:
        """Stop every worker; what is still pending is dropped (the log rebuilds it)."""
        self._closed = True
        tasks = [lane.task for lane in self._lanes.values() if lane.task is not None]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        for lane in self._lanes.values():
            for slot in lane.queue:
                _resolve(slot, None)

    # -- the worker --------------------------------------------------------------------

    async def _run(self, lane: _Lane) -> None:
        loop = asyncio.get_running_loop()
        while lane.queue:
            slot = next((s for s in lane.queue if s.message_id is None), lane.queue[0])
            wait = self._wait(lane, slot, loop.time())
            if wait > 0:
                lane.wake.clear()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(lane.wake.wait(), wait)
                continue
            content = slot.pending
            if content is None or slot.closed:
                lane.queue.remove(slot)
                _resolve(slot, None)
                continue
            if slot.message_id is not None and content.digest == slot.shown:
                slot.pending = None  # shown meanwhile (the same content came back)
                lane.queue.remove(slot)
                _resolve(slot, slot.message_id)
                continue
            done = await self._deliver(lane, slot, content)
            if done and slot.pending is content:
                slot.pending = None
            if slot.pending is None and slot in lane.queue:
                lane.queue.remove(slot)
                _resolve(slot, slot.message_id if not slot.closed else None)
        lane.task = None

    def _wait(self, lane: _Lane, slot: Slot, now: float) -> float:
        """Seconds until ``slot`` may be sent in this lane."""
        s = self._settings
        waits = [lane.blocked_until - now]
        new = slot.message_id is None
        if lane.group:
            window = s.group_window
            while lane.recent and lane.recent[0] <= now - window:
                lane.recent.popleft()
            allowed = s.group_budget if new else s.group_budget - s.reserve
            if len(lane.recent) >= allowed:
                waits.append(lane.recent[len(lane.recent) - allowed] + window - now)
            if not new:
                waits.append(lane.last_op + s.edit_interval - now)
        elif not new:
            waits.append(lane.last_op + s.private_interval - now)
        return max(waits)

    async def _deliver(self, lane: _Lane, slot: Slot, content: Content) -> bool:
        """One send or edit; whether ``content`` is now what the chat shows."""
        loop = asyncio.get_running_loop()
        try:
            if slot.message_id is None:
                message = await self._bot.send_message(
                    slot.chat_id,
                    content.text,
                    parse_mode=ParseMode.HTML,
                    reply_markup=content.keyboard,
                    link_preview_options=_NO_PREVIEW,
                )
                slot.message_id = message.message_id
            else:
                await self._bot.edit_message_text(
                    content.text,
                    chat_id=slot.chat_id,
                    message_id=slot.message_id,
                    parse_mode=ParseMode.HTML,
                    reply_markup=content.keyboard,
                    link_preview_options=_NO_PREVIEW,
                )
            self.sent += 1
        except RetryAfter as error:
            lane.blocked_until = loop.time() + retry_seconds(error)
            _LOG.info("429 in chat %s: waiting %.1fs", slot.chat_id, retry_seconds(error))
            return False
        except Forbidden:
            slot.closed = True
            slot.pending = None
            if self.on_forbidden is not None:
                await self.on_forbidden(slot.chat_id)
            return False
        except BadRequest as error:
            text = error.message.lower()
            if "not modified" in text:
                _LOG.warning("identical edit of %s/%s", slot.chat_id, slot.message_id)
            elif "not found" in text or "can't be edited" in text:
                slot.message_id = None  # deleted by someone: send it anew
                return False
            else:
                _LOG.error("Telegram refused content for %s: %s", slot.chat_id, error.message)
                slot.pending = None
                return False
        except (TimedOut, NetworkError) as error:
            slot.attempts += 1
            if slot.attempts >= _MAX_ATTEMPTS:
                _LOG.error("giving up on %s after %s: %s", slot.chat_id, slot.attempts, error)
                slot.pending = None
                slot.attempts = 0
                return False
            lane.blocked_until = loop.time() + 0.5 * slot.attempts
            return False
        finally:
            lane.last_op = loop.time()
        lane.recent.append(lane.last_op)
        slot.attempts = 0
        slot.shown = content.digest
        if slot.on_shown is not None:
            await slot.on_shown(slot)
        return True


def _resolve(slot: Slot, value: int | None) -> None:
    if slot.waiter is not None and not slot.waiter.done():
        slot.waiter.set_result(value)
