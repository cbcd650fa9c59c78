"""The flek round shared by volený and licitovaný (§3.0.6).

Seats speak in turn from the declarer's left; a seat with nothing to raise is
skipped, a pass counts down the quiet seats and a flek gives two more turns
before the round ends. The variant says who may raise what (``eligible``),
how a call is logged (``make_call``) and what follows the round (``done``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any, Protocol, TypeVar

from games.engine import Event, Seat
from games.marias.actions import Flek, Pass

__all__ = ["flek_call", "next_flek_speaker"]

Events = list[Event]


class FlekRoundState(Protocol):
    @property
    def calls(self) -> tuple[Any, ...]: ...
    @property
    def flek(self) -> tuple[tuple[str, int], ...]: ...
    @property
    def flek_quiet(self) -> int: ...
    def next_active(self, seat: Seat) -> Seat: ...


S = TypeVar("S", bound=FlekRoundState)


def next_flek_speaker(
    state: S,
    seat: Seat,
    events: Events,
    eligible: Callable[[S, Seat], tuple[str, ...]],
    done: Callable[[S, Events], S],
) -> S:
    """Give the turn to ``seat`` or, skipping seats with nothing to raise, end the round."""
    quiet = state.flek_quiet
    while quiet > 0:
        if eligible(state, seat):
            return replace(state, to_move=seat, flek_quiet=quiet)  # type: ignore[type-var]
        quiet -= 1
        seat = state.next_active(seat)
    return done(replace(state, flek_quiet=0), events)  # type: ignore[type-var]


def flek_call(
    state: S,
    seat: Seat,
    action: Flek | Pass,
    events: Events,
    make_call: Callable[[Seat, str], Any],
    eligible: Callable[[S, Seat], tuple[str, ...]],
    done: Callable[[S, Events], S],
) -> S:
    """Apply a flek or a pass in the round and hand the turn on."""
    calls = (*state.calls, make_call(seat, action.code))
    new: S
    if isinstance(action, Pass):
        events.append(Event("pass", seat, {}))
        new = replace(state, calls=calls, flek_quiet=state.flek_quiet - 1)  # type: ignore[type-var]
    else:
        levels = tuple(
            (name, level + 1 if name in action.components else level) for name, level in state.flek
        )
        events.append(Event("flek", seat, {"levels": dict(levels), "raised": action.components}))
        new = replace(state, calls=calls, flek=levels, flek_quiet=2)  # type: ignore[type-var]
    return next_flek_speaker(new, state.next_active(seat), events, eligible, done)
