"""The hold auction (§3.3.3): priority F > M > Z, "mám", strictly higher bids, pas,
F naming a level when both others pass, the all-pass redeal; and the contract
that follows it: at the bid level or higher, each level's trumps, the talon."""

from __future__ import annotations

import pytest

from games.cards import Suit
from games.engine import IllegalAction
from games.marias_licit.actions import Contract
from games.marias_licit.levels import LEVELS
from games.marias_licit.state import LicitState, Phase
from games.marias_licit.variant import LICITOVANY
from tests.marias_licit.helpers import play, run, scripted

F, M, Z = 0, 1, 2  # dealer 2: forhond is seat 0

HANDS = {
    F: ["9h", "Ad", "Td", "Kd", "Qd", "7d", "Ts", "9s", "8s", "7s"],
    M: ["Th", "Kh", "Qh", "Jh", "7h", "Tc", "Kc", "Qc", "Jc", "7c"],
    Z: ["Ah", "8h", "Jd", "9d", "As", "Ks", "Qs", "Ac", "9c", "8c"],
}
TALON = ["8d", "Js"]


def _deal() -> LicitState:
    return scripted(HANDS, TALON)


def _codes(state: LicitState, seat: int) -> list[str]:
    return [a.code for a in state.legal_actions(seat)]


def _refused(state: LicitState, seat: int, code: str) -> str:
    with pytest.raises(IllegalAction) as err:
        play(state, seat, code)
    return err.value.code


def test_m_speaks_first_against_f() -> None:
    state = _deal()
    assert state.phase is Phase.AUCTION and state.to_act() == {M}
    assert _codes(state, M) == ["pass", *(f"bid:{n}" for n in range(1, 13))]
    assert _codes(state, F) == [] and _codes(state, Z) == []
    assert _refused(state, F, "bid:1") == "not_your_turn"
    assert _refused(state, M, "mam") == "cannot_hold"


def test_priority_holds_and_the_other_must_go_strictly_higher() -> None:
    state = play(_deal(), M, "bid:1")
    assert state.to_move == F
    assert _codes(state, F) == ["pass", "mam"]  # F holds ("mám") or passes, never bids
    assert _refused(state, F, "bid:2") == "hold_or_pass"
    state = play(state, F, "mam")
    assert state.auction.holder == F and state.to_move == M
    assert _refused(state, M, "bid:1") == "must_bid_higher"
    assert _codes(state, M) == ["pass", *(f"bid:{n}" for n in range(2, 13))]
    state = run(state, [(M, "bid:4"), (F, "mam"), (M, "pass")])
    # Stage 2: Z against the survivor F, above the level F holds.
    assert state.to_move == Z and state.auction.level == 4
    assert _refused(state, Z, "bid:4") == "must_bid_higher"
    state = run(state, [(Z, "bid:5"), (F, "mam"), (Z, "pass")])
    assert state.phase is Phase.TALON and state.declarer == F and state.bid_level == 5
    assert [(c.seat, c.code) for c in state.calls] == [
        (M, "bid:1"),
        (F, "mam"),
        (M, "bid:4"),
        (F, "mam"),
        (M, "pass"),
        (Z, "bid:5"),
        (F, "mam"),
        (Z, "pass"),
    ]


def test_a_pass_is_final_and_the_priority_passes_to_m() -> None:
    state = run(_deal(), [(M, "bid:2"), (F, "pass")])
    # F is out: M holds level 2 with the priority, Z bids against him.
    assert state.to_move == Z and state.auction.senior == M
    state = run(state, [(Z, "bid:3"), (M, "mam"), (Z, "bid:6")])
    assert state.to_move == M
    state = play(state, M, "pass")
    assert state.declarer == Z and state.bid_level == 6
    assert F not in {c.seat for c in state.calls[2:]}


def test_the_dealer_wins_against_a_passing_senior() -> None:
    state = run(_deal(), [(M, "pass"), (Z, "bid:7"), (F, "pass")])
    assert state.declarer == Z and state.bid_level == 7 and state.to_move == Z


def test_f_names_a_level_when_both_others_pass() -> None:
    state = run(_deal(), [(M, "pass"), (Z, "pass")])
    assert state.to_move == F
    assert _codes(state, F) == ["pass", *(f"bid:{n}" for n in range(1, 13))]
    assert _refused(state, F, "mam") == "cannot_hold"
    named = play(state, F, "bid:3")
    assert named.declarer == F and named.bid_level == 3 and named.phase is Phase.TALON


