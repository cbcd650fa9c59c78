"""How each action moves a deal of volený cenzr forward (§4.5-§4.9).

``apply`` checks the action through ``legality.check`` first and only then
builds the next state, so a refused action leaves nothing changed. Events
never name the partner before the called card is played (§4.6, §7 #15):
the holder alone is told, privately, what he is.
"""

from __future__ import annotations

from dataclasses import replace

from games.cards import Card, card_code
from games.cenzr.actions import Announce, Bela, Call, CenzrAction, Pass, Play
from games.cenzr.announcing import announceable, declarations_of, resolve_trick1, spoken
from games.cenzr.legality import check
from games.cenzr.rules import trick_rules
from games.cenzr.scoring import bela_holder
from games.cenzr.state import CenzrState, Phase, Trick
from games.engine import Event, Seat

__all__ = ["apply"]

Events = list[Event]


def apply(
    state: CenzrState, seat: Seat, action: CenzrAction
) -> tuple[CenzrState, tuple[Event, ...]]:
    """The state after ``seat`` takes ``action``, and what happened; illegal → IllegalAction."""
    check(state, seat, action)
    events: Events = []
    if isinstance(action, Pass):
        new = _pass(state, seat, events)
    elif isinstance(action, Call):
        new = _call(state, seat, action.card, events)
    elif isinstance(action, Announce):
        new = _announce(state, seat, events)
    elif isinstance(action, Play):
        new = _play(state, seat, action.card, events)
    else:
        assert isinstance(action, Bela)
        events.append(Event("bela", seat, {"counted": action.count}))
        new = _finish(replace(state, bela_choice=action.count), events)
    return replace(new, version=state.version + 1), tuple(events)


def _pass(state: CenzrState, seat: Seat, events: Events) -> CenzrState:
    passes = (*state.passes, seat)
    events.append(Event("pass", seat, {}))
    if len(passes) == 4:  # §4.5: all pass, the deal is annulled
        events.append(Event("annulled", None, {"next_dealer": (state.dealer + 1) % state.seats}))
        return _finish(replace(state, passes=passes), events)
    return replace(state, passes=passes, to_move=state.next_active(seat))


def _call(state: CenzrState, seat: Seat, c: Card, events: Events) -> CenzrState:
    """The first call ends calling (§4.5); the holder of the card is the partner."""
    holder = next(s for s in state.active if state.hands[s] >> c & 1)
    events.append(Event("call", seat, {"card": card_code(c), "trump": "hdsc"[c // 13]}))
    for s, packet in zip(state.active, state.packets, strict=True):
        events.append(
            Event("pickup", s, {"cards": [card_code(x) for x in packet[4:]]}, frozenset((s,)))
        )
    new = replace(state, chooser=seat, called=c, holder=holder, phase=Phase.PLAY)
    role = "samec" if holder == seat else "partner"
    kind = ("voluntary" if new.voluntary else "involuntary") if holder == seat else None
    events.append(Event("secret_role", holder, {"role": role, "samec": kind}, frozenset((holder,))))
    leader = state.active[0]  # §4.7: A[0] leads, whoever called
    events.append(Event("play_starts", leader, {}))
    return replace(new, to_move=leader)


def _announce(state: CenzrState, seat: Seat, events: Events) -> CenzrState:
    assert state.trump is not None
    said = spoken(seat, declarations_of(state, seat), state.options)
    events.append(
        Event(
            "announce",
            seat,
            {"kind": said.kind, "rank": None if said.rank is None else said.rank.code},
        )
    )
    return replace(state, announcements=(*state.announcements, said))


def _play(state: CenzrState, seat: Seat, c: Card, events: Events) -> CenzrState:
    if state.options.declaration_mode == "auto" and announceable(state, seat):
        state = _announce(state, seat, events)
    hands = list(state.hands)
    hands[seat] &= ~(1 << c)
    trick_seats = (*state.trick_seats, seat)
    trick_cards = (*state.trick_cards, c)
    events.append(Event("card", seat, {"card": card_code(c)}))
    new = replace(state, hands=tuple(hands))
    if c == state.called:  # §4.6: the play itself makes the partnership clear
        new = replace(new, revealed=True)
        events.append(
            Event(
                "partner_revealed",
                seat,
                {
                    "chooser": state.chooser,
                    "partner": state.holder,
                    "samec": ("voluntary" if state.voluntary else "involuntary")
                    if state.samec
                    else None,
                },
            )
        )
    if len(trick_cards) < 4:
        return replace(
            new, trick_seats=trick_seats, trick_cards=trick_cards, to_move=state.next_active(seat)
        )
    assert state.trump is not None
    winner = trick_seats[trick_rules(state.trump).winner(trick_cards)]
    tricks = (*state.tricks, Trick(trick_seats, trick_cards, winner))
    events.append(Event("trick", winner, {"cards": [card_code(x) for x in trick_cards]}))
    new = replace(new, trick_seats=(), trick_cards=(), tricks=tricks, to_move=winner)
    if len(tricks) == 1:  # §3.5: declarations are resolved after trick 1
        valid, cancelled, reveal = resolve_trick1(new)
        new = replace(new, valid=valid, cancelled=cancelled, resolved=True)
        events.append(Event("declarations", None, reveal))
    if len(tricks) < 8:
        return new
    holder = bela_holder(new)
    if new.options.bela_mode == "prompt" and holder is not None:
        events.append(Event("bela_prompt", holder, {}))
        return replace(new, phase=Phase.BELA, to_move=holder)
    return _finish(new, events)


def _finish(state: CenzrState, events: Events) -> CenzrState:
    new = replace(state, phase=Phase.OVER, to_move=None)
    outcome = new.outcome()
    events.append(
        Event("deal_over", None, {"played": outcome.played, "scores": list(outcome.scores)})
    )
    return new
