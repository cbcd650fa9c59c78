"""Cenzr's computer players (issue 9, item 4): seeded self-play of 4, 5 and 6
players with the rule player and the random one mixed, the rule player's
decisions from its view alone, and the bench's fast path against ``apply``.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from games.cards import Card, card, mask_of
from games.cenzr.actions import Announce, Bela, Call, Pass, Play
from games.cenzr.state import CenzrState, Phase
from games.cenzr.variant import CENZR
from games.cli.bench import cenzr_playout
from games.engine import Action, Outcome
from games.players import make_player
from games.players.cenzr_rules import CenzrRulePlayer, remember, suit_value
from games.players.random_player import RandomPlayer
from tests.cenzr.helpers import act, from_hands

RULES = CenzrRulePlayer()
RANDOM = RandomPlayer()


def _check_outcome(state: CenzrState, outcome: Outcome) -> None:
    """The count's invariants (§5, §7 #3, #26-#29), read off the summary."""
    scores = outcome.scores
    assert len(scores) == state.seats
    assert all(scores[s] == 0 for s in range(state.seats) if s not in state.active)
    if not outcome.played:
        assert state.annulled and not any(scores)
        return
    s = outcome.summary
    assert sum(s["card_points"].values()) + 10 == 162
    assert sum(s["tricks"].values()) == 8
    declared = sum(s["declarations"]["points"].values())
    bela = 20 if s["bela"] and s["bela"]["counted"] else 0
    pero = 100 if s["pero"] == "C" else 0
    assert s["C"] + s["D"] == 162 + declared + bela + pero
    assert s["won"] == (s["C"] > s["D"])
    factor = 3 if s["samec"] else 4
    assert sum(scores) == factor * (s["C"] + s["D"])
    assert all(v >= 0 for v in scores)


def _self_play(seed: int, seats: int, rule_seats: set[int], **options: Any) -> tuple[
    CenzrState, list[tuple[int, Action]]
]:  # fmt: skip
    """One deal; the random seats get no view (they never look at one)."""
    state = CENZR.new_deal(CENZR.options(options), seats, seed % seats, seed=seed)
    rng = random.Random(seed)
    moves = []
    while not state.is_over:
        seat = min(CENZR.due(state))
        legal = state.legal_actions(seat)
        if seat in rule_seats:
            action = RULES.choose(state.view(seat), legal, seat, rng)
        else:
            action = RANDOM.choose(None, legal, seat, rng)
        assert action in legal
        moves.append((seat, action))
        state, _ = CENZR.apply(state, seat, action)
    return state, moves


def test_two_thousand_mixed_deals_over_four_five_and_six_players() -> None:
    """Item 4: at least 2,000 seeded deals, no exception, every count consistent.

    Each seat is the rule player with probability 0.3 (seeded), so deals hold
    one, two or more rule players beside random ones; a rule player always
    answers with one of the legal actions (checked in ``_self_play``).
    """
    master = random.Random(2026)
    seen = {"calls": 0, "rule_calls": 0, "samec": 0, "announce": 0, "rule_announce": 0}
    played = 0
    for number in range(2000):
        seats = 4 + number % 3
        rule_seats = {s for s in range(seats) if master.random() < 0.3}
        state, moves = _self_play(number, seats, rule_seats)
        outcome = state.outcome()
        _check_outcome(state, outcome)
        played += outcome.played
        for seat, action in moves:
            if isinstance(action, Call):
                seen["calls"] += 1
                seen["rule_calls"] += seat in rule_seats
            elif isinstance(action, Announce):
                seen["announce"] += 1
                seen["rule_announce"] += seat in rule_seats
        seen["samec"] += state.samec
    assert played > 1500
    assert seen["rule_calls"] > 100 and seen["rule_announce"] > 50 and seen["samec"] > 10


@pytest.mark.parametrize("seats", [4, 5, 6])
def test_rule_players_alone_finish_every_deal(seats: int) -> None:
    """All seats the rule player, under the house rules that add decisions
    (bela asked at the count, early announcements, team declarations)."""
    variants: list[dict[str, Any]] = [
        {},
        {"bela_mode": "prompt"},
        {"declare_timing": "own_turn_or_early", "declaration_scope": "team"},
        {"declaration_mode": "auto", "declaration_reveal": "full_after_trick1"},
    ]
    for number in range(40):
        options = variants[number % len(variants)]
        state, _moves = _self_play(number, seats, set(range(seats)), **options)
        _check_outcome(state, state.outcome())


