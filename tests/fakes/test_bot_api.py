"""The fake Bot API, driven by the real python-telegram-bot.

Each test states one Telegram behaviour the bot relies on and checks that PTB sees it
exactly as it would see Telegram: the same exception class, message and retry_after.
"""

from __future__ import annotations

import asyncio
import datetime as dtm
from collections.abc import AsyncIterator, Iterator
from contextlib import contextmanager

import aiohttp
import pytest
from telegram import (
    Bot,
    BotCommand,
    BotCommandScopeAllGroupChats,
    BotCommandScopeChat,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    MessageEntity,
    Update,
)
from telegram.error import (
    BadRequest,
    ChatMigrated,
    Conflict,
    Forbidden,
    InvalidToken,
    NetworkError,
    RetryAfter,
    TelegramError,
)
from telegram.ext import AIORateLimiter, CallbackQueryHandler, CommandHandler, ContextTypes

from tests.fakes import (
    DEFAULT_TOKEN,
    ApiError,
    FakeTelegram,
    FakeUser,
    Limits,
    ManualClock,
    ScenarioError,
    WaitTimeout,
    application_builder,
    polling,
)
from tests.fakes.html_check import EntityParseError, parse_html

NOT_MODIFIED = (
    "Message is not modified: specified new message content and reply markup are exactly "
    "the same as a current content and reply markup of the message"
)
QUERY_TOO_OLD = "Query is too old and response timeout expired or query id is invalid"


@contextmanager
def rejected(kind: type[TelegramError], message: str) -> Iterator[None]:
    """Expect PTB to raise `kind` with exactly this message (as PTB words Telegram's)."""
    with pytest.raises(kind) as error:
        yield
    assert error.value.message == message


def keyboard(*data: str) -> InlineKeyboardMarkup:
    return InlineKeyboardMarkup([[InlineKeyboardButton(d.upper(), callback_data=d) for d in data]])


@pytest.fixture(autouse=True)
def timedelta_retry_after(monkeypatch: pytest.MonkeyPatch) -> None:
    """PTB's future RetryAfter.retry_after type, without deprecation noise."""
    monkeypatch.setenv("PTB_TIMEDELTA", "true")


@pytest.fixture
def clock() -> ManualClock:
    """Fake time: rate limits and the 15 s answer window move only when a test says so."""
    return ManualClock()


@pytest.fixture
async def server(clock: ManualClock) -> AsyncIterator[FakeTelegram]:
    async with FakeTelegram(DEFAULT_TOKEN, bot_username="karban_bot", clock=clock) as fake:
        yield fake


@pytest.fixture
async def bot(server: FakeTelegram) -> AsyncIterator[Bot]:
    async with Bot(DEFAULT_TOKEN, base_url=server.base_url) as client:
        yield client


@pytest.fixture
async def jana(server: FakeTelegram) -> FakeUser:
    """A user who has pressed Start, so the bot may write to her."""
    user = server.add_user(111, "Jana", username="jana")
    await server.start_dm(user)
    return user


# -- transport -------------------------------------------------------------------------


async def test_get_me_describes_the_bot(bot: Bot) -> None:
    me = await bot.get_me()
    assert (me.username, me.id, me.is_bot) == ("karban_bot", 123456789, True)


async def test_wrong_token_is_401_and_unknown_method_404(server: FakeTelegram) -> None:
    with pytest.raises(InvalidToken):
        async with Bot("123456789:wrong", base_url=server.base_url):
            pass
    async with aiohttp.ClientSession() as http:
        async with http.post(f"{server.base_url}{DEFAULT_TOKEN}/sendPidgeon") as response:
            assert response.status == 404
            assert await response.json() == {
                "ok": False,
                "error_code": 404,
                "description": "Not Found",
            }
        async with http.get(f"{server.base_url}nope/getMe") as response:
            body = await response.json()
            assert (response.status, body["description"]) == (401, "Unauthorized")


