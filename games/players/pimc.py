"""The loops the strong players share: sample, solve (or play out), average.

Perfect-information Monte Carlo: each sampled world (a ``TrickSolver`` with the
open position it faces) is solved exactly when the hands are small, or ranked
by playouts when they are not, and a card's value is its mean over the worlds
solved within the budget. A world whose exact search ran out of nodes is
dropped (its values would be bounds, not values); when that happens in the
first world, the decision goes on by playouts. ``budget.stop`` is asked
between worlds, so a wall-clock cap never cuts a search in half.

``option_means`` and ``best_option`` are the same loop for the decisions
before the play (a bid, a contract, a talon, a flek): every option is valued
on the same sampled worlds (common random numbers, so two options differ by
what they are, not by the luck of their samples), and an option replaces the
default (usually the rule player's choice) only when its mean beats the
default's by that option's threshold.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Hashable, Sequence
from typing import TypeVar

from games.strong.budget import Budget
from games.strong.solver import Position, TrickSolver

__all__ = ["World", "best_option", "card_means", "option_means", "pick"]

Opt = TypeVar("Opt", bound=Hashable)
W = TypeVar("W")

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


def option_means(
    budget: Budget,
    options: Sequence[Opt],
    sample: Callable[[], W],
    value: Callable[[W, Opt], float],
) -> dict[Opt, float]:
    """Each option's mean ``value`` over the worlds ``sample()`` draws, every
    option on the same worlds; at least one world, then as many as
    ``budget.samples`` allows before ``budget.stop`` says time is up."""
    totals = dict.fromkeys(options, 0.0)
    worlds = 0
    for _ in range(budget.samples):
        if worlds and budget.stop():
            break
        world = sample()
        for option in options:
            totals[option] += value(world, option)
        worlds += 1
    return {option: total / worlds for option, total in totals.items()}


def best_option(
    means: dict[Opt, float], default: Opt, threshold: Callable[[Opt], float] = lambda _: 0.0
) -> Opt:
    """The option of the best mean, where one other than ``default`` must beat the
    default's mean by its ``threshold`` (the margin a riskier contract asks for,
    against the estimate's error); ties keep the default, then the first listed."""
    best, best_score = default, means[default]
    for option, mean in means.items():
        if option == default:
            continue
        score = mean - threshold(option)
        if score > best_score:
            best, best_score = option, score
    return best
