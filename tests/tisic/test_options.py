"""§15: every option is a field with the spec's default; values are checked."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from games.engine import OptionsError
from games.tisic.options import TisicOptions
from games.tisic.variant import TISIC

SPEC = Path("/work/shared/rules/tisic.md")


def _spec_defaults() -> dict[str, object]:
    """The §15 block of the spec, read as ``name: type = default`` lines."""
    text = SPEC.read_text(encoding="utf-8")
    block = text.split("## 15.", 1)[1].split("```", 2)[1]
    found: dict[str, object] = {}
    for part in re.split(r"\n|; ", block):
        m = re.match(r"\s*(\w+):[^=]*=\s*([^#\n]+?)\s*(#.*)?$", part)
        if not m:
            continue
        raw = m.group(2).strip()
        if raw in ("True", "False"):
            found[m.group(1)] = raw == "True"
        elif raw.startswith('"'):
            found[m.group(1)] = raw.strip('"')
        else:
            found[m.group(1)] = int(raw)
    return found


@pytest.mark.skipif(not SPEC.exists(), reason="the rules spec is not on this machine")
def test_every_option_of_the_spec_is_a_field_with_its_default() -> None:
    spec = _spec_defaults()
    # §15 lists deal_pattern without "= default"; §4 marks the first pattern ★.
    assert "deal_pattern" not in spec
    spec["deal_pattern"] = "3-3-3/T2/4-4-4/3-3-3"
    defaults = TisicOptions().to_dict()
    assert len(spec) >= 30
    assert spec == {name: defaults[name] for name in spec}
    assert set(defaults) == set(spec)


def test_the_defaults_by_hand() -> None:
    o = TisicOptions()
    assert (o.max_players, o.obligation, o.bid_step, o.max_bid) == (4, 50, 10, 400)
    assert o.deal_pattern == "3-3-3/T2/4-4-4/3-3-3"
    assert o.follow_rule == "mariash" and o.renonc_policy == "prevent"
    assert o.winner_rule == "talon_priority" and o.target_inclusive and o.target_score == 1000
    assert (o.base, o.carka_price, o.upis_price) == (500, 50, 100)
    assert o.stakes == "none" and o.forfeit_allowed and not o.storno_by_agreement


def test_round_trip_and_choices_are_all_accepted() -> None:
    for name, values in TisicOptions.choices().items():
        for value in values:
            options = TisicOptions.from_dict({name: value})
            assert TisicOptions.from_dict(options.to_dict()) == options
    assert TISIC.options({"bid_step": 5}).bid_step == 5


@pytest.mark.parametrize(
    "values",
    [
        {"nope": 1},
        {"bid_step": 7},
        {"follow_rule": "polish"},
        {"max_players": 5},
        {"show_talon": 1},
        {"obligation": 55},
        {"max_bid": 405},
        {"base": -1},
        {"target_score": 0},
        {"rounding": "up"},
        {"marriage_min_completed_tricks": 10},
    ],
)
def test_bad_values_are_refused(values: dict[str, object]) -> None:
    with pytest.raises(OptionsError):
        TisicOptions.from_dict(values)


def test_seat_range_follows_max_players() -> None:
    assert TISIC.seat_range(TisicOptions()) == (3, 4)
    assert TISIC.seat_range(TisicOptions(max_players=3)) == (3, 3)
