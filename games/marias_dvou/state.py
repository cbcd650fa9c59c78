"""The immutable state of one deal of mariáš ve dvou.

Plain frozen data, as in volený: every transition returns a new state; who
is to act is answered here, what is legal, the outcome and the views by the
rule modules through ``game.DvouGame`` one level up, so this module imports
none of them.

The two roles are fixed by the deal: the first player (``forhond``, the
dealer's left, i.e. the non-dealer) chooses trumps in A and C and counts as
the declaring player in B (§3.4.2); the dealer is his "protihráč". A
component announced by either player (stovka, sedma) belongs to the
announcer, and the other player fleks it (``owners``).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
from typing import Any

from games.cards import Card, CardSet, Suit, card_code, cards_of
from games.engine import Outcome, Seat
from games.marias.played import (
    Marriage,
    Trick,
    marriages_record,
    open_trick_record,
    plays_record,
)
from games.marias_dvou.actions import DvouAction
from games.marias_dvou.options import DvouOptions
from games.sides import DECLARER_SIDE, DEFENDER_SIDE, Sides

__all__ = ["Call", "DvouState", "Phase", "owner_sides"]


class Phase(StrEnum):
    """The steps of a deal (§3.4), in order."""

    TRUMP = "trump"  # A, C: the first player names trumps from his first four
    ANNOUNCE = "announce"  # each player in turn: stovka, sedma or nothing
    FLEK = "flek"  # a flek round (at the start, or on a sedma announced in play)
    PLAY = "play"  # sixteen tricks, the stock drawn after each while it lasts
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Call:
    """A public announcement (trumps, extras, flek, pass, sedma, swap) for the table log."""

    seat: Seat
    code: str


@dataclass(frozen=True, slots=True)
class DvouState(ABC):
    """One deal. ``hands`` is indexed by seat; ``stock`` lists the stock's cards in the
    order they will be drawn (in B the face-up card is the last)."""

    options: DvouOptions
    seats: int
    dealer: Seat
    active: tuple[Seat, Seat]  # the first player, then the dealer
    dealt: tuple[tuple[Card, ...], ...]  # per role, in deal order (8 each)
    dealt_stock: tuple[Card, ...]  # the stock as dealt, in draw order
    seed: int | None
    hands: tuple[CardSet, ...]
    stock: tuple[Card, ...]
    phase: Phase
    to_move: Seat | None
    version: int = 0
    trump: Suit | None = None
    stovka: Seat | None = None  # who announced stovka
    sedma: Seat | None = None  # who announced sedma
    late_seven: bool = False  # the sedma was announced during play
    flek: tuple[tuple[str, int], ...] = ()
    flek_open: tuple[str, ...] = ()  # the chains the running flek round is about
    flek_quiet: int = 0
    resume: Seat | None = None  # who plays on after a flek round in play
    swapped: bool = False  # B: the trump seven was exchanged for the turned card
    trick_seats: tuple[Seat, ...] = ()
    trick_cards: tuple[Card, ...] = ()
    leader: Seat | None = None
    tricks: tuple[Trick, ...] = ()
    marriages: tuple[Marriage, ...] = ()
    calls: tuple[Call, ...] = ()
    end: str | None = None  # played

    # --- roles --------------------------------------------------------------

    @property
    def forhond(self) -> Seat:
        """The first player: the dealer's left, who chooses trumps and leads first."""
        return self.active[0]

    def other(self, seat: Seat) -> Seat:
        return self.active[1] if seat == self.active[0] else self.active[0]

    @property
    def sides(self) -> Sides:
        """The first player (``"C"``) against the dealer (``"D"``); nothing secret."""
        return owner_sides(self.active[0], self.active[1])

    def owner(self, component: str) -> Seat:
        """Who a component belongs to: the announcer of the stovka or sedma; the game
        is the first player's (§3.4.4)."""
        if component == "sedma" and self.sedma is not None:
            return self.sedma
        if component == "hra" and self.stovka is not None:
            return self.stovka
        return self.forhond

    def flek_level(self, component: str) -> int:
        for name, value in self.flek:
            if name == component:
                return value
        return 0

    @property
    def turned_card(self) -> Card | None:
        """B: the face-up card at the bottom of the stock, while it lies there."""
        if not self.options.turned_trump or not self.stock:
            return None
        return self.stock[-1]

    @property
    def strict(self) -> bool:
        """Whether the §2.2 duties bind now: always in A and B; in C once the stock
        is gone (§3.4.3)."""
        return not self.options.free_stock_phase or not self.stock

    # --- the engine contract ---------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    def to_act(self) -> frozenset[Seat]:
        return frozenset() if self.to_move is None else frozenset((self.to_move,))

    def to_dict(self) -> dict[str, Any]:
        """The whole state as JSON-ready data (every card: for logs and tests, never
        for a player; views are what players get)."""
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
            "stock": [card_code(c) for c in self.stock],
            "trump": None if self.trump is None else self.trump.code,
            "stovka": self.stovka,
            "sedma": self.sedma,
            "late_seven": self.late_seven,
            "flek": dict(self.flek),
            "swapped": self.swapped,
            "trick": open_trick_record(self.trick_seats, self.trick_cards),
            "tricks": plays_record(self.tricks),
            "marriages": marriages_record(self.marriages),
            "calls": [[c.seat, c.code] for c in self.calls],
            "end": self.end,
        }

    @abstractmethod
    def legal_actions(self, seat: Seat) -> Sequence[DvouAction]: ...

    @abstractmethod
    def outcome(self) -> Outcome: ...

    @abstractmethod
    def view(self, seat: Seat) -> object: ...

    @abstractmethod
    def public_view(self) -> object: ...


@lru_cache(maxsize=64)
def owner_sides(owner: Seat, opponent: Seat) -> Sides:
    """``owner`` as the declaring side ``"C"`` against ``opponent`` (``"D"``): the
    deal's sides, or one component's when the dealer announced it."""
    return Sides((frozenset((owner,)), frozenset((opponent,))), (DECLARER_SIDE, DEFENDER_SIDE))
