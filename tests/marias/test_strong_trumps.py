"""The volený trumps by evaluation: the values follow the cards, the choice follows
the values, and it never peeks."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

import games.players.marias_trumps as trumps_module
from games.cards import DECK_32, card
from games.marias.actions import ChooseTrump, ChooseTrumpBlind
from games.marias.determinize import sample_world
from games.marias.rules import NORMAL_ORDER
from games.marias.state import VolenyState
from games.players.marias_discards import suit_mask
from games.players.marias_strong import MariasStrongPlayer
from games.players.marias_trumps import BLIND, TRUMP_MARGIN, choose_trump, trump_means
from games.strong.budget import Budget
from tests.marias.test_strong import RULES, _positions
from tests.strong.helpers import same_decision


def _trump_positions(deals: int, seed: int) -> list[tuple[object, int]]:
    return list(_positions(deals, seed=seed, phases=("trump",)))


def test_the_sampler_deals_the_five_cards_to_come() -> None:
    """Before the trumps the declarer sees seven cards; the sampler's talon is the
    five he will take, so a sample is a whole deal of 12 + 10 + 10."""
    for state, seat in _trump_positions(5, seed=30):
        view = state.view(seat)  # type: ignore[attr-defined]
        assert len(view.hand) == 7
        world = sample_world(view, random.Random(1))
        assert world.talon.bit_count() == 5
        assert sorted(h.bit_count() for h in world.hands) == [7, 10, 10]


def test_a_long_suit_with_its_ace_is_worth_more_than_a_singleton() -> None:
    long_values: list[float] = []
    short_values: list[float] = []
    for state, seat in _trump_positions(40, seed=50):
        view = state.view(seat)  # type: ignore[attr-defined]
        hand = [card(c) for c in view.hand]
        count = {s: sum(c // 13 == s for c in hand) for s in range(4)}
        ace = {s: any(c // 13 == s and c % 13 == 12 for c in hand) for s in range(4)}
        long = [s for s in range(1, 4) if count[s] >= 3 and ace[s]]  # not hearts: ×2
        short = [s for s in range(1, 4) if count[s] == 1]
        if not long or not short:
            continue
        means = trump_means(view, long + short, random.Random(2), Budget(samples=8), 3)
        long_values += [means[s] for s in long]
        short_values += [means[s] for s in short]
    assert len(long_values) >= 3 and len(short_values) >= 3
    assert sum(long_values) / len(long_values) > sum(short_values) / len(short_values) + 1.0


def test_the_trumps_follow_the_values(monkeypatch: pytest.MonkeyPatch) -> None:
    """Another suit replaces the rule player's only when it is worth more by the
    margin; its card is the suit's lowest."""
    positions = _trump_positions(8, seed=70)
    assert positions
    for state, seat in positions:
        view = state.view(seat)  # type: ignore[attr-defined]
        legal = state.legal_actions(seat)  # type: ignore[attr-defined]
        default = RULES.choose(view, legal, seat, random.Random(1))
        assert isinstance(default, ChooseTrump)
        mine = default.card // 13
        suits = sorted({a.card // 13 for a in legal if isinstance(a, ChooseTrump)})
        other = next(s for s in suits if s != mine)
        for gain, moves in ((TRUMP_MARGIN + 0.5, True), (TRUMP_MARGIN - 0.1, False)):
            values = {s: 0.0 for s in suits} | {other: gain}
            monkeypatch.setattr(trumps_module, "trump_means", lambda *a, v=values, **k: v)
            chosen = choose_trump(view, legal, default, random.Random(2), Budget(samples=2), 1)
            assert isinstance(chosen, ChooseTrump) and chosen in legal
            if moves:
                lowest = min(
                    (a.card for a in legal if isinstance(a, ChooseTrump) and a.card // 13 == other),
                    key=lambda c: NORMAL_ORDER.strength[c],
                )
                assert chosen.card == lowest
            else:
                assert chosen == default


def test_blind_trumps_are_worth_the_suits_of_the_five_to_come() -> None:
    """On one sampled deal "z lidu" is worth each suit's value weighted by how many
    of the five cards to come are of that suit."""
    checked = 0
    for state, seat in _trump_positions(6, seed=90):
        view = state.view(seat)  # type: ignore[attr-defined]
        five = sample_world(view, random.Random(5)).talon  # the first draw of the same stream
        means = trump_means(view, [3, 2, 1, 0, BLIND], random.Random(5), Budget(samples=1), 2)
        weighted = sum(means[s] * (five & suit_mask(s)).bit_count() / 5 for s in range(4))
        assert means[BLIND] == pytest.approx(weighted)
        checked += 1
    assert checked == 6


def test_the_trumps_are_named_blind_only_when_that_is_worth_the_margin(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for state, seat in _trump_positions(4, seed=110):
        view = state.view(seat)  # type: ignore[attr-defined]
        legal = state.legal_actions(seat)  # type: ignore[attr-defined]
        default = RULES.choose(view, legal, seat, random.Random(1))
        assert isinstance(default, ChooseTrump)
        suits = {a.card // 13 for a in legal if isinstance(a, ChooseTrump)}
        for gain, blind in ((TRUMP_MARGIN + 0.2, True), (TRUMP_MARGIN - 0.1, False)):
            values = {s: 0.0 for s in suits} | {BLIND: gain}
            monkeypatch.setattr(trumps_module, "trump_means", lambda *a, v=values, **k: v)
            chosen = choose_trump(view, legal, default, random.Random(2), Budget(samples=2), 1)
            assert chosen in legal
            assert isinstance(chosen, ChooseTrumpBlind) == blind
            if not blind:
                assert chosen == default


def _other_cards_to_come(state: VolenyState, rng: random.Random) -> VolenyState:
    """The deal with everything but the forhond's first seven dealt anew: his five
    to come and the defenders' hands (the seven are all his view shows)."""
    seen = list(state.dealt[0][:7])
    rest = [c for c in DECK_32 if c not in seen]
    rng.shuffle(rest)
    dealt = (tuple(seen + rest[:5]), tuple(rest[5:15]), tuple(rest[15:25]))
    hands = list(state.hands)
    for seat, cards in zip(state.active, dealt, strict=True):
        hands[seat] = sum(1 << c for c in cards)
    return replace(state, dealt=dealt, hands=tuple(hands))


def test_never_peeks_when_it_names_the_trumps() -> None:
    player = MariasStrongPlayer(Budget(samples=4, nodes=40_000))
    rng = random.Random(23)
    compared = 0
    for state, seat in _positions(14, seed=1900, phases=("trump",)):
        other = _other_cards_to_come(state, rng)
        assert other.view(seat) == state.view(seat) and other.hands != state.hands
        same_decision(player, state, other, seat, seed=13)
        compared += 1
    assert compared > 8
