"""What the fake Telegram knows: users, chats, messages, calls and answers.

These objects are shared with tests on purpose: a test holds the very `FakeMessage`
the fake edits, so `message.text` is always what the user sees *now*. Every class
can render itself as Bot API JSON, so the HTTP layer never builds JSON by hand.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tests.fakes.text import utf16_slice

JSON = dict[str, Any]


class ApiError(Exception):
    """A Bot API failure, rendered exactly as Telegram renders it.

    Raising is the natural way to leave a method handler at the first failed check,
    just as Telegram answers with the first problem it finds.
    """

    def __init__(
        self,
        code: int,
        description: str,
        *,
        retry_after: float | None = None,
        migrate_to_chat_id: int | None = None,
    ) -> None:
        super().__init__(description)
        self.code = code
        self.description = description
        self.retry_after = retry_after
        self.migrate_to_chat_id = migrate_to_chat_id

    def copy(self) -> ApiError:
        """A fresh exception with the same answer (a raised one keeps its traceback)."""
        return ApiError(
            self.code,
            self.description,
            retry_after=self.retry_after,
            migrate_to_chat_id=self.migrate_to_chat_id,
        )

    def to_api(self) -> JSON:
        body: JSON = {"ok": False, "error_code": self.code, "description": self.description}
        parameters: JSON = {}
        if self.retry_after is not None:
            parameters["retry_after"] = self.retry_after
        if self.migrate_to_chat_id is not None:
            parameters["migrate_to_chat_id"] = self.migrate_to_chat_id
        if parameters:
            body["parameters"] = parameters
        return body


def bad_request(detail: str) -> ApiError:
    """400 with Telegram's "Bad Request: " prefix (PTB strips it and capitalises the rest)."""
    return ApiError(400, f"Bad Request: {detail}")


def forbidden(detail: str) -> ApiError:
    """403 with Telegram's "Forbidden: " prefix (PTB keeps it in the message)."""
    return ApiError(403, f"Forbidden: {detail}")


def chat_upgraded(new_chat_id: int) -> ApiError:
    """What Telegram answers for a group that became a supergroup (PTB: `ChatMigrated`)."""
    return ApiError(
        400,
        "Bad Request: group chat was upgraded to a supergroup chat",
        migrate_to_chat_id=new_chat_id,
    )


def too_many_requests(retry_after: float) -> ApiError:
    """429 with the retry_after parameter PTB turns into `telegram.error.RetryAfter`."""
    shown = int(retry_after) if float(retry_after).is_integer() else retry_after
    return ApiError(429, f"Too Many Requests: retry after {shown}", retry_after=shown)


class ScenarioError(AssertionError):
    """A test asked the fake for something no real user could do (press a missing button...).

    It is an AssertionError so that pytest reports it as a failed expectation.
    """


@dataclass(eq=False)
class FakeUser:
    """A Telegram account; the bot itself is one too (`is_bot=True`)."""

    id: int
    first_name: str
    language_code: str | None = "cs"
    username: str | None = None
    last_name: str | None = None
    is_bot: bool = False
    dm_open: bool = False
    """The user has pressed Start (written to the bot), so the bot may write to them."""
    blocked_bot: bool = False

    def to_api(self) -> JSON:
        data: JSON = {"id": self.id, "is_bot": self.is_bot, "first_name": self.first_name}
        if self.last_name:
            data["last_name"] = self.last_name
        if self.username:
            data["username"] = self.username
        if self.language_code and not self.is_bot:
            data["language_code"] = self.language_code
        return data


@dataclass(eq=False)
class FakeChat:
    """A private chat (with `user`) or a group/supergroup with its admins and members."""

    id: int
    type: str
    title: str | None = None
    user: FakeUser | None = None
    owner_id: int | None = None
    admin_ids: list[int] = field(default_factory=list)
    member_ids: set[int] = field(default_factory=set)
    bot_kicked: bool = False
    bot_muted: bool = False
    """An admin took the bot's right to send messages (it may still edit its own)."""
    deleted: bool = False
    """The chat is gone: Telegram answers "chat not found" for it."""
    migrated_to: int | None = None
    """The group became the supergroup with this id; the old id answers with migrate_to_chat_id."""
    messages: dict[int, FakeMessage] = field(default_factory=dict)
    next_message_id: int = 1

    @property
    def is_group(self) -> bool:
        return self.type in ("group", "supergroup")

    @property
    def chat_instance(self) -> str:
        """Stable per chat, opaque to the bot, as Telegram's is."""
        return str((self.id * 2654435761) % 10**19)

    def to_api(self) -> JSON:
        if self.user is not None:
            data = self.user.to_api()
            data.pop("is_bot", None)
            data.pop("language_code", None)
            return {**data, "type": "private"}
        return {"id": self.id, "title": self.title or "", "type": self.type}


