"""The actions of křížový mariáš and their stable text codes (§3.2).

=====================  =====================================================
``volba:Kc,Ac``        F lays ``Kc`` of his first four face down as trumps and
                       calls ``Ac`` (its holder is his secret partner)
``lid:3``              "z lidu": the 3rd card of his unseen second four, blind,
                       as trumps; the trump ace is called
``cerv:Th``            červené kolo: hearts are trumps, ``Th`` is called
``ext:sto+9+7``        at the reveal: stovka and honers (``ext:none``)
``dobra``              approval: "u mě je barva dobrá"
``game:betl``          overcall: ``game:betl``, ``game:durch``, ``game:chytry``
                       (durch s chytrým)
``durchs:Ks``          overcall: "durch s …", calling ``Ks``
``honer:8``            announce a held trump 8 (9, 7): "osma s" by the partner,
                       "osma proti" by a defender; the seat keeps speaking
``honer:8,hra``        one speech with the honer: "flek a osma proti", "re a
                       osma" (a flek of ``hra``), ``honer:8,pass`` "osma proti"
                       and no flek, ``honer:8,dobra`` "osma s" and approval
``flek:hra+h8``        raise the flek chains of these components
``pass``               no (further) flek
``tricks:2``           "durch za dva štychy": the partner's tricks
``play:Th``            play a card
``chytak:Ks``          durch s chytrým: show the eighth card instead of leading
=====================  =====================================================
"""

from __future__ import annotations

from dataclasses import dataclass

from games.cards import Card, card_code
from games.engine import InvalidAction
from games.marias.actions import Flek, Pass, check_code, parse_flek
from games.marias.actions import parse_card as _card

__all__ = [
    "COMPONENTS",
    "OVERCALLS",
    "Approve",
    "CallHearts",
    "Choose",
    "ChooseBlind",
    "Chytak",
    "DurchS",
    "Extras",
    "Flek",
    "HonerCall",
    "KrizovyAction",
    "Overcall",
    "PartnerTricks",
    "Pass",
    "Play",
    "parse_action",
]

OVERCALLS = ("chytry", "betl", "durch")
COMPONENTS = ("hra", "h9", "h8", "h7", "betl", "durch")
"""Flek chains: the game (or the stovka replacing it), each announced honer, betl, durch."""
HONERS = (9, 8, 7)


@dataclass(frozen=True, slots=True)
class Choose:
    trump_card: Card
    called: Card

    @property
    def code(self) -> str:
        return f"volba:{card_code(self.trump_card)},{card_code(self.called)}"


@dataclass(frozen=True, slots=True)
class ChooseBlind:
    position: int  # 1..4 inside the unseen second four

    @property
    def code(self) -> str:
        return f"lid:{self.position}"


@dataclass(frozen=True, slots=True)
class CallHearts:
    called: Card

    @property
    def code(self) -> str:
        return f"cerv:{card_code(self.called)}"


@dataclass(frozen=True, slots=True)
class Extras:
    stovka: bool
    honers: tuple[int, ...]  # in HONERS order (9, 8, 7)

    @property
    def code(self) -> str:
        parts = (["sto"] if self.stovka else []) + [str(h) for h in self.honers]
        return "ext:" + ("+".join(parts) or "none")


@dataclass(frozen=True, slots=True)
class Approve:
    @property
    def code(self) -> str:
        return "dobra"


@dataclass(frozen=True, slots=True)
class Overcall:
    kind: str  # one of OVERCALLS

    @property
    def code(self) -> str:
        return f"game:{self.kind}"


@dataclass(frozen=True, slots=True)
class DurchS:
    called: Card

    @property
    def code(self) -> str:
        return f"durchs:{card_code(self.called)}"


