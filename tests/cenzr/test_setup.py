"""cenzr.md §1, §4: deck and points, seats, the cut, the deal, calling (§7 #1-#2, #8-#14)."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.cards import DECK_32, Card, Rank, Suit, card, card_code, cards_of
from games.cenzr.actions import Call, Pass, parse_action
from games.cenzr.deal import active_seats, cut_draws, cut_winner, packets_from_deck
from games.cenzr.options import CenzrOptions
from games.cenzr.rules import DECK, mask_points, natural_size, suit_mask
from games.cenzr.state import Phase
from games.cenzr.variant import CENZR
from games.engine import IllegalAction, InvalidAction, OptionsError
from tests.cenzr.helpers import act, from_hands, mask_codes

OPTS = CenzrOptions()

D8 = {  # §3.7 D8: P1 calls Qc (trump c), P3 holds it
    0: "Kh Qh Jh Th 9d As Ks Qs",
    1: "Ah 8h Ts 9s 7s Kc Tc 9c",
    2: "7h Ad Kd Qd Jd Td Qc 8c",
    3: "9h 8d 7d Js 8s Ac Jc 7c",
}


# --- §1 cards ------------------------------------------------------------------


def test_the_deck_has_32_distinct_cards() -> None:
    assert len(set(DECK)) == 32 and set(DECK) == set(DECK_32)


@pytest.mark.parametrize("trump", list(Suit))
def test_card_points_152_with_62_in_trumps_and_30_per_plain_suit(trump: Suit) -> None:
    """§7 #2."""
    assert mask_points(sum(1 << c for c in DECK), trump) == 152
    for suit in Suit:
        assert mask_points(suit_mask(suit), trump) == (62 if suit == trump else 30)
    assert mask_points(1 << card("J" + trump.code), trump) == 20
    assert mask_points(1 << card("9" + trump.code), trump) == 14


def test_natural_order_sizes() -> None:
    """§1.4 / §3.5 SIZE: A=8 down to 7=1."""
    ranks = [Rank.from_code(code) for code in "AKQJT987"]
    assert [natural_size(r) for r in ranks] == [8, 7, 6, 5, 4, 3, 2, 1]


# --- §4.2 seats ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("seats", "dealer", "active", "out"),
    [
        (4, 0, (1, 2, 3, 0), ()),
        (4, 3, (0, 1, 2, 3), ()),
        (5, 0, (1, 2, 3, 4), (0,)),
        (5, 3, (4, 0, 1, 2), (3,)),
        (6, 0, (1, 2, 4, 5), (0, 3)),
        (6, 4, (5, 0, 2, 3), (1, 4)),
    ],
)
def test_active_players_and_who_sits_out(
    seats: int, dealer: int, active: tuple[int, ...], out: tuple[int, ...]
) -> None:
    assert active_seats(seats, dealer) == active
    assert CENZR.sitting_out(OPTS, seats, dealer) == frozenset(out)


@pytest.mark.parametrize("seats", [5, 6])
def test_over_n_deals_everyone_sits_out_equally(seats: int) -> None:
    counts = Counter(s for d in range(seats) for s in CENZR.sitting_out(OPTS, seats, d))
    assert set(counts.values()) == {seats - 4}
    assert len(counts) == seats


@pytest.mark.parametrize("seats", [3, 7])
def test_other_table_sizes_are_refused(seats: int) -> None:
    with pytest.raises(IllegalAction):
        CENZR.new_deal(OPTS, seats, 0, seed=1)


# --- §4.3 the cut -------------------------------------------------------------


@given(st.integers(4, 6), st.integers(0, 10**6))
def test_the_cut_highest_natural_rank_deals_ties_draw_again(seats: int, seed: int) -> None:
    def size(c: Card) -> int:
        return natural_size(Rank(c % 13))

    rounds = cut_draws(seats, seed)
    assert [s for s, _c in rounds[0]] == list(range(seats))
    for earlier, later in itertools.pairwise(rounds):
        top = max(size(c) for _s, c in earlier)
        tied = [s for s, c in earlier if size(c) == top]
        assert len(tied) > 1 and [s for s, _c in later] == tied
    last = rounds[-1]
    sizes = sorted((size(c) for _s, c in last), reverse=True)
    assert len(sizes) == 1 or sizes[0] > sizes[1]
    winner = cut_winner(rounds)
    assert CENZR.first_dealer(OPTS, seats, seed) == winner
    assert 0 <= winner < seats


