"""Telegram calls per player action at a human pace: ``python -m benchmarks.calls``.

``python -m benchmarks.calls --game marias|blazen --tables N --deals D
--pace SECONDS [--scale F] [--humans H]``

Runs the real Application (``bot.app``) against the fake Bot API of
``tests/fakes`` on 127.0.0.1 with every seat human (3 for volený mariáš, 4
for Blázen unless ``--humans`` says otherwise). Each scripted human looks
at what Telegram shows them (the group's messages and their direct chat);
once a button of the current state is there and the move is theirs, they
think for ``--pace`` seconds and press it, on the message where the
renderer offers that decision (a public decision in the group, the rest in
the direct chat). After each deal the first human presses "next deal",
again after ``--pace``. A human only presses moves the rules allow now (as
a person who knows them would) and never the same button twice on the same
sight of a message.

What they choose: in mariáš mostly a plain hra that the others accept,
keeping aces and tens out of the talon, and everybody fleks once when first
offered, so every deal is played out; in Blázen mostly a card (attack,
cover, pass on, throw in), sometimes take or pass. Each deal's cards and
each decision are seeded from ``--seed``, the table and the decision (not
from timing), so two runs, or two versions of the bot that offer the same
decisions, play the same games.

Time is compressed by ``--scale``: the pace and every duration of
``bot.config.Settings`` (float fields named ``*_interval``, ``*_window``,
``*_delay``, ``*_timeout``, ``*_ceiling``) are divided by it, and per-second
rates (``*_rate``) multiplied, so with the default 60 one real minute lasts
one second and the bot's pacing keeps its proportions to the players' pace.

From the fake server's call log it prints, for the deals played:

* actions: entries of the tables' action logs (each accepted move that
  changed the table; picks, which change nothing stored, are not actions);
* DM ops: sendMessage, editMessageText, editMessageReplyMarkup and
  deleteMessage in the players' direct chats, and per action;
* group ops per deal: the same methods in the groups;
* all ops per deal: both together (the sends and edits a deal costs);
* refused presses: presses answered with a toast instead of taking effect
  (stale: the table had moved on).

Figures, never assertions; nothing here checks a time.
"""

from __future__ import annotations

import argparse
import asyncio
import html
import random
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any

from bot.app import build_application, serving
from bot.callbacks import CallbackData, ForgedCallback, Op
from bot.config import Settings
from bot.live import LiveTable
from bot.services import KEY, Services
from tests.fakes import FakeChat, FakeMessage, FakeTelegram, FakeUser, Limits

__all__ = ["DURATION_SUFFIXES", "GAMES", "compress", "main"]

GAMES: dict[str, tuple[str, int]] = {"marias": ("/new mariáš", 3), "blazen": ("/new blázen", 4)}
"""--game -> the command that opens the table, and the default number of humans."""
DURATION_SUFFIXES = ("_interval", "_window", "_delay", "_timeout", "_ceiling")
RATE_SUFFIXES = ("_rate",)
MESSAGE_METHODS = frozenset(
    {"sendMessage", "editMessageText", "editMessageReplyMarkup", "deleteMessage"}
)
PLAY_OPS = frozenset({Op.ACTION, Op.PICK})


def compress(settings: Settings, scale: float) -> Settings:
    """``settings`` with time running ``scale`` times faster.

    Every float field whose name ends in one of ``DURATION_SUFFIXES`` is
    divided by ``scale`` and every ``*_rate`` (per second) multiplied; found
    by name, so fields added later are compressed too.
    """
    changes: dict[str, Any] = {}
    for f in fields(settings):
        value = getattr(settings, f.name)
        if "float" not in str(f.type) or isinstance(value, bool):
            continue
        if not isinstance(value, int | float):
            continue
        if f.name.endswith(DURATION_SUFFIXES):
            changes[f.name] = value / scale
        elif f.name.endswith(RATE_SUFFIXES):
            changes[f.name] = value * scale
    return replace(settings, **changes)


@dataclass
class Tally:
    """What the scripted humans did."""

    presses: int = 0
    picks: int = 0
    refused: int = 0
    stale: int = 0
    next_presses: int = 0


