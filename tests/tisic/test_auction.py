"""§5 the auction: vectors A1-A6 and the options of the bidding."""

from __future__ import annotations

import pytest

from games.engine import IllegalAction
from games.tisic.state import Phase, TisicState
from games.tisic.variant import TISIC
from tests.tisic.helpers import act, codes, deal, roles, script

R = roles()


def _won(state: TisicState) -> tuple[str, int]:
    assert state.phase is Phase.TALON and state.declarer is not None and state.bid is not None
    name = next(k for k, v in R.items() if v == state.declarer and k != "D")
    return name, state.bid


def test_a1_both_pass_p1_takes_at_50_unasked() -> None:
    state = script(deal(), "P2 pass", "P3 pass")
    assert _won(state) == ("P1", 50)
    assert state.obligation_game
    assert not any(c.seat == R["P1"] for c in state.calls)  # never asked
    assert state.hands[R["P1"]].bit_count() == 12


def test_a2() -> None:
    assert _won(script(deal(), "P2 bid:60", "P3 pass", "P1 pass")) == ("P2", 60)


def test_a3() -> None:
    state = script(
        deal(), "P2 bid:60", "P3 bid:80", "P1 bid:90", "P2 pass", "P3 bid:100", "P1 pass"
    )
    assert _won(state) == ("P3", 100)
    assert not state.obligation_game


def test_a4() -> None:
    assert _won(script(deal(), "P2 pass", "P3 bid:70", "P1 bid:80", "P3 pass")) == ("P1", 80)


A5 = [
    pytest.param((), "P1 bid:60", "not_your_turn", id="P1-speaks-first"),
    pytest.param((), "P2 bid:50", "too_low", id="not-above-50"),
    pytest.param((), "P2 bid:65", "bad_step", id="not-a-multiple"),
    pytest.param(("P2 bid:60",), "P3 bid:60", "too_low", id="equal-bid"),
    pytest.param(
        ("P2 pass", "P3 bid:60", "P1 bid:70", "P3 bid:80"),
        "P2 bid:90",
        "not_your_turn",
        id="passed-seat-bids-again",
    ),
    pytest.param((), "P2 bid:410", "too_high", id="above-max"),
]


@pytest.mark.parametrize(("before", "move", "code"), A5)
def test_a5_illegal_bids_leave_the_state_unchanged(
    before: tuple[str, ...], move: str, code: str
) -> None:
    state = script(deal(), *before)
    snapshot = state
    who, text = move.split(" ")
    with pytest.raises(IllegalAction) as err:
        act(state, R[who], text)
    assert err.value.code == code
    assert state == snapshot


def test_a6_jump_bid_then_a_higher_contract() -> None:
    state = script(deal(), "P2 bid:120", "P3 pass", "P1 pass")
    assert _won(state) == ("P2", 120)
    discard = next(c for c in codes(state, R["P2"]) if c.startswith("discard:"))
    state = act(state, R["P2"], discard)
    assert "contract:140" in codes(state, R["P2"])
    assert "contract:110" not in codes(state, R["P2"])
    state = act(state, R["P2"], "contract:140")
    assert state.contract == 140 and state.phase is Phase.PLAY


def test_legal_bids_and_the_end_when_the_turn_returns() -> None:
    state = deal()
    bids = codes(state, R["P2"])
    assert "pass" in bids and "bid:60" in bids and "bid:400" in bids and "bid:50" not in bids
    assert len(bids) == 1 + (400 - 60) // 10 + 1
    state = script(state, "P2 bid:60", "P3 pass")
    assert state.to_act() == {R["P1"]}  # P1 may compete once someone raised (§5.7)
    state = script(state, "P1 bid:70")
    assert state.to_act() == {R["P2"]}  # P3 passed for good
    state = script(state, "P2 pass")
    assert _won(state) == ("P1", 70)


def test_a_raise_to_the_maximum_ends_with_the_others_passing() -> None:
    state = script(deal(), "P2 bid:400")
    assert codes(state, R["P3"]) == {"pass"}


def test_pass_is_not_final_when_the_option_says_so() -> None:
    state = script(deal(pass_is_final=False), "P2 pass", "P3 bid:60", "P1 pass")
    assert state.to_act() == {R["P2"]}  # P2 speaks again
    state = script(state, "P2 bid:70", "P3 pass", "P1 pass")
    assert _won(state) == ("P2", 70)


def test_bid_step_five() -> None:
    state = deal(bid_step=5)
    bids = codes(state, R["P2"])
    assert "bid:55" not in bids and "bid:60" in bids and "bid:65" in bids
    state = script(state, "P2 bid:60")
    assert "bid:65" in codes(state, R["P3"])


def test_marriage_required_above_120() -> None:
    no_pair = "7h 8h 9h Jh Ah 7d 8d 9d Jd Ad"
    state = deal(p2=no_pair, marriage_required_above_120=True)
    bids = codes(state, R["P2"])
    assert "bid:120" in bids and "bid:130" not in bids
    with pytest.raises(IllegalAction) as err:
        act(state, R["P2"], "bid:130")
    assert err.value.code == "marriage_required"
    pair = "Kh Qh 9h Jh Ah 7d 8d 9d Jd Ad"
    assert "bid:130" in codes(deal(p2=pair, marriage_required_above_120=True), R["P2"])


def test_wrong_phase_actions_are_refused() -> None:
    state = deal()
    with pytest.raises(IllegalAction) as err:
        TISIC.apply(state, R["P2"], TISIC.parse_action("play:Ah"))
    assert err.value.code == "wrong_phase"
