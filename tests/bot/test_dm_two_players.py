"""Two people at a table opened in a direct chat, each playing from their own chat.

``/new blazen`` in Jana's direct chat opens the table there; its lobby shows
the table's deep link, which she forwards. Eva opens it (``/start
join_<token>`` in *her* direct chat with the bot) and sits down; from then on
each of them has the table message and her own hand in her own chat, in her
own language, gets her turns there, and never sees the other's cards. Jana
deals and stops; Eva may leave the lobby. A third person with the link gets a
clear answer and changes nothing, and the commands that only the creator may
use answer Eva clearly.
"""

from __future__ import annotations

from bot.live import LiveTable
from tests.bot.blazen_helpers import LeakWatch, play_game
from tests.bot.harness import Harness, button, ops, press
from tests.bot.privacy import message_texts, shows
from tests.fakes import FakeChat, FakeMessage, FakeTelegram, FakeUser


class OwnChatLeakWatch(LeakWatch):
    """``LeakWatch`` for a direct chat's table: each player reads only her own chat."""

    def check(self) -> None:
        live = self.h.table(self.group)
        assert live is not None and live.state is not None
        calls = self.h.server.calls[self.seen :]
        self.seen += len(calls)
        for user in self.viewers:
            seat = live.seat_of(user.id)
            assert seat is not None
            secret = self.secrets(live, seat)
            for call in calls:
                if call.method not in ("sendMessage", "editMessageText") or not call.ok:
                    continue
                if call.chat_id != user.id:
                    continue
                text = message_texts(call)
                self.checked += 1
                shown = sorted(c for c in secret if shows(text, c))
                assert not shown, f"{user.first_name} could see {shown} in:\n{text}"


def copy_of_table(h: Harness, user: FakeUser, live: LiveTable) -> FakeMessage:
    """The guest's copy of the table (or lobby) message in her own chat."""
    slot = h.services.presenter._slots.get(live.id, {}).get(f"mirror:{user.id}")
    assert slot is not None and slot.message_id is not None, "no copy of the table"
    return h.server.message(user, slot.message_id)


def calls_to(server: FakeTelegram, chats: list[int], since: int) -> list[object]:
    return [c for c in server.calls[since:] if c.chat_id in chats and c.method != "getUpdates"]