async def test_json_bodies_query_strings_and_case_insensitive_names(
    server: FakeTelegram, jana: FakeUser
) -> None:
    markup = {"inline_keyboard": [[{"text": "Hrát", "callback_data": "play"}]]}
    url = f"{server.base_url}{DEFAULT_TOKEN}"
    async with aiohttp.ClientSession() as http:
        for reply_markup in (
            markup,
            '{"inline_keyboard": [[{"text": "Hrát", "callback_data": "play"}]]}',
        ):
            body = {"chat_id": jana.id, "text": "ahoj", "reply_markup": reply_markup}
            async with http.post(f"{url}/sendMessage", json=body) as response:
                assert (await response.json())["result"]["reply_markup"] == markup
        async with http.get(f"{url}/SENDMESSAGE", params={"chat_id": "111", "text": "x"}) as r:
            assert (await r.json())["result"]["text"] == "x"
    assert [m.callback_data for m in server.bot_messages(jana)] == [["play"], ["play"], []]


# -- private chats ---------------------------------------------------------------------


async def test_bot_cannot_write_first(server: FakeTelegram, bot: Bot) -> None:
    shy = server.add_user(222, "Petr")
    with rejected(Forbidden, "Forbidden: bot can't initiate conversation with a user"):
        await bot.send_message(shy.id, "Ahoj")
    await server.start_dm(shy, "join-42")
    assert server.messages(shy)[0].text == "/start join-42"
    assert (await bot.send_message(shy.id, "Ahoj")).text == "Ahoj"


async def test_blocked_user_and_unknown_chat(
    server: FakeTelegram, bot: Bot, jana: FakeUser
) -> None:
    server.block_bot(jana)
    with rejected(Forbidden, "Forbidden: bot was blocked by the user"):
        await bot.send_message(jana.id, "Ahoj")
    with rejected(BadRequest, "Chat not found"):
        await bot.send_message(999, "Ahoj")
    update = (await bot.get_updates())[-1]
    assert update.my_chat_member is not None
    assert update.my_chat_member.new_chat_member.status == "kicked"


async def test_messages_are_real_bot_api_objects(
    server: FakeTelegram, bot: Bot, jana: FakeUser
) -> None:
    first = await bot.send_message(jana.id, "jedna")
    second = await bot.send_message(jana.id, "dvě")
    assert second.message_id == first.message_id + 1  # /start took id 1
    assert first.from_user is not None and first.from_user.username == "karban_bot"
    assert first.chat.type == "private" and first.chat.first_name == "Jana"
    assert [m.text for m in server.messages(jana)] == ["/start", "jedna", "dvě"]
    assert server.last_message(jana).text == "dvě"


# -- edits and deletions ---------------------------------------------------------------


async def test_editing_to_the_same_content_is_not_modified(
    server: FakeTelegram, bot: Bot, jana: FakeUser
) -> None:
    html, markup = "<b>Hra</b>", keyboard("a")
    sent = await bot.send_message(jana.id, html, parse_mode="HTML", reply_markup=markup)
    with rejected(BadRequest, NOT_MODIFIED):
        await bot.edit_message_text(
            html, jana.id, sent.message_id, parse_mode="HTML", reply_markup=markup
        )
    with rejected(BadRequest, NOT_MODIFIED):
        await bot.edit_message_reply_markup(jana.id, sent.message_id, reply_markup=keyboard("a"))
    await bot.edit_message_text("Hra", jana.id, sent.message_id, reply_markup=keyboard("a"))
    message = server.last_message(jana)
    assert (message.entities, message.edit_count) == ([], 1)


async def test_edit_without_markup_drops_the_keyboard(
    server: FakeTelegram, bot: Bot, jana: FakeUser
) -> None:
    sent = await bot.send_message(jana.id, "Tah", reply_markup=keyboard("a", "b"))
    assert server.last_message(jana).callback_data == ["a", "b"]
    await bot.edit_message_text("Tah hotov", jana.id, sent.message_id)
    assert server.last_message(jana).buttons == []


