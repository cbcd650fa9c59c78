"""What a seat, or anyone at the table, may know about a deal (§12).

Renderers only get these views, never the state, so a hidden card (another
hand, the face-down talon, the declarer's discards) cannot leak by accident.
The public history (every finished trick: who played what, who took it, the
trump then) is in every view, so a player need not remember the deal to know
who is void. The talon is public only with ``show_talon`` (after the auction)
and in the result; the discards only in the result.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.cards import Card, CardSet, card_code, cards_of
from games.engine import Seat
from games.sides import SidesView
from games.tisic.rules import ORDER
from games.tisic.state import Phase, TisicState

__all__ = ["PlayedTrick", "PlayerView", "PublicView", "display_order", "player_view", "public_view"]


@dataclass(frozen=True)
class PlayedTrick:
    """A finished trick as the table saw it, with the trump in force for it."""

    plays: tuple[tuple[Seat, str], ...]
    winner: Seat
    trump: str | None


@dataclass(frozen=True)
class PublicView:
    """Everything every player and onlooker may see."""

    variant: str
    version: int
    seats: int
    dealer: Seat
    active: tuple[Seat, ...]  # P1 (obligation), P2, P3
    sitting_out: tuple[Seat, ...]
    phase: str
    to_act: tuple[Seat, ...]
    calls: tuple[tuple[Seat, str], ...]  # the auction, in order
    high: int
    high_bidder: Seat
    passed: tuple[Seat, ...]
    declarer: Seat | None
    bid: int | None
    contract: int | None
    obligation: bool  # an obligation game: P1 at 50, both others "dobří"
    trump: str | None
    marriages: tuple[tuple[Seat, str, int], ...]  # who, suit, value
    hand_sizes: dict[Seat, int]
    trick: tuple[tuple[Seat, str], ...]
    last_trick: tuple[tuple[Seat, str], ...]
    last_winner: Seat | None
    history: tuple[PlayedTrick, ...]
    tricks_won: dict[Seat, int]
    talon: tuple[str, ...]  # only with show_talon, once the auction is won
    storno_votes: tuple[tuple[Seat, bool], ...]
    end: str | None
    result: dict[str, Any] | None
    sides: SidesView


@dataclass(frozen=True)
class PlayerView:
    """A seat's own knowledge: the public view plus its hand and its secrets."""

    seat: Seat
    public: PublicView
    hand: tuple[str, ...]
    talon: tuple[str, ...]  # the declarer: the talon he took
    discards: tuple[str, ...]  # the declarer: what he laid away
    legal: tuple[str, ...]
    sides: SidesView


def display_order(cards: CardSet, trump: int | None) -> tuple[str, ...]:
    """Cards sorted for showing: trumps first, then h d s c, highest first."""

    def key(c: Card) -> tuple[int, int, int]:
        suit = c // 13
        return (0 if suit == trump else 1, suit, -ORDER.strength[c])

    return tuple(card_code(c) for c in sorted(cards_of(cards), key=key))


def _plays(seats: tuple[Seat, ...], cards: tuple[Card, ...]) -> tuple[tuple[Seat, str], ...]:
    return tuple(zip(seats, (card_code(c) for c in cards), strict=True))


def public_view(state: TisicState) -> PublicView:
    last = state.tricks[-1] if state.tricks else None
    shown = state.options.show_talon and state.phase is not Phase.AUCTION
    result = None
    if state.is_over:
        outcome = state.outcome()
        result = {**outcome.summary, "scores": list(outcome.scores), "played": outcome.played}
    return PublicView(
        variant="tisic",
        version=state.version,
        seats=state.seats,
        dealer=state.dealer,
        active=state.active,
        sitting_out=tuple(s for s in range(state.seats) if s not in state.active),
        phase=str(state.phase),
        to_act=tuple(sorted(state.to_act())),
        calls=tuple((c.seat, c.code) for c in state.calls),
        high=state.high,
        high_bidder=state.high_bidder,
        passed=tuple(sorted(state.passed)),
        declarer=state.declarer,
        bid=state.bid,
        contract=state.contract,
        obligation=state.obligation_game,
        trump=None if state.trump is None else state.trump.code,
        marriages=tuple((m.seat, m.suit.code, m.value) for m in state.marriages),
        hand_sizes={s: state.hands[s].bit_count() for s in state.active},
        trick=_plays(state.trick_seats, state.trick_cards),
        last_trick=() if last is None else _plays(last.seats, last.cards),
        last_winner=None if last is None else last.winner,
        history=tuple(
            PlayedTrick(
                _plays(t.seats, t.cards), t.winner, None if t.trump is None else t.trump.code
            )
            for t in state.tricks
        ),
        tricks_won={s: sum(1 for t in state.tricks if t.winner == s) for s in state.active},
        talon=display_order(state.talon_cards, None) if shown else (),
        storno_votes=state.storno_votes,
        end=None if state.end is None else str(state.end),
        result=result,
        sides=state.sides.visible_for(None),
    )


def player_view(state: TisicState, seat: Seat) -> PlayerView:
    trump = None if state.trump is None else int(state.trump)
    own = seat == state.declarer
    return PlayerView(
        seat=seat,
        public=public_view(state),
        hand=display_order(state.hands[seat], trump),
        talon=display_order(state.talon_cards, None) if own else (),
        discards=display_order(state.discards, None) if own else (),
        legal=tuple(a.code for a in state.legal_actions(seat)),
        sides=state.sides.visible_for(seat),
    )
