"""A match of Blázen: the fool deals, his neighbour opens, the fools are counted."""

from __future__ import annotations

import random

from games.blazen import match as blazen_match
from games.blazen.state import BlazenState
from games.blazen.variant import BLAZEN
from games.engine import Match
from games.players import make_player
from tests.blazen.helpers import A, B, C, D, play, position


def _finish(state: BlazenState, seed: int) -> BlazenState:
    rng = random.Random(seed)
    player = make_player("rules", BLAZEN.id)
    while not state.is_over:
        seat = state.to_move if state.to_move is not None else min(state.to_act())
        legal = [a for a in state.legal_actions(seat) if a.code != "redeal"] or list(
            state.legal_actions(seat)
        )
        state, _ = BLAZEN.apply(state, seat, player.choose(state.view(seat), legal, seat, rng))
    return state


def test_the_fool_deals_and_his_left_neighbour_attacks() -> None:
    options = BLAZEN.options({"epaulettes": True})
    match = blazen_match.start(4, 2, max_deals=12)
    tally = [0] * 4
    straps = [0] * 4
    fools = 0
    number = 0
    while not match.over:
        state = BLAZEN.new_deal(
            options, 4, match.dealer, seed=300 + number, first_attacker=match.opener
        )
        if match.opener is None:  # the first game, or after a draw: the lowest trump
            assert state.opening_trump is not None
        else:
            assert state.opener == match.opener
        state = _finish(state, number)
        outcome = state.outcome()
        tally = [t + s for t, s in zip(tally, outcome.scores, strict=True)]
        for seat, count in (outcome.summary.get("straps") or {}).items():
            straps[int(seat)] += count
        fools += outcome.summary["fool"] is not None
        before = match
        match = blazen_match.record(match, outcome)
        fool = outcome.summary["fool"]
        if fool is None:
            assert match.dealer == before.dealer and match.opener is None
        else:
            assert match.dealer == fool and match.opener == (fool + 1) % 4
        number += 1
    assert match.deals == 12
    assert list(match.totals) == tally and sum(tally) == fools
    assert list(blazen_match.strap_totals(match)) == straps
    assert Match.from_dict(match.to_dict()) == match
    ranking = blazen_match.standings(match)
    assert [s.score for s in ranking] == sorted(tally)  # the fewest fools first


def test_redeal_keeps_the_dealer_and_the_opener() -> None:
    hands = ["6s 8s Js Ks As 7d", "6d 8d Jd Kd Ad 7s"]
    state = play(position(hands, trump="9h", rest="stock", attacker=B, dealer=A), (A, "redeal"))
    outcome = state.outcome()
    assert not outcome.played and outcome.scores == (0, 0)
    match = blazen_match.start(2, A)
    match = blazen_match.record(match, outcome)
    assert match.dealer == A and match.opener == B and match.totals == (0, 0)


def test_a_draw_starts_again_with_first_game_rules() -> None:
    state = play(position(["Ts", "Js"], trump="6h", attacker=A, dealer=B), (A, "attack:Ts"))
    state = play(state, (B, "beat:0:Js"))
    match = blazen_match.record(blazen_match.start(2, B), state.outcome())
    assert match.dealer == B and match.opener is None


def test_fool_right_and_lowest_trump() -> None:
    for rule, opener in (("fool_right", B), ("lowest_trump", None)):
        state = position(
            ["7s", "8s", "Qd Kd", "Ad"], trump="6h", attacker=A, next_game_first_attacker=rule
        )
        state = play(state, (A, "attack:7s"), (B, "beat:0:8s"), (C, "attack:Qd"))
        state = play(state, (D, "beat:0:Ad"))
        match = blazen_match.record(blazen_match.start(4, 0), state.outcome())
        assert match.dealer == C and match.opener == opener


def test_mariáš_matches_are_unchanged() -> None:
    match = Match.start("marias-voleny", 3, 0)
    assert match.opener is None
