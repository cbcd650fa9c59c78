"""Counting and paying volený mariáš (marias.md §3.0.4-§3.0.7, §4.1, §4.2, §6).

Every outcome comes from an explicit deal played card by card through the
engine. Each line states the points it must produce, so a broken deal shows
up as a wrong count before it can pass as a price. Prices are the literal
units of the §4.1 table (1 unit = 0,10 Kč), never recomputed from a formula.
Hearts copies of the deals swap the trump suit with hearts (play is the same).
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from games.marias.scoring import count_points
from games.marias.state import VolenyState
from tests.marias.voleny_play import (
    F,
    act,
    component_units,
    flek_to,
    hra,
    new,
    split,
    swap_suits,
)


@dataclass(frozen=True)
class Deal:
    f: str  # forhond's 12 cards, the first seven first
    m: str
    z: str
    trump: str
    talon: str

    def hearts(self) -> Deal:
        """The same deal with the trump suit and hearts exchanged."""
        suit = self.trump[1]
        swap = lambda cards: " ".join(swap_suits(cards, suit, "h"))  # noqa: E731
        return Deal(
            swap(self.f),
            swap(self.m),
            swap(self.z),
            swap(self.trump),
            ",".join(swap_suits(self.talon.split(","), suit, "h")),
        )


@dataclass(frozen=True)
class Line:
    deal: Deal
    plays: str  # 30 cards in play order
    declarer: int  # forhond's total (cards + last trick + his marriages)
    defenders: int  # the defenders' total


def play(
    line: Line,
    *,
    extras: str = "none",
    flek: dict[str, int] | None = None,
    hearts: bool = False,
    seats: int = 3,
    dealer: int = 2,
    **options: object,
) -> VolenyState:
    deal = line.deal.hearts() if hearts else line.deal
    plays = swap_suits(line.plays, line.deal.trump[1], "h") if hearts else split(line.plays)
    assert len(plays) == 30
    state = hra(
        deal.f,
        deal.m,
        deal.z,
        deal.trump,
        deal.talon,
        extras=extras,
        flek=flek or {},
        plays=plays,
        seats=seats,
        dealer=dealer,
        **options,
    )
    assert state.is_over and state.end == "played"
    points = state.outcome().summary["points"]
    assert (points["declarer"], points["defenders"]) == (line.declarer, line.defenders)
    assert points["cards_declarer"] + points["cards_defenders"] == 90
    return state


def per_defender(state: VolenyState) -> int:
    """Each defender's payment to the declarer; the table is zero-sum."""
    outcome = state.outcome()
    scores = outcome.scores
    assert sum(scores) == 0
    amount = outcome.summary["per_defender"]
    for seat in state.active:
        assert scores[seat] == (2 * amount if seat == state.declarer else -amount)
    return int(amount)


# --- the deals ------------------------------------------------------------

# Trumps s (Ks); forhond holds the 40. Talon 7d 8d.
GAME = Deal(
    "7d Ac Qs 7s Js Ks Qh Qc Th 7h 8d 9h",
    "9d Jc Tc Ad 8s Kd Td 8h 9c Jd",
    "Ts Qd Kh Ah As Kc 8c 9s Jh 7c",
    "Ks",
    "7d,8d",
)
GAME_WON = Line(
    GAME,
    "7h 8h Ah  As Ks 8s  Ts Qs Ad  8c Ac Tc  Js Td 9s"
    "  7s Kd 7c  Th Jd Jh  Qh Jc Kh  Kc Qc 9c  Qd 9h 9d",
    80,
    50,
)
GAME_LOST = Line(
    GAME,
    "Ks 8s Ts  7c Ac 9c  Qs Kd As  Qd Js Jd  7h 8h Jh"
    "  Kc Qc Tc  9d 9s 7s  8c Th Jc  Td Kh 9h  Ad Ah Qh",
    50,
    80,
)  # 7s lost in trick 7
SEDMA_WON = Line(
    GAME,
    "Ac Tc 7c  7h 8h Jh  8c Qc Jc  Ks 8s As  9s Js Ad"
    "  9h Td Ah  Kh Th Kd  Qh Jd Ts  Qd Qs 9d  7s 9c Kc",
    90,
    40,
)
SEDMA_KILLED = Line(
    GAME,
    "Th 8h Ah  7c Ac Jc  Ks 8s Ts  Kh 7h 9d  Kc Qc Tc"
    "  Ad Qd Qs  9h 9c Jh  8c Js Jd  Qh Kd 9s  As 7s Td",
    60,
    70,
)

