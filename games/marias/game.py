"""A deal of volený mariáš with its rules: the state the variant hands out.

``state.VolenyState`` is the data the rule modules (``legality``,
``scoring``, ``views``) read, so it cannot import them without a circle.
This class sits one level above both and answers the parts of the engine
contract that need the rules, by asking those modules.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.engine import Outcome, Seat
from games.marias import legality, scoring, views
from games.marias.actions import MariasAction
from games.marias.state import VolenyState

__all__ = ["VolenyGame"]


class VolenyGame(VolenyState):
    """One deal: ``VolenyState``'s data, with what is legal, the outcome and the views."""

    __slots__ = ()

    def legal_actions(self, seat: Seat) -> Sequence[MariasAction]:
        return legality.legal_actions(self, seat)

    def outcome(self) -> Outcome:
        return scoring.outcome(self)

    def view(self, seat: Seat) -> object:
        return views.player_view(self, seat)

    def public_view(self) -> object:
        return views.public_view(self)
