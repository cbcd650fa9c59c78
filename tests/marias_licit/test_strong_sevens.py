"""Dvě sedmy for the strong licitovaný player: the playouts keep both sevens and
read the ninth trick, a playout is priced as the level pays, the contract and
the flek follow the values, and the decisions never peek."""

from __future__ import annotations

import random

import pytest

from games.cards import card, mask_of
from games.marias.rules import KINGS, QUEENS, SHARP
from games.marias_licit.actions import Contract, Discard, Flek
from games.marias_licit.state import LicitState
from games.marias_licit.views import player_view
from games.players import licit_strong
from games.players.licit_sevens import SevensRun, TwoSevensSolver, two_sevens_discard
from games.players.licit_strong import MARGIN, LicitStrongPlayer, Plan, _plans, sevens_units
from games.players.marias_discards import deal_rules
from games.players.marias_strong import FLEK_AT
from games.strong.budget import Budget
from games.strong.solver import Position, Scoring
from tests.marias_licit.helpers import run
from tests.marias_licit.test_strong import _same_view_other_hands
from tests.marias_licit.test_strong_plans import RULES, _deal
from tests.strong.helpers import same_decision

S, C = 2, 3  # leaves, acorns (the trump and the helper of these tests)
_POINTS2 = tuple(20 if SHARP >> c & 1 else 0 for c in range(54))


def _mask(codes: str) -> int:
    return mask_of(card(c) for c in codes.split())


def _solver() -> TwoSevensSolver:
    scoring = Scoring(
        _POINTS2, last=20, marriages=True, kings=KINGS, queens=QUEENS,
        trump_suit=S, bonus_card=card("7s"),
    )  # fmt: skip
    return TwoSevensSolver(deal_rules(S), scoring, [0], 3, card("7c"))


def test_the_discard_keeps_both_sevens() -> None:
    hand = _mask("7s 8s 9s Js Qs 7c 8c 7h 8h 7d Ad Kd")
    kept = two_sevens_discard(hand, S, C)
    assert kept.bit_count() == 10 and kept & ~hand == 0
    assert kept & _mask("7s 7c") == _mask("7s 7c")


def test_the_helper_seven_waits_for_the_ninth_trick_and_both_sevens_are_read() -> None:
    """The declarer (seat 0) leads from four cards and nobody can beat his: in every
    playout, random cards included, the helper seven takes trick 9 and the trump
    seven trick 10."""
    solver = _solver()
    hands = [_mask("Ah Kh 7c 7s"), _mask("7d 8d 9d Jd"), _mask("Qd Kd Ad Td")]
    rng = random.Random(1)
    for _ in range(40):
        solver.playout(Position(list(hands), [], 0, 6, 10), rng)
        assert solver.ninth == (card("7c"), 0)
        assert solver.last_trick == (card("7s"), 0)


def test_a_defender_who_can_beat_the_helper_seven_takes_the_ninth_trick() -> None:
    solver = _solver()
    hands = [_mask("7c 7s"), _mask("8c 9d"), _mask("Jd Qd")]
    solver.playout(Position(hands, [], 0, 8, 10), random.Random(2))
    assert solver.ninth == (card("8c"), 1)
    assert solver.last_trick == (card("7s"), 0)


def test_a_playout_is_priced_as_the_level_pays() -> None:
    won = SevensRun(cards=70, won=True, mine=(20, 20), theirs=(0, 0))
    lost = SevensRun(cards=30, won=False, mine=(0, 0), theirs=(0, 0))
    # level 9: the dvě sedmy and the silent game (70 + 20 against 20)
    assert sevens_units(9, S, won) == 40 + 1
    assert sevens_units(9, S, lost) == -40 - 1
    # level 11 (hearts): 60, the silent game doubled
    assert sevens_units(11, 0, won) == 60 + 2
    # level 10: the sto instead of the silent game: 90 of 100 is one ten short
    assert sevens_units(10, S, won) == 40 - 4
    made = SevensRun(cards=90, won=True, mine=(40, 40), theirs=(0, 0))
    assert sevens_units(10, S, made) == 40 + (4 << 3)  # 130: three tens over


def test_dvě_sedmy_are_valued_only_with_both_sevens() -> None:
    with_both = _plans(9, _mask("7s 7c 8s 9s Ts As 8c 9c Ac Kh"))
    assert {(p.trump, p.helper) for p in with_both if p.level == 9} == {(S, C), (C, S)}
    assert not [p for p in with_both if p.level == 11]  # no heart seven: no red dvě sedmy
    assert all(p.helper is None for p in _plans(9, _mask("7s 8s 9s Ts As 8c 9c Ac Kh Qh")))


def _contract_state() -> LicitState:
    """M (seat 1) took the talon at level 1 holding both black sevens and long
    leaves; after the rule player's discard the contract is his to name."""
    state = _deal({1: "7s 8s 9s Ts As Ks 7c Ac Tc Kc"}, talon="8h 9h")
    state = run(state, [(1, "bid:1"), (0, "pass"), (2, "pass")])
    view = player_view(state, 1)
    discard = RULES.choose(view, state.legal_actions(1), 1, random.Random(1))
    assert isinstance(discard, Discard)
    state = run(state, [(1, discard.code)])
    assert player_view(state, 1).public.phase == "contract"
    return state


