"""Hypothesis strategies and drivers for whole deals of volený mariáš."""

from __future__ import annotations

import random
from collections.abc import Iterator

from hypothesis import strategies as st

from games.engine import Event, Seat
from games.marias.state import VolenyState
from games.marias.variant import VOLENY
from games.players import make_player

OPTION_VALUES = st.fixed_dictionaries(
    {},
    optional={
        "hearts_double": st.booleans(),
        "unfleked_simple_game": st.sampled_from(
            ["throw_in_defenders_pay_game", "throw_in_no_payment", "play"]
        ),
        "talon_sharp_cards": st.sampled_from(
            ["forbidden", "face_up_points_to_defenders", "face_up_penalty_20"]
        ),
        "auto_declare_marriages": st.booleans(),
        "max_flek_level": st.sampled_from([None, 1, 2, 4]),
        "betl_durch_first_lead": st.sampled_from(["declarer", "forhond"]),
        "betl_lead_before_flek": st.booleans(),
        "end_betl_durch_early": st.booleans(),
        "must_trump_when_cannot_overtrump": st.booleans(),
        "stovka_marriages_defenders": st.sampled_from(["one_per_player", "one_per_side", "all"]),
        "pause_rotation": st.sampled_from(["dealer_sits_out", "rotate_independently"]),
    },
)


def play_deal(
    seed: int, *, seats: int = 3, options: dict[str, object] | None = None, mix: str = "rr"
) -> Iterator[tuple[VolenyState, Seat | None, str | None, tuple[Event, ...]]]:
    """Yield every state of a seeded deal played by computer players.

    ``mix`` names the player kind per seat in turn: r = random, u = rules.
    Random players never raise a flek past level 3 so amounts stay readable.
    """
    opts = VOLENY.options(options or {})
    state = VOLENY.new_deal(opts, seats, seed % seats, seed=seed)
    rng = random.Random(seed)
    players = [
        make_player("random" if mix[i % len(mix)] == "r" else "rules", VOLENY.id)
        for i in range(seats)
    ]
    yield state, None, None, ()
    while not state.is_over:
        (seat,) = state.to_act()
        legal = state.legal_actions(seat)
        assert legal, f"seat {seat} to act with no legal action in {state.phase}"
        if mix[seat % len(mix)] == "r" and state.phase == "flek":
            calm = [
                a
                for a in legal
                if a.code == "pass" or max(state.flek_level(n) for n, _ in state.flek) < 3
            ]
            legal = calm or legal
        action = players[seat].choose(state.view(seat), legal, seat, rng)
        state, events = VOLENY.apply(state, seat, action)
        yield state, seat, action.code, events
