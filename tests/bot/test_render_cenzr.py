"""The Cenzr renderer: every view of seeded deals, the Czech of calling and of the
declaration protocol, the count, and the paper score sheet (cenzr.md §3.4, §5.5, §6.4)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from bot.render import Button, Keyboard, renderer_for
from bot.render.cenzr import CenzrRenderer, call_phrase, claim_of
from bot.render.i18n import I18n
from games.cards import Card, card
from games.cenzr.actions import Announce, Call, Pass, Play
from games.engine import Outcome
from games.players import make_player
from games.registry import find_variant
from tests.bot.test_render import _check_html, _encode

VARIANT = find_variant("cenzr")
RENDERER = CenzrRenderer()
I18N = I18n.load()
CS, EN = I18N.for_lang("cs"), I18N.for_lang("en")
NAMES = ["Jana <b>&", "Petr", "🤖 Franta", "Eva", "Olga", "Karel"]

D1 = {
    "0": ["Ah", "7h", "Kd", "Qs", "Js", "Ts", "9s", "8c"],
    "1": ["Kh", "9h", "Jd", "Td", "9d", "8d", "As", "7c"],
    "2": ["Th", "Ad", "7d", "8s", "Ac", "Kc", "Qc", "Jc"],
    "3": ["Qh", "Jh", "8h", "Qd", "Ks", "7s", "Tc", "9c"],
}
"""cenzr.md §3.7 D1, trumps ``h``: three padesáts (to the svršek, the spodek, the ace)."""


def _flat(keyboard: Keyboard) -> list[Button]:
    return [b for row in keyboard for b in row]


def _reached(codes: Sequence[str], view: Any, tr: Any) -> set[str]:
    """Every action the hand keyboard reaches, through the call picker's picks."""
    reached: set[str] = set()
    for first in _flat(RENDERER.private_keyboard(codes, view, tr, None)):
        _encode(first)
        if first.action is not None:
            reached.add(first.action)
            continue
        assert first.pick is not None
        for second in _flat(RENDERER.private_keyboard(codes, view, tr, first.pick)):
            _encode(second)
            if second.action is not None:
                reached.add(second.action)
    return reached


def _stored(outcome: Outcome) -> dict[str, Any]:
    return {
        "summary": dict(outcome.summary),
        "scores": list(outcome.scores),
        "tally": list(outcome.scores),
        "played": outcome.played,
    }


OPTIONS: list[dict[str, Any]] = [
    {},
    {"bela_mode": "prompt", "declare_timing": "own_turn_or_early"},
    {"declaration_reveal": "full_after_trick1", "declaration_mode": "auto"},
    {"declaration_scope": "team", "bela_mode": "always", "suppress_futile_announcements": False},
]


@pytest.mark.parametrize(("seats", "options"), [(4, 0), (4, 1), (5, 2), (6, 3), (4, 3)])
def test_every_view_of_seeded_deals_renders_and_offers_exactly_the_legal_actions(
    seats: int, options: int
) -> None:
    rng = random.Random(seats * 10 + options)
    player = make_player("random", VARIANT.id)
    opts = VARIANT.options(OPTIONS[options])
    match = VARIANT.start_match(opts, seats, 0)
    stored: list[dict[str, Any]] = []
    names = NAMES[:seats]
    for deal in range(12):
        state = VARIANT.new_deal(opts, seats, match.dealer, seed=deal * 7 + options)
        while True:
            public = state.public_view()
            for tr in (CS, EN):
                _check_html(RENDERER.table_text(public, names, tr))
                for seat in range(seats):
                    view = state.view(seat)
                    _check_html(RENDERER.hand_text(view, names, tr))
                    codes = [a.code for a in state.legal_actions(seat)]
                    assert not any(RENDERER.is_public(c) for c in codes)
                    assert _reached(codes, view, tr) == set(codes)
            if state.is_over:
                break
            seat = min(state.to_act())
            legal = state.legal_actions(seat)
            if deal % 3 == 0 and Announce() in legal:
                action: Any = Announce()
            else:
                action = player.choose(state.view(seat), legal, seat, rng)
            state, _ = VARIANT.apply(state, seat, action)
        outcome = state.outcome()
        stored.append(_stored(outcome))
        match = VARIANT.record_deal(match, outcome, opts)
        for tr in (CS, EN):
            _check_html(RENDERER.result_text(stored[-1], names, tr))
            _check_html(RENDERER.running_text(match, names, tr) or "x")
            sheet = RENDERER.sheet_text(match, stored, opts, names, tr)
            assert sheet is not None
            _check_html(sheet)
            assert "<pre>" in sheet  # the replay agreed with the match


