"""The Tisíc samples read the bids: a seat that bid ``n`` is dealt, in the
auction's ten cards, a hand the rule player would raise to ``n`` with, and a
seat that passed one it would have passed with; softly, by bounded rejection,
with a fallback that always returns a sample consistent with the view."""

from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import combinations
from typing import cast

from games.cards import card, cards_of, mask_of
from games.players.tisic_rules import TisicRulePlayer, rule_contract, rule_reach
from games.tisic.actions import Contract
from games.tisic.determinize import (
    BidModel,
    World,
    bid_bounds,
    consistent,
    played_by,
    raised,
    sample_world,
)
from games.tisic.game import TisicGame
from games.tisic.state import TisicState
from games.tisic.variant import TISIC
from games.tisic.views import PlayerView
from tests.tisic.helpers import deal, roles, script

RULES = TisicRulePlayer()
R = roles()
LOW = "7h 8h 9h 7d 8d 9d 7s 8s 9s 7c"
"""P1's hand in the scripted positions: nothing of worth, so the high cards
are the others' to hold and a high bid can be dealt."""


def sample(view: PlayerView, rng: random.Random, bids: BidModel | None = rule_reach) -> World:
    """The sampler as the strong player calls it: reading the bids by rule_reach."""
    return sample_world(view, rng, bids)


def _view(state: TisicState, seat: int) -> PlayerView:
    view = state.view(seat)
    assert isinstance(view, PlayerView)
    return view


def _assert_consistent(state: TisicState, seat: int, world: World) -> None:
    """The sample keeps the view: the seat's hand, every hand's size, the history."""
    view = _view(state, seat)
    assert world.exact
    assert world.hands[seat] == state.hands[seat]
    assert {s: h.bit_count() for s, h in world.hands.items()} == {
        s: state.hands[s].bit_count() for s in state.active
    }
    assert consistent(view, world.hands)


def _twelve_best(twelve: int) -> int:
    """The highest reach of ten of these twelve (the declarer's, talon unknown)."""
    cards = list(cards_of(twelve))
    return max(rule_reach(twelve & ~(1 << a) & ~(1 << b)) for a, b in combinations(cards, 2))


def test_the_bounds_read_each_seats_words() -> None:
    """A bid bounds the reach from below, a pass from above at the least raise
    then (the obligation's 50 plus ten before any bid); P1 said nothing."""
    state = script(deal(), "P2 bid:60", "P3 bid:80", "P1 bid:90", "P2 pass", "P3 bid:100")
    assert bid_bounds(_view(state, R["P1"])) == {
        R["P1"]: (90, None),
        R["P2"]: (60, 100),
        R["P3"]: (100, None),
    }
    assert bid_bounds(_view(script(deal(), "P2 pass", "P3 pass"), R["P1"])) == {
        R["P2"]: (None, 60),
        R["P3"]: (None, 60),
    }


def test_a_bid_of_140_is_dealt_a_hand_worth_it() -> None:
    """P2 bid 140, P3 passed: nearly every sample of P1 gives P2 a hand the rule
    player raises to 140 with and P3 one it passes with at 150; without the
    bids few samples do, so the reading is what makes them."""
    state = script(deal(p1=LOW), "P2 bid:140", "P3 pass")
    view = _view(state, R["P1"])
    rng = random.Random(3)
    fitted = plain = 0
    for _ in range(200):
        world = sample(view, rng)
        _assert_consistent(state, R["P1"], world)
        if world.fits:
            fitted += 1
            assert rule_reach(world.hands[R["P2"]]) >= 140
            assert rule_reach(world.hands[R["P3"]]) < 150
        unread = sample(view, rng, None)
        assert unread.fits
        plain += rule_reach(unread.hands[R["P2"]]) >= 140
    assert fitted >= 196
    assert plain < 70  # about one sample in five, with P1 holding nothing


def test_the_declarers_bid_is_read_after_the_talon() -> None:
    """After the auction the declarer's hand that bid is his twelve (in hand, with
    the talon phase's twelve, or in hand and laid away) less the two talon cards:
    some ten of them reach the bid in every sample that fits."""
    state = script(deal(p1=LOW), "P2 bid:140", "P3 pass", "P1 pass")
    declarer = R["P2"]
    rng = random.Random(4)
    for phase in ("talon", "contract"):
        if phase == "contract":
            view = _view(state, declarer)
            action = RULES.choose(view, state.legal_actions(declarer), declarer, rng)
            state = cast(TisicState, TISIC.apply(state, declarer, action)[0])
        assert _view(state, R["P1"]).public.phase == phase
        fitted = 0
        for _ in range(60):
            world = sample(_view(state, R["P1"]), rng)
            _assert_consistent(state, R["P1"], world)
            if world.fits:
                fitted += 1
                assert _twelve_best(world.hands[declarer] | world.discards) >= 140
        assert fitted >= 57


