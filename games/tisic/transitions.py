"""How each action moves a deal of Tisíc forward (§5-§7, §11).

``apply`` checks the action through ``legality.check`` first and only then
builds the next state, so a refused action leaves nothing changed. Events
carry ``visible_to`` for what only one seat may see (the talon in the
declarer's hand, his discards).
"""

from __future__ import annotations

from dataclasses import replace

from games.cards import Card, CardSet, Suit, card_code, cards_of
from games.engine import Event, Seat
from games.tisic.actions import (
    Bid,
    Contract,
    Discard,
    Forfeit,
    Pass,
    Play,
    Storno,
    StornoVote,
    TisicAction,
)
from games.tisic.legality import check, follow_cards
from games.tisic.rules import MARRIAGE_VALUE, trick_rules
from games.tisic.state import Call, End, Marriage, Phase, TisicState, Trick

__all__ = ["apply"]

Events = list[Event]


def apply(
    state: TisicState, seat: Seat, action: TisicAction
) -> tuple[TisicState, tuple[Event, ...]]:
    """The state after ``seat`` takes ``action``, and what happened; illegal → IllegalAction."""
    check(state, seat, action)
    events: Events = []
    if isinstance(action, Pass | Bid):
        new = _auction(state, seat, action, events)
    elif isinstance(action, Discard):
        new = _discard(state, seat, action, events)
    elif isinstance(action, Forfeit):
        events.append(Event("forfeit", seat, {"bid": state.bid}))
        new = _finish(replace(state, end=End.FORFEIT), events)
    elif isinstance(action, Storno):
        events.append(Event("storno_proposed", seat, {}))
        new = replace(state, phase=Phase.STORNO, storno_tried=True, to_move=None)
    elif isinstance(action, StornoVote):
        new = _storno_vote(state, seat, action.agree, events)
    elif isinstance(action, Contract):
        new = _contract(state, seat, action.amount, events)
    else:
        assert isinstance(action, Play)
        new = _play(state, seat, action, events)
    return replace(new, version=state.version + 1), tuple(events)


def _codes(mask: CardSet) -> list[str]:
    return [card_code(c) for c in cards_of(mask)]


# --- the auction (§5) ------------------------------------------------------------


def _auction(state: TisicState, seat: Seat, action: Pass | Bid, events: Events) -> TisicState:
    calls = (*state.calls, Call(seat, action.code))
    if isinstance(action, Pass):
        events.append(Event("pass", seat, {}))
        passed = state.passed | {seat} if state.options.pass_is_final else state.passed
        new = replace(state, calls=calls, passed=passed)
    else:
        events.append(Event("bid", seat, {"amount": action.amount}))
        new = replace(state, calls=calls, high=action.amount, high_bidder=seat)
    speaker = _next_speaker(new, seat)
    if speaker == new.high_bidder:
        return _win_auction(new, events)
    return replace(new, to_move=speaker)


def _next_speaker(state: TisicState, seat: Seat) -> Seat:
    """The next seat in the P1-P2-P3 cycle that has not passed; the high bidder
    once every other seat has (the algorithm of §5)."""
    speaker = state.next_active(seat)
    for _ in range(3):
        if speaker == state.high_bidder or speaker not in state.passed:
            return speaker
        speaker = state.next_active(speaker)
    return state.high_bidder  # pragma: no cover - the high bidder never passes


def _win_auction(state: TisicState, events: Events) -> TisicState:
    """§5.10, §6.1: the high bidder declares and takes the talon into his hand."""
    declarer = state.high_bidder
    obligation = declarer == state.p1 and state.high == state.options.obligation
    events.append(Event("auction_won", declarer, {"bid": state.high, "obligation": obligation}))
    talon = state.talon
    if state.options.show_talon:
        events.append(Event("talon_shown", declarer, {"cards": _codes(talon)}))
    else:
        events.append(
            Event("talon_cards", declarer, {"cards": _codes(talon)}, frozenset((declarer,)))
        )
    events.append(Event("talon_taken", declarer, {}))
    hands = list(state.hands)
    hands[declarer] |= talon
    return replace(
        state,
        hands=tuple(hands),
        talon=0,
        declarer=declarer,
        bid=state.high,
        phase=Phase.TALON,
        to_move=declarer,
    )


# --- the talon, storno and contract (§6) -----------------------------------------