async def test_two_people_play_blazen_each_from_their_own_direct_chat(
    bot: Harness, server: FakeTelegram, jana: FakeUser, eva: FakeUser, petr: FakeUser
) -> None:
    dm: FakeChat = server.dm(jana)
    await server.start_dm(jana)
    await server.send_text(jana, dm, "/new blazen")
    await bot.settle()
    live = bot.table(dm)
    assert live is not None and live.chat_id == jana.id
    link = f"https://t.me/{server.bot.username}?start=join_{live.row.join_token}"
    lobby = bot.group_message(dm)
    assert link in lobby.text and "Hraj s kamarádem" in lobby.text, lobby.text

    # Eva opens the forwarded link: Start in her own chat with the bot seats her.
    await server.start_dm(eva, f"join_{live.row.join_token}")
    await bot.settle()
    assert live.names == ["Jana", "Eva"]
    assert "You are at the table" in server.last_message(eva).text
    lobby = bot.group_message(dm)
    assert "2. Eva" in lobby.text and link not in lobby.text  # nobody else to invite
    guest_lobby = copy_of_table(bot, eva, live)
    assert guest_lobby.chat.id == eva.id and "2. Eva" in guest_lobby.text
    assert "creator deals" in guest_lobby.text, guest_lobby.text  # in her language
    assert [label for label, _ in ops(guest_lobby)] == ["🚶 Leave"]  # Jana deals, not Eva

    # A third person with the same link: a clear answer, and nothing changes.
    version, since = live.version, len(server.calls)
    await server.start_dm(petr, f"join_{live.row.join_token}")
    await bot.settle()
    assert "druhé místo už je obsazené" in server.last_message(petr).text
    assert live.names == ["Jana", "Eva"] and live.version == version
    assert calls_to(server, [jana.id, eva.id], since) == []

    # Eva may leave the lobby (her copy says so) and come back by the link.
    await press(bot, eva, guest_lobby, button(guest_lobby, "Leave"))
    await bot.settle()
    assert live.names == ["Jana"]
    assert server.message(eva, guest_lobby.message_id).text == "You left the table."
    assert link in bot.group_message(dm).text  # the invitation is open again
    since = len(server.calls)
    await bot.restart()  # her old copy is not shown again
    await bot.settle()
    assert [c for c in server.calls[since:] if c.chat_id == eva.id] == []
    live = bot.table(dm)
    assert live is not None and live.names == ["Jana"]
    await server.start_dm(eva, f"join_{live.row.join_token}")
    await bot.settle()
    assert live.names == ["Jana", "Eva"]

    # Jana's own place is kept while she stands up: the link seats nobody else.
    lobby = bot.group_message(dm)
    await press(bot, jana, lobby, button(lobby, "Odejít"))
    await bot.settle()
    assert live.names == ["Eva"]
    await server.start_dm(petr, f"join_{live.row.join_token}")
    await bot.settle()
    assert "druhé místo už je obsazené" in server.last_message(petr).text
    lobby = bot.group_message(dm)
    await press(bot, jana, lobby, button(lobby, "Přisednout"))
    await bot.settle()
    assert live.names == ["Eva", "Jana"] and live.seat_of(petr.id) is None
    left = guest_lobby
    guest_lobby = copy_of_table(bot, eva, live)
    assert guest_lobby.message_id > left.message_id  # a new lobby message below

    # Starting, the rules and stopping stay with Jana: Eva's chat answers clearly.
    for command in ("/stop", "/settings"):
        await server.send_text(eva, eva, command)
        await bot.settle()
        assert "is for its creator" in server.last_message(eva).text, command
    await server.send_text(eva, eva, "/new blazen")  # one table at a time in her chat
    await bot.settle()
    assert "one table at a time" in server.last_message(eva).text
    assert bot.table(server.dm(eva)) is None
    await server.send_text(eva, eva, "/join")  # group-only commands stay group-only
    await bot.settle()
    assert "works in a group" in server.last_message(eva).text
    # Jana's Deal button, forged onto Eva's copy of the lobby, does nothing.
    deal_data = button(bot.group_message(dm), "Rozdat")
    query = await server.press(eva, guest_lobby, deal_data, forge=True)
    answer = await server.wait_answer(query, timeout=10)
    assert answer.text is not None and not live.in_deal and live.status == "lobby"

    # Jana deals; each plays a whole game from her own chat.
    watch = OwnChatLeakWatch(bot, dm, [jana, eva])
    lobby = bot.group_message(dm)
    answer = await press(bot, jana, lobby, button(lobby, "Rozdat"))
    assert answer.text is None, answer.text
    await bot.settle()
    watch.check()
    assert live.in_deal
    table = bot.group_message(dm)
    copy = copy_of_table(bot, eva, live)
    assert "Trumf" in table.text and table.chat.id == jana.id
    assert "Trump" in copy.text and copy.chat.id == eva.id  # the public table, in English
    assert copy.message_id == guest_lobby.message_id  # her lobby became the table
    hands = {user.id: bot.hand_message(user) for user in (jana, eva)}
    assert all(h is not None for h in hands.values())
    assert hands[eva.id].chat.id == eva.id and hands[jana.id].chat.id == jana.id
    presses = await play_game(bot, dm, [jana, eva], after=watch.check)
    watch.check()
    assert presses > 3 and watch.checked > 20
    assert live.outcome is not None and not live.in_deal
    assert {live.seat_of(jana.id), live.seat_of(eva.id)} == {0, 1}
    logged = await bot.services.store.deals.list_actions(live.deal.id)
    assert {a.seat for a in logged} == {0, 1} and all(a.source == "player" for a in logged)

    # The result reaches both, each in her own chat and language; Jana deals again.
    jana_result, eva_result = server.last_message(jana), server.last_message(eva)
    assert "Konec hry" in jana_result.text and "Game over" in eva_result.text
    assert "Jana" in eva_result.text and "Eva" in jana_result.text
    assert ops(eva_result) == []  # no buttons for the guest
    await server.send_text(eva, eva, "/score")  # the match she plays, from her own chat
    await bot.settle()
    assert "Blázen" in server.last_message(eva).text and "Eva" in server.last_message(eva).text
    next_deal = [data for _, data in ops(jana_result) if data.table_id == live.id]
    assert next_deal, jana_result.text
    answer = await press(bot, jana, jana_result, next_deal[0].encode())
    assert answer.text is None, answer.text
    await bot.settle()
    assert live.in_deal
    second = copy_of_table(bot, eva, live)
    assert second.message_id > eva_result.message_id  # the new game's table comes below
    watch.check()

    # Jana stops the table; both chats are told.
    await server.send_text(jana, dm, "/stop")
    await bot.settle()
    confirm = server.last_message(jana)
    await press(bot, jana, confirm, button(confirm, "Ano"))
    await bot.settle()
    assert bot.table(dm) is None
    assert server.message(eva, second.message_id).text == "⏹ The table is closed."


