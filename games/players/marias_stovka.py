"""A volený stovka's chance for its flek: samples that read the announcement.

A declarer announces a stovka (an announced hundred) knowing his ten cards, so
a defender who samples his hand uniformly gives him the hand of anybody, with
which a hundred is nearly always lost: over 113 stovkas the strong player
announced (2,000 seeded deals from seed 100000), the playouts of uniform
samples gave the declarer a chance of 0.09 where he made 95, and of the true
deal 0.75 (made) and 0.67 (lost). So a defender samples the declarer's hand
near the rule player's stovka (``marias_rules``: the trump marriage, five
aces and tens, five trumps), as křížový's defenders sample a betl or durch
(``krizovy_contract.plausible_world``): the first of ``TRIES`` samples within
``RISK`` of that fit, else the closest brought within it by swapping the
declarer's cards with the other defender's. The declarer sees his own hand
and samples the rest as usual.

A stovka is made when the declarer's card points with his best marriage reach
100 (``components.hundred``); its flek is the game's chain. Its raises are not
taken by that chance (:func:`stovka_raise`): even read this way, the playouts
do not tell a made hundred from a lost one (a mean chance of 0.45 for the 95
made, 0.37 for the 18 lost), and the announced stovkas are made five times in
six, so every threshold tried lost the defenders units.

Measured on those 113 stovkas, each played out by the strong player, the
defenders' gain per defender from fleking (doubling the stovka as played):
the rule player's flek (38 of them) -632 units in all; fleking when the
chance above is at most 0.1, 0.2, 0.3, 0.4 or 0.5: -44 (3 fleks), -104 (7),
-236 (25), -632 (47), -1,344 (77); never fleking: 0. A re on the 38 the rule
player fleked gains the declarer as much again (+632). The stovkas are those
of volený deals seeded 100000 to 101999 with the strong player at every seat,
stopped at the defender's flek; ``python -m benchmarks.stovka_flek`` prints
these figures.
"""

from __future__ import annotations

import random

from games.cards import Rank, Suit, card, cards_of, make_card
from games.marias.determinize import World, sample_world
from games.marias.rules import SHARP
from games.marias.views import PlayerView
from games.strong.sampling import swap_nearer

__all__ = ["RISK", "TRIES", "reach", "stovka_raise", "stovka_risk", "stovka_world"]

TRIES = 20
"""Samples drawn for one deal before the closest is brought near the fit."""
RISK = 1
"""The farthest a sampled declarer's hand may be from the fit: one trump, one
ace or ten, or one card of the marriage short (the strong declarer prices his
announcement and takes a little less than the rule player asks)."""
_SUITS = "hdsc"


def stovka_risk(hand: int, trump: int) -> int:
    """How far a hand is from the rule player's stovka in ``trump``: each card of the
    trump marriage missing, each ace or ten short of five, each trump short of
    five (0: it fits)."""
    king = make_card(Rank.KING, Suit(trump))
    queen = make_card(Rank.QUEEN, Suit(trump))
    missing = (not hand >> king & 1) + (not hand >> queen & 1)
    sharp = (hand & SHARP).bit_count()
    trumps = sum(1 for c in cards_of(hand) if c // 13 == trump)
    return missing + max(0, 5 - sharp) + max(0, 5 - trumps)


def reach(value: int, said: list[tuple[int, int]], declarer: int) -> int:
    """The declarer's points towards the hundred after a playout whose value counts
    cards twice and marriages once (for him, against him for the others), and
    whose ``said`` lists the marriages (player, points): his card points and
    his best marriage."""
    mine = [g for p, g in said if p == declarer]
    theirs = sum(g for p, g in said if p != declarer)
    cards = (value - sum(mine) + theirs) // 2
    return cards + max(mine, default=0)


def stovka_world(view: PlayerView, rng: random.Random) -> World:
    """A deal consistent with the view whose declarer could have announced the
    stovka (before the first card; the declarer's own view samples as usual)."""
    pub = view.public
    best = sample_world(view, rng)
    if pub.declarer is None or pub.declarer == view.seat or pub.trump is None:
        return best
    if pub.history or pub.trick:
        return best
    active = list(pub.active)
    declarer = active.index(pub.declarer)
    trump = _SUITS.index(pub.trump)
    best_risk = stovka_risk(best.hands[declarer], trump)
    for _ in range(TRIES - 1):
        if best_risk <= RISK:
            return best
        world = sample_world(view, rng)
        r = stovka_risk(world.hands[declarer], trump)
        if r < best_risk:
            best, best_risk = world, r
    if best_risk <= RISK:
        return best
    hands = list(best.hands)
    me = active.index(view.seat)
    pinned = 1 << card(pub.trump_card) if pub.trump_card else 0
    others = [i for i in range(len(hands)) if i not in (me, declarer)]
    swap_nearer(hands, declarer, others, pinned, lambda h: stovka_risk(h, trump), RISK, rng)
    return World(hands, best.talon, best.exact, best.fits)


def stovka_raise(declarer_side: bool, level: int) -> bool:
    """Whether to raise a stovka's chain from ``level``: the declarer answers a
    flek with re, nobody raises further, and the defenders never flek (see the
    module's measurement)."""
    return declarer_side and level == 1
