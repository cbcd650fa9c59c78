"""What a seat may do now in mariáš ve dvou, and why not when it may not.

``check`` is the single door (``IllegalAction`` with a stable code and a
reason); ``legal_actions`` lists the candidates of the phase that pass it.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from games.cards import Card, CardSet, Suit, cards_of
from games.engine import IllegalAction, Seat
from games.marias.form import VE_DVOU_FORM
from games.marias.playcheck import check_play, completes_marriage
from games.marias.rules import KINGS, NORMAL_ORDER, QUEENS, seven_of
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
from games.marias_dvou.state import DvouState, Phase, owner_sides
from games.tricks import FREE_DUTIES, TrickRules, legal_follow, marias_duties

__all__ = [
    "check",
    "eligible_fleks",
    "legal_actions",
    "legal_cards",
    "may_announce_seven",
    "may_exchange",
    "opens_marriage",
    "trick_rules",
]

_PHASE_ACTIONS: dict[Phase, tuple[type, ...]] = {
    Phase.TRUMP: (ChooseSuit,),
    Phase.ANNOUNCE: (Extras,),
    Phase.FLEK: (Flek, Pass),
    Phase.PLAY: (Play, LateSeven, Exchange),
}

_PHASE_WORDS = {
    Phase.TRUMP: "name trumps from your first four cards",
    Phase.ANNOUNCE: "announce stovka, sedma or nothing",
    Phase.FLEK: "flek or pass",
    Phase.PLAY: "play a card",
}

_EXTRAS = tuple(Extras(stovka=a, sedma=b) for a in (False, True) for b in (False, True))


def legal_actions(state: DvouState, seat: Seat) -> list[DvouAction]:
    """Every action ``seat`` may take now (empty when it is not its turn)."""
    if state.phase is Phase.OVER or seat != state.to_move:
        return []
    if state.phase is Phase.PLAY:
        return _plays(state, seat)
    result: list[DvouAction] = []
    for action in _candidates(state, seat):
        try:
            check(state, seat, action)
        except IllegalAction:
            continue
        result.append(action)
    return result


def _plays(state: DvouState, seat: Seat) -> list[DvouAction]:
    """The cards straight from the trick kit, then ``sedma`` and ``swap`` when open."""
    result: list[DvouAction] = []
    hand = state.hands[seat]
    declare = not state.options.auto_declare_marriages
    for c in cards_of(legal_cards(state, seat)):
        result.append(Play(c))
        if declare and opens_marriage(state, hand, c):
            result.append(Play(c, declare=True))
    if may_announce_seven(state, seat):
        result.append(LateSeven())
    if may_exchange(state, seat):
        result.append(Exchange())
    return result


def _candidates(state: DvouState, seat: Seat) -> Iterator[DvouAction]:
    phase = state.phase
    if phase is Phase.TRUMP:
        for suit in Suit:
            yield ChooseSuit(suit)
    elif phase is Phase.ANNOUNCE:
        yield from _EXTRAS
    elif phase is Phase.FLEK:
        yield Pass()
        names = list(state.flek_open)
        for size in range(1, len(names) + 1):
            for combo in combinations(names, size):
                yield Flek(combo)


def check(state: DvouState, seat: Seat, action: DvouAction) -> None:
    """Raise ``IllegalAction`` unless ``seat`` may take ``action`` now."""
    if state.phase is Phase.OVER:
        raise IllegalAction("deal_over", "the deal is over")
    if seat not in state.active:
        raise IllegalAction("not_playing", "this seat is not at the table")
    if seat != state.to_move:
        raise IllegalAction("not_your_turn", "it is not your turn")
    if not isinstance(action, _PHASE_ACTIONS[state.phase]):
        raise IllegalAction("wrong_phase", f"now it is time to {_PHASE_WORDS[state.phase]}")
    hand = state.hands[seat]
    if isinstance(action, ChooseSuit):
        if not any(c // 13 == action.suit for c in state.dealt[0][:4]):
            raise IllegalAction("not_in_first_four", "trumps are a suit of your first four cards")
    elif isinstance(action, Extras):
        _check_extras(state, seat, hand, action)
    elif isinstance(action, Flek):
        allowed = eligible_fleks(state, seat)
        for name in action.components:
            if name not in allowed:
                raise IllegalAction("flek_not_yours", f"you cannot flek {name} now")
    elif isinstance(action, LateSeven):
        if not may_announce_seven(state, seat):
            raise IllegalAction(
                "no_sedma", "sedma is announced once, on your turn, while the stock lasts"
            )
    elif isinstance(action, Exchange):
        if not may_exchange(state, seat):
            raise IllegalAction(
                "no_swap",
                "the trump seven is exchanged for the turned card on lead, "
                "with two stock cards left at least",
            )
    elif isinstance(action, Play):
        _check_play(state, seat, hand, action)


def _holds_trump_seven(state: DvouState, hand: CardSet) -> bool:
    return state.trump is not None and bool(hand >> seven_of(state.trump) & 1)


def _check_extras(state: DvouState, seat: Seat, hand: CardSet, action: Extras) -> None:
    other = state.other(seat)
    opts = state.options
    if action.stovka and state.stovka == other:
        raise IllegalAction("stovka_taken", "your opponent has announced stovka")
    if action.sedma and state.sedma == other:
        raise IllegalAction("sedma_taken", "your opponent has announced sedma")
    if action.sedma and not opts.allow_seven_without_trump7 and not _holds_trump_seven(state, hand):
        raise IllegalAction("no_trump_seven", "sedma needs the trump seven in hand")
    has_marriage = bool((hand & KINGS) & ((hand & QUEENS) << 1))
    if action.stovka and not opts.allow_impossible_stovka and not has_marriage:
        raise IllegalAction("no_marriage", "stovka needs a marriage in hand")


def may_announce_seven(state: DvouState, seat: Seat) -> bool:
    """Sedma during play (§3.4.1 item 4, §3.4.3 item 4): once per deal, by the seat to
    play, while a stock card lies on the table."""
    if state.phase is not Phase.PLAY or seat != state.to_move:
        return False
    if state.sedma is not None or not state.stock:
        return False
    return state.options.allow_seven_without_trump7 or _holds_trump_seven(state, state.hands[seat])


def may_exchange(state: DvouState, seat: Seat) -> bool:
    """B (§3.4.2, §6 #48): the holder of the trump seven swaps it for the turned card
    while on lead and two stock cards at least remain."""
    opts = state.options
    if not opts.turned_trump or opts.trump7_exchange == "off" or state.swapped:
        return False
    if state.phase is not Phase.PLAY or seat != state.to_move or state.trick_cards:
        return False
    if len(state.stock) < 2:
        return False
    return _holds_trump_seven(state, state.hands[seat])


def eligible_fleks(state: DvouState, seat: Seat) -> tuple[str, ...]:
    """The chains of the running round that ``seat`` may raise: the opponent of a
    component's owner to odd levels (flek, tutti, ...), the owner to even ones
    (``VE_DVOU_FORM.may_raise`` on the component's own sides)."""
    cap = state.options.max_flek_level
    result = []
    for name, level in state.flek:
        if name not in state.flek_open:
            continue
        owner = state.owner(name)
        if VE_DVOU_FORM.may_raise(owner_sides(owner, state.other(owner)), seat, level, cap):
            result.append(name)
    return tuple(result)


def trick_rules(state: DvouState) -> TrickRules:
    """The trick kit's rules now: the §2.2 duties when strict, none in C while the
    stock lasts (and, with ``stock_phase_trumps_win`` off, no trumps then either)."""
    if state.strict:
        duties = marias_duties(
            must_trump_when_cannot_overtrump=state.options.must_trump_when_cannot_overtrump
        )
        return TrickRules.build(duties, NORMAL_ORDER, None, state.trump)
    trump = state.trump if state.options.stock_phase_trumps_win else None
    return TrickRules.build(FREE_DUTIES, NORMAL_ORDER, None, trump)


def legal_cards(state: DvouState, seat: Seat) -> CardSet:
    """The cards ``seat`` may play to the current trick."""
    return legal_follow(state.hands[seat], state.trick_cards, trick_rules(state))


def opens_marriage(state: DvouState, hand: CardSet, c: Card) -> bool:
    """Whether playing ``c`` from ``hand`` declares a marriage."""
    return completes_marriage(hand, c)


def _check_play(state: DvouState, seat: Seat, hand: CardSet, action: Play) -> None:
    check_play(
        hand,
        action,
        state.options.auto_declare_marriages,
        lambda held, c: opens_marriage(state, held, c),
        lambda: legal_cards(state, seat),
        state.trick_cards,
        state.trump,
    )
