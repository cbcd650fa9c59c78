"""What a seat may do now in licitovaný mariáš, and why not when it may not.

``check`` is the single door (``IllegalAction`` with a stable code and a
reason); ``legal_actions`` lists the candidates of the phase that pass it.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from games.cards import CardSet, card_code, cards_of
from games.engine import IllegalAction, Seat
from games.marias.form import LICITOVANY_FORM
from games.marias.playcheck import check_play, completes_marriage
from games.marias.rules import BETL_ORDER, KINGS, NORMAL_ORDER, QUEENS, SHARP
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
from games.marias_licit.auction import TOP_LEVEL
from games.marias_licit.levels import LEVELS, level
from games.marias_licit.state import LicitState, Phase
from games.tricks import TrickRules, legal_follow, marias_duties

__all__ = ["check", "eligible_fleks", "legal_actions", "legal_cards", "trick_rules"]

_PHASE_ACTIONS: dict[Phase, tuple[type, ...]] = {
    Phase.AUCTION: (Bid, Hold, Pass),
    Phase.TALON: (Discard,),
    Phase.CONTRACT: (Contract, Omyl),
    Phase.FLEK: (Flek, Pass, Omyl),
    Phase.PLAY: (Play, Omyl),
}

_LAST_NO_TRUMP_LEVEL = max(lv.number for lv in LEVELS if not lv.trumps)
"""Durch: the highest level without trumps."""

_PHASE_WORDS = {
    Phase.AUCTION: "bid, hold or pass",
    Phase.TALON: "discard two cards to the talon",
    Phase.CONTRACT: "announce the contract",
    Phase.FLEK: "flek or pass",
    Phase.PLAY: "play a card",
}


def legal_actions(state: LicitState, seat: Seat) -> list[LicitAction]:
    """Every action ``seat`` may take now (empty when it may do nothing)."""
    if state.phase is Phase.OVER or seat not in state.to_act():
        return []
    if state.phase is Phase.PLAY and seat == state.to_move:
        return _plays(state, seat)
    result: list[LicitAction] = []
    for action in _candidates(state, seat):
        try:
            check(state, seat, action)
        except IllegalAction:
            continue
        result.append(action)
    return result


def _plays(state: LicitState, seat: Seat) -> list[LicitAction]:
    """The play phase's actions straight from the trick kit's legal cards (the same
    answer as trying every card through ``check``, which asks the same kit)."""
    result: list[LicitAction] = [Omyl()] if state.omyl_open and seat == state.declarer else []
    hand = state.hands[seat]
    declare = not state.options.auto_declare_marriages
    for c in cards_of(legal_cards(state, seat)):
        result.append(Play(c))
        if declare and opens_marriage(state, hand, c):
            result.append(Play(c, declare=True))
    return result


def _candidates(state: LicitState, seat: Seat) -> Iterator[LicitAction]:
    if state.omyl_open and seat == state.declarer:
        yield Omyl()
    if seat != state.to_move:
        return
    hand = state.hands[seat]
    phase = state.phase
    if phase is Phase.AUCTION:
        yield Pass()
        yield Hold()
        for n in range(1, TOP_LEVEL + 1):
            yield Bid(n)
    elif phase is Phase.TALON:
        for a, b in combinations(list(cards_of(hand)), 2):
            yield Discard((a, b))
    elif phase is Phase.CONTRACT:
        for lv in LEVELS:
            if not lv.trumps:
                yield Contract(lv.number)
            for trump in lv.trumps:
                helpers = lv.helpers(trump)
                if not helpers:
                    yield Contract(lv.number, trump)
                for helper in helpers:
                    yield Contract(lv.number, trump, helper)
    elif phase is Phase.FLEK:
        yield Pass()
        names = [name for name, _ in state.flek]
        for size in range(1, len(names) + 1):
            for combo in combinations(names, size):
                yield Flek(combo)
    elif phase is Phase.PLAY:
        for c in cards_of(hand):
            yield Play(c)
            if (1 << c) & (KINGS | QUEENS):
                yield Play(c, declare=True)


def check(state: LicitState, seat: Seat, action: LicitAction) -> None:
    """Raise ``IllegalAction`` unless ``seat`` may take ``action`` now."""
    if state.phase is Phase.OVER:
        raise IllegalAction("deal_over", "the deal is over")
    if seat not in state.active:
        raise IllegalAction("not_playing", "this seat sits out this deal")
    if isinstance(action, Omyl):
        _check_omyl(state, seat)
        return
    if seat != state.to_move:
        raise IllegalAction("not_your_turn", "it is not your turn")
    if not isinstance(action, _PHASE_ACTIONS[state.phase]):
        raise IllegalAction("wrong_phase", f"now it is time to {_PHASE_WORDS[state.phase]}")
    hand = state.hands[seat]
    if state.phase is Phase.AUCTION:
        assert isinstance(action, Bid | Hold | Pass)
        _check_auction(state, action)
    elif isinstance(action, Discard):
        _check_discard(state, hand, action)
    elif isinstance(action, Contract):
        _check_contract(state, hand, action)
    elif isinstance(action, Flek):
        allowed = eligible_fleks(state, seat)
        for name in action.components:
            if name not in allowed:
                raise IllegalAction("flek_not_yours", f"you cannot flek {name} now")
    elif isinstance(action, Play):
        _check_play(state, seat, hand, action)


def _check_auction(state: LicitState, action: Bid | Hold | Pass) -> None:
    auction = state.auction
    if isinstance(action, Pass):
        return
    if isinstance(action, Hold):
        if not auction.seniors_turn:
            raise IllegalAction("cannot_hold", "only the seat with priority holds a bid")
        return
    if auction.seniors_turn:
        raise IllegalAction("hold_or_pass", "with priority you hold the bid (mám) or pass")
    if not 1 <= action.level <= TOP_LEVEL:
        raise IllegalAction("bad_level", "the levels go from 1 to 12")
    if action.level < auction.lowest_bid():
        raise IllegalAction("must_bid_higher", f"bid higher than {auction.level}")


def _check_discard(state: LicitState, hand: CardSet, action: Discard) -> None:
    """The volený talon rules (§6 #40): no ace or ten in the talon of a trump
    contract, so one may go there only while betl or durch (levels 7, 8) is still
    open to the declarer, who must then play one of them."""
    for c in action.cards:
        if not hand >> c & 1:
            raise IllegalAction("card_not_in_hand", f"you do not hold {card_code(c)}")
    sharp = any(SHARP >> c & 1 for c in action.cards)
    forbidden = state.options.talon_sharp_cards == "forbidden"
    if sharp and forbidden and state.bid_level > _LAST_NO_TRUMP_LEVEL:
        raise IllegalAction(
            "sharp_in_talon", "an ace or ten goes to the talon only for betl or durch"
        )


def _check_contract(state: LicitState, hand: CardSet, action: Contract) -> None:
    if not 1 <= action.level <= TOP_LEVEL:
        raise IllegalAction("bad_level", "the levels go from 1 to 12")
    lv = level(action.level)
    if action.level < state.bid_level:
        raise IllegalAction(
            "below_bid", f"the contract cannot be lower than the bid level {state.bid_level}"
        )
    if lv.trumps:
        if action.trump not in lv.trumps:
            raise IllegalAction("bad_trump", f"{lv.name} is played with other trumps")
    elif action.trump is not None:
        raise IllegalAction("bad_trump", f"{lv.name} has no trumps")
    if lv.helper:
        assert action.trump is not None
        if action.helper is None or action.helper not in lv.helpers(action.trump):
            raise IllegalAction("bad_helper", "dvě sedmy name a helper suit other than trumps")
    elif action.helper is not None:
        raise IllegalAction("bad_helper", f"{lv.name} has no helper suit")
    opts = state.options
    if lv.trumps and opts.talon_sharp_cards == "forbidden" and state.talon & SHARP:
        raise IllegalAction(
            "sharp_in_talon", "with an ace or ten in the talon only betl or durch may be played"
        )


def _check_omyl(state: LicitState, seat: Seat) -> None:
    if state.options.licit_omyl == "off":
        raise IllegalAction("omyl_off", "omyl is switched off at this table")
    if seat != state.declarer:
        raise IllegalAction("not_declarer", "only the declarer may concede")
    if not state.omyl_open:
        raise IllegalAction(
            "no_omyl", "omyl is only for a sedma of level 1, before the first card is played"
        )


def eligible_fleks(state: LicitState, seat: Seat) -> tuple[str, ...]:
    """The components ``seat`` may raise: the defenders to odd levels, the declarer to
    even ones (``LICITOVANY_FORM.may_raise`` on the deal's sides)."""
    sides = state.sides
    cap = state.options.max_flek_level
    return tuple(name for name, lv in state.flek if LICITOVANY_FORM.may_raise(sides, seat, lv, cap))


def trick_rules(state: LicitState) -> TrickRules:
    """The trick kit's rules: Mariáš duties, the contract's order and trumps."""
    order = BETL_ORDER if state.trump is None else NORMAL_ORDER
    duties = marias_duties(
        must_trump_when_cannot_overtrump=state.options.must_trump_when_cannot_overtrump
    )
    return TrickRules.build(duties, order, None, state.trump)


def legal_cards(state: LicitState, seat: Seat) -> CardSet:
    """The cards ``seat`` may play to the current trick (§2.2)."""
    return legal_follow(state.hands[seat], state.trick_cards, trick_rules(state))


def _check_play(state: LicitState, seat: Seat, hand: CardSet, action: Play) -> None:
    check_play(
        hand,
        action,
        state.options.auto_declare_marriages,
        lambda held, c: opens_marriage(state, held, c),
        lambda: legal_cards(state, seat),
        state.trick_cards,
        state.trump,
    )


def opens_marriage(state: LicitState, hand: CardSet, c: int) -> bool:
    """Whether playing ``c`` from ``hand`` declares a marriage (trump contracts only)."""
    if state.trump is None:
        return False
    return completes_marriage(hand, c)
