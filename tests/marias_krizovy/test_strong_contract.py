"""The strong křížový player's contract (``games.players.krizovy_contract``): F's
trumps and called card, the overcalls and the fleks of betl and durch follow the
cards, follow their values across each margin and threshold, and never read the
hidden cards."""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterator, Mapping
from dataclasses import replace
from typing import Any

import pytest

from games.cards import DECK_32, card
from games.engine import Action
from games.marias_krizovy.actions import (
    Approve,
    Choose,
    ChooseBlind,
    DurchS,
    Flek,
    Overcall,
    Pass,
    Play,
)
from games.marias_krizovy.determinize import sample_world
from games.marias_krizovy.state import KrizovyState
from games.players import krizovy_contract as contract
from games.players import krizovy_strong
from games.players.krizovy_contract import (
    CHOOSE_FLOOR,
    OVERCALL_FLOOR,
    choice_values,
    choose_overcall,
    choose_trumps,
    overcall_values,
    plausible_world,
    risk,
    sudden_chance,
)
from games.players.krizovy_rules import KrizovyRulePlayer
from games.players.krizovy_strong import KrizovyStrongPlayer
from games.players.marias_strong import FLEK_AT
from games.registry import find_variant
from games.strong.budget import Budget
from tests.marias_krizovy.helpers import run, scripted
from tests.marias_krizovy.test_strong import _redealt
from tests.strong.helpers import same_decision

KRIZOVY = find_variant("marias-krizovy")
RULES = KrizovyRulePlayer()
BUDGET = Budget(samples=12, nodes=1)
PLAYER = KrizovyStrongPlayer(
    Budget(samples=4, nodes=20_000), plan_budget=Budget(samples=8), contract_budget=BUDGET
)

LOW = ["7h", "8h", "9h", "7d", "8d", "9d", "7s", "8s"]
HIGH = ["Ah", "Kh", "Ad", "Kd", "As", "Ks", "Ac", "Kc"]
DEALS = {
    "low": {
        0: ["Ah", "Kh", "Qh", "Jh", "Ad", "Kd", "Qd", "Jd"],
        1: LOW,
        2: ["Th", "Td", "9s", "Ts", "Js", "Qs", "Ks", "As"],
        3: ["7c", "8c", "9c", "Tc", "Jc", "Qc", "Kc", "Ac"],
    },
    "high": {
        0: ["Qh", "Jh", "9h", "8h", "7h", "Qd", "Jd", "Td"],
        1: HIGH,
        2: ["Th", "7d", "8d", "9d", "7s", "8s", "9s", "Ts"],
        3: ["Js", "Qs", "7c", "8c", "9c", "Tc", "Jc", "Qc"],
    },
}
"""Seat 1 with the lowest cards or the highest, F (seat 0) calling the ten of hearts."""
MIXED = {
    0: ["Ah", "Kh", "Qh", "7c", "8s", "9s", "7d", "8d"],
    1: ["Th", "9h", "8h", "Ac", "Tc", "Kc", "As", "Ts"],
    2: ["7h", "Jh", "Qc", "Jc", "9c", "Ks", "Qs", "Js"],
    3: ["8c", "Ad", "Td", "Kd", "Qd", "Jd", "9d", "7s"],
}
"""F's first four: the ace, king and queen of hearts and the seven of clubs."""
CHOICE = {"low": "volba:Jh,Th", "high": "volba:8h,Th"}


def _approval(which: str) -> KrizovyState:
    """Seat 1 to speak at the approval of F's hearts."""
    state, _ = run(scripted(DEALS[which]), [(0, CHOICE[which]), (0, "ext:none")])
    assert state.phase.value == "approval" and state.to_move == 1
    return state


def _sudden_flek(which: str, kind: str, fleked: bool) -> tuple[KrizovyState, int]:
    """The flek round of seat 1's betl or durch: a defender to speak, or (``fleked``)
    the declarer after a defender's flek."""
    state, _ = run(_approval(which), [(1, f"game:{kind}"), (2, "dobra"), (3, "dobra")])
    state, _ = run(state, [(0, "dobra")])
    if not fleked:
        return state, 2
    chain = "betl" if kind == "betl" else "durch"
    state, _ = run(state, [(2, f"flek:{chain}"), (3, "pass"), (0, "pass")])
    assert state.to_move == 1
    return state, 1


