"""Argument parsing for ``python -m games``; each command lives in its own module."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from games.cli import arena, bench, play, player_bench
from games.players import PLAYER_NAMES
from games.record import RecordError, ReplayError, load_record, replay_match
from games.registry import REGISTRY

__all__ = ["main"]


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m games", description=__doc__)
    default = REGISTRY[0].variant.id  # the registry lists its default variant first
    sub = parser.add_subparsers(dest="command", required=True)
    rp = sub.add_parser("replay", help="replay a game record and print outcomes as JSON")
    rp.add_argument("file")
    pp = sub.add_parser("play", help="play in the terminal against computer players")
    pp.add_argument("variant", nargs="?", default=default)
    pp.add_argument("--seed", type=int, default=None, help="seed of the first deal")
    pp.add_argument("--seat", type=int, default=0, help="your seat (0 = first)")
    pp.add_argument(
        "--seats", type=int, default=None, help="players at the table (3, or the game's fewest)"
    )
    pp.add_argument("--deals", type=int, default=1)
    pp.add_argument("--opponents", choices=PLAYER_NAMES, default="rules")
    pp.add_argument("--lang", choices=("cs", "en"), default="cs")
    pp.add_argument("--save", help="write the game record of the session to this file")
    pp.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a house rule, e.g. dvou_variant=B (VALUE as JSON, else text)",
    )
    bp = sub.add_parser("bench", help="print speed figures of the engine on one core")
    bp.add_argument("variant", nargs="?", default=None, help=f"default: {default}")
    bp.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    bp.add_argument(
        "--players",
        action="store_true",
        help="time computer players per decision instead (every game without a variant)",
    )
    bp.add_argument("--player", default=None, help="with --players: the kind (default: strong)")
    bp.add_argument("--deals", type=int, default=20, help="with --players: deals per game")
    arena.add_parser(sub)
    return parser


def main(argv: Sequence[str]) -> int:
    args = _parser().parse_args(list(argv))
    if args.command == "replay":
        try:
            result = replay_match(load_record(args.file))
        except (OSError, RecordError) as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 2
        except ReplayError as exc:
            if exc.index < 0:  # the cards of a deal that the rules cannot deal: a bad file
                line = f"error: {args.file}: deal {exc.deal}: {exc.reason}"
                print(" ".join(line.splitlines()), file=sys.stderr)
                return 2
            print(
                json.dumps(
                    {
                        "error": "illegal_action",
                        "deal": exc.deal,
                        "action_index": exc.index,
                        "seat": exc.seat,
                        "action": exc.code,
                        "reason": exc.reason,
                    },
                    ensure_ascii=False,
                ),
                file=sys.stderr,
            )
            return 1
        print(json.dumps(result, ensure_ascii=False, indent=2))
        return 0
    if args.command == "play":
        return play.run(args)
    if args.command == "arena":
        return arena.run(args)
    if args.players:
        return player_bench.run(args.variant, args.player, args.deals)
    return bench.run(args.variant or REGISTRY[0].variant.id, args.seconds)