Option = tuple[FakeMessage, CallbackData]


_MARIAS_WEIGHTS = {"game:hra": 16.0, "dobra": 19.0, "extras:none": 6.0, "claim": 0.0}
"""How often a pub player picks a call over its alternatives (the rest weigh 1)."""


def _marias_weight(option: CallbackData) -> float:
    code = option.arg
    if code in _MARIAS_WEIGHTS:
        return _MARIAS_WEIGHTS[code]
    if code.startswith("lid:"):
        return 0.1  # "z lidu" is rare
    cards = code.partition(":")[2].split(",") if code.startswith("talon:") else [code]
    if option.op is Op.PICK or code.startswith("talon:"):
        # discarding an ace or a ten forbids hra: a player who means to play one keeps them
        return 0.05 if any(c[:1] in ("A", "T") for c in cards) else 1.0
    return 1.0


def _choose_marias(options: list[CallbackData], rng: random.Random, fleked: bool) -> CallbackData:
    """Mostly a plain hra, accepted; one flek a deal each; any legal card.

    Everybody fleks once when first offered (as the tests' player does), so
    no unfleked hra is thrown in: every deal is played out, the costly case.
    """
    actions = [o for o in options if o.op is Op.ACTION]
    fleks = [o for o in actions if o.arg.startswith("flek:")]
    if fleks and not fleked:
        return rng.choice(fleks)
    passing = [o for o in actions if o.arg == "pass"]
    if passing:
        return passing[0]
    if not actions:
        actions = [o for o in options if o.op is Op.PICK and o.arg != "-"] or options
    weights = [_marias_weight(o) for o in actions]
    if sum(weights) > 0:
        return rng.choices(actions, weights)[0]
    return rng.choice(options)


def _choose_blazen(options: list[CallbackData], rng: random.Random) -> CallbackData:
    """Mostly play a card (attack, cover, pass on, throw in); sometimes take or pass."""
    actions = [o for o in options if o.op is Op.ACTION and o.arg != "redeal"]
    picks = [o for o in options if o.op is Op.PICK and o.arg != "-"]
    heads = ("attack", "beat", "transfer", "show", "throw")
    plays = [o for o in actions if o.arg.partition(":")[0] in heads]
    others = [o for o in actions if o not in plays]
    if (plays or picks) and (not others or rng.random() < 0.7):
        return rng.choice(plays or picks)
    if others:
        return rng.choice(others)
    return rng.choice(picks or options)


