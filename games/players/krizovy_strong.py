"""The strong křížový player: sampled deals, each solved open-handed.

In the play it samples deals consistent with its view
(``games.marias_krizovy.determinize``), and each sample says who the partner
is (the holder of the called card) while the seat does not know: the seat
plays for the side it knows it is on, against sides it never reads from the
deal. Each sample is solved (``games.marias_krizovy.search``: the honer rule
on every move, the honers paid as they fall) and the card of the best mean
is played: card points with the last trick and marriages, and each honer at
``UNIT_POINTS`` a unit (a silent one 1, an announced one 2 per flek level),
or won or lost in betl, durch and "durch s …".

Before the play of a colour game the stovka and honers of the reveal, the
called partner's honer "s" and every speech of the flek round (fleks, re,
honers "proti", "re a osma") are priced over sampled deals played out, with
the křížový tariff and whether the deal is played at all
(``games.players.krizovy_pricing``); F's choice of trumps and called card, the
overcalls (betl, durch, "durch s …", "durch s chytrým") and the fleks of betl,
durch and durch s …
are valued the same way (``games.players.krizovy_contract``: a sudden
contract by the share of its playouts won, at its price; the hra by the
tariff): the rule player's choice stands unless another beats it by its
margin, and a sudden contract is fleked when its chance clears the level's
threshold. The play of a durch s chytrým (whose partner is whoever takes the
last trick) is searched as a durch of the first seven tricks.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from games.cards import Rank, Suit, card, make_card
from games.engine import Action, Seat
from games.marias.rules import KINGS, QUEENS, SHARP
from games.marias_krizovy.actions import DurchS, Overcall, Play
from games.marias_krizovy.determinize import announced_honers, rules_of, sample_world
from games.marias_krizovy.search import TRICKS, Honers, HonerSolver
from games.players.krizovy_contract import choose_overcall, choose_sudden_flek, choose_trumps
from games.players.krizovy_pricing import choose_approval, choose_extras, choose_flek
from games.players.krizovy_rules import KrizovyRulePlayer
from games.players.pimc import World, card_means, pick
from games.sides import DECLARER_SIDE, SidesView
from games.strong.budget import Budget
from games.strong.solver import Position, Scoring

__all__ = ["KrizovyStrongPlayer", "play_scoring", "tricks_of"]

_POINTS = tuple(10 if SHARP >> c & 1 else 0 for c in range(54))
UNIT_POINTS = 20
"""A unit (a silent honer, an unfleked game) against card points: a game is won
or lost by margins of a few tens."""
_HONER_RANKS = ((9, Rank.NINE), (8, Rank.EIGHT), (7, Rank.SEVEN))
_SEARCHED = ("hra", "betl", "durch", "durchs", "chytry")
_PRICED = ("choose", "announce", "approval", "flek")
"""The phases of the decisions before the play that are priced."""
_SUDDEN = ("betl", "durch", "durchs")


def play_scoring(view: Mapping[str, Any]) -> Scoring | None:
    """How the rest of the deal counts for side C (``None`` before a contract); a
    durch s chytrým is a durch played to ``tricks_of`` its kind."""
    kind = view["kind"]
    if kind not in _SEARCHED:
        return None
    if kind == "betl":
        return Scoring(_POINTS, sudden="betl")
    if kind in ("durch", "durchs", "chytry"):
        return Scoring(_POINTS, sudden="durch")
    trump = Suit("hdsc".index(view["trump"]))
    return Scoring(_POINTS, last=10, marriages=True, kings=KINGS, queens=QUEENS, trump_suit=trump)


def tricks_of(kind: str) -> int:
    """The tricks a contract is decided by: a durch s chytrým by the first seven
    (the declarer who takes them has won, whoever takes the last), else all."""
    return TRICKS - 1 if kind == "chytry" else TRICKS


def honers_of(view: Mapping[str, Any]) -> Honers | None:
    """The deal's honers for the solver: the announced ones with their flek, all
    three trump cards with their worth (``None`` without trumps)."""
    if view["kind"] != "hra" or not view["trump"]:
        return None
    trump = Suit("hdsc".index(view["trump"]))
    cards = {make_card(rank, trump): value for value, rank in _HONER_RANKS}
    announced = announced_honers(view)
    fleks = view["fleks"]
    worth = {c: 2 * UNIT_POINTS << int(fleks.get(f"h{v}", 0)) for c, v in announced.items()}
    return Honers(announced, cards, worth, UNIT_POINTS)


class KrizovyStrongPlayer:
    """PIMC in the card play of křížový; F's choice, the reveal, the overcalls, the
    honer calls and the fleks priced by playouts; the rule player elsewhere.
    ``plan_budget`` and ``plan_playouts`` are the worlds and playouts per world of
    a priced hra decision, ``contract_budget``, ``contract_playouts`` and
    ``sudden_playouts`` those of F's choice, the overcalls and a sudden contract's
    flek (the playouts of a betl or durch per world)."""

    name = "strong"

    def __init__(
        self,
        budget: Budget | None = None,
        solve_from: int = 4,
        roll_from: int | None = 8,
        playouts: int = 3,
        plan_budget: Budget | None = None,
        plan_playouts: int = 4,
        contract_budget: Budget | None = None,
        contract_playouts: int = 2,
        sudden_playouts: int = 4,
    ) -> None:
        self.budget = budget or Budget(samples=16, nodes=100_000)
        self.solve_from = solve_from
        self.roll_from = roll_from
        self.playouts = playouts
        self.plan_budget = plan_budget or Budget(samples=24, nodes=1)
        self.plan_playouts = plan_playouts
        self.contract_budget = contract_budget or Budget(samples=16, nodes=1)
        self.contract_playouts = contract_playouts
        self.sudden_playouts = sudden_playouts
        self.rules = KrizovyRulePlayer()

    def choose(
        self, view: Mapping[str, Any], legal: Sequence[Action], seat: Seat, rng: random.Random
    ) -> Action:
        phase = view["phase"]
        if phase in _PRICED and len(legal) > 1:
            return self.priced(view, legal, self.rules.choose(view, legal, seat, rng), rng)
        plays = [a for a in legal if isinstance(a, Play)]
        scoring = play_scoring(view) if view["phase"] == "play" else None
        hand = len(view["hand"])
        if (
            len(plays) < 2
            or len(plays) < len(legal)  # a chyták to show: the rule player shows it
            or scoring is None
            or hand > max(self.solve_from, self.roll_from or 0)
        ):
            return self.rules.choose(view, legal, seat, rng)
        values = self.card_values(view, rng, {a.card for a in plays}, scoring)
        if not values:
            return self.rules.choose(view, legal, seat, rng)
        ours = SidesView.from_dict(view["sides"]).role_of(seat) == DECLARER_SIDE
        wanted = pick(values, ours)
        return next(a for a in plays if a.card in wanted)

    def priced(
        self, view: Mapping[str, Any], legal: Sequence[Action], default: Action, rng: random.Random
    ) -> Action:
        """A decision before the play, the rule player's ``default`` unless its
        evaluation beats it."""
        phase = view["phase"]
        plan = self.plan_budget, self.plan_playouts
        contract, sudden = self.contract_budget, self.sudden_playouts
        if phase == "choose":
            return choose_trumps(view, legal, default, rng, contract, self.contract_playouts)
        if phase == "announce":
            return choose_extras(view, legal, default, rng, *plan)
        if phase == "approval":
            if any(isinstance(a, Overcall | DurchS) for a in legal):
                hra = self.plan_playouts
                default = choose_overcall(view, legal, default, rng, contract, sudden, hra)
                if isinstance(default, Overcall | DurchS):
                    return default
            return choose_approval(view, legal, default, rng, *plan)
        if view.get("kind") in _SUDDEN:
            return choose_sudden_flek(view, legal, default, rng, contract, sudden)
        return choose_flek(view, legal, default, rng, *plan)

    def card_values(
        self, view: Mapping[str, Any], rng: random.Random, legal: set[int], scoring: Scoring
    ) -> dict[int, float]:
        """Each card the seat may play, with its mean value for side C (as each
        sample places the partner)."""
        active = list(view["active"])
        me = active.index(view["viewer"])
        rules = rules_of(view)
        honers = honers_of(view)
        table: list[int] = [card(c) for _, c in view["trick"]]
        done = len(view["tricks"])

        def world() -> World:
            sampled = sample_world(view, rng)
            side = [active.index(s) for s in sampled.side]
            solver = HonerSolver(rules, scoring, side, len(active), honers, rules.trump_mask)
            return solver, Position(sampled.hands, table, me, done, tricks_of(view["kind"]))

        exact = len(view["hand"]) <= self.solve_from
        return card_means(self.budget, rng, legal, world, exact=exact, playouts=self.playouts)
