"""Lobby -> join (with and without a direct chat) -> a full deal -> result -> /score."""

from __future__ import annotations

from tests.bot.harness import Harness, Player, button, play_deal, press
from tests.bot.privacy import assert_no_leaks
from tests.fakes import FakeChat, FakeTelegram, FakeUser


async def test_lobby_join_deal_result_and_score(
    bot: Harness, server: FakeTelegram, pub: FakeChat, jana: FakeUser, petr: FakeUser
) -> None:
    await server.start_dm(jana)  # Jana has a direct chat: /new seats her at once
    await server.send_text(jana, pub, "/new mariáš")
    await bot.settle()
    lobby = bot.group_message(pub)
    assert "Volený mariáš" in lobby.text and "1. Jana" in lobby.text
    # Petr never opened a chat with the bot: Join answers with a deep link ...
    answer = await press(bot, petr, lobby, button(lobby, "Přisednout"))
    assert answer.url is not None and answer.url.startswith("https://t.me/karban_bot?start=join_")
    assert "Petr" not in bot.group_message(pub).text
    # ... and Start in the direct chat seats him, with no further step.
    await server.start_dm(petr, answer.url.rsplit("=", 1)[1])
    await bot.settle()
    assert "2. Petr" in bot.group_message(pub).text
    assert "Sedíš u stolu" in server.last_message(petr).text
    lobby = bot.group_message(pub)
    await press(bot, jana, lobby, button(lobby, "Počítač"))
    await bot.settle()
    lobby = bot.group_message(pub)
    assert "3. 🤖" in lobby.text
    since = len(server.calls)
    await press(bot, jana, lobby, button(lobby, "Rozdat"))
    await bot.settle()
    table = bot.group_message(pub)
    assert table.message_id == lobby.message_id  # the lobby became the table message
    assert "rozdání 1" in table.text
    for user in (jana, petr):
        hand = bot.hand_message(user)
        assert hand is not None and ("karet" in hand.text or "karty" in hand.text)
    presses = await play_deal(bot, pub, [Player(jana), Player(petr)])
    assert presses > 0
    result = server.bot_messages(pub)[-1]
    assert "Konec rozdání" in result.text and "Kč" in result.text
    assert "Průběžně" in result.text
    assert [b for row in result.buttons for b in row]  # next deal / end
    assert await assert_no_leaks(bot, pub, [jana, petr], since) > 10
    await server.send_text(jana, pub, "/score")
    await bot.settle()
    score = server.last_message(pub).text
    assert "Skóre" in score and "odehráno 1 rozdání" in score
    assert "1. " in score and "Jana" in score and "Petr" in score
    assert "🤖" not in score.split("Celkem")[1]  # computers are not in the all-time tally


async def test_join_command_with_and_without_direct_chat(
    bot: Harness, server: FakeTelegram, pub: FakeChat, jana: FakeUser, petr: FakeUser
) -> None:
    await server.send_text(jana, pub, "/new marias")
    await bot.settle()
    assert "1. Jana" not in bot.group_message(pub).text  # no direct chat yet: not seated
    await server.send_text(petr, pub, "/join")
    await bot.settle()
    reply = server.last_message(pub)
    assert "Petr" in reply.text and reply.buttons[0][0].url is not None
    assert "?start=join_" in (reply.buttons[0][0].url or "")
    await server.start_dm(jana)
    await server.send_text(jana, pub, "/join")
    await bot.settle()
    assert "1. Jana" in bot.group_message(pub).text
