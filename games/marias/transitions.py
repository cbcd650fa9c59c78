"""How each action moves a deal of volený mariáš forward (§3.1).

``apply`` checks the action through ``legality.check`` first and only then
builds the next state, so a refused action leaves nothing changed.
"""

from __future__ import annotations

from dataclasses import replace

from games.cards import Card, Suit, card_code, cards_of
from games.engine import Event, Seat
from games.marias.actions import (
    Announce,
    ChooseTrump,
    ChooseTrumpBlind,
    Claim,
    Discard,
    Extras,
    Flek,
    Lead,
    MariasAction,
    Pass,
    Play,
    Respond,
)
from games.marias.flekround import flek_call, next_flek_speaker
from games.marias.form import VOLENY_FORM
from games.marias.legality import check, eligible_fleks
from games.marias.rules import BETL_ORDER, KINGS, NORMAL_ORDER, QUEENS, suit_cards
from games.marias.state import Call, Marriage, Phase, Trick, VolenyState
from games.sides import DECLARER_SIDE
from games.tricks import trick_winner

__all__ = ["apply"]

Events = list[Event]


def apply(
    state: VolenyState, seat: Seat, action: MariasAction
) -> tuple[VolenyState, tuple[Event, ...]]:
    """The state after ``seat`` takes ``action``, and what happened; illegal → IllegalAction."""
    check(state, seat, action)
    events: Events = []
    if isinstance(action, ChooseTrump):
        new = _choose_trump(state, seat, action.card, blind=False, events=events)
    elif isinstance(action, ChooseTrumpBlind):
        c = state.dealt[0][6 + action.position]
        new = _choose_trump(state, seat, c, blind=True, events=events)
    elif isinstance(action, Discard):
        new = _discard(state, seat, action, events)
    elif isinstance(action, Announce):
        new = _announce(state, seat, action.kind, events)
    elif isinstance(action, Respond):
        new = _respond(state, seat, action.good, events)
    elif isinstance(action, Extras):
        new = _extras(state, seat, action, events)
    elif isinstance(action, Lead):
        events.append(Event("lead_laid", seat, {}))
        events.append(
            Event("lead_card", seat, {"card": card_code(action.card)}, frozenset((seat,)))
        )
        new = _start_flek(replace(state, lead_card=action.card), events)
    elif isinstance(action, Flek | Pass):
        new = _flek(state, seat, action, events)
    elif isinstance(action, Play):
        new = _play(state, seat, action.card, action.declare, events)
    else:
        assert isinstance(action, Claim)
        events.append(Event("claim", seat, {"hand": _codes(state, seat)}))
        new = _finish(replace(state, end="claim"), events)
    return replace(new, version=state.version + 1), tuple(events)


def _codes(state: VolenyState, seat: Seat) -> list[str]:
    return _mask_codes(state.hands[seat])


def _choose_trump(
    state: VolenyState, seat: Seat, c: Card, *, blind: bool, events: Events
) -> VolenyState:
    events.append(Event("trump_chosen", seat, {"blind": blind}))
    events.append(Event("trump_card", seat, {"card": card_code(c)}, frozenset((seat,))))
    return replace(state, trump_card=c, trump_blind=blind, phase=Phase.TALON)


def _discard(state: VolenyState, seat: Seat, action: Discard, events: Events) -> VolenyState:
    talon = (1 << action.cards[0]) | (1 << action.cards[1])
    hands = list(state.hands)
    hands[seat] &= ~talon
    events.append(Event("talon_discarded", seat, {}))
    events.append(
        Event("talon", seat, {"cards": [card_code(c) for c in action.cards]}, frozenset((seat,)))
    )
    return replace(
        state,
        hands=tuple(hands),
        talon=talon,
        talon_seen=state.talon_seen | {seat},
        talon_owner=seat,
        phase=Phase.ANNOUNCE,
    )


def _announce(state: VolenyState, seat: Seat, kind: str, events: Events) -> VolenyState:
    events.append(Event("announce", seat, {"kind": kind}))
    calls = (*state.calls, Call(seat, f"game:{kind}"))
    after = _others_clockwise(state, seat)
    new = replace(state, kind=kind, declarer=seat, calls=calls)
    if kind == "durch":
        return _accepted(new, events)
    return replace(new, phase=Phase.RESPOND, responders=after[1:], to_move=after[0])


def _others_clockwise(state: VolenyState, seat: Seat) -> tuple[Seat, ...]:
    first = state.next_active(seat)
    return (first, state.next_active(first))


def _respond(state: VolenyState, seat: Seat, good: bool, events: Events) -> VolenyState:
    calls = (*state.calls, Call(seat, "dobra" if good else "spatna"))
    events.append(Event("respond", seat, {"good": good}))
    if not good:
        # The overcaller takes the talon and will discard two (§3.1.5 step 2).
        hands = list(state.hands)
        hands[seat] |= state.talon
        events.append(Event("talon_taken", seat, {}))
        events.append(
            Event("talon_cards", seat, {"cards": _mask_codes(state.talon)}, frozenset((seat,)))
        )
        return replace(
            state,
            hands=tuple(hands),
            talon=0,
            talon_owner=None,
            talon_seen=state.talon_seen | {seat},
            calls=calls,
            phase=Phase.TALON,
            to_move=seat,
            responders=(),
        )
    if state.responders:
        return replace(
            state, calls=calls, to_move=state.responders[0], responders=state.responders[1:]
        )
    return _accepted(replace(state, calls=calls, responders=()), events)


def _mask_codes(mask: int) -> list[str]:
    return [card_code(c) for c in cards_of(mask)]


