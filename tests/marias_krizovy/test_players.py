"""Křížový's computer players (issue 12, item 4) and its fast path (item 5).

A seeded self-play of 2,000 deals at four and five seats, rule-of-thumb and
random-legal players mixed, runs with cheap invariants checked at the end of
every deal; the rule player answers only with legal actions and decides from
its own view alone: moving hidden cards between other hands, the called card
included before it is played, never changes its decision. The fast path of
``python -m games bench marias-krizovy`` replays through ``apply`` to the same
tricks, points and marriages.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from typing import Any

import pytest

from games.cards import Card, card, cards_of
from games.cli.krizovy_fast import krizovy_playout, play_start
from games.engine import Seat
from games.marias.rules import SHARP
from games.marias_krizovy.actions import Play
from games.marias_krizovy.legality import honer_card, legal_cards
from games.marias_krizovy.scoring import sides_for
from games.marias_krizovy.state import KrizovyState, Phase
from games.marias_krizovy.variant import KRIZOVY
from games.players import make_player
from games.players.krizovy_rules import KrizovyRulePlayer
from games.sides import DECLARER_SIDE
from tests.marias_krizovy.helpers import run, scripted

OPTION_SETS: tuple[dict[str, Any], ...] = (
    {},
    {},
    {"unfleked_simple_game": "play", "betl_durch_first_lead": "forhond"},
    {"allow_impossible_stovka": False, "krizovy_call_king_requires_stovka": True},
    {"end_betl_durch_early": False, "max_flek_level": 2, "hearts_double": False},
    {"must_trump_when_cannot_overtrump": False, "pause_rotation": "rotate_independently"},
)


def _self_play(seed: int) -> tuple[KrizovyState, dict[Seat, str]]:
    options = KRIZOVY.options(OPTION_SETS[seed % len(OPTION_SETS)])
    seats = 4 + seed % 2
    rng = random.Random(seed)
    kinds = {s: ("rules" if rng.random() < 0.6 else "random") for s in range(seats)}
    players = {s: make_player(kinds[s], KRIZOVY.id) for s in range(seats)}
    setup: dict[str, Any] = {"dealer": seed % seats}
    if seed % 11 == 0:
        setup["red_round"] = True
    state = KRIZOVY.new_deal(options, seats, setup, seed=seed)
    while not state.is_over:
        (seat,) = KRIZOVY.due(state)
        legal = state.legal_actions(seat)
        action = players[seat].choose(state.view(seat), legal, seat, rng)
        assert action in legal
        if state.phase is Phase.PLAY and isinstance(action, Play):
            assert legal_cards(state, seat) >> action.card & 1
        state, _ = KRIZOVY.apply(state, seat, action)
    return state, kinds


def test_two_thousand_mixed_deals_at_four_and_five_seats() -> None:
    ends: Counter[str] = Counter()
    kinds_played: Counter[str] = Counter()
    rule_choosers = 0
    for seed in range(2000):
        state, kinds = _self_play(seed)
        assert state.is_over and not state.to_act() and state.sides.revealed
        outcome = state.outcome()
        assert sum(outcome.scores) == 0
        for seat in range(state.seats):
            if seat not in state.active:
                assert outcome.scores[seat] == 0  # the seat out of a table of five
        ends[str(state.end)] += 1
        kinds_played[state.kind] += 1
        if state.end in ("played", "early"):
            assert all(len(t.cards) == 4 for t in state.tricks)
            if state.end == "played":
                assert len(state.tricks) == 8
                assert sum(state.hands[s].bit_count() for s in state.active) == 0
        if state.kind == "hra":
            assert state.called is not None
            holder = state.partner
            assert holder is None or holder in state.active
        rule_choosers += kinds[state.forhond] == "rules"
    # random players overcall often (every card they lack is a "durch s …")
    assert ends["played"] > 500 and ends["thrown_in"] > 100 and ends["early"] > 300
    assert kinds_played["hra"] > 200 and kinds_played["betl"] > 100 and kinds_played["chytry"]
    assert rule_choosers > 500


def _hidden_swaps(state: KrizovyState, seat: Seat, rng: random.Random) -> KrizovyState:
    """The same deal for ``seat`` with the other hands' cards shuffled between them
    (sizes kept). Cards the seat knows to be placed stay: an announced honer in its
    announcer's hand, F's trump card, and the called card once the sides are
    revealed. While they are not, the called card moves too, and the partnership
    with it (``sides_for`` on its new holder)."""
    others = [s for s in state.active if s != seat]
    fixed: set[Card] = set()
    if state.trump is not None:
        fixed |= {honer_card(state.trump, h.value) for h in state.honers}
    if state.trump_card is not None:
        fixed.add(state.trump_card)
    secret = state.sides.revealed is False and state.kind == "hra" and state.called is not None
    if state.called is not None and not secret:
        fixed.add(state.called)
    if state.phase is Phase.CHOOSE:  # F's unseen four are his own, the rest not yet seen
        fixed |= set(state.dealt[0])
    pool = [c for s in others for c in cards_of(state.hands[s]) if c not in fixed]
    rng.shuffle(pool)
    hands = list(state.hands)
    start = 0
    for s in others:
        keep = [c for c in cards_of(state.hands[s]) if c in fixed]
        size = state.hands[s].bit_count() - len(keep)
        hands[s] = sum(1 << c for c in [*keep, *pool[start : start + size]])
        start += size
    new = replace(state, hands=tuple(hands))
    if secret and state.phase is not Phase.ANNOUNCE and state.partner is not None:
        assert state.called is not None
        holder = new.seat_holding(state.called)
        if holder is not None and holder != state.partner:
            partner = None if holder == state.declarer else holder
            sides = sides_for(state.active, state.declarer, partner, public=False)
            new = replace(new, partner=holder, sides=sides)
    return new


def test_the_rule_player_decides_from_its_view_alone() -> None:
    player = KrizovyRulePlayer()
    checked = moved = 0
    for seed in range(160):
        rng = random.Random(seed)
        seats = 4 + seed % 2
        options = KRIZOVY.options({"unfleked_simple_game": "play"} if seed % 4 else {})
        state = KRIZOVY.new_deal(options, seats, seed % seats, seed=seed)
        while not state.is_over:
            (seat,) = KRIZOVY.due(state)
            legal = state.legal_actions(seat)
            action = player.choose(state.view(seat), legal, seat, random.Random(seed))
            other = _hidden_swaps(state, seat, rng)
            moved += other.partner != state.partner
            assert other.view(seat) == state.view(seat)
            if state.phase is Phase.PLAY:
                assert other.legal_actions(seat) == legal  # its own cards decide what is legal
            again = player.choose(other.view(seat), legal, seat, random.Random(seed))
            assert again == action
            checked += 1
            state, _ = KRIZOVY.apply(state, seat, action)
    assert checked > 3000 and moved > 100, (checked, moved)


HANDS: dict[Seat, list[str]] = {
    # dealer 3: F = 0 (first four Kc 8c Ah 7d), partner = the holder of Ac (seat 2)
    0: ["Kc", "8c", "Ah", "7d", "Tc", "9c", "Ad", "As"],
    1: ["Th", "Kh", "Qh", "Jh", "9h", "8h", "7h", "Td"],
    2: ["Ac", "Qc", "Kd", "Qd", "Jd", "9d", "8d", "Jc"],
    3: ["7c", "Ts", "Ks", "Qs", "Js", "9s", "8s", "7s"],
}


def _complete(fixed: dict[Seat, list[str]]) -> dict[Seat, list[str]]:
    """Four hands: the given ones, the rest of the deck dealt to the others in order."""
    used = {c for h in fixed.values() for c in h}
    rest = [c for s in "hdsc" for c in (r + s for r in "789TJQKA") if c not in used]
    hands = dict(fixed)
    for seat in range(4):
        if seat not in hands:
            hands[seat], rest = rest[:8], rest[8:]
    return hands


def _decide(state: KrizovyState, seat: Seat | None = None) -> str:
    player = KrizovyRulePlayer()
    seat = state.to_move if seat is None else seat
    assert seat is not None
    return player.choose(state.view(seat), state.legal_actions(seat), seat, random.Random(1)).code


def test_f_chooses_from_his_first_four_and_calls_the_best_trump_he_lacks() -> None:
    state = scripted(HANDS)
    assert _decide(state) == "volba:8c,Ac"  # two acorns: the lowest laid, the ace called
    weak = _complete({0: ["8c", "9h", "Jd", "7s", "Ac", "Th", "Ad", "As"]})
    assert _decide(scripted(weak)).startswith("lid:")  # no pair, no ace or ten: z lidu
    red = scripted(HANDS, red=True)
    assert _decide(red) == "cerv:Th"  # the red round: the best heart he lacks


def test_the_partner_shows_himself_and_a_honer_goes_with_trumps() -> None:
    state = scripted(HANDS)
    state, _ = run(state, [(0, "volba:8c,Ac")])
    assert _decide(state) == "ext:none"  # four acorns with the king only: nothing more
    state, _ = run(state, [(0, "ext:none"), (1, "dobra"), (2, "dobra"), (3, "dobra"),
                           (0, "dobra")])  # fmt: skip
    assert state.phase is Phase.FLEK
    # the called partner knows his side, the others do not
    assert state.view(2)["sides"]["unknown"] == []
    assert state.view(1)["sides"]["unknown"] == [2, 3]
    assert state.view(0)["sides"]["unknown"] == [1, 2, 3]  # F does not know him either


def test_overcalls_only_with_fitting_shapes() -> None:
    # seat 1 holds a durch: hearts and bells from the ace down to the spodek
    durch = {
        0: ["8c", "9h", "7s", "Tc", "Ac", "Th", "8s", "As"],
        1: ["Ah", "Kh", "Qh", "Jh", "Ad", "Kd", "Qd", "Jd"],
        2: ["7c", "9c", "Jc", "Qc", "Td", "9d", "8d", "7h"],
        3: ["7d", "Ts", "Ks", "Qs", "Js", "9s", "8h", "Kc"],
    }
    state = scripted(durch)
    state, _ = run(state, [(0, "volba:8c,Kc"), (0, "ext:none")])
    assert state.to_move == 1 and _decide(state) == "game:durch"
    after, _ = run(state, [(1, "game:durch")])
    assert after.to_move == 2 and _decide(after) == "dobra"  # nothing above a durch


def test_the_called_partner_does_not_flek_his_own_game() -> None:
    hands = {
        0: ["Kc", "8c", "Ah", "7d", "Qc", "9h", "Ad", "As"],
        1: ["Ac", "Tc", "9c", "7c", "Th", "Ts", "Td", "Kh"],
        2: ["Jc", "Qh", "Kd", "Qd", "Jd", "9d", "8d", "8h"],
        3: ["7h", "Jh", "Ks", "Qs", "Js", "9s", "8s", "7s"],
    }
    state = scripted(hands)
    state, _ = run(state, [(0, "volba:8c,Ac"), (0, "ext:none"), (1, "dobra"), (2, "dobra"),
                           (3, "dobra"), (0, "dobra")])  # fmt: skip
    assert state.phase is Phase.FLEK and state.to_move == 1
    # seat 1 holds the called Ac: he is F's partner and does not flek his own game
    assert state.sides.role_of(1) == DECLARER_SIDE
    assert _decide(state) == "pass"


@pytest.mark.parametrize("seed", range(40))
def test_the_fast_path_replays_through_apply(seed: int) -> None:
    options = KRIZOVY.options(OPTION_SETS[seed % len(OPTION_SETS)])
    start = play_start(KRIZOVY, options, seed)
    if start is None:
        return
    trace: list[int] = []
    result = krizovy_playout(start, random.Random(seed), trace)
    state = start
    for c in trace:
        seat = state.to_move
        assert seat is not None
        assert legal_cards(state, seat) >> c & 1
        state = KRIZOVY.apply(state, seat, Play(Card(c)))[0]
    assert state.is_over and len(state.tricks) == result.played
    active = state.active
    tricks = [sum(1 for t in state.tricks if t.winner == s) for s in active]
    points = [0, 0, 0, 0]
    for t in state.tricks:
        points[active.index(t.winner)] += 10 * sum(1 for x in t.cards if (1 << x) & SHARP)
    if len(state.tricks) == 8:
        points[active.index(state.tricks[-1].winner)] += 10
    marriages = [0, 0, 0, 0]
    for m in state.marriages:
        marriages[active.index(m.seat)] += m.points
    assert list(result.tricks) == tricks
    assert list(result.points) == points
    assert list(result.marriages) == marriages


def test_the_fast_path_keeps_the_honer_duty() -> None:
    """Announced honers at the start of play: the playout's cards stay legal."""
    found = 0
    for seed in range(200):
        start = play_start(KRIZOVY, KRIZOVY.options(), seed)
        if start is None or not start.honers:
            continue
        found += 1
        trace: list[int] = []
        krizovy_playout(start, random.Random(seed), trace)
        state = start
        for c in trace:
            seat = state.to_move
            assert seat is not None
            assert legal_cards(state, seat) >> c & 1
            state = KRIZOVY.apply(state, seat, Play(Card(c)))[0]
    assert found > 20


