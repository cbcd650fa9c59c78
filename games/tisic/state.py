"""The immutable state of one deal of Tisíc.

A state is plain frozen data; ``transitions.apply`` returns a new one. Who
is to act is answered here; what is legal, the outcome and what a seat may
see come from the rule modules (``legality``, ``scoring``, ``views``), which
import this one. So that no module imports one that imports it back, this
one imports none of them: those parts of the engine contract are abstract
here, and ``games.tisic.game.TisicGame``, one level up, gives them.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache

from games.cards import Card, CardSet, Suit
from games.engine import Outcome, Seat
from games.sides import DECLARER_SIDE, DEFENDER_SIDE, Sides
from games.tisic.actions import TisicAction
from games.tisic.options import TisicOptions

__all__ = ["Call", "Marriage", "Phase", "TisicState", "Trick"]


class Phase(StrEnum):
    """The steps of a deal (§5-§7), in the order they normally come."""

    AUCTION = "auction"  # hádání o talón (§5)
    TALON = "talon"  # the declarer holds 12: discard, forfeit or propose storno (§6)
    STORNO = "storno"  # the fellow players answer a storno (§6.6)
    CONTRACT = "contract"  # keep the bid or raise it (§6.4)
    PLAY = "play"  # ten tricks (§7)
    OVER = "over"


class End(StrEnum):
    """How a deal ended: its scoring depends on it (§8.4, §11)."""

    PLAYED = "played"
    FORFEIT = "forfeit"
    STORNO = "storno"
    RENONC = "renonc"  # renonc_policy "penalty"
    REDEAL = "redeal"  # renonc_policy "replay": void, the same dealer deals again


@dataclass(frozen=True, slots=True)
class Call:
    """A word said in the auction (``pass`` or ``bid:N``), for the table log."""

    seat: Seat
    code: str


@dataclass(frozen=True, slots=True)
class Trick:
    """A finished trick: who played what, in order, who took it and the trump then."""

    seats: tuple[Seat, ...]
    cards: tuple[Card, ...]
    winner: Seat
    trump: Suit | None


@dataclass(frozen=True, slots=True)
class Marriage:
    """A declared marriage ("hláška", §7.2): its value goes to the declaring seat."""

    seat: Seat
    suit: Suit
    value: int
    trick: int  # 1-based number of the trick it was led to


@dataclass(frozen=True, slots=True)
class TisicState(ABC):
    """One deal. ``hands`` is indexed by table seat; a sitting-out seat holds nothing.

    ``active`` is ``(P1, P2, P3)`` (§2): P1 holds the obligation. ``dealt`` is
    their ten cards each in deal order and ``dealt_talon`` the two talon cards,
    which is what a record stores.
    """

    options: TisicOptions
    seats: int
    dealer: Seat
    active: tuple[Seat, Seat, Seat]
    dealt: tuple[tuple[Card, ...], ...]
    dealt_talon: tuple[Card, ...]
    seed: int | None
    hands: tuple[CardSet, ...]
    phase: Phase
    to_move: Seat | None
    high: int
    high_bidder: Seat
    version: int = 0
    talon: CardSet = 0  # the face-down talon until the declarer takes it
    calls: tuple[Call, ...] = ()
    passed: frozenset[Seat] = frozenset()
    declarer: Seat | None = None
    bid: int | None = None
    contract: int | None = None
    discards: CardSet = 0
    storno_tried: bool = False
    storno_votes: tuple[tuple[Seat, bool], ...] = ()
    trump: Suit | None = None
    trick_seats: tuple[Seat, ...] = ()
    trick_cards: tuple[Card, ...] = ()
    tricks: tuple[Trick, ...] = ()
    marriages: tuple[Marriage, ...] = ()
    end: End | None = None
    offender: Seat | None = None  # who revoked (renonc_policy "penalty" / "replay")

    # --- roles ----------------------------------------------------------------

    @property
    def p1(self) -> Seat:
        """The holder of the obligation (povinnost, §2)."""
        return self.active[0]

    @property
    def talon_cards(self) -> CardSet:
        """The two cards dealt to the talon, wherever they are now."""
        mask = 0
        for c in self.dealt_talon:
            mask |= 1 << c
        return mask

    @property
    def obligation_game(self) -> bool:
        """P1 took the talon at the obligation because both others were "dobří"."""
        return (
            self.declarer == self.p1
            and self.bid == self.options.obligation
            and self.phase is not Phase.AUCTION
        )

    @property
    def defenders(self) -> tuple[Seat, ...]:
        """The active seats other than the declarer, in play order."""
        return tuple(s for s in self.active if s != self.declarer)

    @property
    def sides(self) -> Sides:
        """Who plays with whom (``games.sides``): the declarer alone (``"C"``)
        against the two others (``"D"``) once the auction is won, every player
        alone before. Nothing of it is secret."""
        return _sides(self.active, self.declarer)

    def next_active(self, seat: Seat) -> Seat:
        """The next playing seat in seat order (a sitting-out dealer is skipped)."""
        return self.active[(self.active.index(seat) + 1) % 3]

    # --- the engine contract ---------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    def to_act(self) -> frozenset[Seat]:
        """One seat, except in a storno vote: every fellow player yet to answer."""
        if self.phase is Phase.STORNO:
            voted = {s for s, _ in self.storno_votes}
            return frozenset(s for s in self.defenders if s not in voted)
        return frozenset() if self.to_move is None else frozenset((self.to_move,))

    @abstractmethod
    def legal_actions(self, seat: Seat) -> Sequence[TisicAction]: ...

    @abstractmethod
    def outcome(self) -> Outcome: ...

    @abstractmethod
    def view(self, seat: Seat) -> object:
        """The seat's view (``game.py`` narrows it: the views module imports this one)."""

    @abstractmethod
    def public_view(self) -> object:
        """The public view (narrowed in ``game.py``, like ``view``)."""


@lru_cache(maxsize=256)
def _sides(active: tuple[Seat, Seat, Seat], declarer: Seat | None) -> Sides:
    if declarer is None:
        return Sides.each_alone(active)
    defenders = frozenset(s for s in active if s != declarer)
    return Sides((frozenset((declarer,)), defenders), (DECLARER_SIDE, DEFENDER_SIDE))
