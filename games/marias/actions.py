"""The actions of volený mariáš and their stable text codes.

Codes are short (Telegram callback data is limited to 64 bytes) and are the
form stored in game records, so they must never change meaning:

=====================  =============================================
``trump:Kh``           forhond lays this card of his first seven as trumps
``lid:3``              "z lidu": the 3rd card of the second packet, blind
``talon:7d,8d``        discard these two cards to the talon
``game:hra``           announce hra (barva), ``game:betl``, ``game:durch``
``dobra``/``spatna``   a defender accepts or overcalls
``extras:sedma``       at the trump reveal: ``none``, ``sedma``,
                       ``stovka``, ``stovka+sedma`` (100 a 7)
``lead:7h``            betl/durch: the first lead, laid face down
``flek:hra+sedma``     raise the flek chain of these components
``pass``               no (further) flek
``play:Th``            play a card; ``hlas:Qh`` plays and declares the
                       marriage when declarations are not automatic
``claim``              betl/durch declarer lays the cards open
=====================  =============================================
"""

from __future__ import annotations

from dataclasses import dataclass

from games.cards import Card, CardError, card, card_code
from games.engine import InvalidAction

__all__ = [
    "COMPONENTS",
    "EXTRAS",
    "KINDS",
    "Announce",
    "ChooseTrump",
    "ChooseTrumpBlind",
    "Claim",
    "Discard",
    "Extras",
    "Flek",
    "Lead",
    "MariasAction",
    "Pass",
    "Play",
    "Respond",
    "check_code",
    "parse_action",
    "parse_card",
    "parse_flek",
]

KINDS = ("hra", "betl", "durch")
"""Game kinds from lowest to highest (barva < betl < durch, §3.1.5)."""

EXTRAS = ("none", "sedma", "stovka", "stovka+sedma")
COMPONENTS = ("hra", "sedma", "betl", "durch")
"""Flek chains: ``hra`` is the game (or the announced stovka replacing it)."""


@dataclass(frozen=True, slots=True)
class ChooseTrump:
    card: Card

    @property
    def code(self) -> str:
        return f"trump:{card_code(self.card)}"


@dataclass(frozen=True, slots=True)
class ChooseTrumpBlind:
    position: int  # 1..5 inside the second packet

    @property
    def code(self) -> str:
        return f"lid:{self.position}"


@dataclass(frozen=True, slots=True)
class Discard:
    cards: tuple[Card, Card]  # kept in ascending card order, so a pair has one code

    @property
    def code(self) -> str:
        return "talon:" + ",".join(card_code(c) for c in self.cards)


@dataclass(frozen=True, slots=True)
class Announce:
    kind: str

    @property
    def code(self) -> str:
        return f"game:{self.kind}"


@dataclass(frozen=True, slots=True)
class Respond:
    good: bool

    @property
    def code(self) -> str:
        return "dobra" if self.good else "spatna"


@dataclass(frozen=True, slots=True)
class Extras:
    stovka: bool
    sedma: bool

    @property
    def code(self) -> str:
        parts = [name for name, on in (("stovka", self.stovka), ("sedma", self.sedma)) if on]
        return "extras:" + ("+".join(parts) or "none")


@dataclass(frozen=True, slots=True)
class Lead:
    card: Card

    @property
    def code(self) -> str:
        return f"lead:{card_code(self.card)}"


@dataclass(frozen=True, slots=True)
class Flek:
    components: tuple[str, ...]  # in COMPONENTS order

    @property
    def code(self) -> str:
        return "flek:" + "+".join(self.components)


@dataclass(frozen=True, slots=True)
class Pass:
    @property
    def code(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Play:
    card: Card
    declare: bool = False

    @property
    def code(self) -> str:
        return f"{'hlas' if self.declare else 'play'}:{card_code(self.card)}"


@dataclass(frozen=True, slots=True)
class Claim:
    @property
    def code(self) -> str:
        return "claim"


MariasAction = (
    ChooseTrump
    | ChooseTrumpBlind
    | Discard
    | Announce
    | Respond
    | Extras
    | Lead
    | Flek
    | Pass
    | Play
    | Claim
)


def parse_card(text: str, code: str) -> Card:
    """The card ``text`` of the action ``code``; a bad card is ``InvalidAction``."""
    try:
        return card(text)
    except CardError as exc:
        raise InvalidAction("bad_card", f"{code!r}: {exc}") from exc


def check_code(code: object) -> None:
    """Refuse what is not a short text before parsing it as an action code."""
    if not isinstance(code, str) or len(code) > 40:
        raise InvalidAction("bad_code", "an action code is a short text")


def parse_flek(arg: str, code: str, components: tuple[str, ...]) -> Flek:
    """A flek of the ``+``-joined ``components`` in ``arg``, each once, in their order."""
    parts = arg.split("+")
    if not arg or any(p not in components for p in parts) or len(set(parts)) != len(parts):
        raise InvalidAction("bad_code", f"unknown flek {code!r}")
    return Flek(tuple(sorted(parts, key=components.index)))


def parse_action(code: str) -> MariasAction:
    """Parse an action code; anything malformed is ``InvalidAction``."""
    check_code(code)
    simple: dict[str, MariasAction] = {
        "dobra": Respond(True),
        "spatna": Respond(False),
        "pass": Pass(),
        "claim": Claim(),
    }
    if code in simple:
        return simple[code]
    head, sep, arg = code.partition(":")
    if not sep:
        raise InvalidAction("bad_code", f"unknown action {code!r}")
    if head in ("trump", "lead", "play", "hlas"):
        c = parse_card(arg, code)
        if head == "trump":
            return ChooseTrump(c)
        if head == "lead":
            return Lead(c)
        return Play(c, declare=head == "hlas")
    if head == "lid":
        if arg not in ("1", "2", "3", "4", "5"):
            raise InvalidAction("bad_code", "z lidu takes a position 1 to 5")
        return ChooseTrumpBlind(int(arg))
    if head == "talon":
        parts = arg.split(",")
        if len(parts) != 2:
            raise InvalidAction("bad_code", "the talon takes exactly two cards")
        a, b = (parse_card(p, code) for p in parts)
        if a == b:
            raise InvalidAction("bad_code", "the talon takes two different cards")
        return Discard((min(a, b), max(a, b)))
    if head == "game" and arg in KINDS:
        return Announce(arg)
    if head == "extras" and arg in EXTRAS:
        return Extras(stovka="stovka" in arg, sedma="sedma" in arg)
    if head == "flek":
        return parse_flek(arg, code, COMPONENTS)
    raise InvalidAction("bad_code", f"unknown action {code!r}")
