"""§7 play through the engine: L1-L14, W1-W5, M1-M5, the leads and §11 renonc."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from games.cards import Suit, card, card_code, cards_of, parse_cards
from games.engine import IllegalAction
from games.tisic import match as matches
from games.tisic.legality import follow_cards
from games.tisic.state import Phase, TisicState
from games.tisic.timeouts import timeout_action
from games.tisic.variant import TISIC
from tests.tisic.helpers import act, codes, deal, position, roles, script, seeded

R = roles()

LEGALITY = [
    pytest.param("mariash", None, "9h", "Kh 7h As", "Kh", id="L1"),
    pytest.param("mariash", None, "Th", "Kh 7h As", "Kh 7h", id="L2"),
    pytest.param("mariash", None, "9h Ah", "Th 7h", "Th 7h", id="L3"),
    pytest.param("mariash", None, "9h", "7s Ac", "7s Ac", id="L4"),
    pytest.param("mariash", "s", "9h", "7s Ac", "7s", id="L5"),
    pytest.param("mariash", "s", "9h Qs", "Ah 8h Ks", "Ah 8h", id="L6"),
    pytest.param("mariash", "s", "9h Qs", "Ks 7s Ad", "Ks", id="L7"),
    pytest.param("mariash", "s", "9h Qs", "Js 7s Ad", "Js 7s", id="L8"),
    pytest.param("mariash", "s", "Kd", "Td Qd As", "Td", id="L9"),
    pytest.param("mariash", "d", "Qd", "Ad 7d As", "Ad", id="L10"),
    pytest.param("mariash", "d", "Qd", "7c As", "7c As", id="L11"),
    pytest.param("mariash", None, "9h Jh", "Th Qh 8h", "Th Qh", id="L12"),
    pytest.param("source_literal", "s", "9h", "7s Ac", "7s Ac", id="L13"),
    pytest.param("pagat_1000", None, "9h", "Kh 7h", "Kh 7h", id="L14"),
]


@pytest.mark.parametrize(("rule", "trump", "trick", "hand", "legal"), LEGALITY)
def test_legality_vectors_through_the_engine(
    rule: str, trump: str | None, trick: str, hand: str, legal: str
) -> None:
    state, seat = position(trump, trick, hand, follow_rule=rule)
    plays = {c.split(":")[1] for c in codes(state, seat) if c.startswith("play:")}
    assert plays == set(legal.split())
    assert not any(c.startswith("trumf:") for c in codes(state, seat))  # not leading
    for other in set(hand.split()) - plays:
        with pytest.raises(IllegalAction):
            act(state, seat, f"play:{other}")


REASONS = [
    pytest.param(None, "9h", "Kh 7h As", "As", "must_follow_suit", id="follow"),
    pytest.param(None, "9h", "Kh 7h As", "7h", "must_head", id="head"),
    pytest.param("s", "9h", "7s Ac", "Ac", "must_trump", id="trump"),
    pytest.param("s", "9h Qs", "Ks 7s Ad", "7s", "must_overtrump", id="overtrump"),
]


@pytest.mark.parametrize(("trump", "trick", "hand", "bad", "code"), REASONS)
def test_prevented_renonc_says_which_duty(
    trump: str | None, trick: str, hand: str, bad: str, code: str
) -> None:
    state, seat = position(trump, trick, hand)
    with pytest.raises(IllegalAction) as err:
        act(state, seat, f"play:{bad}")
    assert err.value.code == code


def _trick(trump: str | None, cards: str, *, declare: bool = False) -> int:
    """Play one trick of three cards (leader first) and say who took it."""
    led, second, third = parse_cards(cards)
    base, _ = position(trump, "", "7c")
    r = roles()
    hands = [0, 0, 0]
    extra = (1 << card("Kh")) if declare else 0
    hands[r["P1"]], hands[r["P2"]], hands[r["P3"]] = (1 << led) | extra, 1 << second, 1 << third
    state = replace(base, hands=tuple(hands), to_move=r["P1"])
    first = "trumf" if declare else "play"
    state = script(state, f"P1 {first}:{cards.split()[0]}", f"P2 play:{cards.split()[1]}")
    state = script(state, f"P3 play:{cards.split()[2]}")
    order = [r["P1"], r["P2"], r["P3"]]
    return order.index(state.tricks[-1].winner)


def test_w1_to_w5() -> None:
    assert _trick(None, "9s As Ac") == 1
    assert _trick("d", "Ts 7d As") == 1
    assert _trick(None, "Qh 7s 8c") == 0
    assert _trick("s", "9h Qs Ks") == 2
    assert _trick(None, "Qh Th 9h", declare=True) == 1  # W5: h declared by this lead


# --- marriages: M1-M5 on one scripted deal ----------------------------------------

M_P1 = "7d 9d Ts 8d Jd Td Kd Qd Js Jh"
M_P2 = "Ad Kc Qc Tc 9c 8c Jc Ah Th 9h"
M_P3 = "Ac 7c As Kh Qh 8s Ks Qs 8h 7h"


def _m_deal() -> TisicState:
    state = deal(M_P1, M_P2, M_P3, "7s 9s")
    return script(state, "P2 pass", "P3 pass", "P1 discard:7s,9s", "P1 contract:50")


def test_m1_no_marriage_in_trick_1() -> None:
    state = _m_deal()
    assert state.to_act() == {R["P1"]}  # the declarer leads trick 1
    with pytest.raises(IllegalAction) as err:
        act(state, R["P1"], "trumf:Qd")
    assert err.value.code == "no_trick_completed"
    assert not any(c.startswith("trumf:") for c in codes(state, R["P1"]))
    led = act(state, R["P1"], "play:Qd")
    assert led.marriages == () and led.trump is None


def test_m2_m3_marriages_set_and_change_trumps() -> None:
    state = script(_m_deal(), "P1 play:7d", "P2 play:Ad", "P3 play:8s")
    assert state.tricks[-1].winner == R["P2"] and state.to_act() == {R["P2"]}
    assert {"trumf:Qc", "trumf:Kc"} <= codes(state, R["P2"])
    state = act(state, R["P2"], "trumf:Qc")
    assert state.trump is Suit.ACORNS
    assert [(m.seat, m.suit.code, m.value, m.trick) for m in state.marriages] == [
        (R["P2"], "c", 100, 2)
    ]
    assert {c for c in codes(state, R["P3"])} == {"play:Ac"}
    state = act(state, R["P3"], "play:Ac")
    assert {c.split(":")[1] for c in codes(state, R["P1"])} == set(M_P1.split()) - {"7d"}
    state = act(state, R["P1"], "play:Ts")
    assert state.tricks[-1].winner == R["P3"] and state.tricks[-1].trump is Suit.ACORNS
    # M3: P3 declares hearts; clubs are no longer trumps.
    state = act(state, R["P3"], "trumf:Kh")
    assert state.trump is Suit.HEARTS and state.marriages[-1].value == 40
    assert {c for c in codes(state, R["P1"])} == {"play:Jh"}
    state = act(state, R["P1"], "play:Jh")
    assert {c.split(":")[1] for c in codes(state, R["P2"])} == {"Ah", "Th"}
    public = state.public_view()
    assert public.trump == "h"
    assert public.marriages == ((R["P2"], "c", 100), (R["P3"], "h", 40))


def test_m5_illegal_declarations() -> None:
    state = script(_m_deal(), "P1 play:7d", "P2 play:Ad", "P3 play:8s")
    with pytest.raises(IllegalAction) as err:
        act(state, R["P2"], "trumf:Jc")
    assert err.value.code == "not_king_or_queen"
    lone, seat = position(None, "", "Qd 7c")
    with pytest.raises(IllegalAction) as err:
        act(lone, seat, "trumf:Qd")
    assert err.value.code == "no_marriage"
    following, seat = position(None, "9c", "Kc Qc")
    with pytest.raises(IllegalAction) as err:
        act(following, seat, "trumf:Qc")
    assert err.value.code == "not_leading"


def test_marriage_options() -> None:
    early = script(
        deal(M_P1, M_P2, M_P3, "7s 9s", marriage_min_completed_tricks=0),
        "P2 pass",
        "P3 pass",
        "P1 discard:7s,9s",
        "P1 contract:50",
    )
    assert {"trumf:Kd", "trumf:Qd"} <= codes(early, R["P1"])
    only = script(
        deal(M_P1, M_P2, M_P3, "7s 9s", marriage_by="declarer_only"),
        "P2 pass",
        "P3 pass",
        "P1 discard:7s,9s",
        "P1 contract:50",
        "P1 play:7d",
        "P2 play:Ad",
        "P3 play:8s",
    )
    assert not any(c.startswith("trumf:") for c in codes(only, R["P2"]))
    with pytest.raises(IllegalAction) as err:
        act(only, R["P2"], "trumf:Qc")
    assert err.value.code == "declarer_only"


def test_first_lead_option() -> None:
    state = script(deal(), "P2 bid:60", "P3 pass", "P1 pass")
    discard = min(c for c in codes(state, R["P2"]) if c.startswith("discard:"))
    assert script(state, f"P2 {discard}", "P2 contract:60").to_act() == {R["P2"]}
    state = script(deal(first_lead="p1"), "P2 bid:60", "P3 pass", "P1 pass")
    assert script(state, f"P2 {discard}", "P2 contract:60").to_act() == {R["P1"]}


def test_timeout_in_play_is_the_cheapest_legal_card_never_trumf() -> None:
    state = script(_m_deal(), "P1 play:7d", "P2 play:Ad", "P3 play:8s")
    assert timeout_action(state, R["P2"]) == TISIC.parse_action("play:8c")
    state, seat = position(None, "9h", "Kh 7h As")
    assert timeout_action(state, seat) == TISIC.parse_action("play:Kh")


# --- §11 renonc ---------------------------------------------------------------------


def _to_trick_5_with_a_revoke(policy: str) -> tuple[TisicState, int, str]:
    """A seeded deal P2 declares, played by the cheapest legal cards until P3, a
    defender, is to play in trick 5 holding a card the follow rule forbids."""
    for seed in range(500):
        state = seeded(seed, renonc_policy=policy)
        state = script(state, "P2 bid:60", "P3 pass", "P1 pass")
        discard = min(c for c in codes(state, R["P2"]) if c.startswith("discard:"))
        state = script(state, f"P2 {discard}", "P2 contract:60")
        while len(state.tricks) < 4 or state.to_act() != {R["P3"]}:
            if len(state.tricks) > 4:
                break
            (seat,) = state.to_act()
            move = timeout_action(state, seat)
            assert move is not None
            state, _ = TISIC.apply(state, seat, move)
        else:
            bad = state.hands[R["P3"]] & ~follow_cards(state, R["P3"])
            if bad:
                return state, seed, card_code(next(cards_of(bad)))
    raise AssertionError("no seed gives a revoke chance in trick 5")


def test_r1_renonc_penalty() -> None:
    state, _seed, bad = _to_trick_5_with_a_revoke("penalty")
    assert len(state.tricks) == 4
    assert f"play:{bad}" in codes(state, R["P3"])  # the policy lets a revoke be made
    over = act(state, R["P3"], f"play:{bad}")
    assert over.is_over and over.phase is Phase.OVER
    outcome = over.outcome()
    assert (outcome.scores[R["P3"]], outcome.scores[R["P1"]], outcome.scores[R["P2"]]) == (
        -50,
        60,
        60,
    )
    assert outcome.summary["upisy"] == [R["P3"]] and outcome.summary["offender"] == R["P3"]
    match = matches.record_deal(TISIC.start_match(over.options, 3, 0), outcome, over.options)
    assert match.counter("upisy") == (1, 0, 0) and match.dealer == 1


def test_renonc_prevented_by_default_and_replayed_by_option() -> None:
    state, _seed, bad = _to_trick_5_with_a_revoke("prevent")
    with pytest.raises(IllegalAction) as err:
        act(state, R["P3"], f"play:{bad}")
    assert err.value.code.startswith("must_")
    replay, _seed, bad = _to_trick_5_with_a_revoke("replay")
    over = act(replay, R["P3"], f"play:{bad}")
    outcome = over.outcome()
    assert not outcome.played and outcome.scores == (0, 0, 0)
    match = matches.record_deal(TISIC.start_match(over.options, 3, 0), outcome, over.options)
    assert match.dealer == 0 and match.totals == (0, 0, 0)  # the same dealer deals again


def test_every_trick_the_winner_leads() -> None:
    rng = random.Random(3)
    state = seeded(3)
    while not state.is_over:
        (seat,) = state.to_act()
        actions = state.legal_actions(seat)
        before = len(state.tricks)
        state, _ = TISIC.apply(state, seat, rng.choice(actions))
        if len(state.tricks) > before and not state.is_over:
            assert state.to_act() == {state.tricks[-1].winner}
