"""Blázen hand messages: the bout for whoever may act, a still text for everyone else.

Every edit of a direct message is a Bot API call and the presenter re-renders
all hands after each action, so a seat not involved right now must see a
text that attacks and covers between other players do not change.
"""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

from bot.render import Button, renderer_for
from bot.render.i18n import I18n
from games.blazen.state import BlazenState
from games.blazen.variant import BLAZEN
from games.blazen.views import player_view, public_view
from games.players import make_player
from tests.bot.blazen_helpers import deal

RENDERER = renderer_for("blazen")
CS = I18n.load().for_lang("cs")
NAMES = ["Jana", "Petr", "Eva", "Karel", "Máňa", "Ota"]
JANA, PETR, EVA = 0, 1, 2


def _flat(keyboard: list[list[Button]]) -> list[Button]:
    return [b for row in keyboard for b in row]


def _content(state: BlazenState, seat: int) -> tuple[str, list[str]]:
    """The hand message of ``seat`` as screens ask for it (buttons only when it may act)."""
    view = player_view(state, seat)
    codes = list(view.legal) if seat in state.to_act() else []
    labels = [b.label for b in _flat(RENDERER.private_keyboard(codes, view, CS, None))]
    return RENDERER.hand_text(view, NAMES[: state.seats], CS), labels


def _three() -> BlazenState:
    cards = deal(["7s 7c 6d 9d Td Jd", "8s 8c Kh Qd 6c Ac", "9s 9c Ks Qs Jc Tc"], "6h", attacker=0)
    return BLAZEN.new_deal(BLAZEN.options({}), 3, 2, cards=cards)


def _apply(state: BlazenState, seat: int, code: str) -> BlazenState:
    state, _ = BLAZEN.apply(state, seat, BLAZEN.parse_action(code))
    return state


def test_a_seat_outside_the_bout_keeps_a_still_text() -> None:
    state = _three()
    eva = _content(state, EVA)
    text, buttons = eva
    assert buttons == [] and "Až budeš na tahu, ozvu se tady." in text
    assert "🂠 Trumf ♥ (♥6)" in text
    for word in ("Útočí", "Na stole", "v balíčku", "Karty:"):
        assert word not in text, word  # nothing that changes with the bout
    state = _apply(state, JANA, "attack:7s")
    assert _content(state, EVA) == eva
    state = _apply(state, PETR, "beat:0:8s")
    assert JANA in state.to_act() and EVA not in state.to_act()
    assert _content(state, EVA) == eva  # the attacker throws in first, Eva waits


def test_the_seat_that_may_act_sees_the_bout_with_names() -> None:
    state = _apply(_three(), JANA, "attack:7s")
    text, buttons = _content(state, PETR)
    assert "⚔️ Útočí <b>Jana</b>, brání <b>Petr</b>" in text
    assert "🎴 Na stole: ♠7" in text and "Bráníš se" in text
    assert "🛡 ♠7 ← ♠8" in buttons
    state = _apply(state, PETR, "beat:0:8s")
    text, _ = _content(state, JANA)
    assert "🎴 Na stole: ♠7 ← ♠8" in text
    assert "přihodit lze ještě 5 karet" in text and "(nejvýš 5 karet)" in text


def _games(seats: int, values: dict[str, Any], count: int) -> list[list[BlazenState]]:
    options = BLAZEN.options(values)
    games = []
    for game in range(count):
        rng = random.Random(game)
        player = make_player("rules" if game % 2 else "random", BLAZEN.id)
        state = BLAZEN.new_deal(options, seats, game % seats, seed=500 * seats + game)
        states = [state]
        while not state.is_over:
            seat = min(BLAZEN.due(state))
            action = player.choose(player_view(state, seat), state.legal_actions(seat), seat, rng)
            state, _ = BLAZEN.apply(state, seat, action)
            states.append(state)
        games.append(states)
    return games


def _still(state: BlazenState, seat: int) -> tuple[Any, ...]:
    """What a waiting hand depends on: its cards, whether it is out, where the trump card is."""
    p = public_view(state)
    return (player_view(state, seat).hand, seat in p.out, p.trump_card_in_stock, state.is_over)


@pytest.mark.parametrize(
    ("seats", "values", "budget"),
    [
        (3, {}, 2.1),
        (4, {"team_mode": "2v2", "variant": "perevodnoy"}, 2.1),
        (6, {}, 2.1),
        # all throwers are asked at once, and each must see every card thrown
        (6, {"throw_in_mode": "window"}, 2.6),
    ],
)
def test_an_action_edits_only_the_hands_it_concerns(
    seats: int, values: dict[str, Any], budget: float
) -> None:
    """Was one edit per seated player and action (3.0 at three seats, 6.0 at six)."""
    actions = edits = 0
    for states in _games(seats, values, 6):
        before = {s: _content(states[0], s) for s in range(seats)}
        for old, new in itertools.pairwise(states):
            after = {s: _content(new, s) for s in range(seats)}
            concerned = set(old.to_act()) | set(new.to_act())
            for seat in set(range(seats)) - concerned:
                if _still(old, seat) == _still(new, seat):
                    assert after[seat] == before[seat], (seat, after[seat][0])
            edited = {
                s for s in after if after[s] != before[s] or (after[s][1] and not new.is_over)
            }
            actions += 1
            edits += len(edited)
            before = after
    assert edits / actions <= budget


def test_one_arrow_for_attack_and_cover_everywhere() -> None:
    for states in _games(3, {}, 3):
        for state in states:
            texts: list[str] = [RENDERER.table_text(public_view(state), NAMES[:3], CS)]
            for seat in range(3):
                text, labels = _content(state, seat)
                texts += [text, *labels]
            for text in texts:
                assert "→" not in text, text
