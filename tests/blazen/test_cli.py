"""``python -m games play blazen``, ``replay`` and ``bench blazen``, driven as a user would."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from games.blazen.variant import BLAZEN
from games.cli.blazen_text import describe_action, event_text
from games.cli.main import main
from games.engine import Event
from games.record import DealRecord, MatchRecord
from games.registry import find_variant


def test_registry_aliases() -> None:
    for name in ("blazen", "Blázen", "durak", "BLÁZEN"):
        assert find_variant(name) is BLAZEN


@pytest.mark.parametrize("lang", ["cs", "en"])
def test_play_then_replay_gives_the_same_outcome(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], lang: str
) -> None:
    answers = iter(["1"] * 3000)
    monkeypatch.setattr("builtins.input", lambda _prompt="": next(answers))
    save = tmp_path / "session.json"
    argv = ["play", "blazen", "--seed", "5", "--seats", "4", "--deals", "3", "--lang", lang]
    assert main([*argv, "--save", str(save)]) == 0
    shown = capsys.readouterr().out
    assert ("tvoje karty" if lang == "cs" else "your cards") in shown
    assert "record saved" in shown
    record = json.loads(save.read_text())
    assert record["variant"] == "blazen"
    assert all("seed" in d and "cards" not in d for d in record["deals"])
    later = [d for d in record["deals"][1:] if "setup" in d]  # the fool's neighbour opens
    assert all(d["setup"]["dealer"] == d["dealer"] and "opener" in d["setup"] for d in later)
    assert main(["replay", str(save)]) == 0
    result = json.loads(capsys.readouterr().out)
    assert len(result["deals"]) == 3 and all(d["over"] for d in result["deals"])
    dealers = [d["dealer"] for d in result["deals"]]
    for before, after in zip(result["deals"], dealers[1:], strict=False):
        assert before["summary"]["next_dealer"] == after


def test_the_human_may_demand_a_redeal_out_of_turn(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Find a seed where seat 0 may redeal but does not attack.
    options = BLAZEN.options()
    seed = next(
        s
        for s in range(2000)
        if (st := BLAZEN.new_deal(options, 3, 0, seed=s)).interject - {st.opener} == {0}
    )
    answers = iter(["0"] + ["1"] * 3000)
    monkeypatch.setattr("builtins.input", lambda _prompt="": next(answers))
    assert main(["play", "blazen", "--seed", str(seed), "--seats", "3"]) == 0
    out = capsys.readouterr().out
    assert "0) pokračovat" in out


def test_replay_names_the_illegal_action(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    state = BLAZEN.new_deal(BLAZEN.options(), 3, 0, seed=11)
    other = (state.opener + 1) % 3
    record = MatchRecord(
        BLAZEN.id,
        3,
        {},
        deals=(DealRecord(0, ((other, "take"),), cards=BLAZEN.dealt_cards(state)),),
    )
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record.to_json()))
    assert main(["replay", str(path)]) == 1
    error = json.loads(capsys.readouterr().err)
    assert error["seat"] == other and "defending" in error["reason"]


def test_bench_prints_figures(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "blazen", "--seconds", "0.05"]) == 0
    out = capsys.readouterr().out
    assert "random games" in out and "apply" in out


def test_texts_for_every_code_and_event() -> None:
    for code in (
        "attack:7h,7s",
        "beat:0:8s",
        "take",
        "transfer:8c",
        "show:8h",
        "throw:7d",
        "pass",
        "redeal",
        "exchange:6h",
    ):
        assert describe_action(code, "cs") and describe_action(code, "en")
    names = ["A", "B", "C"]
    events = [
        Event("attack", 0, {"cards": ["7s"], "defender": 1}),
        Event("beat", 1, {"index": 0, "attack": "7s", "card": "8s"}),
        Event("take", 1, {}),
        Event("transfer", 1, {"cards": ["7c"], "defender": 2}),
        Event("show", 1, {"card": "7h", "defender": 2}),
        Event("throw", 0, {"cards": ["7d"], "defender": 1}),
        Event("pass", 0, {}),
        Event("bito", None, {"cards": ["7s", "8s"], "size": 2}),
        Event("pick_up", 1, {"cards": ["7s"]}),
        Event("drawn", 0, {"cards": ["Ah"]}, frozenset((0,))),
        Event("draw", None, {"counts": {"0": 1, "2": 0}, "stock": 3}),
        Event("out", None, {"seats": [0], "place": 1}),
        Event("redeal", 2, {"suit": "s"}),
        Event("exchange", 0, {"gave": "6h", "took": "Ah"}),
        Event("game_over", None, {"end": "fool", "losers": [2]}),
        Event("game_over", None, {"end": "draw", "losers": []}),
        Event("game_over", None, {"end": "redeal"}),
    ]
    for lang in ("cs", "en"):
        for event in events:
            assert event_text(event, names, lang)
    assert event_text(Event("bout", 0, {}), names, "cs") is None


def test_a_table_the_deck_cannot_seat(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "blazen", "--seats", "7", "--seed", "1"]) == 2
    assert "2 to 6" in capsys.readouterr().out
