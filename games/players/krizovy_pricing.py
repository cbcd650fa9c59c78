"""What the strong křížový player announces and fleks before the play, by evaluation.

The decisions of a colour game (hra) before its first card are priced over
deals sampled from the seat's view (``games.marias_krizovy.determinize``:
the called card's holder, and so the sides, are each sample's), each played
out from the first trick by the honer-aware solver's heuristic playouts
(``HonerSolver.playout``, the §2.5 honer rule on every move). A playout
records side C's card points, the marriages said and where each trump 9, 8
and 7 fell; the křížový tariff (§3.2.6-§3.2.7, §4.1, the default house
rules) then prices any announcement and flek on it: the game or the stovka
(a silent hundred), each honer announced (2 units per flek level, won only
on its own trick) or silent (1, a killed one paid to the other side), doubled
in hearts, and whether the deal is played at all (thrown in, "honer i hra",
the price equality, the dobírka). What a seat wins is its own share (§3.2.10:
a lone declarer settles with each of the three).

Every option is valued on the same sampled worlds (``pimc.option_means``'s
common random numbers; the playouts of one world draw from one stream for
every set of announced honers, since a honer announced changes the play).
The rule player's choice is the default; another option replaces it only
when its mean beats the default's by its margin (``pimc.best_option``): ``Z``
standard errors of the two options' difference over the worlds, and never
less than the option's floor (``FLEK_SHARE`` of a raised stake,
``HONER_MARGIN`` a honer, ``STOVKA_MARGIN`` a stovka):

* Extras (F at the reveal: stovka, honers): each option is followed by the
  defenders' best answer on the means, every subset of its chains (the game
  or stovka, each announced honer) fleked once, since an unfleked game with
  honers is not played and pays them (they answer a weak declarer with a flek,
  and let a strong one's be thrown in).
* Approval, the called partner's honer "s": the same, with F's honers.
* The flek round (fleks, re, honers "proti", "re a osma"): each legal raise
  (with a honer called in the same breath) against the final state it makes
  if the rest pass; the deal may then not be played (§3.2.7), which is what a
  flek on a thrown-in game buys.

F's choice, the overcalls (betl, durch, "durch s …") and the fleks of betl and
durch are ``games.players.krizovy_contract``'s, on this module's ``Pricer`` and
``pick_by_margin``.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any, TypeVar

from games.cards import Card, Rank, Suit, make_card
from games.engine import Action
from games.marias.rules import KINGS, QUEENS, SHARP
from games.marias_krizovy.actions import Approve, Extras, Flek, HonerCall, Pass
from games.marias_krizovy.determinize import rules_of, sample_world
from games.marias_krizovy.search import TRICKS, Honers, HonerSolver
from games.marias_krizovy.state import DESIGNATED
from games.players.pimc import best_option
from games.sides import DECLARER_SIDE, SidesView
from games.strong.budget import Budget
from games.strong.solver import Position, Scoring

__all__ = [
    "FLEK_SHARE",
    "HONER_MARGIN",
    "STOVKA_MARGIN",
    "Plan",
    "PricedDeal",
    "Pricer",
    "Run",
    "Z",
    "choose_approval",
    "choose_extras",
    "choose_flek",
    "deal_units",
    "flek_answers",
    "honers_said",
    "pick_by_margin",
]

Z = 2.0
"""An option replaces the rule player's only when its mean beats the default's by
``Z`` standard errors of their difference, measured over the decision's worlds
(the options are valued on the same worlds, so the difference is much less
noisy than either mean). In the flek round the error of a raise's gain is near
a unit over two dozen worlds (the raised game is ±2 where the throw-in is a
sure 1), a stovka's is tens of units (it doubles per ten short). Two errors
keep the evaluation from trading a sound rule for the luck of its samples
about 98% of the time when the two are in truth equal."""
FLEK_SHARE = (0.2, 0.3, 0.7, 0.8)
"""The least margin of a raise (whatever the error), as a share of the raised
chain's stake before it: a raise from stake ``s`` to ``2s`` of an all-or-nothing
chain gains ``s(2p - 1)`` at win chance ``p``, so ``0.2 s`` asks for ``p >= 0.6``
(volený's ``FLEK_AT``: 0.6, 0.65, 0.85, 0.9 for flek, re, tutti, retutti; never
beyond, as there). The samples do not read the other side's raises (a re says
its hand is strong), so the later levels ask for near certainty, or two strong
players would raise each other without end."""
HONER_MARGIN = 0.5
"""The least margin (in units, times the hearts factor) of a honer announced
against the rule player's choice, or left silent: an announced honer is ±2
where a silent one is ±1 (and only on its own trick), and the playouts know
nothing of how a honer's holder nurses it, so a honer asks for a quarter of its
price beyond the error."""
STOVKA_MARGIN = 1.0
"""The least margin (units, times the hearts factor) of a stovka announced
against the rule player's choice, or not: volený asks 0.6 per defender of a
stovka, and a lost stovka of křížový is paid by every player of the other side
doubled per ten short, which the playouts misjudge most."""
_POINTS = tuple(10 if SHARP >> c & 1 else 0 for c in range(54))
_HONERS = ((9, Rank.NINE), (8, Rank.EIGHT), (7, Rank.SEVEN))

Opt = TypeVar("Opt", bound=Hashable)


@dataclass(frozen=True, slots=True)
class Run:
    """One playout from the first trick: side C's card points with the last trick's
    ten, the marriages said (player index, points) and each trump honer's fate
    (value -> trick number, player index, whether it took its trick itself)."""

    cards: int
    said: tuple[tuple[int, int], ...]
    fates: Mapping[int, tuple[int, int, bool]]


@dataclass(frozen=True, slots=True)
class Plan:
    """A deal as the play would start: the stovka, the announced honers (value ->
    whether side C's) and every chain's flek level."""

    stovka: bool
    honers: Mapping[int, bool]
    fleks: Mapping[str, int]


def _count(run: Run, side: frozenset[int]) -> tuple[int, int, int, int]:
    """Side C's total and reach (one marriage counts towards 100) and side D's."""
    mine = [p for s, p in run.said if s in side]
    best: dict[int, int] = {}
    theirs = 0
    for s, p in run.said:
        if s not in side:
            theirs += p
            best[s] = max(best.get(s, 0), p)
    cards_d = 90 - run.cards
    return (
        run.cards + sum(mine),
        run.cards + max(mine, default=0),
        cards_d + theirs,
        cards_d + sum(best.values()),
    )


def played_units(run: Run, side: frozenset[int], plan: Plan, hearts: int) -> int:
    """What a played hra pays, in side C-signed units (``scoring._played_hra`` with
    the default house rules)."""
    total_c, reach_c, total_d, reach_d = _count(run, side)
    g = plan.fleks.get("hra", 0)
    if plan.stovka:
        if reach_c >= 100:
            units = (4 << (total_c - 100) // 10) * hearts << g
        else:
            units = -(4 << (100 - reach_c) // 10 - 1) * hearts << g
    elif reach_c >= 100:
        units = (2 << (total_c - 100) // 10) * hearts << g
    elif reach_d >= 100:
        units = -(2 << (total_d - 100) // 10) * hearts << g
    else:
        units = (hearts if total_c > total_d else -hearts) << g
    for value, _ in _HONERS:
        fate = run.fates.get(value)
        on_time = fate is not None and fate[0] == DESIGNATED[value]
        if value in plan.honers:
            won = on_time and fate is not None and fate[2]
            worth = 2 * hearts << plan.fleks.get(f"h{value}", 0)
            units += (worth if won else -worth) * (1 if plan.honers[value] else -1)
        elif on_time and fate is not None:
            worth = hearts if fate[2] else -hearts
            units += worth if fate[1] in side else -worth
    return units


def deal_units(run: Run, side: frozenset[int], plan: Plan, hearts: int) -> int:
    """What the deal pays side C: played, or not (§3.2.7, ``scoring.not_played``)."""
    game = plan.fleks.get("hra", 0)
    own = sum(1 for ours in plan.honers.values() if ours)
    played = (
        plan.stovka
        or not all(plan.honers.values())
        or any(plan.fleks.get(f"h{v}", 0) for v in plan.honers)
        or game >= 2
        or (game == 1 and not own)
    )
    if played:
        return played_units(run, side, plan, hearts)
    if not own:
        return hearts  # thrown in: the defenders pay the game
    if game == 0:
        return (2 * own + 1) * hearts  # "nehraje se a platí se honer i hra"
    return (2 * own - 2) * hearts  # the price equality (one honer) or the dobírka


class _Recorder(HonerSolver):
    """A ``HonerSolver`` whose playouts record C's card points and the honers' fates."""

    cards: int = 0
    fates: dict[int, tuple[int, int, bool]]

    def record(self, pos: Position, rng: random.Random) -> Run:
        self.cards = 0
        self.fates = {}
        self.playout(pos, rng)
        return Run(self.cards, tuple(self.said), self.fates)

    def _trick_bonus(self, trick: Sequence[int], leader: int, number: int) -> int:
        beaters = self.rules.beaters
        at = 0
        for i in range(1, len(trick)):
            if beaters[trick[at]] >> trick[i] & 1:
                at = i
        if self.side_mask >> ((leader + at) % self.n) & 1:
            self.cards += sum(_POINTS[c] for c in trick) + (10 if number == TRICKS else 0)
        if self.honers is not None:
            for i, c in enumerate(trick):
                value = self.honers.cards.get(c)
                if value is not None:
                    self.fates[value] = (number, (leader + i) % self.n, i == at)
        return 0


@dataclass(slots=True)
class PricedDeal:
    """One sampled deal priced by :class:`Pricer`: the hands, side C, the seed of its
    playouts' stream, and the playouts made per set of announced honers."""

    hands: list[int]
    side: frozenset[int]
    seed: int
    runs: dict[frozenset[int], list[Run]] = field(default_factory=dict)


class Pricer:
    """The sampled worlds of one decision and their playouts (by the set of honers
    announced), and what a plan is worth to the seat in each."""

    def __init__(self, view: Mapping[str, Any], rng: random.Random, playouts: int) -> None:
        self.view = view
        self.rng = rng
        self.playouts = playouts
        self.active = list(view["active"])
        self.me = self.active.index(view["viewer"])
        self.trump = Suit("hdsc".index(view["trump"]))
        self.hearts = 2 if self.trump == Suit.HEARTS else 1
        self.rules = rules_of(view)
        self.scoring = Scoring(
            _POINTS, last=10, marriages=True, kings=KINGS, queens=QUEENS,
            trump_suit=int(self.trump),
        )  # fmt: skip
        self.cards = {make_card(rank, self.trump): value for value, rank in _HONERS}
        self.by_value = {value: c for c, value in self.cards.items()}

    def sample(self) -> PricedDeal:
        world = sample_world(self.view, self.rng)
        side = frozenset(self.active.index(s) for s in world.side)
        return PricedDeal(world.hands, side, self.rng.getrandbits(32))

    def runs(self, world: PricedDeal, announced: frozenset[int]) -> list[Run]:
        """The playouts of ``world`` with these honer values announced."""
        got = world.runs.get(announced)
        if got is None:
            cards: dict[Card, int] = {self.by_value[v]: v for v in announced}
            honers = Honers(cards, self.cards, {}, 0)
            trumps = self.rules.trump_mask
            solver = _Recorder(self.rules, self.scoring, sorted(world.side), 4, honers, trumps)
            stream = random.Random(world.seed)
            got = [
                solver.record(Position(list(world.hands), [], 0, 0, TRICKS), stream)
                for _ in range(self.playouts)
            ]
            world.runs[announced] = got
        return got

    def value(self, world: PricedDeal, plan: Plan) -> float:
        """The seat's own mean gain in units under ``plan`` over the world's playouts."""
        side = world.side
        share = (3 if len(side) == 1 else 1) if self.me in side else -1
        runs = self.runs(world, frozenset(plan.honers))
        total = sum(deal_units(r, side, plan, self.hearts) for r in runs)
        return share * total / len(runs)


def _values(
    budget: Budget, pricer: Pricer, options: Mapping[Opt, Sequence[Plan]]
) -> dict[Opt, list[float]]:
    """Each option's value in each of the same worlds, under the plan of its list
    whose mean is the worst for the seat (the other side's answer, chosen on the
    means)."""
    rows: dict[Opt, list[list[float]]] = {o: [[] for _ in plans] for o, plans in options.items()}
    for k in range(budget.samples):
        if k and budget.stop():
            break
        world = pricer.sample()
        for o, plans in options.items():
            for row, plan in zip(rows[o], plans, strict=True):
                row.append(pricer.value(world, plan))
    return {o: min(row, key=sum) for o, row in rows.items()}


def pick_by_margin(
    values: Mapping[Opt, list[float]], default: Opt, floor: Callable[[Opt], float]
) -> Opt:
    """The option of the best mean (``pimc.best_option``), where one other than
    ``default`` must beat the default's mean by ``Z`` standard errors of their
    difference over the worlds, and by its ``floor`` at least."""
    base = values[default]
    n = len(base)
    means = {o: sum(v) / n for o, v in values.items()}

    def margin(o: Opt) -> float:
        if n < 2:
            return math.inf
        diffs = [a - b for a, b in zip(values[o], base, strict=True)]
        mean = sum(diffs) / n
        spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1))
        return max(floor(o), Z * spread / math.sqrt(n))

    return best_option(means, default, margin)


