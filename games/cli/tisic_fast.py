"""Tisíc's fast path and its benchmark (``python -m games bench tisic``).

:func:`tisic_playout` plays the ten tricks of a deal (from wherever its play
stands) with uniformly random legal moves on bit masks: the engine's own
trick kit (``games.tisic.rules.trick_rules``, one per trump suit, for the
follow duties of the table's ``follow_rule`` and the trick winner), its card
points and marriage values, and the marriage rule of §7.2 (a leader from
trick ``marriage_min_completed_tricks + 1`` on may lead the K or Q of a pair
he holds as „TRUMF", which makes its suit trumps at once). A move is drawn
uniformly from the cards that may be played plus the marriage leads, as
the engine's ``legal_actions`` lists them. The kernel keeps no revoke: it
assumes ``renonc_policy="prevent"`` (★). ``trace`` receives every move, so a
test can replay it through ``apply`` and compare.

:func:`tisic_bench` prints the playouts per second, validated actions per
second through ``apply`` (replaying recorded random deals) and whole random
deals per second with legal-action generation, over 3 and 4 players.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from games.cards import Card, Suit
from games.cli.timing import seat_min, standard_bench, table_of
from games.engine import Seat
from games.marias.fast import SUIT_OF, open_trick
from games.tisic.rules import MARRIAGE_VALUE, POINTS, QUEENS, trick_rules
from games.tisic.state import Phase, TisicState

__all__ = ["TisicPlayout", "tisic_bench", "tisic_playout"]


@dataclass(frozen=True, slots=True)
class TisicPlayout:
    """The card play of one deal, by table seat: raw points (card points taken
    and marriages declared, without the discards), tricks taken, and the
    marriages declared as ``(seat, suit code)``."""

    points: dict[Seat, int]
    tricks: dict[Seat, int]
    marriages: tuple[tuple[Seat, str], ...]


def tisic_playout(
    state: TisicState, rng: random.Random, trace: list[tuple[Card, bool]] | None = None
) -> TisicPlayout:
    """Play the rest of a deal in the play phase with random legal moves, fast."""
    if state.phase is not Phase.PLAY:
        raise ValueError("playouts start in the play phase")
    opts = state.options
    if opts.renonc_policy != "prevent":
        raise ValueError("the fast path plays without revokes (renonc_policy 'prevent')")
    active = state.active
    by_trump = [trick_rules(opts.follow_rule, None)] + [
        trick_rules(opts.follow_rule, Suit(s)) for s in range(4)
    ]
    trump = -1 if state.trump is None else int(state.trump)
    rules = by_trump[trump + 1]
    legal_of, beaters = rules.legal, rules.beaters
    first_marriage = opts.marriage_min_completed_tricks
    may_declare = [opts.marriage_by == "any" or seat == state.declarer for seat in active]
    points_of = POINTS
    suit_of = SUIT_OF
    queens = QUEENS
    hands = [state.hands[s] for s in active]
    points = [0, 0, 0]
    tricks = [0, 0, 0]
    marriages: list[tuple[int, int]] = []
    for t in state.tricks:
        w = active.index(t.winner)
        tricks[w] += 1
        points[w] += sum(points_of[c] for c in t.cards)
    for m in state.marriages:
        points[active.index(m.seat)] += m.value
    table, led, win, taker, player = open_trick(rules, state, active)
    played = len(table)
    pot = sum(points_of[c] for c in table)
    rand = rng.random
    done = len(state.tricks)
    while done < 10:
        hand = hands[player]
        trumf = False
        if played:
            legal = legal_of(hand, led, win)
            k = int(rand() * legal.bit_count())
        else:
            legal = hand
            pairs = 0
            if done >= first_marriage and may_declare[player]:
                kq = hand & queens & (hand >> 1)  # a queen whose king is held too
                pairs = kq | (kq << 1)
            n = legal.bit_count()
            k = int(rand() * (n + pairs.bit_count()))
            if k >= n:
                legal, k, trumf = pairs, k - n, True
        while k:
            legal &= legal - 1
            k -= 1
        bit = legal & -legal
        c = bit.bit_length() - 1
        hands[player] = hand ^ bit
        if trace is not None:
            trace.append((Card(c), trumf))
        if played == 0:
            if trumf:
                trump = suit_of[c]
                rules = by_trump[trump + 1]
                legal_of, beaters = rules.legal, rules.beaters
                points[player] += MARRIAGE_VALUE[trump]
                marriages.append((player, trump))
            led, win, taker, pot = suit_of[c], c, player, points_of[c]
        else:
            pot += points_of[c]
            if beaters[win] >> c & 1:
                win, taker = c, player
        played += 1
        player = player + 1 if player < 2 else 0
        if played == 3:
            points[taker] += pot
            tricks[taker] += 1
            done += 1
            played = 0
            player = taker
    return TisicPlayout(
        points=dict(zip(active, points, strict=True)),
        tricks=dict(zip(active, tricks, strict=True)),
        marriages=tuple((active[p], m.code) for p, m in ((p, Suit(s)) for p, s in marriages)),
    )


# --- the benchmark --------------------------------------------------------------


_table = table_of(3, 2)


def play_start(variant: Any, options: Any, seed: int) -> TisicState | None:
    """A deal of 3 or 4 players brought to its first trick by random bids and discards
    (``None`` if the random declarer forfeited)."""
    seats, dealer = _table(seed)
    state: TisicState = variant.new_deal(options, seats, dealer, seed=seed)
    rng = random.Random(seed)
    while state.phase is not Phase.PLAY:
        if state.is_over:
            return None
        seat = min(state.to_act())
        legal = state.legal_actions(seat)
        state, _ = variant.apply(state, seat, legal[rng.randrange(len(legal))])
    return state


def tisic_bench(variant: Any, seconds: float) -> int:
    """Tisíc: fast-path playouts, replayed actions and whole random deals."""
    options = variant.options()
    standard_bench(
        variant,
        options,
        seconds,
        starts=[s for s in (play_start(variant, options, seed) for seed in range(60)) if s],
        playout=tisic_playout,
        playout_label="random playouts (fast path, 10 tricks)",
        recorded=30,
        table=_table,
        seat_of=seat_min,
    )
    return 0
