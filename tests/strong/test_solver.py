"""The open-hand solver against plain minimax on small positions.

Plain minimax (no transposition table, no merged cards, no pruning) is the
definition; the solver must give every legal card the same value in colour
games with marriages and a sedma, and in betl and durch."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.cards import DECK_32, Rank, make_card
from games.marias.rules import BETL_ORDER, KINGS, NORMAL_ORDER, QUEENS, SHARP
from games.strong.solver import Position, Scoring, TrickSolver
from games.tricks import TrickRules, marias_duties

POINTS = tuple(10 if SHARP >> c & 1 else 0 for c in range(54))


def _minimax(
    rules: TrickRules,
    sc: Scoring,
    side: int,
    hands: list[int],
    table: list[int],
    player: int,
    done: int,
    total: int,
) -> int:
    led = table[0] // 13 if table else 0
    win = table[0] if table else 0
    for c in table[1:]:
        if rules.beaters[win] >> c & 1:
            win = c
    legal = rules.legal(hands[player], led, win) if table else hands[player]
    values = []
    for c in range(54):
        if not legal >> c & 1:
            continue
        values.append(_after(rules, sc, side, hands, table, player, done, total, c))
    return max(values) if side >> player & 1 else min(values)


def _after(
    rules: TrickRules,
    sc: Scoring,
    side: int,
    hands: list[int],
    table: list[int],
    player: int,
    done: int,
    total: int,
    c: int,
) -> int:
    n = len(hands)
    gain = 0
    bit = 1 << c
    if sc.marriages and sc.sudden is None:
        partner = bit >> 1 if bit & sc.kings else bit << 1 if bit & sc.queens else 0
        if hands[player] & partner:
            gain = sc.trump_marriage if c // 13 == sc.trump_suit else sc.marriage
            if not side >> player & 1:
                gain = -gain
    hands = list(hands)
    hands[player] ^= bit
    table = [*table, c]
    leader = (player - len(table) + 1) % n
    if len(table) < n:
        return gain + _minimax(rules, sc, side, hands, table, (player + 1) % n, done, total)
    win, taker_i = table[0], 0
    for i, x in enumerate(table[1:], 1):
        if rules.beaters[win] >> x & 1:
            win, taker_i = x, i
    taker = (leader + taker_i) % n
    taken = side >> taker & 1
    if sc.sudden is not None:
        if (sc.sudden == "betl") == bool(taken):
            return -1
        if done + 1 == total:
            return 0
        return _minimax(rules, sc, side, hands, [], taker, done + 1, total)
    trick = sum(sc.points[x] for x in table) if taken else 0
    if done + 1 == total:
        if taken:
            trick += sc.last + (sc.bonus if win == sc.bonus_card else 0)
        elif sc.bonus_both and win == sc.bonus_card:
            trick -= sc.bonus  # the other side's silent seven
        return gain + trick
    return gain + trick + _minimax(rules, sc, side, hands, [], taker, done + 1, total)


def _position(
    seed: int, cards: int, kind: str
) -> tuple[TrickRules, Scoring, list[int], list[int], int]:
    rng = random.Random(seed)
    deck = list(DECK_32)
    rng.shuffle(deck)
    trump = rng.randrange(4)
    hands = [sum(1 << c for c in deck[i * cards : (i + 1) * cards]) for i in range(3)]
    # a partly played trick: the leader's card, maybe the second's
    duties = marias_duties()
    hra = kind in ("hra", "sedma", "silent")
    rules = TrickRules.build(
        duties, NORMAL_ORDER if hra else BETL_ORDER, None, trump if hra else None
    )  # type: ignore[arg-type]
    seven = make_card(Rank.SEVEN, trump) if kind in ("sedma", "silent") else None  # type: ignore[arg-type]
    if kind == "betl":
        sc = Scoring(POINTS, sudden="betl")
    elif kind == "durch":
        sc = Scoring(POINTS, sudden="durch")
    else:
        sc = Scoring(
            POINTS,
            last=10,
            marriages=True,
            kings=KINGS,
            queens=QUEENS,
            trump_suit=trump,
            bonus_card=seven,
            bonus=0 if seven is None else 20 if kind == "silent" else 40,
            bonus_both=kind == "silent",
        )
    table: list[int] = []
    player = 0
    for _ in range(rng.randrange(3)):
        hand = hands[player]
        if table:
            win = table[0]
            for x in table[1:]:
                if rules.beaters[win] >> x & 1:
                    win = x
            legal = rules.legal(hand, table[0] // 13, win)
        else:
            legal = hand
        options = [c for c in range(54) if legal >> c & 1]
        c = rng.choice(options)
        hands[player] ^= 1 << c
        table.append(c)
        player += 1
    return rules, sc, hands, table, player


@pytest.mark.parametrize("kind", ["hra", "sedma", "silent", "betl", "durch"])
@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), cards=st.integers(1, 4), declarer=st.integers(0, 2))
def test_solver_values_equal_plain_minimax(kind: str, seed: int, cards: int, declarer: int) -> None:
    rules, sc, hands, table, player = _position(seed, cards, kind)
    side = 1 << declarer
    solver = TrickSolver(rules, sc, [declarer], 3)
    pos = Position(list(hands), list(table), player, 10 - cards, 10)
    got = solver.values(pos)
    want = {c: _after(rules, sc, side, hands, table, player, 10 - cards, 10, c) for c in got}
    assert got == want
    led = table[0] // 13 if table else 0
    win = table[0] if table else 0
    for x in table[1:]:
        if rules.beaters[win] >> x & 1:
            win = x
    legal = rules.legal(hands[player], led, win) if table else hands[player]
    assert set(got) == {c for c in range(54) if legal >> c & 1}


def test_a_node_budget_stops_the_search() -> None:
    rules, sc, hands, table, player = _position(3, 8, "hra")
    solver = TrickSolver(rules, sc, [0], 3)
    solver.values(Position(hands, table, player, 2, 10), nodes=500)
    assert 500 <= solver.nodes < 500 + 200


def test_playouts_keep_side_cs_bonus_card_for_the_end() -> None:
    """A sedma's seven is not thrown away by a playout: side C's ordering puts it
    last and its random moves draw it only when nothing else is legal; a sedma
    leads its trumps first."""
    rules, sc, hands, _table, _player = _position(11, 6, "sedma")
    assert sc.bonus_card is not None
    seven = sc.bonus_card
    trumps = rules.trump_mask
    hands[0] |= 1 << seven
    for h in range(1, 3):
        hands[h] &= ~(1 << seven)
    solver = TrickSolver(rules, sc, [0], 3)
    groups = solver._ordered(solver._groups(hands[0], hands, []), [], 0, 0, 0)
    assert groups[-1] == [seven]
    leads = [g[0] for g in groups[:-1]]
    in_trumps = [bool(trumps >> c & 1) for c in leads]
    assert in_trumps == sorted(in_trumps, reverse=True)  # the trumps first
    assert solver._unkept(hands[0], 0) == hands[0] & ~(1 << seven) or hands[0] == 1 << seven
    assert solver._unkept(1 << seven, 0) == 1 << seven
    assert solver._unkept(hands[1] | 1 << seven, 1) == hands[1] | 1 << seven  # a defender


def test_a_silent_seven_is_kept_by_either_side_and_counts_against_c() -> None:
    """With ``bonus_both`` (a silent seven) a defender keeps the trump seven for the
    end as side C does, leads no trumps for it, and its last trick costs C the
    bonus: one card each, the defender's seven wins the last trick."""
    rules, sc, hands, _table, _player = _position(11, 6, "silent")
    assert sc.bonus_card is not None and sc.bonus_both
    seven = sc.bonus_card
    solver = TrickSolver(rules, sc, [0], 3)
    other = hands[1] & ~(1 << seven)
    assert solver._unkept(other | 1 << seven, 1) == other or other == 0
    trumps = rules.trump_mask
    # the last trick: C (0) leads a plain card, the defender (1) ruffs with the seven
    plain = next(c for c in DECK_32 if not trumps >> c & 1 and not SHARP >> c & 1)
    void = next(
        c for c in DECK_32 if c // 13 not in (plain // 13, seven // 13) and not SHARP >> c & 1
    )
    pos = Position([1 << plain, 1 << seven, 1 << void], [], 0, 9, 10)
    assert solver.values(pos) == {plain: -20}


