"""Live tables: load, lock, apply, persist, then tell the listeners.

One ``LiveTable`` per live table row, rebuilt at start-up by replaying the
action log through the engine. Every change follows one path under the
table's ``asyncio.Lock``:

    check (version, seat, status) -> engine ``apply`` (may refuse)
    -> storage (commits, bumping the version) -> update memory -> listeners

so nothing is ever shown (listeners render and send) that is not committed
first, and a refused action changes neither the database nor memory. This
module knows no Telegram and no rules: refusals are ``TableError`` codes that
handlers turn into catalog texts, and game refusals are the engine's own.
"""

from __future__ import annotations

import logging
import random
import time
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import replace
from typing import Any, Protocol

from bot.config import Settings
from bot.live import BOT_KEY, BOT_OPTIONS, LiveTable, Notice, TableError
from bot.render import renderer_for
from games.engine import Event, GameError, Seat, Variant
from games.registry import UnknownVariant, find_variant
from storage import (
    Deal,
    LiveTableExists,
    SeatError,
    StaleVersion,
    Store,
    Table,
    WrongStatus,
)
from storage.deals import ActionSource, LoggedAction

__all__ = ["TableListener", "TableManager"]

_LOG = logging.getLogger(__name__)
COMPUTER_NAMES = ("🤖 Franta", "🤖 Máňa", "🤖 Pepa", "🤖 Božka", "🤖 Lojza", "🤖 Anča")


class TableListener(Protocol):
    """Told of every committed change, under the table's lock; must not block."""

    async def table_changed(self, live: LiveTable, what: str) -> None: ...