async def test_missing_deleted_and_foreign_messages(
    server: FakeTelegram, bot: Bot, jana: FakeUser
) -> None:
    with rejected(BadRequest, "Message to edit not found"):
        await bot.edit_message_text("x", jana.id, 77)
    with rejected(BadRequest, "Message can't be edited"):
        await bot.edit_message_text("x", jana.id, 1)  # Jana's own /start
    sent = await bot.send_message(jana.id, "pryč")
    assert await bot.delete_message(jana.id, sent.message_id)
    assert server.message(jana, sent.message_id).deleted
    with rejected(BadRequest, "Message to delete not found"):
        await bot.delete_message(jana.id, sent.message_id)
    with rejected(BadRequest, "Message to edit not found"):
        await bot.edit_message_text("x", jana.id, sent.message_id)


# -- keyboards and text ----------------------------------------------------------------


@pytest.mark.parametrize("data", ["", "x" * 65, "č" * 33], ids=["empty", "65-ascii", "66-bytes"])
async def test_callback_data_over_64_bytes_or_empty(bot: Bot, jana: FakeUser, data: str) -> None:
    with rejected(BadRequest, "Button_data_invalid"):
        await bot.send_message(jana.id, "Karty", reply_markup=keyboard(data))


async def test_callback_data_of_exactly_64_bytes(bot: Bot, jana: FakeUser) -> None:
    await bot.send_message(jana.id, "Karty", reply_markup=keyboard("x" * 64, "č" * 32))


async def test_url_buttons_are_checked(bot: Bot, jana: FakeUser) -> None:
    bad = InlineKeyboardMarkup([[InlineKeyboardButton("Web", url="javascript:alert(1)")]])
    with rejected(BadRequest, "Button_url_invalid"):
        await bot.send_message(jana.id, "Odkaz", reply_markup=bad)
    good = InlineKeyboardMarkup(
        [[InlineKeyboardButton("Start", url="https://t.me/karban_bot?start=x")]]
    )
    await bot.send_message(jana.id, "Odkaz", reply_markup=good)


@pytest.mark.parametrize(
    ("text", "parse_mode", "error"),
    [
        pytest.param("", None, "Message text is empty", id="empty"),
        pytest.param(" \n ", None, "Message text is empty", id="whitespace"),
        pytest.param("<b></b>", "HTML", "Message text is empty", id="empty-html"),
        pytest.param("x" * 4097, None, "Message is too long", id="4097"),
        pytest.param("🂡" * 2049, None, "Message is too long", id="4098-utf16-units"),
    ],
)
async def test_text_must_be_non_empty_and_at_most_4096(
    bot: Bot, jana: FakeUser, text: str, parse_mode: str | None, error: str
) -> None:
    with rejected(BadRequest, error):
        await bot.send_message(jana.id, text, parse_mode=parse_mode)


async def test_length_counts_after_entity_parsing(bot: Bot, jana: FakeUser) -> None:
    assert len((await bot.send_message(jana.id, "x" * 4096)).text or "") == 4096
    sent = await bot.send_message(jana.id, "<b>" + "&lt;" * 4096 + "</b>", parse_mode="HTML")
    assert sent.text == "<" * 4096


# -- HTML ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("html", "tail"),
    [
        ("Sedma <foo>", 'unsupported start tag "foo" at byte offset 6'),
        ("a < b", 'unsupported start tag "" at byte offset 2'),
        ("<b>tučně", 'can\'t find end tag corresponding to start tag "b"'),
        ("<b><i>x</b></i>", 'unmatched end tag at byte offset 7, expected "</i>", found "</b>"'),
        ("x</b>", "unexpected end tag at byte offset 1"),
        ("Tom & Jerry", 'character "&" at byte offset 4 must be escaped as "&amp;"'),
        ("<span>x</span>", 'tag "span" must have class "tg-spoiler" at byte offset 0'),
    ],
)
async def test_html_errors_read_like_telegram(
    bot: Bot, jana: FakeUser, html: str, tail: str
) -> None:
    with pytest.raises(BadRequest) as error:
        await bot.send_message(jana.id, html, parse_mode="HTML")
    assert error.value.message.startswith(f"Can't parse entities: {tail}")


