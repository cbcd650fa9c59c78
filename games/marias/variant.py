"""Volený mariáš as a registered variant: the engine contract in one object."""

from __future__ import annotations

from collections.abc import Mapping

from games.marias import deal, transitions
from games.marias.actions import MariasAction, parse_action
from games.marias.options import VolenyOptions
from games.marias.variantkit import ThreeHandedVariant

__all__ = ["VOLENY", "VolenyVariant"]

_ACTION_TYPES = MariasAction.__args__


class VolenyVariant(ThreeHandedVariant):
    """``marias-voleny``: 3 players, or 4 with one sitting out each deal.

    The seat range, the clockwise dealer, the open-ended match, the clocks and
    the timeout move are :class:`BaseVariant`'s defaults; only dealing (who deals
    first, the fourth player sitting out, gathering and cutting), the moves and
    the money (the match's totals are haléře) are mariáš's own.
    """

    id = "marias-voleny"
    aliases: tuple[str, ...] = ("marias", "mariáš", "voleny", "volený", "volený mariáš")
    title: Mapping[str, str] = {"cs": "Volený mariáš", "en": "Volený mariáš (Marriage)"}
    min_seats = 3
    max_seats = 4
    options_type = VolenyOptions
    deal_module = deal
    transitions_module = transitions
    action_types = _ACTION_TYPES
    game_name = "mariáš"

    def parse_action(self, code: str) -> MariasAction:
        return parse_action(code)


VOLENY = VolenyVariant()
