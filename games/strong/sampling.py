"""Sampling the hidden cards of a deal consistently with what a seat knows.

A seat knows its own hand, the cards played, and facts the play and the calls
revealed: a void (it did not follow suit), a card that must be in a hand (a
marriage's partner, a trump card shown), a card that cannot be in the talon.
The caller turns those into ``allowed``, one card mask per holder of hidden
cards (the other seats, a talon), and, for what a mask cannot say (a duty to
overtake, a bid), an ``accept`` test on a whole sample.

:func:`deal_hidden` first draws uniform deals and keeps the first that passes,
which is exactly the uniform distribution over the consistent deals; when that
keeps failing (a position with many constraints) it places the most
constrained cards first, and at the very end it drops the constraints it
cannot meet, so a sample always comes back (``Sample.exact`` says which).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from games.cards import cards_of

__all__ = ["Sample", "deal_hidden", "swap_nearer"]

Accept = Callable[[list[int]], bool]


@dataclass(frozen=True, slots=True)
class Sample:
    """Card masks per holder; ``exact`` unless a constraint had to be dropped."""

    hands: list[int]
    exact: bool


def _uniform(cards: list[int], sizes: Sequence[int], rng: random.Random) -> list[int]:
    rng.shuffle(cards)
    hands = []
    at = 0
    for size in sizes:
        mask = 0
        for c in cards[at : at + size]:
            mask |= 1 << c
        hands.append(mask)
        at += size
    return hands


def _placed(
    cards: list[int], sizes: Sequence[int], allowed: Sequence[int], rng: random.Random
) -> list[int] | None:
    """The most constrained card first, to a holder with room, weighted by the room."""
    room = list(sizes)
    hands = [0] * len(sizes)
    order = sorted(cards, key=lambda c: (sum(a >> c & 1 for a in allowed), rng.random()))
    for c in order:
        holders = [i for i, a in enumerate(allowed) if room[i] and a >> c & 1]
        if not holders:
            return None
        weights = [room[i] for i in holders]
        i = rng.choices(holders, weights)[0]
        hands[i] |= 1 << c
        room[i] -= 1
    return hands


def deal_hidden(
    cards: int,
    sizes: Sequence[int],
    allowed: Sequence[int],
    rng: random.Random,
    *,
    accept: Accept | None = None,
    tries: int = 300,
) -> Sample:
    """Deal the ``cards`` mask into holders of ``sizes`` cards, each holding only
    cards of its ``allowed`` mask and the whole passing ``accept``."""
    pool: list[int] = list(cards_of(cards))
    if len(pool) != sum(sizes) or len(sizes) != len(allowed):
        raise ValueError(f"{len(pool)} hidden cards for holders of {list(sizes)}")

    def fits(hands: list[int]) -> bool:
        if any(h & ~a for h, a in zip(hands, allowed, strict=True)):
            return False
        return accept is None or accept(hands)

    for _ in range(tries):
        hands = _uniform(pool, sizes, rng)
        if fits(hands):
            return Sample(hands, True)
    for _ in range(tries):
        placed = _placed(pool, sizes, allowed, rng)
        if placed is not None and (accept is None or accept(placed)):
            return Sample(placed, True)
    placed = _placed(pool, sizes, allowed, rng)
    if placed is not None:
        return Sample(placed, False)
    return Sample(_uniform(pool, sizes, rng), False)


def swap_nearer(
    hands: list[int],
    target: int,
    donors: Sequence[int],
    pinned: int,
    risk: Callable[[int], int],
    limit: int,
    rng: random.Random,
) -> list[int]:
    """``hands`` with ``target``'s cards swapped, one at a time, with the ``donors``'
    for the swap that brings his hand nearest a fit (``risk`` 0; a random one of
    the best), until its risk is at most ``limit`` or no swap helps. ``pinned``
    cards stay where they are. A soft reading of a call (a betl, a stovka) whose
    fitting hands rejection seldom draws: the sample keeps every hand's size."""
    r = risk(hands[target])
    while r > limit:
        best: list[tuple[int, int, int]] = []
        best_r = r
        mine = hands[target]
        for x in cards_of(mine & ~pinned):
            for j in donors:
                for y in cards_of(hands[j] & ~pinned):
                    q = risk(mine & ~(1 << x) | 1 << y)
                    if q < best_r:
                        best, best_r = [], q
                    if q == best_r and q < r:
                        best.append((x, j, y))
        if not best:
            break
        out, k, into = best[int(rng.random() * len(best))]
        hands[target] = hands[target] & ~(1 << out) | 1 << into
        hands[k] = hands[k] & ~(1 << into) | 1 << out
        r = best_r
    return hands
