"""The data of one deal of křížový mariáš (§3.2); the rules live in the modules above it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from games.cards import Card, CardSet, Suit, card_code, cards_of
from games.engine import Outcome, Seat
from games.marias.played import Marriage, Trick, marriages_record, open_trick_record
from games.marias_krizovy.options import KrizovyOptions
from games.sides import Sides

__all__ = ["DESIGNATED", "KIND_RANK", "Honer", "KrizovyState", "Phase"]

DESIGNATED = {9: 6, 8: 7, 7: 8}
"""§3.2.6: the trump 9 belongs to trick 6, the 8 to trick 7, the 7 to trick 8."""
KIND_RANK = {"hra": 0, "durchs": 1, "chytry": 1, "betl": 2, "durch": 3}
"""§3.2.3: hra < durch s … (and durch s chytrým) < betl < durch."""


class Phase(StrEnum):
    CHOOSE = "choose"  # F chooses trumps and the called card from his first four
    ANNOUNCE = "announce"  # F, now holding eight, reveals the choice with stovka, honers
    APPROVAL = "approval"  # clockwise from P2, F last; overcalls
    FLEK = "flek"
    PARTNER_TRICKS = "partner_tricks"  # durch s …: the declarer names the partner's tricks
    PLAY = "play"
    DONE = "done"


@dataclass(frozen=True, slots=True)
class Honer:
    """An announced honer: the trump 9, 8 or 7, who announced it and for which side."""

    value: int
    seat: Seat
    side: str

    @property
    def component(self) -> str:
        return f"h{self.value}"

    def to_dict(self) -> dict[str, Any]:
        return {"value": self.value, "seat": self.seat, "side": self.side}


@dataclass(frozen=True)
class KrizovyState:
    """One deal. ``active`` are the four playing seats, forhond (F, the chooser) first;
    ``dealt`` their cards in deal order (first four, second four). ``partner`` is the
    holder of the called card (F himself: alone, secretly); it is never shown unless
    ``sides`` is revealed."""

    options: KrizovyOptions
    seats: int
    dealer: Seat
    active: tuple[Seat, ...]
    dealt: tuple[tuple[Card, ...], ...]
    seed: int | None
    hands: tuple[CardSet, ...]
    phase: Phase
    to_move: Seat | None
    red_round: bool = False
    version: int = 0
    kind: str = "hra"
    declarer: Seat = 0
    trump: Suit | None = None
    trump_card: Card | None = None
    blind: bool = False
    called: Card | None = None
    partner: Seat | None = None
    sides: Sides = field(default_factory=lambda: Sides(()))
    stovka: bool = False
    honers: tuple[Honer, ...] = ()
    fleks: tuple[tuple[str, int], ...] = ()
    speakers: tuple[Seat, ...] = ()
    passes: int = 0
    partner_tricks: int | None = None
    tricks: tuple[Trick, ...] = ()
    trick_seats: tuple[Seat, ...] = ()
    trick_cards: tuple[Card, ...] = ()
    marriages: tuple[Marriage, ...] = ()
    end: str | None = None
    chytak: Card | None = None

    # --- engine contract ------------------------------------------------------

    def legal_actions(self, seat: Seat) -> Sequence[Any]:
        """What ``seat`` may do now (``games.marias_krizovy.game`` answers it)."""
        raise NotImplementedError

    def outcome(self) -> Outcome:
        raise NotImplementedError

    def view(self, seat: Seat) -> dict[str, Any]:
        raise NotImplementedError

    def public_view(self) -> dict[str, Any]:
        raise NotImplementedError

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.DONE

    def to_act(self) -> frozenset[Seat]:
        return frozenset(()) if self.to_move is None else frozenset((self.to_move,))

    @property
    def forhond(self) -> Seat:
        return self.active[0]

    def level(self, component: str) -> int:
        return dict(self.fleks).get(component, 0)

    def first_four(self, seat: Seat) -> tuple[Card, ...]:
        return self.dealt[self.active.index(seat)][:4]

    def seat_holding(self, c: Card) -> Seat | None:
        for seat, hand in enumerate(self.hands):
            if hand >> c & 1:
                return seat
        return None

    def to_dict(self) -> dict[str, Any]:
        """The whole state as JSON-ready data (every card: not a view)."""
        return {
            "options": self.options.to_dict(),
            "seats": self.seats,
            "dealer": self.dealer,
            "active": list(self.active),
            "dealt": [[card_code(c) for c in p] for p in self.dealt],
            "seed": self.seed,
            "hands": [[card_code(c) for c in cards_of(h)] for h in self.hands],
            "phase": self.phase.value,
            "to_move": self.to_move,
            "red_round": self.red_round,
            "version": self.version,
            "kind": self.kind,
            "declarer": self.declarer,
            "trump": None if self.trump is None else self.trump.code,
            "trump_card": None if self.trump_card is None else card_code(self.trump_card),
            "blind": self.blind,
            "called": None if self.called is None else card_code(self.called),
            "partner": self.partner,
            "sides": self.sides.to_dict(),
            "stovka": self.stovka,
            "honers": [h.to_dict() for h in self.honers],
            "fleks": dict(self.fleks),
            "speakers": list(self.speakers),
            "passes": self.passes,
            "partner_tricks": self.partner_tricks,
            "tricks": [
                {
                    "seats": list(t.seats),
                    "cards": [card_code(c) for c in t.cards],
                    "winner": t.winner,
                }
                for t in self.tricks
            ],
            "trick": open_trick_record(self.trick_seats, self.trick_cards),
            "marriages": marriages_record(self.marriages),
            "end": self.end,
            "chytak": None if self.chytak is None else card_code(self.chytak),
        }
