"""The ve dvou kernel (``games.marias_dvou.fast``) agrees with ``apply`` card for
card: legal cards, draws, trick winners, points, marriages, the end and the
tariff, on random deals of every rule set (hypothesis)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.cards import Card
from games.marias.actions import Play
from games.marias_dvou.determinize import World
from games.marias_dvou.fast import TRICKS, Fast
from games.marias_dvou.legality import legal_cards
from games.marias_dvou.scoring import count_points
from games.marias_dvou.state import DvouState, Phase
from games.marias_dvou.tariff import first_player_units
from games.marias_dvou.variant import DVOU
from games.marias_dvou.views import player_view


def _to_play(seed: int, rules: str, cards: int) -> DvouState:
    """A seeded deal brought by random legal actions (announcements and fleks
    included) to the play, then ``cards`` random cards (or a late sedma) further."""
    rng = random.Random(seed)
    options = DVOU.options({"dvou_variant": rules})
    state: DvouState = DVOU.new_deal(options, 2, seed % 2, seed=seed)
    played = 0
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        if state.phase is Phase.PLAY:
            if played >= cards:
                break
            played += 1
        legal = state.legal_actions(seat)
        state, _ = DVOU.apply(state, seat, legal[rng.randrange(len(legal))])
    return state


def _same_deal(fast: Fast, state: DvouState) -> None:
    active = state.active
    assert fast.hands == [state.hands[s] for s in active]
    assert fast.stock == list(state.stock)
    assert fast.table == list(state.trick_cards)
    assert fast.done == len(state.tricks)
    if not state.is_over:
        assert state.to_move == active[fast.player]


@settings(max_examples=150, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    rules=st.sampled_from("ABC"),
    cards=st.integers(0, 24),
    noise=st.sampled_from([0.0, 0.3, 1.0]),
)
def test_the_kernel_plays_as_apply(seed: int, rules: str, cards: int, noise: float) -> None:
    state = _to_play(seed, rules, cards)
    if state.is_over:
        return
    fast = Fast.of_state(state)
    rng = random.Random(seed)
    active = state.active
    while not state.is_over:
        _same_deal(fast, state)
        seat = state.to_move
        assert seat is not None
        legal = fast.legal()
        assert legal == legal_cards(state, seat)
        # one card by the kernel's policy (or a random one), then the same through apply
        before = fast.done
        if noise and rng.random() < noise:
            c = random.Random(rng.random()).choice([x for x in range(54) if legal >> x & 1])
        else:
            c = fast.policy(legal)
        assert legal >> c & 1
        fast.play(c)
        state, _ = DVOU.apply(state, seat, Play(Card(c)))
        if fast.done > before:
            assert state.tricks[-1].winner == active[fast.player]
    _same_deal(fast, state)
    result = fast.result()
    count = count_points(state)
    assert result.points == (count.cards_declarer, count.cards_defenders)
    for role, seat in enumerate(active):
        assert sorted(result.said[role]) == sorted(
            m.points for m in state.marriages if m.seat == seat
        )
    last = state.tricks[-1]
    assert active[result.last_winner] == last.winner
    assert result.last_card == last.cards[last.seats.index(last.winner)]
    assert fast.done == TRICKS
    stovka = -1 if state.stovka is None else active.index(state.stovka)
    sedma = -1 if state.sedma is None else active.index(state.sedma)
    hearts = 2 if state.trump == 0 else 1
    units = first_player_units(result, stovka, sedma, dict(state.flek), hearts)
    assert units == state.outcome().scores[state.forhond]


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), rules=st.sampled_from("ABC"), cards=st.integers(0, 31))
def test_run_replays_through_apply(seed: int, rules: str, cards: int) -> None:
    """A whole playout by ``run`` (policy and noise) is a deal the engine plays alike."""
    state = _to_play(seed, rules, cards)
    if state.is_over:
        return
    trace: list[int] = []
    result = Fast.of_state(state).run(random.Random(seed), noise=0.2, trace=trace)
    for c in trace:
        seat = state.to_move
        assert seat is not None
        state, _ = DVOU.apply(state, seat, Play(Card(c)))
    assert state.is_over
    count = count_points(state)
    assert result.points == (count.cards_declarer, count.cards_defenders)


@pytest.mark.parametrize("rules", "ABC")
def test_a_view_and_the_true_world_give_the_states_kernel(rules: str) -> None:
    """``of_view`` with the deal's own hands and stock is ``of_state`` (default rules)."""
    checked = 0
    for seed in range(30):
        for cards in (0, 5, 15, 17, 30):
            state = _to_play(seed, rules, cards)
            if state.is_over or state.phase is not Phase.PLAY:
                continue
            seat = state.to_move
            assert seat is not None
            world = World([state.hands[s] for s in state.active], tuple(state.stock), True)
            a, b = Fast.of_state(state), Fast.of_view(player_view(state, seat), world)
            for name in Fast.__slots__:
                if name not in ("strict", "free", "legal_of", "beaters"):
                    assert getattr(a, name) == getattr(b, name), name
            assert a.legal() == b.legal()
            checked += 1
    assert checked > 100


def test_the_kernel_refuses_a_deal_before_play() -> None:
    state = DVOU.new_deal(DVOU.options(), 2, 0, seed=1)
    with pytest.raises(ValueError):
        Fast.of_state(state)


@pytest.mark.parametrize("rules", "ABC")
def test_an_opening_is_the_states_kernel_before_the_first_card(rules: str) -> None:
    """``opening`` with a deal's hands, stock and trumps is ``of_state`` at its first
    card when nothing was announced, and plays the same run."""
    checked = 0
    for seed in range(200):
        state = _to_play(seed, rules, 0)
        if state.phase is not Phase.PLAY or state.sedma is not None or state.stovka is not None:
            continue
        assert state.trump is not None
        hands = [state.hands[s] for s in state.active]
        a = Fast.of_state(state)
        b = Fast.opening(hands, list(state.stock), int(state.trump), rules)
        for name in Fast.__slots__:
            if name not in ("strict", "free", "legal_of", "beaters"):
                assert getattr(a, name) == getattr(b, name), name
        assert a.run(random.Random(seed), 0.2) == b.run(random.Random(seed), 0.2)
        checked += 1
    assert checked > 10
