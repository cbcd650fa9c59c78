"""A match of Blázen: the fool deals, his neighbour attacks, the fools are counted.

The match's totals are the fool tally (how often each seat was the fool, or
on the losing team, §10.4); the fewer the better. The next dealer and the
next first attacker (``Match.opener``) are the ones the last game named
(§4.1, §5); a draw or a redeal (§4.6) scores nothing and keeps the dealer.
The pogony of the epaulettes house rule (§11.3) are kept as the counter
``"straps"``. A match of Blázen has no end of its own: the table plays on
until it is stopped, unless ``max_deals`` is given (the terminal player).
"""

from __future__ import annotations

from games.blazen.options import BlazenOptions
from games.engine import Outcome, Seat, add_deal
from games.match import Match, Standing, ranked

__all__ = [
    "epaulette_title",
    "next_dealer",
    "next_opener",
    "record",
    "standings",
    "start",
    "strap_totals",
]

STRAPS = "straps"


def start(seats: int, dealer: Seat, *, max_deals: int | None = None) -> Match:
    """A new match; the first game uses the first-game rules (lowest trump, §5)."""
    data = {} if max_deals is None else {"max_deals": max_deals}
    return Match.start("blazen", seats, dealer, data=data)


def next_dealer(match: Match, outcome: Outcome) -> Seat:
    """The fool deals; after a draw or a redeal the same dealer deals again (§4.1)."""
    dealer = outcome.summary.get("next_dealer")
    return match.dealer if dealer is None else int(dealer)


def next_opener(match: Match, outcome: Outcome) -> Seat | None:
    """The first attacker of the next game (``next_game_first_attacker``, §5)."""
    opener = outcome.summary.get("next_attacker")
    return None if opener is None else int(opener)


def record(match: Match, outcome: Outcome) -> Match:
    """The match after one more game of Blázen."""
    straps = list(match.counter(STRAPS))
    for seat, count in (outcome.summary.get("straps") or {}).items():
        straps[int(seat)] += int(count)
    limit = match.data.get("max_deals")
    following = add_deal(
        match,
        outcome.scores,
        dealer=next_dealer(match, outcome),
        opener=next_opener(match, outcome),
        counters={**match.counters, STRAPS: tuple(straps)},
    )
    return following.replace(over=limit is not None and following.deals >= int(limit))


def standings(match: Match) -> tuple[Standing, ...]:
    """The fewest fools first."""
    return ranked(match.totals, higher_is_better=False)


def strap_totals(match: Match) -> tuple[int, ...]:
    """Pogony per seat over the match (§11.3; all 0 unless ``epaulettes``)."""
    return match.counter(STRAPS)


def epaulette_title(total: int, options: BlazenOptions) -> str | None:
    """The title for a pogony total: the first title for 1, the next for 2, … (§11.3)."""
    if total <= 0:
        return None
    titles = options.epaulette_titles
    return titles[min(total, len(titles)) - 1]
