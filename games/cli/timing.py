"""The timing harness every game's benchmark shares (``python -m games bench``).

:func:`measure` runs a step until the time is up; :func:`report` prints its
line (``label: rate/s (count in seconds s)``). :func:`random_deal` plays one
whole deal between random-legal players and :func:`standard_bench` prints a
game's three usual figures: random playouts per second through its fast path,
validated actions per second through ``apply`` (replaying recorded random
deals) and whole random deals per second with legal-action generation. What
differs between games is passed in: the table of a seed (how many seats, who
deals), who acts, which starts the fast path plays from.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from games.engine import Seat
from games.players.random_player import RandomPlayer

__all__ = [
    "Table",
    "collect",
    "cycling",
    "measure",
    "random_deal",
    "replay_step",
    "report",
    "seat_due",
    "seat_min",
    "seat_only",
    "seeded",
    "standard_bench",
    "table_of",
]

Table = Callable[[int], tuple[int, int]]
"""The table of a seed: (number of seats, dealer)."""

SeatOf = Callable[[Any, Any], Seat]
"""Who acts next in a state, given ``(variant, state)``."""


def measure(seconds: float, step: Callable[[], int]) -> tuple[float, int]:
    """Run ``step`` (which returns how many units it did) for ``seconds``: (rate, count)."""
    done = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        done += step()
    return done / elapsed, done


def report(label: str, seconds: float, step: Callable[[], int], indent: str = "") -> None:
    """Measure ``step`` and print its line."""
    rate, count = measure(seconds, step)
    print(f"{indent}{label}: {rate:,.0f}/s ({count} in {seconds:.1f} s)")


def table_of(base: int, spread: int) -> Table:
    """Seeds cycling through ``base`` to ``base + spread - 1`` seats, dealer ``seed % seats``."""

    def table(seed: int) -> tuple[int, int]:
        seats = base + seed % spread
        return seats, seed % seats

    return table


def seat_only(variant: Any, state: Any) -> Seat:
    """The one seat to act (it is an error if there are several)."""
    (seat,) = state.to_act()
    return seat  # type: ignore[no-any-return]


def seat_min(variant: Any, state: Any) -> Seat:
    """The lowest of the seats to act."""
    return min(state.to_act())  # type: ignore[no-any-return]


def seat_due(variant: Any, state: Any) -> Seat:
    """The lowest of the seats the variant has due."""
    return min(variant.due(state))  # type: ignore[no-any-return]


def random_deal(
    variant: Any,
    options: Any,
    seed: int,
    table: Table,
    seat_of: SeatOf,
    keep: Callable[[Any], bool] | None = None,
) -> tuple[Any, list[tuple[Seat, Any]]]:
    """One whole deal between random-legal players (only actions ``keep`` accepts):
    the final state and the actions."""
    rng = random.Random(seed)
    player = RandomPlayer()
    seats, dealer = table(seed)
    state = variant.new_deal(options, seats, dealer, seed=seed)
    actions: list[tuple[Seat, Any]] = []
    while not state.is_over:
        seat = seat_of(variant, state)
        legal = state.legal_actions(seat)
        if keep is not None:
            legal = [a for a in legal if keep(a)]
        action = player.choose(None, legal, seat, rng)
        actions.append((seat, action))
        state, _ = variant.apply(state, seat, action)
    return state, actions


def replay_step(
    variant: Any, options: Any, recorded: Sequence[tuple[int, list[tuple[Seat, Any]]]], table: Table
) -> Callable[[], int]:
    """A step replaying the recorded deals (seed, actions) through ``apply``."""

    def replay() -> int:
        applied = 0
        for seed, actions in recorded:
            seats, dealer = table(seed)
            state = variant.new_deal(options, seats, dealer, seed=seed)
            for seat, action in actions:
                state, _ = variant.apply(state, seat, action)
                applied += 1
        return applied

    return replay


def seeded(run: Callable[[int], object], first: int) -> Callable[[], int]:
    """A step calling ``run`` on ``first``, ``first + 1``, … (one unit each)."""
    next_seed = [first]

    def step() -> int:
        run(next_seed[0])
        next_seed[0] += 1
        return 1

    return step


def cycling(
    starts: Sequence[Any], playout: Callable[[Any, random.Random], object]
) -> Callable[[], int]:
    """A step playing out the starts in turn with one seeded generator (one unit each)."""
    prng = random.Random(1)
    index = [0]

    def step() -> int:
        playout(starts[index[0] % len(starts)], prng)
        index[0] += 1
        return 1

    return step


def collect(make: Callable[[int], Any], wanted: int) -> list[Any]:
    """The first ``wanted`` results of ``make(0)``, ``make(1)``, … that are not ``None``."""
    found: list[Any] = []
    seed = 0
    while len(found) < wanted:
        made = make(seed)
        if made is not None:
            found.append(made)
        seed += 1
    return found


def standard_bench(
    variant: Any,
    options: Any,
    seconds: float,
    *,
    starts: Iterable[Any],
    playout: Callable[[Any, random.Random], object],
    playout_label: str,
    recorded: int,
    table: Table,
    seat_of: SeatOf,
    indent: str = "",
) -> None:
    """Print the three usual figures: playouts from ``starts`` through ``playout``,
    replayed actions of ``recorded`` random deals and whole random deals."""
    report(playout_label, seconds, cycling(list(starts), playout), indent)
    deals = [(s, random_deal(variant, options, s, table, seat_of)[1]) for s in range(recorded)]
    report(
        "validated actions through apply",
        seconds,
        replay_step(variant, options, deals, table),
        indent,
    )
    report(
        "whole random deals with legal_actions + apply",
        seconds,
        seeded(lambda s: random_deal(variant, options, s, table, seat_of), 1000),
        indent,
    )
