"""A honer and its flek said in one breath: "flek a osma proti", "re a osma", "osma s"
with the approval (§3.2.6 rules 2 and 3). One press must do exactly what the two
calls do one after the other."""

from __future__ import annotations

import random

import pytest

from games.engine import IllegalAction, InvalidAction
from games.marias_krizovy.actions import Approve, Flek, HonerCall, Pass
from games.marias_krizovy.state import Honer, KrizovyState, Phase
from games.marias_krizovy.variant import KRIZOVY
from tests.marias_krizovy.helpers import SIMPLE, pick, run, scripted

PROTI = {**SIMPLE, 0: ["Ac", "Tc", "9c", "7s", "7c", "Kc", "Ad", "As"]}
PROTI[3] = ["Td", "Ts", "Ks", "Qs", "Js", "9s", "8s", "8c"]
APPROVE_ALL = [(1, "dobra"), (2, "dobra"), (3, "dobra"), (0, "dobra")]


def _flek_round() -> KrizovyState:
    state = scripted(PROTI)
    state, _ = run(state, [(0, "volba:Ac,Qc"), (0, "ext:none"), *APPROVE_ALL])
    state, _ = run(state, [(1, "pass"), (2, "pass")])
    assert state.phase is Phase.FLEK and state.to_move == 3
    return state


@pytest.mark.parametrize(
    ("code", "action"),
    [
        ("honer:8", HonerCall(8)),
        ("honer:8,pass", HonerCall(8, Pass())),
        ("honer:9,dobra", HonerCall(9, Approve())),
        ("honer:7,hra", HonerCall(7, Flek(("hra",)))),
        ("honer:8,hra+h9", HonerCall(8, Flek(("hra", "h9")))),
    ],
)
def test_codes_round_trip(code: str, action: HonerCall) -> None:
    assert KRIZOVY.parse_action(code) == action
    assert action.code == code


@pytest.mark.parametrize(
    "code",
    ["honer:6,pass", "honer:8,", "honer:8,h9+hra", "honer:8,hra+hra", "honer:8,re", "honer:,hra"],
)
def test_malformed_honer_speech_is_refused(code: str) -> None:
    with pytest.raises(InvalidAction):
        KRIZOVY.parse_action(code)


def test_flek_a_osma_proti_is_one_call() -> None:
    state = _flek_round()
    assert HonerCall(8, Flek(("hra",))) in state.legal_actions(3)
    state, events = run(state, [(3, "honer:8,hra")])
    assert state.honers == (Honer(8, 3, "D"),)
    assert state.level("hra") == 1 and state.to_move == 0
    assert [e.kind for e in events] == ["honer", "flek"]


def test_osma_proti_and_no_flek_is_one_call() -> None:
    state = _flek_round()
    state, events = run(state, [(3, "honer:8,pass")])
    assert state.honers == (Honer(8, 3, "D"),) and state.level("hra") == 0
    assert state.to_move == 0 and [e.kind for e in events] == ["honer", "pass"]


def test_a_defender_may_not_flek_his_own_honer_in_the_same_breath() -> None:
    state = _flek_round()
    with pytest.raises(IllegalAction):
        run(state, [(3, "honer:8,h8")])
    assert KRIZOVY.parse_action("honer:8,hra+h8") not in state.legal_actions(3)


def _both_ways(state: KrizovyState, seat: int, action: HonerCall) -> None:
    """The combined call and the two calls in a row reach the same state and events."""
    assert action.then is not None
    one, one_events = KRIZOVY.apply(state, seat, action)
    mid, first = KRIZOVY.apply(state, seat, HonerCall(action.honer))
    two, second = KRIZOVY.apply(mid, seat, action.then)
    assert one.to_dict() == {**two.to_dict(), "version": one.version}
    assert list(one_events) == [*first, *second]


def test_every_combined_call_equals_its_two_calls() -> None:
    """Random deals: each honer call said with a flek, a pass or the approval, in every
    spot it is legal, against the honer followed by the other call."""
    rng = random.Random(8)
    checked = 0
    for deal in range(300):
        state = KRIZOVY.new_deal(KRIZOVY.options({}), 4, {"dealer": deal % 4}, seed=deal)
        while not state.is_over and state.phase in (
            Phase.CHOOSE,
            Phase.ANNOUNCE,
            Phase.APPROVAL,
            Phase.FLEK,
        ):
            seat = state.to_move
            assert seat is not None
            legal = state.legal_actions(seat)
            for action in legal:
                if isinstance(action, HonerCall) and action.then is not None:
                    _both_ways(state, seat, action)
                    checked += 1
            state, _ = KRIZOVY.apply(state, seat, pick(rng, legal))
    assert checked > 200