def flek_answers(stovka: bool, honers: Mapping[int, bool]) -> list[Plan]:
    """The defenders' answers to a deal with nothing fleked yet: each subset of
    side C's chains (the game or stovka, its announced honers) fleked once."""
    chains = ["hra", *(f"h{v}" for v, ours in honers.items() if ours)]
    return [
        Plan(stovka, honers, dict.fromkeys(subset, 1))
        for n in range(len(chains) + 1)
        for subset in combinations(chains, n)
    ]


def honers_said(view: Mapping[str, Any]) -> dict[int, bool]:
    """The honers announced so far: value -> whether side C's."""
    return {int(h["value"]): h["side"] == DECLARER_SIDE for h in view["honers"]}


def _priceable(view: Mapping[str, Any]) -> bool:
    return view.get("kind") == "hra" and bool(view.get("trump")) and not view["tricks"]


def choose_extras(
    view: Mapping[str, Any],
    legal: Sequence[Action],
    default: Action,
    rng: random.Random,
    budget: Budget,
    playouts: int,
) -> Action:
    """F's stovka and honers at the reveal: the best mean after the defenders' answer,
    the rule player's ``default`` unless another beats it by its margins."""
    options = [a for a in legal if isinstance(a, Extras)]
    if len(options) < 2 or default not in options or not _priceable(view):
        return default
    assert isinstance(default, Extras)
    plans = {a: flek_answers(a.stovka, dict.fromkeys(a.honers, True)) for a in options}
    values = _values(budget, Pricer(view, rng, playouts), plans)
    hearts = 2 if view["trump"] == "h" else 1

    def floor(a: Extras) -> float:
        changed = len(set(a.honers) ^ set(default.honers))
        return hearts * (HONER_MARGIN * changed + STOVKA_MARGIN * (a.stovka != default.stovka))

    return pick_by_margin(values, default, floor)