def _discard(state: TisicState, seat: Seat, action: Discard, events: Events) -> TisicState:
    mask = (1 << action.cards[0]) | (1 << action.cards[1])
    hands = list(state.hands)
    hands[seat] &= ~mask
    events.append(Event("discarded", seat, {}))
    events.append(Event("discards", seat, {"cards": _codes(mask)}, frozenset((seat,))))
    return replace(state, hands=tuple(hands), discards=mask, phase=Phase.CONTRACT)


def _storno_vote(state: TisicState, seat: Seat, agree: bool, events: Events) -> TisicState:
    votes = (*state.storno_votes, (seat, agree))
    events.append(Event("storno_vote", seat, {"agree": agree}))
    if not agree:
        events.append(Event("storno_refused", state.declarer, {}))
        return replace(state, storno_votes=(), phase=Phase.TALON, to_move=state.declarer)
    if len(votes) < len(state.defenders):
        return replace(state, storno_votes=votes)
    events.append(Event("storno", None, {}))
    return _finish(replace(state, storno_votes=votes, end=End.STORNO), events)


def _contract(state: TisicState, seat: Seat, amount: int, events: Events) -> TisicState:
    events.append(Event("contract", seat, {"amount": amount, "raised": amount != state.bid}))
    leader = seat if state.options.first_lead == "declarer" else state.p1
    events.append(Event("play_starts", leader, {}))
    return replace(state, contract=amount, phase=Phase.PLAY, to_move=leader)


# --- play (§7, §11) ---------------------------------------------------------------


def _play(state: TisicState, seat: Seat, action: Play, events: Events) -> TisicState:
    c = action.card
    if state.options.renonc_policy != "prevent" and not follow_cards(state, seat) >> c & 1:
        return _revoke(state, seat, c, events)
    trump = state.trump
    marriages = state.marriages
    if action.trumf:
        suit = Suit(c // 13)
        value = MARRIAGE_VALUE[suit]
        marriages = (*marriages, Marriage(seat, suit, value, len(state.tricks) + 1))
        trump = suit
        events.append(Event("marriage", seat, {"suit": suit.code, "value": value}))
    hands = list(state.hands)
    hands[seat] &= ~(1 << c)
    trick_seats = (*state.trick_seats, seat)
    trick_cards = (*state.trick_cards, c)
    events.append(Event("card", seat, {"card": card_code(c), "trumf": action.trumf}))
    new = replace(state, hands=tuple(hands), marriages=marriages, trump=trump)
    if len(trick_cards) < 3:
        return replace(
            new, trick_seats=trick_seats, trick_cards=trick_cards, to_move=state.next_active(seat)
        )
    winner = trick_seats[trick_rules(state.options.follow_rule, trump).winner(trick_cards)]
    tricks = (*state.tricks, Trick(trick_seats, trick_cards, winner, trump))
    events.append(Event("trick", winner, {"cards": [card_code(x) for x in trick_cards]}))
    new = replace(new, trick_seats=(), trick_cards=(), tricks=tricks, to_move=winner)
    if len(tricks) == 10:
        return _finish(replace(new, end=End.PLAYED), events)
    return new


def _revoke(state: TisicState, seat: Seat, c: Card, events: Events) -> TisicState:
    """A card the follow rule forbids, under a policy that lets it be played: it
    falls on the table face up and the deal ends at once (§11); no trick counts."""
    end = End.RENONC if state.options.renonc_policy == "penalty" else End.REDEAL
    hands = list(state.hands)
    hands[seat] &= ~(1 << c)
    events.append(Event("card", seat, {"card": card_code(c), "trumf": False}))
    events.append(Event("renonc", seat, {"card": card_code(c), "policy": str(end)}))
    new = replace(
        state,
        hands=tuple(hands),
        trick_seats=(*state.trick_seats, seat),
        trick_cards=(*state.trick_cards, c),
        end=end,
        offender=seat,
    )
    return _finish(new, events)


def _finish(state: TisicState, events: Events) -> TisicState:
    new = replace(state, phase=Phase.OVER, to_move=None)
    outcome = new.outcome()
    events.append(
        Event(
            "deal_over",
            None,
            {
                "end": str(new.end),
                "scores": list(outcome.scores),
                "talon": _codes(new.talon_cards),
                "discards": _codes(new.discards),
            },
        )
    )
    return new
