"""Getting messages to Telegram within its limits, without ever losing the latest.

The bot renders a table after every change, far more often than Telegram lets
it edit a group message (about 20 messages or edits a minute per group, about
one a second per private chat). So rendering and sending are decoupled:

* A ``Slot`` is one message the bot keeps showing (the group's table message,
  a player's hand). ``Publisher.show(slot, content)`` only records the newest
  content; an older content that was not sent yet is simply replaced.
* One worker per chat (a ``Lane``) sends what is pending and paces itself: in
  a group at most ``group_budget`` operations per ``group_window``, and at
  least ``edit_interval`` between table edits; in a private chat
  ``private_interval`` between edits. That bounds the group rate at any pace
  of play; ``AIORateLimiter`` stays behind it as a safety net.
* The chat's own messages go first: a slot's new message before its edits,
  and both before any command reply (``Publisher.reply``). A group gives
  replies at most ``reply_budget`` operations a window (never more than
  ``reserve``), while table edits may use ``group_budget - reserve`` of the
  others, so no number of commands typed can hold up the table; replies
  still waiting are bounded too: an identical one is given once, and only
  the newest ``reply_budget`` wait.
* Content equal to what the chat already shows is never sent (no "message is
  not modified"); the digest of what is shown is persisted by the slot's
  owner (``wait_shown`` tells it when) so this holds across restarts.

Failures never drop the newest content of a message:

* A 429 blocks the lane for ``retry_after``.
* A network error, a timeout or a 5xx (Telegram unreachable) is retried with
  exponential back-off up to ``retry_ceiling``; any success, or any update
  from Telegram (``reachable``), ends every such wait at once.
* A chat that refuses the bot (400 "chat not found", "not enough rights",
  403 "bot was kicked") is not hammered: a group's lane is parked, keeping
  its newest content, and tried again with back-off up to ``park_ceiling``;
  a private chat's slot is closed and its owner told (the player blocked the
  bot): it never stops a table.
* A group upgraded to a supergroup (``ChatMigrated``) moves: every slot of
  the old id is sent anew in the new chat, and ``on_migrated`` tells the
  owner so the table follows.
* A send whose answer was lost may still have been posted, with live buttons
  and an id the bot never learns. Telegram has no idempotency key, so the
  publisher finds it instead: while such an orphan may exist, new messages
  go out without their keyboard (added by an edit once the id is known), and
  the first message the chat shows after the last id the bot knew is the
  orphan if anything is: the chat's next successful send bounds the search,
  ``editMessageReplyMarkup`` (which succeeds only on the bot's own message)
  strips it and it is deleted. This relies on every message the bot sends
  going through the publisher, and it needs a known id to start from: until
  the bot has sent anything since it started, keyboards are added by an edit
  too (one extra call per chat and process, never one per message).
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
from telegram.error import BadRequest, ChatMigrated, Forbidden, RetryAfter, TelegramError

from bot.config import Settings

__all__ = ["Content", "Publisher", "ShownHook", "Slot", "retry_seconds"]

_LOG = logging.getLogger(__name__)
_NO_PREVIEW = LinkPreviewOptions(is_disabled=True)
_RETRY_BASE = 0.5
"""Seconds before the first retry after a network error; doubled up to ``retry_ceiling``."""
_PARK_BASE = 2.0
"""Seconds before a chat that refused the bot is tried again; doubled up to ``park_ceiling``."""
_MAX_PROBES = 30
"""Message ids checked for an orphan after a lost send (a user may have written meanwhile)."""
_KNOWN_IDS = 512
"""How many ids of its own recent messages the publisher remembers per id space."""
_MESSAGE_GONE = ("message to edit not found", "message can't be edited", "message_id_invalid")
"""400s about the kept message only: it was deleted or is too old, so it is sent anew."""
_CHAT_REFUSED = (
    "chat not found",
    "not enough rights",
    "have no rights",
    "need administrator rights",
    "chat_write_forbidden",
    "chat_restricted",
    "peer_id_invalid",
    "group chat was deactivated",
    "bot is not a member",
)
"""400s saying the chat itself cannot be written to now (gone, or the bot lost its rights)."""


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
    reply: bool = False
    """A command's answer: sent after the chat's own messages, bounded in a group."""
    attach: bool = False
    """Sent without its keyboard (an orphan may exist, see the module doc): add it now."""

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


def _space(chat_id: int) -> int:
    """The chat's message-id sequence: a supergroup's own, else the bot's one mailbox.

    Telegram numbers the messages of private chats and basic groups in one
    sequence per account; only supergroups (ids -100...) number their own.
    """
    return chat_id if str(chat_id).startswith("-100") else 0


@dataclass(eq=False)
class _IdSpace:
    """What the publisher knows of one message-id sequence."""

    top: int | None = None
    """The highest id of a message this process sent (``None``: none yet)."""
    known: deque[int] = field(default_factory=lambda: deque(maxlen=_KNOWN_IDS))


@dataclass(eq=False)
class _Lane:
    """The send queue, pacing and failure state of one chat."""

    chat_id: int
    queue: list[Slot] = field(default_factory=list)
    recent: deque[float] = field(default_factory=deque)
    """Times of every operation in the current window."""
    table_ops: deque[float] = field(default_factory=deque)
    """Times of the chat's own operations (not replies) in the current window."""
    reply_ops: deque[float] = field(default_factory=deque)
    last_op: float = -1e9
    last_table_op: float = -1e9
    blocked_until: float = 0.0
    """A 429's retry_after."""
    retry_at: float = 0.0
    """Back-off after failures (network, or the chat refusing the bot)."""
    failures: int = 0
    """Consecutive network failures."""
    woken: bool = False
    """This run of failures had its early retry (``Publisher.reachable``)."""
    refusals: int = 0
    """Consecutive refusals by the chat; while any, the lane is parked."""
    orphan_after: int | None = None
    """A send with buttons was lost: an orphan may be the first message after this id."""
    probes: list[int] = field(default_factory=list)
    """Ids to check, in order, for that orphan."""
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    task: asyncio.Task[None] | None = None

    @property
    def group(self) -> bool:
        return self.chat_id < 0

    @property
    def parked(self) -> bool:
        return self.refusals > 0


