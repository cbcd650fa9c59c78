"""Every rule and option of the bout (§6-§11), one behaviour per test."""

from __future__ import annotations

import pytest

from games.blazen.match import epaulette_title
from games.blazen.variant import BLAZEN
from games.engine import IllegalAction, InvalidAction
from tests.blazen.helpers import A, B, C, D, E, F, codes, hand, play, play_events, position, refused

TRIO = ["6s 6d 9c Kd Ks Kc", "7s 8d 9d Ts 7c 7h", "6c 8s Qd Qc Ac Ad"]


def _trio(**options: object):  # type: ignore[no-untyped-def]
    return position(TRIO, trump="Ah", rest="stock", attacker=A, **options)


# --- opening and defending ----------------------------------------------------


def test_attack_refusals() -> None:
    state = _trio()
    assert refused(state, B, "attack:7s") == "not_your_turn"
    assert refused(state, A, "attack:7s") == "not_in_hand"
    assert refused(state, A, "attack:6s,9c") == "mixed_ranks"
    assert refused(state, A, "take") == "not_your_turn"
    assert "attack:6d,6s" in codes(state, A)
    single = _trio(multi_card_open=False)
    assert refused(single, A, "attack:6d,6s") == "limit"
    assert all("," not in code for code in codes(single, A))


def test_beat_refusals_and_take() -> None:
    state = play(_trio(), (A, "attack:6d,6s"))
    assert codes(state, B) >= {"beat:0:8d", "beat:1:7s", "beat:1:Ts", "take"}
    assert refused(state, B, "beat:0:7s") == "does_not_beat"
    assert refused(state, B, "beat:5:7s") == "no_such_card"
    assert refused(state, B, "beat:0:Ah") == "not_in_hand"
    assert refused(state, C, "beat:0:8s") == "not_your_turn"
    state = play(state, (B, "beat:0:8d"))
    assert refused(state, B, "beat:0:9d") == "already_covered"
    state, events = play_events(state, B, "take")  # still possible with a card covered
    assert state.phase == "take_add" and [e.kind for e in events] == ["take"]


def test_take_loses_the_turn_to_attack() -> None:
    state = play(_trio(throw_in_after_take=False), (A, "attack:9c"), (B, "take"))
    assert hand(state, B) >= {"9c"} and (state.opener, state.defender) == (C, A)


def test_throw_in_after_take_is_one_pass_through_the_list() -> None:
    state = play(_trio(), (A, "attack:6s"), (B, "take"))
    assert state.phase == "take_add" and state.to_move == A
    state = play(state, (A, "throw:6d"))
    assert state.to_move == C  # each thrower acts once: A is not asked again
    state = play(state, (C, "throw:6c"))
    assert state.phase == "open" and hand(state, B) >= {"6s", "6d", "6c"}


def test_throw_in_after_take_off() -> None:
    state = play(_trio(throw_in_after_take=False), (A, "attack:6s"), (B, "take"))
    assert state.phase == "open" and hand(state, B) >= {"6s"}


def test_priority_comes_back_to_the_opener_after_every_cover() -> None:
    state = play(_trio(), (A, "attack:6s"), (B, "beat:0:7s"))
    assert state.to_move == A
    state = play(state, (A, "pass"))
    assert state.to_move == C and state.passed == {A}
    state = play(state, (C, "throw:6c"), (B, "beat:1:7c"))
    assert state.to_move == A  # asking starts again from the top of the list


def test_throw_refusals() -> None:
    state = play(_trio(), (A, "attack:6s"), (B, "beat:0:7s"))
    assert refused(state, A, "throw:Kd") == "rank_not_on_table"
    assert refused(state, A, "throw:6c") == "not_in_hand"
    assert refused(state, C, "throw:6c") == "not_your_turn"
    assert refused(state, B, "pass") == "not_your_turn"


def test_throw_in_max_per_action() -> None:
    hands = ["6s 7s 7d 7c Kd Ks", "8s 9d Ts Js Qs Qd", "6c 8c Qc Ac Ad As"]
    state = position(hands, trump="Ah", rest="stock", attacker=A, throw_in_max_per_action=1)
    state = play(state, (A, "attack:7s"), (B, "beat:0:8s"))
    assert refused(state, A, "throw:7c,7d") == "limit"
    assert {"throw:7d", "throw:7c", "pass"} == codes(state, A)
    free = play(
        position(hands, trump="Ah", rest="stock", attacker=A), (A, "attack:7s"), (B, "beat:0:8s")
    )
    assert "throw:7d,7c" in codes(free, A)


