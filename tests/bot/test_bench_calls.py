"""Smoke test of ``python -m benchmarks.calls``: it runs and prints its figures.

The benchmark's numbers are figures, not expectations: nothing here checks a
count or a time, only that a tiny run completes and reports every figure.
"""

from __future__ import annotations

from dataclasses import fields

import pytest

from benchmarks.calls import DURATION_SUFFIXES, compress, main
from bot.config import Settings
from tests.fakes import DEFAULT_TOKEN

FIGURES = (
    "game marias-voleny, 3 humans, 1 tables x 1 deals",
    "actions ",
    "DM ops ",
    "per action",
    "group ops per deal ",
    "all ops per deal ",
    "refused presses ",
)


def test_one_table_one_deal_prints_the_figures(capsys: pytest.CaptureFixture[str]) -> None:
    main(["--game", "marias", "--tables", "1", "--deals", "1", "--pace", "0.3", "--scale", "100"])
    out = capsys.readouterr().out
    for name in FIGURES:
        assert name in out, out
    assert "deals 1;" in out, out


def test_compress_scales_every_duration_and_no_other_field() -> None:
    base = Settings(token=DEFAULT_TOKEN)
    fast = compress(base, 10)
    for f in fields(Settings):
        before, after = getattr(base, f.name), getattr(fast, f.name)
        if isinstance(before, float) and f.name.endswith(DURATION_SUFFIXES):
            assert after == pytest.approx(before / 10), f.name
        elif f.name.endswith("_rate"):
            assert after == pytest.approx(before * 10), f.name
        else:
            assert after == before, f.name
