"""House rules of volený mariáš (marias.md §6), with the spec's defaults.

Each field names the §6 row it implements. Values are checked on
construction, so a table can never run with an option the engine does not
understand.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.engine import (
    options_from_dict,
    options_to_dict,
)
from games.marias.optioncheck import check_family_options, family_choices

__all__ = ["VolenyOptions"]

_BOOLS = (
    "hearts_double",
    "seven_vs_single_game_flek_free",
    "trump_card_discardable",
    "betl_lead_before_flek",
    "must_trump_when_cannot_overtrump",
    "silent_hundred_uses_game_flek",
    "stovka_evaluates_defender_silent_100",
    "killed_silent_seven",
    "silent_seven_hearts_factor",
    "auto_declare_marriages",
    "allow_impossible_stovka",
    "allow_seven_without_trump7",
    "end_betl_durch_early",
    "allow_claims",
)

_CHOICES: dict[str, tuple[str, ...]] = {
    "unfleked_simple_game": ("throw_in_defenders_pay_game", "throw_in_no_payment", "play"),
    "talon_sharp_cards": ("forbidden", "face_up_points_to_defenders", "face_up_penalty_20"),
    "betl_durch_first_lead": ("declarer", "forhond"),
    "stovka_marriages_defenders": ("one_per_player", "one_per_side", "all"),
    "silent_hundred_price": ("half", "as_label"),
    "pause_rotation": ("dealer_sits_out", "rotate_independently"),
    "first_dealer": ("random", "low_card", "high_card"),
    "shuffle_mode": ("random", "gather_and_cut"),
}

_COUNTS = ("lost_seven_multiplier", "unit_haler")
"""The options that must be 1 or more."""


@dataclass(frozen=True, kw_only=True)
class VolenyOptions:
    """Per-table house rules; the defaults are the spec's recommended ones."""

    hearts_double: bool = True  # §6 #1
    unfleked_simple_game: str = "throw_in_defenders_pay_game"  # §6 #2
    seven_vs_single_game_flek_free: bool = True  # §6 #3
    talon_sharp_cards: str = "forbidden"  # §6 #5
    trump_card_discardable: bool = False  # §6 #7
    betl_durch_first_lead: str = "declarer"  # §6 #10
    betl_lead_before_flek: bool = True  # §6 #11
    must_trump_when_cannot_overtrump: bool = True  # §6 #13
    max_flek_level: int | None = None  # §6 #15 (None = unlimited)
    stovka_marriages_defenders: str = "one_per_player"  # §6 #16
    silent_hundred_price: str = "half"  # §6 #17
    silent_hundred_uses_game_flek: bool = True  # §6 #17
    stovka_evaluates_defender_silent_100: bool = False  # §6 #18
    lost_seven_multiplier: int = 1  # §6 #19
    killed_silent_seven: bool = False  # §6 #20 (volený: not paid)
    silent_seven_hearts_factor: bool = True  # §6 #22
    auto_declare_marriages: bool = True  # §6 #23
    allow_impossible_stovka: bool = True  # §6 #24
    allow_seven_without_trump7: bool = True  # §6 #52
    # §6 #25; "rotate_independently": the sit-out passes on one seat behind the deal,
    # so the player before the dealer sits out and the dealer plays as zadák.
    pause_rotation: str = "dealer_sits_out"
    first_dealer: str = "random"  # §6 #26
    shuffle_mode: str = "random"  # §6 #27
    end_betl_durch_early: bool = True  # §6 #29
    allow_claims: bool = True  # §6 #29
    unit_haler: int = 10  # §0: one unit = 10 haléřů (desetníkový mariáš)

    def __post_init__(self) -> None:
        check_family_options(self, _BOOLS, _CHOICES, _COUNTS)

    @classmethod
    def from_dict(cls, values: dict[str, Any] | None = None) -> VolenyOptions:
        return options_from_dict(cls, values)

    def to_dict(self) -> dict[str, Any]:
        return options_to_dict(self)

    @staticmethod
    def choices() -> dict[str, tuple[object, ...]]:
        """Every option with the values a table may choose (for settings menus)."""
        return family_choices(_BOOLS, _CHOICES, _COUNTS)
