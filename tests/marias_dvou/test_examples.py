"""Example M2 (§5): ve dvou under Chirewský's rules, bells trumps, A announces sedma.

The stock phase of the book contradicts the trick-winner rule twice (tricks 5
and 8, §7 #7), so the tricks 1-8 enter as the book's records and the strict
phase (tricks 9-16) is played through the engine from the stated hands."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.cards import Suit, card, card_code, cards_of
from games.marias.played import Trick
from games.marias_dvou.state import DvouState, Phase
from tests.marias_dvou.helpers import play, scripted

BOOK_STOCK_PHASE = [
    (0, "Ks", "8s", 0),
    (0, "9s", "7s", 0),
    (0, "9c", "Qc", 1),
    (1, "Jh", "Js", 1),
    (1, "7h", "Jd", 1),  # the book's winner (by the rule: A)
    (1, "8h", "Kh", 0),
    (0, "9d", "8c", 0),
    (0, "9h", "Qh", 0),  # the book's winner (by the rule: B)
]

STRICT = [
    (0, "Tc", "7c"),
    (0, "Ac", "Jc"),
    (0, "Ad", "8d"),
    (0, "Td", "Qs"),
    (0, "Qd", "Kc"),
    (0, "Ts", "As"),
    (1, "Ah", "Kd"),
    (0, "7d", "Th"),
]


def _mask(codes: str) -> int:
    return sum(1 << card(c) for c in codes.split())


def _strict_start(stovka: bool) -> DvouState:
    base = scripted(values={"auto_declare_marriages": True})
    tricks = []
    for leader, first, second, winner in BOOK_STOCK_PHASE:
        seats = (leader, 1 - leader)
        cards = (card(first), card(second))
        tricks.append(Trick(seats, cards, winner))
    return replace(
        base,
        trump=Suit.BELLS,
        hands=(_mask("Ad Td Kd Qd 7d Ts Ac Tc"), _mask("Ah Th 8d As Qs Kc Jc 7c")),
        stock=(),
        tricks=tuple(tricks),
        sedma=0,
        stovka=0 if stovka else None,
        flek=(("hra", 0), ("sedma", 0)),
        phase=Phase.PLAY,
        leader=0,
        to_move=0,
    )


def _play_strict(state: DvouState) -> DvouState:
    assert state.strict
    for leader, first, second in STRICT:
        assert state.to_act() == {leader}
        state = play(state, leader, f"play:{first}")
        assert f"play:{second}" in {a.code for a in state.legal_actions(1 - leader)}
        state = play(state, 1 - leader, f"play:{second}")
    return state


def test_m2_strict_phase_is_legal_and_every_trick_goes_as_in_the_book() -> None:
    state = _strict_start(stovka=False)
    # trick 9: B cannot beat Tc, so any club will do
    after_lead = play(state, 0, "play:Tc")
    assert {a.code for a in after_lead.legal_actions(1)} == {"play:Kc", "play:Jc", "play:7c"}
    final = _play_strict(state)
    assert final.is_over and final.end == "played"
    assert [t.winner for t in final.tricks[8:]] == [0, 0, 0, 0, 0, 1, 0, 0]
    # trick 15: void in hearts, A must trump the ace
    before_15 = state
    for leader, first, second in STRICT[:6]:
        before_15 = play(play(before_15, leader, f"play:{first}"), 1 - leader, f"play:{second}")
    led = play(before_15, 1, "play:Ah")
    assert {a.code for a in led.legal_actions(0)} == {"play:Kd", "play:7d"}
    assert [(m.seat, m.suit, m.points, m.trick) for m in final.marriages] == [
        (0, Suit.BELLS, 40, 13)
    ]


@pytest.mark.parametrize(("stovka", "units"), [(False, 6), (True, 10)])
def test_m2_points_and_payment(stovka: bool, units: int) -> None:
    final = _play_strict(_strict_start(stovka))
    outcome = final.outcome()
    assert outcome.summary["points"] == {"0": 110, "1": 20}
    names = {c["name"]: c["units"] for c in outcome.summary["components"]}
    # sedma won +2; a silent 110 is 4, the announced one (the book's "100 a sedm") 8
    assert names["sedma"] == 2
    assert names["stovka" if stovka else "tichá stovka"] == (8 if stovka else 4)
    assert outcome.scores == (units, -units)
    assert not {card_code(c) for s in (0, 1) for c in cards_of(final.hands[s])}
