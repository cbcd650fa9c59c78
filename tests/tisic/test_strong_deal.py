"""The strong Tisíc player before the play (issue 13, item 2): its bids, its
discard and its contract are chosen by playing the deal out on sampled deals,
and where that differs from the rule of thumb it is for a reason one can say.

Each test names the hand and why the evaluation decides as it does; the seeds
are fixed, so a test is one reproducible decision (the default budget)."""

from __future__ import annotations

import random

import pytest

from games.cards import card, mask_of
from games.engine import Action
from games.players.base import Player
from games.players.tisic_rules import TisicRulePlayer
from games.players.tisic_strong import (
    BID_EDGE,
    RAISE_EDGE,
    TisicStrongPlayer,
    bid_edge,
    raise_edge,
    ranked_discards,
)
from games.strong.budget import Budget
from games.tisic.actions import Bid, Contract, Discard, Forfeit, Pass
from games.tisic.determinize import BidModel, ContractModel, World, sample_world
from games.tisic.state import TisicState
from games.tisic.views import PlayerView
from tests.tisic.helpers import act, deal, roles, script, seeded

STRONG = TisicStrongPlayer()
RULES = TisicRulePlayer()
P1, P2 = roles()["P1"], roles()["P2"]


def _decide(player: Player, state: TisicState, seat: int) -> Action:
    """The player's decision for ``seat`` with a fixed seed."""
    return player.choose(state.view(seat), state.legal_actions(seat), seat, random.Random(1))


def _view(state: TisicState, seat: int) -> PlayerView:
    view = state.view(seat)
    assert isinstance(view, PlayerView)
    return view


def _mask(codes: str) -> int:
    return mask_of(card(c) for c in codes.split())


def test_junk_says_dobry() -> None:
    """No ace, no ten, no marriage: declaring at 60 fails on nearly every sample."""
    state = deal(p2="7h 8h 9h 7d 8d 9d 7s 8s Jh Jd")
    assert _decide(STRONG, state, P2) == Pass()


def test_a_marriage_with_an_entry_bids() -> None:
    """The clubs marriage (100) with the ace of diamonds: the declarer leads the
    ace, keeps the lead and says the marriage from trick 2, which makes well
    above 60; as a defender he would seldom get the lead to say it."""
    state = deal(p2="7h Ad Td Qd 9d Qs 9s Kc Qc 7c")
    assert _decide(STRONG, state, P2) == Bid(60)


def test_a_monster_lies_in_wait_where_the_rule_of_thumb_bids() -> None:
    """Both black marriages (180) and 69 card points: a defender writes all he
    takes, marriages included, some 240, more than any contract the declarer
    can be sure of, so the evaluation passes (bukařit) and lets the obligation
    holder play for 50 against it; the rule of thumb bids on its estimate."""
    state = deal(p2="Ac Tc Kc Qc Jc As Ts Ks Qs Ah")
    assert _decide(RULES, state, P2) == Bid(60)
    assert _decide(STRONG, state, P2) == Pass()


def _obligation(hand: str, talon: str) -> TisicState:
    """P1 holds ``hand``; both others pass, so he takes ``talon`` at 50 (§5.6)."""
    return script(deal(p1=hand, talon=talon), "P2 pass", "P3 pass")


def test_the_monster_contracts_high_once_it_has_to_play() -> None:
    """The same monster forced to play at 50: both marriages and the top clubs
    and spades make 150 and more on every sample, so it raises far above the bid."""
    state = _obligation("Ac Tc Kc Qc Jc As Ts Ks Qs Ah", "7h 8h")
    discard = _decide(STRONG, state, P1)
    assert discard == Discard((card("7h"), card("8h")))  # the two blanks go
    state = act(state, P1, discard.code)
    contract = _decide(STRONG, state, P1)
    assert isinstance(contract, Contract) and contract.amount >= 150


