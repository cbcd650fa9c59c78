"""The strong licitovaný player: sampled deals, played out or solved open-handed.

Before the play it values its options over deals sampled consistently with its
view (``games.marias_licit.determinize``), every option on the same deals
(``games.players.pimc.option_means``), by heuristic playouts
(``TrickSolver.playout``) priced with the licitovaný tariff (§3.3.5, §4.3, the
default house rules: the sto doubled per ten over or short, the silent game
and the silent seven):

* Auction: every contract that a bid (or a "mám") would leave open, valued
  as the declarer's expected payment per defender after taking the sampled
  talon and laying away two cards (:func:`quick_discard`). It bids the lowest
  level it may (or holds) when the best such contract beats passing (worth 0)
  by its level's margin (``MARGIN``); otherwise it passes. A bid's worth is
  that of the best contract at or above it, which only falls as the bid
  rises, and the hold auction lets a seat go up a step at a time, so a jump is
  never worth more than the lowest bid.
* Talon: the rule player's discard, and each contract's own discard, paired
  with the contracts they leave open; another discard replaces the rule
  player's only when its pair beats his best by its level's margin.
* Contract: each legal contract (and the omyl where it is open) on the same
  deals; the rule player's choice stays unless another beats it by the
  margin of its level.
* Fleks: each flek chain (sedma, sto, betl, durch, dvě sedmy) is raised when
  the seat's side wins it in at least ``FLEK_AT`` (volený's thresholds) of the
  playouts.

Dvě sedmy (levels 9-12: the helper seven takes the last trick but one, the
trump seven the last) are played out by ``games.players.licit_sevens``, whose
playouts keep both sevens and read the ninth trick; they are valued only
with both sevens in hand. The samples read the bids through the rule
player's model (``licit_rules.auction_top``). The omyl in the play stays with
the rule player. The play samples deals and solves each
(``games.strong.solver`` through ``games.players.pimc``) and plays the card
with the best mean: card points with the last trick and marriages, plus the
sedma's last trick in a contract with a sedma, or the dvě sedmy at their
price (``TwoSevensSolver`` with a stake, which pays them when the ninth trick
is complete), or won/lost in betl and durch. The first tricks are played by
rollouts (``roll_from`` cards or fewer), the last by exact search
(``solve_from``). It sees nothing but its view.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from games.cards import DECK_32, Rank, Suit, card, make_card, mask_of
from games.engine import Action, Seat
from games.marias.actions import Discard, Flek, Pass, Play
from games.marias.rules import KINGS, QUEENS, SHARP
from games.marias_licit.actions import Bid, Contract, Hold, Omyl
from games.marias_licit.determinize import rules_of, sample_world
from games.marias_licit.levels import LEVELS, Level, level
from games.marias_licit.views import PlayerView
from games.players.licit_rules import LicitRulePlayer, auction_top
from games.players.licit_sevens import SevensRun, TwoSevensSolver, two_sevens_discard
from games.players.marias_discards import (
    deal_rules,
    marriages_of,
    quick_discard,
    sudden_discard,
)
from games.players.marias_strong import FLEK_AT, SEDMA_BONUS, contract_scoring
from games.players.pimc import World, best_option, card_means, option_means, pick
from games.strong.budget import Budget
from games.strong.solver import Position, Scoring, TrickSolver

__all__ = [
    "MARGIN",
    "OMYL_UNITS",
    "LicitStrongPlayer",
    "Plan",
    "play_scoring",
    "quick_discard",
    "sevens_stake",
    "sevens_units",
]

MARGIN: dict[int, float] = {
    1: 0.5, 2: 1.0, 3: 1.5, 4: 2.0, 5: 3.0, 6: 4.0, 7: 3.0, 8: 6.0,
    9: 8.0, 10: 9.0, 11: 12.0, 12: 14.0,
}  # fmt: skip
"""Units per defender by which a contract of each level must beat the
alternative (passing, worth 0, in the auction; the rule player's choice at the
talon and the contract) before it is chosen. Passing is the break-even: a
contract is worth playing exactly when its expected payment is above 0. The
margin covers the estimate's error (a dozen sampled deals of two playouts
each) and what the playouts leave out: the fleks a doubtful contract draws, the
bids that told the table a hand is strong. For an all-or-nothing component of
price ``u`` the expected payment is ``u(2p - 1)``, so a margin ``m`` asks for a
win chance of ``1/2 + m/(2u)``: 0.6 for betl (3 of 15) and durch (6 of 30), 0.625
for a sedma (0.5 of 2, 1 of 4 in hearts). The sto levels ask a third to three
eighths of their price, since a lost sto doubles per ten short and a few
playouts misjudge it most. Dvě sedmy (40 units, 60 red) ask for a chance of 0.6
like betl and durch, a little more with the sto."""

OMYL_UNITS = -3.0
"""A conceded level-1 sedma: the sedma lost at one flek less the silent game
(§3.3.3 item 6), 3 units per defender."""

_POINTS2 = tuple(20 if SHARP >> c & 1 else 0 for c in range(54))
_SUITS = "hdsc"
_DECK = mask_of(DECK_32)


def _kind(plan: Plan) -> str:
    return "betl" if plan.level == 7 else "durch"


@dataclass(frozen=True, slots=True)
class Plan:
    """A contract to value: its level, trumps (``None`` in betl and durch) and, for
    dvě sedmy, the helper suit."""

    level: int
    trump: int | None = None
    helper: int | None = None


def _plans(least: int, hand: int, most: int = 12) -> list[Plan]:
    """Every contract of levels ``least`` to ``most``, with each trump it allows; dvě
    sedmy only with both sevens in ``hand`` (without one they are lost for sure)."""
    out: list[Plan] = []
    for lv in LEVELS[max(least, 1) - 1 : most]:
        if not lv.trumps:
            out.append(Plan(lv.number))
        for t in lv.trumps:
            if not lv.helper:
                out.append(Plan(lv.number, int(t)))
                continue
            out.extend(
                Plan(lv.number, int(t), int(h))
                for h in lv.helpers(t)
                if _holds_sevens(hand, int(t), int(h))
            )
    return out


def _holds_sevens(hand: int, trump: int, helper: int) -> bool:
    sevens = (1 << make_card(Rank.SEVEN, Suit(trump))) | (1 << make_card(Rank.SEVEN, Suit(helper)))
    return hand & sevens == sevens


@dataclass(frozen=True, slots=True)
class _Run:
    """One playout of a colour game: the declarer's card points (with the last trick),
    who took the trump seven's last trick (+1 the declarer, -1 a defender, 0
    neither), the declarer's marriages (total, best) and the defenders' (total,
    the sum of each defender's best)."""

    cards: int
    seven: int
    mine: tuple[int, int]
    theirs: tuple[int, int]


@dataclass
class _Deal:
    """One sampled deal for the decisions before the play: every active seat's hand
    now (the declarer's may still hold the talon's two cards), who declares, who
    leads a colour game; the playouts of each contract are made on demand and kept,
    so every option priced on this deal sees the same games."""

    hands: list[int]
    declarer: int
    forhond: int
    rng: random.Random
    playouts: int
    colour_runs: dict[int, list[_Run]] = field(default_factory=dict)
    sudden_runs: dict[str, list[bool]] = field(default_factory=dict)
    sevens_runs: dict[tuple[int, int], list[SevensRun]] = field(default_factory=dict)

    def colour(self, trump: int) -> list[_Run]:
        """The playouts of a colour game in ``trump`` (made once per deal)."""
        got = self.colour_runs.get(trump)
        if got is None:
            got = self.colour_runs[trump] = self._colour(trump)
        return got

    def sudden(self, kind: str) -> list[bool]:
        """Whether the declarer held the betl or durch, playout by playout."""
        got = self.sudden_runs.get(kind)
        if got is None:
            got = self.sudden_runs[kind] = self._sudden(kind)
        return got

    def sevens(self, trump: int, helper: int) -> list[SevensRun]:
        """The playouts of dvě sedmy in ``trump`` with ``helper`` (made once per deal)."""
        got = self.sevens_runs.get((trump, helper))
        if got is None:
            got = self.sevens_runs[(trump, helper)] = self._sevens(trump, helper)
        return got

    def _sevens(self, trump: int, helper: int) -> list[SevensRun]:
        hands = list(self.hands)
        d = self.declarer
        hands[d] = two_sevens_discard(hands[d], trump, helper)
        seven = make_card(Rank.SEVEN, Suit(trump))
        helper_seven = make_card(Rank.SEVEN, Suit(helper))
        scoring = Scoring(
            _POINTS2, last=20, marriages=True, kings=KINGS, queens=QUEENS,
            trump_suit=trump, bonus_card=seven,
        )  # fmt: skip
        solver = TwoSevensSolver(deal_rules(trump), scoring, [d], len(hands), helper_seven)
        mine = marriages_of(hands[d], trump)
        theirs = [marriages_of(h, trump) for i, h in enumerate(hands) if i != d]
        total_o = sum(t for t, _ in theirs)
        best_o = sum(b for _, b in theirs)
        out = []
        for _ in range(self.playouts):
            solver.ninth = (-1, -1)
            value = solver.playout(Position(list(hands), [], self.forhond, 0, 10), self.rng)
            cards = (value - mine[0] + total_o) // 2
            won = solver.last_trick == (seven, d) and solver.ninth == (helper_seven, d)
            out.append(SevensRun(cards, won, mine, (total_o, best_o)))
        return out

    def _colour(self, trump: int) -> list[_Run]:
        hands = list(self.hands)
        d = self.declarer
        hands[d] = quick_discard(hands[d], trump)
        seven = make_card(Rank.SEVEN, Suit(trump))
        # cards count twice and marriages once: the heuristic then weighs a marriage
        # against the tricks as the game's count does (volený's ``chances``)
        scoring = Scoring(
            _POINTS2, last=20, marriages=True, kings=KINGS, queens=QUEENS,
            trump_suit=trump, bonus_card=seven,
        )  # fmt: skip
        solver = TrickSolver(deal_rules(trump), scoring, [d], len(hands))
        mine = marriages_of(hands[d], trump)
        theirs = [marriages_of(h, trump) for i, h in enumerate(hands) if i != d]
        total_o = sum(t for t, _ in theirs)
        best_o = sum(b for _, b in theirs)
        out = []
        for _ in range(self.playouts):
            value = solver.playout(Position(list(hands), [], self.forhond, 0, 10), self.rng)
            cards = (value - mine[0] + total_o) // 2
            win, taker = solver.last_trick
            side = 0 if win != seven else 1 if taker == d else -1
            out.append(_Run(cards, side, mine, (total_o, best_o)))
        return out

    def _sudden(self, kind: str) -> list[bool]:
        hands = list(self.hands)
        d = self.declarer
        hands[d] = sudden_discard(hands[d], kind)
        solver = TrickSolver(deal_rules(None), Scoring(_POINTS2, sudden=kind), [d], len(hands))
        return [
            solver.playout(Position(list(hands), [], d, 0, 10), self.rng) == 0
            for _ in range(self.playouts)
        ]

    def value(self, plan: Plan) -> float:
        """The declarer's mean payment per defender in ``plan`` over this deal's playouts."""
        lv = level(plan.level)
        if plan.helper is not None:
            assert plan.trump is not None
            sevens = self.sevens(plan.trump, plan.helper)
            return sum(sevens_units(plan.level, plan.trump, r) for r in sevens) / len(sevens)
        if plan.trump is None:
            kind = "betl" if lv.has("betl") else "durch"
            price = lv.price_of(kind)
            runs = self.sudden(kind)
            return sum(price if won else -price for won in runs) / len(runs)
        colour = self.colour(plan.trump)
        return sum(_units(plan, run) for run in colour) / len(colour)


def _plan_of(contract: Contract) -> Plan:
    def code(suit: Suit | None) -> int | None:
        return None if suit is None else int(suit)

    return Plan(contract.level, code(contract.trump), code(contract.helper))


def _game_units(
    lv: Level, hearts: int, cards: int, mine: tuple[int, int], theirs: tuple[int, int]
) -> int:
    """The sto (doubled per ten over or short) where the level has one, else the
    silent game (a silent hundred at 2 units, doubled per ten over), per defender,
    from the declarer's card points and both sides' marriages (total, best)."""
    total_d = cards + mine[0]
    reach_d = cards + mine[1]
    if lv.has("sto"):
        base = lv.price_of("sto")
        if reach_d >= 100:
            return base << ((total_d - 100) // 10)
        return -(base << max(0, (100 - reach_d) // 10 - 1))
    reach_o = 90 - cards + theirs[1]
    if reach_d >= 100:
        return hearts * (2 << ((total_d - 100) // 10))
    if reach_o >= 100:
        return -hearts * (2 << ((90 - cards + theirs[0] - 100) // 10))
    return hearts if total_d > 90 - cards + theirs[0] else -hearts


def _units(plan: Plan, run: _Run) -> int:
    """What one playout of a colour contract pays per defender (§3.3.5 with the
    default house rules): the sto or the silent game, and the sedma or the silent
    seven."""
    lv = level(plan.level)
    hearts = 2 if plan.trump == 0 else 1
    units = _game_units(lv, hearts, run.cards, run.mine, run.theirs)
    if lv.has("sedma"):
        price = lv.price_of("sedma")
        return units + (price if run.seven == 1 else -price)
    return units + hearts * run.seven  # the silent seven


def sevens_units(level_number: int, trump: int, run: SevensRun) -> int:
    """What one playout of dvě sedmy pays per defender at this level (§3.3.5,
    default house rules): the dvě sedmy, and the sto or the silent game (no
    silent seven: the trump seven belongs to the contract)."""
    lv = level(level_number)
    price = lv.price_of("dvesedmy")
    hearts = 2 if trump == 0 else 1
    game = _game_units(lv, hearts, run.cards, run.mine, run.theirs)
    return (price if run.won else -price) + game


UNIT_POINTS = SEDMA_BONUS // 2
"""Card points per unit in the card play's values: the sedma's bonus over its
price of 2 units, so dvě sedmy weigh against the cards as a sedma does."""


def play_scoring(view: PlayerView) -> Scoring | None:
    """How the rest of the deal counts for the declarer (``None`` before a contract).
    In dvě sedmy the trump seven is kept for the last trick as in a sedma but
    pays nothing there: :func:`sevens_stake` pays the contract."""
    pub = view.public
    if pub.level is None:
        return None
    lv = level(pub.level)
    if lv.has("dvesedmy"):
        return replace(contract_scoring("hra", pub.trump, True), bonus=0)
    kind = "betl" if lv.has("betl") else "durch" if lv.has("durch") else "hra"
    return contract_scoring(kind, pub.trump, lv.has("sedma"))


def sevens_stake(view: PlayerView) -> int:
    """What the dvě sedmy on the table are worth in card points (0 in another
    contract): their price at the current flek."""
    pub = view.public
    if pub.level is None or not level(pub.level).has("dvesedmy"):
        return 0
    price = level(pub.level).price_of("dvesedmy") << int(pub.flek.get("dvesedmy", 0))
    return price * UNIT_POINTS


class LicitStrongPlayer:
    """Sampled deals valued by playouts before the play, PIMC in the card play."""

    name = "strong"

    def __init__(
        self,
        budget: Budget | None = None,
        solve_from: int = 5,
        roll_from: int | None = 10,
        playouts: int = 3,
        plan_budget: Budget | None = None,
        plan_playouts: int = 2,
    ) -> None:
        self.budget = budget or Budget(samples=16, nodes=100_000)
        self.plan_budget = plan_budget or Budget(
            samples=12, nodes=self.budget.nodes, stop=self.budget.stop
        )
        """The work of a decision before the play: ``samples`` deals, each priced by
        ``plan_playouts`` playouts per contract (a playout is some 30 nodes)."""
        self.solve_from = solve_from
        self.roll_from = roll_from
        self.playouts = playouts
        self.plan_playouts = plan_playouts
        self.rules = LicitRulePlayer()

    def choose(
        self, view: PlayerView, legal: Sequence[Action], seat: Seat, rng: random.Random
    ) -> Action:
        pub = view.public
        ruled: Action | None = None
        if any(isinstance(a, Omyl) for a in legal) and pub.phase != "contract":
            ruled = self.rules.choose(view, legal, seat, rng)
            if isinstance(ruled, Omyl):
                return ruled
        if len(legal) > 1 and pub.phase in ("auction", "talon", "contract", "flek"):
            ruled = ruled or self.rules.choose(view, legal, seat, rng)
            if pub.phase == "auction":
                return self._auction(view, legal, ruled, rng)
            if pub.phase == "talon":
                return self._talon(view, legal, ruled, rng)
            if pub.phase == "contract":
                return self._contract(view, legal, ruled, rng)
            return self._flek(view, legal, ruled, rng)
        return self._play(view, legal, seat, rng, ruled)

    # -- the auction, the contract, the fleks -----------------------------------------

    def deal_sampler(self, view: PlayerView, rng: random.Random) -> _Deal:
        """A deal consistent with the view, set up for pricing contracts: in the
        auction the seat is the would-be declarer holding the sampled talon too."""
        pub = view.public
        active = list(pub.active)
        world = sample_world(view, rng, auction_top)
        hands = list(world.hands)
        if pub.declarer is None:
            me = active.index(view.seat)
            hands[me] |= world.talon
            declarer = me
        else:
            declarer = active.index(pub.declarer)
        return _Deal(hands, declarer, 0, rng, self.plan_playouts)

    def plan_means(
        self, view: PlayerView, plans: Sequence[Plan], rng: random.Random
    ) -> dict[Plan, float]:
        """Each plan's mean payment per defender for the declarer, all on the same deals."""
        return option_means(
            self.plan_budget, plans, lambda: self.deal_sampler(view, rng), _Deal.value
        )

    def _auction(
        self, view: PlayerView, legal: Sequence[Action], ruled: Action, rng: random.Random
    ) -> Action:
        """Bid the lowest level it may, or hold, when a contract that leaves open is
        worth more than passing by its margin."""
        bids = sorted((a for a in legal if isinstance(a, Bid)), key=lambda a: a.level)
        hold = next((a for a in legal if isinstance(a, Hold)), None)
        passing = next((a for a in legal if isinstance(a, Pass)), None)
        if passing is None:
            return ruled
        go: Action
        if hold is not None:
            least, go = view.public.bid, hold
        elif bids:
            least, go = bids[0].level, bids[0]
        else:
            return ruled
        plans = _plans(least, mask_of(card(c) for c in view.hand))
        if not plans:
            return passing
        means = self.plan_means(view, plans, rng)
        scored: dict[Plan | None, float] = {None: 0.0}
        scored.update((p, v) for p, v in means.items())
        choice = best_option(scored, None, lambda p: 0.0 if p is None else MARGIN[p.level])
        return passing if choice is None else go

    def _talon(
        self, view: PlayerView, legal: Sequence[Action], ruled: Action, rng: random.Random
    ) -> Action:
        """The discard of the best (discard, contract) pair: the rule player's discard
        with every contract it leaves open, and each contract's own discard
        (:func:`quick_discard`, or the betl and durch one) with that contract; one
        other than the rule player's replaces it only by its level's margin."""
        pub = view.public
        if not isinstance(ruled, Discard):
            return ruled
        hand = [card(c) for c in view.hand]
        discards = {mask_of(a.cards): a for a in legal if isinstance(a, Discard)}
        mine = mask_of(hand)
        ruled_mask = mask_of(ruled.cards)
        plans = _plans(pub.bid, mine)
        pairs: list[tuple[int, Plan]] = [(ruled_mask, p) for p in plans]
        for p in plans:
            if p.trump is None:
                keep = sudden_discard(mine, _kind(p))
            elif p.helper is not None:
                keep = two_sevens_discard(mine, p.trump, p.helper)
            else:
                keep = quick_discard(mine, p.trump)
            away = mine & ~keep
            if away in discards and away != ruled_mask:
                pairs.append((away, p))
        if len({d for d, _ in pairs}) < 2:
            return ruled
        active = list(pub.active)
        me = active.index(view.seat)

        def sample() -> dict[int, _Deal]:
            world = sample_world(view, rng, auction_top)
            out = {}
            for away in {d for d, _ in pairs}:
                hands = list(world.hands)
                hands[me] = mine & ~away
                out[away] = _Deal(hands, me, 0, rng, self.plan_playouts)
            return out

        def value(deals: dict[int, _Deal], pair: tuple[int, Plan]) -> float:
            return deals[pair[0]].value(pair[1])

        means = option_means(self.plan_budget, pairs, sample, value)
        default = max((pair for pair in pairs if pair[0] == ruled_mask), key=means.__getitem__)
        choice = best_option(means, default, lambda pair: MARGIN[pair[1].level])
        return discards.get(choice[0], ruled)

    def _contract(
        self, view: PlayerView, legal: Sequence[Action], ruled: Action, rng: random.Random
    ) -> Action:
        """The legal contract of the best mean, where one other than the rule player's
        must beat it by its level's margin (the omyl by nothing: its price is sure)."""
        hand = mask_of(card(c) for c in view.hand)
        contracts: dict[Plan, Contract] = {}
        for a in legal:
            if not isinstance(a, Contract):
                continue
            plan = _plan_of(a)
            sevens = plan.trump is not None and plan.helper is not None
            if a == ruled or not sevens or _holds_sevens(hand, plan.trump, plan.helper):  # type: ignore[arg-type]
                contracts[plan] = a
        if not contracts:
            return ruled
        means: dict[Plan | None, float] = {}
        means.update((p, v) for p, v in self.plan_means(view, list(contracts), rng).items())
        omyl = next((a for a in legal if isinstance(a, Omyl)), None)
        if omyl is not None:
            means[None] = OMYL_UNITS
        default = _plan_of(ruled) if isinstance(ruled, Contract) else None
        if default not in means:
            return ruled
        choice = best_option(means, default, lambda p: 0.0 if p is None else MARGIN[p.level])
        if choice is None:
            return omyl or ruled
        return contracts[choice]

    def chances(self, view: PlayerView, rng: random.Random) -> dict[str, float]:
        """The declarer's chance to win each flek chain of the contract on the table:
        the share of the playouts of sampled deals in which it holds."""
        pub = view.public
        assert pub.level is not None
        lv = level(pub.level)
        trump = None if pub.trump is None else _SUITS.index(pub.trump)
        helper = None if pub.helper is None else _SUITS.index(pub.helper)
        names = list(lv.components)

        def won(deal: _Deal, name: str) -> float:
            if name in ("betl", "durch"):
                runs = deal.sudden(name)
                return sum(runs) / len(runs)
            assert trump is not None
            if helper is not None:
                sevens = deal.sevens(trump, helper)
                if name == "dvesedmy":
                    return sum(r.won for r in sevens) / len(sevens)
                return sum(r.cards + r.mine[1] >= 100 for r in sevens) / len(sevens)
            colour = deal.colour(trump)
            if name == "sedma":
                return sum(r.seven == 1 for r in colour) / len(colour)
            return sum(r.cards + r.mine[1] >= 100 for r in colour) / len(colour)

        return option_means(self.plan_budget, names, lambda: self.deal_sampler(view, rng), won)

    def _flek(
        self, view: PlayerView, legal: Sequence[Action], ruled: Action, rng: random.Random
    ) -> Action:
        """Raise each chain whose chance for the seat's side clears the threshold of its
        next level (volený's ``FLEK_AT``)."""
        pub = view.public
        if pub.level is None or pub.declarer is None:
            return ruled
        fleks = [a for a in legal if isinstance(a, Flek)]
        passing = next((a for a in legal if isinstance(a, Pass)), None)
        if not fleks or passing is None:
            return ruled
        raisable = {c for a in fleks for c in a.components}
        chances = self.chances(view, rng)
        mine = view.sides.role_of(view.seat) == "C"
        wanted = []
        for name, p_declarer in chances.items():
            if name not in raisable:
                continue
            p = p_declarer if mine else 1.0 - p_declarer
            at = int(pub.flek.get(name, 0))
            if at < len(FLEK_AT) and p >= FLEK_AT[at]:
                wanted.append(name)
        wanted_set = set(wanted)
        choice = next((a for a in fleks if set(a.components) == wanted_set), None)
        return choice if choice is not None else passing

    # -- the play -----------------------------------------------------------------------

    def _play(
        self,
        view: PlayerView,
        legal: Sequence[Action],
        seat: Seat,
        rng: random.Random,
        ruled: Action | None,
    ) -> Action:
        plays = [a for a in legal if isinstance(a, Play)]
        pub = view.public
        scoring = play_scoring(view) if pub.phase == "play" else None
        if (
            len(plays) < 2
            or scoring is None
            or pub.declarer is None
            or len(view.hand) > max(self.solve_from, self.roll_from or 0)
        ):
            return ruled or self.rules.choose(view, legal, seat, rng)
        values = self.card_values(view, rng, {a.card for a in plays}, scoring)
        if not values:
            return self.rules.choose(view, legal, seat, rng)
        wanted = pick(values, view.sides.role_of(seat) == "C")
        chosen = [a for a in plays if a.card in wanted]
        declared = [a for a in chosen if a.declare]  # a marriage is always worth saying
        return (declared or chosen)[0]

    def card_values(
        self, view: PlayerView, rng: random.Random, legal: set[int], scoring: Scoring
    ) -> dict[int, float]:
        """Each card the seat may play, with its mean value for the declarer."""
        pub = view.public
        active = list(pub.active)
        me = active.index(view.seat)
        rules = rules_of(view)
        assert pub.declarer is not None
        side = [active.index(pub.declarer)]
        table: list[int] = [card(c) for _, c in pub.trick]

        stake = sevens_stake(view)
        helper = None
        if pub.helper is not None:
            helper = make_card(Rank.SEVEN, Suit(_SUITS.index(pub.helper)))

        def world() -> World:
            sampled = sample_world(view, rng, auction_top)
            solver = (
                TrickSolver(rules, scoring, side, len(active))
                if helper is None or not stake
                else TwoSevensSolver(rules, scoring, side, len(active), helper, stake=stake)
            )
            return solver, Position(sampled.hands, table, me, len(pub.history), 10)

        exact = len(view.hand) <= self.solve_from
        return card_means(self.budget, rng, legal, world, exact=exact, playouts=self.playouts)
