"""``python -m games play | replay | bench`` for mariáš ve dvou (issue 11, item 6),
driven as a user would, and the terminal texts in Czech and English."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from games.cli import dvou_text
from games.cli.main import main
from games.engine import Event
from games.registry import TERMINAL_FUNCTIONS, find_registration

FRENCH = re.compile("[♥♦♠♣]")


def _session(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], *argv: str
) -> str:
    feed = iter(["1"] * 5000)
    monkeypatch.setattr("builtins.input", lambda _prompt="": next(feed))
    assert main(["play", "marias-dvou", *argv]) == 0
    return capsys.readouterr().out


def test_the_text_module_is_complete() -> None:
    entry = find_registration("ve dvou")
    assert entry.terminal_text == "games.cli.dvou_text"
    for name in TERMINAL_FUNCTIONS:
        assert callable(getattr(dvou_text, name))


def test_play_then_replay_gives_the_same_outcome(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    save = tmp_path / "dvou.json"
    out = _session(monkeypatch, capsys, "--seed", "5", "--deals", "2", "--save", str(save))
    assert "=== 1. rozdání · ty rozdáváš · seed 5 ===" in out
    assert "mariáš ve dvou, pravidla C" in out and "tvoje karty: " in out
    assert "v talonu: 16 (volná hra, bez povinností)" in out
    assert "Talon je pryč" in out and "record saved" in out
    assert len(re.findall(r"🏁 Konec rozdání", out)) == 2
    assert FRENCH.search(out) is None and "{" not in out
    assert main(["replay", str(save)]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["variant"] == "marias-dvou" and result["seats"] == 2
    assert len(result["deals"]) == 2 and all(d["over"] for d in result["deals"])
    tally = re.findall(r"📊 Průběžně po 2\. rozdání: (.*)", out)[0]
    shown = [part.rsplit(" ", 2)[1] for part in tally.split(" · ")]
    halers = [int(v.replace("−", "-").replace("+", "").replace(",", "")) for v in shown]
    assert halers == [10 * units for units in result["tally"]]


@pytest.mark.parametrize("rules", ["A", "B"])
def test_rules_a_and_b_in_english_against_the_rule_player(
    rules: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    save = tmp_path / f"dvou-{rules}.json"
    out = _session(
        monkeypatch, capsys, "--seed", "2", "--lang", "en", "--opponents", "rules",
        "--option", f"dvou_variant={rules}", "--save", str(save),
    )  # fmt: skip
    assert f"mariáš for two, rules {rules}" in out and "your cards: " in out
    assert "End of the deal" in out and "(duties apply)" in out
    assert "free play" not in out
    if rules == "B":
        assert "face up under the stock: " in out
    else:
        assert re.search(r"(AI1|You) (choose|chooses) trumps", out)
    assert main(["replay", str(save)]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["deals"][0]["summary"]["rules"] == rules


def test_a_bad_option_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "marias-dvou", "--option", "dvou_variant=X"]) == 2
    assert "dvou_variant" in capsys.readouterr().out


def test_the_texts_in_both_languages() -> None:
    assert dvou_text.describe_action("trumps:h", "cs") == "trumps:h  (trumfy: ❤️ červené)"
    assert "swap the trump seven" in dvou_text.describe_action("swap", "en")
    assert dvou_text.describe_action("sedma", "cs") == "sedma  (hlásím sedmu)"
    assert "hláška" in dvou_text.describe_action("hlas:Qh", "cs")
    event = Event("draw", 1, {"left": 0, "face_up": True})
    assert dvou_text.event_text(event, ["ty", "AI1"], "cs") == (
        "  · AI1 lízá z talonu, zbývá 0 (obrácená karta)"
    )
    assert dvou_text.event_text(Event("swap", 0, {"seven": "7h"}), ["ty", "AI1"], "cs", 0) == (
        "  · Ty měníš trumfovou sedmu za obrácenou kartu"
    )
    assert dvou_text.dealer_text(["you", "AI1"], 0, "en", human=0) == "you deal"
    assert "+0,20 Kč" in dvou_text.tally_text([2, -2], ["ty", "AI1"], "cs", 1)


def test_bench_prints_the_figures(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "marias-dvou", "--seconds", "0.05"]) == 0
    out = capsys.readouterr().out
    for rules in "ABC":
        assert f"rules {rules}:" in out
    assert out.count("random playouts (fast path, 16 tricks): ") == 3
    assert out.count("validated actions through apply: ") == 3
