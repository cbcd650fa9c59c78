"""A match of Tisíc: deals to 1000, the winner, and the money or beer (§9, §10).

``Match.totals`` are the points on the sheet. ``counters`` hold the tallies
the settlement prices: ``"upisy"`` (failed contracts, forfeits, renonc
penalties) and ``"carky"`` (a defender written 0). ``data`` holds
``last_declarer`` (who took the talon in the last counted deal, the winner's
tie-break of §9), ``penalty_deals`` (forfeits and renonc penalties so far) and,
once the match is over, ``winner``.

After every deal the obligation moves on one seat and its old holder deals
(§2): the new dealer is the old P1, the seat after the old dealer, with three
or four players alike. A storno deal scores nothing and still passes the
deal on (§6.6); a renonc "replay" is dealt again by the same dealer (§11).
The match ends after the deal in which someone reaches the target (§9).

Settlement: ``settlement`` answers haléře for ``stakes="money"`` and ``None``
otherwise, as the engine contract asks (money only). Beer is its own unit and
has its own door, :func:`beer`: beers per seat, + received, − paid, summing
to zero, ``None`` unless ``stakes="beer"``. Both price a match that was
stopped early as if it had ended then, with the leader by the winner rule as
the winner.
"""

from __future__ import annotations

from typing import Any

from games.engine import Outcome, Seat, add_deal
from games.match import Match, Standing, ranked
from games.tisic.options import TisicOptions

__all__ = [
    "CARKY",
    "UPISY",
    "beer",
    "money",
    "multiplier",
    "reached",
    "record_deal",
    "settlement",
    "standings",
    "start",
    "winner",
]

UPISY = "upisy"
CARKY = "carky"


def start(options: TisicOptions, seats: int, first_dealer: Seat) -> Match:
    """A match before its first deal: all totals and tallies 0."""
    zeros = (0,) * seats
    return Match.start(
        "tisic",
        seats,
        first_dealer,
        counters={UPISY: zeros, CARKY: zeros},
        data={"last_declarer": None, "penalty_deals": 0},
    )


def reached(total: int, options: TisicOptions) -> bool:
    """Whether a total has reached the target (§9 ``target_inclusive``)."""
    if options.target_inclusive:
        return total >= options.target_score
    return total > options.target_score


def record_deal(match: Match, outcome: Outcome, options: TisicOptions) -> Match:
    """The match after one more deal (§9)."""
    if match.over:
        raise ValueError("the match is over")
    summary = outcome.summary
    if not outcome.played:
        same = bool(summary.get("redeal"))
        return match.replace(
            deals=match.deals + 1,
            dealer=match.dealer if same else (match.dealer + 1) % match.seats,
            opener=None,
        )
    upisy = list(match.counter(UPISY))
    for seat in summary.get("upisy", ()):
        upisy[int(seat)] += 1
    carky = list(match.counter(CARKY))
    for seat in summary.get("carky", ()):
        carky[int(seat)] += 1
    data: dict[str, Any] = dict(match.data)
    if summary.get("declarer") is not None:
        data["last_declarer"] = int(summary["declarer"])
    if summary.get("penalty"):
        data["penalty_deals"] = int(data.get("penalty_deals", 0)) + 1
    following = add_deal(
        match,
        outcome.scores,
        counters={**match.counters, UPISY: tuple(upisy), CARKY: tuple(carky)},
        data=data,
    )
    if not any(reached(t, options) for t in following.totals):
        return following
    data["winner"] = winner(following.totals, data.get("last_declarer"), options)
    return following.replace(data=data, over=True)


def winner(totals: tuple[int, ...], last_declarer: Seat | None, options: TisicOptions) -> Seat:
    """The one winner of §9 (or, before the end, who would win now).

    ``talon_priority``: the last declarer wins if he reached the target;
    otherwise the highest total among those who reached it. ``highest_score``:
    the highest total, the last declarer first among the tied. Still tied: the
    first tied seat in seat order after the last declarer.
    """
    seats = range(len(totals))
    pool = list(seats)
    if options.winner_rule == "talon_priority":
        done = [s for s in seats if reached(totals[s], options)]
        if last_declarer is not None and last_declarer in done:
            return last_declarer
        pool = done or pool
    best = max(totals[s] for s in pool)
    tied = [s for s in pool if totals[s] == best]
    if last_declarer is not None and last_declarer in tied:
        return last_declarer
    start_at = 0 if last_declarer is None else last_declarer + 1
    return min(tied, key=lambda s: (s - start_at) % len(totals))


def _winner_of(match: Match, options: TisicOptions) -> Seat:
    recorded = match.data.get("winner")
    if recorded is not None:
        return int(recorded)
    last = match.data.get("last_declarer")
    return winner(match.totals, None if last is None else int(last), options)


def standings(match: Match, options: TisicOptions) -> tuple[Standing, ...]:
    """Once over: the winner first (alone in place 1, §9), then the others by total,
    ties shared. While the match runs: by total, ties shared."""
    if not match.over:
        return ranked(match.totals)
    first = _winner_of(match, options)
    rest = ranked(match.totals, seats=[s for s in range(match.seats) if s != first])
    return (
        Standing(first, 1, match.totals[first]),
        *(Standing(s.seat, s.place + 1, s.score) for s in rest),
    )


def multiplier(final: int, options: TisicOptions) -> int:
    """§10.1: ×4 in mínus (below 0), ×2 in dubl (below 500), else ×1. Exactly 0
    is dubl with ``zero_is_dubl`` (★), else mínus."""
    if final < 0 or (final == 0 and not options.zero_is_dubl):
        return 4
    if final < options.dubl_below:
        return 2
    return 1


def money(match: Match, options: TisicOptions) -> tuple[int, ...]:
    """Haléře per seat (§10.1): each loser pays the winner ``(base + úpisy ×
    upis_price + čárky × carka_price) × multiplier``; losers do not pay each other."""
    first = _winner_of(match, options)
    upisy, carky = match.counter(UPISY), match.counter(CARKY)
    result = [0] * match.seats
    for seat in range(match.seats):
        if seat == first:
            continue
        owed = options.base + options.upis_price * upisy[seat] + options.carka_price * carky[seat]
        pay = owed * multiplier(match.totals[seat], options)
        result[seat] -= pay
        result[first] += pay
    return tuple(result)


def beer(match: Match, options: TisicOptions) -> tuple[int, ...] | None:
    """Beers per seat (§10.2), ``None`` unless the table plays for beer.

    The last (lowest total; all tied for last) pays the winner 1 × multiplier;
    the others pay nothing, unless ``beer_second_pays``: then one in dubl or
    mínus pays ``multiplier - 1``.
    """
    if options.stakes != "beer":
        return None
    first = _winner_of(match, options)
    losers = [s for s in range(match.seats) if s != first]
    lowest = min(match.totals[s] for s in losers)
    result = [0] * match.seats
    for seat in losers:
        mult = multiplier(match.totals[seat], options)
        if match.totals[seat] == lowest:
            pay = mult
        elif options.beer_second_pays:
            pay = mult - 1
        else:
            pay = 0
        result[seat] -= pay
        result[first] += pay
    return tuple(result)


def settlement(match: Match, options: TisicOptions) -> tuple[int, ...] | None:
    """Money in haléře for ``stakes="money"``; ``None`` otherwise (beer: :func:`beer`)."""
    if options.stakes != "money" or match.deals == 0:
        return None
    return money(match, options)
