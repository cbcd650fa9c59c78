"""Properties of random deals of every rule set (hypothesis): the cards are conserved
between the hands, the stock and the tricks; the stock is never seen by either
player (but B's face-up card); payments sum to zero; a deal replays from its
seed and from its dealt cards to the live one."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from games.marias_dvou.options import DvouOptions
from tests.marias_dvou.helpers import random_deal, replay

RULES = st.sampled_from(["A", "B", "C"])
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


@settings(max_examples=60, deadline=None)
@given(seed=SEEDS, rules=RULES)
def test_cards_conserved_and_the_stock_never_seen(seed: int, rules: str) -> None:
    state, _log = random_deal(seed, values={"dvou_variant": rules}, check=True)
    assert state.is_over and len(state.tricks) == 16


@settings(max_examples=60, deadline=None)
@given(seed=SEEDS, rules=RULES, data=st.data())
def test_random_house_rules_keep_the_invariants(seed: int, rules: str, data: st.DataObject) -> None:
    menu = DvouOptions.choices()
    values = {name: data.draw(st.sampled_from(list(allowed))) for name, allowed in menu.items()}
    values["dvou_variant"] = rules
    state, _log = random_deal(seed, values=values, check=True)
    outcome = state.outcome()
    assert sum(outcome.scores) == 0


@settings(max_examples=60, deadline=None)
@given(seed=SEEDS, rules=RULES)
def test_replay_from_seed_and_from_dealt_cards(seed: int, rules: str) -> None:
    state, log = random_deal(seed, values={"dvou_variant": rules})
    assert replay(state, log) == state
    again = replay(state, log, from_cards=True)
    assert again.outcome() == state.outcome()
    assert again.public_view() == state.public_view()
    assert all(again.view(s) == state.view(s) for s in (0, 1))
