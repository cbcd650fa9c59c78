"""The volený game by evaluation: hra, betl or durch at the talon and the
announcement, and a defender's špatná; the values they read, and they never peek."""

from __future__ import annotations

import random

import pytest

import games.players.marias_kind as kind_module
from games.cards import DECK_32, card, mask_of
from games.marias.actions import Announce, Discard, Flek, Respond
from games.marias.state import VolenyState
from games.players.marias_discards import sudden_discard
from games.players.marias_kind import (
    KIND_MARGIN,
    PRICE,
    choose_announce,
    choose_game,
    choose_response,
    sudden_chance,
)
from games.players.marias_rules import talon_cost
from games.players.marias_strong import MariasStrongPlayer
from games.strong.budget import Budget
from tests.marias.test_strong import RULES, VOLENY, _positions, _same_view_other_hands
from tests.strong.helpers import same_decision

BUDGET = Budget(samples=6)


def _mask(*codes: str) -> int:
    return mask_of(card(c) for c in codes)


def test_the_betl_lays_away_what_is_caught_and_the_durch_what_is_beaten() -> None:
    hand = _mask("7s", "8s", "9s", "7h", "8h", "7d", "8d", "9d", "7c", "8c", "Ac", "Ah")
    assert sudden_discard(hand, "betl") == hand & ~_mask("Ac", "Ah")
    hand = _mask("As", "Ks", "Qs", "Ah", "Kh", "Qh", "Ad", "Kd", "Ac", "Kc", "7d", "7c")
    assert sudden_discard(hand, "durch") == hand & ~_mask("7d", "7c")
    assert sudden_discard(_mask("7s", "8s"), "betl") == _mask("7s", "8s")


def _talon_positions(deals: int, seed: int) -> list[tuple[object, int]]:
    return [
        (state, seat)
        for state, seat in _positions(deals, seed=seed, phases=("talon",))
        if state.view(seat).public.kind is None
    ]


def test_a_low_hand_wins_its_betl_and_a_high_one_loses_it() -> None:
    """The chance reads the cards: the betl of the lowest ten is near sure, that of a
    hand of aces and kings is lost; a durch the other way round."""
    low = _mask("7s", "8s", "9s", "7h", "8h", "7d", "8d", "9d", "7c", "8c")
    high = _mask("As", "Ks", "Qs", "Ah", "Kh", "Qh", "Ad", "Kd", "Ac", "Kc")
    checked = 0
    for state, seat in _talon_positions(6, seed=40):
        view = state.view(seat)  # type: ignore[attr-defined]
        chances = {}
        for name, kept in (("low", low), ("high", high)):
            out = [c for c in DECK_32 if not kept >> c & 1]
            pair = (out[0], out[1])  # any two cards of neither hand: the talon
            for kind in ("betl", "durch"):
                after = kind_module.after_discard(view, kind, kept, pair)
                chances[name, kind] = sudden_chance(after, kind, random.Random(1), BUDGET, 6)
        assert chances["low", "betl"] >= 0.8 and chances["high", "betl"] <= 0.05
        assert chances["high", "durch"] > chances["low", "durch"] == 0.0
        checked += 1
    assert checked >= 3


def test_the_game_follows_the_values(monkeypatch: pytest.MonkeyPatch) -> None:
    """A hra valued far below a betl gives way to the betl's pair (an ace or a ten
    may then go to the talon); a hra worth more than any betl or durch keeps the rule
    player's pair."""
    positions = _talon_positions(12, seed=60)
    assert positions
    for worth, betl in ((-20.0, 0.9), (+20.0, 0.9)):
        monkeypatch.setattr(
            kind_module,
            "hra_worths",
            lambda view, pairs, default, rng, budget, playouts, w=worth: dict.fromkeys(
                [d for d in pairs if d == default][:1] or pairs[:1], w
            ),
        )
        monkeypatch.setattr(
            kind_module, "sudden_chance", lambda *a, b=betl, **k: b if a[1] == "betl" else 0.0
        )
        for state, seat in positions:
            view = state.view(seat)  # type: ignore[attr-defined]
            legal = state.legal_actions(seat)  # type: ignore[attr-defined]
            default = RULES.choose(view, legal, seat, random.Random(1))
            assert isinstance(default, Discard)
            chosen = choose_game(view, legal, default, random.Random(2), BUDGET, 3, 3)
            assert chosen in legal
            hand = [card(c) for c in view.hand]
            trump = card(view.own_trump_card) // 13 if view.own_trump_card else None
            planned_hra = talon_cost(hand, default.cards, trump) < 1000
            if worth > 0 and planned_hra:
                assert chosen == default
            if worth < 0 and planned_hra:
                kept = mask_of(hand) & ~mask_of(chosen.cards)  # type: ignore[attr-defined]
                assert kept == sudden_discard(mask_of(hand), "betl")


