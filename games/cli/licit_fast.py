"""A fast path for random card play in licitovaný mariáš, and its benchmark.

Licitovaný's play phase runs the mariáš trick loop
(``games.marias.fast.play_tricks``, volený's kernel) with its own parameters:
hands as bit masks, the legal cards and the trick's winner from the engine's own trick
kit (``games.marias_licit.legality.trick_rules``), the card points, the last
trick and the marriages (trump contracts) as ``apply`` counts them, and a
betl or durch ended at the trick that decides it when the table says so
(``end_betl_durch_early``). ``trace`` receives the cards in order, so a test
can replay them through ``apply`` and compare.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from games.cli.timing import collect, seat_due, standard_bench, table_of
from games.marias.fast import play_tricks
from games.marias_licit.legality import trick_rules
from games.marias_licit.state import LicitState, Phase

__all__ = ["LicitPlayout", "licit_bench", "licit_playout", "play_start"]


@dataclass(frozen=True, slots=True)
class LicitPlayout:
    """Per active role (forhond, middle, zadák): tricks, card points (the last
    trick's 10 included when all ten were played) and marriage points; how many
    tricks were played and who took the last of them (a role)."""

    tricks: tuple[int, int, int]
    points: tuple[int, int, int]
    marriages: tuple[int, int, int]
    played: int
    last_winner: int


def licit_playout(
    state: LicitState, rng: random.Random, trace: list[int] | None = None
) -> LicitPlayout:
    """Play the rest of the deal with uniformly random legal cards."""
    if state.phase is not Phase.PLAY or state.declarer is None or state.level is None:
        raise ValueError("playouts start in the play phase")
    trump = state.trump
    lv = state.level
    early = state.options.end_betl_durch_early
    run = play_tricks(
        state,
        trick_rules(state),
        rng,
        trace,
        total=10,
        marry=trump is not None,
        trump=None if trump is None else int(trump),
        declarer=state.active.index(state.declarer),
        betl=early and lv.has("betl"),
        durch=early and lv.has("durch"),
    )
    tricks, points, marriages = run.tricks, run.points, run.marriages
    return LicitPlayout(
        (tricks[0], tricks[1], tricks[2]),
        (points[0], points[1], points[2]),
        (marriages[0], marriages[1], marriages[2]),
        run.done,
        run.last_winner,
    )


def play_start(variant: Any, options: Any, seed: int) -> LicitState | None:
    """A deal of three brought by random legal actions to its first card (``None``
    when all passed or the declarer conceded)."""
    rng = random.Random(seed)
    state: LicitState = variant.new_deal(options, 3, seed % 3, seed=seed)
    while not state.is_over and state.phase is not Phase.PLAY:
        seat = state.to_move
        assert seat is not None
        legal = [a for a in state.legal_actions(seat) if a.code != "omyl"]
        if state.phase is Phase.AUCTION and state.auction.level == 0:
            legal = [a for a in legal if a.code != "pass"] or legal  # somebody bids
        state, _ = variant.apply(state, seat, legal[rng.randrange(len(legal))])
    return state if state.phase is Phase.PLAY else None


def licit_bench(variant: Any, seconds: float) -> int:
    """Licitovaný mariáš: fast-path playouts, replayed actions and whole random deals."""
    options = variant.options()
    standard_bench(
        variant,
        options,
        seconds,
        starts=collect(lambda seed: play_start(variant, options, seed), 50),
        playout=licit_playout,
        playout_label="random playouts (fast path, 10 tricks)",
        recorded=40,
        table=table_of(3, 1),
        seat_of=seat_due,
    )
    return 0