def test_top_cards_contract_120_where_the_rule_of_thumb_says_90() -> None:
    """Eight aces and tens with two kings behind them: the declarer leads a top
    card to every trick and takes all ten, 120 on every sample, and no marriage,
    so never 130. The evaluation plays for exactly 120; the rule of thumb stays
    a margin below its estimate."""
    state = _obligation("Ac Tc As Ts Ah Th Ad Td Kc Ks", "7h 8h")
    state = act(state, P1, "discard:7h,8h")
    assert _decide(RULES, state, P1) == Contract(90)
    assert _decide(STRONG, state, P1) == Contract(120)


def test_a_discard_keeps_the_third_heart_winner() -> None:
    """Seed 52, P1 at 50 with Ah Th Kh among twelve: the rule of thumb lays the
    heart king away with the spade king. Played out, the king under its own ace
    and ten is a third sure heart trick, while the black kings sit under aces
    the others hold and are 4 sure points only laid away; the evaluation lays
    those two away and keeps the heart king."""
    state = script(seeded(52), "P2 pass", "P3 pass")
    hand = " ".join(_view(state, P1).hand)
    assert {"Ah", "Th", "Kh", "Ks", "Kc"} <= set(hand.split())
    assert _decide(RULES, state, P1) == Discard((card("Kh"), card("Ks")))
    chosen = _decide(STRONG, state, P1)
    assert isinstance(chosen, Discard) and card("Kh") not in chosen.cards


def test_a_hopeless_contract_is_played_not_forfeited() -> None:
    """P2 bid 120 with junk and got the talon: forfeiting writes -120 for sure,
    playing -120 at worst, so a forfeit is never worth it for the seat."""
    state = deal(p2="7h 8h 9h 7d 8d 9d 7s 8s Jh Jd")
    state = script(state, "P2 bid:120", "P3 pass", "P1 pass")
    assert Forfeit() in state.legal_actions(P2)
    assert isinstance(_decide(STRONG, state, P2), Discard)


def test_the_rule_of_thumbs_discards_come_first() -> None:
    """``ranked_discards`` orders the legal pairs as the rule player weighs them:
    its first is the rule player's discard, and no pair holds an ace or a ten."""
    state = script(seeded(52), "P2 pass", "P3 pass")
    view = _view(state, P1)
    ranked = ranked_discards(_mask(" ".join(view.hand)))
    rule = _decide(RULES, state, P1)
    assert isinstance(rule, Discard)
    assert ranked[0] == mask_of(rule.cards)
    aces_tens = _mask("Ah Th Ad Td As Ts Ac Tc")
    assert all(not pair & aces_tens and pair.bit_count() == 2 for pair in ranked)
    legal = {mask_of(a.cards) for a in state.legal_actions(P1) if isinstance(a, Discard)}
    assert set(ranked) == legal


def test_the_edges_grow_with_the_amount() -> None:
    """A bid or a raise risks its whole amount, so its threshold is a share of it;
    a raise asks more than a bid (it is never needed to get the talon)."""
    assert bid_edge(100) == BID_EDGE * 100 and raise_edge(100) == RAISE_EDGE * 100
    assert bid_edge(60) < bid_edge(120) and raise_edge(100) > bid_edge(100)


def test_stop_is_asked_between_samples(monkeypatch: pytest.MonkeyPatch) -> None:
    """A ``stop`` that says time is up leaves one sampled deal per decision."""
    calls: list[str] = []

    def counting(
        view: PlayerView,
        rng: random.Random,
        bids: BidModel | None = None,
        contracts: ContractModel | None = None,
    ) -> World:
        calls.append(view.public.phase)
        return sample_world(view, rng, bids, contracts)

    monkeypatch.setattr("games.players.tisic_strong.sample_world", counting)
    player = TisicStrongPlayer(budget=Budget(stop=lambda: True))
    state = deal(p2="7h Ad Td Qd 9d Qs 9s Kc Qc 7c")
    _decide(player, state, P2)
    assert calls == ["auction"]
    calls.clear()
    _decide(TisicStrongPlayer(deal_budget=Budget(samples=5, nodes=10**6)), state, P2)
    assert len(calls) == 5
