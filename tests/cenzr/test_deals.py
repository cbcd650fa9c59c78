"""Whole deals from cenzr.md §3.7 played through the engine: the announcement
protocol in trick 1 (§3.3-§3.4), resolution (§3.5) as it reaches the count,
bela (§3.6, §5.3), péro (§5.2) and the secret partner (§4.6)."""

from __future__ import annotations

from typing import Any

import pytest

from games.cenzr.actions import Announce, Bela
from games.cenzr.state import CenzrState, Phase
from games.cenzr.variant import CENZR
from games.engine import IllegalAction
from tests.cenzr.helpers import act, from_hands, play_out

D1 = {
    0: "Ah 7h Kd Qs Js Ts 9s 8c",
    1: "Kh 9h Jd Td 9d 8d As 7c",
    2: "Th Ad 7d 8s Ac Kc Qc Jc",
    3: "Qh Jh 8h Qd Ks 7s Tc 9c",
}
D2 = {
    0: "Th 9h 8h Ad Kd Qd Jd 9c",
    1: "Ah Kh Qh Jh 9d Ts Tc 8c",
    2: "7h Td Qs Js 8s 7s Ac Jc",
    3: "8d 7d As Ks 9s Kc Qc 7c",
}
D3 = {
    0: "Ah Kh Qh Jh Jd 9s 9c 7c",
    1: "Th 9h Kd As Ks Qs Js Ac",
    2: "Qd 9d 7d 8s Kc Qc Jc Tc",
    3: "8h 7h Ad Td 8d Ts 7s 8c",
}
D4 = {
    0: "Ah Kh Qh Jh Qd Ts 9s 8s",
    1: "Jd Td 9d 8d 7d Ks 9c 7c",
    2: "Th 9h Ad Kd Qs Kc Jc Tc",
    3: "8h 7h As Js 7s Ac Qc 8c",
}
D6 = {
    0: "Kh Qh Jh Kd Qd Ks Kc Tc",
    1: "Ah 7h Ad 8d As 9s Ac Jc",
    2: "Th 8h 9d 7d Qs 8s 8c 7c",
    3: "9h Jd Td Js Ts 7s Qc 9c",
}
D8 = {
    0: "Kh Qh Jh Th 9d As Ks Qs",
    1: "Ah 8h Ts 9s 7s Kc Tc 9c",
    2: "7h Ad Kd Qd Jd Td Qc 8c",
    3: "9h 8d 7d Js 8s Ac Jc 7c",
}
D12 = {
    0: "Ah Kh Qh Jh Th Ad Qc 8c",
    1: "As Ks Qs Js Ts 9s Ac Jc",
    2: "7h Kd Td 8d 7d Tc 9c 7c",
    3: "9h 8h Qd Jd 9d 8s 7s Kc",
}
SUITS = {  # each player one whole suit: P1 hearts
    0: "Jh Ah Kh Qh Th 9h 8h 7h",
    1: "Ad Kd Qd Jd Td 9d 8d 7d",
    2: "As Ks Qs Js Ts 9s 8s 7s",
    3: "Ac Kc Qc Jc Tc 9c 8c 7c",
}


def _called(rows: dict[int, str], call: str, **options: Any) -> CenzrState:
    state, _ = act(from_hands(rows, **options), 0, f"call:{call}")
    return state


def _summary(state: CenzrState) -> dict[str, Any]:
    return dict(state.outcome().summary)


def _reveal(state: CenzrState) -> dict[str, Any]:
    """What the table was told after trick 1."""
    told = state.public_view().declarations
    assert told is not None
    return told


def _valid_points(state: CenzrState) -> dict[int, int]:
    return {s: sum(d.points for d in ds) for s, ds in state.valid}


def _check_count(state: CenzrState) -> None:
    """§5.1/§5.5 from the summary's own figures: C + D = 162 + V + B + P, and Σ."""
    s = _summary(state)
    v = sum(s["declarations"]["points"].values())
    b = 20 if s["bela"] and s["bela"]["counted"] else 0
    p = 100 if s["pero"] else 0
    assert s["C"] + s["D"] == 162 + v + b + p
    assert sum(s["card_points"].values()) == 152
    factor = 3 if s["samec"] else 4
    assert sum(state.outcome().scores) == factor * (s["C"] + s["D"])


def test_d1_three_padesats_the_highest_size_wins() -> None:
    state = _called(D1, "Qh")  # trump h, P4 holds Qh
    state, log = play_out(state, announce=frozenset({0, 1, 2}))
    said = [e.data for events in log for e in events if e.kind == "announce"]
    assert said == [{"kind": "padesat", "rank": None}] * 3
    assert _valid_points(state) == {2: 50}
    assert {s for s, _ in state.cancelled} == {0, 1}
    reveal = _reveal(state)
    assert [(x["seat"], x["verdict"], x.get("top")) for x in reveal["sizes"]] == [
        (0, "states", "Q"),
        (1, "lower", None),
        (2, "higher", "A"),
    ]
    assert reveal["valid"] == [{"seat": 2, "kind": "padesat", "top": "A"}]  # no suit
    _check_count(state)


