"""A fast path for random card play in mariáš ve dvou, and its benchmark.

The play phase on bit masks: the legal cards and the trick's winner from the
engine's own trick kit (``games.marias_dvou.legality.trick_rules``, the free
rules of C while the stock lasts and the §2.2 duties after), both players
drawing from the stock after each trick (the winner first, or the loser with
``winner_draws_first`` off), the card points, the last trick and the
marriages (declared automatically, as the default house rule) as ``apply``
counts them. Only cards are played (no late sedma, no swap). ``trace``
receives the cards in order, so a test can replay them through ``apply``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any

from games.cli.timing import seat_only, standard_bench, table_of
from games.marias.fast import SUIT_OF, open_trick, tally
from games.marias.rules import KINGS, QUEENS, SHARP
from games.marias_dvou.legality import trick_rules
from games.marias_dvou.state import DvouState, Phase

__all__ = ["DvouPlayout", "dvou_bench", "dvou_playout", "play_start"]


@dataclass(frozen=True, slots=True)
class DvouPlayout:
    """Per role (first player, dealer): tricks, card points (the last trick's 10
    included) and marriage points; who (a role) took the last trick."""

    tricks: tuple[int, int]
    points: tuple[int, int]
    marriages: tuple[int, int]
    last_winner: int


def dvou_playout(
    state: DvouState, rng: random.Random, trace: list[int] | None = None
) -> DvouPlayout:
    """Play the rest of the deal with uniformly random legal cards."""
    if state.phase is not Phase.PLAY or state.trump is None:
        raise ValueError("playouts start in the play phase")
    active = state.active
    hands = [state.hands[s] for s in active]
    free = trick_rules(state)
    strict = trick_rules(replace(state, stock=()))
    rules = strict if state.strict else free
    legal_of, beaters = rules.legal, rules.beaters
    trump = int(state.trump)
    stock = list(state.stock)
    winner_first = state.options.winner_draws_first
    auto = state.options.auto_declare_marriages
    tricks, points, marriages = tally(state, active)
    table, led, win, taker, player = open_trick(rules, state, active)
    rand = rng.random
    last_winner = 0
    done = len(state.tricks)
    while done < 16:
        hand = hands[player]
        legal = legal_of(hand, led, win) if table else hand
        k = int(rand() * legal.bit_count())
        while k:
            legal &= legal - 1
            k -= 1
        bit = legal & -legal
        c = bit.bit_length() - 1
        if trace is not None:
            trace.append(c)
        if auto:
            partner = bit >> 1 if bit & KINGS else bit << 1 if bit & QUEENS else 0
            if hand & partner:
                marriages[player] += 40 if SUIT_OF[c] == trump else 20
        hands[player] = hand ^ bit
        if not table:
            led, win, taker = SUIT_OF[c], c, player
            table.append(c)
            player ^= 1
            continue
        if beaters[win] >> c & 1:
            taker = player
        player = last_winner = taker
        tricks[taker] += 1
        for x in (table[0], c):
            if (1 << x) & SHARP:
                points[taker] += 10
        table.clear()
        done += 1
        if stock:
            first = taker if winner_first else taker ^ 1
            hands[first] |= 1 << stock.pop(0)
            hands[first ^ 1] |= 1 << stock.pop(0)
            if not stock:
                legal_of, beaters = strict.legal, strict.beaters
    points[last_winner] += 10
    return DvouPlayout(
        (tricks[0], tricks[1]), (points[0], points[1]), (marriages[0], marriages[1]), last_winner
    )


def play_start(variant: Any, options: Any, seed: int) -> DvouState:
    """A deal brought by random legal actions to its first card (no fleks)."""
    rng = random.Random(seed)
    state: DvouState = variant.new_deal(options, 2, seed % 2, seed=seed)
    while state.phase is not Phase.PLAY:
        seat = state.to_move
        assert seat is not None
        legal = state.legal_actions(seat)
        calm = [a for a in legal if a.code in ("pass", "extras:none")]
        choice = calm[0] if calm else legal[rng.randrange(len(legal))]
        state, _ = variant.apply(state, seat, choice)
    return state


def dvou_bench(variant: Any, seconds: float) -> int:
    """Mariáš ve dvou (rules A, B and C): fast-path playouts, replayed actions
    through ``apply`` and whole random deals."""
    for rules in "ABC":
        print(f"rules {rules}:")
        options = variant.options({"dvou_variant": rules})
        standard_bench(
            variant,
            options,
            seconds,
            starts=[play_start(variant, options, seed) for seed in range(50)],
            playout=dvou_playout,
            playout_label="random playouts (fast path, 16 tricks)",
            recorded=40,
            table=table_of(2, 1),
            seat_of=seat_only,
            indent="  ",
        )
    return 0