# Trumps d (Td); forhond holds the 40 (Kd Qd), M the 20 in s. Talon 7h 8d.
STO = Deal(
    "7h 8c 7s Qd Td Kd Jh 9c 7d 8d Ad Ts",
    "Jd Jc 9h Kh 9d 8h Qs Ks Kc Ah",
    "Qc Ac Qh Tc 8s Th 7c 9s As Js",
    "Td",
    "7h,8d",
)
STO_100 = Line(
    STO,
    "7s Ks As  8s Ts Qs  Jh Ah Qh  Jd Th Td  Kd 9d Qc"
    "  8c Kc Tc  7c 9c Jc  Kh 9s 7d  Ad 9h Ac  Qd 8h Js",
    100,
    50,
)
STO_110 = Line(
    STO,
    "Kd Jd 7c  Ad 9d 8s  Td Ah As  Qd Kh Ac  8c Kc Tc"
    "  Qh Jh 9h  9s Ts Ks  9c Jc Qc  Th 7d 8h  7s Qs Js",
    110,
    40,
)
STO_120 = Line(
    STO,
    "Ad Jd As  Td 9d 7c  Kd Ah Ac  Qd Kh Th  7d Ks Tc"
    "  Ts Qs Js  Jh 9h Qh  Qc 9c Kc  Jc 9s 8c  8h 8s 7s",
    120,
    30,
)
STO_130 = Line(
    STO,
    "Qd Jd As  Kd 9d Ac  Ad Jc Th  Td 8h Tc  7s Qs Js"
    "  Kc Qc 9c  9h Qh Jh  9s Ts Ks  7d Kh 8s  8c Ah 7c",
    130,
    20,
)
LOST_90 = Line(
    STO,
    "Ad Jd As  Td 9d Ac  9c Jc Tc  Th Jh Ah  Kh Qh Kd"
    "  7s Ks 9s  8h Qc Qd  7d 9h Js  Ts Qs 8s  8c Kc 7c",
    90,
    60,
)
LOST_80 = Line(
    STO,
    "7s Qs As  Ac 8c Jc  Th Jh Ah  Jd Qh Kd  7d 9d 7c"
    "  Kh 8s Ad  Ts Ks 9s  Td 9h Js  9c Kc Tc  Qc Qd 8h",
    80,
    70,
)
LOST_70 = Line(
    STO,
    "Ad Jd 7c  Qd 9d Ac  Td 9h 8s  Kd Qs 9s  7d 8h Js"
    "  Ts Ks As  Qh Jh Ah  Kh Th 7s  Qc 8c Kc  Jc Tc 9c",
    70,
    80,
)
LOST_90_SEDMA_WON = Line(
    STO,
    "7s Ks As  Ac 8c Kc  Th Jh Ah  Jd Tc Ad  Td 9d Qh"
    "  Kd 8h Qc  Qd Kh Js  9c Jc 7c  Qs 8s Ts  7d 9h 9s",
    90,
    60,
)

# Trumps d (Kd); forhond holds the 40 and the 20 in s, Z the 20 in h. Talon 8d Jd.
STO2 = Deal(
    "7d Qs 9d Th Kd Qd As 8d Ks Ad Jd Qc",
    "Ts 9c Js 9h Jc 7h 7s Kc 8c Ah",
    "Tc 8s 8h Jh Qh 9s 7c Kh Ac Td",
    "Kd",
    "8d,Jd",
)
STO_140 = Line(
    STO2,
    "Ad Ah Td  Kd 7h Ac  7d 7s Tc  Qd Jc Kh  9d Ts Qh"
    "  As Js 9s  Th 9h Jh  Qs 9c 8s  Ks 8c 8h  Qc Kc 7c",
    140,
    30,
)
STO_150 = Line(
    STO2,
    "Ad Ah Td  As Ts 8s  Kd Kc 7c  Qs Js 9s  Th 9h Jh"
    "  Qd Jc 8h  9d 9c Ac  7d 8c Qh  Ks 7s Tc  Qc 7h Kh",
    150,
    20,
)
RULE_60_40_20 = Line(
    STO2,
    "9d Ah Td  Ac Qc Kc  Tc Ad Jc  Kd Ts Kh  Qs Js 9s"
    "  Qd 9h Qh  7d 9c Jh  As 7s 8s  Th 7h 8h  Ks 8c 7c",
    120,
    50,
)

