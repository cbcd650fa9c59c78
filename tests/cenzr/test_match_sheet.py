"""cenzr.md §6: rounds to 1500, the cap, the reset, the labeta; §6.4's sheet (§7 #33-#36).

Round 1 of the sheet is played deal by deal through the count
(``scoring.score``) and the variant's match hooks; rounds 2-4, which the
spec gives as results only, are fed as deals reaching those results.
"""

from __future__ import annotations

import pytest

from games.cenzr.options import CenzrOptions
from games.cenzr.scoring import Tally, score
from games.cenzr.variant import CENZR
from games.engine import Outcome
from games.match import Match

A, B, C, D = 0, 1, 2, 3
OPTS = CenzrOptions()


def _outcome(recorded: dict[int, int], seats: int = 4) -> Outcome:
    return Outcome(tuple(recorded.get(s, 0) for s in range(seats)), {}, played=True)


ANNULLED = Outcome((0, 0, 0, 0), {"annulled": True}, played=False)

# (dealer, chooser side, tally, expected C, D, recorded A..D, totals A..D after)
ROUND_1 = [
    (B, (C, A), Tally({C: 92, A: 0, B: 30, D: 30}, {A: 1, B: 2, C: 3, D: 2}, C),
     102, 60, (204, 120, 204, 120), (204, 120, 204, 120)),
    (C, (D, B), Tally({D: 40, B: 30, A: 42, C: 40}, {A: 2, B: 2, C: 2, D: 2}, D, {D: 50}),
     130, 82, (164, 260, 164, 260), (368, 380, 368, 380)),
    (D, None, None, None, None, (0, 0, 0, 0), (368, 380, 368, 380)),
    (A, (B,), Tally({B: 85, A: 30, C: 20, D: 17}, {A: 2, B: 2, C: 2, D: 2}, B, bela=A),
     95, 87, (87, 285, 87, 87), (455, 665, 455, 467)),
    (B, (C, D), Tally({C: 40, D: 25, A: 50, B: 37}, {A: 2, B: 2, C: 2, D: 2}, C, {A: 20}),
     75, 107, (364, 364, 0, 0), (819, 1029, 455, 467)),
    (C, (D, A), Tally({D: 100, A: 52, B: 0, C: 0}, {A: 4, B: 0, C: 0, D: 4}, D),
     262, 0, (524, 0, 0, 524), (1343, 1029, 455, 991)),
    (D, (A, C), Tally({A: 60, C: 40, B: 30, D: 22}, {A: 2, B: 2, C: 2, D: 2}, A),
     110, 52, (220, 104, 220, 104), (1563, 1133, 675, 1095)),
]  # fmt: skip

LATER_ROUNDS = [  # (first dealer, deals' recorded points, round results)
    (C, [(1108, 1200, 1094, 758), (102, 422, 422, 102)], (1210, 1500, 1500, 860)),
    (D, [(1300, 940, 1225, 1088), (200, 0, 100, 100)], (1500, 940, 1325, 1188)),
    (A, [(605, 1290, 1400, 1300), (100, 100, 200, 200)], (705, 1390, 1500, 1500)),
]


def _play_round_1() -> Match:
    match = CENZR.start_match(OPTS, 4, B)  # the cut made B first dealer
    for dealer, side, tally, c, d, recorded, totals in ROUND_1:
        assert match.dealer == dealer and not match.over
        if side is None:
            outcome = ANNULLED
        else:
            assert tally is not None
            defending = tuple(s for s in range(4) if s not in side)
            result = score(tally, side, defending, OPTS)
            assert (result.c, result.d, result.won) == (c, d, (c or 0) > (d or 0))
            outcome = _outcome(dict(result.recorded))
        assert CENZR.deal_scores(outcome, OPTS) == recorded
        match = CENZR.record_deal(match, outcome, OPTS)
        if totals != (1563, 1133, 675, 1095):
            assert match.totals == totals
    return match


