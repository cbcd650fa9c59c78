"""What a seat, or anyone at the table, may know about a deal of licitovaný.

Renderers get these views, never the state: the dealt talon is hidden from
everyone until the auction's winner takes it, his two discards are his
alone (only the sharp cards of a trump contract's talon lie face up, when
the house rule tolerates them there), and a hand is its holder's. The
public history (the auction's calls, every finished trick) is in every view.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.cards import Card, CardSet, card_code, cards_of
from games.engine import Seat
from games.marias.rules import BETL_ORDER, NORMAL_ORDER, SHARP, suit_cards
from games.marias.views import PlayedTrick, table_fields
from games.marias.views import PlayerView as VolenyPlayerView
from games.marias.views import PublicView as VolenyPublicView
from games.marias_licit.levels import level
from games.marias_licit.scoring import VARIANT_ID
from games.marias_licit.state import LicitState
from games.sides import SidesView

__all__ = ["PlayedTrick", "PlayerView", "PublicView", "player_view", "public_view", "voleny_view"]


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
    bid: int  # the level on the table in the auction
    bid_holder: Seat | None
    auction_speaker: Seat | None
    declarer: Seat | None
    level: int | None
    level_name: str | None
    trump: str | None
    helper: str | None
    talon_taken: bool
    trump_in_talon: bool
    talon_face_up: tuple[str, ...]
    flek: dict[str, int]
    omyl_open: bool
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
    """A seat's own knowledge: the public view plus its hand and its talon."""

    seat: Seat
    public: PublicView
    hand: tuple[str, ...]
    talon: tuple[str, ...]  # the declarer's discards, to him alone
    legal: tuple[str, ...]
    sides: SidesView


def display_order(cards: CardSet, trump_suit: int | None, betl: bool) -> tuple[str, ...]:
    """Cards sorted for showing: trumps first, then h d s c, highest first."""
    order = BETL_ORDER if betl else NORMAL_ORDER

    def key(c: Card) -> tuple[int, int, int]:
        suit = c // 13
        return (0 if suit == trump_suit else 1, suit, -order.strength[c])

    return tuple(card_code(c) for c in sorted(cards_of(cards), key=key))


def _face_up(state: LicitState) -> tuple[str, ...]:
    if state.trump is None or state.options.talon_sharp_cards == "forbidden":
        return ()
    return tuple(card_code(c) for c in cards_of(state.talon & SHARP))


def public_view(state: LicitState) -> PublicView:
    lv = state.level
    result = None
    if state.is_over:
        outcome = state.outcome()
        result = {**outcome.summary, "scores": list(outcome.scores)}
    auction = state.auction
    return PublicView(
        variant=VARIANT_ID,
        version=state.version,
        seats=state.seats,
        dealer=state.dealer,
        active=state.active,
        phase=str(state.phase),
        to_act=tuple(sorted(state.to_act())),
        bid=auction.level,
        bid_holder=auction.holder,
        auction_speaker=auction.speaker,
        declarer=state.declarer,
        level=state.level_number,
        level_name=None if lv is None else lv.name,
        trump=None if state.trump is None else state.trump.code,
        helper=None if state.helper is None else state.helper.code,
        talon_taken=state.talon_taken,
        trump_in_talon=bool(state.trump is not None and state.talon & suit_cards(state.trump)),
        talon_face_up=_face_up(state),
        flek=dict(state.flek),
        omyl_open=state.omyl_open,
        **table_fields(state),
        marriages=tuple((m.seat, m.suit.code, m.points) for m in state.marriages),
        end=state.end,
        result=result,
        sides=state.sides.visible_for(None),
    )


def player_view(state: LicitState, seat: Seat) -> PlayerView:
    public = public_view(state)
    trump = None if state.trump is None else int(state.trump)
    betl = state.level is not None and state.trump is None
    talon: tuple[str, ...] = ()
    if state.talon_taken and seat == state.declarer:
        talon = display_order(state.talon, trump, betl)
    return PlayerView(
        seat=seat,
        public=public,
        hand=display_order(state.hands[seat], trump, betl),
        talon=talon,
        legal=tuple(a.code for a in state.legal_actions(seat)),
        sides=state.sides.visible_for(seat),
    )


def voleny_view(view: PlayerView) -> VolenyPlayerView:
    """The same knowledge as a volený view, for volený's card play: the contract as
    ``hra`` (with ``sedma`` when a seven is played for), ``betl`` or ``durch``."""
    p = view.public
    lv = None if p.level is None else level(p.level)
    kind = None
    if lv is not None:
        kind = "betl" if lv.has("betl") else "durch" if lv.has("durch") else "hra"
    sedma = lv is not None and (lv.has("sedma") or lv.has("dvesedmy"))
    public = VolenyPublicView(
        variant="marias-voleny",
        version=p.version,
        seats=p.seats,
        dealer=p.dealer,
        active=p.active,
        phase=p.phase,
        to_act=p.to_act,
        declarer=p.declarer,
        kind=kind,
        trump=p.trump,
        trump_card=None,
        trump_blind=False,
        trump_in_talon=p.trump_in_talon,
        stovka=lv is not None and lv.has("sto"),
        sedma=sedma,
        flek={k: v for k, v in p.flek.items()},
        calls=p.calls,
        hand_sizes=p.hand_sizes,
        trick=p.trick,
        last_trick=p.last_trick,
        last_winner=p.last_winner,
        history=p.history,
        tricks_won=p.tricks_won,
        marriages=p.marriages,
        lead_laid=False,
        talon_face_up=p.talon_face_up,
        end=p.end,
        result=p.result,
        sides=p.sides,
    )
    return VolenyPlayerView(
        seat=view.seat,
        public=public,
        hand=view.hand,
        hand_complete=True,
        own_trump_card=None,
        talon=view.talon,
        lead_card=None,
        legal=view.legal,
        sides=view.sides,
    )
