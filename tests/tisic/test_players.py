"""Tisíc's computer players (issue 10, item 4) and its fast path (item 5).

A seeded self-play of 2,000 deals over 3 and 4 players, rule-of-thumb and
random-legal players mixed, runs with cheap invariants checked at the end of
every deal; the rule player answers only with legal actions, decides from
its own view alone, and makes the decisions its rules of thumb name. The
fast path of ``python -m games bench tisic`` replays through ``apply`` to
the same tricks and points.
"""

from __future__ import annotations

import ast
import random
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from games.cards import Card, card, cards_of, mask_of, parse_cards
from games.cli.tisic_fast import play_start, tisic_playout
from games.engine import Seat
from games.players import make_player
from games.players.random_player import RandomPlayer
from games.players.tisic_rules import TisicRulePlayer, estimate
from games.tisic.actions import Bid, Contract, Discard, Pass, Play
from games.tisic.legality import follow_cards
from games.tisic.options import TisicOptions
from games.tisic.rules import ACES_TENS, card_points
from games.tisic.scoring import card_totals, marriage_totals
from games.tisic.state import Phase, TisicState
from games.tisic.variant import TISIC
from tests.tisic.helpers import deal, roles, script

ROOT = Path(__file__).resolve().parents[2]

OPTION_SETS: tuple[dict[str, Any], ...] = (
    {},
    {},
    {"storno_by_agreement": True, "show_talon": True},
    {"renonc_policy": "penalty", "follow_rule": "source_literal"},
    {"bid_step": 5, "marriage_required_above_120": True, "first_lead": "p1"},
    {"follow_rule": "pagat_1000", "marriage_by": "declarer_only", "forfeit_allowed": False},
)


def _self_play(seed: int) -> tuple[TisicState, dict[Seat, str]]:
    options = TisicOptions(**OPTION_SETS[seed % len(OPTION_SETS)])
    seats = 3 + seed % 2
    rng = random.Random(seed)
    kinds = {s: ("rules" if rng.random() < 0.6 else "random") for s in range(seats)}
    players = {s: make_player(kinds[s], TISIC.id) for s in range(seats)}
    state = TISIC.new_deal(options, seats, {"dealer": seed % seats}, seed=seed)
    while not state.is_over:
        seat = min(TISIC.due(state))
        legal = state.legal_actions(seat)
        view = state.view(seat) if kinds[seat] == "rules" else None
        action = players[seat].choose(view, legal, seat, rng)
        if kinds[seat] == "rules":
            assert action in legal
            if state.phase is Phase.PLAY:  # never a revoke, whatever the renonc_policy
                assert isinstance(action, Play)
                assert follow_cards(state, seat) >> action.card & 1
        state, _ = TISIC.apply(state, seat, action)
    return state, kinds


def test_two_thousand_mixed_deals_over_three_and_four_players() -> None:
    ends: dict[str, int] = {}
    made = failed = 0
    for seed in range(2000):
        state, kinds = _self_play(seed)
        assert state.is_over and not state.to_act()
        outcome = state.outcome()
        scores = outcome.scores
        assert len(scores) == state.seats
        for seat in range(state.seats):
            if seat not in state.active:
                assert scores[seat] == 0  # the dealer of four sits out
        end = str(state.end)
        ends[end] = ends.get(end, 0) + 1
        if end == "played":
            assert len(state.tricks) == 10 and not any(state.hands)
            assert sum(card_totals(state)) == 120
            assert state.discards & ACES_TENS == 0
            assert state.declarer is not None and state.contract is not None
            assert abs(scores[state.declarer]) == state.contract
            assert all(scores[s] >= 0 and scores[s] % 10 == 0 for s in state.defenders)
            if kinds[state.declarer] == "rules":
                made += scores[state.declarer] > 0
                failed += scores[state.declarer] < 0
    assert sum(ends.values()) == 2000
    assert ends["played"] > 1500
    assert made > 2 * failed > 0  # the rule player bids what it can make


