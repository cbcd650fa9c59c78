"""The engine's match as data: JSON round trip, the older stored shape, shared places."""

from __future__ import annotations

import itertools
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine import add_deal
from games.match import Match, Standing, ranked


@st.composite
def matches(draw: st.DrawFn) -> Match:
    seats = draw(st.integers(1, 6))
    ints = st.lists(st.integers(-10_000, 10_000), min_size=seats, max_size=seats)
    counters = draw(st.dictionaries(st.sampled_from(["upisy", "carky", "labeta"]), ints))
    return Match(
        variant_id=draw(st.sampled_from(["marias-voleny", "blazen", "cenzr"])),
        seats=seats,
        dealer=draw(st.integers(0, seats - 1)),
        totals=tuple(draw(ints)),
        opener=draw(st.none() | st.integers(0, seats - 1)),
        deals=draw(st.integers(0, 500)),
        counters={k: tuple(v) for k, v in counters.items()},
        data=draw(st.dictionaries(st.sampled_from(["round", "round_dealer"]), st.integers(0, 9))),
        over=draw(st.booleans()),
    )


@given(matches())
def test_a_match_round_trips_through_json(match: Match) -> None:
    assert Match.from_dict(json.loads(json.dumps(match.to_dict()))) == match


def test_the_bots_older_stored_shape_still_reads() -> None:
    old = {"dealer": 2, "opener": None, "totals": [40, -20, -20], "deals": 3}
    match = Match.from_dict(old, variant_id="marias-voleny", seats=3)
    assert (match.variant_id, match.seats, match.dealer, match.opener) == (
        "marias-voleny",
        3,
        2,
        None,
    )
    assert (match.totals, match.deals, match.over, dict(match.counters)) == (
        (40, -20, -20),
        3,
        False,
        {},
    )
    with pytest.raises(ValueError):
        Match.from_dict(old)  # no variant to read it as


def test_a_match_refuses_a_dealer_or_totals_outside_the_table() -> None:
    with pytest.raises(ValueError):
        Match.start("marias-voleny", 3, 3)
    with pytest.raises(ValueError):
        Match("marias-voleny", 3, 0, (0, 0))
    with pytest.raises(ValueError):
        Match("cenzr", 4, 0, (0,) * 4, counters={"labeta": (0, 0)})
    with pytest.raises(ValueError):
        add_deal(Match.start("blazen", 2, 0), (1, 0, 0))


def test_places_are_shared_on_a_tie() -> None:
    assert ranked((5, 9, 5, 1)) == (
        Standing(1, 1, 9),
        Standing(0, 2, 5),
        Standing(2, 2, 5),
        Standing(3, 4, 1),
    )
    assert [s.place for s in ranked((0, 0, 0))] == [1, 1, 1]
    fools = ranked((2, 0, 1), higher_is_better=False)
    assert [(s.seat, s.place) for s in fools] == [(1, 1), (2, 2), (0, 3)]
    assert [s.seat for s in ranked((3, 8, 1, 8), seats=(0, 1, 2))] == [1, 0, 2]


@given(st.lists(st.integers(-50, 50), min_size=1, max_size=8), st.booleans())
def test_ranking_is_ordered_and_complete(scores: list[int], higher: bool) -> None:
    ranking = ranked(scores, higher_is_better=higher)
    assert sorted(s.seat for s in ranking) == list(range(len(scores)))
    for before, after in itertools.pairwise(ranking):
        assert (before.score >= after.score) if higher else (before.score <= after.score)
        assert (
            before.place == after.place
            if before.score == after.score
            else after.place > before.place
        )
    for index, standing in enumerate(ranking):
        better = sum(1 for s in scores if (s > standing.score if higher else s < standing.score))
        assert standing.place == better + 1 and standing.place <= index + 1


def test_the_common_step_adds_the_deal_and_passes_the_deal_clockwise() -> None:
    match = add_deal(Match.start("x", 3, 2), (3, -1, -2))
    assert (match.totals, match.deals, match.dealer, match.opener) == ((3, -1, -2), 1, 0, None)
    match = add_deal(match, (1, 1, -2), dealer=2, opener=0)
    assert (match.totals, match.deals, match.dealer, match.opener) == ((4, 0, -4), 2, 2, 0)
