"""The open-hand solver with křížový's honers: their rule on every move, their worth
in every value.

``games.strong.solver.TrickSolver`` knows the Mariáš duties and card points;
křížový adds (§3.2.6) that an announced honer waits for its own trick (9 → 6,
8 → 7, 7 → 8) while another trump will do, and that a honer is paid when it
is played: an announced one wins for its side when it takes its own trick
and loses otherwise (early, or killed); a silent one counts only on its own
trick, for its side when it takes it, against when it is killed. The trick's
number is told by a hand alone (all four hold ``8 - done`` cards at a trick's
start, and the player to move has not played to it yet). The trump 7, 8 and
9 are never merged with a neighbour, since they are worth more than points.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from games.cards import Card
from games.marias_krizovy.determinize import honer_filter
from games.marias_krizovy.state import DESIGNATED
from games.strong.solver import Rules, Scoring, TrickGainSolver

__all__ = ["TRICKS", "HonerSolver", "Honers"]

TRICKS = 8


class Honers:
    """The honers of one deal: the announced cards (card -> value) for the filter,
    and each trump 7, 8, 9's worth when paid, in points for the solver."""

    def __init__(
        self,
        announced: Mapping[Card, int],
        cards: Mapping[Card, int],
        worth: Mapping[Card, int],
        silent: int,
    ) -> None:
        self.announced = dict(announced)
        self.cards: dict[int, int] = {int(c): v for c, v in cards.items()}  # trump 9, 8, 7
        self.worth: dict[int, int] = {int(c): v for c, v in worth.items()}  # announced, won or lost
        self.silent = silent
        self.mask = sum(1 << c for c in cards)


class HonerSolver(TrickGainSolver):
    """A ``TrickSolver`` whose moves obey the honer filter and whose values count
    the honers (``honers``; ``None``: a game without trumps)."""

    def __init__(
        self,
        rules: Rules,
        scoring: Scoring,
        side: Sequence[int],
        players: int,
        honers: Honers | None,
        trumps: int,
    ) -> None:
        super().__init__(rules, scoring, side, players)
        self.honers = honers
        self.announced_mask = sum(1 << c for c in honers.announced) if honers else 0
        self.trumps = trumps
        if honers is not None:
            self.special |= honers.mask

    def _legal(self, hand: int, table: list[int], led: int, win: int) -> int:
        legal = super()._legal(hand, table, led, win)
        if self.honers is None or not hand & self.announced_mask:
            return legal
        trick = TRICKS - hand.bit_count() + 1
        return honer_filter(legal, hand, self.honers.announced, trick, self.trumps)

    def honer_gain(self, trick: Sequence[int], leader: int, number: int) -> int:
        """What the honers in a full ``trick`` (trick ``number``, led by ``leader``)
        are worth to side C."""
        h = self.honers
        if h is None:
            return 0
        beaters = self.rules.beaters
        at = 0
        for i in range(1, len(trick)):
            if beaters[trick[at]] >> trick[i] & 1:
                at = i
        gain = 0
        for i, c in enumerate(trick):
            value = h.cards.get(c)
            if value is None:
                continue
            on_time = DESIGNATED[value] == number
            if c in h.worth:
                worth = h.worth[c] if on_time and i == at else -h.worth[c]
            elif on_time:
                worth = h.silent if i == at else -h.silent
            else:
                continue
            ours = self.side_mask >> ((leader + i) % self.n) & 1
            gain += worth if ours else -worth
        return gain

    def trick_gain(
        self, hands: Sequence[int], trick: Sequence[int], leader: int, number: int
    ) -> int:
        """The search pays the honers as each trick is completed."""
        if self.honers is None or not any(x in self.honers.cards for x in trick):
            return 0
        return self.honer_gain(trick, leader, number)

    def _trick_bonus(self, trick: Sequence[int], leader: int, number: int) -> int:
        """A playout pays the honers as each trick is taken."""
        return self.honer_gain(trick, leader, number)
