"""Hypothesis strategies for Blázen tables: options and a matching number of seats."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from games.blazen.options import TEAM_SEATS
from games.blazen.variant import BLAZEN

OPTION_VALUES = st.fixed_dictionaries(
    {},
    optional={
        "deck_size": st.sampled_from([24, 36, 52, 54]),
        "variant": st.sampled_from(["podkidnoy", "perevodnoy"]),
        "deal_packet": st.sampled_from([1, 2]),
        "trump_card": st.sampled_from(["bottom", "next"]),
        "allow_trump_exchange": st.booleans(),
        "first_attacker_rule": st.sampled_from(["lowest_trump", "dealer_left", "random"]),
        "no_trump_fallback": st.sampled_from(["dealer_left", "redeal"]),
        "max_attack": st.sampled_from([6, "defender_hand"]),
        "max_attack_first_bout": st.sampled_from([5, 6]),
        "first_bout_scope": st.sampled_from(["until_first_discard", "first_bout_only"]),
        "multi_card_open": st.booleans(),
        "neighbors_only_throw_in": st.booleans(),
        "throw_in_mode": st.sampled_from(["sequential", "window"]),
        "throw_in_max_per_action": st.sampled_from([0, 1, 2]),
        "throw_in_after_take": st.booleans(),
        "always_prompt_throwers": st.booleans(),
        "transfer_multi_card": st.booleans(),
        "transfer_by_showing_trump": st.booleans(),
        "simultaneous_finish": st.sampled_from(["draw", "first_out_wins"]),
        "redeal_five_same_suit": st.booleans(),
        "team_mode": st.sampled_from(["none", "none", "2v2", "3v3", "1v2"]),
        "epaulettes": st.booleans(),
    },
)


@st.composite
def tables(draw: st.DrawFn) -> tuple[dict[str, Any], int]:
    """Options and a seat count the options can seat."""
    options = dict(draw(OPTION_VALUES))
    if options.get("throw_in_mode") == "window" and draw(st.booleans()):
        options["throw_in_timing"] = "anytime"
    team = options.get("team_mode", "none")
    if team != "none":
        seats = TEAM_SEATS[team]
        if BLAZEN.options(options).max_seats < seats:
            options["deck_size"] = 36
    else:
        seats = draw(st.integers(2, BLAZEN.options(options).max_seats))
    return options, seats