# Trumps s (Js); forhond holds two 20s (h, d) and no 40. Talon 9s 7h.
RULE_60_20_20 = Line(
    Deal(
        "Jd Qd 9s 7h Kd Js 9d 7s As Qh Kh Kc",
        "Jh 8s Td 8h Tc Jc Ac 8c Ks 7c",
        "Qc 7d Th 8d 9c Ts Ah Qs 9h Ad",
        "Js",
        "9s,7h",
    ),
    "9d Td Ad  Ts As 8s  7s Ks Qs  7c Qc Kc  Js 8c Ah"
    "  Kh 8h Th  9h Qh Jh  Kd Ac 8d  Qd Jc 7d  Jd Tc 9c",
    100,
    30,
)
# Trumps s (Js); Z wins the last trick with the trump seven. Talon Jc 9s.
DEFENDERS_SEVEN = Line(
    Deal(
        "Kd 7d Kc Js Ad 8s Qd Jc As 8h 9s 9h",
        "Ks 9c Jd Qh 8c Jh 7h 9d 7c Ac",
        "Ah 7s Th Td Ts Qc 8d Kh Tc Qs",
        "Js",
        "Jc,9s",
    ),
    "Qd Jd Td  Tc Kc Ac  7h Th 9h  8d Kd 9d  7d Ks Ts"
    "  Kh 8h Qh  Qc 8s 9c  Js Jh Qs  Ah As 7c  Ad 8c 7s",
    40,
    70,
)
# Trumps s (As; Ks goes to the talon); M holds two 20s (h, d): 60 card points.
DEFENDERS_TWO_MARRIAGES = Line(
    Deal(
        "9d As Js Ks 9s 8s 7s Qs 9c 7d Jd Ac",
        "Ts Tc Kh Qd Jc 8c Kd Qh Kc Ad",
        "Ah 9h Td Jh 8d 7c Th 8h 7h Qc",
        "As",
        "Ks,9s",
    ),
    "Ac 8c 7c  7d Kd Td  7h As Qh  Jd Ad 8d  Tc Qc 9c"
    "  Ts Ah 7s  Kc 9h Qs  Js Jc Th  8s Kh Jh  9d Qd 8h",
    30,
    100,
)
# marias.md §5 V2, V4 and V5 (hands after the discard plus the talon).
V2 = Line(
    Deal(
        "As Qs 9s 7s Ad Td Jd 9d 8d Tc 7h 8h",
        "Kh Qh 9h Ts Ks Js 8s Ac Kc 9c",
        "Ah Th Jh Kd Qd 7d Qc Jc 8c 7c",
        "As",
        "7h,8h",
    ),
    "7s Js Th  Ac 7c Tc  9h Jh 9s  9d Ts 7d  Kc Qc Qs"
    "  Jd Ks Qd  9c Jc As  8d 8s Kd  Qh Ah Td  8c Ad Kh",
    10,
    120,
)
V4 = Line(
    Deal(
        "As Ks Qs 9s 8s 7s Jd 9d 8d 7d 8h 9h",
        "Ad Td Kd Qd Ts Js Jc 9c 8c 7c",
        "Ah Th Kh Qh Jh 7h Ac Tc Kc Qc",
        "9s",
        "8h,9h",
    ),
    "As Js 7h  8s Ts Ac  7c Qc 9s  7d Ad Tc  8c Kc Qs"
    "  8d Td Th  9c Qh Ks  9d Kd Ah  Jc Kh 7s  Jd Qd Jh",
    50,
    140,
)
V5 = Line(
    Deal(
        "Kh Qh Jh 9h 7h Ad Ts Ks Qs Tc Js Jd",
        "Ah Th 8h Td Kd Qd 9d 8s 8c 7c",
        "8d 7d As 9s 7s Ac Kc Qc Jc 9c",
        "9h",
        "Js,Jd",
    ),
    "Qs 8s As  Ac Tc 7c  8d Ad 9d  Ts Ah 7s  8c Jc 9h"
    "  Ks 8h 9s  Qd 7d Jh  Qh Th Qc  Kd Kc Kh  7h Td 9c",
    90,
    100,
)