def test_the_cut_is_fair_enough() -> None:
    """§4.3 [D]: every seat equally likely (a loose check over many seeds)."""
    counts = Counter(CENZR.first_dealer(OPTS, 4, seed) for seed in range(4000))
    assert all(800 < n < 1200 for n in counts.values())


def test_random_first_dealer_is_seeded() -> None:
    opts = CenzrOptions(first_dealer="random")
    assert CENZR.first_dealer(opts, 5, 7) == random.Random(7).randrange(5)


# --- §4.4 the deal --------------------------------------------------------------


@given(st.integers(4, 6), st.integers(0, 5), st.integers(0, 10**9))
def test_each_active_player_gets_two_packets_of_four(seats: int, dealer: int, seed: int) -> None:
    """§7 #1: 8 cards each (packet 1 + packet 2), sitting-out players none."""
    dealer %= seats
    state = CENZR.new_deal(OPTS, seats, dealer, seed=seed)
    dealt = CENZR.dealt_cards(state)
    assert set(dealt) == {str(s) for s in state.active}
    assert all(len(v) == 8 for v in dealt.values())
    assert sorted(c for v in dealt.values() for c in v) == sorted(card_code(c) for c in DECK)
    for s in range(seats):
        expected = 0 if s in CENZR.sitting_out(OPTS, seats, dealer) else 8
        assert state.hands[s].bit_count() == expected
    again = CENZR.new_deal(OPTS, seats, dealer, cards=dealt)
    assert CENZR.dealt_cards(again) == dealt and again.hands == state.hands


def test_packets_follow_the_deal_from_the_dealers_left() -> None:
    deck = list(DECK)
    packets = packets_from_deck(deck)
    for i in range(4):
        assert packets[i] == (*deck[4 * i : 4 * i + 4], *deck[16 + 4 * i : 20 + 4 * i])


def test_bad_explicit_cards_are_refused() -> None:
    rows = dict(D8)
    rows[0] = "Kh Qh Jh Th 9d As Ks"
    with pytest.raises(IllegalAction):
        from_hands(rows)
    with pytest.raises(IllegalAction):
        CENZR.new_deal(OPTS, 4, {"dealer": 3, "opener": 1}, seed=3)


# --- §4.5 calling ---------------------------------------------------------------


def test_calling_player_sees_only_packet_1_and_may_call_any_card() -> None:
    """§7 #10, #14: 32 calls and a pass; the view holds packet 1 only."""
    state = from_hands(D8)
    assert state.phase is Phase.CALL and state.to_act() == {0}
    codes = {a.code for a in state.legal_actions(0)}
    assert codes == {"pass"} | {f"call:{card_code(c)}" for c in DECK}
    for seat in range(4):
        view = state.view(seat)
        assert set(view.hand) == set(D8[seat].split()[:4]) and not view.hand_complete
        assert view.declarations == () and not view.bela
    assert all(state.legal_actions(s) == [] for s in (1, 2, 3))


def test_calling_order_skips_sitting_out_players() -> None:
    state = CENZR.new_deal(OPTS, 6, 0, seed=11)
    order = []
    while not state.is_over:
        (seat,) = state.to_act()
        order.append(seat)
        state, _ = CENZR.apply(state, seat, Pass())
    assert order == [1, 2, 4, 5]


def test_the_first_call_ends_calling_and_a_1_leads() -> None:
    """§7 #8, #11: A[2] calls; nobody else calls; A[0] leads trick 1."""
    state = from_hands(D8)
    state, _ = act(state, 0, "pass")
    state, _ = act(state, 1, "pass")
    state, events = act(state, 2, "call:Qc")
    assert state.phase is Phase.PLAY and state.trump == Suit.ACORNS
    assert state.chooser == 2 and state.to_act() == {0}
    assert not any(isinstance(a, Call | Pass) for s in range(4) for a in state.legal_actions(s))
    with pytest.raises(IllegalAction):
        act(state, 3, "call:Ah")
    assert [e.kind for e in events if e.visible_to is None] == ["call", "play_starts"]
    for seat in range(4):
        view = state.view(seat)
        assert view.hand_complete and set(view.hand) == set(D8[seat].split())
    # the holder of the called card is the chooser himself: a samec
    assert state.samec and state.voluntary is False


