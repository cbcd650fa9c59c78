"""A deal of křížový mariáš with its rules: the state the variant hands out."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.engine import Outcome, Seat
from games.marias_krizovy import legality, scoring, views
from games.marias_krizovy.actions import KrizovyAction
from games.marias_krizovy.state import KrizovyState

__all__ = ["KrizovyGame"]


class KrizovyGame(KrizovyState):
    """One deal: ``KrizovyState``'s data, with what is legal, the outcome and the views."""

    def legal_actions(self, seat: Seat) -> Sequence[KrizovyAction]:
        return legality.legal_actions(self, seat)

    def outcome(self) -> Outcome:
        return scoring.outcome(self)

    def view(self, seat: Seat) -> dict[str, Any]:
        return views.player_view(self, seat)

    def public_view(self) -> dict[str, Any]:
        return views.public_view(self)
