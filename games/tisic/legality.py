"""What a seat may do now, and why not when it may not.

``check`` is the single door: it raises ``IllegalAction`` with a stable code
and a reason for anything the rules forbid, and leaves the state alone.
``legal_actions`` builds the same set directly (it is asked at every step of
every playout, so it does not try each candidate); a test checks that the two
agree on every candidate.
"""

from __future__ import annotations

from itertools import combinations

from games.cards import SUIT_MASKS, Card, CardSet, cards_of
from games.engine import IllegalAction, Seat
from games.tisic.actions import (
    Bid,
    Contract,
    Discard,
    Forfeit,
    Pass,
    Play,
    Storno,
    StornoVote,
    TisicAction,
)
from games.tisic.rules import ACES_TENS, KINGS, QUEENS, has_marriage, marriage_partner, trick_rules
from games.tisic.state import Phase, TisicState

__all__ = [
    "amounts",
    "check",
    "declarable",
    "follow_cards",
    "legal_actions",
    "revoke_reason",
]

_PHASE_ACTIONS: dict[Phase, tuple[type, ...]] = {
    Phase.AUCTION: (Pass, Bid),
    Phase.TALON: (Discard, Forfeit, Storno),
    Phase.STORNO: (StornoVote,),
    Phase.CONTRACT: (Contract,),
    Phase.PLAY: (Play,),
}

_PHASE_WORDS = {
    Phase.AUCTION: "bid or say Dobrý",
    Phase.TALON: "discard two cards",
    Phase.STORNO: "answer the storno",
    Phase.CONTRACT: "name the contract",
    Phase.PLAY: "play a card",
}


# --- the sets -------------------------------------------------------------------


def amounts(state: TisicState, seat: Seat, lowest: int) -> range:
    """The amounts from ``lowest`` up to ``max_bid`` in steps of ``bid_step``, cut
    at 120 for a hand without a marriage when ``marriage_required_above_120``
    (asked of a bid and of a raised contract; a bid once made is always kept,
    even if its marriage went into the discards)."""
    opts = state.options
    top = opts.max_bid
    if opts.marriage_required_above_120 and not has_marriage(state.hands[seat]):
        top = min(top, 120)
    return range(lowest, top + 1, opts.bid_step)


def _least_bid(state: TisicState) -> int:
    return max(state.high + state.options.bid_step, state.options.min_raise)


