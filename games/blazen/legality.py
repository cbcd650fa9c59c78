"""What a seat may do now, and why not when it may not (blazen.md §13).

``check`` is the single door: it raises ``IllegalAction`` with one of the
spec's reason codes for anything the rules forbid. ``legal_actions`` lists
the candidates of the moment that pass ``check``, so the two never disagree.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from games.blazen.actions import (
    Attack,
    Beat,
    BlazenAction,
    Exchange,
    Pass,
    Redeal,
    Show,
    Take,
    Throw,
    Transfer,
)
from games.blazen.bout import throw_cap, throwable
from games.blazen.opening import exchange_card, redeal_suit
from games.blazen.rules import RANK_MASKS, beaters, same_rank
from games.blazen.state import BlazenState, Phase
from games.cards import Card, CardSet, card_code, cards_of
from games.engine import IllegalAction, Seat

__all__ = ["check", "legal_actions", "throwing"]


def legal_actions(state: BlazenState, seat: Seat) -> list[BlazenAction]:
    """Every action ``seat`` may take now (empty when nothing is awaited from it)."""
    if state.phase is Phase.OVER or seat not in state.to_act():
        return []
    result: list[BlazenAction] = []
    for action in _candidates(state, seat):
        try:
            check(state, seat, action)
        except IllegalAction:
            continue
        result.append(action)
    return result


def _subsets(cards: list[Card], most: int) -> Iterator[tuple[Card, ...]]:
    for size in range(1, min(most, len(cards)) + 1):
        yield from combinations(cards, size)


def _candidates(state: BlazenState, seat: Seat) -> Iterator[BlazenAction]:
    hand = state.hands[seat]
    if seat in state.interject:
        yield Redeal()
        exchange = exchange_card(state)
        if exchange is not None:
            yield Exchange(exchange[1])
    phase = state.phase
    if phase is Phase.OPEN and seat == state.to_move:
        most = state.room if state.options.multi_card_open else 1
        for rank_mask in RANK_MASKS:
            yield from (Attack(s) for s in _subsets(list(cards_of(hand & rank_mask)), most))
        for joker in cards_of(hand >> 52 << 52):
            yield Attack((joker,))
    if phase is Phase.DEFEND and seat == state.defender:
        for i in state.uncovered:
            for c in cards_of(beaters(hand, state.table[i][0], state.trump)):
                yield Beat(i, c)
        yield Take()
        attack = state.table[0][0]
        if state.options.perevodnoy and attack < 52:
            same = list(cards_of(hand & RANK_MASKS[attack % 13]))
            most = len(same) if state.options.transfer_multi_card else 1
            yield from (Transfer(s) for s in _subsets(same, most))
            if state.options.transfer_by_showing_trump:
                yield from (Show(c) for c in same if c // 13 == state.trump)
    if throwing(state, seat):
        cards = list(cards_of(throwable(state, seat)))
        yield from (Throw(s) for s in _subsets(cards, throw_cap(state)))
        yield Pass()


def throwing(state: BlazenState, seat: Seat) -> bool:
    """Whether ``seat`` is the thrower asked now (sequential) or one of the window."""
    if seat in state.waiting:
        return True
    return state.phase in (Phase.THROW, Phase.TAKE_ADD) and seat == state.to_move


def check(state: BlazenState, seat: Seat, action: BlazenAction) -> None:
    """Raise ``IllegalAction`` unless ``seat`` may take ``action`` now."""
    if state.phase is Phase.OVER:
        raise IllegalAction("deal_over", "the game is over")
    if not 0 <= seat < state.seats:
        raise IllegalAction("not_your_turn", "that is not a seat at this table")
    if seat in state.gone:
        raise IllegalAction("not_your_turn", "you are out of this game")
    if isinstance(action, Redeal):
        _check_redeal(state, seat)
    elif isinstance(action, Exchange):
        _check_exchange(state, seat, action)
    elif isinstance(action, Attack):
        _check_attack(state, seat, action)
    elif isinstance(action, Beat):
        _check_beat(state, seat, action)
    elif isinstance(action, Take):
        _defender_turn(state, seat)
    elif isinstance(action, Transfer | Show):
        _check_transfer(state, seat, action)
    elif isinstance(action, Throw):
        _check_throw(state, seat, action)
    else:
        assert isinstance(action, Pass)
        if not throwing(state, seat):
            raise IllegalAction("not_your_turn", "you are not asked to throw in now")


def _in_hand(hand: CardSet, cards: tuple[Card, ...]) -> None:
    for c in cards:
        if not hand >> c & 1:
            raise IllegalAction("not_in_hand", f"you do not hold {card_code(c)}")


def _check_redeal(state: BlazenState, seat: Seat) -> None:
    if not state.options.redeal_five_same_suit:
        raise IllegalAction("redeal_not_allowed", "this table does not redeal")
    if state.started or state.phase is not Phase.OPEN:
        raise IllegalAction("redeal_not_allowed", "a redeal only before the first attack")
    if redeal_suit(state.hands[seat]) is None:
        raise IllegalAction("redeal_not_allowed", "a redeal needs five cards of one suit")


def _check_exchange(state: BlazenState, seat: Seat, action: Exchange) -> None:
    exchange = exchange_card(state)
    if state.started or exchange is None or exchange != (seat, action.card):
        raise IllegalAction(
            "exchange_not_allowed",
            "only the holder of the lowest trump may exchange it, before the first attack",
        )


def _check_attack(state: BlazenState, seat: Seat, action: Attack) -> None:
    if state.phase is not Phase.OPEN or seat != state.to_move:
        raise IllegalAction("not_your_turn", "it is not your turn to attack")
    _in_hand(state.hands[seat], action.cards)
    if not same_rank(action.cards):
        raise IllegalAction("mixed_ranks", "open with one card or several of one rank")
    if len(action.cards) > 1 and not state.options.multi_card_open:
        raise IllegalAction("limit", "this table opens with one card")
    if len(action.cards) > state.room:
        raise IllegalAction("limit", f"at most {state.room} cards in this bout")


def _defender_turn(state: BlazenState, seat: Seat) -> None:
    if state.phase is not Phase.DEFEND or seat != state.defender:
        raise IllegalAction("not_your_turn", "you are not defending now")


def _check_beat(state: BlazenState, seat: Seat, action: Beat) -> None:
    _defender_turn(state, seat)
    if not 0 <= action.index < len(state.table):
        raise IllegalAction("no_such_card", "there is no attack card with that number")
    attack, cover = state.table[action.index]
    if cover is not None:
        raise IllegalAction("already_covered", f"{card_code(attack)} is already covered")
    _in_hand(state.hands[seat], (action.card,))
    if not beaters(1 << action.card, attack, state.trump):
        raise IllegalAction(
            "does_not_beat", f"{card_code(action.card)} does not beat {card_code(attack)}"
        )


def _check_transfer(state: BlazenState, seat: Seat, action: Transfer | Show) -> None:
    opts = state.options
    showing = isinstance(action, Show)
    if not opts.perevodnoy or (showing and not opts.transfer_by_showing_trump):
        raise IllegalAction("no_transfer_in_variant", "this table does not pass attacks on")
    _defender_turn(state, seat)
    if len(state.uncovered) < len(state.table):
        raise IllegalAction("already_defending", "you have started to beat, so you cannot pass")
    cards = (action.card,) if isinstance(action, Show) else action.cards
    _in_hand(state.hands[seat], cards)
    attack = state.table[0][0]
    if attack >= 52 or not all(c < 52 and c % 13 == attack % 13 for c in cards):
        raise IllegalAction("mixed_ranks", "pass on only with cards of the attack's rank")
    if showing:
        if cards[0] // 13 != state.trump:
            raise IllegalAction("not_trump", "only a trump of the attack's rank can be shown")
        if state.shown >> cards[0] & 1:
            raise IllegalAction("already_shown", "that trump has been shown in this bout")
    elif len(cards) > 1 and not opts.transfer_multi_card:
        raise IllegalAction("limit", "pass on with one card at this table")
    target = state.next_opponent(seat)
    after = len(state.table) + (0 if showing else len(cards))
    if target is None:
        raise IllegalAction("target_hand_too_small", "nobody can take the attack over")
    if after > state.base_limit:
        raise IllegalAction("limit", f"a bout holds at most {state.base_limit} cards")
    if after > state.hands[target].bit_count():
        raise IllegalAction(
            "target_hand_too_small", f"the next player holds fewer than {after} cards"
        )


def _check_throw(state: BlazenState, seat: Seat, action: Throw) -> None:
    if not throwing(state, seat):
        raise IllegalAction("not_your_turn", "you are not asked to throw in now")
    _in_hand(state.hands[seat], action.cards)
    allowed = throwable(state, seat)
    for c in action.cards:
        if not allowed >> c & 1:
            raise IllegalAction(
                "rank_not_on_table", f"{card_code(c)}: its rank is not on the table"
            )
    cap = state.options.throw_in_max_per_action
    if cap and len(action.cards) > cap:
        raise IllegalAction("limit", f"throw in at most {cap} card(s) at a time")
    if len(action.cards) > state.room:
        raise IllegalAction("limit", f"the bout takes {state.room} more card(s)")
