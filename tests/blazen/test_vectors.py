"""The test vectors of blazen.md §15 (T1-T24), one test each."""

from __future__ import annotations

import random

from games.blazen.bout import draw_order, eligible_throwers
from games.blazen.rules import DECKS, beats
from games.blazen.scoring import next_attacker, next_dealer
from games.blazen.variant import BLAZEN
from games.cards import card, card_code
from tests.blazen.helpers import (
    A,
    B,
    C,
    D,
    E,
    codes,
    hand,
    play,
    play_events,
    position,
    refused,
)

H, Dm, S, Cl = range(4)  # suits: hearts, diamonds (kule), spades, clubs


def test_t1_beats() -> None:
    assert beats(card("Ts"), card("9s"), H)
    assert beats(card("6h"), card("As"), H)
    assert beats(card("7h"), card("6h"), H)
    assert not beats(card("Tc"), card("9s"), H)
    assert not beats(card("As"), card("6h"), H)
    for c in DECKS[36]:
        assert not beats(c, card("Ah"), H)


def test_t2_first_attacker_holds_the_lowest_trump() -> None:
    state = position(
        ["8h As Ks Qs Js Ts", "7h Ad Kd Qd Jd Td", "Ac Kc Qc Jc Tc 9c", "Jh 9d 8d 7d 6d 9s"],
        trump="9h",
        rest="stock",
    )
    assert state.trump == H and state.trump_card == card("9h")
    assert state.stock[-1] == card("9h") and card("6h") in state.stock
    assert (state.opener, state.defender) == (B, C)
    assert state.public_view().opening_trump == "7h"  # shown to everyone


def test_t3_nobody_holds_a_trump() -> None:
    hands = ["9s Ts Js Qs Ks As", "9c Tc Jc Qc Kc Ac"]
    state = position(hands, trump="9h", rest="stock", dealer=B, deck_size=24)
    assert (state.opener, state.defender) == (A, B)
    redeal = position(
        hands, trump="9h", rest="stock", dealer=B, deck_size=24, no_trump_fallback="redeal"
    )
    assert redeal.is_over and redeal.end == "redeal"
    outcome = redeal.outcome()
    assert outcome.scores == (0, 0) and not outcome.played
    assert outcome.summary["next_dealer"] == B


def test_t4_small_hand_limit() -> None:
    state = position(
        ["7s 7d 7c 7h 9c", "8s 8d 6c", "Ac"], trump="6h", attacker=A
    )  # stock empty, B holds 3
    assert state.room == 3
    state = play(state, (A, "attack:7s,7d"))
    state = play(state, (B, "beat:0:8d"), (B, "beat:1:8s"))  # the table is in card order
    assert len(hand(state, B)) == 1
    assert state.phase == "throw" and state.to_move == A
    assert state.room == 1  # min(6 - 2, 1 - 0)
    assert "throw:7c" in codes(state, A)
    assert refused(state, A, "throw:7c,7h") == "limit"


def test_t5_rank_rule() -> None:
    state = position(["7s 7d Kh", "9s Qd Qh", "7c 9c 8c"], trump="6h", attacker=A)
    state = play(state, (A, "attack:7s"), (B, "beat:0:9s"), (A, "pass"))
    assert state.to_move == C
    assert {"throw:7c", "throw:9c", "throw:7c,9c", "pass"} == codes(state, C)
    assert refused(state, C, "throw:8c") == "rank_not_on_table"


def _five_limit(**options: object):  # type: ignore[no-untyped-def]
    return position(
        ["9s 9c 9d 9h Td Jd", "Ts Jc Qd Kh Ad As"],
        trump="6h",
        rest="stock",
        attacker=A,
        **options,
    )


def test_t6_first_bout_five() -> None:
    moves = [(A, "attack:9c,9d,9h,9s"), (B, "beat:0:Kh"), (B, "beat:1:Qd"), (B, "beat:2:Ts")]
    moves.append((B, "beat:3:Jc"))
    five = play(_five_limit(max_attack_first_bout=5), *moves)
    assert five.base_limit == 5 and five.room == 1
    assert refused(five, A, "throw:Td,Jd") == "limit"
    five = play(five, (A, "throw:Td"))
    six = play(_five_limit(), *moves)
    assert six.room == 2 and "throw:Td,Jd" in codes(six, A)


