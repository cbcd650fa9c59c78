"""The fake Telegram's server-side state: chats, messages, the update queue, long polling.

Bot API handlers (methods.py) and the test-control API (bot_api.py) both work on one
`World`, so a message the bot sends is the very object a test later inspects.
Everything runs on the test's event loop; no locks are needed.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from dataclasses import dataclass, field

from tests.fakes.limits import Clock, Limits, RateLimiter
from tests.fakes.models import (
    JSON,
    ApiError,
    FakeChat,
    FakeMessage,
    FakeUser,
    PendingQuery,
    bad_request,
    chat_upgraded,
    forbidden,
    too_many_requests,
)

# What Telegram delivers when allowed_updates was never set or set to [].
DEFAULT_ALLOWED = frozenset(
    {
        "message",
        "edited_message",
        "channel_post",
        "edited_channel_post",
        "inline_query",
        "chosen_inline_result",
        "callback_query",
        "shipping_query",
        "pre_checkout_query",
        "poll",
        "poll_answer",
        "my_chat_member",
        "chat_join_request",
        "business_connection",
        "business_message",
        "edited_business_message",
        "deleted_business_messages",
        "purchased_paid_media",
    }
)


class Notifier:
    """Wake every waiter when something changes; each waiter then re-checks its condition."""

    def __init__(self) -> None:
        self._event = asyncio.Event()

    def notify(self) -> None:
        self._event.set()
        self._event = asyncio.Event()

    async def wait(self, timeout: float) -> None:
        event = self._event  # captured before the first await, so no wake-up is lost
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(event.wait(), max(timeout, 0))


@dataclass
class QueuedUpdate:
    update_id: int
    kind: str
    payload: JSON
    fetched: bool = False

    def to_api(self) -> JSON:
        return {"update_id": self.update_id, self.kind: self.payload}


@dataclass
class World:
    """All state of the fake Telegram and the policies (clock, limits, HTML strictness)."""

    bot: FakeUser
    clock: Clock
    limits: Limits
    strict_html: bool = True
    callback_timeout: float = 15.0
    users: dict[int, FakeUser] = field(default_factory=dict)
    chats: dict[int, FakeChat] = field(default_factory=dict)
    updates: list[QueuedUpdate] = field(default_factory=list)
    queries: dict[str, PendingQuery] = field(default_factory=dict)
    commands: dict[tuple[str, str], list[JSON]] = field(default_factory=dict)
    webhook_url: str = ""
    allowed_updates: frozenset[str] = DEFAULT_ALLOWED
    closing: bool = False
    changed: Notifier = field(default_factory=Notifier)
    next_update_id: int = 100_001
    mailbox_next_id: int = 1
    """The next message id in the bot's private chats and basic groups (see ``_next_id``)."""
    poll_generation: int = 0
    limiter: RateLimiter = field(init=False)
    epoch: float = field(init=False)
    """Wall-clock time when the injected clock read 0, so message dates follow fake time."""

    def __post_init__(self) -> None:
        self.limiter = RateLimiter(self.limits, self.clock)
        self.epoch = time.time() - self.clock()

    def date(self) -> int:
        """Unix time that moves with the injected clock."""
        return int(self.epoch + self.clock())

    # -- chats and messages -------------------------------------------------------------

    def find_chat(self, chat_id: int | str) -> FakeChat:
        """The chat a request names; a deleted chat is not found, an upgraded group moved."""
        chat = self.chats.get(chat_id) if isinstance(chat_id, int) else None
        if chat is None or chat.deleted:
            raise bad_request("chat not found")
        if chat.migrated_to is not None:
            raise chat_upgraded(chat.migrated_to)
        return chat

    def check_can_write(self, chat: FakeChat) -> None:
        """Telegram's 403s: a bot cannot write first, nor to who blocked or kicked it."""
        if chat.user is not None:
            if chat.user.blocked_bot:
                raise forbidden("bot was blocked by the user")
            if not chat.user.dm_open:
                raise forbidden("bot can't initiate conversation with a user")
        elif chat.bot_kicked:
            kind = "supergroup" if chat.type == "supergroup" else "group"
            raise forbidden(f"bot was kicked from the {kind} chat")

    def check_can_send(self, chat: FakeChat) -> None:
        """A new message also needs the right to send (an admin may have taken it away)."""
        self.check_can_write(chat)
        if chat.bot_muted:
            raise bad_request("not enough rights to send text messages to the chat")

    def take_rate(self, chat: FakeChat, *, edit: bool) -> None:
        retry_after = self.limiter.acquire(chat.id, group=chat.is_group, edit=edit)
        if retry_after is not None:
            raise too_many_requests(retry_after)

    def post(
        self,
        chat: FakeChat,
        sender: FakeUser,
        text: str,
        entities: list[JSON],
        markup: JSON | None = None,
    ) -> FakeMessage:
        message = FakeMessage(chat, self._next_id(chat), sender, self.date(), text, entities)
        message.reply_markup = markup
        chat.messages[message.message_id] = message
        return message

    def _next_id(self, chat: FakeChat) -> int:
        """The new message's id, numbered as the bot sees it.

        A supergroup numbers its own messages; private chats and basic groups
        share one sequence, the bot's own mailbox, as Telegram does: there,
        consecutive messages of one chat need not have consecutive ids.
        """
        if chat.type == "supergroup":
            chat.next_message_id += 1
            return chat.next_message_id - 1
        self.mailbox_next_id += 1
        return self.mailbox_next_id - 1

    def lookup_user(self, user_id: int) -> JSON | None:
        user = self.users.get(user_id)
        return None if user is None else user.to_api()

    # -- updates and long polling -------------------------------------------------------

    def queue_update(self, kind: str, payload: JSON) -> int:
        update = QueuedUpdate(self.next_update_id, kind, payload)
        self.next_update_id += 1
        self.updates.append(update)
        self.changed.notify()
        return update.update_id

    def confirm(self, offset: int | None) -> None:
        """Forget updates before `offset`; a negative offset keeps only the last -offset."""
        if offset is None or offset == 0:
            return
        if offset > 0:
            self.updates = [u for u in self.updates if u.update_id >= offset]
        else:
            self.updates = self.updates[offset:]

    @property
    def unfetched(self) -> int:
        return sum(not u.fetched for u in self.updates)

    async def poll(
        self, offset: int | None, limit: int, timeout: float, allowed: list[str] | None
    ) -> list[JSON]:
        """getUpdates: answer as soon as an update is there, or after `timeout` seconds."""
        if self.webhook_url:
            raise ApiError(
                409,
                "Conflict: can't use getUpdates method while webhook is active; "
                "use deleteWebhook to delete the webhook first",
            )
        if allowed is not None:
            self.allowed_updates = frozenset(allowed) or DEFAULT_ALLOWED
        self.confirm(offset)
        self.updates = [u for u in self.updates if u.kind in self.allowed_updates]
        self.poll_generation += 1
        generation = self.poll_generation
        self.changed.notify()  # a long poll still waiting is now superseded
        deadline = asyncio.get_running_loop().time() + timeout
        while True:
            if generation != self.poll_generation:
                raise ApiError(
                    409,
                    "Conflict: terminated by other getUpdates request; "
                    "make sure that only one bot instance is running",
                )
            batch = [u for u in self.updates if u.kind in self.allowed_updates][:limit]
            remaining = deadline - asyncio.get_running_loop().time()
            if batch or self.closing or remaining <= 0:
                break
            await self.changed.wait(remaining)
        for update in batch:
            update.fetched = True
        return [update.to_api() for update in batch]
