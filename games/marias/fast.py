"""A fast, mutable kernel for random card play (search and benchmarks).

``apply`` builds a new frozen state per action, which is right for a table
but slow for Monte Carlo search. This kernel plays the remaining tricks of a
deal with plain integers and precomputed bit masks. It follows exactly the
same duties as ``legality`` (tests replay its traces through ``apply``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from games.marias.legality import trick_rules
from games.marias.rules import KINGS, QUEENS, SHARP
from games.marias.state import Phase, VolenyState

__all__ = ["PlayoutResult", "random_playout"]

_SUIT_OF = tuple(c // 13 for c in range(54))


@dataclass(frozen=True, slots=True)
class PlayoutResult:
    """Per active role (forhond, middle, zadák): tricks and card points won."""

    tricks: tuple[int, int, int]
    points: tuple[int, int, int]
    marriages: tuple[int, int, int]
    last_winner: int
    last_winning_card: int


def random_playout(
    state: VolenyState, rng: random.Random, trace: list[int] | None = None
) -> PlayoutResult:
    """Play the rest of the deal with uniformly random legal cards."""
    if state.phase is not Phase.PLAY:
        raise ValueError("playouts start in the play phase")
    active = state.active
    hands = [state.hands[s] for s in active]
    rules = trick_rules(state)
    legal_of = rules.legal
    beaters = rules.beaters
    trump = state.trump
    marry = state.kind == "hra"
    tricks = [0, 0, 0]
    points = [0, 0, 0]
    marriages = [0, 0, 0]
    for m in state.marriages:
        marriages[active.index(m.seat)] += m.points
    for t in state.tricks:
        w = active.index(t.winner)
        tricks[w] += 1
        for played in t.cards:
            if (1 << played) & SHARP:
                points[w] += 10
    table: list[int] = [int(x) for x in state.trick_cards]
    # The kit's ``legal`` wants the led suit and the winning card; keeping
    # both (and the winner's role) up to date card by card saves rescanning.
    led = win = taker = 0
    if table:
        best = rules.winner(state.trick_cards)
        led, win = _SUIT_OF[table[0]], table[best]
        taker = active.index(state.trick_seats[best])
    player = active.index(state.to_move) if state.to_move is not None else 0
    rand = rng.random
    last_card = -1
    last_winner = 0
    done = len(state.tricks)
    while done < 10:
        hand = hands[player]
        legal = legal_of(hand, led, win) if table else hand
        k = int(rand() * legal.bit_count())
        while k:
            legal &= legal - 1
            k -= 1
        bit = legal & -legal
        c = bit.bit_length() - 1
        if trace is not None:
            trace.append(c)
        if marry:
            partner = bit >> 1 if bit & KINGS else bit << 1 if bit & QUEENS else 0
            if hand & partner:
                marriages[player] += 40 if _SUIT_OF[c] == trump else 20
        hands[player] = hand ^ bit
        if not table:
            led, win, taker = _SUIT_OF[c], c, player
        elif beaters[win] >> c & 1:
            win, taker = c, player
        table.append(c)
        if len(table) < 3:
            player = (player + 1) % 3
            continue
        player = taker
        tricks[player] += 1
        for x in table:
            if (1 << x) & SHARP:
                points[player] += 10
        last_card, last_winner = win, player
        table.clear()
        done += 1
    points[last_winner] += 10
    return PlayoutResult(
        (tricks[0], tricks[1], tricks[2]),
        (points[0], points[1], points[2]),
        (marriages[0], marriages[1], marriages[2]),
        last_winner,
        last_card,
    )
