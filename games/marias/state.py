"""The immutable state of one deal of volený mariáš.

A state is plain frozen data; every transition (``transitions.apply``)
returns a new one. Who is to act is answered here; what is legal, the
outcome and what a seat may see are answered by the rule modules
(``legality``, ``scoring``, ``views``), which import this one. So that no
module imports a module that imports it back, this one imports none of
them: it declares those parts of the engine contract abstract, and
``games.marias.game.VolenyGame``, one level above the rule modules, gives
them. Every deal ``deal.new_deal`` makes is a ``VolenyGame``.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from games.cards import Card, CardSet, Suit
from games.engine import Outcome, Seat
from games.marias.actions import MariasAction
from games.marias.form import declarer_sides
from games.marias.options import VolenyOptions
from games.marias.played import Marriage, Trick
from games.sides import DECLARER_SIDE, Sides

__all__ = ["Call", "Marriage", "Phase", "Trick", "VolenyState"]


class Phase(StrEnum):
    """The steps of a deal (§3.1.3-§3.1.7), in the order they normally come."""

    TRUMP = "trump"  # forhond chooses the trump card from his first seven or "z lidu"
    TALON = "talon"  # the declarer discards two cards
    ANNOUNCE = "announce"  # the declarer names hra, betl or durch
    RESPOND = "respond"  # defenders answer dobrá / špatná
    EXTRAS = "extras"  # trumps revealed; sedma / stovka / 100 a 7 announced
    LEAD = "lead"  # betl/durch: the first lead laid face down ("Jaký je betl?")
    FLEK = "flek"  # the flek chain
    PLAY = "play"  # ten tricks
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Call:
    """A public announcement (game, dobrá/špatná, extras, flek, pass) for the table log."""

    seat: Seat
    code: str


@dataclass(frozen=True, slots=True)
class VolenyState(ABC):
    """One deal. ``hands`` is indexed by table seat; a sitting-out seat holds nothing."""

    options: VolenyOptions
    seats: int
    dealer: Seat
    active: tuple[Seat, Seat, Seat]  # forhond, middle player, zadák
    dealt: tuple[tuple[Card, ...], ...]  # per active role, in deal order
    seed: int | None
    hands: tuple[CardSet, ...]
    phase: Phase
    to_move: Seat | None
    version: int = 0
    trump_card: Card | None = None
    trump_blind: bool = False
    trump_revealed: bool = False
    talon: CardSet = 0
    talon_seen: frozenset[Seat] = frozenset()
    talon_owner: Seat | None = None  # who laid the current talon (only he knows it)
    declarer: Seat | None = None
    kind: str | None = None
    stovka: bool = False
    sedma: bool = False
    responders: tuple[Seat, ...] = ()
    flek: tuple[tuple[str, int], ...] = ()
    flek_quiet: int = 0
    lead_card: Card | None = None
    trick_seats: tuple[Seat, ...] = ()
    trick_cards: tuple[Card, ...] = ()
    leader: Seat | None = None
    tricks: tuple[Trick, ...] = ()
    marriages: tuple[Marriage, ...] = ()
    calls: tuple[Call, ...] = ()
    end: str | None = None  # played | thrown_in | free | early | claim

    # --- roles --------------------------------------------------------------

    @property
    def forhond(self) -> Seat:
        return self.active[0]

    @property
    def trump(self) -> Suit | None:
        """The trump suit once a colour game is being played (None in betl/durch)."""
        if self.kind != "hra" or self.trump_card is None:
            return None
        return Suit(self.trump_card // 13)

    @property
    def sides(self) -> Sides:
        """Who plays with whom (``games.sides``). Once a game is announced, the
        declarer alone is the side ``"C"`` (``DECLARER_SIDE``) and the two other
        playing seats the side ``"D"`` (``DEFENDER_SIDE``); an overcall moves the
        declarer, and the sides with him. Before the first announcement every
        playing seat is a side of its own, without names. The seat sitting out
        (the dealer of four) is on neither side. Nothing of it is secret: the
        declarer announces his game aloud."""
        return declarer_sides(self.active, self.declarer)

    @property
    def defenders(self) -> tuple[Seat, ...]:
        """The playing seats off the declarer's side, in play order (all three
        before a game is announced)."""
        declarers = self.sides.members(DECLARER_SIDE)
        return tuple(s for s in self.active if s not in declarers)

    def next_active(self, seat: Seat) -> Seat:
        """The next playing seat clockwise (sitting-out seats are skipped)."""
        i = self.active.index(seat)
        return self.active[(i + 1) % 3]

    def flek_level(self, component: str) -> int:
        for name, level in self.flek:
            if name == component:
                return level
        return 0

    # --- the engine contract ---------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    def to_act(self) -> frozenset[Seat]:
        return frozenset() if self.to_move is None else frozenset((self.to_move,))

    @abstractmethod
    def legal_actions(self, seat: Seat) -> Sequence[MariasAction]: ...

    @abstractmethod
    def outcome(self) -> Outcome: ...

    @abstractmethod
    def view(self, seat: Seat) -> object: ...

    @abstractmethod
    def public_view(self) -> object: ...
