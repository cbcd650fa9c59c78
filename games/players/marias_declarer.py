"""What a volený declarer lays away and announces with his hra, by evaluation.

The talon and the announcements (sedma, stovka) are chosen by their price
over sampled deals played out. Before the trumps are shown the declarer
knows his ten cards and the talon; the strong player samples the defenders'
hands consistently with that (``games.marias.determinize.sample_world``),
plays each sample out from the first trick with the solver's heuristic
playouts, and prices every legal announcement on the same playouts with
volený's tariff (§4.1): the game or the stovka, a silent hundred, the
announced sedma or a silent one, all doubled in hearts. A seat's playouts
keep the trump seven for the last trick only when a sedma is announced (as a
declarer who said it does), so the sedma options are played out on their
own, from the same random stream.

An unfleked plain hra is thrown in by default (§6 #2): the defenders pay the
game without playing when they do not flek, and they flek when the declarer
is likely to lose. So a plain hra is worth one game when the playouts say
the declarer wins it at least half the time, and its played value with the
game doubled below that. The flek of an announced sedma or stovka is not
modelled: both sides would flek what they expect to win, which leaves the
ranking of the options about where it is.

The talon: the declarer of a hra weighs the pairs the rule player likes best
(``marias_rules.talon_cost``) by what his best announcement with the ten cards
left is worth; every pair is valued on the same sampled deals (the defenders'
cards do not depend on which two he lays away).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from games.cards import Card, Rank, card, card_code, make_card
from games.engine import Action
from games.marias.actions import Discard, Extras
from games.marias.components import Count, game_won, hundred, silent_hundred, silent_hundred_units
from games.marias.determinize import rules_of, sample_world
from games.marias.rules import KINGS, QUEENS, SHARP
from games.marias.views import PlayerView, display_order
from games.players.marias_rules import talon_cost
from games.players.pimc import best_option, option_means
from games.sides import DECLARER_SIDE
from games.strong.budget import Budget
from games.strong.solver import Position, Scoring, TrickSolver

__all__ = [
    "DISCARD_MARGIN",
    "EXTRAS_MARGIN",
    "Played",
    "after_discard",
    "choose_discard",
    "choose_extras",
    "deal_units",
    "extras_means",
    "extras_options",
    "hra_scoring",
    "hra_worths",
    "play_out",
]

_POINTS = tuple(10 if SHARP >> c & 1 else 0 for c in range(54))
EXTRAS_MARGIN = {"none": 0.0, "sedma": 0.3, "stovka": 0.6, "stovka+sedma": 0.9}
"""Units per defender an announcement must gain over the rule player's choice to
replace it. The estimate's standard error over a decision's playouts is about
0.15 units for a sedma (±2) and twice that for a stovka (±4 and up); a margin of
two errors keeps the evaluation from trading a sound rule for noise, and the
stovka's costlier misses (a lost stovka pays by every ten missing) ask for more."""


@dataclass(frozen=True, slots=True)
class Played:
    """One playout of a deal from its first trick, as the tariff reads it."""

    cards: int
    """The declarer's card points with the last trick's ten (the defenders have the rest of 90)."""
    declarer_said: tuple[int, ...]
    """The declarer's marriages (points each)."""
    defenders_said: tuple[tuple[int, int], ...]
    """The defenders' marriages: (player, points)."""
    seven: int
    """+1: the declarer's trump seven took the last trick; -1: a defender's did; 0: neither."""


def deal_units(played: Played, stovka: bool, sedma: bool, hearts: int) -> int:
    """Per-defender units of this playout for the declarer with these announcements,
    unfleked (§4.1, default house rules): the stovka or game, a silent hundred, the
    announced sedma (±2) or a silent one (±1), times ``hearts``."""
    own = played.declarer_said
    best_defender: dict[int, int] = {}
    for player, points in played.defenders_said:
        best_defender[player] = max(points, best_defender.get(player, 0))
    defenders = 90 - played.cards
    count = Count(
        cards_declarer=played.cards,
        cards_defenders=defenders,
        marriages_declarer=sum(own),
        marriages_defenders=sum(p for _, p in played.defenders_said),
        reach_declarer=played.cards + max(own, default=0),
        reach_defenders=defenders + sum(best_defender.values()),
    )
    if stovka:
        made = hundred(count)
        units = (4 << made.steps) * (1 if made.won else -1)
    elif (silent := silent_hundred(count)) is not None:
        side, total = silent
        units = silent_hundred_units(total, "half") * (1 if side == DECLARER_SIDE else -1)
    else:
        units = 1 if game_won(count) else -1
    if sedma:
        units += 2 if played.seven > 0 else -2
    else:
        units += played.seven
    return units * hearts