@pytest.mark.parametrize(
    ("code", "cs", "en"),
    [
        ("Jd", "se spodkem kulovým", "with the Unter of Bells"),
        ("Ad", "s esem kulovým", "with the Ace of Bells"),
        ("As", "s esem zeleným", "with the Ace of Leaves"),
        ("9c", "s devítkou žaludskou", "with the Nine of Acorns"),
        ("9s", "s devítkou zelenou", "with the Nine of Leaves"),
        ("Th", "s desítkou červenou", "with the Ten of Hearts"),
        ("Kc", "s králem žaludským", "with the King of Acorns"),
        ("Qs", "se svrškem zeleným", "with the Ober of Leaves"),
        ("8h", "s osmičkou červenou", "with the Eight of Hearts"),
        ("7d", "se sedmičkou kulovou", "with the Seven of Bells"),
    ],
)
def test_a_call_is_said_in_the_instrumental(code: str, cs: str, en: str) -> None:
    assert call_phrase(code, CS) == cs
    assert call_phrase(code, EN) == en
    assert RENDERER.action_text(f"call:{code}", CS) == f"hraje {cs}"


def test_the_call_picker_is_a_suit_then_a_card_as_it_is_said() -> None:
    state = VARIANT.new_deal(VARIANT.options({}), 4, 3, cards=D1)
    view = state.view(0)
    codes = [a.code for a in state.legal_actions(0)]
    first = RENDERER.private_keyboard(codes, view, CS, None)
    assert [b.label for b in _flat(first)] == [
        "❤️ červené",
        "🔔 kule",
        "🍃 zelené",
        "🌰 žaludy",
        "✋ Pas",
    ]
    assert [b.pick for b in _flat(first)][:4] == ["h", "d", "s", "c"]
    second = _flat(RENDERER.private_keyboard(codes, view, CS, "d"))
    assert [b.label for b in second][:5] == [
        "↩️ Jiná barva (🔔)",
        "s esem kulovým",
        "s králem kulovým",
        "se svrškem kulovým",
        "se spodkem kulovým",
    ]
    assert [b.action for b in second][1:9] == [f"call:{r}d" for r in "AKQJT987"]
    assert second[-1].action == "pass"
    text = RENDERER.hand_text(view, NAMES, CS)
    assert "Tvoje první 4 karty" in text and "Voláš" in text
    # packet 1 only: the spade run Qs Js Ts 9s is half in packet 2
    assert "❤️ eso 7" in text and "🍃" in text and "🍃 svršek" in text
    assert "🍃 svršek spodek" not in text and "🌰" not in text


def _play_d1() -> tuple[Any, list[str]]:  # the state, the table texts
    """D1 with everybody announcing; the table texts after each step."""
    state = VARIANT.new_deal(VARIANT.options({}), 4, 3, cards=D1)
    state, _ = VARIANT.apply(state, 0, Call(_card("Qh")))
    texts = []
    for seat in (0, 1, 2, 3):
        if Announce() in state.legal_actions(seat):
            state, _ = VARIANT.apply(state, seat, Announce())
        texts.append(str(RENDERER.table_text(state.public_view(), NAMES, CS)))
        play = next(a for a in state.legal_actions(seat) if isinstance(a, Play))
        state, _ = VARIANT.apply(state, seat, play)
    texts.append(str(RENDERER.table_text(state.public_view(), NAMES, CS)))
    return state, texts


def _card(code: str) -> Card:
    return card(code)


