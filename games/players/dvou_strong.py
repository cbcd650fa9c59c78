"""The strong ve dvou player: every card and call before the endgame by evaluation.

While the stock lasts, a play is chosen by determinized Monte Carlo: deals
are sampled consistently with the view (``games.players.dvou_pricing.sample``
over ``games.marias_dvou.determinize``: the other hand and the stock's order,
what the opponent announced read softly), each legal card is played on every
sample and the deal played out to the end by the fast kernel
(``games.marias_dvou.fast``: the rule player's stock-phase heuristic, then
the solver's playout heuristic), the same samples and the same random stream
for every card, and the card of the best mean for the seat is played. A
card's value is the seat's units by ve dvou's tariff (``marias_dvou.tariff``,
with the announcements and fleks as they stand) plus :data:`POINT_WEIGHT`
per point of its card-and-marriage margin, which ranks cards that win or
lose the same game. Before the card, a sedma announced in play and B's swap
of the trump seven are priced against going on without a call
(``games.players.dvou_calls``).

Once the stock is gone nothing is hidden (sixteen tricks use all 32 cards), so
``games.marias_dvou.determinize`` gives the one deal there is, and the last
eight tricks are solved exactly (``games.strong.solver``): card points with
the last trick and marriages, the trump seven's last trick on top for the
sedma's owner (who is side C of the search; else the first player). Should
the search run out of nodes, the rule player plays that card.

The announcements (Extras) and the fleks (at the start and on a late sedma)
are priced over sampled deals played out by the kernel
(``games.players.dvou_pricing``); the rule player's choice stays unless another
option beats it by that option's margin. So are the trumps of A and C, each
suit played out as an unannounced game (``games.players.dvou_calls``).
Only the view is read, so it cannot peek; the budget is in samples and nodes,
so a seed gives the same move.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

from games.cards import card
from games.engine import Action, Seat
from games.marias.actions import Extras, Flek, Pass, Play
from games.marias_dvou.actions import ChooseSuit
from games.marias_dvou.determinize import TRICKS, rules_of, sample_world
from games.marias_dvou.fast import Fast
from games.marias_dvou.views import PlayerView
from games.players.dvou_calls import choose_call, choose_trumps
from games.players.dvou_pricing import choose_extras, choose_flek, sample, stakes_of
from games.players.dvou_rules import DvouRulePlayer
from games.players.marias_strong import contract_scoring
from games.players.pimc import World, card_means, pick
from games.strong.budget import Budget
from games.strong.solver import Position, Scoring, TrickSolver

__all__ = ["POINT_WEIGHT", "STOCK_NOISE", "DvouStrongPlayer", "play_scoring", "search_side"]

POINT_WEIGHT = 0.005
"""Units per point of the seat's card-and-marriage margin in a stock-phase card's
value: a ten is then 0.05 units, well under the game's one, so the tariff
decides and the points rank the cards that win (or lose) the same units."""
STOCK_NOISE = 0.1
"""The share of random cards in the playouts of a stock-phase play."""


def search_side(view: PlayerView) -> Seat:
    """Side C of the search: the sedma's owner, else the first player."""
    pub = view.public
    return pub.sedma if pub.sedma is not None else pub.forhond


def play_scoring(view: PlayerView) -> Scoring:
    """How the rest of the deal counts for :func:`search_side`: volený's colour game,
    the trump seven's last trick an announced sedma's (the owner's, twice the
    game) or else a silent seven for whoever wins with it."""
    pub = view.public
    assert pub.trump is not None
    return contract_scoring("hra", pub.trump, sedma=pub.sedma is not None)


class DvouStrongPlayer:
    """Monte Carlo with the kernel while the stock lasts, exact search after it; the
    trumps, announcements, fleks, late sedma and swap priced."""

    name = "strong"

    def __init__(
        self,
        budget: Budget | None = None,
        stock_samples: int = 48,
        pricing_samples: int = 96,
        pricing_playouts: int = 2,
    ) -> None:
        self.budget = budget or Budget(samples=1, nodes=400_000)
        self.stock_samples = stock_samples
        self.pricing_samples = pricing_samples
        self.pricing_playouts = pricing_playouts
        self.rules = DvouRulePlayer()

    def _samples(self, samples: int) -> Budget:
        """A budget of ``samples`` worlds that stops when this player's does."""
        return replace(self.budget, samples=samples)

    def choose(
        self, view: PlayerView, legal: Sequence[Action], seat: Seat, rng: random.Random
    ) -> Action:
        plays = [a for a in legal if isinstance(a, Play)]
        pub = view.public
        if any(isinstance(a, ChooseSuit) for a in legal):
            default = self.rules.choose(view, legal, seat, rng)
            budget = self._samples(self.pricing_samples)
            return choose_trumps(view, legal, default, rng, budget, self.pricing_playouts)
        if pub.trump is not None and any(isinstance(a, Extras) for a in legal):
            default = self.rules.choose(view, legal, seat, rng)
            budget = self._samples(self.pricing_samples)
            return choose_extras(view, legal, default, rng, budget, self.pricing_playouts)
        if pub.trump is not None and any(isinstance(a, Flek | Pass) for a in legal):
            default = self.rules.choose(view, legal, seat, rng)
            budget = self._samples(self.pricing_samples)
            return choose_flek(view, legal, default, rng, budget, self.pricing_playouts)
        if len(plays) < 2 or pub.phase != "play" or pub.trump is None:
            return self.rules.choose(view, legal, seat, rng)
        if pub.stock_count:
            default = self.rules.choose(view, legal, seat, rng)
            budget = self._samples(self.pricing_samples)
            call = choose_call(view, legal, default, rng, budget, self.pricing_playouts)
            if call is not None:
                return call
            values = self.stock_values(view, rng, {a.card for a in plays})
            wanted = {c for c, v in values.items() if v == max(values.values())}
            if isinstance(default, Play) and default.card in wanted:
                return default
        else:
            if any(not isinstance(a, Play) for a in legal):
                return self.rules.choose(view, legal, seat, rng)
            values = self.card_values(view, rng, {a.card for a in plays})
            if not values:
                return self.rules.choose(view, legal, seat, rng)
            wanted = pick(values, seat == search_side(view))
        chosen = [a for a in plays if a.card in wanted]
        declared = [a for a in chosen if a.declare]  # a marriage is always worth saying
        return (declared or chosen)[0]

    def stock_values(
        self, view: PlayerView, rng: random.Random, legal: set[int]
    ) -> dict[int, float]:
        """Each card the seat may play while the stock lasts, with its mean value for
        the seat (units and :data:`POINT_WEIGHT` of the margin) over sampled deals
        played out by the kernel: every card on the same deals and random streams."""
        st = stakes_of(view)
        me = st.me
        totals = dict.fromkeys(sorted(legal), 0.0)
        budget = self._samples(self.stock_samples)
        worlds = 0
        for _ in range(budget.samples):
            if worlds and budget.stop():
                break
            world = sample(view, rng)
            seed = rng.getrandbits(32)
            for c in totals:
                fast = Fast.of_view(view, world)
                fast.play(c)
                played = fast.run(random.Random(seed), STOCK_NOISE)
                margin = (
                    played.points[me] + sum(played.said[me])
                    - played.points[me ^ 1] - sum(played.said[me ^ 1])
                )  # fmt: skip
                totals[c] += st.units(played, st.stovka, st.sedma, st.flek)
                totals[c] += POINT_WEIGHT * margin
            worlds += 1
        return {c: v / worlds for c, v in totals.items()}

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
