"""cenzr.md §7 invariants as properties over seeded random deals.

Random players (a call or a pass while calling, any legal move after, early
announcers included where the options allow) play whole deals under the
default options and under option mixes drawn from ``CenzrOptions.choices``;
every state of every deal is checked.
"""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.cards import Card, card_code, cards_of
from games.cenzr.deal import restore
from games.cenzr.options import CenzrOptions
from games.cenzr.rules import mask_points, trick_rules
from games.cenzr.state import CenzrState, Phase
from games.cenzr.variant import CENZR
from games.engine import Event
from tests.cenzr.helpers import random_deal

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _mix(draw: random.Random) -> dict[str, Any]:
    return {name: draw.choice(values) for name, values in sorted(CenzrOptions.choices().items())}


options_st = st.one_of(st.just({}), st.integers(0, 10**6).map(lambda k: _mix(random.Random(k))))


def _all_cards(state: CenzrState) -> list[str]:
    held = [card_code(c) for s in range(state.seats) for c in cards_of(state.hands[s])]
    table = [card_code(c) for c in state.trick_cards]
    taken = [card_code(c) for t in state.tricks for c in t.cards]
    return held + table + taken


def _check_conservation(states: list[CenzrState]) -> None:
    """§7 #1, #3: every dealt card in exactly one place at every step."""
    dealt = sorted(c for cs in CENZR.dealt_cards(states[0]).values() for c in cs)
    assert len(dealt) == 32
    for state in states:
        assert sorted(_all_cards(state)) == dealt
        for s in range(state.seats):
            if s not in state.active:
                assert state.hands[s] == 0


