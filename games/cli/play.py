"""Play a match in the terminal against computer players (``python -m games play``).

What a player reads (the view, the choices, the table log, the end of a
deal) is the variant's text module, which its entry in ``games.registry``
names (``marias_text`` for the German-suited mariáš deck, ``blazen_text``
for Blázen's French deck). This loop only asks, applies and prints, in the
language of ``--lang``, and never asks which game it plays.
"""

from __future__ import annotations

import argparse
import json
import random
import secrets
from pathlib import Path
from typing import Any

from games.engine import GameError, Seat, State
from games.record import DealRecord, MatchRecord
from games.registry import UnknownVariant, find_registration

__all__ = ["run"]


def _value(text: str) -> Any:
    """An option's value: JSON where it parses (``true``, ``2``), else the text."""
    try:
        return json.loads(text)
    except ValueError:
        return text


def _pick_seat(state: State, human: Seat, offered: set[int]) -> tuple[Seat, bool]:
    """Whose input to ask for next, and whether it is optional.

    The seat asked in turn (``to_move``) comes first. A seat that may only
    interject (Blázen's ``redeal``) is asked only when it is the human, once per
    state; computer players act on their own turn only.
    """
    to_act = state.to_act()
    main = getattr(state, "to_move", None)
    if human in to_act and human != main and state.version not in offered:
        return human, True
    if main is not None and main in to_act:
        return main, False
    return min(to_act), False


def _players(low: int, high: int) -> str:
    """ "pro 3 až 4 hráče", "pro 2 až 6 hráčů": the noun agrees with the last number."""
    return f"pro {low} až {high} " + ("hráče" if high <= 4 else "hráčů")


def run(args: argparse.Namespace) -> int:
    cs = args.lang == "cs"
    try:
        entry = find_registration(args.variant)
    except UnknownVariant:
        print(f"neznámá hra {args.variant!r}" if cs else f"unknown game {args.variant!r}")
        return 2
    variant = entry.variant
    seats = args.seats
    if seats is None:  # three, where the game seats three (cenzr: its fewest, four)
        seats = min(max(3, variant.min_seats), variant.max_seats)
    if not variant.min_seats <= seats <= variant.max_seats or not 0 <= args.seat < seats:
        low, high = variant.min_seats, variant.max_seats
        title = variant.title.get(args.lang, variant.id)
        print(f"{title} je {_players(low, high)}" if cs else f"{title} takes {low}-{high} seats")
        return 2
    chosen: dict[str, Any] = {}
    for item in getattr(args, "option", None) or []:
        name, sep, text = item.partition("=")
        if not sep:
            print(f"--option takes NAME=VALUE, not {item!r}")
            return 2
        chosen[name] = _value(text)
    try:
        options = variant.options(chosen)
    except GameError as exc:  # a bad option, as the engine words it
        print(f"error: {exc.reason}")
        return 2
    seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
    names = [
        ("ty" if args.lang == "cs" else "you") if s == args.seat else f"AI{s}" for s in range(seats)
    ]
    try:
        bots = {s: entry.player(args.opponents) for s in range(seats) if s != args.seat}
    except KeyError as exc:  # a kind of player this game has not got
        print(exc.args[0])
        return 2
    text = entry.text()
    rng = random.Random(seed)
    tally = [0] * seats
    deals: list[DealRecord] = []
    match = variant.start_match(options, seats, 0)  # the game names each next dealer and opener
    for number in range(args.deals):
        dealer = match.dealer
        try:
            setup = variant.setup_for(match)
            state = variant.new_deal(options, seats, setup, seed=seed + number)
        except GameError as exc:  # a table the options cannot seat (Blázen: 7 with 36 cards)
            print(f"tento stůl nejde rozdat: {exc.reason}" if cs else exc.reason)
            return 2
        actions: list[tuple[Seat, str]] = []
        offered: set[int] = set()
        noun = entry.deal_noun.get(args.lang, entry.deal_noun["en"])
        title = f"{number + 1}. {noun}" if cs else f"{noun} {number + 1}"
        dealing = text.dealer_text(names, dealer, args.lang, args.seat)
        print(f"\n=== {title} · {dealing} · seed {seed + number} ===")
        while not state.is_over:
            seat, optional = _pick_seat(state, args.seat, offered)
            legal = state.legal_actions(seat)
            if seat in bots:
                action = bots[seat].choose(state.view(seat), legal, seat, rng)
            else:
                view = state.view(seat)
                print()
                print(text.render_view(view, names, args.lang))
                if optional:
                    print("   0) " + ("pokračovat" if cs else "go on"))
                for i, a in enumerate(legal, 1):
                    print(f"  {i:2}) {text.describe_action(a.code, args.lang, view)}")
                try:
                    answer = input("> ").strip()
                except EOFError:
                    print()
                    return 0
                if optional and answer in ("0", ""):
                    offered.add(state.version)
                    continue
                try:
                    action = (
                        legal[int(answer) - 1] if answer.isdigit() else variant.parse_action(answer)
                    )
                    if answer.isdigit() and int(answer) < 1:
                        raise IndexError
                except (IndexError, GameError) as exc:
                    print(f"  ✗ {_refusal(exc, cs)}")
                    continue
            try:
                state, events = variant.apply(state, seat, action)
            except GameError as exc:
                print(f"  ✗ {_refusal(exc, cs)}")
                continue
            actions.append((seat, action.code))
            for event in events:
                if event.visible_for(args.seat):
                    line = text.event_text(event, names, args.lang, args.seat)
                    if line:
                        print(line)
        outcome = state.outcome()
        tally = [t + s for t, s in zip(tally, outcome.scores, strict=True)]
        print()
        print(
            text.summary_text(
                outcome.summary, outcome.scores, names, args.lang, human=args.seat, options=options
            )
        )
        print(text.tally_text(tally, names, args.lang, number + 1, options=options))
        setup = {k: v for k, v in variant.setup_of(state).items() if k != "dealer"}
        deals.append(
            DealRecord(
                dealer=dealer, actions=tuple(actions), seed=seed + number, setup=setup or None
            )
        )
        match = variant.record_deal(match, outcome, options)  # Blázen: the fool deals (§4-§5)
    if args.save:
        record = MatchRecord(variant.id, seats, options.to_dict(), tuple(names), tuple(deals))
        Path(args.save).write_text(json.dumps(record.to_json(), ensure_ascii=False, indent=1))
        # "record saved" stays in the Czech line too: scripts and tests look for it
        print(
            f"záznam hry uložen do souboru {args.save} (record saved)"
            if cs
            else f"record saved to {args.save}"
        )
    return 0


def _refusal(exc: Exception, cs: bool) -> str:
    """Why an answer was not taken. The engine's reasons are English (they are
    the records' and the logs' language); the Czech line says so in Czech first."""
    reason = getattr(exc, "reason", None)
    if reason is None:
        return "vyber číslo ze seznamu" if cs else "pick a number from the list"
    return f"tohle teď nejde ({reason})" if cs else reason
