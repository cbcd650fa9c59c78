"""Laying the cards open ("ložený", "ostatní je v pořádku", §2.4).

A claim is offered and accepted only when the engine proves that the contract
is safe against every legal defence (the spec's recommended default), and the
proof may use only what the declarer knows. Whether ``claim`` is among his
legal actions is something he sees, so a proof that read the defenders'
actual cards would tell him about them (issue 7). The claim therefore holds
when the contract is forced, with every card open, under *every* way the cards
he has not seen can lie that agrees with his view.

His view (:class:`Knowledge`, built by :func:`knowledge`, the only function
here that reads the state): his hand, every card played and by whom, the
talon he laid, the hand sizes. The play also tells him what a defender can no
longer hold: betl and durch have no trumps, so a defender who did not follow
the led suit holds none of it, and one who followed without overtaking the
best card of the suit holds nothing above it (§2.2). Those are the only
duties, so the splits of the unseen cards with the right sizes that respect
these exclusions are exactly the ones the play allows.

The proof, in this order, each step an exact deduction and never a clock:

* a cheap sufficient test on what each defender *could* hold. Durch: the
  declarer keeps the lead as long as every lead wins, so each suit is judged
  on its own against the most and the best cards a defender could hold in it.
  Betl: a card beaten now (the lead is beaten when a defender surely holds a
  higher card of its suit) and, in every suit, everything else below whatever
  a defender might hold; a declarer who never takes a trick never leads again.
* when that fails and few splits remain, every split in turn with the exact
  open-card proof: durch per suit, betl by exhaustive search (at most
  ``SEARCH_CARDS`` cards in hand; one memo for all splits and a node budget).
  The splits are taken in a fixed order derived from the view, so the answer
  (budget included) is a function of the view alone.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations
from math import comb

from games.cards import SUIT_MASKS, Card, CardSet, cards_of
from games.engine import Seat
from games.marias.rules import BETL_ORDER, DECK_MASK
from games.marias.state import VolenyState
from games.sides import DECLARER_SIDE
from games.tricks import MARIAS_DUTIES, TrickRules, legal_follow, trick_winner

__all__ = ["SEARCH_CARDS", "Knowledge", "claim_holds", "knowledge"]

SEARCH_CARDS = 5

_BETL_RULES = TrickRules.build(MARIAS_DUTIES, BETL_ORDER)
"""Claims exist only in betl and durch: Mariáš duties, the betl order, no trumps."""
"""Hand size up to which a betl claim is also proved by exhaustive search."""
_SEARCH_BUDGET = 50_000
_BETL_SPLITS = 300
"""The most splits of the unseen cards the betl search goes through."""
_DURCH_SPLITS = 2_000
"""The most splits the exact durch test goes through (each costs a few suit checks)."""

Hands = tuple[CardSet, CardSet, CardSet]
_Proof = Callable[["Knowledge", Hands], bool]


@dataclass(frozen=True, slots=True)
class Knowledge:
    """What the betl/durch declarer knows; indices are play order (``order``)."""

    kind: str
    order: tuple[Seat, Seat, Seat]
    me: int  # the declarer's index in ``order``
    hand: CardSet
    unseen: CardSet  # in the defenders' hands, or in a talon he did not lay
    sizes: tuple[int, int, int]  # cards in each hand
    excluded: tuple[CardSet, CardSet, CardSet]  # what each seat's play rules out
    elsewhere: int  # unseen cards in no hand (a talon the declarer did not lay)
    table: tuple[Card, ...]
    table_who: tuple[int, ...]
    first: int  # who leads the current (or next) trick
    lost: bool  # the contract already failed (deals that do not end early)

    @property
    def defenders(self) -> tuple[int, int]:
        a, b = (i for i in range(3) if i != self.me)
        return a, b

    def could_hold(self, who: int) -> CardSet:
        return self.unseen & ~self.excluded[who]


def knowledge(state: VolenyState) -> Knowledge:
    """The declarer's view of a betl or durch, read from the state and nothing more."""
    declarer = state.declarer
    assert declarer is not None and state.kind is not None
    order = state.active
    hand = state.hands[declarer]
    seen = hand
    excluded = [0, 0, 0]
    won = 0
    plays = [(t.seats, t.cards) for t in state.tricks]
    if state.trick_cards:
        plays.append((state.trick_seats, state.trick_cards))
    for seats, cards in plays:
        led = cards[0] // 13
        best = cards[0]
        seen |= 1 << cards[0]
        for seat, c in zip(seats[1:], cards[1:], strict=True):
            seen |= 1 << c
            if c // 13 != led:
                excluded[order.index(seat)] |= SUIT_MASKS[led]
            elif BETL_ORDER.higher[best] >> c & 1:
                best = c
            else:
                excluded[order.index(seat)] |= BETL_ORDER.higher[best]
    declarers = state.sides.members(DECLARER_SIDE)
    for t in state.tricks:
        won += t.winner in declarers
    if state.talon_owner == declarer:
        seen |= state.talon
    unseen = DECK_MASK & ~seen
    sizes = tuple(state.hands[s].bit_count() for s in order)
    me = order.index(declarer)
    elsewhere = unseen.bit_count() - sum(n for i, n in enumerate(sizes) if i != me)
    leader = state.trick_seats[0] if state.trick_seats else state.leader
    lost = won != (len(state.tricks) if state.kind == "durch" else 0)
    excluded[me] = 0
    return Knowledge(
        kind=state.kind,
        order=order,
        me=me,
        hand=hand,
        unseen=unseen,
        sizes=(sizes[0], sizes[1], sizes[2]),
        excluded=(excluded[0], excluded[1], excluded[2]),
        elsewhere=elsewhere,
        table=state.trick_cards,
        table_who=tuple(order.index(s) for s in state.trick_seats),
        first=order.index(declarer if leader is None else leader),
        lost=lost,
    )


