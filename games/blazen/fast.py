"""A fast mutable copy of a Blázen game, for Monte Carlo rollouts.

``transitions.apply`` builds a new frozen state and checks every action, which
is right for the table but far too slow for the thousands of playouts one
decision of the strong player needs. :class:`Fast` holds the same game as
plain ints, lists and bit masks and changes it in place. It follows the
engine's rules exactly (``tests/blazen/test_strong.py`` replays its traces
through ``apply`` and compares the legal actions at every step), so a
rollout here is a game the engine could have played.

What it leaves out, on purpose: the moves before the first attack (a redeal,
the trump exchange: a rollout never takes them, which is legal since nobody
has to), the ``known`` cards and the record fields, which do not change
who acts or who loses. Every option of ``BlazenOptions`` is supported.

Actions are tuples: ``(ATTACK, mask)``, ``(BEAT, index, card)``, ``(TAKE,)``,
``(TRANSFER, mask)``, ``(SHOW, card)``, ``(THROW, mask)``, ``(PASS,)``;
:func:`to_action` and :func:`from_action` convert them to and from the
engine's actions.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from itertools import combinations

from games.blazen.actions import (
    Attack,
    Beat,
    BlazenAction,
    Pass,
    Show,
    Take,
    Throw,
    Transfer,
)
from games.blazen.rules import RANK_MASKS, beaters
from games.blazen.state import BlazenState, Phase
from games.cards import SUIT_MASKS, Card, cards_of, mask_of

__all__ = [
    "ATTACK",
    "BEAT",
    "PASS",
    "SHOW",
    "TAKE",
    "THROW",
    "TRANSFER",
    "Fast",
    "FastAction",
    "from_action",
    "to_action",
]

FastAction = tuple[int, ...]

ATTACK, BEAT, TAKE, TRANSFER, SHOW, THROW, PASS = range(7)
OPEN, DEFEND, THROW_PHASE, TAKE_ADD, OVER = range(5)
_PHASES = {
    Phase.OPEN: OPEN,
    Phase.DEFEND: DEFEND,
    Phase.THROW: THROW_PHASE,
    Phase.TAKE_ADD: TAKE_ADD,
    Phase.OVER: OVER,
}
_SUITED = (1 << 52) - 1
_RANK_OF = tuple(c % 13 for c in range(52))
_BIG = 1 << 30


def _low(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def _mask(cards: Iterable[int]) -> int:
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def to_action(action: FastAction) -> BlazenAction:
    """The engine's action for a kernel action (cards in ascending order, as the codes)."""
    kind = action[0]
    if kind == ATTACK:
        return Attack(tuple(cards_of(action[1])))
    if kind == BEAT:
        return Beat(action[1], Card(action[2]))
    if kind == TAKE:
        return Take()
    if kind == TRANSFER:
        return Transfer(tuple(cards_of(action[1])))
    if kind == SHOW:
        return Show(Card(action[1]))
    if kind == THROW:
        return Throw(tuple(cards_of(action[1])))
    return Pass()


def from_action(action: BlazenAction) -> FastAction | None:
    """The kernel's action for an engine action; ``None`` for a redeal or an exchange."""
    if isinstance(action, Attack):
        return (ATTACK, mask_of(action.cards))
    if isinstance(action, Beat):
        return (BEAT, action.index, action.card)
    if isinstance(action, Take):
        return (TAKE,)
    if isinstance(action, Transfer):
        return (TRANSFER, mask_of(action.cards))
    if isinstance(action, Show):
        return (SHOW, action.card)
    if isinstance(action, Throw):
        return (THROW, mask_of(action.cards))
    if isinstance(action, Pass):
        return (PASS,)
    return None


