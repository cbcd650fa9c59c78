"""How each action moves a game of Blázen forward (blazen.md §6-§12).

``apply`` checks the action through ``legality.check`` first and only then
builds the next state, so a refused action leaves nothing changed. The end
of a bout runs the fixed sequence of §12.1: Bito or pick-up, drawing back to
a full hand (§8), who is out (§10), the end of the game (§10-§11), and the
next attacker (§9).
"""

from __future__ import annotations

from typing import Any

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
from games.blazen.bout import askable, draw_order, eligible_throwers
from games.blazen.legality import check
from games.blazen.opening import interjections, redeal_suit
from games.blazen.rules import LOWEST_RANK
from games.blazen.state import BlazenState, Bout, Phase
from games.cards import Card, CardSet, card_code, cards_of, mask_of
from games.engine import Event, Seat

__all__ = ["apply"]

Events = list[Event]


def apply(
    state: BlazenState, seat: Seat, action: BlazenAction
) -> tuple[BlazenState, tuple[Event, ...]]:
    """The state after ``seat`` takes ``action``, and what happened; illegal → IllegalAction."""
    check(state, seat, action)
    events: Events = []
    work = state.but(version=state.version + 1)
    if isinstance(action, Redeal):
        new = _redeal(work, seat, events)
    elif isinstance(action, Exchange):
        new = _exchange(work, seat, action.card, events)
    elif isinstance(action, Attack):
        new = _attack(work, seat, action.cards, events)
    elif isinstance(action, Beat):
        new = _beat(work, seat, action, events)
    elif isinstance(action, Take):
        events.append(Event("take", seat, {}))
        new = _start_take_add(work, events)
    elif isinstance(action, Transfer):
        new = _transfer(work, seat, action.cards, events)
    elif isinstance(action, Show):
        new = _show(work, seat, action.card, events)
    elif isinstance(action, Throw):
        new = _throw(work, seat, action.cards, events)
    else:
        assert isinstance(action, Pass)
        new = _pass(work, seat, events)
    return new, tuple(events)


def _edit(state: BlazenState, **changes: Any) -> BlazenState:
    """Change the copy ``apply`` is building, in place. Only that fresh copy, which
    nobody else holds yet, is ever edited: a state once returned never changes."""
    for name, value in changes.items():
        object.__setattr__(state, name, value)
    return state


def _codes(cards: tuple[Card, ...] | CardSet) -> list[str]:
    if isinstance(cards, int):
        cards = tuple(cards_of(cards))
    return [card_code(c) for c in cards]


def _lay(
    state: BlazenState, seat: Seat, cards: tuple[Card, ...]
) -> tuple[tuple[CardSet, ...], tuple[Seat, ...]]:
    """Take cards out of a hand; note the seat if its hand is now empty (§10.3)."""
    hands = list(state.hands)
    hands[seat] &= ~mask_of(cards)
    emptied = state.emptied
    if not hands[seat] and seat not in emptied:
        emptied = (*emptied, seat)
    return tuple(hands), emptied


def _forget(known: tuple[CardSet, ...], seat: Seat, cards: tuple[Card, ...]) -> tuple[CardSet, ...]:
    if not known[seat] & mask_of(cards):
        return known
    out = list(known)
    out[seat] &= ~mask_of(cards)
    return tuple(out)


# --- before the first attack ------------------------------------------------


def _redeal(state: BlazenState, seat: Seat, events: Events) -> BlazenState:
    suit = redeal_suit(state.hands[seat])
    assert suit is not None
    events.append(Event("redeal", seat, {"suit": "hdsc"[suit]}))
    new = _edit(
        state,
        phase=Phase.OVER,
        to_move=None,
        waiting=frozenset(),
        interject=frozenset(),
        end="redeal",
        redeal_by=seat,
    )
    events.append(Event("game_over", None, {"end": "redeal"}))
    return new


