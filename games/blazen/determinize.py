"""Full games of Blázen consistent with what one seat knows (for the strong player).

A computer player sees only ``view(seat)``. To look ahead it needs whole
games, so this module deals the cards it cannot see, uniformly among the
deals that agree with everything the view tells:

* its own hand, every hand's size, the stock and Bito sizes, the table and
  every finished bout (``history``: all their cards are public);
* the cards everyone saw go into a hand (``known``: a pick-up, the drawn
  trump card, a shown trump), which stay in that hand until played;
* the turned trump card, the stock's last card while there is a stock;
* before the first draw, that nobody but the first attacker held a trump
  below the one he showed to open (§5);
* who is asked to throw in: a thrower is skipped, and left out of a window,
  exactly when he holds no card of a rank on the table (§12.1), so the seats
  the view names (or does not name) there tell something of their hands.

The result is a real engine state (``BlazenGame``), so ``apply`` can go on
from it, and its ``view(seat)`` is the view it came from. What the view does
not say, and no seat can know, is filled in plainly: the order the hands
emptied in this bout, who went out together in one bout (``exits`` are
singletons), the deal's record fields. The house rules are not in the view
either: the caller passes them (:func:`table_options` corrects the ones the
view shows: the deck, the variant and the team mode).
"""

from __future__ import annotations

import random
from dataclasses import replace

from games.blazen.bout import eligible_throwers
from games.blazen.game import BlazenGame
from games.blazen.opening import interjections
from games.blazen.options import TEAM_SEATS, BlazenOptions
from games.blazen.rules import DECKS, rank_mask_of
from games.blazen.state import Bout, Phase
from games.blazen.views import PlayerView
from games.cards import SUIT_MASKS, Card, card, cards_of, mask_of
from games.engine import Seat
from games.strong.sampling import deal_hidden

__all__ = ["Determinizer", "table_options"]


def _mask(codes: tuple[str, ...] | list[str]) -> int:
    return mask_of(card(c) for c in codes)


def table_options(view: PlayerView, base: BlazenOptions | None = None) -> BlazenOptions:
    """``base`` (the defaults) with what the view itself shows of the house rules: the
    deck size (all cards are somewhere), the variant and the team mode."""
    opts = base or BlazenOptions()
    pub = view.public
    total = (
        sum(pub.hand_sizes.values())
        + pub.stock
        + pub.bito
        + sum(1 + (d is not None) for _, d in pub.table)
    )
    if total in DECKS and total != opts.deck_size:
        opts = replace(opts, deck_size=total)
    if pub.rules != opts.variant:
        opts = replace(opts, variant=pub.rules)
    mode = "none"
    if pub.teams is not None:
        mode = {n: m for m, n in TEAM_SEATS.items()}.get(pub.seats, "none")
    if mode != opts.team_mode:
        opts = replace(opts, team_mode=mode)
    return opts


