"""Invariants of volený mariáš checked after every step of many random deals."""

from __future__ import annotations

from dataclasses import asdict

from hypothesis import given, settings
from hypothesis import strategies as st

from games.cards import DECK_32, card, card_code, cards_of, mask_of
from games.marias.rules import SHARP
from games.marias.scoring import count_points
from games.marias.state import VolenyState
from games.marias.variant import VOLENY
from games.record import DealRecord, MatchRecord, replay_deal
from tests.marias.strategies import OPTION_VALUES, play_deal

ALL = mask_of(DECK_32)


def _cards_accounted(state: VolenyState) -> int:
    held = 0
    total = 0
    for hand in state.hands:
        held |= hand
        total += hand.bit_count()
    for trick in state.tricks:
        for c in trick.cards:
            held |= 1 << c
            total += 1
    for c in state.trick_cards:
        held |= 1 << c
        total += 1
    held |= state.talon
    total += state.talon.bit_count()
    assert total == 32, "a card was lost or duplicated"
    return held


@settings(max_examples=200, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    options=OPTION_VALUES,
    seats=st.sampled_from([3, 4]),
    mix=st.sampled_from(["rr", "ru", "uu", "rur"]),
)
def test_every_step_keeps_the_invariants(seed: int, options: dict, seats: int, mix: str) -> None:
    last = None
    for state, _seat, _code, _events in play_deal(seed, seats=seats, options=options, mix=mix):
        assert _cards_accounted(state) == ALL
        for seat in state.to_act():
            legal = state.legal_actions(seat)
            assert legal, "a seat to act must have a legal action"
            for action in legal:  # every code round-trips (python-chess Move.uci style)
                assert VOLENY.parse_action(action.code) == action
        for seat in range(state.seats):
            if seat not in state.to_act():
                assert not state.legal_actions(seat)
        last = state
    assert last is not None and last.is_over
    outcome = last.outcome()
    assert sum(outcome.scores) == 0, "payments are zero-sum"
    out = set(range(seats)) - set(last.active)
    assert all(outcome.scores[s] == 0 for s in out), "the sitting-out seat pays nothing"


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 10**6), mix=st.sampled_from(["rr", "uu", "ru"]))
def test_points_add_up(seed: int, mix: str) -> None:
    options = {"unfleked_simple_game": "play", "end_betl_durch_early": False}
    *_, (state, _s, _c, _e) = play_deal(seed, options=options, mix=mix)
    if state.kind != "hra" or state.end != "played":
        return
    count = count_points(state)
    assert count.cards_declarer + count.cards_defenders == 90
    marriages = sum(m.points for m in state.marriages)
    assert count.total_declarer + count.total_defenders == 90 + marriages
    assert (count.total_declarer + count.total_defenders) % 20 == 10, "no tie is possible"
    per_suit = {m.suit for m in state.marriages}
    assert len(per_suit) == len(state.marriages), "a marriage is declared once"


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 10**6), options=OPTION_VALUES, mix=st.sampled_from(["rr", "ru"]))
def test_replay_equals_live_play(seed: int, options: dict, mix: str) -> None:
    steps = list(play_deal(seed, options=options, mix=mix))
    live = steps[-1][0]
    actions = tuple((seat, code) for _st, seat, code, _e in steps[1:] if seat is not None and code)
    record = MatchRecord(
        VOLENY.id,
        3,
        VOLENY.options(options).to_dict(),
        (),
        (DealRecord(dealer=seed % 3, actions=actions, cards=VOLENY.dealt_cards(steps[0][0])),),
    )
    replayed = replay_deal(record, record.deals[0])
    assert replayed.outcome() == live.outcome()
    seeded = MatchRecord(
        VOLENY.id,
        3,
        VOLENY.options(options).to_dict(),
        (),
        (DealRecord(dealer=seed % 3, actions=actions, seed=seed),),
    )
    assert replay_deal(seeded, seeded.deals[0]) == live
    assert MatchRecord.from_json(record.to_json()) == record


def _hidden_from(state: VolenyState, seat: int) -> set[str]:
    """Codes of cards the seat may not know: other hands, and the talon unless it is its own."""
    from games.cards import card_code, cards_of

    hidden: set[int] = set()
    for other in state.active:
        if other != seat:
            hidden |= set(cards_of(state.hands[other]))
    if seat != state.talon_owner:
        hidden |= set(cards_of(state.talon))
    if state.lead_card is not None and seat != state.declarer:
        hidden.add(state.lead_card)
    if state.kind == "hra" and state.options.talon_sharp_cards != "forbidden":
        hidden -= set(cards_of(state.talon & SHARP))  # the tolerated face-up discard (§3.1.4)
    if state.trump_revealed and state.trump_card is not None:
        hidden.discard(state.trump_card)  # laid face up at the reveal (§3.1.3)
    return {card_code(c) for c in hidden}


def _strings(obj: object) -> set[str]:
    found: set[str] = set()
    if isinstance(obj, str):
        found.add(obj)
    elif isinstance(obj, dict):
        for k, v in obj.items():
            found |= _strings(k) | _strings(v)
    elif isinstance(obj, list | tuple | set | frozenset):
        for v in obj:
            found |= _strings(v)
    return found


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 10**6), options=OPTION_VALUES, seats=st.sampled_from([3, 4]))
def test_views_never_reveal_hidden_cards(seed: int, options: dict, seats: int) -> None:
    for state, _seat, _code, events in play_deal(seed, seats=seats, options=options, mix="ru"):
        public = _strings(asdict(state.public_view()))  # type: ignore[call-overload]
        everyone_hidden = set.intersection(*(_hidden_from(state, s) for s in range(seats)))
        assert not public & everyone_hidden
        for seat in range(seats):
            seen = _strings(asdict(state.view(seat)))  # type: ignore[call-overload]
            leaked = seen & _hidden_from(state, seat)
            assert not leaked, f"seat {seat} sees {leaked} in {state.phase}"
            for event in events:
                if event.visible_for(seat):
                    ev_leak = _strings(dict(event.data)) & _hidden_from(state, seat)
                    if event.kind == "claim":  # the claimer lays his own cards open, no others
                        ev_leak -= {card_code(c) for c in cards_of(state.hands[event.seat])}
                    assert not ev_leak, f"event {event.kind} leaks {ev_leak}"


def test_hidden_card_helper_is_not_vacuous() -> None:
    state = VOLENY.new_deal(VOLENY.options(), 3, 0, seed=3)
    assert len(_hidden_from(state, 2)) == 22
    assert card("7h") in DECK_32
