"""Smoke test of ``python -m benchmarks.dve_sedmy``: a scripted dvě sedmy deal is
played by the four pairings and the figures are printed."""

from __future__ import annotations

import random

import pytest

from benchmarks.dve_sedmy import PAIRINGS, contract, deal, main
from games.marias_licit.views import player_view


def test_the_deal_is_scripted_to_dvě_sedmy() -> None:
    state = contract(deal(random.Random(2)))
    view = player_view(state, 1)
    assert view.public.phase == "play" and view.public.level == 9
    assert {"7s", "7c"} <= set(view.hand)


def test_it_prints_every_pairing(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--deals", "1", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    for pairing in PAIRINGS:
        assert f"declarer {pairing[0]}, defenders {pairing[1]}: mean " in out
    assert out.count("[") == 4