def test_the_announcement_follows_the_values(monkeypatch: pytest.MonkeyPatch) -> None:
    positions = list(_positions(10, seed=80, phases=("announce",)))
    assert positions
    for state, seat in positions:
        view = state.view(seat)
        legal = state.legal_actions(seat)
        kinds = {a.kind for a in legal if isinstance(a, Announce)}
        if view.own_trump_card is None or not {"hra", "betl"} <= kinds:
            continue
        default = RULES.choose(view, legal, seat, random.Random(1))
        assert isinstance(default, Announce)
        for chance, hra, want in ((0.95, -3.0, "betl"), (0.5, 1.0, "hra")):
            monkeypatch.setattr(
                kind_module, "sudden_chance", lambda *a, c=chance, **k: c if a[1] == "betl" else 0.0
            )
            monkeypatch.setattr(
                kind_module,
                "extras_means",
                lambda view, options, rng, budget, playouts, h=hra: dict.fromkeys(options, h),
            )
            chosen = choose_announce(view, legal, default, random.Random(2), BUDGET, 3, 3)
            betl = PRICE["betl"] * (2 * chance - 1)
            if default.kind == "hra" and betl > hra + KIND_MARGIN["betl"]:
                assert chosen == Announce("betl")
            elif default.kind == want or want == "hra":
                assert isinstance(chosen, Announce) and chosen.kind in kinds


def test_spatna_is_said_when_the_overcall_pays(monkeypatch: pytest.MonkeyPatch) -> None:
    positions = list(_positions(8, seed=120, phases=("respond",)))
    assert positions
    for state, seat in positions:
        view = state.view(seat)
        legal = state.legal_actions(seat)
        default = RULES.choose(view, legal, seat, random.Random(1))
        for chance, good in ((0.95, False), (0.2, True)):
            monkeypatch.setattr(kind_module, "sudden_chance", lambda *a, c=chance, **k: c)
            chosen = choose_response(view, legal, default, random.Random(2), BUDGET, 3)
            if view.public.kind in ("hra", "betl"):
                assert chosen == Respond(good)


def test_without_a_fit_the_defender_usually_says_dobra() -> None:
    """Real values: most defenders' hands are no betl, so špatná is rare."""
    said = []
    for state, seat in _positions(20, seed=140, phases=("respond",)):
        view = state.view(seat)
        legal = state.legal_actions(seat)
        default = RULES.choose(view, legal, seat, random.Random(1))
        chosen = choose_response(view, legal, default, random.Random(2), BUDGET, 4)
        said.append(chosen == Respond(False))
    assert len(said) > 20 and sum(said) <= len(said) // 4


@pytest.mark.parametrize("phase", ["talon", "announce", "respond"])
def test_never_peeks_when_it_chooses_the_game(phase: str) -> None:
    player = MariasStrongPlayer(Budget(samples=4, nodes=40_000))
    rng = random.Random(19)
    compared = 0
    for state, seat in _positions(14, seed=1700, phases=(phase,)):
        other = _same_view_other_hands(state, seat, rng)
        if other is None:
            continue
        same_decision(player, state, other, seat, seed=11)
        compared += 1
    assert compared > 8


def _betl_fleks(deals: int, seed: int) -> list[tuple[VolenyState, int]]:
    """The flek positions of seeded deals whose declarer always announces betl (the
    rule player otherwise)."""
    out = []
    for deal in range(deals):
        rng = random.Random(seed + deal)
        state: VolenyState = VOLENY.new_deal(
            VOLENY.options({}), 3, {"dealer": deal % 3}, seed=seed + deal
        )
        while not state.is_over and len(out) < 2 * (deal + 1):
            (seat,) = state.to_act()
            view = state.view(seat)
            legal = state.legal_actions(seat)
            if view.public.kind == "betl" and any(isinstance(a, Flek) for a in legal):
                out.append((state, seat))
            betl = [a for a in legal if a == Announce("betl")]
            action = betl[0] if betl else RULES.choose(view, legal, seat, rng)
            state, _ = VOLENY.apply(state, seat, action)
    return out


def test_a_betl_is_fleked_by_its_chance(monkeypatch: pytest.MonkeyPatch) -> None:
    """A defender fleks a betl the playouts say the declarer loses, and leaves one
    he is likely to win; the declarer answers a flek only with a likely betl."""
    positions = _betl_fleks(6, seed=210)
    assert len(positions) >= 6
    player = MariasStrongPlayer(BUDGET)
    for state, seat in positions:
        view = state.view(seat)
        legal = state.legal_actions(seat)
        declarer = view.sides.role_of(seat) == "C"
        for chance in (0.1, 0.5, 0.95):
            monkeypatch.setattr(
                "games.players.marias_strong.sudden_chance", lambda *a, c=chance, **k: c
            )
            chosen = player.choose(view, legal, seat, random.Random(3))
            mine = chance if declarer else 1 - chance
            assert isinstance(chosen, Flek) == (mine >= 0.6), (chance, declarer, chosen)


def test_never_peeks_when_it_fleks_a_betl() -> None:
    player = MariasStrongPlayer(Budget(samples=4, nodes=40_000))
    rng = random.Random(29)
    compared = 0
    for state, seat in _betl_fleks(6, seed=230):
        other = _same_view_other_hands(state, seat, rng)
        if other is None:
            continue
        same_decision(player, state, other, seat, seed=17)
        compared += 1
    assert compared >= 4
