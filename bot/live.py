"""A live table in memory: its stored row, its deal state, its lock.

``LiveTable`` is what handlers, renderers and the driver read; only
``TableManager`` (``bot.tables``) changes it, always under ``lock`` and only
after the change is committed to the database.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from bot.render import GameRenderer
from games.engine import Event, GameError, Seat, Variant
from games.match import Match as GameMatch
from games.registry import registration
from storage import Deal, Match, Table

__all__ = [
    "BOT_KEY",
    "BOT_OPTIONS",
    "LEVELS",
    "LiveTable",
    "Notice",
    "TableError",
    "bot_option_choices",
    "default_level",
    "forced_code",
]

BOT_KEY = "_bot"
"""Key of the bot's own per-table options inside the table's options JSON."""
TURN_TIMEOUTS: tuple[int, ...] = (60, 180, 300, 600)
"""The seconds per turn a table may choose (any game)."""
LEVELS: tuple[str, ...] = ("rules", "strong")
"""The computer player kinds a table may choose in /settings, where its game has
them (``random`` and the frozen ``rules-v1`` are for the arena, not for a chat)."""
AUTOPLAY: tuple[bool, ...] = (True, False)
"""Whether a human's only legal move is played for them (any game)."""
BOT_OPTIONS: tuple[str, ...] = ("turn_timeout", "level", "autoplay")
"""The bot's own per-table options, in the order /settings shows them; which of
them a table offers, and their values, depend on its game (``bot_option_choices``)."""


def bot_option_choices(variant_id: str) -> dict[str, tuple[object, ...]]:
    """The bot options a table of this game offers, each with its values.

    The level comes from the game's registration, so a game that gains a
    strong player offers it without a change here; a choice of one is no
    choice, so such a game shows no level row at all.
    """
    choices: dict[str, tuple[object, ...]] = {"turn_timeout": TURN_TIMEOUTS}
    players = registration(variant_id).players
    levels = tuple(kind for kind in LEVELS if kind in players)
    if len(levels) > 1:
        choices["level"] = levels
    choices["autoplay"] = AUTOPLAY
    return choices


def default_level(variant_id: str, configured: str | None) -> str:
    """The level a table plays at unless its settings say otherwise: the operator's
    ``KARBAN_COMPUTER_LEVEL`` when set, else the game's own ``default_player``."""
    return configured if configured is not None else registration(variant_id).default_player


def forced_code(live: LiveTable, seat: Seat, autoplay: bool) -> str | None:
    """The move the bot plays for a human ``seat`` now because it is their only one.

    A follow-suit card with nothing else to follow, the last trick's cards, a
    take with nothing to cover: a press that decides nothing costs the player a
    tap and the bot two edits of their hand (the button shown, then taken
    away). Only a seat the deal waits for (``Variant.due``) counts, so an
    optional interjection (a Blázen redeal) is never made for anyone; the
    table's ``autoplay`` option (default: the operator's ``autoplay``) may turn
    it off, for players who do not want the speed of a forced move to tell
    the others it was forced. The driver plays it, the screens draw no button
    for it: both ask this function, so they always agree.
    """
    if not live.in_deal or live.is_computer(seat):
        return None
    if not bool(live.bot_options.get("autoplay", autoplay)):
        return None
    if seat not in live.variant.due(live.state):
        return None
    legal = live.state.legal_actions(seat)
    return legal[0].code if len(legal) == 1 else None


class TableError(Exception):
    """A request the table refuses; ``code`` names the catalog text ``err.<code>``."""

    def __init__(self, code: str, **values: Any) -> None:
        super().__init__(code)
        self.code = code
        self.values = values


@dataclass(frozen=True, slots=True)
class Notice:
    """A line shown under the table message (a timeout, a player who left)."""

    key: str
    values: Mapping[str, Any]