def _exchange(state: BlazenState, seat: Seat, lowest: Card, events: Events) -> BlazenState:
    turned = state.trump_card
    hands = list(state.hands)
    hands[seat] = hands[seat] & ~(1 << lowest) | 1 << turned
    known = list(state.known)
    known[seat] |= 1 << turned
    events.append(Event("exchange", seat, {"gave": card_code(lowest), "took": card_code(turned)}))
    new = _edit(
        state,
        hands=tuple(hands),
        known=tuple(known),
        stock=(*state.stock[:-1], lowest),
        trump_card=lowest,
        exchanged=True,
    )
    return _edit(new, interject=interjections(new))


# --- the bout -----------------------------------------------------------------


def _attack(state: BlazenState, seat: Seat, cards: tuple[Card, ...], events: Events) -> BlazenState:
    hands, emptied = _lay(state, seat, cards)
    events.append(Event("attack", seat, {"cards": _codes(cards), "defender": state.defender}))
    new = _edit(
        state,
        hands=hands,
        known=_forget(state.known, seat, cards),
        emptied=emptied,
        table=tuple((c, None) for c in cards),
        opened=len(cards),
        started=True,
        interject=frozenset(),
        phase=Phase.DEFEND,
        to_move=state.defender,
    )
    return _after_table_change(new, events)


def _beat(state: BlazenState, seat: Seat, action: Beat, events: Events) -> BlazenState:
    hands, emptied = _lay(state, seat, (action.card,))
    table = list(state.table)
    attack = table[action.index][0]
    table[action.index] = (attack, action.card)
    events.append(
        Event(
            "beat",
            seat,
            {"index": action.index, "attack": card_code(attack), "card": card_code(action.card)},
        )
    )
    new = _edit(
        state,
        hands=hands,
        known=_forget(state.known, seat, (action.card,)),
        emptied=emptied,
        table=tuple(table),
        passed=frozenset(),  # a cover may bring new ranks: everyone may throw again
    )
    if new.uncovered:
        return _after_table_change(new, events)
    return _start_throw(new, events)


def _transfer(
    state: BlazenState, seat: Seat, cards: tuple[Card, ...], events: Events
) -> BlazenState:
    target = state.next_opponent(seat)
    assert target is not None
    hands, emptied = _lay(state, seat, cards)
    events.append(Event("transfer", seat, {"cards": _codes(cards), "defender": target}))
    new = _edit(
        state,
        hands=hands,
        known=_forget(state.known, seat, cards),
        emptied=emptied,
        table=(*state.table, *((c, None) for c in cards)),
        defender=target,
        to_move=target,
        passed=frozenset(),
    )
    return _after_table_change(new, events)


def _show(state: BlazenState, seat: Seat, c: Card, events: Events) -> BlazenState:
    target = state.next_opponent(seat)
    assert target is not None
    known = list(state.known)
    known[seat] |= 1 << c
    events.append(Event("show", seat, {"card": card_code(c), "defender": target}))
    new = _edit(
        state,
        known=tuple(known),
        shown=state.shown | 1 << c,
        defender=target,
        to_move=target,
        passed=frozenset(),
    )
    return _after_table_change(new, events)


def _throw(state: BlazenState, seat: Seat, cards: tuple[Card, ...], events: Events) -> BlazenState:
    hands, emptied = _lay(state, seat, cards)
    events.append(Event("throw", seat, {"cards": _codes(cards), "defender": state.defender}))
    new = _edit(
        state,
        hands=hands,
        known=_forget(state.known, seat, cards),
        emptied=emptied,
        table=(*state.table, *((c, None) for c in cards)),
    )
    if state.phase is Phase.TAKE_ADD:
        return _next_take_add(new, seat, events)
    if state.options.throw_in_timing == "anytime":
        return _after_table_change(new, events)
    return _edit(new, phase=Phase.DEFEND, to_move=state.defender, waiting=frozenset())


def _pass(state: BlazenState, seat: Seat, events: Events) -> BlazenState:
    events.append(Event("pass", seat, {}))
    new = _edit(state, passed=state.passed | {seat})
    if state.phase is Phase.TAKE_ADD:
        return _next_take_add(new, seat, events)
    if state.options.throw_in_mode == "window":
        return _refresh_window(new, events)
    return _ask_from(new, state.ptr + 1, events)


