"""The strong Tisíc player: sampled deals, each searched or played out.

In the card play it samples deals consistent with its view
(``games.tisic.determinize``, which reads the bids too: a seat that bid is
dealt a hand the rule player would have bid with, and a declarer's contract
one the rule player would have named it with), evaluates each card on every sample with the
Tisíc search (``games.tisic.search``: exact alpha-beta once a seat holds
``solve_from`` cards or fewer, heuristic playouts before) and plays the card
with the best mean. A sample's value of a card is counted as the deal is
(§8.2): the declarer's raw points so far (tricks, marriages, his discards)
plus what the search says he gains, against the contract, so the declarer
wins ``+contract`` or loses ``-contract``; a share of the raw points
(``margin``) is added so that, a contract made or lost for sure, points
still count (the defenders write what they take, which is what the
declarer does not). The declarer maximises that, the defenders minimise it;
a defender's own marriage adds its value for him on top.

Before the play, the bids, the discard and the contract are chosen the same
way (``games.players.pimc.option_means`` and ``best_option``): hidden cards
are sampled consistently with the view (in the auction the other hands and
the face-down talon; after it, for the declarer, the two other hands), each
option is valued on every sample by heuristic playouts of the whole deal
(``TisicSearch.playout``, the declarer leading), with the discard of
:func:`ranked_discards` wherever a talon is still to be taken, and counted as
the deal scores (§8): the declarer ``+contract`` when his raw points reach
it, else ``-contract``; a defender his own raw points rounded to tens. An
option other than the safe one (pass, the best discard by the rule of
thumb, keep the bid) must beat it by its threshold (``BID_EDGE``,
``RAISE_EDGE``, ``DISCARD_EDGE``). A forfeit (§6.5) is never chosen: it
writes ``-bid``, and playing at the bid writes ``+bid`` or ``-bid``, so it
can never be worth more for the seat itself. Storno answers stay the rule
player's. It sees nothing but its view, so it cannot peek.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from games.cards import Card, card, cards_of, mask_of
from games.engine import Action, Seat
from games.players.pimc import best_option, option_means
from games.players.tisic_rules import TisicRulePlayer, estimate, rule_contract, rule_reach
from games.strong.budget import Budget
from games.tisic.actions import Bid, Contract, Discard, Pass, Play
from games.tisic.determinize import World, sample_world
from games.tisic.rules import ACES_TENS, MARRIAGE_VALUE, POINTS, card_points, rounded
from games.tisic.search import TisicPosition, TisicSearch
from games.tisic.views import PlayerView

__all__ = [
    "BID_EDGE",
    "DISCARD_EDGE",
    "RAISE_EDGE",
    "TisicStrongPlayer",
    "bid_edge",
    "declarer_raw",
    "raise_edge",
    "ranked_discards",
]

BID_EDGE = 0.10
"""How much a bid of ``n`` must beat passing by, as a share of ``n`` (``bid_edge``).

Declaring at ``n`` writes ``+n`` or ``-n``: with a chance ``p`` to make it
that is ``n (2p - 1)``, so against passing (a defender's few tens, ``d``) the
break-even chance is ``(1 + d / n) / 2``. The evaluation estimates ``p``
from some 50-60 playouts, whose standard error is about 0.06; an edge of
``0.10 n`` asks ``p`` to clear the break-even by 0.05, about one standard
error, so that a bid the noise alone made look good is rare, while a hand
clearly worth the amount still bids. It scales with ``n`` because both the
gain and the loss do.
"""

RAISE_EDGE = 0.15
"""How much a contract of ``n`` above the bid must beat keeping the bid by, as a
share of ``n`` (``raise_edge``).

A raise from ``b`` to ``n`` gains ``n - b`` when made but loses ``n + b``
more when it fails after the bid would have been made, so at the margin
its break-even chance is far above a bid's; and the heuristic playouts
defend less well than two players who know the declarer's contract and
play against it. A wider edge than ``BID_EDGE`` (a raise is never needed to
get the talon, only to score more) keeps the raises to hands that are
clearly worth them.
"""

DISCARD_EDGE = 3.0
"""How much a discard other than the rule of thumb's must beat it by (in the
units of the discard value: ``±bid`` plus ``margin`` times the raw points).