async def test_html_is_stored_as_text_and_entities(
    server: FakeTelegram, bot: Bot, jana: FakeUser
) -> None:
    html = '🂡 <b>Mariáš</b> &amp; <a href="t.me/karban_bot">ty</a> <tg-spoiler>♥</tg-spoiler> /join'
    await bot.send_message(jana.id, html, parse_mode="HTML")
    message = server.last_message(jana)
    assert message.text == "🂡 Mariáš & ty ♥ /join"
    assert message.entity_texts("bold") == ["Mariáš"]
    assert [(e["type"], e["offset"]) for e in message.entities] == [
        ("bold", 3), ("text_link", 12), ("spoiler", 15), ("bot_command", 17),
    ]  # fmt: skip
    assert message.entities[1]["url"] == "http://t.me/karban_bot"


def test_html_parser_output_matches_tdlib() -> None:
    assert parse_html("🏟 🏟&lt;<i>a</i   >") == (
        "🏟 🏟<a",
        [{"type": "italic", "offset": 6, "length": 1}],
    )
    assert parse_html('<pre><code class="language-python">x</code></pre>')[1] == [
        {"type": "pre", "offset": 0, "length": 1, "language": "python"}
    ]
    assert parse_html("&laquo;", strict=False) == ("&laquo;", [])


@pytest.mark.parametrize(
    ("html", "message"),
    [
        ("🏟 🏟&lt;<abacaba", "Unclosed start tag at byte offset 13"),
        ("🏟 🏟&lt;<i   =aba>", 'Empty attribute name in the tag "i" at byte offset 13'),
        ("🏟 🏟&lt;<i    aba  =  ", 'Unclosed start tag "i" at byte offset 13'),
        ("🏟 🏟&lt;<i    aba  =  190azAz-.,", "Unexpected end of name token at byte offset 27"),
        ("🏟 🏟&lt;<i>a</i   ", "Unclosed end tag at byte offset 17"),
        (
            "&#57311;",
            "Text contains invalid Unicode characters after decoding HTML entities, "
            "check for unmatched surrogate code units",
        ),
    ],
)
def test_html_parser_errors_match_tdlib(html: str, message: str) -> None:
    with pytest.raises(EntityParseError) as error:
        parse_html(html)
    assert str(error.value) == message


# -- callback queries ------------------------------------------------------------------


async def test_press_queues_a_callback_query_and_records_the_toast(
    server: FakeTelegram, bot: Bot, jana: FakeUser
) -> None:
    sent = await bot.send_message(jana.id, "Tvůj tah", reply_markup=keyboard("play:Th"))
    query_id = await server.press(jana, server.last_message(jana), "play:Th")
    update = (await bot.get_updates())[-1]
    query = update.callback_query
    assert query is not None and query.message is not None
    assert (query.id, query.data, query.from_user.id) == (query_id, "play:Th", jana.id)
    assert query.message.message_id == sent.message_id
    await bot.answer_callback_query(query_id, "Zahráno", show_alert=True)
    answer = await server.wait_answer(query_id)
    assert (answer.text, answer.show_alert) == ("Zahráno", True)
    with rejected(BadRequest, QUERY_TOO_OLD):
        await bot.answer_callback_query(query_id)  # answered already


async def test_answers_expire_after_15_seconds(
    server: FakeTelegram, bot: Bot, jana: FakeUser, clock: ManualClock
) -> None:
    await bot.send_message(jana.id, "Tah", reply_markup=keyboard("a"))
    query_id = await server.press(jana, server.last_message(jana), "a")
    clock.advance(15.5)
    with rejected(BadRequest, QUERY_TOO_OLD):
        await bot.answer_callback_query(query_id)
    with rejected(BadRequest, QUERY_TOO_OLD):
        await bot.answer_callback_query("12345")
    assert server.unanswered_queries() == [query_id]


async def test_answer_url_must_be_a_start_link_to_this_bot(
    server: FakeTelegram, bot: Bot, jana: FakeUser
) -> None:
    await bot.send_message(jana.id, "Přisednout", reply_markup=keyboard("join"))
    first = await server.press(jana, server.last_message(jana), "join")
    with rejected(BadRequest, "Url_invalid"):
        await bot.answer_callback_query(first, url="https://example.com/")
    await bot.answer_callback_query(first, url="https://t.me/karban_bot?start=join-7")
    assert (await server.wait_answer(first)).url == "https://t.me/karban_bot?start=join-7"


