"""What a seat, or anyone at the table, may know about a game of Blázen (§12.1).

Renderers only ever get these views, never the state, so another hand or the
order of the stock cannot leak by accident. Public knowledge is: the trump
card, stock and Bito sizes, the table, hand sizes, and the cards everyone
saw go into a hand (a defender's pick-up, the drawn trump card, a shown
trump, the card given in a trump exchange), and who plays with whom (``sides``,
``BlazenState.sides``; the teams are public). Who may demand a redeal (or make
the trump exchange) is not public: only that seat's own view offers it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from games.blazen.rules import display_order
from games.blazen.state import BlazenState, Bout, Phase
from games.cards import card_code
from games.engine import Seat
from games.sides import Sides, SidesView

__all__ = ["PlayerView", "PublicView", "player_view", "public_view"]


@dataclass(frozen=True)
class PublicView:
    """Everything every player and onlooker may see."""

    variant: str
    rules: str  # podkidnoy (vhazovací) or perevodnoy (přestupový)
    version: int
    seats: int
    dealer: Seat
    phase: str
    to_act: tuple[Seat, ...]  # asked now; never a seat that may only redeal or exchange
    to_move: Seat | None
    trump: str
    trump_card: str
    trump_card_in_stock: bool
    stock: int
    bito: int
    opener: Seat | None
    defender: Seat | None
    table: tuple[tuple[str, str | None], ...]
    room: int
    hand_sizes: dict[Seat, int]
    known: dict[Seat, tuple[str, ...]]
    passed: tuple[Seat, ...]
    shown: tuple[str, ...]
    out: tuple[Seat, ...]
    teams: tuple[int, ...] | None  # the side (team) number per seat, in team games only
    opening_trump: str | None  # the lowest trump that picked the first attacker
    last_bout: dict[str, Any] | None
    history: tuple[dict[str, Any], ...]  # every finished bout so far, as ``last_bout``
    end: str | None
    result: dict[str, Any] | None
    sides: SidesView  # the teams (every player alone without them), as anyone knows them


@dataclass(frozen=True)
class PlayerView:
    """A seat's own knowledge: the public view plus its hand."""

    seat: Seat
    public: PublicView
    hand: tuple[str, ...]
    legal: tuple[str, ...]
    sides: SidesView  # who plays with whom, as this seat knows it


def _bout(bout: Bout) -> dict[str, Any]:
    """A finished bout: every card of it lay face up on the table, so all of it is
    public, beaten off or picked up (a player may count what is gone)."""
    return {
        "opener": bout.opener,
        "defender": bout.defender,
        "taken": bout.taken,
        "table": [[card_code(a), None if d is None else card_code(d)] for a, d in bout.table],
    }


def _asked(state: BlazenState) -> tuple[Seat, ...]:
    """Whom the game waits for, as the table may know it: the seat asked in turn
    and a window of throwers. A seat that may only interject before the first
    attack is left out: it may ``redeal`` because it holds five cards of one
    suit, or ``exchange`` because it holds the lowest trump, and naming it
    would tell everyone so. Its own view offers the action (``legal``)."""
    asked = set(state.waiting)
    if state.to_move is not None:
        asked.add(state.to_move)
    return tuple(sorted(asked))


def public_view(state: BlazenState) -> PublicView:
    over = state.phase is Phase.OVER
    result = None
    if over:
        outcome = state.outcome()
        result = {**outcome.summary, "scores": list(outcome.scores)}
    last = state.last_bout
    return PublicView(
        variant="blazen",
        rules=state.options.variant,
        version=state.version,
        seats=state.seats,
        dealer=state.dealer,
        phase=str(state.phase),
        to_act=_asked(state),
        to_move=state.to_move,
        trump="hdsc"[state.trump],
        trump_card=card_code(state.trump_card),
        trump_card_in_stock=bool(state.stock),
        stock=len(state.stock),
        bito=state.bito.bit_count(),
        opener=None if over else state.opener,
        defender=None if over else state.defender,
        table=tuple((card_code(a), None if d is None else card_code(d)) for a, d in state.table),
        room=0 if over else state.room,
        hand_sizes={s: state.hands[s].bit_count() for s in range(state.seats)},
        known={
            s: display_order(state.known[s], state.trump)
            for s in range(state.seats)
            if state.known[s]
        },
        passed=tuple(sorted(state.passed)),
        shown=display_order(state.shown, state.trump),
        out=tuple(s for group in state.exits for s in group),
        teams=_teams(state.sides, state.seats) if state.options.team_mode != "none" else None,
        opening_trump=None if state.opening_trump is None else card_code(state.opening_trump),
        last_bout=None if last is None else _bout(last),
        history=tuple(_bout(b) for b in state.history),
        end=state.end,
        result=result,
        sides=state.sides.visible_for(None),
    )


def _teams(sides: Sides, seats: int) -> tuple[int, ...]:
    """The side number of every seat (every seat plays on a side in Blázen)."""
    numbers: list[int] = []
    for seat in range(seats):
        side = sides.side_of(seat)
        assert side is not None, f"seat {seat} is on no side"
        numbers.append(side)
    return tuple(numbers)


def player_view(state: BlazenState, seat: Seat) -> PlayerView:
    """The seat's view. A seat that may interject finds itself in its own copy of
    ``public.to_act`` (it knows it may act; the others' views do not say so)."""
    public = public_view(state)
    if seat in state.interject and seat not in public.to_act:
        public = replace(public, to_act=tuple(sorted((*public.to_act, seat))))
    return PlayerView(
        seat=seat,
        public=public,
        hand=display_order(state.hands[seat], state.trump),
        legal=tuple(a.code for a in state.legal_actions(seat)),
        sides=state.sides.visible_for(seat),
    )
