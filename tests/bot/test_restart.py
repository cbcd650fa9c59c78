"""Durability: a restart, or a kill, in the middle of a deal loses nothing (issue point 7)."""

from __future__ import annotations

import asyncio
import signal
from pathlib import Path

from tests.bot.harness import Harness, Player, open_table, ops, play_deal, play_turn
from tests.bot.process import start_bot_process, ui_turn
from tests.fakes import FakeChat, FakeTelegram, FakeUser


async def replayed(bot: Harness, pub: FakeChat) -> object:
    """The deal as the log says it is: rebuilt from scratch through the engine."""
    live = bot.table(pub)
    assert live is not None and live.deal is not None
    return await bot.services.tables._replay(live, live.deal)


async def test_graceful_restart_mid_deal_continues_the_same_deal(
    bot: Harness, server: FakeTelegram, pub: FakeChat, jana: FakeUser, petr: FakeUser
) -> None:
    live = await open_table(bot, pub, [jana, petr], computers=1)
    players = {live.seat_of(u.id): Player(u) for u in (jana, petr)}
    for _ in range(3):
        assert await play_turn(bot, pub, players)  # type: ignore[arg-type]
    await bot.settle()
    version, deal_id = live.version, live.deal.id  # type: ignore[union-attr]
    before_view = live.state.public_view()
    table_id = bot.group_message(pub).message_id
    hands = {u.id: bot.hand_message(u).message_id for u in (jana, petr)}  # type: ignore[union-attr]
    sent = len(server.requests("sendMessage"))

    await bot.restart()
    await bot.settle()
    again = bot.table(pub)
    assert again is not None and again is not live
    assert (again.version, again.deal.id) == (version, deal_id)  # type: ignore[union-attr]
    assert again.state.public_view() == before_view
    assert again.state == await replayed(bot, pub)
    # the same messages, still up to date: nothing new sent, no identical edit
    assert len(server.requests("sendMessage")) == sent
    assert bot.group_message(pub).message_id == table_id
    assert {u.id: bot.hand_message(u).message_id for u in (jana, petr)} == hands  # type: ignore[union-attr]
    await play_deal(bot, pub, [Player(jana), Player(petr)])
    assert "Konec rozdání" in server.bot_messages(pub)[-1].text


async def test_kill_mid_deal_then_restart_rebuilds_from_the_log(
    server: FakeTelegram, pub: FakeChat, jana: FakeUser, petr: FakeUser, db_path: Path
) -> None:
    process = await start_bot_process(server, db_path)
    try:
        await server.wait_for("deleteWebhook", since=0, timeout=30)  # polling starts
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
        for _ in range(4):
            assert await ui_turn(server, pub, players, "🃏 Volený mariáš · rozdání")
        # one more press, and the process dies while handling it
        assert await ui_turn(server, pub, players, "🃏 Volený mariáš · rozdání")
        await asyncio.sleep(0.01)
    finally:
        process.send_signal(signal.SIGKILL)
        await process.wait()
    bot = Harness(server, db_path, seed=100)
    await bot.start()
    try:
        await bot.settle()
        live = bot.table(pub)
        assert live is not None and live.in_deal
        assert live.state == await replayed(bot, pub)
        logged = await bot.services.store.deals.list_actions(live.deal.id)  # type: ignore[union-attr]
        assert len(logged) >= 4 and all(a.version <= live.version for a in logged)
        # the messages show the rebuilt state: whoever is to act has buttons
        seat = min(live.state.to_act())
        table = bot.group_message(pub)
        if live.is_computer(seat):
            raise AssertionError("a computer seat was left waiting after the restart")
        user = live.row.seats[seat].user_id
        hand = bot.hand_message(jana if user == jana.id else petr)
        assert ops(table) or (hand is not None and ops(hand))
        await play_deal(bot, pub, players)
        assert "Konec rozdání" in server.bot_messages(pub)[-1].text
    finally:
        await bot.stop()
