"""What each arena player declares and how it fares, per contract (Mariáš family).

Beside the mean result, a strong player should be seen to choose its games
well: how often each contract is declared by A and by B, how often each of its
components (hra, sedma, stovka, betl, durch, honers) is won, and how often it
is fleked (flek) and fleked back (re). Any outcome whose summary names a
``declarer`` and lists ``components`` (name, ``won`` or ``units``, ``flek``
level) is counted; other games add nothing.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

__all__ = ["ContractTally"]


@dataclass
class ContractTally:
    """Declared contracts and their components, per player label (``A``/``B``)."""

    declared: dict[str, Counter[str]] = field(default_factory=dict)
    components: dict[str, dict[str, list[int]]] = field(default_factory=dict)
    """label -> component -> [declared, won, fleked, re'd]"""

    def add(self, summary: Mapping[str, Any], label_of: Callable[[int], str]) -> None:
        declarer = summary.get("declarer")
        parts = summary.get("components")
        if declarer is None or not isinstance(parts, list) or not parts:
            return
        label = label_of(int(declarer))
        names = [str(p["name"]) for p in parts]
        self.declared.setdefault(label, Counter())["+".join(names)] += 1
        table = self.components.setdefault(label, {})
        for part in parts:
            row = table.setdefault(str(part["name"]), [0, 0, 0, 0])
            won = part.get("won")
            row[0] += 1
            row[1] += bool(won) if won is not None else int(part.get("units", 0)) > 0
            level = int(part.get("flek", 0) or 0)
            row[2] += level >= 1
            row[3] += level >= 2

    def lines(self) -> list[str]:
        """The report: contracts by frequency, then each component's rates."""
        if not self.declared:
            return []
        out = ["contracts declared (count):"]
        for label in sorted(self.declared):
            top = self.declared[label].most_common(8)
            out.append(f"  {label}: " + ", ".join(f"{name} {n}" for name, n in top))
        out.append("components (declared, won %, fleked %, re %):")
        for label in sorted(self.components):
            cells = []
            for name, (n, won, flek, re) in sorted(
                self.components[label].items(), key=lambda kv: -kv[1][0]
            ):
                cells.append(
                    f"{name} {n} {100 * won / n:.0f}/{100 * flek / n:.0f}/{100 * re / n:.0f}"
                )
            out.append(f"  {label}: " + "; ".join(cells))
        return out
