"""Per-game renderers, looked up by variant id.

A game plugs into the bot by adding its renderer here; the lobby, onboarding
and storage only ever call ``renderer_for(variant.id)``.
"""

from __future__ import annotations

from bot.render.base import Button, GameRenderer, Keyboard
from bot.render.blazen import BlazenRenderer
from bot.render.marias import MariasRenderer
from games.engine import Variant
from games.registry import VARIANTS

__all__ = ["RENDERERS", "Button", "GameRenderer", "Keyboard", "playable", "renderer_for"]

RENDERERS: dict[str, GameRenderer] = {r.variant_id: r for r in (MariasRenderer(), BlazenRenderer())}


def renderer_for(variant_id: str) -> GameRenderer:
    """The renderer of a variant; ``KeyError`` if the bot cannot show it yet."""
    return RENDERERS[variant_id]


def playable() -> list[Variant]:
    """The registry's variants the bot can show (an engine without a renderer is not yet)."""
    return [v for v in VARIANTS if v.id in RENDERERS]
