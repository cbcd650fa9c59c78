"""Speed figures of the engine on one core (``python -m games bench``).

Prints, for Blázen: whole random games per second and validated actions per
second. Prints, for volený cenzr: random playouts per second through a fast
path (:func:`cenzr_playout`, the eight tricks of a called deal on bit masks
with the engine's own trick rules and card points), validated actions per
second through ``apply`` and whole random deals per second with legal-action
generation (4, 5 and 6 players). Prints, for volený mariáš: random playouts
per second through the fast kernel (the card play of a deal from its first
trick), validated actions per second through ``apply`` (replaying recorded
random deals), and whole random deals per second with legal-action
generation. Tisíc's figures and fast path are ``games.cli.tisic_fast``
(``tisic_bench``, imported here), licitovaný's
``games.cli.licit_fast`` (``licit_bench``, likewise), mariáš ve dvou's
``games.cli.dvou_fast`` (``dvou_bench``, likewise), křížový's
``games.cli.krizovy_fast`` (``krizovy_bench``, likewise). Nothing here asserts a time;
the figures are for people. Which measurements a game gets is the function
its entry in ``games.registry`` names (``bench``).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from games.cards import Card, Suit
from games.cenzr.rules import LAST_TRICK, card_points, trick_rules
from games.cenzr.state import CenzrState
from games.cenzr.state import Phase as CenzrPhase
from games.cli.dvou_fast import dvou_bench
from games.cli.krizovy_fast import krizovy_bench
from games.cli.licit_fast import licit_bench
from games.cli.timing import (
    collect,
    random_deal,
    replay_step,
    report,
    seat_due,
    seat_only,
    seeded,
    standard_bench,
    table_of,
)
from games.cli.tisic_fast import tisic_bench
from games.engine import Seat, Variant
from games.marias.fast import SUIT_OF, open_trick, random_playout
from games.marias.state import Phase
from games.registry import find_registration, load

__all__ = [
    "CenzrPlayout",
    "blazen_bench",
    "cenzr_bench",
    "cenzr_playout",
    "dvou_bench",
    "krizovy_bench",
    "licit_bench",
    "marias_bench",
    "run",
    "tisic_bench",
]


def _blazen_seat(variant: Any, state: Any) -> Seat:
    return state.to_move if state.to_move is not None else min(state.to_act())  # type: ignore[no-any-return]


def blazen_bench(variant: Any, seconds: float) -> int:
    """Blázen: whole random games (36 cards, 2-6 players) and replayed actions."""
    options = variant.options()
    table = table_of(2, 5)

    def game(seed: int) -> list[tuple[Seat, Any]]:
        return random_deal(
            variant, options, seed, table, _blazen_seat, lambda a: a.code != "redeal"
        )[1]

    report("random games with legal_actions + apply", seconds, seeded(game, 0))
    recorded = [(s, game(s)) for s in range(20)]
    report(
        "validated actions through apply", seconds, replay_step(variant, options, recorded, table)
    )
    return 0


def run(variant_id: str, seconds: float) -> int:
    """Print the figures of the variant's registered benchmark (2 if it has none)."""
    entry = find_registration(variant_id)
    if entry.bench is None:
        print(f"no benchmark for {entry.variant.id} yet")
        return 2
    bench: Callable[[Variant, float], int] = load(entry.bench)
    return bench(entry.variant, seconds)


def _voleny_start(variant: Any, options: Any, seed: int) -> Any:
    """A deal of three brought by random calls (no fleks, no betl or durch) to its
    first card (``None`` if it ended before)."""
    rng = random.Random(seed)
    state = variant.new_deal(options, 3, 0, seed=seed)
    while not state.is_over and state.phase is not Phase.PLAY:
        (seat,) = state.to_act()
        legal = [a for a in state.legal_actions(seat) if a.code not in ("spatna",)]
        legal = [a for a in legal if not a.code.startswith(("flek", "game:b", "game:d"))] or legal
        state, _ = variant.apply(state, seat, legal[rng.randrange(len(legal))])
    return state if state.phase is Phase.PLAY else None


