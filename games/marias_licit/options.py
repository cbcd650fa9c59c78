"""House rules of licitovaný mariáš (marias.md §3.3, §6), with the spec's defaults.

Each field names the §6 row it implements. The ``licit_*`` rows are §3.3's
own; the others are the rows volený shares with it (talon, duties, fleks,
marriages, seating, dealing). Values are checked on construction.

Two volený rows are not options here: a sedma without the trump seven and a
sto without a marriage are always allowed (§6 #24, #52: bluffing is
legitimate in licitovaný, "aniž je sedma v ruce"), so the auction's winner
can always announce a contract at his bid.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.engine import (
    options_from_dict,
    options_to_dict,
)
from games.marias.optioncheck import check_family_options, family_choices

__all__ = ["LicitOptions"]

_BOOLS = (
    "must_trump_when_cannot_overtrump",
    "killed_silent_seven",
    "auto_declare_marriages",
    "end_betl_durch_early",
    "licit_silent_game",
    "licit_silent_seven",
    "licit_lost_sto_doubling",
    "licit_sto_over_100_doubling",
)

_CHOICES: dict[str, tuple[str, ...]] = {
    "licit_auction": ("hold",),
    "licit_all_pass": ("redeal",),
    "licit_talon_rules": ("as_voleny",),
    "licit_omyl": ("level1_only", "off"),
    "licit_omyl_window": ("until_first_lead", "at_announcement"),
    "licit_unfleked": ("play",),
    "talon_sharp_cards": ("forbidden", "face_up_points_to_defenders", "face_up_penalty_20"),
    "betl_durch_first_lead": ("declarer", "forhond"),
    "stovka_marriages_defenders": ("one_per_player", "one_per_side", "all"),
    "silent_hundred_price": ("half", "as_label"),
    "pause_rotation": ("dealer_sits_out", "rotate_independently"),
    "first_dealer": ("random", "low_card", "high_card"),
    "shuffle_mode": ("random", "gather_and_cut"),
}

_COUNTS = ("unit_haler",)
"""The options that must be 1 or more."""


@dataclass(frozen=True, kw_only=True)
class LicitOptions:
    """Per-table house rules; the defaults are the spec's recommended ones."""

    licit_auction: str = "hold"  # §6 #38
    licit_all_pass: str = "redeal"  # §6 #39
    licit_talon_rules: str = "as_voleny"  # §6 #40
    talon_sharp_cards: str = "forbidden"  # §6 #5 (the volený talon rules, #40)
    licit_silent_game: bool = True  # §6 #41
    licit_lost_sto_doubling: bool = True  # §6 #42
    licit_omyl: str = "level1_only"  # §6 #43
    licit_unfleked: str = "play"  # §6 #44
    licit_omyl_window: str = "until_first_lead"  # §6 #55
    licit_sto_over_100_doubling: bool = True  # §6 #56
    licit_silent_seven: bool = True  # §6 #57
    betl_durch_first_lead: str = "declarer"  # §6 #10, §3.3.4
    must_trump_when_cannot_overtrump: bool = True  # §6 #13
    max_flek_level: int | None = None  # §6 #15 (None = unlimited)
    stovka_marriages_defenders: str = "one_per_player"  # §6 #16 (a silent hundred)
    silent_hundred_price: str = "half"  # §6 #17 (the silent game's hundred)
    killed_silent_seven: bool = False  # §6 #20
    auto_declare_marriages: bool = True  # §6 #23
    pause_rotation: str = "dealer_sits_out"  # §6 #25 (four at the table)
    first_dealer: str = "random"  # §6 #26
    shuffle_mode: str = "random"  # §6 #27, §3.3.1
    end_betl_durch_early: bool = True  # §6 #29
    unit_haler: int = 10  # §0: one unit = 10 haléřů

    def __post_init__(self) -> None:
        check_family_options(self, _BOOLS, _CHOICES, _COUNTS)

    @classmethod
    def from_dict(cls, values: dict[str, Any] | None = None) -> LicitOptions:
        return options_from_dict(cls, values)

    def to_dict(self) -> dict[str, Any]:
        return options_to_dict(self)

    @staticmethod
    def choices() -> dict[str, tuple[object, ...]]:
        """Every option with the values a table may choose (for settings menus)."""
        return family_choices(_BOOLS, _CHOICES, _COUNTS)