def test_the_registry_names_the_rule_player() -> None:
    assert isinstance(make_player("rules", CENZR.id), CenzrRulePlayer)
    assert isinstance(make_player("rules-v1", CENZR.id), CenzrRulePlayer)
    assert isinstance(make_player("random", CENZR.id), RandomPlayer)


# --- the rule player sees only its view --------------------------------------


def _swap_hidden(state: CenzrState, seat: int, rng: random.Random) -> CenzrState | None:
    """The same deal with one unplayed card swapped between two other players."""
    others = [s for s in state.active if s != seat and state.hands[s]]
    if len(others) < 2:
        return None
    a, b = rng.sample(others, 2)
    ca = rng.choice([c for c in range(52) if state.hands[a] >> c & 1])
    cb = rng.choice([c for c in range(52) if state.hands[b] >> c & 1])
    hands = list(state.hands)
    hands[a] = hands[a] & ~(1 << ca) | 1 << cb
    hands[b] = hands[b] & ~(1 << cb) | 1 << ca
    swap = {ca: cb, cb: ca}
    packets = tuple(tuple(Card(swap.get(c, c)) for c in p) for p in state.packets)
    holder = state.holder
    if state.called is not None and state.called in swap:
        holder = b if state.called == ca else a
    return replace(state, hands=tuple(hands), packets=packets, holder=holder)


def test_the_rule_player_decides_from_the_view_alone() -> None:
    """Two deals that look the same from the seat get the same decision, however
    the other players' unseen cards lie (and the engine's view is all it gets)."""
    rng = random.Random(7)
    compared = 0
    for number in range(80):
        seats = 4 + number % 3
        state = CENZR.new_deal(CENZR.options(), seats, number % seats, seed=number)
        while not state.is_over:
            seat = min(CENZR.due(state))
            legal = state.legal_actions(seat)
            view = state.view(seat)
            choice = RULES.choose(view, legal, seat, random.Random(number))
            other = _swap_hidden(state, seat, rng)
            if other is not None and other.view(seat) == view:
                again = RULES.choose(other.view(seat), other.legal_actions(seat), seat,
                                     random.Random(number))  # fmt: skip
                assert again == choice
                compared += 1
            state, _ = CENZR.apply(state, seat, choice if rng.random() < 0.7 else
                                   legal[rng.randrange(len(legal))])  # fmt: skip
    assert compared > 500


def test_a_calling_view_shows_only_the_first_packet() -> None:
    state = CENZR.new_deal(CENZR.options(), 4, 3, seed=12)
    view = state.view(0)
    assert len(view.hand) == 4 and not view.hand_complete
    assert {card(c) for c in view.hand} == set(state.packets[0][:4])


# --- sensible decisions ----------------------------------------------------------


def _call_with(packet: str, call_at: int | None = None) -> Action:
    rest = [c for c in _deck() if c not in packet.split()]
    rows = {seat: " ".join(rest[(seat - 1) * 8 : seat * 8]) for seat in (1, 2, 3)}
    rows[0] = " ".join([*packet.split(), *rest[24:28]])
    state = from_hands(rows)
    player = CenzrRulePlayer() if call_at is None else CenzrRulePlayer(call_at)
    return player.choose(state.view(0), state.legal_actions(0), 0, random.Random(0))


def _deck() -> list[str]:
    return [r + s for s in "hdsc" for r in "789TJQKA"]


def _decide(state: CenzrState, seat: int) -> tuple[CenzrState, Action]:
    """The rule player's card for ``seat``, after any announcement it makes."""
    while True:
        choice = RULES.choose(state.view(seat), state.legal_actions(seat), seat, random.Random(0))
        if not isinstance(choice, Announce):
            return state, choice
        state, _ = CENZR.apply(state, seat, choice)


