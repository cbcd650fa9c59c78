"""The licitovaný renderer over whole seeded deals: valid HTML in both languages,
every legal action reachable through the keyboards, and the levels as Czech
players say them."""

from __future__ import annotations

import html
import random
from collections.abc import Sequence
from typing import Any

import pytest

from bot.render import Button, renderer_for
from bot.render.i18n import I18n
from bot.render.licit import LicitRenderer
from games.players import make_player
from games.registry import find_variant
from tests.bot.test_render import _check_html, _encode, _flat

VARIANT = find_variant("licit")
RENDERER = renderer_for(VARIANT.id)
I18N = I18n.load()
NAMES = ["Jana <b>&", "Petr", "🤖 Franta", "Eva"]
CS, EN = I18N.for_lang("cs"), I18N.for_lang("en")


def reachable(codes: Sequence[str], view: Any, tr: Any) -> set[str]:
    """Every action the direct chat's keyboard reaches, following its picks."""
    found: set[str] = set()
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
                found.add(button.action)
            else:
                todo.append(None if button.pick == "-" else button.pick)
    return found


def _random_deals(seats: int, deals: int, options: dict[str, Any]) -> Any:
    rng = random.Random(seats)
    player = make_player("random", VARIANT.id)
    opts = VARIANT.options(options)
    for deal in range(deals):
        state = VARIANT.new_deal(opts, seats, deal % seats, seed=deal)
        yield opts, state
        while not state.is_over:
            seat = min(state.to_act(), key=lambda s: (s not in VARIANT.due(state), s))
            action = player.choose(state.view(seat), state.legal_actions(seat), seat, rng)
            state, _ = VARIANT.apply(state, seat, action)
            yield opts, state


@pytest.mark.parametrize("seats", [3, 4])
def test_every_view_of_seeded_deals_renders_and_reaches_exactly_the_legal_actions(
    seats: int,
) -> None:
    options = {"auto_declare_marriages": False, "max_flek_level": 3}
    phases: set[str] = set()
    for opts, state in _random_deals(seats, 30, options):
        public = state.public_view()
        phases.add(public.phase)
        for tr in (CS, EN):
            _check_html(RENDERER.table_text(public, NAMES, tr))
            for seat in range(seats):
                if seat not in public.active:
                    continue
                view = state.view(seat)
                _check_html(RENDERER.hand_text(view, NAMES, tr))
                codes = [a.code for a in state.legal_actions(seat)]
                shown = {
                    b.action
                    for b in _flat(
                        RENDERER.public_keyboard(
                            [c for c in codes if RENDERER.is_public(c)], public, tr
                        )
                    )
                    if b.action is not None
                }
                assert shown <= set(codes)
                assert reachable(codes, view, tr) == set(codes), (public.phase, codes)
                for code in codes:  # a notice names the move (a timeout's, say)
                    _check_html(RENDERER.action_text(code, tr))
        if state.is_over:
            outcome = state.outcome()
            stored = {
                "summary": dict(outcome.summary),
                "scores": list(outcome.scores),
                "tally": list(VARIANT.deal_scores(outcome, opts)),
            }
            for tr in (CS, EN):
                _check_html(RENDERER.result_text(stored, NAMES, tr))
    assert phases >= {"auction", "talon", "contract", "flek", "play", "over"}


def test_the_group_offers_the_auction_and_the_fleks_but_never_the_talon_or_omyl() -> None:
    assert RENDERER.is_public("bid:4") and RENDERER.is_public("mam")
    assert RENDERER.is_public("pass") and RENDERER.is_public("flek:sto+sedma")
    for code in ("talon:7d,8d", "contract:4:s", "omyl", "play:Ah", "hlas:Kh"):
        assert not RENDERER.is_public(code), code


def test_the_levels_as_czech_players_say_them() -> None:
    said = [str(LicitRenderer.level_text(n, CS)) for n in range(1, 13)]
    assert said == [
        "sedma",
        "sedma červená",
        "sto",
        "sto a sedma",
        "sto červených",
        "sto a sedma červených",
        "betl",
        "durch",
        "dvě sedmy",
        "dvě sedmy a sto",
        "dvě sedmy, červená trumf",
        "dvě sedmy, červená trumf a sto",
    ]
    # the engine names its levels the same way
    from games.marias_licit.levels import LEVELS

    assert said == [lv.name for lv in LEVELS]
    plays = [str(CS(f"licit.plays.{n}")) for n in (1, 4, 6, 7, 8, 10)]
    assert plays == [
        "sedmu",
        "sto a sedmu",
        "sto a sedmu červených",
        "betla",
        "durcha",
        "dvě sedmy a sto",
    ]


def _auction_state(*calls: tuple[int, str]) -> Any:
    state = VARIANT.new_deal(VARIANT.options({}), 3, 0, seed=5)  # F=1, M=2, Z=0
    for seat, code in calls:
        state, _ = VARIANT.apply(state, seat, VARIANT.parse_action(code))
    return state


