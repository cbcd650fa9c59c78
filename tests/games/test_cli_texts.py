"""The terminal client's words (issue 7, task 5): Czech that a Czech player reads
without wincing, the right deck for each game, and a deal that ends in a
summary of sentences instead of a JSON dump.

Mariáš is German-suited (❤️ červené, 🔔 kule, 🍃 zelené, 🌰 žaludy; spodek,
svršek), Blázen French-suited (srdce, káry, piky, kříže), notation.md. The
human player is "ty" and is spoken to in the second person ("bereš").
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from games.blazen.variant import BLAZEN
from games.cli import blazen_text, marias_text
from games.cli.main import main
from games.engine import Event
from games.marias.variant import VOLENY
from games.record import load_record, replay_deal

ROOT = Path(__file__).resolve().parents[2]
NAMES = ["ty", "AI1", "AI2"]
FRENCH = re.compile("[♥♦♠♣]")
GERMAN = re.compile("❤️|🔔|🍃|🌰")


def _session(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
             *argv: str) -> str:  # fmt: skip
    answers = iter(["1"] * 5000)
    monkeypatch.setattr("builtins.input", lambda _prompt="": next(answers))
    assert main(["play", *argv]) == 0
    return capsys.readouterr().out


def _summaries(out: str) -> list[str]:
    """The blocks from "🏁" to the running score."""
    return re.findall(r"🏁 .*?📊 Průběžně[^\n]*", out, flags=re.S)


# --- mariáš -------------------------------------------------------------------


def test_a_mariáš_session_reads_as_czech(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = _session(monkeypatch, capsys, "marias", "--seed", "3", "--deals", "3")
    assert "ty bereš štych" in out and "ty bere " not in out
    assert "AI1 hlásí hru" in out or "AI2 hlásí hru" in out
    assert "hlásí hra" not in out
    assert "=== 1. rozdání · ty rozdáváš · seed 3 ===" in out
    assert "ty hraješ" in out and "ty: dobrá" in out
    assert FRENCH.search(out) is None  # the mariáš deck is German-suited
    assert "tvoje karty: " in out
    summaries = _summaries(out)
    assert len(summaries) == 3
    for block in summaries:
        assert "{" not in block and "}" not in block and '"' not in block
        assert "🏁 Konec rozdání" in block and " Kč" in block and "💰 " in block
        assert re.search(r"🎯 \S+ hraj(e|eš) (hru|stovku|betla|durcha)", block)
        assert re.search(r"🏆 .*vyhráv|🤝 Nikdo nevyhrál", block)
    assert "scores:" not in out and "tally:" not in out and "dealer" not in out


def test_german_cards_and_suits() -> None:
    label = marias_text.card_label
    assert [label(c) for c in ("7h", "Td", "Js", "Qc", "Kh", "Ad")] == [
        "❤️ 7", "🔔 10", "🍃 spodek", "🌰 svršek", "❤️ král", "🔔 eso",
    ]  # fmt: skip
    assert label("Qs", accusative=True) == "🍃 svrška" and label("As", accusative=True) == "🍃 eso"
    state = VOLENY.new_deal(VOLENY.options(), 3, 0, seed=11)
    shown = marias_text.render_view(state.view(1), NAMES, "cs")
    assert "tvoje karty: " in shown and "(dalších 5 karet po volbě trumfu)" in shown
    assert FRENCH.search(shown) is None and GERMAN.search(shown)
    choices = [marias_text.describe_action(a.code, "cs") for a in state.legal_actions(1)]
    assert any(c.startswith("lid:1") and "z lidu: 1. karta" in c for c in choices)
    assert any(
        re.search(r"trump:\w\w +trumf: \S+ (červen|kulov|zelen|žaludsk)", c) for c in choices
    )


@pytest.mark.parametrize(
    ("event", "human", "line"),
    [
        (Event("trick", 0, {"cards": ["Ah", "7h", "Qs"]}), 0,
         "ty bereš štych: ❤️ eso, ❤️ 7, 🍃 svršek"),
        (Event("trick", 1, {"cards": ["Ah", "7h", "Qs"]}), 0,
         "AI1 bere štych: ❤️ eso, ❤️ 7, 🍃 svršek"),
        (Event("announce", 1, {"kind": "hra"}), 0, "AI1 hlásí hru"),
        (Event("announce", 0, {"kind": "betl"}), 0, "ty hlásíš betla"),
        (Event("announce", 2, {"kind": "durch"}), 0, "AI2 hlásí durcha"),
        (Event("card", 2, {"card": "Kc"}), 0, "AI2 hraje 🌰 krále"),
        (Event("card", 0, {"card": "Js"}), 0, "ty hraješ 🍃 spodka"),
        (Event("card", 0, {"card": "Td"}), 0, "ty hraješ 🔔 10"),
        (Event("respond", 2, {"good": False}), 0, "AI2: špatná"),
        (Event("flek", 1, {"levels": {"hra": 1, "sedma": 0}, "raised": ["hra"]}), 0,
         "AI1: flek na hru"),
        (Event("flek", 0, {"levels": {"hra": 2, "sedma": 2}, "raised": ["hra", "sedma"]}), 0,
         "ty: re na hru i na sedmu"),
        (Event("pass", 2, {}), 0, "AI2: bez fleku"),
        (Event("extras", 1, {"stovka": True, "sedma": True}), 0, "AI1 hlásí stovku a sedmu"),
        (Event("extras", 1, {"stovka": False, "sedma": False}), 0, "AI1: nic navíc"),
        (Event("marriage", 0, {"suit": "d", "points": 20}), 0, "ty máš hlášku 🔔 20"),
        (Event("trumps_revealed", 1, {"card": "8d", "blind": False, "trump_in_talon": True}),
         0, "AI1 ukazuje trumf: 🔔 8 (trumfy 🔔 kule) — trumf je v talonu"),
        (Event("trump_chosen", 1, {"blind": True}), 0, "AI1 volí trumf z lidu"),
        (Event("talon_taken", 0, {}), 0, "ty bereš talon"),
        (Event("claim", 0, {"hand": ["Ac"]}), 0, "ty vykládáš karty: 🌰 eso"),
        (Event("thrown_in", None, {"reason": "unfleked_game"}), 0,
         "nikdo neflekoval: karty se skládají"),
    ],
)  # fmt: skip
def test_mariáš_events(event: Event, human: int, line: str) -> None:
    assert marias_text.event_text(event, NAMES, "cs", human) == f"  · {line}"


def test_flek_choices_name_the_level_they_reach() -> None:
    record = load_record(ROOT / "tests" / "marias" / "records" / "V1.json")
    deal = record.deals[0]
    state = VOLENY.new_deal(VOLENY.options(), 3, deal.dealer, cards=deal.cards)
    for seat, code in deal.actions[:7]:  # up to the defender's flek
        state, _ = VOLENY.apply(state, seat, VOLENY.parse_action(code))
    labels = [
        marias_text.describe_action(a.code, "cs", state.view(1)) for a in state.legal_actions(1)
    ]
    assert any(label.endswith("re na hru") for label in labels), labels
    assert any(label.endswith("bez fleku") for label in labels)


def test_the_summary_of_a_golden_deal() -> None:
    record = load_record(ROOT / "tests" / "marias" / "records" / "V5.json")
    outcome = replay_deal(record, record.deals[0]).outcome()
    names = ["AI0", "ty", "AI2"]  # forhond, the declarer, is the human
    text = marias_text.summary_text(outcome.summary, outcome.scores, names, "cs", human=1,
                                    options=VOLENY.options())  # fmt: skip
    assert text.splitlines() == [
        "🏁 Konec rozdání",
        "🎯 Ty hraješ hru a sedmu, trumfy ❤️ červené (v červených dvojnásob)",
        "🔥 re na sedmu",
        "📊 Body: ty 90 : obrana 100",
        "Štychy: ty 5, AI2 3, AI0 2",
        "💍 Hlášky: ty 🍃 20, AI2 🔔 20, ty ❤️ 40, AI0 🌰 20",
        "❌ tichá stovka: ty platíš každému 0,40 Kč",
        "✅ sedma (re): ty dostáváš od každého 1,60 Kč",
        "🏆 Ty vyhráváš",
        "💰 AI0 platí 1,20 Kč · ty dostáváš 2,40 Kč · AI2 platí 1,20 Kč",
    ]
    english = marias_text.summary_text(outcome.summary, outcome.scores, ["AI0", "you", "AI2"],
                                       "en", human=1)  # fmt: skip
    assert "🎯 You play a game and the seven, trumps ❤️ Hearts" in english
    assert "💰 AI0 pays 0.12 CZK" not in english and "AI0 pays 1.20 CZK" in english


def test_money_reads_as_crowns() -> None:
    assert marias_text.money(20, "cs") == "0,20 Kč"
    assert marias_text.money(1280, "cs", sign=True) == "+12,80 Kč"
    assert marias_text.money(-40, "cs", sign=True) == "−0,40 Kč"
    assert marias_text.money(-40, "en", sign=True) == "−0.40 CZK"


# --- Blázen -------------------------------------------------------------------


def test_a_blázen_session_reads_as_czech(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = _session(monkeypatch, capsys, "blazen", "--seed", "5", "--seats", "3", "--deals", "3")
    assert GERMAN.search(out) is None  # Blázen keeps the French deck
    assert re.search(r"trumf: [♥♦♠♣] (srdce|káry|piky|kříže) ", out)
    assert not re.search(r"\b(kule|zelené|žaludy|červené)\b", out)
    assert "útočí na" in out and "přebíjí" in out and "bito (" in out
    assert "ty útočíš na" in out and "ty přihazuješ" in out
    assert "ty bere " not in out and "ty útočí " not in out and "ty přebíjí " not in out
    assert "=== 1. hra · ty rozdáváš · seed 5 ===" in out
    summaries = _summaries(out)
    assert len(summaries) == 3
    for block in summaries:
        assert "{" not in block and "}" not in block
        assert "🏁 Konec hry" in block and "Pořadí: 1. " in block
        assert re.search(r"🤡 Blázen: |🤝 Remíza|🔁 ", block)
        assert "× blázen" in block


def test_french_suits_in_blázen() -> None:
    state = BLAZEN.new_deal(BLAZEN.options(), 3, 0, seed=11)
    shown = blazen_text.render_view(state.view(0), NAMES, "cs")
    suit = blazen_text.SUIT_NAMES["cs"][state.public_view().trump]
    assert f"trumf: {'♥♦♠♣'['hdsc'.index(state.public_view().trump)]} {suit} (" in shown
    assert blazen_text.SUIT_NAMES["cs"] == {"h": "srdce", "d": "káry", "s": "piky", "c": "kříže"}
    assert "tvoje karty: " in shown and "v balíčku" in shown


@pytest.mark.parametrize(
    ("event", "line"),
    [
        (Event("take", 0, {}), "ty bereš"),
        (Event("take", 1, {}), "AI1 bere"),
        (Event("attack", 1, {"cards": ["7s"], "defender": 0}), "AI1 útočí na tebe: ♠7"),
        (Event("attack", 0, {"cards": ["7s", "7d"], "defender": 1}), "ty útočíš na AI1: ♠7 ♦7"),
        (Event("beat", 0, {"index": 0, "attack": "7s", "card": "8s"}), "ty přebíjíš ♠7 kartou ♠8"),
        (Event("beat", 2, {"index": 0, "attack": "7s", "card": "6d"}), "AI2 přebíjí ♠7 kartou ♦6"),
        (Event("throw", 2, {"cards": ["7d"], "defender": 1}), "AI2 přihazuje ♦7"),
        (Event("pass", 0, {}), "ty nepřihazuješ"),
        (Event("transfer", 1, {"cards": ["7c"], "defender": 0}),
         "AI1 převádí ♣7 — útok jde na tebe"),
        (Event("pick_up", 0, {"cards": ["7s", "8s"]}), "ty bereš ze stolu ♠7 ♠8"),
        (Event("drawn", 0, {"cards": ["Ah"]}, frozenset((0,))), "ty dobíráš ♥A"),
        (Event("bito", None, {"cards": ["7s", "8s"], "size": 2}), "bito (♠7 ♠8)"),
        (Event("redeal", 0, {"suit": "s"}), "ty žádáš nové rozdání"),
        (Event("exchange", 2, {"gave": "6h", "took": "Ah"}), "AI2 mění ♥6 za ♥A"),
        (Event("out", None, {"seats": [1], "place": 1}), "venku: AI1 (1. místo)"),
    ],
)  # fmt: skip
def test_blázen_events(event: Event, line: str) -> None:
    assert blazen_text.event_text(event, NAMES, "cs", 0) == f"  · {line}"


def test_a_blázen_summary() -> None:
    summary = {
        "end": "fool", "fool": 2, "losers": [2], "places": {"1": 1, "0": 2, "2": 3},
        "straps": {"2": 2}, "trump": "d", "trump_card": "6d", "bouts": 3,
    }  # fmt: skip
    text = blazen_text.summary_text(summary, (0, 0, 1), NAMES, "cs", human=0)
    assert text.splitlines() == [
        "🏁 Konec hry",
        "🤡 Blázen: AI2",
        "Pořadí: 1. AI1, 2. ty, 3. AI2",
        "🎖 Pogony: AI2 2",
        "Trumfy: ♦ káry · 3 kola",
    ]
    redeal = {"end": "redeal", "redeal_by": 0, "places": {}, "trump": "s", "bouts": 0}
    assert "🔁 ty máš pět karet jedné barvy a žádáš nové rozdání" in blazen_text.summary_text(
        redeal, (0, 0, 0), NAMES, "cs", human=0
    )
    assert blazen_text.tally_text([1, 0, 2], NAMES, "cs", 3) == (
        "📊 Průběžně po 3. hře: ty 1× blázen · AI1 0× blázen · AI2 2× blázen"
    )


# --- every Czech string of the terminal client ---------------------------------

_ASCII_FOR_CZECH = re.compile(
    r"\b(hlasi|bere[sš]? stych|stych|dobra|spatna|tvoje karty bez|trumf[ay]? v talonu bez"
    r"|kulov|zelen[ay]\b|zaludy|cervene|karty se skladaji|vylozit|pockat|pokracovat"
    r"|rozdani|hrac|platis|dostavas|vyhravas|utoci|prebiji|prihazuje|kary|krize|nepřihodim)\b"
)


@pytest.mark.parametrize("module", ["marias_text.py", "blazen_text.py", "cenzr_text.py", "play.py"])
def test_no_czech_word_lost_its_diacritics(module: str) -> None:
    """Czech words written without háčky and čárky, in the strings of the client.

    Action codes ("dobra", "spatna") are ASCII by design; they appear only as
    dictionary keys and codes, never as a text to show, so quoted strings are
    checked without the ones that are keys or codes.
    """
    source = (ROOT / "games" / "cli" / module).read_text(encoding="utf-8")
    shown = re.findall(r'"([^"\n]*)"', source)
    codes = {"dobra", "spatna", "pass", "claim", "take", "redeal"}
    bad = [s for s in shown if s not in codes and _ASCII_FOR_CZECH.search(s)]
    assert bad == []


def test_refusals_before_the_game_are_czech(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "marias", "--seats", "5"]) == 2
    assert main(["play", "poker"]) == 2
    out = capsys.readouterr().out
    assert "Volený mariáš je pro 3 až 4 hráče" in out and "neznámá hra 'poker'" in out
    assert main(["play", "marias", "--seats", "5", "--lang", "en"]) == 2
    assert "takes 3-4 seats" in capsys.readouterr().out
