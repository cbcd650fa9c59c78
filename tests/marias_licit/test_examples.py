"""The book's licitovaný examples of §5: L1 (partial), L3 and LO, played through
the engine from the deal on."""

from __future__ import annotations

import pytest

from games.engine import IllegalAction
from games.marias_licit.state import LicitState, Phase
from tests.marias_licit.helpers import play, run, scripted

A, B, C = 0, 1, 2  # A forhond, B middle, C zadák (the dealer)

L3_HANDS = {
    A: ["9h", "Ad", "Td", "Kd", "Qd", "7d", "Ts", "9s", "8s", "7s"],
    B: ["Th", "Kh", "Qh", "Jh", "7h", "Tc", "Kc", "Qc", "Jc", "7c"],
    C: ["Ah", "8h", "Jd", "9d", "As", "Ks", "Qs", "Ac", "9c", "8c"],
}
L3_TALON = ["8d", "Js"]  # B's discards (the spec fixes this free choice)
L3_TRICKS = [
    (A, "Qd Th 9d"),
    (B, "Qc Ac 9h"),
    (A, "Kd Jh Jd"),
    (B, "Tc 8c 7s"),
    (B, "Jc 9c 8s"),
    (B, "Kc 8h Td"),
    (C, "As 9s Qh"),
    (B, "Kh Ah Ad"),
    (C, "Qs Ts 7h"),
    (B, "7c Ks 7d"),
]


def _play_tricks(state: LicitState, tricks: list[tuple[int, str]]) -> LicitState:
    for leader, cards in tricks:
        assert state.to_move == leader
        seat = leader
        for code in cards.split():
            state = play(state, seat, f"play:{code}")
            seat = (seat + 1) % 3
    return state


def test_l3_dve_sedmy_a_sto_lost_in_the_wrong_order() -> None:
    state = scripted(L3_HANDS, L3_TALON)
    state = run(state, [(B, "bid:12"), (A, "pass"), (C, "pass")])
    assert state.phase is Phase.TALON and state.declarer == B
    state = run(state, [(B, "talon:8d,Js"), (B, "contract:12:h:c")])
    assert state.phase is Phase.FLEK and state.to_move == C
    state = play(state, C, "flek:dvesedmy+sto")  # "ambo jamo"
    state = play(state, B, "pass")
    assert state.phase is Phase.PLAY and state.to_move == A  # forhond leads
    state = _play_tricks(state, L3_TRICKS)
    assert state.is_over and state.end == "played"
    marriages = [(m.seat, m.points, m.trick) for m in state.marriages]
    assert marriages == [(A, 20, 1), (B, 20, 2), (B, 40, 7), (C, 20, 9)]
    summary = state.outcome().summary
    assert summary["points"]["declarer"] == 110
    assert summary["points"]["defenders"] == 80
    assert summary["points"]["declarer_for_sto"] == 90
    components = {c["name"]: (c["won"], c["flek"], c["units"]) for c in summary["components"]}
    assert components == {"dvesedmy": (False, 1, -120), "sto": (False, 1, -16)}
    assert summary["per_defender"] == -136  # 13,60 Kč to each defender
    assert state.outcome().scores == (136, -272, 136)


L1_HANDS = {  # the unknown cards filled in as the spec does (any split works)
    A: ["As", "Ts", "Tc", "8d", "Ac", "Kc", "Qc", "9c", "8c", "7c"],
    B: ["Ah", "Th", "Jh", "9h", "Ks", "Qs", "Js", "9s", "8s", "7s"],
    C: ["Kh", "Qh", "8h", "7h", "Jc", "Ad", "Td", "Kd", "Qd", "9d"],
}
L1_TALON = ["7d", "Jd"]
L1_TRICKS = [(A, "As 7s 8h"), (C, "Jc Tc 9h"), (B, "Ah Qh Ts"), (B, "Th Kh 8d")]


def _l1(values: dict[str, object] | None = None) -> LicitState:
    state = scripted(L1_HANDS, L1_TALON, values=values)
    state = run(state, [(B, "pass"), (C, "bid:2"), (A, "pass")])
    state = run(state, [(C, "talon:7d,Jd"), (C, "contract:2:h")])
    while state.phase is Phase.FLEK:  # the "uragán fleků": eight on the sedma
        seat = state.to_move
        assert seat is not None
        raise_it = state.flek_level("sedma") < 8 and "flek:sedma" in state.view(seat).legal  # type: ignore[attr-defined]
        state = play(state, seat, "flek:sedma" if raise_it else "pass")
    assert state.flek_level("sedma") == 8
    assert state.to_move == A  # forhond leads although C is the declarer
    state = _play_tricks(state, L1_TRICKS)
    state = play(state, B, "play:Jh")  # "došel" for the red seven
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        state = play(state, seat, state.legal_actions(seat)[0].code)
    return state