def _labels(keyboard: list[list[Button]]) -> list[str]:
    return [b.label for b in _flat(keyboard)]


def test_the_auction_on_the_group_message_and_its_words() -> None:
    state = _auction_state()
    public = state.public_view()
    codes = [a.code for a in state.legal_actions(2)]
    keyboard = RENDERER.public_keyboard(codes, public, CS)
    assert _labels(keyboard) == [
        "Pas",
        "Sedma",
        "Sedma červená",
        "Sto",
        "Sto a sedma",
        "➕ Vyšší hry (v soukromém chatu)",
    ]
    text = RENDERER.table_text(public, NAMES, CS)
    assert "zatím nikdo nic nehlásil" in text and "Na tahu: <b>🤖 Franta</b> — licituje" in text

    state = _auction_state((2, "bid:1"))
    public = state.public_view()
    keyboard = RENDERER.public_keyboard([a.code for a in state.legal_actions(1)], public, CS)
    assert _labels(keyboard) == ["Pas", "Mám"]
    text = RENDERER.table_text(public, NAMES, CS)
    assert "Na stole: <b>sedma</b>, drží 🤖 Franta" in text and "🤖 Franta: sedma" in text
    hand = RENDERER.hand_text(state.view(1), NAMES, CS)
    assert "🤖 Franta hlásí sedmu. Máš (držíš), nebo pas?" in hand

    state = _auction_state((2, "bid:1"), (1, "mam"), (2, "bid:6"))
    public = state.public_view()
    text = RENDERER.table_text(public, NAMES, CS)
    assert "Petr: mám" in text and "Na stole: <b>sto a sedma červených</b>" in text
    state = _auction_state((2, "bid:1"), (1, "mam"), (2, "bid:10"), (1, "pass"))
    text = RENDERER.table_text(state.public_view(), NAMES, CS)
    assert "Na stole: <b>dvě sedmy a sto</b>, drží 🤖 Franta" in text
    # the direct chat: all levels behind "➕", back with "➖"
    view = state.view(0)
    codes = [a.code for a in state.legal_actions(0)]
    assert _labels(RENDERER.private_keyboard(codes, view, CS, None)) == [
        "Pas",
        "Dvě sedmy, červená trumf",
        "Dvě sedmy, červená trumf a sto",
    ]
    # a waiting seat's hand does not change while others bid
    before = RENDERER.hand_text(_auction_state((2, "bid:1")).view(0), NAMES, CS)
    after = RENDERER.hand_text(_auction_state((2, "bid:1"), (1, "mam")).view(0), NAMES, CS)
    assert before == after


def test_contract_keyboard_levels_then_trumps_and_helper_suits() -> None:
    state = _auction_state((2, "bid:9"), (1, "pass"), (0, "pass"))
    assert state.phase == "talon" and state.declarer == 2
    view = state.view(2)
    hand = [c for c in view.hand if c[0] not in "AT"][:2]
    state, _ = VARIANT.apply(state, 2, VARIANT.parse_action(f"talon:{hand[0]},{hand[1]}"))
    view = state.view(2)
    codes = [a.code for a in state.legal_actions(2)]
    first = RENDERER.private_keyboard(codes, view, CS, None)
    assert [b.pick for b in _flat(first)] == ["lv:9", "lv:10", "lv:11", "lv:12"]
    nine = RENDERER.private_keyboard(codes, view, CS, "lv:9")
    labels = _labels(nine)
    assert labels[0] == "✅ Dvě sedmy" and "🔔 kule, pomáhá ❤️ červené" in labels
    assert len(labels) == 10  # three trumps, three helpers each
    text = RENDERER.hand_text(view, NAMES, CS)
    assert "Ohlas hru: dvě sedmy nebo vyšší, a trumfy." in text
    state, _ = VARIANT.apply(state, 2, VARIANT.parse_action("contract:10:s:h"))
    text = RENDERER.table_text(state.public_view(), NAMES, CS)
    assert "🤖 Franta hraje dvě sedmy a sto, trumfy 🍃 zelené, pomocná barva ❤️ červené" in text
    assert "(vylicitováno: dvě sedmy)" in text
    keyboard = RENDERER.public_keyboard(
        [a.code for a in state.legal_actions(0)], state.public_view(), CS
    )
    assert _labels(keyboard) == [
        "Bez fleku",
        "Flek na dvě sedmy",
        "Flek na sto",
        "Flek na dvě sedmy i na sto",
    ]


