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

The auction is read too, softly (:func:`bid_bounds`), when the caller passes
a model of how a seat bids (the strong player passes the rule player's,
``games.players.tisic_rules.rule_reach``): each other seat's bids and its pass
are what that model would have said with the ten cards the sample gives it in the auction, so a seat
that bid 140 holds a hand worth it. The auction's hand is the hand now plus
the cards it played; for the declarer, seen by a defender, it is his twelve
(the hand now, his plays and the sampled discards) less the two talon cards,
which are the shown ones with ``show_talon`` and otherwise two of the twelve
drawn at random (any two may have come from the talon: drawing them with the
deal and rejecting the whole is the joint distribution). That holds in every
phase, so the bids are read through the whole deal. The rejection is bounded
(``BID_TRIES``); a deal no try fitted is dealt again without the bids
(``World.fits`` is then ``False``): the bids are a model of how a seat bids,
not a rule, so they never make a view unsampleable.

The declarer's contract is read the same way (:func:`raised`), when the
caller passes a model of how a declarer names it (the strong player passes
the rule player's, ``tisic_rules.rule_contract``): a defender's sample gives
the declarer, in the ten he kept and the two it lays away, cards worth the
raise he made, or cards not worth a step more when he kept his bid.

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
from collections.abc import Callable
from dataclasses import dataclass

from games.cards import DECK_32, SUIT_MASKS, Suit, card, cards_of, mask_of
from games.strong.sampling import deal_hidden
from games.tisic.options import TisicOptions
from games.tisic.rules import ACES_TENS, KINGS, QUEENS, trick_rules
from games.tisic.views import PlayerView
from games.tricks import TrickRules

__all__ = [
    "BID_TRIES",
    "DISCARDED",
    "FOLLOW_RULE",
    "BidModel",
    "ContractModel",
    "World",
    "bid_bounds",
    "consistent",
    "raised",
    "rules_for",
    "sample_world",
]

DECK: int = mask_of(DECK_32)
FOLLOW_RULE = "mariash"
"""The default follow rule (a view does not carry the house rules)."""
DISCARDED = frozenset(("contract", "play", "over"))
"""The phases in which the declarer has laid his two cards away (§6.2, §6.4)."""
BID_TRIES = 100
"""Tries (``deal_hidden``'s, so up to twice as many deals) for a deal whose
hands fit the bids. A bid the rule player makes with one hand in 35 (140)
then falls back about one sample in three hundred, one it makes with one hand
in 130 (160) one in four; a pass fits most hands at once. A failed search
costs some 200 checks of a few tens of microseconds, which the strong
player's budget absorbs; past it the sample is dealt without the bids."""
_DEFAULTS = TisicOptions()
"""The auction's house rules the view does not carry: the obligation (50, the
only one a table may choose) and ``bid_step`` 10 (with a step of 5 the least
raise read is 5 too high, which only loosens what a pass says)."""

BidModel = Callable[[int], int]
"""How far a seat bids with a hand of ten (a card mask): the highest amount it
raises to (it bids the least raise while that is at most this, else passes)."""
ContractModel = Callable[[int, int, int], int]
"""The contract a declarer names with the ten cards he kept, the two he laid away
and his bid (masks, points): the highest amount he raises to."""


@dataclass(frozen=True, slots=True)
class World:
    """One sampled deal: each active seat's hand now, the declarer's discards, and
    whether every constraint of the view held (``exact``); in the auction, the
    two talon cards too (``talon``, 0 once it is taken: they are then in a hand)."""

    hands: dict[int, int]
    discards: int
    exact: bool
    talon: int = 0
    fits: bool = True
    """Whether the hands fit the bids (see :func:`bid_bounds`); ``False`` for a
    sample dealt without them, once ``BID_TRIES`` found none that did."""


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


Said = tuple[int | None, int | None]
"""What a seat's words in the auction say of its model reach ``r`` (``BidModel``):
``low <= r < high``, either end ``None`` when nothing bounds it."""


def bid_bounds(view: PlayerView) -> dict[int, Said]:
    """Per seat that spoke in the auction, what its words say of its reach.

    A bid of ``n`` says the seat would raise to ``n`` at least (``low`` is its
    highest bid); a pass when the least raise was ``r`` says it would not raise
    to ``r`` (``high``). Only the first pass after a seat's last bid counts: a
    seat bids again after a pass only with ``pass_is_final`` off, and the rule
    player would not have passed before it. Who holds the obligation without a
    word (both others passed) said nothing. With ``marriage_required_above_120``
    a hand without a marriage passes above 120 whatever it is worth, so there
    a pass bounds wrongly; softly, as every bound here."""
    high = _DEFAULTS.obligation
    low: dict[int, int] = {}
    top: dict[int, int] = {}
    for seat, code in view.public.calls:
        if code == "pass":
            top.setdefault(seat, max(high + _DEFAULTS.bid_step, _DEFAULTS.min_raise))
        elif code.startswith("bid:"):
            high = int(code.removeprefix("bid:"))
            low[seat] = max(low.get(seat, high), high)
            top.pop(seat, None)
    return {s: (low.get(s), top.get(s)) for s in sorted(low.keys() | top.keys())}


def _within(said: Said, reach: int) -> bool:
    low, high = said
    return (low is None or reach >= low) and (high is None or reach < high)


def _two_of(cards: int, rng: random.Random) -> int:
    """Two of ``cards`` at random (a mask)."""
    a, b = rng.sample(list(cards_of(cards)), 2)
    return (1 << a) | (1 << b)


def raised(view: PlayerView) -> tuple[int, int] | None:
    """The declarer's bid and the contract he named, once he has named it."""
    pub = view.public
    if pub.declarer is None or pub.bid is None or pub.contract is None:
        return None
    return pub.bid, pub.contract


def _named_fits(named: int, bid: int, contract: int, step: int) -> bool:
    """A raise to ``contract`` says the model names that much at least; naming the
    bid says it would not raise by a step."""
    if contract > bid:
        return named >= contract
    return named < bid + step


def sample_world(
    view: PlayerView,
    rng: random.Random,
    bids: BidModel | None = None,
    contracts: ContractModel | None = None,
) -> World:
    """A deal consistent with ``view``: the other seats' hands and the discards,
    their hands in the auction fitting their bids as ``bids`` reads a hand
    (``None``: the bids are not read), and once another seat's declarer has
    named his contract, his kept ten and discards fitting it as ``contracts``
    reads them (a raise: a hand worth it; the bid kept: one not worth a step
    more)."""
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

    bounds = bid_bounds(view) if bids is not None else {}
    said = [(i, s, bounds[s]) for i, s in enumerate(holders) if s in bounds]
    named = raised(view) if contracts is not None and pile else None

    def auction_hand(parts: list[int], i: int, seat: int) -> int:
        """The ten cards ``seat`` bid with in this sample (see the module's docstring)."""
        held = parts[i] | fixed[seat] | played[seat]
        if seat != declarer:
            return held
        if pile:
            held |= parts[-1]
        return held & ~shown if shown else held & ~_two_of(held, rng)

    def contract_fits(parts: list[int]) -> bool:
        if named is None:
            return True
        assert contracts is not None and declarer is not None
        i = holders.index(declarer)
        kept = parts[i] | fixed[declarer] | played[declarer]
        bid, contract = named
        return _named_fits(contracts(kept, parts[-1], bid), bid, contract, _DEFAULTS.bid_step)

    def fits(parts: list[int]) -> bool:
        if bids is not None and not all(
            _within(b, bids(auction_hand(parts, i, s))) for i, s, b in said
        ):
            return False
        return contract_fits(parts) and accept(parts)

    sample = (
        deal_hidden(hidden, sizes, allowed, rng, accept=fits, tries=BID_TRIES)
        if said or named is not None
        else None
    )
    fitted = sample is None or sample.exact
    if sample is None or not sample.exact:  # no bids to read, or none fitted: without them
        sample = deal_hidden(hidden, sizes, allowed, rng, accept=accept)
    hands = {s: sample.hands[i] | fixed[s] for i, s in enumerate(holders)}
    hands[me] = mine
    discards = sample.hands[-1] if pile else known_discards
    talon = sample.hands[-1] if face_down else 0
    return World(hands, discards, sample.exact, talon, fitted)
