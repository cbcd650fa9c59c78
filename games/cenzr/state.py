"""The immutable state of one deal of volený cenzr (§4.9).

A state is plain frozen data; ``transitions.apply`` returns a new one. Who
is to act is answered here; what is legal, the outcome and the views come
from the rule modules (``legality``, ``scoring``, ``views``), which import
this one. So that nothing imports a module that imports it back, this one
imports none of them: those parts of the engine contract are abstract here
and ``games.cenzr.game.CenzrGame``, one level up, gives them.

The partner (the holder of the called card) is kept in ``holder`` from the
call on, because scoring needs it; only the views decide who may see it.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from games.cards import Card, CardSet, Rank, Suit, card_code, cards_of
from games.cenzr.actions import CenzrAction
from games.cenzr.declarations import Declaration
from games.cenzr.options import CenzrOptions
from games.engine import Outcome, Seat
from games.sides import DECLARER_SIDE, DEFENDER_SIDE, Sides

__all__ = ["Announcement", "CenzrState", "Phase", "Trick"]


class Phase(StrEnum):
    """The steps of a deal, in order (§4.9)."""

    CALL = "call"  # volba: each active player in turn calls a card or passes
    PLAY = "play"  # eight tricks; declarations are announced in trick 1
    BELA = "bela"  # bela_mode "prompt": the holder decides at the count
    OVER = "over"


@dataclass(frozen=True, slots=True)
class Trick:
    """A finished trick: who played what, in order, and who took it."""

    seats: tuple[Seat, ...]
    cards: tuple[Card, ...]
    winner: Seat


@dataclass(frozen=True, slots=True)
class Announcement:
    """What the oral protocol says aloud (§3.4): the best quality, and the rank
    for figura and čtyři spodci (``rank`` is ``None`` for runs)."""

    seat: Seat
    kind: str
    rank: Rank | None


@dataclass(frozen=True, slots=True)
class CenzrState(ABC):
    """One deal. ``hands`` is indexed by table seat; a sitting-out seat holds nothing.

    ``packets`` holds each active player's 8 dealt cards, packet 1 first,
    in ``active`` order; while calling, a player may see only his packet 1.
    """

    options: CenzrOptions
    seats: int
    dealer: Seat
    active: tuple[Seat, Seat, Seat, Seat]  # A[0..3]: calling and trick-1 order
    packets: tuple[tuple[Card, ...], ...]
    seed: int | None
    hands: tuple[CardSet, ...]
    phase: Phase
    to_move: Seat | None
    version: int = 0
    passes: tuple[Seat, ...] = ()
    chooser: Seat | None = None
    called: Card | None = None
    holder: Seat | None = None  # who holds the called card (the chooser: samec)
    revealed: bool = False  # the called card has been played
    trick_seats: tuple[Seat, ...] = ()
    trick_cards: tuple[Card, ...] = ()
    tricks: tuple[Trick, ...] = ()
    announcements: tuple[Announcement, ...] = ()
    valid: tuple[tuple[Seat, tuple[Declaration, ...]], ...] = ()
    cancelled: tuple[tuple[Seat, tuple[Declaration, ...]], ...] = ()
    resolved: bool = False
    bela_choice: bool | None = None  # bela_mode "prompt": the holder's answer

    # --- roles --------------------------------------------------------------

    @property
    def trump(self) -> Suit | None:
        """The suit of the called card (§4.5), once a card is called."""
        return None if self.called is None else Suit(self.called // 13)

    @property
    def samec(self) -> bool:
        """The chooser holds the called card himself (§4.6)."""
        return self.holder is not None and self.holder == self.chooser

    @property
    def voluntary(self) -> bool:
        """A samec who called a card of his own packet 1 (dobrovolný, §4.6)."""
        if not self.samec or self.chooser is None or self.called is None:
            return False
        return self.called in self.packets[self.active.index(self.chooser)][:4]

    @property
    def choosing_side(self) -> tuple[Seat, ...]:
        """The C-side: chooser and holder, or the samec alone."""
        if self.chooser is None or self.holder is None:
            return ()
        return (self.chooser,) if self.samec else (self.chooser, self.holder)

    @property
    def defending_side(self) -> tuple[Seat, ...]:
        side = self.choosing_side
        return tuple(s for s in self.active if s not in side) if side else ()

    @property
    def sides(self) -> Sides:
        """Who plays with whom (``games.sides``). Before the call every player is
        alone; after it the choosing side "C" plays the defenders "D", and until
        the called card falls only the chooser's seat is public: the holder
        knows everything (he holds the card), everybody else only his own side.
        """
        if not self.choosing_side:
            return Sides.each_alone(self.active)
        assert self.chooser is not None and self.holder is not None
        return Sides(
            (frozenset(self.choosing_side), frozenset(self.defending_side)),
            (DECLARER_SIDE, DEFENDER_SIDE),
            hidden=frozenset(self.active) - {self.chooser},
            insiders=frozenset((self.holder,)),
            revealed=self.revealed,
        )

    @property
    def annulled(self) -> bool:
        """All four passed: the deal is void (§4.5)."""
        return self.phase is Phase.OVER and self.chooser is None

    def start_hand(self, seat: Seat) -> tuple[Card, ...]:
        """A player's 8 cards at the start of play (both packets), or () if out."""
        if seat not in self.active:
            return ()
        return self.packets[self.active.index(seat)]

    def next_active(self, seat: Seat) -> Seat:
        """The next playing seat clockwise (sitting-out seats are skipped)."""
        return self.active[(self.active.index(seat) + 1) % 4]

    def to_dict(self) -> dict[str, Any]:
        """The whole state as JSON, secrets included (every hand, the partner):
        for storage and debugging, never for a player; ``deal.restore`` reads it."""

        def codes(cards: Sequence[Card]) -> list[str]:
            return [card_code(c) for c in cards]

        def by_seat(
            entries: tuple[tuple[Seat, tuple[Declaration, ...]], ...],
        ) -> list[dict[str, Any]]:
            return [{"seat": s, "declarations": [d.to_dict() for d in ds]} for s, ds in entries]

        return {
            "variant": "cenzr",
            "options": self.options.to_dict(),
            "seats": self.seats,
            "dealer": self.dealer,
            "active": list(self.active),
            "packets": [codes(p) for p in self.packets],
            "seed": self.seed,
            "hands": [codes(list(cards_of(h))) for h in self.hands],
            "phase": str(self.phase),
            "to_move": self.to_move,
            "version": self.version,
            "passes": list(self.passes),
            "chooser": self.chooser,
            "called": None if self.called is None else card_code(self.called),
            "holder": self.holder,
            "revealed": self.revealed,
            "trick": {"seats": list(self.trick_seats), "cards": codes(self.trick_cards)},
            "tricks": [
                {"seats": list(t.seats), "cards": codes(t.cards), "winner": t.winner}
                for t in self.tricks
            ],
            "announcements": [
                {"seat": a.seat, "kind": a.kind, "rank": None if a.rank is None else a.rank.code}
                for a in self.announcements
            ],
            "valid": by_seat(self.valid),
            "cancelled": by_seat(self.cancelled),
            "resolved": self.resolved,
            "bela_choice": self.bela_choice,
        }

    # --- the engine contract ------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER

    @abstractmethod
    def to_act(self) -> frozenset[Seat]: ...

    @abstractmethod
    def legal_actions(self, seat: Seat) -> Sequence[CenzrAction]: ...

    @abstractmethod
    def outcome(self) -> Outcome: ...

    @abstractmethod
    def view(self, seat: Seat) -> object:
        """The seat's view (``game.py`` narrows it: the views module imports this one)."""

    @abstractmethod
    def public_view(self) -> object:
        """The public view (narrowed in ``game.py``, like ``view``)."""