def claim_holds(state: VolenyState) -> bool:
    """Whether the declarer can see that his betl or durch is sure from here."""
    return proves(knowledge(state))


def proves(know: Knowledge) -> bool:
    """Whether the contract is forced under every split of the unseen cards."""
    if know.lost:
        return False
    if know.kind == "durch":
        if _durch_could_fail(know):
            return _every_split(know, _DURCH_SPLITS, _durch_open)
        return True
    if _betl_surely_safe(know):
        return True
    if know.hand.bit_count() > SEARCH_CARDS:
        return False
    memo: dict[tuple[CardSet, CardSet, CardSet, int], bool] = {}
    budget = [_SEARCH_BUDGET]

    def search(k: Knowledge, hands: Hands) -> bool:
        return _betl_search(k, hands, memo, budget)

    return _every_split(know, _BETL_SPLITS, search)


# --- the splits of the unseen cards ------------------------------------------


def _splits(know: Knowledge) -> Iterator[Hands]:
    """Every placement of the unseen cards the declarer's view allows, in card order."""
    a, b = know.defenders
    free_a = know.could_hold(a)
    for chosen in combinations(list(cards_of(free_a)), know.sizes[a]):
        mask_a = _mask(chosen)
        rest = know.unseen & ~mask_a
        if know.elsewhere == 0:
            if rest & know.excluded[b]:
                continue
            yield _placed(know, a, mask_a, b, rest)
            continue
        for chosen_b in combinations(list(cards_of(rest & ~know.excluded[b])), know.sizes[b]):
            yield _placed(know, a, mask_a, b, _mask(chosen_b))


def _every_split(know: Knowledge, most: int, proof: _Proof) -> bool:
    """``proof`` for every split, when there are at most ``most`` of them."""
    a, b = know.defenders
    bound = comb(know.could_hold(a).bit_count(), know.sizes[a])
    if know.elsewhere:
        bound *= comb(know.could_hold(b).bit_count(), know.sizes[b])
    if bound > most:
        return False
    seen = 0
    try:
        for hands in _splits(know):
            seen += 1
            if not proof(know, hands):
                return False
    except _OutOfBudget:
        return False
    return seen > 0  # no split at all: a history no deal can give, so nothing is proven


def _placed(know: Knowledge, a: int, mask_a: CardSet, b: int, mask_b: CardSet) -> Hands:
    hands = [0, 0, 0]
    hands[know.me], hands[a], hands[b] = know.hand, mask_a, mask_b
    return hands[0], hands[1], hands[2]


def _mask(cards: Sequence[Card]) -> CardSet:
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask


def _strengths(mask: CardSet) -> list[int]:
    """Betl-order strengths of a set of cards, strongest first."""
    return sorted((BETL_ORDER.strength[c] for c in cards_of(mask)), reverse=True)


