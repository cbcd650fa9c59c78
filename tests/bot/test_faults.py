"""Telegram faults: outages, chats that refuse the bot, upgrades, lost answers, restarts.

Each test plays a real Telegram failure through the fake Bot API (or, for the
publisher on its own, a stand-in bot) and checks what the players see: the
table always ends up showing its newest state, no chat is hammered, and no
stray message offers live buttons.
"""

from __future__ import annotations

import asyncio
import signal
import time
from pathlib import Path
from typing import Any

import pytest
from telegram import InlineKeyboardButton, InlineKeyboardMarkup
from telegram.error import BadRequest, NetworkError, TimedOut

from bot.callbacks import CallbackData, ForgedCallback, Op
from bot.config import Settings
from bot.live import LiveTable, Notice
from bot.publisher import Content, Publisher, Slot
from tests.bot.harness import Harness, Player, button, open_table, ops, play_deal, play_turn, press
from tests.bot.process import start_bot_process, ui_turn
from tests.fakes import FakeChat, FakeMessage, FakeTelegram, FakeUser
from tests.fakes.html_check import parse_html
from tests.fakes.text import trim

SETTINGS = Settings(
    token="123456789:AAFakeTokenForKarbanTests_0123456789",
    edit_interval=0.0,
    private_interval=0.0,
    group_window=0.5,
    retry_ceiling=0.2,
)


def seen(html: str) -> str:
    """The text a user sees for an HTML message text (what the fake stores)."""
    text, entities = parse_html(html)
    return trim(text, entities)[0]


def newest_table(bot: Harness, live: LiveTable) -> str:
    """What the table message should show now."""
    return seen(bot.services.screens.table(live).text)


def notice(name: str) -> Notice:
    return Notice("notice.left", {"name": name})


async def eventually(check: Any, timeout: float, what: str) -> None:
    """Wait until ``check()`` holds (polling: the fake's clock is the real one here)."""
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"not within {timeout}s: {what}")
        await asyncio.sleep(0.05)


def live_buttons(message: FakeMessage, live: LiveTable) -> bool:
    """Whether the message offers buttons of this table at its current version."""
    for row in message.buttons:
        for b in row:
            try:
                data = CallbackData.parse(b.callback_data or "")
            except ForgedCallback:
                continue
            if data.table_id == live.id and data.version == live.version:
                return True
    return False


# -- an outage ---------------------------------------------------------------------


async def test_an_outage_holds_the_table_back_but_never_loses_its_newest_state(
    bot: Harness, server: FakeTelegram, pub: FakeChat, jana: FakeUser
) -> None:
    await bot.restart(retry_ceiling=1.0)
    live = await open_table(bot, pub, [jana], computers=2)
    await bot.settle()
    mark = server.mark()
    server.outage(6.0)  # longer than five tries took (the old limit)
    await asyncio.sleep(0.3)
    await bot.services.tables.add_notice(live, notice("Karel"))
    newest = newest_table(bot, live)
    assert bot.group_message(pub).text != newest
    await eventually(lambda: not server.in_outage, 7.0, "the outage ends")
    await eventually(lambda: bot.group_message(pub).text == newest, 3.0, "the newest table")
    tries = [c for c in server.calls[mark:] if c.chat_id == pub.id and not c.ok]
    assert 3 <= len(tries) <= 12  # backed off: at most one a second, not a burst
    await bot.settle()


# -- chats that refuse the bot -----------------------------------------------------


async def test_a_group_that_is_gone_is_not_hammered(
    bot: Harness, server: FakeTelegram, pub: FakeChat, jana: FakeUser
) -> None:
    live = await open_table(bot, pub, [jana], computers=2)
    await bot.settle()
    server.delete_chat(pub)
    mark = len(server.calls)
    for n in range(25):  # five seconds of a table that keeps changing
        await bot.services.tables.add_notice(live, notice(f"Host {n}"))
        await asyncio.sleep(0.2)
    calls = [c for c in server.calls[mark:] if c.chat_id == pub.id]
    assert 1 <= len(calls) <= 3, [str(c) for c in calls]  # was 119 in 5 s
    assert {c.description for c in calls} == {"Bad Request: chat not found"}
    assert bot.table(pub) is live and live.in_deal  # the table itself lives on


async def test_a_bot_without_rights_waits_and_then_says_everything_newest(
    bot: Harness, server: FakeTelegram, pub: FakeChat, jana: FakeUser
) -> None:
    await bot.restart(park_ceiling=1.0)
    live = await open_table(bot, pub, [jana], computers=2)
    server.mute_bot(pub)
    mark = server.mark()
    await server.send_text(jana, pub, "/help")
    await asyncio.sleep(0.3)
    await bot.services.tables.add_notice(live, notice("Karel"))
    await asyncio.sleep(2.7)
    refused = [c for c in server.calls[mark:] if c.chat_id == pub.id and not c.ok]
    assert 1 <= len(refused) <= 5
    assert all("not enough rights" in (c.description or "") for c in refused)
    server.mute_bot(pub, False)
    newest = newest_table(bot, live)
    await eventually(lambda: bot.group_message(pub).text == newest, 3.0, "the newest table")
    await eventually(
        lambda: any("/new" in m.text for m in server.bot_messages(pub)), 3.0, "the /help reply"
    )