@dataclass(eq=False)
class LiveTable:
    """A table in memory: its stored row, its current deal state, its lock."""

    row: Table
    variant: Variant
    renderer: GameRenderer
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    match: Match | None = None
    deal: Deal | None = None
    state: Any = None
    """The engine state of the current deal (also kept once it is over)."""
    outcome: Mapping[str, Any] | None = None
    """The stored outcome of the last finished deal of the match."""
    mode: str = "lobby"
    """What the lobby message shows: ``lobby`` or ``settings``."""
    picks: dict[Seat, str] = field(default_factory=dict)
    notices: list[Notice] = field(default_factory=list)
    last_events: tuple[Event, ...] = ()
    phase_version: int = 0
    """The table version at which the current phase began: the lobby, a deal, or
    the pause after a deal. A button drawn before it belongs to another phase."""
    acted: dict[Seat, int] = field(default_factory=dict)
    """Seat -> the table version right after its last action in this deal."""

    def seat_epoch(self, seat: Seat | None) -> int:
        """The oldest version a button of ``seat`` may carry and still be honoured.

        A press is judged on the state as it is now, not as it was drawn, as
        long as it belongs to this phase and the presser has not acted since
        it was drawn: then pressing it means what it meant when it was drawn
        (a double tap, though, lands on the presser's own newer action and
        is refused).
        """
        if seat is None:
            return self.phase_version
        return max(self.phase_version, self.acted.get(seat, 0))

    def drawn_ok(self, drawn: int, seat: Seat | None) -> bool:
        """Whether a button drawn at version ``drawn`` may act for ``seat`` now."""
        return self.seat_epoch(seat) <= drawn <= self.version

    @property
    def id(self) -> int:
        return self.row.id

    @property
    def chat_id(self) -> int:
        return self.row.chat_id

    @property
    def version(self) -> int:
        return self.row.version

    @property
    def status(self) -> str:
        return self.row.status

    @property
    def language(self) -> str:
        return self.row.language

    @property
    def names(self) -> list[str]:
        return [s.display_name for s in self.row.seats]

    @property
    def human_seats(self) -> list[tuple[Seat, int]]:
        """(seat, user id) of every human seat."""
        return [(s.seat_no, s.user_id) for s in self.row.seats if s.user_id is not None]

    def seat_of(self, user_id: int) -> Seat | None:
        seat = self.row.seat_of(user_id)
        return None if seat is None else seat.seat_no

    def is_computer(self, seat: Seat) -> bool:
        return self.row.seats[seat].kind == "computer"

    @property
    def in_deal(self) -> bool:
        """A deal is being played (not between deals, not in the lobby)."""
        return self.state is not None and not self.state.is_over and self.deal is not None

    @property
    def game_option_values(self) -> dict[str, Any]:
        values = dict(self.row.options)
        values.pop(BOT_KEY, None)
        return values

    @property
    def bot_options(self) -> dict[str, Any]:
        return dict(self.row.options.get(BOT_KEY, {}))

    @property
    def bot_choices(self) -> dict[str, tuple[object, ...]]:
        """The bot options this table offers in /settings and their values."""
        return bot_option_choices(self.variant.id)

    @property
    def game_match(self) -> GameMatch | None:
        """The engine's match as stored (also the bot's older stored shape)."""
        if self.match is None:
            return None
        return GameMatch.from_dict(
            self.match.state, variant_id=self.match.variant_id, seats=self.match.seat_count
        )

    @property
    def seat_range(self) -> tuple[int, int]:
        """How many may play with the table's current rules (deck, teams...)."""
        try:
            return self.variant.seat_range(self.deal_options)
        except GameError:  # options stored by an older version: the variant's own bounds
            return self.variant.min_seats, self.variant.max_seats

    @property
    def deal_options(self) -> Any:
        """The variant options the current match plays with (its snapshot)."""
        source = self.match.options if self.match is not None else self.row.options
        values = {k: v for k, v in source.items() if k != BOT_KEY}
        return self.variant.options(values)