class Table:
    """One group whose seats are all scripted humans."""

    def __init__(
        self, server: FakeTelegram, found: Services, n: int, args: argparse.Namespace
    ) -> None:
        self.server = server
        self.found = found
        self.game: str = args.game
        self.pace: float = args.pace / args.scale
        self.group: FakeChat = server.add_group(-1_000_000_000_000 - n, f"Hospoda {n}")
        self.users: list[FakeUser] = [
            server.add_user(1_000_000 + n * 100 + i, f"Hráč{n}x{i}") for i in range(args.humans)
        ]
        self.seed: int = args.seed
        self.n = n
        self.done = False
        self.tally = Tally()
        self.stale_texts = {
            html.unescape(str(found.i18n.for_lang(lang)("err.stale")))[:200]
            for lang in found.i18n.languages
        }

    @property
    def live(self) -> LiveTable:
        live = self.found.tables.for_chat(self.group.id)
        assert live is not None, "the table is gone"
        return live

    async def open(self) -> None:
        """Everybody presses Start in the direct chat and sits down."""
        for user in self.users:
            await self.server.start_dm(user)
        await self.server.send_text(self.users[0], self.group, GAMES[self.game][0])
        for user in self.users[1:]:
            await self.server.send_text(user, self.group, "/join")
        await _until(
            lambda: (
                self.found.tables.for_chat(self.group.id) is not None
                and len(self.live.names) == len(self.users)
            ),
            what=f"{len(self.users)} players seated",
        )

    async def play(self, deals: int) -> None:
        humans = [asyncio.create_task(self._human(u)) for u in self.users]
        try:
            await self.server.send_text(self.users[0], self.group, "/start")
            for n in range(deals):
                await self._deal_over(n)
                if n < deals - 1:
                    await self._next_deal(n)
        finally:
            self.done = True
            await asyncio.gather(*humans)

    def _deal(self) -> Any:
        live = self.found.tables.for_chat(self.group.id)
        return None if live is None else live.deal

    async def _deal_over(self, n: int) -> None:
        def over() -> bool:
            deal = self._deal()
            return deal is not None and deal.deal_no == n and deal.is_finished

        await _until(over, timeout=600, what=f"deal {n + 1} over ({len(self.users)} players)")

    async def _next_deal(self, n: int) -> None:
        """The first human presses "next deal" on the result message, after thinking."""
        user = self.users[0]
        while True:
            deal = self._deal()
            if deal is not None and deal.deal_no > n:
                return
            found = self._next_button()
            if found is None:
                await self.server.world.changed.wait(0.1)
                continue
            message, data = found
            await asyncio.sleep(self.pace)
            if message.deleted or data not in message.callback_data:
                continue
            query = await self.server.press(user, message, data)
            await self.server.wait_answer(query, timeout=60)
            self.tally.next_presses += 1
            await _until(
                lambda: self._deal() is not None and self._deal().deal_no > n,
                what=f"deal {n + 2} dealt",
            )

    def _next_button(self) -> tuple[FakeMessage, str] | None:
        live = self.live
        for message in reversed(self.server.bot_messages(self.group)):
            for raw in message.callback_data:
                data = _parse(raw)
                if data is not None and data.table_id == live.id and data.op is Op.NEXT:
                    return message, raw
        return None

    # -- one scripted human ------------------------------------------------------------

    async def _human(self, user: FakeUser) -> None:
        me = _Player(user)
        while not self.done:
            seen = self._look(me)
            if seen is None:
                await self.server.world.changed.wait(0.1)
                continue
            message, data = seen
            await asyncio.sleep(self.pace)  # thinking
            raw = data.encode()
            if self.done or message.deleted or raw not in message.callback_data:
                continue  # the button went away meanwhile: look again
            live = self.live
            me.pressed.add((message.chat_id, message.message_id, message.edit_count, raw))
            version, edits = live.version, message.edit_count
            query = await self.server.press(user, message, raw)
            answer = await self.server.wait_answer(query, timeout=60)
            self.tally.presses += 1
            if answer.text is not None or answer.show_alert:
                self.tally.refused += 1
                self.tally.stale += answer.text in self.stale_texts
                continue
            me.decisions += 1
            self.tally.picks += data.op is Op.PICK
            me.fleked = me.fleked or data.arg.startswith("flek:")
            # like a person, look at the result before pressing again
            await _until(
                _moved(self, live, message, version, edits),
                timeout=max(1.0, 20 * self.pace),
                fail=False,
            )

    def _look(self, me: _Player) -> Option | None:
        """The button this human would press now, or ``None`` when none is theirs."""
        live = self.found.tables.for_chat(self.group.id)
        if live is None or not live.in_deal or live.deal is None:
            return None
        seat = live.seat_of(me.user.id)
        if seat is None or seat not in _due(live):
            return None
        me.new_deal(live.deal.deal_no)
        legal = {a.code for a in live.state.legal_actions(seat)}
        places: dict[tuple[Op, str], list[Option]] = {}
        for chat in (me.user, self.group):
            for message in self.server.bot_messages(chat):
                for raw in message.callback_data:
                    data = _parse(raw)
                    if data is None or data.table_id != live.id or data.op not in PLAY_OPS:
                        continue
                    if not _current(live, seat, data.version):
                        continue
                    if data.op is Op.ACTION and data.arg not in legal:
                        continue  # a person who knows the rules does not try it
                    if (message.chat_id, message.message_id, message.edit_count, raw) in me.pressed:
                        continue
                    places.setdefault((data.op, data.arg), []).append((message, data))
        if not places:
            return None
        options = sorted((where[0][1] for where in places.values()), key=lambda o: (o.op, o.arg))
        # the same decision in the same deal is taken the same way on every run and
        # whatever the bot's code: the rng depends on the game, not on timing
        codes = ",".join(f"{o.op.value}:{o.arg}" for o in options)
        rng = random.Random(f"{self.seed}|{self.n}|{me.deal}|{me.decisions}|{seat}|{codes}")
        if self.game == "blazen":
            chosen = _choose_blazen(options, rng)
        else:
            chosen = _choose_marias(options, rng, me.fleked)
        return _where(live, places[(chosen.op, chosen.arg)])


