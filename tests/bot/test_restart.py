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
        # the four presses before the kill were the trumps, two talon picks (which
        # change nothing stored) and the talon: two actions; the fifth press, and a
        # computer's answer to it, are logged only if they beat the kill
        assert len(logged) >= 2 and all(a.version <= live.version for a in logged)
        assert [a.code.partition(":")[0] for a in logged[:2]] == ["trump", "talon"]
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


async def test_a_blazen_game_with_an_opener_in_its_setup_restores_with_the_same_first_attacker(
    bot: Harness,
    server: FakeTelegram,
    pub: FakeChat,
    jana: FakeUser,
    petr: FakeUser,
    eva: FakeUser,
) -> None:
    """The fool's left neighbour attacks first in the next game: the deal's setup says
    so, not its cards, and a restart rebuilds the game with that first attacker."""
    from games.cards import card
    from tests.bot.blazen_helpers import deck36, open_blazen, play_game, press_label
    from tests.bot.harness import button, press

    # Jana (0) holds the lowest trump and attacks; Petr (1) beats and attacks Eva (2),
    # who beats and goes out: Petr is the fool, and Eva, on his left, attacks next
    named = ["7h", "8h", "6d", "Ks", "9d"]
    cards = {
        "0": ["7h"],
        "1": ["8h", "6d", "Ks"],
        "2": ["9d"],
        "stock": [],
        "bito": [c for c in deck36() if c not in named],
        "trump_card": ["6h"],
    }
    live = await open_blazen(bot, pub, [jana, petr, eva], cards=cards)
    assert [live.seat_of(u.id) for u in (jana, petr, eva)] == [0, 1, 2]
    assert live.state.to_move == 0 and live.state.fixed_attacker is None
    await press_label(bot, jana, "⚔️ ♥7")
    await press_label(bot, petr, "🛡 ♥7 ← ♥8")
    await press_label(bot, petr, "⚔️ ♦6")
    await press_label(bot, eva, "🛡 ♦6 ← ♦9")
    assert live.outcome is not None and live.outcome["summary"]["fool"] == 1
    finished = next(m for m in reversed(server.bot_messages(pub)) if "Další" in str(m.buttons))
    await press(bot, petr, finished, button(finished, "Další"))
    await bot.settle()
    assert live.deal is not None and live.deal.deal_no == 1
    # the same cards would let Jana attack; the match fixed Eva, and the setup carries it
    assert live.deal.setup == {"dealer": 1, "opener": 2}
    assert live.deal.cards is not None and "attacker" not in live.deal.cards
    assert live.state.fixed_attacker == 2 and live.state.to_move == 2
    before, version = live.state, live.version

    await bot.restart()
    await bot.settle()
    again = bot.table(pub)
    assert again is not None and again is not live and again.deal is not None
    assert again.version == version and again.deal.setup == {"dealer": 1, "opener": 2}
    assert again.state == before == await replayed(bot, pub)
    assert again.state.fixed_attacker == again.state.to_move == 2
    assert again.state.hands[2] >> card("9d") & 1  # Eva still holds her card, and attacks
    await press_label(bot, eva, "⚔️ ♦9")
    assert again.version == version + 1
    await play_game(bot, pub, [jana, petr, eva])
    assert "Konec hry" in server.bot_messages(pub)[-1].text
