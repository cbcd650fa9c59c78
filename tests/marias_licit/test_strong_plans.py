"""The strong licitovaný player before the play: the auction, the contract and the
fleks valued over sampled deals (``LicitStrongPlayer.plan_means``)."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from games.cards import DECK_32, card, card_code, mask_of
from games.engine import Action
from games.marias_licit.actions import Bid, Contract, Flek, Hold, Omyl, Pass
from games.marias_licit.determinize import BidModel, World, sample_world
from games.marias_licit.state import LicitState
from games.marias_licit.views import PlayerView, player_view
from games.players import licit_strong
from games.players.licit_rules import LicitRulePlayer
from games.players.licit_strong import MARGIN, LicitStrongPlayer, Plan, quick_discard
from games.players.marias_strong import FLEK_AT
from games.registry import find_variant
from games.strong.budget import Budget
from tests.marias_licit.helpers import play, run, scripted

LICIT = find_variant("marias-licitovany")
RULES = LicitRulePlayer()
STRONG = LicitStrongPlayer()
EVERY = [card_code(c) for c in DECK_32]


def _deal(hands: dict[int, str], talon: str = "") -> LicitState:
    """A deal (dealer 2: F is seat 0, M seat 1) with the named hands; the cards
    left over go, in deck order, to the seats not named and then the talon."""
    named = {s: h.split() for s, h in hands.items()}
    used = {c for h in named.values() for c in h} | set(talon.split())
    rest = [c for c in EVERY if c not in used]
    for seat in range(3):
        if seat not in named:
            named[seat], rest = rest[:10], rest[10:]
    return scripted(named, talon.split() or rest)


def _decide(player: LicitStrongPlayer | LicitRulePlayer, state: LicitState, seat: int) -> Action:
    view = player_view(state, seat)
    return player.choose(view, state.legal_actions(seat), seat, random.Random(1))


def _positions(deals: int, phases: set[str], seed: int = 0) -> Iterator[tuple[LicitState, int]]:
    """The positions of seeded deals played by the rule player in these phases."""
    for deal in range(deals):
        rng = random.Random(seed + deal)
        state: LicitState = LICIT.new_deal(LICIT.options({}), 3, deal % 3, seed=seed + deal)
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            view = player_view(state, seat)
            if view.public.phase in phases:
                yield state, seat
            action = RULES.choose(view, state.legal_actions(seat), seat, rng)
            state, _ = LICIT.apply(state, seat, action)


def test_samples_before_the_play_keep_what_the_seat_knows() -> None:
    """In the auction a sample deals the other twenty cards and the talon anew; after
    it the declarer's own talon stays his, and every card is dealt exactly once."""
    rng = random.Random(5)
    seen: set[str] = set()
    deck = mask_of(DECK_32)
    for state, seat in _positions(40, {"auction", "talon", "contract", "flek"}):
        view = player_view(state, seat)
        world = sample_world(view, rng)
        hands = dict(zip(state.active, world.hands, strict=True))
        assert hands[seat] == state.hands[seat]
        assert {s: h.bit_count() for s, h in hands.items()} == {
            s: state.hands[s].bit_count() for s in state.active
        }
        union = world.talon
        for h in world.hands:
            assert not union & h
            union |= h
        assert union == deck
        if state.talon_taken and seat == state.declarer:
            assert world.talon == state.talon
        if not state.talon_taken:
            assert world.talon.bit_count() == 2 and not world.talon & state.hands[seat]
        seen.add(view.public.phase)
    assert seen == {"auction", "talon", "contract", "flek"}


def test_a_sure_durch_holds_the_top_of_the_table() -> None:
    """Eight acorns from the ace down and two more aces: a durch whatever the talon
    holds, so with durch (level 8) on the table F holds it, valued at its full price."""
    state = play(_deal({0: "Ac Kc Qc Jc Tc 9c 8c 7c Ah Ad"}), 1, "bid:8")
    assert _decide(STRONG, state, 0) == Hold()
    means = STRONG.plan_means(player_view(state, 0), [Plan(8)], random.Random(2))
    assert means[Plan(8)] == 30.0


def test_junk_passes() -> None:
    """Kings and jacks without an ace, ten, seven or marriage: no colour game and no
    betl pays, so M passes where it could bid the lowest level."""
    state = _deal({1: "Kh Jh Qd Jd 9d Ks Js 9s Kc Jc"})
    view = player_view(state, 1)
    assert _decide(STRONG, state, 1) == Pass()
    means = STRONG.plan_means(view, [Plan(1, 3), Plan(3, 3), Plan(7)], random.Random(2))
    assert all(v < 0 for v in means.values())


