"""What the strong ve dvou player announces and fleks, by evaluation.

Each decision is priced over deals sampled from the seat's view
(``games.marias_dvou.determinize.sample_world``: the other hand and the
stock's order), each played out to the end by the fast kernel
(``games.marias_dvou.fast``, both seats on its rule-of-thumb policy with a
little noise), with ve dvou's tariff (``games.marias_dvou.tariff``, §3.4.4:
the game or the announced stovka, a silent hundred, the announced sedma or a
silent seven, the fleks, hearts double). Every option is valued on the same
worlds (``pimc.option_means``: common random numbers; a world's playouts
draw from one stream whichever option is priced). The rule player's choice
is the default; another option replaces it only when its mean beats the
default's by that option's margin (``pimc.best_option``).

The samples read what the opponent's calls say, softly: one who announced
sedma holds the trump seven and held four trumps, one who announced stovka at
the start a marriage, and the first player of A or C, who chose trumps from
his first four, held two of them (what the rule player needs to say them; a
sample is redrawn up to :data:`INFER_TRIES` times to fit, else the one that
misses least is taken).

* Extras: each legal announcement (none, sedma, stovka, both), the sedma's
  owner keeping the trump seven for the last trick in its playouts (so the
  sedma options are played out on their own, from the same stream). The
  flek that may follow is not modelled: the opponent fleks what he expects
  to win, which the margins stand for.
* Fleks (at the start, and a late sedma's round): pass and each legal raise
  of the chains, priced with the levels it makes; the answer it invites (a
  re) is not modelled, which :data:`FLEK_MARGIN` stands for.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from games.cards import SUIT_MASKS, Rank, Suit, card, make_card
from games.engine import Action
from games.marias.actions import Extras, Flek, Pass
from games.marias.rules import KINGS, QUEENS
from games.marias_dvou.determinize import World, sample_world
from games.marias_dvou.fast import Fast, Played
from games.marias_dvou.tariff import first_player_units
from games.marias_dvou.views import PlayerView
from games.players.pimc import best_option, option_means
from games.strong.budget import Budget

__all__ = [
    "EXTRAS_MARGIN",
    "FLEK_MARGIN",
    "INFER_TRIES",
    "SEDMA_TRUMPS",
    "Stakes",
    "choose_extras",
    "choose_flek",
    "extras_means",
    "flek_means",
    "sample",
    "stakes_of",
]

INFER_TRIES = 30
"""Redraws for a sample that fits what the opponent said (then the one that misses
least is taken): a sample costs some 30 µs, and thirty find a fitting one
nearly always."""
SEDMA_TRUMPS = 4
"""The trumps a sedma's announcer is taken to have held: the rule player says it
with four and the ace or ten, or five; few players say it with fewer."""
EXTRAS_MARGIN = {"none": 0.0, "sedma": 0.3, "stovka": 0.8, "stovka+sedma": 1.0}
"""Units (times the hearts factor) an announcement must gain over the rule player's
choice to replace it. Over a decision's 96 worlds a sedma's mean (±2, ±4 in
hearts) has a standard error near 0.15 units, the difference of two options on
the same worlds less; two errors keep a sound rule from being traded for noise.
A stovka pays 4 and doubles with every ten, so its mean is three to four times
as noisy, and the kernel's opponent never fleks the stovka it should fear:
0.8 (about two of its errors). Both together ask for a little more."""
FLEK_MARGIN = (0.2, 0.3, 0.7, 0.8)
"""What a raise to the next level (flek, re, tutti, retutti; never beyond) must gain
over passing, as a share of the chain's stake before it: a raise doubles the
stake, so it gains ``(2p - 1) * stake`` with the seat's chance ``p`` of winning
the chain, and the margins ask for ``p`` of 0.6, 0.65, 0.85 and 0.9 (volený's
``FLEK_AT``). The samples do not read the raise the opponent answers with (a
re says his hand is strong), and a raise invites one; tutti and retutti ask
for near certainty, or two strong players would raise each other without end."""
PRICING_NOISE = 0.1
"""The share of random cards in a pricing playout: enough that one deal's playouts
do not all follow one line, few enough that the policy still plays the hand."""


@dataclass(frozen=True, slots=True)
class Stakes:
    """What is at stake now, by role (0 the first player, 1 the dealer; -1 nobody)."""

    me: int
    stovka: int
    sedma: int
    flek: Mapping[str, int]
    hearts: int

    def units(self, played: Played, stovka: int, sedma: int, flek: Mapping[str, int]) -> int:
        """The seat's units for ``played`` with these announcements and levels."""
        net = first_player_units(played, stovka, sedma, flek, self.hearts)
        return net if self.me == 0 else -net


