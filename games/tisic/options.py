"""House rules of Tisíc (tisic.md §15), with the spec's ★ defaults.

Every rule the source does not state has an option here (§0), so a table can
play the Polish or the pagat reading where the spec allows it. Values are
checked on construction: a table can never run with an option the engine
does not understand.
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

__all__ = ["DEAL_PATTERNS", "TisicOptions"]

DEAL_PATTERNS = (
    "3-3-3/T2/4-4-4/3-3-3",
    "2-2-2/2-2-2/2-2-2/T2/2-2-2/2-2-2",
    "T2/10-10-10",
)
"""§4: the three customs of the source, the first one ★."""

_BOOLS = (
    "simulate_cut",
    "pass_is_final",
    "marriage_required_above_120",
    "show_talon",
    "forfeit_allowed",
    "storno_by_agreement",
    "target_inclusive",
    "zero_is_dubl",
    "beer_second_pays",
)

_CHOICES: dict[str, tuple[object, ...]] = {
    "max_players": (3, 4),
    "first_dealer": ("random", "cut"),
    "deck_style": ("german", "french"),
    "deal_pattern": DEAL_PATTERNS,
    "bid_step": (10, 5),
    "first_lead": ("declarer", "p1"),
    "marriage_by": ("any", "declarer_only"),
    "follow_rule": ("mariash", "source_literal", "pagat_1000"),
    "rounding": ("nearest10_half_up", "nearest5_half_up", "none"),
    "declarer_scores": ("contract", "actual"),
    "carka_basis": ("rounded", "raw"),
    "renonc_policy": ("prevent", "replay", "penalty"),
    "winner_rule": ("talon_priority", "highest_score"),
    "stakes": ("none", "money", "beer"),
}

_NON_NEGATIVE = (
    "forfeit_bonus",
    "renonc_penalty",
    "renonc_bonus",
    "base",
    "carka_price",
    "upis_price",
    "dubl_below",
)


@dataclass(frozen=True, kw_only=True)
class TisicOptions:
    """Per-table house rules; each field names the § it implements."""

    max_players: int = 4  # §2: 3, or 4 with the dealer sitting out
    first_dealer: str = "random"  # §2
    simulate_cut: bool = False  # §2: cosmetic
    deck_style: str = "german"  # §3: names and pictures only
    deal_pattern: str = DEAL_PATTERNS[0]  # §4
    obligation: int = 50  # §5.1: povinnost
    bid_step: int = 10  # §5.4
    max_bid: int = 400  # §5.9
    pass_is_final: bool = True  # §5.5
    marriage_required_above_120: bool = False  # §5.9
    show_talon: bool = False  # §6.1
    first_lead: str = "declarer"  # §7.1
    marriage_by: str = "any"  # §7.2
    marriage_min_completed_tricks: int = 1  # §7.2.2
    follow_rule: str = "mariash"  # §7.3
    rounding: str = "nearest10_half_up"  # §8.3
    declarer_scores: str = "contract"  # §8.2
    carka_basis: str = "rounded"  # §8.3
    forfeit_allowed: bool = True  # §6.5
    forfeit_bonus: int = 60  # §6.5
    storno_by_agreement: bool = False  # §6.6
    renonc_policy: str = "prevent"  # §11
    renonc_penalty: int = 50  # §11
    renonc_bonus: int = 60  # §11
    target_score: int = 1000  # §9
    target_inclusive: bool = True  # §9
    winner_rule: str = "talon_priority"  # §9
    stakes: str = "none"  # §10
    base: int = 500  # §10.1, haléře
    carka_price: int = 50  # §10.1, haléře
    upis_price: int = 100  # §10.1, haléře
    dubl_below: int = 500  # §10.1
    zero_is_dubl: bool = True  # §10.1
    beer_second_pays: bool = False  # §10.2

    def __post_init__(self) -> None:
        for name in _BOOLS:
            check_type(name, getattr(self, name), bool)
        for name in (*_NON_NEGATIVE, "obligation", "max_bid", "target_score"):
            check_type(name, getattr(self, name), int)
        for name in ("max_players", "bid_step", "marriage_min_completed_tricks"):
            check_type(name, getattr(self, name), int)
        for name, allowed in _CHOICES.items():
            check_choice(name, getattr(self, name), allowed)
        for name in _NON_NEGATIVE:
            if getattr(self, name) < 0:
                raise OptionsError("bad_option", f"option {name} must be 0 or more")
        if not 0 <= self.marriage_min_completed_tricks <= 9:
            raise OptionsError("bad_option", "marriage_min_completed_tricks must be 0 to 9")
        if self.obligation <= 0 or self.obligation % self.bid_step:
            raise OptionsError("bad_option", "obligation must be a positive multiple of bid_step")
        if self.max_bid % self.bid_step or self.max_bid < self.obligation:
            raise OptionsError(
                "bad_option", "max_bid must be a multiple of bid_step, at least the obligation"
            )
        if self.target_score <= 0:
            raise OptionsError("bad_option", "target_score must be positive")

    @property
    def min_raise(self) -> int:
        """The smallest bid above the obligation: "šest" (60) over 50 (§5.4, §13.7).

        With ``bid_step=5`` the spec's two statements differ (one step above 50
        would be 55, yet §13.7 says raises are ≥ 60); the ★ reading keeps "šest"
        as the least raise and lets later raises go up by one step."""
        return self.obligation + 10

    @classmethod
    def from_dict(cls, values: dict[str, Any] | None = None) -> TisicOptions:
        return options_from_dict(cls, values)

    def to_dict(self) -> dict[str, Any]:
        return options_to_dict(self)

    @staticmethod
    def choices() -> dict[str, tuple[object, ...]]:
        """Every option with the values a table may choose (for settings menus)."""
        result: dict[str, tuple[object, ...]] = {name: (True, False) for name in _BOOLS}
        result.update(_CHOICES)
        result["obligation"] = (50,)
        result["max_bid"] = (400, 300, 200)
        result["marriage_min_completed_tricks"] = (1, 0, 2)
        result["forfeit_bonus"] = (60, 50)
        result["renonc_penalty"] = (50,)
        result["renonc_bonus"] = (60,)
        result["target_score"] = (1000, 500)
        result["base"] = (500, 1000)
        result["carka_price"] = (50, 100)
        result["upis_price"] = (100, 200)
        result["dubl_below"] = (500,)
        return result
