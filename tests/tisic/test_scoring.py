"""§8 scoring: the rounding table, S1-S5 and the scoring options."""

from __future__ import annotations

from typing import Any

import pytest

from games.cards import mask_of, parse_cards
from games.tisic.rules import card_points, rounded
from games.tisic.scoring import card_totals, raw_points
from games.tisic.state import TisicState
from tests.tisic.helpers import finished, roles

R = roles()

ROUNDING = [
    (0, 0),
    (1, 0),
    (4, 0),
    (5, 10),
    (9, 10),
    (14, 10),
    (15, 20),
    (44, 40),
    (45, 50),
    (67, 70),
    (101, 100),
    (105, 110),
    (120, 120),
    (215, 220),
]


@pytest.mark.parametrize(("raw", "written"), ROUNDING)
def test_rounding_table(raw: int, written: int) -> None:
    assert rounded(raw, "nearest10_half_up") == written


def test_other_roundings() -> None:
    assert [rounded(x, "nearest5_half_up") for x in (0, 2, 3, 7, 8, 22, 101)] == [
        0,
        0,
        5,
        5,
        10,
        20,
        100,
    ]
    assert rounded(97, "none") == 97


def test_card_points_of_the_deck() -> None:
    from games.tisic.rules import FULL

    assert card_points(FULL) == 120
    assert card_points(mask_of(parse_cards("Ac Tc Kc Qc Jc 9c 8c 7c"))) == 30


S1_P2 = "Ac Tc Ah Th Kh Qh Ks Js 7c 9h 8h 7h"
S1_P1 = "As Ts Ad Kd Qd Jh"


def _s1(**options: Any) -> TisicState:
    return finished(
        declarer="P2",
        bid=80,
        contract=90,
        piles={"P2": S1_P2, "P1": S1_P1, "P3": "rest"},
        discards="Jd 8c",
        marriages=[("P2", "h"), ("P1", "d")],
        **options,
    )


def test_s1_full_card_piles() -> None:
    state = _s1()
    cards = card_totals(state)
    assert (cards[R["P2"]], cards[R["P1"]], cards[R["P3"]]) == (55 + 2, 41, 22)
    assert sum(cards) == 120
    raw = raw_points(state)
    assert (raw[R["P2"]], raw[R["P1"]], raw[R["P3"]]) == (97, 101, 22)
    outcome = state.outcome()
    assert (outcome.scores[R["P2"]], outcome.scores[R["P1"]], outcome.scores[R["P3"]]) == (
        90,
        100,
        20,
    )
    assert outcome.summary["made"] is True and outcome.summary["upisy"] == []
    assert set(outcome.summary["discards"]) == {"8c", "Jd"}
    assert sum(len(t.cards) for t in state.tricks) == 30


def test_s1_under_other_options() -> None:
    actual = _s1(declarer_scores="actual").outcome().scores
    assert actual[R["P2"]] == 100  # 97 rounded
    none = _s1(rounding="none").outcome().scores
    assert (none[R["P1"]], none[R["P3"]], none[R["P2"]]) == (101, 22, 90)
    fives = _s1(rounding="nearest5_half_up").outcome().scores
    assert (fives[R["P1"]], fives[R["P3"]]) == (100, 20)


def _s2(**options: Any) -> TisicState:
    return finished(
        declarer="P1",
        bid=50,
        contract=50,
        piles={"P2": "Ah Th Ad Td As Ts Kh Qh 9h", "P3": "Qd 8h 7h", "P1": "rest"},
        discards="7c 8c",
        **options,
    )


def test_s2_obligation_game_lost() -> None:
    state = _s2()
    raw = raw_points(state)
    assert (raw[R["P1"]], raw[R["P2"]], raw[R["P3"]]) == (47, 70, 3)
    outcome = state.outcome()
    assert (outcome.scores[R["P1"]], outcome.scores[R["P2"]], outcome.scores[R["P3"]]) == (
        -50,
        70,
        0,
    )
    assert outcome.summary["obligation"] is True
    assert outcome.summary["upisy"] == [R["P1"]] and outcome.summary["carky"] == [R["P3"]]


def test_carka_basis_raw() -> None:
    outcome = _s2(carka_basis="raw").outcome()
    assert outcome.scores[R["P3"]] == 0 and outcome.summary["carky"] == []


def test_s3_equal_is_enough() -> None:
    state = finished(
        declarer="P2",
        bid=100,
        contract=100,
        piles={"P2": "Th Td Ts Tc 7h 7d", "P3": "9h 9d 9s", "P1": "rest"},
        discards="8h 8d",
        marriages=[("P2", "d")],
    )
    assert raw_points(state)[R["P2"]] == 100
    assert state.outcome().scores[R["P2"]] == 100
    assert state.outcome().summary["carky"] == [R["P3"]]


def test_s4_never_rounded_for_the_declarer() -> None:
    state = finished(
        declarer="P2",
        bid=120,
        contract=120,
        piles={"P2": "Ah Th Ad Td Kh Qh Kd Qd Jh", "P1": "rest"},
        discards="7c 8c",
        marriages=[("P2", "d")],
    )
    assert raw_points(state)[R["P2"]] == 118
    outcome = state.outcome()
    assert outcome.scores[R["P2"]] == -120 and outcome.summary["made"] is False
    assert outcome.summary["upisy"] == [R["P2"]]


def test_s5_all_ten_tricks() -> None:
    state = finished(declarer="P2", bid=120, contract=120, piles={"P2": "rest"}, discards="7c 8c")
    outcome = state.outcome()
    assert outcome.scores[R["P2"]] == 120
    assert outcome.scores[R["P1"]] == outcome.scores[R["P3"]] == 0
    assert sorted(outcome.summary["carky"]) == sorted([R["P1"], R["P3"]])