def test_moving_the_called_card_between_two_other_seats_keeps_the_decision() -> None:
    """Before the called card falls, a defender (and F) cannot tell who holds it."""
    state = scripted(HANDS, values={"unfleked_simple_game": "play"})
    state, _ = run(state, [(0, "volba:8c,Ac"), (0, "ext:none"), (1, "dobra"), (2, "dobra"),
                           (3, "dobra"), (0, "dobra"), (1, "pass"), (2, "pass"), (3, "pass"),
                           (0, "pass"), (0, "play:Ah")])  # fmt: skip
    assert state.phase is Phase.PLAY and state.partner == 2 and not state.sides.revealed
    ace, seven = card("Ac"), card("7c")
    hands = list(state.hands)
    hands[2] = hands[2] & ~(1 << ace) | 1 << seven
    hands[3] = hands[3] & ~(1 << seven) | 1 << ace
    moved = replace(
        state,
        hands=tuple(hands),
        partner=3,
        sides=sides_for(state.active, 0, 3, public=False),
    )
    for seat in (1, 0):
        assert moved.view(seat) == state.view(seat)
    assert state.to_move == 1
    assert _decide(moved, 1) == _decide(state, 1)
    later, _ = run(state, [(1, _decide(state, 1))])
    later_moved, _ = run(moved, [(1, _decide(moved, 1))])
    assert later.to_move == 2 and later_moved.to_move == 2
    assert later_moved.view(0) == later.view(0)