def roles(view: PlayerView) -> tuple[int, int]:
    """The seats in role order: the first player, then the dealer."""
    pub = view.public
    return pub.forhond, next(s for s in pub.hand_sizes if s != pub.forhond)


def stakes_of(view: PlayerView) -> Stakes:
    pub = view.public
    active = roles(view)
    assert pub.trump is not None
    return Stakes(
        me=active.index(view.seat),
        stovka=-1 if pub.stovka is None else active.index(pub.stovka),
        sedma=-1 if pub.sedma is None else active.index(pub.sedma),
        flek=dict(pub.flek),
        hearts=2 if pub.trump == "h" else 1,
    )


def sample(view: PlayerView, rng: random.Random) -> World:
    """A deal consistent with ``view`` that, when it can, also fits what the
    opponent said (:func:`_fits`)."""
    pub = view.public
    assert pub.trump is not None
    active = roles(view)
    other = active.index(view.seat) ^ 1
    seen = {card(c) for c in view.hand}
    played = 0
    for t in pub.history:
        seen.update(card(c) for _, c in t.plays)
        played |= sum(1 << card(c) for s, c in t.plays if s == active[other])
    seen.update(card(c) for _, c in pub.trick)
    played |= sum(1 << card(c) for s, c in pub.trick if s == active[other])
    trump = Suit("hdsc".index(pub.trump))
    seven = make_card(Rank.SEVEN, trump)
    trumps = _trumps_said(pub.rules, pub.sedma == active[other], other == 0)
    mask = SUIT_MASKS[trump]
    unseen = 8 - sum(1 for c in seen if mask >> c & 1) + (played & mask).bit_count()
    said = _Said(
        seven=pub.sedma == active[other] and seven not in seen,
        trumps=trumps if trumps <= unseen else 0,
        pair=pub.stovka == active[other] and not pub.history and not pub.trick,
        seven_card=seven,
        trump_mask=mask,
        played=played,
    )
    best = sample_world(view, rng)
    score = said.misfit(best.hands[other])
    for _ in range(INFER_TRIES):
        if not score:
            break
        world = sample_world(view, rng)
        misfit = said.misfit(world.hands[other])
        if misfit < score:
            best, score = world, misfit
    return best


def _trumps_said(rules: str, sedma: bool, chose: bool) -> int:
    """The trumps the opponent held at the start, by what he said: four for a sedma,
    two when he chose them from his first four (A, C; a suit of one card only when
    all four differ, about one deal in nine)."""
    if sedma:
        return SEDMA_TRUMPS
    return 2 if chose and rules != "B" else 0


@dataclass(frozen=True, slots=True)
class _Said:
    """What the opponent's calls say of his hand (drawn cards never go back, so
    what he held then is in his hand now or among the cards he played)."""

    seven: bool
    trumps: int
    pair: bool
    seven_card: int
    trump_mask: int
    played: int

    def misfit(self, hand: int) -> int:
        """0 when ``hand`` fits; else the weight of what it misses (the sedma's
        seven first, then the stovka's marriage, then the trumps' count)."""
        out = 0
        if self.seven and not hand >> self.seven_card & 1:
            out += 4
        if self.pair and not (hand & KINGS) & ((hand & QUEENS) << 1):
            out += 2
        if ((hand | self.played) & self.trump_mask).bit_count() < self.trumps:
            out += 1
        return out


