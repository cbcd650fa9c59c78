"""The strong křížový player: its samples keep what the seat knows (the honer rule
included), the partner is the sample's and never the deal's, the honer-aware
solver agrees with plain minimax, and whole deals play out."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

from games.cards import DECK_32, Rank, Suit, card, make_card
from games.marias.rules import KINGS, NORMAL_ORDER, QUEENS
from games.marias_krizovy.determinize import consistent, honer_filter, rules_of, sample_world
from games.marias_krizovy.scoring import sides_for
from games.marias_krizovy.search import TRICKS, Honers, HonerSolver
from games.marias_krizovy.state import DESIGNATED, KrizovyState
from games.players.krizovy_rules import KrizovyRulePlayer
from games.players.krizovy_strong import UNIT_POINTS, KrizovyStrongPlayer, honers_of, play_scoring
from games.registry import find_registration, find_variant
from games.strong.budget import Budget
from games.strong.solver import Position, Scoring
from games.tricks import TrickRules, marias_duties
from tests.strong.helpers import same_decision

KRIZOVY = find_variant("marias-krizovy")
RULES = KrizovyRulePlayer(honer_at=2)
"""Quick to announce honers, so that the honer rule is in many histories."""
PLAYED = {"unfleked_simple_game": "play"}


def _positions(deals: int, seed: int = 0) -> Iterator[tuple[KrizovyState, int]]:
    """Every play position of seeded deals played by the rule player (unfleked
    games played, so that there are many)."""
    options = KRIZOVY.options(PLAYED)
    for deal in range(deals):
        rng = random.Random(seed + deal)
        state: KrizovyState = KRIZOVY.new_deal(options, 4, {"dealer": deal % 4}, seed=seed + deal)
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            view = state.view(seat)
            if view["phase"] == "play":
                yield state, seat
            action = RULES.choose(view, state.legal_actions(seat), seat, rng)
            state, _ = KRIZOVY.apply(state, seat, action)


def _holder(state: KrizovyState) -> int | None:
    return None if state.called is None else state.seat_holding(state.called)


def test_the_truth_is_consistent_and_every_sample_is() -> None:
    rng = random.Random(4)
    checked = moved = honers = 0
    for state, seat in _positions(40):
        view = state.view(seat)
        rules = rules_of(view)
        truth = {s: state.hands[s] for s in state.active}
        assert consistent(view, truth, rules)
        world = sample_world(view, rng)
        assert world.exact
        hands = dict(zip(state.active, world.hands, strict=True))
        assert hands[seat] == state.hands[seat]
        assert {s: h.bit_count() for s, h in hands.items()} == {
            s: h.bit_count() for s, h in truth.items()
        }
        assert sum(hands.values()) == sum(truth.values())
        assert consistent(view, hands, rules)
        assert state.declarer in world.side
        if state.called is not None and _holder(state) not in (None, seat):
            holder = next(s for s, h in hands.items() if h >> state.called & 1)
            moved += holder != _holder(state)
        checked += 1
        honers += bool(state.honers)
    assert checked > 300 and honers > 100
    assert moved > 20  # the partner is the sample's


def _redealt(state: KrizovyState, seat: int, rng: random.Random) -> KrizovyState | None:
    """The deal with the other seats' cards dealt anew consistently with what ``seat``
    knows; a called card that moved takes the partnership with it."""
    world = sample_world(state.view(seat), rng)
    hands = list(state.hands)
    for s, h in zip(state.active, world.hands, strict=True):
        hands[s] = h
    other = replace(state, hands=tuple(hands))
    holder = _holder(other)
    if holder is not None and holder != state.partner and not state.sides.revealed:
        partner = None if holder == state.declarer else holder
        sides = sides_for(state.active, state.declarer, partner, public=False)
        other = replace(other, partner=holder, sides=sides)
    if other.view(seat) != state.view(seat) or other.hands == state.hands:
        return None
    return other


def test_never_peeks() -> None:
    """The same view with other hidden cards (the partner elsewhere too) gets the same
    decision (a fixed seed), before the called card falls as after."""
    player = KrizovyStrongPlayer(Budget(samples=5, nodes=30_000))
    rng = random.Random(11)
    compared = secret = 0
    for state, seat in _positions(30, seed=100):
        view = state.view(seat)
        if play_scoring(view) is None or len(view["hand"]) > player.roll_from:  # type: ignore[operator]
            continue
        other = _redealt(state, seat, rng)
        if other is None:
            continue
        same_decision(player, state, other, seat)
        compared += 1
        defender = state.sides.role_of(seat) == "D"
        secret += defender and not state.sides.revealed and other.partner != state.partner
    assert compared > 60
    assert secret > 3  # a defender, the called card not yet played, the partner moved


def test_strong_players_play_whole_deals() -> None:
    strong = KrizovyStrongPlayer(Budget(samples=4, nodes=20_000))
    options = KRIZOVY.options(PLAYED)
    for deal in range(6):
        rng = random.Random(deal)
        state: KrizovyState = KRIZOVY.new_deal(options, 4, {"dealer": deal % 4}, seed=deal)
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            action = strong.choose(state.view(seat), state.legal_actions(seat), seat, rng)
            state, _ = KRIZOVY.apply(state, seat, action)
        assert sum(state.outcome().scores) == 0


# --- the honer-aware solver against plain minimax ------------------------------------

HONER_RANKS = ((Rank.NINE, 9), (Rank.EIGHT, 8), (Rank.SEVEN, 7))
HONER_VALUES = {int(Rank.NINE): 9, int(Rank.EIGHT): 8, int(Rank.SEVEN): 7}
_RULES = {t: TrickRules.build(marias_duties(), NORMAL_ORDER, None, Suit(t)) for t in range(4)}


def _minimax(
    ctx: dict[str, Any], hands: list[int], table: list[int], player: int, done: int
) -> int:
    rules: TrickRules = ctx["rules"]
    win = table[0] if table else 0
    for c in table[1:]:
        if rules.beaters[win] >> c & 1:
            win = c
    legal = rules.legal(hands[player], table[0] // 13, win) if table else hands[player]
    legal = honer_filter(legal, hands[player], ctx["honers"], done + 1, rules.trump_mask)
    values = [_after(ctx, hands, table, player, done, c) for c in range(54) if legal >> c & 1]
    return max(values) if ctx["side"] >> player & 1 else min(values)


def _after(
    ctx: dict[str, Any], hands: list[int], table: list[int], player: int, done: int, c: int
) -> int:
    rules: TrickRules = ctx["rules"]
    sc: Scoring = ctx["scoring"]
    side: int = ctx["side"]
    bit = 1 << c
    partner = bit >> 1 if bit & KINGS else bit << 1 if bit & QUEENS else 0
    gain = 0
    if hands[player] & partner:
        gain = 40 if c // 13 == sc.trump_suit else 20
        gain = gain if side >> player & 1 else -gain
    hands = list(hands)
    hands[player] ^= bit
    table = [*table, c]
    if len(table) < 4:
        return gain + _minimax(ctx, hands, table, (player + 1) % 4, done)
    leader = (player - 3) % 4
    win, at = table[0], 0
    for i, x in enumerate(table[1:], 1):
        if rules.beaters[win] >> x & 1:
            win, at = x, i
    taker = (leader + at) % 4
    trick = sum(sc.points[x] for x in table) if side >> taker & 1 else 0
    for i, x in enumerate(table):  # the honers, by §3.2.6 read plainly
        value = HONER_VALUES.get(x % 13)
        if value is None or x // 13 != sc.trump_suit:
            continue
        on_time = DESIGNATED[value] == done + 1
        if x in ctx["honers"]:
            worth = 40 if on_time and i == at else -40
        else:
            worth = 0 if not on_time else 20 if i == at else -20
        trick += worth if side >> ((leader + i) % 4) & 1 else -worth
    if done + 1 == TRICKS:
        if side >> taker & 1:
            trick += sc.last + (sc.bonus if win == sc.bonus_card else 0)
        return gain + trick
    return gain + trick + _minimax(ctx, hands, [], taker, done + 1)


def test_the_honer_solver_agrees_with_minimax() -> None:
    """Three cards each (tricks 6, 7 and 8: every honer's own trick), trumps heavy,
    announced honers where they lie, the others silent; every legal card the same
    value, honers paid."""
    compared = filtered = 0
    for seed in range(60):
        rng = random.Random(seed)
        trump = rng.randrange(4)
        trumps = [c for c in DECK_32 if c // 13 == trump]
        others = [c for c in DECK_32 if c // 13 != trump]
        rng.shuffle(others)
        cards = rng.sample(trumps, 6) + others[:6]
        rng.shuffle(cards)
        hands = [sum(1 << c for c in cards[3 * i : 3 * i + 3]) for i in range(4)]
        honers = {
            make_card(r, Suit(trump)): v
            for r, v in HONER_RANKS
            if make_card(r, Suit(trump)) in cards and rng.random() < 0.8
        }
        view = {"kind": "hra", "trump": "hdsc"[trump], "fleks": {}, "honers": []}
        scoring = play_scoring(view)
        assert scoring is not None
        every = {make_card(r, Suit(trump)): v for r, v in HONER_RANKS}
        worth = {c: 2 * UNIT_POINTS for c in honers}
        honer_set = Honers(honers, every, worth, UNIT_POINTS)
        assert honers_of(view) is not None
        side = [0, 2] if seed % 2 else [1]
        ctx = {
            "rules": _RULES[trump],
            "scoring": scoring,
            "side": sum(1 << p for p in side),
            "honers": honers,
        }
        player = seed % 4
        solver = HonerSolver(_RULES[trump], scoring, side, 4, honer_set, _RULES[trump].trump_mask)
        got = solver.values(Position(hands, [], player, TRICKS - 3, TRICKS))
        want = {
            c: _after(ctx, hands, [], player, TRICKS - 3, c)
            for c in range(54)
            if honer_filter(hands[player], hands[player], honers, 6, _RULES[trump].trump_mask) >> c
            & 1
        }
        assert got == want
        compared += 1
        filtered += len(want) < hands[player].bit_count()
    assert compared == 60 and filtered > 5


def test_registered() -> None:
    assert find_registration("marias-krizovy").player("strong").name == "strong"
    assert card("7h") == make_card(Rank.SEVEN, Suit.HEARTS)
