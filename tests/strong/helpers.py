"""What the strong players' tests share: the never-peeks comparison."""

from __future__ import annotations

import random
from typing import Any

from games.engine import Action, Seat
from games.players.base import Player

__all__ = ["same_decision"]


def same_decision(player: Player, state: Any, other: Any, seat: Seat, seed: int = 3) -> Action:
    """The decision ``player`` makes for ``seat`` in ``state`` and in ``other`` (the
    same view, other hidden cards) with the same seed: they must be equal, since a
    player that differs has read what its view does not show."""
    assert other.view(seat) == state.view(seat)
    a = player.choose(state.view(seat), state.legal_actions(seat), seat, random.Random(seed))
    b = player.choose(other.view(seat), other.legal_actions(seat), seat, random.Random(seed))
    assert a == b
    return a