def _spec_legal(hand: set[Card], table: list[Card], trump: int) -> set[Card]:
    """§2.2's pseudo-code, written out independently of the trick kit."""
    if not table:
        return hand
    same = {c for c in hand if c // 13 == table[0] // 13}
    if same:
        return same
    trumps = {c for c in hand if c // 13 == trump}
    return trumps or hand


_TRUMP_ORDER = "J9ATKQ87"
_PLAIN_ORDER = "ATKQJ987"


def _spec_winner(trick: tuple[Card, ...], trump: int) -> int:
    """§2.3: the highest trump, else the highest card of the led suit."""
    trumps = [i for i, c in enumerate(trick) if c // 13 == trump]
    if trumps:
        return min(trumps, key=lambda i: _TRUMP_ORDER.index(card_code(trick[i])[0]))
    led = [i for i, c in enumerate(trick) if c // 13 == trick[0] // 13]
    return min(led, key=lambda i: _PLAIN_ORDER.index(card_code(trick[i])[0]))


def _check_play(state: CenzrState) -> None:
    """§7 #4-#8: every card followed §2.2, the §2.3 winner took each trick and
    led the next; A[0] led the first."""
    assert state.trump is not None
    rules = trick_rules(state.trump)
    hands = {s: set(state.start_hand(s)) for s in state.active}
    leader = state.active[0]
    for trick in state.tricks:
        assert trick.seats[0] == leader and set(trick.seats) == set(state.active)
        for i, (seat, c) in enumerate(zip(trick.seats, trick.cards, strict=True)):
            assert c in _spec_legal(hands[seat], list(trick.cards[:i]), state.trump)
            hands[seat].discard(c)
        assert trick.winner == trick.seats[_spec_winner(trick.cards, state.trump)]
        assert trick.winner == trick.seats[rules.winner(trick.cards)]
        leader = trick.winner
    piles = sum(mask_points(sum(1 << c for c in t.cards), state.trump) for t in state.tricks)
    assert piles == 152


def _check_count(state: CenzrState, values: dict[str, Any]) -> None:
    """§7 #26-#32: the count and the record of a played deal."""
    outcome = state.outcome()
    s = outcome.summary
    opts = CenzrOptions.from_dict(values)
    assert outcome.played
    for seat in range(state.seats):
        if seat not in state.active:
            assert outcome.scores[seat] == 0  # §7 #9
    v = sum(s["declarations"]["points"].values())
    b = 20 if s["bela"] and s["bela"]["counted"] else 0
    if opts.declaration_scope == "player":
        assert v <= 300  # §7 #25 (brute-force bound of one hand)
    side = opts.pero_bonus_scope == "side_total"
    p = opts.pero_bonus if s["pero"] and side else 0
    assert s["C"] + s["D"] == 162 + v + b + p  # §7 #28
    assert s["won"] == (s["C"] > s["D"])  # §7 #26
    d_tricks = sum(s["tricks"][str(x)] for x in s["defending_side"])
    c_tricks = 8 - d_tricks
    assert (s["pero"] == "C") == (d_tricks == 0)  # §7 #29
    if s["pero"] == "D":
        assert opts.pero_both_sides and c_tricks == 0  # §7 #32
    if s["pero"] == "C" and side and opts.declaration_scope == "player":
        assert s["won"]  # péro always wins in the default reading
    if s["bela"] and opts.bela_mode == "auto_optimal":  # §7 #31
        holder = s["bela"]["holder"]
        if holder in s["defending_side"]:
            assert s["bela"]["counted"]
        else:
            assert s["bela"]["counted"] == (s["C0"] + 20 > s["D0"])
    if side and opts.defender_points_basis == "side":  # §7 #27
        factor = 3 if s["samec"] else 4
        assert sum(outcome.scores) == factor * (s["C"] + s["D"])
    scoring = {entry["seat"] for entry in s["declarations"]["valid"]}
    if opts.declaration_scope == "player":
        assert len(scoring) <= 1  # §7 #23
    else:  # one side scores all its members' announced declarations
        assert scoring <= set(s["choosing_side"]) or scoring <= set(s["defending_side"])


def _check_secrecy(states: list[CenzrState], log: list[tuple[Event, ...]]) -> None:
    """§7 #15: before the called card falls, no view but the holder's and no
    event for another seat tells who holds it or whether it is a samec."""
    for state, events in zip(states[1:], log, strict=True):
        if state.holder is None:
            continue
        before = not state.revealed or any(e.kind == "partner_revealed" for e in events)
        for event in events:
            if event.kind in ("partner_revealed", "deal_over"):
                continue
            if event.kind == "secret_role":
                assert event.visible_to == frozenset((state.holder,))
            elif before:
                assert "partner" not in event.data and "samec" not in event.data
        if state.revealed:
            continue
        public = state.public_view()
        assert public.partner is None and public.samec is None and public.side_points is None
        assert public.sides.members("C") == {state.chooser}
        for seat in range(state.seats):
            view = state.view(seat)
            if seat == state.holder:
                assert view.role == ("samec" if state.samec else "partner")
                assert view.sides.complete
            else:
                assert view.role is None
                assert view.sides.members("C") == {state.chooser}
                assert not view.sides.complete


@SETTINGS
@given(st.integers(0, 10**9), st.integers(4, 6), options_st)
def test_random_deals_keep_every_invariant(seed: int, seats: int, values: dict[str, Any]) -> None:
    states, log, _moves = random_deal(seed, seats, **values)
    assert len(states) < 200  # every deal finishes
    final = states[-1]
    assert final.is_over and final.to_act() == frozenset()
    _check_conservation(states)
    _check_secrecy(states, log)
    if final.annulled:
        assert final.outcome().scores == (0,) * seats and not final.outcome().played
        assert len(final.passes) == 4
        return
    _check_play(final)
    _check_count(final, values)


@SETTINGS
@given(st.integers(0, 10**9), st.integers(4, 6))
def test_a_third_seat_cannot_tell_which_other_seat_holds_the_called_card(
    seed: int, seats: int
) -> None:
    """§4.6: two deals that differ only in which of two players holds the called
    card look the same to the chooser and to the fourth player."""
    rng = random.Random(seed)
    base = CENZR.new_deal(CENZR.options(), seats, rng.randrange(seats), seed=seed)
    chooser, *others = base.active
    holder, other = rng.sample(others, 2)
    viewer = next(s for s in others if s not in (holder, other))
    cards = CENZR.dealt_cards(base)
    i = rng.randrange(8)
    called = cards[str(holder)][i]
    swapped = dict(cards)
    swapped[str(holder)] = [*cards[str(holder)]]
    swapped[str(other)] = [*cards[str(other)]]
    swapped[str(holder)][i], swapped[str(other)][i] = cards[str(other)][i], called
    first = CENZR.new_deal(CENZR.options(), seats, base.dealer, cards=cards)
    second = CENZR.new_deal(CENZR.options(), seats, base.dealer, cards=swapped)
    action = CENZR.parse_action(f"call:{called}")
    one, events_one = CENZR.apply(first, chooser, action)
    two, events_two = CENZR.apply(second, chooser, action)
    assert one.holder == holder and two.holder == other
    for seat in (chooser, viewer):
        assert one.view(seat) == two.view(seat)
        assert [e for e in events_one if e.visible_for(seat)] == [
            e for e in events_two if e.visible_for(seat)
        ]
    assert one.public_view() == two.public_view()


@SETTINGS
@given(st.integers(0, 10**9), st.integers(4, 6), options_st)
def test_a_deal_replays_from_its_seed_and_from_its_cards(
    seed: int, seats: int, values: dict[str, Any]
) -> None:
    states, log, codes = random_deal(seed, seats, **values)
    first = states[0]
    opts = CENZR.options(values)
    for again in (
        CENZR.new_deal(opts, seats, first.dealer, seed=seed),
        CENZR.new_deal(opts, seats, first.dealer, cards=CENZR.dealt_cards(first)),
    ):
        for seat, code in codes:
            again, _ = CENZR.apply(again, seat, CENZR.parse_action(code))
        assert again.outcome() == states[-1].outcome()
        assert again.public_view() == states[-1].public_view()
        assert all(again.view(s) == states[-1].view(s) for s in range(seats))
    again = CENZR.new_deal(opts, seats, first.dealer, seed=seed)
    replayed = []
    for seat, code in codes:
        again, events = CENZR.apply(again, seat, CENZR.parse_action(code))
        replayed.append(events)
    assert again == states[-1] and replayed == log


def test_default_self_play_always_finishes() -> None:
    """Seeded self-play: 300 deals per table size end, with both outcomes seen."""
    played = annulled = 0
    for seats in (4, 5, 6):
        for seed in range(100):
            states, _log, _moves = random_deal(seed, seats, pass_rate=0.7)
            final = states[-1]
            assert final.is_over
            if final.annulled:
                annulled += 1
            else:
                played += 1
                assert final.phase is Phase.OVER and len(final.tricks) == 8
    assert played and annulled


@SETTINGS
@given(st.integers(0, 10**9), st.integers(4, 6), options_st)
def test_every_state_round_trips_through_its_json_snapshot(
    seed: int, seats: int, values: dict[str, Any]
) -> None:
    states, _log, _moves = random_deal(seed, seats, **values)
    for state in states:
        data = state.to_dict()
        assert restore(json.loads(json.dumps(data))) == state


@SETTINGS
@given(st.integers(0, 10**9), st.integers(4, 6))
def test_states_are_hashable_frozen_data(seed: int, seats: int) -> None:
    states, _log, _moves = random_deal(seed, seats)
    assert len({hash(s) for s in states}) >= 1
