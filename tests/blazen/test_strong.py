"""The strong player of Blázen and what it stands on: the fast kernel, the determinizer.

* the kernel (``games.blazen.fast``) replays its games through ``apply``: at every
  step its legal actions are the engine's, and the game ends the same way;
  its rollout policy is exactly the rule player;
* the determinizer deals worlds whose view is the seat's view, uniformly
  (a chi-square test against the exact distribution of a small position);
* the strong player never peeks: two games that look the same from its seat get
  the same decision; it plays whole games, respects its budget and is
  reproducible.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Iterator
from itertools import combinations
from typing import Any

import pytest

from games.blazen.actions import Exchange, Redeal
from games.blazen.determinize import Determinizer, table_options
from games.blazen.fast import Fast, from_action, to_action
from games.blazen.rules import rank_mask_of
from games.blazen.state import BlazenState
from games.blazen.variant import BLAZEN
from games.blazen.views import player_view
from games.cards import card, cards_of
from games.engine import Action
from games.players import make_player
from games.players.blazen_rules import BlazenRulePlayer
from games.players.blazen_strong import BlazenStrongPlayer
from games.strong.budget import Budget
from tests.blazen.helpers import position

TABLES: tuple[tuple[dict[str, Any], int], ...] = (
    ({}, 2),
    ({}, 4),
    ({}, 6),
    ({"variant": "perevodnoy"}, 3),
    ({"variant": "perevodnoy", "transfer_by_showing_trump": True}, 4),
    ({"variant": "perevodnoy", "transfer_multi_card": False}, 5),
    ({"deck_size": 24}, 2),
    ({"deck_size": 24, "variant": "perevodnoy"}, 4),
    ({"deck_size": 52}, 5),
    ({"deck_size": 52, "variant": "perevodnoy"}, 2),
    ({"deck_size": 54, "variant": "perevodnoy"}, 6),
    ({"team_mode": "2v2"}, 4),
    ({"team_mode": "3v3", "variant": "perevodnoy"}, 6),
    ({"team_mode": "1v2"}, 3),
    ({"throw_in_mode": "window"}, 4),
    ({"throw_in_mode": "window", "throw_in_timing": "anytime", "variant": "perevodnoy"}, 3),
    ({"max_attack": "defender_hand", "max_attack_first_bout": 5}, 3),
    ({"neighbors_only_throw_in": True, "throw_in_max_per_action": 1}, 5),
    ({"throw_in_after_take": False, "always_prompt_throwers": True}, 3),
    ({"simultaneous_finish": "first_out_wins", "trump_card": "next"}, 2),
    ({"first_bout_scope": "first_bout_only", "multi_card_open": False}, 4),
    ({"allow_trump_exchange": True, "deal_packet": 2}, 4),
)


def _deal(seed: int) -> BlazenState:
    options, seats = TABLES[seed % len(TABLES)]
    return BLAZEN.new_deal(BLAZEN.options(options), seats, seed % seats, seed=seed)


def _engine_legal(state: BlazenState, seat: int) -> list[str]:
    """The engine's legal codes without the interjections (the kernel never takes them)."""
    return sorted(a.code for a in state.legal_actions(seat) if not isinstance(a, Redeal | Exchange))


# --- the kernel -------------------------------------------------------------------


@pytest.mark.parametrize("policy", ["random", "rules"])
def test_kernel_traces_replay_through_the_engine(policy: str) -> None:
    """Every kernel step is legal in the engine, the legal sets agree, the ends agree."""
    played = 0
    for seed in range(330):
        state = _deal(seed)
        if state.is_over:
            continue
        rng = random.Random(seed)
        game = Fast.of(state)
        while not state.is_over:
            seat = min(BLAZEN.due(state))
            assert game.due()[0] == seat
            assert sorted(to_action(a).code for a in game.legal(seat)) == _engine_legal(state, seat)
            step = game.random_action(seat, rng) if policy == "random" else game.rule_action(seat)
            state, _ = BLAZEN.apply(state, seat, to_action(step))
            game.act(seat, step)
            assert game.hands == list(state.hands)
            assert game.stock[::-1] == list(state.stock)
        assert game.over
        assert (game.end, game.losers, tuple(game.exits)) == (
            state.end,
            state.losers,
            state.exits,
        )
        played += 1
    assert played > 300


