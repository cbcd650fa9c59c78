"""The twelve levels ("stupně") of licitovaný mariáš and their prices (§3.3.2, §4.3).

A level is a contract made of components, each fleked and paid on its own
(§3.3.5: the row price of levels 4, 6, 10 and 12 is the sum of its sto and
sedma or dvě sedmy parts), with the trump suits it allows and, for dvě
sedmy, a helper suit. Prices are units (1 unit = 10 haléřů) at flek level
0; each flek doubles a component. The "červená" (hearts) factor is already
in the table and is never applied again.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.cards import Suit

__all__ = ["COMPONENTS", "LEVELS", "Level", "level"]

COMPONENTS = ("dvesedmy", "sto", "sedma", "betl", "durch")
"""Flek chains, in the order a flek code lists them (``flek:dvesedmy+sto``)."""

_H, _D, _S, _C = Suit.HEARTS, Suit.BELLS, Suit.LEAVES, Suit.ACORNS
_NOT_RED = (_D, _S, _C)


@dataclass(frozen=True, slots=True)
class Level:
    """One row of §3.3.2: its number, UI label, components with their prices,
    the trump suits it allows (none in betl and durch) and whether it names a
    helper suit (dvě sedmy: any suit but the trumps)."""

    number: int
    name: str
    prices: tuple[tuple[str, int], ...]  # component -> units at flek 0, COMPONENTS order
    trumps: tuple[Suit, ...]
    helper: bool = False

    @property
    def components(self) -> tuple[str, ...]:
        return tuple(name for name, _ in self.prices)

    @property
    def price(self) -> int:
        """The table's row price (units, "normálně"): the sum of its components."""
        return sum(units for _, units in self.prices)

    @property
    def red(self) -> bool:
        """A "červená" level: hearts are trumps."""
        return self.trumps == (_H,)

    def price_of(self, component: str) -> int:
        for name, units in self.prices:
            if name == component:
                return units
        raise KeyError(component)

    def has(self, component: str) -> bool:
        return any(name == component for name, _ in self.prices)

    def helpers(self, trump: Suit) -> tuple[Suit, ...]:
        """The helper suits allowed with ``trump`` (none unless dvě sedmy)."""
        if not self.helper:
            return ()
        return tuple(s for s in Suit if s != trump)


LEVELS: tuple[Level, ...] = (
    Level(1, "sedma", (("sedma", 2),), _NOT_RED),
    Level(2, "sedma červená", (("sedma", 4),), (_H,)),
    Level(3, "sto", (("sto", 4),), _NOT_RED),
    Level(4, "sto a sedma", (("sto", 4), ("sedma", 2)), _NOT_RED),
    Level(5, "sto červených", (("sto", 8),), (_H,)),
    Level(6, "sto a sedma červených", (("sto", 8), ("sedma", 4)), (_H,)),
    Level(7, "betl", (("betl", 15),), ()),
    Level(8, "durch", (("durch", 30),), ()),
    Level(9, "dvě sedmy", (("dvesedmy", 40),), _NOT_RED, helper=True),
    Level(10, "dvě sedmy a sto", (("dvesedmy", 40), ("sto", 4)), _NOT_RED, helper=True),
    Level(11, "dvě sedmy, červená trumf", (("dvesedmy", 60),), (_H,), helper=True),
    Level(12, "dvě sedmy, červená trumf a sto", (("dvesedmy", 60), ("sto", 8)), (_H,), helper=True),
)
"""Levels 1-12 (``LEVELS[n - 1]`` is level ``n``)."""


def level(number: int) -> Level:
    """Level ``number`` (1-12)."""
    return LEVELS[number - 1]