def _means(values: Mapping[Any, list[float]]) -> dict[Any, float]:
    return {o: sum(v) / len(v) for o, v in values.items()}


# --- (a) the values follow the cards ------------------------------------------------


def test_a_low_hand_is_a_betl_and_a_high_hand_a_durch() -> None:
    """Low cards make a likely betl and no durch, the aces and kings the other way."""
    got: dict[str, dict[str, float]] = {}
    for which in ("low", "high"):
        view = _approval(which).view(1)
        means: dict[str, float] = {}
        for kind in ("betl", "durch"):  # each the default, so that none is left out
            values = overcall_values(view, [kind], kind, random.Random(2), BUDGET, 4, 2)
            means[kind] = _means(values)[kind]
        got[which] = means
    assert got["low"]["betl"] > 5 > -5 > got["high"]["betl"]
    assert got["high"]["durch"] > 20 > -20 > got["low"]["durch"]


def test_a_declared_betl_and_durch_have_the_chance_of_their_cards() -> None:
    """In the flek round the declarer (answering a flek) prices his own cards; a
    defender, who does not see them, prices the hands the declarer could have called
    the contract with, not anybody's."""
    for which, kind, likely in (
        ("low", "betl", True),
        ("high", "betl", False),
        ("high", "durch", True),
        ("low", "durch", False),
    ):
        state, seat = _sudden_flek(which, kind, fleked=True)
        p = sudden_chance(state.view(seat), random.Random(3), BUDGET, 4)
        assert (p > 0.7) if likely else (p < 0.3), (which, kind, p)
    for which, kind in (("low", "betl"), ("high", "durch")):
        state, seat = _sudden_flek(which, kind, fleked=False)
        view = state.view(seat)
        rng = random.Random(5)
        near = sum(risk(kind, plausible_world(view, rng).hands[1]) for _ in range(12))
        anybody = sum(risk(kind, sample_world(view, rng).hands[1]) for _ in range(12))
        assert 2 * near < anybody, (kind, near, anybody)
    state, seat = _sudden_flek("low", "betl", fleked=False)
    assert sudden_chance(state.view(seat), random.Random(3), BUDGET, 4) > 0.3


def test_f_chooses_the_suit_his_first_four_hold() -> None:
    """Ace, king and queen of hearts beat a lone seven of clubs as trumps."""
    state = scripted(MIXED)
    view = state.view(0)
    legal = state.legal_actions(0)
    default = RULES.choose(view, legal, 0, random.Random(1))
    options = contract._calls(legal, default, [card(c) for c in view["hand"]])
    means = _means(choice_values(view, options, random.Random(4), BUDGET, 3))
    hearts = max(m for o, m in means.items() if isinstance(o, tuple) and o[0] == 0)
    clubs = max(m for o, m in means.items() if isinstance(o, tuple) and o[0] == 3)
    assert hearts > clubs + 1


# --- (b) the choice follows the values ---------------------------------------------


def _flat(values: Mapping[str, float], n: int = 12) -> dict[str, list[float]]:
    return {o: [v] * n for o, v in values.items()}