@dataclass(frozen=True, slots=True)
class HonerCall:
    """A honer announced, and what the seat says with it in the same breath.

    ``then`` is ``None`` when the seat goes on speaking (another honer, then its
    flek or pass); players say the honer and the flek as one call ("flek a osma
    proti", "re a osma"), so one press can carry both."""

    honer: int  # 9, 8 or 7
    then: Flek | Pass | Approve | None = None

    @property
    def code(self) -> str:
        if self.then is None:
            return f"honer:{self.honer}"
        if isinstance(self.then, Flek):
            return f"honer:{self.honer}," + "+".join(self.then.components)
        return f"honer:{self.honer},{self.then.code}"


@dataclass(frozen=True, slots=True)
class PartnerTricks:
    count: int  # 1..3

    @property
    def code(self) -> str:
        return f"tricks:{self.count}"


@dataclass(frozen=True, slots=True)
class Play:
    card: Card

    @property
    def code(self) -> str:
        return f"play:{card_code(self.card)}"


@dataclass(frozen=True, slots=True)
class Chytak:
    card: Card

    @property
    def code(self) -> str:
        return f"chytak:{card_code(self.card)}"


KrizovyAction = (
    Choose
    | ChooseBlind
    | CallHearts
    | Extras
    | Approve
    | Overcall
    | DurchS
    | HonerCall
    | Flek
    | Pass
    | PartnerTricks
    | Play
    | Chytak
)


def _honer_then(rest: str, code: str) -> Flek | Pass | Approve:
    """What is said with a honer: ``pass``, ``dobra`` or the flek's components."""
    if rest == "pass":
        return Pass()
    if rest == "dobra":
        return Approve()
    flek = parse_flek(rest, code, COMPONENTS)
    if list(flek.components) != rest.split("+"):
        raise InvalidAction("bad_code", "flek components are listed in order")
    return flek


def parse_action(code: str) -> KrizovyAction:
    """Parse an action code; anything malformed is ``InvalidAction``."""
    check_code(code)
    if code == "dobra":
        return Approve()
    if code == "pass":
        return Pass()
    head, sep, arg = code.partition(":")
    if not sep:
        raise InvalidAction("bad_code", f"unknown action {code!r}")
    if head in ("cerv", "durchs", "play", "chytak"):
        c = _card(arg, code)
        kinds = {"cerv": CallHearts, "durchs": DurchS, "play": Play, "chytak": Chytak}
        return kinds[head](c)  # type: ignore[return-value]
    if head == "volba":
        parts = arg.split(",")
        if len(parts) != 2:
            raise InvalidAction("bad_code", "volba takes the trump card and the called card")
        a, b = (_card(p, code) for p in parts)
        return Choose(a, b)
    if head == "lid":
        if arg not in ("1", "2", "3", "4"):
            raise InvalidAction("bad_code", "z lidu takes a position 1 to 4")
        return ChooseBlind(int(arg))
    if head == "ext":
        if arg == "none":
            return Extras(False, ())
        parts = arg.split("+")
        stovka = parts[:1] == ["sto"]
        rest = parts[1:] if stovka else parts
        if not parts or any(p not in ("9", "8", "7") for p in rest) or len(set(rest)) != len(rest):
            raise InvalidAction("bad_code", f"unknown extras {code!r}")
        honers = tuple(sorted((int(p) for p in rest), reverse=True))
        if [str(h) for h in honers] != rest:
            raise InvalidAction("bad_code", "honers are listed 9, 8, 7")
        return Extras(stovka, honers)
    if head == "game" and arg in OVERCALLS:
        return Overcall(arg)
    if head == "honer":
        value, comma, said = arg.partition(",")
        if value not in ("9", "8", "7") or (comma and not said):
            raise InvalidAction("bad_code", f"unknown honer {code!r}")
        return HonerCall(int(value), _honer_then(said, code) if comma else None)
    if head == "tricks" and arg in ("1", "2", "3"):
        return PartnerTricks(int(arg))
    if head == "flek":
        flek = parse_flek(arg, code, COMPONENTS)
        if list(flek.components) != arg.split("+"):
            raise InvalidAction("bad_code", "flek components are listed in order")
        return flek
    raise InvalidAction("bad_code", f"unknown action {code!r}")