class TableManager:
    """All live tables of the bot, and every operation that changes one."""

    def __init__(self, store: Store, settings: Settings, rng: random.Random) -> None:
        self.store = store
        self.settings = settings
        self.rng = rng
        self.listeners: list[TableListener] = []
        self._tables: dict[int, LiveTable] = {}
        self._by_chat: dict[int, int] = {}

    # -- lookup ------------------------------------------------------------------------

    def get(self, table_id: int) -> LiveTable | None:
        return self._tables.get(table_id)

    def for_chat(self, chat_id: int) -> LiveTable | None:
        table_id = self._by_chat.get(chat_id)
        return None if table_id is None else self._tables.get(table_id)

    def of_user(self, user_id: int) -> list[LiveTable]:
        """Live tables where the user sits."""
        return [t for t in self._tables.values() if t.seat_of(user_id) is not None]

    def all(self) -> list[LiveTable]:
        return list(self._tables.values())

    # -- start-up ----------------------------------------------------------------------

    async def restore(
        self, prepare: Callable[[LiveTable], Awaitable[None]] | None = None
    ) -> list[LiveTable]:
        """Rebuild every live table from the database (after a restart or a crash).

        ``prepare`` runs for each table before its deal is replayed, so the
        listeners know its messages before anything can change.
        """
        restored = []
        for row in await self.store.tables.list_live():
            try:
                live = self._track(row)
            except (UnknownVariant, KeyError):
                _LOG.error("table %s plays %s, which this bot cannot show", row.id, row.variant_id)
                continue
            if prepare is not None:
                await prepare(live)
            async with live.lock:
                if row.status == "playing":
                    await self._resume(live)
            restored.append(live)
        return restored

    async def _resume(self, live: LiveTable) -> None:
        live.match = await self.store.matches.current_match(live.id)
        if live.match is None:  # crashed between "playing" and the match
            await self._begin_match(live)
            return
        live.deal = await self.store.deals.current_deal(live.id)
        if live.deal is None:
            deals = await self.store.deals.list_deals(live.match.id)
            if not deals:  # crashed between the match and its first deal
                await self._start_deal(live)
                return
            live.deal = deals[-1]
            live.outcome = live.deal.outcome
        logged = await self.store.deals.list_actions(live.deal.id)
        live.state = await self._replay(live, live.deal, logged)
        self._restore_epochs(live, live.deal, logged)
        if not live.deal.is_finished:  # the selections shown in the hands (see set_picks)
            live.picks = await self.store.tables.get_picks(live.id, live.deal.id)
        if live.state.is_over and not live.deal.is_finished:  # crashed before finishing
            await self._finish_deal(live)

    async def _replay(
        self, live: LiveTable, deal: Deal, logged: list[LoggedAction] | None = None
    ) -> Any:
        """The deal rebuilt through the engine from its setup and its log (read if not given)."""
        assert live.match is not None
        variant = live.variant
        state = variant.new_deal(
            live.deal_options, live.match.seat_count, deal.setup, seed=deal.seed, cards=deal.cards
        )
        if logged is None:
            logged = await self.store.deals.list_actions(deal.id)
        for action in logged:
            state, _ = variant.apply(state, action.seat, variant.parse_action(action.code))
        return state

    @staticmethod
    def _restore_epochs(live: LiveTable, deal: Deal, logged: list[LoggedAction]) -> None:
        """Which buttons drawn before the restart are still honoured (``LiveTable.drawn_ok``)."""
        live.acted = {}
        if deal.is_finished:
            live.phase_version = live.version
            return
        # the deal began one version before its first action (or now, if none)
        live.phase_version = logged[0].version - 1 if logged else live.version
        for action in logged:
            live.acted[action.seat] = action.version

    def _track(self, row: Table) -> LiveTable:
        variant = find_variant(row.variant_id)
        live = LiveTable(row, variant, renderer_for(variant.id))
        self._tables[row.id] = live
        self._by_chat[row.chat_id] = row.id
        return live

    def _forget(self, live: LiveTable) -> None:
        self._tables.pop(live.id, None)
        if self._by_chat.get(live.chat_id) == live.id:
            del self._by_chat[live.chat_id]

    async def _changed(self, live: LiveTable, what: str) -> None:
        for listener in self.listeners:
            try:
                await listener.table_changed(live, what)
            except Exception:  # a listener bug must not undo a committed change
                _LOG.exception("listener failed on %s of table %s", what, live.id)

    # -- the lobby ---------------------------------------------------------------------

    async def create(
        self,
        chat_id: int,
        variant: Variant,
        creator_id: int,
        language: str,
        *,
        creator_name: str | None = None,
    ) -> LiveTable:
        """Open a table in the chat's lobby; ``TableError("table_exists")`` if one is live.

        With ``creator_name`` the creator is seated before anything is shown,
        so the first lobby message already lists them.
        """
        renderer_for(variant.id)  # KeyError before anything is written
        try:
            row = await self.store.tables.create(
                chat_id, variant.id, {}, creator_id, language=language, at=time.time()
            )
        except LiveTableExists:
            raise TableError("table_exists") from None
        live = self._track(row)
        async with live.lock:
            if creator_name is not None:
                try:
                    live.row = await self.store.seats.add(
                        live.id,
                        kind="human",
                        user_id=creator_id,
                        display_name=creator_name,
                        max_seats=live.seat_range[1],
                    )
                except SeatError:
                    _LOG.warning("could not seat the creator of table %s", live.id)
            await self._changed(live, "lobby")
        return live

    async def join(
        self, live: LiveTable, user_id: int, name: str, *, max_humans: int | None = None
    ) -> None:
        """Seat a human; ``max_humans`` caps the people (a direct chat's table seats two).

        The creator's place is kept for them (they may have left the lobby and
        sit down again), and the cap is checked under the lock, so two friends
        opening the same link cannot both sit.
        """
        async with live.lock:
            self._require(live, "lobby", "already_started")
            if live.seat_of(user_id) is not None:
                raise TableError("already_seated")
            creator = live.row.creator_id
            others = [u for _, u in live.human_seats if u != creator]
            if max_humans is not None and user_id != creator and len(others) >= max_humans - 1:
                raise TableError("dm_full")
            await self._add_seat(live, "human", user_id, name)

    async def add_computer(self, live: LiveTable, expected_version: int | None) -> None:
        async with live.lock:
            self._require(live, "lobby", "already_started", expected_version)
            used = set(live.names)
            name = next((n for n in COMPUTER_NAMES if n not in used), f"🤖 {len(used) + 1}")
            await self._add_seat(live, "computer", None, name)

    async def _add_seat(self, live: LiveTable, kind: Any, user_id: int | None, name: str) -> None:
        try:
            live.row = await self.store.seats.add(
                live.id,
                kind=kind,
                user_id=user_id,
                display_name=name,
                max_seats=live.seat_range[1],
            )
        except SeatError as error:
            raise TableError(
                "table_full" if error.code == "table_full" else "already_seated"
            ) from None
        await self._changed(live, "lobby")

    async def remove_computer(self, live: LiveTable, expected_version: int | None) -> None:
        async with live.lock:
            self._require(live, "lobby", "already_started", expected_version)
            computers = [s.seat_no for s in live.row.seats if s.kind == "computer"]
            if not computers:
                raise TableError("no_computer")
            live.row = await self.store.seats.remove(live.id, computers[-1])
            await self._changed(live, "lobby")

    async def leave(self, live: LiveTable, user_id: int) -> None:
        """Leave the lobby, or hand one's seat to a computer player mid-match."""
        async with live.lock:
            seat = live.seat_of(user_id)
            if seat is None:
                raise TableError("not_seated")
            if live.status == "lobby":
                live.row = await self.store.seats.remove(live.id, seat)
                await self._changed(live, "lobby")
                return
            name = f"🤖 {live.names[seat]}"[:64]
            live.row = await self.store.seats.replace(
                live.id, seat, kind="computer", user_id=None, display_name=name
            )
            live.notices.append(Notice("notice.left", {"name": live.names[seat]}))
            await self._changed(live, "seat_replaced")

    async def set_mode(self, live: LiveTable, mode: str, expected_version: int | None) -> None:
        """Show the lobby or the settings on the lobby message (memory only)."""
        async with live.lock:
            self._require(live, "lobby", "already_started", expected_version)
            live.mode = mode
            await self._changed(live, "lobby")

    async def set_option(
        self, live: LiveTable, name: str, value: object, expected_version: int | None
    ) -> None:
        """Change one house rule (or bot option) of a lobby table."""
        async with live.lock:
            self._require(live, "lobby", "already_started", expected_version, exact=True)
            options = dict(live.row.options)
            if name in BOT_OPTIONS:
                if value not in live.bot_choices.get(name, ()):  # not offered at this table
                    raise TableError("bad_option")
                options[BOT_KEY] = {**live.bot_options, name: value}
            else:
                options[name] = value
                try:
                    rules = live.variant.options({k: v for k, v in options.items() if k != BOT_KEY})
                except GameError:
                    raise TableError("bad_option") from None
                low, high = live.variant.seat_range(rules)
                if low > high:  # no table could play these rules (a team too big for the deck)
                    raise TableError("bad_option")
            live.row = await self.store.tables.update_options(
                live.id, options, expected_version=live.version
            )
            await self._changed(live, "lobby")

    # -- deals -------------------------------------------------------------------------

    async def start(self, live: LiveTable, expected_version: int | None) -> None:
        """Leave the lobby and deal the first deal of a match."""
        async with live.lock:
            self._require(live, "lobby", "already_started", expected_version)
            count = len(live.row.seats)
            low, high = live.seat_range
            if not low <= count <= high:
                raise TableError("need_players", min=low, max=high, count=count)
            try:
                live.row = await self.store.tables.set_status(
                    live.id, "playing", expected_version=live.version
                )
            except (StaleVersion, WrongStatus):
                raise TableError("stale") from None
            live.mode = "lobby"
            await self._begin_match(live)

    async def _begin_match(self, live: LiveTable) -> None:
        count = len(live.row.seats)
        dealer = live.variant.first_dealer(live.deal_options, count, self.rng.getrandbits(62))
        match = live.variant.start_match(live.deal_options, count, dealer)
        live.match = await self.store.matches.start_match(
            live.id, first_dealer=dealer, state=match.to_dict(), at=time.time()
        )
        await self._start_deal(live)

    async def next_deal(self, live: LiveTable) -> None:
        """Deal the next deal of the match once the previous one is over."""
        async with live.lock:
            if live.status != "playing":
                raise TableError("not_started")
            if live.in_deal:
                raise TableError("deal_running")
            await self._start_deal(live)

    def deal_source(self, live: LiveTable) -> int | Mapping[str, Any]:
        """Where the next deal's cards come from: a seed of the table's stream.

        Tests replace this to deal explicit cards (``Variant.new_deal(cards=...)``).
        """
        return self.rng.getrandbits(62)

    async def _start_deal(self, live: LiveTable) -> None:
        """Deal the next deal; the dealer and opener are the ones the match named."""
        match = live.game_match
        assert live.match is not None and match is not None
        dealer = match.dealer
        count, options, variant = live.match.seat_count, live.deal_options, live.variant
        source = self.deal_source(live)
        seed = source if isinstance(source, int) else None
        cards = None if isinstance(source, int) else source
        previous = live.state if match.deals and live.deal is not None else None
        if seed is not None and previous is not None and previous.is_over:
            # house rule "sklepnout": the next deck is the last deal's cards, cut
            cards = variant.next_deal_cards(previous, options, count, dealer, seed)
            seed = None if cards is not None else seed
        setup = variant.setup_for(match)
        # dealt once: the seed (or cards) and the setup are all a replay needs
        state = variant.new_deal(options, count, setup, seed=seed, cards=cards)
        deal = await self.store.deals.start_deal(
            live.id,
            match.deals,
            dealer,
            seed=seed,
            cards=cards,
            setup=variant.setup_of(state),
            at=time.time(),
        )
        live.state = state
        live.deal, live.outcome = deal, None
        live.phase_version = live.version
        live.acted.clear()
        live.picks.clear()
        live.notices.clear()
        live.last_events = ()
        await self._changed(live, "deal_started")
        if state.is_over:  # decided before anyone acts (Blázen: no trump, so redeal)
            await self._finish_deal(live)

    async def act(
        self,
        live: LiveTable,
        seat: Seat,
        code: str,
        source: ActionSource,
        expected_version: int,
        *,
        notice: Notice | None = None,
        exact: bool = False,
    ) -> tuple[Event, ...]:
        """Apply one action: engine first, then the log, then the listeners.

        ``expected_version`` is the version the button was drawn at: a press
        is honoured while ``LiveTable.drawn_ok`` holds and the engine accepts
        the action in the state as it is now (``exact`` demands the current
        version, for moves computed from the current state). ``TableError
        ("stale")`` otherwise; ``InvalidAction`` / ``IllegalAction`` from the
        engine when the action is refused.
        """
        async with live.lock:
            if exact and expected_version != live.version:
                raise TableError("stale")
            if not live.drawn_ok(expected_version, seat):
                raise TableError("stale")
            if not live.in_deal:
                raise TableError("no_deal")
            action = live.variant.parse_action(code)
            state, events = live.variant.apply(live.state, seat, action)
            assert live.deal is not None
            try:
                logged = await self.store.deals.append_action(
                    live.id, live.deal.id, seat, action.code, source, live.version, at=time.time()
                )
            except StaleVersion:
                raise TableError("stale") from None
            live.row = replace(live.row, version=logged.version)
            live.acted[seat] = logged.version
            live.state, live.last_events = state, events
            live.picks.pop(seat, None)
            if notice is not None:
                live.notices = [*live.notices[-2:], notice]
            if state.is_over:
                await self._finish_deal(live)
            else:
                await self._changed(live, "action")
            return events

    async def _finish_deal(self, live: LiveTable) -> None:
        """Close the deal and move the engine's match on, in one transaction; the
        deal that ends the match also finishes the table (``match_over``)."""
        match = live.game_match
        assert live.deal is not None and live.match is not None and match is not None
        outcome = live.state.outcome()
        options, variant = live.deal_options, live.variant
        scores = variant.deal_scores(outcome, options)
        stored = {
            "scores": list(outcome.scores),
            "tally": list(scores),
            "summary": dict(outcome.summary),
            "played": outcome.played,
        }
        after = variant.record_deal(match, outcome, options)
        places = None
        if after.over:
            places = [0] * after.seats
            for standing in variant.standings(after, options):
                places[standing.seat] = standing.place
        credited = scores if variant.tally_per == "deal" else (0,) * len(scores)
        live.deal = await self.store.deals.finish_deal(
            live.deal.id,
            stored,
            list(credited),
            match_state=after.to_dict(),
            places=places,
            at=time.time(),
        )
        live.match = await self.store.matches.get(live.match.id)
        live.outcome = stored
        if places is not None:
            row = await self.store.tables.get(live.id)
            assert row is not None
            live.row = row
            self._forget(live)
        live.phase_version = live.version
        await self._changed(live, "deal_over")
        if places is not None:
            await self._changed(live, "match_over")

    async def set_picks(self, live: LiveTable, seat: Seat, pick: str | None, version: int) -> None:
        """Remember a private selection step (no game state change, no action logged).

        Stored before it is shown, like every change, so a restart shows the
        hand with the same selection (``_resume``).
        """
        async with live.lock:
            if not live.drawn_ok(version, seat):
                raise TableError("stale")
            if live.deal is not None:
                await self.store.tables.set_pick(live.id, live.deal.id, seat, pick, live.version)
            if pick is None:
                live.picks.pop(seat, None)
            else:
                live.picks[seat] = pick
            await self._changed(live, "picked")

    async def stop(self, live: LiveTable) -> None:
        """End the table for good; the chat may open a new one."""
        async with live.lock:
            if live.status not in ("lobby", "playing"):
                raise TableError("no_table")
            live.row = await self.store.tables.set_status(live.id, "stopped")
            self._forget(live)
            await self._changed(live, "stopped")

    async def add_notice(self, live: LiveTable, notice: Notice) -> None:
        """Show a line under the table message until the next deal."""
        async with live.lock:
            if notice not in live.notices:
                live.notices = [*live.notices[-2:], notice]
                await self._changed(live, "notice")

    async def migrate_chat(self, old: int, new: int) -> LiveTable | None:
        """The group ``old`` became the supergroup ``new``: move its table there.

        Telegram gives an upgraded group a new chat id and answers the old one
        with ``ChatMigrated``; the table row, the chat's settings and tally
        move in storage, and updates from the new id find the table. Returns
        the live table that moved, ``None`` if there was none left to move
        (the service messages and a refused send may all report one upgrade).
        A live table already in the new chat keeps it; the old one then ends.
        """
        live = self.for_chat(old)
        if live is not None and self.for_chat(new) is not None:
            await self.stop(live)
            live = None
        if live is None:
            await self.store.chats.migrate(old, new)
            return None
        async with live.lock:
            if live.chat_id != old:
                return None
            await self.store.chats.migrate(old, new)
            live.row = replace(live.row, chat_id=new)
            del self._by_chat[old]
            self._by_chat[new] = live.id
        return live

    async def set_language(self, live: LiveTable, language: str) -> None:
        async with live.lock:
            live.row = await self.store.tables.set_language(live.id, language)
            await self._changed(live, "language")

    async def refresh(self, live: LiveTable, what: str = "refresh") -> None:
        """Tell the listeners to re-render (after a restart, a /hand...)."""
        async with live.lock:
            await self._changed(live, what)

    # -- helpers -----------------------------------------------------------------------

    @staticmethod
    def _require(
        live: LiveTable,
        status: str,
        code: str,
        expected_version: int | None = None,
        *,
        exact: bool = False,
    ) -> None:
        """Check the status, and the version a button was drawn at (``None``: a command).

        A lobby button is honoured for as long as the lobby lasts (a Deal
        pressed right after someone joined still deals); ``exact`` is for
        presses that are not idempotent on a changed table, such as cycling
        an option to its next value.
        """
        if live.status != status:
            raise TableError(code)
        if expected_version is None:
            return
        if exact and expected_version != live.version:
            raise TableError("stale")
        if not live.drawn_ok(expected_version, None):
            raise TableError("stale")
