"""Mariáš ve dvou as a variant: the engine contract in one object.

Not registered yet (``games.registry``): the lead registers it.
"""

from __future__ import annotations

from collections.abc import Mapping

from games.marias.variantkit import MariasFamilyVariant
from games.marias_dvou import deal, transitions
from games.marias_dvou.actions import DvouAction, parse_action
from games.marias_dvou.options import DvouOptions
from games.marias_dvou.scoring import VARIANT_ID

__all__ = ["DVOU", "DvouVariant"]

_ACTION_TYPES = DvouAction.__args__


class DvouVariant(MariasFamilyVariant):
    """``marias-dvou``: two players, rules A, B or C (``dvou_variant``).

    Money like volený: a deal's scores are units, the match's totals haléře
    (units × ``unit_haler``) and the settlement is the totals. The deal passes
    clockwise, which at two seats is the players alternating as dealer (§3.4.4).
    """

    id = VARIANT_ID
    aliases: tuple[str, ...] = ("mariáš ve dvou", "marias ve dvou", "dvou", "ve dvou")
    title: Mapping[str, str] = {"cs": "Mariáš ve dvou", "en": "Mariáš for two"}
    min_seats = 2
    max_seats = 2
    options_type = DvouOptions
    deal_module = deal
    transitions_module = transitions
    action_types = _ACTION_TYPES
    game_name = "mariáš ve dvou"
    leader_why = "in mariáš ve dvou the non-dealer always leads"

    def parse_action(self, code: str) -> DvouAction:
        return parse_action(code)


DVOU = DvouVariant()