BETL = (
    "7h 8h 9h 7d 8d 9d 7s 8s 7c 8c As Ac",
    "Th Jh Qh Td Jd 9s Ts Js 9c Tc",
    "Kh Ah Qd Kd Ad Qs Ks Qc Kc Jc",
)
BETL_WON = (
    "Qh Ah Ad  7d Jd Kd  8d Td Kc  7c Tc Ks"
    "  7s Js Kh  8h Jh Qc  8c 9c Qs  8s Ts Qd  9d Th Jc  9h 9s"
)
DURCH = (
    "Ah Kh Qh Jh Th 9h 8h 7h As Ks Qs 7d",
    "Ad Kd Qd Jd Td Js Ts 9s 8s 7s",
    "9d 8d Ac Kc Qc Jc Tc 9c 8c 7c",
)
DURCH_WON = (
    "7s 7c As  8s 8c Ks  9s 8d Kh  Ts 9d Qh"
    "  Td 9c Jh  Js Tc Th  Jd Jc 9h  Qd Qc 8h  Kd Kc 7h  Ad Ac"
)

LEVELS = [0, 1, 2]
MULT = {0: 1, 1: 2, 2: 4}  # normálně, s flekem, re


def _game_flek(level: int) -> dict[str, object]:
    # An unfleked plain game is thrown in by default; "play" lets it be priced.
    return {"flek": {"hra": level}, "unfleked_simple_game": "play"}


# --- §4.1 rows ------------------------------------------------------------


@pytest.mark.parametrize("hearts", [False, True])
@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize(("line", "sign"), [(GAME_WON, 1), (GAME_LOST, -1)], ids=["won", "lost"])
def test_game(line: Line, sign: int, level: int, hearts: bool) -> None:
    state = play(line, hearts=hearts, **_game_flek(level))
    expected = sign * {0: 1, 1: 2, 2: 4}[level] * (2 if hearts else 1)
    assert component_units(state) == {"hra": expected}
    assert per_defender(state) == expected


@pytest.mark.parametrize(("level", "price"), [(3, 8), (4, 16), (5, 32), (6, 64), (7, 128)])
def test_each_further_flek_doubles(level: int, price: int) -> None:
    assert per_defender(play(GAME_WON, flek={"hra": level})) == price


@pytest.mark.parametrize("hearts", [False, True])
@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize(
    ("line", "won"),
    [(SEDMA_WON, True), (SEDMA_KILLED, False), (GAME_LOST, False)],
    ids=["won", "beaten_in_the_last_trick", "played_early"],
)
def test_sedma(line: Line, won: bool, level: int, hearts: bool) -> None:
    # (the game unfleked: with the game fleked once and the sedma not, it would be "zadarmo")
    state = play(line, extras="sedma", flek={"sedma": level}, hearts=hearts)
    r = 2 if hearts else 1
    sedma = {0: 2, 1: 4, 2: 8}[level] * r
    game = r if line.declarer > line.defenders else -r
    assert component_units(state) == {"hra": game, "sedma": sedma if won else -sedma}
    assert per_defender(state) == game + (sedma if won else -sedma)


def test_lost_seven_multiplier() -> None:
    state = play(SEDMA_KILLED, extras="sedma", flek={"sedma": 1}, lost_seven_multiplier=2)
    assert component_units(state)["sedma"] == -8
    won = play(SEDMA_WON, extras="sedma", flek={"sedma": 1}, lost_seven_multiplier=2)
    assert component_units(won)["sedma"] == 4  # a won sedma keeps its price


