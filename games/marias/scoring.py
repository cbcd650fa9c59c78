"""Counting and paying a finished deal of volený mariáš (§3.0.4-§3.0.7, §4.1).

Each component (game or stovka, sedma, betl, durch) is won or lost on its
own and paid on its own; each defender settles with the declarer
separately, so the declarer receives twice the per-defender amount and the
table always sums to zero. Amounts are integer units (1 unit = 10 haléřů).
Which tricks, marriages and sevens count for whom, and who pays whom, is
asked of the deal's sides (``VolenyState.sides``: the declarer's side ``"C"``
against the defenders' ``"D"``), never of a comparison with one seat. Who
won each component is the family core's evaluation
(``games.marias.components``, on the played tricks, marriages, trump and
sides); this module holds volený's prices (§4.1) and its special ends.
"""

from __future__ import annotations

from typing import Any

from games.cards import SUIT_MASKS, CardSet, Suit, card_code
from games.engine import Outcome
from games.marias import components
from games.marias.components import (
    Component,
    Count,
    settle_per_defender,
    silent_hundred_units,
)
from games.marias.form import VOLENY_FORM
from games.marias.rules import SHARP
from games.marias.state import Phase, VolenyState
from games.sides import DECLARER_SIDE

__all__ = ["Component", "Count", "count_points", "outcome", "silent_hundred_units"]


def count_points(state: VolenyState) -> Count:
    """Card points, last trick and marriages of both sides (``components.count_points``
    on the deal's tricks, marriages and sides, with the talon rule's extra points)."""
    sharp_talon = (state.talon & SHARP).bit_count()
    extra = 0
    if state.options.talon_sharp_cards == "face_up_points_to_defenders":
        extra = 10 * sharp_talon
    elif state.options.talon_sharp_cards == "face_up_penalty_20":
        extra = 20 * sharp_talon
    return components.count_points(
        state.tricks,
        state.marriages,
        state.sides,
        tricks_per_deal=VOLENY_FORM.tricks,
        defenders_extra=extra,
        defender_marriages=state.options.stovka_marriages_defenders,
    )


def _game(state: VolenyState, count: Count) -> Component:
    opts = state.options
    flek = state.flek_level("hra")
    mult = 2**flek
    silent_mult = mult if opts.silent_hundred_uses_game_flek else 1
    price = opts.silent_hundred_price
    if state.stovka:
        made = components.hundred(count)
        if made.won:
            return Component("stovka", True, flek, 4 * 2**made.steps * mult)
        units = -4 * 2**made.steps * mult
        if opts.stovka_evaluates_defender_silent_100 and count.reach_defenders >= 100:
            units -= silent_hundred_units(count.total_defenders, price) * silent_mult
        return Component("stovka", False, flek, units)
    silent = components.silent_hundred(count)
    if silent is not None:
        side, total = silent
        units = silent_hundred_units(total, price) * silent_mult
        won = side == DECLARER_SIDE
        return Component("tichá stovka", won, flek, units if won else -units)
    won = components.game_won(count)
    return Component("hra", won, flek, mult if won else -mult)


def _sevens(state: VolenyState, hearts: int) -> list[Component]:
    """Announced sedma, or the silent seven, decided by the last trick (§3.0.5)."""
    opts = state.options
    trump = state.trump
    assert trump is not None
    seven = components.won_seven(state.tricks, trump, trick=VOLENY_FORM.tricks)
    played_by = None if seven is None else seven[0]
    seven_won = seven is not None and seven[1]
    declarers = state.sides.members(DECLARER_SIDE)
    if state.sedma:
        flek = state.flek_level("sedma")
        won = seven_won and played_by in declarers
        base = 2 if won else -2 * opts.lost_seven_multiplier
        return [Component("sedma", won, flek, base * 2**flek * hearts)]
    factor = hearts if opts.silent_seven_hearts_factor else 1
    if played_by is None:
        return []
    by_declarer = played_by in declarers
    if seven_won:
        return [Component("tichá sedma", by_declarer, 0, factor if by_declarer else -factor)]
    if opts.killed_silent_seven:
        return [Component("zabitá sedma", not by_declarer, 0, -factor if by_declarer else factor)]
    return []


def _components(state: VolenyState) -> list[Component]:
    if state.kind in ("betl", "durch"):
        flek = state.flek_level(state.kind)
        if state.kind == "betl":
            won = components.won_betl(state.tricks, state.sides)
            base = 5
        else:
            won = components.won_durch(state.tricks, state.sides, claimed=state.end == "claim")
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
    scores = settle_per_defender(state.sides, state.seats, per_defender)
    played = state.end not in ("thrown_in", "free")
    return Outcome(scores, summary, played=played)


def trump_mask(state: VolenyState) -> CardSet:
    """All cards of the trump suit (empty in betl/durch)."""
    return 0 if state.trump is None else SUIT_MASKS[state.trump]
