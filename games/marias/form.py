"""The shape of a Mariáš game as data: seats, deal, tricks and flek rights.

Every variant of the family (volený, licitovaný, ve dvou, later křížový) is a
table of a few players dealt a 32-card pack in packets, playing a fixed
number of tricks, with a declarer's side and a defenders' side that raise a
component's flek chain in turn. :class:`MariasForm` states those facts once
per variant, so dealing (:meth:`MariasForm.packets`) and who may flek whom
(:meth:`MariasForm.raiser`, :meth:`MariasForm.may_raise`, asked of the deal's
``games.sides.Sides``) are the same code everywhere.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from games.cards import Card
from games.engine import Seat
from games.sides import DECLARER_SIDE, DEFENDER_SIDE, Sides

__all__ = [
    "LICITOVANY_FORM",
    "STOCK",
    "TALON",
    "VE_DVOU_FORM",
    "VE_DVOU_TURNED_FORM",
    "VOLENY_FORM",
    "MariasForm",
    "declarer_sides",
]

TALON = "talon"
"""A packet recipient: the face-down talon dealt between the rounds (licitovaný)."""
STOCK = "stock"
"""A packet recipient: the stock drawn from during play (ve dvou)."""


@dataclass(frozen=True, slots=True)
class MariasForm:
    """One Mariáš variant's fixed shape.

    ``deal_pattern`` lists the packets in the order they are dealt, each as
    ``(recipient, count)``: a recipient is a role index into the deal's playing
    seats (0 = forhond, the dealer's left, then clockwise) or :data:`TALON` /
    :data:`STOCK`. ``flek_raisers`` names the side that raises a chain standing
    at an even level and the side that raises one at an odd level: the
    defenders flek (0 → 1), the declarer's side gives re (1 → 2), and so on.
    """

    name: str
    table_sizes: tuple[int, ...]
    players: int
    tricks: int
    deal_pattern: tuple[tuple[int | str, int], ...]
    discard: int = 2
    flek_raisers: tuple[str, str] = (DEFENDER_SIDE, DECLARER_SIDE)

    @property
    def dealt_talon(self) -> int:
        """Cards dealt to the talon (none in volený, where the declarer lays it)."""
        return sum(n for who, n in self.deal_pattern if who == TALON)

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """Cards dealt to each role, forhond first."""
        return tuple(
            sum(n for who, n in self.deal_pattern if who == role) for role in range(self.players)
        )

    def packets(
        self, deck: Sequence[Card]
    ) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...], tuple[Card, ...]]:
        """A deck in deal order split by the pattern: the cards of each role in the
        order received, the talon and the stock."""
        hands: list[list[Card]] = [[] for _ in range(self.players)]
        talon: list[Card] = []
        stock: list[Card] = []
        at = 0
        for who, count in self.deal_pattern:
            packet = deck[at : at + count]
            at += count
            if who == TALON:
                talon.extend(packet)
            elif who == STOCK:
                stock.extend(packet)
            else:
                assert isinstance(who, int)
                hands[who].extend(packet)
        return tuple(tuple(h) for h in hands), tuple(talon), tuple(stock)

    def raiser(self, level: int) -> str:
        """The side that raises a component whose chain stands at ``level``."""
        return self.flek_raisers[level % 2]

    def may_raise(self, sides: Sides, seat: Seat, level: int, cap: int | None = None) -> bool:
        """Whether ``seat`` may raise a chain standing at ``level`` (``cap``: the
        highest level allowed, ``None`` unlimited); a seat on no side never may."""
        return sides.role_of(seat) == self.raiser(level) and (cap is None or level < cap)


VOLENY_FORM = MariasForm(
    name="volený",
    table_sizes=(3, 4),
    players=3,
    tricks=10,
    deal_pattern=((0, 7), (1, 5), (2, 5), (0, 5), (1, 5), (2, 5)),
)
"""§3.1.2: 7 + 5 + 5, then 5 each; forhond discards the talon after choosing trumps."""

LICITOVANY_FORM = MariasForm(
    name="licitovaný",
    table_sizes=(3, 4),
    players=3,
    tricks=10,
    deal_pattern=((0, 5), (1, 5), (2, 5), (TALON, 2), (0, 5), (1, 5), (2, 5)),
)
"""§3.3.1: 5 each, two face down as the talon, 5 each; the auction's winner takes it."""

VE_DVOU_FORM = MariasForm(
    name="ve dvou",
    table_sizes=(2,),
    players=2,
    tricks=16,
    deal_pattern=((0, 4), (1, 4), (0, 4), (1, 4), (STOCK, 16)),
    discard=0,
)
"""§3.4.1, §3.4.3: 4 + 4 each, the other 16 as the stock; 16 tricks (``games.marias_dvou``)."""

VE_DVOU_TURNED_FORM = MariasForm(
    name="ve dvou, obrácený trumf",
    table_sizes=(2,),
    players=2,
    tricks=16,
    deal_pattern=((0, 5), (1, 5), (STOCK, 1), (0, 3), (1, 3), (STOCK, 15)),
    discard=0,
)
"""§3.4.2 (recommended): 5 + 5, the 11th card turned up as trumps, 3 + 3; the turned
card lies face up at the bottom of the stock (``packets`` lists it first among the
stock's cards; it is drawn last)."""


@lru_cache(maxsize=256)
def declarer_sides(active: tuple[Seat, ...], declarer: Seat | None) -> Sides:
    """The sides of a deal with one declarer against the rest of ``active``
    (``"C"`` against ``"D"``), or each alone before there is a declarer; made once
    per table and declarer."""
    if declarer is None:
        return Sides.each_alone(active)
    defenders = frozenset(s for s in active if s != declarer)
    return Sides((frozenset((declarer,)), defenders), (DECLARER_SIDE, DEFENDER_SIDE))
