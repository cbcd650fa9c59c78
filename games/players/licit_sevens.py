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

In the card play the solver also counts the contract itself: with a
``stake`` (the dvě sedmy's price in card points), a line is worth ``+stake``
when both sevens hold and ``-stake`` otherwise, on top of the card points, in
the exact search and in the playouts alike. The search's transposition table
keys a trick's start by the hands alone, so the stake cannot wait for the
last trick (by then the hands no longer tell who took the ninth); it is paid
when the ninth trick is complete, where the last one is already decided: each
hand holds one card, the declarer leads it after taking the ninth, and the
trump seven wins it exactly when it is his card and nobody else holds a trump.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games.cards import SUIT_MASKS, Rank, Suit, make_card
from games.players.marias_discards import quick_discard
from games.strong.solver import Rules, Scoring, TrickGainSolver

__all__ = ["SevensRun", "TwoSevensSolver", "two_sevens_discard"]


def _seven(suit: int) -> int:
    return make_card(Rank.SEVEN, Suit(suit))


def two_sevens_discard(hand: int, trump: int, helper: int) -> int:
    """The ten cards kept of twelve for dvě sedmy: the quick rule's colour-game
    discard, but never either seven."""
    sevens = (1 << _seven(trump)) | (1 << _seven(helper))
    held = hand & sevens
    return quick_discard(hand & ~sevens, trump, keep=10 - held.bit_count()) | held


class TwoSevensSolver(TrickGainSolver):
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
        stake: int = 0,
    ) -> None:
        super().__init__(rules, scoring, side, players)
        self.helper_seven = helper_seven
        self.special |= 1 << helper_seven  # never merged with the eight beside it
        self.tricks = tricks
        self.stake = stake
        """What the dvě sedmy are worth to side C in the values (won ``+stake``, lost
        ``-stake``); 0 leaves them to the caller (the pricing reads ``ninth``)."""
        self.ninth = (-1, -1)
        bonus = scoring.bonus_card
        self._trumps = 0 if bonus is None else SUIT_MASKS[bonus // 13]

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

    def _taken(self, trick: Sequence[int], leader: int) -> tuple[int, int]:
        """The card that takes a full ``trick`` led by ``leader``, and its player."""
        beaters = self.rules.beaters
        best, at = trick[0], 0
        for i, c in enumerate(trick[1:], 1):
            if beaters[best] >> c & 1:
                best, at = c, i
        return best, (leader + at) % self.n

    def _trick_bonus(self, trick: Sequence[int], leader: int, number: int) -> int:
        """A playout records the ninth trick and, with a stake, pays the contract on
        the last (the playout saw the ninth, so it needs no look ahead)."""
        if number == self.tricks - 1:
            self.ninth = self._taken(trick, leader)
        elif self.stake and number == self.tricks:
            held = self.ninth[0] == self.helper_seven and self.side_mask >> self.ninth[1] & 1
            last, taker = self._taken(trick, leader)
            won = held and last == self.scoring.bonus_card and self.side_mask >> taker & 1
            return self.stake if won else -self.stake
        return 0

    def sevens_held(self, hands: Sequence[int], trick: Sequence[int], leader: int) -> bool:
        """Whether the dvě sedmy hold once the full ninth ``trick`` (led by ``leader``)
        is taken, ``hands`` being the cards left for the last trick: the helper seven
        took it for side C, whose last card is the trump seven, and nobody else
        holds a trump."""
        best, taker = self._taken(trick, leader)
        if best != self.helper_seven or not self.side_mask >> taker & 1:
            return False
        seven = self.scoring.bonus_card
        if seven is None or hands[taker] != 1 << seven:
            return False
        return not any(h & self._trumps for i, h in enumerate(hands) if i != taker)

    def trick_gain(
        self, hands: Sequence[int], trick: Sequence[int], leader: int, number: int
    ) -> int:
        """The search pays the stake as the ninth trick is completed."""
        if not self.stake or number != self.tricks - 1:
            return 0
        return self.stake if self.sevens_held(hands, trick, leader) else -self.stake


@dataclass(frozen=True, slots=True)
class SevensRun:
    """One playout of dvě sedmy: the declarer's card points (with the last trick),
    whether both sevens held, the declarer's marriages (total, best) and the
    defenders' (total, the sum of each defender's best)."""

    cards: int
    won: bool
    mine: tuple[int, int]
    theirs: tuple[int, int]