@dataclass(eq=False)
class _Player:
    """What one scripted human remembers."""

    user: FakeUser
    deal: int = -1
    decisions: int = 0
    """Presses that took effect in this deal."""
    fleked: bool = False
    pressed: set[tuple[int, int, int, str]] = field(default_factory=set)
    """(chat, message, edit count, data) already pressed: never twice on the same sight."""

    def new_deal(self, deal: int) -> None:
        if deal != self.deal:
            self.deal, self.decisions, self.fleked = deal, 0, False


def _moved(
    table: Table, live: LiveTable, message: FakeMessage, version: int, edits: int
) -> Callable[[], bool]:
    """Whether the table or the pressed message changed since the press."""
    return lambda: table.done or live.version != version or message.edit_count != edits


def _seed_deals(found: Services, seed: int) -> None:
    """Deal each table's n-th deal from a seed of its own, whatever the timing of the others."""

    def source(live: LiveTable) -> int:
        deal_no = live.game_match.deals if live.game_match is not None else 0
        return random.Random(f"{seed}|{live.chat_id}|{deal_no}").getrandbits(62)

    found.tables.deal_source = source  # type: ignore[method-assign]


def _parse(raw: str) -> CallbackData | None:
    try:
        return CallbackData.parse(raw)
    except ForgedCallback:
        return None


def _due(live: LiveTable) -> frozenset[int]:
    """The seats whose move the deal waits for (not those that may only interject)."""
    due = getattr(live.variant, "due", None)
    seats = due(live.state) if callable(due) else live.state.to_act()
    return frozenset(seats)


def _current(live: LiveTable, seat: int, version: int) -> bool:
    """Whether a button drawn at ``version`` belongs to the current state for ``seat``.

    The current version always does; where the bot honours older buttons of the
    same phase (``LiveTable.drawn_ok``, when it has it), those do too.
    """
    if version == live.version:
        return True
    drawn_ok = getattr(live, "drawn_ok", None)
    return bool(drawn_ok(version, seat)) if callable(drawn_ok) else False


def _where(live: LiveTable, places: list[Option]) -> Option:
    """Where the current code offers the decision: the group for a public one."""
    if len(places) == 1:
        return places[0]
    public = live.renderer.is_public(places[0][1].arg)
    for message, data in places:
        if (message.chat_id < 0) == public:
            return message, data
    return places[0]


async def _until(
    condition: Callable[[], bool], timeout: float = 60.0, what: str = "", *, fail: bool = True
) -> None:
    deadline = time.perf_counter() + timeout
    while not condition():
        if time.perf_counter() > deadline:
            if fail:
                raise TimeoutError(f"the bot did not get there: {what}")
            return
        await asyncio.sleep(0.002)


