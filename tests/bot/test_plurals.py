"""Plural forms in the catalogs: Czech has three (1 hra, 2 hry, 5 her), English two."""

from __future__ import annotations

import pytest

from bot.render.i18n import CatalogError, I18n, Plural, Translator, check_catalogs, flatten
from bot.render.i18n import plural_category as category

I18N = I18n.load()


@pytest.mark.parametrize(
    ("n", "cs", "en"),
    [
        (0, "many", "other"),
        (1, "one", "one"),
        (2, "few", "other"),
        (4, "few", "other"),
        (5, "many", "other"),
        (21, "many", "other"),  # "21 her", "21 bodů": compound numbers take the genitive
        (22, "many", "other"),
        (25, "many", "other"),
        (-2, "few", "other"),  # a sign does not change the noun: "−2 body"
    ],
)
def test_the_plural_category_of_a_count(n: int, cs: str, en: str) -> None:
    assert (category("cs", n), category("en", n)) == (cs, en)


def _translator(lang: str, entry: dict[str, str]) -> Translator:
    return Translator(lang, flatten({"t": entry}))


def test_a_plural_entry_picks_its_form_by_the_named_count() -> None:
    games = {"count": "k", "one": "{k} hra", "few": "{k} hry", "many": "{k} her"}
    tr = _translator("cs", games)
    shown = [tr("t", k=k) for k in (0, 1, 2, 4, 5, 21, 22, 25)]
    assert shown == ["0 her", "1 hra", "2 hry", "4 hry", "5 her", "21 her", "22 her", "25 her"]
    points = _translator("cs", {"one": "{n} bod", "few": "{n} body", "many": "{n} bodů"})
    assert [points("t", n=n) for n in (1, 3, 10)] == ["1 bod", "3 body", "10 bodů"]
    deals = _translator("en", {"one": "{n} deal", "other": "{n} deals"})
    assert [deals("t", n=n) for n in (0, 1, 2)] == ["0 deals", "1 deal", "2 deals"]


def test_a_plural_entry_without_its_count_is_a_mistake_of_the_caller() -> None:
    tr = _translator("en", {"one": "{n} deal", "other": "{n} deals"})
    with pytest.raises(KeyError, match="count"):
        tr("t", m=1)


def test_the_catalog_check_wants_every_form_of_each_language() -> None:
    cs = flatten({"t": {"one": "{n} hra", "many": "{n} her"}})  # "few" missing
    en = flatten({"t": {"one": "{n} game", "other": "{n} games"}})
    with pytest.raises(CatalogError, match="few"):
        check_catalogs({"cs": cs, "en": en})
    cs = flatten({"t": {"count": "k", "one": "{k} hra", "few": "{k} hry", "many": "{k} her"}})
    with pytest.raises(CatalogError):  # en counts n, cs counts k
        check_catalogs({"cs": cs, "en": en})
    assert isinstance(flatten({"a": {"one": "x {n}", "other": "y {n}"}})["a"], Plural)
    assert flatten({"a": {"b": "x"}}) == {"a.b": "x"}  # a group of keys stays a group


def test_shipped_texts_with_counts_agree_with_their_number() -> None:
    cs, en = I18N.for_lang("cs"), I18N.for_lang("en")
    assert cs("score.line", rank=1, name="Jana", total="+1,00 Kč", deals=1).endswith("(1 rozdání)")
    assert en("score.line", rank=1, name="Jana", total="+1.00 CZK", deals=1).endswith("(1 deal)")
    assert en("score.line", rank=1, name="Jana", total="+1.00 CZK", deals=2).endswith("(2 deals)")
    assert cs("score.match", game="Mariáš", deals=1) == "Mariáš: odehráno 1 rozdání"
    assert cs("score.match", game="Mariáš", deals=3) == "Mariáš: odehrána 3 rozdání"
    assert en("score.match", game="Mariáš", deals=1) == "Mariáš: 1 deal played"
    assert cs("blazen.score.match", game="Blázen", deals=2) == "Blázen: odehrány 2 hry"
    assert cs("blazen.score.match", game="Blázen", deals=5) == "Blázen: odehráno 5 her"
    line = "blazen.score.line"
    assert cs(line, rank=1, name="Jana", total="1× blázen", deals=21).endswith("(21 her)")
    assert cs("blazen.optval.cards", n=24) == "24 karet"
    assert en("blazen.optval.cards", n=24) == "24 cards"
    assert "1 kartu" in cs("blazen.covered", room=1) and "3 karty" in cs("blazen.covered", room=3)
    assert "1 more card" in en("blazen.covered", room=1)
    assert "2 more cards" in en("blazen.covered", room=2)
    assert "1 sekunda" in cs("remind.turn", seconds=1)
    assert "Zbývají asi 3 sekundy" in cs("remind.turn", seconds=3)
    assert "30 sekund" in cs("remind.turn", seconds=30)
    assert "1 second left" in en("remind.turn", seconds=1)
    assert "3 hráči" in cs("lobby.players", count=3, min=3, max=4)
    assert "1 player" in en("lobby.players", count=1, min=3, max=4)


def test_a_game_may_word_a_shared_text_its_own_way() -> None:
    cs = I18N.for_lang("cs")
    assert cs.game("blazen", "table.header", game="Blázen", n=2) == "🃏 <b>Blázen</b> · hra 2"
    assert cs.game("marias", "table.header", game="Mariáš", n=2) == "🃏 <b>Mariáš</b> · rozdání 2"
    assert "Průběžně po 3. hře" in cs.game("blazen", "result.running", deals=3, list="x")
    assert cs.game("blazen", "btn.next_deal") == "▶️ Další hra"
