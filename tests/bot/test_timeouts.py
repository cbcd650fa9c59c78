"""Turn deadlines: a reminder, then a computer plays for the player; kept across restarts."""

from __future__ import annotations

from tests.bot.harness import Harness, open_table, wait_until
from tests.fakes import FakeChat, FakeTelegram, FakeUser


async def test_a_player_who_does_not_act_is_reminded_then_played_for(
    bot: Harness, server: FakeTelegram, pub: FakeChat, jana: FakeUser
) -> None:
    await bot.restart(turn_timeout=0.9)
    live = await open_table(bot, pub, [jana], computers=2)
    seat = live.seat_of(jana.id)
    await wait_until(lambda: seat in live.state.to_act())
    version = live.version
    deadline = bot.services.timers.pending(live.id)
    assert deadline is not None and (deadline.seat, deadline.kind) == (seat, "reminder")
    await wait_until(lambda: any("⏰" in m.text for m in server.bot_messages(jana)))
    await wait_until(lambda: live.version > version)
    logged = await bot.services.store.deals.list_actions(live.deal.id)  # type: ignore[union-attr]
    mine = [a for a in logged if a.seat == seat]
    assert mine and mine[0].source == "timeout"
    await bot.settle()
    assert "⏱ Jana nestihl(a) tah" in bot.group_message(pub).text
    # Jana is now "away": her next turns get a short deadline, and the deal still ends
    await wait_until(lambda: not live.in_deal, timeout=20)
    await bot.settle()
    assert "Konec rozdání" in server.bot_messages(pub)[-1].text
    assert bot.services.timers.pending(live.id) is None


async def test_deadlines_survive_a_restart(
    bot: Harness, server: FakeTelegram, pub: FakeChat, jana: FakeUser
) -> None:
    await bot.restart(turn_timeout=1.5)
    live = await open_table(bot, pub, [jana], computers=2)
    seat = live.seat_of(jana.id)
    await wait_until(lambda: seat in live.state.to_act())
    stored = await bot.services.store.deadlines.get(live.id)
    assert stored is not None and stored.version == live.version
    await bot.restart(turn_timeout=1.5)
    again = bot.table(pub)
    assert again is not None
    assert await bot.services.store.deadlines.get(live.id) == stored  # not extended
    version = again.version
    await wait_until(lambda: again.version > version, timeout=10)
    logged = await bot.services.store.deals.list_actions(again.deal.id)  # type: ignore[union-attr]
    assert [a.source for a in logged if a.seat == seat] == ["timeout"]
