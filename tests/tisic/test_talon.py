"""§6: taking the talon, the discard, the contract, forfeit (S6, S7) and storno."""

from __future__ import annotations

from typing import Any

import pytest

from games.cards import card_code, cards_of
from games.engine import IllegalAction
from games.tisic import match as matches
from games.tisic import scoring
from games.tisic.options import TisicOptions
from games.tisic.rules import card_points
from games.tisic.state import Phase, TisicState
from games.tisic.timeouts import timeout_action
from games.tisic.variant import TISIC
from tests.tisic.helpers import act, codes, deal, roles, script

R = roles()
P2_HAND = "Ah Th Ks Qs 9h 8h 7h Jd 8c 7c"
TALON = "Ad 9c"


def _p2_takes(**options: Any) -> TisicState:
    return script(deal(p2=P2_HAND, talon=TALON, **options), "P2 bid:60", "P3 pass", "P1 pass")


def test_the_declarer_takes_the_talon_and_sees_it() -> None:
    state = _p2_takes()
    assert state.phase is Phase.TALON and state.hands[R["P2"]].bit_count() == 12
    assert set(state.view(R["P2"]).talon) == {"Ad", "9c"}
    assert state.view(R["P1"]).talon == () and state.public_view().talon == ()


def test_show_talon_shows_it_to_everyone_after_the_auction() -> None:
    before = deal(p2=P2_HAND, talon=TALON, show_talon=True)
    assert before.public_view().talon == ()
    state = script(before, "P2 bid:60", "P3 pass", "P1 pass")
    assert set(state.public_view().talon) == {"Ad", "9c"}


def test_discard_never_an_ace_or_ten() -> None:
    state = _p2_takes()
    for code in ("discard:Ah,7h", "discard:Ad,7h", "discard:Th,7h"):
        with pytest.raises(IllegalAction) as err:
            act(state, R["P2"], code)
        assert err.value.code == "discard_ace_or_ten"
    with pytest.raises(IllegalAction) as err:
        act(state, R["P2"], "discard:Kh,7h")
    assert err.value.code == "not_in_hand"
    discards = {c for c in codes(state, R["P2"]) if c.startswith("discard:")}
    assert len(discards) == 9 * 8 // 2  # any two of the 12 but Ah, Th and Ad
    assert not any(x in c for c in discards for x in ("Ah", "Th", "Ad"))


def test_discard_may_hold_talon_cards_and_stays_secret() -> None:
    state = act(_p2_takes(), R["P2"], "discard:9c,Jd")
    assert state.phase is Phase.CONTRACT and state.hands[R["P2"]].bit_count() == 10
    assert {card_code(c) for c in cards_of(state.discards)} == {"9c", "Jd"}
    assert set(state.view(R["P2"]).discards) == {"9c", "Jd"}
    for seat in (R["P1"], R["P3"]):
        assert state.view(seat).discards == ()
    assert "Jd" not in repr(state.public_view())


def test_contract_keeps_or_raises_never_lowers() -> None:
    state = act(_p2_takes(), R["P2"], "discard:9c,Jd")
    legal = codes(state, R["P2"])
    assert "contract:60" in legal and "contract:400" in legal and "contract:50" not in legal
    with pytest.raises(IllegalAction) as err:
        act(state, R["P2"], "contract:50")
    assert err.value.code == "too_low"
    assert timeout_action(state, R["P2"]) == TISIC.parse_action("contract:60")
    played = act(state, R["P2"], "contract:60")
    assert played.contract == 60 and played.to_act() == {R["P2"]}  # the declarer leads


def test_obligation_declarer_plays_at_least_50_and_may_raise() -> None:
    state = script(deal(), "P2 pass", "P3 pass")
    discard = min(c for c in codes(state, R["P1"]) if c.startswith("discard:"))
    state = act(state, R["P1"], discard)
    legal = codes(state, R["P1"])
    assert "contract:50" in legal and "contract:70" in legal


def test_s6_forfeit() -> None:
    state = act(_p2_takes(), R["P2"], "forfeit")
    assert state.is_over
    outcome = state.outcome()
    scores = dict(zip(range(3), outcome.scores, strict=True))
    assert (scores[R["P2"]], scores[R["P1"]], scores[R["P3"]]) == (-60, 60, 60)
    assert outcome.summary["upisy"] == [R["P2"]] and outcome.summary["carky"] == []
    match = matches.record_deal(TISIC.start_match(state.options, 3, 0), outcome, state.options)
    assert match.counter("upisy")[R["P2"]] == 1 and sum(match.counter("carky")) == 0
    assert match.data["penalty_deals"] == 1