def test_a_low_hand_bids_for_a_betl_the_rule_player_passes() -> None:
    """Two jacks in a hand of low cards: the rule player's betl shape allows no card
    above the ten once one is away, so it passes; but each jack has three cards of
    its suit above it out, the defenders can seldom make one win a trick, and the
    playouts value the betl above its margin, so the strong player bids."""
    state = _deal({1: "8h 9h 7d 8d Jd 8s 9s Js 8c 9c"})
    assert _decide(RULES, state, 1) == Pass()
    assert _decide(STRONG, state, 1) == Bid(1)
    means = STRONG.plan_means(player_view(state, 1), [Plan(7)], random.Random(2))
    assert means[Plan(7)] > MARGIN[7]


def test_plays_a_lost_sedma_rather_than_the_omyl_when_the_game_is_won() -> None:
    """M took the talon at level 1 with eight aces and tens but no seven: the rule
    player concedes (omyl, 3 units); playing the sedma loses its 2 units but the
    silent game is surely won (+1), so the strong player announces a level-1 sedma."""
    state = _deal({1: "Ah Th Ad Td As Ts Ac Tc Kh Kd"}, talon="9s 8s")
    state = run(state, [(1, "bid:1"), (0, "pass"), (2, "pass")])
    discard = _decide(RULES, state, 1)
    state, _ = LICIT.apply(state, 1, discard)
    assert _decide(RULES, state, 1) == Omyl()
    chosen = _decide(STRONG, state, 1)
    assert isinstance(chosen, Contract) and chosen.level == 1


def test_the_discard_keeps_aces_tens_and_trumps() -> None:
    """The per-talon discard of the auction's samples never lays away an ace, a ten or
    a trump while a low side card is left, and makes a void where it can."""
    codes = "Ac Tc Kc 9c 7c Ah Th 8d 7d Js Qs 9h"
    hand = mask_of(card(c) for c in codes.split())
    kept = quick_discard(hand, 3)
    away = {card_code(c) for c in DECK_32 if hand >> c & 1 and not kept >> c & 1}
    assert away == {"8d", "7d"}


def test_honours_stop_and_the_sample_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """``budget.stop`` ends the sampling after the first deal; without it the decision
    takes exactly ``samples`` deals, so a seed gives the same choice anywhere."""
    state = _deal({1: "Kh Jh Qd Jd 9d Ks Js 9s Kc Jc"})
    view = player_view(state, 1)
    calls: list[int] = []

    def counting(view: PlayerView, rng: random.Random, bids: BidModel | None = None) -> World:
        calls.append(1)
        return sample_world(view, rng, bids)

    monkeypatch.setattr(licit_strong, "sample_world", counting)
    stopped = LicitStrongPlayer(plan_budget=Budget(samples=8, nodes=1, stop=lambda: True))
    stopped.plan_means(view, [Plan(7)], random.Random(1))
    assert len(calls) == 1
    calls.clear()
    LicitStrongPlayer(plan_budget=Budget(samples=5, nodes=1)).plan_means(
        view, [Plan(7)], random.Random(1)
    )
    assert len(calls) == 5


def test_lays_away_the_talons_high_cards_for_a_betl() -> None:
    """M took the talon at level 1 with a low hand, and the talon brought the ace and
    king of acorns: the rule player finds no contract in the twelve cards and lays
    away two hearts (sized for a colour game), which keeps two sure winners; the
    strong player lays away the ace and king, after which the betl of the low hand
    is worth more than any colour game by the betl's margin."""
    state = _deal({1: "8h 9h 7d 8d Jd 8s 9s Js 8c 9c"}, talon="Kc Ac")
    state = run(state, [(1, "bid:1"), (0, "pass"), (2, "pass")])
    assert _decide(RULES, state, 1).code == "talon:8h,9h"
    assert _decide(STRONG, state, 1).code == "talon:Kc,Ac"


def test_low_trumps_do_not_flek_a_sedma() -> None:
    """F plays a sedma in acorns; M holds three low trumps (Qc 9c 8c). The rule
    player fleks on any three trumps ("they can kill the seven"); over sampled
    deals the declarer, with four trumps or more, mostly draws them and the seven
    survives, so M's side wins it in well under the 60% a flek asks: no flek."""
    state = _deal(
        {0: "Ac Tc Kc Jc 7c Ah Th Ad Td As", 1: "Qc 9c 8c 7h 8h 9h Jh 7d 8d 9d"}, talon="7s 8s"
    )
    state = run(state, [(1, "pass"), (2, "pass"), (0, "bid:1"), (0, "talon:7s,8s")])
    state = play(state, 0, "contract:1:c")
    assert _decide(RULES, state, 1) == Flek(("sedma",))
    assert _decide(STRONG, state, 1) == Pass()
    chances = STRONG.chances(player_view(state, 1), random.Random(1))
    assert 1.0 - chances["sedma"] < FLEK_AT[0]