def choose_approval(
    view: Mapping[str, Any],
    legal: Sequence[Action],
    default: Action,
    rng: random.Random,
    budget: Budget,
    playouts: int,
) -> Action:
    """The called partner's "dobrá" or honer "s" (the rest is the rule player's: an
    overcall chosen by the rule player stays)."""
    calls = [a for a in legal if isinstance(a, HonerCall)]
    if not calls or not _priceable(view) or not isinstance(default, Approve | HonerCall):
        return default
    approve = next((a for a in legal if isinstance(a, Approve)), None)
    held = sorted({a.honer for a in calls}, reverse=True)
    actions: dict[frozenset[int], Action] = {}
    if approve is not None:
        actions[frozenset()] = approve
    for n in (1, 2, 3):
        for combo in combinations(held, n):
            first = HonerCall(combo[0], Approve() if n == 1 else None)
            if first in legal:
                actions[frozenset(combo)] = first
    key = _key_of(default, actions)
    if key is None:
        return default
    current = honers_said(view)
    plans = {
        s: flek_answers(bool(view["stovka"]), {**current, **dict.fromkeys(s, True)})
        for s in actions
    }
    values = _values(budget, Pricer(view, rng, playouts), plans)
    hearts = 2 if view["trump"] == "h" else 1
    choice = pick_by_margin(values, key, lambda s: hearts * HONER_MARGIN * len(s ^ key))
    return default if choice == key else actions[choice]


