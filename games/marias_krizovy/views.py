"""What one seat (or an onlooker) may see of a deal: JSON-ready mappings.

A view never holds a card the viewer may not see, nor the partner before the
deal's ``sides`` are revealed: it carries ``sides.visible_for(viewer)``.
"""

from __future__ import annotations

from typing import Any

from games.cards import card_code, cards_of
from games.engine import Seat
from games.marias.played import marriages_record, open_trick_record
from games.marias_krizovy.state import KrizovyState, Phase

__all__ = ["player_view", "public_view"]


def _codes(mask: int) -> list[str]:
    return [card_code(c) for c in cards_of(mask)]


def _common(state: KrizovyState, viewer: Seat | None) -> dict[str, Any]:
    chosen = state.phase not in (Phase.CHOOSE, Phase.ANNOUNCE)
    shows_choice = chosen or state.blind or viewer == state.forhond
    view: dict[str, Any] = {
        "variant": "marias-krizovy",
        "viewer": viewer,
        "phase": state.phase.value,
        "seats": state.seats,
        "dealer": state.dealer,
        "active": list(state.active),
        "forhond": state.forhond,
        "to_move": state.to_move,
        "version": state.version,
        "red_round": state.red_round,
        "kind": state.kind,
        "declarer": state.declarer,
        "trump": None if state.trump is None else state.trump.code,  # the called card tells it
        "trump_card": (
            card_code(state.trump_card) if state.trump_card is not None and shows_choice else None
        ),
        "blind": state.blind,
        "called": None if state.called is None else card_code(state.called),  # spoken aloud
        "stovka": state.stovka,
        "honers": [h.to_dict() for h in state.honers],
        "fleks": dict(state.fleks),
        "partner_tricks": state.partner_tricks,
        "tricks": [
            {
                "seats": list(t.seats),
                "cards": [card_code(c) for c in t.cards],
                "winner": t.winner,
            }
            for t in state.tricks
        ],
        "trick": open_trick_record(state.trick_seats, state.trick_cards),
        "marriages": marriages_record(state.marriages),
        "sides": state.sides.visible_for(viewer).to_dict(),
        "partner": state.partner if state.sides.revealed else None,
        "chytak": None if state.chytak is None else card_code(state.chytak),
        "end": state.end,
        "hand_sizes": {str(s): state.hands[s].bit_count() for s in state.active},
    }
    return view


def player_view(state: KrizovyState, seat: Seat) -> dict[str, Any]:
    view = _common(state, seat)
    hand = state.hands[seat]
    if state.phase is Phase.CHOOSE and seat == state.forhond:
        first = state.first_four(seat)
        hand &= sum(1 << c for c in first)  # the second four lies unseen
    view["hand"] = _codes(hand)
    return view


def public_view(state: KrizovyState) -> dict[str, Any]:
    view = _common(state, None)
    view["hand"] = []
    return view