def test_t6_scope_of_the_first_bout_limit() -> None:
    hands = ["9s 9c Ks Kc Kd Ah", "Ts Tc Qs Qc Qd Qh"]
    taken = play(
        position(hands, trump="6h", rest="stock", attacker=A, max_attack_first_bout=5),
        (A, "attack:9s"),
        (B, "take"),
        (A, "pass"),
    )
    assert taken.bouts == 1 and taken.discards == 0
    assert taken.base_limit == 5  # until_first_discard: Bito still empty
    only = play(
        position(
            hands,
            trump="6h",
            rest="stock",
            attacker=A,
            max_attack_first_bout=5,
            first_bout_scope="first_bout_only",
        ),
        (A, "attack:9s"),
        (B, "take"),
        (A, "pass"),
    )
    assert only.base_limit == 6
    beaten = play(
        position(hands, trump="6h", rest="stock", attacker=A, max_attack_first_bout=5),
        (A, "attack:9s"),
        (B, "beat:0:Ts"),
        (A, "pass"),
    )
    assert beaten.discards == 1 and beaten.base_limit == 6


def test_t7_take_with_throw_ins() -> None:
    state = position(
        ["6c 6d Ks Kd Kc Kh", "7s 8s 9s Ts Js Qs", "6s As Ad Ac 7d 8d", "6h 8c 9c Tc Jc Qc"],
        trump="Ah",
        rest="stock",
        attacker=A,
    )
    state = play(state, (A, "attack:6c"), (B, "take"))
    assert state.phase == "take_add" and state.to_move == A
    state = play(state, (A, "throw:6d"), (C, "throw:6s"))
    assert state.to_move == D
    state, events = play_events(state, D, "pass")
    assert hand(state, B) >= {"6c", "6d", "6s"} and len(hand(state, B)) == 9
    draw = next(e for e in events if e.kind == "draw")
    assert list(draw.data["counts"].items()) == [("0", 2), ("2", 1), ("3", 0), ("1", 0)]
    assert (state.opener, state.defender) == (C, D)


def test_t8_beaten_off_with_a_third_party_throw() -> None:
    state = position(
        ["Ts Td 7d 9d 9c Kd", "Js 7h 8c As Ad Ac", "7c Jc Qd Qc Ks Kc", "6s 6d 6c 8s 8d Qh"],
        trump="Ah",
        rest="stock",
        attacker=A,
    )
    state = play(state, (A, "attack:Ts"), (B, "beat:0:Js"))
    state = play(state, (A, "throw:Td"), (B, "beat:1:7h"))
    assert state.to_move == A  # asking starts again from the top
    state = play(state, (A, "pass"))
    assert state.to_move == C
    state = play(state, (C, "throw:7c"), (B, "beat:2:8c"))
    assert state.to_move == A
    state = play(state, (A, "pass"), (C, "pass"))
    state, events = play_events(state, D, "pass")
    bito = next(e for e in events if e.kind == "bito")
    assert bito.data["size"] == 6
    draw = next(e for e in events if e.kind == "draw")
    assert list(draw.data["counts"].items()) == [("0", 2), ("2", 1), ("3", 0), ("1", 3)]
    assert (state.opener, state.defender) == (B, C)


def _chain(**options: object):  # type: ignore[no-untyped-def]
    return position(
        ["8d 8h 9c Kd Ks Kc", "8c 9d Tc Js Qh Ac", "8s 9h Qs Qd Qc Ad"],
        variant="perevodnoy",
        trump="Ah",
        rest="stock",
        attacker=A,
        **options,
    )


def test_t9_transfer_chain() -> None:
    state = play(_chain(), (A, "attack:8d"), (B, "transfer:8c"))
    assert state.defender == C
    state = play(state, (C, "transfer:8s"))
    assert state.defender == A and len(hand(state, A)) == 5
    state = play(state, (A, "transfer:8h"))
    assert state.defender == B and state.opener == A
    assert not any(code.startswith("transfer") for code in codes(state, B))
    state = play(state, (B, "beat:0:9d"), (B, "beat:1:Tc"), (B, "beat:2:Js"), (B, "beat:3:Qh"))
    assert eligible_throwers(state) == (A, C)
    assert draw_order(state) == (A, C, B)


def test_t10_transfer_refused_when_the_next_hand_is_too_small() -> None:
    state = position(
        ["8d 8h 9c Kd Ks", "8c 9d Tc Js", "8s 9h Qs Qd"],
        variant="perevodnoy",
        trump="Ah",
        attacker=A,
    )
    state = play(state, (A, "attack:8d"), (B, "transfer:8c"), (C, "transfer:8s"))
    assert len(hand(state, B)) == 3
    assert refused(state, A, "transfer:8h") == "target_hand_too_small"


def test_t11_no_transfer_after_a_cover() -> None:
    state = position(
        ["8d 8s Kd Ks Kc Kh", "8c 9d Tc Js Qh Ac", "Qs Qd Qc Ad As Ts"],
        variant="perevodnoy",
        trump="Ah",
        rest="stock",
        attacker=A,
    )
    state = play(state, (A, "attack:8d,8s"), (B, "beat:0:9d"))
    assert refused(state, B, "transfer:8c") == "already_defending"