# --- who is asked next ----------------------------------------------------------


def _window(state: BlazenState) -> frozenset[Seat]:
    """Window mode: every eligible thrower who has not passed and has something (§12.1)."""
    return frozenset(s for s in state.queue if s not in state.passed and askable(state, s))


def _after_table_change(state: BlazenState, events: Events) -> BlazenState:
    """The defender is to act; with ``anytime`` the window of throwers stays open."""
    if state.options.throw_in_timing != "anytime":
        return _edit(state, phase=Phase.DEFEND, to_move=state.defender, waiting=frozenset())
    state = _edit(state, queue=eligible_throwers(state))
    if state.uncovered:
        return _edit(state, phase=Phase.DEFEND, to_move=state.defender, waiting=_window(state))
    return _start_throw(state, events)


def _refresh_window(state: BlazenState, events: Events) -> BlazenState:
    """Window mode after a pass: Bito once nobody who has not passed can throw."""
    if state.options.throw_in_timing == "anytime":
        return _after_table_change(state, events)
    waiting = _window(state)
    if not waiting:
        return _end_bout(state, False, events)
    return _edit(state, to_move=None, waiting=waiting)


def _start_throw(state: BlazenState, events: Events) -> BlazenState:
    """Everything is covered: ask the throwers from the top of the list (§6.3)."""
    state = _edit(state, phase=Phase.THROW, queue=eligible_throwers(state), ptr=0)
    if state.options.throw_in_mode == "window":
        waiting = _window(state)
        if not waiting:
            return _end_bout(state, False, events)
        return _edit(state, to_move=None, waiting=waiting)
    return _ask_from(_edit(state, passed=frozenset()), 0, events)


def _ask_from(state: BlazenState, ptr: int, events: Events) -> BlazenState:
    """Sequential mode: the first thrower from ``ptr`` with something to throw (§12.1)."""
    queue = state.queue
    while ptr < len(queue) and not askable(state, queue[ptr]):
        ptr += 1
    if ptr < len(queue):
        return _edit(state, ptr=ptr, to_move=queue[ptr], waiting=frozenset())
    return _end_bout(state, state.phase is Phase.TAKE_ADD, events)


def _start_take_add(state: BlazenState, events: Events) -> BlazenState:
    """ "Beru": one last round of throw-ins, then the pick-up (§6.6)."""
    state = _edit(
        state,
        phase=Phase.TAKE_ADD,
        queue=eligible_throwers(state),
        ptr=0,
        passed=frozenset(),
        waiting=frozenset(),
    )
    if not state.options.throw_in_after_take:
        return _end_bout(state, True, events)
    if state.options.throw_in_mode == "window":
        return _next_take_add(state, None, events)
    return _ask_from(state, 0, events)


def _next_take_add(state: BlazenState, seat: Seat | None, events: Events) -> BlazenState:
    """Each thrower acts once after a take, by priority or in the window."""
    if state.options.throw_in_mode == "window":
        passed = state.passed if seat is None else state.passed | {seat}
        state = _edit(state, passed=passed)
        waiting = _window(state)
        if not waiting:
            return _end_bout(state, True, events)
        return _edit(state, to_move=None, waiting=waiting)
    return _ask_from(state, state.ptr + 1, events)


# --- the end of a bout --------------------------------------------------------