def test_kernel_playout_ends_as_the_engine_with_rule_players() -> None:
    """``playout`` from mid-game positions is the engine game of rule players, move by move."""
    rules = BlazenRulePlayer()
    for seed in range(120):
        state = _deal(seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(30)):
            if state.is_over:
                break
            seat = min(BLAZEN.due(state))
            state, _ = BLAZEN.apply(state, seat, rng.choice(state.legal_actions(seat)))
        if state.is_over:
            continue
        game = Fast.of(state)
        game.playout()
        while not state.is_over:
            seat = min(BLAZEN.due(state))
            legal = [a for a in state.legal_actions(seat) if not isinstance(a, Redeal | Exchange)]
            state, _ = BLAZEN.apply(
                state, seat, rules.choose(player_view(state, seat), legal, seat, rng)
            )
        assert (game.end, game.losers) == (state.end, state.losers)


def test_kernel_rule_policy_is_the_rule_player() -> None:
    rules = BlazenRulePlayer()
    compared = 0
    for seed in range(150):
        state = _deal(seed)
        game = Fast.of(state)
        rng = random.Random(seed)
        while not state.is_over:
            seat = min(BLAZEN.due(state))
            legal = [a for a in state.legal_actions(seat) if not isinstance(a, Redeal | Exchange)]
            action = rules.choose(player_view(state, seat), legal, seat, rng)
            assert to_action(game.rule_action(seat)) == action
            step = from_action(action)
            assert step is not None
            state, _ = BLAZEN.apply(state, seat, action)
            game.act(seat, step)
            compared += 1
    assert compared > 5000


# --- the determinizer --------------------------------------------------------------


def _positions(seeds: range, *, every: float = 0.25) -> Iterator[tuple[BlazenState, int]]:
    """Positions of seeded games (random and rule players), with a seat in play to view them."""
    rules = BlazenRulePlayer()
    for seed in seeds:
        state = _deal(seed)
        rng = random.Random(seed)
        while not state.is_over:
            seat = min(BLAZEN.due(state))
            if rng.random() < every:
                yield state, seat
            legal = list(state.legal_actions(seat))
            action: Action
            if seed % 2:
                action = rng.choice([a for a in legal if not isinstance(a, Redeal)] or legal)
            else:
                action = rules.choose(player_view(state, seat), legal, seat, rng)
            state, _ = BLAZEN.apply(state, seat, action)


def test_determinized_worlds_agree_with_the_view() -> None:
    checked = 0
    for state, _ in _positions(range(66)):
        rng = random.Random(checked)
        for viewer in range(state.seats):
            if viewer in state.gone:
                continue
            view = player_view(state, viewer)
            assert table_options(view, BLAZEN.options({})).deck_size == state.options.deck_size
            assert table_options(view, state.options) == state.options
            determinizer = Determinizer(view, state.options)
            for _ in range(3):
                world = determinizer.sample(rng)
                assert player_view(world, viewer) == view  # legal actions, to_act and room included
                assert world.hands[viewer] == state.hands[viewer]
                for s in range(state.seats):
                    assert world.hands[s].bit_count() == state.hands[s].bit_count()
                    assert world.known[s] & ~world.hands[s] == 0  # seen cards are held
                assert len(world.stock) == len(state.stock)
                if state.stock:
                    assert world.stock[-1] == state.trump_card
                everything = sum(world.hands) | sum(1 << c for c in world.stock) | world.bito
                assert everything | world.table_cards == sum(1 << c for c in _deck(state))
                assert BLAZEN.due(world) == BLAZEN.due(state)  # who throws in is no secret
                checked += 1
    assert checked > 1000


def _deck(state: BlazenState) -> tuple[int, ...]:
    from games.blazen.rules import DECKS

    return DECKS[state.options.deck_size]


