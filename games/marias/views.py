"""What a seat, or anyone at the table, may know about a deal.

Renderers only ever get these views, never the state, so a hidden card
(another hand, the talon, the face-down trump card or betl lead) cannot leak
by accident. Cards are given as codes in display order (§notation: trumps
first, then h d s c, highest first in the game's order). The public history
(every finished trick: who played what, who took it) is in every view, so
that a player need not keep its own memory of the deal to know the voids.
Who plays with whom is in every view too (``sides``: the share of
``VolenyState.sides`` the viewer may know, which in volený is all of it).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.cards import Card, CardSet, card_code, cards_of
from games.engine import Seat
from games.marias.rules import BETL_ORDER, NORMAL_ORDER, SHARP, suit_cards
from games.marias.state import Phase, VolenyState
from games.sides import SidesView

__all__ = [
    "PlayedTrick",
    "PlayerView",
    "PublicView",
    "display_order",
    "player_view",
    "public_view",
    "table_fields",
]


@dataclass(frozen=True)
class PlayedTrick:
    """A finished trick as the table saw it: who played which card, in order, and who
    took it. Every card of it was played face up, so the whole history is public;
    a player that remembers it knows who could not follow suit (a void)."""

    plays: tuple[tuple[Seat, str], ...]
    winner: Seat


@dataclass(frozen=True)
class PublicView:
    """Everything every player and onlooker may see."""

    variant: str
    version: int
    seats: int
    dealer: Seat
    active: tuple[Seat, ...]
    phase: str
    to_act: tuple[Seat, ...]
    declarer: Seat | None
    kind: str | None
    trump: str | None  # suit code once revealed
    trump_card: str | None  # once revealed
    trump_blind: bool
    trump_in_talon: bool
    stovka: bool
    sedma: bool
    flek: dict[str, int]
    calls: tuple[tuple[Seat, str], ...]
    hand_sizes: dict[Seat, int]
    trick: tuple[tuple[Seat, str], ...]
    last_trick: tuple[tuple[Seat, str], ...]
    last_winner: Seat | None
    history: tuple[PlayedTrick, ...]  # every finished trick of the deal, in order
    tricks_won: dict[Seat, int]
    marriages: tuple[tuple[Seat, str, int], ...]
    lead_laid: bool
    talon_face_up: tuple[str, ...]
    end: str | None
    result: dict[str, Any] | None
    sides: SidesView  # the declarer's side "C" against the defenders' "D", as anyone knows it


@dataclass(frozen=True)
class PlayerView:
    """A seat's own knowledge: the public view plus its hand and its secrets."""

    seat: Seat
    public: PublicView
    hand: tuple[str, ...]
    hand_complete: bool  # False while forhond sees only his first seven cards
    own_trump_card: str | None
    talon: tuple[str, ...]
    lead_card: str | None
    legal: tuple[str, ...]
    sides: SidesView  # who plays with whom, as this seat knows it


def display_order(cards: CardSet, trump_suit: int | None, betl: bool) -> tuple[str, ...]:
    """Cards sorted for showing: trumps first, then h d s c, highest first."""
    order = BETL_ORDER if betl else NORMAL_ORDER

    def key(c: Card) -> tuple[int, int, int]:
        suit = c // 13
        return (0 if suit == trump_suit else 1, suit, -order.strength[c])

    return tuple(card_code(c) for c in sorted(cards_of(cards), key=key))


def table_fields(state: Any) -> dict[str, Any]:
    """The public view's fields every variant of the family shows alike: the calls,
    the hand sizes, the trick on the table, the last trick, the deal's finished
    tricks and how many each playing seat took."""
    last = state.tricks[-1] if state.tricks else None
    return {
        "calls": tuple((c.seat, c.code) for c in state.calls),
        "hand_sizes": {s: state.hands[s].bit_count() for s in state.active},
        "trick": tuple(
            zip(state.trick_seats, (card_code(c) for c in state.trick_cards), strict=True)
        ),
        "last_trick": ()
        if last is None
        else tuple(zip(last.seats, (card_code(c) for c in last.cards), strict=True)),
        "last_winner": None if last is None else last.winner,
        "history": tuple(
            PlayedTrick(tuple(zip(t.seats, (card_code(c) for c in t.cards), strict=True)), t.winner)
            for t in state.tricks
        ),
        "tricks_won": {s: sum(1 for t in state.tricks if t.winner == s) for s in state.active},
    }


def public_view(state: VolenyState) -> PublicView:
    revealed = state.trump_revealed and state.trump_card is not None
    trump_suit = state.trump_card // 13 if revealed and state.trump_card is not None else None
    face_up: tuple[str, ...] = ()
    if state.kind == "hra" and state.options.talon_sharp_cards != "forbidden":
        face_up = tuple(card_code(c) for c in cards_of(state.talon & SHARP))
    result = (
        {**state.outcome().summary, "scores": list(state.outcome().scores)}
        if state.is_over
        else None
    )
    return PublicView(
        variant="marias-voleny",
        version=state.version,
        seats=state.seats,
        dealer=state.dealer,
        active=state.active,
        phase=str(state.phase),
        to_act=tuple(sorted(state.to_act())),
        declarer=state.declarer,
        kind=state.kind,
        trump=None if trump_suit is None else "hdsc"[trump_suit],
        trump_card=card_code(state.trump_card)
        if revealed and state.trump_card is not None
        else None,
        trump_blind=state.trump_blind,
        trump_in_talon=bool(
            trump_suit is not None and state.talon & suit_cards(trump_suit)  # type: ignore[arg-type]
        ),
        stovka=state.stovka,
        sedma=state.sedma,
        flek=dict(state.flek),
        **table_fields(state),
        marriages=tuple((m.seat, "hdsc"[m.suit], m.points) for m in state.marriages),
        lead_laid=state.lead_card is not None,
        talon_face_up=face_up,
        end=state.end,
        result=result,
        sides=state.sides.visible_for(None),
    )


def player_view(state: VolenyState, seat: Seat) -> PlayerView:
    public = public_view(state)
    hand = state.hands[seat]
    complete = True
    if state.phase is Phase.TRUMP and seat == state.forhond:
        hand = sum(1 << c for c in state.dealt[0][:7])
        complete = False
    own_trump = state.trump_card if seat == state.forhond else None
    trump_suit = own_trump // 13 if own_trump is not None and state.kind in (None, "hra") else None
    if public.trump is not None:
        trump_suit = "hdsc".index(public.trump)
    betl = state.kind in ("betl", "durch")
    talon: tuple[str, ...] = ()
    if state.talon and seat == state.talon_owner:
        talon = display_order(state.talon, trump_suit, betl)
    lead = state.lead_card if seat == state.declarer else None
    return PlayerView(
        seat=seat,
        public=public,
        hand=display_order(hand, trump_suit, betl),
        hand_complete=complete,
        own_trump_card=None if own_trump is None else card_code(own_trump),
        talon=talon,
        lead_card=None if lead is None else card_code(lead),
        legal=tuple(a.code for a in state.legal_actions(seat)),
        sides=state.sides.visible_for(seat),
    )
