"""The strong ve dvou player: its samples keep what the seat knows (the truth
itself once the stock is gone), it never peeks at the other hand or the
stock, and it plays whole deals in every rule set."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace

import pytest

from games.marias.actions import Play
from games.marias.rules import seven_of
from games.marias_dvou.determinize import consistent, rules_of, sample_world
from games.marias_dvou.state import DvouState
from games.marias_dvou.views import player_view
from games.players.dvou_pricing import choose_extras, choose_flek, sample
from games.players.dvou_rules import DvouRulePlayer
from games.players.dvou_strong import DvouStrongPlayer
from games.registry import find_registration, find_variant
from games.strong.budget import Budget

DVOU = find_variant("marias-dvou")
RULES = DvouRulePlayer()


def _positions(
    deals: int, rules: str, seed: int = 0, phases: tuple[str, ...] = ("play",)
) -> Iterator[tuple[DvouState, int]]:
    """Every position of ``phases`` in seeded deals played by the rule player."""
    options = DVOU.options({"dvou_variant": rules})
    for deal in range(deals):
        rng = random.Random(seed + deal)
        state: DvouState = DVOU.new_deal(options, 2, {"dealer": deal % 2}, seed=seed + deal)
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            view = player_view(state, seat)
            if view.public.phase in phases:
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


@pytest.mark.parametrize("rules", ["A", "C"])
def test_never_peeks(rules: str) -> None:
    """The same view with the other hand and the stock dealt anew gets the same
    decision (a fixed seed): announcements, fleks and the play while the stock
    lasts; once the stock is gone there is nothing to re-deal."""
    player = DvouStrongPlayer(stock_samples=12, pricing_samples=24)
    rng = random.Random(11)
    compared = 0
    phases = ("announce", "flek", "play")
    covered: set[str] = set()
    for state, seat in _positions(8, rules, seed=100, phases=phases):
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
        changed = other.hands != state.hands or other.stock != state.stock
        compared += changed
        if changed:
            covered.add(view.public.phase)
    assert compared > 40
    assert covered == set(phases)


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


# --- decisions by evaluation -------------------------------------------------


def _differs(phase: str, rules: str, deals: int, seed: int) -> tuple[int, int]:
    """Positions of ``phase`` seen, and those where the strong player's choice is
    the evaluation's best and not the rule player's; every choice is checked to
    be the evaluation's (the same rng seed)."""
    player = DvouStrongPlayer(stock_samples=16, pricing_samples=32)
    seen = differ = 0
    for state, seat in _positions(deals, rules, seed=seed, phases=(phase,)):
        view = player_view(state, seat)
        legal = state.legal_actions(seat)
        if len(legal) < 2:
            continue
        if phase == "play" and not (view.public.stock_count and len(view.hand) > 1):
            continue
        default = RULES.choose(view, legal, seat, random.Random(5))
        seven = state.trump is not None and state.hands[seat] >> seven_of(state.trump) & 1
        if phase == "play" and seven and any(not isinstance(a, Play) for a in legal):
            continue  # a late sedma or swap is priced first (test_strong_calls.py)
        chosen = player.choose(view, legal, seat, random.Random(5))
        rng = random.Random(5)
        RULES.choose(view, legal, seat, rng)  # the same draws as inside ``choose``
        budget = Budget(samples=16 if phase == "play" else 32, nodes=1)
        if phase == "announce":
            best = choose_extras(view, legal, default, rng, budget)
        elif phase == "flek":
            best = choose_flek(view, legal, default, rng, budget)
        else:
            values = player.stock_values(view, rng, {a.card for a in legal if isinstance(a, Play)})
            assert isinstance(chosen, Play)
            assert values[chosen.card] == max(values.values())
            best = chosen
        assert chosen == best
        seen += 1
        differ += chosen != default
    return seen, differ


@pytest.mark.parametrize("rules", ["A", "B", "C"])
def test_stock_phase_cards_are_chosen_by_evaluation(rules: str) -> None:
    seen, differ = _differs("play", rules, 2, seed=300)
    assert seen > 20 and differ > 0


@pytest.mark.parametrize("rules", ["A", "C"])
def test_announcements_are_chosen_by_evaluation(rules: str) -> None:
    seen, differ = _differs("announce", rules, 60, seed=400)
    assert seen > 60 and differ > 0


@pytest.mark.parametrize("rules", ["A", "C"])
def test_fleks_are_chosen_by_evaluation(rules: str) -> None:
    seen, differ = _differs("flek", rules, 60, seed=500)
    assert seen > 30 and differ > 0


def test_samples_read_an_announced_sedma_and_vary_the_stock() -> None:
    """Every sample fits the view; when the opponent announced sedma and the trump
    seven is unseen, the samples give it to him; the stock's order is sampled."""
    rng = random.Random(8)
    checked = 0
    orders = set()
    for state, seat in _positions(40, "A", seed=600, phases=("flek", "play")):
        view = player_view(state, seat)
        other = state.other(seat)
        if view.public.sedma != other or not state.stock:
            continue
        seven = seven_of(state.trump)  # type: ignore[arg-type]
        if not state.hands[other] >> seven & 1:
            continue  # not where the rule player's announcement puts it
        world = sample(view, rng)
        hands = dict(zip(state.active, world.hands, strict=True))
        assert consistent(view, hands, rules_of(view))
        assert hands[other] >> seven & 1
        orders.add(world.stock)
        checked += 1
    assert checked > 20 and len(orders) > 10
