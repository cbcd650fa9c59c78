"""House-rule options of volený mariáš (marias.md §6, games/marias/options.py)."""

from __future__ import annotations

import dataclasses
import json

import pytest

from games.engine import OptionsError
from games.marias.options import VolenyOptions
from games.marias.variant import VOLENY

# The §6 rows that concern volený mariáš, with the spec's default.
SPEC_DEFAULTS = {
    "hearts_double": True,  # 1
    "unfleked_simple_game": "throw_in_defenders_pay_game",  # 2
    "seven_vs_single_game_flek_free": True,  # 3
    "talon_sharp_cards": "forbidden",  # 5
    "trump_card_discardable": False,  # 7
    "betl_durch_first_lead": "declarer",  # 10
    "betl_lead_before_flek": True,  # 11
    "must_trump_when_cannot_overtrump": True,  # 13
    "max_flek_level": None,  # 15
    "stovka_marriages_defenders": "one_per_player",  # 16
    "silent_hundred_price": "half",  # 17
    "silent_hundred_uses_game_flek": True,  # 17
    "stovka_evaluates_defender_silent_100": False,  # 18
    "lost_seven_multiplier": 1,  # 19
    "killed_silent_seven": False,  # 20 (the volený value)
    "silent_seven_hearts_factor": True,  # 22
    "auto_declare_marriages": True,  # 23
    "allow_impossible_stovka": True,  # 24
    "pause_rotation": "dealer_sits_out",  # 25
    "first_dealer": "random",  # 26
    "shuffle_mode": "random",  # 27
    "end_betl_durch_early": True,  # 29
    "allow_claims": True,  # 29
    "allow_seven_without_trump7": True,  # 52
    "unit_haler": 10,  # §0: one unit = 0,10 Kč
}

# §6 rows the engine implements as fixed behaviour, with only the spec's default
# (each is tested in test_flow.py): they are not options a table can change.
FIXED_BEHAVIOUR = {
    "unfleked_announced_contract": "play",  # 4: test_flow announced contracts always played
    "announce_trump_in_talon": "auto",  # 6: test_flow trump-in-talon event
    "announce_extras_at": "trump_reveal",  # 8: extras phase after the answers
    "volený_overcall": "one_round_clockwise",  # 9: test_flow overcall chain
    "open_contract_is_separate_level": False,  # 12: ložený = claim
    "flek_by_either_defender": True,  # 14
    "flek_applies_to_both": True,  # 14
    "flek_order": "clockwise_after_declarer",  # 51
}


def test_defaults_are_the_spec_defaults() -> None:
    assert VolenyOptions().to_dict() == SPEC_DEFAULTS


def test_fixed_behaviours_are_not_options() -> None:
    names = {f.name for f in dataclasses.fields(VolenyOptions)}
    assert not names & set(FIXED_BEHAVIOUR)


def test_options_are_frozen_and_keyword_only() -> None:
    options = VolenyOptions()
    with pytest.raises(dataclasses.FrozenInstanceError):
        options.hearts_double = False  # type: ignore[misc]
    with pytest.raises(TypeError):
        VolenyOptions(False)  # type: ignore[misc]
    assert hash(options) == hash(VolenyOptions())


def test_choices_cover_every_option_and_hold_the_default() -> None:
    choices = VolenyOptions.choices()
    assert set(choices) == set(SPEC_DEFAULTS)
    for name, default in SPEC_DEFAULTS.items():
        assert default in choices[name], name


def _every_choice() -> list[tuple[str, object]]:
    return [(name, value) for name, values in VolenyOptions.choices().items() for value in values]


@pytest.mark.parametrize(("name", "value"), _every_choice())
def test_every_offered_value_is_accepted_and_round_trips(name: str, value: object) -> None:
    options = VolenyOptions.from_dict({name: value})
    assert getattr(options, name) == value
    data = options.to_dict()
    assert VolenyOptions.from_dict(data) == options
    assert VolenyOptions.from_dict(json.loads(json.dumps(data))) == options


def test_round_trip_of_a_table_with_every_option_changed() -> None:
    changed = {}
    for name, values in VolenyOptions.choices().items():
        changed[name] = next(v for v in values if v != SPEC_DEFAULTS[name])
    options = VolenyOptions.from_dict(changed)
    assert options.to_dict() == changed
    assert VolenyOptions.from_dict(options.to_dict()) == options
    assert VOLENY.options(changed) == options


def test_unknown_option_is_an_error() -> None:
    with pytest.raises(OptionsError) as info:
        VolenyOptions.from_dict({"hearts_tripple": True})
    assert info.value.code == "unknown_option"
    assert "hearts_tripple" in info.value.reason
    with pytest.raises(OptionsError):
        VOLENY.options({"flek_by_either_defender": True})


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("hearts_double", 1),
        ("hearts_double", "yes"),
        ("allow_claims", None),
        ("unfleked_simple_game", "throw_in"),
        ("talon_sharp_cards", "allowed"),
        ("betl_durch_first_lead", "middle"),
        ("stovka_marriages_defenders", "two_per_player"),
        ("silent_hundred_price", "full"),
        ("pause_rotation", "nobody"),
        ("first_dealer", "oldest"),
        ("shuffle_mode", "none"),
        ("max_flek_level", -1),
        ("max_flek_level", "3"),
        ("max_flek_level", True),
        ("max_flek_level", 2.0),
        ("lost_seven_multiplier", 0),
        ("lost_seven_multiplier", True),
        ("lost_seven_multiplier", 1.5),
        ("unit_haler", 0),
        ("unit_haler", "10"),
    ],
)
def test_invalid_values_are_errors(name: str, value: object) -> None:
    with pytest.raises(OptionsError) as info:
        VolenyOptions.from_dict({name: value})
    assert info.value.code == "bad_option"
    assert name in info.value.reason or repr(value) in info.value.reason
    with pytest.raises(OptionsError):
        VolenyOptions(**{name: value})


def test_from_dict_of_nothing_is_the_default() -> None:
    assert VolenyOptions.from_dict(None) == VolenyOptions()
    assert VolenyOptions.from_dict({}) == VolenyOptions()
    assert VOLENY.options() == VolenyOptions()


def test_max_flek_level_zero_and_higher_are_allowed() -> None:
    assert VolenyOptions(max_flek_level=0).max_flek_level == 0
    assert VolenyOptions(max_flek_level=12).max_flek_level == 12
