"""The actions of mariáš ve dvou and their stable text codes.

=====================  =============================================
``trumps:d``           A, C: the first player names trumps, a suit of
                       his first four cards
``extras:sedma``       at the start, each player in turn: ``none``,
                       ``sedma``, ``stovka``, ``stovka+sedma``
``flek:hra+sedma``     raise the flek chain of these components
``pass``               no (further) flek
``sedma``              during play, while the stock lasts: announce sedma
                       (its own flek round follows at once)
``swap``               B: exchange the trump seven for the turned-up card
``play:Th``            play a card; ``hlas:Qh`` plays and declares the
                       marriage when declarations are not automatic
=====================  =============================================

``extras:``, ``flek:``, ``pass``, ``play:`` and ``hlas:`` are volený's action
classes (``games.marias.actions``); ``hra`` is the game or the announced
stovka replacing it, as in volený.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.cards import Suit
from games.engine import InvalidAction
from games.marias.actions import Extras, Flek, Pass, Play, check_code, parse_flek
from games.marias.actions import parse_action as parse_voleny

__all__ = [
    "COMPONENTS",
    "ChooseSuit",
    "DvouAction",
    "Exchange",
    "Extras",
    "Flek",
    "LateSeven",
    "Pass",
    "Play",
    "parse_action",
]

COMPONENTS = ("hra", "sedma")
"""Flek chains: the game (or the announced stovka) and the announced sedma."""


@dataclass(frozen=True, slots=True)
class ChooseSuit:
    suit: Suit

    @property
    def code(self) -> str:
        return f"trumps:{self.suit.code}"


@dataclass(frozen=True, slots=True)
class LateSeven:
    @property
    def code(self) -> str:
        return "sedma"


@dataclass(frozen=True, slots=True)
class Exchange:
    @property
    def code(self) -> str:
        return "swap"


DvouAction = ChooseSuit | Extras | Flek | Pass | LateSeven | Exchange | Play


def parse_action(code: str) -> DvouAction:
    """Parse an action code; anything malformed is ``InvalidAction``."""
    check_code(code)
    if code == "sedma":
        return LateSeven()
    if code == "swap":
        return Exchange()
    if code == "pass":
        return Pass()
    head, sep, arg = code.partition(":")
    if head == "trumps" and sep:
        if len(arg) != 1 or arg not in "hdsc":
            raise InvalidAction("bad_code", f"{code!r}: unknown suit {arg!r}")
        return ChooseSuit(Suit("hdsc".index(arg)))
    if head == "flek" and sep:
        return parse_flek(arg, code, COMPONENTS)
    if head in ("extras", "play", "hlas") and sep:
        action = parse_voleny(code)
        assert isinstance(action, Extras | Play)
        return action
    raise InvalidAction("bad_code", f"unknown action {code!r}")
