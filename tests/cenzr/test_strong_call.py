"""The strong cenzr player's decisions before the card play: sampled deals while
calling stay consistent with what the seat sees, the call and the trick-1
announcement are chosen by evaluation and never peek, and the evaluation's
choice differs from the rule player's where it should."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace
from typing import cast

from games.cards import Card, Suit, card, cards_of, mask_of, parse_cards
from games.cenzr.actions import Announce, Call, Pass
from games.cenzr.declarations import detect
from games.cenzr.determinize import DECK, sample_deal
from games.cenzr.game import CenzrGame as CenzrState
from games.cenzr.variant import CENZR
from games.players.cenzr_rules import CenzrRulePlayer, suit_value
from games.players.cenzr_strong import CenzrStrongPlayer, _may_declare, call_options
from games.strong.budget import Budget
from tests.cenzr.helpers import act, from_hands
from tests.strong.helpers import same_decision

RULES = CenzrRulePlayer()


def _calls(deals: int, seed: int, seats: int = 4) -> Iterator[tuple[CenzrState, int]]:
    """Every calling position of seeded deals, the rule player passing or calling."""
    for deal in range(deals):
        rng = random.Random(seed + deal)
        options = CENZR.options({})
        state = cast(
            CenzrState, CENZR.new_deal(options, seats, {"dealer": deal % seats}, seed=seed + deal)
        )
        while state.phase == "call":
            seat = state.to_move
            assert seat is not None
            yield state, seat
            action = RULES.choose(state.view(seat), state.legal_actions(seat), seat, rng)
            state = cast(CenzrState, CENZR.apply(state, seat, action)[0])


def _deal(rows: dict[int, str]) -> CenzrState:
    """A deal from explicit hands (packet 1 first), typed as the game's state."""
    return cast(CenzrState, from_hands(rows))


def _weak(seat: int, packet: int) -> bool:
    """A pass model for the tests: no suit worth 10 as trumps (the rule player's)."""
    cards = list(cards_of(packet))
    return max(suit_value(cards, s) for s in range(4)) < 10


def test_a_deal_sampled_while_calling_is_a_deal_the_seat_may_face() -> None:
    rng = random.Random(5)
    checked = fitted = 0
    for seats in (4, 5, 6):
        for state, seat in _calls(30, 40 + seats, seats):
            view = state.view(seat)
            deal = sample_deal(view, rng, _weak)
            assert set(deal.packets) == set(state.active)
            assert deal.packets[seat][0] == mask_of(card(c) for c in view.hand)
            everything = 0
            for first, second in deal.packets.values():
                assert first.bit_count() == second.bit_count() == 4
                assert not everything & (first | second) and not first & second
                everything |= first | second
            assert everything == DECK
            if deal.fits:
                fitted += 1
                assert all(_weak(s, deal.packets[s][0]) for s in state.passes)
            checked += 1
    assert checked > 100
    assert fitted == checked  # rejection over whole deals always finds weak passers here


def test_the_other_cards_are_dealt_alike_without_a_pass_model() -> None:
    """With nobody passed before and no model, every hidden card is as likely in
    the seat's own packet 2 as in any other packet (chi-square over the seven
    packets, 6 degrees of freedom, 1% level 16.8)."""
    state, seat = next(_calls(1, 7))
    view = state.view(seat)
    rng = random.Random(2)
    hidden = next(c for c in cards_of(DECK) if c not in {card(x) for x in view.hand})
    counts = [0] * 7
    n = 2100
    for _ in range(n):
        deal = sample_deal(view, rng)
        where = [deal.packets[seat][1]]
        for s in state.active:
            if s != seat:
                where.extend(deal.packets[s])
        counts[next(i for i, m in enumerate(where) if m >> hidden & 1)] += 1
    chi2 = sum((k - n / 7) ** 2 / (n / 7) for k in counts)
    assert chi2 < 16.8, counts


