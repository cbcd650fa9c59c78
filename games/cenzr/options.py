"""House rules of volený cenzr (cenzr.md §8), with the spec's defaults.

Every row of §8 that has a config key is a field here, named as the spec
names it, so a table's settings read like the spec. Values are checked on
construction: a table can never run with a rule the engine does not know.
Keys the spec lists with a single value (``sequence_order``,
``split_long_runs``, ...) accept only that value; they exist so that a
record states the reading it was played under.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.engine import (
    OptionsError,
    check_choice,
    check_type,
    options_from_dict,
    options_to_dict,
)

__all__ = ["CenzrOptions"]

_BOOLS = (
    "suppress_futile_announcements",
    "pero_both_sides",
    "reset_totals_each_round",
    "cap_at_target",
    "allow_review_last_trick",
)

_CHOICES: dict[str, tuple[object, ...]] = {
    "sequence_order": ("natural",),  # §8 #1
    "split_long_runs": (False,),  # §8 #2
    "sto_compare": ("top_card", "length_then_top"),  # §8 #3
    "allow_set_run_overlap": (True,),  # §8 #4
    "declaration_scope": ("player", "team"),  # §8 #6
    "declare_timing": ("own_turn", "own_turn_or_early"),  # §8 #7
    "declaration_mode": ("prompt", "auto"),  # §8 #9
    "declaration_selection": ("all_or_nothing",),  # §8 #10
    "declaration_reveal": ("protocol", "full_after_trick1"),  # §8 #12
    "bela_mode": ("auto_optimal", "prompt", "always"),  # §8 #13
    "pero_bonus_scope": ("side_total", "per_player_after_multiplier"),  # §8 #15
    "defender_points_basis": ("side", "individual"),  # §8 #16
    "deal_start": ("left_of_dealer",),  # §8 #17
    "misdeal_policy": ("redeal_same_dealer",),  # §8 #18
    "first_dealer": ("cut", "random", "manual"),  # §8 #20
    "seating": ("join_order", "random"),  # §8 #21
    "ranking_ties": ("shared",),  # §8 #25
    "reveal_partner": ("on_called_card_played",),  # §8 #26
}


@dataclass(frozen=True, kw_only=True)
class CenzrOptions:
    """Per-table house rules; every default is the spec's ([A] rows of §8)."""

    sequence_order: str = "natural"  # §8 #1
    split_long_runs: bool = False  # §8 #2
    sto_compare: str = "top_card"  # §8 #3
    allow_set_run_overlap: bool = True  # §8 #4
    declaration_scope: str = "player"  # §8 #6
    declare_timing: str = "own_turn"  # §8 #7
    declaration_mode: str = "prompt"  # §8 #9
    declaration_selection: str = "all_or_nothing"  # §8 #10
    suppress_futile_announcements: bool = True  # §8 #11
    declaration_reveal: str = "protocol"  # §8 #12
    bela_mode: str = "auto_optimal"  # §8 #13
    pero_both_sides: bool = False  # §8 #14
    pero_bonus_scope: str = "side_total"  # §8 #15
    pero_bonus: int = 100  # §8 #15
    defender_points_basis: str = "side"  # §8 #16
    deal_start: str = "left_of_dealer"  # §8 #17
    misdeal_policy: str = "redeal_same_dealer"  # §8 #18
    first_dealer: str = "cut"  # §8 #20
    seating: str = "join_order"  # §8 #21 (the host seats players; recorded only)
    reset_totals_each_round: bool = True  # §8 #22
    round_target: int = 1500  # §8 #23
    cap_at_target: bool = True  # §8 #23
    rounds_per_labeta: int | None = None  # §8 #24 (None = as many rounds as players)
    ranking_ties: str = "shared"  # §8 #25
    reveal_partner: str = "on_called_card_played"  # §8 #26
    allow_review_last_trick: bool = True  # §8 #27

    def __post_init__(self) -> None:
        for name in _BOOLS:
            check_type(name, getattr(self, name), bool)
        for name, allowed in _CHOICES.items():
            if isinstance(allowed[0], bool):
                check_type(name, getattr(self, name), bool)
            check_choice(name, getattr(self, name), allowed)
        for name in ("pero_bonus", "round_target"):
            check_type(name, getattr(self, name), int)
        if self.pero_bonus < 0:
            raise OptionsError("bad_option", "pero_bonus must be 0 or more")
        if self.round_target < 1:
            raise OptionsError("bad_option", "round_target must be 1 or more")
        if self.rounds_per_labeta is not None:
            check_type("rounds_per_labeta", self.rounds_per_labeta, int)
            if not 1 <= self.rounds_per_labeta <= 6:
                raise OptionsError("bad_option", "rounds_per_labeta must be 1 to 6 (or None = N)")

    @classmethod
    def from_dict(cls, values: dict[str, Any] | None = None) -> CenzrOptions:
        return options_from_dict(cls, values)

    def to_dict(self) -> dict[str, Any]:
        return options_to_dict(self)

    @staticmethod
    def choices() -> dict[str, tuple[object, ...]]:
        """Every option with the values a table may choose (for settings menus).

        ``rounds_per_labeta`` offers only the full labeta: a shorter one needs
        every player's consent (§6.3), which a settings menu cannot give.
        """
        result: dict[str, tuple[object, ...]] = {name: (True, False) for name in _BOOLS}
        result.update(_CHOICES)
        result["pero_bonus"] = (100,)
        result["round_target"] = (1500,)
        result["rounds_per_labeta"] = (None,)
        result["reset_totals_each_round"] = (True,)  # §6.2: "not intended to be changed"
        return result
