"""``python -m games`` replay, play and bench, driven as a user would."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from games.cli.main import main
from games.marias.variant import VOLENY
from games.record import DealRecord, MatchRecord


def _record(actions: tuple[tuple[int, str], ...]) -> MatchRecord:
    state = VOLENY.new_deal(VOLENY.options(), 3, 0, seed=11)
    return MatchRecord(
        VOLENY.id,
        3,
        {},
        ("A", "B", "C"),
        (DealRecord(dealer=0, actions=actions, cards=VOLENY.dealt_cards(state)),),
    )


def _write(tmp_path: Path, record: MatchRecord) -> str:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record.to_json()))
    return str(path)


def test_play_then_replay_gives_the_same_outcome(tmp_path: Path, monkeypatch, capsys) -> None:
    answers = iter(["1"] * 400)
    monkeypatch.setattr("builtins.input", lambda _prompt="": next(answers))
    save = tmp_path / "session.json"
    assert main(["play", "marias", "--seed", "7", "--deals", "2", "--save", str(save)]) == 0
    shown = capsys.readouterr().out
    assert "tvoje karty" in shown and "record saved" in shown
    assert main(["replay", str(save)]) == 0
    result = json.loads(capsys.readouterr().out)
    assert len(result["deals"]) == 2
    assert sum(result["tally"]) == 0
    assert all(d["over"] for d in result["deals"])


def test_replay_names_the_illegal_action(tmp_path: Path, capsys) -> None:
    dealt = VOLENY.dealt_cards(VOLENY.new_deal(VOLENY.options(), 3, 0, seed=11))
    foreign = dealt["2"][:2]  # the middle player's cards, not forhond's
    record = _record(((1, f"trump:{dealt['1'][0]}"), (1, f"talon:{foreign[0]},{foreign[1]}")))
    assert main(["replay", _write(tmp_path, record)]) == 1
    error = json.loads(capsys.readouterr().err)
    assert (error["deal"], error["action_index"], error["seat"]) == (0, 1, 1)
    assert "do not hold" in error["reason"]


def test_replay_refuses_a_card_played_out_of_turn(tmp_path: Path, capsys) -> None:
    record = _record(((2, "play:7h"),))
    assert main(["replay", _write(tmp_path, record)]) == 1
    error = json.loads(capsys.readouterr().err)
    assert error["seat"] == 2 and "turn" in error["reason"]


def test_replay_of_a_broken_file(tmp_path: Path, capsys) -> None:
    path = tmp_path / "bad.json"
    path.write_text("{not json")
    assert main(["replay", str(path)]) == 2
    path.write_text(json.dumps({"format": "other"}))
    assert main(["replay", str(path)]) == 2
    assert "error" in capsys.readouterr().err


def test_bench_prints_figures(capsys) -> None:
    assert main(["bench", "marias", "--seconds", "0.05"]) == 0
    out = capsys.readouterr().out
    assert "playouts" in out and "apply" in out


def test_unknown_variant(capsys) -> None:
    with pytest.raises(SystemExit):
        main(["frobnicate"])
    assert main(["play", "no-such-game"]) == 2


@pytest.mark.parametrize("argv", [[], ["replay"], ["play"], ["bench"], ["arena"]])
def test_every_help_page_prints(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """A ``%`` in a help text once made ``python -m games --help`` a traceback."""
    with pytest.raises(SystemExit) as ended:
        main([*argv, "--help"])
    assert ended.value.code == 0
    assert "usage:" in capsys.readouterr().out
