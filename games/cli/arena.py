"""Duplicate matches between two computer players (``python -m games arena``).

Card luck swamps the difference between two players over a few thousand
deals, so the arena plays each deal (the same seed, the same dealer) once
for every way of seating the two players at the table with both of them
present (duplicate, as in bridge): a good hand is then held by A as often as
by B, and most of the luck cancels in the difference.

For each deal the figure is the mean result of A's seats minus the mean
result of B's seats, averaged over the seatings. Mariáš: units won per seat
per deal. Blázen: the fool rate (a seat scores 1 when it is the fool or on
the losing team), so there a negative difference is good for A. The deals
are independent, so the 95% confidence interval is the normal one over the
per-deal figures (mean ± 1.96 standard errors). How a result is counted is
the game's ``ArenaMeasure`` in ``games.registry``.

Computer players act only when the deal waits for them (``Variant.due``), as
in the bot and in ``play``: a seat that may only interject (a Blázen redeal)
does so on its own turn. Each seat's ``random.Random`` is seeded from the
deal and the seat, never from the clock, so a run is reproducible, and
``--jobs`` (deals played in worker processes, each deal whole in one) gives
the same figures as one process.
"""

from __future__ import annotations

import argparse
import json
import math
import random
from collections.abc import Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from itertools import product
from typing import Any

from games.cli.contracts import ContractTally
from games.engine import GameError, Outcome, Seat, Variant
from games.players import PLAYER_NAMES, Player
from games.registry import REGISTRY, UnknownVariant, find_variant, registration

__all__ = ["ArenaResult", "add_parser", "duel", "run", "seatings"]

Z95 = 1.959964
"""The two-sided 95% quantile of the normal distribution."""


def add_parser(sub: Any) -> None:
    """Register ``arena`` on the subcommand parser of ``python -m games``."""
    ap = sub.add_parser("arena", help="duplicate match of two computer players, with a 95%% CI")
    ids = ", ".join(r.variant.id for r in REGISTRY)
    ap.add_argument("--game", default=REGISTRY[0].variant.id, help=f"variant id or alias ({ids})")
    ap.add_argument("--a", default="rules", choices=PLAYER_NAMES, help="player A")
    ap.add_argument("--b", default="rules-v1", choices=PLAYER_NAMES, help="player B")
    ap.add_argument("--deals", type=int, default=200, help="deals, each played in every seating")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--seats", type=int, default=None, help="players at the table")
    ap.add_argument(
        "--jobs", type=int, default=1, help="processes to play in (the figures do not change)"
    )
    ap.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a house rule, e.g. unfleked_simple_game=play (VALUE as JSON, else text)",
    )


@dataclass(frozen=True)
class ArenaResult:
    """Per-deal figures of a duel; ``diffs[i]`` is A minus B for deal ``i``."""

    variant: str
    a: str
    b: str
    seats: int
    seatings: int
    diffs: tuple[float, ...]
    a_mean: float  # A's mean result per seat and deal
    b_mean: float
    unplayed: int  # seatings whose deal ended without play (thrown in, redeal)
    contracts: ContractTally = field(default_factory=ContractTally, compare=False)

    @property
    def mean(self) -> float:
        return sum(self.diffs) / len(self.diffs) if self.diffs else 0.0

    @property
    def half_width(self) -> float:
        """Half the width of the 95% confidence interval of ``mean`` (inf below 2 deals)."""
        n = len(self.diffs)
        if n < 2:
            return math.inf
        m = self.mean
        var = sum((d - m) ** 2 for d in self.diffs) / (n - 1)
        return Z95 * math.sqrt(var / n)


def seatings(seats: Sequence[Seat]) -> list[dict[Seat, str]]:
    """Every assignment of A and B to these seats with both players present."""
    result = []
    for names in product("AB", repeat=len(seats)):
        if "A" in names and "B" in names:
            result.append(dict(zip(seats, names, strict=True)))
    return result


def _play(
    variant: Variant,
    options: Any,
    seats: int,
    dealer: Seat,
    seed: int,
    players: dict[Seat, Player],
) -> Outcome:
    state = variant.new_deal(options, seats, dealer, seed=seed)
    rngs = {s: random.Random(f"{seed}:{s}") for s in range(seats)}
    while not state.is_over:
        seat = min(variant.due(state))
        legal = state.legal_actions(seat)
        action = players[seat].choose(state.view(seat), legal, seat, rngs[seat])
        state, _ = variant.apply(state, seat, action)
    outcome: Outcome = state.outcome()
    return outcome


Row = tuple[dict[Seat, str], tuple[int, ...], bool, Mapping[str, Any]]
"""One deal in one seating: the seating, each seat's score, whether it was played
out, the outcome's summary (for the contract report)."""


def _deal_rows(
    variant: Variant,
    opts: Any,
    table: int,
    number: int,
    deal_seed: int,
    player: Mapping[str, Player],
) -> list[Row]:
    """Deal ``number`` played in every seating of the two players."""
    dealer = number % table
    out = variant.sitting_out(opts, table, dealer)
    playing = [s for s in range(table) if s not in out]
    rows: list[Row] = []
    for seating in seatings(playing):
        players = {s: player[seating.get(s, "A")] for s in range(table)}
        outcome = _play(variant, opts, table, dealer, deal_seed, players)
        rows.append((seating, tuple(outcome.scores), outcome.played, outcome.summary))
    return rows