async def test_press_needs_a_real_button_unless_forged(
    server: FakeTelegram, bot: Bot, jana: FakeUser
) -> None:
    await bot.send_message(jana.id, "Hlasuj", reply_markup=keyboard("ano", "ne"))
    message = server.last_message(jana)
    with pytest.raises(ScenarioError, match="no button"):
        await server.press(jana, message, "možná")
    await server.press(jana, message, text="NE")
    await server.press(jana, message, "t:1:v:999:hack", forge=True)
    assert [u.callback_query.data for u in await bot.get_updates() if u.callback_query] == [
        "ne",
        "t:1:v:999:hack",
    ]
    with pytest.raises(WaitTimeout, match="waiting for an answer"):
        await server.wait_answer(server.unanswered_queries()[0], timeout=0.05)


# -- flood control ---------------------------------------------------------------------


async def test_group_limit_20_per_minute_counts_edits(
    server: FakeTelegram, bot: Bot, clock: ManualClock
) -> None:
    pub = server.add_group(-100500, "U Fleků")
    first = await bot.send_message(pub.id, "0")
    for n in range(1, 19):
        await bot.send_message(pub.id, str(n))
        clock.advance(1)
    await bot.edit_message_text("edit", pub.id, first.message_id)  # the 20th message
    with pytest.raises(RetryAfter) as error:
        await bot.send_message(pub.id, "one too many")
    assert error.value.retry_after == dtm.timedelta(seconds=42)  # the first one leaves at 60 s
    assert server.calls[-1].error_code == 429
    clock.advance(42)
    await bot.send_message(pub.id, "again")


async def test_edits_can_be_left_out_of_the_count(server: FakeTelegram, bot: Bot) -> None:
    server.limits.count_edits = False
    server.limits.group_messages = 1
    pub = server.add_group(-100501, "Hospoda")
    sent = await bot.send_message(pub.id, "stůl")
    for n in range(5):
        await bot.edit_message_text(f"stůl {n}", pub.id, sent.message_id)
    with pytest.raises(RetryAfter):
        await bot.send_message(pub.id, "další")


async def test_private_chats_allow_a_burst_then_one_per_second(
    server: FakeTelegram, bot: Bot, jana: FakeUser, clock: ManualClock
) -> None:
    for n in range(3):
        await bot.send_message(jana.id, f"burst {n}")
    with pytest.raises(RetryAfter) as error:
        await bot.send_message(jana.id, "too fast")
    assert error.value.retry_after == dtm.timedelta(seconds=1)
    clock.advance(1)
    await bot.send_message(jana.id, "ok")


async def test_overall_limit_of_30_per_second(server: FakeTelegram, bot: Bot) -> None:
    users = [server.add_user(1000 + n, f"Hráč {n}") for n in range(31)]
    for user in users:
        await server.start_dm(user)
    for user in users[:30]:
        await bot.send_message(user.id, "Rozdáno")
    with pytest.raises(RetryAfter):
        await bot.send_message(users[30].id, "Rozdáno")


async def test_forced_floods_and_errors(server: FakeTelegram, bot: Bot, jana: FakeUser) -> None:
    server.force_flood("sendMessage", times=2, retry_after=7)
    for _ in range(2):
        with pytest.raises(RetryAfter) as error:
            await bot.send_message(jana.id, "x")
        assert error.value.retry_after == dtm.timedelta(seconds=7)
    server.force_error("sendMessage", ApiError(502, "Bad Gateway"))
    with pytest.raises(NetworkError, match="Bad Gateway"):
        await bot.send_message(jana.id, "x")
    await bot.send_message(jana.id, "x")
    assert [c.error_code for c in server.requests("sendMessage")] == [429, 429, 502, None]