# -- a group upgraded to a supergroup ------------------------------------------------


@pytest.mark.parametrize("announced", [False, True], ids=["refused-send", "service-message"])
async def test_a_group_upgraded_to_a_supergroup_takes_its_table_along(
    bot: Harness, server: FakeTelegram, jana: FakeUser, announced: bool
) -> None:
    chata = server.add_group(-4001, "Chata", admins=[jana])
    live = await open_table(bot, chata, [jana], computers=2)
    old_table = bot.group_message(chata)
    store = bot.services.store
    sup = server.upgrade_group(chata, -1004001, by=jana, announce=announced)
    mark = server.mark()
    await bot.services.tables.add_notice(live, notice("Karel"))  # pending for the old id
    await bot.settle()
    # in memory and in storage the table is the supergroup's now
    assert bot.table(sup) is live and bot.table(chata) is None and live.chat_id == sup.id
    table = bot.group_message(sup)
    assert table.chat is sup and table.text == newest_table(bot, live)
    assert old_table.text != table.text  # the old message cannot change any more
    stored = await store.tables.get(live.id)
    assert stored is not None and stored.chat_id == sup.id
    assert (await store.tables.get_messages(live.id))["group"] == table.message_id
    assert (await store.tables.get_live(chata.id)) is None
    to_old = [c for c in server.calls[mark:] if c.chat_id == chata.id]
    assert len(to_old) <= 1  # at most the one send that learnt of the upgrade
    # updates from the new id find the table, and the deal is played there
    await server.send_text(jana, sup, "/score")
    await bot.settle()
    assert "odehráno 0 rozdání" in server.last_message(sup).text
    await play_deal(bot, sup, [Player(jana)])
    assert "Konec rozdání" in server.bot_messages(sup)[-1].text
    tally = await store.scores.tally(sup.id)
    assert [e.user_id for e in tally] == [jana.id]


async def test_moving_a_chat_in_storage_moves_its_history_and_settings(
    bot: Harness, server: FakeTelegram, jana: FakeUser
) -> None:
    chata = server.add_group(-4002, "Chata", admins=[jana])
    live = await open_table(bot, chata, [jana], computers=2)
    await play_deal(bot, chata, [Player(jana)])
    store = bot.services.store
    await store.chats.set_language(chata.id, "en")
    old_tally = await store.scores.tally(chata.id)
    moved = await store.chats.migrate(chata.id, -1004002)
    assert moved == [live.id]
    assert await store.chats.migrate(chata.id, -1004002) == []  # idempotent
    assert (await store.chats.get(-1004002)).language == "en"
    assert [(e.user_id, e.total) for e in await store.scores.tally(-1004002)] == [
        (e.user_id, e.total) for e in old_tally
    ]
    assert await store.scores.tally(chata.id) == []
    assert "group" not in await store.tables.get_messages(live.id)
    assert f"hand:{jana.id}" in await store.tables.get_messages(live.id)


# -- lost answers -------------------------------------------------------------------


async def test_a_lost_send_leaves_no_orphan_with_live_buttons(
    bot: Harness, server: FakeTelegram, pub: FakeChat, jana: FakeUser
) -> None:
    await server.start_dm(jana)
    await server.send_text(jana, pub, "/help")
    await bot.settle()  # the bot has sent here: it knows where its messages stand
    server.lose_answers("sendMessage", chat=pub)
    await server.send_text(jana, pub, "/new mariáš")
    await bot.settle()
    assert [c for c in server.requests("sendMessage", chat=pub) if c.lost]
    live = bot.table(pub)
    assert live is not None
    kept = bot.group_message(pub)
    assert [m for m in server.bot_messages(pub) if live_buttons(m, live)] == [kept]
    assert bot.services.publisher.orphans_removed == 1
    # the kept lobby is the one that works
    await press(bot, jana, kept, button(kept, "Počítač"))
    await press(bot, jana, kept, button(kept, "Počítač"))
    await press(bot, jana, kept, button(kept, "Rozdat"))
    await bot.settle()
    assert live.in_deal and "rozdání 1" in bot.group_message(pub).text


