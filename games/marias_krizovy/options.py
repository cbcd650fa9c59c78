"""House rules of křížový mariáš (marias.md §6), with the spec's defaults."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.engine import OptionsError, check_choice, check_type, options_from_dict, options_to_dict

__all__ = ["KrizovyOptions"]

_BOOLS = (
    "hearts_double",
    "must_trump_when_cannot_overtrump",
    "silent_hundred_uses_game_flek",
    "killed_silent_honer",
    "silent_honer_hearts_factor",
    "allow_impossible_stovka",
    "end_betl_durch_early",
    "krizovy_call_king_requires_stovka",
    "cervene_kolo",
)

_CHOICES: dict[str, tuple[str, ...]] = {
    "unfleked_simple_game": ("throw_in_defenders_pay_game", "throw_in_no_payment", "play"),
    "stovka_marriages_defenders": ("one_per_player", "one_per_side", "all"),
    "silent_hundred_price": ("half", "as_label"),
    "pause_rotation": ("dealer_sits_out", "rotate_independently"),
    "first_dealer": ("random", "low_card", "high_card"),
    "shuffle_mode": ("random",),
    "flek_order": ("clockwise_after_declarer",),
    "voleny_overcall": ("one_round_clockwise",),
    "betl_durch_first_lead": ("declarer", "forhond"),
    "krizovy_prices": ("volený",),
    "krizovy_settlement": ("pairwise",),
    "krizovy_call_rule": ("trump_not_in_first_four",),
    "krizovy_solo_disclosure": ("on_play",),
    "krizovy_durch_partner_tricks": ("informational",),
    "krizovy_durch_s_chytrym": ("spec_default",),
}


@dataclass(frozen=True, kw_only=True)
class KrizovyOptions:
    """Per-table house rules; the defaults are the spec's recommended ones (§6)."""

    hearts_double: bool = True  # §6 #1
    unfleked_simple_game: str = "throw_in_defenders_pay_game"  # §6 #2, §3.2.7 last row
    betl_durch_first_lead: str = "declarer"  # §6 #10, §3.2.4
    must_trump_when_cannot_overtrump: bool = True  # §6 #13
    max_flek_level: int | None = None  # §6 #15 (None = unlimited)
    stovka_marriages_defenders: str = "one_per_player"  # §6 #16
    silent_hundred_price: str = "half"  # §6 #17
    silent_hundred_uses_game_flek: bool = True  # §6 #17
    killed_silent_honer: bool = True  # §6 #20 (křížový: a killed silent honer is paid)
    silent_honer_hearts_factor: bool = True  # §6 #22
    allow_impossible_stovka: bool = True  # §6 #24
    pause_rotation: str = "dealer_sits_out"  # §6 #25, at five
    first_dealer: str = "random"  # §6 #26
    shuffle_mode: str = "random"  # §6 #27 (gather and cut is not offered yet)
    end_betl_durch_early: bool = True  # §6 #29 (solo betl and durch)
    krizovy_prices: str = "volený"  # §6 #30
    krizovy_settlement: str = "pairwise"  # §6 #30
    krizovy_call_rule: str = "trump_not_in_first_four"  # §6 #31
    krizovy_solo_disclosure: str = "on_play"  # §6 #32
    krizovy_durch_partner_tricks: str = "informational"  # §6 #33
    krizovy_durch_s_chytrym: str = "spec_default"  # §6 #34
    krizovy_call_king_requires_stovka: bool = False  # §6 #35
    honer_announced_units: int = 2  # §6 #36
    honer_silent_units: int = 1  # §6 #36
    cervene_kolo: bool = False  # §6 #37: the session ends with the red round
    session_deals: int | None = None  # §6 #59: deals before the end (None: manual)
    flek_order: str = "clockwise_after_declarer"  # §6 #51
    voleny_overcall: str = "one_round_clockwise"  # §6 #54
    unit_haler: int = 10  # §0: one unit = 10 haléřů

    def __post_init__(self) -> None:
        for name in _BOOLS:
            check_type(name, getattr(self, name), bool)
        for name, allowed in _CHOICES.items():
            check_choice(name, getattr(self, name), allowed)
        for name in ("max_flek_level", "session_deals"):
            value = getattr(self, name)
            if value is not None:
                check_type(name, value, int)
                if value < 0:
                    raise OptionsError("bad_option", f"{name} must be 0 or more")
        for name in ("honer_announced_units", "honer_silent_units", "unit_haler"):
            check_type(name, getattr(self, name), int)
            if getattr(self, name) < 1:
                raise OptionsError("bad_option", f"{name} must be 1 or more")

    @classmethod
    def from_dict(cls, values: dict[str, Any] | None = None) -> KrizovyOptions:
        return options_from_dict(cls, values)

    def to_dict(self) -> dict[str, Any]:
        return options_to_dict(self)

    @staticmethod
    def choices() -> dict[str, tuple[object, ...]]:
        """Every option with the values a table may choose (for settings menus)."""
        result: dict[str, tuple[object, ...]] = {name: (True, False) for name in _BOOLS}
        result.update(_CHOICES)
        result["max_flek_level"] = (None, 1, 2, 3, 4, 5, 6)
        result["session_deals"] = (None, 8, 12, 16, 20, 24)
        result["honer_announced_units"] = (2,)
        result["honer_silent_units"] = (1,)
        result["unit_haler"] = (10, 20, 50, 100)
        return result