@dataclass(frozen=True)
class Button:
    """One inline keyboard button, as the user sees it."""

    text: str
    callback_data: str | None = None
    url: str | None = None


@dataclass(eq=False)
class FakeMessage:
    """The current state of one message; edits and deletions change it in place."""

    chat: FakeChat
    message_id: int
    sender: FakeUser
    date: int
    text: str
    entities: list[JSON]
    reply_markup: JSON | None = None
    edit_date: int | None = None
    edit_count: int = 0
    deleted: bool = False

    @property
    def chat_id(self) -> int:
        return self.chat.id

    @property
    def from_bot(self) -> bool:
        return self.sender.is_bot

    @property
    def buttons(self) -> list[list[Button]]:
        """The inline keyboard, row by row."""
        if not self.reply_markup:
            return []
        return [
            [Button(b["text"], b.get("callback_data"), b.get("url")) for b in row]
            for row in self.reply_markup.get("inline_keyboard", [])
        ]

    @property
    def callback_data(self) -> list[str]:
        """Every button's callback_data, in reading order."""
        return [b.callback_data for row in self.buttons for b in row if b.callback_data is not None]

    @property
    def button_texts(self) -> list[str]:
        return [b.text for row in self.buttons for b in row]

    def button(self, text: str) -> Button:
        """The button labelled `text` (exact match first, else the only one containing it)."""
        flat = [b for row in self.buttons for b in row]
        exact = [b for b in flat if b.text == text]
        found = exact or [b for b in flat if text in b.text]
        if len(found) != 1:
            raise ScenarioError(
                f"message {self.message_id} has {len(found)} buttons matching {text!r}; "
                f"buttons: {self.button_texts}"
            )
        return found[0]

    def entity_texts(self, entity_type: str) -> list[str]:
        """The text covered by each entity of a type, e.g. `entity_texts("bold")`."""
        return [
            utf16_slice(self.text, e["offset"], e["length"])
            for e in self.entities
            if e["type"] == entity_type
        ]

    def to_api(self) -> JSON:
        data: JSON = {
            "message_id": self.message_id,
            "from": self.sender.to_api(),
            "chat": self.chat.to_api(),
            "date": self.date,
            "text": self.text,
        }
        if self.entities:
            data["entities"] = [dict(e) for e in self.entities]
        if self.reply_markup:
            data["reply_markup"] = self.reply_markup
        if self.edit_date is not None:
            data["edit_date"] = self.edit_date
        return data

    def __repr__(self) -> str:
        state = " deleted" if self.deleted else ""
        return f"<FakeMessage {self.chat.id}/{self.message_id}{state} {self.text[:40]!r}>"


@dataclass(frozen=True)
class CallbackAnswer:
    """What the bot answered to a button press: the toast or alert the user saw."""

    query_id: str
    text: str | None
    show_alert: bool
    url: str | None
    cache_time: int


@dataclass
class PendingQuery:
    """A button press waiting for answerCallbackQuery."""

    id: str
    user: FakeUser
    message: FakeMessage
    data: str
    pressed_at: float
    answer: CallbackAnswer | None = None


@dataclass(frozen=True)
class Call:
    """One request the bot made, with its outcome (for assertions and debugging)."""

    seq: int
    method: str
    params: JSON
    time: float
    ok: bool
    result: Any = None
    error_code: int | None = None
    description: str | None = None
    lost: bool = False
    """Telegram did it, but the answer never reached the bot (the connection dropped)."""

    @property
    def chat_id(self) -> int | str | None:
        value = self.params.get("chat_id")
        return value if isinstance(value, int | str) else None

    def __str__(self) -> str:
        outcome = "ok" if self.ok else f"{self.error_code} {self.description}"
        if self.lost:
            outcome += " (answer lost)"
        shown = {k: v for k, v in self.params.items() if k in ("chat_id", "message_id", "text")}
        return f"#{self.seq} {self.method}({shown}) -> {outcome}"