def marias_bench(variant: Any, seconds: float) -> int:
    """Volený mariáš: fast-kernel playouts, replayed actions and whole random deals."""
    options = variant.options({"unfleked_simple_game": "play"})
    standard_bench(
        variant,
        options,
        seconds,
        starts=collect(lambda seed: _voleny_start(variant, options, seed), 50),
        playout=random_playout,
        playout_label="random playouts (fast kernel, 10 tricks)",
        recorded=20,
        table=table_of(3, 1),
        seat_of=seat_only,
    )
    return 0


# --- volený cenzr ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CenzrPlayout:
    """The card play of one cenzr deal, by table seat: card points taken (the
    last trick's 10 included), tricks taken, and who took the last trick."""

    points: dict[Seat, int]
    tricks: dict[Seat, int]
    last: Seat


_CENZR_POINTS: dict[int, tuple[int, ...]] = {}


def _points_of(trump: int) -> tuple[int, ...]:
    table = _CENZR_POINTS.get(trump)
    if table is None:
        suit = Suit(trump)
        table = tuple(card_points(Card(c), suit) if c < 52 else 0 for c in range(54))
        _CENZR_POINTS[trump] = table
    return table


def cenzr_playout(
    state: CenzrState, rng: random.Random, trace: list[int] | None = None
) -> CenzrPlayout:
    """Play the rest of a called deal with uniformly random legal cards, fast.

    The tight loop keeps hands as bit masks and asks the engine's trick kit
    (``games.cenzr.rules.trick_rules``: follow, else trump, never a duty to
    head, §2.2) for the legal cards and the winner, and the engine's card
    points (§1.2). Nobody announces. ``trace`` receives the cards in order, so
    a test can replay them through ``apply`` and compare.
    """
    if state.phase is not CenzrPhase.PLAY or state.trump is None:
        raise ValueError("playouts start in the play phase")
    active = state.active
    rules = trick_rules(state.trump)
    legal_of = rules.legal
    beaters = rules.beaters
    value = _points_of(int(state.trump))
    suit_of = SUIT_OF
    hands = [state.hands[s] for s in active]
    points = [0, 0, 0, 0]
    tricks = [0, 0, 0, 0]
    for t in state.tricks:
        w = active.index(t.winner)
        tricks[w] += 1
        points[w] += sum(value[c] for c in t.cards)
    table, led, win, taker, player = open_trick(rules, state, active)
    played = len(table)
    pot = sum(value[c] for c in table)
    rand = rng.random
    done = len(state.tricks)
    last = taker
    while done < 8:
        hand = hands[player]
        legal = legal_of(hand, led, win) if played else hand
        k = int(rand() * legal.bit_count())
        while k:
            legal &= legal - 1
            k -= 1
        bit = legal & -legal
        c = bit.bit_length() - 1
        hands[player] = hand ^ bit
        if trace is not None:
            trace.append(c)
        if played == 0:
            led, win, taker, pot = suit_of[c], c, player, value[c]
        else:
            pot += value[c]
            if beaters[win] >> c & 1:
                win, taker = c, player
        played += 1
        player = (player + 1) & 3
        if played == 4:
            points[taker] += pot
            tricks[taker] += 1
            done += 1
            played = 0
            player = last = taker
    points[last] += LAST_TRICK
    return CenzrPlayout(
        points=dict(zip(active, points, strict=True)),
        tricks=dict(zip(active, tricks, strict=True)),
        last=active[last],
    )


def _cenzr_called(variant: Any, options: Any, seed: int) -> CenzrState:
    """A deal of 4, 5 or 6 players in which the first player has called a random card."""
    seats = 4 + seed % 3
    state: CenzrState = variant.new_deal(options, seats, seed % seats, seed=seed)
    rng = random.Random(seed)
    calls = [a for a in state.legal_actions(state.active[0]) if a.code != "pass"]
    state, _ = variant.apply(state, state.active[0], calls[rng.randrange(len(calls))])
    return state


def cenzr_bench(variant: Any, seconds: float) -> int:
    """Volený cenzr: fast-path playouts, replayed actions and whole random deals."""
    options = variant.options()
    standard_bench(
        variant,
        options,
        seconds,
        starts=[_cenzr_called(variant, options, seed) for seed in range(60)],
        playout=cenzr_playout,
        playout_label="random playouts (fast path, 8 tricks)",
        recorded=30,
        table=table_of(4, 3),
        seat_of=seat_due,
    )
    return 0
