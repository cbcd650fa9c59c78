"""The volený declarer's sedma and stovka by evaluation: the tariff a playout is
priced by, the seven it needs, the hands it likes, and it never peeks."""

from __future__ import annotations

import random

from games.cards import Rank, card
from games.marias.actions import Discard, Extras
from games.marias.state import VolenyState
from games.players.marias_declarer import (
    Played,
    choose_discard,
    choose_extras,
    deal_units,
    extras_means,
)
from games.players.marias_strong import MariasStrongPlayer
from games.strong.budget import Budget
from tests.marias.test_strong import RULES, _positions, _same_view_other_hands
from tests.strong.helpers import same_decision

SHARP_RANKS = (Rank.ACE, Rank.TEN)


def _played(
    cards: int, mine: tuple[int, ...] = (), theirs: tuple[int, ...] = (), seven: int = 0
) -> Played:
    return Played(cards, mine, tuple((1, p) for p in theirs), seven)


def test_a_playout_is_priced_by_the_tariff() -> None:
    # the game: the declarer's total against the defenders'
    assert deal_units(_played(50), stovka=False, sedma=False, hearts=1) == 1
    assert deal_units(_played(40, mine=(20,), theirs=(40,)), False, False, 1) == -1
    # a silent hundred at half the stovka's price, for whichever side reaches it
    assert deal_units(_played(70, mine=(40,)), False, False, 1) == 2 << 1
    assert deal_units(_played(10, theirs=(20,)), False, False, 1) == -2
    # an announced stovka: 4, doubled per ten beyond; lost: doubled per ten short
    assert deal_units(_played(80, mine=(20,)), stovka=True, sedma=False, hearts=1) == 4
    assert deal_units(_played(70, mine=(40,)), True, False, 1) == 8
    assert deal_units(_played(80, mine=(40,)), True, False, 1) == 16
    assert deal_units(_played(70, mine=(20,)), True, False, 1) == -4
    assert deal_units(_played(60, mine=(20,)), True, False, 1) == -8
    # the sedma: ±2 announced, ±1 silent, on top of the game; all doubled in hearts
    assert deal_units(_played(50, seven=1), False, sedma=True, hearts=1) == 3
    assert deal_units(_played(50, seven=0), False, sedma=True, hearts=1) == -1
    assert deal_units(_played(50, seven=1), False, False, 1) == 2
    assert deal_units(_played(30, seven=-1), False, False, 2) == -4


def _extras_positions(deals: int, seed: int) -> list[tuple[VolenyState, int]]:
    return list(_positions(deals, seed=seed, phases=("extras",)))


def test_no_sedma_is_announced_without_the_trump_seven() -> None:
    checked = 0
    for state, seat in _extras_positions(40, seed=700):
        view = state.view(seat)
        legal = state.legal_actions(seat)
        assert view.own_trump_card is not None
        seven = "7" + view.own_trump_card[1]
        default = RULES.choose(view, legal, seat, random.Random(1))
        chosen = choose_extras(view, legal, default, random.Random(2), Budget(samples=6), 4)
        assert isinstance(chosen, Extras)
        if seven not in view.hand:
            assert not chosen.sedma
            checked += 1
    assert checked > 10


def test_more_trumps_make_the_sedma_worth_more() -> None:
    """Over seeded deals, the sedma's gain over the plain game grows with the trumps
    the declarer holds beside his seven: the playouts read a hand the way a player does."""
    gains: dict[bool, list[float]] = {True: [], False: []}
    for state, seat in _extras_positions(120, seed=900):
        view = state.view(seat)
        assert view.own_trump_card is not None
        suit = view.own_trump_card[1]
        if "7" + suit not in view.hand:
            continue
        trumps = sum(c[1] == suit for c in view.hand)
        if trumps == 4:
            continue
        plain, sedma = Extras(False, False), Extras(False, True)
        means = extras_means(view, [plain, sedma], random.Random(3), Budget(samples=8), 6)
        gains[trumps >= 5].append(means[sedma] - means[plain])
    long, short = gains[True], gains[False]
    assert len(long) >= 5 and len(short) >= 5
    assert sum(long) / len(long) > sum(short) / len(short) + 1.0


def test_never_peeks_when_it_announces() -> None:
    player = MariasStrongPlayer(Budget(samples=6, nodes=40_000))
    rng = random.Random(13)
    compared = 0
    for state, seat in _extras_positions(40, seed=1100):
        other = _same_view_other_hands(state, seat, rng)
        if other is None:
            continue
        same_decision(player, state, other, seat, seed=7)
        compared += 1
    assert compared > 20


def test_the_hand_is_the_declarers_own() -> None:
    """The evaluation reads only the seat's cards: its samples keep them."""
    for state, seat in _extras_positions(3, seed=1300):
        view = state.view(seat)
        assert {card(c) for c in view.hand} == {c for c in range(54) if state.hands[seat] >> c & 1}


def test_the_talon_of_a_hra_keeps_aces_and_tens_and_is_weighed() -> None:
    """Of the rule player's best pairs the evaluation picks by price: never an ace or
    a ten when the rule player keeps them (that would forbid the hra), and not
    always the rule player's pair."""
    differ = weighed = 0
    for state, seat in _positions(30, seed=0, phases=("talon",)):
        view = state.view(seat)
        legal = state.legal_actions(seat)
        default = RULES.choose(view, legal, seat, random.Random(1))
        assert isinstance(default, Discard)
        if view.public.kind or any(c % 13 in SHARP_RANKS for c in default.cards):
            continue  # an overcall, or a betl or durch plan: the rule player's pair
        chosen = choose_discard(view, legal, default, random.Random(2), Budget(samples=6), 4)
        assert isinstance(chosen, Discard)
        assert not any(c % 13 in SHARP_RANKS for c in chosen.cards)
        weighed += 1
        differ += chosen != default
    assert weighed > 15 and differ > 0


def test_never_peeks_when_it_lays_away_the_talon() -> None:
    player = MariasStrongPlayer(Budget(samples=6, nodes=40_000))
    rng = random.Random(17)
    compared = 0
    for state, seat in _positions(30, seed=1500, phases=("talon",)):
        other = _same_view_other_hands(state, seat, rng)
        if other is None:
            continue
        same_decision(player, state, other, seat, seed=9)
        compared += 1
    assert compared > 15
