"""Load test of the whole bot: ``python -m benchmarks.bot --tables 20 --deals 3``.

Runs the real Application (``bot.app``) against the fake Bot API of
``tests/fakes`` on 127.0.0.1, with N tables in N groups playing at once.
Each table has scripted human players (they press one of the buttons their
messages show, as soon as the message shows buttons for the current state)
and computer players for the other seats. Everything runs in this one
process and event loop: fake Telegram, bot and players.

Prints presses per second, press-to-answer latency (p50/p99), group messages
(sends + edits) per deal and the busiest group minute, and the database size.
By default time is compressed: the group "minute" lasts ``--window`` seconds
and the edit intervals shrink in proportion (3 s and 1 s per 60 s), while
computer players act at once (``--bot-delay``); ``--real-pacing`` uses the
production timings instead and is therefore slow by design.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.app import build_application, serving
from bot.callbacks import CallbackData, Op
from bot.config import Settings
from bot.live import LiveTable
from bot.services import KEY, Services
from tests.fakes import FakeChat, FakeMessage, FakeTelegram, FakeUser, Limits

__all__ = ["main"]


@dataclass
class Figures:
    latencies: list[float] = field(default_factory=list)
    presses: int = 0
    stale: int = 0
    deals: int = 0


def _buttons(message: FakeMessage | None, live: LiveTable) -> list[CallbackData]:
    if message is None:
        return []
    found = []
    for data in message.callback_data:
        parsed = CallbackData.parse(data)
        if parsed.table_id == live.id and parsed.version == live.version:
            found.append(parsed)
    return found


def _choose(options: list[CallbackData], rng: random.Random) -> CallbackData:
    actions = [o for o in options if o.op is Op.ACTION and o.arg != "claim"]
    fleks = [o for o in actions if o.arg.startswith("flek:")]
    if fleks and rng.random() < 0.5:
        return fleks[0]
    if actions:
        return rng.choice(actions)
    picks = [o for o in options if o.op is Op.PICK and o.arg != "-"]
    return rng.choice(picks or options)


class Table:
    """One group with its scripted players."""

    def __init__(self, server: FakeTelegram, found: Services, n: int, humans: int) -> None:
        self.server = server
        self.found = found
        self.group: FakeChat = server.add_group(-1_000_000_000_000 - n, f"Hospoda {n}")
        self.users: list[FakeUser] = [
            server.add_user(1_000_000 + n * 10 + i, f"Hráč{n}x{i}") for i in range(humans)
        ]
        self.rng = random.Random(n)

    @property
    def live(self) -> LiveTable:
        live = self.found.tables.for_chat(self.group.id)
        assert live is not None
        return live

    async def open(self, computers: int) -> None:
        for user in self.users:
            await self.server.start_dm(user)
        await self.server.send_text(self.users[0], self.group, "/new mariáš")
        for user in self.users[1:]:
            await self.server.send_text(user, self.group, "/join")
        await self._until(
            lambda: (
                self.found.tables.for_chat(self.group.id) is not None
                and len(self.live.names) == len(self.users)
            )
        )
        for _ in range(computers):
            await self.found.tables.add_computer(self.live, None)
        await self.server.send_text(self.users[0], self.group, "/start")
        await self._until(lambda: self.live.in_deal)

    async def play(self, deals: int, figures: Figures) -> None:
        for deal in range(deals):
            while self.live.in_deal:
                if not await self._turn(figures):
                    await asyncio.sleep(0.002)
            figures.deals += 1
            if deal < deals - 1:
                await self.server.send_text(self.users[0], self.group, "/start")
                await self._until(lambda: self.live.in_deal)

    async def _turn(self, figures: Figures) -> bool:
        live = self.live
        to_act = sorted(live.state.to_act())
        if not to_act or live.is_computer(to_act[0]):
            return False
        user_id = live.row.seats[to_act[0]].user_id
        user = next(u for u in self.users if u.id == user_id)
        slots = self.found.presenter._slots.get(live.id, {})
        for key, chat in (("group", self.group.id), (f"hand:{user.id}", user.id)):
            slot = slots.get(key)
            if slot is None or slot.message_id is None:
                continue
            message = self.server.message(chat, slot.message_id)
            options = _buttons(message, live)
            if key == "group":
                options = [o for o in options if o.op is Op.ACTION]
            if options:
                data = _choose(options, self.rng)
                edits, version = message.edit_count, live.version
                start = time.perf_counter()
                query = await self.server.press(user, message, data.encode())
                answer = await self.server.wait_answer(query, timeout=30)
                figures.latencies.append(time.perf_counter() - start)
                figures.presses += 1
                figures.stale += bool(answer.text and "změnil" in answer.text)
                # like a person, look at the result before pressing again
                await self._until(
                    lambda m=message, v=version, e=edits: live.version != v or m.edit_count != e
                )
                return True
        return False

    async def _until(self, condition: Any, timeout: float = 60.0) -> None:
        deadline = time.perf_counter() + timeout
        while not condition():
            if time.perf_counter() > deadline:
                raise TimeoutError("the bot did not get there")
            await asyncio.sleep(0.005)


def _busiest_minute(times: list[float], window: float) -> int:
    times = sorted(times)
    best, start = 0, 0
    for end, t in enumerate(times):
        while times[start] <= t - window:
            start += 1
        best = max(best, end - start + 1)
    return best


async def run(args: argparse.Namespace) -> None:
    folder = Path(tempfile.mkdtemp(prefix="karban-bench-"))
    db_path = folder / "karban.sqlite3"
    async with FakeTelegram(limits=Limits(enabled=False), callback_timeout=600) as server:
        overrides: dict[str, Any] = {}
        if not args.real_pacing:
            scale = args.window / 60  # production pacing, with time compressed
            overrides = {
                "bot_delay": args.bot_delay,
                "edit_interval": 3.0 * scale,
                "private_interval": 1.0 * scale,
                "group_window": args.window,
                "overall_rate": 0.0,
            }
        settings = Settings(
            token=server.token,
            api_base_url=server.base_url,
            db_path=db_path,
            seed=args.seed,
            poll_timeout=1,
            turn_timeout=600,
            computer_workers=args.workers,
            **overrides,
        )
        app = build_application(settings)
        async with serving(app):
            found: Services = app.bot_data[KEY]
            tables = [Table(server, found, n, args.humans) for n in range(args.tables)]
            await asyncio.gather(*(t.open(3 - args.humans) for t in tables))
            mark = len(server.calls)
            figures = Figures()
            started = time.perf_counter()
            await asyncio.gather(*(t.play(args.deals, figures) for t in tables))
            elapsed = time.perf_counter() - started
            await found.publisher.flush(timeout=30)
        group_ops = [
            [
                c.time
                for c in server.calls[mark:]
                if c.ok
                and c.chat_id == t.group.id
                and c.method in ("sendMessage", "editMessageText")
            ]
            for t in tables
        ]
    size = sum(p.stat().st_size for p in folder.glob("karban.sqlite3*"))
    lat = sorted(figures.latencies)
    p99 = lat[min(len(lat) - 1, int(len(lat) * 0.99))] if lat else 0.0
    per_deal = sum(len(ops) for ops in group_ops) / max(1, figures.deals)
    window = settings.group_window
    thinker = found.driver.thinker
    print(f"tables {args.tables}, deals per table {args.deals}, humans per table {args.humans}")
    print(
        f"computer moves          in {thinker.workers} worker process(es)"
        if thinker.workers
        else "computer moves          in the event loop"
    )
    print(f"moves the rule player took over (pool full or slow) {thinker.fallbacks}")
    print(f"deals played            {figures.deals} in {elapsed:.1f} s")
    print(
        f"presses                 {figures.presses} ({figures.presses / elapsed:.1f}/s,"
        f" {figures.stale} stale)"
    )
    if lat:
        print(
            f"press-to-answer latency p50 {statistics.median(lat) * 1000:.1f} ms,"
            f" p99 {p99 * 1000:.1f} ms"
        )
    print(f"group messages per deal {per_deal:.1f} (sends + edits)")
    busiest = max((_busiest_minute(ops, window) for ops in group_ops), default=0)
    print(f"busiest group 'minute'  {busiest} (limit {settings.group_budget} per {window:g} s)")
    print(f"database size           {size / 1024:.0f} KiB ({db_path})")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.bot", description=__doc__)
    parser.add_argument("--tables", type=int, default=10, help="concurrent tables (groups)")
    parser.add_argument("--deals", type=int, default=3, help="deals per table")
    parser.add_argument(
        "--humans",
        type=int,
        default=1,
        choices=(1, 2, 3),
        help="scripted humans per table; computers fill the other seats",
    )
    parser.add_argument("--bot-delay", type=float, default=0.0, help="computer pace, seconds")
    parser.add_argument(
        "--window",
        type=float,
        default=1.0,
        help="length of the group 'minute' in seconds (Telegram: 60)",
    )
    parser.add_argument(
        "--real-pacing",
        action="store_true",
        help="production timings (1.5 s computers, 3 s edits, 60 s window)",
    )
    parser.add_argument(
        "--workers",
        type=int,
        default=None,
        help="processes for computer moves (default: one per CPU; 0: in the event loop)",
    )
    parser.add_argument("--seed", type=int, default=1)
    asyncio.run(run(parser.parse_args(argv)))


if __name__ == "__main__":
    main()