async def run(args: argparse.Namespace) -> None:
    if args.humans is None:
        args.humans = GAMES[args.game][1]
    folder = Path(tempfile.mkdtemp(prefix="karban-calls-"))
    async with FakeTelegram(limits=Limits(enabled=False), callback_timeout=600) as server:
        base = Settings(
            token=server.token,
            api_base_url=server.base_url,
            db_path=folder / "karban.sqlite3",
            seed=args.seed,
            poll_timeout=1,
        )
        settings = compress(base, args.scale)
        app = build_application(settings)
        async with serving(app):
            found: Services = app.bot_data[KEY]
            _seed_deals(found, args.seed)
            tables = [Table(server, found, n, args) for n in range(args.tables)]
            await asyncio.gather(*(t.open() for t in tables))
            await found.publisher.flush(timeout=30)
            mark = len(server.calls)
            started = time.perf_counter()
            await asyncio.gather(*(t.play(args.deals) for t in tables))
            await found.publisher.flush(timeout=30)
            await server.idle(quiet=max(0.1, 3 * settings.edit_interval), timeout=30)
            elapsed = time.perf_counter() - started
            sources: Counter[str] = Counter()
            deals = 0
            variant = tables[0].live.variant.id
            for t in tables:
                match = t.live.match
                assert match is not None
                for deal in await found.store.deals.list_deals(match.id):
                    if deal.is_finished:
                        deals += 1
                        for logged in await found.store.deals.list_actions(deal.id):
                            sources[logged.source] += 1
            calls = server.calls[mark:]
    groups = {t.group.id for t in tables}
    users = {u.id for t in tables for u in t.users}
    dm: Counter[str] = Counter()
    group: Counter[str] = Counter()
    failed = 0
    for call in calls:
        if call.method not in MESSAGE_METHODS:
            continue
        if not call.ok:
            failed += 1
            continue
        if call.chat_id in groups:
            group[call.method] += 1
        elif call.chat_id in users:
            dm[call.method] += 1
    tally = Tally()
    for t in tables:
        for f in fields(tally):
            setattr(tally, f.name, getattr(tally, f.name) + getattr(t.tally, f.name))
    _report(args, variant, deals, sources, dm, group, failed, tally, elapsed)


def _report(
    args: argparse.Namespace,
    variant: str,
    deals: int,
    sources: Counter[str],
    dm: Counter[str],
    group: Counter[str],
    failed: int,
    tally: Tally,
    elapsed: float,
) -> None:
    actions = sum(sources.values())
    dm_ops, group_ops = sum(dm.values()), sum(group.values())
    per = max(1, deals)
    by_source = ", ".join(f"{n} {s}" for s, n in sorted(sources.items()))
    print(
        f"game {variant}, {args.humans} humans, {args.tables} tables x {args.deals} deals,"
        f" pace {args.pace:g} s (scale {args.scale:g})"
    )
    print(
        f"actions {actions}, DM ops {dm_ops} ({dm_ops / max(1, actions):.2f} per action),"
        f" group ops per deal {group_ops / per:.1f}, all ops per deal"
        f" {(dm_ops + group_ops) / per:.1f}, refused presses {tally.refused}"
    )
    print(
        f"  deals {deals}; actions by source: {by_source or 'none'}; actions per deal"
        f" {actions / per:.1f}"
    )
    print(
        f"  presses {tally.presses} (picks {tally.picks}, refused {tally.refused},"
        f" stale {tally.stale}), next-deal presses {tally.next_presses}"
    )
    print(f"  DM ops by method: {_methods(dm)}")
    print(f"  group ops by method: {_methods(group)}")
    if failed:
        print(f"  failed message calls {failed}")
    print(f"  played in {elapsed:.1f} s ({elapsed * args.scale / 60:.1f} min at the human pace)")


def _methods(counts: Counter[str]) -> str:
    return ", ".join(f"{m} {n}" for m, n in sorted(counts.items())) or "none"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.calls",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--game", choices=sorted(GAMES), default="marias")
    parser.add_argument("--tables", type=int, default=2, help="concurrent tables (groups)")
    parser.add_argument("--deals", type=int, default=3, help="deals (games) per table")
    parser.add_argument(
        "--humans", type=int, default=None, help="players per table (3 mariáš, 4 Blázen)"
    )
    parser.add_argument("--pace", type=float, default=3.5, help="think time per press, seconds")
    parser.add_argument(
        "--scale", type=float, default=60.0, help="time compression (60: a minute lasts 1 s)"
    )
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if args.scale <= 0 or args.pace < 0 or args.tables < 1 or args.deals < 1:
        parser.error("--scale must be positive, --pace not negative, --tables/--deals at least 1")
    asyncio.run(run(args))


if __name__ == "__main__":
    main()
