"""The actions of licitovaný mariáš and their stable text codes.

=====================  =============================================
``bid:4``              bid level 4 (1-12); F naming a level after both
                       others passed is a bid too
``mam``                "mám" / "držím": the seat with priority holds
                       the level just bid
``pass``               no bid, no hold (out of the auction) / no flek
``talon:7d,8d``        the auction's winner discards these two cards
``contract:4:d``       the final contract: level 4, trumps d;
                       ``contract:7`` betl, ``contract:8`` durch,
                       ``contract:10:s:h`` dvě sedmy a sto, trumps s,
                       helper h
``omyl``               concede a level-1 sedma ("omyl", "úleva")
``flek:sto+sedma``     raise the flek chain of these components
``play:Th``            play a card; ``hlas:Qh`` plays and declares
                       the marriage when declarations are not automatic
=====================  =============================================

``talon:``, ``flek:``, ``pass``, ``play:`` and ``hlas:`` are volený's action
classes (``games.marias.actions``) with licitovaný's component names.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.cards import Suit
from games.engine import InvalidAction
from games.marias.actions import Discard, Flek, Pass, Play, check_code, parse_flek
from games.marias.actions import parse_action as parse_voleny
from games.marias_licit.levels import COMPONENTS

__all__ = [
    "Bid",
    "Contract",
    "Discard",
    "Flek",
    "Hold",
    "LicitAction",
    "Omyl",
    "Pass",
    "Play",
    "parse_action",
]


@dataclass(frozen=True, slots=True)
class Bid:
    level: int

    @property
    def code(self) -> str:
        return f"bid:{self.level}"


@dataclass(frozen=True, slots=True)
class Hold:
    @property
    def code(self) -> str:
        return "mam"


@dataclass(frozen=True, slots=True)
class Contract:
    level: int
    trump: Suit | None = None
    helper: Suit | None = None

    @property
    def code(self) -> str:
        parts = [f"contract:{self.level}"]
        if self.trump is not None:
            parts.append(self.trump.code)
        if self.helper is not None:
            parts.append(self.helper.code)
        return ":".join(parts)


@dataclass(frozen=True, slots=True)
class Omyl:
    @property
    def code(self) -> str:
        return "omyl"


LicitAction = Bid | Hold | Pass | Discard | Contract | Omyl | Flek | Play

_LEVEL_CODES = {str(n): n for n in range(1, 13)}


def _suit(text: str, code: str) -> Suit:
    if len(text) != 1 or text not in "hdsc":
        raise InvalidAction("bad_code", f"{code!r}: unknown suit {text!r}")
    return Suit("hdsc".index(text))


def parse_action(code: str) -> LicitAction:
    """Parse an action code; anything malformed is ``InvalidAction``."""
    check_code(code)
    if code == "mam":
        return Hold()
    if code == "omyl":
        return Omyl()
    if code == "pass":
        return Pass()
    head, sep, arg = code.partition(":")
    if head == "bid" and sep:
        if arg not in _LEVEL_CODES:
            raise InvalidAction("bad_code", "a bid is a level from 1 to 12")
        return Bid(_LEVEL_CODES[arg])
    if head == "contract" and sep:
        parts = arg.split(":")
        if parts[0] not in _LEVEL_CODES or len(parts) > 3:
            raise InvalidAction("bad_code", f"unknown contract {code!r}")
        suits = [_suit(p, code) for p in parts[1:]]
        return Contract(
            _LEVEL_CODES[parts[0]],
            suits[0] if suits else None,
            suits[1] if len(suits) > 1 else None,
        )
    if head == "flek" and sep:
        return parse_flek(arg, code, COMPONENTS)
    if head in ("talon", "play", "hlas") and sep:
        action = parse_voleny(code)
        assert isinstance(action, Discard | Play)
        return action
    raise InvalidAction("bad_code", f"unknown action {code!r}")