def _chi_square(counts: Counter[Any], expected: dict[Any, float]) -> float:
    assert set(counts) <= set(expected)
    return float(sum((counts[k] - e) ** 2 / e for k, e in expected.items()))


def _critical(df: int) -> float:
    """The chi-square value exceeded with probability 0.001 (Wilson-Hilferty; within 1%
    of the tables for these degrees of freedom: 98.3 at 59, 34.5 at 13)."""
    base = 1 - 2 / (9 * df) + 3.090 * math.sqrt(2 / (9 * df))
    return df * base * base * base


def test_determinizer_is_uniform_on_a_small_position() -> None:
    """17 cards in the viewer's hand, two in the other's, a stock of the trump card and
    one more, three beaten off: 6 hidden cards in C(6,2)*C(4,1) = 60 equally likely ways."""
    state = position(
        ["9d Td Qd Kd Ad 9s Ts Js Ks As 9c Tc Jc Qc Qh Kh Ah", "9h Th"],
        stock="Jd",
        trump="Kc",
        deck_size=24,
        attacker=0,
    )
    determinizer = Determinizer(player_view(state, 0), state.options)
    hidden = list(cards_of(determinizer.pool))
    assert hidden == [card(c) for c in ("9h", "Th", "Jh", "Jd", "Qs", "Ac")]
    cells = [(p, s) for p in combinations(hidden, 2) for s in hidden if s not in p]
    assert len(cells) == 60
    draws = 100 * len(cells)
    rng = random.Random(7)
    counts: Counter[Any] = Counter()
    for _ in range(draws):
        world = determinizer.sample(rng)
        assert world.stock[-1] == card("Kc")
        counts[(tuple(cards_of(world.hands[1])), world.stock[0])] += 1
    statistic = _chi_square(counts, {cell: draws / len(cells) for cell in cells})
    assert statistic < _critical(len(cells) - 1)


def test_determinizer_is_uniform_given_a_window_of_throwers() -> None:
    """Window mode: a thrower in the window holds a rank of the table; the worlds are
    uniform among the deals where that is so (14 of the 15 pairs seat 2 could hold)."""
    state = position(
        [_REST, "Ah Kh", "9s Qh"],
        trump="Kc",
        deck_size=24,
        attacker=0,
        throw_in_mode="window",
    )
    state = _play_codes(state, (0, "attack:9h"), (1, "beat:0:Ah"))
    view = player_view(state, 0)
    assert view.public.phase == "throw" and view.public.to_act == (0, 2)
    determinizer = Determinizer(view, state.options)
    hidden = list(cards_of(determinizer.pool))
    assert determinizer.sizes == [1, 2, 0, 3]  # seat 1, seat 2, the stock, the Bito
    ranks = rank_mask_of((card("9h"), card("Ah")))
    cells = [p for p in combinations(hidden, 2) if sum(1 << c for c in p) & ranks]
    assert len(cells) == 14
    draws = 100 * len(cells)
    rng = random.Random(3)
    counts: Counter[Any] = Counter()
    for _ in range(draws):
        world = determinizer.sample(rng)
        assert player_view(world, 0) == view
        counts[tuple(cards_of(world.hands[2]))] += 1
    statistic = _chi_square(counts, {cell: draws / len(cells) for cell in cells})
    assert statistic < _critical(len(cells) - 1)


_REST = "9h 9d Td Jd Qd Kd Ad Ts Js Qs Ks Tc Jc Qc Kc Th Jh"
"""Seat 0's hand in the window position: the deck but Ah Kh, 9s Qh and As Ac 9c."""


def _play_codes(state: BlazenState, *moves: tuple[int, str]) -> BlazenState:
    for seat, code in moves:
        state, _ = BLAZEN.apply(state, seat, BLAZEN.parse_action(code))
    return state


# --- the strong player -----------------------------------------------------------------

SMALL = Budget(samples=6, nodes=20_000)


