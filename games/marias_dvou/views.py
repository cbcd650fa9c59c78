"""What a seat, or anyone at the table, may know about a deal of mariáš ve dvou.

Renderers get these views, never the state. The stock is never in a view
but for its count and, in B, the face-up card at its bottom while it lies
there (the turned trump, or the trump seven exchanged for it); the
opponent's hand never is; the first player's second four are not his to see
until he has named trumps (A, C). The public history (calls, every finished
trick) is in every view.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.cards import card_code
from games.engine import Seat
from games.marias.views import PlayedTrick, display_order, table_fields
from games.marias_dvou.scoring import VARIANT_ID
from games.marias_dvou.state import DvouState, Phase
from games.sides import SidesView

__all__ = ["PlayedTrick", "PlayerView", "PublicView", "player_view", "public_view"]


@dataclass(frozen=True)
class PublicView:
    """Everything both players and onlookers may see."""

    variant: str
    rules: str  # "A", "B" or "C"
    version: int
    seats: int
    dealer: Seat
    forhond: Seat
    phase: str
    to_act: tuple[Seat, ...]
    trump: str | None
    turned_card: str | None  # B: the face-up card under the stock
    stock_count: int
    strict: bool  # whether the §2.2 duties bind now
    stovka: Seat | None
    sedma: Seat | None
    flek: dict[str, int]
    flek_open: tuple[str, ...]
    owners: dict[str, Seat]
    calls: tuple[tuple[Seat, str], ...]
    hand_sizes: dict[Seat, int]
    trick: tuple[tuple[Seat, str], ...]
    last_trick: tuple[tuple[Seat, str], ...]
    last_winner: Seat | None
    history: tuple[PlayedTrick, ...]
    tricks_won: dict[Seat, int]
    marriages: tuple[tuple[Seat, str, int], ...]
    end: str | None
    result: dict[str, Any] | None
    sides: SidesView


@dataclass(frozen=True)
class PlayerView:
    """A seat's own knowledge: the public view plus its hand."""

    seat: Seat
    public: PublicView
    hand: tuple[str, ...]
    hand_complete: bool  # False while the first player sees only his first four
    legal: tuple[str, ...]
    sides: SidesView


def public_view(state: DvouState) -> PublicView:
    result = None
    if state.is_over:
        outcome = state.outcome()
        result = {**outcome.summary, "scores": list(outcome.scores)}
    turned = state.turned_card
    return PublicView(
        variant=VARIANT_ID,
        rules=state.options.dvou_variant,
        version=state.version,
        seats=state.seats,
        dealer=state.dealer,
        forhond=state.forhond,
        phase=str(state.phase),
        to_act=tuple(sorted(state.to_act())),
        trump=None if state.trump is None else state.trump.code,
        turned_card=None if turned is None else card_code(turned),
        stock_count=len(state.stock),
        strict=state.strict,
        stovka=state.stovka,
        sedma=state.sedma,
        flek=dict(state.flek),
        flek_open=state.flek_open,
        owners={name: state.owner(name) for name, _ in state.flek},
        **table_fields(state),
        marriages=tuple((m.seat, m.suit.code, m.points) for m in state.marriages),
        end=state.end,
        result=result,
        sides=state.sides.visible_for(None),
    )


def player_view(state: DvouState, seat: Seat) -> PlayerView:
    public = public_view(state)
    hand = state.hands[seat]
    complete = True
    if state.phase is Phase.TRUMP and seat == state.forhond:
        hand = sum(1 << c for c in state.dealt[0][:4])
        complete = False
    trump = None if state.trump is None else int(state.trump)
    return PlayerView(
        seat=seat,
        public=public,
        hand=display_order(hand, trump, False),
        hand_complete=complete,
        legal=tuple(a.code for a in state.legal_actions(seat)),
        sides=state.sides.visible_for(seat),
    )
