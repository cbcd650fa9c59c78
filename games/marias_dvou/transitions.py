"""How each action moves a deal of mariáš ve dvou forward (§3.4).

``apply`` checks the action through ``legality.check`` first and only then
builds the next state, so a refused action leaves nothing changed. After
every trick, while the stock lasts, both players draw one card, the trick's
winner first (§6 #47); what a player draws is shown to him alone, except the
face-up card of B, which everyone saw.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from games.cards import Card, CardSet, Suit, card_code
from games.engine import Event, Seat
from games.marias.form import VE_DVOU_FORM
from games.marias.played import Marriage, Trick
from games.marias.rules import KINGS, QUEENS, seven_of
from games.marias_dvou.actions import (
    ChooseSuit,
    DvouAction,
    Exchange,
    Extras,
    Flek,
    LateSeven,
    Pass,
    Play,
)
from games.marias_dvou.legality import check, eligible_fleks, trick_rules
from games.marias_dvou.state import Call, DvouState, Phase

__all__ = ["apply", "start"]

Events = list[Event]


def apply(state: DvouState, seat: Seat, action: DvouAction) -> tuple[DvouState, tuple[Event, ...]]:
    """The state after ``seat`` takes ``action``, and what happened; illegal → IllegalAction."""
    check(state, seat, action)
    events: Events = []
    calls = (*state.calls, Call(seat, action.code))
    if isinstance(action, ChooseSuit):
        new = _choose(replace(state, calls=calls), seat, action.suit, events)
    elif isinstance(action, Extras):
        new = _extras(replace(state, calls=calls), seat, action, events)
    elif isinstance(action, Flek | Pass):
        new = _flek(replace(state, calls=calls), seat, action, events)
    elif isinstance(action, LateSeven):
        new = _late_seven(replace(state, calls=calls), seat, events)
    elif isinstance(action, Exchange):
        new = _exchange(replace(state, calls=calls), seat, events)
    else:
        assert isinstance(action, Play)
        new = _play(state, seat, action.card, action.declare, events)
    return replace(new, version=state.version + 1), tuple(events)


def start(state: DvouState) -> DvouState:
    """A fresh deal's first step: A and C wait for trumps; in B the turned card names
    them and the announcements begin."""
    if state.options.turned_trump:
        turned = state.stock[-1]
        return replace(state, trump=Suit(turned // 13), phase=Phase.ANNOUNCE, to_move=state.forhond)
    return replace(state, phase=Phase.TRUMP, to_move=state.forhond)


def _choose(state: DvouState, seat: Seat, suit: Suit, events: Events) -> DvouState:
    events.append(Event("trumps", seat, {"suit": suit.code}))
    events.append(Event("second_four_taken", seat, {}))
    events.append(
        Event(
            "second_four",
            seat,
            {"cards": [card_code(c) for c in state.dealt[0][4:]]},
            frozenset((seat,)),
        )
    )
    return replace(state, trump=suit, phase=Phase.ANNOUNCE, to_move=seat)


def _extras(state: DvouState, seat: Seat, action: Extras, events: Events) -> DvouState:
    events.append(Event("extras", seat, {"stovka": action.stovka, "sedma": action.sedma}))
    new = replace(
        state,
        stovka=seat if action.stovka else state.stovka,
        sedma=seat if action.sedma else state.sedma,
    )
    if seat == state.forhond:
        return replace(new, to_move=state.other(seat))
    chains = (("hra", 0), ("sedma", 0)) if new.sedma is not None else (("hra", 0),)
    round_ = replace(new, phase=Phase.FLEK, flek=chains, flek_open=tuple(n for n, _ in chains))
    return _open_round(round_, state.other(state.forhond), None, events)


def _open_round(state: DvouState, first: Seat, resume: Seat | None, events: Events) -> DvouState:
    """A flek round over ``flek_open``: ``first`` speaks first, then the players
    alternate until both in turn have nothing more to say."""
    return _next_speaker(replace(state, flek_quiet=2, resume=resume), first, events)


def _next_speaker(state: DvouState, seat: Seat, events: Events) -> DvouState:
    quiet = state.flek_quiet
    while quiet > 0:
        if eligible_fleks(state, seat):
            return replace(state, phase=Phase.FLEK, to_move=seat, flek_quiet=quiet)
        quiet -= 1
        seat = state.other(seat)
    return _round_done(replace(state, flek_quiet=0, flek_open=()), events)


def _flek(state: DvouState, seat: Seat, action: Flek | Pass, events: Events) -> DvouState:
    if isinstance(action, Pass):
        events.append(Event("pass", seat, {}))
        new = replace(state, flek_quiet=state.flek_quiet - 1)
    else:
        levels = tuple(
            (name, lv + 1 if name in action.components else lv) for name, lv in state.flek
        )
        events.append(Event("flek", seat, {"levels": dict(levels), "raised": action.components}))
        new = replace(state, flek=levels, flek_quiet=1)
    return _next_speaker(new, state.other(seat), events)


def _round_done(state: DvouState, events: Events) -> DvouState:
    """The start's round ends in play (an unfleked game is played, §6 #49); a late
    sedma's round gives the turn back to whoever announced it."""
    if state.resume is not None:
        return replace(state, phase=Phase.PLAY, to_move=state.resume, resume=None)
    leader = state.forhond
    events.append(Event("play_starts", leader, {}))
    return replace(state, phase=Phase.PLAY, leader=leader, to_move=leader)


