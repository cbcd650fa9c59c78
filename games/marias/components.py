"""Evaluating a Mariáš contract's components on what was played (§3.0.4-§3.0.5).

Shared by every variant of the family. Each function reads only the played
deal (finished tricks and declared marriages, ``games.marias.played``), the
trump suit and the deal's sides (``games.sides``: the declarer's side
``"C"`` against the defenders' ``"D"``), never a variant's state, and says
who won the component and by how much; what it is worth is the variant's
price table (volený's ``scoring``, licitovaný's levels).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from games.cards import Card, CardSet, Suit
from games.engine import Seat
from games.marias.played import Marriage, Trick
from games.marias.rules import card_points, seven_of
from games.sides import DECLARER_SIDE, DEFENDER_SIDE, Sides

__all__ = [
    "CardFate",
    "Component",
    "Count",
    "Hundred",
    "card_fate",
    "count_points",
    "declarer_tricks",
    "game_won",
    "hundred",
    "settle_per_defender",
    "silent_hundred",
    "silent_hundred_units",
    "won_betl",
    "won_durch",
    "won_seven",
    "won_two_sevens",
]


@dataclass(frozen=True, slots=True)
class Component:
    """One paid component: its name, whether the declarer won it, its flek level, units
    (signed: + each defender pays the declarer)."""

    name: str
    won: bool
    flek: int
    units: int

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "won": self.won, "flek": self.flek, "units": self.units}


@dataclass(frozen=True, slots=True)
class Count:
    """Points of both sides (§3.0.4) and what they may count towards a hundred."""

    cards_declarer: int
    cards_defenders: int
    marriages_declarer: int
    marriages_defenders: int
    reach_declarer: int
    reach_defenders: int

    @property
    def total_declarer(self) -> int:
        return self.cards_declarer + self.marriages_declarer

    @property
    def total_defenders(self) -> int:
        return self.cards_defenders + self.marriages_defenders


def count_points(
    tricks: Sequence[Trick],
    marriages: Sequence[Marriage],
    sides: Sides,
    *,
    tricks_per_deal: int = 10,
    defenders_extra: int = 0,
    defender_marriages: str = "one_per_player",
) -> Count:
    """Card points, the last trick (once all ``tricks_per_deal`` are played) and the
    marriages of both sides. ``defenders_extra``: points the defenders get besides
    (the sharp cards of a face-up talon). ``defender_marriages`` is §6 #16: which of
    the defenders' marriages count towards their hundred."""
    declarers = sides.members(DECLARER_SIDE)
    won: dict[bool, CardSet] = {True: 0, False: 0}
    for trick in tricks:
        for c in trick.cards:
            won[trick.winner in declarers] |= 1 << c
    cards_d, cards_o = card_points(won[True]), card_points(won[False])
    if len(tricks) == tricks_per_deal:
        if tricks[-1].winner in declarers:
            cards_d += 10
        else:
            cards_o += 10
    cards_o += defenders_extra
    per_seat: dict[Seat, list[int]] = {}
    for m in marriages:
        per_seat.setdefault(m.seat, []).append(m.points)
    mar_d = [p for s in sorted(declarers) for p in per_seat.get(s, ())]
    defenders = sorted(sides.members(DEFENDER_SIDE))
    mar_o = [p for s in defenders for p in per_seat.get(s, ())]
    if defender_marriages == "one_per_player":
        reach_o = cards_o + sum(max(per_seat.get(s, ()), default=0) for s in defenders)
    elif defender_marriages == "one_per_side":
        reach_o = cards_o + max(mar_o, default=0)
    else:
        reach_o = cards_o + sum(mar_o)
    return Count(
        cards_declarer=cards_d,
        cards_defenders=cards_o,
        marriages_declarer=sum(mar_d),
        marriages_defenders=sum(mar_o),
        reach_declarer=cards_d + max(mar_d, default=0),
        reach_defenders=reach_o,
    )


def game_won(count: Count) -> bool:
    """The game ("hra"): the declarer's total beats the defenders'."""
    return count.total_declarer > count.total_defenders