def test_the_contract_follows_the_values(monkeypatch: pytest.MonkeyPatch) -> None:
    """Dvě sedmy other than the rule player's choice are named exactly when their
    value beats his by the level's margin."""
    state = _contract_state()
    view = player_view(state, 1)
    legal = state.legal_actions(1)
    ruled = RULES.choose(view, legal, 1, random.Random(1))
    assert isinstance(ruled, Contract)
    code = "contract:9:c:s" if ruled.code == "contract:9:s:c" else "contract:9:s:c"
    target = next(a for a in legal if isinstance(a, Contract) and a.code == code)
    plan = licit_strong._plan_of(target)
    for gain, wins in ((MARGIN[9] + 1.0, True), (MARGIN[9] - 1.0, False)):

        def means(
            self: LicitStrongPlayer, v: object, plans: list[Plan], rng: object, g: float = gain
        ) -> dict[Plan, float]:
            assert plan in plans
            return {p: (g if p == plan else 0.0) for p in plans}

        monkeypatch.setattr(LicitStrongPlayer, "plan_means", means)
        chosen = LicitStrongPlayer().choose(view, legal, 1, random.Random(1))
        assert chosen == (target if wins else ruled), (gain, chosen)


def test_the_dvě_sedmy_are_fleked_by_their_chance(monkeypatch: pytest.MonkeyPatch) -> None:
    """A defender fleks dvě sedmy the playouts say are lost, and leaves likely ones."""
    state = run(_contract_state(), [(1, "contract:9:s:c")])
    seat = state.to_move
    assert seat is not None and seat != 1
    view = player_view(state, seat)
    chances = LicitStrongPlayer(plan_budget=Budget(samples=6)).chances(view, random.Random(1))
    assert set(chances) == {"dvesedmy"} and 0.0 <= chances["dvesedmy"] <= 1.0
    legal = state.legal_actions(seat)
    for p in (0.1, 0.9):
        monkeypatch.setattr(LicitStrongPlayer, "chances", lambda *a, q=p, **k: {"dvesedmy": q})
        chosen = LicitStrongPlayer().choose(view, legal, seat, random.Random(1))
        assert isinstance(chosen, Flek) == (1 - p >= FLEK_AT[0])


def test_never_peeks_in_dvě_sedmy() -> None:
    """The contract and the defenders' flek of dvě sedmy, with the others' cards
    dealt anew consistently with the seat's view, are the same decision."""
    player = LicitStrongPlayer(plan_budget=Budget(samples=4, nodes=1))
    rng = random.Random(5)
    compared = 0
    contract = _contract_state()
    flek = run(contract, [(1, "contract:9:s:c")])
    for state, seat in ((contract, 1), (flek, flek.to_move)):
        assert seat is not None
        for _ in range(6):
            other = _same_view_other_hands(state, seat, rng)
            if other is None:
                continue
            same_decision(player, state, other, seat)
            compared += 1
    assert compared >= 6


_NO_POINTS = Scoring(tuple(0 for _ in range(54)), trump_suit=S, bonus_card=card("7s"))
STAKE = 800


