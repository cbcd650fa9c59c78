"""§9 the end of the match (G1-G3), §10 the settlement (MO1-MO5), the rotation."""

from __future__ import annotations

from typing import Any

import pytest

from games.engine import Outcome
from games.match import Match
from games.tisic import match as matches
from games.tisic.options import TisicOptions
from games.tisic.variant import TISIC
from tests.tisic.helpers import finished, roles

A, B, C = 0, 1, 2


def _outcome(scores: tuple[int, ...], declarer: int, **summary: Any) -> Outcome:
    """A deal's outcome as the match reads it (the scoring tests check real ones)."""
    upisy = [declarer] if scores[declarer] < 0 else []
    return Outcome(scores, {"declarer": declarer, "upisy": upisy, "carky": [], **summary})


def _before(totals: tuple[int, ...], **options: Any) -> tuple[Match, TisicOptions]:
    opts = TisicOptions(**options)
    return TISIC.start_match(opts, len(totals), 0).replace(totals=totals), opts


def test_g1_talon_priority_against_highest_score() -> None:
    # A = seat 0 = P3 with dealer 0 declares 80: cards 60 + hearts 40; B (P1) has 57.
    r = roles()
    assert r["P3"] == A and r["P1"] == B
    state = finished(
        declarer="P3",
        bid=80,
        contract=80,
        piles={"P1": "Ah Th Ad Td As Kd", "P2": "Qs 7s 8s", "P3": "rest"},
        discards="7c 7d",
        marriages=[("P3", "h")],
    )
    outcome = state.outcome()
    assert outcome.summary["raw"] == [100, 57, 3]
    assert outcome.scores == (80, 60, 0)
    for rule, winner in (("talon_priority", A), ("highest_score", B)):
        match, opts = _before((930, 980, 400), winner_rule=rule)
        after = TISIC.record_deal(match, outcome, opts)
        assert after.totals == (1010, 1040, 400)
        assert after.over and after.data["winner"] == winner
        standings = TISIC.standings(after, opts)
        assert standings[0].seat == winner and standings[0].place == 1
        assert [s.place for s in standings] == [1, 2, 3]
    assert after.counter("carky") == (0, 0, 1)


@pytest.mark.parametrize(("inclusive", "over"), [(True, True), (False, False)])
def test_g2_reaching_exactly_1000(inclusive: bool, over: bool) -> None:
    match, opts = _before((990, 700, 600), target_inclusive=inclusive)
    after = TISIC.record_deal(match, _outcome((10, 80, 0), B), opts)
    assert after.totals[A] == 1000 and after.over is over
    if over:
        assert after.data["winner"] == A


def test_g3_a_defender_wins_over_the_failed_declarer() -> None:
    match, opts = _before((400, 960, 950))
    after = TISIC.record_deal(match, _outcome((30, -100, 60), B), opts)
    assert after.totals == (430, 860, 1010) and after.over and after.data["winner"] == C
    assert after.counter("upisy") == (0, 1, 0)


def test_ties_after_the_last_declarer_in_seat_order() -> None:
    opts = TisicOptions(winner_rule="highest_score")
    assert matches.winner((1000, 1000, 1000), 1, opts) == 1
    assert matches.winner((1000, 900, 1000), 1, opts) == 2
    assert matches.winner((1000, 900, 1000), 2, opts) == 2
    assert matches.winner((1010, 1010, 0), 2, opts) == 0
    talon = TisicOptions()
    assert matches.winner((1000, 1050, 1050), 0, talon) == 0
    assert matches.winner((990, 1050, 1050), 0, talon) == 1


def test_over_only_when_the_target_is_reached_and_never_after() -> None:
    match, opts = _before((0, 0, 0))
    after = TISIC.record_deal(match, _outcome((60, 990, 0), A), opts)
    assert not after.over
    with pytest.raises(ValueError, match="over"):
        TISIC.record_deal(after.replace(over=True), _outcome((0, 0, 0), A), opts)


def test_rotation_storno_and_redeal() -> None:
    opts = TisicOptions()
    match = TISIC.start_match(opts, 4, 3)
    after = TISIC.record_deal(match, _outcome((0, 60, -60, 60), 2), opts)
    assert after.dealer == 0 and after.data["last_declarer"] == 2
    void = Outcome((0, 0, 0, 0), {"redeal": False}, played=False)
    assert TISIC.record_deal(after, void, opts).dealer == 1
    redeal = Outcome((0, 0, 0, 0), {"redeal": True}, played=False)
    again = TISIC.record_deal(after, redeal, opts)
    assert again.dealer == 0 and again.deals == 2 and again.totals == after.totals