def test_defender_out_of_cards_ends_the_bout() -> None:
    state = position(["7s 7d 9c", "8s", "Ac"], trump="6h", attacker=A)
    assert state.room == 1 and refused(state, A, "attack:7d,7s") == "limit"
    state, events = play_events(state, A, "attack:7s")
    state, events = play_events(state, B, "beat:0:8s")
    assert any(e.kind == "bito" for e in events)  # room 0: nobody is asked
    assert B in state.gone


def test_max_attack_defender_hand() -> None:
    hands = ["9s 9c 9d 9h Js Jc Jd Ac", "Jh Qs Qc Qd Ks Kc Kd As", "6s 6d 6c 7s"]
    moves = [(A, "attack:9c,9d,9h,9s")] + [
        (B, f"beat:{i}:{c}") for i, c in enumerate(["Jh", "Qd", "Qs", "Qc"])
    ]
    six = play(position(hands, trump="Ah", attacker=A), *moves)
    assert six.room == 2 and refused(six, A, "throw:Jd,Js,Jc") == "limit"
    free = play(position(hands, trump="Ah", attacker=A, max_attack="defender_hand"), *moves)
    assert free.room == 4
    free = play(free, (A, "throw:Jd,Js,Jc"))
    assert len(free.table) == 7


# --- the window and anytime modes ---------------------------------------------


def test_window_mode_asks_every_thrower_at_once() -> None:
    hands = ["6s 6d Kd Ks Kc Kh", "7s 8d 9d Ts Js Qs", "6c 8s Qd Qc Ac Ad", "7c 7d 6h Jc Jd Jh"]
    state = position(hands, trump="Ah", rest="stock", attacker=A, throw_in_mode="window")
    state = play(state, (A, "attack:6s"), (B, "beat:0:7s"))
    assert state.phase == "throw" and state.to_move is None
    assert state.to_act() == {A, C, D}
    state = play(state, (A, "pass"))
    assert state.to_act() == {C, D}
    state = play(state, (D, "throw:7d"))
    assert state.phase == "defend" and state.to_act() == {B}
    state = play(state, (B, "beat:1:8d"))  # a cover: everyone may throw again
    assert state.to_act() == {A, C, D}
    for seat in (A, C, D):
        state = play(state, (seat, "pass"))
    assert state.phase == "open" and state.bito.bit_count() == 4


def test_anytime_throwers_may_add_before_the_cover() -> None:
    hands = ["6s 6d Kd Ks Kc Kh", "7s 8d 9d Ts Js Qs", "6c 8s Qd Qc Ac Ad"]
    state = position(
        hands,
        trump="Ah",
        rest="stock",
        attacker=A,
        throw_in_mode="window",
        throw_in_timing="anytime",
    )
    state = play(state, (A, "attack:6s"))
    assert state.phase == "defend" and state.to_act() == {A, B, C}
    state = play(state, (C, "throw:6c"))
    assert len(state.uncovered) == 2
    state = play(state, (A, "pass"), (B, "beat:0:7s"))
    assert A in state.to_act()  # the cover opened the window again
    state = play(state, (B, "take"))
    assert state.phase == "take_add"


def test_always_prompt_throwers() -> None:
    state = play(_trio(always_prompt_throwers=True), (A, "attack:9c"), (B, "beat:0:7h"))
    assert state.to_move == A and codes(state, A) == {"pass"}
    state = play(state, (A, "pass"))
    assert state.to_move == C and codes(state, C) == {"pass"}
    quiet = play(_trio(), (A, "attack:9c"), (B, "beat:0:7h"))
    assert quiet.phase == "open"  # nobody had anything: Bito at once


# --- transfers ----------------------------------------------------------------


def test_no_transfer_in_podkidnoy() -> None:
    state = play(_trio(), (A, "attack:Kd"))
    assert refused(state, B, "transfer:7s") == "no_transfer_in_variant"
    assert refused(state, B, "show:7s") == "no_transfer_in_variant"


