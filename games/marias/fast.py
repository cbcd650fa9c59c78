"""A fast, mutable kernel for random card play (search and benchmarks).

``apply`` builds a new frozen state per action, which is right for a table
but slow for Monte Carlo search. This kernel plays the remaining tricks of a
deal with plain integers and precomputed bit masks. It follows exactly the
same duties as ``legality`` (tests replay its traces through ``apply``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from games.cards import SUIT_MASKS
from games.marias.rules import BETL_ORDER, KINGS, NORMAL_ORDER, QUEENS, SHARP
from games.marias.state import Phase, VolenyState

__all__ = ["PlayoutResult", "random_playout"]

_SUIT_OF = tuple(c // 13 for c in range(54))
_HIGHER_NORMAL = NORMAL_ORDER.higher
_HIGHER_BETL = BETL_ORDER.higher


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
    trump = state.trump
    trump_mask = SUIT_MASKS[trump] if trump is not None else 0
    higher = _HIGHER_NORMAL if state.kind == "hra" else _HIGHER_BETL
    must_trump = state.options.must_trump_when_cannot_overtrump
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
    who = [active.index(s) for s in state.trick_seats]
    player = active.index(state.to_move) if state.to_move is not None else 0
    rand = rng.random
    last_card = -1
    last_winner = 0
    done = len(state.tricks)
    while done < 10:
        hand = hands[player]
        if not table:
            legal = hand
        else:
            led = _SUIT_OF[table[0]]
            led_mask = SUIT_MASKS[led]
            follow = hand & led_mask
            best = table[0]
            trumped = False
            for c in table[1:]:
                s = _SUIT_OF[c]
                if s == _SUIT_OF[best]:
                    if higher[best] >> c & 1:
                        best = c
                elif trump is not None and s == trump:
                    best = c
                    trumped = True
            if follow:
                trumped_lead = trumped and led != trump
                legal = follow if trumped_lead else (follow & higher[best]) or follow
            elif hand & trump_mask:
                trumps = hand & trump_mask
                if _SUIT_OF[best] == trump:
                    legal = (trumps & higher[best]) or (trumps if must_trump else hand)
                else:
                    legal = trumps
            else:
                legal = hand
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
        table.append(c)
        who.append(player)
        if len(table) < 3:
            player = (player + 1) % 3
            continue
        win = 0
        for i in (1, 2):
            a, b = table[i], table[win]
            if _SUIT_OF[a] == _SUIT_OF[b]:
                if higher[b] >> a & 1:
                    win = i
            elif trump is not None and _SUIT_OF[a] == trump:
                win = i
        player = who[win]
        tricks[player] += 1
        for x in table:
            if (1 << x) & SHARP:
                points[player] += 10
        last_card, last_winner = table[win], player
        table.clear()
        who.clear()
        done += 1
    points[last_winner] += 10
    return PlayoutResult(
        (tricks[0], tricks[1], tricks[2]),
        (points[0], points[1], points[2]),
        (marriages[0], marriages[1], marriages[2]),
        last_winner,
        last_card,
    )
