"""Volený deals sampled from what one seat knows (for the strong player).

From ``view(seat)`` alone: the seat's hand, every card played (the history and
the trick on the table), the declarer's own talon, the talon's sharp cards laid
face up, the trump card shown. The play tells more: a seat that did not follow
suit is void in it, and one that then played no trump is void in trumps too;
a seat that declared a marriage held both of its cards, so the one not yet
played is still in its hand; the shown trump card stays in the declarer's hand
until he plays it. The talon holds no ace or ten when the house rules forbid
them there, and holds a trump exactly when the table was told so. A sample is
checked against the whole history by :func:`consistent` (each card played was
legal from the hand the sample gives its player then), which also covers the
duty to head the trick. The declarer's choice says something too: he has the
trumps for it (``DECLARER_TRUMPS``). A caller may add a soft test of its own
(``fit``: licitovaný's bids, ``games.marias_licit.determinize``), tried first
and dropped first.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from games.cards import DECK_32, Card, card, mask_of
from games.marias.rules import BETL_ORDER, KINGS, NORMAL_ORDER, SHARP
from games.marias.views import PlayerView
from games.strong.sampling import deal_hidden
from games.tricks import TrickRules, marias_duties

__all__ = ["Fit", "World", "consistent", "rules_of", "sample_world"]

DECK: int = mask_of(DECK_32)
DECLARER_TRUMPS = 4
"""A declarer of a colour game holds at least this many trumps: who chooses the
trumps chooses his long suit, so a sample giving him two is not a deal the
table could be in (a soft constraint: the sampler drops it if it must)."""
_SUITS = "hdsc"


@dataclass(frozen=True, slots=True)
class World:
    """One sampled deal: each active seat's hand now (by index into ``active``), the
    talon, whether every constraint of the view held (``exact``) and whether the
    caller's soft ``fit`` did (``fits``, ``True`` without one)."""

    hands: list[int]
    talon: int
    exact: bool
    fits: bool = True


Fit = Callable[[list[int], int], bool]
"""A soft test of a whole sample: the hands (by index into ``active``) and the talon."""


def rules_of(view: PlayerView) -> TrickRules:
    """The trick rules of the deal the view shows (the default duties: a view does
    not carry the house rules, and the default is what almost every table plays);
    the declarer knows his trumps before the table does."""
    pub = view.public
    hra = pub.kind == "hra"
    code = pub.trump or (view.own_trump_card[1] if view.own_trump_card else None)
    trump = _SUITS.index(code) if hra and code else None
    duties = marias_duties(must_trump_when_cannot_overtrump=True)
    return TrickRules.build(duties, NORMAL_ORDER if hra else BETL_ORDER, None, trump)  # type: ignore[arg-type]


def _tricks(view: PlayerView) -> list[list[tuple[int, Card]]]:
    """Every trick so far as (seat, card), the open one last."""
    out = [[(s, card(c)) for s, c in t.plays] for t in view.public.history]
    if view.public.trick:
        out.append([(s, card(c)) for s, c in view.public.trick])
    return out


