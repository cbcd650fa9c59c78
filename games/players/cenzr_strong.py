"""The strong volený cenzr player: sampled deals, each solved open-handed.

In the card play it samples deals consistent with its view
(``games.cenzr.determinize``; the sample also decides who the hidden partner
is), evaluates each card on every sample and plays the card with the best
mean of what its own seat would record (§5.5). A sample's value of a card is
the card points its choosing side takes from now on (the last trick
included), from the alpha-beta solver (``games.strong.solver``) once a seat
holds ``solve_from`` cards or fewer and from cheap playouts before; that total
is then counted as the deal would be: declarations announced in trick 1 as
the sample's hands resolve them, bela as ``auto_optimal`` counts it, péro,
the win by ``C > D`` and the ×2 / ×3 multipliers. Counting per sample, not on
the mean points, is what makes it see that a few points matter only near the
winning line.

Before the play it calls, or passes, by evaluation (``option_means`` and
``best_option`` of ``games.players.pimc``): it samples whole deals
consistent with what it sees while calling (its packet 1, and who passed
before it, read through the rule player's calling:
``determinize.sample_deal``), plays each deal out with the same playouts for
every option (per suit the partner card it lacks and a samec where it holds
a card, the pass, and the rule player's choice, which is the default) and
scores it as the deal records it (§5.5: declarations as the sample's hands
resolve them, bela, péro, the ×2 / ×3), for its seat against the table. A
pass is valued by letting the seats after it call as the rule player does
(nothing if all pass). An option other than the rule player's must beat it
by its ``*_MARGIN``. In trick 1 it announces, or keeps quiet, the same way,
on the samples of its card play, every later holder of a declaration taken
to announce. Bela at the count (``bela_mode = "prompt"``) stays the rule
player's: the view shows both outcomes, so that choice is exact.
It sees nothing but its view, so it cannot peek.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field, replace
from functools import cache

from games.cards import DECK_32, Card, Rank, Suit, card, card_code, cards_of, make_card, mask_of
from games.cenzr.actions import Announce, Call, Pass, Play
from games.cenzr.declarations import announcement, has_bela, resolve
from games.cenzr.determinize import Deal, World, rules_of, sample_deal, sample_world, start_hands
from games.cenzr.rules import LAST_TRICK, card_points, trick_rules
from games.cenzr.views import PlayerView
from games.engine import Action, Seat
from games.players.cenzr_rules import CenzrRulePlayer
from games.players.pimc import best_option, option_means
from games.strong.budget import Budget
from games.strong.solver import Position, Scoring, TrickSolver
from games.tricks import TrickRules

__all__ = [
    "ANNOUNCE_MARGIN",
    "CALL_MARGIN",
    "PASS_MARGIN",
    "SAMEC_MARGIN",
    "SWITCH_MARGIN",
    "CenzrStrongPlayer",
    "Count",
    "SampledDeal",
    "call_options",
    "count_of",
    "deal_value",
]

PERO = 100
"""§5.2: the bonus of the choosing side that took every trick."""
BELA = 20

PASS_MARGIN = 60.0
"""How much better than the rule player's call a pass must look (in margin
points, see :func:`deal_value`) to replace it. Its value leans on a model of
the later callers (the rule player), and replayed with rule players from the
call on, the passes this evaluation chose at a 30-point margin did no better
than the rule player's calls (-15 ± 35 points over 19 positions), whose
threshold was tuned in duplicate matches: so a pass must look clearly
better."""

CALL_MARGIN = 40.0
"""How much better than the rule player's pass a call must look. Replayed
with rule players, the calls it made where the rule player passed gained
(+75 ± 26 points over 73 positions at a 30-point margin; at this one
+11 ± 21 over 101 and +52 ± 26 over 59 on other deals); but the best of
nine noisy means overstates its option (they were predicted +65 to +75 on
average), and a lost call gives the defenders twice the whole deal
(§5.5)."""

SAMEC_MARGIN = 60.0
"""How much better a samec (calling a card of one's own packet 1) must look
than the rule player's choice. Three times C or nothing (§5.5) spreads a
samec's value the widest of all options, so its mean over a few dozen deals
is the least sure: the largest margin."""

SWITCH_MARGIN = 30.0
"""How much better another partner card (another trump suit) must look than
the rule player's call. The two are alike in risk, so the margin is for the
estimate's error alone; replayed, the switches taken at 20 gained +13 ± 26
points over 68 positions while predicted +59 (the best of several means
overstates it), so a little more; at 30 they gave -9 ± 31 over 38: no
clear gain either way yet."""

ANNOUNCE_MARGIN = 5.0
"""How much better keeping quiet (or announcing, against the rule player)
must look in trick 1. Both are valued on the same samples with the same
card values, so they differ only by the declarations the sampled hands
resolve: little noise, a small margin."""

CALL_SAMPLES = 40
"""Sampled deals per call decision (each option played out once on each):
the most that keeps a call within about 100 ms on a loaded core, since fewer
deals make the best option's mean overstate it more."""

CALL_PLAYOUTS = 1
"""Playouts of each option on each sampled deal: more deals beat more playouts
of one deal, since the hidden 28 cards are the larger part of the spread."""


@cache
def _rules(trump: int) -> TrickRules:
    return trick_rules(Suit(trump))


@cache
def _scoring(trump: int) -> Scoring:
    return Scoring(_points(Suit(trump)), last=LAST_TRICK)


def _points(trump: Suit) -> tuple[int, ...]:
    table = [0] * 54
    for c in DECK_32:
        table[c] = card_points(c, trump)
    return tuple(table)


@dataclass(frozen=True, slots=True)
class Count:
    """What a sample fixes before the rest of the play: the choosing side, the
    card points each side has taken, the declarations and bela by side, and
    whether the defenders took a trick yet (péro)."""

    side: frozenset[int]
    samec: bool
    c_cards: int
    d_cards: int
    c_extra: int
    d_extra: int
    c_bela: bool
    pero_open: bool
    left: int  # card points still to take, the last trick included

    def recorded(self, seat: int, future: float) -> float:
        """What ``seat`` records if the choosing side takes ``future`` of ``left``."""
        c = self.c_cards + future + self.c_extra
        d = self.d_cards + (self.left - future) + self.d_extra
        if self.pero_open and future >= self.left:
            c += PERO
        if self.c_bela and c + BELA > d:
            c += BELA
        won = c > d
        if self.samec:
            if seat in self.side:
                return 3 * c if won else 0.0
            return d if won else c + d
        if seat in self.side:
            return 2 * c if won else 0.0
        return 2 * d if won else 2 * (c + d)


def count_of(view: PlayerView, world: World, announcers: Collection[int] | None = None) -> Count:
    """The count of ``world`` so far, as the view and the sampled hands give it;
    ``announcers`` are the seats whose declarations are counted (default: those
    who announced)."""
    pub = view.public
    assert pub.chooser is not None and pub.trump is not None
    trump = Suit("hdsc".index(pub.trump))
    side = frozenset({pub.chooser, world.holder})
    start = start_hands(view, world.hands)
    cards = {s: [c for c in DECK_32 if start[s] >> c & 1] for s in pub.active}
    extra = dict.fromkeys(pub.active, 0)
    said = {a[0] for a in pub.announcements} if announcers is None else set(announcers)
    if said:
        announced = {s: d for s in said if (d := announcement(cards[s], trump))}
        result = resolve(announced, pub.active, trump)
        for s in pub.active:
            extra[s] = result.points(s)
    bela = next((s for s in pub.active if has_bela(cards[s], trump)), None)
    c_extra = sum(v for s, v in extra.items() if s in side)
    d_extra = sum(v for s, v in extra.items() if s not in side)
    if bela is not None and bela not in side:
        d_extra += BELA  # a defender always counts it (§5.3)
    c_cards = sum(pub.card_points[s] for s in side)
    d_cards = sum(v for s, v in pub.card_points.items() if s not in side)
    taken = c_cards + d_cards
    d_tricks = sum(1 for t in pub.history if t.winner not in side)
    return Count(
        side,
        len(side) == 1,
        c_cards,
        d_cards,
        c_extra,
        d_extra,
        bela is not None and bela in side,
        d_tricks == 0,
        152 - taken + LAST_TRICK,
    )


CallOrPass = Call | Pass
"""A decision while calling (§4.5)."""

_PARTNER_RANKS = (Rank.JACK, Rank.NINE, Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.EIGHT)
"""The partner cards worth calling, best trump first (§1.3; the seven never is)."""
_FOUR_RANKS = sum(1 << r for r in range(8, 13))  # T J Q K A: figura or čtyři spodci


def _may_declare(hand: int) -> bool:
    """A fast test that ``hand`` may hold a declaration: three cards in a row of
    one suit (the rank index order is the natural order, §1.4) or four of a
    rank from T up. ``False`` means it certainly holds none."""
    if hand & (hand >> 1) & (hand >> 2):
        return True  # a suit's 13 bits hold no 2..6, so runs never cross suits
    return bool(hand & (hand >> 13) & (hand >> 26) & (hand >> 39) & _FOUR_RANKS)


@dataclass(slots=True)
class SampledDeal:
    """One sampled deal while calling, with what its options share: the seed
    of their playouts (the same for every option) and, per trump suit, the
    declaration points by seat and the bela holder."""

    deal: Deal
    seed: int
    active: tuple[int, ...]
    cached: dict[int, tuple[dict[int, int], int | None]] = field(default_factory=dict)

    def declarations(self, trump: int) -> tuple[dict[int, int], int | None]:
        """Declaration points per seat if every holder announces (§3.5), and who
        holds bela, with ``trump`` as trumps."""
        got = self.cached.get(trump)
        if got is None:
            suit = Suit(trump)
            hands = {s: list(cards_of(self.deal.hand(s))) for s in self.active}
            said = {
                s: d
                for s, h in hands.items()
                if _may_declare(self.deal.hand(s)) and (d := announcement(h, suit))
            }
            points = dict.fromkeys(self.active, 0)
            if said:
                result = resolve(said, self.active, suit)
                points = {s: result.points(s) for s in self.active}
            bela = next((s for s in self.active if has_bela(hands[s], suit)), None)
            got = (points, bela)
            self.cached[trump] = got
        return got


def deal_value(
    sampled: SampledDeal, me: int, chooser: int, called: Card, playouts: int = CALL_PLAYOUTS
) -> float:
    """What the deal is worth to ``me`` when ``chooser`` calls ``called``: the mean
    over ``playouts`` playouts of ``me``'s recorded points (§5.5) minus the mean
    the other three record. A ranking, and the arena, compare a seat with the
    table, and only the difference makes an annulled deal (nothing recorded)
    worth what it is to a player: nothing either way, where a lost call gives
    the defenders twice the whole deal."""
    trump = called // 13
    active = sampled.active
    holder = next(s for s in active if sampled.deal.hand(s) >> called & 1)
    side = frozenset({chooser, holder})
    points, bela = sampled.declarations(trump)
    c_extra = sum(v for s, v in points.items() if s in side)
    d_extra = sum(v for s, v in points.items() if s not in side)
    if bela is not None and bela not in side:
        d_extra += BELA
    count = Count(
        side, len(side) == 1, 0, 0, c_extra, d_extra, bela in side, True, 152 + LAST_TRICK
    )
    solver = TrickSolver(_rules(trump), _scoring(trump), [active.index(s) for s in side], 4)
    pos = Position([sampled.deal.hand(s) for s in active], [], 0, 0, 8)
    rng = random.Random(sampled.seed)
    total = 0.0
    for _ in range(playouts):
        future = solver.playout(pos, rng)
        mine = count.recorded(me, future)
        others = sum(count.recorded(s, future) for s in active if s != me)
        total += mine - others / 3
    return total / playouts


def call_options(
    packet: Collection[Card], default: CallOrPass, legal: Sequence[Action]
) -> list[CallOrPass]:
    """The calls worth valuing with this packet 1 (and the pass): per suit, the
    best trump the packet lacks (the partner card, §4.6) and, where it holds one,
    a card of its own (a voluntary samec); ``default`` first. A samec in a suit
    is the same deal whichever own card it names, so one card stands for all."""
    allowed = set(legal)
    out: list[CallOrPass] = [default]
    for suit in range(4):
        held = sorted((c for c in packet if c // 13 == suit), reverse=True)
        lacked = [c for r in _PARTNER_RANKS if (c := make_card(r, Suit(suit))) not in held]
        for c in lacked[:1] + held[:1]:
            out.append(Call(c))
    out.append(Pass())
    seen: list[CallOrPass] = []
    for a in out:
        if a in allowed and a not in seen:
            seen.append(a)
    return seen


class CenzrStrongPlayer:
    """Perfect-information Monte Carlo in the card play, in the call and in the
    trick-1 announcement; the rule player's bela (an exact choice).

    The default play budget (12 samples, 2 playouts a card before
    ``solve_from``) did as well in duplicate matches against the rule player
    as 16 or 24 samples with more playouts or an earlier exact search, at a
    third of the time, so the cheap one is kept. A call decision samples
    ``call_samples`` deals (``budget.stop`` asked between them).
    """

    name = "strong"

    def __init__(
        self,
        budget: Budget | None = None,
        solve_from: int = 4,
        playouts: int = 2,
        call_samples: int = CALL_SAMPLES,
    ) -> None:
        self.budget = budget or Budget(samples=12, nodes=40_000)
        self.solve_from = solve_from
        self.playouts = playouts
        self.call_budget = Budget(
            samples=call_samples, nodes=self.budget.nodes, stop=self.budget.stop
        )
        self.rules = CenzrRulePlayer()
        self._rule_calls: dict[int, Action] = {}

    def choose(
        self, view: PlayerView, legal: Sequence[Action], seat: Seat, rng: random.Random
    ) -> Action:
        if any(isinstance(a, Call) for a in legal):
            return self.call(view, legal, rng)
        plays = [a for a in legal if isinstance(a, Play)]
        if len(plays) < 2 or view.public.phase != "play" or view.public.chooser is None:
            if plays and any(isinstance(a, Announce) for a in legal):
                return self.announce_or_play(view, legal, rng)
            return self.rules.choose(view, legal, seat, rng)
        if any(isinstance(a, Announce) for a in legal):
            return self.announce_or_play(view, legal, rng)
        values = self.card_values(view, rng, {a.card for a in plays})
        if not values:
            return self.rules.choose(view, legal, seat, rng)
        top = max(values.values())
        return next(a for a in plays if values.get(a.card) == top)

    # --- the call -------------------------------------------------------------

    def _passes(self, seat: int, packet: int, view: PlayerView) -> bool:
        """Whether the rule player passes with this packet 1 (the model of the
        other callers: what a pass before tells, what a later seat would call)."""
        return isinstance(self._rule_call(view, seat, packet), Pass)

    def _rule_call(self, view: PlayerView, seat: int, packet: int) -> Action:
        """The rule player's call with this packet 1 (it reads nothing else of a
        calling view, so it is kept per packet: the samples ask it often)."""
        got = self._rule_calls.get(packet)
        if got is None:
            shown = replace(view, seat=seat, hand=tuple(card_code(c) for c in cards_of(packet)))
            got = self._rule_calls[packet] = self.rules.choose(
                shown, _CALLING, seat, random.Random(0)
            )
        return got

    def call(self, view: PlayerView, legal: Sequence[Action], rng: random.Random) -> Action:
        """The call (or the pass) of the best mean over sampled deals, where one
        other than the rule player's must beat it by its margin."""
        default = self.rules.choose(view, legal, view.seat, rng)
        assert isinstance(default, Call | Pass)
        options = call_options([card(c) for c in view.hand], default, legal)
        if len(options) < 2:
            return default
        means = self.call_means(view, options, rng)
        packet = mask_of(card(c) for c in view.hand)

        def margin(option: CallOrPass) -> float:
            if isinstance(option, Pass):
                return PASS_MARGIN
            assert isinstance(option, Call)
            if packet >> option.card & 1:
                return SAMEC_MARGIN
            return CALL_MARGIN if isinstance(default, Pass) else SWITCH_MARGIN

        return best_option(means, default, margin)

    def call_means(
        self, view: PlayerView, options: Sequence[CallOrPass], rng: random.Random
    ) -> dict[CallOrPass, float]:
        """Each option's mean :func:`deal_value` for the seat over the sampled deals."""
        me = view.seat
        active = tuple(view.public.active)
        later = active[active.index(me) + 1 :]

        def sample() -> SampledDeal:
            deal = sample_deal(view, rng, lambda s, p: self._passes(s, p, view))
            return SampledDeal(deal, rng.getrandbits(32), active)

        def value(world: SampledDeal, option: CallOrPass) -> float:
            if isinstance(option, Call):
                return deal_value(world, me, me, option.card)
            for seat in later:  # the pass: the next seats call as the rule player does
                then = self._rule_call(view, seat, world.deal.packets[seat][0])
                if isinstance(then, Call):
                    return deal_value(world, me, seat, then.card)
            return 0.0  # all passed: the deal is annulled (§4.5)

        return option_means(self.call_budget, options, sample, value)

    # --- trick 1: announce or not ---------------------------------------------

    def announce_or_play(
        self, view: PlayerView, legal: Sequence[Action], rng: random.Random
    ) -> Action:
        """Announce, or play the best card without announcing, by the better mean
        over the same samples; every seat still to play in trick 1 that holds a
        declaration is taken to announce it. The rule player's choice stands
        unless the other beats it by :data:`ANNOUNCE_MARGIN`."""
        seat = view.seat
        said = self.rules.choose(view, legal, seat, rng)
        plays = [a for a in legal if isinstance(a, Play)]
        pub = view.public
        if pub.chooser is None or not plays:
            return said
        played = {s for s, _ in pub.trick}
        later = {s for s in pub.active if s not in played and s != seat}
        earlier = {a[0] for a in pub.announcements}
        quiet_set = earlier | later
        loud_set = quiet_set | {seat}
        loud, quiet = self.card_values_pair(view, rng, {a.card for a in plays}, loud_set, quiet_set)
        if not loud or not quiet:
            return said
        announce = next(a for a in legal if isinstance(a, Announce))
        best_quiet = max(quiet.values())
        keep_quiet = next(a for a in plays if quiet.get(a.card) == best_quiet)
        means: dict[Announce | Play, float] = {announce: max(loud.values()), keep_quiet: best_quiet}
        default: Announce | Play = announce if isinstance(said, Announce) else keep_quiet
        return best_option(means, default, lambda _: ANNOUNCE_MARGIN)

    # --- the card play --------------------------------------------------------

    def card_values(
        self, view: PlayerView, rng: random.Random, legal: set[Card]
    ) -> dict[Card, float]:
        """Each card the seat may play, with the mean of what its seat records
        over the sampled deals evaluated within the budget."""
        return self.card_values_pair(view, rng, legal, None, None)[0]

    def card_values_pair(
        self,
        view: PlayerView,
        rng: random.Random,
        legal: set[Card],
        first: Collection[int] | None,
        second: Collection[int] | None,
    ) -> tuple[dict[Card, float], dict[Card, float]]:
        """:meth:`card_values` counted with the declarations of the seats
        ``first`` (``None``: those who announced) and, on the same samples and
        card values, of the seats ``second`` (empty if ``second`` is ``None``)."""
        pub = view.public
        assert pub.trump is not None
        trump = Suit("hdsc".index(pub.trump))
        rules = rules_of(view)
        scoring = Scoring(_points(trump), last=LAST_TRICK)
        active = list(pub.active)
        me = active.index(view.seat)
        table = [card(c) for _, c in pub.trick]
        solve = len(view.hand) <= self.solve_from
        per_sample = max(1, self.budget.nodes // self.budget.samples)
        totals: dict[Card, float] = {}
        others: dict[Card, float] = {}
        done = spent = 0
        for _ in range(self.budget.samples):
            if done and self.budget.stop():
                break
            world = sample_world(view, rng)
            count = count_of(view, world, first)
            other = count_of(view, world, second) if second is not None else None
            side = [active.index(s) for s in count.side]
            solver = TrickSolver(rules, scoring, side, 4)
            pos = Position([world.hands[s] for s in active], list(table), me, len(pub.history), 8)
            if solve:
                values: dict[int, float] = dict(solver.values(pos, per_sample))
                if solver.nodes >= per_sample and done:
                    break  # out of budget: these values are not exact
            else:
                values = solver.rollout_values(pos, rng, self.playouts)
            spent += solver.nodes
            for c, v in values.items():
                if c in legal:
                    totals[Card(c)] = totals.get(Card(c), 0.0) + count.recorded(view.seat, v)
                    if other is not None:
                        others[Card(c)] = others.get(Card(c), 0.0) + other.recorded(view.seat, v)
            done += 1
            if spent >= self.budget.nodes:
                break
        if not done:
            return {}, {}
        return (
            {c: v / done for c, v in totals.items()},
            {c: v / done for c, v in others.items()},
        )


_CALLING: tuple[Action, ...] = (Pass(), *(Call(c) for c in DECK_32))
"""Every calling action (§4.5: any of the 32 cards), for the model of other callers."""