def test_calls_trumps_from_the_first_packet_and_the_best_trump_it_lacks() -> None:
    assert suit_value([card(c) for c in ["Jd", "9d", "Ah", "7s"]], 1) == 10 + 8 + 3
    assert _call_with("Jd Ad Ah 7s") == Call(card("9d"))  # the devítka: the best one lacking
    assert _call_with("9c Ac Tc As") == Call(card("Jc"))  # the spodek
    assert _call_with("7h 8d Ks Qc") == Pass()  # nothing to call with
    assert _call_with("Qd 8d Kh 7s") == Pass()  # two small trumps are not enough
    assert _call_with("Jh 9h Ah As") == Call(card("Jh"))  # samec: spodek, devítka and more
    assert _call_with("Jd Ad Ah 7s", call_at=30) == Pass()  # a stricter caller


_D8 = {
    0: "Kh Qh Jh Th 9d As Ks Qs",  # padesát do krále + darda do esa
    1: "Ah 8h Ts 9s 7s Kc Tc 9c",
    2: "7h Ad Kd Qd Jd Td Qc 8c",  # sto do esa; holds the called Qc
    3: "9h 8d 7d Js 8s Ac Jc 7c",
}


def _after_two_cards(rows: dict[int, str]) -> CenzrState:
    state = from_hands(rows)
    state, _ = act(state, 0, "call:Qc")
    assert RULES.choose(state.view(0), state.legal_actions(0), 0, random.Random(0)) == Announce()
    state, _ = act(state, 0, "announce")
    state, _ = act(state, 0, "play:9d")
    state, _ = act(state, 1, "play:9c")
    return state


def test_announces_unless_the_partner_claimed_the_same() -> None:
    """D8: the partner's sto is a higher quality than the chooser's padesát, so
    he announces; with a padesát of his own he would only risk cancelling his
    partner's (§3.5: partners cancel too), so he keeps quiet."""
    state = _after_two_cards(_D8)
    view = state.view(2)
    assert view.role == "partner" and view.may_announce
    assert RULES.choose(view, state.legal_actions(2), 2, random.Random(0)) == Announce()
    rows = {**_D8, 2: "7h Ad Kd Qd Jd 8d Qc 8c", 3: "9h Td 7d Js 8s Ac Jc 7c"}
    state = _after_two_cards(rows)
    view = state.view(2)
    assert view.may_announce and view.declarations[0]["kind"] == "padesat"
    assert isinstance(RULES.choose(view, state.legal_actions(2), 2, random.Random(0)), Play)


def test_smears_points_onto_a_known_partner_trick_that_holds() -> None:
    state = from_hands(
        {
            0: "Ah 7c 8c 9c 7d 8d 9d Td",
            1: "7h 8h 9h Kh Jd Qd Kd Ad",
            2: "Th Qh 7s 8s Js Jc Qc Kc",
            3: "Jh 9s Ts Qs Ks As Ac Tc",
        }
    )
    state, _ = act(state, 0, "call:Js")  # held by 2: trumps are spades
    state, _ = act(state, 0, "play:Ah")
    state, _ = act(state, 1, "play:7h")
    state, choice = _decide(state, 2)  # the partner knows the chooser; nobody tops the ace
    assert state.view(2).role == "partner"
    assert choice == Play(card("Th"))


def test_gives_no_points_to_a_trick_it_cannot_take() -> None:
    state = from_hands(
        {
            0: "Ah 7c 8c 9c 7d 8d 9d Td",
            1: "Th Kh 7h 8h Jd Qd Kd Ad",
            2: "9h Qh Jh Jc Qc Kc Ac Tc",
            3: "7s 8s 9s Ts Js Qs Ks As",
        }
    )
    state, _ = act(state, 0, "call:Js")  # 3 holds it: 1 and 2 defend
    state, _ = act(state, 0, "play:Ah")
    assert state.view(1).sides.same_side(1, 0) is False
    state, choice = _decide(state, 1)
    assert choice == Play(card("7h"))  # not the ten onto the chooser's ace


