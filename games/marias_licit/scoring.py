"""Counting and paying a finished deal of licitovaný mariáš (§3.3.5, §4.3).

Each component of the level (sedma, sto, dvě sedmy, betl, durch) is won or
lost on its own (the family core's ``games.marias.components``) and paid at
its price in the level table times 2^flek; the silent game (levels without
sto) and the silent seven (levels 3 and 5) are added where the options say,
never fleked, ×2 when hearts are trumps. Each defender settles with the
declarer separately, so the table sums to zero.
"""

from __future__ import annotations

from typing import Any

from games.cards import Suit
from games.engine import Outcome
from games.marias import components
from games.marias.components import (
    Component,
    Count,
    settle_per_defender,
    silent_hundred_units,
)
from games.marias.form import LICITOVANY_FORM
from games.marias.played import marriages_record, tricks_won
from games.marias.rules import SHARP
from games.marias_licit.state import LicitState, Phase
from games.sides import DECLARER_SIDE

__all__ = ["VARIANT_ID", "count_points", "omyl_components", "outcome"]

VARIANT_ID = "marias-licitovany"


def count_points(state: LicitState) -> Count:
    """Card points, the last trick and marriages of both sides."""
    sharp = (state.talon & SHARP).bit_count()
    rule = state.options.talon_sharp_cards
    extra = 10 * sharp if rule == "face_up_points_to_defenders" else 0
    if rule == "face_up_penalty_20":
        extra = 20 * sharp
    return components.count_points(
        state.tricks,
        state.marriages,
        state.sides,
        tricks_per_deal=LICITOVANY_FORM.tricks,
        defenders_extra=extra,
        defender_marriages=state.options.stovka_marriages_defenders,
    )


def omyl_components(flek: int) -> list[Component]:
    """A conceded level-1 sedma (§3.3.3 item 6): the sedma lost at one flek at least,
    less the silent game the declarer is credited: 4 − 1 = 3 units per defender."""
    level = max(flek, 1)
    return [Component("sedma", False, level, -2 * 2**level), Component("tichá hra", True, 0, 1)]


def _contract(state: LicitState, count: Count) -> list[Component]:
    lv = state.level
    assert lv is not None
    opts = state.options
    sides = state.sides
    declarers = sides.members(DECLARER_SIDE)
    result = []
    for name in lv.components:
        flek = state.flek_level(name)
        mult = 2**flek
        base = lv.price_of(name)
        if name == "sto":
            made = components.hundred(count)
            doubling = (
                opts.licit_sto_over_100_doubling if made.won else opts.licit_lost_sto_doubling
            )
            units = base * (2**made.steps if doubling else 1) * mult
            result.append(Component("sto", made.won, flek, units if made.won else -units))
            continue
        if name == "sedma":
            assert state.trump is not None
            seven = components.won_seven(state.tricks, state.trump, trick=LICITOVANY_FORM.tricks)
            won = seven is not None and seven[1] and seven[0] in declarers
        elif name == "dvesedmy":
            assert state.trump is not None and state.helper is not None
            won = components.won_two_sevens(
                state.tricks,
                state.trump,
                state.helper,
                sides,
                tricks_per_deal=LICITOVANY_FORM.tricks,
            )
        elif name == "betl":
            won = components.won_betl(state.tricks, sides)
        else:
            won = components.won_durch(state.tricks, sides)
        result.append(Component(name, won, flek, base * mult if won else -base * mult))
    return result


def _silent(state: LicitState, count: Count) -> list[Component]:
    """The silent game (levels without sto) and the silent seven (levels 3, 5)."""
    lv, trump, opts = state.level, state.trump, state.options
    assert lv is not None
    if trump is None:
        return []
    hearts = 2 if trump == Suit.HEARTS else 1
    result = []
    if opts.licit_silent_game and not lv.has("sto"):
        silent = components.silent_hundred(count)
        if silent is not None:
            side, total = silent
            units = silent_hundred_units(total, opts.silent_hundred_price) * hearts
            won = side == DECLARER_SIDE
            result.append(Component("tichá stovka", won, 0, units if won else -units))
        else:
            won = components.game_won(count)
            result.append(Component("tichá hra", won, 0, hearts if won else -hearts))
    if opts.licit_silent_seven and not lv.has("sedma") and not lv.has("dvesedmy"):
        seven = components.won_seven(state.tricks, trump, trick=LICITOVANY_FORM.tricks)
        if seven is not None:
            by_declarer = seven[0] in state.sides.members(DECLARER_SIDE)
            if seven[1]:
                units = hearts if by_declarer else -hearts
                result.append(Component("tichá sedma", by_declarer, 0, units))
            elif opts.killed_silent_seven:
                units = -hearts if by_declarer else hearts
                result.append(Component("zabitá sedma", not by_declarer, 0, units))
    return result


def outcome(state: LicitState) -> Outcome:
    """Payments of a finished deal: + means each defender pays the declarer."""
    if state.phase is not Phase.OVER:
        raise ValueError("the deal is not over yet")
    lv = state.level
    summary: dict[str, Any] = {
        "variant": VARIANT_ID,
        "end": state.end,
        "declarer": state.declarer,
        "bid": state.bid_level,
        "level": state.level_number,
        "name": None if lv is None else lv.name,
        "trump": None if state.trump is None else state.trump.code,
        "helper": None if state.helper is None else state.helper.code,
        "flek": dict(state.flek),
        "tricks": tricks_won(state.tricks, state.active),
        "marriages": marriages_record(state.marriages),
    }
    found: list[Component] = []
    if state.end == "omyl":
        found = omyl_components(state.flek_level("sedma"))
    elif state.end in ("played", "early"):
        count = count_points(state)
        found = _contract(state, count) + _silent(state, count)
        if state.trump is not None:
            summary["points"] = {
                "declarer": count.total_declarer,
                "defenders": count.total_defenders,
                "declarer_for_sto": count.reach_declarer,
                "cards_declarer": count.cards_declarer,
                "cards_defenders": count.cards_defenders,
            }
    per_defender = sum(c.units for c in found)
    summary["components"] = [c.to_dict() for c in found]
    summary["per_defender"] = per_defender
    scores = settle_per_defender(state.sides, state.seats, per_defender)
    return Outcome(scores, summary, played=state.end != "redeal")