@dataclass(frozen=True, slots=True)
class Hundred:
    """An announced hundred: won or lost, and by how many tens beyond the first
    (won: tens over 100 of the whole total; lost: tens short minus one)."""

    won: bool
    steps: int


def hundred(count: Count) -> Hundred:
    """The announced hundred ("stovka", "sto"): one marriage counts towards 100,
    then every marriage counts towards the price."""
    if count.reach_declarer >= 100:
        return Hundred(True, (count.total_declarer - 100) // 10)
    return Hundred(False, (100 - count.reach_declarer) // 10 - 1)


def silent_hundred(count: Count) -> tuple[str, int] | None:
    """A silent hundred: the side that made it (the declarer's first) and its total."""
    if count.reach_declarer >= 100:
        return DECLARER_SIDE, count.total_declarer
    if count.reach_defenders >= 100:
        return DEFENDER_SIDE, count.total_defenders
    return None


def silent_hundred_units(total: int, price: str) -> int:
    """A silent hundred at ``total`` points before flek and hearts (§4.1, §6 #17)."""
    if price == "as_label" and total > 100:
        return 4 << ((total + 10 - 100) // 10)
    return 2 << ((total - 100) // 10)


@dataclass(frozen=True, slots=True)
class CardFate:
    """Where one card fell: who played it, in which trick (1-based), and whether it
    took that trick."""

    seat: Seat
    trick: int
    won: bool


def card_fate(tricks: Sequence[Trick], card: Card) -> CardFate | None:
    """The fate of ``card`` in the played tricks (``None``: not played)."""
    for number, trick in enumerate(tricks, 1):
        if card in trick.cards:
            seat = trick.seats[trick.cards.index(card)]
            return CardFate(seat, number, trick.winner == seat)
    return None


def won_seven(tricks: Sequence[Trick], trump: Suit, *, trick: int = 10) -> tuple[Seat, bool] | None:
    """The trump seven in trick number ``trick`` (the last): who played it and
    whether it took the trick; ``None`` when it was not played there."""
    if len(tricks) < trick:
        return None
    last = tricks[trick - 1]
    seven = seven_of(trump)
    if seven not in last.cards:
        return None
    seat = last.seats[last.cards.index(seven)]
    return seat, last.winner == seat


def won_two_sevens(
    tricks: Sequence[Trick], trump: Suit, helper: Suit, sides: Sides, *, tricks_per_deal: int = 10
) -> bool:
    """Dvě sedmy (§3.3.2): the declarer's helper-suit seven takes the last trick but
    one and his trump seven the last; the other order loses."""
    declarers = sides.members(DECLARER_SIDE)
    helper_seven = won_seven(tricks, helper, trick=tricks_per_deal - 1)
    trump_seven = won_seven(tricks, trump, trick=tricks_per_deal)
    return (
        helper_seven is not None
        and trump_seven is not None
        and helper_seven[1]
        and trump_seven[1]
        and helper_seven[0] in declarers
        and trump_seven[0] in declarers
    )


def declarer_tricks(tricks: Sequence[Trick], sides: Sides) -> int:
    """How many tricks the declarer's side took."""
    declarers = sides.members(DECLARER_SIDE)
    return sum(1 for t in tricks if t.winner in declarers)


def won_betl(tricks: Sequence[Trick], sides: Sides) -> bool:
    """Betl: the declarer's side took no trick."""
    return declarer_tricks(tricks, sides) == 0


def won_durch(tricks: Sequence[Trick], sides: Sides, *, claimed: bool = False) -> bool:
    """Durch: the declarer's side took every trick played (or proved it by a claim)."""
    return claimed or declarer_tricks(tricks, sides) == len(tricks)


def settle_per_defender(sides: Sides, seats: int, per_defender: int) -> tuple[int, ...]:
    """Every defender settles ``per_defender`` with every seat of the declarer's
    side: the declarer alone against two receives twice what each defender pays."""
    declarers, defenders = sides.members(DECLARER_SIDE), sides.members(DEFENDER_SIDE)
    scores = [0] * seats
    for seat in declarers:
        scores[seat] = len(defenders) * per_defender
    for seat in defenders:
        scores[seat] = -len(declarers) * per_defender
    return tuple(scores)