def test_wins_with_the_card_that_holds_and_gives_little_when_beaten() -> None:
    state = from_hands(
        {
            0: "Th 7c 8c 9c 7d 8d 9d Td",
            1: "7h 8h Kh Ah Jd Qd Kd Ad",
            2: "9h Qh Jh Jc Qc Kc Ac Tc",
            3: "7s 8s 9s Ts Js Qs Ks As",
        }
    )
    state, _ = act(state, 0, "call:Jc")  # 2 holds it: trumps are clubs
    state, _ = act(state, 0, "play:Th")
    state, choice = _decide(state, 1)
    assert choice == Play(card("Ah"))  # the only card that takes the ten
    state, _ = CENZR.apply(state, 1, choice)
    state, choice = _decide(state, 2)  # the partner of 0: cannot beat the ace, gives little
    assert choice == Play(card("9h"))


def test_remembers_voids_from_the_history() -> None:
    state = from_hands(
        {
            0: "Ah Kh Qh 7c 8c 9c 7d 8d",
            1: "Jd 9d Ad Td Kd Qd 7s 8s",
            2: "Th 9h 8h 7h Jh 9s Ts Js",
            3: "Qs Ks As Jc Qc Kc Ac Tc",
        }
    )
    state, _ = act(state, 0, "call:Jc")
    for seat, code in ((0, "play:Ah"), (1, "play:Jd"), (2, "play:7h"), (3, "play:Tc")):
        state, _ = act(state, seat, code)
    memory = remember(state.view(0).public)
    assert memory.voids[1] == {0, 3}  # no hearts, and no trumps either: he did not trump
    assert memory.voids[3] == {0}  # no hearts; he trumped
    assert memory.voids[2] == set()
    assert memory.gone == mask_of(card(c) for c in ("Ah", "Jd", "7h", "Tc"))


def test_bela_at_the_count_records_more_for_itself() -> None:
    asked = 0
    for number in range(300):
        state = CENZR.new_deal(CENZR.options({"bela_mode": "prompt"}), 4, number % 4, seed=number)
        rng = random.Random(number)
        while not state.is_over:
            seat = min(CENZR.due(state))
            legal = state.legal_actions(seat)
            view = state.view(seat)
            choice = RULES.choose(view, legal, seat, rng)
            if state.phase is Phase.BELA:
                assert view.bela_choice is not None
                mine = {k: v["recorded"][str(seat)] for k, v in view.bela_choice.items()}
                assert isinstance(choice, Bela)
                assert mine["yes" if choice.count else "no"] == max(mine.values())
                asked += 1
            state, _ = CENZR.apply(state, seat, choice)
        if asked >= 8:
            break
    assert asked >= 8


# --- the bench's fast path plays the real rules ---------------------------------------


@pytest.mark.parametrize("seed", range(60))
def test_the_fast_playout_replays_through_apply(seed: int) -> None:
    seats = 4 + seed % 3
    state = CENZR.new_deal(CENZR.options(), seats, seed % seats, seed=seed)
    rng = random.Random(seed)
    caller = state.active[0]
    state, _ = CENZR.apply(state, caller, Call(card(_deck()[rng.randrange(32)])))
    if seed % 4 == 1:  # from the middle of a deal, too
        for _ in range(rng.randrange(1, 20)):
            seat = state.to_move
            assert seat is not None
            plays = [a for a in state.legal_actions(seat) if isinstance(a, Play)]
            state, _ = CENZR.apply(state, seat, plays[rng.randrange(len(plays))])
    trace: list[int] = []
    result = cenzr_playout(state, random.Random(seed), trace)
    for c in trace:
        seat = state.to_move
        assert seat is not None and state.phase is Phase.PLAY
        state, _ = CENZR.apply(state, seat, Play(Card(c)))  # refused if illegal
    assert state.is_over
    summary = state.outcome().summary
    last = summary["last_trick"]
    assert result.last == last
    assert result.tricks == {s: summary["tricks"][str(s)] for s in state.active}
    assert result.points == {
        s: summary["card_points"][str(s)] + (10 if s == last else 0) for s in state.active
    }


def test_the_fast_playout_needs_a_called_deal() -> None:
    state = CENZR.new_deal(CENZR.options(), 4, 0, seed=1)
    with pytest.raises(ValueError, match="play phase"):
        cenzr_playout(state, random.Random(1))