def test_the_protocol_of_trick_one_as_the_table_hears_it() -> None:
    state = VARIANT.new_deal(VARIANT.options({}), 4, 3, cards=D1)
    state, _ = VARIANT.apply(state, 0, Call(_card("Qh")))
    view = state.view(0)
    codes = [a.code for a in state.legal_actions(0)]
    assert "announce" in codes
    hand = RENDERER.hand_text(view, NAMES, CS)
    assert "Tvoje hlášky: padesát do svrška 🍃" in hand
    assert "řekneš nahlas „padesát“" in hand
    buttons = _flat(RENDERER.private_keyboard(codes, view, CS, None))
    assert buttons[0].label == "📣 Hlásím: padesát" and buttons[0].action == "announce"
    assert "📣 I declare: fifty" in [
        b.label for b in _flat(RENDERER.private_keyboard(codes, view, EN, None))
    ]
    _, texts = _play_d1()
    assert "🗣 Hlášky: Jana &lt;b&gt;&amp;: padesát" in texts[0]
    assert "Petr: padesát · 🤖 Franta: padesát" in texts[2]
    after = texts[-1]
    assert (
        "Velikost: Jana &lt;b&gt;&amp;: padesát do svrška, máš? · Petr: dobrá, mám nižší" in after
    )
    assert "🤖 Franta: já mám do esa" in after
    assert "✅ Dobrá — platí: <b>🤖 Franta</b>, padesát do esa" in after
    assert "🃏" not in after and "žaludy" not in after.split("trumfy")[1]  # no suit of the run


def test_a_tie_at_the_top_cancels_everything() -> None:
    d3 = {  # §3.7 D3, trumps c: two equal padesáts to the ace cancel, and the lower one too
        "0": ["Ah", "Kh", "Qh", "Jh", "Jd", "9s", "9c", "7c"],
        "1": ["Th", "9h", "Kd", "As", "Ks", "Qs", "Js", "Ac"],
        "2": ["Qd", "9d", "7d", "8s", "Kc", "Qc", "Jc", "Tc"],
        "3": ["8h", "7h", "Ad", "Td", "8d", "Ts", "7s", "8c"],
    }
    state = VARIANT.new_deal(VARIANT.options({}), 4, 3, cards=d3)
    state, _ = VARIANT.apply(state, 0, Call(_card("7c")))
    for seat in (0, 1, 2, 3):
        if Announce() in state.legal_actions(seat):
            state, _ = VARIANT.apply(state, seat, Announce())
        play = next(a for a in state.legal_actions(seat) if isinstance(a, Play))
        state, _ = VARIANT.apply(state, seat, play)
    text = RENDERER.table_text(state.public_view(), NAMES, CS)
    assert "❌ Hlášky se ruší — neplatí žádná." in text
    assert "The declarations cancel out" in RENDERER.table_text(state.public_view(), NAMES, EN)


@pytest.mark.parametrize(
    ("decls", "said"),
    [
        ([{"kind": "figura", "top": "K"}, {"kind": "darda", "top": "K"}], "čtyři krále"),
        ([{"kind": "ctyri_spodci", "top": "J"}, {"kind": "figura", "top": "A"}], "čtyři spodci"),
        ([{"kind": "padesat", "top": "A"}, {"kind": "darda", "top": "T"}], "padesát"),
        ([{"kind": "figura", "top": "T"}, {"kind": "figura", "top": "A"}], "čtyři esa"),
    ],
)
def test_what_is_said_aloud_is_the_best_quality_with_the_rank_of_a_figura(
    decls: list[dict[str, str]], said: str
) -> None:
    claim = claim_of(decls)
    assert claim is not None
    assert RENDERER.said(*claim, CS) == said