def test_forfeit_only_before_the_discard_and_only_when_allowed() -> None:
    state = act(_p2_takes(), R["P2"], "discard:9c,Jd")
    with pytest.raises(IllegalAction) as err:
        act(state, R["P2"], "forfeit")
    assert err.value.code == "wrong_phase"
    off = _p2_takes(forfeit_allowed=False)
    assert "forfeit" not in codes(off, R["P2"])
    with pytest.raises(IllegalAction) as err:
        act(off, R["P2"], "forfeit")
    assert err.value.code == "forfeit_not_allowed"
    bonus = act(_p2_takes(forfeit_bonus=50), R["P2"], "forfeit").outcome()
    assert bonus.scores[R["P1"]] == 50


def test_s7_four_players_the_dealer_keeps_score_and_tallies() -> None:
    options = TisicOptions()
    seats, dealer = 4, 0
    r = roles(seats, dealer)
    state = deal(p2=P2_HAND, talon=TALON, seats=seats, dealer=dealer)
    assert state.active == (r["P1"], r["P2"], r["P3"]) == (1, 2, 3)
    state = script(state, "2 bid:60", "3 pass", "1 pass", "2 forfeit")
    outcome = state.outcome()
    assert outcome.scores == (0, 60, -60, 60)
    match = TISIC.start_match(options, seats, dealer).replace(totals=(500, 0, 0, 0))
    after = TISIC.record_deal(match, outcome, options)
    assert after.totals[0] == 500
    assert after.counter("upisy")[0] == 0 and after.counter("carky")[0] == 0
    assert after.dealer == 1  # the old P1 deals next


def test_storno_vote_all_yes_voids_the_deal() -> None:
    state = _p2_takes(storno_by_agreement=True)
    assert "storno" in codes(state, R["P2"])
    state = act(state, R["P2"], "storno")
    assert state.phase is Phase.STORNO and state.to_act() == {R["P1"], R["P3"]}
    assert codes(state, R["P1"]) == {"storno:yes", "storno:no"}
    assert timeout_action(state, R["P3"]) == TISIC.parse_action("storno:no")
    state = act(state, R["P3"], "storno:yes")
    assert state.to_act() == {R["P1"]}
    state = act(state, R["P1"], "storno:yes")
    outcome = state.outcome()
    assert state.is_over and not outcome.played and outcome.scores == (0, 0, 0)
    match = TISIC.record_deal(TISIC.start_match(state.options, 3, 0), outcome, state.options)
    assert match.totals == (0, 0, 0) and match.dealer == 1 and match.deals == 1


def test_storno_no_returns_to_the_discard_once() -> None:
    state = act(act(_p2_takes(storno_by_agreement=True), R["P2"], "storno"), R["P1"], "storno:no")
    assert state.phase is Phase.TALON and state.to_act() == {R["P2"]}
    assert "storno" not in codes(state, R["P2"])
    with pytest.raises(IllegalAction) as err:
        act(state, R["P2"], "storno")
    assert err.value.code == "storno_tried"


def test_storno_is_off_by_default() -> None:
    state = _p2_takes()
    assert "storno" not in codes(state, R["P2"])
    with pytest.raises(IllegalAction) as err:
        act(state, R["P2"], "storno")
    assert err.value.code == "storno_not_allowed"


def test_m4_a_discarded_marriage_is_only_seven_points() -> None:
    state = act(act(_p2_takes(), R["P2"], "discard:Ks,Qs"), R["P2"], "contract:60")
    while not state.is_over:
        (seat,) = state.to_act()
        for legal in state.legal_actions(seat):
            assert not (legal.code.startswith("trumf:") and legal.code.endswith("s"))
        move = timeout_action(state, seat)
        assert move is not None
        state, _ = TISIC.apply(state, seat, move)
    assert all(m.suit.code != "s" for m in state.marriages)
    cards = scoring.card_totals(state)
    by_tricks = sum(
        card_points(sum(1 << c for c in t.cards)) for t in state.tricks if t.winner == R["P2"]
    )
    assert cards[R["P2"]] == by_tricks + 7
    assert sum(cards) == 120
