"""Dvě sedmy (levels 9-12 of licitovaný) for the strong player's playouts.

Dvě sedmy are won when the declarer's seven of the helper suit takes the last
trick but one and his trump seven the last (§3.3.2, the other order loses).
The solver's playouts keep one card for the end (a sedma's trump seven);
:class:`TwoSevensSolver` also keeps the helper seven while the declarer holds
more than two cards, so the declarer plays both where they belong, and it
records who took the ninth trick with which card. The declarer lays away two
cards that are neither seven (:func:`two_sevens_discard`). The strong player
prices a playout as the level pays (``licit_strong.sevens_units``, with the
sto or silent game of the other levels).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games.cards import Rank, Suit, make_card
from games.players.marias_discards import quick_discard
from games.strong.solver import Rules, Scoring, TrickSolver

__all__ = ["SevensRun", "TwoSevensSolver", "two_sevens_discard"]


def _seven(suit: int) -> int:
    return make_card(Rank.SEVEN, Suit(suit))


def two_sevens_discard(hand: int, trump: int, helper: int) -> int:
    """The ten cards kept of twelve for dvě sedmy: the quick rule's colour-game
    discard, but never either seven."""
    sevens = (1 << _seven(trump)) | (1 << _seven(helper))
    held = hand & sevens
    return quick_discard(hand & ~sevens, trump, keep=10 - held.bit_count()) | held


class TwoSevensSolver(TrickSolver):
    """Playouts that keep side C's helper seven (``helper_seven``) for the last
    trick but one and read who took that trick (``ninth``: card, taker)."""

    def __init__(
        self,
        rules: Rules,
        scoring: Scoring,
        side: Sequence[int],
        players: int,
        helper_seven: int,
        tricks: int = 10,
    ) -> None:
        super().__init__(rules, scoring, side, players)
        self.helper_seven = helper_seven
        self.tricks = tricks
        self.ninth = (-1, -1)

    def _spare(self, legal: int, hands: list[int], player: int) -> int:
        """``legal`` without the helper seven while side C has other cards to play
        before the last trick but one."""
        keep = 1 << self.helper_seven
        if not self.side_mask >> player & 1 or not legal & keep:
            return legal
        if hands[player].bit_count() <= 2:
            return legal
        return legal & ~keep or legal

    def _unkept(self, legal: int, player: int) -> int:
        if not self.side_mask >> player & 1:
            return legal
        bonus = self.scoring.bonus_card
        last = 0 if bonus is None else 1 << bonus
        return legal & ~last & ~(1 << self.helper_seven) or legal & ~last or legal

    def _greedy(
        self, legal: int, hands: list[int], table: list[int], win: int, taker: int, player: int
    ) -> int:
        return super()._greedy(self._spare(legal, hands, player), hands, table, win, taker, player)

    def _trick_bonus(self, trick: Sequence[int], leader: int, number: int) -> int:
        if number == self.tricks - 1:
            beaters = self.rules.beaters
            best, at = trick[0], 0
            for i, c in enumerate(trick[1:], 1):
                if beaters[best] >> c & 1:
                    best, at = c, i
            self.ninth = (best, (leader + at) % self.n)
        return 0


@dataclass(frozen=True, slots=True)
class SevensRun:
    """One playout of dvě sedmy: the declarer's card points (with the last trick),
    whether both sevens held, the declarer's marriages (total, best) and the
    defenders' (total, the sum of each defender's best)."""

    cards: int
    won: bool
    mine: tuple[int, int]
    theirs: tuple[int, int]
