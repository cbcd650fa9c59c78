"""Laying the cards open ("ložený", "ostatní je v pořádku", §2.4).

A claim is accepted only when the engine proves that the contract is safe
against every legal defence (the spec's recommended default); otherwise the
deal goes on. Both proofs are exact reasoning about open cards, not a search,
so checking a claim costs next to nothing:

* durch: the declarer keeps the lead as long as every lead wins, so each suit
  can be judged on its own;
* betl: a declarer who never takes a trick never leads again, so after his
  first lead only the defenders choose suits; he is safe when that lead is
  beaten and in every suit all his cards are below all the defenders' cards
  (or the defenders hold none of it). That test is sufficient, not
  necessary, so late in the deal (at most ``SEARCH_CARDS`` cards in hand) an
  exhaustive search over the open cards settles the rest exactly; the search
  is small there and bounded by a node count, never a clock.
"""

from __future__ import annotations

from games.cards import SUIT_MASKS, Card, CardSet
from games.marias.rules import BETL_ORDER
from games.marias.state import VolenyState
from games.tricks import legal_follow, trick_winner

__all__ = ["SEARCH_CARDS", "claim_holds"]

SEARCH_CARDS = 5
"""Hand size up to which a betl claim is also proved by exhaustive search."""
_SEARCH_BUDGET = 50_000


def claim_holds(state: VolenyState) -> bool:
    """Whether the declarer is sure to make the betl or durch from here."""
    declarer_tricks = sum(1 for t in state.tricks if t.winner == state.declarer)
    if declarer_tricks != (len(state.tricks) if state.kind == "durch" else 0):
        return False  # already lost (only possible when deals do not end early)
    if state.kind == "durch":
        return _durch_safe(state)
    return _betl_safe(state)


def _strengths(mask: CardSet) -> list[int]:
    """Betl-order strengths of a set of cards, strongest first."""
    found = []
    while mask:
        low = mask & -mask
        found.append(BETL_ORDER.strength[low.bit_length() - 1])
        mask ^= low
    return sorted(found, reverse=True)


def _durch_safe(state: VolenyState) -> bool:
    """In a suit the declarer leads from the top; a defender holding ``m`` cards
    of it can keep his best back for ``m`` rounds and must overtake with it, so
    the declarer's ``min(k, m)``-th best card must beat that defender's best."""
    assert state.declarer is not None
    hand = state.hands[state.declarer]
    for suit_mask in SUIT_MASKS[:4]:
        mine = _strengths(hand & suit_mask)
        if not mine:
            continue
        for seat in state.defenders:
            theirs = _strengths(state.hands[seat] & suit_mask)
            if theirs and mine[min(len(mine), len(theirs)) - 1] < theirs[0]:
                return False
    return True


def _betl_safe(state: VolenyState) -> bool:
    assert state.declarer is not None
    hand = state.hands[state.declarer]
    theirs = 0
    for seat in state.defenders:
        theirs |= state.hands[seat]
    if state.trick_cards:
        return _betl_safe_following(state, hand, theirs)
    lead = hand
    while lead:
        low = lead & -lead
        lead ^= low
        c = low.bit_length() - 1
        suit_mask = SUIT_MASKS[c // 13]
        beaten = any(s > BETL_ORDER.strength[c] for s in _strengths(theirs & suit_mask))
        if beaten and _always_under(hand & ~low, theirs):
            return True
    if hand.bit_count() <= SEARCH_CARDS:
        return _betl_search(state)
    return False


def _betl_safe_following(state: VolenyState, hand: CardSet, theirs: CardSet) -> bool:
    """Mid-trick: a card that is already beaten (or a discard) and a safe rest."""
    table = state.trick_cards
    led = table[0] // 13
    best = max(BETL_ORDER.strength[c] for c in table if c // 13 == led)
    legal = legal_follow(hand, table, None, BETL_ORDER)
    while legal:
        low = legal & -legal
        legal ^= low
        c = low.bit_length() - 1
        beaten = c // 13 != led or BETL_ORDER.strength[c] < best
        if beaten and _always_under(hand & ~low, theirs):
            return True
    if hand.bit_count() <= SEARCH_CARDS:
        return _betl_search(state)
    return False


def _always_under(hand: CardSet, theirs: CardSet) -> bool:
    """Every suit: the declarer's best card is below the defenders' lowest."""
    for suit_mask in SUIT_MASKS[:4]:
        mine = _strengths(hand & suit_mask)
        other = _strengths(theirs & suit_mask)
        if mine and other and mine[0] > other[-1]:
            return False
    return True


class _OutOfBudget(Exception):
    """The proof took more nodes than allowed; the claim counts as not proven."""


def _betl_search(state: VolenyState) -> bool:
    """Can the declarer lose every remaining trick whatever the defenders do?"""
    declarer, leader = state.declarer, state.leader
    assert declarer is not None and leader is not None
    order = list(state.active)
    budget = [_SEARCH_BUDGET]
    memo: dict[tuple[CardSet, CardSet, CardSet, int], bool] = {}

    def safe(hands: tuple[CardSet, CardSet, CardSet], first: int) -> bool:
        if not any(hands):
            return True
        key = (*hands, first)
        if key not in memo:
            budget[0] -= 1
            if budget[0] < 0:
                raise _OutOfBudget
            memo[key] = trick(hands, first, [], [])
        return memo[key]

    def trick(
        hands: tuple[CardSet, CardSet, CardSet], first: int, cards: list[Card], who: list[int]
    ) -> bool:
        if len(cards) == 3:
            winner = who[trick_winner(cards, None, BETL_ORDER)]
            return order[winner] != declarer and safe(hands, winner)
        player = (first + len(cards)) % 3
        options = legal_follow(hands[player], cards, None, BETL_ORDER)
        mine = order[player] == declarer
        while options:
            low = options & -options
            options ^= low
            rest = list(hands)
            rest[player] &= ~low
            after = (rest[0], rest[1], rest[2])
            ok = trick(after, first, [*cards, Card(low.bit_length() - 1)], [*who, player])
            if ok == mine:  # the declarer needs one safe card; a defender one refutation
                return ok
        return not mine

    hands = (state.hands[order[0]], state.hands[order[1]], state.hands[order[2]])
    first = order.index(state.trick_seats[0]) if state.trick_seats else order.index(leader)
    who = [order.index(s) for s in state.trick_seats]
    try:
        if state.trick_cards:
            return trick(hands, first, list(state.trick_cards), who)
        return safe(hands, first)
    except _OutOfBudget:
        return False
