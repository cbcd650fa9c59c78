"""Speed figures of the engine on one core (``python -m games bench``).

Prints, for Blázen: whole random games per second and validated actions per
second. Prints, for volený cenzr: random playouts per second through a fast
path (:func:`cenzr_playout`, the eight tricks of a called deal on bit masks
with the engine's own trick rules and card points), validated actions per
second through ``apply`` and whole random deals per second with legal-action
generation (4, 5 and 6 players). Prints, for volený mariáš: random playouts
per second through the fast kernel (the card play of a deal from its first
trick), validated actions per second through ``apply`` (replaying recorded
random deals), and whole random deals per second with legal-action
generation. Tisíc's figures and fast path are ``games.cli.tisic_fast``
(``tisic_bench``, imported here), licitovaný's
``games.cli.licit_fast`` (``licit_bench``, likewise), mariáš ve dvou's
``games.cli.dvou_fast`` (``dvou_bench``, likewise), křížový's
``games.cli.krizovy_fast`` (``krizovy_bench``, likewise). Nothing here asserts a time;
the figures are for people. Which measurements a game gets is the function
its entry in ``games.registry`` names (``bench``).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from games.cards import Card, Suit
from games.cenzr.rules import LAST_TRICK, card_points, trick_rules
from games.cenzr.state import CenzrState
from games.cenzr.state import Phase as CenzrPhase
from games.cli.dvou_fast import dvou_bench
from games.cli.krizovy_fast import krizovy_bench
from games.cli.licit_fast import licit_bench
from games.cli.tisic_fast import tisic_bench
from games.engine import Seat, Variant
from games.marias.fast import random_playout
from games.marias.state import Phase
from games.players.random_player import RandomPlayer
from games.registry import find_registration, load

__all__ = [
    "CenzrPlayout",
    "blazen_bench",
    "cenzr_bench",
    "cenzr_playout",
    "dvou_bench",
    "krizovy_bench",
    "licit_bench",
    "marias_bench",
    "run",
    "tisic_bench",
]


def _measure(seconds: float, step: Callable[[], int]) -> tuple[float, int]:
    done = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        done += step()
    return done / elapsed, done


def _random_deal(variant: Any, options: Any, seed: int) -> tuple[Any, list[tuple[Seat, Any]]]:
    rng = random.Random(seed)
    player = RandomPlayer()
    state = variant.new_deal(options, 3, seed % 3, seed=seed)
    actions: list[tuple[Seat, Any]] = []
    while not state.is_over:
        (seat,) = state.to_act()
        action = player.choose(None, state.legal_actions(seat), seat, rng)
        actions.append((seat, action))
        state, _ = variant.apply(state, seat, action)
    return state, actions


def blazen_bench(variant: Any, seconds: float) -> int:
    """Blázen: whole random games (36 cards, 2-6 players) and replayed actions."""
    options = variant.options()
    player = RandomPlayer()

    def game(seed: int) -> list[tuple[Seat, Any]]:
        rng = random.Random(seed)
        seats = 2 + seed % 5
        state = variant.new_deal(options, seats, seed % seats, seed=seed)
        actions: list[tuple[Seat, Any]] = []
        while not state.is_over:
            seat = state.to_move if state.to_move is not None else min(state.to_act())
            legal = [a for a in state.legal_actions(seat) if a.code != "redeal"]
            action = player.choose(None, legal, seat, rng)
            actions.append((seat, action))
            state, _ = variant.apply(state, seat, action)
        return actions

    next_seed = [0]

    def full_game() -> int:
        game(next_seed[0])
        next_seed[0] += 1
        return 1

    rate, count = _measure(seconds, full_game)
    print(f"random games with legal_actions + apply: {rate:,.0f}/s ({count} in {seconds:.1f} s)")
    recorded = [(s, game(s)) for s in range(20)]

    def replay() -> int:
        for seed, actions in recorded:
            seats = 2 + seed % 5
            state = variant.new_deal(options, seats, seed % seats, seed=seed)
            for seat, action in actions:
                state, _ = variant.apply(state, seat, action)
        return sum(len(actions) for _, actions in recorded)

    rate, count = _measure(seconds, replay)
    print(f"validated actions through apply: {rate:,.0f}/s ({count} in {seconds:.1f} s)")
    return 0


def run(variant_id: str, seconds: float) -> int:
    """Print the figures of the variant's registered benchmark (2 if it has none)."""
    entry = find_registration(variant_id)
    if entry.bench is None:
        print(f"no benchmark for {entry.variant.id} yet")
        return 2
    bench: Callable[[Variant, float], int] = load(entry.bench)
    return bench(entry.variant, seconds)


