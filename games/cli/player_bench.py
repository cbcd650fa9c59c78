"""How long computer players take per decision (``python -m games bench --players``).

A chat waits for every computer move, so the figure that matters is the time
of one decision on one core: the median and the 95th percentile, per game and
per kind of decision (the classes of the legal actions: ``Play``, ``Flek/Pass``,
``Bid/Pass`` ...). Seeded deals are played by the measured player in every
seat; only decisions with a choice count (a single legal action is answered at
once). The figures are for people: nothing asserts a time.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

from games.engine import Seat
from games.registry import REGISTRY, Registration, find_registration

__all__ = ["kind_of", "measure", "run"]


def kind_of(legal: Sequence[object]) -> str:
    """A decision's kind: the classes of its legal actions."""
    return "/".join(sorted({type(a).__name__ for a in legal}))


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def measure(entry: Registration, kind: str, deals: int, seed: int) -> dict[str, list[float]]:
    """Milliseconds per decision with a choice, by kind of decision."""
    variant = entry.variant
    options = variant.options({})
    seats = variant.seat_range(options)[0]
    player = entry.player(kind)
    times: dict[str, list[float]] = {}
    for number in range(deals):
        state = variant.new_deal(options, seats, number % seats, seed=seed + number)
        rng = random.Random(seed + number)
        while not state.is_over:
            seat: Seat = min(variant.due(state))
            legal = state.legal_actions(seat)
            view = state.view(seat)
            start = time.perf_counter()
            action = player.choose(view, legal, seat, rng)
            spent = (time.perf_counter() - start) * 1000
            if len(legal) > 1:
                times.setdefault(kind_of(legal), []).append(spent)
            state, _ = variant.apply(state, seat, action)
    return times


def run(variant_id: str | None, kind: str | None, deals: int, seed: int = 1) -> int:
    """Print p50, p95 and the worst time per decision kind for one game or every game."""
    entries = [find_registration(variant_id)] if variant_id else list(REGISTRY)
    for entry in entries:
        chosen = kind or ("strong" if "strong" in entry.players else "rules")
        if chosen not in entry.players:
            print(f"{entry.variant.id}: no {chosen!r} player")
            continue
        times = measure(entry, chosen, deals, seed)
        every = [t for spent in times.values() for t in spent]
        print(f"{entry.variant.id} · {chosen} · {deals} deals · ms per decision with a choice")
        rows = [("all", every), *sorted(times.items())]
        for name, spent in rows:
            if not spent:
                continue
            print(
                f"  {name:<28} n={len(spent):<6} p50 {_percentile(spent, 0.5):8.1f}"
                f"  p95 {_percentile(spent, 0.95):8.1f}  max {max(spent):8.1f}"
            )
    return 0
