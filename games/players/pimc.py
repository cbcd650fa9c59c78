"""The card-play loop the strong Mariáš players share: sample, solve, average.

Perfect-information Monte Carlo: each sampled world (a ``TrickSolver`` with the
open position it faces) is solved exactly when the hands are small, or ranked
by playouts when they are not, and a card's value is its mean over the worlds
solved within the budget. A world whose exact search ran out of nodes is
dropped (its values would be bounds, not values); when that happens in the
first world, the decision goes on by playouts. ``budget.stop`` is asked
between worlds, so a wall-clock cap never cuts a search in half.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection

from games.strong.budget import Budget
from games.strong.solver import Position, TrickSolver

__all__ = ["World", "card_means", "pick"]

World = tuple[TrickSolver, Position]
"""One sampled world: the solver set up for it (rules, scoring, side C) and where play stands."""


def card_means(
    budget: Budget,
    rng: random.Random,
    legal: Collection[int],
    world: Callable[[], World],
    *,
    exact: bool,
    playouts: int,
) -> dict[int, float]:
    """Each card of ``legal`` with its mean value for side C over the worlds
    ``world()`` samples: solved (``exact``) or by ``playouts`` playouts each."""
    totals: dict[int, float] = {}
    solved = 0
    per_sample = max(1, budget.nodes // budget.samples)
    spent = 0
    for _ in range(budget.samples):
        if solved and budget.stop():
            break
        solver, pos = world()
        if exact:
            values: dict[int, float] = dict(solver.values(pos, per_sample))
            if solver.nodes >= per_sample:  # ran out: bounds, not values
                if solved:
                    break
                exact = False  # too big to solve: playouts rank the cards instead
                values = solver.rollout_values(pos, rng, playouts)
        else:
            values = solver.rollout_values(pos, rng, playouts)
        spent += solver.nodes
        for c, v in values.items():
            if c in legal:
                totals[c] = totals.get(c, 0.0) + v
        solved += 1
        if spent >= budget.nodes:
            break
    if not solved:
        return {}
    return {c: v / solved for c, v in totals.items()}


def pick(values: dict[int, float], for_c: bool) -> set[int]:
    """The cards of the best mean for the seat: highest for side C, lowest for D."""
    best = max(values.values()) if for_c else min(values.values())
    return {c for c, v in values.items() if v == best}