def test_round_1_deal_by_deal() -> None:
    match = _play_round_1()
    assert match.counter("labeta") == (1500, 1133, 675, 1095)  # A capped
    assert match.data["results"] == [[1500, 1133, 675, 1095]]
    assert match.totals == (0, 0, 0, 0)  # §6.2 reset
    assert match.dealer == C and match.data["round_dealer"] == C  # left of B
    assert match.data["round"] == 2 and match.deals == 7 and not match.over


def test_the_labeta_totals_and_ranking() -> None:
    match = _play_round_1()
    for first, deals, results in LATER_ROUNDS:
        assert match.dealer == first and match.totals == (0, 0, 0, 0) and not match.over
        for recorded in deals:
            match = CENZR.record_deal(match, _outcome(dict(enumerate(recorded))), OPTS)
        assert match.data["results"][-1] == list(results)
    assert match.over
    assert match.counter("labeta") == (4915, 4963, 5000, 4643)
    standings = CENZR.standings(match, OPTS)
    assert [s.seat for s in standings] == [C, B, A, D]
    assert [s.place for s in standings] == [1, 2, 3, 4]
    assert CENZR.settlement(match, OPTS) is None
    with pytest.raises(ValueError):
        CENZR.record_deal(match, ANNULLED, OPTS)
    assert Match.from_dict(match.to_dict()) == match


def test_an_annulled_deal_records_nothing_and_passes_the_deal_on() -> None:
    match = CENZR.start_match(OPTS, 4, 2)
    after = CENZR.record_deal(match, ANNULLED, OPTS)
    assert after.totals == match.totals and after.dealer == 3 and after.deals == 1
    assert after.data == match.data and not after.over


def test_several_players_capped_at_once_and_the_rest_unchanged() -> None:
    """§7 #33: values over 1500 become 1500, the others stay as they are."""
    match = CENZR.start_match(OPTS, 4, 0)
    match = CENZR.record_deal(match, _outcome({0: 1400, 1: 1400, 2: 1499, 3: 10}), OPTS)
    assert match.data["round"] == 1
    match = CENZR.record_deal(match, _outcome({0: 300, 1: 100, 2: 0, 3: 0}), OPTS)
    assert match.data["results"] == [[1500, 1500, 1499, 10]]


@pytest.mark.parametrize("seats", [4, 5, 6])
def test_a_labeta_has_one_round_per_player_each_dealing_first_once(seats: int) -> None:
    """§7 #34-#35: N rounds, first dealers rotating left, at most 1500·N each."""
    first = 2
    match = CENZR.start_match(OPTS, seats, first)
    firsts = []
    while not match.over:
        firsts.append(match.dealer)
        assert match.dealer == match.data["round_dealer"]
        match = CENZR.record_deal(match, _outcome({0: 900, 1: 1700}, seats), OPTS)
    assert firsts == [(first + k) % seats for k in range(seats)]
    assert sorted(firsts) == list(range(seats))
    assert all(t <= 1500 * seats for t in match.counter("labeta"))
    assert match.counter("labeta")[1] == 1500 * seats  # capped every round


def test_a_shorter_labeta_by_consent() -> None:
    opts = CenzrOptions(rounds_per_labeta=2)
    match = CENZR.start_match(opts, 4, 0)
    for _ in range(2):
        assert not match.over
        match = CENZR.record_deal(match, _outcome({0: 1500}), opts)
    assert match.over and match.counter("labeta") == (3000, 0, 0, 0)


def test_running_standings_count_the_round_in_progress_ties_shared() -> None:
    match = CENZR.start_match(OPTS, 4, 0)
    match = CENZR.record_deal(match, _outcome({0: 200, 1: 200, 2: 100}), OPTS)
    standings = CENZR.standings(match, OPTS)
    assert [(s.seat, s.place, s.score) for s in standings] == [
        (0, 1, 200),
        (1, 1, 200),
        (2, 3, 100),
        (3, 4, 0),
    ]