def test_l1_cervena_sedma_partial() -> None:
    state = _l1()
    tricks = state.tricks
    assert [t.winner for t in tricks[:4]] == [C, B, B, B]
    summary = state.outcome().summary
    assert summary["points"]["declarer"] == 70  # "zadák uhrál jenom zelené eso"
    assert summary["points"]["defenders"] == 120  # "partneři získali 120"
    components = {c["name"]: (c["won"], c["units"]) for c in summary["components"]}
    # 8 fleks on a level-2 sedma: 4 × 2^8 = 1024 units = 102,40 Kč per defender
    # (the book's 128 Kč is not reproducible, §4.2 row 12) ...
    assert components["sedma"] == (False, -1024)
    # ... and the defenders' silent 120, which the book does not count (§6 #41).
    assert components["tichá stovka"] == (False, -16)
    assert _l1({"licit_silent_game": False}).outcome().summary["per_defender"] == -1024


def _level1(values: dict[str, object] | None = None) -> LicitState:
    state = scripted(L3_HANDS, L3_TALON, values=values)
    state = run(state, [(B, "bid:1"), (A, "pass"), (C, "pass"), (B, "talon:8d,Js")])
    assert state.phase is Phase.CONTRACT
    return state


def test_lo_omyl_of_a_level_1_sedma_costs_3_units() -> None:
    state = play(_level1(), B, "omyl")
    assert state.is_over and state.end == "omyl"
    summary = state.outcome().summary
    assert summary["per_defender"] == -3  # 40 haléřů − 10 haléřů = 30 haléřů
    assert state.outcome().scores == (3, -6, 3)


def test_omyl_window_until_the_first_card() -> None:
    state = play(_level1(), B, "contract:1:d")
    assert state.phase is Phase.FLEK and B in state.to_act() and state.to_move == C
    assert [a.code for a in state.legal_actions(B)] == ["omyl"]
    fleked = play(state, C, "flek:sedma")
    assert fleked.to_move == B and "omyl" in [a.code for a in fleked.legal_actions(B)]
    re = play(fleked, B, "flek:sedma")
    # after a re the concession costs the sedma at re: 8 − 1 = 7 units
    after_re = play(re, B, "omyl")
    assert after_re.outcome().summary["per_defender"] == -7
    started = run(fleked, [(B, "pass")])
    assert started.phase is Phase.PLAY and started.to_move == A
    conceded = play(started, B, "omyl")  # an interjection before the first lead
    assert conceded.outcome().summary["per_defender"] == -3
    led = play(started, A, "play:7s")
    assert B not in led.to_act() or led.to_move == B
    with pytest.raises(IllegalAction) as err:
        play(led, B, "omyl")
    assert err.value.code == "no_omyl"


def test_omyl_only_at_the_announcement_when_the_window_says_so() -> None:
    state = play(_level1({"licit_omyl_window": "at_announcement"}), B, "contract:1:d")
    assert B not in state.to_act()
    with pytest.raises(IllegalAction):
        play(state, B, "omyl")


def test_no_omyl_for_the_red_sedma_or_above() -> None:
    state = scripted(L3_HANDS, L3_TALON)
    state = run(state, [(B, "bid:2"), (A, "pass"), (C, "pass"), (B, "talon:8d,Js")])
    with pytest.raises(IllegalAction) as err:
        play(state, B, "omyl")
    assert err.value.code == "no_omyl"
    state = play(state, B, "contract:2:h")
    with pytest.raises(IllegalAction):
        play(state, B, "omyl")
    # A level-1 bid announced higher is no longer a level-1 sedma.
    higher = play(_level1(), B, "contract:3:d")
    assert B not in higher.to_act()
    with pytest.raises(IllegalAction):
        play(higher, B, "omyl")


def test_omyl_switched_off() -> None:
    with pytest.raises(IllegalAction) as err:
        play(_level1({"licit_omyl": "off"}), B, "omyl")
    assert err.value.code == "omyl_off"