def _swapped(state: BlazenState, viewer: int, rng: random.Random) -> BlazenState | None:
    """The same game with two cards the viewer cannot see swapped between two places
    (another hand, the stock above its bottom card); ``None`` if none can be swapped."""
    places: list[tuple[str, int, int]] = []
    for s in range(state.seats):
        if s != viewer:
            for c in cards_of(state.hands[s] & ~state.known[s]):
                places.append(("hand", s, c))
    for i, c in enumerate(state.stock[:-1]):
        places.append(("stock", i, c))
    pairs = [(a, b) for a, b in combinations(places, 2) if (a[0], a[1]) != (b[0], b[1])]
    if not pairs:
        return None
    (ka, ia, ca), (kb, ib, cb) = rng.choice(pairs)
    hands = list(state.hands)
    stock: list[int] = list(state.stock)
    for kind, index, old, new in ((ka, ia, ca, cb), (kb, ib, cb, ca)):
        if kind == "hand":
            hands[index] = hands[index] & ~(1 << old) | 1 << new
        else:
            stock[index] = new
    return state.but(hands=tuple(hands), stock=tuple(stock))


def test_the_strong_player_never_peeks() -> None:
    """Two games its seat cannot tell apart get the same decision from the same seed."""
    player = BlazenStrongPlayer(SMALL)
    compared = 0
    differs = 0
    for state, seat in _positions(range(0, 120, 2), every=0.1):
        rng = random.Random(compared)
        other = _swapped(state, seat, rng)
        if other is None or player_view(other, seat) != player_view(state, seat):
            continue
        legal = state.legal_actions(seat)
        if len(legal) < 2:
            continue
        first = player.choose(player_view(state, seat), legal, seat, random.Random(compared))
        second = player.choose(
            player_view(other, seat), other.legal_actions(seat), seat, random.Random(compared)
        )
        assert first == second
        compared += 1
        differs += (
            any(a != b for a, b in zip(state.hands, other.hands, strict=True))
            or state.stock != other.stock
        )
    assert compared >= 40
    assert differs == compared


def test_one_legal_action_is_played_at_once() -> None:
    player = BlazenStrongPlayer()
    state = _deal(1)
    seat = min(BLAZEN.due(state))
    only = state.legal_actions(seat)[0]
    assert player.choose(None, [only], seat, random.Random(0)) is only  # type: ignore[arg-type]


def test_the_strong_player_is_reproducible_and_respects_its_budget() -> None:
    asked: list[int] = []

    def stop() -> bool:
        asked.append(1)
        return len(asked) >= 3

    for state, seat in _positions(range(4, 30, 4), every=0.2):
        legal = state.legal_actions(seat)
        if len(legal) < 3:
            continue
        view = player_view(state, seat)
        a = BlazenStrongPlayer(SMALL).choose(view, legal, seat, random.Random(5))
        b = BlazenStrongPlayer(SMALL).choose(view, legal, seat, random.Random(5))
        assert a == b and a in legal
        asked.clear()
        BlazenStrongPlayer(Budget(samples=50, stop=stop)).choose(
            view, legal, seat, random.Random(1)
        )
        assert len(asked) == 3  # asked between worlds, and it stopped when told
        rng = random.Random(2)
        BlazenStrongPlayer(Budget(samples=1)).choose(view, legal, seat, rng)
        one = rng.random()
        rng = random.Random(2)
        BlazenStrongPlayer(Budget(samples=2)).choose(view, legal, seat, rng)
        assert rng.random() != one  # a second world was dealt
        return
    raise AssertionError("no position with a choice")


@pytest.mark.parametrize("seed", range(0, len(TABLES)))
def test_strong_players_play_whole_games(seed: int) -> None:
    state = _deal(seed)
    player = BlazenStrongPlayer(Budget(samples=3, nodes=5_000))
    rngs = [random.Random(f"{seed}:{s}") for s in range(state.seats)]
    steps = 0
    while not state.is_over:
        seat = min(BLAZEN.due(state))
        legal = state.legal_actions(seat)
        action = player.choose(player_view(state, seat), legal, seat, rngs[seat])
        assert action in legal
        state, _ = BLAZEN.apply(state, seat, action)
        steps += 1
    assert state.outcome().scores is not None and steps > 0


def test_strong_is_registered() -> None:
    assert isinstance(make_player("strong", BLAZEN.id), BlazenStrongPlayer)
