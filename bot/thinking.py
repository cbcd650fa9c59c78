"""Computer moves computed in worker processes, never in the event loop.

A computer player may think for a while (a search over sampled deals), and
the bot's one asyncio loop serves every table: a move computed in the loop
would hold up every other table's buttons for that long. ``Thinker`` sends
each decision to a process pool (sized to the machine by default) with only
what the seat may know: the variant id, the player kind, ``view(seat)``, the
legal action codes, the seat and a seed. The worker builds the player from
the registry, so the same seed gives the same move in a worker or inline
(for a searching player, as long as it finishes its budget within the think
time: see below).

A searching (strong) player counts its work in samples and nodes and asks its
budget's ``stop`` between samples; ``games`` never reads a clock, so the
clock is read here: each decision gets a ``stop`` that says "time is up" after
``think`` seconds, and the player then plays its best move so far. A chat
waits about a second for a move, whatever machine the bot runs on.

The pool is bounded: with ``2 × workers`` decisions in flight a new one is
decided inline by the rule-of-thumb player (fast), so a burst of computer
seats degrades the play, never the latency, and nothing queues without
bound. A decision that outlasts ``cap`` seconds, or a worker that died, also
falls back to the rule player (and a dead pool is replaced). ``workers=0``
decides everything inline (tests, tiny machines).
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import random
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import replace
from typing import Any

from games.engine import Seat
from games.players import Player, make_player
from games.registry import find_variant
from games.strong.budget import Budget

__all__ = ["FALLBACK", "Thinker", "decide"]

_LOG = logging.getLogger(__name__)
FALLBACK = "rules"
"""The player that decides when the pool cannot (saturated, too slow, broken)."""

_PLAYERS: dict[tuple[str, str], Player] = {}
"""Players built in this process, per variant and kind (rule players keep no state
between decisions that a seed would not reproduce)."""


def decide(
    variant_id: str,
    kind: str,
    view: Any,
    codes: Sequence[str],
    seat: Seat,
    seed: int,
    think: float | None = None,
) -> str:
    """One decision: the code ``kind``'s player picks among ``codes`` (in a worker or
    inline). A kind the game has not got falls back to the rule player, then random.

    With ``think``, a player that searches within a ``Budget`` stops after that
    many seconds of wall-clock time (counted from here, in the process that
    decides) and plays its best move so far; ``None`` leaves its budget alone.
    """
    variant = find_variant(variant_id)
    player = _PLAYERS.get((variant_id, kind))
    if player is None:
        for candidate in (kind, FALLBACK, "random"):
            try:
                player = make_player(candidate, variant_id)
                break
            except KeyError:
                continue
        assert player is not None, f"{variant_id} has no computer player"
        _PLAYERS[(variant_id, kind)] = player
    legal = [variant.parse_action(code) for code in codes]
    rng = random.Random(seed)
    searching: Any = player  # a strong player has a budget; the Player protocol does not
    budget = getattr(searching, "budget", None)
    if think is None or not isinstance(budget, Budget):
        return player.choose(view, legal, seat, rng).code
    # this decision only: the player is kept for the next one, with its own budget
    searching.budget = replace(budget, stop=_stop_after(think, budget.stop))
    try:
        return player.choose(view, legal, seat, rng).code
    finally:
        searching.budget = budget


def _stop_after(seconds: float, stop: Callable[[], bool]) -> Callable[[], bool]:
    """A ``stop`` that says "time is up" once ``seconds`` have passed (or ``stop`` says so)."""
    deadline = time.monotonic() + seconds

    def time_is_up() -> bool:
        return time.monotonic() >= deadline or stop()

    return time_is_up


class Thinker:
    """Decides computer moves off the event loop, in a bounded process pool."""

    def __init__(
        self, workers: int | None = None, *, cap: float = 10.0, think: float | None = None
    ) -> None:
        self.workers = max(1, os.cpu_count() or 1) if workers is None else workers
        self.cap = cap
        self.think = think
        """Seconds a searching player may think per decision (``decide``); ``None``: no
        wall-clock limit beyond ``cap``."""
        self.limit = 2 * self.workers
        self.busy = 0
        self.fallbacks = 0
        """Decisions the rule player took over (saturated pool, cap, broken worker)."""
        self._pool: ProcessPoolExecutor | None = None

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            # spawn: a fresh interpreter per worker, no copy of the loop's threads
            context = multiprocessing.get_context("spawn")
            self._pool = ProcessPoolExecutor(max_workers=self.workers, mp_context=context)
        return self._pool

    async def choose(
        self, variant_id: str, kind: str, view: Any, codes: Sequence[str], seat: Seat, seed: int
    ) -> str:
        """The code of the move ``kind``'s player makes for ``seat``."""
        if self.workers == 0:
            return decide(variant_id, kind, view, codes, seat, seed, self.think)
        if self.busy >= self.limit:
            self.fallbacks += 1
            return decide(variant_id, FALLBACK, view, codes, seat, seed, self.think)
        loop = asyncio.get_running_loop()
        self.busy += 1
        try:
            job = loop.run_in_executor(
                self._executor(),
                decide,
                variant_id,
                kind,
                view,
                list(codes),
                seat,
                seed,
                self.think,
            )
            return await asyncio.wait_for(job, self.cap)
        except TimeoutError:
            _LOG.warning("a %s decision took over %.1f s; the rule player decided", kind, self.cap)
        except BrokenProcessPool:
            _LOG.error("a computer-player worker died; starting new ones")
            self._drop_pool()
        finally:
            self.busy -= 1
        self.fallbacks += 1
        return decide(variant_id, FALLBACK, view, codes, seat, seed, self.think)

    def _drop_pool(self) -> None:
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)

    def close(self) -> None:
        """Stop the workers (shutdown); pending decisions are dropped."""
        self._drop_pool()
