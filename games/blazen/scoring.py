"""The result of a finished game of Blázen (blazen.md §10-§11).

``Outcome.scores`` is what the game adds to the match's fool tally
("matchsticks", §10.4): 1 for the fool, or for every member of the losing
team, 0 for everyone else; a draw or a redeal scores nobody. The summary
also says who deals and who attacks first in the next game (§4.1, §5), so a
match needs nothing but the outcome to go on.
"""

from __future__ import annotations

from typing import Any

from games.blazen.state import BlazenState, Phase
from games.cards import card_code
from games.engine import Outcome, Seat

__all__ = ["fool_of", "next_attacker", "next_dealer", "outcome"]


def fool_of(state: BlazenState) -> Seat | None:
    """The fool: the last player holding cards. In a team game, of the losers still
    holding cards, the one with most cards (the lowest seat on a tie)."""
    if state.end not in ("fool", "team"):
        return None
    holding = [s for s in state.losers if s not in state.gone] or list(state.losers)
    return max(holding, key=lambda s: (state.hands[s].bit_count(), -s))


def next_dealer(state: BlazenState) -> Seat:
    """The fool deals the next game; after a draw or a redeal the same dealer (§4.1)."""
    fool = fool_of(state)
    return state.dealer if fool is None else fool


def next_attacker(state: BlazenState) -> Seat | None:
    """Who opens the next game, or ``None`` for the first-game rule (§5)."""
    if state.end == "redeal":
        return state.fixed_attacker
    fool = fool_of(state)
    rule = state.options.next_game_first_attacker
    if fool is None or rule == "lowest_trump":
        return None
    step = 1 if rule == "fool_left" else -1
    return (fool + step) % state.seats


def _places(state: BlazenState) -> dict[str, int]:
    places: dict[str, int] = {}
    before = 0
    for group in state.exits:
        for seat in group:
            places[str(seat)] = before + 1
        before += len(group)
    for seat in range(state.seats):
        places.setdefault(str(seat), before + 1)
    return places


def outcome(state: BlazenState) -> Outcome:
    """The fool tally of a finished game, and its details for messages and records."""
    if state.phase is not Phase.OVER:
        raise ValueError("the game is not over yet")
    opts = state.options
    losers = state.losers
    teams: list[list[Seat]] | None = None
    if opts.team_mode != "none":
        teams = [sorted(group) for group in state.sides.groups]
    summary: dict[str, Any] = {
        "variant": "blazen",
        "rules": opts.variant,
        "end": state.end,
        "fool": fool_of(state),
        "losers": list(losers),
        "teams": teams,
        "places": _places(state) if opts.placements and state.end != "redeal" else {},
        "out": [list(group) for group in state.exits],
        "straps": {str(s): state.straps for s in losers} if opts.epaulettes else {},
        "trump": "hdsc"[state.trump],
        "trump_card": card_code(state.trump_card),
        "bouts": state.bouts,
        "redeal_by": state.redeal_by,
        "next_dealer": next_dealer(state),
        "next_attacker": next_attacker(state),
    }
    scores = tuple(1 if s in losers else 0 for s in range(state.seats))
    return Outcome(scores=scores, summary=summary, played=state.end != "redeal")
