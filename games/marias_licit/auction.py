"""The hold auction for the talon (§3.3.3, option ``licit_auction = "hold"``).

Priority is F > M > Z (the dealer). In each stage a *junior* bids against a
*senior* who has priority: the junior names a level strictly higher than the
one on the table or passes; after a bid the senior says "mám" (holds that
level) or passes. Stage 1 is M against F; stage 2 is Z against the survivor
(M has the priority there when F dropped out). The last seat in holds the
contract at the level on the table. When M and Z both pass without a bid,
F may name any level himself (stage 3) or pass, and when all pass the deal
is dealt again. A pass is final for the rest of the auction.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from games.engine import Seat

__all__ = ["TOP_LEVEL", "Auction", "bid", "hold", "pass_", "start"]

TOP_LEVEL = 12


@dataclass(frozen=True, slots=True)
class Auction:
    """Where the auction stands. ``level`` is the level on the table (0: none yet)
    and ``holder`` the seat that holds it; ``speaker`` is to speak (``None`` once
    over). ``winner`` is the declarer when it is over (``None`` and over: all passed)."""

    order: tuple[Seat, Seat, Seat]  # F, M, Z
    stage: int
    senior: Seat
    junior: Seat | None
    level: int = 0
    holder: Seat | None = None
    speaker: Seat | None = None
    over: bool = False
    winner: Seat | None = None

    @property
    def seniors_turn(self) -> bool:
        """Whether the senior is to answer a bid ("mám" or pass)."""
        return self.speaker is not None and self.speaker == self.senior and self.stage < 3

    def lowest_bid(self) -> int:
        """The least level the speaker may bid (above the table's; any in stage 3)."""
        return self.level + 1


def start(order: tuple[Seat, Seat, Seat]) -> Auction:
    """M speaks first, against F."""
    return Auction(order, 1, senior=order[0], junior=order[1], speaker=order[1])


def bid(auction: Auction, level: int) -> Auction:
    """The speaker (a junior, or F in stage 3) bids ``level``."""
    seat = auction.speaker
    assert seat is not None
    if auction.stage == 3:
        return replace(auction, level=level, holder=seat, speaker=None, over=True, winner=seat)
    return replace(auction, level=level, holder=seat, speaker=auction.senior)


def hold(auction: Auction) -> Auction:
    """The senior holds the level just bid; the junior speaks again."""
    return replace(auction, holder=auction.senior, speaker=auction.junior)


def pass_(auction: Auction) -> Auction:
    """The speaker drops out; the stage ends with the other seat the survivor."""
    seat = auction.speaker
    if auction.stage == 3:
        return replace(auction, speaker=None, over=True, winner=None)
    survivor = auction.senior if seat == auction.junior else auction.junior
    assert survivor is not None
    if auction.stage == 1:
        dealer = auction.order[2]
        return replace(auction, stage=2, senior=survivor, junior=dealer, speaker=dealer)
    if auction.level == 0:  # M and Z passed without a bid: F may name a level
        forhond = auction.order[0]
        return replace(auction, stage=3, senior=forhond, junior=None, speaker=forhond)
    return replace(auction, speaker=None, over=True, winner=survivor, holder=survivor)