def consistent(view: PlayerView, hands: dict[int, int], rules: TrickRules) -> bool:
    """Whether each card of the history was legal from the hand ``hands`` (now, per
    seat) gives its player at that moment."""
    held = dict(hands)
    tricks = _tricks(view)
    for trick in tricks:
        for seat, c in trick:
            held[seat] = held.get(seat, 0) | 1 << c
    beaters = rules.beaters
    for trick in tricks:
        led = trick[0][1]
        win = led
        for seat, c in trick[1:]:
            if not rules.legal(held[seat], led // 13, win) >> c & 1:
                return False
            if beaters[win] >> c & 1:
                win = c
        for seat, c in trick:
            held[seat] &= ~(1 << c)
    return True


def _voids(view: PlayerView, rules: TrickRules) -> dict[int, int]:
    """Per seat, the cards it cannot hold: suits it failed to follow (and trumps)."""
    banned: dict[int, int] = {}
    suit_mask = [mask_of(c for c in DECK_32 if c // 13 == s) for s in range(4)]
    for trick in _tricks(view):
        led = trick[0][1] // 13
        for seat, c in trick[1:]:
            if c // 13 != led:
                no = suit_mask[led]
                if rules.trump_mask and not rules.trump_mask >> c & 1:
                    no |= rules.trump_mask
                banned[seat] = banned.get(seat, 0) | no
    return banned


def sample_world(
    view: PlayerView, rng: random.Random, fit: Fit | None = None, fit_tries: int = 40
) -> World:
    """A deal consistent with ``view``: the other active seats' hands and the talon.

    With ``fit``, ``fit_tries`` (``deal_hidden``'s tries) look for a sample that
    also passes it; if none does, it is dropped (``World.fits`` is ``False``)."""
    pub = view.public
    me = view.seat
    active = list(pub.active)
    rules = rules_of(view)
    mine = mask_of(card(c) for c in view.hand)
    played = 0
    played_by: dict[int, int] = {}
    for trick in _tricks(view):
        for seat, c in trick:
            played |= 1 << c
            played_by[seat] = played_by.get(seat, 0) | 1 << c
    talon_known = mask_of(card(c) for c in view.talon) | mask_of(card(c) for c in pub.talon_face_up)
    # two cards once the declarer has laid them away; none while he still holds twelve
    talon_size = len(DECK_32) - played.bit_count() - sum(pub.hand_sizes[s] for s in active)
    fixed: dict[int, int] = {s: 0 for s in active}
    fixed[me] = mine
    declarer = pub.declarer
    if pub.trump_card and declarer is not None and declarer != me:
        tc = 1 << card(pub.trump_card)
        if not (played | talon_known) & tc:
            fixed[declarer] |= tc
    for seat, suit, _points in pub.marriages:
        king = mask_of(c for c in DECK_32 if KINGS >> c & 1 and c // 13 == _SUITS.index(suit))
        pair = king | king >> 1
        rest = pair & ~played
        if seat != me:
            fixed[seat] |= rest
    hidden = DECK & ~played & ~talon_known & ~mine
    for seat in active:
        if seat != me:
            hidden &= ~fixed[seat]
    holders = [s for s in active if s != me]
    sizes = [pub.hand_sizes[s] - fixed[s].bit_count() for s in holders]
    talon_rest = talon_size - talon_known.bit_count()
    sizes.append(max(talon_rest, 0))
    banned = _voids(view, rules)
    allowed = [DECK & ~banned.get(s, 0) for s in holders]
    talon_allowed = DECK
    if pub.kind == "hra":
        talon_allowed &= ~SHARP  # aces and tens in the talon are shown face up, or forbidden
        if not pub.trump_in_talon:
            talon_allowed &= ~rules.trump_mask
    allowed.append(talon_allowed)
    if sum(sizes) != hidden.bit_count() or min(sizes) < 0:
        sizes = _fit(sizes, hidden.bit_count())

    def accept(parts: list[int]) -> bool:
        hands = {s: parts[i] | fixed[s] for i, s in enumerate(holders)}
        hands[me] = mine
        if pub.trump_in_talon and not (parts[-1] | talon_known) & rules.trump_mask:
            return False
        return consistent(view, hands, rules)

    def likely(parts: list[int]) -> bool:
        if declarer is not None and declarer != me and rules.trump_mask:
            i = holders.index(declarer)
            dealt = parts[i] | fixed[declarer] | played_by.get(declarer, 0)
            if (dealt & rules.trump_mask).bit_count() < DECLARER_TRUMPS:
                return False
        return accept(parts)

    def whole(parts: list[int]) -> tuple[list[int], int]:
        by_seat = {s: parts[i] | fixed[s] for i, s in enumerate(holders)}
        by_seat[me] = mine
        return [by_seat[s] for s in active], parts[-1] | talon_known

    def fitting(parts: list[int]) -> bool:
        assert fit is not None
        return fit(*whole(parts)) and likely(parts)

    first = None
    if fit is not None:
        first = deal_hidden(hidden, sizes, allowed, rng, accept=fitting, tries=fit_tries)
    fitted = first is None or first.exact
    sample = first if first is not None and first.exact else None
    if sample is None:
        sample = deal_hidden(hidden, sizes, allowed, rng, accept=likely, tries=100)
    if not sample.exact:  # the declarer plays with fewer trumps: drop only that
        sample = deal_hidden(hidden, sizes, allowed, rng, accept=accept)
    hands, talon = whole(sample.hands)
    return World(hands, talon, sample.exact, fitted)


def _fit(sizes: Sequence[int], total: int) -> list[int]:
    """Holder sizes that add up to ``total`` (a view that cannot add up: keep going)."""
    out = [max(s, 0) for s in sizes]
    while sum(out) > total:
        i = max(range(len(out)), key=lambda k: out[k])
        out[i] -= 1
    while sum(out) < total:
        out[-1] += 1
    return out