def play_out(
    solver: TrickSolver, hands: list[int], me: int, seven: int, playouts: int, rng: random.Random
) -> list[Played]:
    """``playouts`` heuristic playouts of a hra from its first trick, the declarer
    ``me`` (side C of ``solver``, whose scoring counts card points and marriages)
    leading, each read for the tariff."""
    runs = []
    for _ in range(playouts):
        value = solver.playout(Position(list(hands), [], me, 0, 10), rng)
        mine = tuple(points for s, points in solver.said if s == me)
        theirs = tuple((s, points) for s, points in solver.said if s != me)
        win, taker = solver.last_trick
        runs.append(
            Played(
                cards=value - sum(mine) + sum(points for _, points in theirs),
                declarer_said=mine,
                defenders_said=theirs,
                seven=0 if win != seven else 1 if taker == me else -1,
            )
        )
    return runs


@dataclass(slots=True)
class _World:
    """One sampled deal, its random stream's seed, and its playouts per way of
    playing the seven (kept for the end, or not)."""

    hands: list[int]
    seed: int
    runs: dict[bool, list[Played]] = field(default_factory=dict)


def hra_scoring(trump: int, kept_seven: int | None) -> Scoring:
    """A hra's count for the playouts: card points, the last trick, marriages; the
    ``kept_seven`` (the bonus card, worth nothing) is kept for the last trick."""
    return Scoring(
        _POINTS, last=10, marriages=True, kings=KINGS, queens=QUEENS, trump_suit=trump,
        bonus_card=kept_seven,
    )  # fmt: skip


def extras_means(
    view: PlayerView, options: Sequence[Extras], rng: random.Random, budget: Budget, playouts: int
) -> dict[Extras, float]:
    """Each announcement's mean per-defender units over sampled deals played out
    (``playouts`` each), the plain hra valued as thrown in or fleked."""
    pub = view.public
    active = list(pub.active)
    me = active.index(view.seat)
    assert view.own_trump_card is not None
    trump = "hdsc".index(view.own_trump_card[1])
    hearts = 2 if trump == 0 else 1
    rules = rules_of(view)
    seven = make_card(Rank.SEVEN, trump)  # type: ignore[arg-type]
    holds_seven = seven in {card(c) for c in view.hand}

    scorings = {
        False: hra_scoring(trump, None),
        True: hra_scoring(trump, seven if holds_seven else None),
    }
    wins: list[float] = []
    """Per world: the share of its plain playouts in which the declarer wins the game."""

    def sample() -> _World:
        return _World(sample_world(view, rng).hands, rng.getrandbits(32))

    def played(world: _World, keep_seven: bool) -> list[Played]:
        if keep_seven not in world.runs:
            stream = random.Random(world.seed)  # the same stream for both ways
            solver = TrickSolver(rules, scorings[keep_seven], [me], len(active))
            runs = play_out(solver, world.hands, me, seven, playouts, stream)
            world.runs[keep_seven] = runs
            if not keep_seven:
                wins.append(sum(_game_won(r) for r in runs) / len(runs))
        return world.runs[keep_seven]

    def value(world: _World, option: Extras) -> float:
        runs = played(world, option.sedma)
        return sum(deal_units(r, option.stovka, option.sedma, hearts) for r in runs) / len(runs)

    means = option_means(budget, list(options), sample, value)
    plain = Extras(stovka=False, sedma=False)
    if plain in means and wins:
        # the throw-in (§6 #2): one game when the declarer is the favourite; below
        # that the defenders flek and the game is played for twice its stake
        chance = sum(wins) / len(wins)
        if chance >= 0.5:
            means[plain] = float(hearts)
        else:
            means[plain] += (2 * chance - 1) * hearts
    return means


def _game_won(played: Played) -> bool:
    """Whether the declarer wins the plain game (or its silent hundred) in ``played``."""
    return deal_units(played, False, False, 1) - played.seven > 0


def choose_extras(
    view: PlayerView,
    legal: Sequence[Action],
    default: Action,
    rng: random.Random,
    budget: Budget,
    playouts: int,
) -> Action:
    """The announcement of the best mean, the rule player's ``default`` unless
    another beats it by its ``EXTRAS_MARGIN``."""
    if view.own_trump_card is None:
        return default
    seven = make_card(Rank.SEVEN, "hdsc".index(view.own_trump_card[1]))  # type: ignore[arg-type]
    holds_seven = seven in {card(c) for c in view.hand}
    # a sedma without the trump seven is lost for sure (§6 #52 warns of it): what it
    # buys, a game played instead of thrown in, is not worth its price
    options = [a for a in legal if isinstance(a, Extras) and (holds_seven or not a.sedma)]
    if len(options) < 2 or not isinstance(default, Extras) or default not in options:
        return default
    means = extras_means(view, options, rng, budget, playouts)
    return best_option(means, default, lambda o: EXTRAS_MARGIN[o.code.partition(":")[2]])