@dataclass(slots=True)
class _World:
    """One sampled deal, its stream's seed, and its playouts per sedma owner."""

    world: World
    seed: int
    runs: dict[int, list[Played]] = field(default_factory=dict)

    def played(self, view: PlayerView, sedma: int, playouts: int) -> list[Played]:
        if sedma not in self.runs:
            stream = random.Random(self.seed)  # the same stream for every option
            runs = []
            for _ in range(playouts):
                fast = Fast.of_view(view, self.world)
                fast.keep = sedma
                runs.append(fast.run(stream, PRICING_NOISE))
            self.runs[sedma] = runs
        return self.runs[sedma]


def extras_means(
    view: PlayerView, options: Sequence[Extras], rng: random.Random, budget: Budget, playouts: int
) -> dict[Extras, float]:
    """Each announcement's mean units for the seat over sampled deals played out."""
    st = stakes_of(view)

    def value(world: _World, option: Extras) -> float:
        stovka = st.me if option.stovka else st.stovka
        sedma = st.me if option.sedma else st.sedma
        runs = world.played(view, sedma, playouts)
        return sum(st.units(r, stovka, sedma, st.flek) for r in runs) / len(runs)

    return option_means(
        budget, list(options), lambda: _World(sample(view, rng), rng.getrandbits(32)), value
    )


def choose_extras(
    view: PlayerView,
    legal: Sequence[Action],
    default: Action,
    rng: random.Random,
    budget: Budget,
    playouts: int = 2,
) -> Action:
    """The announcement of the best mean, the rule player's ``default`` unless
    another beats it by its ``EXTRAS_MARGIN``."""
    options = [a for a in legal if isinstance(a, Extras)]
    if len(options) < 2 or default not in options or view.public.trump is None:
        return default
    assert isinstance(default, Extras)
    hearts = stakes_of(view).hearts
    means = extras_means(view, options, rng, budget, playouts)
    return best_option(means, default, lambda o: EXTRAS_MARGIN[o.code.partition(":")[2]] * hearts)


def _base(name: str, stovka: int) -> int:
    """A chain's units at level 0 without hearts: the game 1 (a stovka 4), a sedma 2."""
    if name == "sedma":
        return 2
    return 4 if stovka >= 0 else 1


def flek_means(
    view: PlayerView,
    options: Sequence[Flek | Pass],
    rng: random.Random,
    budget: Budget,
    playouts: int,
) -> dict[Flek | Pass, float]:
    """Each raise (and passing) with its mean units for the seat, the levels it makes."""
    st = stakes_of(view)

    def levels(option: Flek | Pass) -> dict[str, int]:
        raised = option.components if isinstance(option, Flek) else ()
        return {n: lv + (n in raised) for n, lv in st.flek.items()}

    def value(world: _World, option: Flek | Pass) -> float:
        runs = world.played(view, st.sedma, playouts)
        flek = levels(option)
        return sum(st.units(r, st.stovka, st.sedma, flek) for r in runs) / len(runs)

    return option_means(
        budget, list(options), lambda: _World(sample(view, rng), rng.getrandbits(32)), value
    )


def choose_flek(
    view: PlayerView,
    legal: Sequence[Action],
    default: Action,
    rng: random.Random,
    budget: Budget,
    playouts: int = 2,
) -> Action:
    """Pass or the raise of the best mean, the rule player's ``default`` unless
    another beats it by its ``FLEK_MARGIN`` share of the stakes it raises."""
    pub = view.public
    st = stakes_of(view) if pub.trump is not None else None
    options: list[Flek | Pass] = [a for a in legal if isinstance(a, Flek | Pass)]
    if st is None or len(options) < 2 or default not in options:
        return default

    def allowed(option: Flek | Pass) -> bool:
        return isinstance(option, Pass) or all(
            st.flek.get(n, 0) < len(FLEK_MARGIN) for n in option.components
        )

    options = [o for o in options if o == default or allowed(o)]
    if len(options) < 2:
        return default

    def margin(option: Flek | Pass) -> float:
        if isinstance(option, Pass):
            return 0.0
        total = 0.0
        for n in option.components:
            level = st.flek.get(n, 0)
            stake = _base(n, st.stovka) << level
            total += FLEK_MARGIN[min(level, len(FLEK_MARGIN) - 1)] * stake * st.hearts
        return total

    means = flek_means(view, options, rng, budget, playouts)
    return best_option(means, default, margin)
