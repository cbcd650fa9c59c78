"""Per-game renderers, looked up by variant id.

Which renderer shows a game is the game's entry in ``games.registry``
(``renderer``, an import path, since ``games`` may not import ``bot``); this
module only loads them, so a game plugs into the bot without a line here.
The lobby, onboarding and storage only ever call ``renderer_for(variant.id)``.
"""

from __future__ import annotations

from bot.render.base import Button, GameRenderer, Keyboard
from games.engine import Variant
from games.registry import REGISTRY, VARIANTS, load

__all__ = ["RENDERERS", "Button", "GameRenderer", "Keyboard", "playable", "renderer_for"]

RENDERERS: dict[str, GameRenderer] = {
    entry.variant.id: load(entry.renderer)() for entry in REGISTRY if entry.renderer is not None
}


def renderer_for(variant_id: str) -> GameRenderer:
    """The renderer of a variant; ``KeyError`` if the bot cannot show it yet."""
    return RENDERERS[variant_id]


def playable() -> list[Variant]:
    """The registry's variants the bot can show (an engine without a renderer is not yet)."""
    return [v for v in VARIANTS if v.id in RENDERERS]
