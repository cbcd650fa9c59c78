"""A rule-of-thumb player for mariáš ve dvou (marias.md §3.4).

It decides from its own view and the legal actions alone:

* Trumps (A, C): the suit of its first four with the most cards, then the
  most aces and tens, the seven, a marriage.
* Announcements: sedma with the trump seven and four trumps with the ace or
  ten (five trumps without); stovka with the trump marriage, four trumps and
  three aces or tens. During play (while the stock lasts) a late sedma once
  its own trumps, the seven kept back, outnumber every trump it has not seen.
* Fleks: the announcer's opponent fleks the game when volený's
  :func:`~games.players.marias_rules.defence_strength` of its eight cards is
  high, a sedma when its trumps can kill the seven (four, or three with the
  ace or ten), a stovka when it holds aces and tens enough to keep the
  announcer short; the owner answers with re on a long trump suit with aces
  and tens. One step of the chain at most.
* B's swap: the trump seven for the turned card when that is an ace, ten,
  king or a marriage half it completes, and it has no sedma to play for.
* Marriages: always declared (``hlas:``) when the card opens one.
* Card play while the stock lasts (in C without duties, in A and B within the
  legal cards): trumps, aces and tens are kept; a lead is the lowest plain
  card or the queen of a marriage; second to play it takes a trick with an
  ace or ten in it as cheaply as it can (the led suit's ace, else a low
  trump), wins plain tricks only with a plain card, and, draw-aware, lets the
  trick go when the last draw gives the loser the turned card worth having.
* Card play once the stock is gone: volený's rule player (``_Hra`` of
  ``games.players.marias_rules``) on a volený view of this one, told that
  there are two players and that voids are known only from the tricks after
  the last draw.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from games.cards import DECK_32, Card, Rank, Suit, card, make_card
from games.engine import Action, Seat
from games.marias.actions import Play
from games.marias.rules import NORMAL_ORDER
from games.marias.views import PlayerView as VolenyPlayerView
from games.marias.views import PublicView as VolenyPublicView
from games.marias_dvou.actions import ChooseSuit, Exchange, LateSeven
from games.marias_dvou.views import PlayerView
from games.players.marias_rules import (
    Memory,
    _by_suit,
    _Hra,
    _in_marriage,
    _partner_of,
    _sharp,
    _suit,
    _wins,
    defence_strength,
)

__all__ = ["DvouRulePlayer"]

SEVEN, TEN, QUEEN, KING, ACE = Rank.SEVEN, Rank.TEN, Rank.QUEEN, Rank.KING, Rank.ACE
_SUITS = "hdsc"
_STOCK_TRICKS = 8  # 16 stock cards, two drawn after each of the first eight tricks
_PHANTOM = 2  # a third seat for volený's three-seat arithmetic; it never plays


def _strength(c: Card) -> int:
    return NORMAL_ORDER.strength[c]


class DvouRulePlayer:
    """Heuristic player for every decision of mariáš ve dvou."""

    name = "rules"

    def __init__(self, flek_at: int = 50) -> None:
        self.flek_at = flek_at

    def choose(
        self, view: PlayerView, legal: Sequence[Action], seat: Seat, rng: random.Random
    ) -> Action:
        if not legal:
            raise ValueError("no legal action")
        codes = {a.code: a for a in legal}
        hand = [card(c) for c in view.hand]
        phase = view.public.phase
        pick: Action | None = None
        if phase == "trump":
            pick = self._trump(hand, legal)
        elif phase == "announce":
            pick = self._extras(view, hand, codes)
        elif phase == "flek":
            pick = self._flek(view, hand, codes)
        elif phase == "play":
            pick = self._play(view, hand, legal, seat, rng)
        return pick if pick is not None else legal[0]

    # --- before play ------------------------------------------------------------

    @staticmethod
    def _trump(hand: list[Card], legal: Sequence[Action]) -> Action | None:
        suits = [a for a in legal if isinstance(a, ChooseSuit)]
        if not suits:
            return None
        groups = _by_suit(hand)

        def key(a: ChooseSuit) -> tuple[int, int, int, int]:
            group = groups.get(int(a.suit), [])
            ranks = {c % 13 for c in group}
            return len(group), sum(_sharp(c) for c in group), SEVEN in ranks, {KING, QUEEN} <= ranks

        return max(suits, key=key)

    @staticmethod
    def _extras(view: PlayerView, hand: list[Card], codes: dict[str, Action]) -> Action | None:
        trump_code = view.public.trump
        if trump_code is None:
            return codes.get("extras:none")
        trump = _SUITS.index(trump_code)
        trumps = [c for c in hand if _suit(c) == trump]
        ranks = {c % 13 for c in trumps}
        sharp = sum(_sharp(c) for c in hand)
        sedma = SEVEN in ranks and (
            len(trumps) >= 5 or (len(trumps) >= 4 and bool({ACE, TEN} & ranks))
        )
        stovka = {KING, QUEEN} <= ranks and len(trumps) >= 4 and sharp >= 3
        name = "+".join(n for n, on in (("stovka", stovka), ("sedma", sedma)) if on) or "none"
        return codes.get(f"extras:{name}") or codes.get("extras:none")

    def _flek(self, view: PlayerView, hand: list[Card], codes: dict[str, Action]) -> Action | None:
        public = view.public
        if public.trump is None:
            return codes.get("pass")
        trump = _SUITS.index(public.trump)
        trumps = [c for c in hand if _suit(c) == trump]
        ranks = {c % 13 for c in trumps}
        sharp = sum(_sharp(c) for c in hand)
        wanted: list[str] = []
        for name, level in public.flek.items():
            if f"flek:{name}" not in codes:
                continue
            mine = public.owners.get(name) == view.seat
            if mine:
                strong = len(trumps) >= 5 and sharp >= 3
                if level == 1 and strong:
                    wanted.append(name)
                continue
            if level != 0:
                continue
            if name == "sedma":
                if len(trumps) >= 4 or (len(trumps) >= 3 and bool({ACE, TEN} & ranks)):
                    wanted.append(name)
            elif public.stovka is not None:
                if sharp >= 3 or (sharp >= 2 and len(trumps) >= 3):
                    wanted.append(name)
            elif defence_strength(hand, trump) >= self.flek_at:
                wanted.append(name)
        if wanted:
            code = "flek:" + "+".join(wanted)
            return codes.get(code) or codes.get(f"flek:{wanted[0]}") or codes.get("pass")
        return codes.get("pass")

    # --- play -------------------------------------------------------------------

    def _play(
        self,
        view: PlayerView,
        hand: list[Card],
        legal: Sequence[Action],
        seat: Seat,
        rng: random.Random,
    ) -> Action | None:
        public = view.public
        if public.trump is None:
            return None
        trump = _SUITS.index(public.trump)
        if any(isinstance(a, LateSeven) for a in legal) and self._late_seven(view, hand, trump):
            return next(a for a in legal if isinstance(a, LateSeven))
        swap = next((a for a in legal if isinstance(a, Exchange)), None)
        if swap is not None and self._swap_pays(view, hand, trump):
            return swap
        plays = [a for a in legal if isinstance(a, Play)]
        if not plays:
            return None
        cards = sorted({a.card for a in plays})
        if public.stock_count:
            chosen = _stock_card(view, hand, cards, trump)
        else:
            chosen = _DvouHra(view, hand, cards).choose()
        declared = next((a for a in plays if a.declare and a.card == chosen), None)
        return declared or next(a for a in plays if a.card == chosen)

    @staticmethod
    def _late_seven(view: PlayerView, hand: list[Card], trump: int) -> bool:
        seven = make_card(SEVEN, Suit(trump))
        if seven not in hand:
            return False
        mine = sum(1 for c in hand if _suit(c) == trump)
        unseen = [c for c in _unseen(view, hand) if _suit(c) == trump]
        ranks = {c % 13 for c in hand if _suit(c) == trump}
        return mine - 1 > len(unseen) and (ACE in ranks or len(unseen) <= 1)

    @staticmethod
    def _swap_pays(view: PlayerView, hand: list[Card], trump: int) -> bool:
        turned_code = view.public.turned_card
        if turned_code is None or view.public.sedma == view.seat:
            return False
        turned = card(turned_code)
        if _suit(turned) != trump:
            return False
        rank = turned % 13
        partner = _partner_of(turned)
        return rank in (ACE, TEN, KING) or (partner is not None and partner in hand)


def _unseen(view: PlayerView, hand: Iterable[Card]) -> set[Card]:
    """Cards neither in the hand nor played: the opponent's hand and the stock."""
    gone = {card(code) for t in view.public.history for _, code in t.plays}
    gone |= {card(code) for _, code in view.public.trick}
    return set(DECK_32) - set(hand) - gone


