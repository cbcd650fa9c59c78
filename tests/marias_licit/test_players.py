"""Licitovaný's computer players (issue 11, item 5) and its fast path (item 6).

A seeded self-play of 2,000 deals over 3 and 4 players, rule-of-thumb and
random-legal players mixed, runs with cheap invariants checked at the end of
every deal; the rule player answers only with legal actions, decides from
its own view alone, and makes the decisions its rules of thumb name. The
fast path of ``python -m games bench marias-licitovany`` replays through
``apply`` to the same tricks, points and marriages.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from typing import Any

import pytest

from games.cards import Card, card, cards_of
from games.cli.licit_fast import licit_playout, play_start
from games.engine import Seat
from games.marias.rules import SHARP
from games.marias_licit.actions import Play
from games.marias_licit.legality import legal_cards
from games.marias_licit.levels import level
from games.marias_licit.state import LicitState, Phase
from games.marias_licit.variant import LICITOVANY
from games.marias_licit.views import player_view
from games.players import make_player
from games.players.licit_rules import LicitRulePlayer, reach
from tests.marias_licit.helpers import play, run, scripted

OPTION_SETS: tuple[dict[str, Any], ...] = (
    {},
    {},
    {"licit_omyl_window": "at_announcement", "auto_declare_marriages": False},
    {"talon_sharp_cards": "face_up_points_to_defenders", "betl_durch_first_lead": "forhond"},
    {"licit_omyl": "off", "end_betl_durch_early": False, "max_flek_level": 2},
    {"must_trump_when_cannot_overtrump": False, "pause_rotation": "rotate_independently"},
)


def _self_play(seed: int) -> tuple[LicitState, dict[Seat, str]]:
    options = LICITOVANY.options(OPTION_SETS[seed % len(OPTION_SETS)])
    seats = 3 + seed % 2
    rng = random.Random(seed)
    kinds = {s: ("rules" if rng.random() < 0.6 else "random") for s in range(seats)}
    players = {s: make_player(kinds[s], LICITOVANY.id) for s in range(seats)}
    state = LICITOVANY.new_deal(options, seats, seed % seats, seed=seed)
    while not state.is_over:
        seat = min(LICITOVANY.due(state))
        legal = state.legal_actions(seat)
        view = player_view(state, seat) if kinds[seat] == "rules" else None
        action = players[seat].choose(view, legal, seat, rng)
        if kinds[seat] == "rules":
            assert action in legal
            if state.phase is Phase.PLAY and isinstance(action, Play):
                assert legal_cards(state, seat) >> action.card & 1
        state, _ = LICITOVANY.apply(state, seat, action)
    return state, kinds


def test_two_thousand_mixed_deals_over_three_and_four_players() -> None:
    ends: Counter[str] = Counter()
    rule_declarers = 0
    for seed in range(2000):
        state, kinds = _self_play(seed)
        assert state.is_over and not state.to_act()
        outcome = state.outcome()
        assert sum(outcome.scores) == 0
        for seat in range(state.seats):
            if seat not in state.active:
                assert outcome.scores[seat] == 0  # the seat out of a table of four
        ends[str(state.end)] += 1
        if state.end == "redeal":
            assert state.declarer is None and not any(outcome.scores)
            continue
        assert state.declarer is not None and state.bid_level >= 1
        if state.end in ("played", "early"):
            assert state.level_number is not None and state.level_number >= state.bid_level
            taken = sum(len(t.cards) for t in state.tricks)
            assert taken == 3 * len(state.tricks)
            if state.end == "played":
                assert len(state.tricks) == 10
                assert sum(state.hands[s].bit_count() for s in state.active) == 0
        rule_declarers += kinds[state.declarer] == "rules"
    assert ends["played"] > 500 and ends["redeal"] > 50 and ends["early"] > 50
    assert rule_declarers > 100


def _hidden_swaps(state: LicitState, seat: Seat, rng: random.Random) -> LicitState:
    """The same deal for ``seat`` with the other two hands' cards shuffled between them
    (sizes kept); the talon's hidden cards stay where they are."""
    others = [s for s in state.active if s != seat]
    pool = [c for s in others for c in cards_of(state.hands[s])]
    rng.shuffle(pool)
    hands = list(state.hands)
    start = 0
    for s in others:
        size = state.hands[s].bit_count()
        hands[s] = sum(1 << c for c in pool[start : start + size])
        start += size
    return replace(state, hands=tuple(hands))


def test_the_rule_player_decides_from_its_view_alone() -> None:
    player = LicitRulePlayer()
    checked = 0
    for seed in range(150):
        rng = random.Random(seed)
        state = LICITOVANY.new_deal(LICITOVANY.options(), 3, seed % 3, seed=seed)
        while not state.is_over:
            seat = min(LICITOVANY.due(state))
            legal = state.legal_actions(seat)
            action = player.choose(player_view(state, seat), legal, seat, random.Random(seed))
            other = _hidden_swaps(state, seat, rng)
            if state.phase is Phase.PLAY:
                legal_other = other.legal_actions(seat)
                assert legal_other == legal  # the seat's own cards decide what is legal
            again = player.choose(player_view(other, seat), legal, seat, random.Random(seed))
            assert again == action
            checked += 1
            state, _ = LICITOVANY.apply(state, seat, action)
    assert checked > 1000


