"""The catalogs say things as players do: Czech pub vocabulary, clean typography,
plural forms wherever a count is shown, Mariáš's German suits, Blázen's games."""

from __future__ import annotations

import json
import re
from importlib import resources
from typing import Any

import pytest

from bot.render.i18n import Entry, I18n, Plural, flatten

I18N = I18n.load()


def _catalog(lang: str) -> dict[str, Entry]:
    folder = resources.files("bot.render") / "locales"
    data: dict[str, Any] = json.loads((folder / f"{lang}.json").read_text(encoding="utf-8"))
    return flatten(data)


CS, EN = _catalog("cs"), _catalog("en")


def _texts(catalog: dict[str, Entry], prefix: str = "") -> list[tuple[str, str]]:
    found = []
    for key, entry in catalog.items():
        if key.startswith(prefix):
            for text in entry.texts if isinstance(entry, Plural) else (entry,):
                found.append((key, text))
    return found


@pytest.mark.parametrize("lang", ["cs", "en"])
def test_typography_is_clean(lang: str) -> None:
    """No double spaces, no space before punctuation ("x : y" is a score, not a colon),
    dashes and ellipses as such, and no straight quotes (Czech „…“, English “…”)."""
    catalog = CS if lang == "cs" else EN
    for key, text in _texts(catalog):
        for bad in ("  ", " ,", " .", " ;", " !", " ?", " - ", "...", '"'):
            assert bad not in text, (key, bad, text)
        assert not re.search(r" :(?! )", text), (key, text)
        assert text == text.strip(), key


def test_english_keeps_only_the_czech_words_it_explains() -> None:
    # Cenzr's péro (all tricks taken) has no English name; its rules text explains it
    allowed = {"Blázen", "Volený", "dobrá", "špatná", "haléřů", "mariáš", "péro", "Péro"}
    for key, text in _texts(EN):
        words = {w for w in re.findall(r"\w+", text) if re.search(r"[á-ž]", w)}
        assert words <= allowed, (key, words - allowed)


def test_marias_names_cards_by_german_suits() -> None:
    for catalog in (CS, EN):
        for key, text in _texts(catalog, "marias."):
            assert not set(text) & set("♥♦♠♣"), (key, text)
    assert CS["marias.rank.J"] == "spodek" and CS["marias.rank.Q"] == "svršek"
    assert [CS[f"marias.suit.{s}"] for s in "hdsc"] == ["červené", "kule", "zelené", "žaludy"]


def test_the_contract_and_the_fleks_are_in_the_accusative() -> None:
    """ "Petr hraje hru / sedmu / stovku / sto sedm / betla / durcha", "flek na hru"."""
    plays = {k.rpartition(".")[2]: v for k, v in CS.items() if k.startswith("marias.plays.")}
    assert plays == {
        "hra": "hru",
        "sedma": "sedmu",
        "stovka": "stovku",
        "stovka+sedma": "sto sedm",
        "betl": "betla",
        "durch": "durcha",
    }
    acc = {k.rpartition(".")[2]: v for k, v in CS.items() if k.startswith("marias.acc.")}
    assert acc == {"hra": "hru", "stovka": "stovku", "sedma": "sedmu", "betl": "betla"} | {
        "durch": "durcha"
    }
    tr = I18N.for_lang("cs")
    assert tr("marias.flek_on", level="flek", what=acc["hra"]) == "flek na hru"
    contract_words = [
        (key, text)
        for part in ("plays", "kind_button", "said", "component", "contract", "result")
        for key, text in _texts(CS, f"marias.{part}.")
    ]
    assert not [k for k, text in contract_words if "barv" in text]  # the game is "hra"
    assert CS["marias.optval.forhond"] == "forhont"
    assert tr("marias.lid_button", n=1) == "Z lidu: 1. karta"


@pytest.mark.parametrize(
    "key",
    [
        "lobby.players",
        "remind.turn",
        "score.match",
        "score.line",
        "blazen.score.match",
        "blazen.score.line",
        "blazen.optval.cards",
        "blazen.taking",
        "blazen.covered",
        "blazen.your.throw",
        "blazen.your.take_add",
        "marias.result.marriages",
    ],
)
def test_a_count_shown_in_words_has_plural_forms(key: str) -> None:
    assert isinstance(CS[key], Plural) and isinstance(EN[key], Plural), key


def test_blazen_counts_games_not_deals() -> None:
    tr = I18N.for_lang("cs")
    assert tr.game("blazen", "table.header", game="Blázen", n=3).endswith("· hra 3")
    assert tr.game("blazen", "btn.next_deal") == "▶️ Další hra"
    shown = [tr.game("blazen", "score.match", game="Blázen", deals=n) for n in (1, 2, 5)]
    assert shown == ["Blázen: odehrána 1 hra", "Blázen: odehrány 2 hry", "Blázen: odehráno 5 her"]
    for key, text in _texts(CS, "blazen."):
        if "rozdání" in text or "Rozdat" in text:  # only a redeal is a deal
            assert "nové rozdání" in text.lower() or "Rozdat znovu" in text, (key, text)
