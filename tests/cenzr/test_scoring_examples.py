"""cenzr.md §5.6 worked examples S1-S12 on the count itself, and §7 #26-#32.

Players P1..P4 are seats 0..3. Each row gives the raw figures of the spec
(card piles, last trick, valid declarations, the bela holder, tricks taken)
to ``scoring.score`` and checks C, D, the bela decision, the result and
every recorded value, with the conservation checks of the spec's last column.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from games.cenzr.options import CenzrOptions
from games.cenzr.scoring import Score, Tally, score

ALL_TRICKS = {0: 2, 1: 2, 2: 2, 3: 2}


@dataclass(frozen=True)
class Example:
    tally: Tally
    choosing: tuple[int, ...]
    c: int
    d: int
    won: bool
    recorded: dict[int, int]
    bela_counted: bool | None = None
    pero: str | None = None


def _defending(choosing: tuple[int, ...], seats: tuple[int, ...] = (0, 1, 2, 3)) -> tuple[int, ...]:
    return tuple(s for s in seats if s not in choosing)


EXAMPLES = {
    # S1: P2 called Ad held by P4; P4 padesát; P1 (defender) bela counted.
    "S1": Example(
        Tally({0: 30, 1: 45, 2: 37, 3: 40}, ALL_TRICKS, 3, {3: 50}, bela=0),
        (1, 3), 145, 87, True, {1: 290, 3: 290, 0: 174, 2: 174}, bela_counted=True,
    ),
    # S2: the choosing side's bela would not win (80 <= 102): not counted.
    "S2": Example(
        Tally({1: 30, 3: 30, 0: 50, 2: 42}, ALL_TRICKS, 0, bela=1),
        (1, 3), 60, 102, False, {1: 0, 3: 0, 0: 324, 2: 324}, bela_counted=False,
    ),
    # S3: 75 + bela 20 = 95 > 87: counted.
    "S3": Example(
        Tally({1: 40, 3: 25, 0: 50, 2: 37}, ALL_TRICKS, 3, bela=3),
        (1, 3), 95, 87, True, {1: 190, 3: 190, 0: 174, 2: 174}, bela_counted=True,
    ),
    # S4: a tie is lost by the choosing side.
    "S4": Example(
        Tally({1: 71, 3: 0, 0: 40, 2: 41}, {0: 2, 1: 4, 2: 2, 3: 0}, 1),
        (1, 3), 81, 81, False, {1: 0, 3: 0, 0: 324, 2: 324},
    ),
    # S5: péro, the chooser's darda valid, the partner counts bela.
    "S5": Example(
        Tally({1: 100, 3: 52, 0: 0, 2: 0}, {1: 5, 3: 3, 0: 0, 2: 0}, 1, {1: 20}, bela=3),
        (1, 3), 302, 0, True, {1: 604, 3: 604, 0: 0, 2: 0}, bela_counted=True, pero="C",
    ),
    # S6: péro, but a defender's figura of tens is valid: defenders record 2·D.
    "S6": Example(
        Tally({1: 100, 3: 52, 0: 0, 2: 0}, {1: 5, 3: 3, 0: 0, 2: 0}, 3, {0: 100}, bela=1),
        (1, 3), 282, 100, True, {1: 564, 3: 564, 0: 200, 2: 200}, bela_counted=True, pero="C",
    ),
    # S7: involuntary samec P1: cards 88, last trick, valid sto.
    "S7": Example(
        Tally({0: 88, 1: 20, 2: 20, 3: 24}, ALL_TRICKS, 0, {0: 100}),
        (0,), 198, 64, True, {0: 594, 1: 64, 2: 64, 3: 64},
    ),
    # S8: samec 70 with bela; 90 <= 92: not counted, lost.
    "S8": Example(
        Tally({0: 70, 1: 30, 2: 30, 3: 22}, ALL_TRICKS, 3, bela=0),
        (0,), 70, 92, False, {0: 0, 1: 162, 2: 162, 3: 162}, bela_counted=False,
    ),
    # S9: samec péro with a valid padesát.
    "S9": Example(
        Tally({0: 152, 1: 0, 2: 0, 3: 0}, {0: 8, 1: 0, 2: 0, 3: 0}, 0, {0: 50}),
        (0,), 312, 0, True, {0: 936, 1: 0, 2: 0, 3: 0}, pero="C",
    ),
    # S10: samec tie.
    "S10": Example(
        Tally({0: 71, 1: 30, 2: 30, 3: 21}, ALL_TRICKS, 0),
        (0,), 81, 81, False, {0: 0, 1: 162, 2: 162, 3: 162},
    ),
    # S11: samec 76 without bela, D 86; 96 > 86: counted.
    "S11": Example(
        Tally({0: 66, 1: 30, 2: 30, 3: 26}, ALL_TRICKS, 0, bela=0),
        (0,), 96, 86, True, {0: 288, 1: 86, 2: 86, 3: 86}, bela_counted=True,
    ),
}  # fmt: skip


def _score(example: Example, **options: object) -> Score:
    opts = CenzrOptions.from_dict(dict(options))
    return score(example.tally, example.choosing, _defending(example.choosing), opts)


@pytest.mark.parametrize("name", [f"S{k}" for k in range(1, 12)])
def test_worked_example(name: str) -> None:
    example = EXAMPLES[name]
    result = _score(example)
    assert (result.c, result.d, result.won) == (example.c, example.d, example.won)
    assert dict(result.recorded) == example.recorded
    assert result.pero == example.pero
    if example.bela_counted is not None:
        assert result.bela_counted is example.bela_counted
    t = example.tally
    bela = 20 if result.bela_counted else 0
    pero = 100 if result.pero else 0
    assert result.c + result.d == 162 + sum(t.declarations.values()) + bela + pero  # §7 #28
    factor = 4 if len(example.choosing) == 2 else 3  # §7 #27
    assert sum(result.recorded.values()) == factor * (result.c + result.d)


def test_s12_five_players_the_sitting_out_dealer_is_not_counted() -> None:
    """S12: S1 with P0 sitting out: the four players record as in S1 (the
    engine's zero for the sitting-out seat is in test_deals)."""
    s1 = EXAMPLES["S1"].tally
    shift = {s + 1: v for s, v in s1.cards.items()}
    t = Tally(shift, {s + 1: 2 for s in range(4)}, 4, {4: 50}, bela=1)
    result = score(t, (2, 4), (1, 3), CenzrOptions())
    assert (result.c, result.d) == (145, 87)
    assert dict(result.recorded) == {2: 290, 4: 290, 1: 174, 3: 174}
    assert 0 not in result.recorded


def test_bela_always_counts_even_when_it_loses_more() -> None:
    """S2 with ``bela_mode = "always"``: defenders get 2·182 = 364 each."""
    result = _score(EXAMPLES["S2"], bela_mode="always")
    assert result.bela_counted and (result.c, result.d) == (80, 102)
    assert dict(result.recorded) == {1: 0, 3: 0, 0: 364, 2: 364}


def test_bela_prompt_without_an_answer_decides_optimally() -> None:
    for name in ("S2", "S3", "S8", "S11"):
        example = EXAMPLES[name]
        assert _score(example, bela_mode="prompt").bela_counted is example.bela_counted


def test_bela_prompt_answer_is_obeyed() -> None:
    example = EXAMPLES["S3"]
    opts = CenzrOptions(bela_mode="prompt")
    result = score(example.tally, (1, 3), (0, 2), opts, bela_choice=False)
    assert not result.bela_counted and (result.c, result.d, result.won) == (75, 87, False)


def test_a_defender_always_counts_bela_under_auto_optimal() -> None:
    """§7 #31: even when the choosing side wins anyway."""
    example = EXAMPLES["S1"]
    assert _score(example).bela_counted


def test_pero_bonus_per_player_after_the_multiplier() -> None:
    """§8 #15 alternative: S5 without the bonus in C, +100 to each winner's record."""
    result = _score(EXAMPLES["S5"], pero_bonus_scope="per_player_after_multiplier")
    assert (result.c, result.won) == (202, True)
    assert dict(result.recorded) == {1: 504, 3: 504, 0: 0, 2: 0}


def test_no_pero_for_defenders_by_default_and_with_the_option() -> None:
    """§7 #32: the choosing side taking no trick gives the defenders nothing by
    default; ``pero_both_sides`` gives them the bonus in D."""
    t = Tally({1: 0, 3: 0, 0: 80, 2: 72}, {1: 0, 3: 0, 0: 4, 2: 4}, 0)
    plain = score(t, (1, 3), (0, 2), CenzrOptions())
    assert (plain.c, plain.d, plain.pero) == (0, 162, None)
    both = score(t, (1, 3), (0, 2), CenzrOptions(pero_both_sides=True))
    assert (both.c, both.d, both.pero) == (0, 262, "D")
    assert dict(both.recorded) == {1: 0, 3: 0, 0: 524, 2: 524}


def test_individual_defender_points() -> None:
    """§8 #16 alternative: when the choosers win, each defender records twice his own."""
    result = _score(EXAMPLES["S1"], defender_points_basis="individual")
    assert dict(result.recorded) == {1: 290, 3: 290, 0: 2 * (30 + 20), 2: 2 * 37}
