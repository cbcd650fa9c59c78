"""A rule-of-thumb player for Blázen (Durak).

It plays as a careful pub player would without counting cards: it attacks
with its lowest non-trump (with its pair, if it has one), beats with the
cheapest card that does it, takes rather than spend high trumps while the
stock is still thick, throws in low matching cards (and gifts them to a
defender who is taking), and passes an attack on when that costs only a low
plain card. It sees only its own view.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from games.blazen.actions import Attack, Beat, Exchange, Redeal, Show, Take, Throw, Transfer
from games.blazen.rules import beaters
from games.blazen.views import PlayerView
from games.cards import Card, card, mask_of
from games.engine import Action, Seat

__all__ = ["BlazenRulePlayer"]


def _value(c: Card, trump: int) -> int:
    """How much a card is worth keeping: plain cards by rank, then trumps, jokers last."""
    if c >= 52:
        return 40
    return c % 13 + (20 if c // 13 == trump else 0)


class BlazenRulePlayer:
    """Heuristic player for every decision of Blázen."""

    name = "rules"

    def choose(
        self, view: PlayerView, legal: Sequence[Action], seat: Seat, rng: random.Random
    ) -> Action:
        if not legal:
            raise ValueError("no legal action")
        public = view.public
        trump = "hdsc".index(public.trump)
        hand = [card(c) for c in view.hand]
        for action in legal:
            if isinstance(action, Exchange):
                return action  # a higher trump for the lowest one
        redeal = next((a for a in legal if isinstance(a, Redeal)), None)
        if redeal is not None and self._weak(hand, trump):
            return redeal
        attacks = [a for a in legal if isinstance(a, Attack)]
        if attacks:
            return self._attack(attacks, trump)
        if any(isinstance(a, Take) for a in legal):
            return self._defend(view, legal, hand, trump)
        throws = [a for a in legal if isinstance(a, Throw)]
        passes = [a for a in legal if not isinstance(a, Throw | Redeal)]
        choice = self._throw(view, throws, trump)
        if choice is not None:
            return choice
        return passes[0] if passes else legal[0]

    @staticmethod
    def _weak(hand: list[Card], trump: int) -> bool:
        trumps = sum(1 for c in hand if c < 52 and c // 13 == trump)
        high = sum(1 for c in hand if c < 52 and c % 13 >= 11)
        return trumps <= 1 and high == 0

    @staticmethod
    def _attack(attacks: list[Attack], trump: int) -> Action:
        def key(a: Attack) -> tuple[int, int, int]:
            worth = max(_value(c, trump) for c in a.cards)
            trumps = sum(1 for c in a.cards if c < 52 and c // 13 == trump)
            return (worth, trumps, -len(a.cards))

        return min(attacks, key=key)

    def _defend(
        self, view: PlayerView, legal: Sequence[Action], hand: list[Card], trump: int
    ) -> Action:
        public = view.public
        take = next(a for a in legal if isinstance(a, Take))
        if public.seats - len(public.out) > 2:  # with two left it would only come back
            for action in legal:
                if isinstance(action, Show):
                    return action  # passing the attack on for free
        transfers = [a for a in legal if isinstance(a, Transfer) and len(a.cards) == 1]
        cheap = [a for a in transfers if _value(a.cards[0], trump) < 8]
        if cheap:
            return min(cheap, key=lambda a: _value(a.cards[0], trump))
        plan = self._cover_plan(public.table, hand, trump)
        if plan is None:
            return take
        spent = [_value(c, trump) for _, c in plan]
        thick = public.stock > 6
        if thick and (max(spent) >= 30 or sum(1 for v in spent if v >= 20) >= 2):
            return take  # do not waste high trumps early
        beats = {(a.index, a.card): a for a in legal if isinstance(a, Beat)}
        index, c = plan[0]
        return beats.get((index, c), take)

    @staticmethod
    def _cover_plan(
        table: Sequence[tuple[str, str | None]], hand: list[Card], trump: int
    ) -> list[tuple[int, Card]] | None:
        """Cheapest covers for every uncovered card, hardest first; None if one fails."""
        free = mask_of(hand)
        open_cards = [(i, card(a)) for i, (a, d) in enumerate(table) if d is None]
        open_cards.sort(key=lambda p: -_value(p[1], trump))
        plan: list[tuple[int, Card]] = []
        for index, attack in open_cards:
            options = [c for c in hand if beaters(free, attack, trump) >> c & 1]
            if not options:
                return None
            best = min(options, key=lambda c: _value(c, trump))
            free &= ~(1 << best)
            plan.append((index, best))
        return plan

    @staticmethod
    def _throw(view: PlayerView, throws: list[Throw], trump: int) -> Action | None:
        public = view.public
        taking = public.phase == "take_add"
        endgame = public.stock == 0
        limit = 12 if taking or endgame else 9  # up to the queen, or a ten

        def cheap(c: Card) -> bool:
            return c < 52 and c // 13 != trump and c % 13 <= limit

        good = [t for t in throws if all(cheap(c) for c in t.cards)]
        if not good:
            return None
        return max(good, key=lambda t: (len(t.cards), -max(_value(c, trump) for c in t.cards)))
