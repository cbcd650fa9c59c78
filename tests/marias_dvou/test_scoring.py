"""Payments of ve dvou (§3.4.4): volený's unit prices between the two players, the
hearts factor included; each announced component from its announcer's side, the
plain game and the silent components from the first player's. Seat 0 is the
first player, seat 1 the dealer; scores are units, + to the first player."""

from __future__ import annotations

from games.cards import Suit
from tests.marias_dvou.helpers import finished


def _scores(**kwargs: object) -> tuple[int, ...]:
    state = finished(**kwargs)  # type: ignore[arg-type]
    outcome = state.outcome()
    assert sum(outcome.scores) == 0
    return outcome.scores


def test_the_plain_game_is_played_and_paid_one_unit() -> None:
    assert _scores(first_sharp=5, last=0) == (1, -1)  # 60 : 30
    assert _scores(first_sharp=3, last=0) == (-1, 1)  # 40 : 50
    assert _scores(first_sharp=4, last=1) == (-1, 1)  # 40 : 50


def test_hearts_count_double_unless_switched_off() -> None:
    assert _scores(first_sharp=5, last=0, trump=Suit.HEARTS) == (2, -2)
    off = {"hearts_double": False}
    assert _scores(first_sharp=5, last=0, trump=Suit.HEARTS, values=off) == (1, -1)


def test_each_flek_doubles() -> None:
    assert _scores(first_sharp=5, last=0, flek={"hra": 1}) == (2, -2)  # flek
    assert _scores(first_sharp=3, last=0, flek={"hra": 2}) == (-4, 4)  # re, lost
    assert _scores(first_sharp=5, last=0, flek={"hra": 3}, trump=Suit.HEARTS) == (16, -16)


def test_silent_hundred_of_either_player() -> None:
    # 80 + last 10 + a marriage 20 = 110: tichých 110 = 2 × 2
    marriage = [(0, Suit.ACORNS, 20)]
    assert _scores(first_sharp=8, last=0, marriages=marriage) == (4, -4)
    assert _scores(first_sharp=8, last=0, marriages=marriage, flek={"hra": 1}) == (8, -8)
    theirs = [(1, Suit.ACORNS, 20)]
    assert _scores(first_sharp=0, last=1, marriages=theirs) == (-4, 4)
    # the dealer's 50 + last 10 + the 40 in trumps = exactly 100: 2 units
    assert _scores(first_sharp=3, last=1, marriages=[(1, Suit.BELLS, 40)]) == (-2, 2)


def test_announced_stovka_won_and_lost() -> None:
    marriage = [(0, Suit.ACORNS, 20)]
    assert _scores(first_sharp=7, last=0, marriages=marriage, stovka=0) == (4, -4)  # 100
    assert _scores(first_sharp=8, last=0, marriages=marriage, stovka=0) == (8, -8)  # 110
    assert _scores(first_sharp=6, last=0, marriages=marriage, stovka=0) == (-4, 4)  # 90
    assert _scores(first_sharp=5, last=0, marriages=marriage, stovka=0) == (-8, 8)  # 80
    fleked = _scores(first_sharp=7, last=0, marriages=marriage, stovka=0, flek={"hra": 1})
    assert fleked == (8, -8)


def test_only_one_marriage_counts_towards_the_hundred_then_all() -> None:
    two = [(0, Suit.ACORNS, 20), (0, Suit.LEAVES, 20)]
    # 70 + 20 = 90 towards 100: lost by 10, although 70 + 40 = 110
    assert _scores(first_sharp=6, last=0, marriages=two, stovka=0) == (-4, 4)
    # 80 + 20 = 100 reached, then both count: 120 = 4 × 4
    assert _scores(first_sharp=7, last=0, marriages=two, stovka=0) == (16, -16)


def test_the_dealers_stovka_is_paid_from_his_side() -> None:
    theirs = [(1, Suit.ACORNS, 20)]
    assert _scores(first_sharp=1, last=1, marriages=theirs, stovka=1) == (-4, 4)  # 100
    assert _scores(first_sharp=2, last=1, marriages=theirs, stovka=1) == (4, -4)  # 90, lost
    state = finished(first_sharp=1, last=1, marriages=theirs, stovka=1)
    (component,) = [c for c in state.outcome().summary["components"] if c["name"] == "stovka"]
    assert component["owner"] == 1 and component["won"] and component["units"] == -4


def test_announced_sedma_of_either_player() -> None:
    # game won (+1) and the first player's sedma won (+2)
    assert _scores(first_sharp=5, last=0, seven="won", sedma=0) == (3, -3)
    # his trump seven beaten in the last trick: sedma lost (−2), game 50 : 40 lost (−1)
    assert _scores(first_sharp=4, last=1, seven="killed", sedma=0) == (-3, 3)
    # the dealer's sedma, won by the dealer's seven: +2 to him; the game 50 : 40 his
    assert _scores(first_sharp=4, last=1, seven="won", sedma=1) == (-3, 3)
    # fleked and in hearts: 2 × 2 × 2 = 8, the game 2
    hearts = _scores(
        first_sharp=5, last=0, seven="won", sedma=0, trump=Suit.HEARTS, flek={"sedma": 1}
    )
    assert hearts == (10, -10)
    double = _scores(
        first_sharp=4, last=1, seven="killed", sedma=0, values={"lost_seven_multiplier": 2}
    )
    assert double == (-5, 5)


def test_a_sedma_is_lost_when_the_seven_is_not_in_the_last_trick() -> None:
    assert _scores(first_sharp=5, last=0, sedma=0) == (-1, 1)  # game +1, sedma −2


def test_silent_seven_for_whoever_takes_the_last_trick_with_it() -> None:
    assert _scores(first_sharp=5, last=0, seven="won") == (2, -2)  # game 1 + tichá sedma 1
    assert _scores(first_sharp=4, last=1, seven="won") == (-2, 2)
    assert _scores(first_sharp=5, last=0, seven="won", trump=Suit.HEARTS) == (4, -4)
    # a killed silent seven is not paid by default (§6 #20), paid when switched on
    assert _scores(first_sharp=4, last=1, seven="killed") == (-1, 1)
    paid = _scores(first_sharp=4, last=1, seven="killed", values={"killed_silent_seven": True})
    assert paid == (-2, 2)


def test_the_summary_names_every_component() -> None:
    state = finished(first_sharp=5, last=0, seven="won", sedma=0, flek={"hra": 1, "sedma": 2})
    summary = state.outcome().summary
    assert [(c["name"], c["flek"], c["units"]) for c in summary["components"]] == [
        ("hra", 1, 2),
        ("sedma", 2, 8),
    ]
    assert summary["per_defender"] == 10 and summary["points"] == {"0": 60, "1": 30}