# --- durch ------------------------------------------------------------------


def _durch_fails_in(mine: list[int], theirs_best: int, theirs_count: int) -> bool:
    """In a suit the declarer leads from the top; a defender holding ``m`` cards
    of it can keep his best back for ``m`` rounds and must overtake with it, so
    the declarer's ``min(k, m)``-th best card must beat that defender's best."""
    return mine[min(len(mine), theirs_count) - 1] < theirs_best


def _durch_could_fail(know: Knowledge) -> bool:
    """Whether some defender might hold enough of a suit to catch the declarer."""
    for suit_mask in SUIT_MASKS[:4]:
        mine = _strengths(know.hand & suit_mask)
        if not mine:
            continue
        for who in know.defenders:
            pool = know.could_hold(who) & suit_mask
            most = min(pool.bit_count(), know.sizes[who])
            if most and _durch_fails_in(mine, _strengths(pool)[0], most):
                return True
    return False


def _durch_open(know: Knowledge, hands: Hands) -> bool:
    """The exact durch test with every card open."""
    for suit_mask in SUIT_MASKS[:4]:
        mine = _strengths(know.hand & suit_mask)
        if not mine:
            continue
        for who in know.defenders:
            theirs = _strengths(hands[who] & suit_mask)
            if theirs and _durch_fails_in(mine, theirs[0], len(theirs)):
                return False
    return True


# --- betl ---------------------------------------------------------------------


def _surely_held(know: Knowledge, cards: CardSet) -> bool:
    """Whether at least one of these unseen cards is in a defender's hand in every split."""
    return (cards & know.unseen).bit_count() > know.elsewhere


def _betl_surely_safe(know: Knowledge) -> bool:
    a, b = know.defenders
    theirs = know.could_hold(a) | know.could_hold(b)
    hand = know.hand
    if know.table:
        led = know.table[0] // 13
        best = max(BETL_ORDER.strength[c] for c in know.table if c // 13 == led)
        for c in cards_of(legal_follow(hand, know.table, _BETL_RULES)):
            beaten = c // 13 != led or BETL_ORDER.strength[c] < best
            if beaten and _always_under(hand & ~(1 << c), theirs):
                return True
        return False
    for c in cards_of(hand):
        if _surely_held(know, BETL_ORDER.higher[c]) and _always_under(hand & ~(1 << c), theirs):
            return True
    return False


def _always_under(hand: CardSet, theirs: CardSet) -> bool:
    """Every suit: the declarer's best card is below the lowest a defender may hold."""
    for suit_mask in SUIT_MASKS[:4]:
        mine = _strengths(hand & suit_mask)
        other = _strengths(theirs & suit_mask)
        if mine and other and mine[0] > other[-1]:
            return False
    return True


class _OutOfBudget(Exception):
    """The proof took more nodes than allowed; the claim counts as not proven."""


def _betl_search(
    know: Knowledge,
    hands: Hands,
    memo: dict[tuple[CardSet, CardSet, CardSet, int], bool],
    budget: list[int],
) -> bool:
    """Can the declarer lose every remaining trick whatever the defenders do?"""
    me = know.me

    def safe(hands: Hands, first: int) -> bool:
        if not any(hands):
            return True
        key = (*hands, first)
        if key not in memo:
            budget[0] -= 1
            if budget[0] < 0:
                raise _OutOfBudget
            memo[key] = trick(hands, first, [], [])
        return memo[key]

    def trick(hands: Hands, first: int, cards: list[Card], who: list[int]) -> bool:
        if len(cards) == 3:
            winner = who[trick_winner(cards, _BETL_RULES)]
            return winner != me and safe(hands, winner)
        player = (first + len(cards)) % 3
        options = legal_follow(hands[player], cards, _BETL_RULES)
        mine = player == me
        for c in cards_of(options):
            rest = list(hands)
            rest[player] &= ~(1 << c)
            after = (rest[0], rest[1], rest[2])
            ok = trick(after, first, [*cards, c], [*who, player])
            if ok == mine:  # the declarer needs one safe card; a defender one refutation
                return ok
        return not mine

    if know.table:
        return trick(hands, know.first, list(know.table), list(know.table_who))
    return safe(hands, know.first)
