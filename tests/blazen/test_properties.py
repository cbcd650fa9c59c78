"""The invariants of blazen.md §14, checked after every step of random games."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from games.blazen.bout import draw_order
from games.blazen.rules import DECKS, beats, rank_mask_of
from games.blazen.state import BlazenState, Phase
from games.blazen.timeouts import timeout_action
from games.blazen.variant import BLAZEN
from games.cards import cards_of, mask_of
from games.record import DealRecord, MatchRecord, replay_deal
from tests.blazen.helpers import play_game
from tests.blazen.strategies import tables
from tests.blazen.test_views import check_views

MAX_STEPS = 20_000


def _cards_conserved(state: BlazenState) -> None:
    held = 0
    total = 0
    for hand in state.hands:
        held |= hand
        total += hand.bit_count()
    held |= mask_of(state.stock) | state.bito | state.table_cards
    total += len(state.stock) + state.bito.bit_count()
    total += sum(1 if d is None else 2 for _, d in state.table)
    deck = DECKS[state.options.deck_size]
    assert held == mask_of(deck) and total == len(deck), "a card was lost or duplicated"


def _step_invariants(prev: BlazenState, state: BlazenState, seat: int, code: str) -> None:
    _cards_conserved(state)
    size = state.options.hand_size
    # 2: the bout limit and the defender's hand
    assert len(state.table) <= state.base_limit
    assert state.uncovered_count <= state.hands[state.defender].bit_count()
    # 3: covers beat their card
    for a, d in state.table:
        assert d is None or beats(d, a, state.trump)
    head = code.partition(":")[0]
    if head == "throw":
        ranks = rank_mask_of(cards_of(prev.table_cards))
        assert all(ranks >> c & 1 for c in BLAZEN.parse_action(code).cards)  # type: ignore[union-attr]
    # 4: transfers only onto a bare attack, within the next hand
    if head in ("transfer", "show"):
        assert not any(d is not None for _, d in prev.table)
        assert state.defender == prev.next_opponent(seat)
        assert len(state.table) <= state.hands[state.defender].bit_count()
    # 5: Bito grows by both cards of every pair of a beaten-off bout
    assert state.bito & prev.bito == prev.bito and state.bito.bit_count() % 2 == 0
    if state.discards > prev.discards:
        assert state.bito.bit_count() - prev.bito.bit_count() == 2 * len(prev.table) or (
            prev.table == ()
        )
    # 6: drawing, the trump card and suit
    assert state.trump == prev.trump
    if state.bouts > prev.bouts and state.stock:
        for s in range(state.seats):
            if s not in state.gone:
                assert state.hands[s].bit_count() >= size
    if state.stock:
        assert state.stock[-1] == state.trump_card
    # 7: players out
    for s in state.gone:
        assert not state.hands[s] and not state.stock and s not in state.to_act()
    for s in prev.gone:
        assert s in state.gone and s not in draw_order(state)
    # 8: the defender is the next opponent of the one who put the attack on him
    if state.phase is Phase.OPEN:
        assert state.defender == state.next_opponent(state.opener)
    # 10: without throw-ins, transfers or takes the table keeps its opening cards
    # (checked per game in test_every_step_keeps_the_invariants)


@settings(max_examples=200, deadline=None)
@given(table=tables(), seed=st.integers(0, 10**6), mix=st.sampled_from(["r", "ru", "u", "rru"]))
def test_every_step_keeps_the_invariants(table: tuple[dict, int], seed: int, mix: str) -> None:
    options, seats = table
    prev: BlazenState | None = None
    grown = False
    codes: list[tuple[int, str]] = []
    for step, (state, seat, code, _events) in enumerate(
        play_game(seed, seats=seats, options=options, mix=mix, redeal_chance=0.02)
    ):
        assert step < MAX_STEPS, "the game must end"
        for s in state.to_act():
            legal = state.legal_actions(s)
            assert legal, "a seat to act must have a legal action"
            for action in legal:
                assert BLAZEN.parse_action(action.code) == action
            timeout = timeout_action(state, s)
            assert timeout is None or timeout in legal
        for s in range(state.seats):
            if s not in state.to_act():
                assert not state.legal_actions(s)
        if step % 4 == 0:
            check_views(state)  # other hands and the stock order never show
        if prev is not None:
            assert seat is not None and code is not None
            codes.append((seat, code))
            _step_invariants(prev, state, seat, code)
            if code.startswith(("throw", "transfer", "show", "take")):
                grown = True
            if state.phase is Phase.OPEN:
                grown = False
            elif not grown:
                assert len(state.table) <= state.opened
        prev = state
    assert prev is not None and prev.is_over
    # 9: exactly one fool, one losing team, a draw, or a redeal
    outcome = prev.outcome()
    end = prev.end
    if end == "fool":
        assert len(prev.losers) == 1 and sum(outcome.scores) == 1
    elif end == "team":
        assert {prev.teams[s] for s in prev.losers} == {prev.teams[prev.losers[0]]}
        assert sum(outcome.scores) == len(prev.losers) >= 1
    else:
        assert end in ("draw", "redeal") and sum(outcome.scores) == 0
    # 11: replay from the seed and from the dealt cards reproduces the game
    opts = BLAZEN.options(options)
    again = BLAZEN.new_deal(opts, seats, seed % seats, seed=seed)
    for s, code in codes:
        again, _ = BLAZEN.apply(again, s, BLAZEN.parse_action(code))
    assert again == prev
    start = BLAZEN.new_deal(opts, seats, seed % seats, seed=seed)
    record = MatchRecord(
        BLAZEN.id,
        seats,
        opts.to_dict(),
        deals=(DealRecord(seed % seats, tuple(codes), cards=BLAZEN.dealt_cards(start)),),
    )
    assert replay_deal(record, record.deals[0]) == prev.but(seed=None)