def test_t12_wrap_around() -> None:
    state = position(
        ["9s Ts Td Tc Kd Kh", "9c Th Jd Jc Qd Qs", "9d Qc Ks Kc As Ad"],
        variant="perevodnoy",
        trump="Ah",
        rest="stock",
        attacker=A,
    )
    state = play(state, (A, "attack:9s"), (B, "transfer:9c"), (C, "transfer:9d"))
    assert state.defender == A and len(state.table) == 3
    state = play(state, (A, "beat:0:Ts"), (A, "beat:1:Tc"), (A, "beat:2:Td"))
    assert draw_order(state) == (B, C, A)  # the opener defended, so he draws last
    assert eligible_throwers(state) == (B, C) and state.to_move == B
    state, events = play_events(state, B, "pass")  # C has nothing to throw
    draw = next(e for e in events if e.kind == "draw")
    assert list(draw.data["counts"]) == ["1", "2", "0"]
    assert state.last_bout is not None and not state.last_bout.taken
    assert (state.opener, state.defender) == (A, B)


def test_t13_the_stock_runs_out_while_drawing() -> None:
    state = position(
        ["7s Ks Kd Qs Qd", "8s 8d 8c 9s 9d 9c Js Jd", "Ac Ad As Qc Td Jc"],
        stock="Kc",
        trump="9h",
        attacker=A,
    )
    assert [card_code(c) for c in state.stock] == ["Kc", "9h"]
    state = play(state, (A, "attack:7s"))
    state, events = play_events(state, B, "take")
    draw = next(e for e in events if e.kind == "draw")
    assert draw.data["counts"] == {"0": 2, "2": 0, "1": 0}
    assert hand(state, A) >= {"Kc", "9h"} and len(hand(state, A)) == 6
    assert len(hand(state, B)) == 9 and len(hand(state, C)) == 6
    assert not state.stock
    assert (state.opener, state.defender) == (C, A)
    assert state.public_view().known[A] == ("9h",)  # everyone saw the trump card go


def test_t14_exits() -> None:
    state = position(["Ks", "As 6d", "7c 8c"], trump="6h", attacker=A)
    state, events = play_events(state, A, "attack:Ks")
    state, events = play_events(state, B, "beat:0:As")
    assert any(e.kind == "bito" for e in events)
    assert state.exits == ((A,),)
    assert (state.opener, state.defender) == (B, C)
    state = play(state, (B, "attack:6d"), (C, "take"))
    assert state.is_over and state.exits == ((A,), (B,))
    outcome = state.outcome()
    assert outcome.summary["fool"] == C and outcome.scores == (0, 0, 1)
    assert outcome.summary["places"] == {"0": 1, "1": 2, "2": 3}


def test_t15_two_out_at_once_one_left() -> None:
    state = position(["7s", "8s", "Qd Kd"], trump="6h", attacker=A)
    state = play(state, (A, "attack:7s"), (B, "beat:0:8s"))
    assert state.is_over and state.end == "fool"
    outcome = state.outcome()
    assert outcome.summary["fool"] == C
    assert outcome.summary["places"] == {"0": 1, "1": 1, "2": 3}


def test_t16_draw() -> None:
    state = play(position(["Ts", "Js"], trump="6h", attacker=A), (A, "attack:Ts"))
    state = play(state, (B, "beat:0:Js"))
    assert state.is_over and state.end == "draw"
    assert state.outcome().scores == (0, 0)
    other = position(["Ts", "Js"], trump="6h", attacker=A, simultaneous_finish="first_out_wins")
    other = play(other, (A, "attack:Ts"), (B, "beat:0:Js"))
    assert other.end == "fool" and other.outcome().summary["fool"] == B


def test_t17_teams_2v2() -> None:
    hands = ["6s 7s 8s Kh Kd Kc", "9c Tc Jc Qc Ac 6c", "6d 7d 8d 9d Td Jd", "Qs Ks As Qh Ah 7c"]
    state = position(hands, trump="9h", rest="stock", attacker=A, team_mode="2v2")
    assert state.defender == B
    state = play(state, (A, "attack:6s"))
    assert eligible_throwers(state) == (A, C)
    state = play(state, (B, "take"))
    while state.phase != "open":
        state = play(state, (state.to_move, "pass"))  # type: ignore[arg-type]
    assert (state.opener, state.defender) == (C, D)
    # B2 out: A2's next opponent is B1 (A1 is his partner).
    out = position(["7s 9d", "8d Kd", "Jc Qc", "6s"], trump="6h", attacker=D, team_mode="2v2")
    assert out.defender == A
    out = play(out, (D, "attack:6s"), (A, "beat:0:7s"))
    assert D in out.gone and not out.is_over
    assert out.next_opponent(C) == B and out.next_opponent(A) == B


