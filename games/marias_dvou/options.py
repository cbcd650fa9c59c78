"""House rules of mariáš ve dvou (marias.md §3.4, §6), with the spec's defaults.

Each field names the §6 row it implements. ``dvou_variant`` is §6 #45: "A"
(basic, §3.4.1), "B" (turned-up trump, §3.4.2) or "C" (Chirewský, §3.4.3, the
default: "nejužívanější v hospodské praxi"). The other rows are the ones
volený shares with ve dvou (prices, fleks, marriages, sevens, dealing).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.engine import (
    options_from_dict,
    options_to_dict,
)
from games.marias.optioncheck import check_family_options, family_choices

__all__ = ["DvouOptions"]

_BOOLS = (
    "stock_phase_trumps_win",
    "winner_draws_first",
    "hearts_double",
    "must_trump_when_cannot_overtrump",
    "silent_hundred_uses_game_flek",
    "stovka_evaluates_defender_silent_100",
    "killed_silent_seven",
    "silent_seven_hearts_factor",
    "auto_declare_marriages",
    "allow_impossible_stovka",
    "allow_seven_without_trump7",
)

_CHOICES: dict[str, tuple[str, ...]] = {
    "dvou_variant": ("A", "B", "C"),
    "trump7_exchange": ("on_lead_stock_ge2", "off"),
    "ve_dvou_unfleked_game": ("play",),
    "ve_dvou_late_seven_flek": ("on_announce", "none"),
    "stovka_marriages_defenders": ("one_per_player", "one_per_side", "all"),
    "silent_hundred_price": ("half", "as_label"),
    "first_dealer": ("random", "low_card", "high_card"),
}

_COUNTS = ("lost_seven_multiplier", "unit_haler")
"""The options that must be 1 or more."""


@dataclass(frozen=True, kw_only=True)
class DvouOptions:
    """Per-table house rules; the defaults are the spec's recommended ones."""

    dvou_variant: str = "C"  # §6 #45: A basic, B turned-up trump, C Chirewský
    stock_phase_trumps_win: bool = True  # §6 #46 (C: False = no trumps while the stock lasts)
    winner_draws_first: bool = True  # §6 #47 (False: the trick's loser draws first)
    trump7_exchange: str = "on_lead_stock_ge2"  # §6 #48 (B only)
    ve_dvou_unfleked_game: str = "play"  # §6 #49
    ve_dvou_late_seven_flek: str = "on_announce"  # §6 #58 ("none": no flek on it)
    hearts_double: bool = True  # §6 #1
    must_trump_when_cannot_overtrump: bool = True  # §6 #13
    max_flek_level: int | None = None  # §6 #15 (None = unlimited)
    stovka_marriages_defenders: str = "one_per_player"  # §6 #16 (the opponent's silent 100)
    silent_hundred_price: str = "half"  # §6 #17
    silent_hundred_uses_game_flek: bool = True  # §6 #17
    stovka_evaluates_defender_silent_100: bool = False  # §6 #18
    lost_seven_multiplier: int = 1  # §6 #19
    killed_silent_seven: bool = False  # §6 #20 (as volený: not paid)
    silent_seven_hearts_factor: bool = True  # §6 #22
    auto_declare_marriages: bool = True  # §6 #23
    allow_impossible_stovka: bool = True  # §6 #24
    allow_seven_without_trump7: bool = True  # §6 #52
    first_dealer: str = "random"  # §6 #26
    unit_haler: int = 10  # §0: one unit = 10 haléřů

    def __post_init__(self) -> None:
        check_family_options(self, _BOOLS, _CHOICES, _COUNTS)

    @property
    def turned_trump(self) -> bool:
        """Variant B: trumps are the turned-up 11th card, nobody chooses."""
        return self.dvou_variant == "B"

    @property
    def free_stock_phase(self) -> bool:
        """Variant C: no duties while the stock lasts (§3.4.3 item 2)."""
        return self.dvou_variant == "C"

    @classmethod
    def from_dict(cls, values: dict[str, Any] | None = None) -> DvouOptions:
        return options_from_dict(cls, values)

    def to_dict(self) -> dict[str, Any]:
        return options_to_dict(self)

    @staticmethod
    def choices() -> dict[str, tuple[object, ...]]:
        """Every option with the values a table may choose (for settings menus)."""
        return family_choices(_BOOLS, _CHOICES, _COUNTS)
