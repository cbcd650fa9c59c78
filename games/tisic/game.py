"""A deal of Tisíc with its rules: the state the variant hands out.

``state.TisicState`` is the data the rule modules (``legality``,
``scoring``, ``views``) read, so it cannot import them without a circle.
This class sits one level above both and answers the parts of the engine
contract that need the rules, by asking those modules.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.engine import Outcome, Seat
from games.tisic import legality, scoring, views
from games.tisic.actions import TisicAction
from games.tisic.state import TisicState

__all__ = ["TisicGame"]


class TisicGame(TisicState):
    """One deal: ``TisicState``'s data, with what is legal, the outcome and the views."""

    __slots__ = ()

    def legal_actions(self, seat: Seat) -> Sequence[TisicAction]:
        return legality.legal_actions(self, seat)

    def outcome(self) -> Outcome:
        return scoring.outcome(self)

    def view(self, seat: Seat) -> views.PlayerView:
        return views.player_view(self, seat)

    def public_view(self) -> views.PublicView:
        return views.public_view(self)
