"""A deal of volený cenzr with its rules: the state the variant hands out.

``state.CenzrState`` is the data the rule modules read, so it cannot import
them without a circle; this class sits one level above both and answers the
parts of the engine contract that need the rules, by asking those modules.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.cenzr import legality, scoring, views
from games.cenzr.actions import CenzrAction
from games.cenzr.state import CenzrState
from games.engine import Outcome, Seat

__all__ = ["CenzrGame"]


class CenzrGame(CenzrState):
    """One deal: ``CenzrState``'s data, with what is legal, the outcome and the views."""

    __slots__ = ()

    def to_act(self) -> frozenset[Seat]:
        return legality.to_act(self)

    def legal_actions(self, seat: Seat) -> Sequence[CenzrAction]:
        return legality.legal_actions(self, seat)

    def outcome(self) -> Outcome:
        return scoring.outcome(self)

    def view(self, seat: Seat) -> views.PlayerView:
        return views.player_view(self, seat)

    def public_view(self) -> views.PublicView:
        return views.public_view(self)
