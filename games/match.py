"""A match: the deals played at one table, as plain data the variant's rules advance.

The engine owns the match so that every game can say how one ends and what
it is worth: volený mariáš keeps a money tally and never ends by itself,
Blázen counts fools and lets the fool deal, Cenzr plays rounds to 1500 with a
cap and a reset until the labeta's rounds are done, Tisíc ends at 1000 and is
settled in money. A host (the bot, the terminal player) only asks the
variant: ``start_match``, then ``record_deal`` after each finished deal,
``Match.over``, ``standings`` and ``settlement``.

``Match`` round-trips through JSON (``to_dict`` / ``from_dict``), so the bot
stores it as it is and a restart continues the same match. The generic fields
cover what every game has (the next dealer and opener, the running totals,
how many deals were recorded); ``counters`` holds named per-seat tallies a
game keeps besides its score (Tisíc's úpisy and čárky, Cenzr's finished
round results), ``data`` any other JSON fact (Cenzr's round number).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

Seat = int
"""A seat number, as in ``games.engine`` (which builds on this module)."""

__all__ = ["Match", "Standing", "ranked"]


@dataclass(frozen=True)
class Match:
    """A running (or finished) match; the variant's ``record_deal`` makes the next one."""

    variant_id: str
    seats: int
    dealer: Seat
    """Who deals the next deal."""
    totals: tuple[int, ...]
    """The running score per seat, in the unit of the game's tally."""
    opener: Seat | None = None
    """Who must open the next deal when the last one fixed it (Blázen); ``None``
    leaves it to the deal's own rules."""
    deals: int = 0
    """Deals recorded so far, annulled ones included."""
    counters: Mapping[str, tuple[int, ...]] = field(default_factory=dict)
    data: Mapping[str, Any] = field(default_factory=dict)
    over: bool = False

    def __post_init__(self) -> None:
        if self.seats < 1:
            raise ValueError("a match needs at least one seat")
        if not 0 <= self.dealer < self.seats:
            raise ValueError(f"dealer {self.dealer} is not a seat of a {self.seats}-seat table")
        if len(self.totals) != self.seats:
            raise ValueError("totals must have one entry per seat")
        for name, values in self.counters.items():
            if len(values) != self.seats:
                raise ValueError(f"counter {name} must have one entry per seat")

    @classmethod
    def start(cls, variant_id: str, seats: int, dealer: Seat, **fields: Any) -> Match:
        """A match before its first deal: every total 0, ``dealer`` deals first."""
        return cls(variant_id, seats, dealer, (0,) * seats, **fields)

    def counter(self, name: str) -> tuple[int, ...]:
        """A named per-seat tally (all 0 when the game has not kept it yet)."""
        return tuple(self.counters.get(name, (0,) * self.seats))

    def replace(self, **changes: Any) -> Match:
        """A copy with some fields changed (validated like a new one)."""
        return dataclasses.replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        """The JSON form stored with the match."""
        return {
            "variant": self.variant_id,
            "seats": self.seats,
            "dealer": self.dealer,
            "opener": self.opener,
            "totals": list(self.totals),
            "deals": self.deals,
            "counters": {name: list(values) for name, values in sorted(self.counters.items())},
            "data": dict(self.data),
            "over": self.over,
        }

    @classmethod
    def from_dict(
        cls, data: Mapping[str, Any], *, variant_id: str | None = None, seats: int | None = None
    ) -> Match:
        """Read the stored form, also the bot's older shape ``{dealer, opener, totals,
        deals}`` (from before the engine owned matches), which lacks the variant and
        the seat count: the caller passes them from the stored match row."""
        variant = data.get("variant", variant_id)
        totals = tuple(int(t) for t in data.get("totals", ()))
        count = int(data.get("seats", seats if seats is not None else len(totals)))
        if variant is None:
            raise ValueError("the stored match names no variant")
        opener = data.get("opener")
        counters = {
            str(name): tuple(int(v) for v in values)
            for name, values in dict(data.get("counters") or {}).items()
        }
        return cls(
            variant_id=str(variant),
            seats=count,
            dealer=int(data["dealer"]),
            totals=totals or (0,) * count,
            opener=None if opener is None else int(opener),
            deals=int(data.get("deals", 0)),
            counters=counters,
            data=dict(data.get("data") or {}),
            over=bool(data.get("over", False)),
        )


@dataclass(frozen=True)
class Standing:
    """One seat's place in a match; seats with equal scores share the better place."""

    seat: Seat
    place: int
    score: int

    def to_dict(self) -> dict[str, int]:
        return {"seat": self.seat, "place": self.place, "score": self.score}


def ranked(
    scores: Sequence[int],
    *,
    higher_is_better: bool = True,
    seats: Sequence[Seat] | None = None,
) -> tuple[Standing, ...]:
    """Standings by score, best first, ties shared ("1, 1, 3"); equal scores keep
    seat order. ``seats`` limits the ranking to some seats (a sitting-out seat of
    a game that ranks only the players of the match is still a player)."""
    chosen = list(range(len(scores))) if seats is None else list(seats)
    sign = -1 if higher_is_better else 1
    ordered = sorted(chosen, key=lambda s: (sign * scores[s], s))
    result: list[Standing] = []
    for index, seat in enumerate(ordered):
        tied = result and scores[result[-1].seat] == scores[seat]
        place = result[-1].place if tied else index + 1
        result.append(Standing(seat, place, scores[seat]))
    return tuple(result)
