"""What a seat, or anyone at the table, may know about a deal.

Renderers only ever get these views, never the state, so a hidden card (an
other hand, a packet 2 while calling) or the secret partnership cannot leak
by accident. The partner and samec status are in the public view only once
the called card has been played (``reveal_partner``, §4.6); before that
only the holder's own view says what he is. Side totals likewise wait for
the reveal; every finished trick (who played what, who took it) is public.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.cards import Card, CardSet, Suit, card_code, cards_of, mask_of
from games.cenzr.announcing import declarations_of, may_announce, reveal_data
from games.cenzr.declarations import has_bela
from games.cenzr.rules import DECK, PLAIN_ORDER, TRUMP_ORDER, mask_points
from games.cenzr.scoring import bela_choices
from games.cenzr.state import CenzrState, Phase
from games.sides import SidesView

__all__ = ["PlayedTrick", "PlayerView", "PublicView", "display_order", "player_view", "public_view"]


@dataclass(frozen=True)
class PlayedTrick:
    """A finished trick as the table saw it: plays in order and who took it."""

    plays: tuple[tuple[int, str], ...]
    winner: int


@dataclass(frozen=True)
class PublicView:
    """Everything every player and onlooker may see."""

    variant: str
    version: int
    seats: int
    dealer: int
    active: tuple[int, ...]
    sitting_out: tuple[int, ...]
    phase: str
    to_act: tuple[int, ...]  # the seat to move (an early announcer is not shown: §8 #7)
    passes: tuple[int, ...]
    callable: tuple[str, ...]  # while calling: any of the 32 cards may be called (§4.5)
    chooser: int | None
    called: str | None
    trump: str | None
    revealed: bool
    partner: int | None  # once the called card is played
    samec: str | None  # "voluntary" / "involuntary", once revealed
    sides: SidesView  # "C" against "D", as anyone may know it now
    hand_sizes: dict[int, int]
    trick: tuple[tuple[int, str], ...]
    history: tuple[PlayedTrick, ...]
    tricks_won: dict[int, int]
    card_points: dict[int, int]  # of the tricks each seat took (public cards)
    side_points: tuple[int, int] | None  # (choosing, defending) cards, once revealed
    announcements: tuple[tuple[int, str, str | None], ...]
    declarations: dict[str, Any] | None  # the trick-1 outcome (declaration_reveal)
    result: dict[str, Any] | None


@dataclass(frozen=True)
class PlayerView:
    """A seat's own knowledge: the public view plus its hand and its secrets."""

    seat: int
    public: PublicView
    hand: tuple[str, ...]
    hand_complete: bool  # False while calling: only packet 1 may be looked at
    role: str | None  # "partner" / "samec" as the seat itself knows it
    sides: SidesView  # who plays with whom, as this seat knows it
    declarations: tuple[dict[str, Any], ...]  # own, once trumps are known
    may_announce: bool
    bela: bool  # holds K and Q of trumps
    bela_choice: dict[str, dict[str, Any]] | None  # at the count: both outcomes ("prompt")
    legal: tuple[str, ...]


def display_order(cards: CardSet, trump: Suit | None) -> tuple[str, ...]:
    """Cards sorted for showing: trumps first, then h d s c, highest first."""

    def key(c: Card) -> tuple[int, int, int]:
        suit = c // 13
        order = TRUMP_ORDER if suit == trump else PLAIN_ORDER
        return (0 if suit == trump else 1, suit, -order.strength[c])

    return tuple(card_code(c) for c in sorted(cards_of(cards), key=key))


def _plays(seats: tuple[int, ...], cards: tuple[Card, ...]) -> tuple[tuple[int, str], ...]:
    return tuple(zip(seats, (card_code(c) for c in cards), strict=True))


def public_view(state: CenzrState) -> PublicView:
    trump = state.trump
    points = dict.fromkeys(state.active, 0)
    for t in state.tricks:
        if trump is not None:
            points[t.winner] += mask_points(mask_of(t.cards), trump)
    side: tuple[int, int] | None = None
    if state.revealed:
        side = (
            sum(points[s] for s in state.choosing_side),
            sum(points[s] for s in state.defending_side),
        )
    result = None
    if state.is_over:
        outcome = state.outcome()
        result = {**outcome.summary, "scores": list(outcome.scores), "played": outcome.played}
    samec = None
    if state.revealed and state.samec:
        samec = "voluntary" if state.voluntary else "involuntary"
    return PublicView(
        variant="cenzr",
        version=state.version,
        seats=state.seats,
        dealer=state.dealer,
        active=state.active,
        sitting_out=tuple(s for s in range(state.seats) if s not in state.active),
        phase=str(state.phase),
        # Only the seat to move: listing who may still announce early would tell
        # the table who holds a declaration before he says so.
        to_act=() if state.to_move is None else (state.to_move,),
        passes=state.passes,
        callable=tuple(card_code(c) for c in DECK) if state.phase is Phase.CALL else (),
        chooser=state.chooser,
        called=None if state.called is None else card_code(state.called),
        trump=None if trump is None else trump.code,
        revealed=state.revealed,
        partner=state.holder if state.revealed else None,
        samec=samec,
        sides=state.sides.visible_for(None),
        hand_sizes={s: state.hands[s].bit_count() for s in state.active},
        trick=_plays(state.trick_seats, state.trick_cards),
        history=tuple(PlayedTrick(_plays(t.seats, t.cards), t.winner) for t in state.tricks),
        tricks_won={s: sum(1 for t in state.tricks if t.winner == s) for s in state.active},
        card_points=points,
        side_points=side,
        announcements=tuple(
            (a.seat, a.kind, None if a.rank is None else a.rank.code) for a in state.announcements
        ),
        declarations=reveal_data(state),
        result=result,
    )


def _bela_choice(state: CenzrState, seat: int) -> dict[str, dict[str, Any]] | None:
    """What counting bela or not would give, for the holder asked at the count."""
    if state.phase is not Phase.BELA or seat != state.to_move:
        return None
    return {
        "yes" if choice else "no": {
            "C": result.c,
            "D": result.d,
            "won": result.won,
            "recorded": {str(s): v for s, v in result.recorded.items()},
        }
        for choice, result in bela_choices(state).items()
    }


def player_view(state: CenzrState, seat: int) -> PlayerView:
    public = public_view(state)
    hand = state.hands[seat]
    calling = state.phase is Phase.CALL
    if calling and seat in state.active:
        hand &= mask_of(state.start_hand(seat)[:4])
    role = None
    if state.holder == seat:
        role = "samec" if state.samec else "partner"
    own = declarations_of(state, seat) if not calling else ()
    bela = state.trump is not None and has_bela(state.start_hand(seat), state.trump)
    return PlayerView(
        seat=seat,
        public=public,
        hand=display_order(hand, state.trump),
        hand_complete=not calling,
        role=role,
        sides=state.sides.visible_for(seat),
        declarations=tuple(d.to_dict() for d in own),
        may_announce=may_announce(state, seat),
        bela=bela,
        bela_choice=_bela_choice(state, seat),
        legal=tuple(a.code for a in state.legal_actions(seat)),
    )
