"""Applying an action to a deal of křížový mariáš: a new state and the events.

Secrecy (§3.2.2): the called card is public from the reveal on, its holder is
not. Events never name the partner; ``sides`` is revealed when the called card
is played, when the partner gives himself away (a honer "s", re on the game),
when the contract leaves no secret (betl, durch, the blind trump ace) and at
the end of the deal.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from games.cards import Card, Rank, Suit, card_code, make_card
from games.engine import Event, IllegalAction, Seat
from games.marias.played import Marriage, Trick
from games.marias.rules import KINGS, QUEENS
from games.marias_krizovy import legality
from games.marias_krizovy.actions import (
    Approve,
    CallHearts,
    Choose,
    ChooseBlind,
    Chytak,
    DurchS,
    Extras,
    Flek,
    HonerCall,
    KrizovyAction,
    Overcall,
    PartnerTricks,
    Pass,
    Play,
)
from games.marias_krizovy.scoring import not_played, sides_for
from games.marias_krizovy.state import Honer, KrizovyState, Phase
from games.sides import DECLARER_SIDE

__all__ = ["apply"]

Events = list[Event]


def _event(what: str, seat: Seat | None, to: frozenset[Seat] | None = None, **data: Any) -> Event:
    return Event(what, seat, data, to)


def _next(state: KrizovyState, seat: Seat) -> Seat:
    i = state.active.index(seat)
    return state.active[(i + 1) % len(state.active)]


def apply(
    state: KrizovyState, seat: Seat, action: KrizovyAction
) -> tuple[KrizovyState, tuple[Event, ...]]:
    if state.is_over:
        raise IllegalAction("deal_over", "the deal is over")
    if state.to_move != seat:
        raise IllegalAction("not_your_turn", "it is not your turn")
    if action not in legality.legal_actions(state, seat):
        raise IllegalAction("illegal", f"{action.code} is not allowed now")
    events: Events = []
    new = _step(state, seat, action, events)
    if new.phase is Phase.DONE and not new.sides.revealed:
        new = replace(new, sides=new.sides.reveal())
    return replace(new, version=state.version + 1), tuple(events)


def _step(state: KrizovyState, seat: Seat, action: KrizovyAction, events: Events) -> KrizovyState:
    f = state.forhond
    if isinstance(action, Choose | ChooseBlind | CallHearts):
        only_f = frozenset((f,))
        if isinstance(action, Choose):
            trump, trump_card, called, blind = (
                Suit(action.trump_card // 13),
                action.trump_card,
                action.called,
                False,
            )
            events.append(_event("trump_card", f, only_f, card=card_code(trump_card)))
            events.append(_event("chose", f, called=card_code(called)))
        elif isinstance(action, ChooseBlind):
            trump_card = state.dealt[0][3 + action.position]
            trump, blind = Suit(trump_card // 13), True
            called = make_card(Rank.ACE, trump)
            events.append(
                _event("blind", f, trump_card=card_code(trump_card), called=card_code(called))
            )
        else:
            trump, trump_card, called, blind = Suit.HEARTS, None, action.called, False
            events.append(_event("chose", f, called=card_code(called)))
        return replace(
            state,
            trump=trump,
            trump_card=trump_card,
            called=called,
            blind=blind,
            phase=Phase.ANNOUNCE,
        )
    if isinstance(action, Extras):
        assert state.called is not None
        partner = state.seat_holding(state.called)
        public = state.blind and state.trump_card == state.called  # the blind trump ace
        honers = tuple(Honer(v, f, DECLARER_SIDE) for v in action.honers)
        events.append(
            _event(
                "revealed",
                f,
                trump=None if state.trump is None else state.trump.code,
                trump_card=None if state.trump_card is None else card_code(state.trump_card),
                called=card_code(state.called),
                blind=state.blind,
                stovka=action.stovka,
                honers=list(action.honers),
                alone=True if public else None,
            )
        )
        speakers = (*state.active[1:], f)
        return replace(
            state,
            partner=partner,
            sides=sides_for(state.active, f, None if partner == f else partner, public=public),
            stovka=action.stovka,
            honers=honers,
            phase=Phase.APPROVAL,
            speakers=speakers,
            to_move=speakers[0],
        )
    if isinstance(action, HonerCall):
        role = state.sides.role_of(seat)
        assert role is not None
        sides = state.sides.reveal() if role == DECLARER_SIDE else state.sides
        events.append(_event("honer", seat, value=action.honer, side=role))
        said = replace(
            state,
            honers=(*state.honers, Honer(action.honer, seat, role)),
            sides=sides,
            passes=0,
        )
        return said if action.then is None else _step(said, seat, action.then, events)
    if isinstance(action, Approve):
        events.append(_event("dobra", seat))
        return _after_speaker(replace(state, speakers=state.speakers[1:]))
    if isinstance(action, Overcall | DurchS):
        kind = "durchs" if isinstance(action, DurchS) else action.kind
        named: Card | None = action.called if isinstance(action, DurchS) else None
        partner = None if named is None else state.seat_holding(named)
        sides = sides_for(state.active, seat, partner, public=partner is None)
        events.append(
            _event("overcall", seat, kind=kind, called=None if named is None else card_code(named))
        )
        i = state.active.index(seat)
        n = len(state.active)
        speakers = tuple(state.active[(i + k) % n] for k in range(1, n))
        return _after_speaker(
            replace(
                state,
                kind=kind,
                declarer=seat,
                trump=None,
                called=named,
                partner=partner,
                sides=sides,
                stovka=False,
                honers=(),
                fleks=(),
                speakers=speakers,
            )
        )
    if isinstance(action, Flek):
        levels = dict(state.fleks)
        for c in action.components:
            levels[c] = levels.get(c, 0) + 1
        sides = state.sides
        if seat != state.declarer and sides.role_of(seat) == DECLARER_SIDE:
            sides = sides.reveal()  # the partner "jde výš"
        events.append(_event("flek", seat, components=list(action.components)))
        fleks = tuple(sorted(levels.items()))
        return replace(state, fleks=fleks, sides=sides, passes=0, to_move=_next(state, seat))
    if isinstance(action, Pass):
        events.append(_event("pass", seat))
        passes = state.passes + 1
        if passes >= len(state.active):
            return _after_fleks(replace(state, passes=passes), events)
        return replace(state, passes=passes, to_move=_next(state, seat))
    if isinstance(action, PartnerTricks):
        events.append(_event("partner_tricks", seat, count=action.count))
        return _start_play(replace(state, partner_tricks=action.count))
    if isinstance(action, Chytak):
        ace = make_card(Rank.ACE, Suit(action.card // 13))
        partner = state.seat_holding(ace)
        events.append(_event("chytak", seat, card=card_code(action.card)))
        return replace(
            state,
            chytak=action.card,
            partner=partner,
            sides=sides_for(state.active, seat, partner, public=True),
            phase=Phase.DONE,
            to_move=None,
            end="chytak",
        )
    assert isinstance(action, Play)
    return _play(state, seat, action.card, events)


def _after_speaker(state: KrizovyState) -> KrizovyState:
    if state.speakers:
        return replace(state, to_move=state.speakers[0])
    if state.kind == "chytry":  # "durch s chytrým se nikdy neflekuje"
        return _start_play(state)
    return replace(state, phase=Phase.FLEK, passes=0, to_move=_next(state, state.declarer))


def _after_fleks(state: KrizovyState, events: Events) -> KrizovyState:
    if state.kind == "hra":
        why = not_played(state)
        if why is not None:
            events.append(_event("not_played", None, why=why))
            return replace(state, phase=Phase.DONE, to_move=None, end=why)
    if state.kind == "durchs":
        return replace(state, phase=Phase.PARTNER_TRICKS, to_move=state.declarer)
    return _start_play(state)


def _start_play(state: KrizovyState) -> KrizovyState:
    lead = state.forhond
    if state.kind != "hra" and state.options.betl_durch_first_lead == "declarer":
        lead = state.declarer
    return replace(state, phase=Phase.PLAY, to_move=lead)


def _play(state: KrizovyState, seat: Seat, c: Card, events: Events) -> KrizovyState:
    bit = 1 << c
    hand = state.hands[seat]
    marriages = state.marriages
    if state.kind == "hra":
        other = bit >> 1 if bit & KINGS else bit << 1 if bit & QUEENS else 0
        if hand & other:
            points = 40 if c // 13 == state.trump else 20
            marriages = (*marriages, Marriage(seat, Suit(c // 13), points, len(state.tricks) + 1))
            events.append(_event("marriage", seat, suit=Suit(c // 13).code, points=points))
    hands = list(state.hands)
    hands[seat] = hand & ~bit
    sides = state.sides
    events.append(_event("play", seat, card=card_code(c)))
    if c == state.called and not sides.revealed and state.kind in ("hra", "durchs"):
        sides = sides.reveal()
        events.append(_event("partner", seat, card=card_code(c)))
    seats = (*state.trick_seats, seat)
    cards = (*state.trick_cards, c)
    new = replace(
        state,
        hands=tuple(hands),
        marriages=marriages,
        sides=sides,
        trick_seats=seats,
        trick_cards=cards,
    )
    if len(cards) < len(state.active):
        return replace(new, to_move=_next(state, seat))
    winner = seats[legality.trick_rules(state).winner(cards)]
    tricks = (*state.tricks, Trick(seats, cards, winner))
    events.append(_event("trick", winner, number=len(tricks)))
    new = replace(new, tricks=tricks, trick_seats=(), trick_cards=(), to_move=winner)
    if len(tricks) == 8:
        if state.kind == "chytry":
            partner = None if winner == state.declarer else winner
            new = replace(
                new,
                partner=partner,
                sides=sides_for(state.active, state.declarer, partner, public=True),
            )
        return replace(new, phase=Phase.DONE, to_move=None, end="played")
    if state.options.end_betl_durch_early and state.kind in ("betl", "durch"):
        lost = (winner == state.declarer) == (state.kind == "betl")
        if lost:
            return replace(new, phase=Phase.DONE, to_move=None, end="early")
    return new
