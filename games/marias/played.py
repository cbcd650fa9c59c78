"""What a deal of any Mariáš variant leaves on the table: tricks and marriages.

Plain frozen records shared by every variant of the family (volený,
licitovaný, ...). The core's evaluation (``games.marias.components``) reads
them, never a variant's state.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.cards import Card, Suit
from games.engine import Seat

__all__ = ["Marriage", "Trick"]


@dataclass(frozen=True, slots=True)
class Trick:
    """A finished trick: who played what, in order, and who took it."""

    seats: tuple[Seat, ...]
    cards: tuple[Card, ...]
    winner: Seat


@dataclass(frozen=True, slots=True)
class Marriage:
    """A declared marriage ("hláška"): 40 in trumps, 20 otherwise (§1.5-§1.6)."""

    seat: Seat
    suit: Suit
    points: int
    trick: int  # 1-based number of the trick in which it was declared