def _value(c: int, trump: int) -> int:
    """The rule player's worth of a card (``blazen_rules._value``)."""
    if c >= 52:
        return 40
    return _RANK_OF[c] + (20 if c // 13 == trump else 0)


class Fast:
    """One game in progress, mutable; built from an engine state with :meth:`of`."""

    __slots__ = (
        "after_take",
        "always_prompt",
        "anytime",
        "attacks",
        "bouts",
        "cap",
        "covers",
        "defender",
        "discards",
        "emptied",
        "end",
        "exits",
        "first_limit",
        "first_out_wins",
        "gone",
        "hand_limit",
        "hand_size",
        "hands",
        "losers",
        "multi_open",
        "n",
        "neighbors",
        "opener",
        "passed",
        "perevodnoy",
        "phase",
        "ptr",
        "queue",
        "ranks",
        "show_trump",
        "shown",
        "steps",
        "stock",
        "team_game",
        "teams",
        "to_move",
        "transfer_multi",
        "trump",
        "trumps",
        "until_discard",
        "waiting",
        "window",
    )

    n: int
    trump: int
    trumps: int
    hand_size: int
    teams: tuple[int, ...]
    team_game: bool
    perevodnoy: bool
    multi_open: bool
    neighbors: bool
    window: bool
    anytime: bool
    cap: int
    after_take: bool
    always_prompt: bool
    transfer_multi: bool
    show_trump: bool
    first_out_wins: bool
    hand_limit: bool
    first_limit: int
    until_discard: bool
    hands: list[int]
    stock: list[int]  # the top of the stock last, so that drawing pops from the end
    phase: int
    opener: int
    defender: int
    to_move: int  # -1: nobody in turn (a window of throwers)
    waiting: int  # seats as bits
    attacks: list[int]
    covers: list[int]  # -1: not covered
    ranks: int  # every suited card of a rank on the table
    passed: int  # seats as bits
    shown: int
    emptied: list[int]
    gone: int  # seats as bits
    exits: list[tuple[int, ...]]
    bouts: int
    discards: int
    queue: list[int]
    ptr: int
    end: str | None
    losers: tuple[int, ...]
    steps: int  # actions applied, for the node budget

    @classmethod
    def of(cls, state: BlazenState) -> Fast:
        """A kernel copy of an engine state."""
        g = object.__new__(cls)
        opts = state.options
        g.n = state.seats
        g.trump = state.trump
        g.trumps = SUIT_MASKS[state.trump]
        g.hand_size = opts.hand_size
        g.teams = state.teams
        g.team_game = opts.team_mode != "none"
        g.perevodnoy = opts.perevodnoy
        g.multi_open = opts.multi_card_open
        g.neighbors = opts.neighbors_only_throw_in
        g.window = opts.throw_in_mode == "window"
        g.anytime = opts.throw_in_timing == "anytime"
        g.cap = opts.throw_in_max_per_action
        g.after_take = opts.throw_in_after_take
        g.always_prompt = opts.always_prompt_throwers
        g.transfer_multi = opts.transfer_multi_card
        g.show_trump = opts.transfer_by_showing_trump
        g.first_out_wins = opts.simultaneous_finish == "first_out_wins"
        g.hand_limit = opts.max_attack == "defender_hand"
        g.first_limit = opts.max_attack_first_bout
        g.until_discard = opts.first_bout_scope == "until_first_discard"
        g.hands = list(state.hands)
        g.stock = list(reversed(state.stock))
        g.phase = _PHASES[state.phase]
        g.opener = state.opener
        g.defender = state.defender
        g.to_move = -1 if state.to_move is None else state.to_move
        g.waiting = sum(1 << s for s in state.waiting)
        g.attacks = [a for a, _ in state.table]
        g.covers = [-1 if d is None else d for _, d in state.table]
        ranks = 0
        for a, d in state.table:
            if a < 52:
                ranks |= RANK_MASKS[a % 13]
            if d is not None and d < 52:
                ranks |= RANK_MASKS[d % 13]
        g.ranks = ranks
        g.passed = sum(1 << s for s in state.passed)
        g.shown = state.shown
        g.emptied = list(state.emptied)
        g.gone = sum(1 << s for s in state.gone)
        g.exits = list(state.exits)
        g.bouts = state.bouts
        g.discards = state.discards
        g.queue = list(state.queue)
        g.ptr = state.ptr
        g.end = state.end
        g.losers = state.losers
        g.steps = 0
        return g

    def copy(self) -> Fast:
        """An independent copy (the lists are copied, the rest is immutable)."""
        g = object.__new__(Fast)
        for name in Fast.__slots__:
            setattr(g, name, getattr(self, name))
        g.hands = self.hands[:]
        g.stock = self.stock[:]
        g.attacks = self.attacks[:]
        g.covers = self.covers[:]
        g.emptied = self.emptied[:]
        g.exits = self.exits[:]
        g.queue = self.queue[:]
        return g

    # --- seats -------------------------------------------------------------

    def playing(self, s: int) -> bool:
        return not self.gone >> s & 1 and bool(self.hands[s] or self.stock)

    def next_opponent(self, seat: int) -> int:
        """``BlazenState.next_opponent``; -1 for none."""
        n, teams = self.n, self.teams
        for step in range(1, n):
            other = (seat + step) % n
            if teams[other] != teams[seat] and self.playing(other):
                return other
        return -1

    def _next_in(self, seat: int, step: int) -> int:
        for i in range(1, self.n):
            other = (seat + i * step) % self.n
            if self.playing(other):
                return other
        return -1

    def due(self) -> list[int]:
        """The seats the game waits for, lowest first (``Variant.due``)."""
        bits = self.waiting
        if self.to_move >= 0:
            bits |= 1 << self.to_move
        return [s for s in range(self.n) if bits >> s & 1]

    @property
    def over(self) -> bool:
        return self.phase == OVER

    # --- the bout ------------------------------------------------------------

    def base_limit(self) -> int:
        if self.hand_limit:
            return _BIG
        first = self.discards == 0 if self.until_discard else self.bouts == 0
        return self.first_limit if first else 6

    def uncovered(self) -> int:
        return self.covers.count(-1)

    def room(self) -> int:
        hand = self.hands[self.defender].bit_count()
        return max(0, min(self.base_limit() - len(self.attacks), hand - self.covers.count(-1)))

    def table_mask(self) -> int:
        mask = 0
        for a in self.attacks:
            mask |= 1 << a
        for d in self.covers:
            if d >= 0:
                mask |= 1 << d
        return mask

    def throw_cap(self) -> int:
        room = self.room()
        return room if self.cap == 0 else min(self.cap, room)

    def askable(self, s: int) -> bool:
        if not self.hands[s] or self.room() == 0:
            return False
        return self.always_prompt or bool(self.hands[s] & self.ranks)

    def throwing(self, s: int) -> bool:
        if self.waiting >> s & 1:
            return True
        return self.phase in (THROW_PHASE, TAKE_ADD) and s == self.to_move

    def eligible(self) -> list[int]:
        n, d, o = self.n, self.defender, self.opener
        order = [o] + [x for x in ((d + i) % n for i in range(1, n)) if x != o]
        near = -1
        if self.neighbors:
            near = 1 << o
            for step in (1, -1):
                x = self._next_in(d, step)
                if x >= 0:
                    near |= 1 << x
        teams, gone = self.teams, self.gone
        return [
            s
            for s in order
            if teams[s] != teams[d] and not gone >> s & 1 and (near < 0 or near >> s & 1)
        ]

    # --- legality ------------------------------------------------------------

    def legal(self, seat: int) -> list[FastAction]:
        """Every action of ``seat`` now, as ``legality.legal_actions`` lists them
        (without the redeal and the exchange), in the same order."""
        out: list[FastAction] = []
        if self.phase == OVER:
            return out
        hand = self.hands[seat]
        if self.phase == OPEN and seat == self.to_move:
            most = self.room() if self.multi_open else 1
            for rm in RANK_MASKS:
                cards = _bits(hand & rm)
                for size in range(1, min(most, len(cards)) + 1):
                    out.extend((ATTACK, _mask(c)) for c in combinations(cards, size))
            out.extend((ATTACK, 1 << j) for j in _bits(hand >> 52 << 52))
        if self.phase == DEFEND and seat == self.defender:
            for i, d in enumerate(self.covers):
                if d < 0:
                    out.extend(
                        (BEAT, i, c)
                        for c in _bits(beaters(hand, Card(self.attacks[i]), self.trump))
                    )
            out.append((TAKE,))
            first = self.attacks[0]
            if self.perevodnoy and first < 52 and self._can_pass():
                same = _bits(hand & RANK_MASKS[first % 13])
                target = self.next_opponent(seat)
                most = len(same) if self.transfer_multi else 1
                if target >= 0:
                    room = min(self.base_limit(), self.hands[target].bit_count())
                    for size in range(1, most + 1):
                        if len(self.attacks) + size <= room:
                            out.extend((TRANSFER, _mask(c)) for c in combinations(same, size))
                    if self.show_trump and len(self.attacks) <= room:
                        out.extend(
                            (SHOW, c)
                            for c in same
                            if c // 13 == self.trump and not self.shown >> c & 1
                        )
        if self.throwing(seat):
            cards = _bits(hand & self.ranks)
            most = self.throw_cap()
            for size in range(1, min(most, len(cards)) + 1):
                out.extend((THROW, _mask(c)) for c in combinations(cards, size))
            out.append((PASS,))
        return out

    def _can_pass(self) -> bool:
        """No attack card covered yet (a transfer is only before the first beat)."""
        return all(d < 0 for d in self.covers)

    # --- transitions ---------------------------------------------------------

    def act(self, seat: int, action: FastAction) -> None:
        """Apply a legal action (not checked: the caller took it from ``legal`` or the policy)."""
        self.steps += 1
        kind = action[0]
        if kind == ATTACK:
            mask = action[1]
            self._lay(seat, mask)
            cards = _bits(mask)
            self.attacks = cards
            self.covers = [-1] * len(cards)
            self.ranks = 0
            for c in cards:
                if c < 52:
                    self.ranks |= RANK_MASKS[c % 13]
            self.phase = DEFEND
            self.to_move = self.defender
            self._after_table_change()
        elif kind == BEAT:
            index, c = action[1], action[2]
            self._lay(seat, 1 << c)
            self.covers[index] = c
            if c < 52:
                self.ranks |= RANK_MASKS[c % 13]
            self.passed = 0
            if -1 in self.covers:
                self._after_table_change()
            else:
                self._start_throw()
        elif kind == TAKE:
            self._start_take_add()
        elif kind == TRANSFER:
            target = self.next_opponent(seat)
            self._add(seat, action[1])
            self.defender = target
            self.to_move = target
            self.passed = 0
            self._after_table_change()
        elif kind == SHOW:
            target = self.next_opponent(seat)
            self.shown |= 1 << action[1]
            self.defender = target
            self.to_move = target
            self.passed = 0
            self._after_table_change()
        elif kind == THROW:
            self._add(seat, action[1])
            if self.phase == TAKE_ADD:
                self._next_take_add(seat)
            elif self.anytime:
                self._after_table_change()
            else:
                self.phase = DEFEND
                self.to_move = self.defender
                self.waiting = 0
        else:
            self.passed |= 1 << seat
            if self.phase == TAKE_ADD:
                self._next_take_add(seat)
            elif self.window:
                self._refresh_window()
            else:
                self._ask_from(self.ptr + 1)

    def _lay(self, seat: int, mask: int) -> None:
        self.hands[seat] &= ~mask
        if not self.hands[seat] and seat not in self.emptied:
            self.emptied.append(seat)

    def _add(self, seat: int, mask: int) -> None:
        """Lay cards from a hand onto the table as new attack cards."""
        self._lay(seat, mask)
        for c in _bits(mask):
            self.attacks.append(c)
            self.covers.append(-1)
            if c < 52:
                self.ranks |= RANK_MASKS[c % 13]

    def _window(self) -> int:
        bits = 0
        for s in self.queue:
            if not self.passed >> s & 1 and self.askable(s):
                bits |= 1 << s
        return bits

    def _after_table_change(self) -> None:
        if not self.anytime:
            self.phase = DEFEND
            self.to_move = self.defender
            self.waiting = 0
            return
        self.queue = self.eligible()
        if -1 in self.covers:
            self.phase = DEFEND
            self.to_move = self.defender
            self.waiting = self._window()
            return
        self._start_throw()

    def _refresh_window(self) -> None:
        if self.anytime:
            self._after_table_change()
            return
        waiting = self._window()
        if not waiting:
            self._end_bout(False)
            return
        self.to_move = -1
        self.waiting = waiting

    def _start_throw(self) -> None:
        self.phase = THROW_PHASE
        self.queue = self.eligible()
        self.ptr = 0
        if self.window:
            waiting = self._window()
            if not waiting:
                self._end_bout(False)
                return
            self.to_move = -1
            self.waiting = waiting
            return
        self.passed = 0
        self._ask_from(0)

    def _ask_from(self, ptr: int) -> None:
        queue = self.queue
        while ptr < len(queue) and not self.askable(queue[ptr]):
            ptr += 1
        if ptr < len(queue):
            self.ptr = ptr
            self.to_move = queue[ptr]
            self.waiting = 0
            return
        self._end_bout(self.phase == TAKE_ADD)

    def _start_take_add(self) -> None:
        self.phase = TAKE_ADD
        self.queue = self.eligible()
        self.ptr = 0
        self.passed = 0
        self.waiting = 0
        if not self.after_take:
            self._end_bout(True)
        elif self.window:
            self._next_take_add(-1)
        else:
            self._ask_from(0)

    def _next_take_add(self, seat: int) -> None:
        if self.window:
            if seat >= 0:
                self.passed |= 1 << seat
            waiting = self._window()
            if not waiting:
                self._end_bout(True)
                return
            self.to_move = -1
            self.waiting = waiting
            return
        self._ask_from(self.ptr + 1)

    def _end_bout(self, taken: bool) -> None:
        n, d, o = self.n, self.defender, self.opener
        hands = self.hands
        if taken:
            hands[d] |= self.table_mask()
        stock = self.stock
        size = self.hand_size
        if stock:
            order = [o] if o != d else []
            order += [x for x in ((d + i) % n for i in range(1, n)) if x != o]
            order.append(d)
            for s in order:
                if self.gone >> s & 1:
                    continue
                need = size - hands[s].bit_count()
                while need > 0 and stock:
                    hands[s] |= 1 << stock.pop()
                    need -= 1
        self.bouts += 1
        if not taken:
            self.discards += 1
        self.attacks = []
        self.covers = []
        self.ranks = 0
        self.waiting = 0
        if not stock:
            leaving = tuple(s for s in range(n) if not self.gone >> s & 1 and not hands[s])
            if leaving:
                for s in leaving:
                    self.gone |= 1 << s
                self.exits.append(leaving)
        if self._game_end():
            return
        cand = (d + 1) % n if taken else d
        while self.gone >> cand & 1:
            cand = (cand + 1) % n
        self.phase = OPEN
        self.opener = cand
        self.defender = self.next_opponent(cand)
        self.to_move = cand
        self.queue = []
        self.ptr = 0
        self.passed = 0
        self.shown = 0
        self.emptied = []

    def _game_end(self) -> bool:
        alive = [s for s in range(self.n) if not self.gone >> s & 1]
        if self.team_game:
            holding = {self.teams[s] for s in alive}
            if len(holding) > 1:
                return False
            if not holding:
                self._over("draw", ())
                return True
            (side,) = holding
            self._over("team", tuple(s for s in range(self.n) if self.teams[s] == side))
            return True
        if len(alive) > 1:
            return False
        if alive:
            self._over("fool", (alive[0],))
        elif not self.first_out_wins:
            self._over("draw", ())
        else:
            last = self.exits[-1]
            emptied = [s for s in self.emptied if s in last]
            self._over("fool", (emptied[-1] if emptied else self.defender,))
        return True

    def _over(self, end: str, losers: tuple[int, ...]) -> None:
        self.phase = OVER
        self.to_move = -1
        self.waiting = 0
        self.end = end
        self.losers = losers

    # --- the rollout policy ------------------------------------------------------

    def rule_action(self, seat: int) -> FastAction:
        """What ``BlazenRulePlayer`` would do for ``seat`` here (its rules on bit masks)."""
        hand = self.hands[seat]
        trump = self.trump
        trumps = self.trumps
        if self.phase == OPEN and seat == self.to_move:
            plain = hand & _SUITED & ~trumps
            if plain:
                same = 0
                for rm in RANK_MASKS:
                    same = plain & rm
                    if same:
                        break
                most = self.room() if self.multi_open else 1
                pick = 0
                while same and most > 0:
                    bit = same & -same
                    pick |= bit
                    same ^= bit
                    most -= 1
                return (ATTACK, pick)
            if hand & trumps:
                return (ATTACK, 1 << _low(hand & trumps))
            return (ATTACK, 1 << _low(hand))
        if self.phase == DEFEND and seat == self.defender:
            return self._rule_defend(seat, hand, trump, trumps)
        # a thrower
        limit = 12 if self.phase == TAKE_ADD or not self.stock else 9
        cheap = hand & self.ranks & ~trumps
        k = self.throw_cap()
        if cheap and k > 0:
            cards = [c for c in _bits(cheap) if _RANK_OF[c] <= limit]
            if cards:
                if len(cards) > k:  # the lowest highest card; then the first by card order
                    worst = sorted(_RANK_OF[c] for c in cards)[k - 1]
                    cards = [c for c in cards if _RANK_OF[c] <= worst][:k]
                return (THROW, _mask(cards))
        return (PASS,)

    def _rule_defend(self, seat: int, hand: int, trump: int, trumps: int) -> FastAction:
        first = self.attacks[0]
        if self.perevodnoy and first < 52 and self._can_pass():
            target = self.next_opponent(seat)
            if target >= 0:
                room = min(self.base_limit(), self.hands[target].bit_count())
                same = hand & RANK_MASKS[first % 13]
                in_play = self.n - self.gone.bit_count()
                if in_play > 2 and self.show_trump and len(self.attacks) <= room:
                    for c in _bits(same & trumps):
                        if not self.shown >> c & 1:
                            return (SHOW, c)
                plain = same & ~trumps
                if plain and first % 13 < 8 and len(self.attacks) + 1 <= room:
                    return (TRANSFER, plain & -plain)
        # the cover plan: the hardest open card first, each with its cheapest beater
        open_cards = [(i, a) for i, a in enumerate(self.attacks) if self.covers[i] < 0]
        open_cards.sort(key=lambda p: -_value(p[1], trump))
        free = hand
        plan_first: FastAction | None = None
        high = 0
        top = 0
        for index, attack in open_cards:
            options = beaters(free, Card(attack), trump)
            if not options:
                return (TAKE,)
            same_suit = options & ~trumps & _SUITED
            best = (
                _low(same_suit)
                if same_suit
                else _low(options & trumps if options & trumps else options)
            )
            free &= ~(1 << best)
            v = _value(best, trump)
            if v >= 20:
                high += 1
            if v > top:
                top = v
            if plan_first is None:
                plan_first = (BEAT, index, best)
        assert plan_first is not None
        if len(self.stock) > 6 and (top >= 30 or high >= 2):
            return (TAKE,)
        return plan_first

    def random_action(self, seat: int, rng: random.Random) -> FastAction:
        """A uniformly random legal action (for the agreement tests)."""
        return rng.choice(self.legal(seat))

    def playout(self, *, rng: random.Random | None = None, limit: int = 10_000) -> None:
        """Play to the end: the lowest due seat acts, by the rule policy (random with
        ``rng``). ``limit`` bounds the steps (a safety net; a game always ends)."""
        while self.phase != OVER and limit > 0:
            limit -= 1
            bits = self.waiting
            if self.to_move >= 0:
                bits |= 1 << self.to_move
            seat = _low(bits)
            if rng is None:
                self.act(seat, self.rule_action(seat))
            else:
                self.act(seat, rng.choice(self.legal(seat)))
