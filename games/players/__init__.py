"""Computer players: ``random`` (any legal action) and ``rules`` (rule of thumb).

``rules-v1`` is the first volený rule player, frozen so that
``python -m games arena`` can measure ``rules`` against it; Blázen's rule
player has had one version, so there ``rules-v1`` is the same as ``rules``.
"""

from __future__ import annotations

from games.players.base import Player
from games.players.blazen_rules import BlazenRulePlayer
from games.players.marias_rules import MariasRulePlayer
from games.players.marias_rules_v1 import MariasRulePlayerV1
from games.players.random_player import RandomPlayer

__all__ = ["PLAYER_NAMES", "Player", "make_player"]

PLAYER_NAMES = ("random", "rules", "rules-v1")


def make_player(name: str, variant_id: str) -> Player:
    """A computer player by name for a variant."""
    if name == "random":
        return RandomPlayer()
    if name == "rules" and variant_id.startswith("marias"):
        return MariasRulePlayer()
    if name == "rules-v1" and variant_id.startswith("marias"):
        return MariasRulePlayerV1()
    if name in ("rules", "rules-v1") and variant_id == "blazen":
        return BlazenRulePlayer()
    raise KeyError(f"no computer player {name!r} for {variant_id}")
