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
  (or the defenders hold none of it). This test is sufficient, not
  necessary: a betl it cannot prove is simply played out.
"""

from __future__ import annotations

from games.cards import SUIT_MASKS, CardSet
from games.marias.rules import BETL_ORDER
from games.marias.state import VolenyState

__all__ = ["claim_holds"]


def claim_holds(state: VolenyState) -> bool:
    """Whether the declarer, on lead, is sure to make the betl or durch."""
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
    lead = hand
    while lead:
        low = lead & -lead
        lead ^= low
        c = low.bit_length() - 1
        suit_mask = SUIT_MASKS[c // 13]
        beaten = any(s > BETL_ORDER.strength[c] for s in _strengths(theirs & suit_mask))
        if beaten and _always_under(hand & ~low, theirs):
            return True
    return False


def _always_under(hand: CardSet, theirs: CardSet) -> bool:
    """Every suit: the declarer's best card is below the defenders' lowest."""
    for suit_mask in SUIT_MASKS[:4]:
        mine = _strengths(hand & suit_mask)
        other = _strengths(theirs & suit_mask)
        if mine and other and mine[0] > other[-1]:
            return False
    return True
