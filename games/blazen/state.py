"""The immutable state of one game ("kon") of Blázen.

A state is plain frozen data; every transition (``transitions.apply``)
returns a new one. The seat helpers here answer the questions every rule
asks (who is still playing, who is the next opponent clockwise), so the
rule modules never walk the circle themselves.

What is legal, the outcome and what a seat may see are answered by the rule
modules (``legality``, ``scoring``, ``views``), which import this one; so
that no module imports a module that imports it back, this one imports none
of them and declares those parts of the engine contract abstract.
``games.blazen.game.BlazenGame``, one level above the rule modules, gives
them; every game ``deal.new_deal`` makes is a ``BlazenGame``.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass, fields
from enum import StrEnum
from functools import lru_cache
from typing import Any, Self

from games.blazen.actions import BlazenAction
from games.blazen.options import BlazenOptions
from games.cards import Card, CardSet
from games.engine import Outcome, Seat
from games.sides import Sides

__all__ = ["BlazenState", "Bout", "Phase"]


class Phase(StrEnum):
    """The steps of a bout (§12.1)."""

    OPEN = "open"  # the attacker lays the first card(s)
    DEFEND = "defend"  # the defender beats, takes or transfers
    THROW = "throw"  # everything is covered: throwers may add cards
    TAKE_ADD = "take_add"  # the defender said "Beru": one last round of throw-ins
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Bout:
    """A finished bout, kept for the table log: who, which cards, beaten off or taken."""

    opener: Seat
    defender: Seat
    table: tuple[tuple[Card, Card | None], ...]
    taken: bool


@dataclass(frozen=True, slots=True)
class BlazenState(ABC):
    """One game. ``hands`` is indexed by seat; ``stock`` lists the top card first."""

    options: BlazenOptions
    seats: int
    dealer: Seat
    seed: int | None
    teams: tuple[int, ...]  # team number per seat; without teams every seat is its own
    dealt: tuple[tuple[Card, ...], ...]  # the deal, per seat, in deal order (records)
    dealt_stock: tuple[Card, ...]
    dealt_bito: CardSet  # only in positions set up mid-game through ``cards``
    fixed_attacker: Seat | None  # the first attacker the match fixed (later games)
    trump: int  # the trump suit (a ``Suit`` value)
    trump_card: Card  # the turned card under the stock
    hands: tuple[CardSet, ...]
    stock: tuple[Card, ...]
    bito: CardSet
    known: tuple[CardSet, ...]  # cards everyone saw go into each hand (picked up, shown)
    phase: Phase
    opener: Seat  # who opened the current bout
    defender: Seat
    to_move: Seat | None  # the seat asked in turn (None while a window of throwers is open)
    waiting: frozenset[Seat] = frozenset()  # window mode: throwers who may still act
    interject: frozenset[Seat] = frozenset()  # seats that may redeal or exchange now
    table: tuple[tuple[Card, Card | None], ...] = ()
    queue: tuple[Seat, ...] = ()  # throw-in priority of this bout (§6.3)
    ptr: int = 0  # sequential mode: the thrower being asked
    passed: frozenset[Seat] = frozenset()  # passed since the last cover
    shown: CardSet = 0  # trumps shown this bout (``show:``)
    opened: int = 0  # how many cards opened the bout
    emptied: tuple[Seat, ...] = ()  # hands emptied this bout, in action order (§10.3)
    opening_trump: Card | None = None  # the lowest trump shown to pick the first attacker
    version: int = 0
    started: bool = False  # an attack has been played in this game
    exchanged: bool = False
    bouts: int = 0  # finished bouts
    discards: int = 0  # bouts beaten off ("Bito")
    gone: frozenset[Seat] = frozenset()  # seats out of the game
    exits: tuple[tuple[Seat, ...], ...] = ()  # who went out, bout by bout (places)
    last_bout: Bout | None = None
    history: tuple[Bout, ...] = ()  # every finished bout, in order (all public cards)
    end: str | None = None  # fool | team | draw | redeal
    losers: tuple[Seat, ...] = ()
    straps: int = 0  # pogony for each loser (§11.3)
    redeal_by: Seat | None = None

    def but(self, **changes: Any) -> Self:
        """A copy with some fields changed: ``dataclasses.replace`` without re-running
        ``__init__``, which is most of the cost of a step in random playouts."""
        new = object.__new__(type(self))
        for name in _FIELDS:
            _SET(new, name, changes.pop(name) if name in changes else getattr(self, name))
        if changes:
            raise TypeError(f"BlazenState has no field(s) {sorted(changes)}")
        return new

    # --- seats ---------------------------------------------------------------

    def playing(self, seat: Seat) -> bool:
        """Still in the game: not out, and not emptied with nothing left to draw (§10.1)."""
        return seat not in self.gone and bool(self.hands[seat] or self.stock)

    @property
    def sides(self) -> Sides:
        """Who plays with whom (``games.sides``), from ``teams``: the teams of the team
        mode (§11.1): alternate seats in 2v2 and 3v3, seat 0 alone against the other
        two in 1v2; without teams every seat is a side of its own. The sides have no
        names, and side ``i`` is team number ``i``. A seat that went out stays on its
        side (its team still loses together). Nothing of it is secret."""
        return _sides_of(self.teams)

    def partners(self, a: Seat, b: Seat) -> bool:
        """Whether ``a`` and ``b`` are on one side (``Sides.same_side``)."""
        return self.sides.same_side(a, b)

    def next_opponent(self, seat: Seat) -> Seat | None:
        """The next playing opponent clockwise (§9, §11.1); ``None`` if there is none."""
        opponents = self.sides.opponents(seat)
        for step in range(1, self.seats):
            other = (seat + step) % self.seats
            if other in opponents and self.playing(other):
                return other
        return None

    def next_in(self, seat: Seat, step: int = 1) -> Seat | None:
        """The next seat still in clockwise (``step=-1``: anticlockwise), not ``seat``."""
        for i in range(1, self.seats):
            other = (seat + i * step) % self.seats
            if self.playing(other):
                return other
        return None

    # --- the bout ------------------------------------------------------------

    @property
    def attack_count(self) -> int:
        return len(self.table)

    @property
    def uncovered(self) -> tuple[int, ...]:
        return tuple(i for i, (_, d) in enumerate(self.table) if d is None)

    @property
    def uncovered_count(self) -> int:
        return sum(1 for _, d in self.table if d is None)

    @property
    def base_limit(self) -> int:
        """The most attack cards a bout may hold before the hand limit (§6.4)."""
        opts = self.options
        if opts.max_attack == "defender_hand":
            return 1 << 30
        first = (
            self.discards == 0
            if opts.first_bout_scope == "until_first_discard"
            else (self.bouts == 0)
        )
        return opts.max_attack_first_bout if first else 6

    @property
    def room(self) -> int:
        """How many more attack cards the bout takes now (§6.4)."""
        hand = self.hands[self.defender].bit_count()
        return max(0, min(self.base_limit - len(self.table), hand - self.uncovered_count))

    @property
    def table_cards(self) -> CardSet:
        mask = 0
        for a, d in self.table:
            mask |= 1 << a
            if d is not None:
                mask |= 1 << d
        return mask

    # --- the engine contract -------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    def to_act(self) -> frozenset[Seat]:
        if self.to_move is None:
            return self.waiting | self.interject
        return self.waiting | self.interject | {self.to_move}

    @abstractmethod
    def legal_actions(self, seat: Seat) -> Sequence[BlazenAction]: ...

    @abstractmethod
    def outcome(self) -> Outcome: ...

    @abstractmethod
    def view(self, seat: Seat) -> object: ...

    @abstractmethod
    def public_view(self) -> object: ...


@lru_cache(maxsize=64)
def _sides_of(teams: tuple[int, ...]) -> Sides:
    """The sides of a team number per seat (``BlazenState.sides``), made once per table."""
    return Sides.from_labels(teams)


_FIELDS = tuple(f.name for f in fields(BlazenState))
_SET = object.__setattr__
