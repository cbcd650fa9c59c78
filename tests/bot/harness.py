"""Running the real Karban Application against the fake Bot API, and playing it.

``Harness`` builds the app with ``bot.app.build_application`` (settings point
``TELEGRAM_API_BASE_URL`` at the fake and the database at a temporary file),
starts and stops it exactly as ``run_polling`` would, and can restart it on
the same database. ``Player`` presses buttons as a person would: it reads the
keyboard of its hand message or of the group's table message and presses one
of the buttons shown, so a test only ever does what the UI offers.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from bot.app import build_application, serving
from bot.callbacks import CallbackData, Op
from bot.config import Settings
from bot.live import LiveTable
from bot.services import KEY, Services
from tests.fakes import CallbackAnswer, FakeChat, FakeMessage, FakeTelegram, FakeUser

FAST = {
    "bot_delay": 0.0,
    "turn_timeout": 60.0,
    "edit_interval": 0.0,
    "private_interval": 0.0,
    "group_calm_interval": 0.0,
    "hand_calm_interval": 0.0,
    "autoplay": False,
    "ping_delay": 600.0,
    "group_window": 1.0,
    "overall_rate": 0.0,
    "seed": 1234,
    "poll_timeout": 1,
    "computer_workers": 0,
    "computer_level": "rules",
}
"""Timings for tests: a "minute" of the group budget lasts one second; every hand
edit goes out at once and a player presses even their only move (tests of the
calm hand and of autoplay turn them on). The computer
plays by the rules (fast, and the same moves for a seed whatever the machine's
speed) unless a test restarts with ``computer_level=None``: each game's default."""


def settings_for(server: FakeTelegram, db_path: Path, **overrides: Any) -> Settings:
    return Settings(
        token=server.token,
        api_base_url=server.base_url,
        db_path=db_path,
        **{**FAST, **overrides},
    )


class Harness:
    """One bot process (the real Application) on one database file."""

    def __init__(self, server: FakeTelegram, db_path: Path, **overrides: Any) -> None:
        self.server = server
        self.db_path = db_path
        self.settings = settings_for(server, db_path, **overrides)
        self.app: Any = None
        self._serving: Any = None

    async def start(self, **overrides: Any) -> Harness:
        if overrides:
            self.settings = replace(self.settings, **overrides)
        self.app = build_application(self.settings)
        self._serving = serving(self.app, poll_timeout=self.settings.poll_timeout)
        await self._serving.__aenter__()
        return self

    async def stop(self) -> None:
        if self._serving is not None:
            await self._serving.__aexit__(None, None, None)
            self._serving = None

    async def restart(self, **overrides: Any) -> Harness:
        await self.stop()
        return await self.start(**overrides)

    @property
    def services(self) -> Services:
        found: Services = self.app.bot_data[KEY]
        return found

    def table(self, chat: FakeChat) -> LiveTable | None:
        return self.services.tables.for_chat(chat.id)

    async def settle(self, quiet: float = 0.05, timeout: float = 20.0) -> None:
        """Wait until the bot has nothing left to do or send."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            await self.server.idle(quiet=quiet, timeout=max(0.1, deadline - loop.time()))
            flushed = await self.services.publisher.flush(timeout=0)
            busy = any(not t.done() for t in self.services.driver._tasks.values())
            # an update still being handled (a slow database write under load) is not quiet
            busy = busy or self.app.update_queue.qsize() > 0
            busy = busy or getattr(self.app.update_processor, "in_progress", 0) > 0
            if flushed and not busy:
                await self.server.idle(quiet=quiet, timeout=max(0.1, deadline - loop.time()))
                return
            if loop.time() > deadline:
                raise AssertionError("the bot did not settle")
            await asyncio.sleep(quiet)

    # -- what users see --------------------------------------------------------------

    def group_message(self, chat: FakeChat) -> FakeMessage:
        """The table (or lobby) message: the bot's message the table keeps editing."""
        live = self.table(chat)
        slots = self.services.presenter._slots.get(live.id, {}) if live else {}
        slot = slots.get("group")
        assert slot is not None and slot.message_id is not None, "no table message yet"
        return self.server.message(chat, slot.message_id)

    def hand_message(self, user: FakeUser) -> FakeMessage | None:
        """The player's newest hand message (the newest DM message with game buttons)."""
        for message in reversed(self.server.bot_messages(user)):
            if message.text.startswith("🃏"):
                return message
        return None


