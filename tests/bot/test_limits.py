"""Telegram's limits: paced group messages, retries after 429, no lost content."""

from __future__ import annotations

import pytest

from tests.bot.harness import Harness, Player, open_table, play_deal
from tests.fakes import FakeChat, FakeTelegram, FakeUser, Limits


def group_ops(server: FakeTelegram, chat: FakeChat) -> list[float]:
    return [
        c.time
        for c in server.calls
        if c.ok and c.chat_id == chat.id and c.method in ("sendMessage", "editMessageText")
    ]


@pytest.fixture
def limits() -> Limits:
    """Telegram's group limit, 20 per "minute", with the minute shortened to one second
    (the bot's ``group_window`` in tests is one second too); other limits out of the way."""
    return Limits(
        group_messages=20,
        group_window=1.0,
        private_rate=1000,
        private_burst=1000,
        global_messages=10_000,
        whole_seconds=False,
    )


async def test_group_stays_within_20_per_window_at_full_speed(
    bot: Harness, server: FakeTelegram, pub: FakeChat, jana: FakeUser
) -> None:
    live = await open_table(bot, pub, [jana], computers=2)
    for _ in range(3):
        await play_deal(bot, pub, [Player(jana)])
        await server.send_text(jana, pub, "/start")
    await bot.settle()
    times = group_ops(server, pub)
    assert len(times) > 20  # the pacing was needed at all
    busiest = max(sum(1 for t in times if start <= t < start + 1.0) for start in times)
    assert busiest <= 20
    refused = [c for c in server.calls if c.chat_id == pub.id and c.error_code == 429]
    assert refused == []
    assert live.deal is not None and live.deal.deal_no == 3
    assert bot.services.publisher.skipped_identical > 0


async def test_after_429_the_latest_content_is_shown(
    bot: Harness, server: FakeTelegram, pub: FakeChat, jana: FakeUser
) -> None:
    live = await open_table(bot, pub, [jana], computers=2)
    server.force_flood("editMessageText", times=4, retry_after=0.3)
    server.force_flood("sendMessage", times=1, retry_after=0.3)
    await play_deal(bot, pub, [Player(jana)])
    assert len([c for c in server.calls if c.error_code == 429]) == 5
    table = bot.group_message(pub)
    assert "Rozdání skončilo" in table.text and table.buttons == []
    assert bot.services.screens.table(live).text.count("\n") == table.text.count("\n")
    result = server.bot_messages(pub)[-1]
    assert "Konec rozdání" in result.text
    hand = bot.hand_message(jana)
    assert hand is not None and "Rozdání skončilo" in hand.text and hand.buttons == []
