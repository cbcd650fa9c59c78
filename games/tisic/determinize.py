"""Tisíc deals sampled from what one seat knows (for the strong player).

From ``view(seat)`` alone: the seat's hand, every card played (the history,
each trick with the trump in force then, and the trick on the table), and for
the declarer the talon he took and the two cards he laid away. The play tells
more: a seat that did not follow suit is void in it, and one that then played
no trump while a trump was in force is void in trumps too (§7.3); a seat that
declared a marriage held both its cards, so the one not yet played is still in
its hand. A defender does not see the discards: the sample lays two cards
away, never an ace or a ten (§6.2), and with ``show_talon`` the shown talon
cards went to the declarer (in hand, played or laid away). A sample is
checked against the whole history by :func:`consistent` (each card played was
legal, duty to head included, from the hand the sample gives its player then).
The auction is not read into the hands (a bid says too little, too loosely).

Before the play (for the bids, the talon and the contract) the same sampler
covers the earlier phases: in the auction nobody has the talon, so its two
cards are dealt from the unseen ones like another hand (``World.talon``);
once the talon is taken the declarer holds twelve and, for him, only the
two other hands are hidden; a defender's sample lays two cards away only
once the declarer has discarded (the contract phase on), not while he still
holds twelve.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from games.cards import DECK_32, SUIT_MASKS, Suit, card, mask_of
from games.strong.sampling import deal_hidden
from games.tisic.rules import ACES_TENS, KINGS, QUEENS, trick_rules
from games.tisic.views import PlayerView
from games.tricks import TrickRules

__all__ = ["DISCARDED", "FOLLOW_RULE", "World", "consistent", "rules_for", "sample_world"]

DECK: int = mask_of(DECK_32)
FOLLOW_RULE = "mariash"
"""The default follow rule (a view does not carry the house rules)."""
DISCARDED = frozenset(("contract", "play", "over"))
"""The phases in which the declarer has laid his two cards away (§6.2, §6.4)."""


@dataclass(frozen=True, slots=True)
class World:
    """One sampled deal: each active seat's hand now, the declarer's discards, and
    whether every constraint held (``exact``); in the auction, the two talon
    cards too (``talon``, 0 once it is taken: they are then in a hand)."""

    hands: dict[int, int]
    discards: int
    exact: bool
    talon: int = 0


def rules_for(trump: str | None) -> TrickRules:
    """The trick rules with ``trump`` (a suit code, or ``None``) in force."""
    return trick_rules(FOLLOW_RULE, None if trump is None else Suit("hdsc".index(trump)))


def _tricks(view: PlayerView) -> list[tuple[str | None, list[tuple[int, int]]]]:
    """Every trick so far with the trump in force in it, the open one last."""
    pub = view.public
    out = [(t.trump, [(s, int(card(c))) for s, c in t.plays]) for t in pub.history]
    if pub.trick:
        out.append((pub.trump, [(s, int(card(c))) for s, c in pub.trick]))
    return out


def played_by(view: PlayerView) -> dict[int, int]:
    """The cards each active seat has played so far."""
    out = dict.fromkeys(view.public.active, 0)
    for _, trick in _tricks(view):
        for seat, c in trick:
            out[seat] |= 1 << c
    return out


def consistent(view: PlayerView, hands: dict[int, int]) -> bool:
    """Whether each card of the history was legal from the hand ``hands`` (now, per
    seat) gives its player then."""
    held = {s: hands[s] | p for s, p in played_by(view).items()}
    for trump, trick in _tricks(view):
        rules = rules_for(trump)
        led = trick[0][1]
        win = led
        for seat, c in trick[1:]:
            if not rules.legal(held[seat], led // 13, win) >> c & 1:
                return False
            if rules.beaters[win] >> c & 1:
                win = c
        for seat, c in trick:
            held[seat] &= ~(1 << c)
    return True


def _voids(view: PlayerView) -> dict[int, int]:
    """Per seat, the cards it cannot hold: suits it failed to follow (and trumps)."""
    banned: dict[int, int] = {}
    for trump, trick in _tricks(view):
        led = trick[0][1] // 13
        tmask = SUIT_MASKS["hdsc".index(trump)] if trump is not None else 0
        for seat, c in trick[1:]:
            if c // 13 != led:
                no = SUIT_MASKS[led]
                if tmask and not tmask >> c & 1:
                    no |= tmask
                banned[seat] = banned.get(seat, 0) | no
    return banned


def sample_world(view: PlayerView, rng: random.Random) -> World:
    """A deal consistent with ``view``: the other seats' hands and the discards."""
    pub = view.public
    me = view.seat
    declarer = pub.declarer
    mine = mask_of(card(c) for c in view.hand)
    played = played_by(view)
    gone = 0
    for p in played.values():
        gone |= p
    holders = [s for s in pub.active if s != me]
    fixed = dict.fromkeys(holders, 0)
    for seat, suit, _value in pub.marriages:
        pair = SUIT_MASKS["hdsc".index(suit)] & (KINGS | QUEENS)
        if seat in fixed:
            fixed[seat] |= pair & ~gone
    known_discards = mask_of(card(c) for c in view.discards)
    hidden = DECK & ~gone & ~mine & ~known_discards
    for f in fixed.values():
        hidden &= ~f
    banned = _voids(view)
    allowed = [DECK & ~banned.get(s, 0) for s in holders]
    shown = mask_of(card(c) for c in pub.talon)
    for i, s in enumerate(holders):
        if s != declarer:
            allowed[i] &= ~shown
    sizes = [pub.hand_sizes[s] - fixed[s].bit_count() for s in holders]
    pile = me != declarer and declarer is not None and pub.phase in DISCARDED
    if pile:
        sizes.append(2)
        allowed.append(DECK & ~ACES_TENS)
    face_down = declarer is None  # the auction: the talon lies face down, unseen
    if face_down:
        sizes.append(2)
        allowed.append(DECK)

    def accept(parts: list[int]) -> bool:
        hands = {s: parts[i] | fixed[s] for i, s in enumerate(holders)}
        hands[me] = mine
        return consistent(view, hands)

    sample = deal_hidden(hidden, sizes, allowed, rng, accept=accept)
    hands = {s: sample.hands[i] | fixed[s] for i, s in enumerate(holders)}
    hands[me] = mine
    discards = sample.hands[-1] if pile else known_discards
    talon = sample.hands[-1] if face_down else 0
    return World(hands, discards, sample.exact, talon)
