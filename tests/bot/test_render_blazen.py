"""The Blázen renderer over whole seeded games: legal buttons, valid HTML, no secrets."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from bot.callbacks import CallbackData, Op
from bot.render import Button, renderer_for
from bot.render.blazen_keys import CARD_HEADS, beat_options
from bot.render.i18n import I18n
from games.blazen.state import BlazenState
from games.blazen.variant import BLAZEN
from games.blazen.views import player_view
from games.cards import Card, card_code, cards_of
from games.engine import Outcome
from games.players import make_player
from tests.bot.blazen_helpers import deal
from tests.bot.privacy import shows
from tests.fakes.html_check import parse_html

RENDERER = renderer_for("blazen")
I18N = I18n.load()
NAMES = ["Jana <b>&", "Petr", "🤖 Franta", "Eva", "Karel", "🤖 Máňa"]
TABLES: list[tuple[int, dict[str, Any]]] = [
    (3, {}),
    (3, {"variant": "perevodnoy", "transfer_by_showing_trump": True}),
    (2, {"deck_size": 24, "max_attack": "defender_hand"}),
    (4, {"team_mode": "2v2", "variant": "perevodnoy", "epaulettes": True}),
    (4, {"deck_size": 54, "allow_trump_exchange": True, "throw_in_max_per_action": 1}),
    (5, {"throw_in_mode": "window", "always_prompt_throwers": True}),
    (6, {"simultaneous_finish": "first_out_wins", "neighbors_only_throw_in": True}),
    (3, {"throw_in_mode": "window", "throw_in_timing": "anytime", "variant": "perevodnoy"}),
]


def _flat(keyboard: list[list[Button]]) -> list[Button]:
    return [b for row in keyboard for b in row]


def _check_html(text: str) -> None:
    plain, _ = parse_html(text)
    assert plain.strip() and len(plain) <= 4096


def _encode(button: Button) -> None:
    op = Op.ACTION if button.action is not None else Op.PICK
    arg = button.action if button.action is not None else button.pick
    assert arg is not None
    data = CallbackData(2_147_483_647, 999_999, op, arg).encode()
    assert CallbackData.parse(data).arg == arg


def _games(seats: int, values: dict[str, Any], count: int) -> Iterator[BlazenState]:
    """Every state of ``count`` seeded games between computer players."""
    options = BLAZEN.options(values)
    rules, chance = make_player("rules", BLAZEN.id), make_player("random", BLAZEN.id)
    for game in range(count):
        rng = random.Random(game)
        state = BLAZEN.new_deal(options, seats, game % seats, seed=1000 * seats + game)
        yield state
        while not state.is_over:
            seat = min(BLAZEN.due(state))
            player = rules if game % 2 else chance
            action = player.choose(state.view(seat), state.legal_actions(seat), seat, rng)
            state, _ = BLAZEN.apply(state, seat, action)
            yield state


def _secrets(state: BlazenState, viewer: int | None) -> set[str]:
    """Cards ``viewer`` may not see: other hands (less what all saw go in) and the stock."""
    hidden: set[Card] = set()
    for seat in range(state.seats):
        if seat != viewer:
            hidden |= set(cards_of(state.hands[seat] & ~state.known[seat]))
    hidden |= set(state.stock)
    hidden.discard(state.trump_card)
    return {card_code(c) for c in hidden}


def _reachable(codes: list[str], view: Any, lang: str) -> set[str]:
    """Every action the keyboard reaches, through a pick where there is one."""
    tr = I18N.for_lang(lang)
    reached = set()
    for button in _flat(RENDERER.private_keyboard(codes, view, tr, None)):
        _encode(button)
        if button.action is not None:
            reached.add(button.action)
            continue
        second = _flat(RENDERER.private_keyboard(codes, view, tr, button.pick))
        assert second[0].pick == "-"  # a way back
        for step in second[1:]:
            _encode(step)
            assert step.action is not None and step.action.endswith(f":{button.pick}")
            reached.add(step.action)
    return reached


def _check_keyboard(codes: list[str], view: Any) -> None:
    keyboard = RENDERER.private_keyboard(codes, view, I18N.for_lang("cs"), None)
    assert len(_flat(keyboard)) <= 100 and all(0 < len(row) <= 8 for row in keyboard)
    reached = _reachable(codes, view, "cs")
    assert reached <= set(codes)  # only legal actions
    singles = {c for c in codes if "," not in c}
    assert singles <= reached  # every single-card move and every other action
    for head in CARD_HEADS:
        groups = [c for c in codes if c.startswith(f"{head}:") and "," in c]
        by_rank: dict[str, int] = {}
        for code in groups:
            cards = code.partition(":")[2].split(",")
            if len({c[0] for c in cards}) == 1:
                by_rank[cards[0][0]] = max(by_rank.get(cards[0][0], 0), len(cards))
        offered = [c for c in reached & set(groups)]
        for rank, most in by_rank.items():  # "all of this rank", as many as allowed
            sizes = [len(c.split(",")) for c in offered if c.partition(":")[2][0] == rank]
            assert sizes == [most], (rank, codes)
    one_press = {
        b.action for b in _flat(RENDERER.private_keyboard(codes, view, I18N.for_lang("cs"), None))
    }
    for card, targets in beat_options(codes).items():
        if len(targets) == 1:  # unambiguous: one press
            assert targets[0][1] in one_press, card


@pytest.mark.parametrize(("seats", "values"), TABLES)
def test_every_view_renders_legal_buttons_valid_html_and_no_secret(
    seats: int, values: dict[str, Any]
) -> None:
    names = NAMES[:seats]
    last: BlazenState | None = None
    for state in _games(seats, values, 6):
        last = state
        public = state.public_view()
        for lang in ("cs", "en"):
            tr = I18N.for_lang(lang)
            text = RENDERER.table_text(public, names, tr)
            _check_html(text)
            assert not [c for c in _secrets(state, None) if shows(text, c)], text
        for seat in range(seats):
            view = player_view(state, seat)
            codes = list(view.legal)
            assert not [c for c in codes if RENDERER.is_public(c)]
            text = RENDERER.hand_text(view, names, I18N.for_lang("en"))
            _check_html(text)
            labels = " ".join(
                b.label
                for b in _flat(RENDERER.private_keyboard(codes, view, I18N.for_lang("cs"), None))
            )
            leaked = [c for c in _secrets(state, seat) if shows(f"{text}\n{labels}", c)]
            assert not leaked, (leaked, text, labels)
            if codes:
                _check_keyboard(codes, view)
        if state.is_over:
            outcome = state.outcome()
            stored = {"summary": dict(outcome.summary), "scores": list(outcome.scores)}
            for lang in ("cs", "en"):
                _check_html(RENDERER.result_text(stored, names, I18N.for_lang(lang)))
    assert last is not None and last.is_over


def _stored(outcome: Outcome) -> dict[str, Any]:
    return {"summary": dict(outcome.summary), "scores": list(outcome.scores)}


def test_the_result_names_the_fool_and_the_tally_counts_fools() -> None:
    state = next(s for s in _games(3, {}, 1) if s.is_over)
    outcome = state.outcome()
    cs, en = I18N.for_lang("cs"), I18N.for_lang("en")
    names = NAMES[:3]
    text = RENDERER.result_text(_stored(outcome), names, cs)
    fool = outcome.summary["fool"]
    if fool is None:
        assert "Remíza" in text
    else:
        assert f"Blázen: <b>{names[fool]}</b>" in text.replace("&lt;b&gt;&amp;", "<b>&")
        assert BLAZEN.deal_scores(outcome, state.options)[fool] == 1
    assert "Pořadí: 1." in text
    assert RENDERER.format_score(2, cs) == "2× blázen" and RENDERER.format_score(0, en) == "fool 0×"
    assert RENDERER.lower_is_better


def test_settings_offer_deck_variant_and_teams_with_labels() -> None:
    cs, en = I18N.for_lang("cs"), I18N.for_lang("en")
    choices = RENDERER.option_choices()
    assert list(choices)[:3] == ["deck_size", "variant", "team_mode"]
    assert set(choices["variant"]) == {"podkidnoy", "perevodnoy"}
    for name, values in choices.items():
        for tr in (cs, en):
            assert RENDERER.option_label(name, tr) != name
            for value in values:
                label = RENDERER.option_value(name, value, tr)
                assert label and label != "None", (name, value)
                known = isinstance(value, bool) or name == "deck_size"
                assert known or tr.has(f"blazen.optval.{name}.{value}"), (name, value)
    assert RENDERER.option_value("variant", "perevodnoy", cs) == "přestupový (převádění)"
    assert RENDERER.option_value("deck_size", 24, en) == "24 cards"
    _check_html(RENDERER.rules_text(cs))
    _check_html(RENDERER.rules_text(en))


def test_an_ambiguous_beat_takes_two_presses_an_unambiguous_one() -> None:
    cards = deal(["7s 7c 6d 9d Td Jd", "8s 8c Kh Qd 6c Ac"], "6h", attacker=0)
    state = BLAZEN.new_deal(BLAZEN.options({}), 2, 1, cards=cards)
    state, _ = BLAZEN.apply(state, 0, BLAZEN.parse_action("attack:7s,7c"))
    view = player_view(state, 1)
    tr = I18N.for_lang("cs")
    first = _flat(RENDERER.private_keyboard(view.legal, view, tr, None))
    by_label = {b.label: b for b in first}
    assert by_label["🛡 ♠7 ← ♠8"].action == "beat:0:8s"  # covers only ♠7
    assert by_label["🛡 ♥K …"].pick == "Kh"  # the trump covers either
    second = _flat(RENDERER.private_keyboard(view.legal, view, tr, "Kh"))
    assert [b.label for b in second] == ["✅ ♥K ↩", "🛡 ♠7 ← ♥K", "🛡 ♣7 ← ♥K"]
    assert [b.action for b in second[1:]] == ["beat:0:Kh", "beat:1:Kh"]
    assert "🫳 Beru" in by_label