def marias_bench(variant: Any, seconds: float) -> int:
    """Volený mariáš: fast-kernel playouts, replayed actions and whole random deals."""
    options = variant.options({"unfleked_simple_game": "play"})
    starts: list[Any] = []
    seed = 0
    while len(starts) < 50:
        rng = random.Random(seed)
        state = variant.new_deal(options, 3, 0, seed=seed)
        while not state.is_over and state.phase is not Phase.PLAY:
            (seat,) = state.to_act()
            legal = [a for a in state.legal_actions(seat) if a.code not in ("spatna",)]
            legal = [
                a for a in legal if not a.code.startswith(("flek", "game:b", "game:d"))
            ] or legal
            state, _ = variant.apply(state, seat, legal[rng.randrange(len(legal))])
        if state.phase is Phase.PLAY:
            starts.append(state)
        seed += 1
    prng = random.Random(1)
    index = [0]

    def playout() -> int:
        random_playout(starts[index[0] % len(starts)], prng)
        index[0] += 1
        return 1

    rate, count = _measure(seconds, playout)
    print(f"random playouts (fast kernel, 10 tricks): {rate:,.0f}/s ({count} in {seconds:.1f} s)")

    recorded = [_random_deal(variant, options, s) for s in range(200)]

    def replay() -> int:
        applied = 0
        for state0_seed, (_, actions) in enumerate(recorded[:20]):
            state = variant.new_deal(options, 3, state0_seed % 3, seed=state0_seed)
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


# --- volený cenzr ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CenzrPlayout:
    """The card play of one cenzr deal, by table seat: card points taken (the
    last trick's 10 included), tricks taken, and who took the last trick."""

    points: dict[Seat, int]
    tricks: dict[Seat, int]
    last: Seat


