"""Driving a real ``python -m bot`` subprocess from what the users see (kill tests)."""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

from bot.callbacks import Op
from tests.bot.harness import Player, ops
from tests.fakes import FakeChat, FakeMessage, FakeTelegram

__all__ = ["start_bot_process", "ui_turn", "who_acts"]


def who_acts(table: FakeMessage) -> str | None:
    """The name the table message says is to act."""
    for line in table.text.splitlines():
        if line.startswith("👉 Na tahu: "):
            return line.removeprefix("👉 Na tahu: ").split(" — ")[0]
    return None


async def ui_turn(
    server: FakeTelegram, pub: FakeChat, players: list[Player], table_prefix: str = "🃏"
) -> bool:
    """One press chosen only from what the users see (the bot runs in another process)."""
    await server.idle(quiet=0.1, timeout=20)
    tables = [m for m in server.bot_messages(pub) if m.text.startswith(table_prefix)]
    if not tables:
        return False
    table = tables[-1]
    public = [o for o in ops(table) if o[1].op is Op.ACTION]
    for player in players:
        if public and who_acts(table) == player.user.first_name:
            message, options = table, public
        else:
            hands = [m for m in server.bot_messages(player.user) if m.text.startswith("🃏")]
            if not hands or not ops(hands[-1]):
                continue
            message, options = hands[-1], ops(hands[-1])
        _, data = player.choose(options)
        await server.press(player.user, message, data.encode())
        return True
    return False


async def start_bot_process(
    server: FakeTelegram, db_path: Path, **env_extra: str
) -> asyncio.subprocess.Process:
    """``python -m bot`` against the fake server, with test timings (``env_extra`` wins)."""
    env = {
        **os.environ,
        "TELEGRAM_BOT_TOKEN": server.token,
        "TELEGRAM_API_BASE_URL": server.base_url,
        "KARBAN_DB": str(db_path),
        "KARBAN_BOT_DELAY": "0",
        "KARBAN_EDIT_INTERVAL": "0",
        "KARBAN_PRIVATE_INTERVAL": "0",
        "KARBAN_GROUP_WINDOW": "1",
        "KARBAN_OVERALL_RATE": "0",
        "KARBAN_SEED": "99",
        "PTB_TIMEDELTA": "true",
        **env_extra,
    }
    root = Path(__file__).resolve().parents[2]
    return await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        cwd=root,
        env=env,
        stdout=asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.DEVNULL,
    )
