"""``python -m games play | replay | bench`` for volený cenzr (issue 9, item 5),
driven as a user would, and the words of its terminal texts.

Cenzr is played with the mariáš deck (❤️ červené, 🔔 kule, 🍃 zelené, 🌰
žaludy); a call is said in the instrumental, „hraju se spodkem kulovým“.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from games.cenzr.variant import CENZR
from games.cli import cenzr_text
from games.cli.main import main
from games.engine import Event
from games.registry import TERMINAL_FUNCTIONS, find_registration

NAMES = ["ty", "AI1", "AI2", "AI3"]
FRENCH = re.compile("[♥♦♠♣]")


def _session(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], answers: list[str],
    *argv: str,
) -> str:  # fmt: skip
    feed = iter([*answers, *["1"] * 5000])
    monkeypatch.setattr("builtins.input", lambda _prompt="": next(feed))
    assert main(["play", "cenzr", *argv]) == 0
    return capsys.readouterr().out


def test_play_then_replay_gives_the_same_outcome(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    save = tmp_path / "cenzr.json"
    # The human calls the unter of bells when he may (else the code is refused
    # and asked again), then takes the first choice each time.
    out = _session(monkeypatch, capsys, ["call:Jd"], "--seed", "7", "--deals", "4",
                   "--save", str(save))  # fmt: skip
    assert "=== 1. rozdání · ty rozdáváš · seed 7 ===" in out  # four seats by default
    assert "tvoje karty: " in out and "record saved" in out
    assert FRENCH.search(out) is None
    assert len(re.findall(r"🏁 Konec rozdání", out)) == 4
    assert "{" not in out and "}" not in out
    assert main(["replay", str(save)]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["variant"] == "cenzr" and result["seats"] == 4
    assert len(result["deals"]) == 4 and all(d["over"] for d in result["deals"])
    tally = re.findall(r"📊 Průběžně po 4\. rozdání: (.*)", out)[0]
    shown = [int(part.rsplit(" ", 1)[1]) for part in tally.split(" · ")]
    assert shown == result["tally"]


def test_a_session_reads_as_czech(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = _session(monkeypatch, capsys, ["call:Ah", "call:As"], "--seed", "3", "--deals", "3")
    assert re.search(r"hraj(e|eš) (se|s) \w+ (červen|kulov|zelen|žaludsk)\w+ · trumfy", out)
    assert "ty bereš štych" in out or "bere štych" in out
    assert "ty bere " not in out and "ty hraje " not in out
    assert re.search(r"📝 .*(si zapisuješ|si zapisuje) \d+", out)
    assert re.search(
        r"🏆 (Volící strana vyhrává|Samec vyhrává|Vyhrávají soupeři) \(\d+ [>≤] \d+\)", out
    )


def test_an_english_session_and_five_players(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = _session(monkeypatch, capsys, [], "--seed", "5", "--seats", "5", "--lang", "en",
                   "--opponents", "random")  # fmt: skip
    assert "=== deal 1 · you deal · seed 5 ===" in out
    assert "📝 you sit out · " in out  # the dealer of five sits out
    assert "🏁 End of the deal" in out


def test_refusals_before_the_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "cenzr", "--seats", "3"]) == 2
    assert "Volený cenzr je pro 4 až 6 hráčů" in capsys.readouterr().out
    assert main(["play", "cenzr", "--seats", "7", "--lang", "en"]) == 2
    assert "takes 4-6 seats" in capsys.readouterr().out


def test_bench_prints_its_figures(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "cenzr", "--seconds", "0.05"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"random playouts \(fast path, 8 tricks\): [\d,]+/s", out)
    assert re.search(r"validated actions through apply: [\d,]+/s", out)
    assert "whole random deals" in out


def test_arena_rules_against_random(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["arena", "--game", "cenzr", "--a", "rules", "--b", "random", "--deals", "2"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "recorded points per seat and deal" in out and "x 14 seatings at 4 seats" in out


# --- the words ---------------------------------------------------------------------


def test_the_text_module_gives_every_terminal_function() -> None:
    text = find_registration("cenzr").text()
    assert text is cenzr_text
    for name in TERMINAL_FUNCTIONS:
        assert callable(getattr(text, name))


@pytest.mark.parametrize(
    ("code", "cs", "en"),
    [
        ("Jd", "se spodkem kulovým", "with the Unter of Bells"),
        ("9c", "s devítkou žaludskou", "with the Nine of Acorns"),
        ("As", "s esem zeleným", "with the Ace of Leaves"),
        ("7h", "se sedmičkou červenou", "with the Seven of Hearts"),
        ("Qs", "se svrškem zeleným", "with the Ober of Leaves"),
        ("Th", "s desítkou červenou", "with the Ten of Hearts"),
    ],
)
def test_a_call_is_said_in_the_instrumental(code: str, cs: str, en: str) -> None:
    assert cenzr_text.call_phrase(code, "cs") == cs
    assert cenzr_text.call_phrase(code, "en") == en
    assert cenzr_text.describe_action(f"call:{code}", "cs").endswith(f"hraju {cs}")


@pytest.mark.parametrize(
    ("event", "line"),
    [
        (Event("pass", 1, {}), "AI1 pasuje"),
        (Event("pass", 0, {}), "ty pasuješ"),
        (Event("call", 2, {"card": "Jd", "trump": "d"}),
         "AI2 hraje se spodkem kulovým · trumfy 🔔 kule"),
        (Event("call", 0, {"card": "9c", "trump": "c"}),
         "ty hraješ s devítkou žaludskou · trumfy 🌰 žaludy"),
        (Event("announce", 1, {"kind": "padesat", "rank": None}), "AI1 hlásí padesát"),
        (Event("announce", 0, {"kind": "figura", "rank": "A"}), "ty hlásíš čtyři esa"),
        (Event("announce", 3, {"kind": "ctyri_spodci", "rank": None}), "AI3 hlásí čtyři spodci"),
        (Event("card", 3, {"card": "Qs"}), "AI3 hraje 🍃 svrška"),
        (Event("trick", 0, {"cards": ["Ah", "7h", "Qs", "Td"]}),
         "ty bereš štych: ❤️ eso, ❤️ 7, 🍃 svršek, 🔔 10"),
        (Event("partner_revealed", 2, {"chooser": 1, "partner": 2, "samec": None}),
         "AI2 je spoluhráč AI1"),
        (Event("partner_revealed", 1, {"chooser": 1, "partner": 1, "samec": "voluntary"}),
         "AI1 hraje sám (samec)"),
        (Event("secret_role", 0, {"role": "partner", "samec": None}, frozenset((0,))),
         "volenou kartu máš ty: jsi spoluhráč volícího"),
        (Event("annulled", None, {"next_dealer": 1}),
         "všichni pasovali: rozdání se ruší, rozdává další"),
        (Event("bela", 2, {"counted": True}), "AI2 počítá belu"),
        (Event("declarations", None, {
            "announced": True,
            "sizes": [{"seat": 1, "verdict": "states", "kind": "padesat", "top": "Q"},
                      {"seat": 2, "verdict": "lower"},
                      {"seat": 3, "verdict": "higher", "kind": "padesat", "top": "A"}],
            "valid": [{"seat": 3, "kind": "padesat", "top": "A"}]}),
         "AI1: padesát do svrška · AI2: mám nižší · AI3: mám vyšší, padesát do esa"
         " · platí: AI3 – padesát do esa"),
        (Event("declarations", None, {"announced": True, "sizes": [], "valid": []}),
         "hlášky se ruší"),
    ],
)  # fmt: skip
def test_events(event: Event, line: str) -> None:
    assert cenzr_text.event_text(event, NAMES, "cs", 0) == f"  · {line}"


def test_another_seats_secret_is_not_shown() -> None:
    secret = Event("secret_role", 2, {"role": "samec", "samec": "voluntary"}, frozenset((2,)))
    assert cenzr_text.event_text(secret, NAMES, "cs", 0) is None
    assert cenzr_text.event_text(Event("declarations", None, {"announced": False}), NAMES,
                                 "cs", 0) is None  # fmt: skip


def test_the_summary_of_a_deal() -> None:
    summary = {
        "variant": "cenzr", "dealer": 3, "active": [0, 1, 2, 3], "annulled": False,
        "chooser": 1, "called": "Ad", "trump": "d", "partner": 3, "samec": None,
        "card_points": {"0": 30, "1": 45, "2": 37, "3": 40},
        "tricks": {"0": 2, "1": 2, "2": 2, "3": 2}, "last_trick": 3,
        "declarations": {"announced": [3], "cancelled": [], "points": {"3": 50},
                         "valid": [{"seat": 3, "declarations": [
                             {"kind": "padesat", "top": "A", "suit": "h", "points": 50}]}]},
        "bela": {"holder": 0, "counted": True, "points": 20}, "pero": None,
        "C": 145, "D": 87, "won": True,
    }  # fmt: skip
    text = cenzr_text.summary_text(summary, (174, 290, 174, 290), NAMES, "cs", human=0)
    assert text.splitlines() == [
        "🏁 Konec rozdání",
        "🎯 AI1 hraje s esem kulovým, trumfy 🔔 kule",
        "🤝 Spoluhráč: AI3",
        "Body ve štyších: ty 30 (2 št.), AI1 45 (2 št.), AI2 37 (2 št.), AI3 40 (2 št.)",
        "Poslední štych (+10): AI3",
        "📣 Hlášky: AI3 padesát do esa ❤️ 50",
        "👑 Ty počítáš belu 20",
        "📊 Volící 145 : soupeři 87",
        "🏆 Volící strana vyhrává (145 > 87)",
        "📝 ty si zapisuješ 174 · AI1 si zapisuje 290 · AI2 si zapisuje 174 · AI3 si zapisuje 290",
    ]
    english = cenzr_text.summary_text(summary, (174, 290, 174, 290), NAMES, "en", human=0)
    assert "🎯 AI1 calls 🔔 ace, trumps 🔔 Bells" in english
    assert "🏆 The choosing side wins (145 > 87)" in english
    void = {"annulled": True, "passes": [1, 2, 3, 0], "active": [1, 2, 3, 0]}
    assert "Všichni pasovali" in cenzr_text.summary_text(void, (0, 0, 0, 0), NAMES, "cs")
    assert cenzr_text.tally_text([204, 120, 204, 120], NAMES, "cs", 1) == (
        "📊 Průběžně po 1. rozdání: ty 204 · AI1 120 · AI2 204 · AI3 120"
    )


def test_the_view_while_calling_and_in_play() -> None:
    state = CENZR.new_deal(CENZR.options(), 4, 3, seed=11)
    shown = cenzr_text.render_view(state.view(0), NAMES, "cs")
    assert "vynáší: ty" in shown and "(další 4 karty po volbě)" in shown
    state, _ = CENZR.apply(state, 0, CENZR.parse_action("call:Jd"))
    shown = cenzr_text.render_view(state.view(0), NAMES, "cs")
    assert "ty hraješ se spodkem kulovým · trumfy 🔔 kule" in shown
    assert "po volbě" not in shown and FRENCH.search(shown) is None
    holder = state.holder
    assert holder is not None
    mine = cenzr_text.render_view(state.view(holder), NAMES, "cs")
    assert ("jsi spoluhráč" in mine) or ("hraješ samce" in mine)
    others = [s for s in range(4) if s not in (0, holder)]
    for seat in others:
        assert "spoluhráč" not in cenzr_text.render_view(state.view(seat), NAMES, "cs")