Two discards are valued on the same sampled deals with the same playout
seed, so their difference is far less noisy than either value; 3 is about
ten raw points, or a 3% better chance of making a contract of 50, which is
where a different discard is a real improvement and not a coin's luck.
"""


def bid_edge(amount: int) -> float:
    """The threshold of a bid of ``amount`` against passing (see ``BID_EDGE``)."""
    return BID_EDGE * amount


def raise_edge(amount: int) -> float:
    """The threshold of a contract of ``amount`` above the bid (see ``RAISE_EDGE``)."""
    return RAISE_EDGE * amount


@lru_cache(maxsize=4096)
def ranked_discards(hand: int) -> tuple[int, ...]:
    """Every legal pair to lay away from a twelve-card ``hand`` (never an A or a
    T, §6.2), best first by the rule of thumb (``estimate`` of the ten kept plus
    the picture value of the two laid away, the lower cards on a tie), as the
    rule player discards: the playouts of a deal whose talon is still to be
    taken lay away the first, and the talon decision looks further down."""
    scored = []
    for a, b in combinations(cards_of(hand & ~ACES_TENS), 2):
        laid = (1 << a) | (1 << b)
        value = estimate(hand & ~laid, gone=laid) + POINTS[a] + POINTS[b]
        scored.append((-value, a % 13 + b % 13, laid))
    scored.sort(key=lambda t: (t[0], t[1]))
    return tuple(t[2] for t in scored)


def declarer_raw(view: PlayerView, world: World) -> int:
    """The declarer's raw points so far (§8.1) in ``world``: tricks, marriages, discards."""
    pub = view.public
    total = card_points(world.discards)
    for t in pub.history:
        if t.winner == pub.declarer:
            total += sum(POINTS[card(c)] for _, c in t.plays)
    total += sum(v for s, _, v in pub.marriages if s == pub.declarer)
    return total


@dataclass(frozen=True, slots=True)
class _Deal:
    """One sampled deal before the play: the hands by index of ``active`` and a
    seed, so that every option plays it out with the same random choices
    (common random numbers: two options differ by what they are)."""

    hands: tuple[int, ...]
    seed: int