def test_transfer_with_several_cards_and_its_option() -> None:
    hands = ["8d Kd Ks Kc Kh Qh", "8c 8s 9d Tc Js Qs", "8h 9h Qd Qc Ac Ad"]
    state = position(hands, trump="Ah", rest="stock", attacker=A, variant="perevodnoy")
    state = play(state, (A, "attack:8d"))
    assert {"transfer:8s,8c", "transfer:8s", "transfer:8c"} <= codes(state, B)
    state = play(state, (B, "transfer:8c,8s"))
    assert state.defender == C and len(state.table) == 3
    one = position(
        hands,
        trump="Ah",
        rest="stock",
        attacker=A,
        variant="perevodnoy",
        transfer_multi_card=False,
    )
    one = play(one, (A, "attack:8d"))
    assert refused(one, B, "transfer:8c,8s") == "limit"
    assert refused(one, B, "transfer:9d") == "mixed_ranks"


def test_transfer_respects_the_first_bout_limit() -> None:
    hands = ["8d 8h 8s Kd Ks Kc", "8c 9d Tc Js Qs Qd", "9h Qc Ac Ad As Ts"]
    state = position(
        hands,
        trump="Ah",
        rest="stock",
        attacker=A,
        variant="perevodnoy",
        max_attack_first_bout=5,
    )
    # B's hand decides here (6 then 5 cards), the bout limit of 5 is not reached
    state = play(state, (A, "attack:8d,8h,8s"))
    assert "transfer:8c" in codes(state, B)


def test_show_a_trump_to_pass_the_attack_on() -> None:
    hands = ["8d Kd Ks Kc Kh Qh", "8h 8c 9d Tc Js Qs", "8s 9h Qd Qc Ac Ad"]
    options = {"variant": "perevodnoy", "transfer_by_showing_trump": True}
    state = position(hands, trump="Ah", rest="stock", attacker=A, **options)
    state = play(state, (A, "attack:8d"))
    assert "show:8h" in codes(state, B) and "show:8c" not in codes(state, B)
    assert refused(state, B, "show:8c") == "not_trump"
    state = play(state, (B, "show:8h"))
    assert state.defender == C and len(state.table) == 1 and "8h" in hand(state, B)
    assert state.public_view().known[B] == ("8h",) and state.public_view().shown == ("8h",)
    state = play(state, (C, "transfer:8s"))
    assert state.defender == A
    assert refused(state, A, "show:8h") == "not_in_hand"
    plain = position(hands, trump="Ah", rest="stock", attacker=A, variant="perevodnoy")
    assert refused(play(plain, (A, "attack:8d")), B, "show:8h") == "no_transfer_in_variant"


def test_two_players_transfer_back_to_the_attacker() -> None:
    hands = ["8d 8h Kd Ks Kc Qh", "8c 9d Tc Js Qs Qd"]
    state = position(hands, trump="Ah", rest="stock", attacker=A, variant="perevodnoy")
    state = play(state, (A, "attack:8d"), (B, "transfer:8c"))
    assert state.defender == A and state.opener == A


# --- redeal and the trump exchange ----------------------------------------------


def test_redeal_option_off() -> None:
    hands = ["6s 8s Js Ks As 7d", "6d 8d Jd Kd Ad 7s"]
    state = position(hands, trump="9h", rest="stock", attacker=B, redeal_five_same_suit=False)
    assert state.to_act() == {B}
    assert refused(state, A, "redeal") == "redeal_not_allowed"


def test_trump_exchange() -> None:
    hands = ["6h 7s 8s 9s Ts Js", "7h 7d 8d 9d Td Jd"]
    state = position(hands, trump="Ah", rest="stock", attacker=A, allow_trump_exchange=True)
    assert "exchange:6h" in codes(state, A)
    assert refused(state, B, "exchange:6h") == "exchange_not_allowed"
    state, events = play_events(state, A, "exchange:6h")
    assert [e.kind for e in events] == ["exchange"] and events[0].data["took"] == "Ah"
    assert "Ah" in hand(state, A) and "6h" not in hand(state, A)
    assert state.stock[-1] == state.trump_card and state.public_view().trump_card == "6h"
    assert state.public_view().known[A] == ("Ah",)
    assert refused(state, A, "exchange:6h") == "exchange_not_allowed"
    plain = position(hands, trump="Ah", rest="stock", attacker=A)
    assert refused(plain, A, "exchange:6h") == "exchange_not_allowed"


