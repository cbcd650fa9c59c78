"""A fast, mutable kernel for random card play (search and benchmarks).

``apply`` builds a new frozen state per action, which is right for a table
but slow for Monte Carlo search. This kernel plays the remaining tricks of a
deal with plain integers and precomputed bit masks. It follows exactly the
same duties as ``legality`` (tests replay its traces through ``apply``).

:func:`play_tricks` is the trick loop itself, shared by the mariáš games
whose tricks go round the table (volený here, licitovaný and křížový in
``games.cli``): the table's size, the number of tricks, the marriages, a betl
or durch ended early and a per-player filter of the legal cards (křížový's
honers) are parameters. :func:`open_trick` and :func:`tally` read where a
state's play stands, for every fast path.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from games.engine import Seat
from games.marias.legality import trick_rules
from games.marias.rules import KINGS, QUEENS, SHARP
from games.marias.state import Phase, VolenyState

__all__ = [
    "SUIT_OF",
    "Filter",
    "Marked",
    "PlayoutResult",
    "Tricks",
    "open_trick",
    "play_tricks",
    "random_playout",
    "tally",
]

SUIT_OF = tuple(c // 13 for c in range(54))
_SUIT_OF = SUIT_OF

Marked = list[tuple[int, int]]
"""A player's marked cards still in hand: (card bit, tag), e.g. křížový's honers."""

Filter = Callable[[int, Marked, int, int], int]
"""``(legal, marked, trick number, trumps) -> legal``, after the trick kit's duties."""


@dataclass(frozen=True, slots=True)
class PlayoutResult:
    """Per active role (forhond, middle, zadák): tricks and card points won."""

    tricks: tuple[int, int, int]
    points: tuple[int, int, int]
    marriages: tuple[int, int, int]
    last_winner: int
    last_winning_card: int


@dataclass(slots=True)  # not frozen: built once per playout, cheaply
class Tricks:
    """What :func:`play_tricks` counted, per index into ``active``: tricks, card
    points (the last trick's 10 included when all were played) and marriage
    points; how many tricks were played, who took the last one and with which card."""

    tricks: list[int]
    points: list[int]
    marriages: list[int]
    done: int
    last_winner: int
    last_card: int


def open_trick(
    rules: Any, state: Any, active: Sequence[Seat]
) -> tuple[list[int], int, int, int, int]:
    """The trick on the table: its cards, the led suit, the winning card, its
    taker and the player to move (indices into ``active``)."""
    table: list[int] = [int(x) for x in state.trick_cards]
    # The kit's ``legal`` wants the led suit and the winning card; keeping
    # both (and the winner's role) up to date card by card saves rescanning.
    led = win = taker = 0
    if table:
        best = rules.winner(state.trick_cards)
        led, win = _SUIT_OF[table[0]], table[best]
        taker = active.index(state.trick_seats[best])
    player = active.index(state.to_move) if state.to_move is not None else 0
    return table, led, win, taker, player


def tally(state: Any, active: Sequence[Seat]) -> tuple[list[int], list[int], list[int]]:
    """Tricks, card points (10 per ace or ten) and marriage points so far, per index."""
    n = len(active)
    tricks = [0] * n
    points = [0] * n
    marriages = [0] * n
    for m in state.marriages:
        marriages[active.index(m.seat)] += m.points
    for t in state.tricks:
        w = active.index(t.winner)
        tricks[w] += 1
        for played in t.cards:
            if (1 << played) & SHARP:
                points[w] += 10
    return tricks, points, marriages


def play_tricks(
    state: Any,
    rules: Any,
    rng: random.Random,
    trace: list[int] | None,
    *,
    total: int,
    marry: bool,
    trump: int | None,
    declarer: int = -1,
    betl: bool = False,
    durch: bool = False,
    marked: list[Marked] | None = None,
    narrow: Filter | None = None,
    trumps: int = 0,
) -> Tricks:
    """Play the rest of ``total`` tricks round the table with uniformly random
    legal cards; a betl (``durch``) ends when ``declarer`` takes (loses) a trick.
    While a player holds ``marked`` cards, ``narrow`` filters his legal cards further."""
    active = state.active
    n = len(active)
    hands = [state.hands[s] for s in active]
    if marked is None or narrow is None:
        marked = [[] for _ in active]
    legal_of = rules.legal
    beaters = rules.beaters
    tricks, points, marriages = tally(state, active)
    table, led, win, taker, player = open_trick(rules, state, active)
    rand = rng.random
    suit_of = SUIT_OF
    last_card = -1
    last_winner = active.index(state.tricks[-1].winner) if state.tricks else 0
    done = len(state.tricks)
    while done < total:
        hand = hands[player]
        legal = legal_of(hand, led, win) if table else hand
        mine = marked[player]
        if mine and narrow:
            legal = narrow(legal, mine, done + 1, trumps)
        k = int(rand() * legal.bit_count())
        while k:
            legal &= legal - 1
            k -= 1
        bit = legal & -legal
        c = bit.bit_length() - 1
        if trace is not None:
            trace.append(c)
        if mine:
            marked[player] = [h for h in mine if h[0] != bit]
        if marry:
            partner = bit >> 1 if bit & KINGS else bit << 1 if bit & QUEENS else 0
            if hand & partner:
                marriages[player] += 40 if suit_of[c] == trump else 20
        hands[player] = hand ^ bit
        if not table:
            led, win, taker = suit_of[c], c, player
        elif beaters[win] >> c & 1:
            win, taker = c, player
        table.append(c)
        if len(table) < n:
            player = (player + 1) % n
            continue
        player = last_winner = taker
        tricks[player] += 1
        for x in table:
            if (1 << x) & SHARP:
                points[player] += 10
        last_card = win
        table.clear()
        done += 1
        if (betl and taker == declarer) or (durch and taker != declarer):
            break
    if done == total:
        points[last_winner] += 10
    return Tricks(tricks, points, marriages, done, last_winner, last_card)


def random_playout(
    state: VolenyState, rng: random.Random, trace: list[int] | None = None
) -> PlayoutResult:
    """Play the rest of the deal with uniformly random legal cards."""
    if state.phase is not Phase.PLAY:
        raise ValueError("playouts start in the play phase")
    trump = state.trump
    run = play_tricks(
        state,
        trick_rules(state),
        rng,
        trace,
        total=10,
        marry=state.kind == "hra",
        trump=None if trump is None else int(trump),
    )
    tricks, points, marriages = run.tricks, run.points, run.marriages
    return PlayoutResult(
        (tricks[0], tricks[1], tricks[2]),
        (points[0], points[1], points[2]),
        (marriages[0], marriages[1], marriages[2]),
        run.last_winner,
        run.last_card,
    )