async def test_a_lost_first_send_of_a_fresh_bot_leaves_no_orphan_with_live_buttons(
    bot: Harness, server: FakeTelegram, pub: FakeChat, jana: FakeUser
) -> None:
    await server.start_dm(jana)
    await bot.settle()
    server.lose_answers("sendMessage", chat=pub)  # the very first message in this chat
    await server.send_text(jana, pub, "/new mariáš")
    await bot.settle()
    live = bot.table(pub)
    assert live is not None
    kept = bot.group_message(pub)
    assert [m for m in server.bot_messages(pub) if live_buttons(m, live)] == [kept]
    assert any("Rozdat" in label for label in kept.button_texts)


class MailboxBot:
    """A stand-in Bot API with Telegram's numbering: one id sequence for all private chats.

    ``lose`` makes the next send be performed but time out on the way back.
    """

    def __init__(self) -> None:
        self.next_id = 100
        self.messages: dict[tuple[int, int], InlineKeyboardMarkup | None] = {}
        self.deleted: list[tuple[int, int]] = []
        self.calls: list[str] = []
        self.lose = 0

    async def send_message(self, chat_id: int, text: str, **kw: Any) -> Any:
        await asyncio.sleep(0)
        self.next_id += 1
        self.messages[(chat_id, self.next_id)] = kw.get("reply_markup")
        self.calls.append(f"send {chat_id}")
        if self.lose:
            self.lose -= 1
            raise TimedOut("Timed out")
        return type("Message", (), {"message_id": self.next_id})()

    def user_writes(self, chat_id: int) -> None:
        self.next_id += 1  # the user's message takes an id in the bot's mailbox

    async def edit_message_text(
        self, text: str, *, chat_id: int, message_id: int, **kw: Any
    ) -> Any:
        await asyncio.sleep(0)
        self.calls.append(f"edit {chat_id}")
        self.messages[(chat_id, message_id)] = kw.get("reply_markup")
        return True

    async def edit_message_reply_markup(
        self, *, chat_id: int, message_id: int, reply_markup: Any = None
    ) -> Any:
        await asyncio.sleep(0)
        self.calls.append(f"probe {chat_id}/{message_id}")
        if (chat_id, message_id) not in self.messages:
            raise BadRequest("Message to edit not found")
        self.messages[(chat_id, message_id)] = reply_markup
        return True

    async def delete_message(self, chat_id: int, message_id: int) -> Any:
        self.deleted.append((chat_id, message_id))
        del self.messages[(chat_id, message_id)]
        return True


def hand(label: str) -> Content:
    key = InlineKeyboardButton(label, callback_data=f"1|5|a|{label}")
    return Content(f"🃏 {label}", InlineKeyboardMarkup([[key]]))


async def test_a_timed_out_private_send_is_found_among_other_chats_ids_and_removed() -> None:
    stub = MailboxBot()
    publisher = Publisher(stub, SETTINGS)  # type: ignore[arg-type]
    await publisher.post(7, Content("ahoj"))  # the bot knows where its ids stand
    stub.lose = 1
    slot = Slot(7)
    publisher.show(slot, hand("A"))
    publisher.show(Slot(8), hand("B"))  # another chat's message takes the next id
    stub.user_writes(7)
    await publisher.flush()
    assert slot.message_id is not None
    with_buttons = [key for key, markup in stub.messages.items() if key[0] == 7 and markup]
    assert with_buttons == [(7, slot.message_id)]  # only the kept hand
    assert len(stub.deleted) == 1 and stub.deleted[0][0] == 7
    assert publisher.orphans_removed == 1
    await publisher.close()


async def test_network_errors_back_off_to_the_ceiling_and_keep_the_newest() -> None:
    class Down(MailboxBot):
        def __init__(self) -> None:
            super().__init__()
            self.failing = True
            self.times: list[float] = []

        async def edit_message_text(self, text: str, **kw: Any) -> Any:
            self.times.append(time.monotonic())
            if self.failing:
                raise NetworkError("httpx.ConnectError: All connection attempts failed")
            return await super().edit_message_text(text, **kw)

    stub = Down()
    publisher = Publisher(stub, SETTINGS)  # type: ignore[arg-type]
    slot = Slot(-1001, message_id=5)
    publisher.show(slot, Content("a"))
    await asyncio.sleep(1.5)
    publisher.show(slot, Content("newest"))
    gaps = [b - a for a, b in zip(stub.times, stub.times[1:], strict=False)]
    assert len(stub.times) <= 12 and max(gaps) <= 0.3  # 0.5 s doubling, capped at 0.2 s
    stub.failing = False
    publisher.reachable()  # an update came in: Telegram is back
    assert await publisher.flush(1.0)
    assert stub.calls[-1] == "edit -1001" and slot.shown == Content("newest").digest
    await publisher.close()


# -- coming back after blocking the bot ----------------------------------------------


