"""A member cannot starve the table: command replies get a bounded share of the group.

Telegram allows a group about 20 messages a minute, edits included. Here a
"minute" lasts six seconds (the bot's window and the fake's alike), with the
edit interval scaled to match (0.3 s for the usual 3 s), so a burst of forty
commands in under a second is as heavy as forty typed in eight real seconds.
"""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest

from bot.callbacks import Op
from tests.bot.harness import Harness, Player, open_table, ops, press
from tests.fakes import FakeChat, FakeTelegram, FakeUser, Limits

WINDOW = 6.0
EDIT_INTERVAL = 0.3


@pytest.fixture
def limits() -> Limits:
    """Telegram's 20 per "minute" in a group, with the minute six seconds long."""
    return Limits(
        group_messages=20,
        group_window=WINDOW,
        private_rate=1000,
        private_burst=1000,
        global_messages=10_000,
        whole_seconds=False,
    )


def busiest_window(times: list[float]) -> int:
    return max((sum(1 for t in times if start <= t < start + WINDOW) for start in times), default=0)


async def test_forty_commands_never_hold_up_the_table(
    server: FakeTelegram, db_path: Path, pub: FakeChat, jana: FakeUser
) -> None:
    bot = Harness(server, db_path, group_window=WINDOW, edit_interval=EDIT_INTERVAL)
    await bot.start()
    try:
        live = await open_table(bot, pub, [jana], computers=2)
        seat = live.seat_of(jana.id)
        assert seat is not None
        karel = server.add_user(104, "Karel")  # a member of the group who does not play
        mark = server.mark()
        for _ in range(40):
            await server.send_text(karel, pub, "/score")
            await asyncio.sleep(0.02)
        # meanwhile the deal goes on: each of Jana's moves shows on the table at once
        delays: list[float] = []
        player = Player(jana)
        for _ in range(20):
            for _ in range(100):  # not settle(): the replies still due would hold it up
                await asyncio.sleep(0.05)
                if not live.in_deal or (seat in live.state.to_act() and not server.world.unfetched):
                    break
            if not live.in_deal or len(delays) == 4:
                break
            table = bot.group_message(pub)
            public = [o for o in ops(table) if o[1].op is Op.ACTION]
            message = table if public else bot.hand_message(jana)
            assert message is not None
            _, data = player.choose(public or ops(message))
            version = live.version
            since = len(server.calls)
            pressed = time.monotonic()
            await press(bot, jana, message, data.encode())
            if live.version == version:
                continue  # a first pick of two: nothing the group sees
            edit = await server.wait_for("editMessageText", chat=pub, since=since, timeout=30)
            delays.append(edit.time - pressed)
        assert delays and max(delays) <= EDIT_INTERVAL + 0.7, delays  # was ~12 s (115 s real)
        await asyncio.sleep(WINDOW)  # the replies still due go out meanwhile
        await bot.settle()
        group = [
            c
            for c in server.calls[mark:]
            if c.chat_id == pub.id and c.method in ("sendMessage", "editMessageText")
        ]
        assert [c for c in group if c.error_code == 429] == []
        assert busiest_window([c.time for c in group if c.ok]) <= 20
        replies = [c for c in group if c.ok and "Skóre" in str(c.params.get("text", ""))]
        assert 1 <= len(replies) <= 4  # three a window; the forty identical ones collapse
        stats = bot.services.publisher
        assert stats.collapsed_replies + stats.dropped_replies + len(replies) == 40
    finally:
        await bot.stop()


async def test_distinct_replies_are_bounded_and_the_newest_kept(
    server: FakeTelegram, db_path: Path, pub: FakeChat, jana: FakeUser
) -> None:
    bot = Harness(server, db_path, group_window=WINDOW, edit_interval=EDIT_INTERVAL)
    await bot.start()
    try:
        mark = server.mark()
        for n in range(12):
            await server.send_text(jana, pub, f"/neznamy{n}")
        await asyncio.sleep(WINDOW + 1)
        await bot.settle()
        sent = [
            str(c.params["text"])
            for c in server.requests("sendMessage", chat=pub, since=mark)
            if c.ok
        ]
        assert len(sent) <= 6  # three in the first window, three waiting for the next
        assert "/neznamy11" in sent[-1]  # the newest is never the one dropped
    finally:
        await bot.stop()
