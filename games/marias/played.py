"""What a deal of any Mariáš variant leaves on the table: tricks and marriages.

Plain frozen records shared by every variant of the family (volený,
licitovaný, ...). The core's evaluation (``games.marias.components``) reads
them, never a variant's state.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from games.cards import Card, Suit, card_code
from games.engine import Seat

__all__ = [
    "Marriage",
    "Trick",
    "marriages_record",
    "open_trick_record",
    "plays_record",
    "tricks_won",
]


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


# -- records (JSON) ---------------------------------------------------------------------


def open_trick_record(seats: Sequence[Seat], cards: Sequence[Card]) -> list[list[Any]]:
    """The trick on the table: ``[seat, card]`` in play order."""
    return [[s, card_code(c)] for s, c in zip(seats, cards, strict=True)]


def plays_record(tricks: Iterable[Trick]) -> list[dict[str, Any]]:
    """The finished tricks: their plays as ``[seat, card]`` and who took each."""
    return [
        {
            "plays": [[s, card_code(c)] for s, c in zip(t.seats, t.cards, strict=True)],
            "winner": t.winner,
        }
        for t in tricks
    ]


def marriages_record(marriages: Iterable[Marriage]) -> list[dict[str, Any]]:
    """The declared marriages: seat, suit code, points and the trick's number."""
    return [
        {"seat": m.seat, "suit": m.suit.code, "points": m.points, "trick": m.trick}
        for m in marriages
    ]


def tricks_won(tricks: Sequence[Trick], active: Iterable[Seat]) -> dict[str, int]:
    """How many tricks each playing seat took."""
    return {str(s): sum(1 for t in tricks if t.winner == s) for s in active}
