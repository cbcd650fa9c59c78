"""The renderer over whole seeded deals: exact keyboards, valid HTML, short callback data."""

from __future__ import annotations

import random

import pytest

from bot.callbacks import CallbackData, Op
from bot.render import renderer_for
from bot.render.i18n import I18n
from games.players import make_player
from games.registry import find_variant
from tests.fakes.html_check import parse_html

VARIANT = find_variant("marias-voleny")
RENDERER = renderer_for(VARIANT.id)
I18N = I18n.load()
NAMES = ["Jana <b>&", "Petr", "🤖 Franta", "Eva"]


def _flat(keyboard):  # type: ignore[no-untyped-def]
    return [b for row in keyboard for b in row]


def _check_html(text: str) -> None:
    plain, _ = parse_html(text)
    assert plain.strip() and len(plain) <= 4096


def _encode(button) -> None:  # type: ignore[no-untyped-def]
    op = Op.ACTION if button.action is not None else Op.PICK
    arg = button.action if button.action is not None else button.pick
    data = CallbackData(2_147_483_647, 999_999, op, arg).encode()
    assert CallbackData.parse(data).arg == arg


def _talon_actions(codes, view, tr) -> set[str]:  # type: ignore[no-untyped-def]
    """Every discard reachable through the two-step talon keyboard."""
    reached = set()
    for first in _flat(RENDERER.private_keyboard(codes, view, tr, None)):
        assert first.pick is not None
        for second in _flat(RENDERER.private_keyboard(codes, view, tr, first.pick)):
            if second.action is not None:
                reached.add(second.action)
    return reached


@pytest.mark.parametrize("seats", [3, 4])
def test_every_view_of_seeded_deals_renders_exactly_the_legal_actions(seats: int) -> None:
    rng = random.Random(seats)
    player = make_player("random", VARIANT.id)
    options = VARIANT.options({"auto_declare_marriages": False, "max_flek_level": 3})
    for deal in range(40):
        state = VARIANT.new_deal(options, seats, deal % seats, seed=deal)
        while True:
            public = state.public_view()
            for lang in ("cs", "en"):
                tr = I18N.for_lang(lang)
                _check_html(RENDERER.table_text(public, NAMES, tr))
                for seat in range(seats):
                    if seat not in public.active:
                        continue
                    view = state.view(seat)
                    _check_html(RENDERER.hand_text(view, NAMES, tr))
                    codes = [a.code for a in state.legal_actions(seat)]
                    private = {c for c in codes if not RENDERER.is_public(c)}
                    shown_public = {
                        b.action
                        for b in _flat(
                            RENDERER.public_keyboard(
                                [c for c in codes if RENDERER.is_public(c)], public, tr
                            )
                        )
                    }
                    assert shown_public == set(codes) - private
                    # the hand offers every legal action, the group's public ones too,
                    # so that a deal can be played from the direct chat alone
                    buttons = _flat(RENDERER.private_keyboard(codes, view, tr, None))
                    for button in buttons:
                        _encode(button)
                    if any(c.startswith("talon:") for c in private):
                        assert _talon_actions(codes, view, tr) == set(codes)
                    else:
                        assert sorted(b.action or "" for b in buttons) == sorted(codes)
            if state.is_over:
                break
            seat = min(state.to_act())
            action = player.choose(state.view(seat), state.legal_actions(seat), seat, rng)
            state, _ = VARIANT.apply(state, seat, action)
        outcome = state.outcome()
        stored = {
            "summary": dict(outcome.summary),
            "scores": list(outcome.scores),
            "tally": list(VARIANT.deal_scores(outcome, options)),
        }
        for lang in ("cs", "en"):
            _check_html(RENDERER.result_text(stored, NAMES, I18N.for_lang(lang)))


def test_money_and_settings_labels() -> None:
    cs, en = I18N.for_lang("cs"), I18N.for_lang("en")
    assert RENDERER.format_score(40, cs) == "+0,40 Kč"
    assert RENDERER.format_score(-1250, en) == "−12.50 CZK"
    assert RENDERER.format_score(0, cs) == "0,00 Kč"
    for name, values in RENDERER.option_choices().items():
        assert RENDERER.option_label(name, cs) != name and RENDERER.option_label(name, en) != name
        for value in values:
            for tr in (cs, en):
                label = RENDERER.option_value(name, value, tr)
                assert label and label != "None", (name, value)
    assert {"first_dealer", "shuffle_mode"} <= set(RENDERER.option_choices())
    _check_html(RENDERER.rules_text(cs))
    _check_html(RENDERER.rules_text(en))
