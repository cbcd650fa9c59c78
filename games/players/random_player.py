"""The random-legal baseline: any legal action, uniformly."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from games.engine import Action, Seat

__all__ = ["RandomPlayer"]


class RandomPlayer:
    """Picks uniformly among the legal actions; the floor every other player must beat."""

    name = "random"

    def choose(self, view: Any, legal: Sequence[Action], seat: Seat, rng: random.Random) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        return legal[rng.randrange(len(legal))]