def _key_of(default: Action, actions: Mapping[Opt, Action]) -> Opt | None:
    """The option the rule player's action is, by what it announces."""
    if isinstance(default, HonerCall) and default.then is None:
        for k, a in actions.items():  # "osma s" and keep speaking: as "osma s" alone
            if isinstance(a, HonerCall) and a.honer == default.honer:
                return k
    return next((k for k, a in actions.items() if a == default), None)


@dataclass(frozen=True, slots=True)
class _Say:
    """A speech of the flek round: the honers called and the chains raised."""

    honers: frozenset[int]
    raises: frozenset[str]


def _say_of(action: Action) -> _Say | None:
    if isinstance(action, Pass):
        return _Say(frozenset(), frozenset())
    if isinstance(action, Flek):
        return _Say(frozenset(), frozenset(action.components))
    if isinstance(action, HonerCall):
        then = action.then
        raises = frozenset(then.components) if isinstance(then, Flek) else frozenset()
        return _Say(frozenset((action.honer,)), raises)
    return None


def choose_flek(
    view: Mapping[str, Any],
    legal: Sequence[Action],
    default: Action,
    rng: random.Random,
    budget: Budget,
    playouts: int,
) -> Action:
    """A speech of the flek round: every raise (and honer called with it) valued as
    the final state it makes when the rest pass; the rule player's ``default``
    unless another beats it by the margins of its raises and honers."""
    if not _priceable(view):
        return default
    fleks: dict[str, int] = {k: int(v) for k, v in (view.get("fleks") or {}).items()}
    actions: dict[_Say, Action] = {}
    for a in legal:
        say = _say_of(a)
        if say is None or (isinstance(a, HonerCall) and a.then is None):
            continue
        if all(fleks.get(c, 0) < len(FLEK_SHARE) for c in say.raises):  # never beyond retutti
            actions.setdefault(say, a)
    key = _say_of(default)
    if key is None or len(actions) < 2:
        return default
    if key not in actions:
        actions[key] = default
    mine = SidesView.from_dict(view["sides"]).role_of(view["viewer"]) == DECLARER_SIDE
    current = honers_said(view)
    stovka = bool(view["stovka"])

    def plan(say: _Say) -> Plan:
        honers = {**current, **dict.fromkeys(say.honers, mine)}
        levels = dict(fleks)
        for c in say.raises:
            levels[c] = levels.get(c, 0) + 1
        return Plan(stovka, honers, levels)

    values = _values(budget, Pricer(view, rng, playouts), {s: [plan(s)] for s in actions})
    hearts = 2 if view["trump"] == "h" else 1

    def floor(say: _Say) -> float:
        m = HONER_MARGIN * hearts * len(say.honers ^ key.honers)
        for c in say.raises ^ key.raises:
            level = fleks.get(c, 0)
            stake = (1 if c == "hra" else 2) * hearts << level
            m += FLEK_SHARE[min(level, len(FLEK_SHARE) - 1)] * stake
        return m

    choice = pick_by_margin(values, key, floor)
    return default if choice == key else actions[choice]
