"""The ve dvou renderer over whole seeded deals of rules A, B and C: valid HTML in
both languages, every legal action reachable through the keyboards, nothing of
the stock or the opponent's hand shown, and the wording as Czech players say it."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from bot.render import renderer_for
from bot.render.dvou import DvouRenderer
from bot.render.i18n import I18n
from bot.render.marias import card_text
from games.cards import card_code, cards_of
from games.players import make_player
from games.registry import find_variant
from tests.bot.privacy import shows
from tests.bot.test_render import _check_html, _encode, _flat

VARIANT = find_variant("mariáš ve dvou")
RENDERER = renderer_for(VARIANT.id)
I18N = I18n.load()
NAMES = ["Jana <b>&", "Petr"]
CS, EN = I18N.for_lang("cs"), I18N.for_lang("en")


def _deals(rules: str, deals: int, **options: Any) -> Iterator[tuple[Any, Any]]:
    rng = random.Random(rules)
    player = make_player("random", VARIANT.id)
    opts = VARIANT.options({"dvou_variant": rules, **options})
    for deal in range(deals):
        state = VARIANT.new_deal(opts, 2, deal % 2, seed=deal)
        yield opts, state
        while not state.is_over:
            seat = min(state.to_act())
            action = player.choose(state.view(seat), state.legal_actions(seat), seat, rng)
            state, _ = VARIANT.apply(state, seat, action)
            yield opts, state


def _hidden(state: Any, seat: int | None) -> list[str]:
    """The cards ``seat`` (None: the group) may not see: the stock (but B's turned
    card) and the other hand (both hands for the group)."""
    turned = state.public_view().turned_card
    hidden = [card_code(c) for c in state.stock if card_code(c) != turned]
    for other in (0, 1):
        if other != seat:
            hidden.extend(card_code(c) for c in cards_of(state.hands[other]))
    return hidden


def _no_leak(text: str, hidden: list[str], tr: Any) -> None:
    for code in hidden:
        assert not shows(text, code), code
        assert card_text(code, tr) not in text.replace("\n", " | "), code


@pytest.mark.parametrize("rules", ["A", "B", "C"])
def test_every_view_renders_reaches_exactly_the_legal_actions_and_hides_the_rest(
    rules: str,
) -> None:
    phases: set[str] = set()
    seen: set[str] = set()
    for opts, state in _deals(rules, 14, auto_declare_marriages=False):
        public = state.public_view()
        phases.add(public.phase)
        for tr in (CS, EN):
            table = RENDERER.table_text(public, NAMES, tr)
            _check_html(table)
            _no_leak(table, _hidden(state, None), tr)
            for seat in (0, 1):
                view = state.view(seat)
                hand = RENDERER.hand_text(view, NAMES, tr)
                _check_html(hand)
                hidden = _hidden(state, seat)
                if not view.hand_complete:  # the first player's second four come later
                    hidden += [card_code(c) for c in state.dealt[0][4:]]
                _no_leak(hand, hidden, tr)
                codes = [a.code for a in state.legal_actions(seat)]
                seen.update(c.partition(":")[0] for c in codes)
                public_codes = [c for c in codes if RENDERER.is_public(c)]
                shown = {
                    b.action for b in _flat(RENDERER.public_keyboard(public_codes, public, tr))
                }
                assert shown == set(public_codes)
                private = _flat(RENDERER.private_keyboard(codes, view, tr, None))
                for b in private:
                    _encode(b)
                    assert b.action is not None
                assert {b.action for b in private} == set(codes), (public.phase, codes)
                for code in codes:
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
    expected = {"announce", "flek", "play", "over"} | ({"trump"} if rules != "B" else set())
    assert phases >= expected
    assert {"extras", "flek", "pass", "play", "hlas", "sedma"} <= seen
    if rules == "B":
        assert "swap" in seen
    else:
        assert "trumps" in seen


def test_the_group_offers_announcements_and_fleks_the_hand_everything() -> None:
    for code in ("extras:none", "extras:stovka+sedma", "flek:hra", "flek:hra+sedma", "pass"):
        assert RENDERER.is_public(code), code
    for code in ("trumps:d", "sedma", "swap", "play:Th", "hlas:Qh"):
        assert not RENDERER.is_public(code), code


def _play_until(rules: str, seed: int, wanted: Any, **options: Any) -> Any:
    """A deal of ``rules`` played by the rule of the lowest legal code until ``wanted``."""
    opts = VARIANT.options({"dvou_variant": rules, **options})
    state = VARIANT.new_deal(opts, 2, 0, seed=seed)
    while not wanted(state):
        assert not state.is_over, "never reached"
        seat = min(state.to_act())
        legal = state.legal_actions(seat)
        plain = [a for a in legal if a.code not in ("sedma", "swap")]
        action = next((a for a in plain if a.code in ("trumps:h", "extras:none", "pass")), plain[0])
        if action.code.startswith("trumps:") or action.code.startswith("play:"):
            action = plain[0]
        state, _ = VARIANT.apply(state, seat, action)
    return state


def test_the_czech_table_stock_phase_and_the_sedma_button() -> None:
    state = _play_until("C", 3, lambda s: s.phase == "play")
    public = state.public_view()
    table = str(RENDERER.table_text(public, NAMES, CS))
    assert "📜 Pravidla C: Chirewského" in table
    assert "🂠 V talonu: 16 karet" in table
    assert "Bez povinností, dokud je talon" in table
    assert "Trumfy: " in table
    seat = public.to_act[0]
    view = state.view(seat)
    labels = [b.label for b in _flat(RENDERER.private_keyboard(view.legal, view, CS, None))]
    assert "📣 Hlásím sedmu" in labels
    assert "tlačítko Hlásím sedmu" in RENDERER.hand_text(view, NAMES, CS)
    # once the stock is gone: the duties bind, and no sedma button
    late = _play_until("C", 3, lambda s: s.phase == "play" and not s.stock)
    public = late.public_view()
    table = str(RENDERER.table_text(public, NAMES, CS))
    assert "V talonu: 0 karet" in table and "Bez povinností" not in table
    view = late.view(public.to_act[0])
    labels = [b.label for b in _flat(RENDERER.private_keyboard(view.legal, view, CS, None))]
    assert "📣 Hlásím sedmu" not in labels


def test_stock_counts_in_czech_plurals() -> None:
    assert [str(CS("dvou.stock", n=n)) for n in (1, 2, 5)] == [
        "🂠 V talonu: 1 karta",
        "🂠 V talonu: 2 karty",
        "🂠 V talonu: 5 karet",
    ]


def test_rules_b_shows_the_turned_trump_and_offers_the_swap() -> None:
    state = _play_until("B", 0, lambda s: s.phase == "play")
    public = state.public_view()
    assert public.turned_card is not None
    table = str(RENDERER.table_text(public, NAMES, CS))
    assert f"Pod talonem otočená: {card_text(public.turned_card, CS)}" in table
    assert "Pravidla B: s otočeným trumfem" in table
    swapper = _play_until("B", 0, lambda s: s.phase == "play" and "swap" in s.view(s.to_move).legal)
    view = swapper.view(swapper.to_move)
    labels = [b.label for b in _flat(RENDERER.private_keyboard(view.legal, view, CS, None))]
    assert "🔁 Vyměnit sedmu za otočenou kartu" in labels


def test_trumps_from_the_first_four_and_the_announcements_in_czech() -> None:
    state = VARIANT.new_deal(VARIANT.options({"dvou_variant": "A"}), 2, 0, seed=1)
    view = state.view(1)
    assert not view.hand_complete and len(view.hand) == 4
    hand = str(RENDERER.hand_text(view, NAMES, CS))
    assert "Tvoje první 4 karty" in hand and "Zvol trumfy" in hand
    labels = [b.label for b in _flat(RENDERER.private_keyboard(view.legal, view, CS, None))]
    assert labels and all(
        label.split(" ")[1] in ("červené", "kule", "zelené", "žaludy") for label in labels
    )
    code = view.legal[0]
    state, _ = VARIANT.apply(state, 1, VARIANT.parse_action(code))
    public = state.public_view()
    keyboard = RENDERER.public_keyboard(state.view(1).legal, public, CS)
    assert [b.label for b in _flat(keyboard)] == ["Nic navíc", "Sedma", "Stovka", "Sto sedm"]
    state, _ = VARIANT.apply(state, 1, VARIANT.parse_action("extras:sedma"))
    table = str(RENDERER.table_text(state.public_view(), NAMES, CS))
    assert "📣 Hlášeno: Petr sedmu" in table and "Petr: sedma" in table


def test_a_waiting_hand_shows_neither_the_trick_nor_the_fleks() -> None:
    state = _play_until("A", 2, lambda s: s.phase == "play" and not s.trick_cards)
    seat = state.to_move
    card = next(a for a in state.legal_actions(seat) if a.code.startswith("play:"))
    state, _ = VARIANT.apply(state, seat, card)
    waiting = str(RENDERER.hand_text(state.view(seat), NAMES, CS))
    assert "Na stole" not in waiting and "🔥" not in waiting
    assert "Až budeš na tahu" in waiting
    deciding = str(RENDERER.hand_text(state.view(1 - seat), NAMES, CS))
    assert "Na stole" in deciding and "přidej kartu" in deciding


def test_settings_offer_the_rules_variant_and_label_every_option() -> None:
    choices = RENDERER.option_choices()
    assert choices["dvou_variant"] == ("A", "B", "C") and next(iter(choices)) == "dvou_variant"
    assert "ve_dvou_unfleked_game" not in choices
    for tr in (CS, EN):
        for name, values in choices.items():
            label = str(RENDERER.option_label(name, tr))
            assert label != name, name
            for value in values:
                assert str(RENDERER.option_value(name, value, tr)), (name, value)
    assert str(RENDERER.option_value("dvou_variant", "C", CS)) == "C: Chirewského"
    assert isinstance(RENDERER, DvouRenderer)
