"""House rules of Blázen (blazen.md §17), with the spec's defaults (★).

Every rule the source leaves open is an option here, named exactly as in
§17, so a table can choose the alternative and a record can say which rules
it was played by. Values are checked on construction: an option the engine
does not understand is an error, never silently ignored.
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

__all__ = ["BlazenOptions"]

_BOOLS = (
    "allow_trump_exchange",
    "multi_card_open",
    "neighbors_only_throw_in",
    "throw_in_after_take",
    "always_prompt_throwers",
    "transfer_multi_card",
    "transfer_by_showing_trump",
    "redeal_five_same_suit",
    "placements",
    "epaulettes",
)

_INT_CHOICES: dict[str, tuple[int, ...]] = {
    "deck_size": (24, 36, 52, 54),
    "deal_packet": (1, 2),
    "max_attack_first_bout": (5, 6),
}

_CHOICES: dict[str, tuple[str, ...]] = {
    "variant": ("podkidnoy", "perevodnoy"),
    "trump_card": ("bottom", "next"),
    "first_attacker_rule": ("lowest_trump", "dealer_left", "random"),
    "no_trump_fallback": ("dealer_left", "redeal"),
    "next_game_first_attacker": ("fool_left", "fool_right", "lowest_trump"),
    "first_bout_scope": ("until_first_discard", "first_bout_only"),
    "throw_in_mode": ("sequential", "window"),
    "throw_in_timing": ("after_cover", "anytime"),
    "simultaneous_finish": ("draw", "first_out_wins"),
    "team_mode": ("none", "2v2", "3v3", "1v2"),
}

TEAM_SEATS = {"2v2": 4, "3v3": 6, "1v2": 3}
"""How many seats each team mode needs (§11.1)."""


@dataclass(frozen=True, kw_only=True)
class BlazenOptions:
    """Per-table house rules; the field comments give the spec section."""

    deck_size: int = 36  # §2
    variant: str = "podkidnoy"  # §7: "perevodnoy" is the UI's "přestupový"
    hand_size: int = 6  # §4.2: the source always says 6
    deal_packet: int = 1  # §4.2
    trump_card: str = "bottom"  # §4.3
    allow_trump_exchange: bool = False  # §4.5
    first_attacker_rule: str = "lowest_trump"  # §5
    no_trump_fallback: str = "dealer_left"  # §5
    next_game_first_attacker: str = "fool_left"  # §5
    max_attack: int | str = 6  # §6.4: 6 or "defender_hand" ("do blokády")
    max_attack_first_bout: int = 6  # §6.4
    first_bout_scope: str = "until_first_discard"  # §6.4
    multi_card_open: bool = True  # §6.1
    neighbors_only_throw_in: bool = False  # §6.3
    throw_in_mode: str = "sequential"  # §12.1
    throw_in_timing: str = "after_cover"  # §6.3
    throw_in_max_per_action: int = 0  # §6.3: 0 = no cap
    throw_in_after_take: bool = True  # §6.6
    always_prompt_throwers: bool = False  # §12.1
    transfer_multi_card: bool = True  # §7
    transfer_by_showing_trump: bool = False  # §7
    simultaneous_finish: str = "draw"  # §10.3
    redeal_five_same_suit: bool = True  # §4.6
    team_mode: str = "none"  # §11.1
    placements: bool = True  # §10.4
    epaulettes: bool = False  # §11.3
    epaulette_titles: tuple[str, ...] = ("seržant", "staršina (předák)")  # §11.3

    def __post_init__(self) -> None:
        for name in _BOOLS:
            check_type(name, getattr(self, name), bool)
        for name, numbers in _INT_CHOICES.items():
            check_type(name, getattr(self, name), int)
            check_choice(name, getattr(self, name), numbers)
        for name, allowed in _CHOICES.items():
            check_choice(name, getattr(self, name), allowed)
        if self.max_attack != "defender_hand":
            check_type("max_attack", self.max_attack, int)
            check_choice("max_attack", self.max_attack, (6, "defender_hand"))
        check_type("hand_size", self.hand_size, int)
        if not 3 <= self.hand_size <= self.deck_size // 2:
            raise OptionsError("bad_option", "hand_size must be from 3 to half the deck")
        check_type("throw_in_max_per_action", self.throw_in_max_per_action, int)
        if self.throw_in_max_per_action < 0:
            raise OptionsError("bad_option", "throw_in_max_per_action must be 0 (no cap) or more")
        titles = self.epaulette_titles
        if isinstance(titles, list):  # JSON has no tuples; records give a list
            titles = tuple(titles)
            object.__setattr__(self, "epaulette_titles", titles)
        check_type("epaulette_titles", titles, tuple)
        if not titles or not all(isinstance(t, str) and t for t in titles):
            raise OptionsError("bad_option", "epaulette_titles must be a list of names")
        if self.throw_in_timing == "anytime" and self.throw_in_mode != "window":
            raise OptionsError(
                "bad_option", 'throw_in_timing "anytime" needs throw_in_mode "window" (§6.3)'
            )

    @property
    def perevodnoy(self) -> bool:
        """Whether attacks may be transferred (přestupový blázen)."""
        return self.variant == "perevodnoy"

    @property
    def max_seats(self) -> int:
        """Everyone needs a full hand, and at most eight play (§2)."""
        return min(8, self.deck_size // self.hand_size)

    @classmethod
    def from_dict(cls, values: dict[str, Any] | None = None) -> BlazenOptions:
        return options_from_dict(cls, values)

    def to_dict(self) -> dict[str, Any]:
        data = options_to_dict(self)
        data["epaulette_titles"] = list(self.epaulette_titles)
        return data

    @staticmethod
    def choices() -> dict[str, tuple[object, ...]]:
        """Every option with the values a table may choose (for settings menus)."""
        result: dict[str, tuple[object, ...]] = {name: (True, False) for name in _BOOLS}
        result.update(_INT_CHOICES)
        result.update(_CHOICES)
        result["max_attack"] = (6, "defender_hand")
        result["hand_size"] = (6,)
        result["throw_in_max_per_action"] = (0, 1)
        return result
