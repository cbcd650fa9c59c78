"""The publisher on its own, with a stand-in for the Bot API."""

from __future__ import annotations

import asyncio
import time
from dataclasses import replace
from typing import Any

from telegram.error import BadRequest, Forbidden, RetryAfter

from bot.config import Settings
from bot.publisher import Content, Publisher, Slot

SETTINGS = Settings(
    token="123456789:AAFakeTokenForKarbanTests_0123456789",
    edit_interval=0.0,
    private_interval=0.0,
    group_window=0.5,
    group_budget=5,
    reserve=2,
)


class StubBot:
    """Records calls; fails the ones a test queued failures for."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, int, str, float]] = []
        self.failures: list[Exception] = []
        self.next_id = 1

    async def send_message(self, chat_id: int, text: str, **_: Any) -> Any:
        await asyncio.sleep(0)
        self._call("send", chat_id, text)
        self.next_id += 1
        return type("Message", (), {"message_id": self.next_id})()

    async def edit_message_text(self, text: str, *, chat_id: int, **_: Any) -> Any:
        await asyncio.sleep(0)
        self._call("edit", chat_id, text)
        return True

    def _call(self, kind: str, chat_id: int, text: str) -> None:
        """Like an HTTP call, each one lets other tasks run (see the awaits above)."""
        if self.failures:
            raise self.failures.pop(0)
        self.calls.append((kind, chat_id, text, time.monotonic()))


async def test_coalesces_skips_identical_and_retries_with_the_newest() -> None:
    bot = StubBot()
    publisher = Publisher(bot, SETTINGS)  # type: ignore[arg-type]
    slot = Slot(-1, message_id=5)
    publisher.show(slot, Content("a"))
    publisher.show(slot, Content("b"))  # replaces "a" before it went out
    await publisher.flush()
    publisher.show(slot, Content("b"))  # identical: nothing to do
    bot.failures.append(RetryAfter(0.1))
    publisher.show(slot, Content("c"))
    await asyncio.sleep(0.02)
    publisher.show(slot, Content("d"))  # arrives while the lane waits out the 429
    await publisher.flush()
    assert [(k, t) for k, _, t, _ in bot.calls] == [("edit", "b"), ("edit", "d")]
    assert publisher.skipped_identical == 1


async def test_group_budget_and_reserve_for_new_messages() -> None:
    bot = StubBot()
    publisher = Publisher(bot, SETTINGS)  # type: ignore[arg-type]
    slots = [Slot(-1, message_id=i) for i in range(6)]
    for n, slot in enumerate(slots):
        publisher.show(slot, Content(f"edit {n}"))
    reply = asyncio.create_task(publisher.post(-1, Content("reply")))
    await publisher.flush()
    assert await reply is not None
    times = [t for _, _, _, t in bot.calls]
    for start in times:  # never more than 5 operations within 0.5 s
        assert sum(1 for t in times if start <= t < start + 0.5) <= 5
    kinds = [k for k, _, _, _ in bot.calls]
    assert kinds.index("send") <= 1  # a new message goes before the waiting edits
    assert kinds.count("edit") == 6


async def test_forbidden_closes_the_slot_and_lost_messages_are_sent_anew() -> None:
    bot = StubBot()
    told: list[int] = []

    async def forbidden(chat_id: int) -> None:
        told.append(chat_id)

    publisher = Publisher(bot, replace(SETTINGS), on_forbidden=forbidden)  # type: ignore[arg-type]
    blocked = Slot(42, message_id=3)
    bot.failures.append(Forbidden("Forbidden: bot was blocked by the user"))
    publisher.show(blocked, Content("hand"))
    await publisher.flush()
    assert told == [42] and blocked.closed
    publisher.show(blocked, Content("more"))  # closed: dropped
    gone = Slot(43, message_id=9)
    bot.failures.append(BadRequest("Message to edit not found"))
    publisher.show(gone, Content("hand"))
    await publisher.flush()
    assert [(k, c) for k, c, _, _ in bot.calls] == [("send", 43)]
    assert gone.message_id is not None and gone.message_id != 9
    await publisher.close()
