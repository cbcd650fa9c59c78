"""A two-player table in a direct chat, end to end over the fake Bot API.

``/new`` in the direct chat opens the table there when the game can be
played two-handed with its default rules (Blázen: 2–6 players); the user
plays against the computer players they add, from the same chat, which holds
both the table message and their hand. A friend may sit down by the deep link
the lobby shows (``test_dm_two_players.py``); a game that needs more players
(Mariáš: 3) points to a group, and the commands that work on the chat's table
(/stop, /score, /settings) work there too.
"""

from __future__ import annotations

from tests.bot.blazen_helpers import LeakWatch, play_game
from tests.bot.harness import Harness, button, ops, press
from tests.fakes import FakeTelegram, FakeUser


async def test_blazen_against_the_computer_in_a_direct_chat(
    bot: Harness, server: FakeTelegram, jana: FakeUser, petr: FakeUser
) -> None:
    dm = server.dm(jana)
    await server.start_dm(jana)
    await server.send_text(jana, dm, "/join")  # no table here: a clear answer
    await bot.settle()
    assert "funguje ve skupině" in server.last_message(jana).text
    await server.send_text(jana, dm, "/new blazen")
    await bot.settle()
    live = bot.table(dm)
    assert live is not None and live.chat_id == jana.id
    lobby = bot.group_message(dm)
    labels = [label for label, _ in ops(lobby)]
    assert "Blázen" in lobby.text and "1. Jana" in lobby.text and "Přidej počítač" in lobby.text
    assert not any("Přisednout" in label for label in labels), labels  # nobody else comes
    assert any("Počítač" in label for label in labels) and any("Rozdat" in x for x in labels)

    await server.send_text(jana, dm, "/new blazen")  # one table per chat, here too
    await bot.settle()
    assert "už je otevřený stůl" in server.last_message(jana).text

    # The lobby offers a friend the table's deep link (see test_dm_two_players.py).
    assert f"start=join_{live.row.join_token}" in bot.group_message(dm).text
    assert live.seat_of(petr.id) is None and len(live.names) == 1

    await press(bot, jana, lobby, button(lobby, "Odejít"))  # she may sit down again
    await bot.settle()
    lobby = bot.group_message(dm)
    assert live.names == [] and "Přisednout" in "".join(label for label, _ in ops(lobby))
    await press(bot, jana, lobby, button(lobby, "Přisednout"))
    await bot.settle()
    lobby = bot.group_message(dm)
    assert live.names == ["Jana"] and "Přisednout" not in "".join(x for x, _ in ops(lobby))

    await press(bot, jana, lobby, button(lobby, "Počítač"))
    await bot.settle()
    lobby = bot.group_message(dm)
    assert "2. 🤖" in lobby.text
    await server.send_text(jana, dm, "/settings")  # the lobby's rules, from the chat itself
    await bot.settle()
    menu = bot.group_message(dm)
    assert any(label.startswith("Balíček") for label, _ in ops(menu))
    await press(bot, jana, menu, button(menu, "Zpět"))
    await bot.settle()
    lobby = bot.group_message(dm)

    watch = LeakWatch(bot, dm, [jana])  # the computer's cards never reach Jana
    answer = await press(bot, jana, lobby, button(lobby, "Rozdat"))
    assert answer.text is None, answer.text
    await bot.settle()
    assert live.in_deal and live.seat_of(jana.id) is not None
    table = bot.group_message(dm)
    assert "Trumf" in table.text and table.chat.id == jana.id
    hand = bot.hand_message(jana)
    assert hand is not None and hand.message_id != table.message_id  # two messages, one chat
    presses = await play_game(bot, dm, [jana], after=watch.check)
    watch.check()
    assert presses > 3 and watch.checked > 10
    assert live.outcome is not None and not live.in_deal

    # The result's "next deal" button works in the table's own chat.
    result = server.last_message(jana)
    next_deal = [data for _, data in ops(result) if data.table_id == live.id]
    assert next_deal, result.text
    answer = await press(bot, jana, result, next_deal[0].encode())
    assert answer.text is None, answer.text
    await bot.settle()
    assert live.in_deal

    await server.send_text(jana, dm, "/score")
    await bot.settle()
    assert "Blázen" in server.last_message(jana).text

    await server.send_text(jana, dm, "/stop")
    await bot.settle()
    confirm = server.last_message(jana)
    await press(bot, jana, confirm, button(confirm, "Ano"))
    await bot.settle()
    assert bot.table(dm) is None

    await server.send_text(jana, dm, "/stop")  # no table any more: group-only again
    await bot.settle()
    assert "funguje ve skupině" in server.last_message(jana).text


async def test_a_game_for_three_needs_a_group(
    bot: Harness, server: FakeTelegram, jana: FakeUser
) -> None:
    dm = server.dm(jana)
    await server.start_dm(jana)
    await server.send_text(jana, dm, "/new mariáš")
    await bot.settle()
    text = server.last_message(jana).text
    assert "funguje ve skupině" in text and "3 hráčů" in text and "/new blazen" in text
    assert "/new marias" not in text
    assert bot.table(dm) is None

    # The chooser offers every game; only a two-handed one opens here.
    await server.send_text(jana, dm, "/new")
    await bot.settle()
    chooser = server.last_message(jana)
    await press(bot, jana, chooser, button(chooser, "mariáš"))
    await bot.settle()
    assert "3 hráčů" in server.last_message(jana).text and bot.table(dm) is None
    await press(bot, jana, chooser, button(chooser, "Blázen"))
    await bot.settle()
    live = bot.table(dm)
    assert live is not None and live.names == ["Jana"]
    assert bot.group_message(dm).message_id == chooser.message_id  # the chooser became the lobby