def test_d2_trumps_break_the_tie_and_own_declarations_never_cancel() -> None:
    """§7 #22: P1 scores his trump padesát and his darda (70); bela separately."""
    state = _called(D2, "8d")  # trump d, P4 holds 8d
    state, _ = play_out(state, announce=frozenset({0, 1}))
    assert _valid_points(state) == {0: 70}
    summary = _summary(state)
    assert summary["bela"]["holder"] == 0 and summary["declarations"]["points"]["0"] == 70
    _check_count(state)


def test_a_player_without_declarations_cannot_announce() -> None:
    """§7 #21: P2 of D8 holds nothing."""
    state = _called(D8, "Qc")
    state, _ = act(state, 0, "play:Kh")
    assert state.to_act() == {1} and Announce() not in state.legal_actions(1)
    with pytest.raises(IllegalAction):
        act(state, 1, "announce")


def test_d3_a_tie_at_the_top_cancels_everything_bela_stays() -> None:
    state = _called(D3, "8c")  # trump c, P4 holds 8c
    state, _ = play_out(state, announce=frozenset({0, 1, 2}))
    assert state.valid == () and {s for s, _ in state.cancelled} == {0, 1, 2}
    assert _reveal(state)["valid"] == []
    summary = _summary(state)
    assert summary["bela"]["holder"] == 2  # P3's Kc Qc, never cancelled
    assert summary["declarations"]["points"] == {"0": 0, "1": 0, "2": 0, "3": 0}
    _check_count(state)


def test_d6_futility_a_lower_figura_is_not_offered() -> None:
    state = _called(D6, "Jd")  # trump d, P4 holds Jd
    assert state.legal_actions(0)[0] == Announce()
    state, _ = play_out(state, announce=frozenset({0, 1}))
    assert _valid_points(state) == {1: 100}  # four aces beat four kings
    # had P2 played before P1, P1 would have announced nothing (§3.4 step 2)
    swapped = {0: D6[1], 1: D6[0], 2: D6[2], 3: D6[3]}
    state = _called(swapped, "Jd")
    state, _ = act(state, 0, "announce")
    state, _ = act(state, 0, "play:Ah")
    assert Announce() not in state.legal_actions(1)
    with pytest.raises(IllegalAction) as refused:
        act(state, 1, "announce")
    assert refused.value.code == "cannot_announce"
    loud = _called(swapped, "Jd", suppress_futile_announcements=False)
    loud, _ = act(loud, 0, "announce")
    loud, _ = act(loud, 0, "play:Ah")
    loud, _ = act(loud, 1, "announce")  # offered, and futile all the same
    loud, _ = play_out(loud)
    assert _valid_points(loud) == {0: 100}


def test_d8_the_partner_cancels_the_chooser() -> None:
    state = _called(D8, "Qc")  # trump c; P3 holds Qc
    assert state.choosing_side == (0, 2)
    done, _ = play_out(state, announce=frozenset({0, 2}))
    assert _valid_points(done) == {2: 100}
    summary = _summary(done)
    assert summary["partner"] == 2 and summary["samec"] is None
    side_points = (
        summary["card_points"]["0"]
        + summary["card_points"]["2"]
        + (10 if summary["last_trick"] in (0, 2) else 0)
        + 100
        + (100 if summary["pero"] == "C" else 0)
    )
    assert summary["C"] == side_points
    _check_count(done)
    quiet, _ = play_out(state, announce=frozenset({0}))  # P3 keeps quiet: P1 scores 70
    assert _valid_points(quiet) == {0: 70}
    team = _called(D8, "Qc", declaration_scope="team")
    team, _ = play_out(team, announce=frozenset({0, 2}))
    assert sum(_valid_points(team).values()) == 170


def test_d9_an_announcement_after_ones_own_card_is_late() -> None:
    state = _called(D4, "As")  # trump s; P4 holds As
    state, _ = act(state, 0, "announce")
    state, _ = act(state, 0, "play:Ah")
    legal = {a.code for a in state.legal_actions(1)}
    assert "announce" in legal  # P2's window: his own turn
    state, _ = act(state, 1, "play:Ks")  # void in h, must trump: Ks is his only trump
    with pytest.raises(IllegalAction):
        act(state, 1, "announce")  # "sto" while P3 plays: invalid
    state, _ = play_out(state)
    assert _valid_points(state) == {0: 70}  # P1's padesát + darda stand


def test_early_announcement_when_allowed_is_an_interjection() -> None:
    state = _called(D4, "As", declare_timing="own_turn_or_early")
    assert state.to_act() == {0, 1}  # P2 may announce before P1 plays
    assert CENZR.due(state) == {0}
    assert [a.code for a in state.legal_actions(1)] == ["announce"]
    state, _ = act(state, 1, "announce")
    state, _ = play_out(state, announce=frozenset({0}))
    assert _valid_points(state) == {1: 100}  # sto beats padesát + darda (D4)