def test_all_pass_is_a_redeal_by_the_same_dealer() -> None:
    state = run(_deal(), [(M, "pass"), (Z, "pass"), (F, "pass")])
    assert state.is_over and state.end == "redeal"
    outcome = state.outcome()
    assert outcome.scores == (0, 0, 0) and not outcome.played
    options = LICITOVANY.options()
    match = LICITOVANY.start_match(options, 3, 2)
    after = LICITOVANY.record_deal(match, outcome, options)
    assert after.dealer == 2 and after.deals == 1


def test_the_top_level_leaves_only_pass() -> None:
    state = play(_deal(), M, "bid:12")
    state = play(state, F, "mam")
    assert _codes(state, M) == ["pass"]


def test_the_winner_takes_the_talon_and_discards_two() -> None:
    state = run(_deal(), [(M, "bid:1"), (F, "pass"), (Z, "pass")])
    assert state.hands[M].bit_count() == 12 and state.talon == 0 and state.talon_taken
    assert len(_codes(state, M)) == 66  # any two of twelve: betl and durch are still open
    state = play(state, M, "talon:8d,Js")
    assert state.hands[M].bit_count() == 10 and state.talon.bit_count() == 2
    assert state.phase is Phase.CONTRACT


def _contracts(bid: int, discard: str = "talon:8d,Js") -> set[str]:
    state = scripted(HANDS, TALON)
    state = run(state, [(M, f"bid:{bid}"), (F, "pass"), (Z, "pass"), (M, discard)])
    return {a.code for a in state.legal_actions(M) if isinstance(a, Contract)}


def test_each_level_has_its_trumps_and_helpers() -> None:
    legal = _contracts(1)
    expected = set()
    for lv in LEVELS:
        if not lv.trumps:
            expected.add(f"contract:{lv.number}")
        for trump in lv.trumps:
            if lv.helper:
                expected |= {
                    f"contract:{lv.number}:{trump.code}:{h.code}" for h in Suit if h != trump
                }
            else:
                expected.add(f"contract:{lv.number}:{trump.code}")
    assert legal == expected
    assert "contract:1:h" not in legal and "contract:2:d" not in legal  # červená apart
    assert "contract:9:d:h" in legal  # "zelená trumf, červená pomůže"
    assert "contract:11:h:d" in legal and "contract:11:d:h" not in legal
    assert len(legal) == 3 + 1 + 3 + 3 + 1 + 1 + 1 + 1 + 9 + 9 + 3 + 3


def test_the_contract_is_the_bid_level_or_higher() -> None:
    legal = _contracts(5)
    assert min(int(code.split(":")[1]) for code in legal) == 5
    state = scripted(HANDS, TALON)
    state = run(state, [(M, "bid:5"), (F, "pass"), (Z, "pass"), (M, "talon:8d,Js")])
    assert _refused(state, M, "contract:4:d") == "below_bid"
    assert _refused(state, M, "contract:5:d") == "bad_trump"
    assert _refused(state, M, "contract:9:d") == "bad_helper"
    assert _refused(state, M, "contract:9:d:d") == "bad_helper"
    assert _refused(state, M, "contract:7:h") == "bad_trump"
    assert _refused(state, M, "contract:3:s:h") == "below_bid"


def test_an_ace_or_ten_in_the_talon_leaves_betl_or_durch() -> None:
    legal = _contracts(1, "talon:Th,Tc")
    assert legal == {"contract:7", "contract:8"}
    state = scripted(HANDS, TALON)
    state = run(state, [(M, "bid:9"), (F, "pass"), (Z, "pass")])
    assert _refused(state, M, "talon:Th,Tc") == "sharp_in_talon"


def test_betl_and_durch_are_led_by_the_declarer() -> None:
    state = scripted(HANDS, TALON)
    state = run(state, [(M, "bid:7"), (F, "pass"), (Z, "pass"), (M, "talon:8d,Js")])
    state = run(state, [(M, "contract:7"), (Z, "pass"), (F, "pass")])
    assert state.phase is Phase.PLAY and state.to_move == M
