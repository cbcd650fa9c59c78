"""The strong volený player: sampled deals, each solved open-handed.

In the play it samples deals consistent with its view
(``games.marias.determinize``), solves each by alpha-beta
(``games.strong.solver``) and plays the card with the best mean: card points
for the side (with the last trick and marriages) in a colour game, the sedma's
trick on top when one is announced, won or lost in a betl or a durch. The
search starts when a seat holds ``solve_from`` cards or fewer (cheap enough for
a chat). Before the play every decision is priced over sampled deals: the
trumps (``marias_trumps``), the game, hra, betl or durch, with its talon, and a
defender's špatná (``marias_kind``), the talon of a hra and its sedma and
stovka (``marias_declarer``), the fleks of a hra and its sedma by the chance
of playouts, a betl's or durch's by its playouts' win chance; a stovka's by
``marias_stovka`` (its samples read the announcement, and since its playouts
do not tell a made hundred from a lost one, the measured policy: the
defenders never flek it, the declarer answers a flek with re);
the rule player's choice is the default each time, replaced only by an option
that beats it by that option's margin. From ``roll_from`` cards in hand (every
trick, by default) the cards are ranked by playouts until the exact search
takes over. It sees nothing but its view, so it cannot peek.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from games.cards import Rank, card, make_card
from games.engine import Action, Seat
from games.marias.actions import (
    Announce,
    ChooseTrump,
    Discard,
    Extras,
    Flek,
    Pass,
    Play,
    Respond,
)
from games.marias.determinize import rules_of, sample_world
from games.marias.rules import KINGS, QUEENS, SHARP
from games.marias.views import PlayerView
from games.players.marias_declarer import choose_extras
from games.players.marias_kind import (
    choose_announce,
    choose_game,
    choose_response,
    sudden_chance,
)
from games.players.marias_rules import MariasRulePlayer
from games.players.marias_stovka import reach, stovka_raise, stovka_world
from games.players.marias_trumps import choose_trump
from games.players.pimc import World, card_means, pick
from games.strong.budget import Budget
from games.strong.solver import Position, Scoring, TrickSolver

__all__ = ["MariasStrongPlayer", "contract_scoring", "play_scoring"]

_POINTS = tuple(10 if SHARP >> c & 1 else 0 for c in range(54))
SEDMA_BONUS = 40
"""What the sedma's last trick is worth against card points (a sedma pays about
as much as the game, which is decided by a margin of tens)."""


def contract_scoring(
    kind: str | None, trump: str | None, sedma: bool, silent: bool = True
) -> Scoring:
    """How the rest of a Mariáš deal counts for the declarer: card points, the last
    trick and marriages in a colour game (``trump`` its suit code), the sedma's
    last trick on top when one is played for; won or lost in a betl or a durch.

    Without an announced sedma the trump seven that takes the last trick is a
    silent seven (§3.0.5, ``silent``): 1 unit to whichever side plays it, half a
    sedma's bonus, so every holder keeps it back when it can win the end and the
    other side plays to kill it (a killed one is not paid in volený, §6 #20)."""
    if kind in ("betl", "durch"):
        return Scoring(_POINTS, sudden=kind)
    suit = "hdsc".index(trump) if trump else None
    played_for = suit is not None and (sedma or silent)
    seven = make_card(Rank.SEVEN, suit) if played_for else None  # type: ignore[arg-type]
    return Scoring(
        _POINTS,
        last=10,
        marriages=True,
        kings=KINGS,
        queens=QUEENS,
        trump_suit=suit,
        bonus_card=seven,
        bonus=0 if seven is None else SEDMA_BONUS if sedma else SEDMA_BONUS // 2,
        bonus_both=seven is not None and not sedma,
    )


def play_scoring(view: PlayerView) -> Scoring:
    """How the rest of the deal counts, from the contract the view shows."""
    pub = view.public
    return contract_scoring(pub.kind, pub.trump, pub.sedma)


FLEK_AT = (0.6, 0.65, 0.85, 0.9)
"""The side's chance a chain needs to be raised to its next level (flek, re, tutti,
retutti; never beyond): a raise doubles the stake, so an even chance is the
break-even; the margin covers the estimate's error and the answer the raise
invites. The samples do not read the other side's raises (a re says its hand is
strong), so each side would think itself the favourite; tutti and retutti ask
for near certainty, or two strong players would raise each other without end."""


def _trump_of(view: PlayerView) -> int | None:
    """The trump suit: shown to all, or the declarer's own trump card before that."""
    code = view.public.trump
    if code is None and view.own_trump_card is not None:
        code = view.own_trump_card[1]
    return None if code is None else "hdsc".index(code)


class MariasStrongPlayer:
    """Perfect-information Monte Carlo in the play of volený; the rule player elsewhere."""

    name = "strong"

    def __init__(
        self,
        budget: Budget | None = None,
        solve_from: int = 6,
        roll_from: int | None = 10,
        playouts: int = 3,
        flek_playouts: int = 6,
        extras_playouts: int = 8,
        discard_playouts: int = 5,
        sudden_playouts: int = 6,
        trump_playouts: int = 3,
    ) -> None:
        self.budget = budget or Budget(samples=16, nodes=60_000)
        self.solve_from = solve_from
        self.roll_from = roll_from
        self.playouts = playouts
        self.flek_playouts = flek_playouts
        self.extras_playouts = extras_playouts
        self.discard_playouts = discard_playouts
        self.sudden_playouts = sudden_playouts
        self.trump_playouts = trump_playouts
        self.rules = MariasRulePlayer()

    def choose(
        self, view: PlayerView, legal: Sequence[Action], seat: Seat, rng: random.Random
    ) -> Action:
        plays = [a for a in legal if isinstance(a, Play)]
        pub = view.public
        if any(isinstance(a, Extras) for a in legal):
            default = self.rules.choose(view, legal, seat, rng)
            return choose_extras(view, legal, default, rng, self.budget, self.extras_playouts)
        if any(isinstance(a, ChooseTrump) for a in legal):
            default = self.rules.choose(view, legal, seat, rng)
            return choose_trump(view, legal, default, rng, self.budget, self.trump_playouts)
        if any(isinstance(a, Discard) for a in legal):
            default = self.rules.choose(view, legal, seat, rng)
            return choose_game(
                view, legal, default, rng, self.budget, self.discard_playouts, self.sudden_playouts
            )
        if any(isinstance(a, Announce) for a in legal):
            default = self.rules.choose(view, legal, seat, rng)
            return choose_announce(
                view, legal, default, rng, self.budget, self.discard_playouts, self.sudden_playouts
            )
        if any(isinstance(a, Respond) for a in legal):
            default = self.rules.choose(view, legal, seat, rng)
            return choose_response(view, legal, default, rng, self.budget, self.sudden_playouts)
        if any(isinstance(a, Flek) for a in legal):
            flek = self._flek(view, legal, seat, rng)
            if flek is not None:
                return flek
        if (
            len(plays) < 2
            or pub.phase != "play"
            or pub.declarer is None
            or len(view.hand) > max(self.solve_from, self.roll_from or 0)
        ):
            return self.rules.choose(view, legal, seat, rng)
        values = self.card_values(view, rng, {a.card for a in plays})
        if not values:
            return self.rules.choose(view, legal, seat, rng)
        wanted = pick(values, view.sides.role_of(seat) == "C")
        chosen = [a for a in plays if a.card in wanted]
        declared = [a for a in chosen if a.declare]  # a marriage is always worth saying
        return (declared or chosen)[0]

    # -- fleks ---------------------------------------------------------------------

    def _flek(
        self, view: PlayerView, legal: Sequence[Action], seat: Seat, rng: random.Random
    ) -> Action | None:
        """Raise each chain (the game, the sedma) whose chance for the seat's side,
        over sampled deals played out, clears the threshold of its next level; a
        stovka's chain by ``marias_stovka.stovka_raise`` (its sedma by the chance,
        the samples reading the stovka); ``None`` (the rule player decides) for a
        contract this cannot judge."""
        pub = view.public
        fleks = [a for a in legal if isinstance(a, Flek)]
        raisable = {c for a in fleks for c in a.components}
        if pub.kind in ("betl", "durch") and raisable == {pub.kind}:
            return self._sudden_flek(view, legal, fleks, seat, rng)
        if pub.kind != "hra" or pub.trump is None or not raisable <= {"hra", "sedma"}:
            return None
        mine = view.sides.role_of(seat) == "C"
        wanted = []
        if pub.stovka and "hra" in raisable and stovka_raise(mine, int(pub.flek.get("hra", 0))):
            wanted.append("hra")
        judged = ("sedma",) if pub.stovka else ("hra", "sedma")
        chances = self.chances(view, rng) if raisable & set(judged) else {}
        for name in judged:
            if name not in raisable or name not in chances:
                continue
            p = chances[name] if mine else 1.0 - chances[name]
            level = int(pub.flek.get(name, 0))
            if level < len(FLEK_AT) and p >= FLEK_AT[level]:
                wanted.append(name)
        choice = next((a for a in fleks if list(a.components) == wanted), None)
        if choice is not None:
            return choice
        return next((a for a in legal if isinstance(a, Pass)), None)

    def _sudden_flek(
        self,
        view: PlayerView,
        legal: Sequence[Action],
        fleks: Sequence[Flek],
        seat: Seat,
        rng: random.Random,
    ) -> Action | None:
        """A betl's or durch's flek by the chance of sampled deals played out (the
        card the declarer laid face down is one of his in the sample, unread)."""
        pub = view.public
        assert pub.kind is not None and pub.declarer is not None
        p = sudden_chance(
            view, pub.kind, rng, self.budget, self.sudden_playouts, declarer=pub.declarer
        )
        mine = p if view.sides.role_of(seat) == "C" else 1.0 - p
        level = int(pub.flek.get(pub.kind, 0))
        if level < len(FLEK_AT) and mine >= FLEK_AT[level]:
            return fleks[0]
        return next((a for a in legal if isinstance(a, Pass)), None)

    def chances(self, view: PlayerView, rng: random.Random) -> dict[str, float]:
        """The declarer's chance to win the game (after a stovka: to reach 100) and the
        sedma before the first card: the share of heuristic playouts of sampled
        deals he wins (the declarer's own trump card names the trumps before the
        table is shown them; a stovka's declarer holds a hand he could announce it
        with, ``marias_stovka.stovka_world``)."""
        pub = view.public
        active = list(pub.active)
        assert pub.declarer is not None
        rules = rules_of(view)
        trump = _trump_of(view)
        assert trump is not None
        seven = make_card(Rank.SEVEN, trump) if pub.sedma else None  # type: ignore[arg-type]
        # cards count twice and marriages once: the value is then above 90 exactly
        # when the declarer's total beats the defenders'
        # (the seven is the bonus card worth nothing: the playouts keep it for the end)
        scoring = Scoring(
            tuple(2 * p for p in _POINTS), last=20, marriages=True, kings=KINGS,
            queens=QUEENS, trump_suit=trump, bonus_card=seven,
        )  # fmt: skip
        side = [active.index(pub.declarer)]
        leader = active.index(pub.declarer)
        won = {"hra": 0, "sedma": 0}
        runs = 0
        for _ in range(self.budget.samples):
            if runs and self.budget.stop():
                break
            world = stovka_world(view, rng) if pub.stovka else sample_world(view, rng)
            solver = TrickSolver(rules, scoring, side, len(active))
            for _ in range(self.flek_playouts):
                value = solver.playout(Position(world.hands, [], leader, 0, 10), rng)
                win, taker = solver.last_trick
                if pub.stovka:
                    won["hra"] += reach(value, solver.said, side[0]) >= 100
                else:
                    won["hra"] += value > 90
                won["sedma"] += seven is not None and win == seven and taker == side[0]
                runs += 1
        out = {"hra": won["hra"] / runs}
        if seven is not None:
            out["sedma"] = won["sedma"] / runs
        return out

    def card_values(
        self, view: PlayerView, rng: random.Random, legal: set[int]
    ) -> dict[int, float]:
        """Each card the seat may play, with its mean value for the declarer's side
        over the sampled deals solved (or played out) within the budget."""
        pub = view.public
        active = list(pub.active)
        me = active.index(view.seat)
        rules = rules_of(view)
        scoring = play_scoring(view)
        assert pub.declarer is not None
        side = [active.index(pub.declarer)]
        table: list[int] = [card(c) for _, c in pub.trick]

        def world() -> World:
            sampled = sample_world(view, rng)
            solver = TrickSolver(rules, scoring, side, len(active))
            return solver, Position(sampled.hands, table, me, len(pub.history), 10)

        exact = len(view.hand) <= self.solve_from
        return card_means(self.budget, rng, legal, world, exact=exact, playouts=self.playouts)
