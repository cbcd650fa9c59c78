"""The strong Tisíc player: sampled deals, each searched open-handed.

In the card play it samples deals consistent with its view
(``games.tisic.determinize``), evaluates each card on every sample with the
Tisíc search (``games.tisic.search``: exact alpha-beta once a seat holds
``solve_from`` cards or fewer, heuristic playouts before) and plays the card
with the best mean. A sample's value of a card is counted as the deal is
(§8.2): the declarer's raw points so far (tricks, marriages, his discards)
plus what the search says he gains, against the contract, so the declarer
wins ``+contract`` or loses ``-contract``; a share of the raw points
(``margin``) is added so that, a contract made or lost for sure, points
still count (the defenders write what they take, which is what the
declarer does not). The declarer maximises that, the defenders minimise it;
a defender's own marriage adds its value for him on top. The auction, the
talon, the contract and storno answers are the rule player's. It sees
nothing but its view, so it cannot peek.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from games.cards import Card, card
from games.engine import Action, Seat
from games.players.tisic_rules import TisicRulePlayer
from games.strong.budget import Budget
from games.tisic.actions import Play
from games.tisic.determinize import World, sample_world
from games.tisic.rules import MARRIAGE_VALUE, POINTS, card_points
from games.tisic.search import TisicPosition, TisicSearch
from games.tisic.views import PlayerView

__all__ = ["TisicStrongPlayer", "declarer_raw"]


def declarer_raw(view: PlayerView, world: World) -> int:
    """The declarer's raw points so far (§8.1) in ``world``: tricks, marriages, discards."""
    pub = view.public
    total = card_points(world.discards)
    for t in pub.history:
        if t.winner == pub.declarer:
            total += sum(POINTS[card(c)] for _, c in t.plays)
    total += sum(v for s, _, v in pub.marriages if s == pub.declarer)
    return total


class TisicStrongPlayer:
    """Perfect-information Monte Carlo in the card play; the rule player elsewhere.

    The default budget (24 samples, 8 playouts a card before ``solve_from``)
    did better in duplicate matches against the rule player than 12 samples of
    3 playouts, and still answers in a chat's time (``python -m games bench
    --players tisic``). Searching from the first trick did better than
    leaving the early tricks to the rule player (``search_from`` 5 or 7).
    """

    name = "strong"

    def __init__(
        self,
        budget: Budget | None = None,
        solve_from: int = 5,
        playouts: int = 8,
        margin: float = 0.3,
        search_from: int = 10,
    ) -> None:
        self.budget = budget or Budget(samples=24, nodes=80_000)
        self.solve_from = solve_from
        self.playouts = playouts
        self.margin = margin
        self.search_from = search_from
        self.rules = TisicRulePlayer()

    def choose(
        self, view: PlayerView, legal: Sequence[Action], seat: Seat, rng: random.Random
    ) -> Action:
        plays = [a for a in legal if isinstance(a, Play)]
        cards = {a.card for a in plays}
        pub = view.public
        if (
            len(cards) < 2
            or pub.phase != "play"
            or pub.declarer is None
            or pub.contract is None
            or len(view.hand) > self.search_from
        ):
            if len(cards) == 1 and len(plays) == 2:
                return next(a for a in plays if a.trumf)  # a marriage is its holder's points
            return self.rules.choose(view, legal, seat, rng)
        values = self.card_values(view, rng, cards)
        if not values:
            return self.rules.choose(view, legal, seat, rng)
        declaring = seat == pub.declarer
        sign = 1.0 if declaring else -1.0
        trumf = {a.card for a in plays if a.trumf}
        if not declaring:  # his own marriage is his points, not the declarer's
            for c in trumf:
                values[c] -= self.margin * MARRIAGE_VALUE[c // 13]
        top = max(sign * v for v in values.values())
        best = [c for c, v in values.items() if sign * v == top]
        chosen = [a for a in plays if a.card in best]
        return next((a for a in chosen if a.trumf), chosen[0])

    def card_values(
        self, view: PlayerView, rng: random.Random, legal: set[Card]
    ) -> dict[Card, float]:
        """Each card the seat may play, with its mean value for the declarer (the
        contract won or lost, plus ``margin`` of his raw points) over the samples."""
        pub = view.public
        assert pub.declarer is not None and pub.contract is not None
        active = list(pub.active)
        me = active.index(view.seat)
        trump = -1 if pub.trump is None else "hdsc".index(pub.trump)
        table = [card(c) for _, c in pub.trick]
        solve = len(view.hand) <= self.solve_from
        per_sample = max(1, self.budget.nodes // self.budget.samples)
        contract = pub.contract
        totals: dict[Card, float] = {}
        done = spent = 0
        for _ in range(self.budget.samples):
            if done and self.budget.stop():
                break
            world = sample_world(view, rng)
            search = TisicSearch(active.index(pub.declarer))
            pos = TisicPosition(
                [world.hands[s] for s in active], list(table), me, len(pub.history), trump
            )
            if solve:
                values: dict[int, float] = dict(search.values(pos, per_sample))
                if search.nodes >= per_sample and done:
                    break  # out of budget: these values are not exact
            else:
                values = search.rollout_values(pos, rng, self.playouts)
            spent += search.nodes
            raw = declarer_raw(view, world)
            for c, v in values.items():
                if c in legal:
                    final = raw + v
                    score = (contract if final >= contract else -contract) + self.margin * final
                    totals[Card(c)] = totals.get(Card(c), 0.0) + score
            done += 1
            if spent >= self.budget.nodes:
                break
        return {c: v / done for c, v in totals.items()} if done else {}
