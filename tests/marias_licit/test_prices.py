"""Every level and price of §3.3.2 / §4.3, and the silent components of §3.3.5."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.cards import Suit
from games.marias.played import Marriage
from games.marias_licit.levels import LEVELS, level
from tests.marias_licit.helpers import finished

H, D, S, C = Suit.HEARTS, Suit.BELLS, Suit.LEAVES, Suit.ACORNS

TABLE_4_3 = (  # level, name, normálně / s flekem / re in haléře (§4.3)
    (1, "sedma", 20, 40, 80),
    (2, "sedma červená", 40, 80, 160),
    (3, "sto", 40, 80, 160),
    (4, "sto a sedma", 60, 120, 240),
    (5, "sto červených", 80, 160, 320),
    (6, "sto a sedma červených", 120, 240, 480),
    (7, "betl", 150, 300, 600),
    (8, "durch", 300, 600, 1200),
    (9, "dvě sedmy", 400, 800, 1600),
    (10, "dvě sedmy a sto", 440, 880, 1760),
    (11, "dvě sedmy, červená trumf", 600, 1200, 2400),
    (12, "dvě sedmy, červená trumf a sto", 680, 1360, 2720),
)

TRUMPS = {  # §3.3.2: the trump suits of each level
    1: (D, S, C),
    2: (H,),
    3: (D, S, C),
    4: (D, S, C),
    5: (H,),
    6: (H,),
    7: (),
    8: (),
    9: (D, S, C),
    10: (D, S, C),
    11: (H,),
    12: (H,),
}


def test_the_levels_are_the_table_in_order() -> None:
    assert [lv.number for lv in LEVELS] == list(range(1, 13))
    assert [(lv.number, lv.name) for lv in LEVELS] == [(n, name) for n, name, *_ in TABLE_4_3]
    for lv in LEVELS:
        assert lv.trumps == TRUMPS[lv.number]
        assert lv.helper == (lv.number >= 9)


@pytest.mark.parametrize(("number", "name", "normal", "flek", "re"), TABLE_4_3)
def test_row_prices_are_the_sum_of_their_components(
    number: int, name: str, normal: int, flek: int, re: int
) -> None:
    lv = level(number)
    assert lv.price * 10 == normal
    assert lv.price * 20 == flek
    assert lv.price * 40 == re


def test_the_parts_of_the_combined_rows() -> None:
    """4 = 3 + 1, 6 = 5 + 2, 10 = 9 + 3, 12 = 11 + 5 (§4.3's consistency checks)."""
    assert dict(level(4).prices) == {"sto": 4, "sedma": 2}
    assert dict(level(6).prices) == {"sto": 8, "sedma": 4}
    assert dict(level(10).prices) == {"dvesedmy": 40, "sto": 4}
    assert dict(level(12).prices) == {"dvesedmy": 60, "sto": 8}
    assert level(11).price == 60 != 2 * level(9).price  # dvě sedmy: the table, not ×2


def _suits(number: int) -> tuple[Suit | None, Suit | None]:
    lv = level(number)
    trump = lv.trumps[0] if lv.trumps else None
    helper = lv.helpers(trump)[0] if trump is not None and lv.helper else None
    return trump, helper


@pytest.mark.parametrize(("number", "name", "normal", "flek", "re"), TABLE_4_3)
@pytest.mark.parametrize("won", [True, False])
def test_every_price_is_paid_won_or_lost_at_every_flek(
    number: int, name: str, normal: int, flek: int, re: int, won: bool
) -> None:
    trump, helper = _suits(number)
    sign = 1 if won else -1
    for level_flek, haler in ((0, normal), (1, flek), (2, re), (3, 8 * normal)):
        state = finished(number, trump, helper, won=won, flek=level_flek)
        outcome = state.outcome()
        assert outcome.summary["per_defender"] * 10 == sign * haler, (name, level_flek)
        assert outcome.scores == (2 * sign * haler // 10, -sign * haler // 10, -sign * haler // 10)
        assert {c["name"] for c in outcome.summary["components"]} == set(level(number).components)
        assert all(c["won"] is won for c in outcome.summary["components"])


def test_components_are_fleked_separately() -> None:
    """L3's "flek na obojí" and a flek on one component only (§3.3.5)."""
    state = finished(12, H, C, won=False, flek={"dvesedmy": 1})
    assert state.outcome().summary["per_defender"] == -(60 * 2 + 8)
    state = finished(4, S, won=True, flek={"sto": 2, "sedma": 1})
    assert state.outcome().summary["per_defender"] == 4 * 4 + 2 * 2


def _units(state: object, **values: object) -> int:
    from games.marias_licit.state import LicitState

    assert isinstance(state, LicitState)
    if values:
        options = replace(state.options, **values)  # type: ignore[arg-type]
        state = replace(state, options=options)
    return int(state.outcome().summary["per_defender"])


def test_a_won_sto_doubles_per_ten_over_100() -> None:
    won = finished(3, D, won=True)
    assert _units(won) == 4
    richer = replace(won, marriages=(*won.marriages, Marriage(0, S, 20, 3)))  # 120 in all
    assert _units(richer) == 4 * 4
    assert _units(richer, licit_sto_over_100_doubling=False) == 4
    red = finished(5, H, won=True)
    assert _units(replace(red, marriages=(*red.marriages, Marriage(0, S, 20, 3)))) == 8 * 4


def test_a_lost_sto_doubles_per_further_ten_short() -> None:
    lost = finished(3, D, won=False)
    assert _units(lost) == -4  # 90: short by 10
    poorer = replace(lost, marriages=())  # 70: short by 30
    assert _units(poorer) == -4 * 4
    assert _units(poorer, licit_lost_sto_doubling=False) == -4
    assert _units(finished(12, H, C, won=False, flek=1)) == -136  # L3's price


def test_the_silent_game_in_levels_without_sto() -> None:
    """Levels 1, 2, 9, 11 add a silent game (1 unit, a silent hundred 2 × 2^k, ×2 in
    hearts, never fleked); levels with sto do not."""
    won = finished(1, D, won=True)
    # The declarer made 100 silently: a silent hundred, 2 units.
    assert _units(won, licit_silent_game=True) == 2 + 2
    assert _units(finished(2, H, won=True, flek=3), licit_silent_game=True) == 4 * 8 + 2 * 2
    lost = finished(1, S, won=False)
    assert _units(lost, licit_silent_game=True) == -2 + 1  # 90 : 20, the game is his
    assert _units(finished(11, H, D, won=False), licit_silent_game=True) == -60 + 2
    assert _units(finished(9, D, S, won=True), licit_silent_game=True) == 40 + 2
    for number in (3, 4, 5, 6, 10, 12):
        state = finished(number, *_suits(number), won=True)
        assert _units(state, licit_silent_game=True) == level(number).price, number


def test_the_silent_seven_in_levels_3_and_5() -> None:
    assert _units(finished(3, C, won=True), licit_silent_seven=True) == 4 + 1
    assert _units(finished(5, H, won=True), licit_silent_seven=True) == 8 + 2
    lost = finished(3, C, won=False)  # the declarer's trump seven was beaten
    assert _units(lost, licit_silent_seven=True) == -4
    assert _units(lost, licit_silent_seven=True, killed_silent_seven=True) == -4 - 1
    for number in (1, 2, 4, 6, 9, 10, 11, 12):  # the seven belongs to the contract
        state = finished(number, *_suits(number), won=True)
        assert _units(state, licit_silent_seven=True) == level(number).price, number


def test_dve_sedmy_are_won_only_in_the_right_order() -> None:
    from games.marias.played import Trick

    state = finished(9, S, H, won=True)
    assert _units(state) == 40
    ninth, last = state.tricks[8], state.tricks[9]
    swapped = replace(state, tricks=(*state.tricks[:8], last, ninth))  # 7s first, then 7h
    assert _units(swapped) == -40
    stolen = Trick(ninth.seats, ninth.cards, 1)  # the helper seven does not take trick 9
    assert _units(replace(state, tricks=(*state.tricks[:8], stolen, last))) == -40
