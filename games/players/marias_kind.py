"""Which game a volený declarer plays (hra, betl or durch), and whether a defender
says špatná, by evaluation.

The rule player plays a betl or a durch only with a hand that fits it card by
card (``marias_rules.plan_kind``) and says špatná only then. A betl pays 5
units per defender and a durch 10 (§4.1) against a game's 1 or 2, so a hand
that would win a betl two times in three is worth more as a betl than as
almost any hra, and the rule player leaves that on the table.

Each option is valued on the same sampled deals (``games.marias.determinize``;
the defenders' cards do not depend on the two the declarer lays away):

* a hra by ``marias_declarer``: its best talon of the rule player's few and the
  best announcement with it, priced by the tariff over playouts;
* a betl or a durch by the share of its playouts (``TrickSolver`` with the
  sudden policy) the declarer wins, as ``price * (2p - 1)`` per defender, after
  laying away the two cards the others could most easily catch
  (:func:`sudden_discard`).

The rule player's choice is the default; another replaces it when its mean is
higher by that kind's ``KIND_MARGIN``. The declarer decides twice: at the talon
(which pair, hence which game) and at the announcement (the talon laid away);
both use the same values and margins, so the second confirms the first but for
the noise of its samples. A defender weighs špatná (his ten cards and the
sampled talon, played as the better of betl and durch allowed) against dobrá,
worth 0 to him (a defender of a chosen game loses a little on average, so the
zero leans towards dobrá).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from games.cards import Card, Rank, card, cards_of, make_card, mask_of
from games.engine import Action
from games.marias.actions import Announce, Discard, Respond
from games.marias.determinize import sample_world
from games.marias.rules import SHARP
from games.marias.views import PlayerView
from games.players.marias_declarer import (
    DISCARD_MARGIN,
    after_discard,
    extras_means,
    extras_options,
    hra_worths,
)
from games.players.marias_discards import deal_rules, sudden_discard
from games.players.marias_rules import plan_kind, talon_cost
from games.players.pimc import best_option
from games.strong.budget import Budget
from games.strong.solver import Position, Scoring, TrickSolver

__all__ = [
    "KIND_MARGIN",
    "PRICE",
    "SPATNA_MARGIN",
    "choose_announce",
    "choose_game",
    "choose_response",
    "sudden_chance",
]

PRICE = {"betl": 5, "durch": 10}
"""Units per defender of a betl and a durch, unfleked (§4.1)."""
KIND_MARGIN = {"hra": 1.0, "betl": 1.0, "durch": 2.0}
"""Units per defender a game must gain over the rule player's choice to replace
it. For an all-or-nothing game of price ``u`` a margin ``m`` asks for ``m / 2u``
more win chance: a tenth for betl and durch, about two standard errors of a
chance estimated from a hundred-odd playouts, and what the playouts leave out
(the defenders' flek of a doubtful betl). A hra replacing a planned betl must
gain a unit as well, about two errors of its tariff mean."""
SPATNA_MARGIN = 1.5
"""Units per defender špatná must be worth (dobrá counting 0) before a defender
says it: a betl won 65% of the time, a durch 57.5%; taking the talon unseen
adds the error of two unknown cards."""
HOPELESS_AFTER = 3
"""Samples after which a game not won in any playout is taken as lost (its value
is then within a few tenths of a unit of ``-price``): most hands are no betl
and no durch, and this keeps their question cheap."""
_POINTS = tuple(10 if SHARP >> c & 1 else 0 for c in range(54))


def sudden_chance(
    view: PlayerView,
    kind: str,
    rng: random.Random,
    budget: Budget,
    playouts: int,
    *,
    with_talon: bool = False,
    declarer: int | None = None,
) -> float:
    """The chance of the seat (or of the seat ``declarer``) to win ``kind`` over
    sampled deals played out, the declarer leading (§6 #10); ``with_talon``: the
    seat would take the sampled talon first and lay away two by
    :func:`sudden_discard`."""
    active = list(view.public.active)
    me = active.index(view.seat if declarer is None else declarer)
    solver = TrickSolver(deal_rules(None), Scoring(_POINTS, sudden=kind), [me], len(active))
    won = runs = 0
    for sample in range(budget.samples):
        if runs and budget.stop():
            break
        if sample == HOPELESS_AFTER and not won:
            break  # lost in every playout so far: worth -price, whatever the rest say
        world = sample_world(view, rng)
        hands = [world.hands[i] for i in range(len(active))]
        if with_talon:
            hands[me] = sudden_discard(hands[me] | world.talon, kind)
        for _ in range(playouts):
            won += solver.playout(Position(list(hands), [], me, 0, 10), rng) == 0
            runs += 1
    return won / runs if runs else 0.0


def _sudden_pair(hand: list[Card], pairs: Sequence[Discard], kind: str) -> Discard | None:
    """The legal pair :func:`sudden_discard` would lay away (``None`` when the
    rules forbid it)."""
    mask = mask_of(hand)
    keep = sudden_discard(mask, kind)
    want = tuple(sorted(cards_of(mask & ~keep)))
    by_cards = {d.cards: d for d in pairs}
    if want in by_cards:
        return by_cards[want]
    return None


def _value(chance: float, kind: str) -> float:
    return PRICE[kind] * (2 * chance - 1)


def choose_game(
    view: PlayerView,
    legal: Sequence[Action],
    default: Action,
    rng: random.Random,
    budget: Budget,
    hra_playouts: int,
    sudden_playouts: int,
) -> Action:
    """The pair to lay away, which is the choice of the game: the hra's best pair
    (``marias_declarer.hra_worths``), the betl's and the durch's, each valued on
    the same deals; the rule player's ``default`` unless another kind beats it by
    its ``KIND_MARGIN``. An overcaller (the game already named) weighs only the
    games he may overcall with."""
    pairs = [a for a in legal if isinstance(a, Discard)]
    if not isinstance(default, Discard) or len(pairs) < 2:
        return default
    pub = view.public
    hand = [card(c) for c in view.hand]
    mask = mask_of(hand)
    seed = rng.getrandbits(32)
    if pub.kind is None:
        kinds = ["hra", "betl", "durch"]
        trump = None if view.own_trump_card is None else card(view.own_trump_card) // 13
        default_kind = "betl" if talon_cost(hand, default.cards, trump) >= 1000 else "hra"
        if default_kind == "betl":
            default_kind = plan_kind(hand) if plan_kind(hand) != "hra" else "betl"
    else:
        kinds = ["durch"] if pub.kind == "betl" else ["betl", "durch"]
        default_kind = "durch" if pub.kind == "betl" or plan_kind(hand) == "durch" else "betl"
    options: dict[str, tuple[Discard, float]] = {}
    for kind in kinds:
        if kind == "hra":
            if view.own_trump_card is None:
                continue
            worths = hra_worths(view, pairs, default, random.Random(seed), budget, hra_playouts)
            if worths:
                pair = max(worths, key=lambda d: worths[d])
                if default in worths:
                    pair = best_option(worths, default, lambda _: DISCARD_MARGIN)
                options[kind] = (pair, worths[pair])
            continue
        chosen = default if kind == default_kind else _sudden_pair(hand, pairs, kind)
        if chosen is None:
            continue
        kept = mask & ~mask_of(chosen.cards)
        after = after_discard(view, kind, kept, chosen.cards)
        p = sudden_chance(after, kind, random.Random(seed), budget, sudden_playouts)
        options[kind] = (chosen, _value(p, kind))
    if default_kind not in options:
        return default
    means = {kind: value for kind, (_, value) in options.items()}
    best = best_option(means, default_kind, lambda k: KIND_MARGIN[k])
    return options[best][0]


def choose_announce(
    view: PlayerView,
    legal: Sequence[Action],
    default: Action,
    rng: random.Random,
    budget: Budget,
    hra_playouts: int,
    sudden_playouts: int,
) -> Action:
    """The game to announce with the talon laid away: each legal kind valued on the
    same deals as at the talon (a hra by its best announcement), the rule player's
    ``default`` unless another beats it by its ``KIND_MARGIN``."""
    announces = {a.kind: a for a in legal if isinstance(a, Announce)}
    if not isinstance(default, Announce) or len(announces) < 2 or len(view.talon) != 2:
        return default
    hand = [card(c) for c in view.hand]
    kept = mask_of(hand)
    pair = tuple(sorted(card(c) for c in view.talon))
    assert len(pair) == 2
    seed = rng.getrandbits(32)
    means: dict[str, float] = {}
    for kind in announces:
        after = after_discard(view, kind, kept, (pair[0], pair[1]))
        if kind == "hra":
            if view.own_trump_card is None:
                continue
            options = extras_options(kept, _trump_seven(view))
            ex = extras_means(after, options, random.Random(seed), budget, hra_playouts)
            means[kind] = max(ex.values())
        else:
            p = sudden_chance(after, kind, random.Random(seed), budget, sudden_playouts)
            means[kind] = _value(p, kind)
    if default.kind not in means:
        return default
    best = best_option(means, default.kind, lambda k: KIND_MARGIN[k])
    return announces[best]


def _trump_seven(view: PlayerView) -> Card:
    """The seven of the declarer's trumps (his own trump card's suit)."""
    assert view.own_trump_card is not None
    return make_card(Rank.SEVEN, card(view.own_trump_card) // 13)  # type: ignore[arg-type]


def choose_response(
    view: PlayerView,
    legal: Sequence[Action],
    default: Action,
    rng: random.Random,
    budget: Budget,
    playouts: int,
) -> Action:
    """Dobrá or špatná: špatná is worth the better of the games the defender may
    overcall with (his ten cards and the sampled talon), dobrá 0; the rule
    player's ``default`` unless the other beats it by ``SPATNA_MARGIN``."""
    by_good = {a.good: a for a in legal if isinstance(a, Respond)}
    if not isinstance(default, Respond) or len(by_good) < 2:
        return default
    kind_now = view.public.kind
    kinds = ["betl", "durch"] if kind_now == "hra" else ["durch"] if kind_now == "betl" else []
    if not kinds:
        return default
    seed = rng.getrandbits(32)
    spatna = max(
        _value(sudden_chance(view, k, random.Random(seed), budget, playouts, with_talon=True), k)
        for k in kinds
    )
    means = {True: 0.0, False: spatna}
    return by_good[best_option(means, default.good, lambda _: SPATNA_MARGIN)]