def test_omyl_is_a_direct_chat_button_while_it_is_allowed() -> None:
    state = _auction_state((2, "bid:1"), (1, "pass"), (0, "pass"))
    view = state.view(2)
    low = [c for c in view.hand if c[0] not in "AT"][:2]
    state, _ = VARIANT.apply(state, 2, VARIANT.parse_action(f"talon:{low[0]},{low[1]}"))
    codes = [a.code for a in state.legal_actions(2)]
    assert "omyl" in codes
    assert "🏳 Omyl: složit sedmu" in _labels(
        RENDERER.private_keyboard(codes, state.view(2), CS, None)
    )
    trump = next(c.split(":")[2] for c in codes if c.startswith("contract:1:"))
    state, _ = VARIANT.apply(state, 2, VARIANT.parse_action(f"contract:1:{trump}"))
    # the defenders flek; the declarer's message keeps one button and one text
    seat = state.to_move
    codes = [a.code for a in state.legal_actions(2)]
    assert codes == ["omyl"] and seat != 2
    keyboard = RENDERER.private_keyboard(codes, state.view(2), CS, None)
    text = RENDERER.hand_text(state.view(2), NAMES, CS)
    assert _labels(keyboard) == ["🏳 Omyl: složit sedmu"] and "složit (omyl)" in text
    table = RENDERER.table_text(state.public_view(), NAMES, CS)
    assert f"Na tahu: <b>{html.escape(NAMES[seat])}</b> — flekuje?" in table  # not the declarer
    state, _ = VARIANT.apply(state, seat, VARIANT.parse_action("pass"))
    assert state.to_move not in (2, seat) and state.legal_actions(2)[0].code == "omyl"
    assert RENDERER.hand_text(state.view(2), NAMES, CS) == text  # a pass edits nothing


def test_results_name_each_component_with_its_flek_and_the_payments() -> None:
    outcome = {
        "summary": {
            "variant": "marias-licitovany",
            "end": "played",
            "declarer": 1,
            "bid": 4,
            "level": 4,
            "name": "sto a sedma",
            "trump": "s",
            "helper": None,
            "flek": {"sto": 1, "sedma": 2},
            "tricks": {"0": 3, "1": 6, "2": 1},
            "marriages": [{"seat": 1, "suit": "s", "points": 40, "trick": 1}],
            "points": {
                "declarer": 110,
                "defenders": 50,
                "declarer_for_sto": 110,
                "cards_declarer": 70,
                "cards_defenders": 50,
            },
            "components": [
                {"name": "sto", "won": True, "flek": 1, "units": 16},
                {"name": "sedma", "won": False, "flek": 2, "units": -8},
            ],
            "per_defender": 8,
        },
        "scores": [-8, 16, -8],
        "tally": [-80, 160, -80],
    }
    text = RENDERER.result_text(outcome, NAMES, CS)
    assert "Petr hrál(a) sto a sedmu, trumfy 🍃 zelené" in text
    assert "📊 Body: Petr 70 + hláška 40 = 110 : obrana 50" in text
    assert "✅ sto (flek ×2): Petr bere od každého 1,60 Kč" in text
    assert "❌ sedma (re ×4): Petr platí každému 0,80 Kč" in text
    assert "💰 Celkem: Jana &lt;b&gt;&amp; → Petr 0,80 Kč · 🤖 Franta → Petr 0,80 Kč" in text
    english = RENDERER.result_text(outcome, NAMES, EN)
    assert "✅ sto (flek ×2): Petr takes 1.60 CZK from each" in english
    _check_html(text)
    _check_html(english)
    omyl = {
        "summary": {
            "end": "omyl",
            "declarer": 0,
            "bid": 1,
            "level": None,
            "tricks": {"0": 0, "1": 0, "2": 0},
            "components": [
                {"name": "sedma", "won": False, "flek": 1, "units": -4},
                {"name": "tichá hra", "won": True, "flek": 0, "units": 1},
            ],
        },
        "scores": [-6, 3, 3],
        "tally": [-60, 30, 30],
    }
    text = RENDERER.result_text(omyl, NAMES, CS)
    assert "🏳 Jana &lt;b&gt;&amp; vylicitoval(a) sedmu a složil(a) ji (omyl)." in text
    assert "❌ sedma (flek ×2)" in text and "✅ tichá hra" in text
    assert "Jana &lt;b&gt;&amp; → Petr 0,30 Kč · Jana &lt;b&gt;&amp; → 🤖 Franta 0,30 Kč" in text
    redeal = {"summary": {"end": "redeal", "declarer": None}, "scores": [0, 0, 0]}
    assert "Všichni pasovali" in RENDERER.result_text(redeal, NAMES, CS)


def test_settings_labels_and_money() -> None:
    assert RENDERER.format_score(30, CS) == "+0,30 Kč"
    choices = RENDERER.option_choices()
    assert "licit_auction" not in choices and "licit_omyl" in choices
    for name, values in choices.items():
        for tr in (CS, EN):
            assert RENDERER.option_label(name, tr) != name, name
            for value in values:
                label = RENDERER.option_value(name, value, tr)
                assert label and label != "None", (name, value)
                if isinstance(value, str) and tr is CS:
                    assert label != value, (name, value)  # said in words, not the code
    _check_html(RENDERER.rules_text(CS))
    _check_html(RENDERER.rules_text(EN))