def test_the_count_shows_both_sides_declarations_bela_pero_and_the_record() -> None:
    summary: dict[
        str, Any
    ] = {  # §5.6 S1: P2 called Ad held by P4; P4's padesát; P1 (a defender) has bela
        "annulled": False,
        "dealer": 0,
        "active": [1, 2, 3, 0],
        "chooser": 2,
        "called": "Ad",
        "trump": "d",
        "partner": 0,
        "samec": None,
        "choosing_side": [2, 0],
        "defending_side": [1, 3],
        "card_points": {"1": 30, "2": 45, "3": 37, "0": 40},
        "tricks": {"1": 2, "2": 2, "3": 2, "0": 2},
        "last_trick": 0,
        "declarations": {
            "announced": [0],
            "valid": [
                {
                    "seat": 0,
                    "declarations": [
                        {
                            "kind": "padesat",
                            "top": "A",
                            "suit": "h",
                            "points": 50,
                            "in_trump": False,
                        }
                    ],
                }
            ],
            "cancelled": [],
            "points": {"0": 50, "1": 0, "2": 0, "3": 0},
        },
        "bela": {"holder": 1, "counted": True, "points": 20},
        "pero": None,
        "C": 145,
        "D": 87,
        "won": True,
        "recorded": {"1": 174, "2": 290, "3": 174, "0": 290},
    }
    text = RENDERER.result_text({"summary": summary, "scores": [290, 174, 290, 174]}, NAMES, CS)
    _check_html(text)
    assert "🎯 🤖 Franta hrál(a) s esem kulovým · trumfy 🔔 kule" in text
    assert "👥 🤖 Franta + Jana &lt;b&gt;&amp; proti Petr + Eva" in text
    side = "Volící (🤖 Franta + Jana &lt;b&gt;&amp;): karty 85 + poslední štych 10 + hlášky 50"
    assert f"{side} = <b>145</b>" in text
    assert "Obrana (Petr + Eva): karty 67 + bela 20 = <b>87</b>" in text
    assert "📣 Platí: Jana &lt;b&gt;&amp; — padesát do esa ❤️ (50)" in text
    assert "👑 Bela (20): Petr si ji počítá." in text
    assert "✅ Volící vyhráli 145 : 87" in text
    assert "📝 Zápis: Petr 174 · 🤖 Franta 290 · Eva 174 · Jana &lt;b&gt;&amp; 290" in text
    pero = {**summary, "pero": "C", "C": 302, "D": 0, "bela": None, "last_trick": 2}
    pero["card_points"] = {"1": 0, "2": 100, "3": 0, "0": 52}
    pero["declarations"] = {**summary["declarations"], "points": {"0": 40}}
    text = RENDERER.result_text({"summary": pero, "scores": [0] * 4}, NAMES, CS)
    assert "karty 152 + poslední štych 10 + hlášky 40 + péro 100 = <b>302</b>" in text
    assert "🪶 Péro: obrana neudělala ani jeden štych." in text
    annulled = {"annulled": True, "dealer": 0, "active": [1, 2, 3, 0], "passes": [1, 2, 3, 0]}
    text = RENDERER.result_text({"summary": annulled, "scores": [0] * 4}, NAMES, CS)
    assert "Všichni pasovali" in text


SHEET_64 = [  # §6.4 round 1: recorded points per deal (A, B, C, D), dealer, notes
    ((204, 120, 204, 120), 1, {}),
    ((164, 260, 164, 260), 2, {}),
    (None, 3, {}),
    ((87, 285, 87, 87), 0, {"samec": "voluntary"}),
    ((364, 364, 0, 0), 1, {}),
    ((524, 0, 0, 524), 2, {"pero": "C"}),
    ((220, 104, 220, 104), 3, {}),
]


def _sheet_deals() -> list[Mapping[str, Any]]:
    deals: list[Mapping[str, Any]] = []
    for scores, dealer, notes in SHEET_64:
        summary = {"dealer": dealer, "annulled": scores is None, **notes}
        deals.append(
            {
                "summary": summary,
                "scores": list(scores or (0, 0, 0, 0)),
                "played": scores is not None,
            }
        )
    return deals