async def wait_until(condition: Callable[[], bool], timeout: float = 10.0) -> None:
    """Poll ``condition`` until it holds (or fail after ``timeout`` seconds)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not condition():
        assert loop.time() < deadline, "timed out"
        await asyncio.sleep(0.02)


def ops(message: FakeMessage) -> list[tuple[str, CallbackData]]:
    """The buttons of a message with their parsed callback data."""
    found = []
    for row in message.buttons:
        for button in row:
            if button.callback_data:
                found.append((button.text, CallbackData.parse(button.callback_data)))
    return found


Chooser = Callable[[list[tuple[str, CallbackData]]], tuple[str, CallbackData]]


@dataclass
class Player:
    """A human at the table, pressing what the UI offers."""

    user: FakeUser
    rng: random.Random = field(default_factory=lambda: random.Random(7))
    fleked: bool = False

    def choose(self, options: list[tuple[str, CallbackData]]) -> tuple[str, CallbackData]:
        actions = [o for o in options if o[1].op is Op.ACTION]
        for text, data in actions:
            if data.arg.startswith("flek:") and not self.fleked:
                self.fleked = True
                return text, data
        passing = [o for o in actions if o[1].arg == "pass"]
        if passing:
            return passing[0]
        not_claim = [o for o in actions if o[1].arg != "claim"]
        if not_claim:
            return self.rng.choice(not_claim)
        picks = [o for o in options if o[1].op is Op.PICK and o[1].arg != "-"]
        return self.rng.choice(picks or options)


async def press(h: Harness, user: FakeUser, message: FakeMessage, data: str) -> CallbackAnswer:
    query = await h.server.press(user, message, data)
    return await h.server.wait_answer(query, timeout=10)


async def play_turn(
    h: Harness, group: FakeChat, players: dict[int, Player], *, may_finish: bool = False
) -> bool:
    """Make the human to act press one of their buttons; ``False`` when the deal is over
    (or, with ``may_finish``, when the deal ended the match and the table is gone)."""
    await h.settle()
    live = h.table(group)
    if may_finish and live is None:
        return False
    assert live is not None
    if not live.in_deal:
        return False
    seat = min(live.state.to_act())
    player = players[seat]
    table_message = h.group_message(group)
    public = [o for o in ops(table_message) if o[1].op is Op.ACTION]
    if public:
        message = table_message
        options = public
    else:
        hand = h.hand_message(player.user)
        assert hand is not None, f"{player.user.first_name} has no hand message"
        message, options = hand, ops(hand)
    assert options, f"{player.user.first_name} is to act but sees no button"
    _, data = player.choose(options)
    answer = await press(h, player.user, message, data.encode())
    assert answer.text is None or "změnil" not in answer.text, answer.text
    return True


async def play_deal(
    h: Harness, group: FakeChat, players: Iterable[Player], *, may_finish: bool = False
) -> int:
    """Press buttons until the deal is over; the number of presses. ``may_finish``:
    the deal may end the match, after which the chat has no live table."""
    live = h.table(group)
    assert live is not None
    by_seat = {}
    for p in players:
        p.fleked = False
        seat = live.seat_of(p.user.id)
        if seat is not None:
            by_seat[seat] = p
    presses = 0
    while await play_turn(h, group, by_seat, may_finish=may_finish):
        presses += 1
        assert presses < 200, "the deal does not end"
    await h.settle()
    return presses


def button(message: FakeMessage, word: str) -> str:
    """The callback data of the button whose label contains ``word``."""
    return next(data.encode() for text, data in ops(message) if word in text)


async def open_table(
    h: Harness,
    group: FakeChat,
    humans: list[FakeUser],
    computers: int = 0,
    *,
    start: bool = True,
    game: str = "mariáš",
) -> LiveTable:
    """Humans with open direct chats sit down, computers fill up, and (optionally) a deal starts."""
    for user in humans:
        await h.server.start_dm(user)
    await h.server.send_text(humans[0], group, f"/new {game}")
    for user in humans[1:]:
        await h.server.send_text(user, group, "/join")
    await h.settle()
    for _ in range(computers):
        lobby = h.group_message(group)
        await press(h, humans[0], lobby, button(lobby, "Počítač"))
        await h.settle()
    if start:
        await h.server.send_text(humans[0], group, "/start")
        await h.settle()
    live = h.table(group)
    assert live is not None
    return live