def follow_cards(state: TisicState, seat: Seat) -> CardSet:
    """The cards the follow rule allows (§7.3, through the shared trick kit)."""
    hand = state.hands[seat]
    if not state.trick_cards:
        return hand
    rules = trick_rules(state.options.follow_rule, state.trump)
    winning = state.trick_cards[rules.winner(state.trick_cards)]
    return rules.legal(hand, state.trick_cards[0] // 13, winning)


def playable(state: TisicState, seat: Seat) -> CardSet:
    """What may be played: the follow rule's cards, or (with a ``renonc_policy``
    other than "prevent") the whole hand, a revoke ending the deal (§11)."""
    if state.options.renonc_policy == "prevent":
        return follow_cards(state, seat)
    return state.hands[seat]


def declarable(state: TisicState, seat: Seat) -> CardSet:
    """The K and Q ``seat`` may lead as a marriage now (§7.2), as a card set."""
    opts = state.options
    if state.trick_cards or len(state.tricks) < opts.marriage_min_completed_tricks:
        return 0
    if opts.marriage_by == "declarer_only" and seat != state.declarer:
        return 0
    hand = state.hands[seat]
    result = 0
    for suit_mask in SUIT_MASKS:
        pair = hand & suit_mask & (KINGS | QUEENS)
        if pair.bit_count() == 2:
            result |= pair
    return result


def legal_actions(state: TisicState, seat: Seat) -> list[TisicAction]:
    """Every action ``seat`` may take now (empty when it is not asked)."""
    if seat not in state.to_act():
        return []
    phase = state.phase
    if phase is Phase.AUCTION:
        bids: list[TisicAction] = [Pass()]
        bids.extend(Bid(n) for n in amounts(state, seat, _least_bid(state)))
        return bids
    if phase is Phase.TALON:
        allowed = [c for c in cards_of(state.hands[seat] & ~ACES_TENS)]
        result: list[TisicAction] = [Discard((a, b)) for a, b in combinations(allowed, 2)]
        if state.options.forfeit_allowed:
            result.append(Forfeit())
        if state.options.storno_by_agreement and not state.storno_tried:
            result.append(Storno())
        return result
    if phase is Phase.STORNO:
        return [StornoVote(True), StornoVote(False)]
    if phase is Phase.CONTRACT:
        assert state.bid is not None  # the bid is always kept, even above a lost marriage
        raises = amounts(state, seat, state.bid + state.options.bid_step)
        return [Contract(state.bid), *(Contract(n) for n in raises)]
    plays: list[TisicAction] = [Play(c) for c in cards_of(playable(state, seat))]
    plays.extend(Play(c, trumf=True) for c in cards_of(declarable(state, seat)))
    return plays


# --- the door ----------------------------------------------------------------------


def check(state: TisicState, seat: Seat, action: TisicAction) -> None:
    """Raise ``IllegalAction`` unless ``seat`` may take ``action`` now."""
    if state.phase is Phase.OVER:
        raise IllegalAction("deal_over", "the deal is over")
    if seat not in state.to_act():
        raise IllegalAction("not_your_turn", "it is not your turn")
    allowed = _PHASE_ACTIONS[state.phase]
    if not isinstance(action, allowed):
        raise IllegalAction("wrong_phase", f"now is the time to {_PHASE_WORDS[state.phase]}")
    if isinstance(action, Bid):
        _check_amount(state, seat, action.amount, _least_bid(state), "bid")
    elif isinstance(action, Discard):
        _check_discard(state, seat, action.cards)
    elif isinstance(action, Forfeit):
        if not state.options.forfeit_allowed:
            raise IllegalAction("forfeit_not_allowed", "this table plays without forfeit")
    elif isinstance(action, Storno):
        if not state.options.storno_by_agreement:
            raise IllegalAction("storno_not_allowed", "this table plays without storno")
        if state.storno_tried:
            raise IllegalAction("storno_tried", "a storno was already refused in this deal")
    elif isinstance(action, Contract):
        assert state.bid is not None
        if action.amount != state.bid:
            _check_amount(state, seat, action.amount, state.bid, "contract")
    elif isinstance(action, Play):
        _check_play(state, seat, action)


def _check_amount(state: TisicState, seat: Seat, amount: int, lowest: int, what: str) -> None:
    opts = state.options
    if amount % opts.bid_step:
        raise IllegalAction("bad_step", f"a {what} is a multiple of {opts.bid_step}")
    if amount < lowest:
        raise IllegalAction("too_low", f"the {what} must be at least {lowest}")
    if amount > opts.max_bid:
        raise IllegalAction("too_high", f"the {what} can be at most {opts.max_bid}")
    if amount not in amounts(state, seat, lowest):
        raise IllegalAction("marriage_required", f"a {what} above 120 needs a marriage in hand")


def _check_discard(state: TisicState, seat: Seat, cards: tuple[Card, Card]) -> None:
    hand = state.hands[seat]
    for c in cards:
        if not hand >> c & 1:
            raise IllegalAction("not_in_hand", "you can only discard cards you hold")
        if ACES_TENS >> c & 1:
            raise IllegalAction("discard_ace_or_ten", "an ace or a ten is never discarded")


def _check_play(state: TisicState, seat: Seat, action: Play) -> None:
    c = action.card
    if not state.hands[seat] >> c & 1:
        raise IllegalAction("not_in_hand", "you do not hold that card")
    if action.trumf:
        _check_trumf(state, seat, c)
        return
    if not playable(state, seat) >> c & 1:
        code = revoke_reason(state, seat, c) or "illegal_card"
        raise IllegalAction(code, _REASONS.get(code, "that card may not be played now"))


def _check_trumf(state: TisicState, seat: Seat, c: Card) -> None:
    partner = marriage_partner(c)
    if partner is None:
        raise IllegalAction("not_king_or_queen", "a marriage is declared with its K or Q")
    if state.trick_cards:
        raise IllegalAction("not_leading", "a marriage is declared only when leading")
    if len(state.tricks) < state.options.marriage_min_completed_tricks:
        raise IllegalAction("no_trick_completed", "no marriage before a trick is completed")
    if state.options.marriage_by == "declarer_only" and seat != state.declarer:
        raise IllegalAction("declarer_only", "only the declarer declares marriages here")
    if not state.hands[seat] >> partner & 1:
        raise IllegalAction("no_marriage", "you need both the K and the Q of that suit")


_REASONS = {
    "must_follow_suit": "you must follow suit",
    "must_head": "you must play higher (jít přes)",
    "must_trump": "you must trump",
    "must_overtrump": "you must play a higher trump",
}


def revoke_reason(state: TisicState, seat: Seat, c: Card) -> str | None:
    """Which duty of the follow rule playing ``c`` breaks (§11), or ``None``."""
    if not state.trick_cards or follow_cards(state, seat) >> c & 1:
        return None
    hand = state.hands[seat]
    led = state.trick_cards[0] // 13
    if hand & SUIT_MASKS[led]:
        return "must_follow_suit" if c // 13 != led else "must_head"
    trump = state.trump
    if trump is not None and hand & SUIT_MASKS[trump]:
        return "must_trump" if c // 13 != trump else "must_overtrump"
    return "illegal_card"  # pragma: no cover - a void hand without trumps may play anything
