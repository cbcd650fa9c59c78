"""Ve dvou's trumps, late sedma and swap by evaluation: the values follow the
cards, the choices follow the values, and the player never peeks."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

import games.players.dvou_calls as calls_module
from games.cards import DECK_32, Rank, card
from games.marias.actions import Play
from games.marias.rules import seven_of
from games.marias_dvou.actions import ChooseSuit, Exchange, LateSeven
from games.marias_dvou.determinize import sample_world
from games.marias_dvou.state import DvouState
from games.marias_dvou.views import player_view
from games.players.dvou_calls import (
    CALL_MARGIN,
    TRUMP_MARGIN,
    call_means,
    choose_call,
    choose_trumps,
    trump_means,
)
from games.players.dvou_strong import DvouStrongPlayer
from games.strong.budget import Budget
from tests.marias_dvou.test_strong import RULES, _positions

BUDGET = Budget(samples=32)


def _calls(deals: int, rules: str, seed: int) -> list[tuple[DvouState, int]]:
    """Positions of seeded deals where a late sedma or the swap is legal and the
    seat holds the trump seven (the calls that are priced)."""
    out = []
    for state, seat in _positions(deals, rules, seed=seed):
        legal = state.legal_actions(seat)
        seven = state.hands[seat] >> seven_of(state.trump) & 1  # type: ignore[arg-type]
        if seven and any(isinstance(a, LateSeven | Exchange) for a in legal):
            out.append((state, seat))
    return out


# --- the trumps ----------------------------------------------------------------


def test_a_long_suit_with_its_ace_is_worth_more_than_a_singleton() -> None:
    long_values: list[float] = []
    short_values: list[float] = []
    for state, seat in _positions(60, "A", seed=700, phases=("trump",)):
        view = player_view(state, seat)
        hand = [card(c) for c in view.hand]
        count = {s: sum(c // 13 == s for c in hand) for s in range(1, 4)}  # not hearts: x2
        ace = {s: any(c // 13 == s and c % 13 == 12 for c in hand) for s in range(1, 4)}
        long = [s for s in count if count[s] >= 2 and ace[s]]
        short = [s for s in count if count[s] == 1 and not ace[s]]
        if not long or not short:
            continue
        means = trump_means(view, long + short, random.Random(2), BUDGET, 2)
        long_values += [means[s] for s in long]
        short_values += [means[s] for s in short]
    assert len(long_values) >= 5 and len(short_values) >= 5
    assert sum(long_values) / len(long_values) > sum(short_values) / len(short_values) + 0.2


@pytest.mark.parametrize("rules", ["A", "C"])
def test_the_trumps_follow_the_values(rules: str, monkeypatch: pytest.MonkeyPatch) -> None:
    positions = list(_positions(6, rules, seed=720, phases=("trump",)))
    assert positions
    moved = 0
    for state, seat in positions:
        view = player_view(state, seat)
        legal = state.legal_actions(seat)
        default = RULES.choose(view, legal, seat, random.Random(1))
        assert isinstance(default, ChooseSuit)
        suits = sorted(int(a.suit) for a in legal if isinstance(a, ChooseSuit))
        if len(suits) < 2:
            continue
        other = next(s for s in suits if s != int(default.suit))
        margin = TRUMP_MARGIN * (2 if int(default.suit) == 0 else 1)
        for gain, moves in ((margin + 0.2, True), (margin - 0.1, False)):
            values = dict.fromkeys(suits, 0.0) | {other: gain}
            monkeypatch.setattr(calls_module, "trump_means", lambda *a, v=values, **k: v)
            chosen = choose_trumps(view, legal, default, random.Random(2), BUDGET)
            assert chosen in legal
            assert chosen == (ChooseSuit(other) if moves else default)  # type: ignore[arg-type]
            moved += moves
    assert moved


def _rest_dealt_anew(state: DvouState, rng: random.Random) -> DvouState:
    """The deal with all but the first player's first four cards dealt anew."""
    seen = list(state.dealt[0][:4])
    rest = [c for c in DECK_32 if c not in seen]
    rng.shuffle(rest)
    dealt = (tuple(seen + rest[:4]), tuple(rest[4:12]))
    stock = tuple(rest[12:])
    hands = list(state.hands)
    for s, cards in zip(state.active, dealt, strict=True):
        hands[s] = sum(1 << c for c in cards)
    return replace(state, dealt=dealt, dealt_stock=stock, stock=stock, hands=tuple(hands))


def test_never_peeks_when_it_names_the_trumps() -> None:
    player = DvouStrongPlayer(pricing_samples=24)
    rng = random.Random(9)
    compared = 0
    for state, seat in _positions(10, "A", seed=740, phases=("trump",)):
        other = _rest_dealt_anew(state, rng)
        assert player_view(other, seat) == player_view(state, seat)
        assert other.hands != state.hands
        a = player.choose(player_view(state, seat), state.legal_actions(seat), seat, rng_of(3))
        b = player.choose(player_view(other, seat), other.legal_actions(seat), seat, rng_of(3))
        assert a == b
        compared += 1
    assert compared >= 8


