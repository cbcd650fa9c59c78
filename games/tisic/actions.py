"""The actions of Tisíc and their stable text codes (§12).

Codes are short (Telegram callback data is limited to 64 bytes) and are the
form stored in game records, so they never change meaning:

=====================  =============================================
``pass``               "Dobrý": no raise; final by default (§5.5)
``bid:60``             raise the auction to 60 ("Šest!")
``discard:Jd,8c``      lay two cards away in place of the talon (§6.2)
``forfeit``            "Nesložit – vzdát": give the deal up (§6.5)
``storno``             propose to cancel the deal (§6.6, if allowed)
``storno:yes``/``:no`` a fellow player's answer to a storno
``contract:90``        the contract after the discard (= the bid keeps it)
``play:Qh``            play a card
``trumf:Qh``           lead a K or Q and declare its marriage (§7.2)
=====================  =============================================

Only the spec's codes are produced. ``good`` is read as ``pass`` and
``discard:Jd:8c`` as ``discard:Jd,8c`` (spellings used in the issue text),
so a typed command works either way; the code given back is the spec's.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.cards import Card, CardError, card, card_code
from games.engine import InvalidAction

__all__ = [
    "Bid",
    "Contract",
    "Discard",
    "Forfeit",
    "Pass",
    "Play",
    "Storno",
    "StornoVote",
    "TisicAction",
    "parse_action",
]


@dataclass(frozen=True, slots=True)
class Pass:
    @property
    def code(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Bid:
    amount: int

    @property
    def code(self) -> str:
        return f"bid:{self.amount}"


@dataclass(frozen=True, slots=True)
class Discard:
    cards: tuple[Card, Card]  # ascending card order, so a pair has one code

    @property
    def code(self) -> str:
        return "discard:" + ",".join(card_code(c) for c in self.cards)


@dataclass(frozen=True, slots=True)
class Forfeit:
    @property
    def code(self) -> str:
        return "forfeit"


@dataclass(frozen=True, slots=True)
class Storno:
    @property
    def code(self) -> str:
        return "storno"


@dataclass(frozen=True, slots=True)
class StornoVote:
    agree: bool

    @property
    def code(self) -> str:
        return "storno:yes" if self.agree else "storno:no"


@dataclass(frozen=True, slots=True)
class Contract:
    amount: int

    @property
    def code(self) -> str:
        return f"contract:{self.amount}"


@dataclass(frozen=True, slots=True)
class Play:
    card: Card
    trumf: bool = False  # leading a K or Q with the word "TRUMF": a marriage

    @property
    def code(self) -> str:
        return f"{'trumf' if self.trumf else 'play'}:{card_code(self.card)}"


TisicAction = Pass | Bid | Discard | Forfeit | Storno | StornoVote | Contract | Play


def _card(text: str, code: str) -> Card:
    try:
        return card(text)
    except CardError as exc:
        raise InvalidAction("bad_card", f"{code!r}: {exc}") from exc


def _amount(text: str, code: str) -> int:
    if not text.isdigit() or len(text) > 4:
        raise InvalidAction("bad_code", f"{code!r}: an amount is a whole number")
    return int(text)


def parse_action(code: str) -> TisicAction:
    """Parse an action code; anything malformed is ``InvalidAction``."""
    if not isinstance(code, str) or len(code) > 40:
        raise InvalidAction("bad_code", "an action code is a short text")
    simple: dict[str, TisicAction] = {
        "pass": Pass(),
        "good": Pass(),
        "forfeit": Forfeit(),
        "storno": Storno(),
        "storno:yes": StornoVote(True),
        "storno:no": StornoVote(False),
    }
    if code in simple:
        return simple[code]
    head, sep, arg = code.partition(":")
    if not sep:
        raise InvalidAction("bad_code", f"unknown action {code!r}")
    if head == "bid":
        return Bid(_amount(arg, code))
    if head == "contract":
        return Contract(_amount(arg, code))
    if head in ("play", "trumf"):
        return Play(_card(arg, code), trumf=head == "trumf")
    if head == "discard":
        parts = arg.replace(":", ",").split(",")
        if len(parts) != 2:
            raise InvalidAction("bad_code", "a discard takes exactly two cards")
        a, b = (_card(p, code) for p in parts)
        if a == b:
            raise InvalidAction("bad_code", "a discard takes two different cards")
        return Discard((min(a, b), max(a, b)))
    raise InvalidAction("bad_code", f"unknown action {code!r}")