def test_t18_redeal() -> None:
    hands = ["6s 8s Js Ks As 7d", "6d 8d Jd Kd Ad 7s"]
    state = position(hands, trump="9h", rest="stock", attacker=B)
    assert state.to_act() == {A, B}
    assert "redeal" in codes(state, A)
    after = play(state, (B, "attack:7s"))
    assert refused(after, A, "redeal") == "redeal_not_allowed"
    done = play(state, (A, "redeal"))
    assert done.is_over and done.end == "redeal" and done.outcome().scores == (0, 0)
    four = position(
        ["6s 8s Js Kd As 7d", "6d 8d Jd Ks Ad 7s"], trump="9h", rest="stock", attacker=B
    )
    assert refused(four, A, "redeal") == "redeal_not_allowed"
    assert four.to_act() == {B}


def test_t19_next_game() -> None:
    for rule, attacker, defender in (("fool_left", D, A), ("fool_right", B, C)):
        state = position(
            ["7s", "8s", "Qd Kd", "Ad"], trump="6h", attacker=A, next_game_first_attacker=rule
        )
        state = play(state, (A, "attack:7s"), (B, "beat:0:8s"))  # A and B are out
        assert (state.opener, state.defender) == (C, D)
        state = play(state, (C, "attack:Qd"), (D, "beat:0:Ad"))
        assert state.outcome().summary["fool"] == C
        assert next_dealer(state) == C and next_attacker(state) == attacker
        new = BLAZEN.new_deal(
            state.options, 4, next_dealer(state), seed=5, first_attacker=next_attacker(state)
        )
        assert new.dealer == C
        assert (new.opener, new.defender) == (attacker, defender)


def test_t20_whole_deck_dealt() -> None:
    options = BLAZEN.options({"deck_size": 24})
    state = BLAZEN.new_deal(options, 4, 3, seed=20)
    assert not state.stock
    assert state.trump_card == state.dealt[3][-1] and state.hands[3] >> state.trump_card & 1
    assert state.public_view().trump_card == card_code(state.trump_card)
    assert state.public_view().known[3] == (card_code(state.trump_card),)
    assert state.room == 6
    # Players go out as soon as a bout leaves them empty.
    small = position(["9s 9c", "Ts Tc", "Ks As", "Qc Jc"], trump="9h", attacker=A, deck_size=24)
    small = play(small, (A, "attack:9s,9c"), (B, "beat:0:Ts"), (B, "beat:1:Tc"))
    assert {A, B} <= small.gone


def test_t21_jokers() -> None:
    assert beats(card("RJ"), card("Kh"), S) and beats(card("RJ"), card("Ad"), S)
    assert not beats(card("RJ"), card("6s"), S)
    assert beats(card("BJ"), card("As"), S)
    for c in DECKS[54]:
        assert not beats(c, card("RJ"), S)
    state = position(
        ["RJ 6s 7s 8s 9s Ts", "BJ Ah Kh Qh Jh Th"],
        trump="2s",
        rest="stock",
        attacker=A,
        deck_size=54,
    )
    assert "attack:RJ" in codes(state, A)
    assert refused(state, A, "attack:6s,RJ") == "mixed_ranks"
    state = play(state, (A, "attack:RJ"))
    assert codes(state, B) == {"take"}
    state = play(state, (B, "take"))
    assert state.phase == "open"  # nothing can be thrown onto a joker
    assert refused(state, A, "throw:RJ") == "not_your_turn"


def test_t22_neighbours_only() -> None:
    hands = ["6s 7s", "6d 7d", "6c 7c", "6h 8c", "8s 8d"]
    state = position(hands, trump="Ah", attacker=A)
    state = play(state, (A, "attack:6s"))
    assert eligible_throwers(state) == (A, C, D, E)
    near = position(hands, trump="Ah", attacker=A, neighbors_only_throw_in=True)
    near = play(near, (A, "attack:6s"))
    assert eligible_throwers(near) == (A, C)


def test_t23_draw_order_five_players() -> None:
    hands = ["6s 7s", "6d 7d", "6c 7c", "6h 8c", "8s 8d"]
    state = position(hands, trump="Ah", attacker=C)
    assert state.defender == D
    assert draw_order(state) == (C, E, A, B, D)


def test_t24_seeded_deal() -> None:
    seed = 24
    deck = list(DECKS[36])
    random.Random(seed).shuffle(deck)
    state = BLAZEN.new_deal(BLAZEN.options(), 3, C, seed=seed)
    assert state.dealt[A] == tuple(deck[i] for i in (0, 3, 6, 9, 12, 15))
    assert state.dealt[B] == tuple(deck[i] for i in (1, 4, 7, 10, 13, 16))
    assert state.dealt[C] == tuple(deck[i] for i in (2, 5, 8, 11, 14, 17))
    assert state.stock == tuple(deck[18:]) and state.trump_card == deck[35]