async def test_an_outage_fails_every_call_until_it_ends(
    server: FakeTelegram, bot: Bot, jana: FakeUser, clock: ManualClock
) -> None:
    mark = server.mark()
    server.outage(10, kinds=("bad_gateway", "drop", "unavailable"))
    with pytest.raises(NetworkError, match="Bad Gateway"):
        await bot.send_message(jana.id, "x")
    with pytest.raises(NetworkError, match="disconnected"):
        await bot.get_updates()
    with pytest.raises(NetworkError, match="Internal Server Error"):
        await bot.send_message(jana.id, "x")
    assert not server.bot_messages(jana)  # nothing was performed
    clock.advance(10)
    assert not server.in_outage
    await bot.send_message(jana.id, "back")
    assert [m.text for m in server.bot_messages(jana)] == ["back"]
    assert [c.ok for c in server.calls[mark:]] == [False, False, False, True]


async def test_a_lost_answer_is_performed_but_never_arrives(
    server: FakeTelegram, bot: Bot, jana: FakeUser
) -> None:
    petr = server.add_user(112, "Petr")
    await server.start_dm(petr)
    server.lose_answers("sendMessage", chat=jana)
    await bot.send_message(petr.id, "not this chat")
    with pytest.raises(NetworkError):
        await bot.send_message(jana.id, "Ahoj", reply_markup=keyboard("a"))
    (sent,) = server.bot_messages(jana)  # Telegram did post it
    assert sent.text == "Ahoj" and sent.callback_data == ["a"]
    assert [c.lost for c in server.requests("sendMessage")] == [False, True]
    await bot.send_message(jana.id, "again")
    assert len(server.bot_messages(jana)) == 2


async def test_an_upgraded_group_moves_to_its_supergroup_id(server: FakeTelegram, bot: Bot) -> None:
    owner = server.add_user(1, "Šéf")
    old = server.add_group(-4001, "Hospoda", owner=owner)
    assert old.type == "group"
    sent = await bot.send_message(old.id, "Ahoj")
    new = server.upgrade_group(old, -1004001)
    with pytest.raises(ChatMigrated) as error:
        await bot.send_message(old.id, "x")
    assert error.value.new_chat_id == new.id
    with pytest.raises(ChatMigrated):
        await bot.edit_message_text("y", chat_id=old.id, message_id=sent.message_id)
    moved = await bot.send_message(new.id, "Tady")
    assert moved.chat.type == "supergroup" and moved.message_id == 2  # after the service one
    updates = await bot.get_updates()
    assert [(u.effective_chat.id, u.message.migrate_to_chat_id, u.message.migrate_from_chat_id)
            for u in updates if u.message and u.effective_chat] == [
        (old.id, new.id, None), (new.id, None, old.id)]  # fmt: skip
    with pytest.raises(ScenarioError):
        await server.send_text(owner, old, "/score")


async def test_a_deleted_group_is_not_found_and_a_muted_bot_cannot_send(
    server: FakeTelegram, bot: Bot
) -> None:
    owner = server.add_user(1, "Šéf")
    pub = server.add_group(-100602, "Hospoda", owner=owner)
    sent = await bot.send_message(pub.id, "Ahoj")
    server.mute_bot(pub)
    with rejected(BadRequest, "Not enough rights to send text messages to the chat"):
        await bot.send_message(pub.id, "x")
    await bot.edit_message_text("Ahoj!", chat_id=pub.id, message_id=sent.message_id)
    server.mute_bot(pub, False)
    server.delete_chat(pub)
    for call in (
        bot.send_message(pub.id, "x"),
        bot.edit_message_text("y", chat_id=pub.id, message_id=sent.message_id),
    ):
        with rejected(BadRequest, "Chat not found"):
            await call


async def test_unblocking_is_a_chat_member_update(
    server: FakeTelegram, bot: Bot, jana: FakeUser
) -> None:
    server.block_bot(jana)
    server.unblock_bot(jana)
    await bot.send_message(jana.id, "zpět")
    kinds = [u.my_chat_member.new_chat_member.status for u in await bot.get_updates()
             if u.my_chat_member]  # fmt: skip
    assert kinds == ["kicked", "member"]


# -- long polling ----------------------------------------------------------------------


async def test_long_poll_returns_as_soon_as_an_update_arrives(
    server: FakeTelegram, bot: Bot
) -> None:
    user = server.add_user(333, "Eva")
    poll = asyncio.create_task(bot.get_updates(timeout=30))
    await asyncio.sleep(0.05)
    assert not poll.done()
    await server.send_text(user, user, "/start")
    [update] = await asyncio.wait_for(poll, timeout=5)
    assert update.message is not None and update.message.text == "/start"
    assert await bot.get_updates(offset=update.update_id + 1) == ()


