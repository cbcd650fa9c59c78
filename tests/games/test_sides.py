"""Sides as engine data (``games.sides``): who plays with whom, and who may know it."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.sides import DECLARER_SIDE, DEFENDER_SIDE, Sides, SidesView

# --- strategies -----------------------------------------------------------------


@st.composite
def sides(draw: st.DrawFn, *, secret: bool | None = None) -> Sides:
    """Sides of a table of 2-8 seats, some seats sitting out, maybe named, maybe hidden."""
    seats = draw(st.integers(2, 8))
    labels = draw(st.lists(st.none() | st.integers(0, 3), min_size=seats, max_size=seats))
    if all(label is None for label in labels):
        labels[draw(st.integers(0, seats - 1))] = 0
    base = Sides.from_labels(labels)
    roles: tuple[str, ...] = ()
    if draw(st.booleans()):
        roles = tuple(draw(st.permutations(["C", "D", "X", "Y"]))[: len(base.groups)])
    in_play = sorted(base.seats)
    hidden = frozenset(draw(st.lists(st.sampled_from(in_play), unique=True)))
    if secret:
        hidden |= {draw(st.sampled_from(in_play))}
    insiders = frozenset(draw(st.lists(st.sampled_from(in_play), unique=True, max_size=2)))
    revealed = False if secret else draw(st.booleans())
    return Sides(base.groups, roles, hidden, insiders, revealed)


VIEWERS = st.none() | st.integers(0, 8)


# --- examples ---------------------------------------------------------------------


def voleny() -> Sides:
    """Seat 1 declares against 2 and 3; the dealer of four, seat 0, sits out."""
    return Sides((frozenset({1}), frozenset({2, 3})), (DECLARER_SIDE, DEFENDER_SIDE))


def kriz() -> Sides:
    """Křížový: seat 0 called a card seat 2 holds; nobody but seat 2 knows it yet."""
    return Sides(
        (frozenset({0, 2}), frozenset({1, 3})),
        (DECLARER_SIDE, DEFENDER_SIDE),
        hidden=frozenset({1, 2, 3}),
        insiders=frozenset({2}),
    )


def test_the_declarer_alone_against_two() -> None:
    s = voleny()
    assert s.seats == {1, 2, 3}
    assert s.side_of(1) == 0 and s.side_of(2) == s.side_of(3) == 1
    assert s.side_of(0) is None and s.role_of(0) is None
    assert s.role_of(1) == "C" and s.role_of(3) == "D"
    assert s.members("C") == {1} and s.members("D") == {2, 3} and s.members("X") == set()
    assert s.partners(1) == set() and s.partners(2) == {3}
    assert s.opponents(1) == {2, 3} and s.opponents(2) == {1}
    assert s.partners(0) == s.opponents(0) == set()
    assert s.same_side(2, 3) and s.same_side(1, 1) and not s.same_side(1, 2)
    assert not s.same_side(0, 0) and not s.same_side(0, 1)
    assert s.secret == set()
    for viewer in (None, 0, 1, 2, 3):
        view = s.visible_for(viewer)
        assert view.complete and view.groups == s.groups and view.roles == s.roles


def test_teams_from_labels() -> None:
    s = Sides.from_labels((0, 1, 0, 1, 0, 1))
    assert s.groups == (frozenset({0, 2, 4}), frozenset({1, 3, 5}))
    assert s.partners(0) == {2, 4} and s.opponents(3) == {0, 2, 4}
    assert Sides.from_labels((1, 0, 0)).groups == (frozenset({1, 2}), frozenset({0}))
    assert Sides.from_labels((None, 0, None)).seats == {1}
    alone = Sides.each_alone(range(3))
    assert alone == Sides.from_labels((0, 1, 2))
    assert all(not alone.partners(s) for s in range(3))


def test_a_called_partner_stays_secret_until_revealed() -> None:
    s = kriz()
    caller, outsider, partner, other = 0, 1, 2, 3
    public = s.visible_for(None)
    assert public.groups == (frozenset({caller}), frozenset()) and public.unknown == {1, 2, 3}
    # The caller knows only himself: he does not hold the card he called.
    assert s.visible_for(caller).unknown == {1, 2, 3}
    assert s.visible_for(caller).same_side(caller, partner) is None
    # A defender knows his own side and the caller's, not who the partner is.
    mine = s.visible_for(outsider)
    assert mine.members("D") == {outsider} and mine.unknown == {partner, other}
    assert mine.same_side(outsider, caller) is False and mine.side_of(partner) is None
    # The holder of the called card knows everything.
    assert s.visible_for(partner).complete
    assert s.visible_for(partner).same_side(partner, caller) is True
    assert s.visible_for(other).side_of(partner) is None
    # The card falls.
    shown = s.reveal()
    assert shown.revealed and shown.secret == set() and s.reveal().reveal() == shown
    for viewer in (None, 0, 1, 2, 3):
        assert shown.visible_for(viewer).complete
    # The rules' answers never depend on who may know them.
    assert s.same_side(caller, partner) and s.partners(caller) == {partner}


def test_json_form() -> None:
    s = kriz()
    data = s.to_dict()
    assert data == {
        "groups": [[0, 2], [1, 3]],
        "roles": ["C", "D"],
        "hidden": [1, 2, 3],
        "insiders": [2],
        "revealed": False,
    }
    assert Sides.from_dict(json.loads(json.dumps(data))) == s
    assert Sides.from_dict({"groups": [[0], [1, 2]]}) == Sides.from_labels((0, 1, 1))
    view = s.visible_for(1)
    assert view.to_dict() == {
        "viewer": 1,
        "groups": [[0], [1]],
        "roles": ["C", "D"],
        "unknown": [2, 3],
    }
    assert SidesView.from_dict(json.loads(json.dumps(view.to_dict()))) == view


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"groups": [[0], [0, 1]]},
        {"groups": [[0], []]},
        {"groups": [[0, 0]]},
        {"groups": [[-1]]},
        {"groups": [[True]]},
        {"groups": [["0"]]},
        {"groups": "01"},
        {"groups": [[0], [1]], "roles": ["C"]},
        {"groups": [[0], [1]], "roles": ["C", "C"]},
        {"groups": [[0], [1]], "roles": ["C", ""]},
        {"groups": [[0], [1]], "hidden": [2]},
        {"groups": [[0], [1]], "insiders": [5]},
        {"groups": [[0], [1]], "revealed": 1},
        {"groups": [[0], [1]], "secret": []},
    ],
)
def test_malformed_sides_are_refused(data: dict[str, Any]) -> None:
    with pytest.raises(ValueError):
        Sides.from_dict(data)


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"groups": [[0], [0]]},
        {"groups": [[0], [1]], "unknown": [1]},
        {"groups": [[0]], "viewer": -1},
        {"groups": [[0]], "viewer": "0"},
        {"groups": [[0]], "roles": ["C", "D"]},
        {"groups": [[0]], "others": []},
    ],
)
def test_malformed_views_are_refused(data: dict[str, Any]) -> None:
    with pytest.raises(ValueError):
        SidesView.from_dict(data)


def test_sides_are_frozen_and_hashable() -> None:
    s = voleny()
    with pytest.raises(AttributeError):
        s.revealed = True  # type: ignore[misc]
    assert hash(s) == hash(voleny()) and len({s, voleny(), kriz()}) == 2


# --- properties ---------------------------------------------------------------------


@settings(max_examples=300, deadline=None)
@given(s=sides())
def test_the_sides_partition_the_seats_in_play(s: Sides) -> None:
    union: set[int] = set()
    for group in s.groups:
        assert group and not union & group
        union |= group
    assert union == s.seats
    for seat in range(10):
        on = [i for i, group in enumerate(s.groups) if seat in group]
        assert (s.side_of(seat),) == (tuple(on) or (None,))


@settings(max_examples=300, deadline=None)
@given(s=sides())
def test_side_of_agrees_with_partners_and_opponents(s: Sides) -> None:
    for a in range(10):
        side = s.side_of(a)
        if side is None:
            assert s.partners(a) == s.opponents(a) == set() and s.role_of(a) is None
            assert not any(s.same_side(a, b) or s.same_side(b, a) for b in range(10))
            continue
        assert s.partners(a) | {a} == s.groups[side]
        assert s.partners(a) | s.opponents(a) | {a} == s.seats
        assert not s.partners(a) & s.opponents(a) and a not in s.opponents(a)
        assert s.role_of(a) == (s.roles[side] if s.roles else None)
        if s.roles:
            assert a in s.members(s.roles[side])
        for b in range(10):
            same = s.same_side(a, b)
            assert same == s.same_side(b, a) == (s.side_of(b) == side)
            assert same == (b == a or b in s.partners(a))
            assert (b in s.opponents(a)) == (b in s.seats and not same)


@settings(max_examples=300, deadline=None)
@given(s=sides(), viewer=VIEWERS)
def test_json_round_trip(s: Sides, viewer: int | None) -> None:
    text = json.dumps(s.to_dict())
    back = Sides.from_dict(json.loads(text))
    assert back == s and back.to_dict() == s.to_dict()
    assert all(back.side_of(x) == s.side_of(x) for x in range(10))
    view = s.visible_for(viewer)
    assert SidesView.from_dict(json.loads(json.dumps(view.to_dict()))) == view


@settings(max_examples=300, deadline=None)
@given(s=sides(secret=True), viewer=VIEWERS)
def test_a_hidden_partner_is_never_shown_to_a_third_seat(s: Sides, viewer: int | None) -> None:
    view = s.visible_for(viewer)
    text = json.dumps(view.to_dict())
    for seat in s.secret:
        if seat == viewer or viewer in s.insiders:
            continue
        assert view.side_of(seat) is None and seat in view.unknown
        assert all(view.same_side(seat, other) is None for other in range(10))
        assert seat in SidesView.from_dict(json.loads(text)).unknown


@settings(max_examples=300, deadline=None)
@given(s=sides(), viewer=VIEWERS)
def test_a_view_is_the_truth_about_what_it_shows(s: Sides, viewer: int | None) -> None:
    view = s.visible_for(viewer)
    known = s.known_to(viewer)
    assert view.roles == s.roles and len(view.groups) == len(s.groups)
    assert view.unknown == s.seats - known
    assert known >= s.seats - s.secret  # the public part is known to everyone
    if viewer in s.seats:
        assert viewer in known  # every seat knows its own side
    if viewer in s.insiders or s.revealed or not s.hidden:
        assert view.complete
    for seat in range(10):
        if seat in known:
            assert view.side_of(seat) == s.side_of(seat)
        else:
            assert view.side_of(seat) is None
    # A revealed copy hides nothing and plays the same.
    shown = s.reveal()
    assert shown.visible_for(viewer).groups == s.groups and shown.groups == s.groups
