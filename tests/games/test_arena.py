"""``python -m games arena``: duplicate matches of two computer players."""

from __future__ import annotations

import re

import pytest

from games.blazen.variant import BLAZEN
from games.cli.arena import duel, seatings
from games.cli.main import main
from games.marias.variant import VOLENY

CI = re.compile(r"A - B: ([+-]\d+\.\d+) per deal, 95% CI \[([+-]\d+\.\d+), ([+-]\d+\.\d+)\]")


def _figures(out: str) -> tuple[float, float, float]:
    found = CI.search(out)
    assert found, out
    mean, low, high = (float(x) for x in found.groups())
    return mean, low, high


@pytest.mark.parametrize(
    ("game", "a", "b"),
    [
        ("marias", "rules", "rules-v1"),
        ("blazen", "rules", "random"),
        ("durak", "rules-v1", "rules"),
    ],
)
def test_arena_prints_the_difference_with_a_confidence_interval(
    capsys: pytest.CaptureFixture[str], game: str, a: str, b: str
) -> None:
    assert main(["arena", "--game", game, "--a", a, "--b", b, "--deals", "3", "--seed", "5"]) == 0
    out = capsys.readouterr().out
    mean, low, high = _figures(out)
    assert low <= mean <= high
    assert f"A = {a}, B = {b}; 3 deals" in out


def test_blazen_reports_the_fool_rate(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--game", "blazen", "--b", "random", "--deals", "2", "--seats", "3"]) == 0
    out = capsys.readouterr().out
    assert "fool rate" in out and "x 6 seatings at 3 seats" in out


def test_options_and_errors(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["arena", "--deals", "2", "--option", "unfleked_simple_game=play"]
    assert main([*argv, "--option", "max_flek_level=2"]) == 0
    _figures(capsys.readouterr().out)
    assert main(["arena", "--game", "tarok", "--deals", "1"]) == 2
    assert main(["arena", "--deals", "1", "--option", "no_such_rule=1"]) == 2
    assert main(["arena", "--deals", "1", "--option", "oops"]) == 2
    assert main(["arena", "--deals", "1", "--seats", "5"]) == 2
    assert main(["arena", "--deals", "0"]) == 2


def test_seatings_put_both_players_at_the_table() -> None:
    assert len(seatings([0, 1])) == 2
    three = seatings([0, 1, 2])
    assert len(three) == 6 and all(set(s.values()) == {"A", "B"} for s in three)
    assert len(seatings([1, 2, 3])) == 6  # four at the table, the dealer sitting out


def test_a_player_against_itself_scores_exactly_nothing() -> None:
    """Duplicate: the same deal in every seating, so identical players cancel deal by deal."""
    for variant, name in ((VOLENY, "rules"), (VOLENY, "random"), (BLAZEN, "rules")):
        result = duel(variant, name, name, deals=4, seed=3)
        assert all(abs(d) < 1e-9 for d in result.diffs)


def test_four_seat_mariash_seats_only_the_players() -> None:
    result = duel(VOLENY, "rules", "rules-v1", deals=4, seed=1, seats=4)
    assert result.seats == 4 and result.seatings == 6 and len(result.diffs) == 4


def test_worker_processes_give_the_same_figures() -> None:
    """``--jobs``: every deal whole in one process, seeded as in one process."""
    for variant, a, b in ((VOLENY, "rules", "rules-v1"), (BLAZEN, "rules", "random")):
        one = duel(variant, a, b, deals=6, seed=9)
        two = duel(variant, a, b, deals=6, seed=9, jobs=2)
        assert one == two
        assert one.contracts.lines() == two.contracts.lines()


def test_jobs_must_be_positive(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--deals", "1", "--jobs", "0"]) == 2
    assert "--jobs" in capsys.readouterr().out
