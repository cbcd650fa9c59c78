"""A rule-of-thumb player for volený cenzr (cenzr.md).

It plays as a careful pub player would, from its own view only (its cards,
the public history of the deal, what it knows of the sides) and remembers
the deal: which cards are gone and who is void in what (a seat that did not
follow the led suit holds none of it, and one that then played no trump
holds no trumps either, since trumping is a duty, §2.2).

* Calling (§4.5): it values each suit of its first packet as trumps (the
  spodek and the devítka are the top trumps and worth 20 and 14, §1.2-§1.3),
  with its side aces, and calls only when its best suit holds a top trump
  (the spodek, or the devítka with an ace), since a lost call gives the
  defenders twice the whole deal (§5.5). The partner card is the
  best trump it lacks (the spodek, else the devítka, ...); with the spodek,
  the devítka and more it plays samec, calling its own spodek.
* Declarations (§3.4-§3.5): it announces whenever the engine offers it (the
  engine already keeps back a futile announcement), except when its known
  partner has announced the same quality before it: two equal runs of one
  side would cancel each other, and the side scores the partner's anyway.
* Card play: the choosing side draws trumps with a sure top trump, and the
  chooser, before his partner is known, leads a low trump towards the called
  card; sure winners are cashed where no opponent is known to ruff; tricks
  are won with the cheapest card that surely holds them; points are smeared
  onto a known partner's trick when it is safe; the trump spodek is never
  thrown away cheaply; otherwise the least valuable card goes.
* Bela at the count (``bela_mode = "prompt"``): the choice that records more
  for its own seat, from the two outcomes the view offers.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from games.cards import DECK_32, Card, CardSet, Rank, Suit, card, make_card, mask_of
from games.cenzr.actions import Announce, Bela, Call, CenzrAction, Pass, Play
from games.cenzr.rules import card_points, trick_rules
from games.cenzr.views import PlayerView, PublicView
from games.engine import Action, Seat

__all__ = ["CenzrRulePlayer", "Memory", "remember", "suit_value"]

_DECK_MASK: CardSet = mask_of(DECK_32)
_SUIT_MASK: tuple[CardSet, ...] = tuple(
    sum(1 << c for c in DECK_32 if c // 13 == s) for s in range(4)
)
_TRUMP_RANKS = (Rank.JACK, Rank.NINE, Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.EIGHT)
"""The trumps worth calling as a partner card, best first (§1.3; the seven is never called)."""

_CALL_VALUE = {
    Rank.JACK: 10,
    Rank.NINE: 8,
    Rank.ACE: 5,
    Rank.TEN: 4,
    Rank.KING: 2,
    Rank.QUEEN: 2,
    Rank.EIGHT: 1,
    Rank.SEVEN: 1,
}
"""What a trump of the first packet is worth to a caller (top trumps first, length counts)."""


def suit_value(packet: Sequence[Card], suit: int) -> int:
    """How strong ``packet`` (the first four cards) is with ``suit`` as trumps:
    its trumps by :data:`_CALL_VALUE`, 3 for each side ace."""
    value = 0
    for c in packet:
        if c // 13 == suit:
            value += _CALL_VALUE[Rank(c % 13)]
        elif c % 13 == Rank.ACE:
            value += 3
    return value


@dataclass(frozen=True)
class Memory:
    """What the deal so far tells a seat: the cards gone and the known voids."""

    gone: CardSet  # played in finished tricks and in the trick on the table
    voids: dict[Seat, frozenset[int]]  # suits a seat is known to hold none of


def remember(public: PublicView) -> Memory:
    """Read the public history (and the trick on the table) for gone cards and voids."""
    trump = "hdsc".index(public.trump) if public.trump else None
    gone = 0
    voids: dict[Seat, set[int]] = {s: set() for s in public.active}
    tricks = [t.plays for t in public.history]
    if public.trick:
        tricks.append(public.trick)
    for plays in tricks:
        led = card(plays[0][1]) // 13
        for i, (seat, code) in enumerate(plays):
            c = card(code)
            gone |= 1 << c
            if i == 0 or c // 13 == led:
                continue
            voids[seat].add(led)
            if trump is not None and c // 13 != trump:
                voids[seat].add(trump)  # §2.2: void in the led suit, he had to trump
    return Memory(gone, {s: frozenset(v) for s, v in voids.items()})


class CenzrRulePlayer:
    """Heuristic player for every decision of volený cenzr.

    ``call_at`` is the :func:`suit_value` of the first packet from which it
    calls (the spodek alone, the devítka with a side ace, ...): duplicate
    matches against stricter callers (15, 18, 21) favoured 10, and lower
    values made no clear difference. ``draw_trumps`` (the choosing side leads
    a sure top trump) and ``lead_to_called`` (the chooser leads a low trump
    towards the called card while the partner is unknown) switch two leads
    off, for the arena (each was worth keeping there). Keeping the trump
    spodek back from cheap tricks, or not trumping over a partner's sure
    trick, made no measurable difference, so it does neither.
    """

    name = "rules"

    def __init__(
        self,
        call_at: int = 10,
        *,
        draw_trumps: bool = True,
        lead_to_called: bool = True,
    ) -> None:
        self.call_at = call_at
        self.draw_trumps = draw_trumps
        self.lead_to_called = lead_to_called

    def choose(
        self, view: PlayerView, legal: Sequence[Action], seat: Seat, rng: random.Random
    ) -> Action:
        if not legal:
            raise ValueError("no legal action")
        pick: CenzrAction | None = None
        kinds = {type(a) for a in legal}
        if Pass in kinds or Call in kinds:
            pick = self._call(view, legal)
        elif Bela in kinds:
            pick = self._bela(view, legal)
        else:
            if any(isinstance(a, Announce) for a in legal) and self._announce(view, seat):
                return next(a for a in legal if isinstance(a, Announce))
            plays = [a for a in legal if isinstance(a, Play)]
            if plays:
                pick = _Play(view, seat, self).choose(plays)
        return pick if pick is not None and pick in legal else legal[0]

    # --- calling ----------------------------------------------------------------

    def _call(self, view: PlayerView, legal: Sequence[Action]) -> CenzrAction | None:
        packet = [card(c) for c in view.hand]
        calls = {a.card: a for a in legal if isinstance(a, Call)}
        passing = next((a for a in legal if isinstance(a, Pass)), None)
        if not calls:
            return passing
        suit = max(range(4), key=lambda s: (suit_value(packet, s), -s))
        if suit_value(packet, suit) < self.call_at:
            return passing
        held = {c % 13 for c in packet if c // 13 == suit}
        side_aces = sum(1 for c in packet if c // 13 != suit and c % 13 == Rank.ACE)
        extra = len(held - {Rank.JACK, Rank.NINE}) + side_aces
        if {Rank.JACK, Rank.NINE} <= held and extra >= 2:
            return calls.get(make_card(Rank.JACK, Suit(suit)))  # samec: a very strong packet
        for rank in _TRUMP_RANKS:
            if rank not in held:
                return calls.get(make_card(rank, Suit(suit)))
        return passing

    # --- declarations and bela --------------------------------------------------

    @staticmethod
    def _announce(view: PlayerView, seat: Seat) -> bool:
        """Announce, unless a known partner already claimed the same quality."""
        if not view.may_announce or not view.declarations:
            return False
        mine = max(view.declarations, key=lambda d: (d["quality"], d["top"] == "A"))
        for other, kind, rank in view.public.announcements:
            if other == seat or view.sides.same_side(seat, other) is not True:
                continue
            said = "figura" if kind == "figura" else kind
            if said == mine["kind"] and (rank is None or rank == mine["top"]):
                return False
        return True

    @staticmethod
    def _bela(view: PlayerView, legal: Sequence[Action]) -> CenzrAction | None:
        choice = view.bela_choice
        options = {a.count: a for a in legal if isinstance(a, Bela)}
        if not choice:
            return options.get(True)
        key = str(view.seat)

        def mine(answer: str) -> int:
            return int(choice.get(answer, {}).get("recorded", {}).get(key, 0))

        return options.get(mine("yes") >= mine("no"))


class _Play:
    """One card-play decision: the seat's knowledge of the deal, worked out once."""

    def __init__(self, view: PlayerView, seat: Seat, player: CenzrRulePlayer) -> None:
        public = view.public
        self.player = player
        assert public.trump is not None
        self.seat = seat
        self.trump = "hdsc".index(public.trump)
        self.trump_suit = Suit(self.trump)
        self.rules = trick_rules(self.trump_suit)
        self.jack = make_card(Rank.JACK, self.trump_suit)
        self.hand = mask_of(card(c) for c in view.hand)
        memory = remember(public)
        self.voids = memory.voids
        self.unseen = _DECK_MASK & ~memory.gone & ~self.hand
        self.partners = {
            s for s in public.active if s != seat and view.sides.same_side(seat, s) is True
        }
        self.opponents = {
            s for s in public.active if s != seat and view.sides.same_side(seat, s) is False
        }
        self.choosing = view.sides.role_of(seat) == "C"
        self.chooser = public.chooser == seat
        self.revealed = public.revealed
        self.trick = [(s, card(c)) for s, c in public.trick]
        active = public.active
        leader = self.trick[0][0] if self.trick else seat
        start = active.index(leader)
        order = [active[(start + i) % 4] for i in range(4)]
        self.after = order[len(self.trick) + 1 :]
        self.tricks_left = 8 - len(public.history)

    # -- card facts --------------------------------------------------------------

    def points(self, c: Card) -> int:
        return card_points(c, self.trump_suit)

    def strength(self, c: Card) -> int:
        return self.rules.strength[c] + (16 if c // 13 == self.trump else 0)

    def is_trump_jack(self, c: Card) -> bool:
        return c == self.jack

    def threats(self, winning: Card, led: int) -> bool:
        """Whether a seat still to play after this card could take the trick from
        ``winning``: an opponent, or a seat not known to be a partner."""
        later = [s for s in self.after if s not in self.partners]
        if not later:
            return False
        trump_mask = _SUIT_MASK[self.trump]
        above = self.rules.beaters[winning] & self.unseen
        if winning // 13 == self.trump:
            return bool(above) and any(self.trump not in self.voids[s] for s in later)
        in_suit = above & _SUIT_MASK[led]
        if in_suit and any(led not in self.voids[s] for s in later):
            return True
        ruff = above & trump_mask
        return bool(ruff) and any(
            led in self.voids[s] and self.trump not in self.voids[s] for s in later
        )

    # -- the decision ------------------------------------------------------------

    def choose(self, plays: list[Play]) -> Play:
        by_card = {a.card: a for a in plays}
        cards = sorted(by_card)
        pick = self._lead(cards) if not self.trick else self._follow(cards)
        return by_card[pick]

    def _cheapest(self, cards: Sequence[Card]) -> Card:
        """The card that costs least to give away: few points, no trump, weak."""
        return min(
            cards,
            key=lambda c: (
                self.is_trump_jack(c),
                c // 13 == self.trump,
                self.points(c),
                self.strength(c),
            ),
        )

    def _lead(self, cards: list[Card]) -> Card:
        trump_mask = _SUIT_MASK[self.trump]
        mine = [c for c in cards if c // 13 == self.trump]
        plain = [c for c in cards if c // 13 != self.trump]
        out_trumps = self.unseen & trump_mask
        if self.choosing and mine and out_trumps:
            top = max(mine, key=self.strength)
            draw = self.player.draw_trumps and len(mine) >= 2
            if draw and not self.rules.beaters[top] & out_trumps:
                return top  # a sure top trump draws two of theirs
            if self.player.lead_to_called and self.chooser and not self.revealed and len(mine) >= 2:
                return min(mine, key=self.strength)  # towards the called card
        opponents = self.opponents or {s for s in self.after if s not in self.partners}
        ruffers = [s for s in opponents if self.trump not in self.voids[s]] if out_trumps else []
        sure = [
            c
            for c in plain
            if not self.rules.higher[c] & self.unseen
            and not any(c // 13 in self.voids[s] for s in ruffers)
        ]
        if sure:
            return max(sure, key=self.points)
        if plain:
            partner_voids = {
                s
                for p in self.partners
                if self.trump not in self.voids[p]
                for s in self.voids[p]
                if s != self.trump
            }
            into = [c for c in plain if c // 13 in partner_voids]
            return self._cheapest(into or plain)
        return self._cheapest(cards) if len(cards) > 1 else cards[0]

    def _follow(self, cards: list[Card]) -> Card:
        table = [c for _s, c in self.trick]
        led = table[0] // 13
        best = self.rules.winner(table)
        winner_seat, winning = self.trick[best]
        on_table = sum(self.points(c) for c in table)
        last = self.tricks_left == 1
        partner_winning = winner_seat in self.partners
        winners = [c for c in cards if self.rules.beaters[winning] >> c & 1]
        if partner_winning and not self.threats(winning, led):
            smear = [c for c in cards if c not in winners or c // 13 != self.trump]
            smear = [c for c in smear if not self.is_trump_jack(c)] or cards
            return max(smear, key=lambda c: (self.points(c), -self.strength(c)))
        if winners:
            safe = [c for c in winners if not self.threats(c, led)]
            if safe:
                return min(safe, key=lambda c: (self.strength(c), -self.points(c)))
            worth = on_table >= 10 or last
            cheap = [c for c in winners if self.points(c) <= 4 and not self.is_trump_jack(c)]
            if worth and cheap and not partner_winning:
                return min(cheap, key=self.strength)
        return self._cheapest(cards)
