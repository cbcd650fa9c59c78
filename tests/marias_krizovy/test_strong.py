"""The strong křížový player: its samples keep what the seat knows (the honer rule
included), the partner is the sample's and never the deal's, the honer-aware
solver agrees with plain minimax, the tariff of its pricing agrees with the
engine's, its reveal, honer calls and fleks are its evaluation's (legal, and
blind to the hidden cards), and whole deals play out."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

from games.cards import DECK_32, Rank, Suit, card, make_card
from games.marias.rules import KINGS, NORMAL_ORDER, QUEENS, SHARP
from games.marias_krizovy.determinize import consistent, honer_filter, rules_of, sample_world
from games.marias_krizovy.scoring import sides_for
from games.marias_krizovy.search import TRICKS, Honers, HonerSolver
from games.marias_krizovy.state import DESIGNATED, KrizovyState
from games.players.krizovy_pricing import Plan, Run, deal_units
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


# --- the decisions before the play ------------------------------------------------

PRICED = ("announce", "approval", "flek")
PRICING = KrizovyStrongPlayer(Budget(samples=4, nodes=20_000), plan_budget=Budget(samples=12))


def _calls(deals: int, seed: int = 0) -> Iterator[tuple[KrizovyState, int]]:
    """Every reveal, approval and flek speech with a choice, of seeded deals played
    by the rule player (a flek of the game now and then, so that re is asked too)."""
    options = KRIZOVY.options({})
    for deal in range(deals):
        rng = random.Random(seed + deal)
        state: KrizovyState = KRIZOVY.new_deal(options, 4, {"dealer": deal % 4}, seed=seed + deal)
        while not state.is_over and state.phase.value != "play":
            seat = state.to_move
            assert seat is not None
            view = state.view(seat)
            legal = state.legal_actions(seat)
            if view["phase"] in PRICED and len(legal) > 1:
                yield state, seat
            action = RULES.choose(view, legal, seat, rng)
            flek = next((a for a in legal if a.code == "flek:hra"), None)
            if flek is not None and rng.random() < 0.3:
                action = flek
            state, _ = KRIZOVY.apply(state, seat, action)


def test_the_tariff_agrees_with_the_engine() -> None:
    """``deal_units`` on a record of the real play (or none, for a deal not played)
    is what the engine pays: the game, the stovka, the honers, the throw-in, the
    honers paid unplayed, the price equality, the dobírka."""
    options = KRIZOVY.options({})
    ends: dict[str | None, int] = {}
    for deal in range(200):
        rng = random.Random(deal)
        state: KrizovyState = KRIZOVY.new_deal(options, 4, {"dealer": deal % 4}, seed=deal)
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            legal = state.legal_actions(seat)
            action = RULES.choose(state.view(seat), legal, seat, rng)
            fleks = [a for a in legal if a.code in ("flek:hra", "flek:h9", "flek:h8", "flek:h7")]
            if fleks and deal % 2 and rng.random() < 0.5:
                action = fleks[0]
            state, _ = KRIZOVY.apply(state, seat, action)
        if state.kind != "hra" or state.trump is None:
            continue
        active = list(state.active)
        side = frozenset(active.index(s) for s in state.sides.members("C"))
        cards = 0
        fates: dict[int, tuple[int, int, bool]] = {}
        for number, trick in enumerate(state.tricks, 1):
            if active.index(trick.winner) in side:
                cards += sum(10 for c in trick.cards if SHARP >> c & 1) + 10 * (number == 8)
            for rank, value in HONER_RANKS:
                c = make_card(rank, state.trump)
                if c in trick.cards:
                    seat = trick.seats[trick.cards.index(c)]
                    fates[value] = (number, active.index(seat), trick.winner == seat)
        said = tuple((active.index(m.seat), m.points) for m in state.marriages)
        plan = Plan(state.stovka, {h.value: h.side == "C" for h in state.honers}, dict(state.fleks))
        hearts = 2 if state.trump is Suit.HEARTS else 1
        units = deal_units(Run(cards, said, fates), side, plan, hearts)
        assert units == state.outcome().summary["units"]
        ends[state.end] = ends.get(state.end, 0) + 1
    assert ends.get("played", 0) > 50 and ends.get("honers_paid", 0) > 10
    assert ends.get("thrown_in", 0) > 10 and ends.get("price_equal", 0) + ends.get("dobirka", 0)


def test_the_calls_and_fleks_are_the_evaluations() -> None:
    """Each priced decision is legal, and the evaluation overrules the rule player in
    every kind of it: a flek where the rules pass, another raise than theirs, a
    honer "proti", a reveal and a partner's "dobrá" without the honers the rules
    announce."""
    changed: dict[tuple[str, str, str], int] = {}
    for state, seat in _calls(80, seed=200):
        view = state.view(seat)
        legal = state.legal_actions(seat)
        ruled = PRICING.rules.choose(view, legal, seat, random.Random(5))
        action = PRICING.choose(view, legal, seat, random.Random(5))
        assert action in legal
        if action != ruled:
            kind = (view["phase"], type(ruled).__name__, type(action).__name__)
            changed[kind] = changed.get(kind, 0) + 1
    assert changed.get(("flek", "Pass", "Flek"), 0) > 5
    assert changed.get(("flek", "Flek", "Pass"), 0) + changed.get(("flek", "Flek", "Flek"), 0)
    assert changed.get(("flek", "Pass", "HonerCall"), 0)
    assert changed.get(("announce", "Extras", "Extras"), 0)
    assert changed.get(("approval", "HonerCall", "Approve"), 0)


def test_a_thrown_in_game_is_fleked_by_evaluation() -> None:
    """A defender whose hand the rule player finds too weak to flek (by volený's
    defence strength) fleks a plain game that the samples say F's side loses as
    often as not: paying the throw-in (1 unit) is worse than playing it at 2."""
    found = None
    for state, seat in _calls(30, seed=200):
        view = state.view(seat)
        legal = state.legal_actions(seat)
        if view["phase"] != "flek" or view["honers"] or view["fleks"]:
            continue
        ruled = PRICING.rules.choose(view, legal, seat, random.Random(5))
        action = PRICING.choose(view, legal, seat, random.Random(5))
        if ruled.code == "pass" and action.code == "flek:hra":
            found = state, seat
            break
    assert found is not None
    state, seat = found
    assert state.sides.role_of(seat) == "D"
    again = PRICING.choose(state.view(seat), state.legal_actions(seat), seat, random.Random(5))
    assert again.code == "flek:hra"  # the same seed, the same decision


def test_the_calls_and_fleks_never_peek() -> None:
    """The same view with the other seats' hidden cards dealt anew (the partner
    elsewhere too) gets the same reveal, honer call and flek (a fixed seed)."""
    rng = random.Random(17)
    compared: dict[str, int] = {}
    for state, seat in _calls(40, seed=300):
        if state.phase.value == "announce":  # no sides yet: F has not revealed his call
            world = sample_world(state.view(seat), rng)
            hands = list(state.hands)
            for s, h in zip(state.active, world.hands, strict=True):
                hands[s] = h
            other: KrizovyState | None = replace(state, hands=tuple(hands))
            if other is None or other.hands == state.hands:
                continue
        else:
            other = _redealt(state, seat, rng)
        if other is None:
            continue
        same_decision(PRICING, state, other, seat)
        phase = state.phase.value
        compared[phase] = compared.get(phase, 0) + 1
    assert compared.get("announce", 0) > 10 and compared.get("flek", 0) > 40
    assert compared.get("approval", 0) > 40


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