def test_the_hand_reach() -> None:
    sedma = [card(c) for c in ["7s", "8s", "9s", "Ks", "As", "Ah", "Th", "Kd", "Qd", "8c"]]
    found = reach(sedma)
    assert found and all(r.trump is not None for r in found)
    assert any(r.level == 1 and r.trump is not None and r.trump.code == "s" for r in found)
    betl = [card(c) for c in ["7h", "8h", "9h", "7d", "8d", "7s", "9s", "7c", "8c", "9c"]]
    assert any(r.level == 7 for r in reach(betl))
    durch = [card(c) for c in ["Ah", "Kh", "Qh", "Jh", "Th", "Ad", "Kd", "Qd", "As", "Ks"]]
    assert reach(durch)[0].level == 8
    weak = [card(c) for c in ["8h", "Jh", "Kd", "9d", "Qs", "8s", "Tc", "Jc", "9c", "Kh"]]
    assert reach(weak, spare=1) == []


HANDS = {
    0: ["7s", "8s", "9s", "Js", "Qs", "Ks", "As", "Ah", "Th", "Ac"],
    1: ["7h", "8h", "9h", "Jh", "Qh", "Kh", "7d", "8d", "9d", "Td"],
    2: ["Jd", "Qd", "Kd", "Ad", "7c", "8c", "9c", "Jc", "Qc", "Kc"],
}
TALON = ["Tc", "Ts"]


def test_the_rule_player_bids_holds_and_announces() -> None:
    # dealer 2: F = 0, M = 1, Z = 2; F holds a strong leaves hand
    state = scripted(HANDS, TALON, dealer=2)
    player = LicitRulePlayer()
    rng = random.Random(1)

    def choose(state: LicitState) -> str:
        seat = state.to_move
        assert seat is not None
        return player.choose(player_view(state, seat), state.legal_actions(seat), seat, rng).code

    state = play(state, 1, "bid:1")  # M bids a sedma against F
    assert choose(state) == "mam"  # F's sedma and sto in leaves: he holds
    state = run(state, [(0, "mam"), (1, "pass"), (2, "pass")])
    assert state.phase is Phase.TALON and state.declarer == 0
    discard = choose(state)
    assert discard.startswith("talon:")
    kept = {c for c in discard[6:].split(",")}
    assert not kept & {"Ah", "Ac", "As", "Th", "Ts", "Tc"}  # no ace or ten away
    state = play(state, 0, discard)
    contract = choose(state)
    assert contract.startswith("contract:") and contract.endswith(":s")
    assert level(int(contract.split(":")[1])).has("sedma")


def test_a_hopeless_sedma_is_conceded() -> None:
    hands = {
        0: ["8h", "Jh", "Kd", "9d", "Qs", "8s", "Jc", "9c", "Kh", "Ks"],
        1: ["7h", "9h", "Qh", "Th", "Ah", "7d", "8d", "Td", "Ad", "Qd"],
        2: ["Jd", "7s", "9s", "Js", "Ts", "As", "7c", "8c", "Qc", "Kc"],
    }
    state = scripted(hands, ["Ac", "Tc"], dealer=2)
    state = run(state, [(1, "pass"), (2, "pass"), (0, "bid:1")])
    player = LicitRulePlayer()
    rng = random.Random(3)
    code = player.choose(player_view(state, 0), state.legal_actions(0), 0, rng).code
    state = play(state, 0, code)
    assert state.phase is Phase.CONTRACT
    code = player.choose(player_view(state, 0), state.legal_actions(0), 0, rng).code
    assert code == "omyl"


def test_fleks_against_a_sedma_with_trumps_to_kill_it() -> None:
    hands = {
        0: ["7s", "8s", "9s", "Js", "Kd", "Ks", "As", "Ah", "Th", "Ac"],
        1: ["Qs", "Ts", "9h", "Jh", "Qh", "Kh", "7d", "8d", "9d", "Td"],
        2: ["Jd", "Qd", "7h", "Ad", "7c", "8c", "9c", "Jc", "Qc", "Kc"],
    }
    state = scripted(hands, ["8h", "Tc"], dealer=2)
    state = run(state, [(1, "pass"), (2, "pass"), (0, "bid:1"), (0, "talon:8h,Kd"),
                        (0, "contract:1:s")])  # fmt: skip
    assert state.phase is Phase.FLEK and state.to_move == 1
    player = LicitRulePlayer()
    code = player.choose(player_view(state, 1), state.legal_actions(1), 1, random.Random(1)).code
    assert code == "flek:sedma"  # two trumps with the ten: the seven can be killed


@pytest.mark.parametrize("seed", range(40))
def test_the_fast_path_replays_through_apply(seed: int) -> None:
    values = OPTION_SETS[seed % len(OPTION_SETS)]
    options = LICITOVANY.options(values)
    start = play_start(LICITOVANY, options, seed)
    if start is None:
        return
    trace: list[int] = []
    result = licit_playout(start, random.Random(seed), trace)
    state = start
    for c in trace:
        seat = state.to_move
        assert seat is not None
        assert legal_cards(state, seat) >> c & 1
        state = LICITOVANY.apply(state, seat, Play(Card(c)))[0]
    assert state.is_over and len(state.tricks) == result.played
    active = state.active
    tricks = [sum(1 for t in state.tricks if t.winner == s) for s in active]
    points = [0, 0, 0]
    for t in state.tricks:
        points[active.index(t.winner)] += 10 * sum(1 for x in t.cards if (1 << x) & SHARP)
    if len(state.tricks) == 10:
        points[active.index(state.tricks[-1].winner)] += 10
    marriages = [0, 0, 0]
    for m in state.marriages:
        marriages[active.index(m.seat)] += m.points
    assert list(result.tricks) == tricks
    assert list(result.points) == points
    if options.auto_declare_marriages:
        assert list(result.marriages) == marriages