def test_the_score_sheet_of_6_4_round_one_with_the_cap() -> None:
    options = VARIANT.options({})
    match = VARIANT.start_match(options, 4, 1)
    deals = _sheet_deals()
    for stored in deals:
        outcome = Outcome(tuple(stored["scores"]), stored["summary"], stored["played"])
        match = VARIANT.record_deal(match, outcome, options)
    names = ["A", "B", "C", "D"]
    assert match.data["results"] == [[1500, 1133, 675, 1095]] and match.totals == (0, 0, 0, 0)
    sheet = RENDERER.sheet_text(match, deals, options, names, CS)
    assert sheet is not None
    _check_html(sheet)
    rows = sheet.split("<pre>")[1].split("</pre>")[0].splitlines()
    cells = [row.split() for row in rows]
    assert cells[0] == ["A", "B", "C", "D"]
    assert cells[1] == ["1", "204", "120", "204", "120"]
    assert cells[2] == ["2", "368", "380", "368", "380"]
    assert cells[3] == ["3", "·", "·", "·", "·", "pas"]
    assert cells[4] == ["4", "455", "665", "455", "467", "S"]
    assert cells[6] == ["6", "1343", "1029", "455", "991", "P"]
    assert cells[7] == ["7", "1563", "1133", "675", "1095"]
    assert cells[8] == ["=", "1500", "1133", "675", "1095"]
    assert "Zápis 1. kola</b> — kolo skončilo, nad 1500 se zapisuje 1500" in sheet
    labeta = sheet.split("<pre>")[2].split("</pre>")[0].splitlines()
    assert [r.split() for r in labeta[1:]] == [
        ["1", "1500", "1133", "675", "1095"],
        ["Σ", "1500", "1133", "675", "1095"],
    ]
    assert "dohraná kola 1 z 4" in sheet
    assert "2. kolo začal rozdávat C; další kolo začne rozdávat D." in sheet
    running = RENDERER.running_text(match, names, CS)
    assert running is not None
    assert "📊 2. kolo, součty: A 0 · B 0 · C 0 · D 0" in running
    assert "🏁 Konec 1. kola: A 1500 · B 1133 · C 675 · D 1095" in running
    assert "📒 Labeta po 1 kole: A 1500" in running
    # deals that do not make this match: the labeta only, no wrong rows
    sheet = RENDERER.sheet_text(match, deals[:3], options, names, EN)
    assert sheet is not None and sheet.count("<pre>") == 1 and "Labeta" in sheet


def test_points_plurals_and_settings_labels() -> None:
    assert RENDERER.format_score(1, CS) == "1 bod"
    assert RENDERER.format_score(3, CS) == "3 body"
    assert RENDERER.format_score(1500, CS) == "1500 bodů"
    assert RENDERER.format_score(1, EN) == "1 point" and RENDERER.format_score(0, EN) == "0 points"
    assert isinstance(renderer_for("cenzr"), CenzrRenderer)
    for name, values in RENDERER.option_choices().items():
        assert RENDERER.option_label(name, CS) != name and RENDERER.option_label(name, EN) != name
        for value in values:
            for tr in (CS, EN):
                label = RENDERER.option_value(name, value, tr)
                assert (label and label != str(value)) or isinstance(value, bool), (name, value)
    for tr in (CS, EN):
        _check_html(RENDERER.rules_text(tr))
    assert "Hraju s" in RENDERER.rules_text(CS)


def test_bela_at_the_count_shows_both_outcomes_to_its_holder() -> None:
    options = VARIANT.options({"bela_mode": "prompt"})
    rng = random.Random(5)
    player = make_player("random", VARIANT.id)
    for seed in range(200):
        state = VARIANT.new_deal(options, 4, 0, seed=seed)
        while not state.is_over and state.public_view().phase != "bela":
            seat = min(state.to_act())
            legal = [a for a in state.legal_actions(seat) if not isinstance(a, Pass)]
            state, _ = VARIANT.apply(state, seat, player.choose(None, legal, seat, rng))
        if state.is_over:
            continue
        seat = min(state.to_act())
        view = state.view(seat)
        text = RENDERER.hand_text(view, NAMES, CS)
        assert "Bela:" in text and "S belou: volící" in text and "Bez bely: volící" in text
        labels = [
            b.label
            for b in _flat(RENDERER.private_keyboard(["bela:yes", "bela:no"], view, CS, None))
        ]
        assert labels == ["✅ Počítám belu", "❌ Nepočítám"]
        assert "rozhoduje o bele" in RENDERER.table_text(state.public_view(), NAMES, CS)
        return
    pytest.fail("no deal reached the count with bela")


def test_the_score_sheet_hooks_are_optional() -> None:
    from bot.render import base

    match = VARIANT.start_match(VARIANT.options({}), 4, 0)
    bare: Any = object()  # a renderer without the hooks
    assert base.running_text(bare, match, NAMES, CS) is None
    assert base.sheet_text(bare, match, (), VARIANT.options({}), NAMES, CS) is None
    for other in ("marias-voleny", "blazen"):
        renderer = renderer_for(other)
        assert base.running_text(renderer, match, NAMES, CS) is None
        assert base.sheet_text(renderer, match, (), None, NAMES, CS) is None
    sheet = base.sheet_text(RENDERER, match, (), VARIANT.options({}), NAMES[:4], CS)
    assert sheet is not None and "dohraná kola 0 z 4" in sheet and "<pre>" not in sheet