# --- jokers -------------------------------------------------------------------


def test_jokers_are_never_thrown_or_transferred() -> None:
    hands = ["RJ 6s 6d 8s 9s Ts", "BJ 7d Kh Qh Jh Th"]
    state = position(
        hands, trump="2s", rest="stock", attacker=A, deck_size=54, variant="perevodnoy"
    )
    state = play(state, (A, "attack:6s"))
    assert refused(state, B, "transfer:BJ") == "mixed_ranks"
    assert not any(code.startswith("transfer") for code in codes(state, B))
    state = play(state, (B, "beat:0:BJ"))  # the black joker beats a spade
    assert "throw:RJ" not in codes(state, A)
    assert refused(state, A, "throw:RJ") == "rank_not_on_table"


def test_a_joker_beats_its_colour_even_the_trump_ace() -> None:
    hands = ["As 6d 7d 8d 9d Td", "BJ RJ Kh Qh Jh Th"]
    state = position(hands, trump="2s", rest="stock", attacker=A, deck_size=54)
    state = play(state, (A, "attack:As"))
    assert "beat:0:BJ" in codes(state, B) and "beat:0:RJ" not in codes(state, B)


# --- the end of the game --------------------------------------------------------


def test_out_players_are_never_asked_again() -> None:
    state = position(["Ks", "As 6d 6c", "7c 8c"], trump="6h", attacker=A)
    state = play(state, (A, "attack:Ks"), (B, "beat:0:As"))
    assert A in state.gone
    while not state.is_over:
        assert A not in state.to_act()
        seat = state.to_move
        assert seat is not None
        state = play(state, (seat, sorted(codes(state, seat))[0]))
    assert refused(state, B, "pass") == "deal_over"


def test_placements_off() -> None:
    state = position(["Ks", "As 6d", "7c 8c"], trump="6h", attacker=A, placements=False)
    state = play(state, (A, "attack:Ks"), (B, "beat:0:As"), (B, "attack:6d"), (C, "take"))
    assert state.outcome().summary["places"] == {}


def test_epaulettes_count_the_lowest_cards_of_the_last_bout() -> None:
    hands = ["6s 6d", "Ks Kd Kc Qs"]
    state = position(hands, trump="Ah", attacker=A, epaulettes=True)
    state = play(state, (A, "attack:6d,6s"), (B, "take"))
    assert state.end == "fool" and state.straps == 2
    outcome = state.outcome()
    assert outcome.summary["straps"] == {"1": 2}
    beaten = position(["6s 6d", "Ks Kd Kc Qs"], trump="Ah", attacker=A, epaulettes=True)
    beaten = play(beaten, (A, "attack:6d,6s"), (B, "beat:0:Kd"), (B, "beat:1:Ks"))
    assert beaten.end == "fool" and beaten.straps == 0
    off = play(position(hands, trump="Ah", attacker=A), (A, "attack:6d,6s"), (B, "take"))
    assert off.outcome().summary["straps"] == {}
    options = BLAZEN.options()
    assert [epaulette_title(n, options) for n in (0, 1, 2, 5)] == [
        None,
        "seržant",
        "staršina (předák)",
        "staršina (předák)",
    ]


# --- teams ----------------------------------------------------------------------


def test_team_3v3_throwers_and_result() -> None:
    hands = ["7s", "8s Kd", "9c", "Qd", "7c", "Qc"]
    state = position(hands, trump="6h", attacker=A, team_mode="3v3")
    assert state.defender == B
    state = play(state, (A, "attack:7s"))
    from games.blazen.bout import eligible_throwers

    assert eligible_throwers(state) == (A, C, E)
    state = play(state, (B, "beat:0:8s"))
    assert state.to_move == E  # A has nothing left, C nothing matching
    state = play(state, (E, "pass"))
    assert A in state.gone and not state.is_over
    assert (state.opener, state.defender) == (B, C)


