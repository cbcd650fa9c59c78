"""An open-hand solver for the rest of a trick game: every hand known.

Strong players sample the hidden cards (``games.strong.sampling``) and solve
each sample as if all hands were open; the mean over samples ranks the moves
(perfect-information Monte Carlo). The solver is an alpha-beta search over the
remaining cards with

- a transposition table at trick starts (the value of the rest depends only on
  the hands and who leads, not on how the position was reached),
- equivalent cards merged: two cards of one hand with nothing between them in
  their suit (in other hands or on the table) and the same worth play alike,
  so only one is searched,
- move ordering: the strongest card first, which makes cutoffs early.

Values are for side ``C`` (the players in ``side``), who maximise; the others
minimise. A position is scored by the card points taken from now on (plus the
last trick's bonus and marriages), or, for a betl or a durch, ``-1`` when the
contract is lost and ``0`` when it holds. ``nodes`` bounds the work; when it
runs out the search returns what it has (the caller asked for a budget).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

from games.cards import cards_of

__all__ = ["Position", "Scoring", "TrickGainSolver", "TrickSolver"]

_SUIT_MASK = tuple(((1 << 13) - 1) << (13 * s) for s in range(5))
_INF = 1 << 30


class Rules(Protocol):
    """What the solver needs of ``games.tricks.TrickRules``."""

    @property
    def beaters(self) -> tuple[int, ...]: ...

    @property
    def strength(self) -> tuple[int, ...]: ...

    def legal(self, hand: int, led: int, winning: int) -> int: ...


@dataclass(frozen=True, slots=True)
class Scoring:
    """How taking a trick counts for side ``C``.

    ``points[c]`` is card ``c``'s worth, ``last`` the bonus of the last trick;
    ``marriages`` adds ``marriage``/``trump_marriage`` points to whoever plays a
    king or queen while holding its partner (``kings`` and ``queens`` are masks;
    the queen is the bit below the king). ``bonus_card`` taking the last trick
    adds ``bonus`` (a sedma); with ``bonus_both`` it counts for whichever side
    takes it, so the other side's is ``-bonus`` (a silent seven, §3.0.5: every
    holder plays for it, and its side is paid). ``sudden``: ``"betl"`` (side ``C`` must take no
    trick) or ``"durch"`` (it must take every trick) replaces the points."""

    points: tuple[int, ...]
    last: int = 0
    marriages: bool = False
    kings: int = 0
    queens: int = 0
    trump_suit: int | None = None
    marriage: int = 20
    trump_marriage: int = 40
    bonus_card: int | None = None
    bonus: int = 0
    bonus_both: bool = False
    sudden: str | None = None


@dataclass(slots=True)
class Position:
    """Where play stands: hands per player (bit masks), the cards on the table in
    order, who is to play and how many tricks are done of ``total``."""

    hands: list[int]
    table: list[int]
    player: int
    done: int
    total: int
    led_by: int = field(default=-1)

    def __post_init__(self) -> None:
        if self.led_by < 0:
            self.led_by = (self.player - len(self.table)) % len(self.hands)


class TrickSolver:
    """Alpha-beta over the rest of the deal for the ``side`` (player indices)."""

    def __init__(self, rules: Rules, scoring: Scoring, side: Sequence[int], players: int):
        self.rules = rules
        self.scoring = scoring
        self.side_mask = sum(1 << p for p in side)
        self.n = players
        self.nodes = 0
        self.limit = _INF
        self.last_trick = (-1, -1)
        """The winning card and taker of the last trick of the latest playout."""
        self.said: list[tuple[int, int]] = []
        """The marriages of the latest ``playout`` (player, points): the decisions
        before the play price a hundred by who said which."""
        self.table: dict[tuple[int, ...], tuple[int, int]] = {}
        special = scoring.kings | scoring.queens if scoring.marriages else 0
        if scoring.bonus_card is not None:
            special |= 1 << scoring.bonus_card
        self.special = special
        self.trump_mask: int = getattr(rules, "trump_mask", 0)
        strength = rules.strength
        self.order = [
            sorted((c for c in range(13 * s, min(13 * s + 13, 54))), key=lambda c: -strength[c])
            for s in range(5)
        ]
        self.key = [(-scoring.points[c], -strength[c]) for c in range(54)]
        self.above = [
            sum(1 << x for x in self.order[c // 13] if strength[x] > strength[c]) if c < 54 else 0
            for c in range(54)
        ]
        """Per card: the cards of its suit that beat it (a card none of them is left
        against is the boss of its suit)."""

    # -- public -----------------------------------------------------------------

    def values(self, pos: Position, nodes: int = _INF) -> dict[int, int]:
        """Each legal card of the player to move, with the value of playing it
        (for side ``C``, from now on). Merged equivalent cards share a value."""
        self.limit = self.nodes + nodes
        hands = list(pos.hands)
        table = list(pos.table)
        led, win, taker = self._trick_state(table, pos.led_by)
        legal = self._legal(hands[pos.player], table, led, win)
        out: dict[int, int] = {}
        for group in self._groups(legal, hands, table):
            c = group[0]
            v = self._play(
                hands, table, led, win, taker, pos.player, pos.done, pos.total, c, -_INF, _INF
            )
            for x in group:
                out[x] = v
        return out

    def playout(self, pos: Position, rng: random.Random, greedy: float = 0.8) -> int:
        """One heuristic playout of the rest: its value (``last_trick`` tells who
        took the last trick with which card)."""
        self.said = []
        hands = list(pos.hands)
        table = list(pos.table)
        led, win, taker = self._trick_state(table, pos.led_by)
        legal = self._legal(hands[pos.player], table, led, win)
        if rng.random() < greedy:
            first = self._greedy(legal, hands, table, win, taker, pos.player)
        else:
            cards = list(cards_of(self._unkept(legal, pos.player)))
            first = cards[int(rng.random() * len(cards))]
        return self._playout(
            hands, table, led, win, taker, pos.player, pos.done, pos.total, first, rng, greedy
        )

    def rollout_values(
        self, pos: Position, rng: random.Random, playouts: int, greedy: float = 0.8
    ) -> dict[int, float]:
        """Each legal card with the mean value of ``playouts`` playouts after it, each
        card of them the heuristic's first choice (``greedy`` of the time) or any
        legal card: for positions too big to solve, where the mean of cheap games
        still ranks the cards."""
        hands0 = list(pos.hands)
        table0 = list(pos.table)
        led, win, taker = self._trick_state(table0, pos.led_by)
        legal = self._legal(hands0[pos.player], table0, led, win)
        groups = self._groups(legal, hands0, table0)
        out: dict[int, float] = {}
        for group in groups:
            total = 0
            for _ in range(playouts):
                total += self._playout(
                    list(hands0), list(table0), led, win, taker, pos.player, pos.done,
                    pos.total, group[0], rng, greedy,
                )  # fmt: skip
            for x in group:
                out[x] = total / playouts
        return out

    def _playout(
        self,
        hands: list[int],
        table: list[int],
        led: int,
        win: int,
        taker: int,
        player: int,
        done: int,
        total: int,
        first: int,
        rng: random.Random,
        greedy: float,
    ) -> int:
        s = self.scoring
        beaters = self.rules.beaters
        value = 0
        c = first
        while True:
            self.nodes += 1
            if s.sudden is None and s.marriages:
                gain = self._marriage(hands[player], c)
                if gain:
                    self.said.append((player, gain))
                    value += gain if self.side_mask >> player & 1 else -gain
            hands[player] ^= 1 << c
            if not table:
                led, win, taker = c // 13, c, player
            elif beaters[win] >> c & 1:
                win, taker = c, player
            table.append(c)
            if len(table) < self.n:
                player = (player + 1) % self.n
            else:
                taken = self.side_mask >> taker & 1
                done += 1
                if s.sudden is not None:
                    if (s.sudden == "betl") == bool(taken):
                        return -1
                    if done == total:
                        return 0
                else:
                    value += self._trick_bonus(table, (player + 1) % self.n, done)
                    if taken:
                        value += sum(s.points[x] for x in table)
                    if done == total:
                        value += self._last_bonus(win, taken)
                if done == total:
                    self.last_trick = (win, taker)
                    return value
                table.clear()
                player = taker
            legal = self._legal(hands[player], table, led, win)
            if rng.random() < greedy:
                c = self._greedy(legal, hands, table, win, taker, player)
            else:
                cards = list(cards_of(self._unkept(legal, player)))
                c = cards[int(rng.random() * len(cards))]

    # -- search -----------------------------------------------------------------

    def _trick_state(self, table: list[int], led_by: int) -> tuple[int, int, int]:
        if not table:
            return 0, 0, 0
        beaters = self.rules.beaters
        win, taker = table[0], 0
        for i, c in enumerate(table[1:], 1):
            if beaters[win] >> c & 1:
                win, taker = c, i
        return table[0] // 13, win, (led_by + taker) % self.n

    def _legal(self, hand: int, table: list[int], led: int, win: int) -> int:
        return self.rules.legal(hand, led, win) if table else hand

    def _groups(self, legal: int, hands: list[int], table: list[int]) -> list[list[int]]:
        """The legal cards in classes of equivalent ones, best first."""
        live = 0
        for h in hands:
            live |= h
        for c in table:
            live |= 1 << c
        points = self.scoring.points
        special = self.special
        groups: list[list[int]] = []
        for suit in range(5):
            mine = legal & _SUIT_MASK[suit]
            if not mine:
                continue
            run: list[int] = []
            for c in self.order[suit]:
                bit = 1 << c
                if not live & bit:
                    continue
                if mine & bit and not special & bit:
                    if run and points[run[-1]] == points[c]:
                        run.append(c)
                        continue
                    if run:
                        groups.append(run)
                    run = [c]
                    continue
                if run:
                    groups.append(run)
                    run = []
                if mine & bit:
                    groups.append([c])
            if run:
                groups.append(run)
        return groups

    def _last_bonus(self, win: int, taken: int) -> int:
        """The last trick's worth to side C beyond its cards, ``win`` its winning
        card and ``taken`` whether C took it: the last-trick bonus and the bonus
        card's (C's own, or with ``bonus_both`` either side's)."""
        s = self.scoring
        if taken:
            return s.last + (s.bonus if win == s.bonus_card else 0)
        return -s.bonus if s.bonus_both and win == s.bonus_card else 0

    def _kept(self, player: int) -> int | None:
        """The bonus card that ``player`` saves for the last trick in playouts and
        orders last in the search: side C's, or anyone's with ``bonus_both``."""
        s = self.scoring
        if s.bonus_both or self.side_mask >> player & 1:
            return s.bonus_card
        return None

    def _trick_bonus(self, trick: Sequence[int], leader: int, number: int) -> int:
        """What a full ``trick`` (trick ``number``, led by ``leader``) is worth to side C
        beyond its cards, in a playout: nothing here; a game with honers pays them."""
        return 0

    def _greedy(
        self, legal: int, hands: list[int], table: list[int], win: int, taker: int, player: int
    ) -> int:
        """A playout's card: what a sound player plays without looking ahead, so
        that the mean of cheap games tells a strong hand from a weak one.

        A leader cashes a boss (a card no opponent can beat in its suit, nor
        trump) with points first, then a boss, else leads low and keeps his tens;
        side C with a bonus card (a sedma) draws trumps first. A follower who can
        take the trick takes it with points when nobody after him can take it
        back, else as cheaply as he can; one who cannot throws points on his
        side's trick when it is safe and his cheapest card otherwise. Side C's
        bonus card waits for the end. In a betl or durch the search's ordering
        decides (points do not count there)."""
        s = self.scoring
        if s.sudden is not None:
            return self._sudden(legal, hands, table, win, taker, player)
        keep = self._kept(player)
        if keep is not None and legal & ~(1 << keep):
            legal &= ~(1 << keep)
        if legal & (legal - 1) == 0:
            return legal.bit_length() - 1
        mine = self.side_mask >> player & 1
        rivals = 0
        for q in range(self.n):
            if q != player and (self.side_mask >> q & 1) != mine:
                rivals |= hands[q]
        points = s.points
        strength = self.rules.strength
        trumps = self.trump_mask
        above = self.above
        if not table:
            if keep is not None and not s.bonus_both and legal & trumps:  # a sedma's
                return max(cards_of(legal & trumps), key=lambda c: strength[c])
            best, best_score = -1, -(1 << 20)
            for c in cards_of(legal):
                suit = _SUIT_MASK[c // 13]
                boss = not rivals & above[c]
                if boss and not trumps & 1 << c and trumps & rivals:
                    boss = not any(  # a rival void in the suit with trumps would ruff it
                        not hands[q] & suit and hands[q] & trumps
                        for q in range(self.n)
                        if (self.side_mask >> q & 1) != mine
                    )
                if boss:
                    score = 1000 + 10 * points[c] + strength[c]
                else:
                    score = -100 * points[c] - strength[c] - (50 if trumps >> c & 1 else 0)
                if score > best_score:
                    best, best_score = c, score
            return best
        beaters = self.rules.beaters[win]
        takers = legal & beaters
        later = 0  # the rivals still to play in this trick
        for k in range(1, self.n - len(table)):
            q = (player + k) % self.n
            if (self.side_mask >> q & 1) != mine:
                later |= hands[q]
        if takers:
            safe = [c for c in cards_of(takers) if not later & self.rules.beaters[c]]
            if safe:
                return max(safe, key=lambda c: (points[c], -strength[c]))
            return min(cards_of(takers), key=lambda c: (strength[c], points[c]))
        ours = (self.side_mask >> taker & 1) == mine
        if ours and not later & beaters:
            return max(cards_of(legal), key=lambda c: (points[c], -strength[c]))
        return min(cards_of(legal), key=lambda c: (points[c], strength[c]))

    def _sudden(
        self, legal: int, hands: list[int], table: list[int], win: int, taker: int, player: int
    ) -> int:
        """A playout's card in a betl (side C must take no trick) or a durch (it must
        take every one). In a betl side C leads what a rival must beat and, following,
        keeps under the trick with its highest card that stays under; the other side
        leads where C cannot duck and stays under C's card. In a durch side C leads
        its boss and takes as cheaply as is safe; the others try to take a trick."""
        if legal & (legal - 1) == 0:
            return legal.bit_length() - 1
        strength = self.rules.strength
        above = self.above
        mine = self.side_mask >> player & 1
        c_cards = rivals = 0
        for q in range(self.n):
            if self.side_mask >> q & 1:
                c_cards |= hands[q] if q != player else 0
            if q != player and (self.side_mask >> q & 1) != mine:
                rivals |= hands[q]
        cards = list(cards_of(legal))
        high = max(cards, key=lambda c: strength[c])
        low = min(cards, key=lambda c: strength[c])
        if not table:
            if self.scoring.sudden == "durch":
                if mine:
                    bosses = [c for c in cards if not rivals & above[c]]
                    return max(bosses or cards, key=lambda c: strength[c])
                # lead what C cannot beat: a suit he lacks, or above all his cards in it
                return max(cards, key=lambda c: (not c_cards & above[c], strength[c]))
            if mine:  # lead what a rival can beat
                return max(cards, key=lambda c: ((rivals & above[c]).bit_count(), -strength[c]))

            # lead where C holds the suit and nothing under the card
            def ducks(c: int) -> tuple[int, int, int]:
                suit = _SUIT_MASK[c // 13] & c_cards
                under = suit & ~above[c] & ~(1 << c)
                return (0 if suit else 1, under.bit_count(), strength[c])

            return min(cards, key=ducks)
        beaters = self.rules.beaters[win]
        under = [c for c in cards if not beaters >> c & 1]
        if self.scoring.sudden == "durch":
            takers = [c for c in cards if beaters >> c & 1]
            if not takers:
                return low
            if mine:
                later = 0  # the rivals still to play in this trick
                for k in range(1, self.n - len(table)):
                    q = (player + k) % self.n
                    if not self.side_mask >> q & 1:
                        later |= hands[q]
                safe = [c for c in takers if not later & self.rules.beaters[c]]
                return min(safe, key=lambda c: strength[c]) if safe else high
            return high if self.side_mask >> taker & 1 else low
        c_winning = bool(self.side_mask >> taker & 1)
        if mine or c_winning:  # keep under the trick, shedding the highest card that does
            return max(under, key=lambda c: strength[c]) if under else low
        return low  # C is still to play: leave it room to take the trick

    def _unkept(self, legal: int, player: int) -> int:
        """The cards a random move of a playout draws from: side C's bonus card only
        when nothing else is legal (a sedma is not thrown away by chance)."""
        keep = self._kept(player)
        if keep is None:
            return legal
        return legal & ~(1 << keep) or legal

    def _ordered(
        self, groups: list[list[int]], table: list[int], win: int, taker: int, player: int
    ) -> list[list[int]]:
        """Likely best first, for early cutoffs: a lead from the top; a follower takes
        the trick as cheaply as he can, throws points on his own side's trick and
        his cheapest card on the other side's. Side C keeps its bonus card (the
        sedma's trump seven) for the end."""
        if len(groups) < 2:
            return groups
        keep = self._kept(player)
        if keep is not None and any(g[0] == keep for g in groups):
            rest = [g for g in groups if g[0] != keep]
            return [*self._ordered(rest, table, win, taker, player), [keep]] if rest else groups
        if not table:
            key = self.key
            if keep is not None and not self.scoring.bonus_both:  # a sedma draws trumps
                trumps = self.trump_mask
                return sorted(groups, key=lambda g: (not trumps >> g[0] & 1, key[g[0]]))
            return sorted(groups, key=lambda g: key[g[0]])
        beaters = self.rules.beaters[win]
        strength = self.rules.strength
        points = self.scoring.points
        ours = (self.side_mask >> taker & 1) == (self.side_mask >> player & 1)

        def score(g: list[int]) -> int:
            c = g[0]
            if beaters >> c & 1:
                return 2000 + 10 * points[c] - strength[c]
            if ours:
                return 1000 + 10 * points[c] - strength[c]
            return -10 * points[c] - strength[c]

        return sorted(groups, key=score, reverse=True)

    def _marriage(self, hand: int, c: int) -> int:
        s = self.scoring
        bit = 1 << c
        if not s.marriages:
            return 0
        partner = bit >> 1 if bit & s.kings else bit << 1 if bit & s.queens else 0
        if not hand & partner:
            return 0
        return s.trump_marriage if c // 13 == s.trump_suit else s.marriage

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
        c: int,
        alpha: int,
        beta: int,
    ) -> int:
        """The value (for side C, from now on) of ``player`` playing ``c``."""
        self.nodes += 1
        s = self.scoring
        gain = 0
        if s.sudden is None and s.marriages:  # a marriage of side D counts against C
            gain = self._marriage(hands[player], c)
            if not self.side_mask >> player & 1:
                gain = -gain
        hands[player] ^= 1 << c
        if not table:
            led, win, taker = c // 13, c, player
        elif self.rules.beaters[win] >> c & 1:
            win, taker = c, player
        table.append(c)
        try:
            if len(table) < self.n:
                return gain + self._search(
                    hands, table, led, win, taker, (player + 1) % self.n, done, total,
                    alpha - gain, beta - gain,
                )  # fmt: skip
            taken = self.side_mask >> taker & 1
            if s.sudden is not None:
                if (s.sudden == "betl") == bool(taken):
                    return -1
                if done + 1 == total:
                    return 0
                trick = 0
            else:
                trick = sum(s.points[x] for x in table) if taken else 0
                if done + 1 == total:
                    return gain + trick + self._last_bonus(win, taken)
            saved = table[:]
            table.clear()
            try:
                v = self._search(
                    hands, table, 0, 0, 0, taker, done + 1, total,
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
        alpha: int,
        beta: int,
    ) -> int:
        key: tuple[int, ...] | None = None
        if not table:
            key = (*hands, player)
            bounds = self.table.get(key)
            if bounds is not None:
                lo, hi = bounds
                if lo >= beta or lo == hi:
                    return lo
                if hi <= alpha:
                    return hi
                alpha, beta = max(alpha, lo), min(beta, hi)
        a0, b0 = alpha, beta
        legal = self._legal(hands[player], table, led, win)
        maximise = self.side_mask >> player & 1
        best = -_INF if maximise else _INF
        for group in self._ordered(self._groups(legal, hands, table), table, win, taker, player):
            v = self._play(
                hands, table, led, win, taker, player, done, total, group[0], alpha, beta
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


class TrickGainSolver(TrickSolver):
    """A solver whose search pays something beyond the cards as each trick is
    completed (křížový's honers, licitovaný's dvě sedmy): a subclass says what in
    :meth:`trick_gain`, and the search adds it to the value of the card that
    completes the trick. The gain must depend on the hands and the trick only,
    never on earlier tricks, or the transposition table would mix positions."""

    def trick_gain(
        self, hands: Sequence[int], trick: Sequence[int], leader: int, number: int
    ) -> int:
        """What the full ``trick`` (trick ``number``, 1-based, led by ``leader``) is
        worth to side C, ``hands`` being the cards left after it."""
        raise NotImplementedError

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
        c: int,
        alpha: int,
        beta: int,
    ) -> int:
        gain = 0
        if len(table) == self.n - 1:
            hands[player] ^= 1 << c  # the cards left after the trick, for the hook
            gain = self.trick_gain(hands, [*table, c], (player + 1) % self.n, done + 1)
            hands[player] ^= 1 << c
        v = super()._play(
            hands, table, led, win, taker, player, done, total, c, alpha - gain, beta - gain
        )
        return v + gain
