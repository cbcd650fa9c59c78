"""Counting and recording a finished deal of volený cenzr (§5).

``score`` is the count itself on plain numbers (a ``Tally`` of raw points
by seat and the two sides), so the spec's worked examples S1-S12 can be
checked on exactly the figures they give; ``outcome`` builds the tally from
a finished deal and adds the details a result message and a record need.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from games.cards import card_code
from games.cenzr.declarations import has_bela
from games.cenzr.rules import LAST_TRICK, mask_points
from games.cenzr.state import CenzrState, Phase
from games.engine import Outcome, Seat

__all__ = [
    "Score",
    "Tally",
    "bela_choices",
    "bela_holder",
    "optimal_bela",
    "outcome",
    "score",
    "tally",
]

BELA = 20
"""§3.1: bela is worth 20."""


@dataclass(frozen=True)
class Tally:
    """Raw points by seat before the count (§5.1): card points of the tricks
    taken, tricks taken, who took the last trick, valid declaration points
    and who holds bela (counted or not is the count's decision)."""

    cards: Mapping[Seat, int]
    tricks: Mapping[Seat, int]
    last: Seat
    declarations: Mapping[Seat, int] = field(default_factory=dict)
    bela: Seat | None = None

    def raw(self, seat: Seat) -> int:
        """Cards, last trick and declarations of one player, without bela."""
        last = LAST_TRICK if seat == self.last else 0
        return self.cards.get(seat, 0) + last + self.declarations.get(seat, 0)


@dataclass(frozen=True)
class Score:
    """The count: side totals without bela (``c0``, ``d0``, péro included when
    it is a side total) and with it (``c``, ``d``), and what is recorded."""

    c0: int
    d0: int
    c: int
    d: int
    bela_counted: bool
    pero: str | None  # "C" or "D": the side that took every trick
    won: bool
    recorded: Mapping[Seat, int]


def _side_totals(
    t: Tally, choosing: tuple[Seat, ...], defending: tuple[Seat, ...]
) -> tuple[int, int, str | None]:
    c = sum(t.raw(s) for s in choosing)
    d = sum(t.raw(s) for s in defending)
    c_tricks = sum(t.tricks.get(s, 0) for s in choosing)
    d_tricks = sum(t.tricks.get(s, 0) for s in defending)
    pero = "C" if d_tricks == 0 else "D" if c_tricks == 0 else None
    return c, d, pero


def score(
    t: Tally,
    choosing: tuple[Seat, ...],
    defending: tuple[Seat, ...],
    options: Any,
    bela_choice: bool | None = None,
) -> Score:
    """§5.1-§5.5 on raw points. ``choosing`` is the chooser (and partner),
    ``defending`` the others; one choosing seat is a samec game.

    ``bela_choice`` is the holder's own answer under ``bela_mode = "prompt"``
    (``None``: decide as ``auto_optimal`` would, which is also the timeout).
    """
    c0, d0, pero = _side_totals(t, choosing, defending)
    if pero == "D" and not options.pero_both_sides:
        pero = None  # §5.2: no bonus when the choosing side takes no trick
    in_side = options.pero_bonus_scope == "side_total"
    if pero == "C" and in_side:
        c0 += options.pero_bonus
    if pero == "D" and in_side:
        d0 += options.pero_bonus
    counted = False
    if t.bela is not None:
        holder_chooses = t.bela in choosing
        if options.bela_mode == "always":
            counted = True
        elif options.bela_mode == "prompt" and bela_choice is not None:
            counted = bela_choice
        else:  # §5.3: a defender always counts; the choosing side iff it then wins
            counted = (c0 + BELA > d0) if holder_chooses else True
    c = c0 + (BELA if counted and t.bela in choosing else 0)
    d = d0 + (BELA if counted and t.bela in defending else 0)
    won = c > d  # §5.4: a tie is lost by the choosing side
    recorded: dict[Seat, int] = {}
    if len(choosing) == 1:  # samec, §5.5 (7.2)
        recorded[choosing[0]] = 3 * c if won else 0
        for s in defending:
            recorded[s] = d if won else c + d
    else:  # two pairs, §5.5 (7.1)
        for s in choosing:
            recorded[s] = 2 * c if won else 0
        for s in defending:
            if not won:
                recorded[s] = 2 * (c + d)
            elif options.defender_points_basis == "individual":
                own_bela = BELA if counted and t.bela == s else 0
                recorded[s] = 2 * (t.raw(s) + own_bela)
            else:
                recorded[s] = 2 * d
    if not in_side and pero is not None:  # "per_player_after_multiplier"
        winners = choosing if won else defending
        if (pero == "C") == won:
            for s in winners:
                recorded[s] += options.pero_bonus
    return Score(c0, d0, c, d, counted, pero, won, recorded)


def bela_holder(state: CenzrState) -> Seat | None:
    """The active player with K and Q of trumps at the start of play (§3.6)."""
    if state.trump is None:
        return None
    for s in state.active:
        if has_bela(state.start_hand(s), state.trump):
            return s
    return None


def tally(state: CenzrState) -> Tally:
    """The raw points of a deal whose eight tricks are played."""
    assert state.trump is not None and len(state.tricks) == 8
    trump = state.trump
    cards = dict.fromkeys(state.active, 0)
    tricks = dict.fromkeys(state.active, 0)
    for trick in state.tricks:
        mask = sum(1 << c for c in trick.cards)
        cards[trick.winner] += mask_points(mask, trump)
        tricks[trick.winner] += 1
    declarations = {s: sum(d.points for d in ds) for s, ds in state.valid}
    return Tally(cards, tricks, state.tricks[-1].winner, declarations, bela_holder(state))


def bela_choices(state: CenzrState) -> dict[bool, Score]:
    """Both counts the bela holder chooses between at the count (``"prompt"``, §5.3)."""
    t = tally(state)
    return {choice: _score(state, t, choice) for choice in (True, False)}


def optimal_bela(state: CenzrState) -> bool:
    """What ``auto_optimal`` decides for the bela holder of this deal (§5.3)."""
    t = tally(state)
    return _score(state, t, None).bela_counted


def _score(state: CenzrState, t: Tally, choice: bool | None) -> Score:
    return score(t, state.choosing_side, state.defending_side, state.options, choice)


def outcome(state: CenzrState) -> Outcome:
    """Recorded points of a finished deal, with its details (JSON-ready)."""
    if state.phase is not Phase.OVER:
        raise ValueError("the deal is not over yet")
    base: dict[str, Any] = {
        "variant": "cenzr",
        "dealer": state.dealer,
        "active": list(state.active),
    }
    if state.chooser is None or state.called is None or state.trump is None:
        base.update({"annulled": True, "passes": list(state.passes)})
        return Outcome(scores=(0,) * state.seats, summary=base, played=False)
    t = tally(state)
    result = _score(state, t, state.bela_choice)
    scores = [0] * state.seats
    for s, points in result.recorded.items():
        scores[s] = points
    samec = None
    if state.samec:
        samec = "voluntary" if state.voluntary else "involuntary"
    base.update(
        {
            "annulled": False,
            "chooser": state.chooser,
            "called": card_code(state.called),
            "trump": state.trump.code,
            "partner": state.holder,
            "samec": samec,
            "choosing_side": list(state.choosing_side),
            "defending_side": list(state.defending_side),
            "card_points": {str(s): t.cards[s] for s in state.active},
            "tricks": {str(s): t.tricks[s] for s in state.active},
            "last_trick": t.last,
            "declarations": {
                "announced": [a.seat for a in state.announcements],
                "valid": [
                    {"seat": s, "declarations": [d.to_dict() for d in ds]} for s, ds in state.valid
                ],
                "cancelled": [
                    {"seat": s, "declarations": [d.to_dict() for d in ds]}
                    for s, ds in state.cancelled
                ],
                "points": {str(s): t.declarations.get(s, 0) for s in state.active},
            },
            "bela": None
            if t.bela is None
            else {"holder": t.bela, "counted": result.bela_counted, "points": BELA},
            "pero": result.pero,
            "C0": result.c0,
            "D0": result.d0,
            "C": result.c,
            "D": result.d,
            "won": result.won,
            "recorded": {str(s): result.recorded[s] for s in state.active},
        }
    )
    return Outcome(scores=tuple(scores), summary=base, played=True)
