"""``bench --players`` (time per decision) and the arena's count of contracts."""

from __future__ import annotations

import pytest

from games.cli.contracts import ContractTally
from games.cli.main import main
from games.cli.player_bench import kind_of, measure
from games.marias.actions import Flek, Pass
from games.registry import registration


def test_decisions_are_timed_by_kind() -> None:
    times = measure(registration("marias-voleny"), "rules", deals=2, seed=3)
    assert "Play" in times and all(t >= 0 for spent in times.values() for t in spent)
    assert kind_of([Pass(), Flek(("hra",))]) == "Flek/Pass"


def test_bench_players_prints_percentiles_per_kind(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--players", "blazen", "--player", "rules", "--deals", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("blazen · rules · 1 deals")
    assert "  all " in out and "p50" in out and "p95" in out


def test_a_game_without_the_player_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--players", "tisic", "--player", "rules-v2", "--deals", "1"]) == 0
    assert "no 'rules-v2' player" in capsys.readouterr().out


def test_contracts_are_counted_per_declaring_player() -> None:
    tally = ContractTally()
    labels = {0: "A", 1: "B", 2: "A"}
    hra = {"name": "hra", "won": True, "flek": 2}
    sedma = {"name": "sedma", "won": False, "flek": 1}
    tally.add({"declarer": 0, "components": [hra, sedma]}, labels.__getitem__)
    tally.add(
        {"declarer": 1, "components": [{"name": "betl", "units": -4, "flek": 0}]},
        labels.__getitem__,
    )
    tally.add({"declarer": 2, "components": [{**hra, "won": False, "flek": 0}]}, labels.__getitem__)
    tally.add({"declarer": None}, labels.__getitem__)  # a deal nobody declared
    assert tally.declared["A"] == {"hra+sedma": 1, "hra": 1}
    assert tally.components["A"]["hra"] == [2, 1, 1, 1]
    assert tally.components["B"]["betl"] == [1, 0, 0, 0]
    lines = tally.lines()
    assert "  A: hra 2 50/50/50; sedma 1 0/100/0" in lines


def test_the_arena_reports_contracts_for_mariash(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--game", "marias", "--a", "rules", "--b", "random", "--deals", "2"]) == 0
    out = capsys.readouterr().out
    assert "contracts declared (count):" in out and "components (declared, won %" in out