@pytest.mark.parametrize("hearts", [False, True])
@pytest.mark.parametrize("level", LEVELS)
def test_silent_seven_is_never_fleked(level: int, hearts: bool) -> None:
    state = play(SEDMA_WON, hearts=hearts, **_game_flek(level))
    r = 2 if hearts else 1
    assert component_units(state) == {"hra": MULT[level] * r, "tichá sedma": r}


def test_silent_seven_hearts_factor_option() -> None:
    state = play(SEDMA_WON, hearts=True, flek={"hra": 1}, silent_seven_hearts_factor=False)
    assert component_units(state) == {"hra": 4, "tichá sedma": 1}


@pytest.mark.parametrize("hearts", [False, True])
def test_silent_seven_of_the_defenders(hearts: bool) -> None:
    state = play(DEFENDERS_SEVEN, hearts=hearts, flek={"hra": 1})
    r = 2 if hearts else 1
    assert component_units(state) == {"hra": -2 * r, "tichá sedma": -r}
    assert per_defender(state) == -3 * r


@pytest.mark.parametrize(
    ("option", "expected"), [(False, {"hra": -2}), (True, {"hra": -2, "zabitá sedma": -1})]
)
def test_killed_silent_seven(option: bool, expected: dict[str, int]) -> None:
    state = play(SEDMA_KILLED, flek={"hra": 1}, killed_silent_seven=option)
    assert component_units(state) == expected


STOVKA_ROWS = [
    (STO_100, 4),
    (STO_110, 8),
    (STO_120, 16),
    (STO_130, 32),
    (STO_140, 64),
    (STO_150, 128),
    (LOST_90, -4),  # "Prohraná stovka, 40 (20) proti"
    (LOST_80, -8),  # "Prohraná stovka, 50 (30) proti"
    (LOST_70, -16),  # each further 10 doubles
]


@pytest.mark.parametrize("hearts", [False, True])
@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize(
    ("line", "price"), STOVKA_ROWS, ids=[f"{row[0].declarer}" for row in STOVKA_ROWS]
)
def test_announced_stovka(line: Line, price: int, level: int, hearts: bool) -> None:
    state = play(line, extras="stovka", flek={"hra": level}, hearts=hearts)
    expected = price * MULT[level] * (2 if hearts else 1)
    assert component_units(state) == {"stovka": expected}
    assert per_defender(state) == expected


SILENT_ROWS = [(STO_100, 2), (STO_110, 4), (STO_120, 8)]


@pytest.mark.parametrize("hearts", [False, True])
@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize(("line", "price"), SILENT_ROWS, ids=["100", "110", "120"])
def test_silent_stovka(line: Line, price: int, level: int, hearts: bool) -> None:
    state = play(line, hearts=hearts, **_game_flek(level))
    expected = price * MULT[level] * (2 if hearts else 1)
    assert component_units(state) == {"tichá stovka": expected}


@pytest.mark.parametrize(("line", "price"), [(STO_100, 2), (STO_110, 16), (STO_120, 32)])
def test_silent_hundred_price_as_label(line: Line, price: int) -> None:
    # "120 (nebo tichých 110)": a silent X costs an announced X + 10; exactly 100 stays 2.
    state = play(line, silent_hundred_price="as_label", **_game_flek(0))
    assert component_units(state) == {"tichá stovka": price}


def test_defenders_silent_hundred_v2() -> None:
    # V2: the defenders' silent 120, the game fleked once: 1,60 Kč from forhond to each.
    assert per_defender(play(V2, flek={"hra": 1})) == -16
    assert per_defender(play(V2, flek={"hra": 1}, silent_hundred_uses_game_flek=False)) == -8
    assert per_defender(play(V2, flek={"hra": 1}, silent_hundred_price="as_label")) == -64


def test_silent_hundred_uses_game_flek_for_the_declarer() -> None:
    state = play(STO_110, flek={"hra": 2}, silent_hundred_uses_game_flek=False)
    assert component_units(state) == {"tichá stovka": 4}


# --- the stovka marriage rule (§1.6, §3.0.5, §6 #16) ------------------------


def test_only_one_marriage_counts_towards_an_announced_hundred() -> None:
    # 60 card points + 20 + 20 = 100, but only 80 count: lost by 20.
    state = play(RULE_60_20_20, extras="stovka")
    assert component_units(state) == {"stovka": -8}
    count = count_points(state)
    assert (count.reach_declarer, count.total_declarer) == (80, 100)


