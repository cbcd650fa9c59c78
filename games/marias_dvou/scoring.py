"""Counting and paying a finished deal of mariáš ve dvou (§3.4.4, §3.0.5, §4.1).

Volený's unit prices between the two players, the hearts factor included.
Each component is judged from its owner's side (``DvouState.owner``: the
announcer of a stovka or sedma; the plain game and the silent components from
the first player's, §3.4.4) by the family core (``games.marias.components``)
on the sixteen tricks, and paid on its own. A component's ``units`` in the
summary are signed as in volený from the first player's side: + the dealer
pays the first player.
"""

from __future__ import annotations

from typing import Any

from games.cards import Suit
from games.engine import Outcome, Seat
from games.marias import components
from games.marias.components import Component, Count, silent_hundred_units
from games.marias.form import VE_DVOU_FORM
from games.marias.played import marriages_record, tricks_won
from games.marias_dvou.state import DvouState, Phase, owner_sides

__all__ = ["VARIANT_ID", "components_of", "count_points", "outcome"]

VARIANT_ID = "marias-dvou"


def count_points(state: DvouState, owner: Seat | None = None) -> Count:
    """Card points, the last trick and marriages, ``owner`` (the first player by
    default) counted as the declaring side."""
    who = state.forhond if owner is None else owner
    return components.count_points(
        state.tricks,
        state.marriages,
        owner_sides(who, state.other(who)),
        tricks_per_deal=VE_DVOU_FORM.tricks,
        defender_marriages=state.options.stovka_marriages_defenders,
    )


def _hearts(state: DvouState) -> int:
    return 2 if state.options.hearts_double and state.trump == Suit.HEARTS else 1


def _game(state: DvouState) -> tuple[Seat, Component]:
    """The game, the announced stovka replacing it, or a silent hundred (units from
    the owner's side)."""
    opts = state.options
    flek = state.flek_level("hra")
    mult = 2**flek
    silent_mult = mult if opts.silent_hundred_uses_game_flek else 1
    price = opts.silent_hundred_price
    owner = state.owner("hra")
    count = count_points(state, owner)
    if state.stovka is not None:
        made = components.hundred(count)
        if made.won:
            return owner, Component("stovka", True, flek, 4 * 2**made.steps * mult)
        units = -4 * 2**made.steps * mult
        if opts.stovka_evaluates_defender_silent_100 and count.reach_defenders >= 100:
            units -= silent_hundred_units(count.total_defenders, price) * silent_mult
        return owner, Component("stovka", False, flek, units)
    silent = components.silent_hundred(count)
    if silent is not None:
        side, total = silent
        units = silent_hundred_units(total, price) * silent_mult
        won = side == "C"
        return owner, Component("tichá stovka", won, flek, units if won else -units)
    won = components.game_won(count)
    return owner, Component("hra", won, flek, mult if won else -mult)


def _sevens(state: DvouState, hearts: int) -> list[tuple[Seat, Component]]:
    """The announced sedma (its owner's trump seven takes trick 16), or the silent
    seven of whoever played it there."""
    opts = state.options
    assert state.trump is not None
    seven = components.won_seven(state.tricks, state.trump, trick=VE_DVOU_FORM.tricks)
    played_by = None if seven is None else seven[0]
    seven_won = seven is not None and seven[1]
    if state.sedma is not None:
        flek = state.flek_level("sedma")
        won = seven_won and played_by == state.sedma
        base = 2 if won else -2 * opts.lost_seven_multiplier
        return [(state.sedma, Component("sedma", won, flek, base * 2**flek * hearts))]
    factor = hearts if opts.silent_seven_hearts_factor else 1
    if played_by is None:
        return []
    if seven_won:
        return [(played_by, Component("tichá sedma", True, 0, factor))]
    if opts.killed_silent_seven:
        return [(played_by, Component("zabitá sedma", False, 0, -factor))]
    return []


def components_of(state: DvouState) -> list[tuple[Seat, Component]]:
    """Every paid component with its owner; ``units`` from the owner's side."""
    hearts = _hearts(state)
    owner, game = _game(state)
    scaled = Component(game.name, game.won, game.flek, game.units * hearts)
    return [(owner, scaled), *_sevens(state, hearts)]


def outcome(state: DvouState) -> Outcome:
    """Payments of a finished deal between the two players (they sum to zero)."""
    if state.phase is not Phase.OVER:
        raise ValueError("the deal is not over yet")
    first = state.forhond
    found = components_of(state)
    listed = []
    net = 0
    for owner, c in found:
        units = c.units if owner == first else -c.units
        net += units
        listed.append({**c.to_dict(), "units": units, "owner": owner})
    count = count_points(state)
    summary: dict[str, Any] = {
        "variant": VARIANT_ID,
        "rules": state.options.dvou_variant,
        "end": state.end,
        "declarer": first,
        "trump": None if state.trump is None else state.trump.code,
        "stovka": state.stovka,
        "sedma": state.sedma,
        "late_seven": state.late_seven,
        "flek": dict(state.flek),
        "tricks": tricks_won(state.tricks, state.active),
        "marriages": marriages_record(state.marriages),
        "points": {
            str(first): count.total_declarer,
            str(state.other(first)): count.total_defenders,
        },
        "components": listed,
        "per_defender": net,
    }
    scores = [0] * state.seats
    scores[first] = net
    scores[state.other(first)] = -net
    return Outcome(tuple(scores), summary)
