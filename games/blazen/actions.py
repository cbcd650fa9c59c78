"""The actions of Blázen and their stable text codes (blazen.md §12-§13).

Codes are short (Telegram callback data holds 64 bytes) and are what game
records store, so their meaning never changes:

=======================  ===============================================
``attack:7s`` / ``7s,7d``  open a bout with one card or several of one rank
``beat:0:8s``            cover the attack card at table index 0 with 8s
``take``                 "Beru": the defender takes everything
``transfer:7c``          perevodnoy: pass the attack on with cards of its rank
``show:7h``              perevodnoy with ``transfer_by_showing_trump``: show a
                         trump of the attack rank, keep it, pass the attack on
``throw:7d`` / ``7d,9c``   add matching cards to the bout
``pass``                 decline to throw in now
``redeal``               demand a redeal (five or more cards of one suit)
``exchange:6h``          ``allow_trump_exchange``: give the lowest trump for
                         the turned trump card (not in the spec's list; §4.5)
=======================  ===============================================

Several cards are kept in ascending card order, so one set of cards has one
code; the parser accepts them in any order.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.cards import Card, CardError, card, card_code
from games.engine import InvalidAction

__all__ = [
    "Attack",
    "Beat",
    "BlazenAction",
    "Exchange",
    "Pass",
    "Redeal",
    "Show",
    "Take",
    "Throw",
    "Transfer",
    "parse_action",
]


def _codes(cards: tuple[Card, ...]) -> str:
    return ",".join(card_code(c) for c in cards)


@dataclass(frozen=True, slots=True)
class Attack:
    cards: tuple[Card, ...]

    @property
    def code(self) -> str:
        return f"attack:{_codes(self.cards)}"


@dataclass(frozen=True, slots=True)
class Beat:
    index: int
    card: Card

    @property
    def code(self) -> str:
        return f"beat:{self.index}:{card_code(self.card)}"


@dataclass(frozen=True, slots=True)
class Take:
    @property
    def code(self) -> str:
        return "take"


@dataclass(frozen=True, slots=True)
class Transfer:
    cards: tuple[Card, ...]

    @property
    def code(self) -> str:
        return f"transfer:{_codes(self.cards)}"


@dataclass(frozen=True, slots=True)
class Show:
    card: Card

    @property
    def code(self) -> str:
        return f"show:{card_code(self.card)}"


@dataclass(frozen=True, slots=True)
class Throw:
    cards: tuple[Card, ...]

    @property
    def code(self) -> str:
        return f"throw:{_codes(self.cards)}"


@dataclass(frozen=True, slots=True)
class Pass:
    @property
    def code(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Redeal:
    @property
    def code(self) -> str:
        return "redeal"


@dataclass(frozen=True, slots=True)
class Exchange:
    card: Card

    @property
    def code(self) -> str:
        return f"exchange:{card_code(self.card)}"


BlazenAction = Attack | Beat | Take | Transfer | Show | Throw | Pass | Redeal | Exchange


def _card(text: str, code: str) -> Card:
    try:
        return card(text)
    except CardError as exc:
        raise InvalidAction("bad_card", f"{code!r}: {exc}") from exc


def _cards(text: str, code: str) -> tuple[Card, ...]:
    parts = text.split(",")
    cards = tuple(sorted(_card(p, code) for p in parts))
    if len(set(cards)) != len(cards):
        raise InvalidAction("bad_code", f"{code!r} names a card twice")
    return cards


def parse_action(code: str) -> BlazenAction:
    """Parse an action code; anything malformed is ``InvalidAction``."""
    if not isinstance(code, str) or len(code) > 64:
        raise InvalidAction("bad_code", "an action code is a short text")
    simple: dict[str, BlazenAction] = {"take": Take(), "pass": Pass(), "redeal": Redeal()}
    if code in simple:
        return simple[code]
    head, sep, arg = code.partition(":")
    if not sep or not arg:
        raise InvalidAction("bad_code", f"unknown action {code!r}")
    if head == "attack":
        return Attack(_cards(arg, code))
    if head == "transfer":
        return Transfer(_cards(arg, code))
    if head == "throw":
        return Throw(_cards(arg, code))
    if head == "show":
        return Show(_card(arg, code))
    if head == "exchange":
        return Exchange(_card(arg, code))
    if head == "beat":
        index, sep, card_text = arg.partition(":")
        if (
            not sep
            or not (index.isascii() and index.isdigit())
            or len(index) > 2
            or (len(index) > 1 and index[0] == "0")
        ):
            raise InvalidAction("bad_code", "beat takes a table index and a card: beat:0:8s")
        return Beat(int(index), _card(card_text, code))
    raise InvalidAction("bad_code", f"unknown action {code!r}")