def test_all_marriages_count_once_the_hundred_is_reached() -> None:
    # 60 + 40 reaches 100; the 20 is then added: paid as 120.
    state = play(RULE_60_40_20, extras="stovka")
    assert component_units(state) == {"stovka": 16}


def test_no_silent_hundred_with_one_marriage_short() -> None:
    # 60 + 20 + 20: no silent hundred, a plain won game 100 : 30.
    assert component_units(play(RULE_60_20_20, **_game_flek(1))) == {"hra": 2}


@pytest.mark.parametrize(
    ("rule", "expected"),
    [
        ("one_per_player", {"hra": -1}),  # M counts one 20: 80
        ("one_per_side", {"hra": -1}),
        ("all", {"tichá stovka": -2}),  # 60 + 20 + 20
    ],
)
def test_defenders_marriages_one_player_two_marriages(rule: str, expected: dict[str, int]) -> None:
    state = play(DEFENDERS_TWO_MARRIAGES, stovka_marriages_defenders=rule, **_game_flek(0))
    assert component_units(state) == expected


@pytest.mark.parametrize(
    ("rule", "expected"),
    [
        ("one_per_player", {"tichá stovka": -4, "sedma": 16}),  # V5: 60 + 20 (M) + 20 (Z)
        ("one_per_side", {"hra": -2, "sedma": 16}),  # only 80: a lost game 90 : 100
        ("all", {"tichá stovka": -4, "sedma": 16}),
    ],
)
def test_defenders_marriages_one_each_v5(rule: str, expected: dict[str, int]) -> None:
    state = play(V5, extras="sedma", flek={"sedma": 2}, stovka_marriages_defenders=rule)
    assert component_units(state) == expected


@pytest.mark.parametrize(("option", "expected"), [(False, -64), (True, -96)])
def test_stovka_evaluates_defender_silent_100(option: bool, expected: int) -> None:
    # V4 with stovka instead of sedma: forhond 10 + 40 = 50 (lost by 50); defenders 140.
    state = play(V4, extras="stovka", stovka_evaluates_defender_silent_100=option)
    assert component_units(state) == {"stovka": expected}


# --- the talon house rules (§3.1.4, §6 #5) -----------------------------------


def _talon_with_ten(rule: str) -> VolenyState:
    """GAME with Th in the talon, played out with the first legal card each time."""
    state = act(new(GAME.f, GAME.m, GAME.z, talon_sharp_cards=rule), "trump:Ks", "talon:Th,8d")
    state = act(state, "game:hra", "dobra", "dobra", "extras:none", "flek:hra", "pass")
    while not state.is_over:
        (seat,) = state.to_act()
        state = act(state, state.legal_actions(seat)[0].code)
    return state


def test_sharp_cards_in_the_talon_count_for_the_defenders() -> None:
    points = count_points(_talon_with_ten("face_up_points_to_defenders"))
    penalty = count_points(_talon_with_ten("face_up_penalty_20"))
    assert points.cards_declarer + points.cards_defenders == 90  # the ten's 10 go to them
    assert penalty.cards_declarer == points.cards_declarer
    assert penalty.cards_defenders == points.cards_defenders + 10  # 20 per ten


# --- betl and durch ----------------------------------------------------------


def _betl(trump: str = "7h", **options: object) -> VolenyState:
    s = act(new(*BETL, **options), f"trump:{trump}", "talon:As,Ac", "game:betl", "dobra", "dobra")
    return s


@pytest.mark.parametrize("level", LEVELS)
def test_betl_won(level: int) -> None:
    s = flek_to(act(_betl(), "lead:7h"), betl=level)
    s = act(s, *split(BETL_WON))
    assert s.end == "played" and all(t.winner != F for t in s.tricks)
    # betl 5 units, never the hearts factor (the trump card was 7h)
    assert per_defender(s) == {0: 5, 1: 10, 2: 20}[level]


def test_betl_lost() -> None:
    s = act(new(*BETL), "trump:7h", "talon:7c,8c", "game:betl", "dobra", "dobra")
    s = act(s, "lead:As", "flek:betl", "pass", "Ts", "Qs")
    assert per_defender(s) == -10


