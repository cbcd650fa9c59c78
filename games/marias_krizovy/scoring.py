"""Played or not (§3.2.7) and what a deal of křížový pays (§3.2.6-§3.2.10).

Values are units (§4.1 prices: game 1, stovka 4, silent stovka 2, betl 5, durch
10, announced honer 2, silent honer 1), signed for the declarer's side ``"C"``.
2 v 2 every player of the losing side pays the value to one of the winners; 1 v 3
the lone player settles with each of the three (§3.2.10).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.cards import Rank, Suit, card_code, make_card
from games.engine import Outcome, Seat
from games.marias.components import (
    card_fate,
    count_points,
    game_won,
    hundred,
    silent_hundred,
    silent_hundred_units,
    won_betl,
    won_durch,
)
from games.marias_krizovy.actions import HONERS
from games.marias_krizovy.state import DESIGNATED, KrizovyState
from games.sides import DECLARER_SIDE, DEFENDER_SIDE, Sides

__all__ = ["VARIANT_ID", "Line", "not_played", "outcome", "pay", "sides_for"]

VARIANT_ID = "marias-krizovy"


@dataclass(frozen=True, slots=True)
class Line:
    """One paid component: its name, the side it counts for (``C``-signed units)."""

    name: str
    units: int
    flek: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "units": self.units, "flek": self.flek}


def sides_for(
    active: tuple[Seat, ...], declarer: Seat, partner: Seat | None, *, public: bool
) -> Sides:
    """The declarer (with his partner) against the rest. Unless ``public``, nobody but
    the partner (the holder of the called card, the declarer himself when alone) can
    place the other three seats: they are all ``hidden``, so that the defenders' side
    does not give the partner away by elimination."""
    team = frozenset({declarer} | ({partner} if partner is not None else set()))
    rest = frozenset(active) - team
    if public:
        return Sides((team, rest), ("C", "D"), revealed=True)
    holder = declarer if partner is None else partner
    return Sides(
        (team, rest),
        ("C", "D"),
        hidden=frozenset(active) - {declarer},
        insiders=frozenset({holder}),
    )


def _hearts(state: KrizovyState) -> int:
    return 2 if state.trump is Suit.HEARTS and state.options.hearts_double else 1


def not_played(state: KrizovyState) -> str | None:
    """§3.2.7 after the flek round of a hra: ``None`` when it is played, else why not."""
    if state.kind != "hra" or state.stovka:
        return None
    game = state.level("hra")
    own = [h for h in state.honers if h.side == DECLARER_SIDE]
    if any(h.side == DEFENDER_SIDE for h in state.honers):
        return None  # a honer "proti": always played
    if any(state.level(h.component) for h in state.honers):
        return None  # a fleked honer: always played
    if not own:
        if game == 0 and state.options.unfleked_simple_game != "play":
            return "thrown_in"
        return None
    if game == 0:
        return "honers_paid"  # "nehraje se a platí se honer i hra"
    if game == 1:
        return "price_equal" if len(own) == 1 else "dobirka"
    return None


def _unplayed_lines(state: KrizovyState) -> list[Line]:
    r = _hearts(state)
    announced = state.options.honer_announced_units
    own = [h for h in state.honers if h.side == DECLARER_SIDE]
    if state.end == "thrown_in":
        if state.options.unfleked_simple_game == "throw_in_no_payment":
            return []
        return [Line("hra", r)]
    if state.end == "honers_paid":
        return [Line(h.component, announced * r) for h in own] + [Line("hra", r)]
    if state.end in ("price_equal", "dobirka"):
        return [Line("dobirka", (announced * len(own) - 2) * r, 1)]
    return []


def _played_hra(state: KrizovyState) -> tuple[list[Line], dict[str, Any]]:
    assert state.trump is not None
    opts = state.options
    r = _hearts(state)
    count = count_points(
        state.tricks,
        state.marriages,
        state.sides,
        tricks_per_deal=8,
        defender_marriages=opts.stovka_marriages_defenders,
    )
    g = state.level("hra")
    lines: list[Line] = []
    if state.stovka:
        h = hundred(count)
        lines.append(Line("stovka", (4 << h.steps) * (1 if h.won else -1) * r << g, g))
    else:
        silent = silent_hundred(count)
        if silent is not None:
            side, total = silent
            units = silent_hundred_units(total, opts.silent_hundred_price) * r
            if opts.silent_hundred_uses_game_flek:
                units <<= g
            lines.append(Line("tichá stovka", units if side == DECLARER_SIDE else -units, g))
        else:
            lines.append(Line("hra", (1 if game_won(count) else -1) * r << g, g))
    announced = {h.value: h for h in state.honers}
    silent_r = r if opts.silent_honer_hearts_factor else 1
    for value in HONERS:
        c = make_card((Rank.NINE, Rank.EIGHT, Rank.SEVEN)[HONERS.index(value)], state.trump)
        fate = card_fate(state.tricks, c)
        on_time = fate is not None and fate.trick == DESIGNATED[value]
        if value in announced:
            honer = announced[value]
            f = state.level(honer.component)
            won = on_time and fate is not None and fate.won
            units = (opts.honer_announced_units * r) << f
            for_side = units if won else -units
            lines.append(
                Line(honer.component, for_side if honer.side == DECLARER_SIDE else -for_side, f)
            )
        elif on_time and fate is not None:
            holder_side = state.sides.role_of(fate.seat)
            if not fate.won and not opts.killed_silent_honer:
                continue
            units = opts.honer_silent_units * silent_r * (1 if fate.won else -1)
            lines.append(Line(f"tichý h{value}", units if holder_side == DECLARER_SIDE else -units))
    summary = {
        "points": {"C": count.total_declarer, "D": count.total_defenders},
        "cards": {"C": count.cards_declarer, "D": count.cards_defenders},
    }
    return lines, summary


def pay(sides: Sides, units: int, seats: int) -> list[int]:
    """A ``C``-signed value: 2 v 2 each player ± ``units``; 1 v 3 the lone one × 3."""
    scores = [0] * seats
    team, rest = sides.members(DECLARER_SIDE), sides.members(DEFENDER_SIDE)
    for s in team:
        scores[s] += units * len(rest) // len(team)
    for s in rest:
        scores[s] -= units
    return scores


def _durch_lines(state: KrizovyState) -> tuple[list[Line], list[int] | None]:
    """Durch with a partner (durch s …, durch s chytrým) and the "dědek Sláma" rule:
    lost, the declarer who took fewer than six tricks himself pays alone."""
    f = state.level("durch")
    units = 10 << f
    declarer = state.declarer
    own = sum(1 for t in state.tricks if t.winner == declarer)
    team = state.sides.members(DECLARER_SIDE)
    if state.kind == "chytry":
        won = state.end == "chytak" or (
            len(state.tricks) == 8 and all(t.winner == declarer for t in state.tricks[:7])
        )
    else:
        won = len(state.tricks) == 8 and all(t.winner in team for t in state.tricks)
    if won:
        return [Line("durch", units, f)], None
    if len(team) == 1 or own >= 6:
        return [Line("durch", -units, f)], None
    scores = [0] * state.seats
    for s in state.sides.members(DEFENDER_SIDE):
        scores[s] += units
    scores[declarer] -= units * 2
    return [Line("durch (dědek Sláma)", -units, f)], scores


def outcome(state: KrizovyState) -> Outcome:
    if not state.is_over:
        raise ValueError("the deal is not over")
    summary: dict[str, Any] = {
        "variant": VARIANT_ID,
        "kind": state.kind,
        "declarer": state.declarer,
        "chooser": state.forhond,
        "partner": state.partner,
        "alone": len(state.sides.members(DECLARER_SIDE)) == 1,
        "trump": None if state.trump is None else state.trump.code,
        "called": None if state.called is None else card_code(state.called),
        "stovka": state.stovka,
        "honers": [h.to_dict() for h in state.honers],
        "fleks": dict(state.fleks),
        "end": state.end,
        "red_round": state.red_round,
        "tricks": {str(s): sum(1 for t in state.tricks if t.winner == s) for s in state.active},
    }
    if state.partner_tricks is not None:
        summary["partner_tricks"] = state.partner_tricks
    if state.chytak is not None:
        summary["chytak"] = card_code(state.chytak)
    special: list[int] | None = None
    played = state.end in ("played", "early", "chytak")
    if not played:
        lines = _unplayed_lines(state)
    elif state.kind == "hra":
        lines, extra = _played_hra(state)
        summary.update(extra)
    elif state.kind in ("durchs", "chytry"):
        lines, special = _durch_lines(state)
    else:
        f = state.level(state.kind)
        price = 5 if state.kind == "betl" else 10
        ok = (
            won_betl(state.tricks, state.sides)
            if state.kind == "betl"
            else won_durch(state.tricks, state.sides)
        )
        lines = [Line(state.kind, (price << f) * (1 if ok else -1), f)]
    total = sum(line.units for line in lines)
    scores = special if special is not None else pay(state.sides, total, state.seats)
    summary["components"] = [line.to_dict() for line in lines]
    summary["units"] = total
    return Outcome(scores=tuple(scores), summary=summary, played=played)
