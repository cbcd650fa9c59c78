"""Ve dvou deals sampled from what one seat knows (for the strong player).

The seat knows its hand, every card played and, in B, the face-up card at the
stock's bottom. The other hand and the stock's order are hidden while the
stock lasts; once it is gone nothing is hidden (32 cards: sixteen tricks), so
the sample is the truth. The play tells less than in the games of three: a
void shown in a strict trick (A, B always; C once the stock is gone) says only
that the cards of that suit the opponent holds now (or played since) were
drawn after it, so there are at most as many as he drew since. A declared
marriage's other card stays in his hand until played (a drawn card never
goes back). :func:`consistent` checks both, and every strict trick played
after the last draw card by card.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass

from games.cards import DECK_32, SUIT_MASKS, Card, Suit, card, mask_of
from games.marias.rules import KINGS, NORMAL_ORDER
from games.marias_dvou.views import PlayerView
from games.strong.sampling import deal_hidden
from games.tricks import TrickRules, marias_duties

__all__ = ["STOCK_TRICKS", "TRICKS", "World", "consistent", "rules_of", "sample_world"]

DECK: int = mask_of(DECK_32)
TRICKS = 16
STOCK_TRICKS = 8
"""Both players draw after each of the first eight tricks (sixteen stock cards)."""
_SUITS = "hdsc"


@dataclass(frozen=True, slots=True)
class World:
    """One sampled deal: both hands now (in ``forhond, dealer`` order), the stock in
    draw order, and whether every constraint held (``exact``)."""

    hands: list[int]
    stock: tuple[Card, ...]
    exact: bool


def rules_of(view: PlayerView) -> TrickRules:
    """The strict trick rules (the default duties: a view carries no house rules)."""
    trump = view.public.trump
    suit = None if trump is None else Suit(_SUITS.index(trump))
    return TrickRules.build(marias_duties(), NORMAL_ORDER, None, suit)


def _tricks(view: PlayerView) -> list[list[tuple[int, Card]]]:
    out = [[(s, card(c)) for s, c in t.plays] for t in view.public.history]
    if view.public.trick:
        out.append([(s, card(c)) for s, c in view.public.trick])
    return out


def _strict(view: PlayerView, number: int) -> bool:
    return view.public.rules != "C" or number > STOCK_TRICKS


def consistent(view: PlayerView, hands: Mapping[int, int], rules: TrickRules) -> bool:
    """Whether ``hands`` (now, per seat) fit the history: each void of a strict trick
    no larger than the draws since, each marriage's other card still held, each
    strict trick after the last draw legal card by card."""
    tricks = _tricks(view)
    done = len(view.public.history)
    later: dict[int, int] = {s: 0 for s in hands}  # cards each played after a trick
    for number in range(len(tricks), 0, -1):
        trick = tricks[number - 1]
        if _strict(view, number) and not _trick_fits(trick, number, done, hands, later, rules):
            return False
        for seat, c in trick:
            later[seat] |= 1 << c
    played = sum(later.values())
    for seat, suit, _points in view.public.marriages:
        pair = _pair(suit)
        if pair & ~played & ~hands[seat]:
            return False
    return True


def _trick_fits(
    trick: list[tuple[int, Card]],
    number: int,
    done: int,
    hands: Mapping[int, int],
    later: Mapping[int, int],
    rules: TrickRules,
) -> bool:
    drawn = max(0, min(done, STOCK_TRICKS) - number + 1)  # each player's draws since
    led = trick[0][1]
    win = led
    for seat, c in trick[1:]:
        held = hands[seat] | later[seat]  # all of it held then, but for what he drew since
        if not drawn:
            if not rules.legal(held | 1 << c, led // 13, win) >> c & 1:
                return False
        elif c // 13 != led // 13:
            banned = SUIT_MASKS[led // 13]
            if rules.trump_mask and not rules.trump_mask >> c & 1:
                banned |= rules.trump_mask
            if (held & banned).bit_count() > drawn:
                return False
        if rules.beaters[win] >> c & 1:
            win = c
    return True


def _pair(suit: str) -> int:
    king = mask_of(c for c in DECK_32 if KINGS >> c & 1 and c // 13 == _SUITS.index(suit))
    return king | king >> 1


def sample_world(view: PlayerView, rng: random.Random) -> World:
    """A deal consistent with ``view``: the other hand and the stock's order."""
    pub = view.public
    me = view.seat
    active = [pub.forhond, next(s for s in pub.hand_sizes if s != pub.forhond)]
    other = active[1] if me == active[0] else active[0]
    mine = mask_of(card(c) for c in view.hand)
    played = 0
    for trick in _tricks(view):
        for _, c in trick:
            played |= 1 << c
    turned = card(pub.turned_card) if pub.turned_card else None
    fixed = 0
    for seat, suit, _points in pub.marriages:
        if seat == other:
            fixed |= _pair(suit) & ~played
    hidden = DECK & ~played & ~mine & ~fixed
    if turned is not None:
        hidden &= ~(1 << turned)
    size = pub.hand_sizes[other] - fixed.bit_count()
    rules = rules_of(view)

    def accept(parts: list[int]) -> bool:
        return consistent(view, {me: mine, other: parts[0] | fixed}, rules)

    sample = deal_hidden(
        hidden, [size, hidden.bit_count() - size], [DECK, DECK], rng, accept=accept
    )
    stock = [c for c in DECK_32 if sample.hands[1] >> c & 1]
    rng.shuffle(stock)
    if turned is not None:
        stock.append(turned)
    hands = {me: mine, other: sample.hands[0] | fixed}
    return World([hands[s] for s in active], tuple(stock), sample.exact)
