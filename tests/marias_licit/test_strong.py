"""The strong licitovaný player: its samples keep what the seat knows, it never
peeks at another hand, and it plays whole deals."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import replace

from games.marias_licit.determinize import consistent, rules_of, sample_world
from games.marias_licit.state import LicitState
from games.marias_licit.views import player_view
from games.players.licit_rules import LicitRulePlayer
from games.players.licit_strong import LicitStrongPlayer, play_scoring
from games.players.pimc import World, card_means
from games.registry import find_registration, find_variant
from games.strong.budget import Budget
from games.strong.solver import Position, TrickSolver
from tests.strong.helpers import same_decision

LICIT = find_variant("marias-licitovany")
RULES = LicitRulePlayer()


def _positions(
    deals: int, seed: int = 0, phases: frozenset[str] = frozenset({"play"})
) -> Iterator[tuple[LicitState, int]]:
    """Every position of seeded deals played by the rule player in these phases
    (the play's unless told)."""
    for deal in range(deals):
        rng = random.Random(seed + deal)
        state: LicitState = LICIT.new_deal(LICIT.options({}), 3, deal % 3, seed=seed + deal)
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            view = player_view(state, seat)
            if view.public.phase in phases:
                yield state, seat
            action = RULES.choose(view, state.legal_actions(seat), seat, rng)
            state, _ = LICIT.apply(state, seat, action)


def test_the_truth_is_consistent_and_every_sample_is() -> None:
    rng = random.Random(4)
    checked = 0
    for state, seat in _positions(30):
        view = player_view(state, seat)
        rules = rules_of(view)
        truth = {s: state.hands[s] for s in state.active}
        assert consistent(view, truth, rules)
        world = sample_world(view, rng)
        assert world.exact
        hands = dict(zip(state.active, world.hands, strict=True))
        assert hands[seat] == state.hands[seat]
        assert {s: h.bit_count() for s, h in hands.items()} == {
            s: state.hands[s].bit_count() for s in state.active
        }
        assert consistent(view, hands, rules)
        everything = world.talon
        for h in world.hands:
            assert not everything & h
            everything |= h
        assert everything == state.talon | sum(state.hands[s] for s in state.active)
        if seat == state.declarer:
            assert world.talon == state.talon
        checked += 1
    assert checked > 300


def _same_view_other_hands(state: LicitState, seat: int, rng: random.Random) -> LicitState | None:
    """The deal with the other seats' cards (and the talon, unless the seat knows it)
    dealt anew consistently with what ``seat`` knows."""
    world = sample_world(player_view(state, seat), rng)
    hands = list(state.hands)
    for s, h in zip(state.active, world.hands, strict=True):
        hands[s] = h
    other = replace(state, hands=tuple(hands), talon=world.talon)
    if player_view(other, seat) != player_view(state, seat) or other.hands == state.hands:
        return None
    return other


def test_never_peeks() -> None:
    """The same view with other hidden cards gets the same decision (a fixed seed),
    in the searched endgame and in the rollouts before it."""
    player = LicitStrongPlayer(Budget(samples=6, nodes=40_000))
    rng = random.Random(11)
    compared = 0
    for state, seat in _positions(12, seed=100):
        view = player_view(state, seat)
        if play_scoring(view) is None:
            continue
        other = _same_view_other_hands(state, seat, rng)
        if other is None:
            continue
        a = player.choose(view, state.legal_actions(seat), seat, random.Random(3))
        b = player.choose(
            player_view(other, seat), other.legal_actions(seat), seat, random.Random(3)
        )
        assert a == b
        compared += 1
    assert compared > 40


def test_never_peeks_in_the_auction_and_the_fleks() -> None:
    """The bids, holds, discards, contracts and fleks, valued over sampled deals, are the same
    for the same view with the hidden cards (the others' hands, the talon where the
    seat has not seen it) dealt otherwise."""
    player = LicitStrongPlayer(plan_budget=Budget(samples=4, nodes=1))
    rng = random.Random(12)
    compared: dict[str, int] = {}
    phases = frozenset({"auction", "talon", "contract", "flek"})
    for state, seat in _positions(40, seed=300, phases=phases):
        if len(state.legal_actions(seat)) < 2:
            continue
        other = _same_view_other_hands(state, seat, rng)
        if other is None:
            continue
        same_decision(player, state, other, seat)
        phase = player_view(state, seat).public.phase
        compared[phase] = compared.get(phase, 0) + 1
    assert compared.get("auction", 0) > 40
    assert compared.get("flek", 0) > 10


def test_strong_players_play_whole_deals() -> None:
    strong = LicitStrongPlayer(Budget(samples=4, nodes=20_000))
    for deal in range(6):
        rng = random.Random(deal)
        state: LicitState = LICIT.new_deal(LICIT.options({}), 3, deal % 3, seed=deal)
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            action = strong.choose(player_view(state, seat), state.legal_actions(seat), seat, rng)
            state, _ = LICIT.apply(state, seat, action)
        assert sum(state.outcome().scores) == 0


def test_registered() -> None:
    assert find_registration("marias-licitovany").player("strong").name == "strong"


def _worlds(state: LicitState, seat: int, calls: list[int]) -> Callable[[], World]:
    """The player's world sampler for this position, counting its calls."""
    view = player_view(state, seat)
    scoring = play_scoring(view)
    assert scoring is not None and state.declarer is not None
    active = list(state.active)
    rules = rules_of(view)
    rng = random.Random(1)

    def world() -> World:
        calls.append(1)
        sampled = sample_world(view, rng)
        solver = TrickSolver(rules, scoring, [active.index(state.declarer or 0)], 3)
        table: list[int] = list(state.trick_cards)
        return solver, Position(sampled.hands, table, active.index(seat), len(state.tricks), 10)

    return world


def test_pimc_honours_stop_and_falls_back_to_playouts() -> None:
    """``budget.stop`` ends the sampling after the first world; a first world too big
    for its nodes is ranked by playouts rather than not at all."""
    state, seat = next(
        (s, seat)
        for s, seat in _positions(5)
        if s.hands[seat].bit_count() == 10 and play_scoring(player_view(s, seat)) is not None
    )
    legal = set(range(54))
    calls: list[int] = []
    stopped = Budget(samples=8, nodes=10**6, stop=lambda: True)
    values = card_means(
        stopped, random.Random(2), legal, _worlds(state, seat, calls), exact=False, playouts=2
    )
    assert values and len(calls) == 1
    calls.clear()
    tiny = Budget(samples=4, nodes=40)
    values = card_means(
        tiny, random.Random(2), legal, _worlds(state, seat, calls), exact=True, playouts=2
    )
    assert values and len(calls) >= 1