def test_an_overcall_is_made_by_its_margin(monkeypatch: pytest.MonkeyPatch) -> None:
    """A betl (durch, durch s …) replaces "dobrá" when it beats it by its floor and by
    two errors of the difference; the rule player's overcall gives way the same way."""
    for kind in ("betl", "durch", "durchs"):
        state = _approval("low" if kind == "betl" else "high")
        view, legal = state.view(1), state.legal_actions(1)
        floor = OVERCALL_FLOOR[kind]
        for gain, wanted in ((floor + 0.2, True), (floor - 0.2, False)):

            def fake(view: Any, options: list[str], *a: Any, k: str = kind, g: float = gain):
                target = next(o for o in options if o.startswith(k))
                return _flat({"stay": 1.0, target: 1.0 + g})

            monkeypatch.setattr(contract, "overcall_values", fake)
            chosen = choose_overcall(view, legal, Approve(), random.Random(1), BUDGET, 4, 2)
            made = isinstance(chosen, DurchS if kind == "durchs" else Overcall)
            assert made == wanted, (kind, gain, chosen)
            if made and isinstance(chosen, Overcall):
                assert chosen.kind == kind
    # beyond the floor but within two errors: the noise does not overcall
    state = _approval("low")
    view, legal = state.view(1), state.legal_actions(1)
    noisy = {"stay": [0.0] * 16, "betl": [4.0 + (10 if i % 2 else -10) for i in range(16)]}
    monkeypatch.setattr(contract, "overcall_values", lambda *a: noisy)
    assert choose_overcall(view, legal, Approve(), random.Random(1), BUDGET, 4, 2) == Approve()
    # the rule player's betl, worse than the hra by more than the floor: dobrá
    worse = _flat({"stay": 1.0 + OVERCALL_FLOOR["betl"] + 0.2, "betl": 1.0})
    monkeypatch.setattr(contract, "overcall_values", lambda *a: worse)
    betl = Overcall("betl")
    assert choose_overcall(view, legal, betl, random.Random(1), BUDGET, 4, 2) == Approve()
    close = _flat({"stay": 1.0 + OVERCALL_FLOOR["betl"] - 0.2, "betl": 1.0})
    monkeypatch.setattr(contract, "overcall_values", lambda *a: close)
    assert choose_overcall(view, legal, betl, random.Random(1), BUDGET, 4, 2) == betl
    # and the player plays it
    better = _flat({"stay": 0.0, "betl": OVERCALL_FLOOR["betl"] + 1})
    monkeypatch.setattr(contract, "overcall_values", lambda *a: better)
    assert PLAYER.choose(view, legal, 1, random.Random(1)) == betl