def _brute(
    hands: list[int], table: list[int], player: int, done: int, taken: list[tuple[int, int]]
) -> int:
    """The dvě sedmy for seat 0 against seats 1 and 2 by plain minimax over every
    line to the end (no table, no merging): +STAKE when the helper seven took
    trick 9 and the trump seven trick 10, both for seat 0."""
    beaters = deal_rules(S).beaters
    if done == 10:
        return STAKE if taken[8] == (card("7c"), 0) and taken[9] == (card("7s"), 0) else -STAKE
    if table:
        win = table[0]
        for c in table[1:]:
            if beaters[win] >> c & 1:
                win = c
        legal = deal_rules(S).legal(hands[player], table[0] // 13, win)
    else:
        legal = hands[player]
    values = []
    for c in (x for x in range(54) if legal >> x & 1):
        h = list(hands)
        h[player] &= ~(1 << c)
        t = [*table, c]
        if len(t) < 3:
            values.append(_brute(h, t, (player + 1) % 3, done, taken))
            continue
        leader = (player + 1) % 3
        at = 0
        for i in range(1, 3):
            if beaters[t[at]] >> t[i] & 1:
                at = i
        taker = (leader + at) % 3
        values.append(_brute(h, [], taker, done + 1, [*taken, (t[at], taker)]))
    return max(values) if player == 0 else min(values)


def _three_card_positions(count: int, seed: int) -> list[list[int]]:
    """Random endings of three cards each, seat 0 holding both sevens."""
    rng = random.Random(seed)
    rest = [c for c in range(54) if c % 13 >= 5 and c < 52 and c not in (card("7s"), card("7c"))]
    out = []
    for _ in range(count):
        cards = rng.sample(rest, 7)
        out.append([_mask("7s 7c") | 1 << cards[0], mask_of(cards[1:4]), mask_of(cards[4:7])])
    return out


def test_the_search_pays_the_dvě_sedmy_as_plain_minimax_does() -> None:
    """With a stake and no card points, every card's exact value from three cards
    each (trick 8 to 10, seat 0 on lead) is what plain minimax over every line
    gives, whoever wins: the stake paid at the ninth trick is the contract's
    outcome, despite the table and the merged cards."""
    outcomes = set()
    for hands in _three_card_positions(40, seed=7):
        solver = TwoSevensSolver(deal_rules(S), _NO_POINTS, [0], 3, card("7c"), stake=STAKE)
        values = solver.values(Position(list(hands), [], 0, 7, 10))
        for c, v in values.items():
            h = list(hands)
            h[0] &= ~(1 << c)
            assert v == _brute(h, [c], 1, 7, [(-1, -1)] * 7), (hands, c)
            outcomes.add(v)
    assert outcomes == {STAKE, -STAKE}


def test_a_playout_with_a_stake_pays_what_the_sevens_did() -> None:
    """A playout's value is +stake exactly when it ended with both sevens held."""
    seen = set()
    rng = random.Random(3)
    for hands in _three_card_positions(30, seed=8):
        solver = TwoSevensSolver(deal_rules(S), _NO_POINTS, [0], 3, card("7c"), stake=STAKE)
        for _ in range(5):
            value = solver.playout(Position(list(hands), [], 0, 7, 10), rng, greedy=0.5)
            held = solver.ninth == (card("7c"), 0) and solver.last_trick == (card("7s"), 0)
            assert value == (STAKE if held else -STAKE)
            seen.add(held)
    assert seen == {True, False}


def test_the_helper_seven_is_not_merged_with_the_eight() -> None:
    """Holding 8c 7c 7s on lead with nobody able to beat a club or trump: the eight
    first keeps the dvě sedmy, the seven first loses them (a merged pair would
    value both alike)."""
    hands = [_mask("8c 7c 7s"), _mask("Ah Kh Qh"), _mask("Ad Kd Qd")]
    solver = TwoSevensSolver(deal_rules(S), _NO_POINTS, [0], 3, card("7c"), stake=STAKE)
    values = solver.values(Position(hands, [], 0, 7, 10))
    assert values[card("8c")] == STAKE and values[card("7c")] == -STAKE


def _sevens_play(moves: int) -> list[LicitState]:
    """Dvě sedmy in leaves with acorns (M, seat 1) played by the rule player: the
    states of the first ``moves`` card decisions with a choice."""
    state = run(_contract_state(), [(1, "contract:9:s:c")])
    rng = random.Random(4)
    out = []
    while not state.is_over and len(out) < moves:
        seat = state.to_move
        assert seat is not None
        legal = state.legal_actions(seat)
        view = player_view(state, seat)
        if view.public.phase == "play" and len(legal) > 1:
            out.append(state)
        state = run(state, [(seat, RULES.choose(view, legal, seat, rng).code)])
    return out


def test_the_play_of_dvě_sedmy_is_searched_at_their_price(monkeypatch: pytest.MonkeyPatch) -> None:
    """In dvě sedmy the card is the best of the sampled deals' values (a sedma's
    scoring whose seven pays nothing itself, and the stake of 40 units), not the
    rule player's."""
    states = _sevens_play(30)
    assert states
    for state in states:
        seat = state.to_move
        assert seat is not None
        view = player_view(state, seat)
        scoring = licit_strong.play_scoring(view)
        assert scoring is not None and scoring.bonus_card == card("7s") and scoring.bonus == 0
        assert licit_strong.sevens_stake(view) == 40 * licit_strong.UNIT_POINTS
    state = states[0]
    seat = state.to_move
    assert seat is not None
    view = player_view(state, seat)
    legal = state.legal_actions(seat)
    ruled = RULES.choose(view, legal, seat, random.Random(1))
    other = next(a for a in legal if a != ruled)
    for_c = view.sides.role_of(seat) == "C"
    monkeypatch.setattr(
        LicitStrongPlayer,
        "card_values",
        lambda self, v, rng, cards, scoring: {
            c: (1.0 if (c == other.card) == for_c else 0.0)
            for c in cards  # type: ignore[attr-defined]
        },
    )
    assert LicitStrongPlayer().choose(view, legal, seat, random.Random(1)) == other


def test_the_play_of_dvě_sedmy_never_peeks() -> None:
    player = LicitStrongPlayer(Budget(samples=4, nodes=20_000))
    rng = random.Random(6)
    compared = 0
    for state in _sevens_play(30)[::3]:
        seat = state.to_move
        assert seat is not None
        other = _same_view_other_hands(state, seat, rng)
        if other is None:
            continue
        same_decision(player, state, other, seat)
        compared += 1
    assert compared >= 4
