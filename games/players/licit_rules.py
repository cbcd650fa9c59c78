"""A rule-of-thumb player for licitovaný mariáš.

It decides from its own view and the legal actions alone, in the way a pub
player sizes up a hand:

* The hand's reach (:func:`reach`): for each trump suit, the sedma (the trump
  seven with five trumps, or four with the ace and ten), the sto (a marriage
  and points enough for 100 with it), dvě sedmy (both sevens behind six
  trumps with the ace and ten and a helper suit led by its ace), and betl or
  durch shapes (volený's ``_betl_fit`` and ``_durch_fit`` with the worst card
  or two away). The highest level it reaches is what it bids and holds to.
* Auction: a junior bids one level above the table while that is within its
  reach; the senior says "mám" (holds) while the level on the table is; F,
  asked after both others passed, names the lowest level (the contract may
  go higher later). :func:`auction_top` is that top level from a card mask,
  fast, for the determinizer that reads the bids back into sampled hands.
* Talon: the volený talon rules (``games.players.marias_rules.talon_cost``:
  no ace or ten away in a trump contract, keep trumps and marriages, make a
  void), or the worst two cards for betl and durch; the plan is the one whose
  ten kept cards reach the dearest level at or above the bid.
* Contract: the dearest legal contract the ten cards make, with its trump and,
  for dvě sedmy, the helper suit; with none, the cheapest legal one in its
  longest suit, or "omyl" for a hopeless level-1 sedma where it is allowed.
* Flek: a defender fleks the sedma (and dvě sedmy) when its trumps can kill
  the seven, and the sto when its hand should keep the declarer below 100
  (``defence_strength``); the declarer answers with re on a very long trump
  suit. Betl and durch are never fleked.
* Card play: volený's rule player (``MariasRulePlayer``) plays the cards, fed a
  volený view built from this one (the contract as ``hra`` with a sedma, betl
  or durch); in dvě sedmy the helper seven is kept for the last trick but one.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from games.cards import Card, Rank, Suit, card, make_card
from games.engine import Action, Seat
from games.marias.actions import Discard, Play
from games.marias_licit.actions import Bid, Contract, Omyl
from games.marias_licit.levels import COMPONENTS, LEVELS, Level, level
from games.marias_licit.views import PlayerView, voleny_view
from games.players.marias_rules import (
    MariasRulePlayer,
    _betl_fit,
    _by_suit,
    _durch_fit,
    _worst_two,
    defence_strength,
    talon_cost,
)

__all__ = ["LicitRulePlayer", "Reach", "auction_top", "reach"]

SEVEN, TEN, QUEEN, KING, ACE = Rank.SEVEN, Rank.TEN, Rank.QUEEN, Rank.KING, Rank.ACE
_SUITS = "hdsc"


def _ranks(cards: Iterable[Card], suit: int) -> set[int]:
    return {c % 13 for c in cards if c // 13 == suit}


def _shape_fits(cards: Sequence[Card], kind: str, spare: int) -> bool:
    """Betl or durch fits once the ``spare`` worst cards for it are away."""
    worst = set(_worst_two(cards, kind)[:spare]) if spare else set()
    rest = [c for c in cards if c not in worst]
    return _durch_fit(rest) if kind == "durch" else _betl_fit(rest)


def card_points(cards: Sequence[Card], trump: int) -> int:
    """The card points (and last trick) a declarer with trumps ``trump`` should take:
    aces, tens with their ace or in a long suit, the trump ten behind four trumps,
    and ten for each trump beyond the fourth (they win tricks late and the last)."""
    points = 0
    for suit, group in _by_suit(cards).items():
        ranks = {c % 13 for c in group}
        points += 10 * (ACE in ranks)
        if TEN in ranks and (
            ACE in ranks or len(group) >= 3 or (suit == trump and len(group) >= 4)
        ):
            points += 10
    trumps = sum(1 for c in cards if c // 13 == trump)
    return points + 10 * max(0, trumps - 4)


def marriage_points(cards: Sequence[Card], trump: int) -> int:
    return sum(
        40 if suit == trump else 20
        for suit, group in _by_suit(cards).items()
        if {KING, QUEEN} <= {c % 13 for c in group}
    )


@dataclass(frozen=True, slots=True)
class Reach:
    """A contract a hand should make: its level, trumps and helper suit."""

    level: int
    trump: Suit | None = None
    helper: Suit | None = None

    @property
    def price(self) -> int:
        return level(self.level).price


def _sedma(cards: Sequence[Card], trump: int) -> bool:
    ranks = _ranks(cards, trump)
    n = sum(1 for c in cards if c // 13 == trump)
    return SEVEN in ranks and (n >= 5 or (n >= 4 and {ACE, TEN} <= ranks))


def _sto(cards: Sequence[Card], trump: int) -> bool:
    marriages = marriage_points(cards, trump)
    return marriages > 0 and card_points(cards, trump) + marriages >= 100


def _helper(cards: Sequence[Card], trump: int) -> Suit | None:
    """A helper suit for dvě sedmy: its seven and ace and three cards at least."""
    if sum(1 for c in cards if c // 13 == trump) < 6 or not {ACE, TEN, SEVEN} <= _ranks(
        cards, trump
    ):
        return None
    for suit in range(4):
        if suit == trump:
            continue
        group = [c for c in cards if c // 13 == suit]
        if len(group) >= 3 and {SEVEN, ACE} <= {c % 13 for c in group}:
            return Suit(suit)
    return None


def makes(cards: Sequence[Card], lv: Level, trump: Suit | None, helper: Suit | None) -> bool:
    """Whether ``cards`` (ten, after the discard) should make every part of the level."""
    spare = max(0, len(cards) - 10)
    if lv.has("betl"):
        return _shape_fits(cards, "betl", spare)
    if lv.has("durch"):
        return _shape_fits(cards, "durch", spare)
    assert trump is not None
    t = int(trump)
    for name in lv.components:
        if name == "sedma" and not _sedma(cards, t):
            return False
        if name == "sto" and not _sto(cards, t):
            return False
        if name == "dvesedmy" and (helper is None or _helper(cards, t) != helper):
            return False
    return True


def reach(cards: Sequence[Card], *, least: int = 1, spare: int = 0) -> list[Reach]:
    """Every contract of level ``least`` or more that ``cards`` should make, dearest
    first. ``spare`` cards (the worst for betl or durch) are left out of those shapes:
    a hand of ten before the talon counts one of its cards as going away."""
    found: list[Reach] = []
    for lv in LEVELS:
        if lv.number < least:
            continue
        if not lv.trumps:
            kind = "betl" if lv.has("betl") else "durch"
            if _shape_fits(cards, kind, spare):
                found.append(Reach(lv.number))
            continue
        for trump in lv.trumps:
            helper = _helper(cards, int(trump)) if lv.helper else None
            if lv.helper and helper is None:
                continue
            if makes(cards, lv, trump, helper):
                found.append(Reach(lv.number, trump, helper))
    found.sort(key=lambda r: (-r.price, -r.level))
    return found


_SUIT_MASKS = tuple(((1 << 13) - 1) << (13 * s) for s in range(4))
_RED = int(Suit.HEARTS)


def auction_top(hand: int) -> int:
    """The highest level the rule player bids and holds to with ``hand`` (a mask of
    ten): ``max(r.level for r in reach(cards, spare=1))``, 0 for none, worked out
    on the mask from the top level down. It gives the same answer as
    :func:`reach` (a test compares them) several times faster, since the
    determinizer asks it of every sampled hand; ties of betl and durch's
    worst card go, as in :func:`reach`, to the first suit in h d s c order."""
    suits = [hand >> (13 * s) & _SUIT_BITS for s in range(4)]
    length = [b.bit_count() for b in suits]
    pairs = [s for s in range(4) if suits[s] & _PAIR == _PAIR]
    sevens = [s for s in range(4) if suits[s] & _SEVEN]
    helpers = [s for s in sevens if suits[s] & _ACE and length[s] >= 3]

    def sedma(t: int) -> bool:
        n = length[t]
        return t in sevens and (n >= 5 or (n >= 4 and suits[t] & _SHARP == _SHARP))

    def sto(t: int) -> bool:
        if not pairs:
            return False
        points = 10 * max(0, length[t] - 4) + sum(40 if s == t else 20 for s in pairs)
        for s in range(4):
            ace = suits[s] & _ACE
            if ace:
                points += 10
            if suits[s] & _TEN and (ace or length[s] >= 3 or (s == t and length[s] >= 4)):
                points += 10
        return points >= 100

    def helper(t: int) -> bool:
        if length[t] < 6 or suits[t] & _TRIPLE != _TRIPLE:
            return False
        return any(s != t for s in helpers)

    colours = (1, 2, 3)
    if helper(_RED):
        return 12 if sto(_RED) else 11
    if any(helper(t) and sto(t) for t in colours):
        return 10
    if any(helper(t) for t in colours):
        return 9
    if _durch(suits):
        return 8
    if _betl(suits):
        return 7
    if sto(_RED):
        return 6 if sedma(_RED) else 5
    if any(sto(t) and sedma(t) for t in colours):
        return 4
    if any(sto(t) for t in colours):
        return 3
    if sedma(_RED):
        return 2
    return 1 if any(sedma(t) for t in colours) else 0


_SUIT_BITS = (1 << 13) - 1
_SEVEN, _TEN, _ACE = 1 << SEVEN, 1 << TEN, 1 << ACE
_SHARP = _TEN | _ACE
_TRIPLE = _SHARP | _SEVEN
_PAIR = (1 << KING) | (1 << QUEEN)
_ABOVE_TEN = _SUIT_BITS & ~((1 << (TEN + 1)) - 1)
_LOW = (1 << SEVEN) | (1 << Rank.EIGHT)


def _durch(suits: list[int]) -> bool:
    """Durch once the lowest card is away (the first suit's on a tie): every suit
    held is a run from the ace down (betl order is the natural one, 7 to A)."""
    low = min(((b & -b).bit_length() - 1, s) for s, b in enumerate(suits) if b)
    rest = list(suits)
    rest[low[1]] &= ~(1 << low[0])
    for b in rest:
        n = b.bit_count()
        if b and b != ((1 << n) - 1) << (ACE + 1 - n):
            return False
    return True


def _betl(suits: list[int]) -> bool:
    """Betl once the highest card is away (the first suit's on a tie): no card
    above the ten, and a seven or an eight in each suit held."""
    high = max((b.bit_length() - 1, -s) for s, b in enumerate(suits) if b)
    rest = list(suits)
    rest[-high[1]] &= ~(1 << high[0])
    return all(not b or (not b & _ABOVE_TEN and b & _LOW) for b in rest)


def _cost(hand: list[Card], pair: tuple[Card, Card], trump: int) -> float:
    """Volený's talon cost, and the trump seven kept for a sedma."""
    seven = make_card(SEVEN, Suit(trump))
    return talon_cost(hand, pair, trump) + (60 if seven in pair else 0)


def _best_trump(cards: Sequence[Card], allowed: Iterable[Suit]) -> Suit:
    """The longest suit (then the one with more aces, tens and its seven) of those allowed."""

    def key(suit: Suit) -> tuple[int, int, int]:
        ranks = _ranks(cards, int(suit))
        n = sum(1 for c in cards if c // 13 == int(suit))
        return n, len(ranks & {ACE, TEN}), SEVEN in ranks

    return max(allowed, key=key)


class LicitRulePlayer:
    """Heuristic player for every decision of licitovaný mariáš."""

    name = "rules"

    def __init__(self, flek_at: int = 45) -> None:
        self.flek_at = flek_at
        self.cards = MariasRulePlayer(flek_at=flek_at)

    def choose(
        self, view: PlayerView, legal: Sequence[Action], seat: Seat, rng: random.Random
    ) -> Action:
        if not legal:
            raise ValueError("no legal action")
        codes = {a.code: a for a in legal}
        hand = [card(c) for c in view.hand]
        phase = view.public.phase
        pick: Action | None = None
        if phase == "auction":
            pick = self._auction(view, hand, legal, codes)
        elif phase == "talon":
            pick = self._talon(view, hand, legal)
        elif phase == "contract":
            pick = self._contract(view, hand, legal, codes)
        elif phase == "flek":
            pick = self._flek(view, hand, codes)
        elif phase == "play":
            pick = self._play(view, hand, legal, seat, rng)
        return pick if pick is not None else legal[0]

    # --- the auction ----------------------------------------------------------------

    def _auction(
        self, view: PlayerView, hand: list[Card], legal: Sequence[Action], codes: dict[str, Action]
    ) -> Action | None:
        found = reach(hand, spare=1)
        top = max((r.level for r in found), default=0)
        table = view.public.bid
        if "mam" in codes:
            return codes["mam"] if table <= top else codes.get("pass")
        bids = sorted((a for a in legal if isinstance(a, Bid)), key=lambda a: a.level)
        if bids and bids[0].level <= top:
            return bids[0]
        return codes.get("pass")

    # --- the talon and the contract -----------------------------------------------------

    def _talon(self, view: PlayerView, hand: list[Card], legal: Sequence[Action]) -> Action:
        bid = view.public.bid
        discards = [a for a in legal if isinstance(a, Discard)]
        best: tuple[int, int, Discard] | None = None  # price, kind order, discard
        for kind, number in (("betl", 7), ("durch", 8)):
            if number < bid:
                continue
            allowed = [c for c in hand if any(c in d.cards for d in discards)]
            pair = tuple(sorted(_worst_two(allowed, kind)))
            choice = next((d for d in discards if d.cards == pair), None)
            if choice is None:
                continue
            rest = [c for c in hand if c not in choice.cards]
            if makes(rest, level(number), None, None):
                candidate = (level(number).price, 1, choice)
                if best is None or candidate[:2] > best[:2]:
                    best = candidate
        for suit in Suit:
            trump = int(suit)
            if not discards:
                break
            choice = min(discards, key=lambda d: _cost(hand, d.cards, trump))
            rest = [c for c in hand if c not in choice.cards]
            found = [r for r in reach(rest, least=bid) if r.trump == suit]
            if found:
                candidate = (found[0].price, 0, choice)
                if best is None or candidate[:2] > best[:2]:
                    best = candidate
        if best is not None:
            return best[2]
        allowed_trumps = [s for lv in LEVELS if lv.number >= bid for s in lv.trumps]
        if not allowed_trumps:  # only betl or durch: away with the highest cards
            kind = "durch" if bid == 8 else "betl"
            cards = [c for c in hand if any(c in d.cards for d in discards)]
            pair = tuple(sorted(_worst_two(cards, kind)))
            return next((d for d in discards if d.cards == pair), discards[0])
        trump = int(_best_trump(hand, set(allowed_trumps)))
        return min(discards, key=lambda d: _cost(hand, d.cards, trump))

    def _contract(
        self, view: PlayerView, hand: list[Card], legal: Sequence[Action], codes: dict[str, Action]
    ) -> Action | None:
        contracts = [a for a in legal if isinstance(a, Contract)]
        for r in reach(hand, least=view.public.bid):
            code = Contract(r.level, r.trump, r.helper).code
            if code in codes:
                return codes[code]
        if "omyl" in codes and not self._sedma_hope(hand):
            return codes["omyl"]
        if not contracts:
            return None
        cheapest = min(contracts, key=lambda a: (level(a.level).price, a.level))
        same = [a for a in contracts if a.level == cheapest.level]
        if cheapest.trump is None:
            return cheapest
        trump = _best_trump(hand, {a.trump for a in same if a.trump is not None})
        return next(a for a in same if a.trump == trump)

    @staticmethod
    def _sedma_hope(hand: list[Card]) -> bool:
        """A level-1 sedma is worth playing: the seven with four trumps, or a sure game."""
        for suit in (Suit.BELLS, Suit.LEAVES, Suit.ACORNS):
            ranks = _ranks(hand, int(suit))
            n = sum(1 for c in hand if c // 13 == int(suit))
            if SEVEN in ranks and n >= 4:
                return True
        return False

    # --- fleks ----------------------------------------------------------------------------

    def _flek(self, view: PlayerView, hand: list[Card], codes: dict[str, Action]) -> Action | None:
        public = view.public
        if public.trump is None:  # betl and durch: not fleked
            return codes.get("pass")
        trump = _SUITS.index(public.trump)
        trumps = [c for c in hand if c // 13 == trump]
        ranks = {c % 13 for c in trumps}
        flek = public.flek
        wanted: list[str] = []
        if public.declarer == view.seat:
            sharp = sum(1 for c in hand if c % 13 in (TEN, ACE))
            if len(trumps) >= 6 or (len(trumps) >= 5 and sharp >= 4):
                wanted = [n for n, lv in flek.items() if lv == 1 and n != "sto"]
                if _sto(hand, trump):
                    wanted += [n for n, lv in flek.items() if lv == 1 and n == "sto"]
        else:
            kill = len(trumps) >= 3 or (len(trumps) >= 2 and bool({ACE, TEN} & ranks))
            for name, lv in flek.items():
                if lv != 0:
                    continue
                if name in ("sedma", "dvesedmy") and kill:
                    wanted.append(name)
                if name == "sto" and defence_strength(hand, trump) >= self.flek_at:
                    wanted.append(name)
        wanted = sorted((n for n in wanted if f"flek:{n}" in codes), key=COMPONENTS.index)
        if wanted:
            code = "flek:" + "+".join(wanted)
            return codes.get(code) or codes.get(f"flek:{wanted[0]}")
        return codes.get("pass")

    # --- card play --------------------------------------------------------------------------

    def _play(
        self,
        view: PlayerView,
        hand: list[Card],
        legal: Sequence[Action],
        seat: Seat,
        rng: random.Random,
    ) -> Action | None:
        public = view.public
        plays = [a for a in legal if isinstance(a, Play)]
        if not plays:
            return None
        if "omyl" in {a.code for a in legal} and not self._sedma_hope(hand):
            return next(a for a in legal if isinstance(a, Omyl))
        plain = [a for a in plays if not a.declare]
        if public.helper is not None and public.declarer == view.seat and len(hand) > 2:
            helper_seven = make_card(SEVEN, Suit(_SUITS.index(public.helper)))
            plain = [a for a in plain if a.card != helper_seven] or plain
        chosen = self.cards.choose(voleny_view(view), plain, seat, rng)
        assert isinstance(chosen, Play)
        declared = next((a for a in plays if a.declare and a.card == chosen.card), None)
        return declared or chosen