def _stock_card(view: PlayerView, hand: list[Card], cards: list[Card], trump: int) -> Card:
    """A card while the stock lasts: keep trumps, aces and tens, take points cheaply."""
    public = view.public

    def cost(c: Card) -> tuple[int, int, int, int]:
        """How dear a card is to give away (lower is cheaper)."""
        return (_sharp(c), _suit(c) == trump, _in_marriage(c, hand), _strength(c))

    table = [card(code) for _, code in public.trick]
    if not table:
        marriage_queens = [
            c for c in cards if c % 13 == QUEEN and _in_marriage(c, hand) and _suit(c) != trump
        ]
        if marriage_queens:
            return marriage_queens[0]
        trump_queen = [c for c in cards if c % 13 == QUEEN and _in_marriage(c, hand)]
        if trump_queen and len(cards) > 1 and public.stock_count <= 6:
            return trump_queen[0]
        return min(cards, key=cost)
    led = table[0]
    points = _sharp(led)
    winners = [c for c in cards if _wins(table, c, trump, NORMAL_ORDER)]
    # Draw-aware: with two stock cards left the loser draws the turned card (B).
    turned = public.turned_card
    if public.stock_count == 2 and turned is not None and not points:
        t = card(turned)
        if _suit(t) == trump and (_sharp(t) or _strength(t) >= _strength(make_card(KING, Suit(0)))):
            losers = [c for c in cards if c not in winners]
            if losers:
                return min(losers, key=cost)
    if winners:
        plain = [c for c in winners if _suit(c) != trump and not _in_marriage(c, hand)]
        if points:
            same = [c for c in plain if _suit(c) == _suit(led)]
            if same:
                return min(same, key=_strength)
            low_trumps = [c for c in winners if _suit(c) == trump and not _sharp(c)]
            low_trumps = [c for c in low_trumps if c % 13 != SEVEN] or low_trumps
            low_trumps = [c for c in low_trumps if not _in_marriage(c, hand)] or low_trumps
            if low_trumps:
                return min(low_trumps, key=_strength)
            return min(winners, key=cost)
        sharp_plain = [c for c in plain if _sharp(c)]
        if sharp_plain:  # an ace or ten of the led suit wins and banks its own points
            return max(sharp_plain, key=_strength)
        cheap = [c for c in plain if not _sharp(c)]
        if cheap:
            return min(cheap, key=_strength)
    return min(cards, key=cost)


