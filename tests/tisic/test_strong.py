"""The strong Tisíc player: its samples keep what the seat knows (in the play
and before it: the auction, the talon, the contract), its search agrees with
plain minimax, it never peeks at another hand (in any phase), and it plays
whole deals."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace
from typing import cast

from games.cards import Card, Suit
from games.players.tisic_rules import TisicRulePlayer
from games.players.tisic_strong import TisicStrongPlayer
from games.strong.budget import Budget
from games.tisic.determinize import consistent, played_by, sample_world
from games.tisic.game import TisicGame as TisicState
from games.tisic.rules import ACES_TENS, FULL, MARRIAGE_VALUE, POINTS, trick_rules
from games.tisic.search import TisicPosition, TisicSearch
from games.tisic.variant import TISIC
from tests.strong.helpers import same_decision

RULES = TisicRulePlayer()


def _positions(deals: int, seed: int = 0) -> Iterator[tuple[TisicState, int]]:
    """Every play position of seeded deals played by the rule player."""
    for deal in range(deals):
        rng = random.Random(seed + deal)
        state = cast(TisicState, TISIC.new_deal(TISIC.options({}), 3, deal % 3, seed=seed + deal))
        while not state.is_over:
            seat = min(TISIC.due(state))
            view = state.view(seat)
            if view.public.phase == "play":
                yield state, seat
            action = RULES.choose(view, state.legal_actions(seat), seat, rng)
            state = cast(TisicState, TISIC.apply(state, seat, action)[0])


def _early_positions(
    deals: int, seed: int = 0, **options: object
) -> Iterator[tuple[TisicState, int]]:
    """Every state of seeded deals before the play (the auction, the talon, the
    contract), played by the rule player, with the seat to act."""
    for deal in range(deals):
        rng = random.Random(seed + deal)
        opts = TISIC.options(dict(options))
        state = cast(TisicState, TISIC.new_deal(opts, 3, deal % 3, seed=seed + deal))
        while state.view(min(TISIC.due(state))).public.phase != "play":
            seat = min(TISIC.due(state))
            yield state, seat
            action = RULES.choose(state.view(seat), state.legal_actions(seat), seat, rng)
            state = cast(TisicState, TISIC.apply(state, seat, action)[0])


def test_every_sample_before_the_play_is_consistent() -> None:
    """In the auction the other hands and the talon are dealt from what the seat
    does not hold; after it the declarer's sample keeps the talon he took (and
    his discards), and a defender's lays two cards away only once the declarer
    has discarded; with ``show_talon`` the shown cards are the declarer's."""
    rng = random.Random(5)
    phases: dict[str, int] = {}
    for show in (False, True):
        for state, _ in _early_positions(25, seed=200, show_talon=show):
            phase = state.view(state.active[0]).public.phase
            for seat in state.active:  # the seat to act and the others' views too
                view = state.view(seat)
                world = sample_world(view, rng)
                assert world.exact
                assert world.hands[seat] == state.hands[seat]
                assert {s: h.bit_count() for s, h in world.hands.items()} == {
                    s: state.hands[s].bit_count() for s in state.active
                }
                parts = [*world.hands.values(), world.talon, world.discards]
                union = 0
                for part in parts:
                    assert not union & part
                    union |= part
                assert union == FULL
                phases[phase] = phases.get(phase, 0) + 1
                if phase == "auction":
                    assert world.talon.bit_count() == 2 and world.discards == 0
                    continue
                assert world.talon == 0
                declarer = state.declarer
                assert declarer is not None
                if phase in ("talon", "storno"):
                    assert world.discards == 0
                else:
                    assert world.discards.bit_count() == 2 and not world.discards & ACES_TENS
                if seat == declarer:  # he knows the talon he took and what he laid away
                    assert world.discards == state.discards
                if show:  # the shown talon went to the declarer: in hand or laid away
                    assert not state.talon_cards & ~(world.hands[declarer] | world.discards)
    assert min(phases.get(p, 0) for p in ("auction", "talon", "contract")) > 50


def test_the_truth_is_consistent_and_every_sample_is() -> None:
    rng = random.Random(4)
    checked = 0
    for state, seat in _positions(30):
        view = state.view(seat)
        truth = {s: state.hands[s] for s in state.active}
        assert consistent(view, truth)
        world = sample_world(view, rng)
        assert world.exact
        assert world.hands[seat] == state.hands[seat]
        assert {s: h.bit_count() for s, h in world.hands.items()} == {
            s: state.hands[s].bit_count() for s in state.active
        }
        assert consistent(view, world.hands)
        assert world.discards.bit_count() == 2 and not world.discards & ACES_TENS
        everything = world.discards
        for h in world.hands.values():
            assert not everything & h
            everything |= h
        assert everything == sum(state.hands[s] for s in state.active) | state.discards
        if seat == state.declarer:
            assert world.discards == state.discards
        for who, suit, _ in view.public.marriages:
            rest = state.hands[who] & ~played_by(view)[who]
            held = rest & (0b11 << (13 * "hdsc".index(suit) + 10))
            assert world.hands[who] & held == held
        checked += 1
    assert checked > 600


