"""A match of Blázen: the fool deals, his neighbour attacks, the fools are counted.

``engine.Match`` carries the running tally (how often each seat was the
fool, §10.4), the next dealer and the next first attacker (``Match.opener``);
this module gives it Blázen's rules for both (§4.1, §5). A game is then made
with ``BLAZEN.new_deal(options, seats, match.dealer, seed=…,
first_attacker=match.opener)``. A redeal (§4.6) scores nothing and keeps
the dealer; the caller deals again with the next seed of its stream.
"""

from __future__ import annotations

from games.blazen.options import BlazenOptions
from games.engine import Match, Outcome, Seat

__all__ = [
    "epaulette_title",
    "next_dealer",
    "next_opener",
    "record",
    "start",
    "strap_totals",
]


def start(seats: int, dealer: Seat, *, max_deals: int | None = None) -> Match:
    """A new match; the first game uses the first-game rules (lowest trump, §5)."""
    return Match.start("blazen", seats, dealer, max_deals=max_deals)


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
    return match.record(outcome, next_dealer=next_dealer, next_opener=next_opener)


def strap_totals(match: Match) -> tuple[int, ...]:
    """Pogony per seat over the match (§11.3; all 0 unless ``epaulettes``)."""
    totals = [0] * match.seats
    for deal in match.deals:
        for seat, count in deal.outcome.summary.get("straps", {}).items():
            totals[int(seat)] += int(count)
    return tuple(totals)


def epaulette_title(total: int, options: BlazenOptions) -> str | None:
    """The title for a pogony total: the first title for 1, the next for 2, … (§11.3)."""
    if total <= 0:
        return None
    titles = options.epaulette_titles
    return titles[min(total, len(titles)) - 1]
