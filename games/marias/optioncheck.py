"""Checking and offering the options of the Mariáš family (§6).

Volený, licitovaný and ve dvou check their options alike: the yes/no options,
the named choices, the flek limit (``None`` or 0 and more) and the counts that
must be 1 or more; and a settings menu offers the same values for them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from games.engine import OptionsError, check_choice, check_type

__all__ = ["check_family_options", "family_choices"]

FLEK_LEVELS: tuple[object, ...] = (None, 1, 2, 3, 4, 5, 6)
"""The flek limits a table may choose (``max_flek_level``)."""
COUNT_CHOICES: Mapping[str, tuple[object, ...]] = {
    "lost_seven_multiplier": (1, 2),
    "unit_haler": (10, 20, 50, 100),
}
"""The values a table may choose for the counts of 1 or more."""


def check_family_options(
    options: Any,
    bools: Iterable[str],
    choices: Mapping[str, tuple[object, ...]],
    counts: Iterable[str],
) -> None:
    """Refuse options of a wrong type or value: ``bools`` are yes/no, ``choices``
    one of their values, ``max_flek_level`` None or 0 and more, ``counts`` 1 or more."""
    for name in bools:
        check_type(name, getattr(options, name), bool)
    for name, allowed in choices.items():
        check_choice(name, getattr(options, name), allowed)
    if options.max_flek_level is not None:
        check_type("max_flek_level", options.max_flek_level, int)
        if options.max_flek_level < 0:
            raise OptionsError("bad_option", "max_flek_level must be 0 or more")
    for name in counts:
        value = getattr(options, name)
        check_type(name, value, int)
        if value < 1:
            raise OptionsError("bad_option", f"{name} must be 1 or more")


def family_choices(
    bools: Iterable[str], choices: Mapping[str, tuple[object, ...]], counts: Iterable[str]
) -> dict[str, tuple[object, ...]]:
    """Every option with the values a table may choose (for settings menus)."""
    result: dict[str, tuple[object, ...]] = {name: (True, False) for name in bools}
    result.update(choices)
    result["max_flek_level"] = FLEK_LEVELS
    for name in counts:
        result[name] = COUNT_CHOICES[name]
    return result
