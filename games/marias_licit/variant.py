"""Licitovaný mariáš as a variant: the engine contract in one object.

Not registered yet (``games.registry``): the lead registers it once a bot
renderer exists.
"""

from __future__ import annotations

from collections.abc import Mapping

from games.engine import Outcome, Seat, add_deal
from games.marias.variantkit import ThreeHandedVariant
from games.marias_licit import deal, transitions
from games.marias_licit.actions import LicitAction, parse_action
from games.marias_licit.options import LicitOptions
from games.marias_licit.scoring import VARIANT_ID
from games.marias_licit.state import LicitState
from games.match import Match

__all__ = ["LICITOVANY", "LicitovanyVariant"]

_ACTION_TYPES = LicitAction.__args__


class LicitovanyVariant(ThreeHandedVariant):
    """``marias-licitovany``: 3 players, or 4 with one sitting out each deal.

    Money like volený: a deal's scores are units, the match's totals haléře
    (units × ``unit_haler``) and the settlement is the totals. A deal that all
    passed is dealt again by the same dealer.
    """

    id = VARIANT_ID
    aliases: tuple[str, ...] = ("licitovaný", "licitovany", "licit")
    title: Mapping[str, str] = {"cs": "Licitovaný mariáš", "en": "Licitovaný mariáš (auction)"}
    min_seats = 3
    max_seats = 4
    options_type = LicitOptions
    deal_module = deal
    transitions_module = transitions
    action_types = _ACTION_TYPES
    game_name = "licitovaný mariáš"

    def parse_action(self, code: str) -> LicitAction:
        return parse_action(code)

    def record_deal(self, match: Match, outcome: Outcome, options: LicitOptions) -> Match:
        """The totals add up and the deal passes clockwise; after an all-pass the same
        dealer deals again (§6 #39)."""
        again = outcome.summary.get("end") == "redeal"
        return add_deal(
            match, self.deal_scores(outcome, options), dealer=match.dealer if again else None
        )

    def due(self, state: LicitState) -> frozenset[Seat]:
        """The seat to move; a declarer who may only concede (omyl) is not waited for."""
        return frozenset(()) if state.to_move is None else frozenset((state.to_move,))


LICITOVANY = LicitovanyVariant()
