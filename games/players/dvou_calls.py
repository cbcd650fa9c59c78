"""The ve dvou calls outside the announcements, by evaluation: the trumps (A, C),
a sedma announced in play, and B's swap of the trump seven.

Each is priced like the announcements (``games.players.dvou_pricing``): deals
sampled from the seat's view, each played out to the end by the fast kernel
(``games.marias_dvou.fast``), valued with ve dvou's tariff, every option on
the same deals and the same random stream; the rule player's choice stays
unless another beats it by its margin (``pimc.best_option``).

* The trumps: the first player sees four cards. Nothing has been played or
  said, so every deal of the other 28 (his second four, the dealer's eight,
  the stock) is as likely as any other. Each suit he may name is played out
  as an unannounced game (the game or a silent hundred, the silent seven,
  hearts double); the sedma or stovka a good suit buys later is left out,
  which the margin stands for.
* In play, while the stock lasts (on every move the rules allow it): going on
  without a call, announcing the sedma (the seat keeps the trump seven for
  the last trick in its playouts, and the sedma counts ±2), and in B the
  swap of the trump seven for the face-up card under the stock (the seat's
  hand takes that card, and the seven becomes the stock's last card). The
  flek round a late sedma opens is not modelled: the opponent fleks what he
  expects to win, which the sedma's margin stands for.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from games.cards import DECK_32, Rank, Suit, card, make_card
from games.engine import Action
from games.marias_dvou.actions import ChooseSuit, Exchange, LateSeven
from games.marias_dvou.determinize import World
from games.marias_dvou.fast import Fast
from games.marias_dvou.tariff import first_player_units
from games.marias_dvou.views import PlayerView
from games.players.dvou_pricing import PRICING_NOISE, sample, stakes_of
from games.players.pimc import best_option, option_means
from games.strong.budget import Budget

__all__ = [
    "CALL_MARGIN",
    "TRUMP_MARGIN",
    "call_means",
    "choose_call",
    "choose_trumps",
    "trump_means",
]

TRUMP_MARGIN = 0.3
"""Units (times the hearts factor of the suit the rule player names) another suit
must gain: the suits are compared on the same deals, so their difference is
less noisy than either value; about two standard errors of it over a
decision's deals, and an unannounced game leaves out what a good suit buys."""
CALL_MARGIN = {"play": 0.0, "sedma": 0.3, "swap": 0.2}
"""Units (times the hearts factor) a call must gain over the rule player's: the
sedma's as at the start (``dvou_pricing.EXTRAS_MARGIN``), the swap's a little
less (it pays only in the cards it changes, a smaller spread than a sedma's)."""


def trump_means(
    view: PlayerView, suits: Sequence[int], rng: random.Random, budget: Budget, playouts: int
) -> dict[int, float]:
    """Each suit's mean units for the first player as the trumps of an unannounced
    game, over uniformly dealt rests of the deal played out by the kernel."""
    seen: list[int] = [card(c) for c in view.hand]
    rest: list[int] = [c for c in DECK_32 if c not in seen]
    rules = view.public.rules

    def deal() -> tuple[list[int], list[int], int]:
        cards = list(rest)
        rng.shuffle(cards)
        mine = sum(1 << c for c in seen + cards[:4])
        theirs = sum(1 << c for c in cards[4:12])
        return [mine, theirs], cards[12:], rng.getrandbits(32)

    def value(world: tuple[list[int], list[int], int], suit: int) -> float:
        hands, stock, seed = world
        stream = random.Random(seed)
        hearts = 2 if suit == 0 else 1
        total = 0
        for _ in range(playouts):
            played = Fast.opening(hands, stock, suit, rules).run(stream, PRICING_NOISE)
            total += first_player_units(played, -1, -1, {}, hearts)
        return total / playouts

    return option_means(budget, list(suits), deal, value)


def choose_trumps(
    view: PlayerView,
    legal: Sequence[Action],
    default: Action,
    rng: random.Random,
    budget: Budget,
    playouts: int = 2,
) -> Action:
    """The suit of the best mean, the rule player's ``default`` unless another beats
    it by ``TRUMP_MARGIN`` (times the default suit's hearts factor)."""
    by_suit = {int(a.suit): a for a in legal if isinstance(a, ChooseSuit)}
    if not isinstance(default, ChooseSuit) or len(by_suit) < 2:
        return default
    mine = int(default.suit)
    margin = TRUMP_MARGIN * (2 if mine == 0 else 1)
    means = trump_means(view, sorted(by_suit), rng, budget, playouts)
    return by_suit[best_option(means, mine, lambda _: margin)]


def call_means(
    view: PlayerView, options: Sequence[str], rng: random.Random, budget: Budget, playouts: int
) -> dict[str, float]:
    """Each of ``"play"`` (no call), ``"sedma"`` and ``"swap"`` with its mean units for
    the seat over sampled deals played out by the kernel from here."""
    st = stakes_of(view)
    pub = view.public
    assert pub.trump is not None
    seven = make_card(Rank.SEVEN, Suit("hdsc".index(pub.trump)))
    turned = None if pub.turned_card is None else card(pub.turned_card)
    flek = dict(st.flek)

    def deal() -> tuple[World, int]:
        return sample(view, rng), rng.getrandbits(32)

    def value(world: tuple[World, int], option: str) -> float:
        sampled, seed = world
        stream = random.Random(seed)
        sedma = st.me if option == "sedma" else st.sedma
        total = 0
        for _ in range(playouts):
            fast = Fast.of_view(view, sampled)
            fast.keep = sedma
            if option == "swap" and turned is not None and turned in fast.stock:
                fast.hands[st.me] ^= (1 << seven) | (1 << turned)
                fast.stock[fast.stock.index(turned)] = seven
            total += st.units(fast.run(stream, PRICING_NOISE), st.stovka, sedma, flek)
        return total / playouts

    return option_means(budget, list(options), deal, value)


def choose_call(
    view: PlayerView,
    legal: Sequence[Action],
    default: Action,
    rng: random.Random,
    budget: Budget,
    playouts: int = 2,
) -> Action | None:
    """The late sedma or the swap when one is legal and priced above going on (the
    rule player's ``default`` choice among them unless another beats it by its
    ``CALL_MARGIN``); ``None``: no call, a card is to be played. Only a seat that
    holds the trump seven is priced (the rules offer the sedma without it)."""
    trump = view.public.trump
    if trump is None:
        return None
    seven = make_card(Rank.SEVEN, Suit("hdsc".index(trump)))
    if seven not in {card(c) for c in view.hand}:
        return None  # a sedma without the seven is lost for sure; no seven, no swap
    calls: dict[str, Action] = {}
    for a in legal:
        if isinstance(a, LateSeven):
            calls["sedma"] = a
        elif isinstance(a, Exchange):
            calls["swap"] = a
    if not calls:
        return None
    mine = next((name for name, a in calls.items() if a == default), "play")
    hearts = stakes_of(view).hearts
    means = call_means(view, ["play", *calls], rng, budget, playouts)
    chosen = best_option(means, mine, lambda o: CALL_MARGIN[o] * hearts)
    return calls.get(chosen)
