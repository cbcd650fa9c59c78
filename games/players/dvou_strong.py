"""The strong ve dvou player: the endgame solved, the stock phase by the rules.

While the stock lasts, what a player will draw decides the play, and the
open-hand solver knows no drawing, so the first eight tricks (and the sedma
call, the swap, trumps, announcements and fleks) are the rule player's. Once
the stock is gone nothing is hidden (sixteen tricks use all 32 cards), so
``games.marias_dvou.determinize`` gives the one deal there is, and the last
eight tricks are solved exactly (``games.strong.solver``): card points with
the last trick and marriages, the trump seven's last trick on top for the
sedma's owner (who is side C of the search; else the first player). Should
the search run out of nodes, the rule player plays that card.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from games.cards import Rank, Suit, card, make_card
from games.engine import Action, Seat
from games.marias.actions import Play
from games.marias.rules import KINGS, QUEENS, SHARP
from games.marias_dvou.determinize import TRICKS, rules_of, sample_world
from games.marias_dvou.views import PlayerView
from games.players.dvou_rules import DvouRulePlayer
from games.players.pimc import World, card_means, pick
from games.strong.budget import Budget
from games.strong.solver import Position, Scoring, TrickSolver

__all__ = ["DvouStrongPlayer", "play_scoring", "search_side"]

_POINTS = tuple(10 if SHARP >> c & 1 else 0 for c in range(54))
SEDMA_BONUS = {True: 40, False: 20}
"""The trump seven's last trick against card points: an announced sedma is worth
twice the game, a silent one as much as the game."""


def search_side(view: PlayerView) -> Seat:
    """Side C of the search: the sedma's owner, else the first player."""
    pub = view.public
    return pub.sedma if pub.sedma is not None else pub.forhond


def play_scoring(view: PlayerView) -> Scoring:
    """How the rest of the deal counts for :func:`search_side`."""
    pub = view.public
    assert pub.trump is not None
    trump = Suit("hdsc".index(pub.trump))
    return Scoring(
        _POINTS,
        last=10,
        marriages=True,
        kings=KINGS,
        queens=QUEENS,
        trump_suit=trump,
        bonus_card=make_card(Rank.SEVEN, trump),
        bonus=SEDMA_BONUS[pub.sedma is not None],
    )


class DvouStrongPlayer:
    """Exact search once the stock is gone; the rule player before and elsewhere."""

    name = "strong"

    def __init__(self, budget: Budget | None = None) -> None:
        self.budget = budget or Budget(samples=1, nodes=400_000)
        self.rules = DvouRulePlayer()

    def choose(
        self, view: PlayerView, legal: Sequence[Action], seat: Seat, rng: random.Random
    ) -> Action:
        plays = [a for a in legal if isinstance(a, Play)]
        pub = view.public
        if (
            len(plays) < 2
            or any(not isinstance(a, Play) for a in legal)
            or pub.phase != "play"
            or pub.stock_count
            or pub.trump is None
        ):
            return self.rules.choose(view, legal, seat, rng)
        values = self.card_values(view, rng, {a.card for a in plays})
        if not values:
            return self.rules.choose(view, legal, seat, rng)
        wanted = pick(values, seat == search_side(view))
        chosen = [a for a in plays if a.card in wanted]
        declared = [a for a in chosen if a.declare]  # a marriage is always worth saying
        return (declared or chosen)[0]

    def card_values(
        self, view: PlayerView, rng: random.Random, legal: set[int]
    ) -> dict[int, float]:
        """Each card the seat may play, with its value for :func:`search_side`."""
        pub = view.public
        active = [pub.forhond, next(s for s in pub.hand_sizes if s != pub.forhond)]
        rules = rules_of(view)
        scoring = play_scoring(view)
        side = [active.index(search_side(view))]
        table: list[int] = [card(c) for _, c in pub.trick]

        def world() -> World:
            sampled = sample_world(view, rng)
            solver = TrickSolver(rules, scoring, side, 2)
            pos = Position(sampled.hands, table, active.index(view.seat), len(pub.history), TRICKS)
            return solver, pos

        return card_means(self.budget, rng, legal, world, exact=True, playouts=4)
