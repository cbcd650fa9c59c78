"""Computer moves computed in worker processes, never in the event loop.

A computer player may think for a while (a search over sampled deals), and
the bot's one asyncio loop serves every table: a move computed in the loop
would hold up every other table's buttons for that long. ``Thinker`` sends
each decision to a process pool (sized to the machine by default) with only
what the seat may know: the variant id, the player kind, ``view(seat)``, the
legal action codes, the seat and a seed. The worker builds the player from
the registry, so the same seed gives the same move in a worker or inline.

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
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from games.engine import Seat
from games.players import Player, make_player
from games.registry import find_variant

__all__ = ["FALLBACK", "Thinker", "decide"]

_LOG = logging.getLogger(__name__)
FALLBACK = "rules"
"""The player that decides when the pool cannot (saturated, too slow, broken)."""

_PLAYERS: dict[tuple[str, str], Player] = {}
"""Players built in this process, per variant and kind (rule players keep no state
between decisions that a seed would not reproduce)."""


def decide(
    variant_id: str, kind: str, view: Any, codes: Sequence[str], seat: Seat, seed: int
) -> str:
    """One decision: the code ``kind``'s player picks among ``codes`` (in a worker or
    inline). A kind the game has not got falls back to the rule player, then random."""
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
    return player.choose(view, legal, seat, random.Random(seed)).code


class Thinker:
    """Decides computer moves off the event loop, in a bounded process pool."""

    def __init__(self, workers: int | None = None, *, cap: float = 10.0) -> None:
        self.workers = max(1, os.cpu_count() or 1) if workers is None else workers
        self.cap = cap
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
            return decide(variant_id, kind, view, codes, seat, seed)
        if self.busy >= self.limit:
            self.fallbacks += 1
            return decide(variant_id, FALLBACK, view, codes, seat, seed)
        loop = asyncio.get_running_loop()
        self.busy += 1
        try:
            job = loop.run_in_executor(
                self._executor(), decide, variant_id, kind, view, list(codes), seat, seed
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
        return decide(variant_id, FALLBACK, view, codes, seat, seed)

    def _drop_pool(self) -> None:
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)

    def close(self) -> None:
        """Stop the workers (shutdown); pending decisions are dropped."""
        self._drop_pool()
