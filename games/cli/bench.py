"""Speed figures of the engine on one core (``python -m games bench``).

Prints, for Blázen: whole random games per second and validated actions per
second. Prints, for volený mariáš: random playouts per second through the fast
kernel (the card play of a deal from its first trick), validated actions per
second through ``apply`` (replaying recorded random deals), and whole random
deals per second with legal-action generation. Nothing here asserts a time;
the figures are for people. Which measurements a game gets is the function
its entry in ``games.registry`` names (``bench``).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

from games.engine import Seat, Variant
from games.marias.fast import random_playout
from games.marias.state import Phase
from games.players.random_player import RandomPlayer
from games.registry import find_registration, load

__all__ = ["blazen_bench", "marias_bench", "run"]


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
