"""The strong licitovaný player: sampled deals, each solved open-handed.

In the play it samples deals consistent with its view
(``games.marias_licit.determinize``), solves each (``games.strong.solver``
through ``games.players.pimc``) and plays the card with the best mean: card
points with the last trick and marriages, plus the sedma's last trick in a
contract with a sedma (sedma, sto a sedma), or won/lost in betl and durch.
Dvě sedmy (levels 9-12) ask the helper seven to take trick 9, which the solver
cannot score, so they stay with the rule player, as do the auction, the
talon, the contract, the fleks and the omyl (asked first whenever it is open).
The first tricks are played by rollouts (``roll_from`` cards or fewer), the
last by exact search (``solve_from``). It sees nothing but its view.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from games.cards import card
from games.engine import Action, Seat
from games.marias.actions import Play
from games.marias_licit.actions import Omyl
from games.marias_licit.determinize import rules_of, sample_world
from games.marias_licit.levels import level
from games.marias_licit.views import PlayerView
from games.players.licit_rules import LicitRulePlayer
from games.players.marias_strong import contract_scoring
from games.players.pimc import World, card_means, pick
from games.strong.budget import Budget
from games.strong.solver import Position, Scoring, TrickSolver

__all__ = ["LicitStrongPlayer", "play_scoring"]


def play_scoring(view: PlayerView) -> Scoring | None:
    """How the rest of the deal counts for the declarer; ``None`` for dvě sedmy."""
    pub = view.public
    if pub.level is None:
        return None
    lv = level(pub.level)
    if lv.has("dvesedmy"):
        return None
    kind = "betl" if lv.has("betl") else "durch" if lv.has("durch") else "hra"
    return contract_scoring(kind, pub.trump, lv.has("sedma"))


class LicitStrongPlayer:
    """PIMC in the card play of licitovaný; the rule player elsewhere."""

    name = "strong"

    def __init__(
        self,
        budget: Budget | None = None,
        solve_from: int = 5,
        roll_from: int | None = 10,
        playouts: int = 3,
    ) -> None:
        self.budget = budget or Budget(samples=16, nodes=100_000)
        self.solve_from = solve_from
        self.roll_from = roll_from
        self.playouts = playouts
        self.rules = LicitRulePlayer()

    def choose(
        self, view: PlayerView, legal: Sequence[Action], seat: Seat, rng: random.Random
    ) -> Action:
        plays = [a for a in legal if isinstance(a, Play)]
        pub = view.public
        scoring = play_scoring(view) if pub.phase == "play" else None
        if (
            len(plays) < 2
            or scoring is None
            or pub.declarer is None
            or len(view.hand) > max(self.solve_from, self.roll_from or 0)
        ):
            return self.rules.choose(view, legal, seat, rng)
        if any(isinstance(a, Omyl) for a in legal):
            ruled = self.rules.choose(view, legal, seat, rng)
            if isinstance(ruled, Omyl):
                return ruled
        values = self.card_values(view, rng, {a.card for a in plays}, scoring)
        if not values:
            return self.rules.choose(view, legal, seat, rng)
        wanted = pick(values, view.sides.role_of(seat) == "C")
        chosen = [a for a in plays if a.card in wanted]
        declared = [a for a in chosen if a.declare]  # a marriage is always worth saying
        return (declared or chosen)[0]

    def card_values(
        self, view: PlayerView, rng: random.Random, legal: set[int], scoring: Scoring
    ) -> dict[int, float]:
        """Each card the seat may play, with its mean value for the declarer."""
        pub = view.public
        active = list(pub.active)
        me = active.index(view.seat)
        rules = rules_of(view)
        assert pub.declarer is not None
        side = [active.index(pub.declarer)]
        table: list[int] = [card(c) for _, c in pub.trick]

        def world() -> World:
            sampled = sample_world(view, rng)
            solver = TrickSolver(rules, scoring, side, len(active))
            return solver, Position(sampled.hands, table, me, len(pub.history), 10)

        exact = len(view.hand) <= self.solve_from
        return card_means(self.budget, rng, legal, world, exact=exact, playouts=self.playouts)
