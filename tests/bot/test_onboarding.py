"""The direct chat: deep links, /hand, and a 403 that never breaks a table."""

from __future__ import annotations

import asyncio

from tests.bot.harness import Harness, Player, button, open_table, play_deal, play_turn, press
from tests.fakes import FakeChat, FakeTelegram, FakeUser


async def test_blocked_player_does_not_break_the_table(
    bot: Harness, server: FakeTelegram, pub: FakeChat, jana: FakeUser, petr: FakeUser
) -> None:
    await bot.restart(turn_timeout=0.6)
    live = await open_table(bot, pub, [jana, petr], computers=1)
    server.block_bot(petr)
    await bot.settle()
    petr_seat = live.seat_of(petr.id)
    # whatever comes next, the table plays on: Jana presses, Petr's turns time out
    for _ in range(200):
        await bot.settle()
        if not live.in_deal:
            break
        if live.seat_of(jana.id) in live.state.to_act():
            await play_deal_step(bot, pub, jana)
        else:
            await asyncio.sleep(0.05)
    assert not live.in_deal
    assert any(c.error_code == 403 and c.chat_id == petr.id for c in server.calls)
    # the group was told (later notices may have scrolled the warning off the table message)
    told = [c for c in server.calls if c.chat_id == pub.id and c.ok]
    assert any("⚠️ Petr nedostává karty" in str(c.params.get("text", "")) for c in told)
    assert "Konec rozdání" in server.bot_messages(pub)[-1].text
    stored = await bot.services.store.users.get(petr.id)
    assert stored is not None and not stored.dm_open
    logged = await bot.services.store.deals.list_actions(live.deal.id)  # type: ignore[union-attr]
    assert all(a.source == "timeout" for a in logged if a.seat == petr_seat)
    # Petr comes back: /start in the direct chat, the next deal reaches him again
    await server.start_dm(petr)
    await server.send_text(jana, pub, "/start")
    await bot.settle()
    hand = bot.hand_message(petr)
    assert hand is not None and "rozdání 2" in hand.text


async def play_deal_step(bot: Harness, pub: FakeChat, user: FakeUser) -> None:
    live = bot.table(pub)
    assert live is not None
    seat = live.seat_of(user.id)
    await play_turn(bot, pub, {seat: Player(user)})  # type: ignore[dict-item]


async def test_deep_links_and_hand(
    bot: Harness, server: FakeTelegram, pub: FakeChat, jana: FakeUser, petr: FakeUser
) -> None:
    await server.send_text(jana, jana, "ahoj")  # any text opens the direct chat too
    await bot.settle()
    assert server.last_message(jana).text.startswith("Ahoj, Jana!")
    stored = await bot.services.store.users.get(jana.id)
    assert stored is not None and stored.dm_open
    await server.start_dm(petr, "nonsense")
    await bot.settle()
    assert server.last_message(petr).text.startswith("Tento odkaz neznám")
    await server.send_text(petr, petr, "/hand")
    await bot.settle()
    assert server.last_message(petr).text == "Teď nehraješ žádnou hru."
    live = await open_table(bot, pub, [jana], computers=2, start=False)
    link = f"join_{live.row.join_token}"
    lobby = bot.group_message(pub)
    await press(bot, jana, lobby, button(lobby, "Rozdat"))
    await bot.settle()
    await server.start_dm(petr, link)  # too late: the game runs
    await bot.settle()
    assert server.last_message(petr).text == "Hra už běží."
    # /hand sends the current hand again, as a new message with the same buttons
    old = bot.hand_message(jana)
    assert old is not None
    text, data = old.text, old.callback_data
    await server.send_text(jana, jana, "/hand")
    await bot.settle()
    new = bot.hand_message(jana)
    assert new is not None and new.message_id > old.message_id
    assert new.text == text and new.callback_data == data
    assert old.callback_data == [] and "nové zprávě" in old.text  # no second live keyboard
    await play_deal(bot, pub, [Player(jana)])  # and the deal is played on the new message
    assert "Konec rozdání" in server.bot_messages(pub)[-1].text


async def test_removed_from_the_group_stops_its_table(
    bot: Harness, server: FakeTelegram, pub: FakeChat, jana: FakeUser
) -> None:
    live = await open_table(bot, pub, [jana], computers=2)
    server.kick_bot(pub, by=jana)
    await bot.settle()
    assert bot.table(pub) is None
    stored = await bot.services.store.tables.get(live.id)
    assert stored is not None and stored.status == "stopped"