class _DvouHra(_Hra):
    """Volený's card play for two: no partner, the opponent always after a lead and
    nobody after a follow, voids only from the tricks since the last draw."""

    def __init__(self, view: PlayerView, hand: list[Card], cards: list[Card]) -> None:
        me = view.seat
        opponent = next(s for s in view.public.hand_sizes if s != me)
        owner = _declarer(view)
        super().__init__(voleny_view(view, (me, opponent, _PHANTOM), owner), hand, cards)
        self.partner = None
        self.after = [] if self.table else [opponent]
        self.rival = opponent
        history = view.public.history
        voids: dict[Seat, set[int]] = {me: set(), opponent: set()}
        plays = [t.plays for t in history[_STOCK_TRICKS:]]
        if view.public.trick and len(history) >= _STOCK_TRICKS:
            plays.append(view.public.trick)
        trump = self.trump
        for trick in plays:
            led = _suit(card(trick[0][1]))
            for seat, code in trick[1:]:
                c = card(code)
                if _suit(c) != led:
                    voids[seat].add(led)
                    if trump is not None and _suit(c) != trump:
                        voids[seat].add(trump)
        self.memory = Memory(self.memory.gone, {s: frozenset(v) for s, v in voids.items()})
        self.unseen = _unseen(view, hand)

    def opponents(self) -> list[Seat]:
        return [self.rival]


def _declarer(view: PlayerView) -> Seat:
    """Whose game volený's play should think it is: the sedma's owner when one is
    played for, else the owner of the game (the first player or the stovka's)."""
    owners = view.public.owners
    if view.public.sedma is not None:
        return view.public.sedma
    return owners.get("hra", view.public.forhond)


def voleny_view(view: PlayerView, active: tuple[Seat, ...], declarer: Seat) -> VolenyPlayerView:
    """The same knowledge as a volený view, for volený's card play."""
    p = view.public
    public = VolenyPublicView(
        variant="marias-voleny",
        version=p.version,
        seats=3,
        dealer=p.dealer,
        active=active,
        phase=p.phase,
        to_act=p.to_act,
        declarer=declarer,
        kind="hra",
        trump=p.trump,
        trump_card=None,
        trump_blind=False,
        trump_in_talon=False,
        stovka=p.stovka is not None,
        sedma=p.sedma is not None,
        flek=dict(p.flek),
        calls=p.calls,
        hand_sizes=p.hand_sizes,
        trick=p.trick,
        last_trick=p.last_trick,
        last_winner=p.last_winner,
        history=p.history,
        tricks_won=p.tricks_won,
        marriages=p.marriages,
        lead_laid=False,
        talon_face_up=(),
        end=p.end,
        result=p.result,
        sides=p.sides,
    )
    return VolenyPlayerView(
        seat=view.seat,
        public=public,
        hand=view.hand,
        hand_complete=True,
        own_trump_card=None,
        talon=(),
        lead_card=None,
        legal=view.legal,
        sides=view.sides,
    )
