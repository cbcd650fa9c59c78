"""Helpers for the volený mariáš tests: explicit deals played through the engine.

Seats: with three players and dealer 2, forhond is seat 0, the middle player
seat 1 and zadák (the dealer) seat 2. ``act`` applies action codes for whoever
is to move, so a test reads like the table talk: ``act(s, "trump:Ks",
"talon:7d,8d", "game:hra", "dobra", "dobra", "extras:none", ...)``; a bare
card code (``"Kc"``) means ``play:Kc``.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Sequence
from typing import Any

import pytest

from games.cards import CardSet, card, card_code, cards_of
from games.engine import IllegalAction
from games.marias.actions import Flek, Pass
from games.marias.legality import eligible_fleks
from games.marias.options import VolenyOptions
from games.marias.state import Phase, VolenyState
from games.marias.variant import VOLENY

F, M, Z = 0, 1, 2


def split(cards: str | Sequence[str]) -> list[str]:
    return cards.split() if isinstance(cards, str) else list(cards)


def swap_suits(cards: str | Sequence[str], a: str, b: str) -> list[str]:
    """The same cards with suits ``a`` and ``b`` exchanged (a hearts copy of a deal)."""
    table = {a: b, b: a}
    return [c[0] + table.get(c[1], c[1]) for c in split(cards)]


def new(
    f: str | Sequence[str],
    m: str | Sequence[str],
    z: str | Sequence[str],
    *,
    seats: int = 3,
    dealer: int = 2,
    **options: Any,
) -> VolenyState:
    """An explicit deal: ``f`` = forhond's 12 cards (first 7 = his first packet)."""
    opts = VOLENY.options(options)
    roles = [s for s in ((dealer + i) % seats for i in range(1, seats + 1))]
    out = VOLENY.sitting_out(opts, seats, dealer)
    fs, ms, zs = (s for s in roles if s not in out)
    return VOLENY.new_deal(
        opts, seats, dealer, cards={str(fs): split(f), str(ms): split(m), str(zs): split(z)}
    )


def mover(state: VolenyState) -> int:
    (seat,) = state.to_act()
    return seat


def act(state: VolenyState, *codes: str) -> VolenyState:
    """Apply each code for the seat to move (a bare card code is ``play:``)."""
    for code in codes:
        if len(code) == 2:
            code = f"play:{code}"
        state, _ = VOLENY.apply(state, mover(state), VOLENY.parse_action(code))
    return state


def act_events(state: VolenyState, code: str) -> tuple[VolenyState, tuple[Any, ...]]:
    if len(code) == 2:
        code = f"play:{code}"
    return VOLENY.apply(state, mover(state), VOLENY.parse_action(code))


def flek_to(state: VolenyState, **levels: int) -> VolenyState:
    """Play the flek round so each component ends at the given level (others stay)."""
    while state.phase is Phase.FLEK:
        seat = mover(state)
        raise_ = tuple(
            name
            for name in eligible_fleks(state, seat)
            if state.flek_level(name) < levels.get(name, 0)
        )
        action = Flek(raise_) if raise_ else Pass()
        state, _ = VOLENY.apply(state, seat, action)
    for name, level in levels.items():
        assert state.flek_level(name) == level, (name, state.flek)
    return state


def refuse(state: VolenyState, seat: int | None, code: str) -> str:
    """Apply an action that must be refused; check nothing changed; return the reason code."""
    snapshot = copy.deepcopy(state)
    seat = mover(state) if seat is None else seat
    if len(code) == 2:
        code = f"play:{code}"
    with pytest.raises(IllegalAction) as info:
        VOLENY.apply(state, seat, VOLENY.parse_action(code))
    assert state == snapshot
    assert info.value.reason
    return info.value.code


def legal_codes(state: VolenyState, seat: int | None = None) -> set[str]:
    seat = mover(state) if seat is None else seat
    return {a.code for a in state.legal_actions(seat)}


def legal_plays(state: VolenyState, seat: int | None = None) -> set[str]:
    return {c[5:] for c in legal_codes(state, seat) if c.startswith("play:")}


def codes(mask: CardSet) -> set[str]:
    return {card_code(c) for c in cards_of(mask)}


def mask(cards: Iterable[str] | str) -> CardSet:
    result = 0
    for code in split(cards) if isinstance(cards, str) else cards:
        result |= 1 << card(code)
    return result


def hra(
    f: str | Sequence[str],
    m: str | Sequence[str],
    z: str | Sequence[str],
    trump: str,
    talon: str,
    *,
    extras: str = "none",
    flek: dict[str, int] | None = None,
    plays: str | Sequence[str] = (),
    **options: Any,
) -> VolenyState:
    """Forhond plays a colour game: choose, discard, announce, both accept, fleks, play."""
    state = new(f, m, z, **options)
    state = act(state, f"trump:{trump}", f"talon:{talon}", "game:hra", "dobra", "dobra")
    state = act(state, f"extras:{extras}")
    state = flek_to(state, **(flek or {}))
    return act(state, *split(plays))


def units(state: VolenyState) -> int:
    """What each defender pays the declarer (negative: the declarer pays each)."""
    assert state.is_over
    return int(state.outcome().summary["per_defender"])


def component_units(state: VolenyState) -> dict[str, int]:
    return {c["name"]: c["units"] for c in state.outcome().summary["components"]}


def options(**kw: Any) -> VolenyOptions:
    return VolenyOptions(**kw)
