"""Computer players: ``random`` (any legal action) and ``rules`` (rule of thumb).

Which players a game has is its entry in ``games.registry``: there
``rules-v1`` is the first volený rule player, frozen so that
``python -m games arena`` can measure ``rules`` against it; Blázen's rule
player has had one version, so there ``rules-v1`` is the same as ``rules``.
"""

from __future__ import annotations

from games.players.base import Player
from games.registry import REGISTRY, registration

__all__ = ["PLAYER_NAMES", "Player", "make_player"]

PLAYER_NAMES: tuple[str, ...] = tuple(dict.fromkeys(k for r in REGISTRY for k in r.players))
"""Every kind of computer player some game has, for command-line choices."""


def make_player(name: str, variant_id: str) -> Player:
    """A computer player by name for a variant; ``KeyError`` if the game has none."""
    return registration(variant_id).player(name)
