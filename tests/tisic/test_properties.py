"""§13 invariants as hypothesis properties, checked at every step of random deals
and over random matches (random-legal players, options drawn from ``choices()``)."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from games.cards import DECK_32
from games.tisic import match as matches
from games.tisic.actions import Bid, Discard, Pass, Play
from games.tisic.options import TisicOptions
from games.tisic.rules import ACES_TENS, marriage_partner
from games.tisic.scoring import card_totals
from games.tisic.state import End, Phase, TisicState
from games.tisic.variant import TISIC
from tests.tisic.helpers import Step, cards_in_play, play_random

OPTIONS = st.fixed_dictionaries(
    {name: st.sampled_from(values) for name, values in TisicOptions.choices().items()}
)
PROFILE = settings(max_examples=200, deadline=None, derandomize=True)


def _deal(seed: int, values: dict[str, Any], four: bool) -> TisicState:
    options = TisicOptions(**values)
    seats = 4 if four and options.max_players == 4 else 3
    return TISIC.new_deal(options, seats, {"dealer": seed % seats}, seed=seed)


def _check_cards(state: TisicState) -> None:
    """§13.1 conservation and §13.2 the hand sizes."""
    found = cards_in_play(state)
    assert sorted(found) == sorted(DECK_32), "a card was lost or duplicated"
    for seat in range(state.seats):
        if seat not in state.active:
            assert state.hands[seat] == 0
    sizes = [state.hands[s].bit_count() for s in state.active]
    if state.phase is Phase.AUCTION:
        assert sizes == [10, 10, 10] and state.talon.bit_count() == 2
    elif state.phase in (Phase.TALON, Phase.STORNO):
        assert state.declarer is not None
        assert state.hands[state.declarer].bit_count() == 12
    elif state.phase in (Phase.CONTRACT, Phase.PLAY):
        assert state.discards.bit_count() == 2
        if not state.trick_cards:
            assert sizes == [10 - len(state.tricks)] * 3


def _check_step(step: Step) -> None:
    before, seat, action, after, _events = step
    # §13.5: one trump suit at most, and only the last declared marriage's
    assert after.trump == (after.marriages[-1].suit if after.marriages else None)
    assert action in before.legal_actions(seat)  # §13.6
    for s in before.to_act():
        assert before.legal_actions(s), "a seat to act has nothing to do"
    if isinstance(action, Play) and before.phase is Phase.PLAY:
        if not before.trick_cards:  # §13.6 who leads
            if before.tricks:
                assert seat == before.tricks[-1].winner
            else:
                first = before.options.first_lead
                assert seat == (before.declarer if first == "declarer" else before.p1)
        if action.trumf:  # §13.4
            partner = marriage_partner(action.card)
            assert partner is not None and before.hands[seat] >> partner & 1
            assert not before.trick_cards
            assert len(before.tricks) >= before.options.marriage_min_completed_tricks
    if isinstance(action, Discard):  # §13.8
        assert not any(ACES_TENS >> c & 1 for c in action.cards)
    if isinstance(action, Bid | Pass) and before.options.pass_is_final:
        assert seat not in before.passed  # §13.7


def _check_final(state: TisicState) -> None:
    opts = state.options
    outcome = state.outcome()
    summary = outcome.summary
    scores = outcome.scores
    for seat in range(state.seats):
        if seat not in state.active:
            assert scores[seat] == 0
    # §13.7 the auction
    amounts = [int(c.code.split(":")[1]) for c in state.calls if c.code.startswith("bid:")]
    assert amounts == sorted(set(amounts))
    assert all(a % opts.bid_step == 0 and a >= opts.min_raise for a in amounts)
    if opts.pass_is_final:
        passed: set[int] = set()
        for call in state.calls:
            assert call.seat not in passed
            if call.code == "pass":
                passed.add(call.seat)
    assert state.bid is not None and opts.obligation <= state.bid <= opts.max_bid
    if state.contract is not None:
        assert state.bid <= state.contract <= opts.max_bid
    # §13.4, §13.5 marriages and trumps
    suits = [m.suit for m in state.marriages]
    assert len(suits) == len(set(suits)) and sum(m.value for m in state.marriages) <= 280
    for m in state.marriages:
        assert m.trick >= opts.marriage_min_completed_tricks + 1
    for k, trick in enumerate(state.tricks, start=1):
        declared = [m.suit for m in state.marriages if m.trick <= k]
        assert trick.trump == (declared[-1] if declared else None)
        if trick.trump is not None:
            assert state.marriages, "a trump without a marriage"
    # §13.3, §13.9, §13.10 scoring
    declarer = state.declarer
    assert declarer is not None
    defenders = [s for s in state.active if s != declarer]
    if state.end is End.PLAYED:
        assert len(state.tricks) == 10
        assert sum(card_totals(state)) == 120
        contract = state.contract
        assert contract is not None
        if summary["made"]:
            if opts.declarer_scores == "contract":
                assert scores[declarer] == contract
            assert summary["upisy"] == []
        else:
            assert scores[declarer] == -contract and summary["upisy"] == [declarer]
        for seat in defenders:
            assert scores[seat] >= 0
            if opts.rounding == "nearest10_half_up":
                assert scores[seat] % 10 == 0
        basis = summary["raw"] if opts.carka_basis == "raw" else list(scores)
        assert summary["carky"] == [s for s in defenders if basis[s] == 0]
    elif state.end is End.FORFEIT:
        assert scores[declarer] == -state.bid and summary["upisy"] == [declarer]
        assert all(scores[s] == opts.forfeit_bonus for s in defenders)
        assert summary["carky"] == []
    elif state.end is End.RENONC:
        offender = state.offender
        assert offender is not None and summary["upisy"] == [offender]
        assert scores[offender] == -opts.renonc_penalty
        assert all(scores[s] == opts.renonc_bonus for s in state.active if s != offender)
    else:
        assert not outcome.played and scores == (0,) * state.seats
        assert summary["upisy"] == summary["carky"] == []
    tens = opts.rounding == "nearest10_half_up" and opts.bid_step == 10
    if tens and opts.declarer_scores == "contract" and opts.forfeit_bonus % 10 == 0:
        assert all(s % 10 == 0 for s in scores)


@PROFILE
@given(seed=st.integers(0, 10**6), values=OPTIONS, four=st.booleans())
def test_every_step_keeps_the_invariants(seed: int, values: dict[str, Any], four: bool) -> None:
    state = _deal(seed, values, four)
    _check_cards(state)
    # a third of the deals fully random (wild bids, forfeits, revokes), the rest modest
    for step in play_random(state, random.Random(seed), modest=seed % 3 != 0):
        _check_step(step)
        state = step[3]
        _check_cards(state)
    assert state.is_over and not state.to_act()
    _check_final(state)


@settings(max_examples=40, deadline=None, derandomize=True)
@given(seed=st.integers(0, 10**6), values=OPTIONS, four=st.booleans())
def test_the_match_ends_exactly_when_the_rule_says(
    seed: int, values: dict[str, Any], four: bool
) -> None:
    """§13.11: exactly one winner once a total reaches the target, not before;
    the settlement sums to zero."""
    values = {**values, "target_score": 500}
    options = TisicOptions(**values)
    seats = 4 if four and options.max_players == 4 else 3
    rng = random.Random(seed)
    match = TISIC.start_match(options, seats, TISIC.first_dealer(options, seats, seed))
    for number in range(400):
        state = TISIC.new_deal(options, seats, {"dealer": match.dealer}, seed=seed + number)
        assert TISIC.sitting_out(options, seats, match.dealer) == (
            {match.dealer} if seats == 4 else set()
        )
        for step in play_random(state, rng, modest=True):
            state = step[3]
        before = match
        match = TISIC.record_deal(match, state.outcome(), options)
        assert match.deals == before.deals + 1
        reached = [s for s in range(seats) if matches.reached(match.totals[s], options)]
        assert match.over == bool(reached)
        if match.over:
            break
    else:
        raise AssertionError("no match end within 400 deals")
    winners = [s for s in TISIC.standings(match, options) if s.place == 1]
    assert len(winners) == 1
    if options.winner_rule == "talon_priority":
        assert winners[0].seat in reached
    money = matches.money(match, options)
    assert sum(money) == 0 and money[winners[0].seat] >= 0
    beer = matches.beer(match, TisicOptions(**{**values, "stakes": "beer"}))
    assert beer is not None and sum(beer) == 0
