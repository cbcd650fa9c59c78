"""The first rule-of-thumb player for volený mariáš, kept as ``rules-v1``.

Frozen as it was before issue 7 so that ``python -m games arena`` can measure
the current ``rules`` player against it; do not improve it here.

It plays as a careful pub player would without counting cards: trumps from
its longest suit, the talon from short side suits, betl or durch only with a
fitting hand, sedma and stovka when the hand carries them, and in play it
takes tricks that hold points cheaply, "maže" (smears) points onto a
partner's winning trick and otherwise plays low. It sees only its own view.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from games.cards import Card, card, card_code
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
from games.marias.views import PlayerView
from games.tricks import RankOrder, beats

__all__ = ["MariasRulePlayerV1"]


def _sharp(c: Card) -> bool:
    return c % 13 in (8, 12)  # ten or ace


def _suit(c: Card) -> int:
    return c // 13


def _by_suit(cards: Sequence[Card]) -> dict[int, list[Card]]:
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


class MariasRulePlayerV1:
    """Heuristic player for every decision of volený mariáš (the first version)."""

    name = "rules-v1"

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
            pick = self._discard(view, hand, codes)
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

    def _trump(self, hand: list[Card], codes: dict[str, Action]) -> Action | None:
        groups = _by_suit(hand)
        suit = max(groups, key=lambda s: (len(groups[s]), sum(_sharp(c) for c in groups[s])))
        lowest = min(groups[suit], key=lambda c: NORMAL_ORDER.strength[c])
        return codes.get(f"trump:{card_code(lowest)}")

    def _discard(
        self, view: PlayerView, hand: list[Card], codes: dict[str, Action]
    ) -> Action | None:
        if view.public.kind is None:
            kind = plan_kind(hand)
        else:  # an overcall must be betl, or durch over a betl
            kind = "durch" if view.public.kind == "betl" or plan_kind(hand) == "durch" else "betl"
        if kind != "hra":
            pair = _worst_two(hand, kind)
        else:
            trump = _suit(card(view.own_trump_card)) if view.own_trump_card else None
            spare = [c for c in hand if not _sharp(c) and _suit(c) != trump]
            groups = _by_suit(spare)
            spare.sort(key=lambda c: (len(groups[_suit(c)]), NORMAL_ORDER.strength[c]))
            pair = spare[:2]
            if len(pair) < 2:
                return None
        a, b = sorted(pair)
        return codes.get(f"talon:{card_code(a)},{card_code(b)}")

    def _announce(
        self, view: PlayerView, hand: list[Card], codes: dict[str, Action]
    ) -> Action | None:
        full = hand + [card(c) for c in view.talon]
        kind = plan_kind(full)
        return codes.get(f"game:{kind}") or codes.get("game:hra") or codes.get("game:betl")

    def _extras(
        self, view: PlayerView, hand: list[Card], codes: dict[str, Action]
    ) -> Action | None:
        assert view.own_trump_card is not None
        trump = _suit(card(view.own_trump_card))
        trumps = [c for c in hand if _suit(c) == trump]
        has_seven = any(c % 13 == 5 for c in trumps)
        marriage_trump = {c % 13 for c in trumps} >= {10, 11}
        sharp = sum(_sharp(c) for c in hand)
        sedma = has_seven and len(trumps) >= 5
        stovka = marriage_trump and sharp >= 5 and len(trumps) >= 5
        name = "+".join(n for n, on in (("stovka", stovka), ("sedma", sedma)) if on) or "none"
        return codes.get(f"extras:{name}")

    def _flek(self, view: PlayerView, hand: list[Card], codes: dict[str, Action]) -> Action | None:
        public = view.public
        trump = "hdsc".index(public.trump) if public.trump else None
        trumps = sum(1 for c in hand if _suit(c) == trump)
        sharp = sum(_sharp(c) for c in hand)
        declarer = public.declarer == view.seat
        if public.kind == "hra":
            strong = trumps >= 6 if declarer else (trumps >= 4 and sharp >= 3)
            if strong and "flek:hra" in codes:
                return codes["flek:hra"]
        return codes.get("pass")

    def _play(self, view: PlayerView, hand: list[Card], legal: Sequence[Action]) -> Action:
        public = view.public
        cards = [
            a.card for a in legal if isinstance(a, Play | Lead) and not getattr(a, "declare", False)
        ]
        by_card = {a.card: a for a in legal if isinstance(a, Play | Lead)}
        if not cards:
            return legal[0]
        betl = public.kind in ("betl", "durch")
        order = BETL_ORDER if betl else NORMAL_ORDER
        trump = "hdsc".index(public.trump) if public.trump else None
        declarer = public.declarer == view.seat
        table = [card(code) for _, code in public.trick]
        low = min(cards, key=lambda c: (_sharp(c) and not betl, order.strength[c]))
        high = max(cards, key=lambda c: order.strength[c])
        if public.kind == "betl":
            if not declarer:
                return by_card[low if not table else high]
            winners = [c for c in cards if table and _wins(table, c, None, order)]
            safe = [c for c in cards if c not in winners]
            return by_card[max(safe, key=lambda c: order.strength[c]) if safe else low]
        if public.kind == "durch":
            return by_card[high if declarer else low]
        if not table:
            aces = [c for c in cards if c % 13 == 12 and _suit(c) != trump]
            if aces:
                return by_card[aces[0]]
            return by_card[low]
        winning = [c for c in cards if _wins(table, c, trump, order)]
        holder = _holder(public.trick, trump, order)
        partner_wins = not declarer and holder is not None and holder != public.declarer
        last = len(table) == 2
        if partner_wins and last:
            sharp = [c for c in cards if _sharp(c)]
            return by_card[sharp[0] if sharp else low]
        points = any(_sharp(c) for c in table)
        if winning and (points or last or any(_sharp(c) for c in winning)):
            return by_card[
                min(winning, key=lambda c: order.strength[c] + (20 if _suit(c) == trump else 0))
            ]
        return by_card[low]


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
