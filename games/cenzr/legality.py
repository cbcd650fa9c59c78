"""What a seat may do now, and why not when it may not.

``check`` is the single door: it raises ``IllegalAction`` with a stable code
and a reason for anything the rules forbid. ``legal_actions`` lists the
candidates that pass ``check``, so the two can never disagree.
"""

from __future__ import annotations

from collections.abc import Iterator

from games.cards import DECK_32, CardSet, cards_of
from games.cenzr.actions import Announce, Bela, Call, CenzrAction, Pass, Play
from games.cenzr.announcing import may_announce
from games.cenzr.rules import trick_rules
from games.cenzr.state import CenzrState, Phase
from games.engine import IllegalAction, Seat

__all__ = ["check", "legal_actions", "legal_cards", "to_act"]

_PHASE_ACTIONS: dict[Phase, tuple[type, ...]] = {
    Phase.CALL: (Call, Pass),
    Phase.PLAY: (Announce, Play),
    Phase.BELA: (Bela,),
}

_PHASE_WORDS = {
    Phase.CALL: "call a card or pass",
    Phase.PLAY: "play a card",
    Phase.BELA: "decide whether to count bela",
}


def to_act(state: CenzrState) -> frozenset[Seat]:
    """The seat to move, plus any who may announce early (``own_turn_or_early``)."""
    if state.to_move is None:
        return frozenset()
    seats = {state.to_move}
    if state.phase is Phase.PLAY and state.options.declare_timing == "own_turn_or_early":
        seats.update(s for s in state.active if may_announce(state, s))
    return frozenset(seats)


def legal_cards(state: CenzrState, seat: Seat) -> CardSet:
    """§2.2 through the trick kit: any card to lead, else follow, else trump."""
    hand = state.hands[seat]
    if not state.trick_cards:
        return hand
    assert state.trump is not None
    rules = trick_rules(state.trump)
    table = state.trick_cards
    return rules.legal(hand, table[0] // 13, table[rules.winner(table)])


def check(state: CenzrState, seat: Seat, action: CenzrAction) -> None:
    """Raise ``IllegalAction`` unless ``seat`` may take ``action`` now."""
    if state.phase is Phase.OVER:
        raise IllegalAction("deal_over", "the deal is over")
    if not isinstance(action, _PHASE_ACTIONS[state.phase]):
        raise IllegalAction("wrong_phase", f"now is the time to {_PHASE_WORDS[state.phase]}")
    if isinstance(action, Announce):
        if not may_announce(state, seat):
            raise IllegalAction(
                "cannot_announce",
                "declarations are announced in trick 1, at one's own turn, before one's card",
            )
        return
    if seat != state.to_move:
        raise IllegalAction("not_your_turn", "it is not your turn")
    if isinstance(action, Play):
        if not state.hands[seat] >> action.card & 1:
            raise IllegalAction("not_in_hand", "that card is not in your hand")
        if not legal_cards(state, seat) >> action.card & 1:
            raise IllegalAction("must_follow", "follow suit, or trump when void (§2.2)")
    elif isinstance(action, Call) and action.card not in DECK_32:
        raise IllegalAction("bad_card", "cenzr is played with 7..A only")


def _candidates(state: CenzrState, seat: Seat) -> Iterator[CenzrAction]:
    if state.phase is Phase.CALL:
        yield Pass()
        for c in DECK_32:
            yield Call(c)
    elif state.phase is Phase.PLAY:
        yield Announce()
        for c in cards_of(state.hands[seat]):
            yield Play(c)
    elif state.phase is Phase.BELA:
        yield Bela(True)
        yield Bela(False)


def legal_actions(state: CenzrState, seat: Seat) -> list[CenzrAction]:
    """Every action ``seat`` may take now (empty when it may do nothing)."""
    if seat not in to_act(state):
        return []
    result = []
    for action in _candidates(state, seat):
        try:
            check(state, seat, action)
        except IllegalAction:
            continue
        result.append(action)
    return result
