"""Computer players: ``random`` (any legal action) and ``rules`` (rule of thumb)."""

from __future__ import annotations

from games.players.base import Player
from games.players.blazen_rules import BlazenRulePlayer
from games.players.marias_rules import MariasRulePlayer
from games.players.random_player import RandomPlayer

__all__ = ["PLAYER_NAMES", "Player", "make_player"]

PLAYER_NAMES = ("random", "rules")


def make_player(name: str, variant_id: str) -> Player:
    """A computer player by name for a variant."""
    if name == "random":
        return RandomPlayer()
    if name == "rules" and variant_id.startswith("marias"):
        return MariasRulePlayer()
    if name == "rules" and variant_id == "blazen":
        return BlazenRulePlayer()
    raise KeyError(f"no computer player {name!r} for {variant_id}")