def test_the_rule_player_decides_from_its_view_alone() -> None:
    """Two deals that differ only in cards the seat cannot see get the same decisions."""
    player = TisicRulePlayer()
    checked = 0
    for seed in range(40):
        state = TISIC.new_deal(TisicOptions(), 3, {"dealer": seed % 3}, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            (seat,) = state.to_act()
            others = [s for s in state.active if s != seat]
            a, b = (state.hands[s] for s in others)
            if a and b and state.phase is not Phase.TALON:
                hands = list(state.hands)
                ca, cb = next(cards_of(a)), next(cards_of(b))  # swap one hidden card
                hands[others[0]] = a ^ (1 << ca) | (1 << cb)
                hands[others[1]] = b ^ (1 << cb) | (1 << ca)
                twin = replace(state, hands=tuple(hands))
                assert twin.view(seat) == state.view(seat)
                mine = player.choose(state.view(seat), state.legal_actions(seat), seat, rng)
                theirs = player.choose(twin.view(seat), twin.legal_actions(seat), seat, rng)
                assert mine == theirs
                checked += 1
            action = player.choose(state.view(seat), state.legal_actions(seat), seat, rng)
            state, _ = TISIC.apply(state, seat, action)
    assert checked > 500


def test_the_rule_player_imports_no_engine_internals() -> None:
    """It gets a view and the legal actions: the state, the transitions and the
    legality check are not within its reach."""
    tree = ast.parse((ROOT / "games/players/tisic_rules.py").read_text(encoding="utf-8"))
    modules = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    assert not modules & {
        "games.tisic.state",
        "games.tisic.legality",
        "games.tisic.transitions",
        "games.tisic.deal",
        "games.tisic.game",
    }


# --- the rules of thumb -----------------------------------------------------------


def _choose(state: TisicState, seat: Seat) -> Any:
    return TisicRulePlayer().choose(
        state.view(seat), state.legal_actions(seat), seat, random.Random(0)
    )


def test_bidding_follows_the_estimate() -> None:
    r = roles()
    strong = "Ac Tc Kc Qc As Ts Ah Th 7d 8d"  # marriage 100, four sure aces and tens
    weak = "7c 8c 9c 7s 8s 9s 7h 8h Jd 9d"
    assert estimate(mask_of(parse_cards(strong))) > 150 > 20 > estimate(mask_of(parse_cards(weak)))
    state = deal(p2=strong, p3=weak)
    bid = _choose(state, r["P2"])
    assert isinstance(bid, Bid) and bid.amount == 60  # the least raise: the talon is won cheaply
    state = script(state, "P2 bid:60")
    assert isinstance(_choose(state, r["P3"]), Pass)  # a weak hand says "Dobrý"


def test_the_obligation_holder_competes_when_asked_and_plays_50_otherwise() -> None:
    r = roles()
    state = script(deal(p1="Ac Tc Kc Qc As Ts Ah Th 7d 8d"), "P2 bid:60", "P3 pass")
    answer = _choose(state, r["P1"])
    assert isinstance(answer, Bid) and answer.amount == 70
    state = script(deal(), "P2 pass", "P3 pass")  # never asked: he plays for 50
    assert state.declarer == r["P1"] and state.bid == 50 and state.phase is Phase.TALON


def test_the_discard_keeps_marriages_aces_and_tens() -> None:
    r = roles()
    state = deal(
        p1="Ac Tc Kc Qc 7c As Ts Ah 7d 8d",
        p2="rest",
        p3="rest",
        talon="Kh Qh",
    )
    state = script(state, "P2 pass", "P3 pass")
    action = _choose(state, r["P1"])
    assert isinstance(action, Discard)
    laid = {card(c) for c in ("Kc", "Qc", "Kh", "Qh")} & set(action.cards)
    assert not laid and not any(ACES_TENS >> c & 1 for c in action.cards)


def test_the_contract_is_raised_only_when_the_hand_clearly_exceeds_it() -> None:
    r = roles()
    strong = deal(p1="Ac Tc Kc Qc 7c As Ts Ks Qs 7d", talon="8d 9d")
    strong = script(strong, "P2 pass", "P3 pass", "P1 discard:8d,9d")
    raised = _choose(strong, r["P1"])
    assert isinstance(raised, Contract) and raised.amount > 100
    weak = deal(p1="7c 8c 9c 7s 8s 9s 7h 8h Jd 9d", talon="Jh Qd")
    weak = script(weak, "P2 pass", "P3 pass", "P1 discard:7c,8c")
    assert _choose(weak, r["P1"]) == Contract(50)


def test_a_marriage_is_declared_when_leading_from_trick_two() -> None:
    r = roles()
    state = deal(p1="Ac Tc Kc Qc 7c As Ts Ks Qs 7d", talon="8d 9d")
    state = script(state, "P2 pass", "P3 pass", "P1 discard:8d,9d", "P1 contract:50")
    first = _choose(state, r["P1"])
    assert isinstance(first, Play) and not first.trumf  # no marriage in trick 1
    assert first.card in (card("Ac"), card("As"))  # it cashes an ace
    state, _ = TISIC.apply(state, r["P1"], first)
    while state.to_move != r["P1"] or state.trick_cards:
        seat = state.to_move
        assert seat is not None
        state, _ = TISIC.apply(state, seat, _choose(state, seat))
    lead = _choose(state, r["P1"])
    assert isinstance(lead, Play) and lead.trumf and lead.card in (card("Qc"), card("Qs"))


def test_the_last_hand_banks_a_ten_its_ace_could_take_later() -> None:
    r = roles()
    state = deal(
        p1="9h Ah 7c 8c 9c Jc 7s 8s 9s Js",
        p2="7h Ad Td Kd Qd Jd 9d Ac Tc Kc",
        p3="rest",
        talon="7d 8d",
    )
    state = script(state, "P2 pass", "P3 pass", "P1 discard:7d,8d", "P1 contract:50")
    state = script(state, "P1 play:9h", "P2 play:7h")
    assert _choose(state, r["P3"]) == Play(card("Th"))  # not the jack: the ace is out


def test_a_defender_gives_points_to_its_partners_sure_trick() -> None:
    r = roles()
    state = deal(
        p1="9h 7c 8c 9c Jc 7s 8s 9s Js 7d",
        p2="Ah Ad Td Kd Qd 9d Ac Tc Kc Qc",
        p3="rest",
        talon="8d Jd",
    )
    state = script(state, "P2 pass", "P3 pass", "P1 discard:8d,Jd", "P1 contract:50")
    state = script(state, "P1 play:9h", "P2 play:Ah")
    assert _choose(state, r["P3"]) == Play(card("Th"))  # the ten, and the marriage is kept


# --- the fast path -----------------------------------------------------------------


def test_the_fast_path_replays_through_apply() -> None:
    """Each playout's moves, replayed through ``apply``, give the same tricks, points
    and marriages, over 3 and 4 players (marriages from trick 1 on every third)."""
    checked = 0
    for seed in range(50):
        options = TisicOptions(marriage_min_completed_tricks=1 if seed % 3 else 0)
        start = play_start(TISIC, options, seed)
        if start is None:  # the random declarer forfeited
            continue
        trace: list[tuple[Card, bool]] = []
        result = tisic_playout(start, random.Random(seed), trace)
        state = start
        for c, trumf in trace:
            seat = state.to_move
            assert seat is not None
            state, _ = TISIC.apply(state, seat, Play(c, trumf=trumf))
        assert state.is_over and len(state.tricks) == 10
        assert state.declarer is not None
        cards = card_totals(state)
        cards[state.declarer] -= card_points(state.discards)  # the kernel counts tricks only
        marriages = marriage_totals(state)
        assert result.points == {s: cards[s] + marriages[s] for s in state.active}
        assert result.tricks == {s: sum(t.winner == s for t in state.tricks) for s in state.active}
        assert result.marriages == tuple((m.seat, m.suit.code) for m in state.marriages)
        checked += 1
    assert checked >= 40


def test_the_fast_path_declares_marriages_in_some_playouts() -> None:
    starts = [play_start(TISIC, TisicOptions(), seed) for seed in range(20)]
    found = sum(
        bool(tisic_playout(start, random.Random(i)).marriages)
        for start in starts
        if start is not None
        for i in range(20)
    )
    assert found > 0


def test_the_fast_path_refuses_what_it_does_not_play() -> None:
    with pytest.raises(ValueError, match="play phase"):
        tisic_playout(deal(), random.Random(0))
    start = play_start(TISIC, TisicOptions(), 1)
    assert start is not None
    penalty = replace(start, options=TisicOptions(renonc_policy="penalty"))
    with pytest.raises(ValueError, match="revokes"):
        tisic_playout(penalty, random.Random(0))


def test_random_and_rule_players_are_registered() -> None:
    assert isinstance(make_player("random", TISIC.id), RandomPlayer)
    assert isinstance(make_player("rules", TISIC.id), TisicRulePlayer)
    assert isinstance(make_player("rules-v1", TISIC.id), TisicRulePlayer)
