"""``python -m games play | replay | bench | arena`` for Tisíc (issue 10, item 5),
driven as a user would, and the words of its terminal texts.

Tisíc is played with the mariáš deck by default (❤️ červené, 🔔 kule, 🍃
zelené, 🌰 žaludy); the bids are „Dobrý", „Šest!" … „Sto", a marriage is
declared with „TRUMF".
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from games.cli import tisic_text
from games.cli.main import main
from games.engine import Event
from games.registry import TERMINAL_FUNCTIONS, find_registration
from games.tisic.variant import TISIC
from tests.tisic.helpers import deal, script

ROOT = Path(__file__).resolve().parents[2]
NAMES = ["ty", "AI1", "AI2", "AI3"]
FRENCH = re.compile("[♥♦♠♣]")
ASCII_FOR_CZECH = re.compile(
    r"\b(hlasi|bere[sš]? stych|stych|dobry|skladat?|slozit|slozeno"
    r"|hadani|hadam|nejvyssi|zapisuje se|carka|upis|hlaska|hlasky"
    r"|kulov|zelen[ay]\b|zaludy|zaludska|cervene|cervena|hrajes|beres|rozdavas|nehrajes"
    r"|vzdat|nehrat|souhlasim|neuhral|uhral|trumfu\b|prubezne|rozdani|hrac)\b"
)
"""Czech words of the Tisíc texts written without háčky and čárky."""


def _session(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    answers: list[str],
    *argv: str,
) -> str:
    feed = iter([*answers, *["1"] * 5000])
    monkeypatch.setattr("builtins.input", lambda _prompt="": next(feed))
    assert main(["play", "tisic", *argv]) == 0
    return capsys.readouterr().out


def test_play_then_replay_gives_the_same_outcome(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    save = tmp_path / "tisic.json"
    # A typed code first (the human is P3 and speaks in the first auction
    # whether P2 said "šest" or "Dobrý"), then the first choice every time.
    out = _session(monkeypatch, capsys, ["bid:70"], "--seed", "7", "--deals", "3",
                   "--save", str(save))  # fmt: skip
    assert "=== 1. rozdání · ty rozdáváš · seed 7 ===" in out
    assert "tvoje karty: " in out and "record saved" in out
    assert "ty: sedm (70)" in out  # the typed bid
    assert FRENCH.search(out) is None and "{" not in out
    assert len(re.findall(r"🏁 Konec rozdání", out)) == 3
    assert main(["replay", str(save)]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["variant"] == "tisic" and result["seats"] == 3
    assert len(result["deals"]) == 3 and all(d["over"] for d in result["deals"])
    tally = re.findall(r"📊 Průběžně po 3\. rozdání: (.*) \(hraje se do 1000\)", out)[0]
    shown = [int(part.rsplit(" ", 1)[1]) for part in tally.split(" · ")]
    assert shown == result["tally"]


def test_a_session_reads_as_czech(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = _session(monkeypatch, capsys, [], "--seed", "3", "--deals", "4")
    assert "povinnost: " in out and "hádání: " in out
    assert re.search(r"(ty|AI\d): (dobrý|šest \(60\)|\d+)", out)
    assert re.search(r"(bere|bereš) talon (za \d+|z povinnosti \(50\))", out)
    assert re.search(r"(hraje|hraješ) o \d+", out)
    assert "ty bereš štych" in out or "bere štych" in out
    assert "ty bere " not in out and "ty hraje " not in out
    assert re.search(r"📝 Zapisuje se: ty [+-]?\d+", out)
    assert re.search(r"(✅|❌) AI\d (uhrál|neuhrál) \d+ (≥|<) \d+", out) or "ty jsi" in out


def test_an_english_session_with_four_players(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = _session(monkeypatch, capsys, [], "--seed", "5", "--seats", "4", "--lang", "en",
                   "--opponents", "random", "--deals", "2")  # fmt: skip
    assert "=== deal 1 · you deal and sit out · seed 5 ===" in out
    assert "you sit out · " in out  # the dealer of four sits out
    assert "🏁 End of the deal" in out and "(played to 1000)" in out


def test_refusals_before_the_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "tisic", "--seats", "5"]) == 2
    assert "Tisíc je pro 3 až 4 hráče" in capsys.readouterr().out
    assert main(["play", "1000", "--seats", "2", "--lang", "en"]) == 2
    assert "takes 3-4 seats" in capsys.readouterr().out


def test_bench_prints_its_figures(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "tisic", "--seconds", "0.05"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"random playouts \(fast path, 10 tricks\): [\d,]+/s", out)
    assert re.search(r"validated actions through apply: [\d,]+/s", out)
    assert "whole random deals" in out


def test_arena_rules_against_random(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["arena", "--game", "tisic", "--a", "rules", "--b", "random", "--deals", "3"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "x 6 seatings at 3 seats" in out
    assert main([*argv, "--seats", "4"]) == 0
    assert "x 6 seatings at 4 seats" in capsys.readouterr().out  # three play each deal


# --- the words ---------------------------------------------------------------------


def test_the_text_module_gives_every_terminal_function() -> None:
    text = find_registration("tisic").text()
    assert text is tisic_text
    for name in TERMINAL_FUNCTIONS:
        assert callable(getattr(text, name))


@pytest.mark.parametrize(
    ("code", "cs", "en"),
    [
        ("pass", "dobrý", "pass (dobrý)"),
        ("bid:60", "hádám šest (60)", "bid 60"),
        ("bid:100", "hádám sto (100)", "bid 100"),
        ("bid:130", "hádám 130", "bid 130"),
        ("discard:Jd,8c", "složit: 🔔 kulový spodek, 🌰 žaludská osma",
         "discard: 🔔 Unter of Bells, 🌰 Eight of Acorns"),
        ("forfeit", "nesložit – vzdát (úpis, ostatním po 60)", "do not discard: give up"),
        ("storno:yes", "nehrát (souhlasím se stornem)", "agree: do not play the deal"),
        ("contract:90", "hraju 90", "play for 90"),
        ("play:Qh", "❤️ červený svršek", "❤️ Ober of Hearts"),
        ("trumf:Qc", "👑 TRUMF 🌰 žaludský svršek (hláška 🌰 žaludská 100)",
         "👑 TRUMF 🌰 Ober of Acorns (marriage 🌰 Acorns 100)"),
    ],
)  # fmt: skip
def test_action_labels(code: str, cs: str, en: str) -> None:
    assert tisic_text.describe_action(code, "cs") == f"{code:16} {cs}"
    assert tisic_text.describe_action(code, "en").startswith(f"{code:16} {en}")


@pytest.mark.parametrize(
    ("event", "line"),
    [
        (Event("pass", 1, {}), "AI1: dobrý"),
        (Event("bid", 0, {"amount": 70}), "ty: sedm (70)"),
        (Event("auction_won", 2, {"bid": 80, "obligation": False}), "AI2 bere talon za 80"),
        (Event("auction_won", 1, {"bid": 50, "obligation": True}),
         "AI1 bere talon z povinnosti (50)"),
        (Event("talon_cards", 0, {"cards": ["Kh", "7s"]}, frozenset((0,))),
         "v talonu: ❤️ král, 🍃 7"),
        (Event("discarded", 0, {}), "ty skládáš dvě karty"),
        (Event("contract", 2, {"amount": 90, "raised": True}), "AI2 zvyšuje na 90"),
        (Event("contract", 0, {"amount": 50, "raised": False}), "ty hraješ o 50"),
        (Event("marriage", 1, {"suit": "c", "value": 100}),
         "AI1 hlásí TRUMF: hláška 🌰 žaludská 100 · trumfy 🌰 žaludy"),
        (Event("card", 3, {"card": "Qs", "trumf": False}), "AI3 hraje 🍃 svrška"),
        (Event("trick", 0, {"cards": ["Ah", "7h", "Td"]}),
         "ty bereš štych: ❤️ eso, ❤️ 7, 🔔 10"),
        (Event("forfeit", 2, {"bid": 60}), "AI2 neskládá a vzdává (úpis 60, ostatním po 60)"),
        (Event("renonc", 0, {"card": "7s", "policy": "renonc"}), "ty jsi nepřiznal barvu (renonc)"),
    ],
)  # fmt: skip
def test_events(event: Event, line: str) -> None:
    assert tisic_text.event_text(event, NAMES, "cs", 0) == f"  · {line}"


def test_another_seats_secret_is_not_shown() -> None:
    secret = Event("talon_cards", 2, {"cards": ["Kh", "7s"]}, frozenset((2,)))
    assert tisic_text.event_text(secret, NAMES, "cs", 0) is None
    discards = Event("discards", 2, {"cards": ["Kh", "7s"]}, frozenset((2,)))
    assert tisic_text.event_text(discards, NAMES, "cs", 0) is None
    assert tisic_text.event_text(Event("deal_over", None, {}), NAMES, "cs", 0) is None


def test_the_summary_of_a_deal() -> None:
    summary = {
        "variant": "tisic", "end": "played", "dealer": 0, "active": [1, 2, 0],
        "declarer": 2, "bid": 80, "contract": 90, "obligation": False,
        "talon": ["Kh", "8c"], "discards": ["Jd", "8c"],
        "marriages": [{"seat": 2, "suit": "h", "value": 40, "trick": 3}],
        "raw": [22, 101, 97], "made": True, "upisy": [], "carky": [], "penalty": None,
    }  # fmt: skip
    text = tisic_text.summary_text(summary, (20, 100, 90), NAMES[:3], "cs", human=0)
    assert text.splitlines() == [
        "🏁 Konec rozdání",
        "🎯 AI2 hraje o 90 (vyhádáno 80)",
        "Talon: ❤️ král, 🌰 8",
        "Složeno: 🔔 spodek, 🌰 8",
        "💍 Hlášky: AI2 ❤️ 40",
        "📊 Body: AI1 101 · AI2 97 · ty 22",
        "✅ AI2 uhrál 97 ≥ 90",
        "📝 Zapisuje se: ty +20 · AI1 +100 · AI2 +90",
    ]
    failed = {**summary, "raw": [0, 101, 85], "made": False, "upisy": [2], "carky": [0]}
    text = tisic_text.summary_text(failed, (0, 100, -90), NAMES[:3], "en", human=0)
    assert "❌ AI2 failed 85 < 90" in text
    assert "📝 Written: ty 0 (čárka: a dash) · AI1 +100 · AI2 -90 (úpis: written off)" in text
    storno = {"end": "storno", "active": [1, 2, 0]}
    assert "Storno" in tisic_text.summary_text(storno, (0, 0, 0), NAMES[:3], "cs")
    assert tisic_text.tally_text([120, -50, 30], NAMES[:3], "cs", 2) == (
        "📊 Průběžně po 2. rozdání: ty 120 · AI1 -50 · AI2 30 (hraje se do 1000)"
    )


def test_the_view_in_the_auction_the_talon_and_play() -> None:
    state = deal(p1="Ac Tc Kc Qc 7c As Ts Ks Qs 7d", talon="8d 9d")
    p1 = state.active[0]
    shown = tisic_text.render_view(state.view(p1), NAMES[:3], "cs")
    assert "povinnost: AI1" in shown and "nejvyšší: 50 (AI1)" in shown
    state = script(state, "P2 pass", "P3 pass")
    names = ["AI0", "ty", "AI2"]  # the viewer is the human
    shown = tisic_text.render_view(state.view(p1), names, "cs")
    assert "ty hraješ o 50 (povinnost)" in shown and "z talonu: 🔔 9, 🔔 8" in shown
    other = tisic_text.render_view(state.view(state.active[1]), NAMES[:3], "cs")
    assert "z talonu" not in other  # the talon is the declarer's secret
    state = script(state, "P1 discard:8d,9d", "P1 contract:50")
    shown = tisic_text.render_view(state.view(p1), NAMES[:3], "en")
    assert "trumps: none" in shown and "discarded: 🔔 9, 🔔 8" in shown
    assert FRENCH.search(shown) is None
    four = TISIC.new_deal(TISIC.options(), 4, {"dealer": 0}, seed=3)
    assert "v tomto rozdání nehraješ" in tisic_text.render_view(four.view(0), NAMES, "cs")
    assert tisic_text.dealer_text(NAMES, 0, "cs", 0) == "ty rozdáváš a nehraješ"
    assert tisic_text.dealer_text(NAMES[:3], 1, "en", 0) == "AI1 deals"


def test_no_czech_word_lost_its_diacritics() -> None:
    source = (ROOT / "games" / "cli" / "tisic_text.py").read_text(encoding="utf-8")
    shown = re.findall(r'"([^"\n]*)"', source)
    codes = {"pass", "forfeit", "storno", "storno:yes", "storno:no"}
    assert [s for s in shown if s not in codes and ASCII_FOR_CZECH.search(s)] == []
    assert ASCII_FOR_CZECH.search("slozit: ") and not ASCII_FOR_CZECH.search("složit: ")