def test_the_fallback_never_fails() -> None:
    """A bid no hand reaches (400: the rule player never gets there) and a model
    that no hand fits: the sample is still consistent with the view, marked as
    not fitting, in the auction and in the play alike."""
    state = script(deal(p1=LOW), "P2 bid:400")
    world = sample(_view(state, R["P3"]), random.Random(5))
    _assert_consistent(state, R["P3"], world)
    assert not world.fits and world.talon.bit_count() == 2
    rng = random.Random(6)
    phases: set[str] = set()
    for n, (state, seat) in enumerate(_positions(6, seed=40)):
        read = [b for s, b in bid_bounds(_view(state, seat)).items() if s != seat]
        if n % 4 or not read:
            continue
        wrong = (
            -1000 if any(low is not None for low, _ in read) else 1000
        )  # below a bid, above a pass
        world = sample(_view(state, seat), rng, lambda _hand, wrong=wrong: wrong)
        _assert_consistent(state, seat, world)
        assert not world.fits
        phases.add(_view(state, seat).public.phase)
    assert phases >= {"auction", "play"}


def _positions(deals: int, seed: int = 0) -> Iterator[tuple[TisicState, int]]:
    """Every position of seeded deals played by the rule player, all phases."""
    for number in range(deals):
        rng = random.Random(seed + number)
        state = cast(
            TisicGame, TISIC.new_deal(TISIC.options({}), 3, number % 3, seed=seed + number)
        )
        while not state.is_over:
            seat = min(TISIC.due(state))
            yield state, seat
            action = RULES.choose(state.view(seat), state.legal_actions(seat), seat, rng)
            state = cast(TisicGame, TISIC.apply(state, seat, action)[0])


def test_rule_played_deals_fit_their_bids() -> None:
    """Where the rule player bid, its true hand fits what its words say (the model
    is its own), and the samples of every phase fit nearly always and keep the
    view; a hand it bid with is in the sample's hand now plus its plays."""
    rng = random.Random(7)
    samples = fitted = bounded = 0
    for state, seat in _positions(30, seed=60):
        view = _view(state, seat)
        bounds = bid_bounds(view)
        for s, (low, high) in bounds.items():
            reach = rule_reach(sum(1 << c for c in state.dealt[state.active.index(s)]))
            assert (low is None or reach >= low) and (high is None or reach < high)
        world = sample(view, rng)
        _assert_consistent(state, seat, world)
        samples += 1
        fitted += world.fits
        if world.fits and state.declarer is not None:
            played = played_by(view)
            for s, (low, high) in bounds.items():
                if s in (seat, state.declarer):
                    continue
                reach = rule_reach(world.hands[s] | played[s])
                assert (low is None or reach >= low) and (high is None or reach < high)
                bounded += 1
    assert samples > 800 and bounded > 300
    assert fitted >= 0.98 * samples


def _raised_to(amount: int) -> tuple[TisicState, int]:
    """P2 won the auction at 100 and named ``amount``: the state in the play, P1 to
    lead, and the declarer."""
    state = script(deal(p1=LOW), "P2 bid:100", "P3 pass", "P1 pass")
    declarer = R["P2"]
    rng = random.Random(5)
    view = _view(state, declarer)
    discard = RULES.choose(view, state.legal_actions(declarer), declarer, rng)
    state = cast(TisicState, TISIC.apply(state, declarer, discard)[0])
    contract = next(a for a in state.legal_actions(declarer) if getattr(a, "amount", 0) == amount)
    state = cast(TisicState, TISIC.apply(state, declarer, contract)[0])
    assert _view(state, R["P1"]).public.contract == amount
    return state, declarer


def test_a_raised_contract_is_dealt_a_hand_worth_it() -> None:
    """The declarer raised 100 to 160: nearly every sample of a defender gives him,
    in the ten he kept and the two laid away, cards the rule player names 160
    with; without reading the contract few do."""
    state, declarer = _raised_to(160)
    view = _view(state, R["P1"])
    assert raised(view) == (100, 160)
    rng = random.Random(6)
    fitted = plain = 0
    for _ in range(100):
        world = sample_world(view, rng, rule_reach, rule_contract)
        _assert_consistent(state, R["P1"], world)
        if world.fits:
            fitted += 1
            assert rule_contract(world.hands[declarer], world.discards, 100) >= 160
        unread = sample_world(view, rng, rule_reach)
        plain += rule_contract(unread.hands[declarer], unread.discards, 100) >= 160
    assert fitted >= 90
    assert plain < fitted / 2


def test_a_contract_kept_at_the_bid_is_dealt_a_hand_not_worth_a_raise() -> None:
    state, declarer = _raised_to(100)
    view = _view(state, R["P1"])
    rng = random.Random(7)
    fitted = 0
    for _ in range(60):
        world = sample_world(view, rng, rule_reach, rule_contract)
        _assert_consistent(state, R["P1"], world)
        if world.fits:
            fitted += 1
            assert rule_contract(world.hands[declarer], world.discards, 100) < 110
    assert fitted >= 54


def test_the_rule_player_names_the_contract_its_model_says() -> None:
    """``rule_contract`` is what the rule player names, rounded down to a legal
    amount, in rule-played deals."""
    checked = 0
    for state, seat in _positions(40, seed=900):
        view = _view(state, seat)
        if view.public.phase != "contract":
            continue
        legal = state.legal_actions(seat)
        chosen = RULES.choose(view, legal, seat, random.Random(1))
        amounts = sorted(a.amount for a in legal if isinstance(a, Contract))
        bid = amounts[0]
        model = rule_contract(_mask(view.hand), _mask(view.discards), bid)
        assert isinstance(chosen, Contract)
        assert chosen.amount == max(n for n in amounts if n <= model)
        checked += 1
    assert checked >= 5


def _mask(codes: tuple[str, ...]) -> int:
    return mask_of(card(c) for c in codes)
