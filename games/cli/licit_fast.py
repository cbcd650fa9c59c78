"""A fast path for random card play in licitovaný mariáš, and its benchmark.

Volený's kernel (``games.marias.fast.random_playout``) is written for
``VolenyState`` (it checks volený's ``Phase`` and asks volený's
``trick_rules``), so licitovaný's play phase gets the same loop here: hands as
bit masks, the legal cards and the trick's winner from the engine's own trick
kit (``games.marias_licit.legality.trick_rules``), the card points, the last
trick and the marriages (trump contracts) as ``apply`` counts them, and a
betl or durch ended at the trick that decides it when the table says so
(``end_betl_durch_early``). ``trace`` receives the cards in order, so a test
can replay them through ``apply`` and compare.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from games.engine import Seat
from games.marias.rules import KINGS, QUEENS, SHARP
from games.marias_licit.legality import trick_rules
from games.marias_licit.state import LicitState, Phase
from games.players.random_player import RandomPlayer

__all__ = ["LicitPlayout", "licit_bench", "licit_playout", "play_start"]

_SUIT_OF = tuple(c // 13 for c in range(54))


@dataclass(frozen=True, slots=True)
class LicitPlayout:
    """Per active role (forhond, middle, zadák): tricks, card points (the last
    trick's 10 included when all ten were played) and marriage points; how many
    tricks were played and who took the last of them (a role)."""

    tricks: tuple[int, int, int]
    points: tuple[int, int, int]
    marriages: tuple[int, int, int]
    played: int
    last_winner: int


def licit_playout(
    state: LicitState, rng: random.Random, trace: list[int] | None = None
) -> LicitPlayout:
    """Play the rest of the deal with uniformly random legal cards."""
    if state.phase is not Phase.PLAY or state.declarer is None or state.level is None:
        raise ValueError("playouts start in the play phase")
    active = state.active
    hands = [state.hands[s] for s in active]
    rules = trick_rules(state)
    legal_of = rules.legal
    beaters = rules.beaters
    trump = state.trump
    marry = trump is not None
    declarer = active.index(state.declarer)
    lv = state.level
    early = state.options.end_betl_durch_early
    betl = early and lv.has("betl")
    durch = early and lv.has("durch")
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
    led = win = taker = 0
    if table:
        best = rules.winner(state.trick_cards)
        led, win = _SUIT_OF[table[0]], table[best]
        taker = active.index(state.trick_seats[best])
    player = active.index(state.to_move) if state.to_move is not None else 0
    rand = rng.random
    last_winner = active.index(state.tricks[-1].winner) if state.tricks else 0
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
        player = last_winner = taker
        tricks[player] += 1
        for x in table:
            if (1 << x) & SHARP:
                points[player] += 10
        table.clear()
        done += 1
        if (betl and taker == declarer) or (durch and taker != declarer):
            break
    if done == 10:
        points[last_winner] += 10
    return LicitPlayout(
        (tricks[0], tricks[1], tricks[2]),
        (points[0], points[1], points[2]),
        (marriages[0], marriages[1], marriages[2]),
        done,
        last_winner,
    )


def play_start(variant: Any, options: Any, seed: int) -> LicitState | None:
    """A deal of three brought by random legal actions to its first card (``None``
    when all passed or the declarer conceded)."""
    rng = random.Random(seed)
    state: LicitState = variant.new_deal(options, 3, seed % 3, seed=seed)
    while not state.is_over and state.phase is not Phase.PLAY:
        seat = state.to_move
        assert seat is not None
        legal = [a for a in state.legal_actions(seat) if a.code != "omyl"]
        if state.phase is Phase.AUCTION and state.auction.level == 0:
            legal = [a for a in legal if a.code != "pass"] or legal  # somebody bids
        state, _ = variant.apply(state, seat, legal[rng.randrange(len(legal))])
    return state if state.phase is Phase.PLAY else None


def _measure(seconds: float, step: Callable[[], int]) -> tuple[float, int]:
    done = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        done += step()
    return done / elapsed, done


def _random_deal(variant: Any, options: Any, seed: int) -> list[tuple[Seat, Any]]:
    rng = random.Random(seed)
    player = RandomPlayer()
    state = variant.new_deal(options, 3, seed % 3, seed=seed)
    actions: list[tuple[Seat, Any]] = []
    while not state.is_over:
        seat = min(variant.due(state))
        action = player.choose(None, state.legal_actions(seat), seat, rng)
        actions.append((seat, action))
        state, _ = variant.apply(state, seat, action)
    return actions


def licit_bench(variant: Any, seconds: float) -> int:
    """Licitovaný mariáš: fast-path playouts, replayed actions and whole random deals."""
    options = variant.options()
    starts: list[LicitState] = []
    seed = 0
    while len(starts) < 50:
        start = play_start(variant, options, seed)
        if start is not None:
            starts.append(start)
        seed += 1
    prng = random.Random(1)
    index = [0]

    def playout() -> int:
        licit_playout(starts[index[0] % len(starts)], prng)
        index[0] += 1
        return 1

    rate, count = _measure(seconds, playout)
    print(f"random playouts (fast path, 10 tricks): {rate:,.0f}/s ({count} in {seconds:.1f} s)")

    recorded = [(s, _random_deal(variant, options, s)) for s in range(40)]

    def replay() -> int:
        applied = 0
        for seed, actions in recorded:
            state = variant.new_deal(options, 3, seed % 3, seed=seed)
            for seat, action in actions:
                state, _ = variant.apply(state, seat, action)
                applied += 1
        return applied

    rate, count = _measure(seconds, replay)
    print(f"validated actions through apply: {rate:,.0f}/s ({count} in {seconds:.1f} s)")

    next_seed = [1000]

    def full_deal() -> int:
        _random_deal(variant, options, next_seed[0])
        next_seed[0] += 1
        return 1

    rate, count = _measure(seconds, full_deal)
    print(
        f"whole random deals with legal_actions + apply: {rate:,.0f}/s ({count} in {seconds:.1f} s)"
    )
    return 0
