"""Play a match in the terminal against computer players (``python -m games play``)."""

from __future__ import annotations

import argparse
import json
import random
import secrets
from pathlib import Path
from typing import Any

from games.cli import blazen_text, marias_text
from games.engine import Event, GameError, Match, Seat, State
from games.names import card_label, card_name, suit_name
from games.players import make_player
from games.record import DealRecord, MatchRecord
from games.registry import UnknownVariant, find_variant

__all__ = ["run"]


def _event_text(event: Event, names: list[str], lang: str) -> str | None:
    """One readable line per public event (the terminal's table log)."""
    who = names[event.seat] if event.seat is not None else ""
    data = dict(event.data)
    cs = lang == "cs"
    kind = event.kind
    if kind in ("card", "lead_revealed"):
        text = f"{card_label(data['card'])} {card_name(data['card'], lang)}"
    elif kind == "announce":
        text = ("hlásí " if cs else "announces ") + data["kind"]
    elif kind == "respond":
        good = data["good"]
        text = ("dobrá" if good else "špatná") if cs else ("good" if good else "bad")
    elif kind == "flek":
        text = "flek " + ", ".join(f"{k} {v}" for k, v in data["levels"].items())
    elif kind == "pass":
        text = "dobrá (bez fleku)" if cs else "no flek"
    elif kind == "marriage":
        suit = suit_name(data["suit"], lang)
        text = f"{'hlásí' if cs else 'declares'} {data['points']} ({suit})"
    elif kind == "trumps_revealed":
        text = ("trumfy: " if cs else "trumps: ") + card_name(data["card"], lang)
        if data.get("trump_in_talon"):
            text += " — trumf v talonu" if cs else " — trump in the talon"
    elif kind == "extras":
        extras = [n for n in ("stovka", "sedma") if data[n]]
        text = " + ".join(extras) if extras else ("jen hra" if cs else "plain game")
    elif kind == "trick":
        cards = " ".join(card_label(c) for c in data["cards"])
        text = ("bere štych " if cs else "takes the trick ") + cards
    elif kind == "thrown_in":
        text = "karty se skládají" if cs else "the cards are thrown in"
    elif kind == "claim":
        cards = " ".join(card_label(c) for c in data["hand"])
        text = ("vykládá karty: " if cs else "lays the cards open: ") + cards
    else:
        return None
    return f"  · {who} {text}".rstrip()


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


def run(args: argparse.Namespace) -> int:
    try:
        variant = find_variant(args.variant)
    except UnknownVariant:
        print(f"unknown game {args.variant!r}")
        return 2
    seats = args.seats
    if not variant.min_seats <= seats <= variant.max_seats or not 0 <= args.seat < seats:
        print(f"{variant.id} takes {variant.min_seats}-{variant.max_seats} seats")
        return 2
    options = variant.options()
    seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
    names = [
        ("ty" if args.lang == "cs" else "you") if s == args.seat else f"AI{s}" for s in range(seats)
    ]
    bots = {s: make_player(args.opponents, variant.id) for s in range(seats) if s != args.seat}
    text: Any = blazen_text if variant.id == "blazen" else marias_text
    event_text = blazen_text.event_text if variant.id == "blazen" else _event_text
    rng = random.Random(seed)
    tally = [0] * seats
    deals: list[DealRecord] = []
    match = Match.start(variant.id, seats, 0)  # the game names each next dealer and opener
    for number in range(args.deals):
        dealer, opener = match.dealer, match.opener
        try:
            state = variant.new_deal(options, seats, dealer, seed=seed + number, opener=opener)
        except GameError as exc:  # a table the options cannot seat (Blázen: 7 with 36 cards)
            print(exc.reason)
            return 2
        actions: list[tuple[Seat, str]] = []
        offered: set[int] = set()
        print(f"\n=== deal {number + 1}, dealer {names[dealer]} (seed {seed + number}) ===")
        while not state.is_over:
            seat, optional = _pick_seat(state, args.seat, offered)
            legal = state.legal_actions(seat)
            if seat in bots:
                action = bots[seat].choose(state.view(seat), legal, seat, rng)
            else:
                print()
                print(text.render_view(state.view(seat), names, args.lang))
                if optional:
                    print("   0) " + ("pokračovat" if args.lang == "cs" else "go on"))
                for i, a in enumerate(legal, 1):
                    print(f"  {i:2}) {text.describe_action(a.code, args.lang)}")
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
                    print(f"  ✗ {getattr(exc, 'reason', 'pick a number from the list')}")
                    continue
            try:
                state, events = variant.apply(state, seat, action)
            except GameError as exc:
                print(f"  ✗ {exc.reason}")
                continue
            actions.append((seat, action.code))
            for event in events:
                if event.visible_for(args.seat):
                    line = event_text(event, names, args.lang)
                    if line:
                        print(line)
        outcome = state.outcome()
        tally = [t + s for t, s in zip(tally, outcome.scores, strict=True)]
        print(json.dumps(outcome.summary, ensure_ascii=False))
        print("scores:", outcome.scores, "tally:", tally)
        if opener is None:
            deals.append(DealRecord(dealer=dealer, actions=tuple(actions), seed=seed + number))
        else:  # a seed cannot carry the fixed first attacker; the cards can
            cards = variant.dealt_cards(state)
            deals.append(DealRecord(dealer=dealer, actions=tuple(actions), cards=cards))
        match = variant.next_match(match, outcome)  # Blázen: the fool deals (§4-§5)
    if args.save:
        record = MatchRecord(variant.id, seats, options.to_dict(), tuple(names), tuple(deals))
        Path(args.save).write_text(json.dumps(record.to_json(), ensure_ascii=False, indent=1))
        print(f"record saved to {args.save}")
    return 0