async def test_offset_limit_and_allowed_updates(server: FakeTelegram, bot: Bot) -> None:
    user = server.add_user(333, "Eva")
    for text in ("a", "b", "c"):
        await server.send_text(user, user, text)
    first, second = await bot.get_updates(limit=2)
    assert second.update_id == first.update_id + 1
    assert len(await bot.get_updates(offset=second.update_id)) == 2
    server.block_bot(user)  # queues my_chat_member
    remaining = await bot.get_updates(offset=second.update_id + 1, allowed_updates=["message"])
    assert [u.message.text for u in remaining if u.message] == ["c"] and len(remaining) == 1


async def test_a_second_poller_terminates_the_first(server: FakeTelegram, bot: Bot) -> None:
    first = asyncio.create_task(bot.get_updates(timeout=30))
    await asyncio.sleep(0.05)
    async with Bot(DEFAULT_TOKEN, base_url=server.base_url) as second_instance:
        await second_instance.get_updates(timeout=0)
    with pytest.raises(Conflict, match="terminated by other getUpdates request"):
        await asyncio.wait_for(first, timeout=5)


async def test_stopping_the_server_ends_pending_long_polls(clock: ManualClock) -> None:
    server = FakeTelegram(clock=clock)
    await server.start()
    async with Bot(DEFAULT_TOKEN, base_url=server.base_url) as client:
        poll = asyncio.create_task(client.get_updates(timeout=30))
        await asyncio.sleep(0.05)
        await asyncio.wait_for(server.stop(), timeout=3)
        assert await asyncio.wait_for(poll, timeout=3) == ()


# -- groups, admins, commands ----------------------------------------------------------


async def test_admins_and_members(server: FakeTelegram, bot: Bot) -> None:
    boss, admin, player = (
        server.add_user(i, n) for i, n in [(1, "Šéf"), (2, "Admin"), (3, "Hráč")]
    )
    stranger = server.add_user(4, "Cizí")
    pub = server.add_group(-100600, "Hospoda", admins=[admin], owner=boss, members=[player])
    admins = await bot.get_chat_administrators(pub.id)
    assert [(m.user.id, m.status) for m in admins] == [(1, "creator"), (2, "administrator")]
    statuses = [(await bot.get_chat_member(pub.id, u.id)).status for u in (player, stranger)]
    assert statuses == ["member", "left"]
    assert (await bot.get_chat(pub.id)).title == "Hospoda"
    with rejected(BadRequest, "There are no administrators in the private chat"):
        await bot.get_chat_administrators(player.id)


async def test_kicked_bot_gets_403(server: FakeTelegram, bot: Bot) -> None:
    owner = server.add_user(1, "Šéf")
    pub = server.add_group(-100601, "Hospoda", owner=owner)
    server.kick_bot(pub, by=owner)
    with rejected(Forbidden, "Forbidden: bot was kicked from the supergroup chat"):
        await bot.send_message(pub.id, "Ahoj")


async def test_commands_are_kept_per_scope_and_language(server: FakeTelegram, bot: Bot) -> None:
    pub = server.add_group(-100700, "Hospoda")
    await bot.set_my_commands([BotCommand("new", "New game")])
    await bot.set_my_commands([BotCommand("new", "Nová hra")], language_code="cs")
    await bot.set_my_commands([BotCommand("join", "Přisednout")], BotCommandScopeAllGroupChats())
    assert [c.description for c in await bot.get_my_commands(language_code="cs")] == ["Nová hra"]
    assert [c.command for c in await bot.get_my_commands(BotCommandScopeAllGroupChats())] == [
        "join"
    ]
    assert await bot.get_my_commands(BotCommandScopeChat(pub.id)) == ()
    await bot.delete_my_commands(language_code="cs")
    assert await bot.get_my_commands(language_code="cs") == ()
    with rejected(BadRequest, "Bot_command_invalid"):
        await bot.set_my_commands([BotCommand("Nova", "x")])