async def open_for_two(h: Harness, host: FakeUser, guest: FakeUser) -> LiveTable:
    """Jana's direct chat table with Eva invited by its link, dealt."""
    dm = h.server.dm(host)
    await h.server.start_dm(host)
    await h.server.send_text(host, dm, "/new blazen")
    await h.settle()
    live = h.table(dm)
    assert live is not None
    await h.server.start_dm(guest, f"join_{live.row.join_token}")
    await h.settle()
    lobby = h.group_message(dm)
    await press(h, host, lobby, button(lobby, "Rozdat"))
    await h.settle()
    assert live.in_deal and live.names == [host.first_name, guest.first_name]
    return live


async def test_a_restart_keeps_both_chats_and_a_guest_who_leaves_is_replaced(
    bot: Harness, server: FakeTelegram, jana: FakeUser, eva: FakeUser
) -> None:
    live = await open_for_two(bot, jana, eva)
    dm = server.dm(jana)
    copy, table = copy_of_table(bot, eva, live), bot.group_message(dm)
    hands = {u.id: bot.hand_message(u).message_id for u in (jana, eva)}  # type: ignore[union-attr]
    sent = len(server.requests("sendMessage"))

    await bot.restart()
    await bot.settle()
    again = bot.table(dm)
    assert again is not None and again is not live and again.in_deal
    # the same messages in both chats, still up to date: nothing new, no identical edit
    assert len(server.requests("sendMessage")) == sent
    assert copy_of_table(bot, eva, again).message_id == copy.message_id
    assert bot.group_message(dm).message_id == table.message_id
    assert {u.id: bot.hand_message(u).message_id for u in (jana, eva)} == hands  # type: ignore[union-attr]

    # Eva leaves in the middle of the game, from her own chat: a computer takes her seat.
    await server.send_text(eva, eva, "/leave")
    await bot.settle()
    assert "You left the table" in server.last_message(eva).text
    assert again.seat_of(eva.id) is None and again.is_computer(1)
    assert server.message(eva, copy.message_id).text == "You left the table."
    assert "Eva" in bot.group_message(dm).text  # Jana's table says who left
    watch = OwnChatLeakWatch(bot, dm, [jana])
    await play_game(bot, dm, [jana], after=watch.check)
    assert again.outcome is not None and not again.in_deal
    assert "Konec hry" in server.last_message(jana).text
    assert "Game over" not in server.last_message(eva).text  # she is gone: no result for her