def _minimax(
    hands: list[int], table: list[int], player: int, done: int, trump: int, declarer: int
) -> int:
    """The declarer's gain under plain minimax, straight from the rules."""
    rules = trick_rules("mariash", None if trump < 0 else Suit(trump))
    if table:
        win = table[0]
        for c in table[1:]:
            if rules.beaters[win] >> c & 1:
                win = c
        legal = rules.legal(hands[player], table[0] // 13, win)
    else:
        legal = hands[player]
    best: int | None = None
    for c in [c for c in range(52) if legal >> c & 1]:
        t, gain = trump, 0
        pair = hands[player] & (0b11 << (13 * (c // 13) + 10))
        if not table and done >= 1 and c % 13 in (10, 11) and pair.bit_count() == 2:
            t = c // 13
            gain = MARRIAGE_VALUE[t] if player == declarer else 0
        h = list(hands)
        h[player] ^= 1 << c
        tab = [*table, c]
        if len(tab) < 3:
            v = gain + _minimax(h, tab, (player + 1) % 3, done, t, declarer)
        else:
            r = trick_rules("mariash", None if t < 0 else Suit(t))
            at = 0
            for i in range(1, 3):
                if r.beaters[tab[at]] >> tab[i] & 1:
                    at = i
            taker = (player - 2 + at) % 3
            pts = sum(POINTS[x] for x in tab) if taker == declarer else 0
            rest = 0 if not h[0] else _minimax(h, [], taker, done + 1, t, declarer)
            v = gain + pts + rest
        if best is None or (v > best if player == declarer else v < best):
            best = v
    assert best is not None
    return best


def test_the_search_agrees_with_plain_minimax() -> None:
    """Random small endings (three cards each, trumps or none, marriages in play)."""
    rng = random.Random(7)
    deck = [13 * s + r for s in range(4) for r in range(5, 13)]
    for _ in range(60):
        cards = rng.sample(deck, 9)
        hands = [sum(1 << c for c in cards[i * 3 : i * 3 + 3]) for i in range(3)]
        trump = rng.randrange(-1, 4)
        player = rng.randrange(3)
        declarer = rng.randrange(3)
        search = TisicSearch(declarer)
        pos = TisicPosition(hands, [], player, 7, trump)
        values = search.values(pos)
        want = _minimax(hands, [], player, 7, trump, declarer)
        best = max(values.values()) if player == declarer else min(values.values())
        assert best == want


def _same_view_other_hands(state: TisicState, seat: int, rng: random.Random) -> TisicState | None:
    """The deal with the other seats' cards (and the discards, if the seat does
    not know them) dealt anew consistently with what ``seat`` knows."""
    world = sample_world(state.view(seat), rng)
    hands = list(state.hands)
    for s, h in world.hands.items():
        hands[s] = h
    other = replace(state, hands=tuple(hands), discards=world.discards)
    if other.view(seat) != state.view(seat) or other.hands == state.hands:
        return None
    return other


def test_never_peeks() -> None:
    """The same view with other hidden cards gets the same decision (a fixed seed)."""
    player = TisicStrongPlayer(Budget(samples=4, nodes=20_000))
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


def _same_view_other_cards(state: TisicState, seat: int, rng: random.Random) -> TisicState | None:
    """Before the play: the other seats' hands dealt anew consistently with what
    ``seat`` knows, and in the auction the face-down talon too."""
    world = sample_world(state.view(seat), rng)
    hands = list(state.hands)
    for s, h in world.hands.items():
        hands[s] = h
    if world.talon:
        talon = tuple(Card(c) for c in range(52) if world.talon >> c & 1)
        other = replace(state, hands=tuple(hands), talon=world.talon, dealt_talon=talon)
    else:
        other = replace(state, hands=tuple(hands))
    if other.view(seat) != state.view(seat) or other.hands == state.hands:
        return None
    return other


def test_never_peeks_before_the_play() -> None:
    """Bids, discards and contracts: the same view with the other hands (and, in
    the auction, the talon) dealt anew gets the same decision with a fixed seed."""
    player = TisicStrongPlayer(deal_budget=Budget(samples=4, nodes=20_000))
    rng = random.Random(12)
    compared: dict[str, int] = {}
    for state, seat in _early_positions(30, seed=300):
        if len(state.legal_actions(seat)) < 2:
            continue
        other = _same_view_other_cards(state, seat, rng)
        if other is None:
            continue
        same_decision(player, state, other, seat)
        phase = state.view(seat).public.phase
        compared[phase] = compared.get(phase, 0) + 1
        if other.talon != state.talon:  # the auction: the talon itself dealt anew
            compared["talon moved"] = compared.get("talon moved", 0) + 1
    assert compared.get("auction", 0) > 40 and compared.get("talon moved", 0) > 30
    assert compared.get("talon", 0) > 20 and compared.get("contract", 0) > 20


def test_strong_players_play_whole_deals() -> None:
    strong = TisicStrongPlayer(Budget(samples=3, nodes=10_000))
    for deal in range(5):
        rng = random.Random(deal)
        seats = 3 + deal % 2
        state = cast(TisicState, TISIC.new_deal(TISIC.options({}), seats, deal % seats, seed=deal))
        while not state.is_over:
            seat = min(TISIC.due(state))
            action = strong.choose(state.view(seat), state.legal_actions(seat), seat, rng)
            state = cast(TisicState, TISIC.apply(state, seat, action)[0])
        assert state.outcome() is not None
