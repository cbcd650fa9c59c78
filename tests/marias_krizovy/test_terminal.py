"""``python -m games play | replay | bench | arena`` for křížový mariáš (issue 12,
item 5), driven as a user would, and the words of its terminal texts.

The deck and the money read as in volený (❤️ červené, 🔔 kule, 🍃 zelené, 🌰
žaludy); the table's words are the book's: F "volí" a card, "u mě je barva
dobrá", "osma s" / "osma proti", "z lidu", "durch s …".
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from games.cli import krizovy_text
from games.cli.main import main
from games.engine import Event
from games.registry import TERMINAL_FUNCTIONS, find_registration
from tests.marias_krizovy.helpers import SIMPLE, run, scripted

NAMES = ["ty", "AI1", "AI2", "AI3"]
FRENCH = re.compile("[♥♦♠♣]")


def _session(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    answers: list[str],
    *argv: str,
) -> str:
    feed = iter([*answers, *["1"] * 5000])
    monkeypatch.setattr("builtins.input", lambda _prompt="": next(feed))
    assert main(["play", "marias-krizovy", *argv]) == 0
    return capsys.readouterr().out


def test_play_then_replay_gives_the_same_outcome(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    save = tmp_path / "krizovy.json"
    out = _session(monkeypatch, capsys, [], "--seed", "7", "--deals", "3", "--save", str(save))
    assert "=== 1. rozdání · ty rozdáváš · seed 7 ===" in out
    assert "tvoje karty: " in out and "record saved" in out
    assert "u mě je barva dobrá" in out
    assert FRENCH.search(out) is None and "{" not in out
    assert len(re.findall(r"🏁 Konec rozdání", out)) == 3
    assert main(["replay", str(save)]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["variant"] == "marias-krizovy" and result["seats"] == 4  # four by default
    assert len(result["deals"]) == 3 and all(d["over"] for d in result["deals"])
    tally = re.findall(r"📊 Průběžně po 3\. rozdání: (.*)", out)[0]
    shown = [part.rsplit(" ", 2)[1] for part in tally.split(" · ")]
    halers = [int(v.replace("−", "-").replace("+", "").replace(",", "")) for v in shown]
    assert halers == [10 * units for units in result["tally"]]  # units of 10 haléřů


def test_the_human_chooses_as_forhond(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # seat 0 deals first: the human at seat 1 is forhond
    out = _session(monkeypatch, capsys, [], "--seed", "2", "--seat", "1", "--deals", "1")
    assert "(další 4 karty po volbě)" in out  # F sees his first four only
    assert re.search(r"volba:\w\w,\w\w +trumf: .*, volám: ", out)
    assert "lid:1" in out


def test_an_english_session_with_five_players(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = _session(monkeypatch, capsys, [], "--seed", "5", "--seats", "5", "--lang", "en",
                   "--opponents", "random", "--deals", "2")  # fmt: skip
    assert "=== deal 1 · you deal and sit out · seed 5 ===" in out
    assert "🏁 End of the deal" in out and "📊 After 2 deal(s): " in out


def test_refusals_before_the_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "křížový", "--seats", "3"]) == 2
    assert "Křížový mariáš je pro 4 až 5 hráčů" in capsys.readouterr().out


def test_bench_prints_its_figures(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "marias-krizovy", "--seconds", "0.05"]) == 0
    out = capsys.readouterr().out
    assert "random playouts (fast path, 8 tricks): " in out
    assert "validated actions through apply: " in out
    assert "whole random deals with legal_actions + apply: " in out


def test_arena_runs(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["arena", "--game", "marias-krizovy", "--a", "rules", "--b", "random",
                 "--deals", "8", "--seed", "1"])  # fmt: skip
    assert code == 0
    assert capsys.readouterr().out.strip()


def test_the_text_module_is_complete() -> None:
    text = find_registration("marias-krizovy").text()
    for name in TERMINAL_FUNCTIONS:
        assert callable(getattr(text, name))


@pytest.mark.parametrize(
    ("event", "line"),
    [
        (Event("chose", 0, {"called": "Ac"}), "ty volíš 🌰 žaludské eso"),
        (Event("blind", 1, {"trump_card": "9s", "called": "As"}),
         "AI1 volí z lidu: 🍃 9, voláno: 🍃 zelené eso"),
        (Event("revealed", 0, {"trump": "c", "trump_card": "8c", "called": "Ac", "blind": False,
                               "stovka": True, "honers": [8], "alone": None}),
         "ty ukazuješ trumf 🌰 8, trumfy 🌰 žaludy, voláno 🌰 žaludské eso, stovka, s osmou"),
        (Event("honer", 2, {"value": 8, "side": "C"}), "AI2: osma s"),
        (Event("honer", 3, {"value": 7, "side": "D"}), "AI3: sedma proti"),
        (Event("dobra", 1, {}), "AI1: u mě je barva dobrá"),
        (Event("overcall", 2, {"kind": "betl", "called": None}), "AI2 hraje betla"),
        (Event("overcall", 2, {"kind": "durchs", "called": "Kd"}), "AI2 hraje durcha s 🔔 král"),
        (Event("flek", 1, {"components": ["hra", "h8"]}), "AI1 zvyšuje flek na hru i na osmu"),
        (Event("pass", 3, {}), "AI3: bez fleku"),
        (Event("not_played", None, {"why": "thrown_in"}),
         "Nikdo neflekoval: karty se skládají."),
        (Event("play", 1, {"card": "Qs"}), "AI1 hraje 🍃 svrška"),
        (Event("partner", 2, {"card": "Ac"}), "AI2 je spoluhráč (🌰 eso)"),
        (Event("trick", 0, {"number": 3}), "ty bereš 3. štych"),
        (Event("marriage", 2, {"suit": "d", "points": 20}), "AI2 má hlášku 🔔 20"),
    ],
)  # fmt: skip
def test_events(event: Event, line: str) -> None:
    assert krizovy_text.event_text(event, NAMES, "cs", 0) == f"  · {line}"


def test_the_secret_trump_card_is_shown_to_f_only() -> None:
    secret = Event("trump_card", 0, {"card": "8c"}, frozenset((0,)))
    assert krizovy_text.event_text(secret, NAMES, "cs", 1) is None
    assert krizovy_text.event_text(secret, NAMES, "cs", 0) == "  · ty kladeš trumf lícem dolů: 🌰 8"


def test_the_view_knows_the_partner_only_when_the_seat_may() -> None:
    state = scripted(SIMPLE)
    chosen, _ = run(state, [(0, "volba:8c,Qc")])
    mine = krizovy_text.render_view(chosen.view(0), NAMES, "cs")
    assert "ukázaný trumf: 🌰 8" in mine
    other = krizovy_text.render_view(chosen.view(1), NAMES, "cs")
    assert "ukázaný trumf" not in other  # laid face down until the reveal
    state, _ = run(chosen, [(0, "ext:none"), (1, "dobra"), (2, "dobra"), (3, "dobra"),
                            (0, "dobra")])  # fmt: skip
    partner = krizovy_text.render_view(state.view(2), NAMES, "cs")
    assert "tvůj spoluhráč: ty" in partner  # seat 2 holds the called Qc
    defender = krizovy_text.render_view(state.view(1), NAMES, "cs")
    assert "spoluhráče zatím neznáš" in defender
    chooser = krizovy_text.render_view(state.view(0), NAMES, "en")
    assert "you do not know the partner yet" in chooser
    assert "trumps: 🌰 Acorns" in chooser
    assert "flek:hra" in krizovy_text.describe_action("flek:hra", "cs", state.view(1))
    assert krizovy_text.describe_action("honer:8", "cs", state.view(1)).endswith("osma proti")
    one_call = krizovy_text.describe_action("honer:8,hra", "cs", state.view(1))
    assert one_call.endswith("flek na hru a osma proti")
    assert krizovy_text.describe_action("honer:8,pass", "cs", state.view(1)).endswith("osma proti")
    assert krizovy_text.describe_action("lid:2", "en").endswith("blind: card 2 of the second four")
    assert krizovy_text.dealer_text([*NAMES, "AI4"], 4, "cs", 0) == "AI4 rozdává a nehraje"
    assert krizovy_text.dealer_text(NAMES, 1, "en", 0) == "AI1 deals"


def test_the_summary_of_a_deal() -> None:
    summary = {
        "variant": "marias-krizovy", "kind": "hra", "declarer": 0, "chooser": 0, "partner": 2,
        "alone": False, "trump": "c", "called": "Ac", "stovka": False,
        "honers": [{"value": 8, "seat": 2, "side": "C"}], "fleks": {"hra": 1},
        "end": "played", "red_round": False, "tricks": {"0": 3, "1": 1, "2": 3, "3": 1},
        "points": {"C": 90, "D": 30}, "cards": {"C": 80, "D": 20},
        "components": [{"name": "hra", "units": 2, "flek": 1},
                       {"name": "h8", "units": -2, "flek": 0}],
        "units": 0,
    }  # fmt: skip
    text = krizovy_text.summary_text(summary, (0, 0, 0, 0), NAMES, "cs", human=0)
    assert text.splitlines() == [
        "🏁 Konec rozdání",
        "🎯 Ty hraješ hru, voláno 🌰 žaludské eso, trumfy 🌰 žaludy — spoluhráč AI2",
        "🃏 Honery: AI2 osma s",
        "🔥 flek na hru",
        "📊 Body: hrající strana 90 : obrana 30",
        "Štychy: ty 3, AI1 1, AI2 3, AI3 1",
        "✅ hra (flek): hrající strana dostává 0,20 Kč",
        "❌ osma: hrající strana platí 0,20 Kč",
        "🤝 Nikdo nevyhrál.",
        "💰 Nikdo nic neplatí.",
    ]
    lost = {**summary, "components": [{"name": "hra", "units": -2, "flek": 1}], "units": -2}
    english = krizovy_text.summary_text(lost, (-2, 2, -2, 2), ["you", *NAMES[1:]], "en", human=0)
    assert "🏆 The defenders win: AI1, AI3" in english
    assert "you pay 0.20 CZK" in english
    thrown = {"kind": "hra", "declarer": 1, "partner": None, "alone": True, "trump": "h",
              "called": "Ah", "end": "thrown_in", "fleks": {},
              "components": [{"name": "hra", "units": 2, "flek": 0}]}  # fmt: skip
    text = krizovy_text.summary_text(thrown, (6, -2, -2, -2), NAMES, "cs", human=0)
    assert "Nikdo neflekoval: karty se skládají." in text and "sám proti třem" in text
    assert krizovy_text.tally_text([12, -6, -6, 0], NAMES, "cs", 2) == (
        "📊 Průběžně po 2. rozdání: ty +1,20 Kč · AI1 −0,60 Kč · AI2 −0,60 Kč · AI3 0,00 Kč"
    )
