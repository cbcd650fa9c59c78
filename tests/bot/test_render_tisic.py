"""The Tisíc renderer: every view of seeded deals in both languages, exact keyboards
(the auction's "➕", the two-step discard, "👑 TRUMF"), the Czech of the table, the
result (§8: raw points, rounding, úpis, čárka) and the score sheet (§8.5, §10.2)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from bot.render import Button, Keyboard, renderer_for
from bot.render.i18n import I18n
from bot.render.tisic import MORE, TisicRenderer
from games.match import Match
from games.players import make_player
from games.registry import find_variant
from games.tisic import match as tisic_match
from games.tisic.state import TisicState
from tests.bot.test_render import _check_html, _encode

VARIANT = find_variant("tisic")
RENDERER = renderer_for(VARIANT.id)
assert isinstance(RENDERER, TisicRenderer)
I18N = I18n.load()
CS, EN = I18N.for_lang("cs"), I18N.for_lang("en")
NAMES = ["Jana <b>&", "Petr", "🤖 Franta", "Eva"]

CARDS = {  # P1 = seat 1 when seat 0 deals (3 players)
    "1": ["Ac", "Kc", "Qc", "Ah", "Th", "Kh", "Qh", "7d", "8d", "9d"],
    "2": ["Tc", "Jc", "9c", "8c", "Jh", "9h", "Ad", "Td", "Kd", "Qd"],
    "0": ["7c", "8h", "7h", "Jd", "Ts", "Ks", "Qs", "Js", "9s", "8s"],
    "talon": ["As", "7s"],
}


def _flat(keyboard: Keyboard) -> list[Button]:
    return [b for row in keyboard for b in row]


def _reachable(codes: Sequence[str], view: Any, keyboard_of: Any) -> set[str]:
    """Every action reachable from the keyboard through at most two picks."""
    reached: set[str] = set()
    seen: set[str | None] = set()
    todo: list[str | None] = [None]
    while todo:
        pick = todo.pop()
        if pick in seen:
            continue
        seen.add(pick)
        for b in _flat(keyboard_of(codes, view, pick)):
            _encode(b)
            if b.action is not None:
                reached.add(b.action)
            elif b.pick is not None and b.pick != "-":
                todo.append(b.pick)
    return reached


def _private(tr: Any) -> Any:
    return lambda codes, view, pick: RENDERER.private_keyboard(codes, view, tr, pick)


def _apply(state: TisicState, *codes: str) -> TisicState:
    for code in codes:
        seat = min(state.to_act())
        state, _ = VARIANT.apply(state, seat, VARIANT.parse_action(code))
    return state


def _stored(state: TisicState) -> dict[str, Any]:
    outcome = state.outcome()
    return {
        "summary": dict(outcome.summary),
        "scores": list(outcome.scores),
        "played": outcome.played,
    }


@pytest.mark.parametrize(
    ("seats", "options"),
    [(3, {}), (4, {"storno_by_agreement": True, "show_talon": True}), (3, {"bid_step": 5})],
)
def test_every_view_of_seeded_deals_renders_exactly_the_legal_actions(
    seats: int, options: Mapping[str, object]
) -> None:
    rng = random.Random(seats)
    player = make_player("random", VARIANT.id)
    opts = VARIANT.options(dict(options))
    for deal in range(12):
        state = VARIANT.new_deal(opts, seats, deal % seats, seed=deal)
        while True:
            public = state.public_view()
            for tr in (CS, EN):
                _check_html(RENDERER.table_text(public, NAMES, tr))
                for seat in range(seats):
                    view = state.view(seat)
                    _check_html(RENDERER.hand_text(view, NAMES, tr))
                    if seat not in state.to_act():
                        continue
                    codes = [a.code for a in state.legal_actions(seat)]
                    for code in codes:
                        _check_html(RENDERER.action_text(code, tr))
                    private = _reachable(codes, view, _private(tr))
                    assert private == set(codes)
                    public_codes = [c for c in codes if RENDERER.is_public(c)]
                    group = _flat(RENDERER.public_keyboard(public_codes, public, tr))
                    shown = {b.action for b in group if b.action is not None}
                    assert shown <= set(public_codes)
                    if public_codes:  # what the group does not show, "➕" opens in private
                        assert shown == set(public_codes) or any(b.pick == MORE for b in group)
            if state.is_over:
                break
            seat = min(state.to_act())
            action = player.choose(state.view(seat), state.legal_actions(seat), seat, rng)
            state, _ = VARIANT.apply(state, seat, action)
        for tr in (CS, EN):
            _check_html(RENDERER.result_text(_stored(state), NAMES, tr))


def test_the_auction_buttons_and_the_talon_picker() -> None:
    state = VARIANT.new_deal(VARIANT.options({}), 3, 0, cards=CARDS)
    public = state.public_view()
    codes = [a.code for a in state.legal_actions(2)]
    group = RENDERER.public_keyboard(codes, public, CS)
    labels = [b.label for b in _flat(group)]
    assert labels[:7] == ["Dobrý", "Šest (60)", "70", "80", "90", "100", "110"]
    assert labels[-1] == "➕ Víc… (v soukromé zprávě)"
    everything = RENDERER.private_keyboard(codes, state.view(2), CS, MORE)
    assert [b.label for b in _flat(everything)][-2:] == ["400", "↩️ Méně"]
    text = RENDERER.table_text(public, NAMES, CS)
    assert "⚖️ Povinnost (50): Petr" in text and "Na tahu: <b>🤖 Franta</b>" in text
    # P2 pass, P3 pass: P1 takes the talon by obligation
    state = _apply(state, "pass", "pass")
    view = state.view(1)
    hand = RENDERER.hand_text(view, NAMES, CS)
    assert "Tvoje karty</b> (12)" in hand and "Z talonu máš: 🍃 eso, 🍃 7" in hand
    assert "ne eso ani desítku" in hand
    codes = [a.code for a in state.legal_actions(1)]
    first = RENDERER.private_keyboard(codes, view, CS, None)
    picks = [b.pick for b in _flat(first) if b.pick is not None]
    assert picks == ["Kh", "Qh", "9d", "8d", "7d", "7s", "Kc", "Qc"]  # no ace or ten
    assert [b.label for b in _flat(first) if b.action] == ["🏳 Nesložit – vzdát"]
    second = _flat(RENDERER.private_keyboard(codes, view, CS, "Qh"))
    assert second[0].label == "✅ ❤️ svršek" and second[0].pick == "-"
    assert {b.action for b in second[1:] if b.action and b.action.startswith("discard:")} == {
        a.code for a in state.legal_actions(1) if "Qh" in a.code
    }
    # nobody else sees the talon: the table says only who took it
    others = RENDERER.table_text(state.public_view(), NAMES, CS)
    assert "Petr bere talon z povinnosti (50)" in others and "🍃 eso" not in others
    assert "🍃" not in RENDERER.hand_text(state.view(2), NAMES, CS).split("\n\n")[1]
    assert RENDERER.action_text("discard:7d,8d", CS) == "složil(a) dvě karty"


def test_trumf_buttons_beside_the_plain_cards_and_the_table_in_play() -> None:
    state = VARIANT.new_deal(VARIANT.options({}), 3, 0, cards=CARDS)
    state = _apply(state, "bid:60", "pass", "bid:70", "pass", "discard:7d,8d", "contract:80")
    text = RENDERER.table_text(state.public_view(), NAMES, CS)
    assert "🎯 Petr hraje o 80 (vyhádáno 70, zvýšil(a))" in text
    assert "🗣 Hádání" not in text and "👑 Zatím bez trumfů" in text
    state = _apply(state, "play:Ac", "play:8c", "play:7c")
    codes = [a.code for a in state.legal_actions(1)]
    rows = RENDERER.private_keyboard(codes, state.view(1), CS, None)
    labels = [b.label for b in _flat(rows)]
    assert "👑 ❤️ svršek TRUMF (hláška 40)" in labels and "❤️ svršek" in labels
    assert "👑 🌰 král TRUMF (hláška 100)" in labels
    en = [b.label for b in _flat(RENDERER.private_keyboard(codes, state.view(1), EN, None))]
    assert any(label.endswith("TRUMF (marriage 100)") for label in en)
    hand = RENDERER.hand_text(state.view(1), NAMES, CS)
    assert "TRUMF" in hand and "Vynášíš" in hand
    state = _apply(state, "trumf:Qh")
    text = RENDERER.table_text(state.public_view(), NAMES, CS)
    assert "👑 Trumfy: ❤️ červené" in text and "💍 Hlášky: Petr ❤️ červené 40" in text
    assert "🂠 Na stole: Petr ❤️ svršek" in text and "Štychy: Petr 1 · 🤖 Franta 0" in text
    assert "↩️ Minulý štych vzal(a) Petr: Petr 🌰 eso · 🤖 Franta 🌰 8" in text
    assert RENDERER.action_text("trumf:Qh", CS) == "TRUMF! zahrál(a) ❤️ svršek s hláškou"
    # a waiting hand is not edited by others' cards: Franta (P2) waits while the
    # trick is finished and the next one is led
    before = _apply(state0 := _contract_80(), "play:Ac", "play:8c")
    waiting = RENDERER.hand_text(before.view(2), NAMES, CS)
    assert "Až budeš na tahu" in waiting and 2 not in before.to_act()
    after = _apply(before, "play:7c")
    assert 2 not in after.to_act() and state0.phase == "play"
    assert RENDERER.hand_text(after.view(2), NAMES, CS) == waiting


def _contract_80() -> TisicState:
    state = VARIANT.new_deal(VARIANT.options({}), 3, 0, cards=CARDS)
    return _apply(state, "bid:60", "pass", "bid:70", "pass", "discard:7d,8d", "contract:80")


def test_the_result_in_czech_raw_points_rounding_upis_and_carka() -> None:
    state = VARIANT.new_deal(VARIANT.options({}), 3, 0, cards=CARDS)
    state = _apply(state, "bid:60", "pass", "bid:70", "pass", "discard:7d,8d", "contract:80")
    rng = random.Random(5)
    player = make_player("random", VARIANT.id)
    state = _apply(state, "play:Ac", "play:8c", "play:7c", "trumf:Qh")
    while not state.is_over:
        seat = min(state.to_act())
        action = player.choose(state.view(seat), state.legal_actions(seat), seat, rng)
        state, _ = VARIANT.apply(state, seat, action)
    stored = _stored(state)
    s = stored["summary"]
    text = RENDERER.result_text(stored, NAMES, CS)
    _check_html(text)
    assert "🎯 Petr hrál(a) o 80 (vyhádáno 70)" in text
    assert "hláška ❤️ červené 40" in text and "Složeno bylo: 🔔 7, 🔔 8" in text
    raw = s["raw"]
    key = "✅ Petr:" if s["made"] else "❌ Petr:"
    marriages = sum(m["value"] for m in s["marriages"] if m["seat"] == 1)
    assert f"{key} karty {s['card_points'][1]}" in text
    assert raw[1] == s["card_points"][1] + marriages and f"= <b>{raw[1]}</b>" in text
    assert ("uhrál(a) 80" if s["made"] else "na 80 to nestačí, úpis") in text
    for seat in (2, 0):
        if s["rounded"][seat] != raw[seat]:
            assert f"= <b>{raw[seat]}</b>, zaokrouhleno {s['rounded'][seat]}" in text
        cell = "–" if seat in s["carky"] else f"+{s['written'][seat]}"
        assert f"{escape_name(NAMES[seat])} {cell}" in text
    assert "📝 Zápis:" in text
    english = RENDERER.result_text(stored, NAMES, EN)
    assert "📝 Written:" in english and "marriage ❤️ Hearts 40" in english


def escape_name(name: str) -> str:
    return name.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def test_forfeit_storno_and_the_obligation_in_the_result() -> None:
    opts = VARIANT.options({"storno_by_agreement": True})
    state = VARIANT.new_deal(opts, 3, 0, cards=CARDS)
    forfeit = _apply(state, "bid:60", "pass", "pass", "forfeit")
    text = RENDERER.result_text(_stored(forfeit), NAMES, CS)
    assert "🏳 🤖 Franta nesložil(a) a vzdal(a): úpis 60, ostatním +60." in text
    assert "🤖 Franta (60)" in text and "⭕ Úpis: 🤖 Franta" in text
    assert "Složeno" not in text and "🍃 eso" not in text  # the hand stays unseen
    storno = _apply(state, "pass", "pass", "storno", "storno:yes", "storno:yes")
    text = RENDERER.result_text(_stored(storno), NAMES, CS)
    assert "Storno: všichni souhlasili" in text and "Zápis" not in text
    asked = _apply(state, "pass", "pass", "storno")
    table = RENDERER.table_text(asked.public_view(), NAMES, CS)
    assert "🤝 Petr navrhuje storno" in table
    codes = [a.code for a in asked.legal_actions(2)]
    group = [b.label for b in _flat(RENDERER.public_keyboard(codes, asked.public_view(), CS))]
    assert group == ["🤝 Nehrát (storno)", "🃏 Hrát"]
    voted, _ = VARIANT.apply(asked, 2, VARIANT.parse_action("storno:yes"))
    assert "🤖 Franta: nehrát" in RENDERER.table_text(voted.public_view(), NAMES, CS)
    refused, _ = VARIANT.apply(voted, 0, VARIANT.parse_action("storno:no"))
    assert refused.phase == "talon"  # any "no" returns to the discard
    assert "storno" not in RENDERER.table_text(refused.public_view(), NAMES, CS)


def _sheet_match(deals: Sequence[Mapping[str, Any]], options: Any, seats: int = 3) -> Match:
    match = VARIANT.start_match(options, seats, 0)
    from games.engine import Outcome

    for d in deals:
        outcome = Outcome(scores=tuple(d["scores"]), summary=dict(d["summary"]), played=d["played"])
        match = VARIANT.record_deal(match, outcome, options)
    return match


def test_the_score_sheet_as_players_keep_it() -> None:
    opts = VARIANT.options({})
    state = VARIANT.new_deal(opts, 3, 0, cards=CARDS)
    forfeit = _stored(_apply(state, "bid:60", "pass", "pass", "forfeit"))
    obligation = _apply(state, "pass", "pass", "discard:7d,8d", "contract:50")
    rng = random.Random(2)
    player = make_player("random", VARIANT.id)
    while not obligation.is_over:
        seat = min(obligation.to_act())
        action = player.choose(obligation.view(seat), obligation.legal_actions(seat), seat, rng)
        obligation, _ = VARIANT.apply(obligation, seat, action)
    played = _stored(obligation)
    deals = [forfeit, played]
    match = _sheet_match(deals, opts)
    sheet = RENDERER.sheet_text(match, deals, opts, NAMES, CS)
    assert sheet is not None
    _check_html(sheet)
    assert "📋 <b>Zápis</b> (hraje se do 1000)" in sheet
    rows = sheet.split("<pre>")[1].split("</pre>")[0].split("\n")
    assert rows[0].split() == ["Jana…", "Petr", "🤖", "Fr…", "│", "hra"]
    assert rows[1].split() == ["1", "+60", "+60", "(60)", "│", "60"]  # Franta forfeited
    assert rows[2].split()[0] == "=" and rows[2].split()[1:] == ["60", "60", "-60"]
    assert rows[3].endswith("│ 50 (P)")
    assert "(N) úpis" in sheet and "✍️ Úpisy/čárky:" in sheet
    english = RENDERER.sheet_text(match, deals, opts, NAMES, EN)
    assert english is not None and "Score sheet" in english and "│ bid" in english
    # four players: the seat sitting out is blank
    four = VARIANT.new_deal(opts, 4, 3, cards={**CARDS})
    out = _stored(_apply(four, "bid:60", "pass", "pass", "forfeit"))
    match4 = _sheet_match([out], opts, seats=4)
    sheet4 = RENDERER.sheet_text(match4, [out], opts, NAMES, CS)
    assert sheet4 is not None
    row = sheet4.split("<pre>")[1].split("\n")[1]
    assert row[3 + 3 * 6 : 3 + 4 * 6].strip() == ""  # Eva dealt and sat out


def test_beer_is_shown_once_a_beer_match_is_over() -> None:
    opts = VARIANT.options({"stakes": "beer"})
    match = VARIANT.start_match(opts, 3, 0).replace(
        totals=(1010, 600, -20),
        deals=12,
        over=True,
        data={"last_declarer": 0, "penalty_deals": 0, "winner": 0},
    )
    assert tisic_match.beer(match, opts) == (4, 0, -4)
    sheet = RENDERER.sheet_text(match, (), opts, NAMES, CS)
    assert sheet is not None
    _check_html(sheet)
    assert "🍺 Pivo pro vítěze (Jana &lt;b&gt;&amp;): 🤖 Franta platí 4 piva" in sheet
    english = RENDERER.sheet_text(match, (), opts, NAMES, EN)
    assert english is not None and "pays 4 beers" in english
    plain = RENDERER.sheet_text(match, (), VARIANT.options({}), NAMES, CS)
    assert plain is not None and "🍺" not in plain


def test_scores_settings_and_rules() -> None:
    assert RENDERER.format_score(1010, CS) == "1010"
    assert RENDERER.format_score(-50, CS) == "−50"
    match = VARIANT.start_match(VARIANT.options({}), 3, 0).replace(
        totals=(90, -120, 30), deals=2, counters={"upisy": (0, 2, 0), "carky": (0, 0, 1)}
    )
    running = RENDERER.running_text(match, NAMES, CS)
    assert running is not None
    assert "Petr −120 (2 úpisy)" in running and "🤖 Franta 30 (1 čárka)" in running
    five = match.replace(counters={"upisy": (0, 5, 0), "carky": (0, 0, 0)})
    assert "(5 úpisů" in str(RENDERER.running_text(five, NAMES, CS))
    for name, values in RENDERER.option_choices().items():
        assert RENDERER.option_label(name, CS) != name and RENDERER.option_label(name, EN) != name
        for value in values:
            for tr in (CS, EN):
                label = RENDERER.option_value(name, value, tr)
                assert label and label != "None", (name, value)
    assert RENDERER.option_value("base", 500, CS) == "5,00 Kč"
    for tr in (CS, EN):
        _check_html(RENDERER.rules_text(tr))
    assert "povinnost" in RENDERER.rules_text(CS) and "TRUMF" in RENDERER.rules_text(CS)
