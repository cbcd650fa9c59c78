"""The sides of a deal of volený mariáš (``VolenyState.sides``): the declarer alone
against the two defenders, the seat sitting out on neither side, nothing secret."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from games.marias.legality import eligible_fleks
from games.marias.state import Phase, VolenyState
from games.marias.variant import VOLENY
from games.sides import DECLARER_SIDE, DEFENDER_SIDE, Sides
from tests.marias.strategies import OPTION_VALUES, play_deal
from tests.marias.voleny_play import F, M, Z, act, hra, new

HANDS = (
    "Ah Th Kh Qh 7h Ad Td Kd Qd 8h 9h Jh",
    "Ac Tc Kc Qc Jc 9c 8c 7c As Ts",
    "Ks Qs Js 9s 8s 7s Jd 9d 8d 7d",
)


def check_sides(state: VolenyState) -> None:
    """What the rules say about who plays with whom, at any moment of a deal."""
    sides = state.sides
    assert sides.seats == set(state.active)
    for seat in range(state.seats):
        if seat not in state.active:  # the dealer of four sits out: on no side
            assert sides.side_of(seat) is None and not sides.opponents(seat)
            assert eligible_fleks(state, seat) == ()
    if state.declarer is None:
        assert sides == Sides.each_alone(state.active) and sides.roles == ()
        assert state.defenders == state.active
    else:
        assert sides.roles == (DECLARER_SIDE, DEFENDER_SIDE)
        assert sides.members(DECLARER_SIDE) == {state.declarer}
        assert sides.members(DEFENDER_SIDE) == set(state.active) - {state.declarer}
        assert sides.opponents(state.declarer) == set(state.defenders)
        d1, d2 = state.defenders
        assert sides.partners(d1) == {d2} and sides.partners(state.declarer) == set()
    assert not sides.secret  # the game is announced aloud
    public = state.public_view()
    assert public.sides == sides.visible_for(None) and public.sides.complete  # type: ignore[attr-defined]
    for seat in range(state.seats):
        view = state.view(seat)
        assert view.sides == sides.visible_for(seat) and view.sides.complete  # type: ignore[attr-defined]
    if state.phase is Phase.FLEK and state.to_move is not None:
        defender = sides.role_of(state.to_move) == DEFENDER_SIDE
        assert all(
            (state.flek_level(name) % 2 == 0) == defender
            for name in eligible_fleks(state, state.to_move)
        )


def test_the_declarer_stands_alone_once_he_announces() -> None:
    state = new(*HANDS)
    assert state.sides == Sides.each_alone((F, M, Z))
    state = act(state, "trump:Ah", "talon:8h,9h", "game:hra")
    assert state.sides.members(DECLARER_SIDE) == {F}
    assert state.sides.members(DEFENDER_SIDE) == {M, Z}
    check_sides(state)


def test_an_overcall_moves_the_sides() -> None:
    state = act(new(*HANDS), "trump:Ah", "talon:8h,9h", "game:hra", "spatna")
    assert state.sides.members(DECLARER_SIDE) == {F}  # until the overcaller announces
    state = act(state, "talon:7c,8c", "game:betl")
    assert state.sides.members(DECLARER_SIDE) == {M}
    assert state.sides.members(DEFENDER_SIDE) == {F, Z}
    check_sides(state)


def test_the_dealer_of_four_is_on_neither_side() -> None:
    state = new(*HANDS, seats=4, dealer=3)
    assert 3 not in state.active
    state = act(state, "trump:Ah", "talon:8h,9h", "game:hra")
    assert state.sides.side_of(3) is None and state.sides.seats == set(state.active)
    check_sides(state)


def test_the_declarer_side_is_paid_by_each_defender() -> None:
    state = hra(*HANDS, "Ah", "8h,9h", flek={"hra": 1})
    assert state.phase is Phase.PLAY
    # Play the deal out with the first legal card, then check who pays whom.
    while not state.is_over:
        (seat,) = state.to_act()
        state, _ = VOLENY.apply(state, seat, state.legal_actions(seat)[0])
    outcome = state.outcome()
    per = outcome.summary["per_defender"]
    assert per != 0
    assert outcome.scores[F] == 2 * per and outcome.scores[M] == outcome.scores[Z] == -per


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), options=OPTION_VALUES, seats=st.sampled_from([3, 4]))
def test_the_sides_are_what_the_rules_say(
    seed: int, options: dict[str, object], seats: int
) -> None:
    state = None
    for state, _seat, _code, _events in play_deal(seed, seats=seats, options=options):
        check_sides(state)
    assert state is not None and state.is_over
    outcome = state.outcome()
    declarer = state.declarer
    assert declarer is not None
    per = outcome.summary["per_defender"]
    for seat in range(seats):
        expected = 2 * per if seat == declarer else -per if seat in state.active else 0
        assert outcome.scores[seat] == expected
