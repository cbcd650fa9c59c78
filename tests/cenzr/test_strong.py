"""The strong cenzr player: its samples keep what the seat knows (the hidden
partner included), it never peeks at another hand, and it plays whole deals."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace
from typing import cast

from games.cards import Card, card
from games.cenzr.actions import Announce
from games.cenzr.determinize import consistent, played_by, rules_of, sample_world
from games.cenzr.game import CenzrGame as CenzrState
from games.cenzr.variant import CENZR
from games.players.cenzr_rules import CenzrRulePlayer
from games.players.cenzr_strong import CenzrStrongPlayer
from games.strong.budget import Budget
from tests.strong.helpers import same_decision

RULES = CenzrRulePlayer()


def _positions(deals: int, seed: int = 0) -> Iterator[tuple[CenzrState, int]]:
    """Every play position of seeded deals played by the rule player."""
    for deal in range(deals):
        rng = random.Random(seed + deal)
        options = CENZR.options({})
        state = cast(CenzrState, CENZR.new_deal(options, 4, {"dealer": deal % 4}, seed=seed + deal))
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            view = state.view(seat)
            if view.public.phase == "play":
                yield state, seat
            action = RULES.choose(view, state.legal_actions(seat), seat, rng)
            state = cast(CenzrState, CENZR.apply(state, seat, action)[0])


def test_the_truth_is_consistent_and_every_sample_is() -> None:
    rng = random.Random(4)
    checked = partners = 0
    for state, seat in _positions(40):
        view = state.view(seat)
        rules = rules_of(view)
        truth = {s: state.hands[s] for s in state.active}
        assert consistent(view, truth, rules)
        world = sample_world(view, rng)
        assert world.exact
        assert world.hands[seat] == state.hands[seat]
        assert {s: h.bit_count() for s, h in world.hands.items()} == {
            s: state.hands[s].bit_count() for s in state.active
        }
        assert consistent(view, world.hands, rules)
        everything = 0
        for h in world.hands.values():
            assert not everything & h
            everything |= h
        assert everything.bit_count() == sum(state.hands[s].bit_count() for s in state.active)
        called = card(view.public.called or "")
        held = {s: world.hands[s] | p for s, p in played_by(view).items()}
        assert held[world.holder] >> called & 1
        if seat == state.holder or view.public.revealed:
            assert world.holder == state.holder
        else:
            partners += world.holder != state.holder
        checked += 1
    assert checked > 800
    assert partners > 50  # a seat that does not know the partner samples others too


def _same_view_other_hands(state: CenzrState, seat: int, rng: random.Random) -> CenzrState | None:
    """The deal with the other seats' cards dealt anew consistently with what
    ``seat`` knows (the partner moving with the called card)."""
    view = state.view(seat)
    world = sample_world(view, rng)
    hands = list(state.hands)
    for s, h in world.hands.items():
        hands[s] = h
    played = played_by(view)
    packets = tuple(
        tuple(Card(c) for c in range(52) if (hands[s] | played[s]) >> c & 1) if s != seat else p
        for s, p in zip(state.active, state.packets, strict=True)
    )
    other = replace(state, hands=tuple(hands), holder=world.holder, packets=packets)
    if other.view(seat) != view or other.hands == state.hands:
        return None
    return other


def test_never_peeks() -> None:
    """The same view with other hidden cards gets the same decision (a fixed seed)."""
    player = CenzrStrongPlayer(Budget(samples=4, nodes=20_000))
    rng = random.Random(11)
    compared = 0
    for n, (state, seat) in enumerate(_positions(10, seed=100)):
        if n % 3:
            continue
        other = _same_view_other_hands(state, seat, rng)
        if other is None:
            continue
        same_decision(player, state, other, seat)
        compared += 1
    assert compared > 40


def test_never_peeks_when_announcing() -> None:
    """Trick 1 with "announce" open: whether it announces (valued on samples, the
    later announcers among them) is the same with other hidden cards."""
    player = CenzrStrongPlayer(Budget(samples=4, nodes=20_000))
    rng = random.Random(12)
    compared = 0
    for state, seat in _positions(60, seed=700):
        if not any(isinstance(a, Announce) for a in state.legal_actions(seat)):
            continue
        other = _same_view_other_hands(state, seat, rng)
        if other is None:
            continue
        same_decision(player, state, other, seat)
        compared += 1
    assert compared > 15


def test_strong_players_play_whole_deals() -> None:
    strong = CenzrStrongPlayer(Budget(samples=3, nodes=10_000))
    played = 0
    for deal in range(6):
        rng = random.Random(deal)
        state = cast(
            CenzrState, CENZR.new_deal(CENZR.options({}), 4, {"dealer": deal % 4}, seed=deal)
        )
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            action = strong.choose(state.view(seat), state.legal_actions(seat), seat, rng)
            state = cast(CenzrState, CENZR.apply(state, seat, action)[0])
        played += not state.annulled
        assert state.outcome() is not None
    assert played


def test_an_unknown_partner_is_any_other_seat_alike() -> None:
    """At the first lead nothing has been played: for the leader who does not hold
    the called card, each other seat holds it (is the partner, or the chooser a
    samec) equally often (chi-square, 2 degrees of freedom, 1% level 9.21)."""
    for state, seat in _positions(30, seed=300):
        view = state.view(seat)
        if view.public.history or view.public.trick or seat == state.holder:
            continue
        rng = random.Random(8)
        n = 1500
        counts = dict.fromkeys((s for s in state.active if s != seat), 0)
        for _ in range(n):
            counts[sample_world(view, rng).holder] += 1
        chi2 = sum((k - n / 3) ** 2 / (n / 3) for k in counts.values())
        assert chi2 < 9.21, counts
        return
    raise AssertionError("no first lead without the called card")
