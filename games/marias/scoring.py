"""Counting and paying a finished deal of volený mariáš (§3.0.4-§3.0.7, §4.1).

Each component (game or stovka, sedma, betl, durch) is won or lost on its
own and paid on its own; each defender settles with the declarer
separately, so the declarer receives twice the per-defender amount and the
table always sums to zero. Amounts are integer units (1 unit = 10 haléřů).
Which tricks, marriages and sevens count for whom, and who pays whom, is
asked of the deal's sides (``VolenyState.sides``: the declarer's side ``"C"``
against the defenders' ``"D"``), never of a comparison with one seat.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.cards import SUIT_MASKS, CardSet, Suit, card_code
from games.engine import Outcome, Seat
from games.marias.rules import SHARP, card_points, seven_of
from games.marias.state import Phase, VolenyState
from games.sides import DECLARER_SIDE, DEFENDER_SIDE

__all__ = ["Component", "Count", "count_points", "outcome", "silent_hundred_units"]


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


@dataclass(frozen=True, slots=True)
class Component:
    """One paid component: its name, whether the declarer won it, its flek level, units."""

    name: str
    won: bool
    flek: int
    units: int

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "won": self.won, "flek": self.flek, "units": self.units}


def count_points(state: VolenyState) -> Count:
    """Card points, last trick and marriages of both sides."""
    declarers = state.sides.members(DECLARER_SIDE)
    won: dict[bool, CardSet] = {True: 0, False: 0}
    for trick in state.tricks:
        for c in trick.cards:
            won[trick.winner in declarers] |= 1 << c
    cards_d, cards_o = card_points(won[True]), card_points(won[False])
    if len(state.tricks) == 10:
        if state.tricks[-1].winner in declarers:
            cards_d += 10
        else:
            cards_o += 10
    sharp_talon = (state.talon & SHARP).bit_count()
    if state.options.talon_sharp_cards == "face_up_points_to_defenders":
        cards_o += 10 * sharp_talon
    elif state.options.talon_sharp_cards == "face_up_penalty_20":
        cards_o += 20 * sharp_talon
    per_seat: dict[Seat, list[int]] = {s: [] for s in state.active}
    for m in state.marriages:
        per_seat[m.seat].append(m.points)
    mar_d = [p for s in sorted(declarers) for p in per_seat[s]]
    defenders = state.defenders
    mar_o = [p for s in defenders for p in per_seat[s]]
    rule = state.options.stovka_marriages_defenders
    if rule == "one_per_player":
        reach_o = cards_o + sum(max(per_seat[s], default=0) for s in defenders)
    elif rule == "one_per_side":
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


def silent_hundred_units(total: int, price: str) -> int:
    """A silent hundred at ``total`` points before flek and hearts (§4.1, §6 #17)."""
    if price == "as_label" and total > 100:
        return 4 << ((total + 10 - 100) // 10)
    return 2 << ((total - 100) // 10)


def _game(state: VolenyState, count: Count) -> Component:
    opts = state.options
    flek = state.flek_level("hra")
    mult = 2**flek
    silent_mult = mult if opts.silent_hundred_uses_game_flek else 1
    price = opts.silent_hundred_price
    total_d, total_o = count.total_declarer, count.total_defenders
    if state.stovka:
        if count.reach_declarer >= 100:
            return Component("stovka", True, flek, 4 * 2 ** ((total_d - 100) // 10) * mult)
        units = -4 * 2 ** ((100 - count.reach_declarer) // 10 - 1) * mult
        if opts.stovka_evaluates_defender_silent_100 and count.reach_defenders >= 100:
            units -= silent_hundred_units(total_o, price) * silent_mult
        return Component("stovka", False, flek, units)
    if count.reach_declarer >= 100:
        return Component(
            "tichá stovka", True, flek, silent_hundred_units(total_d, price) * silent_mult
        )
    if count.reach_defenders >= 100:
        units = -silent_hundred_units(total_o, price) * silent_mult
        return Component("tichá stovka", False, flek, units)
    won = total_d > total_o
    return Component("hra", won, flek, mult if won else -mult)


def _sevens(state: VolenyState, hearts: int) -> list[Component]:
    """Announced sedma, or the silent seven, decided by the last trick (§3.0.5)."""
    opts = state.options
    trump = state.trump
    assert trump is not None
    seven = seven_of(trump)
    last = state.tricks[-1] if len(state.tricks) == 10 else None
    played_by: Seat | None = None
    if last is not None and seven in last.cards:
        played_by = last.seats[last.cards.index(seven)]
    seven_won = last is not None and played_by is not None and last.winner == played_by
    if state.sedma:
        flek = state.flek_level("sedma")
        won = seven_won and played_by in state.sides.members(DECLARER_SIDE)
        base = 2 if won else -2 * opts.lost_seven_multiplier
        return [Component("sedma", won, flek, base * 2**flek * hearts)]
    factor = hearts if opts.silent_seven_hearts_factor else 1
    if played_by is None:
        return []
    by_declarer = played_by in state.sides.members(DECLARER_SIDE)
    if seven_won:
        return [Component("tichá sedma", by_declarer, 0, factor if by_declarer else -factor)]
    if opts.killed_silent_seven:
        return [Component("zabitá sedma", not by_declarer, 0, -factor if by_declarer else factor)]
    return []


def _components(state: VolenyState) -> list[Component]:
    if state.kind in ("betl", "durch"):
        flek = state.flek_level(state.kind)
        declarers = state.sides.members(DECLARER_SIDE)
        declarer_tricks = sum(1 for t in state.tricks if t.winner in declarers)
        if state.kind == "betl":
            won = declarer_tricks == 0
            base = 5
        else:
            won = state.end == "claim" or declarer_tricks == len(state.tricks)
            base = 10
        return [Component(state.kind, won, flek, (base if won else -base) * 2**flek)]
    hearts = _hearts(state)
    count = count_points(state)
    game = _game(state, count)
    return [Component(game.name, game.won, game.flek, game.units * hearts), *_sevens(state, hearts)]


def _hearts(state: VolenyState) -> int:
    trump_card = state.trump_card
    if trump_card is None or not state.options.hearts_double:
        return 1
    return 2 if trump_card // 13 == Suit.HEARTS else 1


def outcome(state: VolenyState) -> Outcome:
    """Payments of a finished deal: + means each defender pays the declarer."""
    if state.phase is not Phase.OVER:
        raise ValueError("the deal is not over yet")
    declarer = state.declarer
    assert declarer is not None
    summary: dict[str, Any] = {
        "variant": "marias-voleny",
        "end": state.end,
        "declarer": declarer,
        "kind": state.kind,
        "trump": None if state.trump is None else "hdsc"[state.trump],
        "trump_card": None
        if state.trump is None or state.trump_card is None
        else card_code(state.trump_card),
        "stovka": state.stovka,
        "sedma": state.sedma,
        "flek": dict(state.flek),
        "tricks": {str(s): sum(1 for t in state.tricks if t.winner == s) for s in state.active},
        "marriages": [
            {"seat": m.seat, "suit": "hdsc"[m.suit], "points": m.points, "trick": m.trick}
            for m in state.marriages
        ],
    }
    if state.end == "thrown_in":
        pays = state.options.unfleked_simple_game == "throw_in_defenders_pay_game"
        components = [Component("hra", True, 0, _hearts(state) if pays else 0)]
    elif state.end == "free":
        components = []
    else:
        components = _components(state)
    if state.kind == "hra" and state.end not in ("thrown_in", "free"):
        count = count_points(state)
        summary["points"] = {
            "declarer": count.total_declarer,
            "defenders": count.total_defenders,
            "cards_declarer": count.cards_declarer,
            "cards_defenders": count.cards_defenders,
        }
    per_defender = sum(c.units for c in components)
    summary["components"] = [c.to_dict() for c in components]
    summary["per_defender"] = per_defender
    # Every defender settles with every seat of the declarer's side: the declarer
    # alone against two receives twice what each defender pays.
    sides = state.sides
    declarers, defenders = sides.members(DECLARER_SIDE), sides.members(DEFENDER_SIDE)
    scores = [0] * state.seats
    for seat in declarers:
        scores[seat] = len(defenders) * per_defender
    for seat in defenders:
        scores[seat] = -len(declarers) * per_defender
    played = state.end not in ("thrown_in", "free")
    return Outcome(tuple(scores), summary, played=played)


def trump_mask(state: VolenyState) -> CardSet:
    """All cards of the trump suit (empty in betl/durch)."""
    return 0 if state.trump is None else SUIT_MASKS[state.trump]
