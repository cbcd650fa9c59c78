"""How each action moves a deal of licitovaný mariáš forward (§3.3.3-§3.3.4).

``apply`` checks the action through ``legality.check`` first and only then
builds the next state, so a refused action leaves nothing changed.
"""

from __future__ import annotations

from dataclasses import replace

from games.cards import Card, Suit, card_code, cards_of
from games.engine import Event, Seat
from games.marias.flekround import flek_call, next_flek_speaker
from games.marias.form import LICITOVANY_FORM
from games.marias.played import Marriage, Trick
from games.marias.rules import KINGS, QUEENS, suit_cards
from games.marias_licit import auction as bidding
from games.marias_licit.actions import (
    Bid,
    Contract,
    Discard,
    Flek,
    Hold,
    LicitAction,
    Omyl,
    Pass,
    Play,
)
from games.marias_licit.legality import check, eligible_fleks, trick_rules
from games.marias_licit.levels import COMPONENTS, level
from games.marias_licit.state import Call, LicitState, Phase
from games.sides import DECLARER_SIDE

__all__ = ["apply"]

Events = list[Event]


def apply(
    state: LicitState, seat: Seat, action: LicitAction
) -> tuple[LicitState, tuple[Event, ...]]:
    """The state after ``seat`` takes ``action``, and what happened; illegal → IllegalAction."""
    check(state, seat, action)
    events: Events = []
    if isinstance(action, Omyl):
        events.append(Event("omyl", seat, {}))
        new = _finish(replace(state, calls=(*state.calls, Call(seat, "omyl")), end="omyl"), events)
    elif state.phase is Phase.AUCTION:
        assert isinstance(action, Bid | Hold | Pass)
        new = _auction(state, seat, action, events)
    elif isinstance(action, Discard):
        new = _discard(state, seat, action, events)
    elif isinstance(action, Contract):
        new = _contract(state, seat, action, events)
    elif isinstance(action, Flek | Pass):
        new = _flek(state, seat, action, events)
    else:
        assert isinstance(action, Play)
        new = _play(state, seat, action.card, action.declare, events)
    return replace(new, version=state.version + 1), tuple(events)


def _auction(
    state: LicitState, seat: Seat, action: Bid | Hold | Pass, events: Events
) -> LicitState:
    if isinstance(action, Bid):
        after = bidding.bid(state.auction, action.level)
        events.append(Event("bid", seat, {"level": action.level}))
    elif isinstance(action, Hold):
        after = bidding.hold(state.auction)
        events.append(Event("hold", seat, {"level": state.auction.level}))
    else:
        after = bidding.pass_(state.auction)
        events.append(Event("pass", seat, {}))
    calls = (*state.calls, Call(seat, action.code))
    new = replace(state, auction=after, calls=calls, to_move=after.speaker)
    if not after.over:
        return new
    if after.winner is None:  # all passed (§6 #39): dealt again
        events.append(Event("redeal", None, {"reason": "all_passed"}))
        return _finish(replace(new, end="redeal"), events)
    winner = after.winner
    hands = list(new.hands)
    hands[winner] |= new.talon
    events.append(Event("auction_won", winner, {"level": after.level}))
    events.append(Event("talon_taken", winner, {}))
    events.append(
        Event(
            "talon_cards",
            winner,
            {"cards": [card_code(c) for c in cards_of(new.talon)]},
            frozenset((winner,)),
        )
    )
    return replace(
        new,
        hands=tuple(hands),
        talon=0,
        talon_taken=True,
        declarer=winner,
        phase=Phase.TALON,
        to_move=winner,
    )


def _discard(state: LicitState, seat: Seat, action: Discard, events: Events) -> LicitState:
    talon = (1 << action.cards[0]) | (1 << action.cards[1])
    hands = list(state.hands)
    hands[seat] &= ~talon
    events.append(Event("talon_discarded", seat, {}))
    events.append(
        Event("talon", seat, {"cards": [card_code(c) for c in action.cards]}, frozenset((seat,)))
    )
    return replace(state, hands=tuple(hands), talon=talon, phase=Phase.CONTRACT)


def _contract(state: LicitState, seat: Seat, action: Contract, events: Events) -> LicitState:
    lv = level(action.level)
    data: dict[str, object] = {"level": lv.number, "name": lv.name}
    if action.trump is not None:
        data["trump"] = action.trump.code
    if action.helper is not None:
        data["helper"] = action.helper.code
    if action.trump is not None and state.talon & suit_cards(action.trump):
        data["trump_in_talon"] = True  # "trumf v talonu", announced (§6 #6)
    events.append(Event("contract", seat, data))
    chains = tuple((name, 0) for name in COMPONENTS if lv.has(name))
    new = replace(
        state,
        level_number=lv.number,
        trump=action.trump,
        helper=action.helper,
        calls=(*state.calls, Call(seat, action.code)),
        phase=Phase.FLEK,
        flek=chains,
        flek_quiet=3,
    )
    return _next_flek_speaker(new, state.next_active(seat), events)


def _next_flek_speaker(state: LicitState, seat: Seat, events: Events) -> LicitState:
    """Give the turn to ``seat`` or, skipping seats with nothing to raise, end the round."""
    return next_flek_speaker(state, seat, events, eligible_fleks, _start_play)


def _flek(state: LicitState, seat: Seat, action: Flek | Pass, events: Events) -> LicitState:
    return flek_call(state, seat, action, events, Call, eligible_fleks, _start_play)


def _start_play(state: LicitState, events: Events) -> LicitState:
    """Unfleked contracts are always played (§6 #44). Forhond leads; in betl and
    durch the declarer (§3.3.4)."""
    assert state.declarer is not None
    leader = state.forhond
    if state.trump is None and state.options.betl_durch_first_lead == "declarer":
        leader = state.declarer
    events.append(Event("play_starts", leader, {}))
    return replace(state, phase=Phase.PLAY, leader=leader, to_move=leader)


def _play(state: LicitState, seat: Seat, c: Card, declare: bool, events: Events) -> LicitState:
    bit = 1 << c
    hand = state.hands[seat]
    marriages = state.marriages
    if state.trump is not None and (state.options.auto_declare_marriages or declare):
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
    if len(trick_cards) < LICITOVANY_FORM.players:
        return replace(
            new, trick_seats=trick_seats, trick_cards=trick_cards, to_move=state.next_active(seat)
        )
    winner = trick_seats[trick_rules(state).winner(trick_cards)]
    tricks = (*state.tricks, Trick(trick_seats, trick_cards, winner))
    events.append(Event("trick", winner, {"cards": [card_code(x) for x in trick_cards]}))
    new = replace(new, trick_seats=(), trick_cards=(), tricks=tricks, leader=winner, to_move=winner)
    if len(tricks) == LICITOVANY_FORM.tricks:
        return _finish(replace(new, end="played"), events)
    if state.options.end_betl_durch_early and _decided_early(new, winner):
        return _finish(replace(new, end="early"), events)
    return new


def _decided_early(state: LicitState, winner: Seat) -> bool:
    """A trick taken by the declarer's side loses a betl; one taken by a defender, a durch."""
    lv = state.level
    assert lv is not None
    declares = state.sides.role_of(winner) == DECLARER_SIDE
    if lv.has("betl"):
        return declares
    if lv.has("durch"):
        return not declares
    return False


def _finish(state: LicitState, events: Events) -> LicitState:
    new = replace(state, phase=Phase.OVER, to_move=None)
    outcome = new.outcome()
    events.append(Event("deal_over", None, {"end": new.end, "scores": list(outcome.scores)}))
    return new
