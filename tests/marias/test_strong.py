"""The strong volený player: its samples keep what the seat knows, it never peeks
at another hand, and it plays whole deals."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace

from games.marias.determinize import consistent, rules_of, sample_world
from games.marias.state import VolenyState
from games.players.marias_rules import MariasRulePlayer
from games.players.marias_strong import MariasStrongPlayer
from games.registry import find_variant
from games.strong.budget import Budget
from tests.strong.helpers import same_decision

VOLENY = find_variant("marias-voleny")
RULES = MariasRulePlayer()


def _positions(
    deals: int, seed: int = 0, phases: tuple[str, ...] = ("play",)
) -> Iterator[tuple[VolenyState, int]]:
    """Every position of these phases in seeded deals played by the rule player."""
    for deal in range(deals):
        rng = random.Random(seed + deal)
        state: VolenyState = VOLENY.new_deal(
            VOLENY.options({}), 3, {"dealer": deal % 3}, seed=seed + deal
        )
        while not state.is_over:
            (seat,) = state.to_act()
            view = state.view(seat)
            if view.public.phase in phases:
                yield state, seat
            action = RULES.choose(view, state.legal_actions(seat), seat, rng)
            state, _ = VOLENY.apply(state, seat, action)


def test_the_truth_is_consistent_and_every_sample_is() -> None:
    rng = random.Random(4)
    checked = 0
    for state, seat in _positions(25, phases=("talon", "extras", "flek", "play")):
        view = state.view(seat)
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
        assert (
            everything.bit_count()
            == sum(h.bit_count() for h in state.hands) + state.talon.bit_count()
        )
        if seat == state.declarer:
            assert world.talon == state.talon
        checked += 1
    assert checked > 300


def _same_view_other_hands(state: VolenyState, seat: int, rng: random.Random) -> VolenyState | None:
    """The deal with the other seats' cards (and the talon, if the seat does not
    know it) dealt anew consistently with what ``seat`` knows."""
    world = sample_world(state.view(seat), rng)
    hands = list(state.hands)
    for s, h in zip(state.active, world.hands, strict=True):
        hands[s] = h
    other = replace(state, hands=tuple(hands), talon=world.talon)
    if other.view(seat) != state.view(seat) or other.hands == state.hands:
        return None
    return other


def test_never_peeks() -> None:
    """The same view with other hidden cards gets the same decision (a fixed seed)."""
    player = MariasStrongPlayer(Budget(samples=6, nodes=40_000))
    rng = random.Random(11)
    compared = 0
    for state, seat in _positions(12, seed=100):
        if state.hands[seat].bit_count() > player.solve_from:
            continue
        other = _same_view_other_hands(state, seat, rng)
        if other is None:
            continue
        same_decision(player, state, other, seat)
        compared += 1
    assert compared > 40


def test_never_peeks_when_it_fleks() -> None:
    player = MariasStrongPlayer(Budget(samples=6, nodes=40_000))
    rng = random.Random(12)
    compared = fleked = 0
    for state, seat in _positions(60, seed=300, phases=("flek",)):
        other = _same_view_other_hands(state, seat, rng)
        if other is None:
            continue
        a = same_decision(player, state, other, seat, seed=5)
        compared += 1
        fleked += a.code.startswith("flek:")
    assert compared > 20 and fleked > 0


def test_chances_are_shares_of_playouts() -> None:
    player = MariasStrongPlayer(Budget(samples=4, nodes=40_000))
    seen = 0
    for state, seat in _positions(30, seed=500, phases=("flek",)):
        view = state.view(seat)
        if view.public.kind != "hra" or view.public.stovka:
            continue
        chances = player.chances(view, random.Random(1))
        assert set(chances) == ({"hra", "sedma"} if view.public.sedma else {"hra"})
        assert all(0.0 <= p <= 1.0 for p in chances.values())
        seen += 1
    assert seen > 10


def test_strong_players_play_whole_deals() -> None:
    strong = MariasStrongPlayer(Budget(samples=4, nodes=20_000))
    for deal in range(12):
        rng = random.Random(deal)
        state: VolenyState = VOLENY.new_deal(VOLENY.options({}), 4, {"dealer": deal % 4}, seed=deal)
        while not state.is_over:
            (seat,) = state.to_act()
            action = strong.choose(state.view(seat), state.legal_actions(seat), seat, rng)
            state, _ = VOLENY.apply(state, seat, action)
        assert sum(state.outcome().scores) == 0
        # strong players on both sides stop raising: retutti at the most
        assert max(dict(state.outcome().summary.get("flek") or {}).values(), default=0) <= 4


def test_the_trump_seven_is_a_silent_seven_unless_a_sedma_is_played() -> None:
    """§3.0.5: without an announced sedma the trump seven winning the last trick
    pays 1 unit to whichever side plays it, so the play counts it for both sides
    at half the sedma's bonus; an announced sedma is the declarer's alone; a
    betl or durch has none."""
    from games.cards import Rank, Suit, make_card
    from games.players.marias_strong import SEDMA_BONUS, contract_scoring

    seven = make_card(Rank.SEVEN, Suit("hdsc".index("d")))
    silent = contract_scoring("hra", "d", sedma=False)
    assert (silent.bonus_card, silent.bonus, silent.bonus_both) == (seven, SEDMA_BONUS // 2, True)
    sedma = contract_scoring("hra", "d", sedma=True)
    assert (sedma.bonus_card, sedma.bonus, sedma.bonus_both) == (seven, SEDMA_BONUS, False)
    off = contract_scoring("hra", "d", sedma=False, silent=False)
    assert (off.bonus_card, off.bonus) == (None, 0)
    assert contract_scoring("betl", None, sedma=False).bonus_card is None