@pytest.mark.parametrize("level", LEVELS)
def test_durch_won(level: int) -> None:
    s = act(new(*DURCH), "trump:8h", "talon:Qs,7d", "game:durch", "lead:Ah")
    s = flek_to(s, durch=level)
    s = act(s, *split(DURCH_WON))
    assert s.end == "played" and all(t.winner == F for t in s.tricks)
    assert per_defender(s) == {0: 10, 1: 20, 2: 40}[level]


def test_durch_lost() -> None:
    holed = ("Ah Kh Qh Jh Th 9h 8h 7h As Kd Qs 7d", "Ad Qd Jd Td Ks Js Ts 9s 8s 7s", DURCH[2])
    s = act(new(*holed), "trump:8h", "talon:Qs,7d", "game:durch")
    s = act(s, "lead:Kd", "flek:durch", "pass", "Ad", "9d")
    assert s.end == "early" and s.tricks[0].winner != F
    assert per_defender(s) == -20


def test_hearts_double_option() -> None:
    assert per_defender(play(GAME_WON, hearts=True, flek={"hra": 1}, hearts_double=False)) == 2
    assert per_defender(play(GAME_WON, hearts=True, flek={"hra": 1})) == 4


# --- §4.2 cross-checks -------------------------------------------------------


def test_cross_check_1_plain_hundred_is_four_times_a_won_game() -> None:
    hundred = per_defender(play(STO_100, extras="stovka"))
    game = per_defender(play(GAME_WON, **_game_flek(0)))
    assert (hundred, game) == (4, 1)


def test_cross_check_2_hundred_at_150_is_32_times() -> None:
    assert per_defender(play(STO_150, extras="stovka")) == 32 * per_defender(
        play(STO_100, extras="stovka")
    )


def test_cross_check_3_five_fleks_on_a_hundred_at_150_is_409_60() -> None:
    state = play(STO_150, extras="stovka", flek={"hra": 5})
    assert [c.code for c in state.calls if c.code.startswith("flek")] == ["flek:hra"] * 5
    amount = per_defender(state)
    assert amount == 4096
    assert amount * state.options.unit_haler == 40960  # haléřů = 409,60 Kč


def test_cross_check_7_won_betl_is_one_koruna_from_both() -> None:
    s = act(_betl(), "lead:7h", "pass", "pass", *split(BETL_WON))
    outcome = s.outcome()
    assert outcome.scores[F] * s.options.unit_haler == 100  # 2 × 0,50 Kč


def test_cross_check_8_durch_two_koruny() -> None:
    s = act(new(*DURCH), "trump:8h", "talon:Qs,7d", "game:durch", "lead:Ah", "pass", "pass")
    s = act(s, *split(DURCH_WON))
    assert s.outcome().scores[F] * s.options.unit_haler == 200


def test_cross_check_9_lost_hundred_by_ten_with_a_won_sedma() -> None:
    state = play(LOST_90_SEDMA_WON, extras="stovka+sedma")
    assert component_units(state) == {"stovka": -4, "sedma": 2}
    assert per_defender(state) == -2  # "dvacet, uhrál-li k tomu sedmu"
    assert per_defender(play(LOST_90, extras="stovka")) == -4  # "bídných čtyřicet haléřů"


# --- settlement ------------------------------------------------------------


def test_four_players_the_sitting_out_seat_pays_nothing() -> None:
    state = play(STO_150, extras="stovka", flek={"hra": 1}, seats=4, dealer=3)
    assert state.active == (0, 1, 2)
    assert state.outcome().scores == (512, -256, -256, 0)
    assert per_defender(state) == 256


def test_four_players_another_dealer() -> None:
    # dealer 0 sits out: forhond is seat 1, M 2, Z 3
    state = play(GAME_LOST, flek={"hra": 1}, seats=4, dealer=0)
    assert state.active == (1, 2, 3)
    assert state.outcome().scores == (0, -4, 2, 2)


def test_payments_in_summary() -> None:
    state = play(V5, extras="sedma", flek={"sedma": 2})
    summary = state.outcome().summary
    assert summary["per_defender"] == 12
    assert state.outcome().scores == (24, -12, -12)
