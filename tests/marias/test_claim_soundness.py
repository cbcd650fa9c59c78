"""An accepted betl/durch claim is really forced: checked by brute force through ``apply``."""

from __future__ import annotations

from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import IllegalAction
from games.marias.actions import Claim, Play
from games.marias.state import Phase, VolenyState
from games.marias.variant import VOLENY
from tests.marias.strategies import play_deal

OPTIONS = {"allow_claims": True, "end_betl_durch_early": False}


def _forced(state: VolenyState) -> bool:
    """Minimax over every legal card: can the declarer make his contract for sure?"""

    @cache
    def wins(s: VolenyState) -> bool:
        if s.is_over:
            return bool(s.outcome().summary["components"][0]["won"])
        (seat,) = s.to_act()
        results = (
            wins(VOLENY.apply(s, seat, a)[0]) for a in s.legal_actions(seat) if isinstance(a, Play)
        )
        return any(results) if seat == s.declarer else all(results)

    return wins(state)


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 10**6), mix=st.sampled_from(["rr", "uu", "ru"]))
def test_accepted_claims_are_forced(seed: int, mix: str) -> None:
    for state, *_ in play_deal(seed, options=OPTIONS, mix=mix):
        if state.phase is not Phase.PLAY or state.kind not in ("betl", "durch"):
            continue
        if state.to_move != state.declarer or state.hands[state.declarer].bit_count() > 3:
            continue
        try:
            VOLENY.apply(state, state.declarer, Claim())
        except IllegalAction:
            continue
        assert _forced(state), "a claim was accepted that the defence can beat"


def _late_state(seed: int, kind: str, cards_left: int, following: bool) -> VolenyState:
    """A betl/durch deal with ``cards_left`` cards per hand and an unlost contract.

    The earlier tricks are dealt hands played out in seat order with random
    legal cards (their winners are then set so that the contract stands): the
    declarer's claim reads what the play showed (a defender who did not
    follow is void), so a history that no hands could have produced would
    tell him wrong things.
    """
    import random
    from dataclasses import replace

    from games.cards import DECK_32, Card, cards_of
    from games.marias.rules import BETL_ORDER
    from games.marias.state import Trick
    from games.tricks import legal_follow

    rng = random.Random(seed)
    base = VOLENY.new_deal(VOLENY.options(OPTIONS), 3, 0, seed=seed)
    deck = list(DECK_32)
    rng.shuffle(deck)
    f, m, z = base.active
    declarer = rng.choice(base.active)
    done = 10 - cards_left
    hands = [0, 0, 0]
    for j, seat in enumerate(base.active):
        for c in deck[j * 10 : (j + 1) * 10]:
            hands[seat] |= 1 << c
    tricks = []
    for _ in range(done):
        winner = declarer if kind == "durch" else next(s for s in base.active if s != declarer)
        table: list[Card] = []
        for seat in (f, m, z):
            options = list(cards_of(legal_follow(hands[seat], table, None, BETL_ORDER)))
            c = rng.choice(options)
            hands[seat] &= ~(1 << c)
            table.append(c)
        tricks.append(Trick((f, m, z), tuple(table), winner))
    talon = (1 << deck[30]) | (1 << deck[31])
    leader = tricks[-1].winner if tricks else declarer
    state = replace(
        base,
        phase=Phase.PLAY,
        kind=kind,
        declarer=declarer,
        hands=tuple(hands),
        talon=talon,
        tricks=tuple(tricks),
        leader=leader,
        to_move=leader,
        flek=((kind, 0),),
        trump_card=None,
    )
    if following and leader != declarer:
        # let the players before the declarer play a legal card each
        while state.to_move != declarer:
            (seat,) = state.to_act()
            state = VOLENY.apply(state, seat, state.legal_actions(seat)[0])[0]
    return state


@settings(max_examples=400, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    kind=st.sampled_from(["betl", "durch"]),
    cards_left=st.integers(1, 3),
    following=st.booleans(),
)
def test_claims_on_late_positions_are_sound(
    seed: int, kind: str, cards_left: int, following: bool
) -> None:
    state = _late_state(seed, kind, cards_left, following)
    if state.is_over or state.to_move != state.declarer:
        return
    try:
        VOLENY.apply(state, state.declarer, Claim())
    except IllegalAction:
        return
    assert _forced(state)
