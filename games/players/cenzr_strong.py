"""The strong volený cenzr player: sampled deals, each solved open-handed.

In the card play it samples deals consistent with its view
(``games.cenzr.determinize``; the sample also decides who the hidden partner
is), evaluates each card on every sample and plays the card with the best
mean of what its own seat would record (§5.5). A sample's value of a card is
the card points its choosing side takes from now on (the last trick
included), from the alpha-beta solver (``games.strong.solver``) once a seat
holds ``solve_from`` cards or fewer and from cheap playouts before; that total
is then counted as the deal would be: declarations announced in trick 1 as
the sample's hands resolve them, bela as ``auto_optimal`` counts it, péro,
the win by ``C > D`` and the ×2 / ×3 multipliers. Counting per sample, not on
the mean points, is what makes it see that a few points matter only near the
winning line. The call, the announcement and bela are the rule player's.
It sees nothing but its view, so it cannot peek.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from games.cards import DECK_32, Card, Suit, card
from games.cenzr.actions import Announce, Play
from games.cenzr.declarations import announcement, has_bela, resolve
from games.cenzr.determinize import World, rules_of, sample_world, start_hands
from games.cenzr.rules import LAST_TRICK, card_points
from games.cenzr.views import PlayerView
from games.engine import Action, Seat
from games.players.cenzr_rules import CenzrRulePlayer
from games.strong.budget import Budget
from games.strong.solver import Position, Scoring, TrickSolver

__all__ = ["CenzrStrongPlayer", "Count", "count_of"]

PERO = 100
"""§5.2: the bonus of the choosing side that took every trick."""
BELA = 20


def _points(trump: Suit) -> tuple[int, ...]:
    table = [0] * 54
    for c in DECK_32:
        table[c] = card_points(c, trump)
    return tuple(table)


@dataclass(frozen=True, slots=True)
class Count:
    """What a sample fixes before the rest of the play: the choosing side, the
    card points each side has taken, the declarations and bela by side, and
    whether the defenders took a trick yet (péro)."""

    side: frozenset[int]
    samec: bool
    c_cards: int
    d_cards: int
    c_extra: int
    d_extra: int
    c_bela: bool
    pero_open: bool
    left: int  # card points still to take, the last trick included

    def recorded(self, seat: int, future: float) -> float:
        """What ``seat`` records if the choosing side takes ``future`` of ``left``."""
        c = self.c_cards + future + self.c_extra
        d = self.d_cards + (self.left - future) + self.d_extra
        if self.pero_open and future >= self.left:
            c += PERO
        if self.c_bela and c + BELA > d:
            c += BELA
        won = c > d
        if self.samec:
            if seat in self.side:
                return 3 * c if won else 0.0
            return d if won else c + d
        if seat in self.side:
            return 2 * c if won else 0.0
        return 2 * d if won else 2 * (c + d)


def count_of(view: PlayerView, world: World) -> Count:
    """The count of ``world`` so far, as the view and the sampled hands give it."""
    pub = view.public
    assert pub.chooser is not None and pub.trump is not None
    trump = Suit("hdsc".index(pub.trump))
    side = frozenset({pub.chooser, world.holder})
    start = start_hands(view, world.hands)
    cards = {s: [c for c in DECK_32 if start[s] >> c & 1] for s in pub.active}
    extra = dict.fromkeys(pub.active, 0)
    said = {a[0] for a in pub.announcements}
    if said:
        announced = {s: d for s in said if (d := announcement(cards[s], trump))}
        result = resolve(announced, pub.active, trump)
        for s in pub.active:
            extra[s] = result.points(s)
    bela = next((s for s in pub.active if has_bela(cards[s], trump)), None)
    c_extra = sum(v for s, v in extra.items() if s in side)
    d_extra = sum(v for s, v in extra.items() if s not in side)
    if bela is not None and bela not in side:
        d_extra += BELA  # a defender always counts it (§5.3)
    c_cards = sum(pub.card_points[s] for s in side)
    d_cards = sum(v for s, v in pub.card_points.items() if s not in side)
    taken = c_cards + d_cards
    d_tricks = sum(1 for t in pub.history if t.winner not in side)
    return Count(
        side,
        len(side) == 1,
        c_cards,
        d_cards,
        c_extra,
        d_extra,
        bela is not None and bela in side,
        d_tricks == 0,
        152 - taken + LAST_TRICK,
    )


class CenzrStrongPlayer:
    """Perfect-information Monte Carlo in the card play; the rule player elsewhere.

    The default budget (12 samples, 2 playouts a card before ``solve_from``)
    did as well in duplicate matches against the rule player as 16 or 24
    samples with more playouts or an earlier exact search, at a third of the
    time, so the cheap one is kept.
    """

    name = "strong"

    def __init__(
        self,
        budget: Budget | None = None,
        solve_from: int = 4,
        playouts: int = 2,
    ) -> None:
        self.budget = budget or Budget(samples=12, nodes=40_000)
        self.solve_from = solve_from
        self.playouts = playouts
        self.rules = CenzrRulePlayer()

    def choose(
        self, view: PlayerView, legal: Sequence[Action], seat: Seat, rng: random.Random
    ) -> Action:
        plays = [a for a in legal if isinstance(a, Play)]
        if len(plays) < 2 or view.public.phase != "play" or view.public.chooser is None:
            return self.rules.choose(view, legal, seat, rng)
        if any(isinstance(a, Announce) for a in legal):
            said = self.rules.choose(view, legal, seat, rng)
            if isinstance(said, Announce):
                return said
        values = self.card_values(view, rng, {a.card for a in plays})
        if not values:
            return self.rules.choose(view, legal, seat, rng)
        top = max(values.values())
        return next(a for a in plays if values.get(a.card) == top)

    def card_values(
        self, view: PlayerView, rng: random.Random, legal: set[Card]
    ) -> dict[Card, float]:
        """Each card the seat may play, with the mean of what its seat records
        over the sampled deals evaluated within the budget."""
        pub = view.public
        assert pub.trump is not None
        trump = Suit("hdsc".index(pub.trump))
        rules = rules_of(view)
        scoring = Scoring(_points(trump), last=LAST_TRICK)
        active = list(pub.active)
        me = active.index(view.seat)
        table = [card(c) for _, c in pub.trick]
        solve = len(view.hand) <= self.solve_from
        per_sample = max(1, self.budget.nodes // self.budget.samples)
        totals: dict[Card, float] = {}
        done = spent = 0
        for _ in range(self.budget.samples):
            if done and self.budget.stop():
                break
            world = sample_world(view, rng)
            count = count_of(view, world)
            side = [active.index(s) for s in count.side]
            solver = TrickSolver(rules, scoring, side, 4)
            pos = Position([world.hands[s] for s in active], list(table), me, len(pub.history), 8)
            if solve:
                values: dict[int, float] = dict(solver.values(pos, per_sample))
                if solver.nodes >= per_sample and done:
                    break  # out of budget: these values are not exact
            else:
                values = solver.rollout_values(pos, rng, self.playouts)
            spent += solver.nodes
            for c, v in values.items():
                if c in legal:
                    totals[Card(c)] = totals.get(Card(c), 0.0) + count.recorded(view.seat, v)
            done += 1
            if spent >= self.budget.nodes:
                break
        return {c: v / done for c, v in totals.items()} if done else {}