def test_d12_the_trump_tie_break_shows_its_suit() -> None:
    state = _called(D12, "8s")  # trump s; P4 holds 8s
    state, _ = play_out(state, announce=frozenset({0, 1}))
    assert _valid_points(state) == {1: 100}
    assert _reveal(state)["valid"] == [{"seat": 1, "kind": "sto", "top": "A", "suit": "s"}]
    full = _called(D12, "8s", declaration_reveal="full_after_trick1")
    full, _ = play_out(full, announce=frozenset({0, 1}))
    (entry,) = _reveal(full)["valid"]
    assert entry["seat"] == 1 and entry["declarations"][0]["code"] == "sto:As:6"


def test_auto_mode_announces_at_the_first_card() -> None:
    state = _called(D8, "Qc", declaration_mode="auto")
    assert Announce() not in state.legal_actions(0)
    state, log = play_out(state)
    kinds = [(e.seat, e.data["kind"]) for events in log for e in events if e.kind == "announce"]
    assert kinds == [(0, "padesat"), (2, "sto")]
    assert _valid_points(state) == {2: 100}


def test_samec_pero_with_sto_and_bela() -> None:
    """Like S9: a samec takes every trick: 152 + 10 + sto 100 + bela 20 + péro 100."""
    state = _called(SUITS, "Jh")  # his own packet 1: a voluntary samec
    assert state.samec and state.voluntary
    state, log = play_out(state, announce=frozenset({0, 1, 2, 3}))
    assert _valid_points(state) == {0: 100}  # equal stos to A: the trump one
    summary = _summary(state)
    assert summary["pero"] == "C" and summary["won"]
    assert (summary["C"], summary["D"]) == (382, 0)
    assert summary["samec"] == "voluntary" and summary["bela"]["counted"]
    assert state.outcome().scores == (1146, 0, 0, 0)
    revealed = [e for events in log for e in events if e.kind == "partner_revealed"]
    assert len(revealed) == 1 and revealed[0].data["samec"] == "voluntary"
    _check_count(state)


def test_bela_prompt_waits_for_the_holder_at_the_count() -> None:
    state = _called(SUITS, "Jh", bela_mode="prompt")
    state, _ = play_out(state, policy=lambda s, seat, legal: _no_bela_then_low(s, seat, legal))
    assert state.is_over
    summary = _summary(state)
    assert summary["bela"] == {"holder": 0, "counted": False, "points": 20}
    assert summary["C"] == 262  # nobody announced: 162 + péro, bela not counted
    again = _called(SUITS, "Jh", bela_mode="prompt")
    while again.phase is not Phase.BELA:
        (seat,) = again.to_act()
        again, _ = CENZR.apply(again, seat, again.legal_actions(seat)[-1])
    assert again.to_act() == {0} and CENZR.timeout_action(again, 0) == Bela(True)
    assert [a.code for a in again.legal_actions(0)] == ["bela:yes", "bela:no"]
    choice = again.view(0).bela_choice
    assert choice is not None
    assert (choice["yes"]["C"], choice["no"]["C"]) == (282, 262)  # nobody announced
    assert choice["yes"]["recorded"]["0"] == 3 * 282
    assert again.view(1).bela_choice is None


def _no_bela_then_low(state: CenzrState, seat: int, legal: Any) -> Any:
    if state.phase is Phase.BELA:
        return Bela(False)
    return [a for a in legal if not isinstance(a, Announce)][-1]


def test_the_partner_stays_secret_until_the_called_card_falls() -> None:
    """§7 #15 on D8: P3 holds Qc; only he knows until Qc is played."""
    state = _called(D8, "Qc")
    while state.is_over is False and not state.revealed:
        public = state.public_view()
        assert public.partner is None and public.samec is None and public.side_points is None
        for seat in range(4):
            view = state.view(seat)
            assert view.role == ("partner" if seat == 2 else None)
            placed = view.sides.members("C")
            assert placed == ({0, 2} if seat == 2 else {0})
        (seat,) = state.to_act()
        state, events = CENZR.apply(state, seat, state.legal_actions(seat)[0])
        for event in events:
            if event.visible_to is None:
                assert "partner" not in event.data or event.kind == "partner_revealed"
    assert state.revealed and state.public_view().partner == 2
    assert state.public_view().sides.members("C") == {0, 2}


def test_five_players_the_dealer_records_nothing() -> None:
    """S12 in play: with five, the dealer sits out and records 0."""
    for seed in range(20):
        state = CENZR.new_deal(CENZR.options(), 5, 0, seed=seed)
        state, _ = act(state, 1, "call:Ah")
        state, _ = play_out(state)
        assert state.outcome().scores[0] == 0
        _check_count(state)