async def test_webhook_chat_action_and_shutdown_methods(
    server: FakeTelegram, bot: Bot, jana: FakeUser
) -> None:
    assert (await bot.get_webhook_info()).pending_update_count == 1  # Jana's /start
    await bot.set_webhook("https://example.com/hook")
    with pytest.raises(Conflict, match="while webhook is active"):
        await bot.get_updates()
    await bot.delete_webhook(drop_pending_updates=True)
    assert await bot.get_updates() == ()
    assert await bot.send_chat_action(jana.id, "typing")
    with rejected(BadRequest, "Wrong parameter action in request"):
        await bot.send_chat_action(jana.id, "dancing")
    assert await bot.log_out() and await bot.close()
    assert [call.method for call in server.requests(since=1)][-3:] == [
        "sendChatAction",
        "logOut",
        "close",
    ]


async def test_explicit_entities_instead_of_parse_mode(
    server: FakeTelegram, bot: Bot, jana: FakeUser
) -> None:
    bold = MessageEntity(MessageEntity.BOLD, offset=0, length=5)
    await bot.send_message(jana.id, "Sedma proti", entities=[bold])
    assert server.last_message(jana).entity_texts("bold") == ["Sedma"]


# -- the real Application --------------------------------------------------------------


async def test_application_handles_a_command_and_a_button(server: FakeTelegram) -> None:
    jana = server.add_user(111, "Jana")
    pub = server.add_group(-100800, "U Fleků", admins=[jana])

    async def new_game(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        assert update.effective_chat is not None
        args = " ".join(context.args or [])
        await update.effective_chat.send_message(f"Nová hra: {args}", reply_markup=keyboard("join"))

    async def on_button(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        query = update.callback_query
        assert query is not None
        await query.answer("Sedíš u stolu")
        await query.edit_message_text(f"{query.from_user.first_name} sedí u stolu")

    app = application_builder(server).build()
    app.add_handler(CommandHandler("new", new_game))
    app.add_handler(CallbackQueryHandler(on_button))
    async with polling(app):
        await server.send_text(jana, pub, "/new@karban_bot marias")
        await server.wait_for("sendMessage", chat=pub, ok=True)
        assert server.last_message(pub).text == "Nová hra: marias"
        query_id = await server.press(jana, server.last_message(pub), text="JOIN")
        assert (await server.wait_answer(query_id)).text == "Sedíš u stolu"
        await server.wait_for("editMessageText", chat=pub)
        await server.idle(quiet=0.05)
    assert server.last_message(pub).text == "Jana sedí u stolu"
    assert server.unanswered_queries() == []
    assert all(call.ok for call in server.calls)


async def test_aio_rate_limiter_retries_after_429() -> None:
    # A real clock with a private chat refilling 10 times a second keeps this fast, and so
    # does a fractional retry_after (Telegram itself sends whole seconds).
    limits = Limits(private_burst=2, private_rate=10.0, whole_seconds=False)

    async def deal(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        assert update.effective_chat is not None
        for n in range(4):
            await update.effective_chat.send_message(f"Karta {n}")

    async with FakeTelegram(limits=limits) as server:
        jana = server.add_user(111, "Jana")
        server.force_flood("sendMessage", times=1, retry_after=0.1)
        app = application_builder(server).rate_limiter(AIORateLimiter(max_retries=5)).build()
        app.add_handler(CommandHandler("start", deal))
        async with polling(app):
            await server.start_dm(jana)
            await server.wait_for(lambda call: call.params.get("text") == "Karta 3", ok=True)
    assert [m.text for m in server.bot_messages(jana)] == [f"Karta {n}" for n in range(4)]
    sends = server.requests("sendMessage", chat=jana)
    assert sum(call.error_code == 429 for call in sends) >= 2  # the forced one and the bucket


async def test_wait_for_times_out_with_the_recent_calls(server: FakeTelegram, bot: Bot) -> None:
    await bot.get_me()
    with pytest.raises(WaitTimeout, match=r"(?s)waiting for a call 'sendMessage'.*getMe"):
        await server.wait_for("sendMessage", since=0, timeout=0.05)