class Publisher:
    """Coalescing, rate-aware sending of messages and edits; one per bot."""

    def __init__(
        self,
        bot: Bot,
        settings: Settings,
        *,
        on_forbidden: Callable[[int], Awaitable[None]] | None = None,
        on_migrated: Callable[[int, int], Awaitable[None]] | None = None,
    ) -> None:
        self._bot = bot
        self._settings = settings
        self.on_forbidden = on_forbidden
        self.on_migrated = on_migrated
        """Told ``(old, new)`` when a group turned out to be a supergroup now."""
        self._lanes: dict[int, _Lane] = {}
        self._spaces: dict[int, _IdSpace] = {}
        self._moved: dict[int, int] = {}
        self._backing_off: set[_Lane] = set()
        self._shown = asyncio.Event()
        self._closed = False
        self.sent = 0
        self.skipped_identical = 0
        self.collapsed_replies = 0
        self.dropped_replies = 0
        self.orphans_removed = 0

    # -- API ---------------------------------------------------------------------------

    def show(self, slot: Slot, content: Content) -> None:
        """Make ``slot`` show ``content`` as soon as the limits allow."""
        if slot.closed or self._closed:
            return
        new_id = self._moved.get(slot.chat_id)
        if new_id is not None:
            _relocate(slot, new_id)
        if slot.message_id is not None and content.digest == slot.shown:
            slot.pending = None
            slot.attach = False
            self.skipped_identical += 1
            return
        slot.pending = content
        lane = self._lane(slot.chat_id)
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

    def reply(self, chat_id: int, content: Content) -> Slot:
        """Queue a command's answer: after the chat's own messages, bounded in a group.

        An answer equal to one still waiting is that one (forty /score typed
        at once get one answer); in a group, only the newest ``reply_budget``
        answers wait, older ones are dropped.
        """
        chat_id = self._moved.get(chat_id, chat_id)
        lane = self._lane(chat_id)
        digest = content.digest
        for waiting in lane.queue:
            same = waiting.pending is not None and waiting.pending.digest == digest
            if waiting.reply and waiting.message_id is None and same:
                self.collapsed_replies += 1
                return waiting
        slot = Slot(chat_id, reply=True)
        self.show(slot, content)
        if lane.group:
            queued = [s for s in lane.queue if s.reply and s.message_id is None]
            for old in queued[: max(0, len(queued) - self._settings.reply_budget)]:
                lane.queue.remove(old)
                old.pending = None
                _resolve(old, None)
                self.dropped_replies += 1
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
        """Wait until every queue that can be sent is empty (or ``timeout``); whether it did.

        A parked chat (it refuses the bot) is not waited for: it may never
        take its messages.
        """
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while any((lane.queue or lane.probes) and not lane.parked for lane in self._lanes.values()):
            if loop.time() >= deadline:
                return False
            await asyncio.sleep(0.02)
        return True

    async def wait_shown(self) -> None:
        """Return once a message changed since the last call (to persist what it shows)."""
        await self._shown.wait()
        self._shown.clear()

    def reachable(self) -> None:
        """Telegram answers again (a request succeeded, an update came in): retry now.

        Each chat backing off from network errors gets one early try per run
        of failures, so a chat whose own request keeps failing still backs
        off while the others succeed.
        """
        for lane in self._backing_off:
            if not lane.parked and not lane.woken:
                lane.woken = True
                lane.retry_at = 0.0
                lane.wake.set()

    def move_chat(self, old: int, new: int) -> None:
        """The group ``old`` is the supergroup ``new`` now: its messages go there.

        A message in the old chat cannot be edited from the new one, so every
        slot of ``old``, queued now or shown later, sends its content anew.
        """
        if old == new:
            return
        self._moved[old] = new
        lane = self._lanes.pop(old, None)
        if lane is None:
            return
        slots, lane.queue = lane.queue, []
        lane.probes.clear()
        self._backing_off.discard(lane)
        lane.wake.set()  # its worker finds nothing left and ends
        for slot in slots:
            _relocate(slot, new)
            if slot.pending is not None and not slot.closed:
                self.show(slot, slot.pending)
            else:
                _resolve(slot, None)

    def forget_chat(self, chat_id: int) -> None:
        """The bot is out of the chat for good: drop what still waits for it."""
        lane = self._lanes.pop(chat_id, None)
        if lane is None:
            return
        self._backing_off.discard(lane)
        if lane.task is not None and lane.task is not asyncio.current_task():
            lane.task.cancel()
        for slot in lane.queue:
            slot.pending = None
            _resolve(slot, None)
        lane.queue.clear()

    async def close(self, grace: float = 2.0) -> None:
        """Stop every worker once its request in flight is answered; the rest is dropped.

        A request cut off mid-flight may be performed without its answer
        ever being recorded (an identical edit after the restart, or an
        orphan), so each worker gets ``grace`` seconds to finish the one it
        is in; what is still pending then is dropped (the log rebuilds it).
        """
        self._closed = True
        tasks = [lane.task for lane in self._lanes.values() if lane.task is not None]
        for lane in self._lanes.values():
            lane.wake.set()
        if tasks:
            _, late = await asyncio.wait(tasks, timeout=grace)
            for task in late:
                task.cancel()
            for task in late:
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        for lane in self._lanes.values():
            for slot in lane.queue:
                _resolve(slot, None)

    # -- the worker --------------------------------------------------------------------

    def _lane(self, chat_id: int) -> _Lane:
        lane = self._lanes.get(chat_id)
        if lane is None:
            lane = self._lanes[chat_id] = _Lane(chat_id)
        return lane

    def _id_space(self, chat_id: int) -> _IdSpace:
        key = _space(chat_id)
        space = self._spaces.get(key)
        if space is None:
            space = self._spaces[key] = _IdSpace()
        return space

    async def _run(self, lane: _Lane) -> None:
        loop = asyncio.get_running_loop()
        try:
            while not self._closed and self._lanes.get(lane.chat_id) is lane:
                now = loop.time()
                if lane.probes:
                    wait = self._gate(lane, now, reply=False, new=True)
                    if wait > 0:
                        await self._sleep(lane, wait)
                    else:
                        await self._probe(lane)
                    continue
                self._drop_finished(lane)
                if not lane.queue:
                    break
                slot, wait = self._pick(lane, now)
                if slot is None:
                    await self._sleep(lane, wait)
                    continue
                content = slot.pending
                assert content is not None
                if slot.message_id is not None and content.digest == slot.shown:
                    slot.pending = None  # shown meanwhile (the same content came back)
                    continue
                done = await self._deliver(lane, slot, content)
                if done and slot.pending is content:
                    slot.pending = None
        finally:
            if lane.task is asyncio.current_task():
                lane.task = None

    async def _sleep(self, lane: _Lane, seconds: float) -> None:
        lane.wake.clear()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(lane.wake.wait(), seconds)

    @staticmethod
    def _drop_finished(lane: _Lane) -> None:
        """Take the slots with nothing left to send off the queue."""
        for slot in [s for s in lane.queue if s.pending is None or s.closed]:
            lane.queue.remove(slot)
            _resolve(slot, None if slot.closed else slot.message_id)

    def _pick(self, lane: _Lane, now: float) -> tuple[Slot | None, float]:
        """The slot to send now (the chat's own before replies), or how long to wait."""
        own = [s for s in lane.queue if not s.reply]
        replies = [s for s in lane.queue if s.reply]
        first = (
            next((s for s in own if s.attach), None)
            or next((s for s in own if s.message_id is None), None)
            or (own[0] if own else None)
        )
        reply = next((s for s in replies if s.attach), None) or (replies[0] if replies else None)
        waits = []
        for slot in (first, reply):
            if slot is None:
                continue
            wait = self._wait(lane, slot, now)
            if wait <= 0:
                return slot, 0.0
            waits.append(wait)
        return None, min(waits)

    def _wait(self, lane: _Lane, slot: Slot, now: float) -> float:
        """Seconds until ``slot`` may be sent in this lane."""
        new = slot.message_id is None or slot.attach
        wait = self._gate(lane, now, reply=slot.reply, new=new)
        if slot.attach:
            return wait
        s = self._settings
        if slot.message_id is not None:
            if lane.group and not slot.reply:
                wait = max(wait, lane.last_table_op + s.edit_interval - now)
            elif not lane.group:
                wait = max(wait, lane.last_op + s.private_interval - now)
        return wait

    def _gate(self, lane: _Lane, now: float, *, reply: bool, new: bool) -> float:
        """Seconds until the lane may make an operation of this kind (blocks and budget).

        In a group: every operation counts against ``group_budget``; table
        edits may use ``group_budget - reserve`` of it (the rest is for new
        messages); replies at most ``min(reply_budget, reserve)`` and never
        the last free operation, so they can hold up neither an edit nor a
        result.
        """
        waits = [lane.blocked_until - now, lane.retry_at - now]
        if lane.group:
            s = self._settings
            window = s.group_window
            for times in (lane.recent, lane.table_ops, lane.reply_ops):
                while times and times[0] <= now - window:
                    times.popleft()
            if reply:
                share = min(s.reply_budget, s.reserve)
                waits.append(_until_below(lane.reply_ops, share, window, now))
                waits.append(_until_below(lane.recent, s.group_budget - 1, window, now))
            else:
                waits.append(_until_below(lane.recent, s.group_budget, window, now))
                if not new:
                    allowed = s.group_budget - s.reserve
                    waits.append(_until_below(lane.table_ops, allowed, window, now))
        return max(waits)

    def _cautious(self, lane: _Lane) -> bool:
        """Whether a new message must go without its keyboard (see the module doc)."""
        return (
            self._id_space(lane.chat_id).top is None
            or lane.orphan_after is not None
            or lane.failures > 0
        )

    async def _deliver(self, lane: _Lane, slot: Slot, content: Content) -> bool:
        """One send or edit; whether ``content`` is now what the chat shows."""
        loop = asyncio.get_running_loop()
        chat_id = slot.chat_id
        new = slot.message_id is None
        sent = content
        if new and content.keyboard is not None and self._cautious(lane):
            sent = Content(content.text)
        space = self._id_space(chat_id)
        before = space.top
        failure: Exception | None = None
        message_id = slot.message_id
        try:
            if new:
                message = await self._bot.send_message(
                    chat_id,
                    sent.text,
                    parse_mode=ParseMode.HTML,
                    reply_markup=sent.keyboard,
                    link_preview_options=_NO_PREVIEW,
                )
                message_id = message.message_id
            else:
                await self._bot.edit_message_text(
                    sent.text,
                    chat_id=chat_id,
                    message_id=slot.message_id,
                    parse_mode=ParseMode.HTML,
                    reply_markup=sent.keyboard,
                    link_preview_options=_NO_PREVIEW,
                )
        except Exception as error:  # every failure is judged below; none may stop the lane
            failure = error
        finally:
            lane.last_op = loop.time()
            if not slot.reply:
                lane.last_table_op = lane.last_op
        if slot.chat_id != chat_id:
            return False  # the group moved to its supergroup meanwhile (see move_chat)
        if failure is not None:
            if not self._shown_anyway(failure, slot):
                lost = before if new and sent.keyboard is not None else None
                await self._failed(lane, slot, failure, orphan_after=lost)
                return False
        elif new:
            assert message_id is not None
            slot.message_id = message_id
            self._learn_id(lane, space, message_id)
        self.sent += 1
        self._succeeded(lane, reply=slot.reply)
        slot.attach = sent is not content
        slot.shown = sent.digest
        if slot.on_shown is not None:
            await slot.on_shown(slot)
        self._shown.set()
        return sent is content

    @staticmethod
    def _shown_anyway(failure: Exception, slot: Slot) -> bool:
        """An identical edit: the chat already shows the content (a lost answer's retry)."""
        if isinstance(failure, BadRequest) and "not modified" in failure.message.lower():
            _LOG.warning("identical edit of %s/%s", slot.chat_id, slot.message_id)
            return True
        return False

    def _learn_id(self, lane: _Lane, space: _IdSpace, message_id: int) -> None:
        """A new message is out: its id bounds the search for an orphan of a lost send."""
        space.top = message_id if space.top is None else max(space.top, message_id)
        space.known.append(message_id)
        if lane.orphan_after is not None:
            known = set(space.known)
            window = range(lane.orphan_after + 1, message_id)
            lane.probes = [i for i in window if i not in known][:_MAX_PROBES]
            lane.orphan_after = None

    def _succeeded(self, lane: _Lane, *, reply: bool) -> None:
        now = asyncio.get_running_loop().time()
        lane.recent.append(now)
        (lane.reply_ops if reply else lane.table_ops).append(now)
        if lane.failures or lane.refusals:
            _LOG.info("chat %s takes messages again", lane.chat_id)
        lane.failures = lane.refusals = 0
        lane.retry_at = 0.0
        lane.woken = False
        self._backing_off.discard(lane)
        self.reachable()

    async def _failed(
        self, lane: _Lane, slot: Slot, error: Exception, *, orphan_after: int | None = None
    ) -> None:
        """Judge a failed send or edit; the slot keeps its newest content unless it is refused.

        ``orphan_after``: the failed request was a send with buttons, issued
        when this was the highest id the bot knew.
        """
        loop = asyncio.get_running_loop()
        if isinstance(error, RetryAfter):
            lane.blocked_until = loop.time() + retry_seconds(error)
            _LOG.info("429 in chat %s: waiting %.1fs", slot.chat_id, retry_seconds(error))
            return
        if isinstance(error, ChatMigrated):
            await self._migrated(lane, int(error.new_chat_id))
            return
        if isinstance(error, Forbidden):
            await self._refused(lane, slot, error.message)
            return
        if isinstance(error, BadRequest):
            text = error.message.lower()
            if any(part in text for part in _CHAT_REFUSED):
                await self._refused(lane, slot, error.message)
            elif any(part in text for part in _MESSAGE_GONE):
                slot.message_id = None  # deleted by someone: send it anew
                slot.attach = False
            else:
                _LOG.error("Telegram refused content for %s: %s", slot.chat_id, error.message)
                slot.pending = None
            return
        # Telegram unreachable (NetworkError, TimedOut, a 5xx) or anything unforeseen:
        # the request may or may not have been performed; try again later.
        if not isinstance(error, TelegramError):
            _LOG.error("sending to %s failed", slot.chat_id, exc_info=error)
        if orphan_after is not None and lane.orphan_after is None:
            lane.orphan_after = orphan_after
        lane.failures += 1
        delay = min(self._settings.retry_ceiling, _RETRY_BASE * 2 ** (lane.failures - 1))
        lane.retry_at = loop.time() + delay
        self._backing_off.add(lane)
        _LOG.warning(
            "chat %s: %s (try %d); next try in %.1fs", slot.chat_id, error, lane.failures, delay
        )

    async def _refused(self, lane: _Lane, slot: Slot, reason: str) -> None:
        """The chat will not take messages now: close a private slot, park a group."""
        if not lane.group:
            slot.closed = True
            slot.pending = None
            if self.on_forbidden is not None:
                await self.on_forbidden(slot.chat_id)
            return
        lane.refusals += 1
        delay = min(self._settings.park_ceiling, _PARK_BASE * 2 ** (lane.refusals - 1))
        lane.retry_at = asyncio.get_running_loop().time() + delay
        self._backing_off.add(lane)
        _LOG.warning("chat %s refuses the bot (%s); next try in %.0fs", lane.chat_id, reason, delay)

    async def _migrated(self, lane: _Lane, new: int) -> None:
        old = lane.chat_id
        _LOG.info("group %s is the supergroup %s now", old, new)
        self.move_chat(old, new)
        if self.on_migrated is not None:
            try:
                await self.on_migrated(old, new)
            except Exception:
                _LOG.exception("could not move the table of %s to %s", old, new)

    async def _probe(self, lane: _Lane) -> None:
        """Check the next id for the orphan of a lost send; strip and delete it if found.

        Only the bot's own message can take an edit, and after the last id
        the bot knew, its first own message in this chat is the orphan: so
        the first success (or "not modified": it showed no keyboard) ends it.
        """
        message_id = lane.probes[0]
        try:
            await self._bot.edit_message_reply_markup(
                chat_id=lane.chat_id, message_id=message_id, reply_markup=None
            )
        except RetryAfter as error:
            lane.blocked_until = asyncio.get_running_loop().time() + retry_seconds(error)
            return
        except BadRequest as error:
            if "not modified" not in error.message.lower():
                lane.probes.pop(0)  # a user's message, a service message, another chat's id
                return
        except (Forbidden, ChatMigrated):
            lane.probes.clear()  # the chat is gone for the bot: so is the orphan
            return
        except Exception as error:
            await self._failed(lane, Slot(lane.chat_id, message_id), error)
            return
        lane.probes.clear()
        self._succeeded(lane, reply=False)
        self.orphans_removed += 1
        _LOG.warning("removed orphan %s/%s of a lost send", lane.chat_id, message_id)
        with contextlib.suppress(TelegramError):
            await self._bot.delete_message(lane.chat_id, message_id)


def _until_below(times: deque[float], allowed: int, window: float, now: float) -> float:
    """Seconds until fewer than ``allowed`` of ``times`` lie in the window."""
    if len(times) < allowed:
        return 0.0
    if allowed <= 0:
        return window
    return times[len(times) - allowed] + window - now


def _relocate(slot: Slot, chat_id: int) -> None:
    """The slot's chat has a new id: its message there is yet to be sent."""
    slot.chat_id = chat_id
    slot.message_id = None
    slot.shown = None
    slot.attach = False


def _resolve(slot: Slot, value: int | None) -> None:
    if slot.waiter is not None and not slot.waiter.done():
        slot.waiter.set_result(value)