DISCARD_MARGIN = 0.25
"""Units per defender a pair must gain over the rule player's to replace it: the
pairs are compared on the same deals, so their difference is less noisy than
either value, and a quarter of a game is about two standard errors of it."""
DISCARD_CANDIDATES = 4
"""The rule player's best pairs that are weighed (each costs a full evaluation)."""


def extras_options(hand: int, seven: int) -> list[Extras]:
    """The announcements a ten-card hand allows (default house rules)."""
    marriage = bool((hand & KINGS) & ((hand & QUEENS) << 1))
    return [
        Extras(stovka=stovka, sedma=sedma)
        for stovka in (False, True)
        for sedma in (False, True)
        if (marriage or not stovka) and (hand >> seven & 1 or not sedma)
    ]


def choose_discard(
    view: PlayerView,
    legal: Sequence[Action],
    default: Action,
    rng: random.Random,
    budget: Budget,
    playouts: int,
) -> Action:
    """The pair to lay away for a hra: of the rule player's best few, the one whose
    best announcement is worth most, the rule player's ``default`` unless another
    beats it by ``DISCARD_MARGIN``. A betl or durch plan keeps the default."""
    pairs = [a for a in legal if isinstance(a, Discard)]
    if not isinstance(default, Discard) or view.own_trump_card is None or view.public.kind:
        return default
    hand = [card(c) for c in view.hand]
    candidates = _hra_candidates(hand, pairs, default, "hdsc".index(view.own_trump_card[1]))
    if default not in candidates or len(candidates) < 2:
        return default
    worth = hra_worths(view, pairs, default, rng, budget, playouts)
    return best_option(worth, default, lambda _: DISCARD_MARGIN)


def _hra_candidates(
    hand: list[Card], pairs: Sequence[Discard], default: Discard, trump: int
) -> list[Discard]:
    """``default`` and the rule player's next best pairs, ``DISCARD_CANDIDATES`` in
    all, without those a hra forbids (an ace or ten laid away)."""
    ranked = sorted(pairs, key=lambda d: talon_cost(hand, d.cards, trump))
    candidates = [default, *(d for d in ranked if d != default)][:DISCARD_CANDIDATES]
    return [d for d in candidates if talon_cost(hand, d.cards, trump) < 1000]


def hra_worths(
    view: PlayerView,
    pairs: Sequence[Discard],
    default: Discard,
    rng: random.Random,
    budget: Budget,
    playouts: int,
) -> dict[Discard, float]:
    """The hra's candidate pairs (``default`` first, then the rule player's best by
    ``talon_cost``, ``DISCARD_CANDIDATES`` in all, none with an ace or ten), each
    with its best announcement's mean per-defender units, every pair on the same
    sampled deals (the defenders' cards do not depend on the pair); empty when the
    seat cannot play a hra from here."""
    pub = view.public
    if view.own_trump_card is None or pub.kind is not None:
        return {}
    hand = [card(c) for c in view.hand]
    trump = "hdsc".index(view.own_trump_card[1])
    candidates = _hra_candidates(hand, pairs, default, trump)
    if not candidates:
        return {}
    seven = make_card(Rank.SEVEN, trump)  # type: ignore[arg-type]
    seed = rng.getrandbits(32)
    worth: dict[Discard, float] = {}
    for pair in candidates:
        kept = sum(1 << c for c in hand if c not in pair.cards)
        after = after_discard(view, "hra", kept, pair.cards)
        means = extras_means(
            after, extras_options(kept, seven), random.Random(seed), budget, playouts
        )
        worth[pair] = max(means.values())
    return worth


def after_discard(view: PlayerView, kind: str, kept: int, pair: tuple[Card, Card]) -> PlayerView:
    """The declarer's view once ``pair`` is laid away and ``kind`` announced (his
    ten ``kept`` cards in the order of that game)."""
    pub = view.public
    sizes = dict(pub.hand_sizes)
    sizes[view.seat] = kept.bit_count()
    trump = None if kind != "hra" or view.own_trump_card is None else card(view.own_trump_card)
    return replace(
        view,
        public=replace(pub, hand_sizes=sizes, kind=kind, phase="extras"),
        hand=display_order(kept, None if trump is None else trump // 13, kind != "hra"),
        talon=tuple(card_code(c) for c in pair),
    )