def _end_bout(state: BlazenState, taken: bool, events: Events) -> BlazenState:
    """Bito or pick-up, drawing, who is out, the end of the game, the next attacker."""
    on_table = state.table_cards
    hands = list(state.hands)
    known = list(state.known)
    bito = state.bito
    d = state.defender
    if taken:
        hands[d] |= on_table
        known[d] |= on_table
        events.append(Event("pick_up", d, {"cards": _codes(on_table)}))
    else:
        bito |= on_table
        events.append(Event("bito", None, {"cards": _codes(on_table), "size": bito.bit_count()}))
    stock = state.stock
    size = state.options.hand_size
    drawn_counts: dict[str, int] = {}
    for seat in draw_order(state):
        need = size - hands[seat].bit_count()
        if need <= 0 or not stock:
            drawn_counts[str(seat)] = 0
            continue
        drawn, stock = stock[:need], stock[need:]
        hands[seat] |= mask_of(drawn)
        if state.trump_card in drawn:  # the turned card was seen by everyone
            known[seat] |= 1 << state.trump_card
        drawn_counts[str(seat)] = len(drawn)
        events.append(Event("drawn", seat, {"cards": _codes(drawn)}, frozenset((seat,))))
    events.append(Event("draw", None, {"counts": drawn_counts, "stock": len(stock)}))
    bout = Bout(state.opener, d, state.table, taken)
    new = _edit(
        state,
        hands=tuple(hands),
        known=tuple(known),
        bito=bito,
        stock=stock,
        bouts=state.bouts + 1,
        discards=state.discards + (0 if taken else 1),
        last_bout=bout,
        history=(*state.history, bout),
        table=(),
        waiting=frozenset(),
    )
    leaving = tuple(
        s for s in range(state.seats) if s not in state.gone and not hands[s] and not stock
    )
    if leaving:
        place = sum(len(group) for group in state.exits) + 1
        new = _edit(new, gone=state.gone | set(leaving), exits=(*state.exits, leaving))
        events.append(Event("out", None, {"seats": list(leaving), "place": place}))
    finished = _game_end(new, taken)
    if finished is not None:
        events.append(
            Event(
                "game_over",
                None,
                {"end": finished.end, "losers": list(finished.losers), "straps": finished.straps},
            )
        )
        return finished
    return _next_bout(new, taken, events)


def _game_end(state: BlazenState, taken: bool) -> BlazenState | None:
    """The game ends when one player (or one team) alone holds cards (§10-§11)."""
    alive = [s for s in range(state.seats) if s not in state.gone]
    if state.options.team_mode != "none":
        sides = state.sides
        holding = {sides.side_of(s) for s in alive}
        if len(holding) > 1:
            return None
        if not holding:
            return _over(state, "draw", ())
        # One side alone still holds cards: all of it loses, its seats that went out too.
        (side,) = holding
        assert side is not None
        losers = tuple(sorted(sides.groups[side]))
        return _over(state, "team", losers, taken)
    if len(alive) > 1:
        return None
    if alive:
        return _over(state, "fool", (alive[0],), taken)
    if state.options.simultaneous_finish == "draw":
        return _over(state, "draw", ())
    last_group = state.exits[-1]
    emptied = [s for s in state.emptied if s in last_group]
    fool = emptied[-1] if emptied else state.defender
    return _over(state, "fool", (fool,), taken)


def _over(
    state: BlazenState, end: str, losers: tuple[Seat, ...], taken: bool = False
) -> BlazenState:
    straps = 0
    if state.options.epaulettes and losers and taken and state.defender in losers:
        lowest = LOWEST_RANK[state.options.deck_size]
        table = state.last_bout.table if state.last_bout is not None else ()
        straps = sum(1 for a, _ in table if a < 52 and a % 13 == lowest)
    return _edit(
        state,
        phase=Phase.OVER,
        to_move=None,
        waiting=frozenset(),
        interject=frozenset(),
        end=end,
        losers=losers,
        straps=straps,
    )


def _next_bout(state: BlazenState, taken: bool, events: Events) -> BlazenState:
    """Who attacks next (§9): the defender after Bito, his left after a take."""
    cand = (state.defender + 1) % state.seats if taken else state.defender
    while cand in state.gone:
        cand = (cand + 1) % state.seats
    defender = state.next_opponent(cand)
    assert defender is not None
    events.append(Event("bout", cand, {"attacker": cand, "defender": defender}))
    return _edit(
        state,
        phase=Phase.OPEN,
        opener=cand,
        defender=defender,
        to_move=cand,
        waiting=frozenset(),
        table=(),
        queue=(),
        ptr=0,
        passed=frozenset(),
        shown=0,
        opened=0,
        emptied=(),
    )