def test_match_round_trips_through_json() -> None:
    match, opts = _before((400, 960, 950))
    after = TISIC.record_deal(match, _outcome((30, -100, 60), B), opts)
    assert Match.from_dict(after.to_dict()) == after
    assert TISIC.tally_per == "match"


# --- §10 settlement ----------------------------------------------------------------


def _ended(
    totals: tuple[int, ...], upisy: tuple[int, ...], carky: tuple[int, ...], winner: int
) -> Match:
    return Match(
        "tisic",
        len(totals),
        0,
        totals,
        deals=20,
        counters={"upisy": upisy, "carky": carky},
        data={"winner": winner, "last_declarer": winner},
        over=True,
    )


def test_mo1_the_source_example() -> None:
    match = _ended((1010, 890, -50), (0, 2, 4), (0, 1, 4), A)
    opts = TisicOptions(stakes="money")
    assert TISIC.settlement(match, opts) == (5150, -750, -4400)


@pytest.mark.parametrize(
    ("total", "upisy", "carky", "pays", "options"),
    [
        pytest.param(300, 3, 5, 2100, {}, id="MO2-dubl"),
        pytest.param(0, 1, 0, 1200, {}, id="MO3-zero-is-dubl"),
        pytest.param(0, 1, 0, 2400, {"zero_is_dubl": False}, id="MO3-zero-is-minus"),
        pytest.param(500, 0, 0, 500, {}, id="MO4-exactly-500"),
        pytest.param(-10, 0, 0, 2000, {}, id="minus"),
        pytest.param(
            600,
            1,
            1,
            1000 + 200 + 100,
            {"base": 1000, "upis_price": 200, "carka_price": 100},
            id="korunovy-prices",
        ),
    ],
)
def test_mo2_to_mo4_payments(
    total: int, upisy: int, carky: int, pays: int, options: dict[str, Any]
) -> None:
    match = _ended((1010, total, 800), (0, upisy, 0), (0, carky, 0), A)
    money = TISIC.settlement(match, TisicOptions(stakes="money", **options))
    assert money is not None and money[B] == -pays and sum(money) == 0
    assert money[A] == pays + (options.get("base", 500))


def test_settlement_is_none_without_money_stakes() -> None:
    match = _ended((1010, 890, -50), (0, 2, 4), (0, 1, 4), A)
    assert TISIC.settlement(match, TisicOptions()) is None
    assert TISIC.settlement(match, TisicOptions(stakes="beer")) is None
    assert matches.beer(match, TisicOptions(stakes="money")) is None


@pytest.mark.parametrize(("last", "beers"), [(-20, 4), (200, 2), (520, 1)])
def test_mo5_beer(last: int, beers: int) -> None:
    match = _ended((1010, 600, last), (0, 0, 0), (0, 0, 0), A)
    assert matches.beer(match, TisicOptions(stakes="beer")) == (beers, 0, -beers)


def test_beer_second_and_ties_and_four_players() -> None:
    opts = TisicOptions(stakes="beer")
    second = TisicOptions(stakes="beer", beer_second_pays=True)
    match = _ended((1010, 300, -20), (0, 0, 0), (0, 0, 0), A)
    assert matches.beer(match, opts) == (4, 0, -4)
    assert matches.beer(match, second) == (5, -1, -4)
    tied = _ended((1010, 100, 100, 700), (0,) * 4, (0,) * 4, A)
    assert matches.beer(tied, opts) == (4, -2, -2, 0)


def test_standings_while_running_and_a_stopped_match_settles_provisionally() -> None:
    opts = TisicOptions(stakes="money")
    fresh = TISIC.start_match(opts, 3, 0)
    assert [s.place for s in TISIC.standings(fresh, opts)] == [1, 1, 1]
    assert TISIC.settlement(fresh, opts) is None
    match = fresh.replace(totals=(400, 960, 950), deals=9)
    after = TISIC.record_deal(match, _outcome((10, 20, 30), A), opts)
    assert not after.over and after.totals == (410, 980, 980)
    standings = TISIC.standings(after, opts)
    assert [(s.seat, s.place) for s in standings] == [(B, 1), (C, 1), (A, 3)]
    money = TISIC.settlement(after, opts)  # as if it ended now: B, first after A
    assert money is not None and sum(money) == 0 and money[B] > 0 and money[C] < 0
