"""A deal of mariáš ve dvou with its rules: the state the variant hands out.

``state.DvouState`` is the data the rule modules read; this class sits one
level above both and answers the parts of the engine contract that need them.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.engine import Outcome, Seat
from games.marias_dvou import legality, scoring, views
from games.marias_dvou.actions import DvouAction
from games.marias_dvou.state import DvouState

__all__ = ["DvouGame"]


class DvouGame(DvouState):
    """One deal: ``DvouState``'s data, with what is legal, the outcome and the views."""

    __slots__ = ()

    def legal_actions(self, seat: Seat) -> Sequence[DvouAction]:
        return legality.legal_actions(self, seat)

    def outcome(self) -> Outcome:
        return scoring.outcome(self)

    def view(self, seat: Seat) -> object:
        return views.player_view(self, seat)

    def public_view(self) -> object:
        return views.public_view(self)
