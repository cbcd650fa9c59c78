"""Cenzr deals sampled from what one seat knows (for the strong player).

From ``view(seat)`` alone: the seat's hand, every card played (the history and
the trick on the table), the called card and, once it fell, the partner. The
play tells more: a seat that did not follow suit is void in it, and one that
then played no trump is void in trumps too (trumping is a duty, §2.2). What
the trick-1 protocol said aloud (§3.4: the quality of each announcer's best
declaration, the rank of a figura, the sizes stated after the trick) must hold
for the 8 cards the sample gives that seat at the start of play.

Until the called card falls a defender does not know who the partner is, and
the chooser does not either: the sample decides it, since whoever it deals the
called card to is the partner (the chooser himself: samec), and the sides
follow from that. A seat so never uses knowledge it lacks. A sample is checked
against the whole history by :func:`consistent` (each card played was legal
from the hand the sample gives its player then).

Before the play, while calling (§4.5), a seat sees only its packet 1 and who
passed: :func:`sample_deal` deals the other 28 cards (its own packet 2 and
both packets of every other active seat), so that the strong player can
value each call, and the pass, on whole deals played out.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from games.cards import DECK_32, Card, Rank, Suit, card, make_card, mask_of
from games.cenzr.declarations import announcement, best, claim_parts, public_claim
from games.cenzr.rules import NATURAL, trick_rules
from games.cenzr.views import PlayerView
from games.strong.sampling import deal_hidden
from games.tricks import TrickRules

__all__ = [
    "Deal",
    "World",
    "consistent",
    "played_by",
    "rules_of",
    "sample_deal",
    "sample_world",
    "start_hands",
]

DECK: int = mask_of(DECK_32)
_SUIT = tuple(mask_of(c for c in DECK_32 if c // 13 == s) for s in range(4))


@dataclass(frozen=True, slots=True)
class World:
    """One sampled deal: each seat's hand now, the partner it implies (the holder
    of the called card) and whether every constraint held (``exact``)."""

    hands: dict[int, int]
    holder: int
    exact: bool


def rules_of(view: PlayerView) -> TrickRules:
    """The trick rules of the deal (the called card's suit is trumps)."""
    assert view.public.trump is not None
    return trick_rules(Suit("hdsc".index(view.public.trump)))


def _tricks(view: PlayerView) -> list[list[tuple[int, int]]]:
    """Every trick so far as (seat, card), the open one last."""
    out = [[(s, int(card(c))) for s, c in t.plays] for t in view.public.history]
    if view.public.trick:
        out.append([(s, int(card(c))) for s, c in view.public.trick])
    return out


def played_by(view: PlayerView) -> dict[int, int]:
    """The cards each active seat has played so far."""
    out = dict.fromkeys(view.public.active, 0)
    for trick in _tricks(view):
        for seat, c in trick:
            out[seat] |= 1 << c
    return out


def start_hands(view: PlayerView, hands: dict[int, int]) -> dict[int, int]:
    """The 8 cards each seat held at the start of play, if it holds ``hands`` now."""
    return {s: hands[s] | p for s, p in played_by(view).items()}


def consistent(view: PlayerView, hands: dict[int, int], rules: TrickRules) -> bool:
    """Whether each card of the history was legal from the hand ``hands`` (now, per
    seat) gives its player then, and the trick-1 protocol fits the start hands."""
    held = start_hands(view, hands)
    if not _claims_fit(view, held):
        return False
    beaters = rules.beaters
    for trick in _tricks(view):
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


def _cards(mask: int) -> list[Card]:
    return [c for c in DECK_32 if mask >> c & 1]


def _claims_fit(view: PlayerView, start: dict[int, int]) -> bool:
    """What each announcer said aloud (§3.4), and the sizes stated after trick 1,
    are what his start hand holds."""
    pub = view.public
    if pub.trump is None:
        return True
    trump = Suit("hdsc".index(pub.trump))
    for seat, kind, rank in pub.announcements:
        claim = public_claim(announcement(_cards(start[seat]), trump))
        if claim is None:
            return False
        said, top = claim_parts(claim)
        if said != kind or (kind == "figura" and (top is None or top.code != rank)):
            return False
    told = pub.declarations or {}
    for entry in [*told.get("sizes", ()), *told.get("valid", ())]:
        if "kind" not in entry or entry.get("seat") not in start:
            continue
        mine = best(announcement(_cards(start[entry["seat"]]), trump), trump)
        if mine is None or mine.kind != entry["kind"] or _code(mine.top) != entry["top"]:
            return False
    return True


def _code(top: int) -> str:
    return Rank(top).code


def _voids(view: PlayerView, rules: TrickRules) -> dict[int, int]:
    """Per seat, the cards it cannot hold: suits it failed to follow (and trumps)."""
    banned: dict[int, int] = {}
    for trick in _tricks(view):
        led = trick[0][1] // 13
        for seat, c in trick[1:]:
            if c // 13 != led:
                no = _SUIT[led]
                if not rules.trump_mask >> c & 1:
                    no |= rules.trump_mask
                banned[seat] = banned.get(seat, 0) | no
    return banned


def sample_world(view: PlayerView, rng: random.Random, attempts: int = 12) -> World:
    """A deal consistent with ``view``: the other active seats' hands now.

    An announcer's declaration is placed first (a suit, and a top where the
    table was not told it, drawn among those his cards can still hold), the
    rest dealt around it and the whole checked; without announcements that is
    plain rejection sampling, uniform over the consistent deals."""
    pub = view.public
    me = view.seat
    rules = rules_of(view)
    mine = mask_of(card(c) for c in view.hand)
    played = played_by(view)
    gone = 0
    for p in played.values():
        gone |= p
    holders = [s for s in pub.active if s != me]
    hidden = DECK & ~gone & ~mine
    banned = _voids(view, rules)
    allowed = {s: DECK & ~banned.get(s, 0) for s in holders}
    cores = _cores(view, {s: played[s] | hidden & allowed[s] for s in holders})

    def accept(parts: list[int]) -> bool:
        hands = dict(zip(holders, parts, strict=True))
        hands[me] = mine
        return consistent(view, hands, rules)

    sample = None
    for _ in range(attempts if cores else 1):
        fixed = dict.fromkeys(holders, 0)
        taken = 0
        for s, options in cores.items():
            core = rng.choice(options) & ~played[s]
            fixed[s] |= core
            taken |= core
        if sum(f.bit_count() for f in fixed.values()) != taken.bit_count():
            continue  # two announcers drew one card
        sizes = [pub.hand_sizes[s] - fixed[s].bit_count() for s in holders]
        if min(sizes) < 0:
            continue
        masks = [allowed[s] & ~taken for s in holders]
        tries = 40 if cores else 300

        def whole(parts: list[int], fixed: dict[int, int] = fixed) -> bool:
            return accept([p | fixed[s] for p, s in zip(parts, holders, strict=True)])

        got = deal_hidden(hidden & ~taken, sizes, masks, rng, accept=whole, tries=tries)
        sample = ([p | fixed[s] for p, s in zip(got.hands, holders, strict=True)], got.exact)
        if got.exact:
            break
    if sample is None:
        got = deal_hidden(
            hidden, [pub.hand_sizes[s] for s in holders], list(allowed.values()), rng, accept=accept
        )
        sample = (got.hands, got.exact)
    hands = dict(zip(holders, sample[0], strict=True))
    hands[me] = mine
    return World(hands, _holder(view, start_hands(view, hands)), sample[1])


_RUN = {"darda": 3, "padesat": 4, "sto": 5}


def _cores(view: PlayerView, room: dict[int, int]) -> dict[int, list[int]]:
    """Per other announcer, the card sets his announced declaration can be (each
    within ``room``, the cards he played or may hold)."""
    pub = view.public
    tops: dict[int, str] = {}
    for entry in [
        *(pub.declarations or {}).get("sizes", ()),
        *(pub.declarations or {}).get("valid", ()),
    ]:
        if "top" in entry:
            tops[entry["seat"]] = entry["top"]
    out: dict[int, list[int]] = {}
    for seat, kind, rank in pub.announcements:
        if seat not in room:
            continue
        if kind in ("figura", "ctyri_spodci"):
            r = Rank.JACK if kind == "ctyri_spodci" else Rank.from_code(rank or "")
            options = [mask_of(make_card(r, Suit(s)) for s in range(4))]
        else:
            length = _RUN[kind]
            starts = range(len(NATURAL) - length + 1)
            if seat in tops:
                starts = range(
                    NATURAL.index(Rank.from_code(tops[seat])),
                    1 + NATURAL.index(Rank.from_code(tops[seat])),
                )
            options = [
                mask_of(make_card(r, Suit(s)) for r in NATURAL[i : i + length])
                for s in range(4)
                for i in starts
            ]
        fit = [m for m in options if not m & ~room[seat]]
        if fit:
            out[seat] = fit
    return out


def _holder(view: PlayerView, start: dict[int, int]) -> int:
    """Who holds (or held) the called card in this sample: the partner."""
    pub = view.public
    if pub.partner is not None:
        return pub.partner
    assert pub.called is not None
    called = card(pub.called)
    return next(s for s, h in start.items() if h >> called & 1)


@dataclass(frozen=True, slots=True)
class Deal:
    """One sampled deal before the call: each active seat's packet 1 and packet 2
    (card masks, four cards each), and whether the model of the earlier passes
    held (``fits``; see :func:`sample_deal`)."""

    packets: dict[int, tuple[int, int]]
    fits: bool

    def hand(self, seat: int) -> int:
        """The 8 cards ``seat`` plays with (both packets)."""
        first, second = self.packets[seat]
        return first | second


PassModel = Callable[[int, int], bool]
"""Whether ``seat`` (the first argument) would pass with this packet 1 (a mask)."""


def sample_deal(
    view: PlayerView, rng: random.Random, passes: PassModel | None = None, tries: int = 100
) -> Deal:
    """A deal consistent with ``view`` while calling (§4.5): the seat's packet 1
    is its hand, the other 28 cards are dealt at random into its packet 2 and
    both packets of every other active seat (sitting-out seats get nothing).

    A pass is a choice, not a rule, so nothing in the view forbids any deal of
    the hidden cards. What a pass does tell depends on how the passer calls:
    ``passes(seat, packet)`` is that model (the strong player uses its rule
    player's calling), and the seats that passed before are dealt packets it
    passes with, by rejection over whole deals, so the rest stays uniform
    given it. A deal no try fitted is kept as drawn (``fits`` is ``False``):
    it is still a deal the view allows."""
    pub = view.public
    assert pub.phase == "call", "sample_deal is for the calling phase"
    me = view.seat
    mine = mask_of(card(c) for c in view.hand)
    others = [s for s in pub.active if s != me]
    passed = [s for s in pub.passes if s != me and s in others]
    # Holders: my packet 2, then packet 1 and packet 2 of each other seat.
    sizes = [4] * (1 + 2 * len(others))
    allowed = [DECK] * len(sizes)

    def fits(parts: list[int]) -> bool:
        if passes is None:
            return True
        return all(passes(s, parts[1 + 2 * others.index(s)]) for s in passed)

    got = deal_hidden(DECK & ~mine, sizes, allowed, rng, accept=fits, tries=tries)
    parts = got.hands
    packets = {me: (mine, parts[0])}
    for i, s in enumerate(others):
        packets[s] = (parts[1 + 2 * i], parts[2 + 2 * i])
    return Deal(packets, got.exact)
