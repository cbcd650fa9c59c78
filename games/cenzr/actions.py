"""The actions of volený cenzr and their stable text codes.

Codes are short (Telegram callback data is limited to 64 bytes) and are the
form stored in game records, so their meaning never changes:

==============  ==================================================
``call:Jd``     "hraju se spodkem kulovým": call this card (§4.5)
``pass``        pas: leave the call to the next player
``announce``    "Hlásím" in trick 1: announce all one's declarations
                (all-or-nothing, §3.4); the player then plays his card
``play:Th``     play a card to the trick
``bela:yes``    at the count, count bela (``bela_mode = "prompt"``)
``bela:no``     at the count, do not count it
==============  ==================================================
"""

from __future__ import annotations

from dataclasses import dataclass

from games.cards import DECK_32, Card, CardError, card, card_code
from games.engine import InvalidAction

__all__ = ["Announce", "Bela", "Call", "CenzrAction", "Pass", "Play", "parse_action"]


@dataclass(frozen=True, slots=True)
class Call:
    card: Card

    @property
    def code(self) -> str:
        return f"call:{card_code(self.card)}"


@dataclass(frozen=True, slots=True)
class Pass:
    @property
    def code(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Announce:
    @property
    def code(self) -> str:
        return "announce"


@dataclass(frozen=True, slots=True)
class Play:
    card: Card

    @property
    def code(self) -> str:
        return f"play:{card_code(self.card)}"


@dataclass(frozen=True, slots=True)
class Bela:
    count: bool

    @property
    def code(self) -> str:
        return "bela:yes" if self.count else "bela:no"


CenzrAction = Call | Pass | Announce | Play | Bela

_SIMPLE: dict[str, CenzrAction] = {
    "pass": Pass(),
    "announce": Announce(),
    "bela:yes": Bela(True),
    "bela:no": Bela(False),
}


def parse_action(code: str) -> CenzrAction:
    """Parse an action code; anything malformed is ``InvalidAction``."""
    if not isinstance(code, str) or len(code) > 16:
        raise InvalidAction("bad_code", "an action code is a short text")
    simple = _SIMPLE.get(code)
    if simple is not None:
        return simple
    head, sep, arg = code.partition(":")
    if sep and head in ("call", "play"):
        try:
            c = card(arg)
        except CardError as exc:
            raise InvalidAction("bad_card", f"{code!r}: {exc}") from exc
        if c not in DECK_32:
            raise InvalidAction("bad_card", f"{code!r}: cenzr is played with 7..A only")
        return Call(c) if head == "call" else Play(c)
    raise InvalidAction("bad_code", f"unknown action {code!r}")
