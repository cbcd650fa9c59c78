"""Licitovaný deals sampled from what one seat knows (for the strong player).

The play of licitovaný is volený's play: three hands of ten, the declarer's
two discards as the talon (his alone to see; the sharp cards of a trump
contract's talon face up where the house tolerates them), marriages declared
aloud, Mariáš duties. So a licitovaný view is read as the volený view of the
same knowledge (``games.marias_licit.views.voleny_view``, which the rule
player already uses) and sampled by ``games.marias.determinize``: voids from
not following, the partner card of a declared marriage, the talon rules, and
every sample checked against the whole history.

Before the play the same sampler serves the strong player's auction, contract
and flek decisions: in the auction the other twenty cards and the talon are
dealt anew; from the contract on the declarer's two discards are the talon.
While the declarer holds all twelve cards (the talon phase) there is no talon
to sample (volený's sampler sizes the talon by the cards not in a hand).

The auction is read too, softly (:func:`bid_bounds`), when the caller passes
a model of how a seat bids (the strong player passes the rule player's,
``games.players.licit_rules.auction_top``, the highest level its ``reach``
finds): each other seat's bids, holds ("mám") and pass are what that model
would have said with the ten cards the sample gives it in the auction, so a seat that
bid a sedma holds one and a seat that passed holds none. The auction's hand
is the hand now plus the cards it played, for every seat but the declarer,
and so through the whole deal. The declarer's bid is read only while the
auction lasts (he is not the declarer yet): once he has taken the talon his
auction hand is his twelve less two cards nobody else saw, and drawing those
two at random and rejecting the whole (the sound way) fits only a few deals
in a hundred beside the trumps his contract already tells (volený's
``DECLARER_TRUMPS``): a sample took several times as long and still fell
back one time in seven in the fleks. The seats that decide after the talon
(the fleks, the play) know his contract, which tells the trumps his bid was
about. The bids are volený's
sampler's soft ``fit``, tried ``BID_TRIES`` times and then dropped
(``World.fits`` is then ``False``): they are a model of how a seat bids, not
a rule, so they never make a view unsampleable.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from games.cards import card
from games.marias import determinize as voleny
from games.marias_licit import auction as bidding
from games.marias_licit.views import PlayerView, voleny_view
from games.tricks import TrickRules

__all__ = [
    "BID_TRIES",
    "BidModel",
    "World",
    "bid_bounds",
    "consistent",
    "rules_of",
    "sample_world",
]

BID_TRIES = 40
"""The tries (``deal_hidden``'s, so up to twice as many deals) for a sample whose
hands fit the bids. The rule player bids a sedma (level 1) with one hand in
seven, so a lone bidder's hand is missed a few times in a million;
the red sedma (one hand in thirty) about once in fifteen, a sto (one hand in
two hundred) two times in three: the higher levels fall back more, the price
of a search that costs at most some eighty checks of a few tens of
microseconds each."""

BidModel = Callable[[int], int]
"""The highest level a seat bids and holds to with a hand of ten (a card mask),
0 for none: a junior bids while the next level is at most this, a senior
holds while the table's is."""

Said = tuple[int | None, int | None]
"""What a seat's words in the auction say of its top level ``t``: ``low <= t <
high``, either end ``None`` when nothing bounds it."""


World = voleny.World
"""A volený sample; ``fits`` says whether its hands fit the bids (``False`` for
one dealt without them, see :func:`sample_world`)."""


def rules_of(view: PlayerView) -> TrickRules:
    """The trick rules of the contract the view shows."""
    return voleny.rules_of(voleny_view(view))


def consistent(view: PlayerView, hands: dict[int, int], rules: TrickRules) -> bool:
    """Whether each card played so far was legal from ``hands`` (now, per seat)."""
    return voleny.consistent(voleny_view(view), hands, rules)


def bid_bounds(view: PlayerView) -> dict[int, Said]:
    """Per seat that spoke in the auction, what its words say of its top level,
    the auction replayed from the calls (F, M, Z are ``active``):

    * a bid of ``n``, or "mám" with ``n`` on the table: the top is ``n`` at least;
    * a junior's pass (F's in stage 3 too) with ``n`` on the table: the next
      level was above its top (``high = n + 1``);
    * a senior's pass with ``n`` on the table: ``n`` was (``high = n``).

    A pass is final, so the bounds of one seat never cross when it bid by the
    rule; a seat that bid beyond the rule (the strong player bids betl on low
    cards) can get crossed bounds, which no sample fits."""
    pub = view.public
    auction = bidding.start((pub.active[0], pub.active[1], pub.active[2]))
    low: dict[int, int] = {}
    high: dict[int, int] = {}
    for seat, code in pub.calls:
        if auction.over or seat != auction.speaker:
            break
        if code.startswith("bid:"):
            n = int(code.removeprefix("bid:"))
            low[seat] = max(low.get(seat, n), n)
            auction = bidding.bid(auction, n)
        elif code == "mam":
            low[seat] = max(low.get(seat, auction.level), auction.level)
            auction = bidding.hold(auction)
        elif code == "pass":
            senior = auction.seniors_turn
            high[seat] = auction.level if senior else auction.lowest_bid()
            auction = bidding.pass_(auction)
        else:
            break
    return {s: (low.get(s), high.get(s)) for s in sorted(low.keys() | high.keys())}


def _within(said: Said, top: int) -> bool:
    low, high = said
    return (low is None or top >= low) and (high is None or top < high)


def sample_world(view: PlayerView, rng: random.Random, bids: BidModel | None = None) -> World:
    """A deal consistent with ``view``: the other two hands and the talon, their
    hands in the auction fitting their calls as ``bids`` reads a hand
    (``None``: the calls are not read)."""
    seen = voleny_view(view)
    pub = view.public
    active = list(pub.active)
    bounds = bid_bounds(view) if bids is not None else {}
    declarer = pub.declarer
    said = [(active.index(s), s, b) for s, b in bounds.items() if s not in (view.seat, declarer)]
    if not said or bids is None:
        return voleny.sample_world(seen, rng)
    played: dict[int, int] = dict.fromkeys(active, 0)
    for trick in [*(t.plays for t in pub.history), pub.trick]:
        for seat, c in trick:
            played[seat] |= 1 << card(c)

    def fit(hands: list[int], talon: int) -> bool:
        """Each seat's hand in the auction (its hand now and its plays) fits its calls."""
        return all(_within(b, bids(hands[i] | played[s])) for i, s, b in said)

    return voleny.sample_world(seen, rng, fit, BID_TRIES)
