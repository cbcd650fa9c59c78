"""An open-hand search of the rest of a Tisíc deal: every hand known.

The shared solver (``games.strong.solver``) plays under one fixed trump; in
Tisíc a marriage led from trick 2 on makes its suit trumps from that very
trick (§7.2), so the trump is part of the position here and each trump has
its trick rules (§7.3: follow, else trump, and head the trick when one can).
The rest is the shared solver's method: alpha-beta for the declarer (who
maximises) against the two defenders (who minimise), a transposition table
at trick starts keyed by the hands, the player to lead and the trump, equal
low cards merged (a 9, 8 and 7 of one hand with nothing live between them
play alike), and the likely best card searched first.

The value of a position is what the declarer's raw score gains from now on:
the card points of the tricks he takes and the marriages he declares. A
player leading a king or queen whose partner he holds declares it (after the
first trick): the points are his whoever takes the trick, so the search does
not look at leading such a card silently.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from games.cards import SUIT_MASKS, Suit
from games.tisic.rules import KINGS, MARRIAGE_VALUE, ORDER, POINTS, QUEENS, trick_rules
from games.tricks import TrickRules

__all__ = ["TisicPosition", "TisicSearch"]

_INF = 1 << 30
_PAIRS = KINGS | QUEENS
_ZERO = 0
for _c in range(52):
    if POINTS[_c] == 0:
        _ZERO |= 1 << _c


@dataclass(slots=True)
class TisicPosition:
    """Hands by player index (masks), the cards on the table in order, who is to
    play, how many tricks are complete, and the trump suit (-1: none yet)."""

    hands: list[int]
    table: list[int]
    player: int
    done: int
    trump: int
    total: int = 10


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


class TisicSearch:
    """Alpha-beta over the rest of a deal for the ``declarer`` (a player index)."""

    def __init__(self, declarer: int, follow_rule: str = "mariash", min_done: int = 1) -> None:
        self.declarer = declarer
        self.min_done = min_done
        self.rules: dict[int, TrickRules] = {
            t: trick_rules(follow_rule, None if t < 0 else Suit(t)) for t in range(-1, 4)
        }
        self.nodes = 0
        self.limit = _INF
        self.table: dict[tuple[int, ...], tuple[int, int]] = {}
        strength = ORDER.strength
        self.order = [
            sorted(range(13 * s + 5, 13 * s + 13), key=lambda c: -strength[c]) for s in range(4)
        ]

    # -- public -----------------------------------------------------------------

    def values(self, pos: TisicPosition, nodes: int = _INF) -> dict[int, int]:
        """Each legal card of the player to move with its value for the declarer."""
        self.limit = self.nodes + nodes
        hands = list(pos.hands)
        table = list(pos.table)
        rules = self.rules[pos.trump]
        led, win, taker = self._trick_state(table, rules, pos.player)
        out: dict[int, int] = {}
        legal = self._legal(hands[pos.player], table, rules, led, win)
        for group in self._groups(legal, hands, table):
            v = self._play(
                hands,
                table,
                led,
                win,
                taker,
                pos.player,
                pos.done,
                pos.total,
                pos.trump,
                group[0],
                -_INF,
                _INF,
            )
            for c in group:
                out[c] = v
        return out

    def rollout_values(
        self, pos: TisicPosition, rng: random.Random, playouts: int, greedy: float = 0.8
    ) -> dict[int, float]:
        """Each legal card with the mean of ``playouts`` heuristic playouts after it:
        for positions too big to search."""
        rules = self.rules[pos.trump]
        led, win, _ = self._trick_state(pos.table, rules, pos.player)
        legal = self._legal(pos.hands[pos.player], pos.table, rules, led, win)
        out: dict[int, float] = {}
        for group in self._groups(legal, pos.hands, pos.table):
            total = 0
            for _ in range(playouts):
                total += self._playout(pos, group[0], rng, greedy)
            for c in group:
                out[c] = total / playouts
        return out

    def playout(
        self,
        pos: TisicPosition,
        rng: random.Random,
        greedy: float = 0.8,
        counted: int | None = None,
    ) -> int:
        """What the declarer (or the player ``counted``) gains from ``pos`` in one
        heuristic playout, its first card chosen like the rest: for valuing a deal
        before its play (a bid, a discard, a contract), where no card is being
        chosen. ``counted`` counts a defender's own tricks and marriages (what he
        writes, §8.3), the declarer still playing alone against two."""
        rules = self.rules[pos.trump]
        led, win, taker = self._trick_state(pos.table, rules, pos.player)
        hand = pos.hands[pos.player]
        legal = self._legal(hand, pos.table, rules, led, win)
        if rng.random() < greedy:
            marriages = self._marriages(hand, pos.done) if not pos.table else 0
            groups = self._groups(legal, pos.hands, pos.table)
            first = self._ordered(groups, pos.table, rules, win, taker, pos.player, marriages)
            c = first[0][0]
        else:
            cards = _bits(legal)
            c = cards[int(rng.random() * len(cards))]
        return self._playout(pos, c, rng, greedy, counted)

    # -- the rules --------------------------------------------------------------

    def _trick_state(
        self, table: list[int], rules: TrickRules, player: int
    ) -> tuple[int, int, int]:
        if not table:
            return 0, 0, 0
        win, at = table[0], 0
        for i, c in enumerate(table[1:], 1):
            if rules.beaters[win] >> c & 1:
                win, at = c, i
        return table[0] // 13, win, (player - len(table) + at) % 3

    @staticmethod
    def _legal(hand: int, table: list[int], rules: TrickRules, led: int, win: int) -> int:
        return rules.legal(hand, led, win) if table else hand

    def _declares(self, hand: int, c: int, done: int, table: list[int]) -> int:
        """The suit a lead of ``c`` declares (-1: none)."""
        if table or done < self.min_done or not _PAIRS >> c & 1:
            return -1
        pair = hand & SUIT_MASKS[c // 13] & _PAIRS
        return c // 13 if pair.bit_count() == 2 else -1

    def _marriages(self, hand: int, done: int) -> int:
        """The kings and queens a lead of which would declare their marriage."""
        if done < self.min_done:
            return 0
        out = 0
        for suit in range(4):
            pair = hand & SUIT_MASKS[suit] & _PAIRS
            if pair.bit_count() == 2:
                out |= pair
        return out

    def _groups(self, legal: int, hands: list[int], table: list[int]) -> list[list[int]]:
        """The legal cards, equal low cards with nothing live between them merged."""
        live = 0
        for h in hands:
            live |= h
        for c in table:
            live |= 1 << c
        groups: list[list[int]] = []
        for suit in range(4):
            mine = legal & SUIT_MASKS[suit]
            if not mine:
                continue
            run: list[int] = []
            for c in self.order[suit]:
                bit = 1 << c
                if not live & bit:
                    continue
                if mine & bit and _ZERO & bit:
                    run.append(c)
                    continue
                if run:
                    groups.append(run)
                    run = []
                if mine & bit:
                    groups.append([c])
            if run:
                groups.append(run)
        return groups

    def _ordered(
        self,
        groups: list[list[int]],
        table: list[int],
        rules: TrickRules,
        win: int,
        taker: int,
        player: int,
        marriages: int = 0,
    ) -> list[list[int]]:
        """Likely best first: a lead from the top (a marriage first); a follower takes
        the trick as cheaply as he can, or throws points on his side's trick and
        his cheapest card on the other side's."""
        strength = rules.strength
        if not table:
            return sorted(
                groups, key=lambda g: (-(marriages >> g[0] & 1), -POINTS[g[0]], -strength[g[0]])
            )
        beaters = rules.beaters[win]
        ours = (taker == self.declarer) == (player == self.declarer)

        def score(g: list[int]) -> int:
            c = g[0]
            if beaters >> c & 1:
                return 2000 + 10 * POINTS[c] - strength[c]
            if ours:
                return 1000 + 10 * POINTS[c] - strength[c]
            return -10 * POINTS[c] - strength[c]

        return sorted(groups, key=score, reverse=True)

    # -- search -----------------------------------------------------------------

    def _play(
        self,
        hands: list[int],
        table: list[int],
        led: int,
        win: int,
        taker: int,
        player: int,
        done: int,
        total: int,
        trump: int,
        c: int,
        alpha: int,
        beta: int,
    ) -> int:
        """The value for the declarer, from now on, of ``player`` playing ``c``."""
        self.nodes += 1
        gain = 0
        declared = self._declares(hands[player], c, done, table)
        if declared >= 0:
            trump = declared
            if player == self.declarer:
                gain = MARRIAGE_VALUE[declared]
        rules = self.rules[trump]
        hands[player] ^= 1 << c
        if not table:
            led, win, taker = c // 13, c, player
        elif rules.beaters[win] >> c & 1:
            win, taker = c, player
        table.append(c)
        try:
            if len(table) < 3:
                return gain + self._search(
                    hands, table, led, win, taker, (player + 1) % 3, done, total, trump,
                    alpha - gain, beta - gain,
                )  # fmt: skip
            trick = sum(POINTS[x] for x in table) if taker == self.declarer else 0
            if done + 1 == total:
                return gain + trick
            saved = table[:]
            table.clear()
            try:
                v = self._search(
                    hands, table, 0, 0, 0, taker, done + 1, total, trump,
                    alpha - gain - trick, beta - gain - trick,
                )  # fmt: skip
            finally:
                table[:] = saved
            return gain + trick + v
        finally:
            table.pop()
            hands[player] ^= 1 << c

    def _search(
        self,
        hands: list[int],
        table: list[int],
        led: int,
        win: int,
        taker: int,
        player: int,
        done: int,
        total: int,
        trump: int,
        alpha: int,
        beta: int,
    ) -> int:
        key: tuple[int, ...] | None = None
        if not table:
            key = (*hands, player, trump)
            bounds = self.table.get(key)
            if bounds is not None:
                lo, hi = bounds
                if lo >= beta or lo == hi:
                    return lo
                if hi <= alpha:
                    return hi
                alpha, beta = max(alpha, lo), min(beta, hi)
        a0, b0 = alpha, beta
        rules = self.rules[trump]
        legal = self._legal(hands[player], table, rules, led, win)
        maximise = player == self.declarer
        best = -_INF if maximise else _INF
        marriages = self._marriages(hands[player], done) if not table else 0
        groups = self._groups(legal, hands, table)
        for group in self._ordered(groups, table, rules, win, taker, player, marriages):
            v = self._play(
                hands, table, led, win, taker, player, done, total, trump, group[0], alpha, beta
            )
            if maximise:
                if v > best:
                    best = v
                    alpha = max(alpha, v)
            elif v < best:
                best = v
                beta = min(beta, v)
            if alpha >= beta or self.nodes >= self.limit:
                break
        if key is not None and self.nodes < self.limit:
            lo, hi = self.table.get(key, (-_INF, _INF))
            if best <= a0:
                hi = min(hi, best)
            elif best >= b0:
                lo = max(lo, best)
            else:
                lo = hi = best
            self.table[key] = (lo, hi)
        return best

    def _playout(
        self,
        pos: TisicPosition,
        first: int,
        rng: random.Random,
        greedy: float,
        counted: int | None = None,
    ) -> int:
        me = self.declarer if counted is None else counted
        hands = list(pos.hands)
        table = list(pos.table)
        trump = pos.trump
        rules = self.rules[trump]
        led, win, taker = self._trick_state(table, rules, pos.player)
        player, done, value, c = pos.player, pos.done, 0, first
        while True:
            self.nodes += 1
            declared = self._declares(hands[player], c, done, table)
            if declared >= 0:
                trump = declared
                rules = self.rules[trump]
                if player == me:
                    value += MARRIAGE_VALUE[declared]
            hands[player] ^= 1 << c
            if not table:
                led, win, taker = c // 13, c, player
            elif rules.beaters[win] >> c & 1:
                win, taker = c, player
            table.append(c)
            if len(table) < 3:
                player = (player + 1) % 3
            else:
                if taker == me:
                    value += sum(POINTS[x] for x in table)
                done += 1
                if done == pos.total:
                    return value
                table.clear()
                player = taker
            legal = self._legal(hands[player], table, rules, led, win)
            if rng.random() < greedy:
                marriages = self._marriages(hands[player], done) if not table else 0
                groups = self._groups(legal, hands, table)
                c = self._ordered(groups, table, rules, win, taker, player, marriages)[0][0]
            else:
                cards = _bits(legal)
                c = cards[int(rng.random() * len(cards))]
