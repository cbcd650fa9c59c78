"""A fast path for random card play in křížový mariáš, and its benchmark.

The loop of ``licit_fast`` for four players: hands as bit masks, the legal
cards and the trick's winner from the engine's own trick kit
(``games.marias_krizovy.legality.trick_rules``), the §2.5 filter on a
player's announced, unplayed honers as ``legal_cards`` applies it, the card
points, the last trick and the marriages (hra) as ``apply`` counts them, and a
solo betl or durch ended at the trick that decides it when the table says so
(``end_betl_durch_early``). ``trace`` receives the cards in order, so a test
can replay them through ``apply`` and compare.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from games.cards import SUIT_MASKS
from games.engine import Seat
from games.marias.rules import KINGS, QUEENS, SHARP
from games.marias_krizovy.legality import honer_card, trick_rules
from games.marias_krizovy.state import DESIGNATED, KrizovyState, Phase
from games.players.random_player import RandomPlayer

__all__ = ["KrizovyPlayout", "krizovy_bench", "krizovy_playout", "play_start"]

_SUIT_OF = tuple(c // 13 for c in range(54))


@dataclass(frozen=True, slots=True)
class KrizovyPlayout:
    """Per active seat (forhond first): tricks, card points (the last trick's 10
    included when all eight were played) and marriage points; how many tricks
    were played and who took the last of them (an index into ``active``)."""

    tricks: tuple[int, ...]
    points: tuple[int, ...]
    marriages: tuple[int, ...]
    played: int
    last_winner: int


def _honer_filter(legal: int, announced: list[tuple[int, int]], trick: int, trumps: int) -> int:
    """§2.5 on masks: ``announced`` are (card bit, designated trick) still in hand."""
    honer_mask = 0
    for bit, _ in announced:
        honer_mask |= bit
    if legal & trumps & ~honer_mask:
        for bit, designated in announced:
            if designated != trick:
                legal &= ~bit
    if legal and not legal & ~honer_mask:
        on_time = [bit for bit, designated in announced if legal & bit and designated == trick]
        if not on_time:
            held = [(designated, bit) for bit, designated in announced if legal & bit]
            legal = min(held)[1]  # the highest honer (9 before 8 before 7) goes first
    return legal


def krizovy_playout(
    state: KrizovyState, rng: random.Random, trace: list[int] | None = None
) -> KrizovyPlayout:
    """Play the rest of the deal with uniformly random legal cards."""
    if state.phase is not Phase.PLAY:
        raise ValueError("playouts start in the play phase")
    active = state.active
    n = len(active)
    hands = [state.hands[s] for s in active]
    rules = trick_rules(state)
    legal_of = rules.legal
    beaters = rules.beaters
    trump = state.trump
    marry = state.kind == "hra" and trump is not None
    trumps = SUIT_MASKS[trump] if trump is not None else 0
    declarer = active.index(state.declarer)
    early = state.options.end_betl_durch_early
    betl = early and state.kind == "betl"
    durch = early and state.kind == "durch"
    announced: list[list[tuple[int, int]]] = [[] for _ in active]
    if trump is not None:
        for h in state.honers:
            bit = 1 << honer_card(trump, h.value)
            i = active.index(h.seat)
            if hands[i] & bit:
                announced[i].append((bit, DESIGNATED[h.value]))
    tricks = [0] * n
    points = [0] * n
    marriages = [0] * n
    for m in state.marriages:
        marriages[active.index(m.seat)] += m.points
    for t in state.tricks:
        w = active.index(t.winner)
        tricks[w] += 1
        for x in t.cards:
            if (1 << x) & SHARP:
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
    while done < 8:
        hand = hands[player]
        legal = legal_of(hand, led, win) if table else hand
        mine = announced[player]
        if mine:
            legal = _honer_filter(legal, mine, done + 1, trumps)
        k = int(rand() * legal.bit_count())
        while k:
            legal &= legal - 1
            k -= 1
        bit = legal & -legal
        c = bit.bit_length() - 1
        if trace is not None:
            trace.append(c)
        if mine:
            announced[player] = [h for h in mine if h[0] != bit]
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
        if len(table) < n:
            player = (player + 1) % n
            continue
        player = last_winner = taker
        tricks[player] += 1
        for y in table:
            if (1 << y) & SHARP:
                points[player] += 10
        table.clear()
        done += 1
        if (betl and taker == declarer) or (durch and taker != declarer):
            break
    if done == 8:
        points[last_winner] += 10
    return KrizovyPlayout(tuple(tricks), tuple(points), tuple(marriages), done, last_winner)


def play_start(variant: Any, options: Any, seed: int) -> KrizovyState | None:
    """A deal of four or five brought by random choices to its first card: a hra with a
    random call (fleked so that it is played, with random honers), or, every fifth
    and sixth seed, a betl or a durch overcalled by the first to speak."""
    rng = random.Random(seed)
    seats = 4 + seed % 2
    state: KrizovyState = variant.new_deal(options, seats, seed % seats, seed=seed)
    while not state.is_over and state.phase is not Phase.PLAY:
        seat = state.to_move
        assert seat is not None
        legal = list(state.legal_actions(seat))
        codes = {a.code: a for a in legal}
        if state.phase is Phase.CHOOSE:
            action = rng.choice([a for a in legal if a.code.startswith(("volba", "cerv"))])
        elif state.phase is Phase.ANNOUNCE:
            action = rng.choice(legal)
        elif state.phase is Phase.APPROVAL:
            wanted = {4: "game:betl", 5: "game:durch"}.get(seed % 6, "dobra")
            action = codes.get(wanted, codes["dobra"])
        elif state.phase is Phase.FLEK:
            action = codes.get("flek:hra") if state.level("hra") == 0 else None
            action = action or codes["pass"]
        else:
            action = legal[0]
        state, _ = variant.apply(state, seat, action)
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
    seats = 4 + seed % 2
    state = variant.new_deal(options, seats, seed % seats, seed=seed)
    actions: list[tuple[Seat, Any]] = []
    while not state.is_over:
        seat = min(variant.due(state))
        action = player.choose(None, state.legal_actions(seat), seat, rng)
        actions.append((seat, action))
        state, _ = variant.apply(state, seat, action)
    return actions


def krizovy_bench(variant: Any, seconds: float) -> int:
    """Křížový mariáš: fast-path playouts, replayed actions and whole random deals."""
    options = variant.options()
    starts: list[KrizovyState] = []
    seed = 0
    while len(starts) < 60:
        start = play_start(variant, options, seed)
        if start is not None:
            starts.append(start)
        seed += 1
    prng = random.Random(1)
    index = [0]

    def playout() -> int:
        krizovy_playout(starts[index[0] % len(starts)], prng)
        index[0] += 1
        return 1

    rate, count = _measure(seconds, playout)
    print(f"random playouts (fast path, 8 tricks): {rate:,.0f}/s ({count} in {seconds:.1f} s)")

    recorded = [(s, _random_deal(variant, options, s)) for s in range(40)]

    def replay() -> int:
        applied = 0
        for seed, actions in recorded:
            seats = 4 + seed % 2
            state = variant.new_deal(options, seats, seed % seats, seed=seed)
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
