"""A seat's view, its legal actions and the public view ignore the hidden cards (issue 7).

Two deals that a seat cannot tell apart must look the same to it: the other
hands are dealt again (their cards that everyone saw stay put, the stock is
kept so every draw is the same) and the game is replayed through ``apply``
for as long as the recorded actions stay legal. At every step the public view
and that seat's view and legal actions must not change. Only the seat that
may demand a redeal learns it from its own view.

The mid-game property runs with ``always_prompt_throwers``: with the default
the rules themselves skip a thrower who has nothing to throw, which the spec
(§12.1) names as the known leak that option closes.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import asdict
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from games.blazen.state import BlazenState
from games.blazen.variant import BLAZEN
from games.cards import card, card_code, cards_of
from games.engine import GameError, Seat
from tests.blazen.helpers import play_game, position

TABLES: tuple[tuple[dict[str, Any], int], ...] = (
    ({}, 2),
    ({}, 3),
    ({}, 4),
    ({"variant": "perevodnoy"}, 3),
    ({"allow_trump_exchange": True}, 3),
    ({"first_attacker_rule": "dealer_left", "allow_trump_exchange": True}, 4),
    ({"team_mode": "2v2"}, 4),
    ({"deck_size": 24}, 3),
)


def _moves(seed: int, options: dict[str, Any], seats: int) -> tuple[BlazenState, list[Any]]:
    steps = list(play_game(seed, seats=seats, options=options, mix="ru"))
    return steps[0][0], [(seat, code) for _s, seat, code, _e in steps[1:]]


def _played(moves: list[Any]) -> int:
    """The cards named by any recorded action (they must stay where they were)."""
    mask = 0
    for _seat, code in moves:
        for part in code.replace(",", ":").split(":"):
            if len(part) == 2 and not part.isdigit():
                mask |= 1 << card(part)
    return mask


def _resplit(
    first: BlazenState, viewer: Seat, rng: random.Random, moves: list[Any] | None = None
) -> dict[str, list[str]]:
    """The same deal with the other hands' unseen cards dealt again (sizes kept);
    with ``moves``, only cards that no action names, so the whole game replays."""
    cards = BLAZEN.dealt_cards(first)
    others = [s for s in range(first.seats) if s != viewer]
    keep = _played(moves or [])
    pinned = {s: first.known[s] | keep for s in others}
    pool = [c for s in others for c in first.dealt[s] if not pinned[s] >> c & 1]
    rng.shuffle(pool)
    for s in others:
        free = sum(1 for c in first.dealt[s] if not pinned[s] >> c & 1)
        mine = [c for c in first.dealt[s] if pinned[s] >> c & 1] + pool[:free]
        pool = pool[free:]
        cards[str(s)] = [card_code(c) for c in mine]
    return cards


def _replayed(
    first: BlazenState, cards: dict[str, list[str]], moves: list[Any]
) -> Iterator[BlazenState]:
    opts = first.options
    state = BLAZEN.new_deal(opts, first.seats, first.dealer, cards=cards)
    yield state
    for seat, code in moves:
        try:
            state, _ = BLAZEN.apply(state, seat, BLAZEN.parse_action(code))
        except GameError:
            return
        yield state


def _looks(state: BlazenState, seat: Seat) -> tuple[Any, Any, Any]:
    view = asdict(state.view(seat))  # type: ignore[call-overload]
    legal = [a.code for a in state.legal_actions(seat)]
    return asdict(state.public_view()), view, legal  # type: ignore[call-overload]


def _check(first: BlazenState, moves: list[Any], viewer: Seat, rng: random.Random) -> int:
    """Compare the first steps of the deal with an indistinguishable one, in which
    the cards not played by then lie elsewhere; how many steps were compared."""
    original = list(_replayed(first, BLAZEN.dealt_cards(first), moves))
    compared = 0
    alt = _resplit(first, viewer, rng, moves)
    for alt_state, real in zip(_replayed(first, alt, moves), original, strict=False):
        if alt_state.opening_trump != real.opening_trump or alt_state.opener != real.opener:
            break  # who attacks first is public, and another split may change it
        assert _looks(alt_state, viewer) == _looks(real, viewer)
        compared += 1
    return compared


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), table=st.sampled_from(TABLES))
def test_hidden_cards_do_not_show_before_the_first_attack(
    seed: int, table: tuple[dict[str, Any], int]
) -> None:
    options, seats = table
    first, _ = _moves(seed, options, seats)
    rng = random.Random(seed)
    for viewer in range(seats):
        for _ in range(4):
            _check(first, [], viewer, rng)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), table=st.sampled_from(TABLES))
def test_hidden_cards_do_not_show_during_the_game(
    seed: int, table: tuple[dict[str, Any], int]
) -> None:
    options, seats = table
    first, moves = _moves(seed, {**options, "always_prompt_throwers": True}, seats)
    rng = random.Random(seed)
    for viewer in range(seats):
        for _ in range(3):
            _check(first, moves[: rng.randrange(len(moves) + 1)], viewer, rng)


def test_only_the_eligible_seat_learns_that_it_may_redeal() -> None:
    """B holds five spades: his view offers ``redeal``; nobody else's view shows it."""
    state = position(
        ["6h 7d 8c 9c Tc Jc", "6s 7s 8s 9s Ts 9d", "Qh Kh Ah Qd Kd Ad"],
        trump="6c",
        rest="stock",
        attacker=0,
    )
    assert 1 in state.to_act()  # the engine waits for B's possible redeal
    assert "redeal" in state.view(1).legal and 1 in state.view(1).public.to_act
    assert state.public_view().to_act == (0,)
    for seat in (0, 2):
        assert 1 not in state.view(seat).public.to_act
        assert "redeal" not in state.view(seat).legal


def test_the_comparison_is_not_vacuous() -> None:
    """Replays get past the first attack, and the hidden hands do change."""
    rng = random.Random(1)
    steps = 0
    moved = 0
    for seed in range(6):
        first, moves = _moves(seed, {"always_prompt_throwers": True}, 3)
        steps += _check(first, moves[:30], 0, rng)
        cards = _resplit(first, 0, rng, moves[:30])
        assert sorted(card(c) for c in cards["1"] + cards["2"]) == sorted(
            c for s in (1, 2) for c in cards_of(first.hands[s])
        )
        moved += cards["1"] != BLAZEN.dealt_cards(first)["1"]
    assert steps > 100 and moved >= 3
