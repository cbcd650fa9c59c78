"""The trumps a volený declarer names from his first seven cards, by evaluation.

The rule player names his longest suit (the sharp cards break a tie). That
reads neither the hearts, whose game pays double and whose loss costs double,
nor the five cards still to come. The strong player samples those five and
the defenders' hands consistently with its seven
(``games.marias.determinize.sample_world``: at this point the sampler's talon
is the five the declarer will take), and for each suit it could name lays away
two of the twelve by the quick rule (``marias_discards.quick_discard``) and
plays the hra out a few times, priced by the tariff as an unannounced game
(the game or a silent hundred, the silent seven, doubled in hearts). Every
suit is valued on the same samples; the rule player's suit stays unless
another beats it by ``TRUMP_MARGIN``. Within a suit the rule player's card
(the lowest) is the one laid face down. Naming the trumps blind, "z lidu"
(§3.1.3), is an option of its own: the suit of a card drawn from the five to
come, so on each sample it is worth the suits' values weighted by how many of
those five each suit has; it too must beat the rule player's suit by the
margin (it rarely does: it trades a chosen suit for an average one). A betl or
a durch does not depend on the trumps, so it is weighed later, at the talon
(``marias_kind``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from games.cards import Rank, make_card
from games.engine import Action
from games.marias.actions import ChooseTrump, ChooseTrumpBlind
from games.marias.determinize import sample_world
from games.marias.rules import NORMAL_ORDER
from games.marias.views import PlayerView
from games.players.marias_declarer import deal_units, hra_scoring, play_out
from games.players.marias_discards import deal_rules, quick_discard, suit_mask
from games.players.pimc import best_option, option_means
from games.strong.budget import Budget
from games.strong.solver import TrickSolver

__all__ = ["BLIND", "TRUMP_MARGIN", "choose_trump", "trump_means"]

TRUMP_MARGIN = 0.3
"""Units per defender another suit must gain over the rule player's: the suits are
compared on the same samples, so their difference is less noisy than either
value; about two standard errors of it over a decision's playouts, and the
playouts of an unannounced game leave out the sedma or stovka a good suit buys."""


BLIND = -1
"""The option of naming the trumps blind ("z lidu") among the suits' codes."""


@dataclass(slots=True)
class _Deal:
    """One sampled deal: every hand (the declarer's with his five to come), those
    five, and each suit's value once it is played out."""

    hands: list[int]
    to_come: int
    values: dict[int, float] = field(default_factory=dict)


def _by_suit(legal: Sequence[Action], default: ChooseTrump) -> dict[int, ChooseTrump]:
    """One trump card per suit: the default in its suit, the lowest in the others."""
    out: dict[int, ChooseTrump] = {}
    for a in legal:
        if not isinstance(a, ChooseTrump):
            continue
        suit = a.card // 13
        held = out.get(suit)
        if held is None or NORMAL_ORDER.strength[a.card] < NORMAL_ORDER.strength[held.card]:
            out[suit] = a
    out[default.card // 13] = default
    return out


def trump_means(
    view: PlayerView, options: Sequence[int], rng: random.Random, budget: Budget, playouts: int
) -> dict[int, float]:
    """Each option's mean per-defender units (a suit as the trumps of an unannounced
    hra, or ``BLIND``: the suit of a card drawn from the five to come), over sampled
    deals (those five among them) played out."""
    active = list(view.public.active)
    me = active.index(view.seat)

    def sample() -> _Deal:
        world = sample_world(view, rng)
        hands = list(world.hands)
        hands[me] |= world.talon
        return _Deal(hands, world.talon)

    def suit_value(deal: _Deal, suit: int) -> float:
        if suit not in deal.values:
            held = list(deal.hands)
            held[me] = quick_discard(deal.hands[me], suit)
            seven = make_card(Rank.SEVEN, suit)  # type: ignore[arg-type]
            solver = TrickSolver(deal_rules(suit), hra_scoring(suit, None), [me], len(active))
            runs = play_out(solver, held, me, seven, playouts, rng)
            hearts = 2 if suit == 0 else 1
            deal.values[suit] = sum(deal_units(r, False, False, hearts) for r in runs) / len(runs)
        return deal.values[suit]

    def value(deal: _Deal, option: int) -> float:
        if option != BLIND:
            return suit_value(deal, option)
        five = deal.to_come.bit_count()
        return sum(
            suit_value(deal, suit) * n / five
            for suit in range(4)
            if (n := (deal.to_come & suit_mask(suit)).bit_count())
        )

    return option_means(budget, list(options), sample, value)


def choose_trump(
    view: PlayerView,
    legal: Sequence[Action],
    default: Action,
    rng: random.Random,
    budget: Budget,
    playouts: int,
) -> Action:
    """The trump card of the suit of the best mean, or the trumps named blind; the
    rule player's ``default`` unless another option beats it by ``TRUMP_MARGIN``."""
    if not isinstance(default, ChooseTrump):
        return default
    by_suit: dict[int, Action] = dict(_by_suit(legal, default))
    blind = next((a for a in legal if isinstance(a, ChooseTrumpBlind)), None)
    if blind is not None:
        by_suit[BLIND] = blind
    if len(by_suit) < 2:
        return default
    # the suits first, so that the blind option reads their values on each deal
    means = trump_means(view, sorted(by_suit, reverse=True), rng, budget, playouts)
    return by_suit[best_option(means, default.card // 13, lambda _: TRUMP_MARGIN)]
