"""Laying the cards open ("ložený", "ostatní je v pořádku", §2.4).

A claim is accepted only when the engine proves that the contract is safe
against every legal defence (the spec's recommended default): otherwise the
deal goes on. Durch has an exact test; betl is proved by a bounded,
deterministic search (the budget is a node count, never a clock).
"""

from __future__ import annotations

from functools import cache

from games.cards import SUIT_MASKS, CardSet
from games.marias.rules import BETL_ORDER
from games.marias.state import VolenyState
from games.tricks import legal_follow, trick_winner

__all__ = ["BETL_CLAIM_BUDGET", "claim_holds"]

BETL_CLAIM_BUDGET = 20_000
"""Search nodes a betl claim may take before it counts as not proven."""


def claim_holds(state: VolenyState) -> bool:
    """Whether the declarer is sure to make the betl (on his turn) or durch (on lead)."""
    assert state.declarer is not None
    if state.kind == "durch":
        return _durch_safe(state)
    return _betl_safe(state)


def _strength_sorted(mask: CardSet) -> list[int]:
    cards = []
    while mask:
        low = mask & -mask
        cards.append(low.bit_length() - 1)
        mask ^= low
    return sorted((BETL_ORDER.strength[c] for c in cards), reverse=True)


def _durch_safe(state: VolenyState) -> bool:
    """On lead in durch the declarer keeps the lead as long as every lead wins.

    In a suit he leads from the top; a defender holding ``m`` cards of it can
    keep his best card back for ``m`` rounds and must overtake with it, so the
    declarer's ``min(k, m)``-th best card must beat that defender's best.
    """
    hand = state.hands[state.declarer]  # type: ignore[index]
    for suit_mask in SUIT_MASKS[:4]:
        mine = _strength_sorted(hand & suit_mask)
        if not mine:
            continue
        for seat in state.defenders:
            theirs = _strength_sorted(state.hands[seat] & suit_mask)
            if theirs and mine[min(len(mine), len(theirs)) - 1] < theirs[0]:
                return False
    return True


def _betl_safe(state: VolenyState) -> bool:
    """Search: can the declarer lose every remaining trick whatever the defenders do?"""
    declarer = state.declarer
    assert declarer is not None and state.leader is not None
    order = list(state.active)
    budget = [BETL_CLAIM_BUDGET]

    @cache
    def safe(hands: tuple[CardSet, CardSet, CardSet], leader: int) -> bool:
        if not any(hands):
            return True
        budget[0] -= 1
        if budget[0] < 0:
            raise _OutOfBudget
        return trick(hands, leader, (), ())

    def trick(
        hands: tuple[CardSet, CardSet, CardSet],
        leader: int,
        cards: tuple[int, ...],
        who: tuple[int, ...],
    ) -> bool:
        if len(cards) == 3:
            winner = who[trick_winner(cards, None, BETL_ORDER)]  # type: ignore[arg-type]
            if order[winner] == declarer:
                return False
            return safe(hands, winner)
        player = (leader + len(cards)) % 3
        options = legal_follow(hands[player], cards, None, BETL_ORDER)  # type: ignore[arg-type]
        mine = order[player] == declarer
        while options:
            low = options & -options
            options ^= low
            c = low.bit_length() - 1
            rest = list(hands)
            rest[player] &= ~low
            ok = trick((rest[0], rest[1], rest[2]), leader, (*cards, c), (*who, player))
            if mine and ok:
                return True
            if not mine and not ok:
                return False
        return not mine

    hands = (state.hands[order[0]], state.hands[order[1]], state.hands[order[2]])
    table = tuple(state.trick_cards)  # a betl declarer may claim in the middle of a trick
    who = tuple(order.index(s) for s in state.trick_seats)
    try:
        return trick(hands, order.index(state.leader), table, who)
    except _OutOfBudget:
        return False


class _OutOfBudget(Exception):
    """The betl proof took more nodes than allowed; the claim is refused."""
