"""A fake Telegram Bot API server for end-to-end tests of the real python-telegram-bot.

The bot under test talks HTTP to 127.0.0.1 exactly as it talks to Telegram
(`ApplicationBuilder().base_url(server.base_url)`); the test plays the users through
plain Python calls on the same event loop::

    async with FakeTelegram(token=TOKEN, bot_username="karban_bot") as server:
        jana = server.add_user(1, "Jana")
        pub = server.add_group(-1001, "U Fleků", admins=[jana])
        await server.send_text(jana, pub, "/new marias")
        await server.wait_for("sendMessage", chat=pub)
        query = await server.press(jana, server.last_message(pub), "join")
        assert (await server.wait_answer(query)).text == "Sedíš u stolu"

What it checks, and why each check exists, lives in methods.py (Bot API semantics),
html_check.py (HTML parse mode) and limits.py (flood control).
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
import re
import time
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from types import TracebackType
from typing import Any, NoReturn

from aiohttp import web

from tests.fakes.limits import Clock, Limits
from tests.fakes.methods import METHODS
from tests.fakes.models import (
    JSON,
    ApiError,
    Call,
    CallbackAnswer,
    FakeChat,
    FakeMessage,
    FakeUser,
    PendingQuery,
    ScenarioError,
    too_many_requests,
)
from tests.fakes.params import Params
from tests.fakes.text import detect_entities
from tests.fakes.world import World

DEFAULT_TOKEN = "123456789:AAFakeTokenForKarbanTests_0123456789"
ChatRef = FakeChat | FakeUser | int
CallFilter = str | Callable[[Call], bool]
_PATH = re.compile(r"/bot(?P<token>[^/]*)/(?P<method>[^/]*)/?")
_dumps = functools.partial(json.dumps, ensure_ascii=False)
_LOG = logging.getLogger(__name__)


class WaitTimeout(AssertionError):
    """A `wait_*` helper gave up; the message lists what the bot did meanwhile."""


class FakeTelegram:
    """The fake server plus the test-control API (users, groups, presses, assertions)."""

    def __init__(
        self,
        token: str = DEFAULT_TOKEN,
        bot_username: str = "karban_bot",
        *,
        bot_name: str = "Karban",
        clock: Clock = time.monotonic,
        limits: Limits | None = None,
        strict_html: bool = True,
        callback_timeout: float = 15.0,
    ) -> None:
        self.token = token
        bot_id = int(token.split(":", 1)[0]) if token.split(":", 1)[0].isdigit() else 1
        self.bot = FakeUser(bot_id, bot_name, None, bot_username, is_bot=True)
        self.world = World(
            self.bot, clock, limits or Limits(), strict_html, callback_timeout=callback_timeout
        )
        self.calls: list[Call] = []
        self._mark = 0
        self._forced: dict[str, deque[ApiError]] = {}
        self._lose: dict[str, list[int | None]] = {}
        self._outage_until = -1e18
        self._outage_kinds: tuple[str, ...] = ()
        self._outage_calls = 0
        self._in_flight = 0
        self._last_activity = 0.0
        self._next_query = 4_000_000_000_000_000_001
        self._runner: web.AppRunner | None = None
        self._port = 0

    # -- lifecycle ---------------------------------------------------------------------

    async def start(self) -> None:
        app = web.Application()
        app.router.add_route("*", "/{tail:.*}", self._handle)
        self.world.closing = False
        self._runner = web.AppRunner(
            app, handle_signals=False, access_log=None, shutdown_timeout=1.0,
            handler_cancellation=True,
        )  # fmt: skip
        await self._runner.setup()
        await web.TCPSite(self._runner, "127.0.0.1", 0).start()
        self._port = self._runner.addresses[0][1]

    async def stop(self) -> None:
        """Stop serving; long polls still waiting return an empty list at once."""
        self.world.closing = True
        self.world.changed.notify()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> FakeTelegram:
        await self.start()
        return self

    async def __aexit__(
        self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.stop()

    @property
    def base_url(self) -> str:
        """For `ApplicationBuilder().base_url(...)` / `Bot(base_url=...)`: the token follows."""
        return f"{self._origin()}/bot"

    @property
    def base_file_url(self) -> str:
        return f"{self._origin()}/file/bot"

    def _origin(self) -> str:
        if not self._port:
            raise RuntimeError("start() the FakeTelegram first: its port is chosen then")
        return f"http://127.0.0.1:{self._port}"

    @property
    def limits(self) -> Limits:
        return self.world.limits

    @property
    def clock(self) -> Clock:
        return self.world.clock

    # -- people and chats --------------------------------------------------------------

    def add_user(
        self,
        id: int,
        first_name: str,
        language_code: str | None = "cs",
        username: str | None = None,
        *,
        last_name: str | None = None,
    ) -> FakeUser:
        """A Telegram user; the bot may write to them only after they press Start."""
        if id <= 0 or id in self.world.chats:
            raise ValueError(f"user id {id} must be positive and unused")
        user = FakeUser(id, first_name, language_code, username, last_name)
        self.world.users[id] = user
        self.world.chats[id] = FakeChat(id, "private", user=user)
        return user

    def add_group(
        self,
        chat_id: int,
        title: str,
        admins: Iterable[FakeUser | int] = (),
        *,
        owner: FakeUser | int | None = None,
        members: Iterable[FakeUser | int] = (),
        supergroup: bool | None = None,
    ) -> FakeChat:
        """A group with the bot in it; ids starting -100 are supergroups unless told."""
        if chat_id >= 0 or chat_id in self.world.chats:
            raise ValueError(f"group id {chat_id} must be negative and unused")
        is_super = str(chat_id).startswith("-100") if supergroup is None else supergroup
        chat = FakeChat(chat_id, "supergroup" if is_super else "group", title=title)
        self.world.chats[chat_id] = chat
        chat.owner_id = None if owner is None else _id(owner)
        self.set_admins(chat, admins)
        chat.member_ids.update(_id(m) for m in members)
        return chat

    def set_admins(self, group: ChatRef, admins: Iterable[FakeUser | int]) -> None:
        """Declare the group's administrators (include `server.bot` to make the bot one)."""
        chat = self.chat(group)
        chat.admin_ids = [_id(a) for a in admins]
        chat.member_ids.update(chat.admin_ids)
        if chat.owner_id is not None:
            chat.member_ids.add(chat.owner_id)

    def chat(self, ref: ChatRef) -> FakeChat:
        """A chat by object, id, or user (meaning the user's private chat with the bot)."""
        chat_id = ref if isinstance(ref, int) else ref.id
        if chat_id not in self.world.chats:
            raise ScenarioError(f"no chat {chat_id}: add_user/add_group first")
        return self.world.chats[chat_id]

    def dm(self, user: FakeUser) -> FakeChat:
        return self.chat(user)

    def block_bot(self, user: FakeUser) -> None:
        """The user blocks the bot: its messages now get 403, and it sees my_chat_member."""
        user.blocked_bot = True
        self._chat_member_update(self.chat(user), user, "member", "kicked")

    def kick_bot(self, group: ChatRef, by: FakeUser) -> None:
        """Someone removes the bot from a group."""
        chat = self.chat(group)
        chat.bot_kicked = True
        self._chat_member_update(chat, by, "member", "kicked")

    def unblock_bot(self, user: FakeUser) -> None:
        """The user unblocks the bot (without writing yet): it sees my_chat_member again."""
        user.blocked_bot = False
        self._chat_member_update(self.chat(user), user, "kicked", "member")

    def delete_chat(self, group: ChatRef) -> None:
        """The group is deleted: every request naming it answers 400 "chat not found"."""
        self.chat(group).deleted = True

    def mute_bot(self, group: ChatRef, muted: bool = True) -> None:
        """An admin takes away (or gives back) the bot's right to send messages."""
        self.chat(group).bot_muted = muted

    def upgrade_group(
        self,
        group: ChatRef,
        new_id: int,
        *,
        by: FakeUser | None = None,
        announce: bool = True,
    ) -> FakeChat:
        """A basic group becomes a supergroup with a new id, as Telegram does it.

        The old id then answers every request with 400 "group chat was upgraded
        to a supergroup chat" and ``parameters.migrate_to_chat_id``; the new chat
        starts its own message ids. With ``announce`` the bot also gets the two
        service messages Telegram sends (``migrate_to_chat_id`` in the old chat,
        ``migrate_from_chat_id`` in the new one); without, it learns of the move
        only from a refused request.
        """
        old = self.chat(group)
        if old.type != "group" or old.migrated_to is not None:
            raise ScenarioError(f"chat {old.id} is not a basic group that can be upgraded")
        if not str(new_id).startswith("-100") or new_id in self.world.chats:
            raise ScenarioError(f"supergroup id {new_id} must start with -100 and be unused")
        new = FakeChat(new_id, "supergroup", title=old.title, owner_id=old.owner_id)
        new.admin_ids = list(old.admin_ids)
        new.member_ids = set(old.member_ids)
        self.world.chats[new_id] = new
        who = by or next(
            (self.world.users[i] for i in [old.owner_id, *old.admin_ids] if i in self.world.users),
            None,
        )
        if announce and who is not None:
            date = self.world.date()
            for chat, key, value in ((old, "migrate_to_chat_id", new_id),
                                     (new, "migrate_from_chat_id", old.id)):  # fmt: skip
                service = self.world.post(chat, who, "", [])
                payload = {
                    "message_id": service.message_id,
                    "from": who.to_api(),
                    "chat": chat.to_api(),
                    "date": date,
                    key: value,
                }
                self.world.queue_update("message", payload)
        old.migrated_to = new_id
        return new

    def _chat_member_update(self, chat: FakeChat, by: FakeUser, old: str, new: str) -> None:
        bot = self.bot.to_api()

        def member(status: str) -> JSON:
            """A ChatMember; a kicked one says until when (0: for ever), as Telegram's does."""
            return {
                "status": status,
                "user": bot,
                **({"until_date": 0} if status == "kicked" else {}),
            }

        self.world.queue_update(
            "my_chat_member",
            {
                "chat": chat.to_api(),
                "from": by.to_api(),
                "date": self.world.date(),
                "old_chat_member": member(old),
                "new_chat_member": member(new),
            },
        )

    # -- what users do -----------------------------------------------------------------

    async def send_text(self, user: FakeUser, chat: ChatRef, text: str) -> FakeMessage:
        """The user writes `text` in `chat` (a group, or the user for their private chat).

        Commands get bot_command entities like Telegram's; writing in the private chat
        opens it (and unblocks the bot), as pressing Start does.
        """
        target = self.chat(chat)
        if target.deleted or target.migrated_to is not None:
            raise ScenarioError(f"chat {target.id} is gone; nobody can write in it")
        if target.user is not None:
            if target.user is not user:
                raise ScenarioError(f"{user.first_name} cannot write in another user's chat")
            user.dm_open, user.blocked_bot = True, False
        else:
            if target.bot_kicked:
                raise ScenarioError("the bot is no longer in this group")
            target.member_ids.add(user.id)
        message = self.world.post(target, user, text, detect_entities(text))
        self._mark = len(self.calls)
        self.world.queue_update("message", message.to_api())
        return message

    async def edit_text(self, user: FakeUser, message: FakeMessage, text: str) -> FakeMessage:
        """The user edits a message they wrote; Telegram sends an ``edited_message`` update."""
        if message.sender is not user:
            raise ScenarioError(f"{user.first_name} can only edit their own messages")
        message.text = text
        message.entities = detect_entities(text)
        message.edit_date = self.world.date()
        self._mark = len(self.calls)
        self.world.queue_update("edited_message", message.to_api())
        return message

    async def start_dm(self, user: FakeUser, payload: str | None = None) -> FakeMessage:
        """The user presses Start in the bot's chat (via a t.me/bot?start=payload link)."""
        return await self.send_text(user, user, "/start" + (f" {payload}" if payload else ""))

    async def press(
        self,
        user: FakeUser,
        message: FakeMessage,
        data: str | None = None,
        *,
        text: str | None = None,
        forge: bool = False,
    ) -> str:
        """The user presses a button (by callback data or label); returns the query id.

        The button must be on the message's current keyboard, unless `forge=True`, which
        sends any data as a tampering client could.
        """
        if message.deleted:
            raise ScenarioError(f"{message!r} was deleted; nobody can press its buttons")
        if message.chat.user not in (None, user):
            raise ScenarioError(f"{user.first_name} cannot see {message!r} in another user's chat")
        if text is not None:
            data = message.button(text).callback_data
        if data is None:
            raise ScenarioError("press() needs callback data or a button text")
        if not forge and data not in message.callback_data:
            raise ScenarioError(
                f"{message!r} has no button with callback_data {data!r}; "
                f"it has {message.callback_data}"
            )
        query_id = str(self._next_query)
        self._next_query += 1
        self.world.queries[query_id] = PendingQuery(
            query_id, user, message, data, self.world.clock()
        )
        self._mark = len(self.calls)
        payload = {
            "id": query_id,
            "from": user.to_api(),
            "message": message.to_api(),
            "chat_instance": message.chat.chat_instance,
            "data": data,
        }
        self.world.queue_update("callback_query", payload)
        return query_id

    def answer(self, query_id: str) -> CallbackAnswer | None:
        """The bot's answer to a press so far, if any."""
        if query_id not in self.world.queries:
            raise ScenarioError(f"no button press has query id {query_id!r}")
        return self.world.queries[query_id].answer

    def unanswered_queries(self) -> list[str]:
        """Presses the bot never answered (each leaves a spinner on the user's button)."""
        return [q.id for q in self.world.queries.values() if q.answer is None]

    async def wait_answer(self, query_id: str, timeout: float = 5.0) -> CallbackAnswer:
        """Wait for the bot's answerCallbackQuery to this press: the toast or alert."""
        await self._wait_until(lambda: self.answer(query_id) is not None, timeout, "an answer")
        answer = self.answer(query_id)
        assert answer is not None
        return answer

    # -- what the bot did --------------------------------------------------------------

    def messages(self, chat: ChatRef) -> list[FakeMessage]:
        """Every message in the chat, in order, deleted ones included (see `.deleted`)."""
        return list(self.chat(chat).messages.values())

    def bot_messages(self, chat: ChatRef) -> list[FakeMessage]:
        """The bot's messages still visible in the chat."""
        return [m for m in self.messages(chat) if m.from_bot and not m.deleted]

    def last_message(self, chat: ChatRef) -> FakeMessage:
        """The bot's newest visible message in the chat."""
        visible = self.bot_messages(chat)
        if not visible:
            raise ScenarioError(f"the bot has no visible message in chat {self.chat(chat).id}")
        return visible[-1]

    def message(self, chat: ChatRef, message_id: int) -> FakeMessage:
        return self.chat(chat).messages[message_id]

    def requests(
        self, what: CallFilter | None = None, *, chat: ChatRef | None = None, since: int = 0
    ) -> list[Call]:
        """Logged calls, optionally by method name or predicate and by chat."""
        match = self._matcher(what, chat, None)
        return [call for call in self.calls[since:] if match(call)]

    def mark(self) -> int:
        """Start of "new" calls for `wait_for`; user actions (send_text, press) set it too."""
        self._mark = len(self.calls)
        return self._mark

    async def wait_for(
        self,
        what: CallFilter,
        *,
        chat: ChatRef | None = None,
        ok: bool | None = None,
        since: int | None = None,
        timeout: float = 5.0,
    ) -> Call:
        """Wait until the bot makes a matching call after the mark; return the first one.

        `what` is a method name ("sendMessage") or a predicate on `Call`; `ok` filters by
        success. By default only calls after the last user action count.
        """
        start = self._mark if since is None else since
        match = self._matcher(what, chat, ok)

        def found() -> Call | None:
            return next((c for c in self.calls[start:] if match(c)), None)

        await self._wait_until(lambda: found() is not None, timeout, f"a call {what!r}", start)
        result = found()
        assert result is not None
        return result

    async def idle(self, quiet: float = 0.2, timeout: float = 10.0) -> None:
        """Wait until the bot fetched every update and made no request for `quiet` seconds."""
        loop = asyncio.get_running_loop()

        def settled() -> bool:
            busy = self._in_flight or self.world.unfetched
            return not busy and loop.time() - self._last_activity >= quiet

        deadline = loop.time() + timeout
        while not settled():
            if loop.time() >= deadline:
                raise WaitTimeout(f"the bot did not go quiet within {timeout}s{self._recent()}")
            await asyncio.sleep(quiet / 4)

    # -- failure injection -------------------------------------------------------------

    def force_flood(self, method: str, *, times: int = 1, retry_after: float = 1) -> None:
        """The next `times` calls of `method` get 429 with this retry_after."""
        for _ in range(times):
            self.force_error(method, too_many_requests(retry_after))

    def force_error(self, method: str, error: ApiError, *, times: int = 1) -> None:
        """The next `times` calls of `method` fail with `error` (e.g. ApiError(502, ...))."""
        self._forced.setdefault(method.lower(), deque()).extend([error] * times)

    def outage(self, seconds: float, *, kinds: Sequence[str] = ("bad_gateway", "drop")) -> None:
        """Telegram is unreachable for `seconds` (by the fake's clock): no request is performed.

        Every request, getUpdates included, fails in one of these ways, taken in
        turn: ``bad_gateway`` (502 from Telegram's front end; PTB: NetworkError),
        ``unavailable`` (500 Internal Server Error) or ``drop`` (the connection
        closes with no answer at all; PTB: NetworkError).
        """
        unknown = set(kinds) - {"bad_gateway", "unavailable", "drop"}
        if unknown or not kinds:
            raise ValueError(f"unknown outage kinds {sorted(unknown)}")
        self._outage_until = self.world.clock() + seconds
        self._outage_kinds = tuple(kinds)

    @property
    def in_outage(self) -> bool:
        return self.world.clock() < self._outage_until

    def lose_answers(self, method: str, *, times: int = 1, chat: ChatRef | None = None) -> None:
        """The next `times` calls of `method` (in `chat`) are performed, but their answer is lost.

        Telegram does what was asked (a sendMessage posts its message) and then
        the connection drops before the reply, as when a request times out on
        the way back: the bot gets a NetworkError and cannot know the message id.
        """
        chat_id = None if chat is None else self.chat(chat).id
        self._lose.setdefault(method.lower(), []).extend([chat_id] * times)

    def not_modified(self, since: int = 0) -> list[Call]:
        """Edits Telegram refused as identical ("message is not modified")."""
        return [c for c in self.calls[since:] if "not modified" in (c.description or "")]

    def _losing(self, method: str, params: Params) -> bool:
        """Whether this call's answer is to be lost (and if so, use up that plan)."""
        plans = self._lose.get(method.lower())
        if not plans:
            return False
        try:
            chat_id: int | str | None = params.chat_id()
        except ApiError:
            chat_id = None
        for n, wanted in enumerate(plans):
            if wanted is None or wanted == chat_id:
                del plans[n]
                return True
        return False

    def _outage_error(self) -> ApiError | None:
        """The failure of a request made during an outage (``None``: drop the connection)."""
        kind = self._outage_kinds[self._outage_calls % len(self._outage_kinds)]
        self._outage_calls += 1
        if kind == "bad_gateway":
            return ApiError(502, "Bad Gateway")
        if kind == "unavailable":
            return ApiError(500, "Internal Server Error")
        return None

    # -- HTTP --------------------------------------------------------------------------

    async def _handle(self, request: web.Request) -> web.Response:
        """Serve /bot<token>/<method>; log the call; keep `idle()`'s bookkeeping.

        Long polls are not activity: a bot waiting for updates is idle.
        """
        match = _PATH.fullmatch(request.path)
        if match is None:
            return _reply(404, ApiError(404, "Not Found").to_api())
        name = match["method"]
        entry = METHODS.get(name.lower())
        busy = name.lower() != "getupdates"
        loop = asyncio.get_running_loop()
        if busy:
            self._in_flight += 1
            self._last_activity = loop.time()
        params = Params({})
        try:
            if match["token"] != self.token:
                raise ApiError(401, "Unauthorized")
            if entry is None:
                raise ApiError(404, "Not Found")
            name = entry[0]
            params = await Params.from_request(request)
            if self.in_outage:
                failure = self._outage_error()
                if failure is None:
                    self._log(name, params, False, None, None, description="connection dropped")
                    _drop(request)
                raise failure
            forced = self._forced.get(name.lower())
            if forced:
                raise forced.popleft().copy()
            result = await entry[1](self.world, params)
            if self._losing(name, params):
                self._log(name, params, True, result, None, lost=True)
                _drop(request)
        except ApiError as error:
            self._log(name, params, False, None, error)
            return _reply(error.code, error.to_api())
        except web.HTTPException:  # a dropped connection (see _drop)
            raise
        except Exception as exc:  # a bug in the fake: say so loudly, in Bot API form
            _LOG.exception("fake Bot API failed on %s", name)
            bug = ApiError(500, f"Internal Server Error: fake Bot API bug: {exc!r}")
            self._log(name, params, False, None, bug)
            return _reply(500, bug.to_api())
        finally:
            if busy:
                self._in_flight -= 1
        if busy or result:
            self._last_activity = loop.time()
        self._log(name, params, True, result, None)
        return _reply(200, {"ok": True, "result": result})

    def _log(
        self,
        method: str,
        params: Params,
        ok: bool,
        result: Any,
        error: ApiError | None,
        *,
        description: str | None = None,
        lost: bool = False,
    ) -> None:
        call = Call(
            seq=len(self.calls),
            method=method,
            params=params.decoded(),
            time=self.world.clock(),
            ok=ok,
            result=result,
            error_code=error.code if error else None,
            description=error.description if error else description,
            lost=lost,
        )
        self.calls.append(call)
        self.world.changed.notify()

    # -- helpers -----------------------------------------------------------------------

    def _matcher(
        self, what: CallFilter | None, chat: ChatRef | None, ok: bool | None
    ) -> Callable[[Call], bool]:
        chat_id = None if chat is None else self.chat(chat).id

        def match(call: Call) -> bool:
            if isinstance(what, str) and call.method.lower() != what.lower():
                return False
            if chat_id is not None and call.chat_id != chat_id:
                return False
            if ok is not None and call.ok != ok:
                return False
            return what is None or isinstance(what, str) or what(call)

        return match

    async def _wait_until(
        self, condition: Callable[[], bool], timeout: float, what: str, since: int | None = None
    ) -> None:
        deadline = asyncio.get_running_loop().time() + timeout
        while not condition():
            remaining = deadline - asyncio.get_running_loop().time()
            if remaining <= 0:
                raise WaitTimeout(
                    f"timed out after {timeout}s waiting for {what}{self._recent(since)}"
                )
            await self.world.changed.wait(remaining)

    def _recent(self, since: int | None = None, limit: int = 15) -> str:
        calls = [c for c in self.calls[since or 0 :] if c.method != "getUpdates"][-limit:]
        lines = "\n  ".join(str(c) for c in calls) or "(none)"
        return f"; calls{' since mark' if since is not None else ''}:\n  {lines}"


def _id(who: FakeUser | int) -> int:
    return who if isinstance(who, int) else who.id


def _drop(request: web.Request) -> NoReturn:
    """Close the connection with no answer: the client sees "server disconnected"."""
    if request.transport is not None:
        request.transport.abort()
    raise web.HTTPInternalServerError()  # never reaches the client


def _reply(status: int, body: JSON) -> web.Response:
    return web.json_response(body, status=status, dumps=_dumps)