def test_team_loses_when_the_other_team_is_out() -> None:
    hands = ["7s", "8s Kd Ks", "Ad", "Qd Qs"]
    state = position(hands, trump="6h", attacker=A, team_mode="2v2")
    state = play(state, (A, "attack:7s"), (B, "beat:0:8s"))
    assert A in state.gone and (state.opener, state.defender) == (B, C)
    state = play(state, (B, "attack:Kd"), (C, "beat:0:Ad"))  # C empty: room 0, Bito
    assert state.is_over and state.end == "team"
    outcome = state.outcome()
    assert outcome.scores == (0, 1, 0, 1) and outcome.summary["teams"] == [[0, 2], [1, 3]]
    assert outcome.summary["losers"] == [1, 3]
    assert outcome.summary["fool"] == D  # the loser left with most cards deals next
    assert outcome.summary["next_dealer"] == D


def test_team_draw_when_both_teams_finish_together() -> None:
    state = position(["7s", "8s", "9c", "Tc"], trump="6h", attacker=A, team_mode="2v2")
    state = play(state, (A, "attack:7s"), (B, "beat:0:8s"))
    assert state.gone == {A, B} and (state.opener, state.defender) == (C, D)
    state = play(state, (C, "attack:9c"), (D, "beat:0:Tc"))
    assert state.end == "draw" and state.outcome().scores == (0, 0, 0, 0)


def test_one_against_two() -> None:
    hands = ["7s 7d Kd", "8s 9s 9c", "Ts Js Qs"]
    state = position(hands, trump="6h", attacker=B, team_mode="1v2")
    assert state.defender == A  # C is B's partner and is skipped
    state = position(hands, trump="6h", attacker=C, team_mode="1v2")
    assert state.defender == A
    state = position(hands, trump="6h", attacker=A, team_mode="1v2")
    assert state.defender == B
    state = play(state, (A, "attack:7s"))
    from games.blazen.bout import eligible_throwers

    assert eligible_throwers(state) == (A,)


# --- codes ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "code",
    [
        "",
        "attack",
        "attack:",
        "attack:7x",
        "beat:7s",
        "beat:x:7s",
        "beat:01:7s",
        "beat:²:7s",
        "throw:7s,7s",
        "frob:7s",
        "take:1",
        "x" * 80,
        "beat:0:",
        "show:7s,7d",
    ],
)
def test_garbled_codes(code: str) -> None:
    with pytest.raises(InvalidAction):
        BLAZEN.parse_action(code)


def test_codes_are_canonical() -> None:
    assert BLAZEN.parse_action("attack:7s,7h").code == "attack:7h,7s"
    assert BLAZEN.parse_action("beat:10:As").code == "beat:10:As"
    for code in ("take", "pass", "redeal", "show:7h", "exchange:6h", "transfer:8s,8c"):
        assert BLAZEN.parse_action(code).code == code


def test_foreign_action() -> None:
    from games.marias.actions import Pass as MariasPass

    with pytest.raises(IllegalAction):
        BLAZEN.apply(_trio(), A, MariasPass())


_ = (E, F)


def test_timeout_moves() -> None:
    from games.blazen.timeouts import timeout_action

    state = position(["Ah 9s 9d Kc", "7s 8d", "6c Qc"], trump="6h", attacker=A)
    assert timeout_action(state, A) == BLAZEN.parse_action("attack:9d")  # ties: h d s c
    assert timeout_action(state, B) is None
    trumps = position(["Ah 7h RJ", "7s 8d", "6c Qc"], trump="2h", attacker=A, deck_size=54)
    assert timeout_action(trumps, A) == BLAZEN.parse_action("attack:7h")
    joker = position(["RJ", "7s 8d", "6c Qc"], trump="2h", attacker=A, deck_size=54)
    assert timeout_action(joker, A) == BLAZEN.parse_action("attack:RJ")
    state = play(state, (A, "attack:9d"))
    assert timeout_action(state, B) == BLAZEN.parse_action("take")
    state = play(state, (B, "take"))
    assert state.phase == "take_add" and timeout_action(state, A) == BLAZEN.parse_action("pass")
    for seat in (A, B, C):
        action = timeout_action(state, seat)
        assert action is None or action in state.legal_actions(seat)