_WORKER: dict[tuple[str, str, str], dict[str, Player]] = {}
"""A worker process's players, made once per duel."""


def _work(job: tuple[str, str, str, dict[str, Any], int, int, int]) -> list[Row]:
    """``_deal_rows`` in a worker process (it builds the players and options itself)."""
    variant_id, a, b, options, table, number, deal_seed = job
    variant = find_variant(variant_id)
    entry = registration(variant.id)
    player = _WORKER.get((variant_id, a, b))
    if player is None:
        player = _WORKER[(variant_id, a, b)] = {"A": entry.player(a), "B": entry.player(b)}
    return _deal_rows(variant, variant.options(options), table, number, deal_seed, player)


def duel(
    variant: Variant,
    a: str,
    b: str,
    *,
    deals: int,
    seed: int,
    seats: int | None = None,
    options: dict[str, Any] | None = None,
    jobs: int = 1,
) -> ArenaResult:
    """Play ``deals`` deals in every seating of players ``a`` and ``b`` (in ``jobs``
    processes: the deals and their seeds are the same, so are the figures)."""
    opts = variant.options(options or {})
    table = seats if seats is not None else variant.seat_range(opts)[0]
    entry = registration(variant.id)
    measure = entry.arena
    master = random.Random(seed)
    seeds = [master.getrandbits(32) for _ in range(deals)]
    if jobs > 1:
        work = [(variant.id, a, b, dict(options or {}), table, n, s) for n, s in enumerate(seeds)]
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            per_deal = list(pool.map(_work, work, chunksize=max(1, deals // (8 * jobs))))
    else:
        player = {"A": entry.player(a), "B": entry.player(b)}
        per_deal = [_deal_rows(variant, opts, table, n, s, player) for n, s in enumerate(seeds)]
    diffs: list[float] = []
    totals = {"A": 0.0, "B": 0.0}
    counts = {"A": 0, "B": 0}
    unplayed = 0
    contracts = ContractTally()
    for rows in per_deal:
        diff = 0.0
        for seating, scores, played, summary in rows:
            unplayed += not played
            contracts.add(summary, lambda s, seating=seating: seating[s])  # type: ignore[misc]
            side: dict[str, list[float]] = {"A": [], "B": []}
            for s, label in seating.items():
                score = measure.score(scores[s])
                side[label].append(score)
                totals[label] += score
                counts[label] += 1
            diff += sum(side["A"]) / len(side["A"]) - sum(side["B"]) / len(side["B"])
        diffs.append(diff / len(rows))
    return ArenaResult(
        variant=variant.id,
        a=a,
        b=b,
        seats=table,
        seatings=len(per_deal[-1]) if per_deal else 0,
        diffs=tuple(diffs),
        a_mean=totals["A"] / max(1, counts["A"]),
        b_mean=totals["B"] / max(1, counts["B"]),
        unplayed=unplayed,
        contracts=contracts,
    )


def _value(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        return text


def report(result: ArenaResult) -> str:
    """The figures for people: the means per seat, the difference and its 95% CI."""
    measure = registration(result.variant).arena
    unit = measure.unit
    width = result.half_width
    low, high = result.mean - width, result.mean + width
    lines = [
        f"arena {result.variant}: A = {result.a}, B = {result.b}; {len(result.diffs)} deals "
        f"x {result.seatings} seatings at {result.seats} seats",
        f"A: {result.a_mean:+.4f} {unit}",
        f"B: {result.b_mean:+.4f} {unit}",
        f"A - B: {result.mean:+.4f} per deal, 95% CI [{low:+.4f}, {high:+.4f}]",
    ]
    if measure.note is not None:
        lines.append(measure.note)
    if result.unplayed:
        lines.append(f"deals not played out (thrown in, redeal): {result.unplayed}")
    lines.extend(result.contracts.lines())
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    try:
        variant = find_variant(args.game)
    except UnknownVariant:
        print(f"unknown game {args.game!r}")
        return 2
    options: dict[str, Any] = {}
    for item in args.option:
        name, sep, text = item.partition("=")
        if not sep:
            print(f"--option takes NAME=VALUE, not {item!r}")
            return 2
        options[name] = _value(text)
    if args.deals < 1:
        print("--deals must be 1 or more")
        return 2
    if args.jobs < 1:
        print("--jobs must be 1 or more")
        return 2
    try:
        result = duel(
            variant,
            args.a,
            args.b,
            deals=args.deals,
            seed=args.seed,
            seats=args.seats,
            options=options,
            jobs=args.jobs,
        )
    except KeyError as exc:  # no such player for this game
        print(f"error: {exc.args[0]}")
        return 2
    except GameError as exc:  # a bad option or table, as the engine words it
        print(f"error: {exc.reason}")
        return 2
    print(report(result))
    return 0