def _accepted(state: VolenyState, events: Events) -> VolenyState:
    """Everyone has answered: reveal trumps for hra, or lay the betl/durch lead."""
    if state.kind == "hra":
        return replace(state, phase=Phase.EXTRAS, to_move=state.declarer)
    if state.options.betl_lead_before_flek and _first_leader(state) == state.declarer:
        return replace(state, phase=Phase.LEAD, to_move=state.declarer)
    return _start_flek(state, events)


def _extras(state: VolenyState, seat: Seat, action: Extras, events: Events) -> VolenyState:
    assert state.trump_card is not None
    suit = state.trump_card // 13
    trump_in_talon = bool(state.talon & suit_cards(Suit(suit)))
    events.append(
        Event(
            "trumps_revealed",
            seat,
            {
                "card": card_code(state.trump_card),
                "blind": state.trump_blind,
                "trump_in_talon": trump_in_talon,
            },
        )
    )
    calls = (*state.calls, Call(seat, action.code))
    events.append(Event("extras", seat, {"stovka": action.stovka, "sedma": action.sedma}))
    new = replace(state, trump_revealed=True, stovka=action.stovka, sedma=action.sedma, calls=calls)
    return _start_flek(new, events)


def _start_flek(state: VolenyState, events: Events) -> VolenyState:
    assert state.declarer is not None and state.kind is not None
    if state.kind == "hra":
        components = (("hra", 0), ("sedma", 0)) if state.sedma else (("hra", 0),)
    else:
        components = ((state.kind, 0),)
    new = replace(state, phase=Phase.FLEK, flek=components, flek_quiet=3)
    return _next_flek_speaker(new, state.next_active(state.declarer), events)


def _next_flek_speaker(state: VolenyState, seat: Seat, events: Events) -> VolenyState:
    """Give the turn to ``seat`` or, skipping seats with nothing to raise, end the round."""
    return next_flek_speaker(state, seat, events, eligible_fleks, _flek_done)


def _flek(state: VolenyState, seat: Seat, action: Flek | Pass, events: Events) -> VolenyState:
    return flek_call(state, seat, action, events, Call, eligible_fleks, _flek_done)


def _flek_done(state: VolenyState, events: Events) -> VolenyState:
    """Decide whether the deal is played at all (§3.1.6), then start play."""
    opts = state.options
    if state.kind == "hra" and not state.stovka:
        game = state.flek_level("hra")
        if not state.sedma and game == 0 and opts.unfleked_simple_game != "play":
            events.append(Event("thrown_in", None, {"reason": "unfleked_game"}))
            return _finish(replace(state, end="thrown_in"), events)
        if (
            state.sedma
            and opts.seven_vs_single_game_flek_free
            and game == 1
            and state.flek_level("sedma") == 0
        ):
            events.append(Event("thrown_in", None, {"reason": "free"}))
            return _finish(replace(state, end="free"), events)
    leader = _first_leader(state)
    new = replace(state, phase=Phase.PLAY, leader=leader, to_move=leader)
    events.append(Event("play_starts", leader, {}))
    if new.lead_card is not None:
        lead = new.lead_card
        events.append(Event("lead_revealed", leader, {"card": card_code(lead)}))
        return _play(replace(new, lead_card=None), leader, lead, False, events)
    return new


def _first_leader(state: VolenyState) -> Seat:
    assert state.declarer is not None
    if state.kind == "hra" or state.options.betl_durch_first_lead == "forhond":
        return state.forhond
    return state.declarer


def _play(state: VolenyState, seat: Seat, c: Card, declare: bool, events: Events) -> VolenyState:
    bit = 1 << c
    hand = state.hands[seat]
    marriages = state.marriages
    if state.kind == "hra" and (state.options.auto_declare_marriages or declare):
        partner = bit >> 1 if bit & KINGS else bit << 1 if bit & QUEENS else 0
        if hand & partner:
            points = 40 if c // 13 == state.trump else 20
            marriages = (*marriages, Marriage(seat, Suit(c // 13), points, len(state.tricks) + 1))
            events.append(Event("marriage", seat, {"suit": "hdsc"[c // 13], "points": points}))
    hands = list(state.hands)
    hands[seat] = hand & ~bit
    trick_seats = (*state.trick_seats, seat)
    trick_cards = (*state.trick_cards, c)
    events.append(Event("card", seat, {"card": card_code(c)}))
    new = replace(state, hands=tuple(hands), marriages=marriages)
    if len(trick_cards) < VOLENY_FORM.players:
        return replace(
            new, trick_seats=trick_seats, trick_cards=trick_cards, to_move=state.next_active(seat)
        )
    order = NORMAL_ORDER if state.kind == "hra" else BETL_ORDER
    winner = trick_seats[trick_winner(trick_cards, state.trump, order)]
    tricks = (*state.tricks, Trick(trick_seats, trick_cards, winner))
    events.append(Event("trick", winner, {"cards": [card_code(x) for x in trick_cards]}))
    new = replace(new, trick_seats=(), trick_cards=(), tricks=tricks, leader=winner, to_move=winner)
    if len(tricks) == VOLENY_FORM.tricks:
        return _finish(replace(new, end="played"), events)
    if state.options.end_betl_durch_early and _decided_early(new, winner):
        return _finish(replace(new, end="early"), events)
    return new


def _decided_early(state: VolenyState, winner: Seat) -> bool:
    """A trick taken by the declarer's side loses a betl; one taken by a defender, a durch."""
    declares = state.sides.role_of(winner) == DECLARER_SIDE
    if state.kind == "betl":
        return declares
    if state.kind == "durch":
        return not declares
    return False


def _finish(state: VolenyState, events: Events) -> VolenyState:
    new = replace(state, phase=Phase.OVER, to_move=None)
    outcome = new.outcome()
    events.append(Event("deal_over", None, {"end": new.end, "scores": list(outcome.scores)}))
    return new
