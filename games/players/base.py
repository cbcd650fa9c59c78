"""What a computer player is: a function from what a seat knows to an action.

Players get the seat's view and legal actions only (never the state), so a
computer player cannot cheat by looking at other hands. Randomness comes
from a ``random.Random`` the caller seeds.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol

from games.engine import Action, Seat

__all__ = ["Player"]


class Player(Protocol):
    """Chooses one of ``legal`` for ``seat`` from ``view`` (``State.view(seat)``)."""

    name: str

    def choose(
        self, view: Any, legal: Sequence[Action], seat: Seat, rng: random.Random
    ) -> Action: ...
