"""A rule-of-thumb player for Tisíc (tisic.md).

It plays from its own view only (its cards, for the declarer the talon he
took and his discards, and the public history of the deal) and remembers the
deal: which cards are gone and who is void in what (a seat that did not
follow the led suit holds none of it; one that then played no trump, while a
trump was in force, holds no trumps either: trumping is a duty, §7.3).

* Bidding (§5): it estimates the points its ten cards take as the declarer
  (:func:`estimate`): its sure tricks from the top of each suit (the ace,
  then the ten behind it, ...) with what the others drop on them, a guarded
  ten's chance, long suits, the marriages it holds (full value with an ace to
  win the lead back for trick 2, where one may first be declared, §7.2) and
  the two talon cards. It raises by the least step while the bid stays at or
  below that estimate less a margin, and otherwise says „Dobrý". The holder
  of the obligation (povinnost) is never asked when both others pass, so he
  plays for 50 as the rules make him; asked after a raise, he competes like
  anyone else.
* The talon (§6): of every legal pair of discards (never an ace or a ten) it
  keeps the ten cards :func:`estimate` values most, counting the picture
  value of the two laid away (a discarded marriage is only K + Q, §6.3), so it
  lays away low cards of short suits and never half a marriage. It never
  forfeits; with ``storno_by_agreement`` it proposes a storno only with a
  hopeless hand, and as a defender it always answers "play".
* The contract (§6.4): it raises when the estimate of the ten cards it kept
  clearly exceeds the bid, to the estimate less a margin.
* Marriages (§7.2): when leading from trick 2 it declares every marriage it
  holds („TRUMF", leading the queen), the longest suit first: the value is
  its own whoever takes the trick.
* Card play: it cashes sure winners (aces first), draws trumps as the
  declarer with the top trump, leads low from suits without a ten, wins a
  trick with the cheapest card that surely holds it (banking a ten that
  could later fall to the ace), gives points to a partner whose trick is
  safe, and otherwise throws its cheapest card, keeping marriage halves and
  tens.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from games.cards import SUIT_MASKS, Card, CardSet, Rank, Suit, card, cards_of, mask_of
from games.engine import Action, Seat
from games.tisic.actions import (
    Bid,
    Contract,
    Discard,
    Forfeit,
    Pass,
    Play,
    Storno,
    StornoVote,
    TisicAction,
)
from games.tisic.rules import FULL, KINGS, MARRIAGE_VALUE, POINTS, QUEENS, trick_rules
from games.tisic.views import PlayerView, PublicView

__all__ = [
    "RAISE_AT",
    "Memory",
    "TisicRulePlayer",
    "estimate",
    "named_contract",
    "remember",
    "rule_contract",
    "rule_reach",
]

_TOP_DOWN = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.NINE, Rank.EIGHT)
"""The ranks of a suit from the top (the seven, the lowest, never heads a run)."""
_SUITS = tuple(range(4))

DROP = 3
"""What the two others drop on a trick one wins, on average (card points)."""
TALON = 8
"""What the two talon cards add to a hand before they are seen (cards and discards)."""


def _mask(codes: Sequence[str]) -> CardSet:
    return mask_of(card(c) for c in codes)


def _points(mask: CardSet) -> int:
    return sum(POINTS[c] for c in cards_of(mask))


def _has(hand: CardSet, rank: Rank, suit: int) -> bool:
    return bool(hand >> (suit * 13 + rank) & 1)


def estimate(hand: CardSet, *, gone: CardSet = 0) -> int:
    """The raw points a declarer leading with ``hand`` can expect (cards and marriages).

    ``gone`` are cards out of play (the declarer's discards): they neither
    win nor need beating, so a ten over a discarded king is still a ten.
    """
    total = 0
    winners = 0
    for suit in _SUITS:
        mine = hand & SUIT_MASKS[suit]
        length = mine.bit_count()
        if not length:
            continue
        sure = 0
        for rank in _TOP_DOWN:
            bit = 1 << (suit * 13 + rank)
            if mine & bit:
                sure += 1
                total += POINTS[suit * 13 + rank] + DROP
            elif not gone & bit:
                break
        winners += sure
        others = 8 - length - (gone & SUIT_MASKS[suit]).bit_count()
        if sure < length and length > sure + others // 2:
            total += 4 * (length - sure - others // 2)  # long-suit winners
        if _has(hand, Rank.TEN, suit) and not _has(hand, Rank.ACE, suit):
            total += {1: 0, 2: 4}.get(length, 7)  # a guarded ten may survive the ace
    marriages = [s for s in _SUITS if _has(hand, Rank.KING, s) and _has(hand, Rank.QUEEN, s)]
    for i, suit in enumerate(sorted(marriages, key=lambda s: -MARRIAGE_VALUE[s])):
        value = MARRIAGE_VALUE[suit]  # each one needs a lead of its own: later ones count less
        total += value // (1 + i) if winners else value // (2 + i)
    if marriages:  # the longest marriage suit becomes trumps: its length wins tricks
        longest = max((hand & SUIT_MASKS[s]).bit_count() for s in marriages)
        total += 4 * max(0, longest - 3)
    return total


def _floor(amount: int, step: int) -> int:
    return amount // step * step


@dataclass(frozen=True)
class Memory:
    """What the public history tells a seat: the cards gone and the known voids."""

    gone: CardSet  # played in finished tricks and in the trick on the table
    voids: dict[Seat, set[int]]  # suits a seat is known to hold none of


def remember(public: PublicView) -> Memory:
    """Read the finished tricks and the trick on the table for gone cards and voids."""
    gone = 0
    voids: dict[Seat, set[int]] = {s: set() for s in public.active}
    tricks = [(t.plays, t.trump) for t in public.history]
    if public.trick:
        tricks.append((public.trick, public.trump))
    for plays, trump in tricks:
        led = card(plays[0][1]) // 13
        trump_suit = None if trump is None else "hdsc".index(trump)
        for i, (seat, code) in enumerate(plays):
            c = card(code)
            gone |= 1 << c
            if i == 0 or c // 13 == led:
                continue
            voids[seat].add(led)
            if trump_suit is not None and c // 13 != trump_suit:
                voids[seat].add(trump_suit)  # void in the led suit, he had to trump
    return Memory(gone, voids)


RAISE_AT = 25
"""How far the estimate must exceed the bid before the rule player raises it."""


def named_contract(kept: int, discards: int, bid: int, margin: int = 20) -> int:
    """The contract the rule player names (§6.4) with the ``kept`` ten after laying
    ``discards`` away, having bid ``bid``: the bid, or when its estimate of them
    (and the points laid away) clears the bid by ``RAISE_AT``, the estimate less
    the margin and five (the highest legal amount at most that is named)."""
    expected = estimate(kept, gone=discards) + _points(discards)
    if expected - bid < RAISE_AT:
        return bid
    return max(bid, expected - margin - 5)


def rule_contract(kept: int, discards: int, bid: int) -> int:
    """:func:`named_contract` at the rule player's default margin: the strong
    player's samples read a declarer's contract by it."""
    return named_contract(kept, discards, bid, TisicRulePlayer().margin)


def rule_reach(hand: int) -> int:
    """How far the rule player bids with ``hand`` (ten cards, a mask): its estimate
    of them and the talon, less its default margin (``TisicRulePlayer._bid``);
    the strong player's samples read the bids by it."""
    return estimate(hand) + TALON - TisicRulePlayer().margin


class TisicRulePlayer:
    """Heuristic player for every decision of Tisíc.

    ``margin`` is how far below its estimate it bids; ``python -m games arena
    --game tisic`` is where to tune it.
    """

    name = "rules"

    def __init__(self, margin: int = 20) -> None:
        self.margin = margin

    def choose(
        self, view: PlayerView, legal: Sequence[Action], seat: Seat, rng: random.Random
    ) -> Action:
        if not legal:
            raise ValueError("no legal action")
        pick: TisicAction | None = None
        first = legal[0]
        if isinstance(first, Pass | Bid):
            pick = self._bid(view, legal)
        elif isinstance(first, Discard | Forfeit | Storno):
            pick = self._talon(view, legal)
        elif isinstance(first, StornoVote):
            pick = StornoVote(False)
        elif isinstance(first, Contract):
            pick = self._contract(view, legal)
        elif isinstance(first, Play):
            pick = _Play(view, seat).choose([a for a in legal if isinstance(a, Play)])
        return pick if pick is not None and pick in legal else legal[0]

    # --- the auction, the talon and the contract ------------------------------

    def _bid(self, view: PlayerView, legal: Sequence[Action]) -> TisicAction:
        bids = sorted((a for a in legal if isinstance(a, Bid)), key=lambda a: a.amount)
        safe = estimate(_mask(view.hand)) + TALON - self.margin
        if bids and bids[0].amount <= safe:
            return bids[0]
        return Pass()

    def _talon(self, view: PlayerView, legal: Sequence[Action]) -> TisicAction | None:
        hand = _mask(view.hand)
        best: tuple[int, int, Discard] | None = None
        for action in legal:
            if not isinstance(action, Discard):
                continue
            laid = mask_of(action.cards)
            value = estimate(hand & ~laid, gone=laid) + _points(laid)
            rank = -sum(c % 13 for c in action.cards)  # the lower cards on a tie
            if best is None or (value, rank) > best[:2]:
                best = (value, rank, action)
        if best is None:
            return None
        bid = view.public.bid or 0
        if best[0] < bid - 30 and Storno() in legal:
            return Storno()
        return best[2]

    def _contract(self, view: PlayerView, legal: Sequence[Action]) -> TisicAction | None:
        amounts = sorted(a.amount for a in legal if isinstance(a, Contract))
        bid = amounts[0]
        target = named_contract(_mask(view.hand), _mask(view.discards), bid, self.margin)
        fitting = [n for n in amounts if n <= target]
        return Contract(fitting[-1] if fitting else bid)


class _Play:
    """One card-play decision: the seat's knowledge of the deal, worked out once."""

    def __init__(self, view: PlayerView, seat: Seat) -> None:
        public = view.public
        self.seat = seat
        self.trump = None if public.trump is None else "hdsc".index(public.trump)
        self.rules = trick_rules("mariash", None if self.trump is None else Suit(self.trump))
        self.hand = _mask(view.hand)
        memory = remember(public)
        self.voids = memory.voids
        self.unseen = FULL & ~memory.gone & ~self.hand & ~_mask(view.discards)
        self.declarer = public.declarer
        self.partner = (
            None
            if seat == public.declarer
            else next(s for s in public.active if s not in (seat, public.declarer))
        )
        self.trick = [(s, card(c)) for s, c in public.trick]
        active = public.active
        leader = self.trick[0][0] if self.trick else seat
        start = active.index(leader)
        order = [active[(start + i) % 3] for i in range(3)]
        self.after = order[len(self.trick) + 1 :]
        self.halves = 0  # the K and Q of every marriage still held
        for suit in _SUITS:
            pair = self.hand & SUIT_MASKS[suit] & (KINGS | QUEENS)
            if pair.bit_count() == 2:
                self.halves |= pair

    # -- card facts --------------------------------------------------------------

    def _opponents_after(self) -> list[Seat]:
        return [s for s in self.after if s != self.partner]

    def sure(self, c: Card, led: int) -> bool:
        """Whether no seat still to play against us can take the trick from ``c``."""
        trump = self.trump
        suit = c // 13
        higher = self.rules.beaters[c] & self.unseen
        led_left = self.unseen & SUIT_MASKS[led]
        for s in self._opponents_after():
            follows = led not in self.voids[s] and bool(led_left)
            trumps = (
                trump is not None
                and trump not in self.voids[s]
                and bool(self.unseen & SUIT_MASKS[trump])
            )
            if suit == led:
                if follows and higher & SUIT_MASKS[led]:
                    return False
                if not follows and trumps and suit != trump:
                    return False
                if not follows and trumps and higher:
                    return False
            elif not follows and trumps and higher & SUIT_MASKS[suit]:
                return False  # c ruffs the trick; a higher ruff takes it
        return True

    def _cheap(self, c: Card) -> tuple[int, int, int, int]:
        """Cheapest to give away first: not a marriage half, not a ten, few points, low."""
        ten = c % 13 == Rank.TEN
        return (int(bool(self.halves >> c & 1)), int(ten), POINTS[c], self.rules.strength[c])

    # -- the decision --------------------------------------------------------------

    def choose(self, plays: list[Play]) -> Play | None:
        if not plays:
            return None
        declares = [p for p in plays if p.trumf]
        cards = {p.card: p for p in plays if not p.trumf}
        if not self.trick:
            if declares:
                return self._declare(declares)
            return cards[self._lead(list(cards))]
        # Never a revoke, whatever the renonc_policy: the Mariáš duties (follow,
        # head, trump, overtrump) allow a subset of what every follow_rule allows.
        trick = [c for _, c in self.trick]
        winning = trick[self.rules.winner(trick)]
        duty = self.rules.legal(self.hand, trick[0] // 13, winning)
        return cards[self._follow([c for c in cards if duty >> c & 1] or list(cards))]

    def _declare(self, declares: list[Play]) -> Play:
        def key(p: Play) -> tuple[int, int, int]:
            suit = p.card // 13
            length = (self.hand & SUIT_MASKS[suit]).bit_count()
            return (length, MARRIAGE_VALUE[suit], int(p.card % 13 == Rank.QUEEN))

        return max(declares, key=key)

    def _lead(self, cards: list[Card]) -> Card:
        trump = self.trump
        if trump is not None and self.seat == self.declarer:
            trumps_out = self.unseen & SUIT_MASKS[trump]
            tops = [
                c
                for c in cards
                if c // 13 == trump and not self.halves >> c & 1 and self.sure(c, trump)
            ]
            if trumps_out and tops:
                return max(tops, key=lambda c: self.rules.strength[c])
        winners = [
            c for c in cards if not self.halves >> c & 1 and self.sure(c, c // 13) and POINTS[c]
        ]
        if winners:
            return max(winners, key=lambda c: (POINTS[c], -self.rules.strength[c]))

        def key(c: Card) -> tuple[int, int, int, int, int]:
            suit = c // 13
            has_ten = _has(self.hand, Rank.TEN, suit) and not _has(self.hand, Rank.ACE, suit)
            return (*self._cheap(c)[:2], int(has_ten), POINTS[c], self.rules.strength[c])

        return min(cards, key=key)

    def _follow(self, cards: list[Card]) -> Card:
        trick = [c for _, c in self.trick]
        best = self.rules.winner(trick)
        winning, holder = trick[best], self.trick[best][0]
        led = trick[0] // 13
        beaters = self.rules.beaters[winning]
        mine = [c for c in cards if beaters >> c & 1]
        last = not self.after
        if holder == self.partner:
            if last or self.sure(winning, led):
                give = [c for c in cards if not self.halves >> c & 1 and not beaters >> c & 1]
                if give:  # points on the partner's trick, without taking it from him
                    return max(give, key=lambda c: (POINTS[c], -self.rules.strength[c]))
            return min(cards, key=self._cheap)
        if mine:
            if last:
                tens = [c for c in mine if c % 13 == Rank.TEN and self.unseen >> (c + 4) & 1]
                if tens:  # bank a ten its ace could take later
                    return tens[0]
                return min(mine, key=lambda c: (self._cheap(c)[0], self.rules.strength[c]))
            safe = [c for c in mine if self.sure(c, led)]
            if safe:
                return min(safe, key=lambda c: (self._cheap(c)[0], self.rules.strength[c]))
        return min(cards, key=self._cheap)
