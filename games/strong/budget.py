"""How much work a strong player's decision may take.

Work is counted in samples (sampled deals) and search nodes, so the same seed
gives the same decision on any machine. A wall-clock cap is the caller's: it
passes ``stop``, a callable that says "time is up" (the bot and the benchmarks
read a clock there; ``games`` never does), checked between samples, after
which the best option so far is played.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

__all__ = ["Budget", "never"]


def never() -> bool:
    """A ``stop`` that never stops: the budget in samples and nodes is the only limit."""
    return False


@dataclass(frozen=True, slots=True)
class Budget:
    """``samples`` sampled deals per decision, ``nodes`` search nodes per decision
    (over all samples), ``stop`` asked between samples (at least one is always done)."""

    samples: int = 24
    nodes: int = 200_000
    stop: Callable[[], bool] = field(default=never, compare=False)

    def __post_init__(self) -> None:
        if self.samples < 1 or self.nodes < 1:
            raise ValueError("a budget needs at least one sample and one node")