class TisicStrongPlayer:
    """Perfect-information Monte Carlo in the card play, evaluated options before it.

    The default budget (24 samples, 8 playouts a card before ``solve_from``)
    did better in duplicate matches against the rule player than 12 samples of
    3 playouts, and still answers in a chat's time (``python -m games bench
    --players tisic``). Searching from the first trick did better than
    leaving the early tricks to the rule player (``search_from`` 5 or 7).

    ``deal_budget`` is the work of a decision before the play: its samples
    (sampled deals) and its nodes (cards played in the playouts, over all
    samples); ``deal_playouts`` playouts of each option on each sample and
    ``discard_options`` discards (the rule of thumb's best) weighed at the
    talon. ``budget.stop`` is asked between samples there too.
    """

    name = "strong"

    def __init__(
        self,
        budget: Budget | None = None,
        solve_from: int = 5,
        playouts: int = 8,
        margin: float = 0.3,
        search_from: int = 10,
        deal_budget: Budget | None = None,
        deal_playouts: int = 4,
        discard_options: int = 5,
    ) -> None:
        self.budget = budget or Budget(samples=24, nodes=80_000)
        self.solve_from = solve_from
        self.playouts = playouts
        self.margin = margin
        self.search_from = search_from
        self.deal_budget = deal_budget or Budget(samples=16, nodes=40_000)
        self.deal_playouts = deal_playouts
        self.discard_options = discard_options
        self.rules = TisicRulePlayer()

    def choose(
        self, view: PlayerView, legal: Sequence[Action], seat: Seat, rng: random.Random
    ) -> Action:
        first = legal[0] if legal else None
        if len(legal) > 1 and isinstance(first, Pass | Bid):
            return self.bid(view, legal, seat, rng)
        if len(legal) > 1 and isinstance(first, Discard):
            return self.discard(view, legal, seat, rng)
        if len(legal) > 1 and isinstance(first, Contract):
            return self.contract(view, legal, seat, rng)
        plays = [a for a in legal if isinstance(a, Play)]
        cards = {a.card for a in plays}
        pub = view.public
        if (
            len(cards) < 2
            or pub.phase != "play"
            or pub.declarer is None
            or pub.contract is None
            or len(view.hand) > self.search_from
        ):
            if len(cards) == 1 and len(plays) == 2:
                return next(a for a in plays if a.trumf)  # a marriage is its holder's points
            return self.rules.choose(view, legal, seat, rng)
        values = self.card_values(view, rng, cards)
        if not values:
            return self.rules.choose(view, legal, seat, rng)
        declaring = seat == pub.declarer
        sign = 1.0 if declaring else -1.0
        trumf = {a.card for a in plays if a.trumf}
        if not declaring:  # his own marriage is his points, not the declarer's
            for c in trumf:
                values[c] -= self.margin * MARRIAGE_VALUE[c // 13]
        top = max(sign * v for v in values.values())
        best = [c for c, v in values.items() if sign * v == top]
        chosen = [a for a in plays if a.card in best]
        return next((a for a in chosen if a.trumf), chosen[0])

    # -- before the play -------------------------------------------------------------

    def bid(
        self, view: PlayerView, legal: Sequence[Action], seat: Seat, rng: random.Random
    ) -> Action:
        """The least raise when declaring is worth more than passing, over sampled
        deals (the talon among the hidden cards), else „Dobrý".

        Declaring at ``n`` counts ``±n`` after taking the sampled talon and
        laying away the rule of thumb's two; each amount from the least raise up
        is an option of its own (``Bid(n)``: win the talon, then play for ``n``),
        since a strong hand raises its contract after the talon (§6.4), and must
        beat passing by ``bid_edge(n)``. Passing counts the seat's own raw points
        as a defender (rounded, §8.3) against the high bidder declaring: a
        defender writes all he takes, marriages included, so a hand that would
        write more defending than any contract it can make passes (bukařit).
        Only the least raise is bid: the talon goes to the last raise, and the
        contract is named once the talon is seen."""
        bids = sorted((a for a in legal if isinstance(a, Bid)), key=lambda a: a.amount)
        if not bids:
            return Pass()
        least = bids[0]
        pub = view.public
        active = list(pub.active)
        me = active.index(seat)
        rival = active.index(pub.high_bidder)
        budget, spent = self._deal_budget()

        def sample() -> tuple[list[int], list[int]]:
            world = sample_world(view, rng, rule_reach, rule_contract)
            hands = [world.hands[s] for s in active]
            prng = random.Random(rng.getrandbits(32))
            mine = self._taking(hands, world.talon, me, prng, spent)
            theirs = self._taking(hands, world.talon, rival, prng, spent, counted=me)
            return mine, theirs

        def value(world: tuple[list[int], list[int]], option: Pass | Bid) -> float:
            mine, theirs = world
            if isinstance(option, Pass):
                return sum(rounded(r, "nearest10_half_up") for r in theirs) / len(theirs)
            return _contract_value(option.amount, mine)

        options: list[Pass | Bid] = [Pass(), *bids]
        means = option_means(budget, options, sample, value)
        best = best_option(means, Pass(), lambda o: bid_edge(o.amount) if isinstance(o, Bid) else 0)
        return Pass() if isinstance(best, Pass) else least

    def discard(
        self, view: PlayerView, legal: Sequence[Action], seat: Seat, rng: random.Random
    ) -> Action:
        """The two cards to lay away: the rule of thumb's best ``discard_options``
        pairs, each played out on the same sampled deals (the two other hands),
        valued ``±bid`` plus ``margin`` times the raw points (the points say how
        far a raise could go); another pair than the rule of thumb's must beat it
        by ``DISCARD_EDGE``. A storno the rule player proposes stands."""
        rule = self.rules.choose(view, legal, seat, rng)
        if not isinstance(rule, Discard):
            return rule
        pairs = {mask_of(a.cards): a for a in legal if isinstance(a, Discard)}
        hand = mask_of(card(c) for c in view.hand)
        ranked = [m for m in ranked_discards(hand) if m in pairs][: self.discard_options]
        options = [pairs[m] for m in ranked]
        if rule not in options:
            options.append(rule)
        pub = view.public
        active = list(pub.active)
        me = active.index(seat)
        bid = pub.bid or 0
        budget, spent = self._deal_budget()

        def sample() -> _Deal:
            world = sample_world(view, rng, rule_reach, rule_contract)
            return _Deal(tuple(world.hands[s] for s in active), rng.getrandbits(32))

        def value(world: _Deal, option: Discard) -> float:
            laid = mask_of(option.cards)
            hands = list(world.hands)
            hands[me] &= ~laid
            raws = self._raws(hands, me, random.Random(world.seed), spent, card_points(laid))
            return _contract_value(bid, raws) + self.margin * sum(raws) / len(raws)

        means = option_means(budget, options, sample, value)
        return best_option(means, rule, lambda _: DISCARD_EDGE)

    def contract(
        self, view: PlayerView, legal: Sequence[Action], seat: Seat, rng: random.Random
    ) -> Action:
        """The contract of the best mean ``±amount`` over sampled deals played out
        (the two other hands hidden, the discards counted), where a raise must
        beat keeping the bid by its ``raise_edge``."""
        options = sorted((a for a in legal if isinstance(a, Contract)), key=lambda a: a.amount)
        keep = options[0]
        pub = view.public
        active = list(pub.active)
        me = active.index(seat)
        laid = card_points(mask_of(card(c) for c in view.discards))
        budget, spent = self._deal_budget()

        def sample() -> list[int]:
            world = sample_world(view, rng, rule_reach, rule_contract)
            hands = [world.hands[s] for s in active]
            return self._raws(hands, me, random.Random(rng.getrandbits(32)), spent, laid)

        def value(raws: list[int], option: Contract) -> float:
            return _contract_value(option.amount, raws)

        means = option_means(budget, options, sample, value)
        return best_option(means, keep, lambda o: 0.0 if o == keep else raise_edge(o.amount))

    def _deal_budget(self) -> tuple[Budget, list[int]]:
        """This decision's budget: ``deal_budget``'s samples, stopped once its nodes
        are spent (counted in ``spent[0]``) or either budget's ``stop`` says so."""
        spent = [0]
        nodes = self.deal_budget.nodes
        outer, inner = self.budget.stop, self.deal_budget.stop

        def stop() -> bool:
            return spent[0] >= nodes or outer() or inner()

        return Budget(self.deal_budget.samples, nodes, stop), spent

    def _raws(
        self,
        hands: list[int],
        declarer: int,
        rng: random.Random,
        spent: list[int],
        laid: int = 0,
        counted: int | None = None,
    ) -> list[int]:
        """``deal_playouts`` raw totals of the declarer (or of ``counted``) in
        playouts of the whole deal from ``hands`` (by index), the declarer leading;
        ``laid`` (the declarer's discards) is added to each."""
        search = TisicSearch(declarer)
        pos = TisicPosition(list(hands), [], declarer, 0, -1)
        out = [laid + search.playout(pos, rng, counted=counted) for _ in range(self.deal_playouts)]
        spent[0] += search.nodes
        return out

    def _taking(
        self,
        hands: list[int],
        talon: int,
        declarer: int,
        rng: random.Random,
        spent: list[int],
        counted: int | None = None,
    ) -> list[int]:
        """Raw totals in playouts where ``declarer`` takes the ``talon`` and lays
        away the rule of thumb's best pair (which then counts for him)."""
        mine = list(hands)
        full = mine[declarer] | talon
        laid = ranked_discards(full)[0]
        mine[declarer] = full & ~laid
        extra = card_points(laid) if counted is None else 0
        return self._raws(mine, declarer, rng, spent, extra, counted)

    def card_values(
        self, view: PlayerView, rng: random.Random, legal: set[Card]
    ) -> dict[Card, float]:
        """Each card the seat may play, with its mean value for the declarer (the
        contract won or lost, plus ``margin`` of his raw points) over the samples."""
        pub = view.public
        assert pub.declarer is not None and pub.contract is not None
        active = list(pub.active)
        me = active.index(view.seat)
        trump = -1 if pub.trump is None else "hdsc".index(pub.trump)
        table = [card(c) for _, c in pub.trick]
        solve = len(view.hand) <= self.solve_from
        per_sample = max(1, self.budget.nodes // self.budget.samples)
        contract = pub.contract
        totals: dict[Card, float] = {}
        done = spent = 0
        for _ in range(self.budget.samples):
            if done and self.budget.stop():
                break
            world = sample_world(view, rng, rule_reach, rule_contract)
            search = TisicSearch(active.index(pub.declarer))
            pos = TisicPosition(
                [world.hands[s] for s in active], list(table), me, len(pub.history), trump
            )
            if solve:
                values: dict[int, float] = dict(search.values(pos, per_sample))
                if search.nodes >= per_sample and done:
                    break  # out of budget: these values are not exact
            else:
                values = search.rollout_values(pos, rng, self.playouts)
            spent += search.nodes
            raw = declarer_raw(view, world)
            for c, v in values.items():
                if c in legal:
                    final = raw + v
                    score = (contract if final >= contract else -contract) + self.margin * final
                    totals[Card(c)] = totals.get(Card(c), 0.0) + score
            done += 1
            if spent >= self.budget.nodes:
                break
        return {c: v / done for c, v in totals.items()} if done else {}


def _contract_value(amount: int, raws: Sequence[int]) -> float:
    """The declarer's mean score at a contract of ``amount`` (§8.2): ``+amount``
    for each raw total reaching it, ``-amount`` for each falling short."""
    made = sum(1 for r in raws if r >= amount)
    return amount * (2 * made - len(raws)) / len(raws)
