"""``python -m games play | replay | bench | arena`` for licitovaný mariáš
(issue 11, item 6), driven as a user would, and the words of its terminal texts.

The deck and the money read as in volený (❤️ červené, 🔔 kule, 🍃 zelené, 🌰
žaludy); the levels are said as players say them: „sedma", „sto a sedma
červených", „dvě sedmy a sto"; a held bid is „mám".
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from games.cli import licit_text
from games.cli.main import main
from games.engine import Event
from games.marias_licit.variant import LICITOVANY
from games.marias_licit.views import player_view
from games.registry import TERMINAL_FUNCTIONS, find_registration
from tests.marias_licit.helpers import run, scripted

ROOT = Path(__file__).resolve().parents[2]
NAMES = ["ty", "AI1", "AI2", "AI3"]
FRENCH = re.compile("[♥♦♠♣]")
ASCII_FOR_CZECH = re.compile(
    r"\b(hlasi|bere[sš]? stych|stych|licitujes|drzi|drzim|vzdavam|vzdava"
    r"|cervene|cervena|cervenych|zelene|zaludy|dve sedmy|pomocna|vylicitovano"
    r"|rozdani|hrac|platis|dostavas|vyhravas|hrajes|beres|nehrajes|prubezne|vsichni dal)\b"
)
"""Czech words of the licitovaný texts written without háčky and čárky."""


def _session(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    answers: list[str],
    *argv: str,
) -> str:
    feed = iter([*answers, *["1"] * 5000])
    monkeypatch.setattr("builtins.input", lambda _prompt="": next(feed))
    assert main(["play", "marias-licitovany", *argv]) == 0
    return capsys.readouterr().out


def test_play_then_replay_gives_the_same_outcome(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    save = tmp_path / "licit.json"
    # The human deals first, so he is the zadák and always speaks in the auction;
    # a typed code first (the top level: nobody bids over it), then the first
    # choice every time.
    out = _session(monkeypatch, capsys, ["bid:12"], "--seed", "7", "--deals", "3",
                   "--save", str(save))  # fmt: skip
    assert "=== 1. rozdání · ty rozdáváš · seed 7 ===" in out
    assert "ty: dvě sedmy červené a sto" in out  # the typed bid
    assert "ty bereš talon, vylicitováno: dvě sedmy červené a sto" in out
    assert "ty hraješ: dvě sedmy červené a sto, pomocná " in out
    assert "tvoje karty: " in out and "record saved" in out
    assert FRENCH.search(out) is None and "{" not in out
    assert len(re.findall(r"🏁 Konec rozdání", out)) == 3
    assert main(["replay", str(save)]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["variant"] == "marias-licitovany" and result["seats"] == 3
    assert len(result["deals"]) == 3 and all(d["over"] for d in result["deals"])
    assert result["deals"][0]["summary"]["level"] == 12
    tally = re.findall(r"📊 Průběžně po 3\. rozdání: (.*)", out)[0]
    shown = [part.rsplit(" ", 2)[1] for part in tally.split(" · ")]
    halers = [int(v.replace("−", "-").replace("+", "").replace(",", "")) for v in shown]
    assert halers == [10 * units for units in result["tally"]]  # units of 10 haléřů


def test_a_session_reads_as_czech(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = _session(monkeypatch, capsys, [], "--seed", "3", "--deals", "6")
    assert "licitace: " in out and "dál (pas)" in out
    assert re.search(r"(AI\d|ty): (sedma|sto|betl|durch|dvě sedmy|mám|dál)", out)
    assert re.search(r"(hraje|hraješ): ", out)
    assert "ty bereš štych" in out or "bere štych" in out
    assert "ty bere " not in out and "ty hraje " not in out
    assert "🏁 Konec rozdání" in out and "💰 " in out
    assert FRENCH.search(out) is None


def test_an_english_session_with_four_players(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = _session(monkeypatch, capsys, [], "--seed", "5", "--seats", "4", "--lang", "en",
                   "--opponents", "random", "--deals", "2")  # fmt: skip
    assert "=== deal 1 · you deal and sit out · seed 5 ===" in out
    assert "you sit out this deal" not in out  # the human sitting out is not asked
    assert "🏁 End of the deal" in out and "📊 After 2 deal(s): " in out


def test_refusals_before_the_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "licitovaný", "--seats", "5"]) == 2
    assert "Licitovaný mariáš je pro 3 až 4 hráče" in capsys.readouterr().out


def test_bench_prints_its_figures(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "marias-licitovany", "--seconds", "0.05"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"random playouts \(fast path, 10 tricks\): [\d,]+/s", out)
    assert re.search(r"validated actions through apply: [\d,]+/s", out)
    assert "whole random deals" in out


def test_arena_rules_against_random(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["arena", "--game", "marias-licitovany", "--a", "rules", "--b", "random"]
    assert main([*argv, "--deals", "3"]) == 0
    assert "x 6 seatings at 3 seats" in capsys.readouterr().out


# --- the words ---------------------------------------------------------------------


def test_the_text_module_gives_every_terminal_function() -> None:
    text = find_registration("licit").text()
    assert text is licit_text
    for name in TERMINAL_FUNCTIONS:
        assert callable(getattr(text, name))


@pytest.mark.parametrize(
    ("number", "cs", "en"),
    [
        (1, "sedma", "seven"),
        (2, "sedma červená", "seven in hearts"),
        (4, "sto a sedma", "hundred and seven"),
        (6, "sto a sedma červených", "hundred and seven in hearts"),
        (7, "betl", "betl"),
        (10, "dvě sedmy a sto", "two sevens and a hundred"),
        (12, "dvě sedmy červené a sto", "two sevens in hearts and a hundred"),
    ],
)
def test_levels_as_players_say_them(number: int, cs: str, en: str) -> None:
    assert licit_text.level_name(number, "cs") == cs
    assert licit_text.level_name(number, "en") == en


@pytest.mark.parametrize(
    ("code", "cs", "en"),
    [
        ("bid:6", "licituju: sto a sedma červených", "bid: hundred and seven in hearts"),
        ("mam", "mám (držím)", "mám (I hold)"),
        ("omyl", "omyl (vzdávám sedmu)", "omyl (concede the seven)"),
        ("talon:7d,8c", "do talonu: 🔔 kulová sedma, 🌰 žaludská osma",
         "to the talon: 🔔 Seven of Bells, 🌰 Eight of Acorns"),
        ("contract:4:d", "hraju: sto a sedma, trumfy 🔔 kule",
         "play: hundred and seven, trumps 🔔"),
        ("contract:10:s:h", "hraju: dvě sedmy a sto, trumfy 🍃 zelené, pomocná ❤️ červené",
         "play: two sevens and a hundred, trumps 🍃"),
        ("contract:6:h", "hraju: sto a sedma červených", "play: hundred and seven in hearts"),
        ("contract:7", "hraju: betl", "play: betl"),
        ("flek:sto+sedma", "flek na sto, flek na sedmu", "flek on the hundred, flek on"),
        ("play:Qh", "❤️ červený svršek", "❤️ Ober of Hearts"),
    ],
)  # fmt: skip
def test_action_labels(code: str, cs: str, en: str) -> None:
    assert licit_text.describe_action(code, "cs") == f"{code:16} {cs}"
    assert licit_text.describe_action(code, "en").startswith(f"{code:16} {en}")


@pytest.mark.parametrize(
    ("event", "line"),
    [
        (Event("bid", 1, {"level": 4}), "AI1: sto a sedma"),
        (Event("hold", 0, {"level": 4}), "ty: mám"),
        (Event("pass", 2, {}), "AI2: dál"),
        (Event("redeal", None, {"reason": "all_passed"}), "všichni dál: rozdává se znovu"),
        (Event("auction_won", 0, {"level": 1}), "ty bereš talon, vylicitováno: sedma"),
        (Event("talon_cards", 0, {"cards": ["Kh", "7s"]}, frozenset((0,))),
         "v talonu: ❤️ král, 🍃 7"),
        (Event("talon", 0, {"cards": ["8d", "7c"]}, frozenset((0,))), "ty odkládáš 🔔 8, 🌰 7"),
        (Event("talon_discarded", 2, {}), "AI2 odkládá dvě karty"),
        (Event("contract", 2, {"level": 6, "name": "sto a sedma červených", "trump": "h"}),
         "AI2 hraje: sto a sedma červených"),
        (Event("contract", 1, {"level": 9, "trump": "s", "helper": "c", "trump_in_talon": True}),
         "AI1 hraje: dvě sedmy, trumfy 🍃 zelené, pomocná 🌰 žaludy — trumf je v talonu"),
        (Event("flek", 1, {"levels": {"sto": 1, "sedma": 1}, "raised": ["sto", "sedma"]}),
         "AI1: flek na sto i na sedmu"),
        (Event("flek", 0, {"levels": {"sedma": 2}, "raised": ["sedma"]}), "ty: re na sedmu"),
        (Event("omyl", 0, {}), "ty vzdáváš sedmu (omyl)"),
        (Event("card", 1, {"card": "Qs"}), "AI1 hraje 🍃 svrška"),
        (Event("trick", 0, {"cards": ["Ah", "7h", "Td"]}), "ty bereš štych: ❤️ eso, ❤️ 7, 🔔 10"),
        (Event("marriage", 2, {"suit": "d", "points": 20}), "AI2 má hlášku 🔔 20"),
    ],
)  # fmt: skip
def test_events(event: Event, line: str) -> None:
    assert licit_text.event_text(event, NAMES, "cs", 0) == f"  · {line}"


def test_another_seats_secret_is_not_shown() -> None:
    secret = Event("talon_cards", 2, {"cards": ["Kh", "7s"]}, frozenset((2,)))
    assert licit_text.event_text(secret, NAMES, "cs", 0) is None
    discards = Event("talon", 2, {"cards": ["Kh", "7s"]}, frozenset((2,)))
    assert licit_text.event_text(discards, NAMES, "cs", 0) is None
    assert licit_text.event_text(Event("deal_over", None, {}), NAMES, "cs", 0) is None


def test_the_summary_of_a_deal() -> None:
    summary = {
        "variant": "marias-licitovany", "end": "played", "declarer": 2, "bid": 1, "level": 4,
        "name": "sto a sedma", "trump": "s", "helper": None, "flek": {"sto": 1, "sedma": 0},
        "tricks": {"1": 2, "2": 7, "0": 1},
        "marriages": [{"seat": 2, "suit": "s", "points": 40, "trick": 1}],
        "points": {"declarer": 110, "defenders": 20},
        "components": [
            {"name": "sto", "won": True, "flek": 1, "units": 16},
            {"name": "sedma", "won": False, "flek": 0, "units": -2},
        ],
        "per_defender": 14,
    }  # fmt: skip
    text = licit_text.summary_text(summary, (-14, -14, 28), NAMES[:3], "cs", human=0)
    assert text.splitlines() == [
        "🏁 Konec rozdání",
        "🎯 AI2 hraje: sto a sedma, trumfy 🍃 zelené (vylicitováno: sedma)",
        "🔥 flek na sto",
        "📊 Body: AI2 110 : obrana 20",
        "Štychy: AI1 2, AI2 7, ty 1",
        "💍 Hlášky: AI2 🍃 40",
        "✅ sto (flek): AI2 dostává od každého 1,60 Kč",
        "❌ sedma: AI2 platí každému 0,20 Kč",
        "🏆 AI2 vyhrává",
        "💰 ty platíš 1,40 Kč · AI1 platí 1,40 Kč · AI2 dostává 2,80 Kč",
    ]
    english = licit_text.summary_text(summary, (-14, -14, 28), NAMES[:3], "en", human=0)
    assert "🎯 AI2 plays: hundred and seven, trumps 🍃 Leaves (bid: seven)" in english
    omyl = {"end": "omyl", "declarer": 0, "bid": 1, "level": None, "flek": {},
            "components": [{"name": "sedma", "won": False, "flek": 1, "units": -4},
                           {"name": "tichá hra", "won": True, "flek": 0, "units": 1}]}  # fmt: skip
    text = licit_text.summary_text(omyl, (-6, 3, 3), NAMES[:3], "cs", human=0)
    assert "Omyl: hráč sedmu vzdal." in text and "ty platíš 0,60 Kč" in text
    redeal = {"end": "redeal", "declarer": None}
    assert "nehrálo se" in licit_text.summary_text(redeal, (0, 0, 0), NAMES[:3], "cs")
    assert licit_text.tally_text([12, -6, -6], NAMES[:3], "cs", 2) == (
        "📊 Průběžně po 2. rozdání: ty +1,20 Kč · AI1 −0,60 Kč · AI2 −0,60 Kč"
    )


HANDS = {
    0: ["7s", "8s", "9s", "Js", "Qs", "Ks", "As", "Ah", "Th", "Ac"],
    1: ["7h", "8h", "9h", "Jh", "Qh", "Kh", "7d", "8d", "9d", "Td"],
    2: ["Jd", "Qd", "Kd", "Ad", "7c", "8c", "9c", "Jc", "Qc", "Kc"],
}


def test_the_view_in_the_auction_the_talon_and_play() -> None:
    state = scripted(HANDS, ["Tc", "Ts"], dealer=2)
    state = run(state, [(1, "bid:4")])
    shown = licit_text.render_view(player_view(state, 0), NAMES[:3], "cs")
    assert "licitace: 4 (sto a sedma), drží AI1" in shown
    assert licit_text.describe_action("mam", "cs", player_view(state, 0)).endswith(
        "mám (držím sto a sedma)"
    )
    state = run(state, [(0, "mam"), (1, "pass"), (2, "pass")])
    shown = licit_text.render_view(player_view(state, 0), NAMES[:3], "cs")
    assert "ty bereš talon, vylicitováno: sto a sedma" in shown
    state = run(state, [(0, "talon:8s,9s"), (0, "contract:4:s")])
    mine = licit_text.render_view(player_view(state, 0), NAMES[:3], "cs")
    assert "ty hraješ: sto a sedma, trumfy 🍃 zelené" in mine
    assert "tvůj talon: 🍃 9, 🍃 8" in mine
    other = licit_text.render_view(player_view(state, 1), NAMES[:3], "en")
    assert "ty plays: hundred and seven, trumps 🍃 Leaves" in other
    assert "talon" not in other  # the discards are the declarer's secret
    assert FRENCH.search(mine + other) is None
    four = LICITOVANY.new_deal(LICITOVANY.options(), 4, 0, seed=3)
    assert "v tomto rozdání nehraješ" in licit_text.render_view(player_view(four, 0), NAMES, "cs")
    assert licit_text.dealer_text(NAMES, 0, "cs", 0) == "ty rozdáváš a nehraješ"
    assert licit_text.dealer_text(NAMES[:3], 1, "en", 0) == "AI1 deals"


def test_no_czech_word_lost_its_diacritics() -> None:
    source = (ROOT / "games" / "cli" / "licit_text.py").read_text(encoding="utf-8")
    shown = re.findall(r'"([^"\n]*)"', source)
    codes = {"pass", "mam", "omyl"}
    assert [s for s in shown if s not in codes and ASCII_FOR_CZECH.search(s)] == []
    assert ASCII_FOR_CZECH.search("dve sedmy") and not ASCII_FOR_CZECH.search("dvě sedmy")
