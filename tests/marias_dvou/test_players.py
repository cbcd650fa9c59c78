"""Computer players of mariáš ve dvou (issue 11, item 5): seeded self-play over
rules A, B and C, the rule player's legality and view-only decisions, and the
fast path of the benchmark checked against ``apply``."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from games.cards import Card, card, cards_of
from games.cli.dvou_fast import dvou_playout, play_start
from games.marias.actions import Play
from games.marias.rules import SHARP
from games.marias_dvou.options import DvouOptions
from games.marias_dvou.state import DvouState, Phase
from games.marias_dvou.variant import DVOU
from games.players import make_player
from games.players.base import Player
from games.players.dvou_rules import DvouRulePlayer
from games.players.random_player import RandomPlayer
from tests.marias_dvou.helpers import M2_CARDS, run, scripted

RULES: Player = DvouRulePlayer()
RANDOM: Player = RandomPlayer()


def _options(i: int) -> DvouOptions:
    return DvouOptions(dvou_variant="ABC"[i % 3], auto_declare_marriages=i % 5 != 0)


def test_registered_as_rules_and_rules_v1() -> None:
    assert isinstance(make_player("rules", "marias-dvou"), DvouRulePlayer)
    assert isinstance(make_player("rules-v1", "marias-dvou"), DvouRulePlayer)


def test_seeded_self_play_of_2000_deals_without_exception() -> None:
    mixes = ((RULES, RANDOM), (RANDOM, RULES), (RANDOM, RANDOM), (RULES, RULES))
    kinds: set[str] = set()
    for i in range(2000):
        options = _options(i)
        state: DvouState = DVOU.new_deal(options, 2, i % 2, seed=i)
        rng = random.Random(i)
        players = mixes[(i // 3) % 4]
        steps = 0
        while not state.is_over:
            (seat,) = state.to_act()
            legal = state.legal_actions(seat)
            assert legal
            action = players[seat].choose(state.view(seat), legal, seat, rng)
            assert action in legal
            kinds.add(type(action).__name__)
            state, _ = DVOU.apply(state, seat, action)
            steps += 1
            assert steps < 200
        assert len(state.tricks) == 16 and not any(state.hands) and not state.stock
        outcome = state.outcome()
        assert sum(outcome.scores) == 0
        points = sum(10 for t in state.tricks for c in t.cards if (1 << c) & SHARP)
        assert points == 80
    assert {"ChooseSuit", "Extras", "Flek", "Pass", "Play", "Exchange", "LateSeven"} <= kinds


def test_the_rule_player_beats_random() -> None:
    total = 0
    for i in range(150):
        state: DvouState = DVOU.new_deal(_options(i), 2, i % 2, seed=i)
        rng = random.Random(i)
        me = i % 2
        while not state.is_over:
            (seat,) = state.to_act()
            player = RULES if seat == me else RANDOM
            state, _ = DVOU.apply(
                state, seat, player.choose(state.view(seat), state.legal_actions(seat), seat, rng)
            )
        total += state.outcome().scores[me]
    assert total > 0


def _hidden_swapped(state: DvouState, seat: int) -> DvouState | None:
    """The same deal for ``seat`` with an opponent's card and a stock card swapped
    (the face-up card under the stock in B stays)."""
    other = state.other(seat)
    movable = list(state.stock[:-1] if state.options.turned_trump else state.stock)
    theirs = list(cards_of(state.hands[other]))
    if not movable or not theirs:
        return None
    a, b = theirs[0], movable[0]
    hands = list(state.hands)
    hands[other] = (hands[other] & ~(1 << a)) | (1 << b)
    stock = tuple(a if c == b else c for c in state.stock)
    return replace(state, hands=tuple(hands), stock=stock)


def test_the_rule_player_decides_from_its_view_alone() -> None:
    checked = 0
    for i in range(60):
        state: DvouState = DVOU.new_deal(_options(i), 2, i % 2, seed=i)
        rng = random.Random(i)
        while not state.is_over:
            (seat,) = state.to_act()
            legal = state.legal_actions(seat)
            if state.phase is not Phase.TRUMP:
                other = _hidden_swapped(state, seat)
                if other is not None:
                    assert other.view(seat) == state.view(seat)
                    mine = RULES.choose(state.view(seat), legal, seat, random.Random(0))
                    theirs = RULES.choose(
                        other.view(seat), other.legal_actions(seat), seat, random.Random(0)
                    )
                    assert mine == theirs
                    checked += 1
            action = RULES.choose(state.view(seat), legal, seat, rng)
            state, _ = DVOU.apply(state, seat, action)
    assert checked > 500


@pytest.mark.parametrize("rules", "ABC")
def test_the_fast_path_plays_as_apply(rules: str) -> None:
    options = DvouOptions(dvou_variant=rules)
    for seed in range(40):
        start = play_start(DVOU, options, seed)
        trace: list[int] = []
        result = dvou_playout(start, random.Random(seed), trace)
        state = start
        for c in trace:
            seat = state.to_move
            assert seat is not None
            state, _ = DVOU.apply(state, seat, Play(Card(c)))
        assert state.is_over
        active = state.active
        tricks = tuple(sum(1 for t in state.tricks if t.winner == s) for s in active)
        points = [0, 0]
        for t in state.tricks:
            points[active.index(t.winner)] += sum(10 for c in t.cards if (1 << c) & SHARP)
        last = active.index(state.tricks[-1].winner)
        points[last] += 10
        marriages = [0, 0]
        for m in state.marriages:
            marriages[active.index(m.seat)] += m.points
        assert result.tricks == tricks
        assert result.points == tuple(points)
        assert result.marriages == tuple(marriages)
        assert result.last_winner == last


def _decide(state: DvouState) -> str:
    (seat,) = state.to_act()
    return RULES.choose(state.view(seat), state.legal_actions(seat), seat, random.Random(0)).code


def test_trumps_from_the_longest_suit_of_the_first_four() -> None:
    state = scripted()  # the first four of M2: Qd 7d Ks 9c
    assert _decide(state) == "trumps:d"


def test_a_marriage_is_declared_and_led_while_the_stock_lasts() -> None:
    cards = {"0": M2_CARDS["1"], "1": M2_CARDS["0"], "stock": M2_CARDS["stock"]}
    state = scripted(cards, values={"auto_declare_marriages": False})
    state = run(state, [(0, "trumps:h"), (0, "extras:none"), (1, "extras:none"), (1, "pass")])
    assert state.phase is Phase.PLAY and state.to_move == 0
    assert _decide(state) == "hlas:Qc"


def test_an_ace_banks_itself_on_a_plain_lead_while_the_stock_lasts() -> None:
    state = scripted(values={"dvou_variant": "C"})
    state = run(state, [(0, "trumps:d"), (0, "extras:none"), (1, "extras:none"), (1, "pass")])
    state = run(state, [(0, "play:Ts"), (1, "play:7s")])  # A takes it; A draws Ac, B As
    assert state.hands[1] >> card("As") & 1
    state = run(state, [(0, "play:9s")])
    assert _decide(state) == "play:As"  # B takes the nine with the ace, not a trump
