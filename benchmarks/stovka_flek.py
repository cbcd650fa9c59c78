"""How well a volený stovka's flek can be judged: ``python -m benchmarks.stovka_flek``.

``python -m benchmarks.stovka_flek --deals 2000 --seed 100000``

Plays seeded volený deals (three seats, the strong player everywhere) up to
the first defender's flek of an announced stovka, then for each such stovka:

* the declarer's chance to reach 100 by the strong player's flek playouts,
  on deals sampled from that defender's view as the sampler deals them
  (``uniform``), sampled near a stovka hand (``fitted``,
  ``games.players.marias_stovka.stovka_world``) and on the true deal (``true``);
* whether the rule player would flek it there;
* the stovka as the strong player then plays the deal out (made or not, its
  units per defender before any flek).

It prints, for the stovkas made and those lost, the mean of each chance,
and what a defender would have gained per defender, summed over them all,
by fleking (doubling the stovka) under each policy: the rule player's, a
threshold on the fitted chance, never. These are the figures
``marias_stovka`` quotes (2,000 deals from seed 100000: 113 stovkas).
Figures, never assertions.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable
from dataclasses import dataclass

from games.marias.actions import Flek
from games.marias.determinize import rules_of, sample_world
from games.marias.rules import KINGS, QUEENS, SHARP
from games.marias.state import VolenyState
from games.marias.views import PlayerView, player_view
from games.players.marias_rules import MariasRulePlayer
from games.players.marias_stovka import reach, stovka_world
from games.players.marias_strong import MariasStrongPlayer
from games.registry import find_variant
from games.strong.solver import Position, Scoring, TrickSolver

__all__ = ["main"]

VOLENY = find_variant("marias-voleny")
_POINTS2 = tuple(20 if SHARP >> c & 1 else 0 for c in range(54))
SAMPLES = 16
PLAYOUTS = 2
THRESHOLDS = (0.1, 0.2, 0.3, 0.4, 0.5)


@dataclass
class Stovka:
    made: bool
    units: int
    """The stovka's units per defender for the declarer, before any flek."""
    rule_fleks: bool
    chances: dict[str, float]


def _chance(view: PlayerView, hands: Callable[[], list[int]], rng: random.Random) -> float:
    """The share of playouts in which the declarer reaches 100 (as ``chances``)."""
    pub = view.public
    active = list(pub.active)
    assert pub.declarer is not None and pub.trump is not None
    trump = "hdsc".index(pub.trump)
    scoring = Scoring(
        _POINTS2, last=20, marriages=True, kings=KINGS, queens=QUEENS, trump_suit=trump
    )
    d = active.index(pub.declarer)
    rules = rules_of(view)
    made = runs = 0
    for _ in range(SAMPLES):
        dealt = hands()
        solver = TrickSolver(rules, scoring, [d], len(active))
        for _ in range(PLAYOUTS):
            value = solver.playout(Position(list(dealt), [], d, 0, 10), rng)
            made += reach(value, solver.said, d) >= 100
            runs += 1
    return made / runs


def _chances(state: VolenyState, view: PlayerView, rng: random.Random) -> dict[str, float]:
    """The three chances of one stovka, on uniform, fitted and true deals."""
    true = [state.hands[s] for s in view.public.active]
    return {
        "uniform": _chance(view, lambda: sample_world(view, rng).hands, rng),
        "fitted": _chance(view, lambda: stovka_world(view, rng).hands, rng),
        "true": _chance(view, lambda: true, rng),
    }


def _stovka_flek(state: VolenyState, seat: int) -> bool:
    view = player_view(state, seat)
    legal = state.legal_actions(seat)
    return (
        view.public.stovka
        and view.sides.role_of(seat) != "C"
        and any(isinstance(a, Flek) for a in legal)
    )


def collect(deals: int, seed: int) -> list[Stovka]:
    strong = MariasStrongPlayer()
    rules = MariasRulePlayer()
    out = []
    for deal in range(seed, seed + deals):
        state: VolenyState = VOLENY.new_deal(VOLENY.options({}), 3, deal % 3, seed=deal)
        rng = random.Random(deal)
        seat = -1
        while not state.is_over:
            (seat,) = state.to_act()
            view = player_view(state, seat)
            if view.public.phase == "play" or _stovka_flek(state, seat):
                break
            state, _ = VOLENY.apply(
                state, seat, strong.choose(view, state.legal_actions(seat), seat, rng)
            )
        if state.is_over or not _stovka_flek(state, seat):
            continue
        view = player_view(state, seat)
        chances = _chances(state, view, random.Random(deal))
        ruled = rules.choose(view, state.legal_actions(seat), seat, random.Random(1))
        rule_fleks = isinstance(ruled, Flek) and "hra" in ruled.components
        played = state
        again = random.Random(deal + 1)
        while not played.is_over:
            (s,) = played.to_act()
            action = strong.choose(player_view(played, s), played.legal_actions(s), s, again)
            played, _ = VOLENY.apply(played, s, action)
        line = next(c for c in played.outcome().summary["components"] if c["name"] == "stovka")
        out.append(Stovka(line["won"], line["units"] // 2 ** line["flek"], rule_fleks, chances))
    return out


def report(stovkas: list[Stovka]) -> str:
    made = [s for s in stovkas if s.made]
    lost = [s for s in stovkas if not s.made]
    lines = [f"stovkas {len(stovkas)}, made {len(made)}"]
    for name in ("uniform", "fitted", "true"):
        means = [sum(s.chances[name] for s in g) / max(1, len(g)) for g in (made, lost)]
        lines.append(f"chance ({name}): made {means[0]:.2f}, lost {means[1]:.2f}")

    def gain(policy: Callable[[Stovka], bool]) -> str:
        chosen = [s for s in stovkas if policy(s)]
        return f"{-sum(s.units for s in chosen):+d} units ({len(chosen)} fleks)"

    lines.append("a defender's gain per defender from fleking, summed:")
    lines.append(f"  the rule player's flek: {gain(lambda s: s.rule_fleks)}")
    for t in THRESHOLDS:

        def below(s: Stovka, t: float = t) -> bool:
            return s.chances["fitted"] <= t

        lines.append(f"  fitted chance <= {t}: {gain(below)}")
    lines.append("  never: +0 units (0 fleks)")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.stovka_flek")
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=100000)
    args = parser.parse_args(argv)
    print(report(collect(args.deals, args.seed)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
