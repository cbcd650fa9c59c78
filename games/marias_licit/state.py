"""The immutable state of one deal of licitovaný mariáš.

Plain frozen data, as in volený: every transition returns a new state; who
is to act is answered here, what is legal, the outcome and the views by the
rule modules through ``game.LicitGame`` one level up, so this module imports
none of them.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from games.cards import Card, CardSet, Suit, card_code, cards_of
from games.engine import Outcome, Seat
from games.marias.form import declarer_sides
from games.marias.played import (
    Marriage,
    Trick,
    marriages_record,
    open_trick_record,
    plays_record,
)
from games.marias_licit.actions import LicitAction
from games.marias_licit.auction import Auction
from games.marias_licit.levels import Level, level
from games.marias_licit.options import LicitOptions
from games.sides import Sides

__all__ = ["Call", "LicitState", "Phase"]


class Phase(StrEnum):
    """The steps of a deal (§3.3.3-§3.3.4), in order."""

    AUCTION = "auction"  # the hold auction for the talon
    TALON = "talon"  # the winner has taken the talon and discards two cards
    CONTRACT = "contract"  # he announces the final contract (or concedes: omyl)
    FLEK = "flek"  # the flek round, per component
    PLAY = "play"  # ten tricks
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Call:
    """A public announcement (bid, mám, pass, contract, flek, omyl) for the table log."""

    seat: Seat
    code: str


@dataclass(frozen=True, slots=True)
class LicitState(ABC):
    """One deal. ``hands`` is indexed by table seat; a sitting-out seat holds nothing.
    ``talon`` is the dealt talon until the auction's winner takes it, then his
    two discards."""

    options: LicitOptions
    seats: int
    dealer: Seat
    active: tuple[Seat, Seat, Seat]  # forhond, middle player, zadák
    dealt: tuple[tuple[Card, ...], ...]  # per active role, in deal order
    dealt_talon: tuple[Card, ...]
    seed: int | None
    hands: tuple[CardSet, ...]
    talon: CardSet
    auction: Auction
    phase: Phase
    to_move: Seat | None
    version: int = 0
    talon_taken: bool = False
    declarer: Seat | None = None
    level_number: int | None = None  # the final contract's level, once announced
    trump: Suit | None = None
    helper: Suit | None = None
    flek: tuple[tuple[str, int], ...] = ()
    flek_quiet: int = 0
    trick_seats: tuple[Seat, ...] = ()
    trick_cards: tuple[Card, ...] = ()
    leader: Seat | None = None
    tricks: tuple[Trick, ...] = ()
    marriages: tuple[Marriage, ...] = ()
    calls: tuple[Call, ...] = ()
    end: str | None = None  # played | early | omyl | redeal

    # --- roles --------------------------------------------------------------

    @property
    def forhond(self) -> Seat:
        return self.active[0]

    @property
    def bid_level(self) -> int:
        """The level the auction ended at (0 while it runs or when all passed)."""
        return self.auction.level if self.auction.over else 0

    @property
    def level(self) -> Level | None:
        """The final contract, once announced."""
        return None if self.level_number is None else level(self.level_number)

    @property
    def sides(self) -> Sides:
        """Each playing seat alone until the auction has a winner; then the declarer
        alone (``"C"``) against the two others (``"D"``). The sitting-out seat of a
        table of four is on no side. Nothing of it is secret."""
        return declarer_sides(self.active, self.declarer)

    def next_active(self, seat: Seat) -> Seat:
        i = self.active.index(seat)
        return self.active[(i + 1) % 3]

    def flek_level(self, component: str) -> int:
        for name, value in self.flek:
            if name == component:
                return value
        return 0

    @property
    def cards_played(self) -> bool:
        return bool(self.tricks or self.trick_cards)

    # --- the engine contract ---------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    def to_act(self) -> frozenset[Seat]:
        """The seat to move, and the declarer while he may still concede (omyl)."""
        if self.to_move is None:
            return frozenset()
        if self.omyl_open and self.declarer is not None:
            return frozenset((self.to_move, self.declarer))
        return frozenset((self.to_move,))

    @property
    def omyl_open(self) -> bool:
        """Whether the declarer may concede now (§3.3.3 item 6, §6 #43, #55): a
        level-1 sedma, from the announcement until the first card of trick 1."""
        opts = self.options
        if opts.licit_omyl == "off" or self.declarer is None or self.cards_played:
            return False
        if self.phase is Phase.CONTRACT:
            return self.bid_level == 1
        if opts.licit_omyl_window != "until_first_lead":
            return False
        return self.phase in (Phase.FLEK, Phase.PLAY) and self.level_number == 1

    def to_dict(self) -> dict[str, Any]:
        """The whole state as JSON-ready data (every card: for logs and tests, never
        for a player; views are what players get)."""
        a = self.auction
        return {
            "options": self.options.to_dict(),
            "seats": self.seats,
            "dealer": self.dealer,
            "active": list(self.active),
            "seed": self.seed,
            "phase": str(self.phase),
            "to_move": self.to_move,
            "version": self.version,
            "hands": {str(s): [card_code(c) for c in cards_of(self.hands[s])] for s in self.active},
            "talon": [card_code(c) for c in cards_of(self.talon)],
            "talon_taken": self.talon_taken,
            "auction": {
                "stage": a.stage,
                "level": a.level,
                "holder": a.holder,
                "speaker": a.speaker,
                "over": a.over,
                "winner": a.winner,
            },
            "declarer": self.declarer,
            "level": self.level_number,
            "trump": None if self.trump is None else self.trump.code,
            "helper": None if self.helper is None else self.helper.code,
            "flek": dict(self.flek),
            "trick": open_trick_record(self.trick_seats, self.trick_cards),
            "tricks": plays_record(self.tricks),
            "marriages": marriages_record(self.marriages),
            "calls": [[c.seat, c.code] for c in self.calls],
            "end": self.end,
        }

    @abstractmethod
    def legal_actions(self, seat: Seat) -> Sequence[LicitAction]: ...

    @abstractmethod
    def outcome(self) -> Outcome: ...

    @abstractmethod
    def view(self, seat: Seat) -> object: ...

    @abstractmethod
    def public_view(self) -> object: ...
