"""The loop of the decisions before the play: every option on the same worlds,
and a default kept unless another option beats it by its threshold."""

from __future__ import annotations

import random

from games.players.pimc import best_option, option_means
from games.strong.budget import Budget


def test_every_option_is_valued_on_the_same_worlds() -> None:
    rng = random.Random(3)
    drawn: list[float] = []

    def sample() -> float:
        drawn.append(rng.random())
        return drawn[-1]

    means = option_means(Budget(samples=50), ["a", "b"], sample, lambda w, o: w + (o == "b"))
    assert len(drawn) == 50
    expected = sum(drawn) / 50
    assert abs(means["a"] - expected) < 1e-12
    assert abs(means["b"] - (expected + 1)) < 1e-12


def test_the_stop_is_asked_between_worlds_and_one_world_is_always_valued() -> None:
    worlds = 0

    def sample() -> int:
        nonlocal worlds
        worlds += 1
        return worlds

    means = option_means(Budget(samples=10, stop=lambda: True), ["x"], sample, lambda w, o: w)
    assert worlds == 1 and means == {"x": 1.0}


def test_the_default_stays_unless_beaten_by_the_threshold() -> None:
    means = {"hra": 1.0, "sedma": 1.4, "betl": 3.0}
    margins = {"sedma": 0.5, "betl": 2.5}
    assert best_option(means, "hra", margins.__getitem__) == "hra"
    margins["betl"] = 1.5
    assert best_option(means, "hra", margins.__getitem__) == "betl"
    assert best_option(means, "hra") == "betl"
    assert best_option({"hra": 1.0, "sedma": 1.0}, "hra") == "hra"
