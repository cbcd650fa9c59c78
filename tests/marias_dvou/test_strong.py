"""The strong ve dvou player: its samples keep what the seat knows (the truth
itself once the stock is gone), it never peeks at the other hand or the
stock, and it plays whole deals in every rule set."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace

import pytest

from games.marias_dvou.determinize import consistent, rules_of, sample_world
from games.marias_dvou.state import DvouState
from games.marias_dvou.views import player_view
from games.players.dvou_rules import DvouRulePlayer
from games.players.dvou_strong import DvouStrongPlayer
from games.registry import find_registration, find_variant

DVOU = find_variant("marias-dvou")
RULES = DvouRulePlayer()


def _positions(deals: int, rules: str, seed: int = 0) -> Iterator[tuple[DvouState, int]]:
    """Every play position of seeded deals played by the rule player."""
    options = DVOU.options({"dvou_variant": rules})
    for deal in range(deals):
        rng = random.Random(seed + deal)
        state: DvouState = DVOU.new_deal(options, 2, {"dealer": deal % 2}, seed=seed + deal)
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            view = player_view(state, seat)
            if view.public.phase == "play":
                yield state, seat
            action = RULES.choose(view, state.legal_actions(seat), seat, rng)
            state, _ = DVOU.apply(state, seat, action)


@pytest.mark.parametrize("rules", ["A", "B", "C"])
def test_the_truth_is_consistent_and_every_sample_is(rules: str) -> None:
    rng = random.Random(4)
    checked = endgame = 0
    for state, seat in _positions(12, rules):
        view = player_view(state, seat)
        trick_rules = rules_of(view)
        truth = {s: state.hands[s] for s in state.active}
        assert consistent(view, truth, trick_rules)
        world = sample_world(view, rng)
        assert world.exact
        hands = dict(zip(state.active, world.hands, strict=True))
        assert hands[seat] == state.hands[seat]
        assert {s: h.bit_count() for s, h in hands.items()} == {
            s: h.bit_count() for s, h in truth.items()
        }
        assert consistent(view, hands, trick_rules)
        assert len(world.stock) == len(state.stock)
        stock = sum(1 << c for c in world.stock)
        assert stock + sum(hands.values()) == sum(1 << c for c in state.stock) + sum(truth.values())
        if state.turned_card is not None:
            assert world.stock[-1] == state.turned_card
        if not state.stock:
            assert hands == truth  # nothing is hidden any more
            endgame += 1
        checked += 1
    assert checked > 250 and endgame > 100


def test_never_peeks() -> None:
    """The same view with the other hand and the stock dealt anew gets the same
    decision (a fixed seed); once the stock is gone there is nothing to re-deal."""
    player = DvouStrongPlayer()
    rng = random.Random(11)
    compared = 0
    for state, seat in _positions(10, "A", seed=100):
        view = player_view(state, seat)
        world = sample_world(view, rng)
        hands = list(state.hands)
        for s, h in zip(state.active, world.hands, strict=True):
            hands[s] = h
        other = replace(state, hands=tuple(hands), stock=world.stock)
        if player_view(other, seat) != view:
            continue
        a = player.choose(view, state.legal_actions(seat), seat, random.Random(3))
        b = player.choose(
            player_view(other, seat), other.legal_actions(seat), seat, random.Random(3)
        )
        assert a == b
        compared += other.hands != state.hands
    assert compared > 40


@pytest.mark.parametrize("rules", ["A", "B", "C"])
def test_strong_players_play_whole_deals(rules: str) -> None:
    strong = DvouStrongPlayer()
    options = DVOU.options({"dvou_variant": rules})
    searched = 0
    for deal in range(4):
        rng = random.Random(deal)
        state: DvouState = DVOU.new_deal(options, 2, {"dealer": deal % 2}, seed=deal)
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            view = player_view(state, seat)
            legal = state.legal_actions(seat)
            if view.public.phase == "play" and not view.public.stock_count and len(legal) > 1:
                searched += bool(strong.card_values(view, rng, {c for c in range(54)}))
            action = strong.choose(view, legal, seat, rng)
            state, _ = DVOU.apply(state, seat, action)
        assert sum(state.outcome().scores) == 0
    assert searched > 20  # the endgame is solved within the budget


def test_registered() -> None:
    assert find_registration("marias-dvou").player("strong").name == "strong"
