"""A labeta of cenzr: rounds to 1500 with a cap and a reset (§6).

``Match.totals`` are the current round's totals; ``counters["labeta"]`` the
sum of the finished rounds' results; ``data`` holds the round number, that
round's first dealer and every finished round's results (the score sheet's
lower table). After each played deal the totals grow by the recorded
points; when anyone reaches the target the round ends at once, totals over
it are cut to it, they become the round's result and the next round starts
from 0 with the first dealer left of this round's first dealer. An annulled
deal (all passed) records nothing and checks nothing; the deal still passes
on. The labeta is over after ``rounds_per_labeta`` rounds (default N).
"""

from __future__ import annotations

from typing import Any

from games.cenzr.options import CenzrOptions
from games.engine import Outcome, Seat
from games.match import Match, Standing, ranked

__all__ = ["LABETA", "record_deal", "round_count", "standings", "start"]

LABETA = "labeta"
"""The counter of finished round results, summed (§6.3)."""


def round_count(options: CenzrOptions, seats: int) -> int:
    """Rounds in a labeta: one per player, unless all agreed to fewer (§6.3)."""
    return seats if options.rounds_per_labeta is None else min(options.rounds_per_labeta, seats)


def start(options: CenzrOptions, seats: int, first_dealer: Seat) -> Match:
    """A labeta before its first deal: round 1, dealt first by ``first_dealer``."""
    return Match.start(
        "cenzr",
        seats,
        first_dealer,
        counters={LABETA: (0,) * seats},
        data={"round": 1, "round_dealer": first_dealer, "results": []},
    )


def record_deal(match: Match, outcome: Outcome, options: CenzrOptions) -> Match:
    """The labeta after one more deal (§6.1-§6.3, §4.8)."""
    if match.over:
        raise ValueError("the labeta is over")
    seats = match.seats
    deals = match.deals + 1
    if not outcome.played:  # §4.5: annulled, nothing recorded, no round-end check
        return match.replace(deals=deals, dealer=(match.dealer + 1) % seats, opener=None)
    totals = tuple(t + s for t, s in zip(match.totals, outcome.scores, strict=True))
    target = options.round_target
    if not any(t >= target for t in totals):
        return match.replace(
            totals=totals, deals=deals, dealer=(match.dealer + 1) % seats, opener=None
        )
    results = tuple(min(t, target) if options.cap_at_target else t for t in totals)
    labeta = tuple(a + r for a, r in zip(match.counter(LABETA), results, strict=True))
    data: dict[str, Any] = dict(match.data)
    number = int(data.get("round", 1))
    round_dealer = (int(data.get("round_dealer", match.dealer)) + 1) % seats
    data.update(
        {
            "round": number + 1,
            "round_dealer": round_dealer,
            "results": [*data.get("results", []), list(results)],
        }
    )
    over = number >= round_count(options, seats)
    if over:
        data["round"] = number
    return match.replace(
        totals=(0,) * seats if options.reset_totals_each_round else results,
        deals=deals,
        dealer=round_dealer,
        opener=None,
        counters={**match.counters, LABETA: labeta},
        data=data,
        over=over,
    )


def standings(match: Match, options: CenzrOptions) -> tuple[Standing, ...]:
    """By the labeta score, descending, ties shared (§6.3); while a round runs,
    its totals count provisionally."""
    labeta = match.counter(LABETA)
    if match.over:
        return ranked(labeta)
    results = list(match.data.get("results", []))
    # without the reset a round starts from the last results, already counted
    carried = results[-1] if results and not options.reset_totals_each_round else [0] * match.seats
    return ranked(tuple(a + t - c for a, t, c in zip(labeta, match.totals, carried, strict=True)))
