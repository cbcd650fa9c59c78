"""The křížový renderer: every view of seeded deals at 4 and 5 seats renders valid HTML
in both languages and its keyboards reach exactly the legal actions; the Czech of the
choice, the honers and the fleks; the result's components with their prices."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from bot.render import Button, Keyboard, renderer_for
from bot.render.i18n import I18n
from bot.render.krizovy import EXTRAS_PICK, TRUMP_PICK, KrizovyRenderer
from games.engine import Outcome
from games.registry import find_variant
from tests.bot.test_render import _check_html, _encode

VARIANT = find_variant("marias-krizovy")
RENDERER = KrizovyRenderer()
I18N = I18n.load()
CS, EN = I18N.for_lang("cs"), I18N.for_lang("en")
NAMES = ["Jana <b>&", "Petr", "🤖 Franta", "Eva", "Olga"]

DEAL = {  # A[0] = seat 1 (dealer 0): first four ♣K ♥A ♥K ♠Q, second four ♣8 ♥Q ♠A ♠7
    "1": ["Kc", "Ah", "Kh", "Qs", "8c", "Qh", "As", "7s"],
    "2": ["Ac", "Tc", "9c", "7c", "Jc", "7h", "8h", "9h"],
    "3": ["Qc", "Ad", "Kd", "Qd", "Jd", "Td", "9d", "8d"],
    "0": ["Jh", "Th", "7d", "Ks", "Js", "Ts", "9s", "8s"],
}


def _flat(keyboard: Keyboard) -> list[Button]:
    return [b for row in keyboard for b in row]


def _reached(codes: Sequence[str], view: Any, tr: Any) -> set[str]:
    """Every action the hand keyboard reaches through any chain of picks."""
    reached: set[str] = set()
    seen: set[str | None] = set()
    todo: list[str | None] = [None]
    while todo:
        pick = todo.pop()
        if pick in seen:
            continue
        seen.add(pick)
        for button in _flat(RENDERER.private_keyboard(codes, view, tr, pick)):
            _encode(button)
            if button.action is not None:
                reached.add(button.action)
            else:
                todo.append(None if button.pick == "-" else button.pick)
    return reached


def _choose(codes: list[str], rng: random.Random) -> str:
    """A random legal move, leaning towards the deal being played."""
    for preferred, weight in (("dobra", 0.75), ("pass", 0.7)):
        if preferred in codes and rng.random() < weight:
            return preferred
    return rng.choice(codes)


def _stored(outcome: Outcome) -> dict[str, Any]:
    return {"summary": dict(outcome.summary), "scores": list(outcome.scores)}


@pytest.mark.parametrize("seats", [4, 5])
def test_every_view_of_seeded_deals_renders_and_offers_exactly_the_legal_actions(
    seats: int,
) -> None:
    rng = random.Random(seats)
    opts = VARIANT.options({})
    kinds: set[str] = set()
    heads: set[str] = set()
    for deal in range(40):
        red = deal % 7 == 6
        setup = {"dealer": deal % seats, "red_round": True} if red else deal % seats
        state = VARIANT.new_deal(opts, seats, setup, seed=1000 * seats + deal)
        while not state.is_over:
            (seat,) = state.to_act()
            codes = [a.code for a in state.legal_actions(seat)]
            heads.update(c.partition(":")[0] for c in codes)
            for tr in (CS, EN):
                public = state.public_view()
                _check_html(RENDERER.table_text(public, NAMES[:seats], tr))
                for s in range(seats):
                    _check_html(RENDERER.hand_text(state.view(s), NAMES[:seats], tr))
                view = state.view(seat)
                assert _reached(codes, view, tr) == set(codes)
                shown = [c for c in codes if RENDERER.is_public(c)]
                for button in _flat(RENDERER.public_keyboard(shown, public, tr)):
                    _encode(button)
                    assert button.action is None or button.action in shown
            code = _choose(codes, rng)
            state, _ = VARIANT.apply(state, seat, VARIANT.parse_action(code))
        kinds.add(state.kind)
        stored = _stored(state.outcome())
        for tr in (CS, EN):
            _check_html(RENDERER.result_text(stored, NAMES[:seats], tr))
            _check_html(RENDERER.table_text(state.public_view(), NAMES[:seats], tr))
    assert {"volba", "lid", "cerv", "ext", "dobra", "flek", "pass", "play", "game"} <= heads
    assert "hra" in kinds


def _start(cards: Mapping[str, list[str]] = DEAL) -> Any:
    return VARIANT.new_deal(VARIANT.options({}), 4, 0, cards=cards)


def _do(state: Any, *codes: str) -> Any:
    for code in codes:
        (seat,) = state.to_act()
        state, _ = VARIANT.apply(state, seat, VARIANT.parse_action(code))
    return state


def test_the_choice_is_the_trump_card_then_the_called_card_as_it_is_said() -> None:
    state = _start()
    f = state.forhond
    codes = [a.code for a in state.legal_actions(f)]
    view = state.view(f)
    first = _flat(RENDERER.private_keyboard(codes, view, CS, None))
    labels = [b.label for b in first]
    assert "🂠 Trump: 🌰 král".replace("Trump", "Trumf") in labels
    assert "🎲 Z lidu: 3." in labels
    picks = [b.pick for b in first if b.pick]
    assert f"{TRUMP_PICK}Kc" in picks
    second = _flat(RENDERER.private_keyboard(codes, view, CS, f"{TRUMP_PICK}Kc"))
    assert second[0].pick == "-"
    called = {b.label: b.action for b in second[1:]}
    assert called["s esem žaludským"] == "volba:Kc,Ac"
    assert called["s desítkou žaludskou"] == "volba:Kc,Tc"
    assert "s králem žaludským" not in called  # he holds it
    text = RENDERER.hand_text(view, NAMES[:4], CS)
    assert "první čtyři karty" in text and "🍃 svršek" in text
    assert "eso" in text and "🍃 svršek eso" not in text  # ♠A lies unseen
    # the action the table hears never names the card laid face down
    said = RENDERER.action_text("volba:Kc,Ac", CS)
    assert said == "volí s esem žaludským" and "král" not in said


def test_the_reveal_toggles_stovka_and_honers_into_one_code() -> None:
    state = _do(_start(), "volba:Kc,Ac")
    f = state.forhond
    codes = [a.code for a in state.legal_actions(f)]
    view = state.view(f)
    assert "🂠 Rubem vzhůru máš položený trumf: 🌰 král" in RENDERER.hand_text(view, NAMES, CS)
    public = RENDERER.table_text(state.public_view(), NAMES[:4], CS)
    assert "🌰 král" not in public and "rubem vzhůru" in public
    rows = _flat(RENDERER.private_keyboard(codes, view, CS, None))
    assert [b.label for b in rows][-1] == "📣 Ukázat: hra s esem žaludským"
    toggles = {b.label: b.pick for b in rows if b.pick}
    assert set(toggles) == {"⬜ Stovka", "⬜ s osmou"}
    pick = toggles["⬜ s osmou"]
    assert pick == f"{EXTRAS_PICK}8"
    rows = _flat(RENDERER.private_keyboard(codes, view, CS, pick))
    toggles = {b.label: b.pick for b in rows if b.pick}
    assert toggles == {"⬜ Stovka": f"{EXTRAS_PICK}sto+8", "☑️ s osmou": f"{EXTRAS_PICK}none"}
    rows = _flat(RENDERER.private_keyboard(codes, view, CS, f"{EXTRAS_PICK}sto+8"))
    assert rows[-1].action == "ext:sto+8"
    assert rows[-1].label == "📣 Ukázat: stovka s esem žaludským, s osmou"
    said = RENDERER._extras_said(True, (9, 8, 7), view, CS)
    assert said == "stovka s esem žaludským, malý čtenář"
    assert RENDERER.action_text("ext:9+8+7", CS) == "ukázal(a) volbu: hra, malý čtenář"


def test_approval_fleks_and_honers_as_players_say_them() -> None:
    state = _do(_start(), "volba:Kc,Ac", "ext:8")
    table = RENDERER.table_text(state.public_view(), NAMES[:4], CS)
    assert "🎯 Petr hraje hru s esem žaludským, trumfy 🌰 žaludy" in table
    assert "🂠 Ukázaný trumf: 🌰 král" in table
    assert "📣 Honery: s osmou (Petr) → 7. štych" in table
    assert "🤫 Spoluhráč je tajný" in table
    # the partner (seat 2, ♣A) speaks first: his honers are only in his direct chat
    (seat,) = state.to_act()
    assert seat == 2
    codes = [a.code for a in state.legal_actions(seat)]
    public = [c for c in codes if RENDERER.is_public(c)]
    group = [b.label for b in _flat(RENDERER.public_keyboard(public, state.public_view(), CS))]
    assert group[0] == "👍 U mě je barva dobrá"
    assert "Durch s … (v soukromé zprávě)" in group
    assert not any("Sedma" in g or "Devítka" in g for g in group)
    private = [b.label for b in _flat(RENDERER.private_keyboard(codes, state.view(seat), CS, None))]
    assert "👍 Devítka s, barva je dobrá" in private and "👍 Sedma s, barva je dobrá" in private
    assert "Devítka s a …" in private  # the devítka, and the word stays for the sedma
    hand = RENDERER.hand_text(state.view(seat), NAMES[:4], CS)
    assert "Máš volanou kartu: hraješ ve dvojici, Petr a ty" in hand
    state = _do(state, "honer:9", "dobra", "dobra", "dobra", "dobra")
    table = RENDERER.table_text(state.public_view(), NAMES[:4], CS)
    assert "devítka s (🤖 Franta) → 6. štych" in table
    assert "👥 Petr + 🤖 Franta proti Eva + Jana &lt;b&gt;&amp;" in table
    assert "🤫" not in table

    # the flek round, revealed: the partner first, then a defender, on the group message
    def group_labels() -> list[str]:
        (seat,) = state.to_act()
        codes = [a.code for a in state.legal_actions(seat)]
        public = [c for c in codes if RENDERER.is_public(c)]
        return [b.label for b in _flat(RENDERER.public_keyboard(public, state.public_view(), CS))]

    assert state.to_act() == {2}
    assert group_labels() == ["Bez fleku", "Sedma s", "Sedma s a …"]
    state = _do(state, "pass")
    group = group_labels()
    assert "Bez fleku" in group and "Flek na hru" in group
    assert "Flek na hru, na devítku i na osmu" in group
    state = _do(state, "flek:hra+h8")
    assert RENDERER.action_text("flek:hra+h8", CS) == "zvýšil(a): flek na hru i na osmu"
    table = RENDERER.table_text(state.public_view(), NAMES[:4], CS)
    assert "🔥 flek na hru i na osmu" in table
    assert group_labels() == ["Bez fleku", "Flek na devítku"]  # the other defender
    state = _do(state, "pass")
    group = group_labels()  # the declarer's re
    assert "Re na hru" in group and "Re na hru i na osmu" in group
    state = _do(state, "pass")  # the declarer leaves the re to his partner
    group = group_labels()  # the partner again: "re a sedma" in one press
    assert "Re na hru a sedma s" in group and "Sedma s" in group
    state = _do(state, "honer:7,hra")
    table = RENDERER.table_text(state.public_view(), NAMES[:4], CS)
    assert "sedma s (🤖 Franta) → 8. štych" in table
    assert "🔥 flek na osmu, re na hru" in table


def test_the_result_lists_each_component_with_its_price() -> None:
    summary = {
        "kind": "hra",
        "declarer": 1,
        "chooser": 1,
        "partner": 2,
        "alone": False,
        "trump": "c",
        "called": "Ac",
        "stovka": False,
        "honers": [{"value": 8, "seat": 1, "side": "C"}, {"value": 7, "seat": 3, "side": "D"}],
        "fleks": {"hra": 1},
        "end": "played",
        "tricks": {"0": 1, "1": 4, "2": 2, "3": 1},
        "points": {"C": 70, "D": 40},
        "components": [
            {"name": "hra", "units": 2, "flek": 1},
            {"name": "h8", "units": 2, "flek": 0},
            {"name": "h7", "units": 2, "flek": 0},
            {"name": "tichý h9", "units": -1, "flek": 0},
        ],
        "units": 5,
    }
    stored = {"summary": summary, "scores": [-5, 5, 5, -5], "tally": [-50, 50, 50, -50]}
    text = RENDERER.result_text(stored, NAMES[:4], CS)
    assert "🎯 Petr hrál(a) hru s esem žaludským, trumfy 🌰 žaludy" in text
    assert "👥 Petr + 🤖 Franta proti Jana &lt;b&gt;&amp; + Eva" in text
    assert "Hra, flek ×2: 0,20 Kč → Petr + 🤖 Franta" in text
    assert "Hlášená osma: 0,20 Kč → Petr + 🤖 Franta" in text
    assert "Hlášená sedma proti: 0,20 Kč → Petr + 🤖 Franta" in text  # killed
    assert "Tichá devítka: 0,10 Kč → Jana &lt;b&gt;&amp; + Eva" in text
    assert "Petr +0,50 Kč" in text and "Eva −0,50 Kč" in text
    summary["end"], summary["components"] = "dobirka", [{"name": "dobirka", "units": 2, "flek": 1}]
    text = RENDERER.result_text(stored, NAMES[:4], CS)
    assert "dobírku" in text and "Dobírka, flek ×2: 0,20 Kč" in text
    _check_html(RENDERER.result_text(stored, NAMES[:4], EN))


def test_settings_offer_the_red_round_first_and_only_real_choices() -> None:
    choices = RENDERER.option_choices()
    assert list(choices)[:2] == ["cervene_kolo", "session_deals"]
    assert all(len(v) > 1 for v in choices.values())
    for name, values in choices.items():
        for tr in (CS, EN):
            assert str(RENDERER.option_label(name, tr)) != name
            for value in values:
                assert str(RENDERER.option_value(name, value, tr))
    assert RENDERER.option_value("session_deals", 12, CS) == "12 rozdání"
    assert RENDERER.option_label("cervene_kolo", CS) == "Na konci červené kolo"


def test_the_renderer_is_registered() -> None:
    assert isinstance(renderer_for("marias-krizovy"), KrizovyRenderer)
    _check_html(RENDERER.rules_text(CS))
    _check_html(RENDERER.rules_text(EN))


def test_only_cards_of_the_deck_can_be_called() -> None:
    """Engine regression (fixed in games/marias_krizovy/legality.py): the called card
    was taken from the 13-rank suit mask, offering "volba:8c,5c" and "cerv:2h"."""
    state = _start()
    for red in (False, True):
        if red:
            state = VARIANT.new_deal(
                VARIANT.options({}), 4, {"dealer": 0, "red_round": True}, cards=DEAL
            )
        codes = [a.code for a in state.legal_actions(state.forhond)]
        called = [c.partition(":")[2].split(",")[-1] for c in codes if "lid" not in c]
        assert called and all(c[0] in "789TJQKA" for c in called), called
