"""Dvě sedmy card play, strong against rules: ``python -m benchmarks.dve_sedmy``.

``python -m benchmarks.dve_sedmy --deals 200 --seed 11``

Each deal gives M (seat 1) both black sevens and at least four leaves, and is
scripted to dvě sedmy in leaves with acorns: M bids the first level, the
others pass, M lays away two cards that are neither seven and names level 9;
nobody fleks. Then the card play is played four times, by every pair of
players on the two sides (declarer strong or rules, defenders strong or
rules), with the same seed. It prints the declarer's mean result (what he
gets from both defenders) and how often the dvě sedmy held in each pairing,
and the paired differences with their 95% confidence intervals: what the
strong player's card play is worth as declarer and as defenders. The auction
and the contract are scripted, so only the play differs. Figures, never
assertions.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics

from games.cards import card, mask_of
from games.marias.actions import Discard
from games.marias_licit.state import LicitState
from games.marias_licit.views import player_view
from games.players.base import Player
from games.players.licit_rules import LicitRulePlayer
from games.players.licit_sevens import two_sevens_discard
from games.players.licit_strong import LicitStrongPlayer
from tests.marias_licit.helpers import run, scripted
from tests.marias_licit.test_strong_plans import EVERY

__all__ = ["main"]

LEAVES, ACORNS = 2, 3
PAIRINGS = ("SS", "SR", "RS", "RR")
"""Declarer then defenders: S strong, R rules."""


def deal(rng: random.Random) -> LicitState:
    """A deal whose M holds both black sevens and four leaves or more."""
    while True:
        deck = list(EVERY)
        rng.shuffle(deck)
        m = deck[:10]
        if "7s" in m and "7c" in m and sum(c.endswith("s") for c in m) >= 4:
            return scripted({0: deck[10:20], 1: m, 2: deck[20:30]}, deck[30:32])


def contract(state: LicitState) -> LicitState:
    """M takes the talon at level 1, keeps both sevens, names dvě sedmy; no flek."""
    state = run(state, [(1, "bid:1"), (0, "pass"), (2, "pass")])
    hand = mask_of(card(c) for c in player_view(state, 1).hand)
    keep = two_sevens_discard(hand, LEAVES, ACORNS)
    away = next(
        a
        for a in state.legal_actions(1)
        if isinstance(a, Discard) and mask_of(a.cards) == hand & ~keep
    )
    state = run(state, [(1, away.code), (1, "contract:9:s:c")])
    while player_view(state, _mover(state)).public.phase == "flek":
        state = run(state, [(_mover(state), "pass")])
    return state


def _mover(state: LicitState) -> int:
    seat = state.to_move
    assert seat is not None
    return seat


def play(state: LicitState, declarer: Player, defenders: Player, seed: int) -> int:
    """The deal played out: what the declarer (seat 1) gets in all."""
    rng = random.Random(seed)
    while not state.is_over:
        seat = _mover(state)
        player = declarer if seat == 1 else defenders
        action = player.choose(player_view(state, seat), state.legal_actions(seat), seat, rng)
        state = run(state, [(seat, action.code)])
    return int(state.outcome().scores[1])


def _interval(diffs: list[int]) -> str:
    mean = statistics.mean(diffs)
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else 0.0
    return f"{mean:+.2f} [{mean - half:+.2f}, {mean + half:+.2f}]"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.dve_sedmy")
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args(argv)
    players: dict[str, Player] = {"S": LicitStrongPlayer(), "R": LicitRulePlayer()}
    rng = random.Random(args.seed)
    results: dict[str, list[int]] = {p: [] for p in PAIRINGS}
    for number in range(args.deals):
        state = contract(deal(rng))
        for pairing in PAIRINGS:
            declarer, defenders = (players[x] for x in pairing)
            results[pairing].append(play(state, declarer, defenders, 1000 + number))
    for pairing in PAIRINGS:
        values = results[pairing]
        won = sum(v > 0 for v in values)
        print(
            f"declarer {pairing[0]}, defenders {pairing[1]}: "
            f"mean {statistics.mean(values):+.2f}, won {won}/{len(values)}"
        )
    for a, b, who in (("SR", "RR", "rules"), ("SS", "RS", "strong")):
        diffs = [x - y for x, y in zip(results[a], results[b], strict=True)]
        print(f"strong declarer against {who} defenders: {_interval(diffs)}")
    for a, b, who in (("RS", "RR", "rule"), ("SS", "SR", "strong")):
        diffs = [x - y for x, y in zip(results[a], results[b], strict=True)]
        print(f"strong defenders against a {who} declarer (his result): {_interval(diffs)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