class Determinizer:
    """Everything one view fixes, computed once; :meth:`sample` deals the rest."""

    def __init__(self, view: PlayerView, options: BlazenOptions) -> None:
        pub = view.public
        self.view = view
        self.options = options
        self.seat = view.seat
        self.seats = pub.seats
        self.trump = "hdsc".index(pub.trump)
        self.trump_card = card(pub.trump_card)
        self.own = _mask(view.hand)
        self.known = [_mask(pub.known.get(s, ())) for s in range(self.seats)]
        self.table = tuple((card(a), None if d is None else card(d)) for a, d in pub.table)
        table_mask = 0
        for a, d in self.table:
            table_mask |= 1 << a | (0 if d is None else 1 << d)
        self.table_mask = table_mask
        history: list[Bout] = []
        bito_known = 0
        for b in pub.history:
            cards = tuple((card(a), None if d is None else card(d)) for a, d in b["table"])
            history.append(Bout(b["opener"], b["defender"], cards, b["taken"]))
            if not b["taken"]:
                for a, d in cards:
                    bito_known |= 1 << a | (0 if d is None else 1 << d)
        self.history = tuple(history)
        self.bito_known = bito_known
        self.bito_hidden = pub.bito - bito_known.bit_count()
        self.stock_size = pub.stock
        deck = mask_of(DECKS[options.deck_size])
        seen = self.own | table_mask | bito_known | sum(self.known)
        if pub.stock:
            seen |= 1 << self.trump_card
        self.pool = deck & ~seen
        self.others = [s for s in range(self.seats) if s != self.seat]
        sizes = [pub.hand_sizes[s] - self.known[s].bit_count() for s in self.others]
        sizes += [max(0, pub.stock - 1), self.bito_hidden]
        if min(sizes) < 0 or sum(sizes) != self.pool.bit_count():
            raise ValueError("the view does not fit these house rules (deck, counts)")
        self.sizes = sizes
        self.phase = Phase(pub.phase)
        self.waiting = (
            frozenset() if self.phase is Phase.OPEN else frozenset(pub.to_act) - {pub.to_move}
        )
        self.gone = frozenset(pub.out)
        self.teams = pub.teams if pub.teams is not None else tuple(range(self.seats))
        self.discards = sum(1 for b in history if not b.taken) + (1 if self.bito_hidden else 0)
        allowed = [self.pool] * len(sizes)
        # §5: before the first draw only the first attacker held a trump below his.
        if pub.opening_trump is not None and not history:
            lowest = card(pub.opening_trump)
            below = SUIT_MASKS[self.trump] & ((1 << lowest) - 1)
            for i in range(len(self.others)):
                allowed[i] &= ~below
        self.allowed = allowed
        self.ranks = 0
        self.must: list[int] = []  # holders that must hold a card of a rank on the table
        self._throw_constraints()

    def _throw_constraints(self) -> None:
        """Who the view names as a thrower (or leaves out) tells if he holds a table rank."""
        pub, opts = self.view.public, self.options
        if not self.table or pub.room == 0 or opts.always_prompt_throwers:
            return
        ranks = rank_mask_of(c for a, d in self.table for c in (a, d) if c is not None)
        skeleton = self._build(self.allowed, exact=False, rng=random.Random(0))
        queue = eligible_throwers(skeleton)
        has: set[Seat] = set()
        lacks: set[Seat] = set()
        window = opts.throw_in_mode == "window"
        throw_phase = self.phase in (Phase.THROW, Phase.TAKE_ADD) or (
            self.phase is Phase.DEFEND and opts.throw_in_timing == "anytime"
        )
        if window and throw_phase:
            for s in queue:
                if s in pub.passed or not pub.hand_sizes[s]:
                    continue
                (has if s in self.waiting else lacks).add(s)
        elif not window and self.phase in (Phase.THROW, Phase.TAKE_ADD) and pub.to_move is not None:
            has.add(pub.to_move)
            if self.phase is Phase.THROW and pub.to_move in queue:
                for s in queue[: queue.index(pub.to_move)]:
                    if s not in pub.passed and pub.hand_sizes[s]:
                        lacks.add(s)
        for s in lacks - {self.seat}:
            self.allowed[self.others.index(s)] &= ~ranks
        for s in has - {self.seat}:
            if not self.known[s] & ranks:
                self.must.append(self.others.index(s))
        self.ranks = ranks

    def _accept(self, hands: list[int]) -> bool:
        return all(hands[i] & self.ranks for i in self.must)

    def sample(self, rng: random.Random) -> BlazenGame:
        """One full game, uniform among those consistent with the view."""
        return self._build(self.allowed, exact=True, rng=rng)

    def _build(self, allowed: list[int], *, exact: bool, rng: random.Random) -> BlazenGame:
        accept = self._accept if exact and self.must else None
        dealt = deal_hidden(self.pool, self.sizes, allowed, rng, accept=accept).hands
        pub = self.view.public
        hands = [0] * self.seats
        hands[self.seat] = self.own
        for i, s in enumerate(self.others):
            hands[s] = dealt[i] | self.known[s]
        stock_cards = list(cards_of(dealt[len(self.others)]))
        rng.shuffle(stock_cards)
        stock: tuple[Card, ...] = ()
        if self.stock_size:
            stock = (*stock_cards, self.trump_card)
        bito = self.bito_known | dealt[-1]
        emptied = tuple(s for s in range(self.seats) if not hands[s] and s not in self.gone)
        history = self.history
        state = BlazenGame(
            options=self.options,
            seats=self.seats,
            dealer=pub.dealer,
            seed=None,
            teams=tuple(self.teams),
            dealt=tuple(tuple(cards_of(h)) for h in hands),
            dealt_stock=stock,
            dealt_bito=dealt[-1],
            fixed_attacker=None,
            trump=self.trump,
            trump_card=self.trump_card,
            hands=tuple(hands),
            stock=stock,
            bito=bito,
            known=tuple(self.known),
            phase=self.phase,
            opener=pub.opener if pub.opener is not None else 0,
            defender=pub.defender if pub.defender is not None else 0,
            to_move=pub.to_move,
            waiting=self.waiting,
            table=self.table,
            passed=frozenset(pub.passed),
            shown=_mask(pub.shown),
            opened=0,
            emptied=emptied,
            opening_trump=None if pub.opening_trump is None else card(pub.opening_trump),
            version=pub.version,
            started=bool(history or self.table),
            bouts=len(history),
            discards=self.discards,
            gone=self.gone,
            exits=tuple((s,) for s in pub.out),
            last_bout=history[-1] if history else None,
            history=history,
        )
        queue: tuple[Seat, ...] = ()
        ptr = 0
        if self.phase in (Phase.THROW, Phase.TAKE_ADD) or self.waiting:
            queue = eligible_throwers(state)
            if pub.to_move in queue:
                ptr = queue.index(pub.to_move)
        return state.but(queue=queue, ptr=ptr, interject=interjections(state))
