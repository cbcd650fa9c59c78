"""Variant ids and aliases -> variant objects (like python-chess ``find_variant``).

``/new mariáš`` and ``/new marias-voleny`` resolve through this one table,
which ``/help`` also lists.
"""

from __future__ import annotations

import unicodedata

from games.blazen.variant import BLAZEN
from games.engine import Variant
from games.marias.variant import VOLENY

__all__ = ["VARIANTS", "UnknownVariant", "find_variant"]

VARIANTS: tuple[Variant, ...] = (VOLENY, BLAZEN)


class UnknownVariant(KeyError):
    """No variant has this id or alias."""


def _fold(name: str) -> str:
    decomposed = unicodedata.normalize("NFKD", name.strip().lower())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).replace(" ", "-")


def find_variant(name: str) -> Variant:
    """The variant with this id or alias; accents, case and spaces do not matter."""
    wanted = _fold(name)
    for variant in VARIANTS:
        if wanted == _fold(variant.id) or wanted in (_fold(a) for a in variant.aliases):
            return variant
    raise UnknownVariant(name)
