"""A fast path for random card play in křížový mariáš, and its benchmark.

The mariáš trick loop (``games.marias.fast.play_tricks``) for four players:
hands as bit masks, the legal cards and the trick's winner from the engine's own trick kit
(``games.marias_krizovy.legality.trick_rules``), the §2.5 filter on a
player's announced, unplayed honers as ``legal_cards`` applies it, the card
points, the last trick and the marriages (hra) as ``apply`` counts them, and a
solo betl or durch ended at the trick that decides it when the table says so
(``end_betl_durch_early``). ``trace`` receives the cards in order, so a test
can replay them through ``apply`` and compare.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from games.cards import SUIT_MASKS
from games.cli.timing import collect, seat_due, standard_bench, table_of
from games.marias.fast import Marked, play_tricks
from games.marias_krizovy.legality import honer_card, trick_rules
from games.marias_krizovy.state import DESIGNATED, KrizovyState, Phase

__all__ = ["KrizovyPlayout", "krizovy_bench", "krizovy_playout", "play_start"]


@dataclass(frozen=True, slots=True)
class KrizovyPlayout:
    """Per active seat (forhond first): tricks, card points (the last trick's 10
    included when all eight were played) and marriage points; how many tricks
    were played and who took the last of them (an index into ``active``)."""

    tricks: tuple[int, ...]
    points: tuple[int, ...]
    marriages: tuple[int, ...]
    played: int
    last_winner: int


def _honer_filter(legal: int, announced: list[tuple[int, int]], trick: int, trumps: int) -> int:
    """§2.5 on masks: ``announced`` are (card bit, designated trick) still in hand."""
    honer_mask = 0
    for bit, _ in announced:
        honer_mask |= bit
    if legal & trumps & ~honer_mask:
        for bit, designated in announced:
            if designated != trick:
                legal &= ~bit
    if legal and not legal & ~honer_mask:
        on_time = [bit for bit, designated in announced if legal & bit and designated == trick]
        if not on_time:
            held = [(designated, bit) for bit, designated in announced if legal & bit]
            legal = min(held)[1]  # the highest honer (9 before 8 before 7) goes first
    return legal


def krizovy_playout(
    state: KrizovyState, rng: random.Random, trace: list[int] | None = None
) -> KrizovyPlayout:
    """Play the rest of the deal with uniformly random legal cards."""
    if state.phase is not Phase.PLAY:
        raise ValueError("playouts start in the play phase")
    active = state.active
    hands = [state.hands[s] for s in active]
    trump = state.trump
    trumps = SUIT_MASKS[trump] if trump is not None else 0
    early = state.options.end_betl_durch_early
    announced: list[Marked] = [[] for _ in active]
    if trump is not None:
        for h in state.honers:
            bit = 1 << honer_card(trump, h.value)
            i = active.index(h.seat)
            if hands[i] & bit:
                announced[i].append((bit, DESIGNATED[h.value]))

    run = play_tricks(
        state,
        trick_rules(state),
        rng,
        trace,
        total=8,
        marry=state.kind == "hra" and trump is not None,
        trump=None if trump is None else int(trump),
        declarer=active.index(state.declarer),
        betl=early and state.kind == "betl",
        durch=early and state.kind == "durch",
        marked=announced,
        narrow=_honer_filter,
        trumps=trumps,
    )
    return KrizovyPlayout(
        tuple(run.tricks), tuple(run.points), tuple(run.marriages), run.done, run.last_winner
    )


def play_start(variant: Any, options: Any, seed: int) -> KrizovyState | None:
    """A deal of four or five brought by random choices to its first card: a hra with a
    random call (fleked so that it is played, with random honers), or, every fifth
    and sixth seed, a betl or a durch overcalled by the first to speak."""
    rng = random.Random(seed)
    seats = 4 + seed % 2
    state: KrizovyState = variant.new_deal(options, seats, seed % seats, seed=seed)
    while not state.is_over and state.phase is not Phase.PLAY:
        seat = state.to_move
        assert seat is not None
        legal = list(state.legal_actions(seat))
        codes = {a.code: a for a in legal}
        if state.phase is Phase.CHOOSE:
            action = rng.choice([a for a in legal if a.code.startswith(("volba", "cerv"))])
        elif state.phase is Phase.ANNOUNCE:
            action = rng.choice(legal)
        elif state.phase is Phase.APPROVAL:
            wanted = {4: "game:betl", 5: "game:durch"}.get(seed % 6, "dobra")
            action = codes.get(wanted, codes["dobra"])
        elif state.phase is Phase.FLEK:
            action = codes.get("flek:hra") if state.level("hra") == 0 else None
            action = action or codes["pass"]
        else:
            action = legal[0]
        state, _ = variant.apply(state, seat, action)
    return state if state.phase is Phase.PLAY else None


def krizovy_bench(variant: Any, seconds: float) -> int:
    """Křížový mariáš: fast-path playouts, replayed actions and whole random deals."""
    options = variant.options()
    standard_bench(
        variant,
        options,
        seconds,
        starts=collect(lambda seed: play_start(variant, options, seed), 60),
        playout=krizovy_playout,
        playout_label="random playouts (fast path, 8 tricks)",
        recorded=40,
        table=table_of(4, 2),
        seat_of=seat_due,
    )
    return 0
