"""Křížový deals sampled from what one seat knows (for the strong player).

From the view alone (a ``KrizovyState.view`` mapping): the seat's hand, every
card played, and what the calls and the play revealed. A seat that did not
follow suit is void in it, and void in trumps too when it then played no
trump; a declared marriage's other card, an announced honer (its announcer
held it) and F's shown trump card stay in their hands until played.

The partner is the holder of the called card and is secret until it falls (or
he gives himself away): a seat that does not know him lets the sample decide
where the called card lies, F's own hand included (he may be alone), so the
sides of a sample are the sample's, never the deal's. Each sample is checked
against the whole history by :func:`consistent`, with the §2.5 honer filter.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from games.cards import DECK_32, SUIT_MASKS, Card, Rank, Suit, card, make_card, mask_of
from games.marias.rules import BETL_ORDER, KINGS, NORMAL_ORDER
from games.marias_krizovy.state import DESIGNATED
from games.strong.sampling import deal_hidden
from games.tricks import TrickRules, marias_duties

__all__ = [
    "World",
    "announced_honers",
    "consistent",
    "honer_filter",
    "rules_of",
    "sample_world",
    "tricks_of",
]

DECK: int = mask_of(DECK_32)
_SUITS = "hdsc"
_HONER_RANKS = {9: Rank.NINE, 8: Rank.EIGHT, 7: Rank.SEVEN}
View = Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class World:
    """One sampled deal: each active seat's hand now (by index into ``active``), the
    seats of side C in it (the declarer and the called card's holder) and whether
    every constraint held (``exact``)."""

    hands: list[int]
    side: frozenset[int]
    exact: bool


def rules_of(view: View) -> TrickRules:
    """The trick rules of the contract (the default duties: a view carries no house rules)."""
    duties = marias_duties(must_trump_when_cannot_overtrump=True)
    if view["kind"] == "hra" and view["trump"]:
        return TrickRules.build(duties, NORMAL_ORDER, None, Suit(_SUITS.index(view["trump"])))
    return TrickRules.build(duties, BETL_ORDER, None, None)


def announced_honers(view: View) -> dict[Card, int]:
    """Each announced honer's card with its value (9, 8, 7), in a trump game."""
    if view["kind"] != "hra" or not view["trump"]:
        return {}
    trump = Suit(_SUITS.index(view["trump"]))
    return {make_card(_HONER_RANKS[h["value"]], trump): h["value"] for h in view["honers"]}


def honer_filter(legal: int, hand: int, honers: Mapping[Card, int], trick: int, trumps: int) -> int:
    """§2.5 on the cards ``legal`` from ``hand`` in trick ``trick`` (1-8): an announced
    honer waits for its own trick while another trump will do, and when only honers
    are left, the highest goes first (``legality.legal_cards``, on masks)."""
    held = {c: v for c, v in honers.items() if hand >> c & 1}
    if not held:
        return legal
    mask = sum(1 << c for c in held)
    if legal & trumps & ~mask:
        for c, v in held.items():
            if DESIGNATED[v] != trick:
                legal &= ~(1 << c)
    if legal and not legal & ~mask:
        cards = [c for c in held if legal >> c & 1]
        if not any(DESIGNATED[held[c]] == trick for c in cards):
            legal = 1 << max(cards, key=lambda c: held[c])
    return legal


def tricks_of(view: View) -> list[list[tuple[int, Card]]]:
    """Every trick so far as (seat, card), the open one last."""
    out = [
        [(s, card(c)) for s, c in zip(t["seats"], t["cards"], strict=True)] for t in view["tricks"]
    ]
    if view["trick"]:
        out.append([(s, card(c)) for s, c in view["trick"]])
    return out


def consistent(view: View, hands: Mapping[int, int], rules: TrickRules) -> bool:
    """Whether each card of the history was legal (honer filter included) from the
    hand ``hands`` (now, per seat) gives its player at that moment."""
    held = dict(hands)
    tricks = tricks_of(view)
    for trick in tricks:
        for seat, c in trick:
            held[seat] = held.get(seat, 0) | 1 << c
    honers = announced_honers(view)
    beaters = rules.beaters
    for number, trick in enumerate(tricks, 1):
        led = trick[0][1]
        win = led
        for i, (seat, c) in enumerate(trick):
            legal = held[seat] if i == 0 else rules.legal(held[seat], led // 13, win)
            legal = honer_filter(legal, held[seat], honers, number, rules.trump_mask)
            if not legal >> c & 1:
                return False
            if i and beaters[win] >> c & 1:
                win = c
        for seat, c in trick:
            held[seat] &= ~(1 << c)
    return True


def _voids(view: View, rules: TrickRules) -> dict[int, int]:
    banned: dict[int, int] = {}
    for trick in tricks_of(view):
        led = trick[0][1] // 13
        for seat, c in trick[1:]:
            if c // 13 != led:
                no = SUIT_MASKS[led]
                if rules.trump_mask and not rules.trump_mask >> c & 1:
                    no |= rules.trump_mask
                banned[seat] = banned.get(seat, 0) | no
    return banned


def _fixed(view: View, played: int) -> dict[int, int]:
    """Cards known to be in a seat's hand: a marriage's other card, an announced
    honer, F's shown trump card, the called card once its holder is known."""
    fixed: dict[int, int] = {s: 0 for s in view["active"]}
    for m in view["marriages"]:
        king = mask_of(c for c in DECK_32 if KINGS >> c & 1 and c // 13 == _SUITS.index(m["suit"]))
        fixed[m["seat"]] |= (king | king >> 1) & ~played
    by_card = {h["value"]: h["seat"] for h in view["honers"]}
    for c, v in announced_honers(view).items():
        fixed[by_card[v]] |= (1 << c) & ~played
    if view["trump_card"]:
        fixed[view["forhond"]] |= (1 << card(view["trump_card"])) & ~played
    if view["called"] and view["partner"] is not None:
        fixed[view["partner"]] |= (1 << card(view["called"])) & ~played
    return fixed


def _side(view: View, hands: Mapping[int, int]) -> frozenset[int]:
    """Side C of a deal with these hands: the declarer, and in a game with a called
    card its holder (or the seat that played it)."""
    declarer = view["declarer"]
    if view["kind"] not in ("hra", "durchs") or not view["called"]:
        return frozenset((declarer,))
    called = card(view["called"])
    for trick in tricks_of(view):
        for seat, c in trick:
            if c == called:
                return frozenset((declarer, seat))
    holder = next(s for s, h in hands.items() if h >> called & 1)
    return frozenset((declarer, holder))


def sample_world(view: View, rng: random.Random) -> World:
    """A deal consistent with ``view``: the other three hands, and so the sides."""
    me = view["viewer"]
    active = list(view["active"])
    rules = rules_of(view)
    mine = mask_of(card(c) for c in view["hand"])
    played = 0
    for trick in tricks_of(view):
        for _, c in trick:
            played |= 1 << c
    fixed = _fixed(view, played)
    fixed[me] = mine
    holders = [s for s in active if s != me]
    hidden = DECK & ~played & ~mine
    for s in holders:
        fixed[s] &= ~mine
        hidden &= ~fixed[s]
    sizes = [int(view["hand_sizes"][str(s)]) - fixed[s].bit_count() for s in holders]
    banned = _voids(view, rules)
    allowed = [DECK & ~banned.get(s, 0) for s in holders]
    if sum(sizes) != hidden.bit_count() or min(sizes, default=0) < 0:
        sizes = _fit(sizes, hidden.bit_count())

    def accept(parts: list[int]) -> bool:
        hands = {s: parts[i] | fixed[s] for i, s in enumerate(holders)}
        hands[me] = mine
        return consistent(view, hands, rules)

    sample = deal_hidden(hidden, sizes, allowed, rng, accept=accept)
    by_seat = {s: sample.hands[i] | fixed[s] for i, s in enumerate(holders)}
    by_seat[me] = mine
    return World([by_seat[s] for s in active], _side(view, by_seat), sample.exact)


def _fit(sizes: list[int], total: int) -> list[int]:
    """Holder sizes that add up to ``total`` (a view that cannot add up: keep going)."""
    out = [max(s, 0) for s in sizes]
    while sum(out) > total:
        out[max(range(len(out)), key=lambda k: out[k])] -= 1
    while sum(out) < total:
        out[-1] += 1
    return out