def test_all_pass_annuls_the_deal() -> None:
    """§7 #12: nothing recorded, played False, the next dealer left(d)."""
    state = from_hands(D8)
    for seat in range(4):
        state, events = act(state, seat, "pass")
    assert state.is_over and state.annulled
    outcome = state.outcome()
    assert outcome.scores == (0, 0, 0, 0) and outcome.played is False
    assert [e.kind for e in events][-2:] == ["annulled", "deal_over"]
    assert events[-2].data == {"next_dealer": 0}


def test_samec_voluntary_from_packet_1_involuntary_from_the_dokup() -> None:
    """§7 #13: Kh is in P1's packet 1, Ks in his dokup."""
    state, _ = act(from_hands(D8), 0, "call:Kh")
    assert state.samec and state.voluntary and state.choosing_side == (0,)
    state, _ = act(from_hands(D8), 0, "call:Ks")
    assert state.samec and not state.voluntary and state.defending_side == (1, 2, 3)


def test_the_partner_can_be_the_dealer() -> None:
    """§7 #14: with four players the dealer plays and can be called (Jc: P4 = dealer 3)."""
    state, _ = act(from_hands(D8), 0, "call:Jc")
    assert state.dealer == 3 and state.holder == 3 and state.choosing_side == (0, 3)


def test_the_trump_jack_can_be_called() -> None:
    state, _ = act(from_hands(D8), 0, "call:Jd")
    assert state.trump == Suit.BELLS and state.holder == 2


def test_action_codes_round_trip_and_garbage_is_invalid() -> None:
    for code in ("call:Jd", "pass", "announce", "play:7h", "bela:yes", "bela:no"):
        assert parse_action(code).code == code
    for bad in ("call:2h", "call:", "play:Xx", "hlas", "call:Jd:x", "", "x" * 40):
        with pytest.raises(InvalidAction):
            parse_action(bad)


def test_sitting_out_seat_cannot_be_dealt_a_card_in_a_view() -> None:
    state = CENZR.new_deal(OPTS, 5, 2, seed=5)
    assert state.view(2).hand == () and 2 not in state.public_view().hand_sizes
    assert mask_codes(state.hands[2]) == set()


# --- options (§8) -----------------------------------------------------------------

SPEC_DEFAULTS = {
    "sequence_order": "natural",
    "split_long_runs": False,
    "sto_compare": "top_card",
    "allow_set_run_overlap": True,
    "declaration_scope": "player",
    "declare_timing": "own_turn",
    "declaration_mode": "prompt",
    "declaration_selection": "all_or_nothing",
    "suppress_futile_announcements": True,
    "declaration_reveal": "protocol",
    "bela_mode": "auto_optimal",
    "pero_both_sides": False,
    "pero_bonus_scope": "side_total",
    "pero_bonus": 100,
    "defender_points_basis": "side",
    "deal_start": "left_of_dealer",
    "misdeal_policy": "redeal_same_dealer",
    "first_dealer": "cut",
    "seating": "join_order",
    "reset_totals_each_round": True,
    "round_target": 1500,
    "cap_at_target": True,
    "rounds_per_labeta": None,
    "ranking_ties": "shared",
    "reveal_partner": "on_called_card_played",
    "allow_review_last_trick": True,
}


def test_every_section_8_key_with_the_spec_default() -> None:
    assert CenzrOptions().to_dict() == SPEC_DEFAULTS
    assert CenzrOptions.from_dict(SPEC_DEFAULTS) == CenzrOptions()
    choices = CenzrOptions.choices()
    assert set(choices) == set(SPEC_DEFAULTS)
    for name, default in SPEC_DEFAULTS.items():
        assert default in choices[name]


@pytest.mark.parametrize(
    "values",
    [
        {"bela_mode": "never"},
        {"split_long_runs": True},
        {"pero_bonus": -1},
        {"round_target": True},
        {"rounds_per_labeta": 0},
        {"no_such_rule": 1},
    ],
)
def test_bad_options_are_refused(values: dict[str, object]) -> None:
    with pytest.raises(OptionsError):
        CenzrOptions.from_dict(values)


def test_a_card_is_in_exactly_one_hand_after_the_call() -> None:
    state, _ = act(from_hands(D8), 0, "call:Qc")
    seen = [c for s in range(4) for c in cards_of(state.hands[s])]
    assert len(seen) == 32 == len(set(seen))
