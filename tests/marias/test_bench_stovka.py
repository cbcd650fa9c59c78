"""Smoke test of ``python -m benchmarks.stovka_flek``: it finds the stovka of a
seeded deal and prints its chances and the policies' gains."""

from __future__ import annotations

import re

import pytest

from benchmarks.stovka_flek import main


def test_it_finds_a_stovka_and_prints_the_figures(capsys: pytest.CaptureFixture[str]) -> None:
    # deal 100009: the strong declarer announces a stovka
    assert main(["--deals", "10", "--seed", "100000"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("stovkas 1, made ")
    for name in ("uniform", "fitted", "true"):
        assert re.search(rf"chance \({name}\): made \d\.\d\d, lost \d\.\d\d", out)
    assert "the rule player's flek: " in out
    assert "never: +0 units (0 fleks)" in out
