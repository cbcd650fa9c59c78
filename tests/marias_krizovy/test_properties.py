"""Hypothesis properties of křížový: conservation, zero-sum, replay, a secret partner."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from games.cards import DECK_32, card_code, cards_of
from games.marias_krizovy.state import KrizovyState
from games.marias_krizovy.variant import KRIZOVY
from tests.marias_krizovy.helpers import play_deal

OPTIONS = KRIZOVY.options()


def _cards(state: KrizovyState) -> list[str]:
    held = [card_code(c) for h in state.hands for c in cards_of(h)]
    table = [card_code(c) for c in state.trick_cards]
    played = [card_code(c) for t in state.tricks for c in t.cards]
    return sorted(held + table + played)


ALL = sorted(card_code(c) for c in DECK_32)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), seats=st.sampled_from((4, 5)), red=st.booleans())
def test_cards_conserved_scores_zero_sum_and_replays_equal_live(
    seed: int, seats: int, red: bool
) -> None:
    dealer = seed % seats
    setup = {"dealer": dealer, "red_round": True} if red else {"dealer": dealer}
    state = KRIZOVY.new_deal(OPTIONS, seats, setup, seed=seed)
    end, steps = play_deal(state, random.Random(seed))
    for before, _seat, _action, _events in steps:
        assert _cards(before) == ALL
    outcome = end.outcome()
    assert len(outcome.scores) == seats and sum(outcome.scores) == 0
    for out in KRIZOVY.sitting_out(OPTIONS, seats, dealer):
        assert outcome.scores[out] == 0
    json.dumps(outcome.summary)
    json.dumps(end.to_dict())
    for source in (
        KRIZOVY.new_deal(OPTIONS, seats, KRIZOVY.setup_of(state), seed=seed),
        KRIZOVY.new_deal(OPTIONS, seats, KRIZOVY.setup_of(state), cards=KRIZOVY.dealt_cards(state)),
    ):
        replayed = source
        for before, seat, action, events in steps:
            assert replayed.to_dict()["hands"] == before.to_dict()["hands"]
            replayed, again = KRIZOVY.apply(replayed, seat, KRIZOVY.parse_action(action.code))
            assert again == events
        assert {**replayed.to_dict(), "seed": None} == {**end.to_dict(), "seed": None}
        assert replayed.outcome() == outcome


@settings(max_examples=80, deadline=None)
@given(seed=st.integers(0, 2**32), seats=st.sampled_from((4, 5)))
def test_no_view_or_event_shows_the_partner_before_the_called_card_is_played(
    seed: int, seats: int
) -> None:
    state = KRIZOVY.new_deal(OPTIONS, seats, seed % seats, seed=seed)
    _end, steps = play_deal(state, random.Random(seed))
    for index, (before, _seat, _action, events) in enumerate(steps):
        after = steps[index + 1][0] if index + 1 < len(steps) else _end
        if after.sides.revealed or after.partner is None or after.called is None:
            continue
        played = {c for t in after.tricks for c in t.cards} | set(after.trick_cards)
        assert after.called not in played
        holder = after.partner
        outsiders = [s for s in after.active if s != holder]
        for viewer in [*outsiders, None]:
            view = after.view(viewer) if viewer is not None else after.public_view()
            assert view["partner"] is None
            unknown = set(view["sides"]["unknown"])
            expected = (
                set(after.active) - {after.declarer} - ({viewer} if viewer is not None else set())
            )
            assert unknown == expected, (viewer, view["sides"])
            for event in events:
                if not event.visible_for(viewer):
                    continue
                assert event.kind != "partner"
                assert event.data.get("alone") is not True
                assert not (event.data.get("side") == "C" and event.seat != after.declarer)
        insider = after.view(holder)
        assert insider["sides"]["unknown"] == []
        del before