def test_earlier_passes_make_their_packets_weak() -> None:
    """Three passes before the last caller: under the rule player's model no
    passer's packet 1 holds a spodek (a spodek alone is worth calling), so
    the spodci are in the packets 2 and the last caller's hand far more often."""
    state = _deal(
        {
            0: "7h 8h 7d 8d Ah Kh Ad Kd",
            1: "9h Th 9d Td Qh Jh Qd Jd",
            2: "7s 8s 7c 8c As Ks Ac Kc",
            3: "9s Ts 9c Tc Qs Js Qc Jc",
        }
    )
    for seat in (0, 1, 2):
        state = cast(CenzrState, act(state, seat, "pass")[0])
    view = state.view(3)
    rng = random.Random(9)
    spodci_in_first = 0
    for _ in range(200):
        deal = sample_deal(view, rng, _weak)
        assert deal.fits
        for s in (0, 1, 2):
            spodci_in_first += sum(1 for c in cards_of(deal.packets[s][0]) if c % 13 == 9)
    assert spodci_in_first == 0


def test_call_options_are_each_suits_partner_card_samec_and_pass() -> None:
    packet = [card(c) for c in ("Jd", "9d", "Ah", "7s")]
    legal: list[Call | Pass] = [Pass(), *(Call(c) for c in cards_of(DECK))]
    options = call_options(packet, Call(card("Jd")), legal)
    codes = {o.code for o in options}
    assert options[0] == Call(card("Jd"))
    assert {"call:Jh", "call:Ad", "call:Js", "call:Jc", "pass"} <= codes  # partner cards
    assert {"call:Jd", "call:Ah", "call:7s"} <= codes  # a samec in each suit it holds
    assert len(options) == len(set(options)) == 8


def test_the_quick_declaration_test_misses_none() -> None:
    """The evaluation skips the full detection for hands the bit test clears;
    it must never clear one that holds a declaration (random hands, D7's
    figura with two dardas, D10's čtyři spodci and a figura of tens)."""
    rng = random.Random(1)
    deck = list(cards_of(DECK))
    hands = [rng.sample(deck, 8) for _ in range(3000)]
    hands.append(list(parse_cards("Kh Qh Jh Kd Ks Qs Js Kc")))
    hands.append(list(parse_cards("Jh Th 9h Jd 9d Qs Js Jc")))
    hands.append(list(parse_cards("Th Td Ts Tc 9h 7d 8s 7c")))
    held = 0
    for hand in hands:
        found = bool(detect(hand, Suit.HEARTS))
        held += found
        assert _may_declare(mask_of(hand)) or not found, hand
    assert held > 300


def test_four_top_trumps_play_alone() -> None:
    """Spodek, devítka, eso and desítka of one suit in packet 1: 55 of the 62
    trump points in one hand, so the samec (×3, the rule player's call too)
    has the best mean, well above calling a partner."""
    state = _deal(
        {
            0: "Jd 9d Ad Td 7h 8h 7s 8s",
            1: "Ah Kh Qh Jh Th 9h Kd Qd",
            2: "As Ks Qs Js Ts 9s 8d 7d",
            3: "Ac Kc Qc Jc Tc 9c 8c 7c",
        }
    )
    player = CenzrStrongPlayer()
    view = state.view(0)
    legal = state.legal_actions(0)
    pick = player.call(view, legal, random.Random(1))
    assert isinstance(pick, Call) and pick.card in {card(c) for c in view.hand}
    means = player.call_means(
        view, call_options([card(c) for c in view.hand], pick, legal), random.Random(1)
    )
    assert means[pick] > means[Pass()] + 100


def test_a_hand_without_trumps_passes() -> None:
    """Nothing of value in packet 1 and calling first: any call is likelier lost
    (the defenders then record twice the deal) than the deal someone else calls."""
    state = _deal(
        {
            0: "8h 7d 8s 7c 9h Td 8c Ks",
            1: "Ah Kh Qh Jh Th 7h Kd Qd",
            2: "As Qs Js Ts 9s 7s 8d 9d",
            3: "Ac Kc Qc Jc Tc 9c Ad Jd",
        }
    )
    player = CenzrStrongPlayer()
    assert player.call(state.view(0), state.legal_actions(0), random.Random(3)) == Pass()


