"""Blázen as a registered variant: the engine contract in one object."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.blazen import deal, transitions
from games.blazen.actions import BlazenAction, parse_action
from games.blazen.options import BlazenOptions
from games.blazen.state import BlazenState
from games.engine import Action, Event, IllegalAction, Seat

__all__ = ["BLAZEN", "BlazenVariant"]

_ACTION_TYPES = BlazenAction.__args__


class BlazenVariant:
    """``blazen``: 2 to 8 players (as many as the deck gives six cards, §2)."""

    id = "blazen"
    aliases: tuple[str, ...] = ("durak", "blázen")
    title: Mapping[str, str] = {"cs": "Blázen", "en": "Blázen (Durak)"}
    min_seats = 2
    max_seats = 8
    options_type = BlazenOptions

    def options(self, values: Mapping[str, Any] | None = None) -> BlazenOptions:
        return BlazenOptions.from_dict(dict(values or {}))

    def new_deal(
        self,
        options: BlazenOptions,
        seats: int,
        dealer: Seat,
        *,
        seed: int | None = None,
        cards: Mapping[str, Sequence[str]] | None = None,
        first_attacker: Seat | None = None,
    ) -> BlazenState:
        """A new game. ``first_attacker`` comes from the match after a fool (§5);
        ``Match.opener`` holds it (see ``games.blazen.match``)."""
        return deal.new_deal(
            options, seats, dealer, seed=seed, cards=cards, first_attacker=first_attacker
        )

    def parse_action(self, code: str) -> BlazenAction:
        return parse_action(code)

    def apply(
        self, state: BlazenState, seat: Seat, action: Action
    ) -> tuple[BlazenState, tuple[Event, ...]]:
        if not isinstance(action, _ACTION_TYPES):
            raise IllegalAction("foreign_action", "that is not a move of Blázen")
        return transitions.apply(state, seat, action)

    def dealt_cards(self, state: BlazenState) -> dict[str, list[str]]:
        return deal.dealt_cards(state)

    def sitting_out(self, options: BlazenOptions, seats: int, dealer: Seat) -> frozenset[Seat]:
        deal.check_table(options, seats, dealer)
        return frozenset()


BLAZEN = BlazenVariant()
