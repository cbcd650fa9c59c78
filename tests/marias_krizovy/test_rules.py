"""Křížový mariáš rules: K1, the §3.2.7 table, the honer rules, durches, červené kolo."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.cards import card, card_code, cards_of
from games.engine import IllegalAction, Outcome
from games.marias.played import Trick
from games.marias_krizovy.actions import CallHearts, Chytak
from games.marias_krizovy.legality import legal_cards
from games.marias_krizovy.scoring import sides_for
from games.marias_krizovy.state import Honer, Phase
from games.marias_krizovy.variant import KRIZOVY
from tests.marias_krizovy.helpers import SIMPLE, finished, play, run, scripted, tricks_from

K1 = {  # P1..P4 = seats 0..3 (dealer 3); first four, then second four
    0: ["Qc", "9c", "Jh", "Js", "Kd", "Tc", "Ts", "Ad"],
    1: ["Kh", "8h", "7h", "Qd", "Jd", "Ks", "9s", "8s"],
    2: ["Qh", "9h", "9d", "As", "7s", "Ac", "Jc", "8c"],
    3: ["Ah", "Th", "Td", "8d", "7d", "Qs", "Kc", "7c"],
}
K1_TRICKS = [
    ["Qc", "7h", "Ac", "7c"],
    ["Qh", "Ah", "Jh", "8h"],
    ["Qs", "Ts", "8s", "As"],
    ["7s", "Kc", "Js", "9s"],
    ["7d", "Kd", "Jd", "9d"],
    ["Tc", "Ks", "8c", "8d"],
    ["Ad", "Qd", "Jc", "Td"],
    ["9h", "Th", "9c", "Kh"],
]
APPROVE_ALL = [(1, "dobra"), (2, "dobra"), (3, "dobra"), (0, "dobra")]


def _lines(outcome: Outcome) -> dict[str, int]:
    return {line["name"]: line["units"] for line in outcome.summary["components"]}


def test_k1_record_and_outcome() -> None:
    state = scripted(K1)
    state, _ = run(state, [(0, "volba:Qc,Ac"), (0, "ext:none"), *APPROVE_ALL])
    # P4 fleks "z povinnosti", P3 "jde výš" (re), which gives him away
    state, _ = run(state, [(1, "pass"), (2, "pass"), (3, "flek:hra"), (0, "pass")])
    assert not state.sides.revealed
    state, _ = run(state, [(1, "pass"), (2, "flek:hra")])
    assert state.sides.revealed and state.level("hra") == 2
    state, _ = run(state, [(3, "pass"), (0, "pass"), (1, "pass"), (2, "pass")])
    assert state.phase is Phase.PLAY and state.to_move == 0
    # trick 7: P3 may not discard 9h (§2.3 #15)
    early, _ = run(state, tricks_from(state, K1_TRICKS[:6]))
    early = play(play(early, 0, "play:Ad"), 1, "play:Qd")
    assert legal_cards(early, 2) == 1 << card("Jc")
    state, _ = run(state, tricks_from(state, K1_TRICKS))
    assert [t.winner for t in state.tricks] == [2, 3, 2, 3, 0, 0, 2, 0]
    out = state.outcome()
    assert out.summary["points"] == {"C": 80, "D": 10}
    assert _lines(out) == {"hra": 4}
    assert out.scores == (4, -4, 4, -4)


# --- §3.2.7: played or not ------------------------------------------------------

PROTI = {**SIMPLE, 0: ["Ac", "Tc", "9c", "7s", "7c", "Kc", "Ad", "As"]}
PROTI[3] = ["Td", "Ts", "Ks", "Qs", "Js", "9s", "8s", "8c"]


def _after_fleks(extras: str, fleks: list[tuple[int, str]], hands: dict[int, list[str]] = SIMPLE):  # type: ignore[no-untyped-def]
    state = scripted(hands)
    state, _ = run(state, [(0, "volba:Ac,Qc"), (0, extras), *APPROVE_ALL, *fleks])
    return state


FOUR_PASSES = [(1, "pass"), (2, "pass"), (3, "pass"), (0, "pass")]


def test_single_honer_and_game_fleked_once_is_price_equal() -> None:
    state = _after_fleks(
        "ext:9", [(1, "flek:hra"), (2, "pass"), (3, "pass"), (0, "pass"), (1, "pass")]
    )
    assert state.is_over and state.end == "price_equal"
    out = state.outcome()
    assert not out.played and out.scores == (0, 0, 0, 0)


def test_a_honer_proti_is_always_played() -> None:
    moves = [(1, "pass"), (2, "pass"), (3, "honer:8"), (3, "pass"), (0, "pass"), (1, "pass")]
    moves.append((2, "pass"))
    state = _after_fleks("ext:none", moves, PROTI)
    assert state.phase is Phase.PLAY
    assert state.honers == (Honer(8, 3, "D"),)


def test_honers_of_the_choosing_side_without_flek_pay_honers_and_game() -> None:
    state = _after_fleks("ext:9+8", FOUR_PASSES)
    assert state.end == "honers_paid"
    out = state.outcome()
    assert _lines(out) == {"h9": 2, "h8": 2, "hra": 1}
    assert out.scores == (5, -5, 5, -5) and not out.played


def test_two_honers_and_game_fleked_once_is_dobirka() -> None:
    state = _after_fleks(
        "ext:9+8", [(1, "flek:hra"), (2, "pass"), (3, "pass"), (0, "pass"), (1, "pass")]
    )
    assert state.end == "dobirka"
    assert state.outcome().scores == (2, -2, 2, -2)


def test_a_fleked_honer_is_always_played() -> None:
    state = _after_fleks(
        "ext:9", [(1, "flek:h9"), (2, "pass"), (3, "pass"), (0, "pass"), (1, "pass")]
    )
    assert state.phase is Phase.PLAY and state.level("h9") == 1 and state.level("hra") == 0


def test_a_honer_with_the_game_at_re_is_played() -> None:
    moves = [(1, "flek:hra"), (2, "pass"), (3, "pass"), (0, "flek:hra"), *FOUR_PASSES]
    state = _after_fleks("ext:9", moves)
    assert state.phase is Phase.PLAY and state.level("hra") == 2


def test_plain_unfleked_game_is_thrown_in_and_the_defenders_pay_the_game() -> None:
    state = _after_fleks("ext:none", FOUR_PASSES)
    assert state.end == "thrown_in"
    assert state.outcome().scores == (1, -1, 1, -1)
    free = scripted(SIMPLE, values={"unfleked_simple_game": "throw_in_no_payment"})
    free, _ = run(free, [(0, "volba:Ac,Qc"), (0, "ext:none"), *APPROVE_ALL, *FOUR_PASSES])
    assert free.outcome().scores == (0, 0, 0, 0)
    played = scripted(SIMPLE, values={"unfleked_simple_game": "play"})
    played, _ = run(played, [(0, "volba:Ac,Qc"), (0, "ext:none"), *APPROVE_ALL, *FOUR_PASSES])
    assert played.phase is Phase.PLAY


def test_called_card_in_the_choosers_second_four_is_a_secret_solo() -> None:
    state = scripted(SIMPLE)
    state, _ = run(state, [(0, "volba:Ac,Kc"), (0, "ext:none")])
    assert state.partner == 0
    for seat in (1, 2, 3):
        view = state.view(seat)
        assert view["partner"] is None and 0 not in view["sides"]["unknown"]
        assert set(view["sides"]["unknown"]) == {1, 2, 3} - {seat}
    state, _ = run(state, [*APPROVE_ALL, *FOUR_PASSES])
    assert state.outcome().scores == (3, -1, -1, -1)  # 1 v 3


# --- honers (§3.2.6, §2.5) --------------------------------------------------------

SIMPLE_TRICKS = [
    ["Ac", "7h", "Jc", "7s"],
    ["Tc", "8h", "Qc", "8s"],
    ["Kc", "9h", "7d", "9s"],
    ["Ad", "Jh", "8d", "Td"],
    ["As", "Qh", "9d", "Ts"],
    ["9c", "Kh", "Jd", "Js"],
    ["8c", "Th", "Qd", "Qs"],
    ["7c", "Ah", "Kd", "Ks"],
]
H7_FLEKED = [(1, "flek:h7"), (2, "pass"), (3, "pass"), (0, "pass"), (1, "pass")]


def test_announced_honers_won_on_their_tricks_6_7_8() -> None:
    state = _after_fleks("ext:9+8+7", H7_FLEKED)
    assert state.phase is Phase.PLAY
    state, _ = run(state, tricks_from(state, SIMPLE_TRICKS))
    out = state.outcome()
    # seat 2's marriage in bells (20) takes the side past 100: a silent 110 (2 x 2)
    assert out.summary["points"] == {"C": 110, "D": 40}  # two defenders' marriages
    assert _lines(out) == {"tichá stovka": 4, "h9": 2, "h8": 2, "h7": 4}
    assert out.scores == (12, -12, 12, -12)


def test_announced_honer_filter_other_trumps_first() -> None:
    state = _after_fleks("ext:9+8+7", H7_FLEKED)
    state, _ = run(state, tricks_from(state, SIMPLE_TRICKS[:2]))
    legal = {card_code(c) for c in cards_of(legal_cards(state, 0))}
    assert legal == {"Kc", "Ad", "As"}  # not the announced 9, 8, 7
    silent = _after_fleks("ext:none", [(1, "flek:hra"), (2, "pass"), (3, "pass"), (0, "pass")])
    silent = play(silent, 1, "pass")
    silent, _ = run(silent, tricks_from(silent, SIMPLE_TRICKS[:2]))
    assert legal_cards(silent, 0) == silent.hands[0]  # silent honers are free


def test_premature_honer_is_lost_though_it_took_the_trick() -> None:
    state = _after_fleks("ext:9+8+7", H7_FLEKED)
    state, _ = run(state, tricks_from(state, SIMPLE_TRICKS[:5]))
    # trick 6: the 9 belongs here, so every announced honer is allowed (§2.5 step 2)
    assert legal_cards(state, 0) == state.hands[0]
    state, _ = run(state, tricks_from(state, [["8c", "Kh", "Jd", "Js"]]))
    # trick 7: only honers left, none belongs here: the highest first (9 before 7)
    assert legal_cards(state, 0) == 1 << card("9c")
    state, _ = run(state, tricks_from(state, [["9c", "Th", "Qd", "Qs"], ["7c", "Ah", "Kd", "Ks"]]))
    assert all(t.winner == 0 for t in state.tricks)
    assert _lines(state.outcome()) == {"tichá stovka": 4, "h9": -2, "h8": -2, "h7": 4}


def _play_state(hands: dict[int, int], table: list[tuple[int, str]], honers: tuple[Honer, ...]):  # type: ignore[no-untyped-def]
    base = scripted(SIMPLE)
    base, _ = run(base, [(0, "volba:Ac,Qc"), (0, "ext:none")])
    seats = tuple(s for s, _ in table)
    cards = tuple(card(c) for _, c in table)
    nxt = (seats[-1] + 1) % 4
    return replace(
        base,
        phase=Phase.PLAY,
        hands=tuple(hands.get(s, 0) for s in range(4)),
        trick_seats=seats,
        trick_cards=cards,
        tricks=(Trick((0, 1, 2, 3), (card("7h"),) * 4, 0),) * 2,
        honers=honers,
        to_move=nxt,
    )


def _mask(*codes: str) -> int:
    return sum(1 << card(c) for c in codes)


def test_over_trump_duty_forces_an_announced_honer_out_early() -> None:
    # trick 3: Kd led, 7c trumps it; seat 2, void in bells, holds the announced 9 and
    # 8: he must over-trump, and of two announced honers the 9 goes first
    state = _play_state(
        {2: _mask("9c", "8c", "Ah", "Kh")},
        [(0, "Kd"), (1, "7c")],
        (Honer(9, 2, "C"), Honer(8, 2, "C")),
    )
    assert legal_cards(state, 2) == _mask("9c")
    # the book: holding the ten and an announced 7 when the ace trumps, give the ten
    state = _play_state(
        {2: _mask("Tc", "7c", "Ah", "Kh")}, [(0, "Kd"), (1, "Ac")], (Honer(7, 2, "C"),)
    )
    assert legal_cards(state, 2) == _mask("Tc")
    # a lone announced honer that must over-trump is lost: played before its trick
    state = _play_state({2: _mask("9c", "Ah", "Kh")}, [(0, "Kd"), (1, "7c")], (Honer(9, 2, "C"),))
    assert legal_cards(state, 2) == _mask("9c")
    forced = _with(
        {
            3: ((0, 1, 2, 3), ["Kd", "7c", "9c", "Ks"], 2),  # the 9 takes trick 3, not 6
            6: ((0, 1, 2, 3), ["Kc", "Th", "Jd", "Js"], 0),
            8: ((0, 1, 2, 3), ["Ah", "8c", "7d", "9h"], 1),
        }
    )
    assert _lines(_finished_hra(forced, (Honer(9, 2, "C"),)).outcome())["h9"] == -2


def _finished_hra(tricks: list[tuple[tuple[int, ...], list[str], int]], honers: tuple[Honer, ...]):  # type: ignore[no-untyped-def]
    base = scripted(SIMPLE)
    base, _ = run(base, [(0, "volba:Ac,Qc"), (0, "ext:none")])
    return replace(
        base,
        phase=Phase.DONE,
        to_move=None,
        end="played",
        fleks=(("hra", 1),),
        honers=honers,
        hands=(0, 0, 0, 0),
        sides=base.sides.reveal(),
        tricks=tuple(Trick(s, tuple(card(c) for c in cs), w) for s, cs, w in tricks),
    )


# eight tricks, seats 0..3 in order, all taken by seat 0 unless a test changes one
_DECK_TRICKS: list[tuple[tuple[int, ...], list[str], int]] = [
    ((0, 1, 2, 3), ["Ac", "7h", "Jc", "7s"], 0),
    ((0, 1, 2, 3), ["Tc", "8h", "Qc", "8s"], 0),
    ((0, 1, 2, 3), ["Kc", "9h", "7d", "Ks"], 0),
    ((0, 1, 2, 3), ["Ad", "Jh", "8d", "Td"], 0),
    ((0, 1, 2, 3), ["As", "Qh", "9d", "Ts"], 0),
    ((0, 1, 2, 3), ["Kd", "Th", "Jd", "Js"], 0),
    ((0, 1, 2, 3), ["Qd", "Kh", "9s", "Qs"], 0),
    ((0, 1, 2, 3), ["Ah", "8c", "7d", "9c"], 0),
]


def _with(changes: dict[int, tuple[tuple[int, ...], list[str], int]]):  # type: ignore[no-untyped-def]
    tricks = list(_DECK_TRICKS)
    for number, trick in changes.items():
        tricks[number - 1] = trick
    return tricks


def test_silent_honers_count_for_the_side_that_won_or_against_the_side_beaten() -> None:
    # seat 1 (a defender) takes trick 6 with the trump 9: +1 for the defenders
    won_d = _with({6: ((0, 1, 2, 3), ["Kd", "9c", "Jd", "Js"], 1)})
    assert _lines(_finished_hra(won_d, ()).outcome())["tichý h9"] == -1
    # seat 0 (the chooser) plays the 7 to trick 8 and seat 1's 8 beats it: killed, -1
    killed_c = _with({8: ((0, 1, 2, 3), ["7c", "8c", "Ah", "Kh"], 1)})
    assert _lines(_finished_hra(killed_c, ()).outcome())["tichý h7"] == -1
    # seat 3 (a defender) leads the 7 to trick 8, seat 0's 8 kills it: +1 for C
    killed_d = _with({8: ((3, 0, 1, 2), ["7c", "8c", "Ah", "Kh"], 0)})
    out = _finished_hra(killed_d, ()).outcome()
    assert _lines(out)["tichý h7"] == 1
    assert "tichý h8" not in _lines(out)  # the 8 fell on trick 8, not its own trick 7
    # the chooser's own 7 takes trick 8: +1
    won_c = _with({8: ((0, 1, 2, 3), ["7c", "Ah", "Kh", "Qs"], 0)})
    assert _lines(_finished_hra(won_c, ()).outcome())["tichý h7"] == 1
    # option: a killed silent honer is not paid
    off = replace(
        _finished_hra(killed_c, ()), options=KRIZOVY.options({"killed_silent_honer": False})
    )
    assert "tichý h7" not in _lines(off.outcome())


def test_announced_honer_beaten_on_its_trick_is_lost() -> None:
    beaten = _with({8: ((3, 0, 1, 2), ["7c", "8c", "Ah", "Kh"], 0)})
    proti = _finished_hra(beaten, (Honer(7, 3, "D"),)).outcome()
    assert _lines(proti)["h7"] == 2  # the defenders' announced 7 was killed: +2 for C
    own = _with({8: ((0, 1, 2, 3), ["7c", "8c", "Ah", "Kh"], 1)})
    assert _lines(_finished_hra(own, (Honer(7, 0, "C"),)).outcome())["h7"] == -2


# --- durch s …, durch s chytrým (§3.2.8) -----------------------------------------------


def test_durch_s_flow_partner_tricks_and_outcomes() -> None:
    state = scripted(SIMPLE)
    state, _ = run(state, [(0, "volba:Ac,Qc"), (0, "ext:none"), (1, "durchs:Ac")])
    assert state.kind == "durchs" and state.partner == 0 and not state.sides.revealed
    state, _ = run(state, [(2, "dobra"), (3, "dobra"), (0, "dobra")])
    assert state.phase is Phase.FLEK and state.to_move == 2
    state, _ = run(state, [(2, "pass"), (3, "pass"), (0, "pass"), (1, "pass")])
    assert state.phase is Phase.PARTNER_TRICKS
    state = play(state, 1, "tricks:2")
    assert state.phase is Phase.PLAY and state.to_move == 1 and state.partner_tricks == 2
    # won by the pair: 2 v 2
    won = finished(kind="durchs", declarer=1, partner=0, winners=[1, 1, 0, 0, 1, 1, 1, 1])
    assert won.outcome().scores == (10, 10, -10, -10)
    # lost, the declarer took six himself: both pay
    lost = finished(kind="durchs", declarer=1, partner=0, winners=[1, 1, 1, 1, 1, 1, 2, 0])
    assert lost.outcome().scores == (-10, -10, 10, 10)
    # lost, the declarer took fewer: dědek Sláma, he pays alone
    slama = finished(kind="durchs", declarer=1, partner=0, winners=[1, 1, 0, 0, 1, 1, 2, 3])
    assert slama.outcome().scores == (0, -20, 10, 10)
    fleked = finished(kind="durchs", declarer=1, partner=0, winners=[1] * 8, fleks={"durch": 1})
    assert fleked.outcome().scores == (20, 20, -20, -20)


def test_durch_s_chytrym_is_never_fleked_and_pays_per_the_spec() -> None:
    state = scripted(SIMPLE)
    state, _ = run(state, [(0, "volba:Ac,Qc"), (0, "ext:none"), (1, "game:chytry")])
    state, _ = run(state, [(2, "dobra"), (3, "dobra"), (0, "dobra")])
    assert state.phase is Phase.PLAY and state.to_move == 1 and not state.fleks
    pair = finished(kind="chytry", declarer=1, partner=3, winners=[1] * 7 + [3])
    assert pair.outcome().scores == (-10, 10, -10, 10)
    solo = finished(kind="chytry", declarer=1, partner=None, winners=[1] * 8)
    assert solo.outcome().scores == (-10, 30, -10, -10)  # "1 Kč od každého"
    lost_alone = finished(kind="chytry", declarer=1, partner=None, winners=[1] * 6 + [2, 1])
    assert lost_alone.outcome().scores == (10, -30, 10, 10)
    slama = finished(kind="chytry", declarer=1, partner=3, winners=[1] * 5 + [2, 0, 3])
    assert slama.outcome().scores == (10, -20, 10, 0)
    six = finished(kind="chytry", declarer=1, partner=3, winners=[1] * 6 + [0, 3])
    assert six.outcome().scores == (10, -10, 10, -10)


CHYTAK = {
    0: ["Ac", "Tc", "9c", "8c", "7c", "Kc", "Ad", "7h"],
    1: ["Ah", "Kh", "Qh", "Jh", "Th", "9h", "8h", "Ks"],
    2: ["Qc", "Jc", "Kd", "Qd", "Jd", "9d", "8d", "7d"],
    3: ["Td", "As", "Ts", "Qs", "Js", "9s", "8s", "7s"],
}


def test_chytak_shown_instead_of_the_first_lead() -> None:
    state = scripted(CHYTAK)
    state, _ = run(state, [(0, "volba:Ac,Qc"), (0, "ext:none"), (1, "game:chytry")])
    state, _ = run(state, [(2, "dobra"), (3, "dobra"), (0, "dobra")])
    assert Chytak(card("Ks")) in state.legal_actions(1)
    assert Chytak(card("Ah")) not in state.legal_actions(1)
    state = play(state, 1, "chytak:Ks")
    assert state.is_over and state.partner == 3
    assert state.outcome().scores == (-10, 10, -10, 10)


def test_betl_overcall_is_solo_and_public() -> None:
    state = scripted(SIMPLE)
    state, _ = run(state, [(0, "volba:Ac,Qc"), (0, "ext:9"), (1, "game:betl")])
    assert state.sides.revealed and state.honers == ()
    assert state.sides.members("C") == {1}
    with pytest.raises(IllegalAction):
        play(state, 2, "durchs:Ah")  # only a higher game: durch
    state, _ = run(state, [(2, "game:durch"), (3, "dobra"), (0, "dobra"), (1, "dobra")])
    assert state.kind == "durch" and state.declarer == 2


# --- červené kolo (§3.2.9) ------------------------------------------------------------


def _result(chooser: int, score: int, kind: str = "hra", declarer: int | None = None) -> Outcome:
    scores = [0, 0, 0, 0]
    scores[chooser] = score
    scores[(chooser + 1) % 4] = -score
    summary = {
        "kind": kind,
        "chooser": chooser,
        "declarer": chooser if declarer is None else declarer,
    }
    return Outcome(tuple(scores), summary)


def test_red_round_ends_only_when_each_player_has_won_as_the_chooser() -> None:
    options = KRIZOVY.options({"cervene_kolo": True, "session_deals": 2})
    match = KRIZOVY.start_match(options, 4, 1)
    assert KRIZOVY.setup_for(match) == {"dealer": 1}
    match = KRIZOVY.record_deal(match, _result(2, 1), options)
    match = KRIZOVY.record_deal(match, _result(3, 1), options)
    assert match.data["red_round"] == [0, 1, 2, 3] and match.dealer == 3
    assert KRIZOVY.setup_for(match) == {"dealer": 3, "red_round": True}
    match = KRIZOVY.record_deal(match, _result(0, -2), options)  # lost: 0 again
    match = KRIZOVY.record_deal(match, _result(0, 5, "betl"), options)  # a betl does not count
    match = KRIZOVY.record_deal(match, _result(0, 3, "hra", declarer=1), options)
    assert match.data["red_round"] == [0, 1, 2, 3] and match.dealer == 3 and not match.over
    for seat in (0, 1, 2):
        match = KRIZOVY.record_deal(match, _result(seat, 1), options)
        assert not match.over and match.dealer == seat  # the next chooser is forhond
    match = KRIZOVY.record_deal(match, _result(3, 0), options)  # no gain, no win
    assert not match.over
    match = KRIZOVY.record_deal(match, _result(3, 1), options)
    assert match.over and "red_round" not in match.data


def test_red_round_deal_must_choose_hearts() -> None:
    state = scripted(SIMPLE, red=True)
    assert KRIZOVY.setup_of(state) == {"dealer": 3, "red_round": True}
    legal = state.legal_actions(0)
    assert legal and all(isinstance(a, CallHearts) for a in legal)
    state, _ = run(state, [(0, "cerv:Kh"), (0, "ext:none"), *APPROVE_ALL, *FOUR_PASSES])
    assert state.trump is not None and state.trump.code == "h" and state.partner == 1
    assert state.outcome().scores == (2, 2, -2, -2)  # the hearts factor


def test_sides_for_hides_every_non_chooser() -> None:
    sides = sides_for((0, 1, 2, 3), 0, 2, public=False)
    assert sides.visible_for(1).unknown == {2, 3}
    assert sides.visible_for(0).unknown == {1, 2, 3}
    assert sides.visible_for(2).unknown == frozenset()