_CENZR_POINTS: dict[int, tuple[int, ...]] = {}
_SUIT_OF = tuple(c // 13 for c in range(54))


def _points_of(trump: int) -> tuple[int, ...]:
    table = _CENZR_POINTS.get(trump)
    if table is None:
        suit = Suit(trump)
        table = tuple(card_points(Card(c), suit) if c < 52 else 0 for c in range(54))
        _CENZR_POINTS[trump] = table
    return table


def cenzr_playout(
    state: CenzrState, rng: random.Random, trace: list[int] | None = None
) -> CenzrPlayout:
    """Play the rest of a called deal with uniformly random legal cards, fast.

    The tight loop keeps hands as bit masks and asks the engine's trick kit
    (``games.cenzr.rules.trick_rules``: follow, else trump, never a duty to
    head, §2.2) for the legal cards and the winner, and the engine's card
    points (§1.2). Nobody announces. ``trace`` receives the cards in order, so
    a test can replay them through ``apply`` and compare.
    """
    if state.phase is not CenzrPhase.PLAY or state.trump is None:
        raise ValueError("playouts start in the play phase")
    active = state.active
    rules = trick_rules(state.trump)
    legal_of = rules.legal
    beaters = rules.beaters
    value = _points_of(int(state.trump))
    suit_of = _SUIT_OF
    hands = [state.hands[s] for s in active]
    points = [0, 0, 0, 0]
    tricks = [0, 0, 0, 0]
    for t in state.tricks:
        w = active.index(t.winner)
        tricks[w] += 1
        points[w] += sum(value[c] for c in t.cards)
    table = [int(c) for c in state.trick_cards]
    played = len(table)
    led = win = taker = pot = 0
    if table:
        best = rules.winner(state.trick_cards)
        led, win = suit_of[table[0]], table[best]
        taker = active.index(state.trick_seats[best])
        pot = sum(value[c] for c in table)
    player = active.index(state.to_move) if state.to_move is not None else 0
    rand = rng.random
    done = len(state.tricks)
    last = taker
    while done < 8:
        hand = hands[player]
        legal = legal_of(hand, led, win) if played else hand
        k = int(rand() * legal.bit_count())
        while k:
            legal &= legal - 1
            k -= 1
        bit = legal & -legal
        c = bit.bit_length() - 1
        hands[player] = hand ^ bit
        if trace is not None:
            trace.append(c)
        if played == 0:
            led, win, taker, pot = suit_of[c], c, player, value[c]
        else:
            pot += value[c]
            if beaters[win] >> c & 1:
                win, taker = c, player
        played += 1
        player = (player + 1) & 3
        if played == 4:
            points[taker] += pot
            tricks[taker] += 1
            done += 1
            played = 0
            player = last = taker
    points[last] += LAST_TRICK
    return CenzrPlayout(
        points=dict(zip(active, points, strict=True)),
        tricks=dict(zip(active, tricks, strict=True)),
        last=active[last],
    )


def _cenzr_called(variant: Any, options: Any, seed: int) -> CenzrState:
    """A deal of 4, 5 or 6 players in which the first player has called a random card."""
    seats = 4 + seed % 3
    state: CenzrState = variant.new_deal(options, seats, seed % seats, seed=seed)
    rng = random.Random(seed)
    calls = [a for a in state.legal_actions(state.active[0]) if a.code != "pass"]
    state, _ = variant.apply(state, state.active[0], calls[rng.randrange(len(calls))])
    return state


def _cenzr_random_deal(variant: Any, options: Any, seed: int) -> list[tuple[Seat, Any]]:
    rng = random.Random(seed)
    player = RandomPlayer()
    seats = 4 + seed % 3
    state = variant.new_deal(options, seats, seed % seats, seed=seed)
    actions: list[tuple[Seat, Any]] = []
    while not state.is_over:
        seat = min(variant.due(state))
        action = player.choose(None, state.legal_actions(seat), seat, rng)
        actions.append((seat, action))
        state, _ = variant.apply(state, seat, action)
    return actions


def cenzr_bench(variant: Any, seconds: float) -> int:
    """Volený cenzr: fast-path playouts, replayed actions and whole random deals."""
    options = variant.options()
    starts = [_cenzr_called(variant, options, seed) for seed in range(60)]
    prng = random.Random(1)
    index = [0]

    def playout() -> int:
        cenzr_playout(starts[index[0] % len(starts)], prng)
        index[0] += 1
        return 1

    rate, count = _measure(seconds, playout)
    print(f"random playouts (fast path, 8 tricks): {rate:,.0f}/s ({count} in {seconds:.1f} s)")

    recorded = [(s, _cenzr_random_deal(variant, options, s)) for s in range(30)]

    def replay() -> int:
        applied = 0
        for seed, actions in recorded:
            seats = 4 + seed % 3
            state = variant.new_deal(options, seats, seed % seats, seed=seed)
            for seat, action in actions:
                state, _ = variant.apply(state, seat, action)
                applied += 1
        return applied

    rate, count = _measure(seconds, replay)
    print(f"validated actions through apply: {rate:,.0f}/s ({count} in {seconds:.1f} s)")

    next_seed = [1000]

    def full_deal() -> int:
        _cenzr_random_deal(variant, options, next_seed[0])
        next_seed[0] += 1
        return 1

    rate, count = _measure(seconds, full_deal)
    print(
        f"whole random deals with legal_actions + apply: {rate:,.0f}/s ({count} in {seconds:.1f} s)"
    )
    return 0
