"""A strong computer player for Blázen (Durak): determinized flat Monte Carlo.

For a decision with a real choice it deals the cards it cannot see many
times (``blazen.determinize``: uniformly among the deals consistent with its
view, never the true one), and on every such world plays each candidate
action through the engine and then the rest of the game with the fast kernel
(``blazen.fast``), everyone playing the rule player's rules of thumb. The
score is the arena's: a game its seat (or its team) loses counts 1, anything
else 0. It plays the candidate with the lowest mean, and on a tie the rule
player's own choice, so where the look-ahead sees no difference it plays as
the rule player does.

All candidates are measured on the same worlds (common random numbers), which
makes their difference far less noisy than their means. The work is the
``Budget``'s: ``samples`` worlds, ``nodes`` kernel steps over all of them, and
``stop`` asked between worlds; the best candidate so far is played. A redeal
is scored as a fresh game (every side equally likely to lose), not
as the sure escape the arena's tally would make of it.

The view does not carry the house rules; the constructor may be given them
(``options``), and what the view shows (deck, variant, teams, throw-in mode)
is read from it. When the view does not fit them, or the sampled world
disagrees with the legal actions given, the player falls back to the rule
player for that decision.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from typing import cast

from games.blazen.actions import (
    Attack,
    Beat,
    BlazenAction,
    Exchange,
    Redeal,
    Show,
    Throw,
    Transfer,
)
from games.blazen.determinize import Determinizer, table_options
from games.blazen.fast import Fast
from games.blazen.game import BlazenGame
from games.blazen.options import BlazenOptions
from games.blazen.transitions import apply
from games.blazen.views import PlayerView
from games.engine import Action, GameError, Seat
from games.players.blazen_rules import BlazenRulePlayer
from games.strong.budget import Budget

__all__ = ["DEFAULT_BUDGET", "BlazenStrongPlayer"]

DEFAULT_BUDGET = Budget(samples=24, nodes=60_000)
"""Worlds per decision and kernel steps over all of them. Measured on one shared core
(4 seats, 36 cards): 15 ms CPU per decision at p50, 45 ms at p95; and in
``python -m games arena --game blazen --a strong --b rules --deals 120 --seats 4``
(15 minutes) a fool rate of 0.112 against the rule player's 0.327, A - B = -0.242,
95% CI [-0.265, -0.220]."""

MAX_CANDIDATES = 8
"""The most actions measured in one decision: the rest are variations (which cards
of a big throw-in, which beater) that the rule of thumb orders well enough."""


def _worth(c: int, trump: int) -> int:
    if c >= 52:
        return 40
    return c % 13 + (20 if c // 13 == trump else 0)


def _cards(action: BlazenAction) -> tuple[int, ...]:
    if isinstance(action, Attack | Throw | Transfer):
        return action.cards
    if isinstance(action, Beat | Show | Exchange):
        return (action.card,)
    return ()


class BlazenStrongPlayer:
    """Determinized flat Monte Carlo over the rule player's rollouts."""

    name = "strong"

    def __init__(
        self, budget: Budget | None = None, *, options: BlazenOptions | None = None
    ) -> None:
        self.budget = budget or DEFAULT_BUDGET
        self.options = options
        self.rules = BlazenRulePlayer()

    def choose(
        self, view: PlayerView, legal: Sequence[Action], seat: Seat, rng: random.Random
    ) -> Action:
        if not legal:
            raise ValueError("no legal action")
        if len(legal) == 1:
            return legal[0]
        actions = cast(list[BlazenAction], list(legal))
        fallback = cast(BlazenAction, self.rules.choose(view, legal, seat, rng))
        candidates = self._candidates(actions, fallback, view)
        if len(candidates) == 1:
            return candidates[0]
        try:
            determinizer = Determinizer(view, self._options(view))
        except ValueError:
            return fallback
        budget = self.budget
        losses = [0.0] * len(candidates)
        nodes = 0
        codes = sorted(a.code for a in actions)
        for number in range(budget.samples):
            if number and (nodes >= budget.nodes or budget.stop()):
                break
            world = determinizer.sample(rng)
            if number == 0 and sorted(a.code for a in world.legal_actions(seat)) != codes:
                return fallback  # the house rules assumed are not this table's
            for i, action in enumerate(candidates):
                loss, steps = self._play_out(world, seat, action)
                losses[i] += loss
                nodes += steps
        best = min(range(len(candidates)), key=lambda i: (losses[i], i))
        return candidates[best]

    def _options(self, view: PlayerView) -> BlazenOptions:
        """The house rules: the given ones, with what this view shows of them."""
        opts = table_options(view, self.options)
        pub = view.public
        if opts.throw_in_mode != "window" and pub.to_move is None and pub.phase != "over":
            opts = replace(opts, throw_in_mode="window")
        if pub.phase == "defend" and set(pub.to_act) - {pub.to_move}:
            opts = replace(opts, throw_in_mode="window", throw_in_timing="anytime")
        return opts

    @staticmethod
    def _candidates(
        actions: list[BlazenAction], fallback: BlazenAction, view: PlayerView
    ) -> list[BlazenAction]:
        """The rule player's choice first (it wins ties), then the others; when there
        are too many, the simple ones (take, pass, one card) and the cheapest."""
        rest = [a for a in actions if a != fallback]
        if len(rest) + 1 > MAX_CANDIDATES:
            trump = "hdsc".index(view.public.trump)

            def key(a: BlazenAction) -> tuple[int, int]:
                cards = _cards(a)
                if not cards:
                    return (0, 0)
                return (len(cards), max(_worth(c, trump) for c in cards))

            rest.sort(key=key)
            rest = rest[: MAX_CANDIDATES - 1]
        return [fallback, *rest]

    @staticmethod
    def _play_out(world: BlazenGame, seat: Seat, action: BlazenAction) -> tuple[float, int]:
        """The loss of ``seat`` after ``action`` on one world, and the kernel steps it took."""
        if isinstance(action, Redeal):  # a fresh game: every side as likely to lose
            return 1.0 / len(set(world.teams)), 1
        try:
            after, _ = apply(world, seat, action)
        except GameError:  # pragma: no cover - the world agreed with ``legal``
            return 1.0, 1
        if after.is_over:
            return (1.0 if seat in after.losers else 0.0), 1
        game = Fast.of(after)
        game.playout()
        return (1.0 if seat in game.losers else 0.0), game.steps + 1
