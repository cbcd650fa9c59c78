"""A rule-of-thumb player for volený mariáš.

It plays as a careful pub player would, and it remembers the deal: the view
carries every finished trick (``PublicView.history``), from which it knows
which cards are gone and who is void in what (a seat that did not follow the
led suit holds none of it; one that did not trump either holds no trumps).

* Bidding: trumps from its longest suit; betl or durch only with a fitting
  hand; a talon that keeps aces and tens (with the default house rule they
  would allow only betl or durch), trumps and marriages, and that empties a
  short side suit; sedma with five trumps (four with the ace and ten).
* Flek: a simple count of the points and trump tricks its hand should take
  (:func:`defence_strength`); a defender fleks a plain game when it is high
  enough, since an unfleked game is paid anyway. Against a sedma a defender
  with trumps to kill the seven fleks the sedma, and a weak one fleks the game
  alone, which makes the sedma "zadarmo" (§3.1.6).
* Sedma: the declarer keeps the trump seven for the last trick and draws the
  defenders' trumps with his others while any may be out; the defenders lead
  trumps to force the seven out early and keep their last trump to kill it.
  Any holder of the trump seven keeps it back (a silent seven).
* Card play: aces and winning tens are cashed where nobody can trump them,
  tricks with points are taken cheaply, a card that can still be beaten is not
  risked second in hand, points are smeared onto a partner's trick, and leads
  go into the partner's void rather than the declarer's.

It sees only its own view.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from games.cards import DECK_32, Card, Rank, Suit, card, card_code, make_card
from games.engine import Action, Seat
from games.marias.actions import (
    Announce,
    ChooseTrump,
    Discard,
    Extras,
    Lead,
    Play,
    Respond,
)
from games.marias.rules import BETL_ORDER, NORMAL_ORDER
from games.marias.views import PlayerView, PublicView
from games.tricks import RankOrder, beats

__all__ = ["MariasRulePlayer", "Memory", "defence_strength", "plan_kind", "remember"]

SEVEN, TEN, QUEEN, KING, ACE = Rank.SEVEN, Rank.TEN, Rank.QUEEN, Rank.KING, Rank.ACE


def _sharp(c: Card) -> bool:
    return c % 13 in (TEN, ACE)


def _suit(c: Card) -> int:
    return c // 13


def _by_suit(cards: Iterable[Card]) -> dict[int, list[Card]]:
    groups: dict[int, list[Card]] = {}
    for c in cards:
        groups.setdefault(_suit(c), []).append(c)
    return groups


def _betl_fit(cards: Sequence[Card]) -> bool:
    """Low cards only: no card above the ten in betl order, and a seven or eight in each suit."""
    for group in _by_suit(cards).values():
        if max(BETL_ORDER.strength[c] for c in group) > 3:
            return False
        if min(BETL_ORDER.strength[c] for c in group) > 1:
            return False
    return True


def _durch_fit(cards: Sequence[Card]) -> bool:
    """Every suit held is a run from the ace down."""
    for group in _by_suit(cards).values():
        strengths = sorted((BETL_ORDER.strength[c] for c in group), reverse=True)
        if strengths != list(range(7, 7 - len(strengths), -1)):
            return False
    return True


def _worst_two(cards: Sequence[Card], kind: str) -> list[Card]:
    if kind == "betl":
        return sorted(cards, key=lambda c: -BETL_ORDER.strength[c])[:2]
    return sorted(cards, key=lambda c: BETL_ORDER.strength[c])[:2]


def plan_kind(cards: Sequence[Card]) -> str:
    """Which game a 12-card hand (before the discard) should be played as."""
    for kind in ("durch", "betl"):
        worst = set(_worst_two(cards, kind))
        rest = [c for c in cards if c not in worst]
        if (kind == "durch" and _durch_fit(rest)) or (kind == "betl" and _betl_fit(rest)):
            return kind
    return "hra"


def _partner_of(c: Card) -> Card | None:
    rank = c % 13
    if rank == KING:
        return Card(c - 1)
    if rank == QUEEN:
        return Card(c + 1)
    return None


def _in_marriage(c: Card, cards: Iterable[Card]) -> bool:
    partner = _partner_of(c)
    return partner is not None and partner in set(cards)


def defence_strength(hand: Sequence[Card], trump: int) -> int:
    """Card points (and their worth in trump tricks) a defender's hand should take
    against a colour game: aces, tens kept by their ace or by length, a long or
    high trump holding that can ruff, and side marriages. A rough count, not a
    search; the flek decision compares it with a threshold."""
    groups = _by_suit(hand)
    points = 0
    for suit, cards in groups.items():
        ranks = {c % 13 for c in cards}
        if suit == trump:
            points += 12 * (ACE in ranks) + 8 * (TEN in ranks)
            points += 5 * max(0, len(cards) - 1)
            points += 30 if {KING, QUEEN} <= ranks else 0
            continue
        points += 10 * (ACE in ranks)
        if TEN in ranks:
            points += 10 if ACE in ranks else 5 if len(cards) >= 3 else 0
        points += 15 if {KING, QUEEN} <= ranks else 0
    trumps = len(groups.get(trump, ()))
    short = sum(1 for s in range(4) if s != trump and len(groups.get(s, ())) <= 1)
    points += 4 * short * min(trumps, 2)
    return points


@dataclass(frozen=True)
class Memory:
    """What the deal so far tells a seat: cards gone, voids, trumps still out."""

    gone: frozenset[Card]  # played in finished tricks or in the current one
    voids: dict[Seat, frozenset[int]]  # suits a seat is known to hold none of


def remember(public: PublicView) -> Memory:
    """Read the public history (and the trick on the table) for gone cards and voids."""
    trump = "hdsc".index(public.trump) if public.trump else None
    gone: set[Card] = set()
    voids: dict[Seat, set[int]] = {s: set() for s in public.active}
    tricks = [t.plays for t in public.history]
    if public.trick:
        tricks.append(public.trick)
    for plays in tricks:
        led = _suit(card(plays[0][1]))
        trumped = False
        for i, (seat, code) in enumerate(plays):
            c = card(code)
            gone.add(c)
            if i == 0:
                continue
            if _suit(c) != led:
                voids[seat].add(led)
                # With no trump on the table he had to trump if he could (§2.2).
                if trump is not None and _suit(c) != trump and not trumped:
                    voids[seat].add(trump)
            if trump is not None and _suit(c) == trump:
                trumped = True
    return Memory(frozenset(gone), {s: frozenset(v) for s, v in voids.items()})


class MariasRulePlayer:
    """Heuristic player for every decision of volený mariáš.

    ``flek_at`` is the :func:`defence_strength` from which a defender fleks a
    plain game; the arena (``python -m games arena``) is where to tune it.
    """

    name = "rules"

    def __init__(self, flek_at: int = 45) -> None:
        self.flek_at = flek_at

    def choose(
        self, view: PlayerView, legal: Sequence[Action], seat: Seat, rng: random.Random
    ) -> Action:
        if not legal:
            raise ValueError("no legal action")
        codes = {a.code: a for a in legal}
        hand = [card(c) for c in view.hand]
        pick: Action | None = None
        sample = legal[0]
        if isinstance(sample, ChooseTrump):
            pick = self._trump(hand, codes)
        elif isinstance(sample, Discard):
            pick = self._discard(view, hand, legal)
        elif isinstance(sample, Announce):
            pick = self._announce(view, hand, codes)
        elif isinstance(sample, Respond):
            pick = codes.get("spatna") if _betl_fit(hand) or _durch_fit(hand) else None
            pick = pick or codes.get("dobra")
        elif isinstance(sample, Extras):
            pick = self._extras(view, hand, codes)
        elif isinstance(sample, Lead):
            pick = self._play(view, hand, legal)
        elif "pass" in codes:
            pick = self._flek(view, hand, codes)
        elif isinstance(sample, Play):
            pick = self._play(view, hand, legal)
        return pick if pick is not None else legal[0]

    # --- bidding ----------------------------------------------------------------

    def _trump(self, hand: list[Card], codes: dict[str, Action]) -> Action | None:
        groups = _by_suit(hand)
        suit = max(groups, key=lambda s: (len(groups[s]), sum(_sharp(c) for c in groups[s])))
        lowest = min(groups[suit], key=lambda c: NORMAL_ORDER.strength[c])
        return codes.get(f"trump:{card_code(lowest)}")

    def _discard(self, view: PlayerView, hand: list[Card], legal: Sequence[Action]) -> Action:
        public = view.public
        if public.kind is None:
            kind = plan_kind(hand)
        else:  # an overcall must be betl, or durch over a betl
            kind = "durch" if public.kind == "betl" or plan_kind(hand) == "durch" else "betl"
        discards = [a for a in legal if isinstance(a, Discard)]
        if kind != "hra":
            allowed = [c for c in hand if any(c in d.cards for d in discards)]
            a, b = sorted(_worst_two(allowed, kind))  # not the trump card, say
            return next((d for d in discards if d.cards == (a, b)), discards[0])
        trump = _suit(card(view.own_trump_card)) if view.own_trump_card else None
        return min(discards, key=lambda d: talon_cost(hand, d.cards, trump))

    def _announce(
        self, view: PlayerView, hand: list[Card], codes: dict[str, Action]
    ) -> Action | None:
        # The ten cards kept decide, not the plan: a discard that could not
        # realise a betl or durch (the trump card must stay) leaves a colour game.
        kind = "durch" if _durch_fit(hand) else "betl" if _betl_fit(hand) else "hra"
        return codes.get(f"game:{kind}") or codes.get("game:hra") or codes.get("game:betl")

    def _extras(
        self, view: PlayerView, hand: list[Card], codes: dict[str, Action]
    ) -> Action | None:
        assert view.own_trump_card is not None
        trump = _suit(card(view.own_trump_card))
        trumps = [c for c in hand if _suit(c) == trump]
        ranks = {c % 13 for c in trumps}
        has_seven = SEVEN in ranks
        sharp = sum(_sharp(c) for c in hand)
        sedma = has_seven and (len(trumps) >= 5 or (len(trumps) >= 4 and {ACE, TEN} <= ranks))
        stovka = {QUEEN, KING} <= ranks and sharp >= 5 and len(trumps) >= 5
        name = "+".join(n for n, on in (("stovka", stovka), ("sedma", sedma)) if on) or "none"
        return codes.get(f"extras:{name}")

    def _flek(self, view: PlayerView, hand: list[Card], codes: dict[str, Action]) -> Action | None:
        """One step of the chain at most: a defender fleks (level 1), the declarer
        answers with re (level 2); beyond that the hand no longer tells enough."""
        public = view.public
        if public.kind != "hra" or public.trump is None:
            return codes.get("pass")
        trump = "hdsc".index(public.trump)
        trumps = [c for c in hand if _suit(c) == trump]
        level = public.flek
        if public.declarer == view.seat:
            sharp = sum(_sharp(c) for c in hand)
            strong = len(trumps) >= 6 or (len(trumps) >= 5 and sharp >= 4)
            raise_ = [n for n in ("hra", "sedma") if level.get(n) == 1 and f"flek:{n}" in codes]
            return _flek_code(codes, raise_ if strong else [])
        game = level.get("hra") == 0 and defence_strength(hand, trump) >= self.flek_at
        if public.sedma:
            ranks = {c % 13 for c in trumps}
            kill = len(trumps) >= 3 or (len(trumps) >= 2 and bool({ACE, TEN} & ranks))
            if kill and level.get("sedma") == 0:
                return _flek_code(codes, ["hra", "sedma"] if game else ["sedma"])
            if level.get("hra") == 0 and level.get("sedma") == 0:
                return _flek_code(codes, ["hra"])  # alone on the game: the sedma is "zadarmo"
        return _flek_code(codes, ["hra"] if game else [])

    # --- card play ------------------------------------------------------------------

    def _play(self, view: PlayerView, hand: list[Card], legal: Sequence[Action]) -> Action:
        public = view.public
        by_card = {
            a.card: a
            for a in legal
            if isinstance(a, Play | Lead) and not getattr(a, "declare", False)
        }
        if not by_card:
            return legal[0]
        cards = sorted(by_card)
        if public.kind == "betl":
            return by_card[_betl_card(view, cards)]
        if public.kind == "durch":
            return by_card[_durch_card(view, cards)]
        return by_card[_Hra(view, hand, cards).choose()]


def _flek_code(codes: dict[str, Action], names: list[str]) -> Action | None:
    """``flek:`` of these components if that is legal, else ``pass``."""
    wanted = [n for n in names if f"flek:{n}" in codes]
    if wanted:
        return codes.get("flek:" + "+".join(wanted)) or codes.get(f"flek:{wanted[0]}")
    return codes.get("pass")


def talon_cost(hand: list[Card], pair: tuple[Card, Card], trump: int | None) -> float:
    """How much a hra declarer loses by laying these two cards away (lower is better)."""
    cost = 0.0
    rest = [c for c in hand if c not in pair]
    for c in pair:
        if _sharp(c):
            cost += 1000  # an ace or ten: only betl or durch could follow (§6 #5)
        if _suit(c) == trump:
            cost += 100 + NORMAL_ORDER.strength[c]
        if _in_marriage(c, hand):
            cost += 200
        ten, ace = make_card(TEN, Suit(_suit(c))), make_card(ACE, Suit(_suit(c)))
        if c % 13 == KING and ten in rest and ace not in hand:
            cost += 5  # the king guards a ten without its ace
        cost += NORMAL_ORDER.strength[c]
    for suit in {_suit(c) for c in pair}:
        if suit != trump and not any(_suit(c) == suit for c in rest):
            cost -= 15  # a void: the suit can be trumped
        left = sum(1 for c in rest if _suit(c) == suit)
        cost += 2 * left
    return cost


def _betl_card(view: PlayerView, cards: list[Card]) -> Card:
    public = view.public
    table = [card(code) for _, code in public.trick]
    order = BETL_ORDER
    declarer = public.declarer
    if public.declarer == view.seat:
        winners = [c for c in cards if table and _wins(table, c, None, order)]
        safe = [c for c in cards if c not in winners]
        if safe:
            return max(safe, key=lambda c: order.strength[c])
        return min(cards, key=lambda c: order.strength[c])
    memory = remember(public)
    voids = memory.voids.get(declarer, frozenset()) if declarer is not None else frozenset()
    if not table:
        # Lead low in a suit the declarer still holds, so that he must go over it.
        live = [c for c in cards if _suit(c) not in voids] or cards
        return min(live, key=lambda c: order.strength[c])
    played = {seat for seat, _ in public.trick}
    if declarer in played:
        return max(cards, key=lambda c: order.strength[c])  # keep the low cards to lead
    return min(cards, key=lambda c: order.strength[c])  # the declarer must beat it


def _durch_card(view: PlayerView, cards: list[Card]) -> Card:
    order = BETL_ORDER
    if view.public.declarer == view.seat:
        return max(cards, key=lambda c: order.strength[c])
    return min(cards, key=lambda c: order.strength[c])


class _Hra:
    """One card decision in a colour game, with what the history tells."""

    def __init__(self, view: PlayerView, hand: list[Card], cards: list[Card]) -> None:
        public = view.public
        self.public = public
        self.me = view.seat
        self.hand = hand
        self.cards = cards
        self.trump = "hdsc".index(public.trump) if public.trump else None
        self.declarer = public.declarer == view.seat
        self.memory = remember(public)
        self.table = [card(code) for _, code in public.trick]
        mine = set(hand) | {card(c) for c in view.talon}
        self.unseen = set(DECK_32) - mine - set(self.memory.gone)
        self.seven = make_card(SEVEN, Suit(self.trump)) if self.trump is not None else None
        order = list(public.active)
        i = order.index(self.me)
        self.after = [order[(i + k) % 3] for k in range(1, 3 - len(self.table))]
        self.partner = next((s for s in public.active if s not in (self.me, public.declarer)), None)
        if self.declarer:
            self.partner = None
        self.last_trick = len(hand) == 1

    # --- helpers ---------------------------------------------------------------

    def trumps(self, cards: Iterable[Card]) -> list[Card]:
        return [c for c in cards if _suit(c) == self.trump]

    def unseen_trumps(self) -> int:
        return sum(1 for c in self.unseen if _suit(c) == self.trump)

    def void(self, seat: Seat, suit: int) -> bool:
        return suit in self.memory.voids.get(seat, frozenset())

    def may_ruff(self, seat: Seat, suit: int) -> bool:
        """Whether ``seat`` might trump a lead of ``suit``."""
        if self.trump is None or suit == self.trump:
            return False
        return self.void(seat, suit) and not self.void(seat, self.trump)

    def boss(self, c: Card) -> bool:
        """No unseen card of its suit beats it."""
        return not any(
            _suit(x) == _suit(c) and NORMAL_ORDER.strength[x] > NORMAL_ORDER.strength[c]
            for x in self.unseen
        )

    def opponents(self) -> list[Seat]:
        if self.declarer:
            return [s for s in self.public.active if s != self.me]
        return [self.public.declarer] if self.public.declarer is not None else []

    def keep(self, cards: list[Card]) -> list[Card]:
        """Without the trump seven, unless it is all there is or the last trick."""
        if self.last_trick or self.seven is None:
            return cards
        rest = [c for c in cards if c != self.seven]
        return rest or cards

    def low(self, cards: list[Card]) -> Card:
        """The cheapest card to give away: no points, no trump, no marriage half, low."""

        return min(
            cards, key=lambda c: (_sharp(c), _suit(c) == self.trump, NORMAL_ORDER.strength[c])
        )

    def cheapest_winner(self, winners: list[Card]) -> Card:
        return min(
            winners,
            key=lambda c: (
                NORMAL_ORDER.strength[c] + (20 if _suit(c) == self.trump else 0) + 5 * _sharp(c)
            ),
        )

    # --- decisions ------------------------------------------------------------

    def choose(self) -> Card:
        cards = self.keep(self.cards)
        if not self.table:
            return self.lead(cards)
        return self.follow(cards)

    def lead(self, cards: list[Card]) -> Card:
        trumps = self.trumps(cards)
        out = self.unseen_trumps()
        opponents = self.opponents()
        if self.declarer:
            holds_seven = self.seven is not None and self.seven in self.hand
            trump = self.trump if self.trump is not None else -1
            drawing = out > 0 and trumps and not all(self.void(s, trump) for s in opponents)
            long = len(self.trumps(self.hand)) >= out
            if drawing and (holds_seven or long):
                best = max(trumps, key=lambda c: NORMAL_ORDER.strength[c])
                if self.boss(best):
                    return best
                if holds_seven and self.public.sedma:
                    return min(trumps, key=lambda c: NORMAL_ORDER.strength[c])
        elif self.public.sedma and len(trumps) >= 2 and self.trump is not None:
            declarer = self.public.declarer
            if declarer is not None and not self.void(declarer, self.trump):
                return min(trumps, key=lambda c: NORMAL_ORDER.strength[c])
        safe = [c for c in cards if not any(self.may_ruff(s, _suit(c)) for s in opponents)]
        cash = [c for c in safe if _suit(c) != self.trump and _sharp(c) and self.boss(c)]
        if cash:
            return max(cash, key=lambda c: NORMAL_ORDER.strength[c])
        if self.partner is not None:
            partner = self.partner
            plain = [c for c in safe if not _sharp(c) and _suit(c) != self.trump]
            ruff = [c for c in plain if self.may_ruff(partner, _suit(c))]
            if ruff:
                return self.low(ruff)
        plain = [c for c in safe if _suit(c) != self.trump and not _sharp(c)]
        if plain:
            return self.low(plain)
        return self.low(cards)

    def follow(self, cards: list[Card]) -> Card:
        order = NORMAL_ORDER
        winners = [c for c in cards if _wins(self.table, c, self.trump, order)]
        holder = _holder(self.public.trick, self.trump, order)
        friend = self.partner is not None and holder == self.partner
        points = any(_sharp(c) for c in self.table)
        if not self.after:  # last to play
            if friend:
                sharp = [c for c in cards if _sharp(c) and _suit(c) != self.trump]
                sharp = sharp or [c for c in cards if _sharp(c)]
                return max(sharp, key=lambda c: order.strength[c]) if sharp else self.low(cards)
            if winners:
                best = self.cheapest_winner(winners)
                cheap = not _sharp(best) and _suit(best) != self.trump
                if points or cheap or _sharp(best):
                    return best
            return self.low(cards)
        # Someone plays after us: a winner counts only if it cannot be beaten.
        led = _suit(self.table[0])
        rivals = [s for s in self.after if s != self.partner]
        safe = [c for c in winners if self.sure(c, led, rivals)]
        if friend and self.sure_holder(led, rivals):
            sharp = [c for c in cards if _sharp(c) and _suit(c) != self.trump]
            if sharp:
                return max(sharp, key=lambda c: order.strength[c])
        if safe and (points or any(_sharp(c) for c in safe) or not friend):
            return self.cheapest_winner(safe)
        return self.low(cards)

    def sure(self, c: Card, led: int, rivals: list[Seat]) -> bool:
        """``c`` keeps the trick against the rivals still to play."""
        if _suit(c) == self.trump and led != self.trump:
            # a trump: beaten only by a rival void in the led suit with a higher trump
            higher = any(
                _suit(x) == self.trump and NORMAL_ORDER.strength[x] > NORMAL_ORDER.strength[c]
                for x in self.unseen
            )
            return not higher or not any(self.void(s, led) for s in rivals)
        if not self.boss(c):
            return False
        return not any(self.may_ruff(s, led) for s in rivals)

    def sure_holder(self, led: int, rivals: list[Seat]) -> bool:
        """The partner's card now holding the trick cannot be beaten by the rivals."""
        best = self.table[0]
        for x in self.table[1:]:
            if beats(x, best, self.trump, NORMAL_ORDER):  # type: ignore[arg-type]
                best = x
        return self.sure(best, led, rivals)


def _wins(table: list[Card], c: Card, trump: int | None, order: RankOrder) -> bool:
    best = table[0]
    for x in table[1:]:
        if beats(x, best, trump, order):  # type: ignore[arg-type]
            best = x
    return beats(c, best, trump, order)  # type: ignore[arg-type]


def _holder(trick: Sequence[tuple[Seat, str]], trump: int | None, order: RankOrder) -> Seat | None:
    if not trick:
        return None
    best_seat, best = trick[0][0], card(trick[0][1])
    for seat, code in trick[1:]:
        c = card(code)
        if beats(c, best, trump, order):  # type: ignore[arg-type]
            best_seat, best = seat, c
    return best_seat