def rng_of(seed: int) -> random.Random:
    return random.Random(seed)


# --- the late sedma and the swap -------------------------------------------------


def test_a_late_sedma_pays_with_many_trumps_and_not_with_few() -> None:
    """Over positions where the sedma may be announced, its gain over going on is
    larger for a seat with more of the trumps still out."""
    strong: list[float] = []
    weak: list[float] = []
    for state, seat in _calls(40, "A", seed=760):
        if not any(isinstance(a, LateSeven) for a in state.legal_actions(seat)):
            continue
        view = player_view(state, seat)
        means = call_means(view, ["play", "sedma"], random.Random(4), BUDGET, 2)
        trump = int(state.trump)  # type: ignore[arg-type]
        trumps = (state.hands[seat] >> 13 * trump & 0x1FFF).bit_count()
        (strong if trumps >= 4 else weak).append(means["sedma"] - means["play"])
        if len(strong) >= 8 and len(weak) >= 8:
            break
    assert len(strong) >= 3 and len(weak) >= 3
    assert sum(strong) / len(strong) > sum(weak) / len(weak)


def test_the_swap_pays_for_a_turned_ace_or_ten() -> None:
    """The swap is worth more than going on when the face-up card is the trump ace
    or ten: ten points into the hand for a card worth none."""
    gains: list[float] = []
    for state, seat in _calls(80, "B", seed=780):
        if not any(isinstance(a, Exchange) for a in state.legal_actions(seat)):
            continue
        turned = state.turned_card
        assert turned is not None and turned // 13 == int(state.trump)  # type: ignore[arg-type]
        if turned % 13 not in (Rank.ACE, Rank.TEN):
            continue
        means = call_means(player_view(state, seat), ["play", "swap"], random.Random(6), BUDGET, 2)
        gains.append(means["swap"] - means["play"])
    assert len(gains) >= 3
    assert sum(gains) / len(gains) > 0


@pytest.mark.parametrize("rules", ["A", "B"])
def test_the_calls_follow_the_values(rules: str, monkeypatch: pytest.MonkeyPatch) -> None:
    positions = _calls(30, rules, seed=800)[:6]
    assert positions
    for state, seat in positions:
        view = player_view(state, seat)
        legal = state.legal_actions(seat)
        names = {"sedma": LateSeven, "swap": Exchange}
        offered = [n for n, kind in names.items() if any(isinstance(a, kind) for a in legal)]
        default = RULES.choose(view, legal, seat, random.Random(1))
        mine = next((n for n in offered if isinstance(default, names[n])), "play")
        for name in ("play", *offered):
            if name == mine:
                continue
            margin = CALL_MARGIN[name] * (2 if view.public.trump == "h" else 1)
            for gain, moves in ((margin + 0.2, True), (margin - 0.1, False)):
                values = dict.fromkeys(["play", *offered], 0.0) | {name: gain}
                monkeypatch.setattr(calls_module, "call_means", lambda *a, v=values, **k: v)
                chosen = choose_call(view, legal, default, random.Random(2), BUDGET)
                want = name if moves else mine
                if want == "play":
                    assert chosen is None
                else:
                    assert isinstance(chosen, names[want]) and chosen in legal


@pytest.mark.parametrize("rules", ["A", "B", "C"])
def test_never_peeks_at_a_call(rules: str) -> None:
    player = DvouStrongPlayer(stock_samples=8, pricing_samples=16)
    rng = random.Random(13)
    compared = 0
    for state, seat in _calls(20, rules, seed=820)[:8]:
        view = player_view(state, seat)
        world = sample_world(view, rng)
        hands = list(state.hands)
        for s, h in zip(state.active, world.hands, strict=True):
            hands[s] = h
        other = replace(state, hands=tuple(hands), stock=world.stock)
        if player_view(other, seat) != view or (
            other.hands == state.hands and other.stock == state.stock
        ):
            continue
        a = player.choose(view, state.legal_actions(seat), seat, random.Random(3))
        b = player.choose(player_view(other, seat), other.legal_actions(seat), seat, rng_of(3))
        assert a == b
        compared += 1
    assert compared >= 3


def test_a_strong_seat_still_plays_a_card_after_declining_a_call() -> None:
    player = DvouStrongPlayer(stock_samples=8, pricing_samples=16)
    for state, seat in _calls(10, "B", seed=840)[:5]:
        legal = state.legal_actions(seat)
        chosen = player.choose(player_view(state, seat), legal, seat, random.Random(1))
        assert chosen in legal
        assert isinstance(chosen, Play | LateSeven | Exchange)