@pytest.mark.parametrize("text", ["ahoj", "/help"])
async def test_a_player_who_comes_back_gets_the_current_hand_at_once(
    bot: Harness, server: FakeTelegram, pub: FakeChat, jana: FakeUser, petr: FakeUser, text: str
) -> None:
    live = await open_table(bot, pub, [jana, petr], computers=1)
    seat = live.seat_of(petr.id)
    assert seat is not None
    old_hand = bot.hand_message(petr)
    server.block_bot(petr)
    await bot.settle()
    jana_seat = live.seat_of(jana.id)
    for _ in range(50):  # play on until Petr's hand changes (and the 403 comes)
        await bot.settle()
        if any(c.error_code == 403 and c.chat_id == petr.id for c in server.calls):
            break
        if jana_seat in live.state.to_act():
            await play_turn(bot, pub, {jana_seat: Player(jana)})  # type: ignore[dict-item]
        else:
            await asyncio.sleep(0.05)
    assert any(c.error_code == 403 and c.chat_id == petr.id for c in server.calls)
    assert old_hand is not None and old_hand.text != seen(
        bot.services.screens.hand(live, seat, bot.services.i18n.for_lang("cs")).text
    )
    mark = server.mark()
    await server.send_text(petr, petr, text)  # back, without /start
    await bot.settle()
    sent = [c for c in server.requests("sendMessage", chat=petr, since=mark) if c.ok]
    assert any(str(c.params["text"]).startswith("🃏") for c in sent)
    new_hand = bot.hand_message(petr)
    assert new_hand is not None and old_hand is not None
    assert new_hand.message_id > old_hand.message_id
    tr = bot.services.i18n.for_lang("cs")
    assert new_hand.text == seen(bot.services.screens.hand(live, seat, tr).text)


# -- restarts ---------------------------------------------------------------------------


async def test_no_identical_edit_after_the_process_is_killed(
    server: FakeTelegram, pub: FakeChat, jana: FakeUser, petr: FakeUser, db_path: Path
) -> None:
    process = await start_bot_process(
        server, db_path, KARBAN_GROUP_CALM="0", KARBAN_PING_DELAY="600"
    )
    try:
        await server.wait_for("deleteWebhook", since=0, timeout=30)
        for user in (jana, petr):
            await server.start_dm(user)
        await server.send_text(jana, pub, "/new mariáš")
        await server.send_text(petr, pub, "/join")
        await server.idle(quiet=0.2, timeout=20)
        lobby = server.bot_messages(pub)[-1]
        add = next(d for t, d in ops(lobby) if "Počítač" in t)
        await server.press(jana, lobby, add.encode())
        await server.idle(quiet=0.2, timeout=20)
        await server.send_text(jana, pub, "/start")
        players = [Player(jana), Player(petr)]
        for _ in range(3):
            assert await ui_turn(server, pub, players)
        await server.idle(quiet=0.15, timeout=20)  # everything shown, and then at once:
    finally:
        process.send_signal(signal.SIGKILL)
        await process.wait()
    mark = len(server.calls)
    bot = Harness(server, db_path, seed=100)
    await bot.start()
    try:
        await bot.settle()
        assert server.not_modified(since=mark) == []  # was two or three a restart
        assert bot.table(pub) is not None
    finally:
        await bot.stop()


async def test_a_selection_in_progress_survives_a_restart(
    bot: Harness, server: FakeTelegram, pub: FakeChat, jana: FakeUser, petr: FakeUser, eva: FakeUser
) -> None:
    live = await open_table(bot, pub, [jana, petr, eva])
    seats = {live.seat_of(u.id): Player(u) for u in (jana, petr, eva)}
    assert live.seat_of(eva.id) in live.state.to_act()  # Eva is forehand: trumps, then talon
    await play_turn(bot, pub, seats)  # type: ignore[arg-type]
    hand = bot.hand_message(eva)
    assert hand is not None
    picks = [(t, d) for t, d in ops(hand) if d.op is Op.PICK]
    assert len(picks) > 2
    await press(bot, eva, hand, picks[0][1].encode())  # the first card of two
    await bot.settle()
    selected = hand.text, hand.button_texts
    assert any(t.startswith("✅") for t in hand.button_texts)
    seat = live.seat_of(eva.id)
    await bot.restart()
    await bot.settle()
    again = bot.table(pub)
    assert again is not None and again.picks == {seat: picks[0][1].arg}
    assert (hand.text, hand.button_texts) == selected  # shown as it really is
    second = next(d for t, d in ops(hand) if not t.startswith("✅"))  # completes the pair
    await press(bot, eva, hand, second.encode())
    await bot.settle()
    logged = await bot.services.store.deals.list_actions(again.deal.id)  # type: ignore[union-attr]
    assert logged[-1].code.startswith("talon:") and picks[0][1].arg in logged[-1].code
    assert again.picks == {}