def test_the_last_caller_calls_where_the_rule_player_would_annul() -> None:
    """After three passes the rule player's fixed threshold (a suit worth 10)
    passes with A K 7 of kule, and the deal is annulled: nothing for anyone.
    The evaluation knows that this pass is worth exactly 0 and that three
    passers hold weak packets, so the spodek and devítka it lacks are likelier
    with its partner: calling the spodek beats the annulment."""
    state = _deal(
        {
            0: "7h 8h 9s 8c Ah Kh As Ks",
            1: "9h Th Ts 7c Qh Jh Qs Js",
            2: "7s 8s Tc 9c Jd 9d Ac Kc",
            3: "Ad Kd 7d 8d Td Qd Qc Jc",
        }
    )
    for seat in (0, 1, 2):
        state = cast(CenzrState, act(state, seat, "pass")[0])
    view = state.view(3)
    legal = state.legal_actions(3)
    assert RULES.choose(view, legal, 3, random.Random(0)) == Pass()
    player = CenzrStrongPlayer()
    options = call_options([card(c) for c in view.hand], Pass(), legal)
    means = player.call_means(view, options, random.Random(4))
    assert means[Pass()] == 0.0
    pick = player.call(view, legal, random.Random(4))
    assert pick == Call(card("Jd"))


def test_the_partner_announces_over_an_opponents_equal_quality() -> None:
    """The chooser (seat 0, calling 9c) and then an opponent (seat 1) announced
    „padesát“. The partner (seat 2, holding 9c, so he knows the chooser) holds
    padesát do esa in trumps, which nothing can tie or beat. The rule player
    keeps quiet, since its partner claimed the same quality; but whichever of
    the other two padesáts is the larger wins without it (§3.5), and an
    opponent's is as likely as the chooser's: announcing makes the side's 50
    certain, and the evaluation announces."""
    state = _deal(
        {
            0: "Kh Qh Jh Th Ad 9d 8d Tc",
            1: "As Ks Qs Js 8s 7s Kd 8c",
            2: "Ac Kc Qc Jc 9c 7h 8h 7d",
            3: "Ah 9h Qd Jd Td Ts 9s 7c",
        }
    )
    for seat, code in ((0, "call:9c"), (0, "announce"), (0, "play:8d")):
        state = cast(CenzrState, act(state, seat, code)[0])
    for seat, code in ((1, "announce"), (1, "play:Kd")):
        state = cast(CenzrState, act(state, seat, code)[0])
    view = state.view(2)
    legal = state.legal_actions(2)
    assert Announce() in legal
    assert RULES.choose(view, legal, 2, random.Random(0)) != Announce()
    player = CenzrStrongPlayer()
    assert player.choose(view, legal, 2, random.Random(2)) == Announce()


def _other_deal(state: CenzrState, seat: int, rng: random.Random) -> CenzrState | None:
    """The calling position with every card the seat cannot see dealt anew."""
    deal = sample_deal(state.view(seat), rng)
    packets = []
    hands = list(state.hands)
    for s, own in zip(state.active, state.packets, strict=True):
        if s == seat:
            packets.append(own)
            continue
        first, second = deal.packets[s]
        packets.append((*cards_of(first), *cards_of(second)))
        hands[s] = first | second
    mine = state.packets[state.active.index(seat)]
    hands[seat] = mask_of(mine[:4]) | deal.packets[seat][1]
    packets[state.active.index(seat)] = (*mine[:4], *cards_of(deal.packets[seat][1]))
    other = replace(
        state, packets=tuple(tuple(Card(c) for c in p) for p in packets), hands=tuple(hands)
    )
    if other.view(seat) != state.view(seat) or other.packets == state.packets:
        return None
    return other


def test_the_call_never_peeks() -> None:
    """The same calling view with every hidden card dealt anew gets the same call
    or pass (a fixed seed): the seat's own packet 2 is as hidden as the rest."""
    player = CenzrStrongPlayer(call_samples=6)
    rng = random.Random(13)
    compared = 0
    for state, seat in _calls(20, 500):
        other = _other_deal(state, seat, rng)
        if other is None:
            continue
        same_decision(player, state, other, seat)
        compared += 1
    assert compared > 25


def test_a_call_stops_after_one_deal_when_time_is_up() -> None:
    """``budget.stop`` is asked between sampled deals: when it says stop at once,
    the call is decided on the first deal alone, and is still a legal action."""
    asked: list[int] = []

    def stop() -> bool:
        asked.append(1)
        return True

    player = CenzrStrongPlayer(Budget(samples=12, nodes=40_000, stop=stop))
    state, seat = next(_calls(1, 3))
    legal = state.legal_actions(seat)
    assert player.choose(state.view(seat), legal, seat, random.Random(0)) in legal
    assert len(asked) == 1
