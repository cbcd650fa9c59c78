"""``hand_text(..., waiting=True)``: the hand of a seat whose question the group asks.

A player who answers public decisions in the group gets, while one is due,
the text a waiting seat sees (``Screens.hand``), so their direct chat is not
edited for it. For every game: that text asks nothing, and for a seat that is
not to act it is the ordinary text.
"""

from __future__ import annotations

import random

import pytest

from bot.render import renderer_for
from bot.render.i18n import I18n
from games.registry import REGISTRY

I18N = I18n.load()
NAMES = ["Jana", "Petr", "Eva", "Olga", "Karel", "Věra"]
GAMES = [r.variant for r in REGISTRY if r.renderer is not None]


@pytest.mark.parametrize("variant", GAMES, ids=lambda v: v.id)
def test_a_waiting_hand_asks_nothing_and_a_waiting_seat_reads_as_ever(variant) -> None:  # type: ignore[no-untyped-def]
    renderer = renderer_for(variant.id)
    options = variant.options()
    seats = variant.seat_range(options)[0]
    rng = random.Random(5)
    asked = 0
    for seed in range(3):
        state = variant.new_deal(options, seats, {"dealer": 0}, seed=seed)
        for _ in range(400):
            if state.is_over:
                break
            due = state.to_act()
            for lang in ("cs", "en"):
                tr = I18N.for_lang(lang)
                for seat in range(seats):
                    view = state.view(seat)
                    waiting = renderer.hand_text(view, NAMES[:seats], tr, waiting=True)
                    if seat in due:
                        asked += "👉" in renderer.hand_text(view, NAMES[:seats], tr)
                        assert "👉" not in waiting
                    else:
                        assert waiting == renderer.hand_text(view, NAMES[:seats], tr)
            seat = rng.choice(sorted(due))
            action = rng.choice(list(state.legal_actions(seat)))
            state, _ = variant.apply(state, seat, action)
    assert asked  # the ordinary text of a due seat does ask
