"""The announcement protocol of trick 1 (§3.3-§3.4), on top of ``declarations``.

``declarations`` says what a hand holds, what a player says aloud, when his
window is open and who wins (§3.2-§3.5); this module applies that to a deal:
at his own turn in trick 1, before or with his first card (or, with
``declare_timing = "own_turn_or_early"``, any time in trick 1 before his
card), a player announces all his declarations or none (all-or-nothing);
the table hears only the quality of his best one, with the rank for figura
and čtyři spodci. After trick 1 the table is told the outcome at the level
``declaration_reveal`` allows.
"""

from __future__ import annotations

from typing import Any

from games.cards import Rank, Suit
from games.cenzr.declarations import (
    Declaration,
    announcement,
    announcement_window_open,
    best,
    claim_parts,
    public_claim,
    resolve,
    size_round,
)
from games.cenzr.declarations import may_announce as may_offer
from games.cenzr.state import Announcement, CenzrState, Phase
from games.engine import Seat

__all__ = [
    "Resolved",
    "announceable",
    "declarations_of",
    "may_announce",
    "resolve_trick1",
    "reveal_data",
    "spoken",
]

Resolved = tuple[
    tuple[tuple[Seat, tuple[Declaration, ...]], ...],
    tuple[tuple[Seat, tuple[Declaration, ...]], ...],
    dict[str, Any],
]
"""What trick 1's resolution leaves: valid and cancelled by seat, and the reveal."""


def declarations_of(state: CenzrState, seat: Seat) -> tuple[Declaration, ...]:
    """What a player puts forward if he announces: all declarations of his 8
    cards at the start of play (§3.2, all-or-nothing)."""
    if state.trump is None or seat not in state.active:
        return ()
    return announcement(state.start_hand(seat), state.trump, state.options)


def spoken(seat: Seat, declarations: tuple[Declaration, ...], options: Any) -> Announcement:
    """What the table hears (§3.4 step 1): the quality, and the rank of a set."""
    claim = public_claim(declarations, options)
    assert claim is not None
    kind, rank = claim_parts(claim)
    return Announcement(seat, kind, rank if kind == "figura" else None)


def _cards_played(state: CenzrState) -> int:
    return len(state.trick_cards) if not state.tricks else len(state.active)


def announceable(state: CenzrState, seat: Seat) -> bool:
    """Whether an announcement by ``seat`` would be in time and offered: trick 1,
    his window open (§3.3), not yet announced, a declaration held and, with
    ``suppress_futile_announcements``, not futile."""
    if state.phase is not Phase.PLAY or seat not in state.active or state.tricks:
        return False
    if seat in state.trick_seats or any(a.seat == seat for a in state.announcements):
        return False
    if not announcement_window_open(seat, state.active, _cards_played(state), state.options):
        return False
    return may_offer(declarations_of(state, seat), state.announcements, state.options)


def may_announce(state: CenzrState, seat: Seat) -> bool:
    """Whether the ``announce`` action is open to ``seat`` now (``"prompt"`` mode;
    ``"auto"`` announces for him when he plays his first card)."""
    return state.options.declaration_mode == "prompt" and announceable(state, seat)


def resolve_trick1(state: CenzrState) -> Resolved:
    """§3.5 over the players who announced in time, and what the table is told."""
    assert state.trump is not None
    trump = state.trump
    said = {a.seat for a in state.announcements}
    announced = {s: declarations_of(state, s) for s in state.active if s in said}
    sides = {s: s in state.choosing_side for s in state.active}
    result = resolve(announced, state.active, trump, state.options, sides=sides)
    valid = tuple((s, tuple(ds)) for s, ds in result.valid.items() if ds)
    cancelled = tuple((s, tuple(ds)) for s, ds in result.cancelled.items() if ds)
    if not announced:
        return valid, cancelled, {"announced": False}
    if state.options.declaration_reveal == "full_after_trick1":
        reveal: dict[str, Any] = {
            "announced": True,
            "valid": [{"seat": s, "declarations": [d.to_dict() for d in ds]} for s, ds in valid],
        }
        return valid, cancelled, reveal
    statements = []
    for line in size_round(announced, state.active, trump, state.options):
        entry: dict[str, Any] = {"seat": line.seat, "verdict": line.verdict}
        if line.declaration is not None:  # "padesát do svrška": kind and size, no suit
            entry["kind"] = line.declaration.kind
            entry["top"] = Rank(line.declaration.top).code
        statements.append(entry)
    entries = []
    for seat, own in valid:
        top = best(own, trump, state.options)
        assert top is not None
        entry = {"seat": seat, "kind": top.kind, "top": Rank(top.top).code}
        if result.trump_decided and top.suit is not None and top == result.top:
            entry["suit"] = Suit(top.suit).code  # only the trump tie-break shows it
        entries.append(entry)
    return valid, cancelled, {"announced": True, "sizes": statements, "valid": entries}


def reveal_data(state: CenzrState) -> dict[str, Any] | None:
    """What the table was told after trick 1 (``declaration_reveal``, §3.4);
    ``None`` before the end of trick 1. Recomputed from the state (the same
    inputs give the same answer), so the state holds only hashable data."""
    return resolve_trick1(state)[2] if state.resolved else None