def _cards(codes: str) -> int:
    from games.cards import card

    return sum(1 << card(c) for c in codes.split())


def _betl_solver() -> TrickSolver:
    rules = TrickRules.build(
        marias_duties(must_trump_when_cannot_overtrump=True), BETL_ORDER, None, None
    )
    points = tuple(10 if SHARP >> c & 1 else 0 for c in range(54))
    return TrickSolver(rules, Scoring(points, sudden="betl"), [0], 3)


def test_a_betl_playout_leads_what_a_rival_must_beat_and_stays_under() -> None:
    """Side C of a betl leads a card the rivals can beat (not its safe ace), and,
    void in the suit led, sheds its most dangerous card."""
    from games.cards import card

    solver = _betl_solver()
    hands = [_cards("7h Ad 9c"), _cards("8h 9h 7s"), _cards("Th Jh Ts")]
    assert solver._sudden(hands[0], hands, [], 0, 0, 0) == card("7h")
    # a rival led the ten of spades, which C cannot follow: away with the ace
    table = [card("Ts")]
    legal = solver._legal(hands[0], table, card("Ts") // 13, card("Ts"))
    assert solver._sudden(legal, hands, table, card("Ts"), 2, 0) == card("Ad")


def test_a_betl_playout_rival_leads_where_c_cannot_duck() -> None:
    """The defenders lead the suit in which the declarer holds nothing under the
    card led (he must take the trick), not one where he can play low."""
    from games.cards import card

    solver = _betl_solver()
    hands = [_cards("Kd 7s 8s"), _cards("9d Ts 7c"), _cards("8d 9s 8c")]
    assert solver._sudden(hands[1], hands, [], 0, 0, 1) == card("9d")
