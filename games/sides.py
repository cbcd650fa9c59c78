"""Who plays with whom, and what each seat may know of it.

A deal splits the seats that play it into *sides*: in volený mariáš the
declarer alone against the two defenders, in Blázen the teams of the team
mode (without teams every player is a side of his own), in křížový mariáš
or Cenzr the caller and the holder of the called card against the rest.
A seat that sits the deal out (the dealer of four at volený) is on no side.
:class:`Sides` is that split as frozen, JSON-ready data, with the questions
the rules ask of it (``side_of``, ``partners``, ``opponents``, ``same_side``)
and a name per side where the game has one (:data:`DECLARER_SIDE`,
:data:`DEFENDER_SIDE`).

Who knows it: most partnerships are public, but one fixed by a card (the
called card of křížový, Cenzr's partner) stays secret until that card falls.
``hidden`` are the seats whose side nobody else knows while the sides are not
``revealed``; ``insiders`` are the seats that know every side even then (the
holder of the called card knows he is the caller's partner, and so whom he
plays against). Every seat knows its own side. :meth:`Sides.visible_for`
gives one viewer's share (:class:`SidesView`): the sides with only the seats
he can place, and the seats he cannot. A view built from it never tells a
third seat who the hidden partner is.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

Seat = int
"""A seat number, as in ``games.engine`` (which imports this module for its types)."""

__all__ = ["DECLARER_SIDE", "DEFENDER_SIDE", "Sides", "SidesView"]

DECLARER_SIDE = "C"
"""The side that plays the contract: the declarer (with a called partner, where there is one)."""
DEFENDER_SIDE = "D"
"""The side that defends against the contract."""


def _seat(value: object, what: str) -> Seat:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"{what} holds {value!r}, which is not a seat number")
    return value


def _seats(values: object, what: str) -> frozenset[Seat]:
    if isinstance(values, str | bytes | Mapping) or not isinstance(values, Iterable):
        raise ValueError(f"{what} is not a list of seats")
    seats = [_seat(v, what) for v in values]
    if len(set(seats)) != len(seats):
        raise ValueError(f"{what} names a seat twice")
    return frozenset(seats)


def _roles(values: object, count: int) -> tuple[str, ...]:
    if isinstance(values, str | bytes | Mapping) or not isinstance(values, Iterable):
        raise ValueError("roles is not a list of names")
    roles = tuple(values)
    if not all(isinstance(r, str) and r for r in roles):
        raise ValueError("every role is a non-empty name")
    if roles and len(roles) != count:
        raise ValueError("roles name every side or none")
    if len(set(roles)) != len(roles):
        raise ValueError("two sides have the same role")
    return roles


def _groups(values: object, *, allow_empty: bool) -> tuple[frozenset[Seat], ...]:
    if isinstance(values, str | bytes | Mapping) or not isinstance(values, Iterable):
        raise ValueError("groups is not a list of sides")
    groups = tuple(_seats(g, "a side") for g in values)
    seen: set[Seat] = set()
    for group in groups:
        if not group and not allow_empty:
            raise ValueError("a side without seats")
        if seen & group:
            raise ValueError(f"seat {min(seen & group)} is on two sides")
        seen |= group
    return groups


def _check_keys(data: Mapping[str, Any], allowed: set[str], what: str) -> None:
    if not isinstance(data, Mapping):
        raise ValueError(f"{what} is not a mapping")
    unknown = sorted(set(data) - allowed)
    if unknown:
        raise ValueError(f"{what} has unknown key(s): {', '.join(unknown)}")


def _bool(value: object, what: str) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"{what} is true or false, not {value!r}")
    return value


@dataclass(frozen=True, slots=True)
class Sides:
    """The sides of a deal: disjoint, non-empty groups of the seats that play it.

    ``groups`` are in a fixed order (a side's number is its index); ``roles``
    names every side (``("C", "D")``) or is empty. ``hidden`` and ``insiders``
    are seats in play; while not ``revealed``, the side of a hidden seat is
    known only to itself and to the insiders.
    """

    groups: tuple[frozenset[Seat], ...]
    roles: tuple[str, ...] = ()
    hidden: frozenset[Seat] = frozenset()
    insiders: frozenset[Seat] = frozenset()
    revealed: bool = False
    _index: dict[Seat, int] = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        groups = _groups(self.groups, allow_empty=False)
        index = {seat: i for i, group in enumerate(groups) for seat in group}
        hidden = _seats(self.hidden, "hidden")
        insiders = _seats(self.insiders, "insiders")
        if not hidden <= index.keys() or not insiders <= index.keys():
            raise ValueError("hidden seats and insiders must be seats in play")
        object.__setattr__(self, "groups", groups)
        object.__setattr__(self, "roles", _roles(self.roles, len(groups)))
        object.__setattr__(self, "hidden", hidden)
        object.__setattr__(self, "insiders", insiders)
        object.__setattr__(self, "revealed", _bool(self.revealed, "revealed"))
        object.__setattr__(self, "_index", index)

    # --- making sides -------------------------------------------------------

    @classmethod
    def from_labels(cls, labels: Sequence[int | None], roles: Sequence[str] = ()) -> Sides:
        """Sides from a label per seat (``None``: on no side), ordered by label:
        ``(0, 1, 0, 1)`` is seats 0 and 2 against 1 and 3."""
        by_label: dict[int, set[Seat]] = {}
        for seat, label in enumerate(labels):
            if label is not None:
                by_label.setdefault(label, set()).add(seat)
        groups = tuple(frozenset(by_label[label]) for label in sorted(by_label))
        return cls(groups, tuple(roles))

    @classmethod
    def each_alone(cls, seats: Iterable[Seat]) -> Sides:
        """Every seat a side of its own (no partnerships, no roles)."""
        return cls(tuple(frozenset((s,)) for s in sorted(seats)))

    def reveal(self) -> Sides:
        """The same sides, now known to everyone."""
        return self if self.revealed else replace(self, revealed=True)

    # --- questions ------------------------------------------------------------

    @property
    def seats(self) -> frozenset[Seat]:
        """Every seat on a side (the seats in play)."""
        return frozenset(self._index)

    @property
    def secret(self) -> frozenset[Seat]:
        """The seats whose side others may not know now (none once revealed)."""
        return frozenset() if self.revealed else self.hidden

    def side_of(self, seat: Seat) -> int | None:
        """The number of ``seat``'s side (its index in ``groups``); ``None`` if on none."""
        return self._index.get(seat)

    def role_of(self, seat: Seat) -> str | None:
        """The name of ``seat``'s side; ``None`` if on none or the sides have no names."""
        side = self._index.get(seat)
        return None if side is None or not self.roles else self.roles[side]

    def members(self, role: str) -> frozenset[Seat]:
        """The seats of the side named ``role`` (none when no side has that name)."""
        if role not in self.roles:
            return frozenset()
        return self.groups[self.roles.index(role)]

    def partners(self, seat: Seat) -> frozenset[Seat]:
        """The other seats on ``seat``'s side."""
        side = self._index.get(seat)
        return frozenset() if side is None else self.groups[side] - {seat}

    def opponents(self, seat: Seat) -> frozenset[Seat]:
        """The seats in play on other sides than ``seat``'s (none for a seat on no side)."""
        side = self._index.get(seat)
        if side is None:
            return frozenset()
        return frozenset(s for s, i in self._index.items() if i != side)

    def same_side(self, a: Seat, b: Seat) -> bool:
        """Whether ``a`` and ``b`` both play, on one side (a seat is on its own side)."""
        side = self._index.get(a)
        return side is not None and self._index.get(b) == side

    # --- knowledge ------------------------------------------------------------

    def known_to(self, viewer: Seat | None) -> frozenset[Seat]:
        """The seats whose side ``viewer`` (``None``: an onlooker) may know now."""
        secret = self.secret
        if not secret or viewer in self.insiders:
            return self.seats
        known = self.seats - secret
        if viewer is not None and viewer in self._index:
            known |= {viewer}
        return known

    def visible_for(self, viewer: Seat | None) -> SidesView:
        """What ``viewer`` (``None``: an onlooker) may know of the sides now."""
        known = self.known_to(viewer)
        return SidesView(
            viewer=viewer,
            groups=tuple(group & known for group in self.groups),
            roles=self.roles,
            unknown=self.seats - known,
        )

    # --- JSON -------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return {
            "groups": [sorted(group) for group in self.groups],
            "roles": list(self.roles),
            "hidden": sorted(self.hidden),
            "insiders": sorted(self.insiders),
            "revealed": self.revealed,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Sides:
        """Sides from ``to_dict``'s form; anything malformed is a ``ValueError``."""
        _check_keys(data, {"groups", "roles", "hidden", "insiders", "revealed"}, "sides")
        if "groups" not in data:
            raise ValueError("sides without groups")
        groups = _groups(data["groups"], allow_empty=False)
        return cls(
            groups,
            _roles(data.get("roles", ()), len(groups)),
            _seats(data.get("hidden", ()), "hidden"),
            _seats(data.get("insiders", ()), "insiders"),
            _bool(data.get("revealed", False), "revealed"),
        )


@dataclass(frozen=True, slots=True)
class SidesView:
    """One viewer's share of the sides: every side (in ``Sides``' order, with its
    role) holding only the seats the viewer can place, and the seats in play he
    cannot place (``unknown``). A side may show no seat at all."""

    viewer: Seat | None
    groups: tuple[frozenset[Seat], ...]
    roles: tuple[str, ...] = ()
    unknown: frozenset[Seat] = frozenset()

    def __post_init__(self) -> None:
        if self.viewer is not None:
            _seat(self.viewer, "viewer")
        groups = _groups(self.groups, allow_empty=True)
        unknown = _seats(self.unknown, "unknown")
        if any(group & unknown for group in groups):
            raise ValueError("a seat both placed and unknown")
        object.__setattr__(self, "groups", groups)
        object.__setattr__(self, "roles", _roles(self.roles, len(groups)))
        object.__setattr__(self, "unknown", unknown)

    @property
    def complete(self) -> bool:
        """Whether the viewer can place every seat in play."""
        return not self.unknown

    def side_of(self, seat: Seat) -> int | None:
        """The number of ``seat``'s side, if the viewer knows it."""
        for i, group in enumerate(self.groups):
            if seat in group:
                return i
        return None

    def role_of(self, seat: Seat) -> str | None:
        side = self.side_of(seat)
        return None if side is None or not self.roles else self.roles[side]

    def members(self, role: str) -> frozenset[Seat]:
        """The seats the viewer knows on the side named ``role``."""
        if role not in self.roles:
            return frozenset()
        return self.groups[self.roles.index(role)]

    def same_side(self, a: Seat, b: Seat) -> bool | None:
        """Whether ``a`` and ``b`` are on one side; ``None`` when the viewer cannot tell."""
        side_a, side_b = self.side_of(a), self.side_of(b)
        if side_a is None or side_b is None:
            return None
        return side_a == side_b

    def to_dict(self) -> dict[str, Any]:
        return {
            "viewer": self.viewer,
            "groups": [sorted(group) for group in self.groups],
            "roles": list(self.roles),
            "unknown": sorted(self.unknown),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> SidesView:
        """A view from ``to_dict``'s form; anything malformed is a ``ValueError``."""
        _check_keys(data, {"viewer", "groups", "roles", "unknown"}, "a sides view")
        if "groups" not in data:
            raise ValueError("a sides view without groups")
        viewer = data.get("viewer")
        groups = _groups(data["groups"], allow_empty=True)
        return cls(
            None if viewer is None else _seat(viewer, "viewer"),
            groups,
            _roles(data.get("roles", ()), len(groups)),
            _seats(data.get("unknown", ()), "unknown"),
        )
