"""Scoring a deal of Tisíc (§8, §11): raw points, the contract, rounding, tallies.

A played deal: each seat's raw points are the card points of its tricks plus
the marriages it declared, and the declarer's discards count for him (§8.1).
The declarer scores ``+contract`` when his raw points reach it, else
``-contract`` and an úpis (§8.2); each defender adds his raw points rounded
"od pěti nahoru" and a written 0 is a čárka (§8.3). A forfeit or a renonc
penalty writes fixed amounts (§8.4); a storno or a renonc replay is void.
"""

from __future__ import annotations

from typing import Any

from games.cards import CardSet, card_code, cards_of
from games.engine import Outcome, Seat
from games.tisic.rules import card_points, rounded
from games.tisic.state import End, Phase, TisicState

__all__ = ["card_totals", "marriage_totals", "outcome", "raw_points"]


def _codes(mask: CardSet) -> list[str]:
    return [card_code(c) for c in cards_of(mask)]


def card_totals(state: TisicState) -> list[int]:
    """Card points per table seat: tricks won, and the declarer's discards (§8.1)."""
    totals = [0] * state.seats
    for trick in state.tricks:
        for c in trick.cards:
            totals[trick.winner] += card_points(1 << c)
    if state.declarer is not None:
        totals[state.declarer] += card_points(state.discards)
    return totals


def marriage_totals(state: TisicState) -> list[int]:
    """Marriage values per table seat: whoever declared, whoever took the trick (§7.2)."""
    totals = [0] * state.seats
    for marriage in state.marriages:
        totals[marriage.seat] += marriage.value
    return totals


def raw_points(state: TisicState) -> list[int]:
    """Raw points per table seat (§8.1): cards plus marriages."""
    return [a + b for a, b in zip(card_totals(state), marriage_totals(state), strict=True)]


def outcome(state: TisicState) -> Outcome:
    """What a finished deal writes on the sheet, with its details (JSON-ready)."""
    if state.phase is not Phase.OVER:
        raise ValueError("the deal is not over yet")
    opts = state.options
    raw = raw_points(state)
    scores = [0] * state.seats
    upisy: list[Seat] = []
    carky: list[Seat] = []
    made: bool | None = None
    penalty: dict[str, Any] | None = None
    declarer = state.declarer
    if state.end is End.PLAYED:
        assert declarer is not None and state.contract is not None
        contract = state.contract
        made = raw[declarer] >= contract
        if not made:
            scores[declarer] = -contract
            upisy.append(declarer)
        elif opts.declarer_scores == "contract":
            scores[declarer] = contract
        else:
            scores[declarer] = rounded(raw[declarer], opts.rounding)
        for seat in state.defenders:
            scores[seat] = rounded(raw[seat], opts.rounding)
            if (raw[seat] if opts.carka_basis == "raw" else scores[seat]) == 0:
                carky.append(seat)
    elif state.end is End.FORFEIT:
        assert declarer is not None and state.bid is not None
        scores[declarer] = -state.bid
        upisy.append(declarer)
        for seat in state.defenders:
            scores[seat] = opts.forfeit_bonus
        penalty = {"kind": "forfeit", "seat": declarer, "amount": state.bid}
    elif state.end is End.RENONC:
        offender = state.offender
        assert offender is not None
        scores[offender] = -opts.renonc_penalty
        upisy.append(offender)
        for seat in state.active:
            if seat != offender:
                scores[seat] = opts.renonc_bonus
        penalty = {"kind": "renonc", "seat": offender, "amount": opts.renonc_penalty}
    played = state.end not in (End.STORNO, End.REDEAL)
    summary: dict[str, Any] = {
        "variant": "tisic",
        "end": str(state.end),
        "dealer": state.dealer,
        "active": list(state.active),
        "sitting_out": [s for s in range(state.seats) if s not in state.active],
        "declarer": declarer,
        "bid": state.bid,
        "contract": state.contract,
        "obligation": state.obligation_game,
        "bids": [[c.seat, c.code] for c in state.calls],
        "talon": _codes(state.talon_cards),
        "discards": _codes(state.discards),
        "marriages": [
            {"seat": m.seat, "suit": m.suit.code, "value": m.value, "trick": m.trick}
            for m in state.marriages
        ],
        "card_points": card_totals(state),
        "raw": raw,
        "rounded": [rounded(r, opts.rounding) for r in raw],
        "written": list(scores),
        "made": made,
        "upisy": upisy,
        "carky": carky,
        "penalty": penalty,
        "offender": state.offender,
        "redeal": state.end is End.REDEAL,
        "tricks": len(state.tricks),
    }
    return Outcome(scores=tuple(scores), summary=summary, played=played)