def _late_seven(state: DvouState, seat: Seat, events: Events) -> DvouState:
    events.append(Event("sedma", seat, {"late": True}))
    new = replace(state, sedma=seat, late_seven=True, flek=(*state.flek, ("sedma", 0)))
    if state.options.ve_dvou_late_seven_flek == "none":
        return new
    return _open_round(replace(new, flek_open=("sedma",)), state.other(seat), seat, events)


def _exchange(state: DvouState, seat: Seat, events: Events) -> DvouState:
    assert state.trump is not None
    seven = seven_of(state.trump)
    turned = state.stock[-1]
    hands = list(state.hands)
    hands[seat] = (hands[seat] & ~(1 << seven)) | (1 << turned)
    events.append(Event("swap", seat, {"seven": card_code(seven)}))
    return replace(state, hands=tuple(hands), stock=(*state.stock[:-1], seven), swapped=True)


def _play(state: DvouState, seat: Seat, c: Card, declare: bool, events: Events) -> DvouState:
    """A card to the trick; a full trick is taken and, while the stock lasts, both draw.
    The changes are gathered and made in one ``replace`` (the hot path of playouts)."""
    bit = 1 << c
    hand = state.hands[seat]
    changes: dict[str, Any] = {}
    if state.options.auto_declare_marriages or declare:
        partner = bit >> 1 if bit & KINGS else bit << 1 if bit & QUEENS else 0
        if hand & partner:
            points = 40 if c // 13 == state.trump else 20
            marriage = Marriage(seat, Suit(c // 13), points, len(state.tricks) + 1)
            changes["marriages"] = (*state.marriages, marriage)
            events.append(Event("marriage", seat, {"suit": "hdsc"[c // 13], "points": points}))
    hands = list(state.hands)
    hands[seat] = hand & ~bit
    trick_seats = (*state.trick_seats, seat)
    trick_cards = (*state.trick_cards, c)
    events.append(Event("card", seat, {"card": card_code(c)}))
    if len(trick_cards) < VE_DVOU_FORM.players:
        return replace(
            state,
            hands=tuple(hands),
            trick_seats=trick_seats,
            trick_cards=trick_cards,
            to_move=state.other(seat),
            **changes,
        )
    winner = trick_seats[trick_rules(state).winner(trick_cards)]
    tricks = (*state.tricks, Trick(trick_seats, trick_cards, winner))
    events.append(Event("trick", winner, {"cards": [card_code(x) for x in trick_cards]}))
    stock = state.stock
    if stock:
        stock = _draw(state, hands, winner, events)
    new = replace(
        state,
        hands=tuple(hands),
        stock=stock,
        trick_seats=(),
        trick_cards=(),
        tricks=tricks,
        leader=winner,
        to_move=winner,
        **changes,
    )
    if len(tricks) == VE_DVOU_FORM.tricks:
        return _finish(replace(new, end="played"), events)
    return new


def _draw(state: DvouState, hands: list[CardSet], winner: Seat, events: Events) -> tuple[Card, ...]:
    """Both draw one stock card into ``hands``, the winner first (or the loser, §6 #47
    off); the stock that is left."""
    first = winner if state.options.winner_draws_first else state.other(winner)
    stock = state.stock
    for seat in (first, state.other(first)):
        c, stock = stock[0], stock[1:]
        hands[seat] |= 1 << c
        face_up = state.options.turned_trump and not stock
        events.append(Event("draw", seat, {"left": len(stock), "face_up": face_up}))
        events.append(Event("drawn", seat, {"card": card_code(c)}, frozenset((seat,))))
    if not stock and state.options.free_stock_phase:
        events.append(Event("strict", None, {}))
    return stock


def _finish(state: DvouState, events: Events) -> DvouState:
    new = replace(state, phase=Phase.OVER, to_move=None)
    outcome = new.outcome()
    events.append(Event("deal_over", None, {"end": new.end, "scores": list(outcome.scores)}))
    return new
