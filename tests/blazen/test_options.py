"""Blázen options: the §17 defaults, validation, and the dict round trip."""

from __future__ import annotations

import json

import pytest

from games.blazen.options import BlazenOptions
from games.blazen.variant import BLAZEN
from games.engine import OptionsError


def test_defaults_are_the_spec_stars() -> None:
    o = BLAZEN.options()
    assert o.to_dict() == {
        "deck_size": 36,
        "variant": "podkidnoy",
        "hand_size": 6,
        "deal_packet": 1,
        "trump_card": "bottom",
        "allow_trump_exchange": False,
        "first_attacker_rule": "lowest_trump",
        "no_trump_fallback": "dealer_left",
        "next_game_first_attacker": "fool_left",
        "max_attack": 6,
        "max_attack_first_bout": 6,
        "first_bout_scope": "until_first_discard",
        "multi_card_open": True,
        "neighbors_only_throw_in": False,
        "throw_in_mode": "sequential",
        "throw_in_timing": "after_cover",
        "throw_in_max_per_action": 0,
        "throw_in_after_take": True,
        "always_prompt_throwers": False,
        "transfer_multi_card": True,
        "transfer_by_showing_trump": False,
        "simultaneous_finish": "draw",
        "redeal_five_same_suit": True,
        "team_mode": "none",
        "placements": True,
        "epaulettes": False,
        "epaulette_titles": ["seržant", "staršina (předák)"],
    }


def test_round_trip_through_json() -> None:
    o = BLAZEN.options({"variant": "perevodnoy", "epaulette_titles": ["a", "b", "c"]})
    again = BLAZEN.options(json.loads(json.dumps(o.to_dict())))
    assert again == o and again.epaulette_titles == ("a", "b", "c")


@pytest.mark.parametrize(
    "values",
    [
        {"frobnicate": 1},
        {"deck_size": 32},
        {"deck_size": True},
        {"variant": "durak"},
        {"deal_packet": 3},
        {"max_attack": 7},
        {"max_attack": True},
        {"max_attack_first_bout": 4},
        {"throw_in_max_per_action": -1},
        {"hand_size": 2},
        {"hand_size": 13, "deck_size": 24},
        {"team_mode": "4v4"},
        {"epaulettes": "yes"},
        {"epaulette_titles": []},
        {"throw_in_timing": "anytime"},  # needs the window mode
    ],
)
def test_bad_options_are_refused(values: dict[str, object]) -> None:
    with pytest.raises(OptionsError):
        BLAZEN.options(values)


def test_choices_cover_every_option() -> None:
    choices = BlazenOptions.choices()
    names = set(BLAZEN.options().to_dict()) - {"epaulette_titles"}
    assert names <= set(choices)
    for name, values in choices.items():
        for value in values:
            if name == "throw_in_timing" and value == "anytime":
                BLAZEN.options({name: value, "throw_in_mode": "window"})
            else:
                BLAZEN.options({name: value})


def test_seat_limits_follow_the_deck() -> None:
    assert [BLAZEN.options({"deck_size": n}).max_seats for n in (24, 36, 52, 54)] == [4, 6, 8, 8]