def test_f_changes_his_choice_by_its_margin(monkeypatch: pytest.MonkeyPatch) -> None:
    """Another suit or called card than the rule player's when it gains
    ``CHOOSE_FLOOR`` (and two errors); "z lidu" the same."""
    state = scripted(MIXED)
    view, legal = state.view(0), state.legal_actions(0)
    default = RULES.choose(view, legal, 0, random.Random(1))
    assert isinstance(default, Choose)
    others = [
        o
        for o in contract._calls(legal, default, [card(c) for c in view["hand"]])
        if o != (default.trump_card // 13, default.called)
    ]
    assert "blind" in others and {o[0] for o in others if isinstance(o, tuple)} == {0, 3}
    for target in others:
        for gain, wanted in ((CHOOSE_FLOOR + 0.1, True), (CHOOSE_FLOOR - 0.1, False)):

            def fake(view: Any, options: Mapping[Hashable, Action], *a: Any, t=target, g=gain):
                return {o: [g if o == t else 0.0] * 12 for o in options}

            monkeypatch.setattr(contract, "choice_values", fake)
            chosen = choose_trumps(view, legal, default, random.Random(1), BUDGET, 3)
            assert (chosen != default) == wanted, (target, gain, chosen)
            if wanted and target == "blind":
                assert isinstance(chosen, ChooseBlind)
            elif wanted:
                assert isinstance(chosen, Choose)
                assert (chosen.trump_card // 13, chosen.called) == target


def test_a_betl_and_a_durch_are_fleked_by_their_chance(monkeypatch: pytest.MonkeyPatch) -> None:
    """A defender fleks when the declarer's chance is below ``1 - FLEK_AT[0]``; the
    declarer's re asks ``FLEK_AT[1]``."""
    for kind in ("betl", "durch"):
        for fleked in (False, True):
            state, seat = _sudden_flek("low", kind, fleked)
            view, legal = state.view(seat), state.legal_actions(seat)
            level = 1 if fleked else 0
            for chance in (0.05, 0.5, 0.95, FLEK_AT[level] - 0.01, FLEK_AT[level] + 0.01):
                monkeypatch.setattr(contract, "sudden_chance", lambda *a, c=chance: c)
                chosen = PLAYER.choose(view, legal, seat, random.Random(3))
                mine = chance if fleked else 1 - chance
                assert isinstance(chosen, Flek) == (mine >= FLEK_AT[level]), (kind, chance)
                assert isinstance(chosen, Flek | Pass)


# --- (c) never peeks -------------------------------------------------------------------


def _contracts(deals: int, seed: int) -> Iterator[tuple[KrizovyState, int]]:
    """F's choices, approvals and the flek speeches of betl, durch and durch s …, of
    seeded deals played by the rule player with an overcall now and then."""
    options = KRIZOVY.options({})
    for deal in range(deals):
        rng = random.Random(seed + deal)
        state: KrizovyState = KRIZOVY.new_deal(options, 4, {"dealer": deal % 4}, seed=seed + deal)
        while not state.is_over and state.phase.value != "play":
            seat = state.to_move
            assert seat is not None
            view = state.view(seat)
            legal = state.legal_actions(seat)
            sudden = view["phase"] == "flek" and view["kind"] != "hra"
            if view["phase"] in ("choose", "approval") or sudden:
                yield state, seat
            action = RULES.choose(view, legal, seat, rng)
            overcalls = [a for a in legal if isinstance(a, Overcall) and a.kind != "chytry"]
            overcalls += [a for a in legal if isinstance(a, DurchS)][:1]
            if overcalls and rng.random() < 0.2:
                action = rng.choice(overcalls)
            state, _ = KRIZOVY.apply(state, seat, action)


def _redealt_choice(state: KrizovyState, rng: random.Random) -> KrizovyState:
    """F's first four kept, the other 28 cards (his second four too) dealt anew."""
    first = state.dealt[0][:4]
    pool = [c for c in DECK_32 if c not in first]
    rng.shuffle(pool)
    dealt = [(*first, *pool[:4])] + [tuple(pool[4 + 8 * i : 12 + 8 * i]) for i in range(3)]
    hands = list(state.hands)
    for s, cards in zip(state.active, dealt, strict=True):
        hands[s] = sum(1 << c for c in cards)
    return replace(state, dealt=tuple(dealt), hands=tuple(hands))


def test_the_contract_never_peeks() -> None:
    """The same view with the other seats' hidden cards dealt anew (F's unseen second
    four, the partner elsewhere) gets the same choice, overcall and flek."""
    rng = random.Random(23)
    compared: dict[str, int] = {}
    for state, seat in _contracts(24, seed=500):
        phase = state.phase.value
        if phase == "choose":
            other: KrizovyState | None = _redealt_choice(state, rng)
        else:
            other = _redealt(state, seat, rng)
        if other is None:
            continue
        same_decision(PLAYER, state, other, seat)
        name = phase if phase != "flek" else "flek/" + state.kind
        compared[name] = compared.get(name, 0) + 1
    assert compared.get("choose", 0) >= 20 and compared.get("approval", 0) >= 40
    assert sum(n for k, n in compared.items() if k.startswith("flek/")) >= 5, compared


# --- durch s chytrým -----------------------------------------------------------------

CHYTRY = {
    0: ["Ad", "Kd", "Qd", "Jd", "7h", "8s", "9s", "Ts"],
    1: ["Ah", "Kh", "Qh", "Jh", "Th", "9h", "8h", "7s"],
    2: ["Td", "9d", "8d", "7d", "Js", "Qs", "Kc", "Ac"],
    3: ["7c", "8c", "9c", "Tc", "Jc", "Qc", "Ks", "As"],
}
"""Seat 1 takes seven tricks with his hearts and must give the last (his seven of
leaves): a durch s chytrým, no durch."""


def _chytry_approval() -> KrizovyState:
    state, _ = run(scripted(CHYTRY), [(0, "volba:Jd,Td"), (0, "ext:none")])
    assert state.phase.value == "approval" and state.to_move == 1
    return state


def test_a_durch_s_chytrým_is_won_by_the_first_seven_tricks() -> None:
    """The playouts of a durch s chytrým stop at the seventh trick, the declarer
    keeping his seven of leaves for the eighth: this hand wins every one, and
    loses most durchs (the seven takes the last trick only where the others
    threw all their leaves on his hearts)."""
    hands = [sum(1 << card(c) for c in CHYTRY[s]) for s in range(4)]
    solvers: contract._Solvers = {}
    assert contract._won(hands, [1], 1, "chytry", 5, 6, solvers) == 1.0
    assert contract._won(hands, [1], 1, "durch", 5, 6, solvers) < 0.5


def test_a_durch_s_chytrým_is_paid_as_a_durch_s_and_never_fleked() -> None:
    """Won, 10 to the declarer (the partner who took the last shares the pay);
    lost, the dědek Sláma's 20; a defender ∓10. Nobody answers it with a flek."""
    assert contract.sudden_units("chytry", 1.0, "declarer") == 10
    assert contract.sudden_units("chytry", 0.0, "declarer") == -20
    assert contract.sudden_units("chytry", 1.0, "defender") == -10
    assert contract.sudden_units("chytry", 0.0, "defender") == 10
    assert contract._doubled([-5.0, 3.0], ours=False, kind="chytry") == [-5.0, 3.0]
    assert contract._doubled([-5.0, 3.0], ours=False, kind="durch") == [-10.0, 6.0]


def test_a_durch_far_from_its_fit_is_never_overcalled(monkeypatch: pytest.MonkeyPatch) -> None:
    """However its playouts value it, a durch, durch s … or durch s chytrým is not
    called with a hand further from the fit than the others' samples allow
    (``RISK``): the low hand only ever weighs the betl."""
    state = _approval("low")
    view, legal = state.view(1), state.legal_actions(1)
    seen: list[list[str]] = []

    def fake(view: Any, options: list[str], *a: Any) -> dict[str, list[float]]:
        seen.append(list(options))
        return _flat({"stay": 0.0, **{o: 100.0 if o != "betl" else -100.0 for o in options}})

    monkeypatch.setattr(contract, "overcall_values", fake)
    assert choose_overcall(view, legal, Approve(), random.Random(1), BUDGET, 4, 2) == Approve()
    assert seen == [["betl"]]
    assert contract.risk("durch", sum(1 << card(c) for c in LOW)) > contract.RISK["durch"]
    high = _approval("high")
    chosen = choose_overcall(
        high.view(1), high.legal_actions(1), Approve(), random.Random(1), BUDGET, 4, 2
    )
    assert isinstance(chosen, Overcall | DurchS) and not (
        isinstance(chosen, Overcall) and chosen.kind == "betl"
    )


def test_seven_sure_tricks_overcall_with_a_durch_s_chytrým() -> None:
    """With the hand above the strong player declares the durch s chytrým, priced
    above the hra and the durch; the rule player never calls it."""
    state = _chytry_approval()
    view, legal = state.view(1), state.legal_actions(1)
    assert Overcall("chytry") in legal
    values = _means(
        overcall_values(view, ["chytry", "durch"], "stay", random.Random(3), BUDGET, 4, 2)
    )
    assert values["chytry"] > 5 and values["chytry"] > values.get("durch", -30) + 10
    assert values["chytry"] > values["stay"] + OVERCALL_FLOOR["chytry"]
    assert PLAYER.choose(view, legal, 1, random.Random(1)) == Overcall("chytry")
    assert RULES.choose(view, legal, 1, random.Random(1)) != Overcall("chytry")


def test_the_play_of_a_durch_s_chytrým_is_searched_for_seven_tricks() -> None:
    """In the play the declarer's cards are valued as a durch of seven tricks: after
    his hearts he keeps the lead to the seventh, whatever the eighth."""
    state = _chytry_approval()
    state, _ = run(state, [(1, "game:chytry")])
    while state.phase.value != "play":
        seat = state.to_move
        assert seat is not None
        state, _ = run(
            state,
            [
                (
                    seat,
                    RULES.choose(
                        state.view(seat), state.legal_actions(seat), seat, random.Random(1)
                    ).code,
                )
            ],
        )
    view = state.view(state.to_move)
    scoring = krizovy_strong.play_scoring(view)
    assert scoring is not None and scoring.sudden == "durch"
    assert krizovy_strong.tricks_of("chytry") == 7 and krizovy_strong.tricks_of("durch") == 8
    assert state.to_move == 1
    cards = {card(c) for c in CHYTRY[1]}
    values = PLAYER.card_values(view, random.Random(2), cards, scoring)
    assert values[card("7s")] == -1 < min(v for c, v in values.items() if c != card("7s"))
    assert PLAYER.choose(view, state.legal_actions(1), 1, random.Random(2)) != Play(card("7s"))
