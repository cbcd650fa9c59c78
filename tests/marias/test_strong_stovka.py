"""A volený stovka's flek for the strong player (``games.players.marias_stovka``):
the samples read the announcement, a playout's hundred is counted as the game
counts it, the measured raises (defenders never flek, the declarer answers a
flek with re), the sedma beside it by its chance, and it never peeks."""

from __future__ import annotations

import random

import pytest

from games.cards import card, mask_of
from games.marias.actions import Flek, Pass
from games.marias.determinize import consistent, rules_of, sample_world
from games.marias.state import VolenyState
from games.players.marias_stovka import RISK, reach, stovka_raise, stovka_risk, stovka_world
from games.players.marias_strong import FLEK_AT, MariasStrongPlayer
from games.strong.budget import Budget
from tests.marias.test_strong import _same_view_other_hands
from tests.marias.voleny_play import act, mover, new
from tests.strong.helpers import same_decision

H = 0  # hearts, the trumps of these deals
F_HAND = "Ah Kh Qh Th 9h As Ts Ac Kd 7d 8d 7c"
"""Forhond's twelve: the trump marriage, five trumps, four aces and tens (one
more with the talon's), the seven of hearts missing."""
M_HAND = "8h 7s 8s 9s Js Qs Ks Tc Jc Qc"
Z_HAND = "Jh 7h Kc 9c 8c Ad Td Jd Qd 9d"


def _stovka(extras: str = "stovka") -> VolenyState:
    """F's hra in hearts with the stovka announced: M, a defender, to flek."""
    state = new(F_HAND, M_HAND, Z_HAND)
    state = act(state, "trump:Kh", "talon:7d,8d", "game:hra", "dobra", "dobra", f"extras:{extras}")
    return state


def _mask(codes: str) -> int:
    return mask_of(card(c) for c in codes.split())


def test_the_risk_counts_what_the_rule_players_stovka_lacks() -> None:
    assert stovka_risk(_mask("Ah Kh Qh Th 9h As Ts Kc Kd 7c"), H) == 1  # four aces and tens
    assert stovka_risk(_mask("Ah Kh Qh Th 9h As Ts Ac Tc 7c"), H) == 0
    # no queen, four aces and tens, three trumps
    assert stovka_risk(_mask("Ah Kh Th As Ts 7c 8c 9c 7d 8d"), H) == 1 + 1 + 2


def test_a_hundred_is_the_cards_with_the_best_marriage() -> None:
    """Cards count twice and marriages once in the value: 80 card points, the
    declarer's 40 and 20 and a defender's 20 give 2*80 + 60 - 20; the hundred
    counts 80 + 40."""
    assert reach(2 * 80 + 60 - 20, [(0, 40), (0, 20), (1, 20)], 0) == 120
    assert reach(2 * 70, [], 0) == 70


def test_a_defenders_samples_give_the_declarer_a_stovka_hand() -> None:
    """Every sample is consistent with the defender's view and the declarer's hand is
    within RISK of the fit, though uniform samples seldom are."""
    state = _stovka()
    seat = mover(state)
    view = state.view(seat)
    rules = rules_of(view)
    active = list(view.public.active)
    declarer = active.index(view.public.declarer)
    rng = random.Random(4)
    for _ in range(30):
        world = stovka_world(view, rng)
        assert stovka_risk(world.hands[declarer], H) <= RISK
        assert world.hands[active.index(seat)] == _mask(" ".join(view.hand))
        assert world.hands[declarer] >> card("Kh") & 1  # the trump card shown stays his
        hands = dict(zip(active, world.hands, strict=True))
        assert consistent(view, hands, rules)
        assert sum(h.bit_count() for h in world.hands) == 30
    uniform = [sample_world(view, rng).hands[declarer] for _ in range(30)]
    assert sum(stovka_risk(h, H) <= RISK for h in uniform) < 15


def test_the_declarers_own_samples_are_the_usual_ones() -> None:
    state = act(_stovka(), "flek:hra")
    assert state.view(mover(state)).public.declarer == mover(state)
    view = state.view(mover(state))
    world = stovka_world(view, random.Random(1))
    assert world.hands[list(view.public.active).index(mover(state))] == _mask(" ".join(view.hand))


def test_the_measured_raises() -> None:
    assert not stovka_raise(False, 0)  # a defender never fleks
    assert stovka_raise(True, 1)  # the declarer answers a flek with re
    assert not stovka_raise(True, 3) and not stovka_raise(False, 2)


def test_a_defender_does_not_flek_the_stovka_and_the_declarer_answers_a_flek() -> None:
    """The strong defender passes the stovka, and after a flek its declarer says re."""
    state = _stovka()
    seat = mover(state)
    legal = state.legal_actions(seat)
    player = MariasStrongPlayer(Budget(samples=4))
    assert player.choose(state.view(seat), legal, seat, random.Random(1)) == Pass()
    fleked = act(state, "flek:hra")
    while fleked.view(mover(fleked)).public.declarer != mover(fleked):
        fleked = act(fleked, "pass")
    seat = mover(fleked)
    chosen = player.choose(fleked.view(seat), fleked.legal_actions(seat), seat, random.Random(1))
    assert chosen == Flek(("hra",))


def test_the_sedma_beside_a_stovka_follows_its_chance(monkeypatch: pytest.MonkeyPatch) -> None:
    """With stovka and sedma, a defender fleks the sedma alone when its chance
    clears the threshold, and never the stovka."""
    state = new(F_HAND.replace("9h", "7h"), M_HAND, Z_HAND.replace("7h", "9h"))
    state = act(state, "trump:Kh", "talon:7d,8d", "game:hra", "dobra", "dobra")
    state = act(state, "extras:stovka+sedma")
    seat = mover(state)
    view, legal = state.view(seat), state.legal_actions(seat)
    chances = MariasStrongPlayer(Budget(samples=3)).chances(view, random.Random(1))
    assert set(chances) == {"hra", "sedma"}
    for p, flek in ((1.0 - FLEK_AT[0] - 0.05, True), (1.0 - FLEK_AT[0] + 0.05, False)):
        monkeypatch.setattr(
            MariasStrongPlayer, "chances", lambda *a, q=p, **k: {"hra": 0.0, "sedma": q}
        )
        chosen = MariasStrongPlayer().choose(view, legal, seat, random.Random(1))
        assert chosen == (Flek(("sedma",)) if flek else Pass()), (p, chosen)


def test_the_stovka_flek_never_peeks() -> None:
    player = MariasStrongPlayer(Budget(samples=4))
    rng = random.Random(8)
    compared = 0
    for extras in ("stovka", "stovka+sedma"):
        state = _stovka(extras) if extras == "stovka" else None
        if state is None:
            state = new(F_HAND.replace("9h", "7h"), M_HAND, Z_HAND.replace("7h", "9h"))
            state = act(state, "trump:Kh", "talon:7d,8d", "game:hra", "dobra", "dobra")
            state = act(state, f"extras:{extras}")
        for _ in range(4):
            seat = mover(state)
            other = _same_view_other_hands(state, seat, rng)
            if other is None:
                continue
            same_decision(player, state, other, seat)
            compared += 1
    assert compared >= 6
