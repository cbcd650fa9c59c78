"""A rule-of-thumb player for křížový mariáš (marias.md §3.2).

It decides from its own view (a ``KrizovyState.view`` mapping), the legal
actions and the seeded ``rng`` alone. What it knows of the partnership is the
view's ``sides`` (``SidesView``): the holder of the called card knows he is the
partner, everybody else learns it only when the sides are revealed (the called
card played, a honer "s", a re by the partner), so a seat it cannot place is
treated as neither friend nor foe.

* F's choice (§3.2.2): trumps from the first four, the longest suit there
  (then the one with more aces, tens and high trumps); the lowest card of that
  suit is laid as the trump card and the best trump it lacks (ace, ten, king,
  ...) is called. With a weak four (no suit of two, no ace or ten) it chooses
  "z lidu". In the red round it calls the best heart it lacks.
* The reveal: stovka with the trump marriage, five trumps or more and four
  aces and tens; a honer announced with five trumps or more holding the ace
  or the ten (the partner's help is not counted on).
* Approval: durch, betl, "durch s …" (the one card that completes a durch,
  called) only with a fitting shape (volený's ``_betl_fit`` and
  ``_durch_fit``); otherwise "dobrá". The called partner adds a honer "s" with
  four trumps or more.
* Fleks: a defender fleks the game when volený's ``defence_strength`` of its
  hand is at least ``flek_at``, fleks an announced honer when it holds three
  trumps or two with the ace or the ten, and announces a honer "proti" with
  five trumps holding the ace or the ten; the declaring side answers with re
  on a long trump suit. Betl and durch are not fleked.
* Card play: betl through volený's betl play (``_betl_card``) on a volený view
  of the same knowledge; durch (and durch s …) leads its highest cards and
  defends with its lowest; in a colour game :class:`_Hra` plays for its known
  side: boss trumps drawn while trumps are out, F leads low trumps towards the
  called card while the partner is unknown, the holder of the called ace
  shows it (a boss trump) at once, sure aces and tens cashed where no
  possible opponent is known to ruff, points smeared on a known partner's sure
  trick, tricks taken cheaply, and the trump seven kept for the last trick.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from games.cards import DECK_32, Card, Rank, Suit, card, make_card
from games.engine import Action, Seat
from games.marias.rules import BETL_ORDER, NORMAL_ORDER
from games.marias.views import PlayedTrick
from games.marias.views import PlayerView as VolenyPlayerView
from games.marias.views import PublicView as VolenyPublicView
from games.marias_krizovy.actions import (
    Approve,
    CallHearts,
    Choose,
    ChooseBlind,
    Chytak,
    DurchS,
    Extras,
    Flek,
    HonerCall,
    Overcall,
    PartnerTricks,
    Pass,
    Play,
)
from games.players.marias_rules import (
    _betl_card,
    _betl_fit,
    _by_suit,
    _durch_fit,
    _holder,
    _sharp,
    _wins,
    defence_strength,
    remember,
)
from games.sides import DECLARER_SIDE, SidesView

__all__ = ["KrizovyRulePlayer", "voleny_view"]

SEVEN, TEN, QUEEN, KING, ACE = Rank.SEVEN, Rank.TEN, Rank.QUEEN, Rank.KING, Rank.ACE
_SUITS = "hdsc"
_HONER_RANK = {9: Rank.NINE, 8: Rank.EIGHT, 7: Rank.SEVEN}


def _strength(c: Card) -> int:
    return NORMAL_ORDER.strength[c]


def _ranks(cards: Iterable[Card], suit: int) -> set[int]:
    return {c % 13 for c in cards if c // 13 == suit}


class KrizovyRulePlayer:
    """Heuristic player for every decision of křížový mariáš.

    ``flek_at`` is the :func:`defence_strength` from which a defender fleks the
    game (volený's threshold), ``honer_at`` the trumps from which F announces his
    honers at the reveal. Duplicate matches against 30 and 60, and against 3
    and 4, showed no significant gain, so the defaults stay.
    """

    name = "rules"

    def __init__(self, flek_at: int = 45, honer_at: int = 5) -> None:
        self.flek_at = flek_at
        self.honer_at = honer_at

    def choose(
        self, view: Mapping[str, Any], legal: Sequence[Action], seat: Seat, rng: random.Random
    ) -> Action:
        if not legal:
            raise ValueError("no legal action")
        hand = [card(c) for c in view["hand"]]
        phase = view["phase"]
        pick: Action | None = None
        if phase == "choose":
            pick = self._choose(hand, legal, rng)
        elif phase == "announce":
            pick = self._extras(view, hand, legal)
        elif phase == "approval":
            pick = self._approval(view, hand, legal, seat)
        elif phase == "flek":
            pick = self._flek(view, hand, legal, seat)
        elif phase == "partner_tricks":
            pick = next((a for a in legal if isinstance(a, PartnerTricks) and a.count == 1), None)
        elif phase == "play":
            pick = self._play(view, hand, legal, seat)
        return pick if pick is not None and pick in legal else legal[0]

    # --- F's choice and the reveal ----------------------------------------------

    @staticmethod
    def _choose(hand: list[Card], legal: Sequence[Action], rng: random.Random) -> Action | None:
        hearts = [a for a in legal if isinstance(a, CallHearts)]
        if hearts:  # the red round: the best heart he lacks
            return max(hearts, key=lambda a: _strength(a.called))
        groups = _by_suit(hand)

        def key(suit: int) -> tuple[int, int, int]:
            cards = groups[suit]
            return len(cards), sum(_sharp(c) for c in cards), max(_strength(c) for c in cards)

        suit = max(groups, key=key)
        weak = len(groups[suit]) < 2 and not any(_sharp(c) for c in hand)
        blind = [a for a in legal if isinstance(a, ChooseBlind)]
        if weak and blind:
            return blind[rng.randrange(len(blind))]
        lowest = min(groups[suit], key=_strength)
        calls = [a for a in legal if isinstance(a, Choose) and a.trump_card == lowest]
        return max(calls, key=lambda a: _strength(a.called)) if calls else None

    def _extras(
        self, view: Mapping[str, Any], hand: list[Card], legal: Sequence[Action]
    ) -> Action | None:
        options = [a for a in legal if isinstance(a, Extras)]
        trump = view.get("trump")
        if not options or trump is None:
            return None
        t = _SUITS.index(trump)
        ranks = _ranks(hand, t)
        n = sum(1 for c in hand if c // 13 == t)
        sharp = sum(_sharp(c) for c in hand)
        alone = view.get("called") is not None and card(view["called"]) in hand
        stovka = {KING, QUEEN} <= ranks and n >= 5 and sharp >= 4 and not alone
        honers: tuple[int, ...] = ()
        if n >= self.honer_at and bool({ACE, TEN} & ranks):
            honers = tuple(v for v in (9, 8, 7) if _HONER_RANK[v] in ranks)
        wanted = Extras(stovka, honers)
        if wanted in options:
            return wanted
        # the nearest legal one: the stovka as the house rules want it, the same honers
        same = [a for a in options if a.honers == honers]
        return same[0] if same else options[0]

    # --- approval and overcalls ---------------------------------------------------

    @staticmethod
    def _approval(
        view: Mapping[str, Any], hand: list[Card], legal: Sequence[Action], seat: Seat
    ) -> Action | None:
        overcalls = {a.kind: a for a in legal if isinstance(a, Overcall)}
        if "durch" in overcalls and _durch_fit(hand):
            return overcalls["durch"]
        if "betl" in overcalls and _betl_fit(hand):
            return overcalls["betl"]
        durchs = [a for a in legal if isinstance(a, DurchS)]
        if durchs:
            weakest = min(hand, key=lambda c: BETL_ORDER.strength[c])
            rest = [c for c in hand if c != weakest]
            fitting = [a for a in durchs if _durch_fit([*rest, a.called])]
            if fitting:
                return max(fitting, key=lambda a: BETL_ORDER.strength[a.called])
        honers = [a for a in legal if isinstance(a, HonerCall) and a.then is None]
        if honers and view.get("trump") is not None:
            t = _SUITS.index(view["trump"])
            if sum(1 for c in hand if c // 13 == t) >= 4:
                return max(honers, key=lambda a: a.honer)  # "osma s": the partner shows up
        return next((a for a in legal if isinstance(a, Approve)), None)

    # --- fleks and honers "proti" ----------------------------------------------------

    def _flek(
        self, view: Mapping[str, Any], hand: list[Card], legal: Sequence[Action], seat: Seat
    ) -> Action | None:
        passing = next((a for a in legal if isinstance(a, Pass)), None)
        if view.get("kind") != "hra" or view.get("trump") is None:
            return passing
        t = _SUITS.index(view["trump"])
        trumps = [c for c in hand if c // 13 == t]
        ranks = {c % 13 for c in trumps}
        sides = SidesView.from_dict(view["sides"])
        mine = sides.role_of(seat)
        fleks: dict[str, int] = dict(view.get("fleks") or {})
        high = bool({ACE, TEN} & ranks)
        honers = [a for a in legal if isinstance(a, HonerCall) and a.then is None]
        if honers and mine != DECLARER_SIDE and len(trumps) >= 5 and high:
            return max(honers, key=lambda a: a.honer)  # "osma proti"
        raisable = {c for a in legal if isinstance(a, Flek) for c in a.components}
        wanted: list[str] = []
        if mine == DECLARER_SIDE:
            sharp = sum(_sharp(c) for c in hand)
            strong = len(trumps) >= 5 or (len(trumps) >= 4 and high and sharp >= 4)
            if strong:
                wanted = [c for c in raisable if fleks.get(c, 0) == 1]
        else:
            if fleks.get("hra", 0) == 0 and defence_strength(hand, t) >= self.flek_at:
                wanted.append("hra")
            kill = len(trumps) >= 3 or (len(trumps) >= 2 and high)
            for h in view.get("honers") or []:
                component = f"h{h['value']}"
                if h["side"] == DECLARER_SIDE and kill and fleks.get(component, 0) == 0:
                    wanted.append(component)
        wanted = [c for c in wanted if c in raisable]
        for a in sorted(
            (a for a in legal if isinstance(a, Flek)), key=lambda a: -len(a.components)
        ):
            if set(a.components) == set(wanted):
                return a
        return passing

    # --- card play ---------------------------------------------------------------------

    def _play(
        self, view: Mapping[str, Any], hand: list[Card], legal: Sequence[Action], seat: Seat
    ) -> Action | None:
        chytak = next((a for a in legal if isinstance(a, Chytak)), None)
        if chytak is not None:
            return chytak  # the chyták shown: the deal is won at once
        by_card = {a.card: a for a in legal if isinstance(a, Play)}
        if not by_card:
            return None
        cards = sorted(by_card)
        kind = view.get("kind")
        sides = SidesView.from_dict(view["sides"])
        if kind == "betl":
            return by_card[_betl_card(voleny_view(view, seat), cards)]
        if kind in ("durch", "durchs", "chytry"):
            ours = sides.role_of(seat) == DECLARER_SIDE
            pick = max if ours else min
            return by_card[pick(cards, key=lambda c: BETL_ORDER.strength[c])]
        return by_card[_Hra(view, seat, hand, cards, sides).choose()]


class _Hra:
    """One card decision in a colour game of four, for the seat's known side."""

    def __init__(
        self,
        view: Mapping[str, Any],
        seat: Seat,
        hand: list[Card],
        cards: list[Card],
        sides: SidesView,
    ) -> None:
        self.me = seat
        self.hand = hand
        self.cards = cards
        self.trump = _SUITS.index(view["trump"])
        public = voleny_view(view, seat).public
        self.memory = remember(public)
        self.trick = public.trick
        self.table = [card(code) for _, code in public.trick]
        self.unseen = set(DECK_32) - set(hand) - set(self.memory.gone)
        self.seven = make_card(SEVEN, Suit(self.trump))
        active = list(view["active"])
        leader = public.trick[0][0] if public.trick else seat
        start = active.index(leader)
        order = [active[(start + i) % len(active)] for i in range(len(active))]
        self.after = order[len(self.table) + 1 :]
        self.friends = {s for s in active if s != seat and sides.same_side(seat, s) is True}
        self.rivals_all = {s for s in active if s != seat and s not in self.friends}
        self.ours = sides.role_of(seat) == DECLARER_SIDE
        self.chooser = view["forhond"] == seat and view["declarer"] == seat
        self.partner_unknown = self.ours and not self.friends and bool(sides.unknown)
        called = view.get("called")
        self.called = card(called) if called else None
        self.last_trick = len(hand) == 1

    def trumps(self, cards: Iterable[Card]) -> list[Card]:
        return [c for c in cards if c // 13 == self.trump]

    def void(self, seat: Seat, suit: int) -> bool:
        return suit in self.memory.voids.get(seat, frozenset())

    def may_ruff(self, seat: Seat, suit: int) -> bool:
        if suit == self.trump:
            return False
        return self.void(seat, suit) and not self.void(seat, self.trump)

    def boss(self, c: Card) -> bool:
        return not any(x // 13 == c // 13 and _strength(x) > _strength(c) for x in self.unseen)

    def keep(self, cards: list[Card]) -> list[Card]:
        """Without the trump seven (a honer for the last trick), unless it is all there is."""
        if self.last_trick:
            return cards
        return [c for c in cards if c != self.seven] or cards

    def low(self, cards: list[Card]) -> Card:
        return min(cards, key=lambda c: (_sharp(c), c // 13 == self.trump, _strength(c)))

    def cheapest(self, winners: list[Card]) -> Card:
        return min(
            winners, key=lambda c: _strength(c) + 20 * (c // 13 == self.trump) + 5 * _sharp(c)
        )

    def choose(self) -> Card:
        cards = self.keep(self.cards)
        return self.follow(cards) if self.table else self.lead(cards)

    def lead(self, cards: list[Card]) -> Card:
        trumps = self.trumps(cards)
        out = sum(1 for c in self.unseen if c // 13 == self.trump)
        if self.ours and trumps:
            if self.called is not None and self.called in trumps and self.boss(self.called):
                return self.called  # the partner shows himself with a boss trump
            best = max(trumps, key=_strength)
            if out and self.boss(best) and len(self.trumps(self.hand)) >= 2:
                return best  # draw their trumps
            if self.chooser and self.partner_unknown and out and len(trumps) >= 2:
                return min(trumps, key=_strength)  # towards the called card
        rivals = self.rivals_all
        safe = [c for c in cards if not any(self.may_ruff(s, c // 13) for s in rivals)]
        cash = [c for c in safe if c // 13 != self.trump and _sharp(c) and self.boss(c)]
        if cash:
            return max(cash, key=_strength)
        plain = [c for c in safe if c // 13 != self.trump and not _sharp(c)]
        into = [c for c in plain if any(self.may_ruff(f, c // 13) for f in self.friends)]
        if into:
            return self.low(into)
        if plain:
            return self.low(plain)
        return self.low(cards)

    def follow(self, cards: list[Card]) -> Card:
        winners = [c for c in cards if _wins(self.table, c, self.trump, NORMAL_ORDER)]
        holder = _holder(self.trick, self.trump, NORMAL_ORDER)
        friend = holder in self.friends
        points = any(_sharp(c) for c in self.table)
        led = self.table[0] // 13
        rivals = [s for s in self.after if s not in self.friends]
        if not rivals:
            if friend:
                sharp = [c for c in cards if _sharp(c) and c // 13 != self.trump]
                return max(sharp, key=_strength) if sharp else self.low(cards)
            if winners:
                best = self.cheapest(winners)
                if points or _sharp(best) or best // 13 != self.trump:
                    return best
            return self.low(cards)
        safe = [c for c in winners if self.sure(c, led, rivals)]
        if friend and self.sure_holder(led, rivals):
            sharp = [c for c in cards if _sharp(c) and c // 13 != self.trump]
            if sharp:
                return max(sharp, key=_strength)
            return self.low(cards)
        if safe and (points or any(_sharp(c) for c in safe) or not friend):
            return self.cheapest(safe)
        return self.low(cards)

    def sure(self, c: Card, led: int, rivals: list[Seat]) -> bool:
        if c // 13 == self.trump and led != self.trump:
            higher = any(x // 13 == self.trump and _strength(x) > _strength(c) for x in self.unseen)
            return not higher or not any(self.void(s, led) for s in rivals)
        if not self.boss(c):
            return False
        return not any(self.may_ruff(s, led) for s in rivals)

    def sure_holder(self, led: int, rivals: list[Seat]) -> bool:
        best = self.table[0]
        for x in self.table[1:]:
            if _wins([best], x, self.trump, NORMAL_ORDER):
                best = x
        return self.sure(best, led, rivals)


def voleny_view(view: Mapping[str, Any], seat: Seat) -> VolenyPlayerView:
    """The same knowledge as a volený view, for volený's card play and memory: the
    finished tricks as the history, the trick on the table, the trump and the sides."""
    history = tuple(
        PlayedTrick(tuple(zip(t["seats"], t["cards"], strict=True)), t["winner"])
        for t in view.get("tricks") or []
    )
    trick = tuple((s, c) for s, c in view.get("trick") or [])
    sides = SidesView.from_dict(view["sides"])
    kind = view.get("kind")
    public = VolenyPublicView(
        variant="marias-voleny",
        version=int(view.get("version", 0)),
        seats=int(view["seats"]),
        dealer=int(view["dealer"]),
        active=tuple(view["active"]),
        phase=str(view["phase"]),
        to_act=() if view.get("to_move") is None else (view["to_move"],),
        declarer=view.get("declarer"),
        kind="hra" if kind == "hra" else "betl" if kind == "betl" else "durch",
        trump=view.get("trump") if kind == "hra" else None,
        trump_card=None,
        trump_blind=False,
        trump_in_talon=False,
        stovka=bool(view.get("stovka")),
        sedma=False,
        flek=dict(view.get("fleks") or {}),
        calls=(),
        hand_sizes={int(s): n for s, n in (view.get("hand_sizes") or {}).items()},
        trick=trick,
        last_trick=history[-1].plays if history else (),
        last_winner=history[-1].winner if history else None,
        history=history,
        tricks_won={},
        marriages=(),
        lead_laid=False,
        talon_face_up=(),
        end=view.get("end"),
        result=None,
        sides=sides,
    )
    return VolenyPlayerView(
        seat=seat,
        public=public,
        hand=tuple(view["hand"]),
        hand_complete=True,
        own_trump_card=None,
        talon=(),
        lead_card=None,
        legal=(),
        sides=sides,
    )
