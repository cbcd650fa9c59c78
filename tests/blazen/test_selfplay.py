"""Seeded self-play: 2,000 games across decks, variants and tables, no exception."""

from __future__ import annotations

from collections import Counter
from typing import Any

from games.blazen.rules import DECKS
from games.cards import mask_of
from tests.blazen.helpers import play_game

TABLES: tuple[tuple[dict[str, Any], int], ...] = (
    ({}, 2),
    ({}, 3),
    ({}, 4),
    ({}, 5),
    ({}, 6),
    ({"variant": "perevodnoy"}, 2),
    ({"variant": "perevodnoy"}, 3),
    ({"variant": "perevodnoy", "transfer_by_showing_trump": True}, 4),
    ({"variant": "perevodnoy", "transfer_multi_card": False}, 5),
    ({"deck_size": 24}, 2),
    ({"deck_size": 24}, 4),
    ({"deck_size": 24, "variant": "perevodnoy"}, 3),
    ({"deck_size": 52}, 2),
    ({"deck_size": 52}, 7),
    ({"deck_size": 52, "variant": "perevodnoy"}, 8),
    ({"deck_size": 54}, 3),
    ({"deck_size": 54, "variant": "perevodnoy"}, 6),
    ({"team_mode": "2v2"}, 4),
    ({"team_mode": "3v3", "variant": "perevodnoy"}, 6),
    ({"team_mode": "1v2"}, 3),
    ({"throw_in_mode": "window"}, 4),
    ({"throw_in_mode": "window", "throw_in_timing": "anytime", "variant": "perevodnoy"}, 3),
    ({"max_attack": "defender_hand", "max_attack_first_bout": 5}, 3),
    ({"neighbors_only_throw_in": True, "throw_in_max_per_action": 1}, 5),
    ({"throw_in_after_take": False, "always_prompt_throwers": True}, 3),
    ({"allow_trump_exchange": True, "epaulettes": True, "deal_packet": 2}, 4),
    ({"simultaneous_finish": "first_out_wins", "trump_card": "next"}, 2),
    ({"first_attacker_rule": "random", "no_trump_fallback": "redeal", "deck_size": 24}, 2),
)
MIXES = ("ru", "ur", "uu", "rr", "uru", "u")


def test_two_thousand_seeded_games_play_through() -> None:
    ends: Counter[str] = Counter()
    for seed in range(2000):
        options, seats = TABLES[seed % len(TABLES)]
        mix = MIXES[seed % len(MIXES)]
        *_, (state, _seat, _code, _events) = play_game(
            seed, seats=seats, options=options, mix=mix, redeal_chance=0.01
        )
        assert state.is_over
        outcome = state.outcome()
        assert len(outcome.scores) == seats
        held = sum(state.hands) | mask_of(state.stock) | state.bito
        assert held == mask_of(DECKS[state.options.deck_size])
        ends[state.end or ""] += 1
    # Every way a game can end occurs, so the run is not vacuous.
    assert set(ends) == {"fool", "team", "draw", "redeal"}
