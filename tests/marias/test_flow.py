"""The course of a deal of volený mariáš (marias.md §3.1, §2.4, §1.6, §6).

Seats: dealer 2 unless stated, so forhond F = 0, middle player M = 1, zadák Z = 2.
"""

from __future__ import annotations

import random

import pytest

from games.cards import DECK_32, card, card_code
from games.engine import IllegalAction
from games.marias.actions import Claim
from games.marias.deal import active_seats, deal_from_order
from games.marias.state import Phase, VolenyState
from games.marias.variant import VOLENY
from tests.marias.voleny_play import (
    F,
    M,
    Z,
    act,
    act_events,
    flek_to,
    legal_codes,
    mask,
    new,
    options,
    refuse,
    split,
    units,
)

# Forhond's first seven: 7d Ac Qs 7s Js Ks Qh; his second packet: Qc Th 7h 8d 9h.
DEAL = (
    "7d Ac Qs 7s Js Ks Qh Qc Th 7h 8d 9h",
    "9d Jc Tc Ad 8s Kd Td 8h 9c Jd",
    "Ts Qd Kh Ah As Kc 8c 9s Jh 7c",
)
# A won game of DEAL with trumps s and talon 7d 8d: F 40 card points + 40 = 80 : 50.
GAME_WON = (
    "7h 8h Ah As Ks 8s Ts Qs Ad 8c Ac Tc Js Td 9s 7s Kd 7c Th Jd Jh Qh Jc Kh Kc Qc 9c Qd 9h 9d"
)

# Betl for F: he holds the 7s, 8s and 9s; the talon takes As Ac.
BETL = (
    "7h 8h 9h 7d 8d 9d 7s 8s 7c 8c As Ac",
    "Th Jh Qh Td Jd 9s Ts Js 9c Tc",
    "Kh Ah Qd Kd Ad Qs Ks Qc Kc Jc",
)
# A safe durch for F: all hearts and As Ks (the talon takes Qs 7d).
DURCH = (
    "Ah Kh Qh Jh Th 9h 8h 7h As Ks Qs 7d",
    "Ad Kd Qd Jd Td Js Ts 9s 8s 7s",
    "9d 8d Ac Kc Qc Jc Tc 9c 8c 7c",
)
# The same with Kd instead of Ks: M's Ad catches the king.
HOLED_DURCH = (
    "Ah Kh Qh Jh Th 9h 8h 7h As Kd Qs 7d",
    "Ad Qd Jd Td Ks Js Ts 9s 8s 7s",
    "9d 8d Ac Kc Qc Jc Tc 9c 8c 7c",
)


def _accepted(*codes: str, deal: tuple[str, str, str] = DEAL, **opts: object) -> VolenyState:
    """Forhond chooses Ks, discards 7d 8d, announces hra; then ``codes``."""
    return act(new(*deal, **opts), "trump:Ks", "talon:7d,8d", "game:hra", *codes)


def autoplay(state: VolenyState) -> VolenyState:
    while not state.is_over:
        (seat,) = state.to_act()
        action = next(a for a in state.legal_actions(seat) if not isinstance(a, Claim))
        state, _ = VOLENY.apply(state, seat, action)
    return state


# --- seats, roles and the deal (§3.1.1, §3.1.2) -----------------------------


@pytest.mark.parametrize("dealer", [0, 1, 2])
def test_three_players_roles(dealer: int) -> None:
    state = VOLENY.new_deal(VOLENY.options(), 3, dealer, seed=7)
    f, m, z = (dealer + 1) % 3, (dealer + 2) % 3, dealer
    assert state.active == (f, m, z)
    assert state.forhond == f
    assert state.to_act() == frozenset({f})
    assert state.phase is Phase.TRUMP
    assert [state.hands[s].bit_count() for s in (f, m, z)] == [12, 10, 10]
    assert VOLENY.sitting_out(state.options, 3, dealer) == frozenset()


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_four_players_dealer_sits_out(dealer: int) -> None:
    state = VOLENY.new_deal(VOLENY.options(), 4, dealer, seed=3)
    assert VOLENY.sitting_out(state.options, 4, dealer) == frozenset({dealer})
    assert state.active == ((dealer + 1) % 4, (dealer + 2) % 4, (dealer + 3) % 4)
    assert state.hands[dealer] == 0
    assert state.to_act() == frozenset({(dealer + 1) % 4})
    assert sum(h.bit_count() for h in state.hands) == 32


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_four_players_option_rotate_independently(dealer: int) -> None:
    opts = VOLENY.options({"pause_rotation": "rotate_independently"})
    out = (dealer - 1) % 4
    assert VOLENY.sitting_out(opts, 4, dealer) == frozenset({out})
    assert active_seats(opts, 4, dealer) == ((dealer + 1) % 4, (dealer + 2) % 4, dealer)


def test_four_players_explicit_cards_and_the_dealer_takes_no_part() -> None:
    s = new(*DEAL, seats=4, dealer=1)
    assert s.active == (2, 3, 0)
    assert s.hands[1] == 0
    assert s.hands[2] == mask(DEAL[0])
    s = act(s, "trump:Ks", "talon:7d,8d", "game:hra", "dobra", "dobra", "extras:none")
    assert refuse(s, 1, "pass") == "not_playing"
    s = act(s, "pass", "pass")
    assert s.end == "thrown_in"
    assert s.outcome().scores == (-1, 0, 2, -1)


def test_deal_is_seven_five_five_then_five_each() -> None:
    deck = list(DECK_32)
    f, m, z = deal_from_order(deck)
    assert f[:7] == tuple(deck[0:7]) and f[7:] == tuple(deck[17:22])
    assert m == (*deck[7:12], *deck[22:27])
    assert z == (*deck[12:17], *deck[27:32])
    assert (len(f), len(m), len(z)) == (12, 10, 10)


def test_seeded_deal_shuffles_with_its_own_random() -> None:
    deck = list(DECK_32)
    random.Random(11).shuffle(deck)
    state = VOLENY.new_deal(VOLENY.options(), 3, 2, seed=11)
    assert state.dealt == deal_from_order(deck)
    assert VOLENY.new_deal(VOLENY.options(), 3, 2, seed=11) == state
    assert VOLENY.new_deal(VOLENY.options(), 3, 2, seed=12).dealt != state.dealt


@pytest.mark.parametrize(
    "cards",
    [
        {"0": split(DEAL[0])[:11], "1": [*split(DEAL[1]), "8d"], "2": split(DEAL[2])},
        {"0": split(DEAL[0]), "1": [*split(DEAL[1])[:9], "7d"], "2": split(DEAL[2])},
        {"0": split(DEAL[0]), "1": split(DEAL[1]), "3": split(DEAL[2])},
        {"0": split(DEAL[0]), "1": split(DEAL[1])},
        {"0": [*split(DEAL[0])[:11], "Xx"], "1": split(DEAL[1]), "2": split(DEAL[2])},
    ],
)
def test_explicit_deal_is_checked(cards: dict[str, list[str]]) -> None:
    with pytest.raises(IllegalAction) as info:
        VOLENY.new_deal(VOLENY.options(), 3, 2, cards=cards)
    assert info.value.code == "bad_cards"


@pytest.mark.parametrize(("seats", "dealer"), [(2, 0), (5, 0), (3, 3), (4, -1)])
def test_table_size_and_dealer_are_checked(seats: int, dealer: int) -> None:
    with pytest.raises(IllegalAction) as info:
        VOLENY.new_deal(VOLENY.options(), seats, dealer, seed=1)
    assert info.value.code == "bad_table"


# --- choosing trumps (§3.1.3) -----------------------------------------------


def test_forhond_sees_only_his_first_seven_before_choosing() -> None:
    s = new(*DEAL)
    view = s.view(F)
    assert view.hand_complete is False
    assert set(view.hand) == set(split(DEAL[0])[:7])
    assert s.view(M).hand_complete and len(s.view(M).hand) == 10
    assert legal_codes(s) == {f"trump:{c}" for c in split(DEAL[0])[:7]} | {
        f"lid:{i}" for i in range(1, 6)
    }
    assert refuse(s, F, "trump:Qc") == "not_in_first_packet"  # second packet
    assert refuse(s, F, "trump:Ah") == "not_in_first_packet"  # not his card
    s = act(s, "trump:Ks")
    assert s.view(F).hand_complete
    assert set(s.view(F).hand) == set(split(DEAL[0]))
    assert s.trump_card == card("Ks") and not s.trump_blind
    assert s.public_view().trump is None  # face down until the reveal


@pytest.mark.parametrize("position", [1, 2, 3, 4, 5])
def test_z_lidu_takes_the_card_of_the_second_packet(position: int) -> None:
    s = act(new(*DEAL), f"lid:{position}")
    chosen = split(DEAL[0])[6 + position]
    assert card_code(s.trump_card) == chosen
    assert s.trump_blind
    assert s.phase is Phase.TALON
    assert s.public_view().trump_card is None
    assert s.public_view().trump_blind


def test_trump_card_shown_at_the_reveal_and_kept_by_forhond() -> None:
    s = _accepted("dobra", "dobra")
    assert s.phase is Phase.EXTRAS and s.to_move == F
    assert s.public_view().trump is None
    s, events = act_events(s, "extras:none")
    revealed = next(e for e in events if e.kind == "trumps_revealed")
    assert revealed.data["card"] == "Ks" and revealed.visible_to is None
    assert s.public_view().trump == "s" and s.public_view().trump_card == "Ks"
    assert s.hands[F] >> card("Ks") & 1  # played normally later


@pytest.mark.parametrize("blind", [False, True])
def test_trump_card_cannot_go_to_the_talon(blind: bool) -> None:
    s = act(new(*DEAL), "lid:2" if blind else "trump:Ks")
    trump = card_code(s.trump_card)
    assert refuse(s, F, f"talon:{trump},8d") == "trump_card_in_talon"
    assert not any(trump in code for code in legal_codes(s))
    allowed = act(new(*DEAL, trump_card_discardable=True), "lid:2" if blind else "trump:Ks")
    allowed = act(allowed, f"talon:8d,{trump}")
    assert not allowed.hands[F] >> card(trump) & 1


# --- the talon (§3.1.4) -----------------------------------------------------


def test_talon_is_two_cards_from_the_hand() -> None:
    s = act(new(*DEAL), "trump:Ks")
    assert refuse(s, F, "talon:7d,Ad") == "card_not_in_hand"
    s = act(s, "talon:7d,8d")
    assert s.hands[F].bit_count() == 10
    assert s.talon == mask("7d 8d")
    assert set(s.view(F).talon) == {"7d", "8d"}
    assert s.view(M).talon == () and s.view(Z).talon == ()


def test_sharp_card_in_talon_allows_only_betl_or_durch() -> None:
    s = act(new(*DEAL), "trump:Ks", "talon:Ac,8d")
    assert refuse(s, F, "game:hra") == "sharp_in_talon"
    assert legal_codes(s) == {"game:betl", "game:durch"}
    s = act(s, "game:betl")
    assert s.kind == "betl"


@pytest.mark.parametrize("rule", ["face_up_points_to_defenders", "face_up_penalty_20"])
def test_sharp_card_in_talon_face_up_options(rule: str) -> None:
    s = act(new(*DEAL, talon_sharp_cards=rule), "trump:Ks", "talon:Th,8d")
    assert "game:hra" in legal_codes(s)
    s = act(s, "game:hra")
    assert s.public_view().talon_face_up == ("Th",)


def test_betl_and_durch_may_discard_anything() -> None:
    s = act(new(*DEAL), "trump:Ks", "talon:Ac,Th", "game:durch")
    assert s.kind == "durch" and s.talon == mask("Ac Th")


def test_trump_in_talon_is_announced_at_the_reveal() -> None:
    s = act(new(*DEAL), "trump:Ks", "talon:7s,8d", "game:hra", "dobra", "dobra")
    assert s.public_view().trump_in_talon is False  # nothing leaks before the reveal
    s, events = act_events(s, "extras:none")
    revealed = next(e for e in events if e.kind == "trumps_revealed")
    assert revealed.data["trump_in_talon"] is True
    assert s.public_view().trump_in_talon is True
    plain = _accepted("dobra", "dobra")
    _, events = act_events(plain, "extras:none")
    assert next(e for e in events if e.kind == "trumps_revealed").data["trump_in_talon"] is False


# --- announcement, answers and overcalls (§3.1.5) ---------------------------


def test_answers_go_clockwise_from_the_middle_player() -> None:
    s = _accepted()
    assert s.phase is Phase.RESPOND and s.to_move == M
    assert legal_codes(s) == {"dobra", "spatna"}
    s = act(s, "dobra")
    assert s.to_move == Z
    s = act(s, "dobra")
    assert s.phase is Phase.EXTRAS and s.to_move == F


def test_answer_order_with_another_dealer() -> None:
    s = act(new(*DEAL, dealer=0), "trump:Ks", "talon:7d,8d", "game:hra")
    assert s.active == (1, 2, 0)
    assert s.to_move == 2
    s = act(s, "dobra")
    assert s.to_move == 0


def test_spatna_takes_the_talon_and_must_go_higher() -> None:
    s = _accepted("spatna")
    assert s.phase is Phase.TALON and s.to_move == M
    assert s.hands[M].bit_count() == 12
    assert s.hands[M] & mask("7d 8d") == mask("7d 8d")
    assert s.talon == 0
    s = act(s, "talon:Ad,Td")  # aces and tens are fine for betl/durch
    assert refuse(s, M, "game:hra") == "must_go_higher"
    assert legal_codes(s) == {"game:betl", "game:durch"}
    s = act(s, "game:betl")
    assert s.declarer == M and s.kind == "betl"
    # one more round, clockwise after the overcaller: Z, then F
    assert s.phase is Phase.RESPOND and s.to_move == Z
    s = act(s, "dobra")
    assert s.to_move == F
    s = act(s, "spatna")  # forhond overcalls the betl with durch
    assert s.phase is Phase.TALON and s.to_move == F
    assert s.hands[F] & mask("Ad Td") == mask("Ad Td")
    s = act(s, "talon:7h,9h")
    assert refuse(s, F, "game:betl") == "must_go_higher"
    s = act(s, "game:durch")
    # durch is final: nobody answers it
    assert s.declarer == F and s.kind == "durch"
    assert s.phase is Phase.LEAD and s.to_move == F


def test_zadak_may_overcall_after_dobra() -> None:
    s = _accepted("dobra", "spatna")
    assert s.to_move == Z and s.phase is Phase.TALON
    s = act(s, "talon:Ah,As", "game:betl")
    assert s.to_move == F  # the round after the overcall starts left of Z
    s = act(s, "dobra")
    assert s.to_move == M
    s = act(s, "dobra")
    assert s.phase is Phase.LEAD and s.to_move == Z


def test_durch_announced_at_once_is_final() -> None:
    s = act(new(*DEAL), "trump:Ks", "talon:7d,8d", "game:durch")
    assert s.phase is Phase.LEAD and s.to_move == F
    assert all(c.code != "dobra" for c in s.calls)


def test_betl_by_forhond_can_be_overcalled_by_durch() -> None:
    s = act(new(*DEAL), "trump:Ks", "talon:7d,8d", "game:betl")
    assert s.to_move == M
    s = act(s, "spatna", "talon:8h,9c")
    assert refuse(s, M, "game:betl") == "must_go_higher"
    s = act(s, "game:durch")
    assert s.declarer == M and s.phase is Phase.LEAD and s.to_move == M


def test_forhond_always_chooses_a_trump_card_even_for_betl() -> None:
    s = new(*DEAL)
    assert refuse(s, F, "game:betl") == "wrong_phase"
    assert refuse(s, F, "talon:7d,8d") == "wrong_phase"


# --- extras (§3.1.5 step 4, §6 #24, #52) -------------------------------------


@pytest.mark.parametrize(
    ("code", "stovka", "sedma", "components"),
    [
        ("extras:none", False, False, {"hra": 0}),
        ("extras:sedma", False, True, {"hra": 0, "sedma": 0}),
        ("extras:stovka", True, False, {"hra": 0}),
        ("extras:stovka+sedma", True, True, {"hra": 0, "sedma": 0}),
    ],
)
def test_extras(code: str, stovka: bool, sedma: bool, components: dict[str, int]) -> None:
    s = act(_accepted("dobra", "dobra"), code)
    assert (s.stovka, s.sedma) == (stovka, sedma)
    assert dict(s.flek) == components
    assert s.phase is Phase.FLEK and s.to_move == M


def test_sedma_without_the_trump_seven() -> None:
    # trumps c: forhond does not hold 7c
    codes = ("trump:Ac", "talon:7d,8d", "game:hra", "dobra", "dobra")
    s = act(new(*DEAL), *codes)
    assert "extras:sedma" in legal_codes(s)  # allowed by default (a bluff)
    strict = act(new(*DEAL, allow_seven_without_trump7=False), *codes)
    assert refuse(strict, F, "extras:sedma") == "no_trump_seven"
    assert refuse(strict, F, "extras:stovka+sedma") == "no_trump_seven"
    assert "extras:stovka" in legal_codes(strict)
    with_seven = act(new(*DEAL, allow_seven_without_trump7=False), "trump:Ks", *codes[1:])
    assert "extras:sedma" in legal_codes(with_seven)


def test_stovka_without_a_marriage() -> None:
    codes = ("trump:Ac", "talon:Qs,8d", "game:hra", "dobra", "dobra")  # breaks Ks Qs
    s = act(new(*DEAL), *codes)
    assert "extras:stovka" in legal_codes(s)  # impossible, but allowed by default
    strict = act(new(*DEAL, allow_impossible_stovka=False), *codes)
    assert refuse(strict, F, "extras:stovka") == "no_marriage"
    assert legal_codes(strict) == {"extras:none", "extras:sedma"}
    ok = act(new(*DEAL, allow_impossible_stovka=False), "trump:Ac", "talon:7d,8d")
    ok = act(ok, "game:hra", "dobra", "dobra")
    assert "extras:stovka" in legal_codes(ok)


# --- betl/durch lead and first leads (§3.1.5 step 5, §3.1.7, §6 #10, #11) ---


def _betl(**opts: object) -> VolenyState:
    return act(new(*BETL, **opts), "trump:7h", "talon:As,Ac", "game:betl", "dobra", "dobra")


def test_betl_lead_is_laid_before_the_fleks_and_revealed_as_the_first_lead() -> None:
    s = _betl()
    assert s.phase is Phase.LEAD and s.to_move == F
    assert refuse(s, F, "lead:Ah") == "card_not_in_hand"
    s = act(s, "lead:7d")
    assert s.phase is Phase.FLEK and s.to_move == M
    assert s.public_view().lead_laid
    assert s.view(F).lead_card == "7d"
    assert s.view(M).lead_card is None and s.view(Z).lead_card is None
    assert s.trick_cards == ()
    s = act(s, "flek:betl", "pass")  # M fleks, F does not re
    assert s.phase is Phase.PLAY
    assert s.trick_cards == (card("7d"),) and s.trick_seats == (F,)
    assert s.to_move == M
    assert s.flek_level("betl") == 1


def test_betl_lead_not_laid_first_with_the_option_off() -> None:
    s = _betl(betl_lead_before_flek=False)
    assert s.phase is Phase.FLEK and s.to_move == M
    s = act(s, "pass", "pass")
    assert s.phase is Phase.PLAY and s.to_move == F and s.trick_cards == ()


def test_first_lead_in_hra_is_forhond() -> None:
    s = act(_accepted("dobra", "dobra"), "extras:sedma", "pass", "pass")
    assert s.phase is Phase.PLAY and s.to_move == F and s.leader == F


def test_first_lead_in_an_overcalled_betl_is_the_declarer() -> None:
    s = act(_accepted("spatna"), "talon:Ad,Td", "game:betl", "dobra", "dobra")
    assert s.phase is Phase.LEAD and s.to_move == M
    s = act(s, "lead:9d", "pass", "pass")  # Z and F may flek
    assert s.trick_seats == (M,) and s.to_move == Z


def test_first_lead_option_forhond() -> None:
    s = act(_accepted("spatna", betl_durch_first_lead="forhond"), "talon:Ad,Td", "game:betl")
    s = act(s, "dobra", "dobra")
    assert s.phase is Phase.FLEK  # nothing to lay: the declarer does not lead
    s = act(s, "pass", "pass")
    assert s.phase is Phase.PLAY and s.to_move == F and s.trick_cards == ()


# --- the flek chain (§3.0.3, §6 #14, #15, #51) --------------------------------


def test_flek_chain_alternates_and_stops_after_a_silent_cycle() -> None:
    s = act(_accepted("dobra", "dobra"), "extras:none")
    assert s.to_move == M and legal_codes(s) == {"pass", "flek:hra"}
    s = act(s, "pass")
    assert s.to_move == Z
    s = act(s, "flek:hra")  # either defender: Z after M passed
    assert s.flek_level("hra") == 1
    assert s.to_move == F  # M cannot add a second flek: skipped
    assert legal_codes(s) == {"pass", "flek:hra"}
    s = act(s, "flek:hra")  # re
    assert s.to_move == M
    s = act(s, "pass")
    assert s.to_move == Z
    s = act(s, "flek:hra")  # tutti
    assert s.to_move == F
    s = act(s, "flek:hra")  # retutti (boty)
    s = act(s, "flek:hra")  # M: kalhoty
    assert s.flek_level("hra") == 5
    assert s.to_move == F  # Z skipped
    s = act(s, "pass")
    assert s.phase is Phase.PLAY and s.flek_level("hra") == 5
    assert [c.code for c in s.calls[-8:]] == [
        "pass",
        "flek:hra",
        "flek:hra",
        "pass",
        "flek:hra",
        "flek:hra",
        "flek:hra",
        "pass",
    ]


def test_flek_levels_belong_to_the_sides() -> None:
    s = act(_accepted("dobra", "dobra"), "extras:sedma")
    s = act(s, "flek:hra")
    # Z may still flek the sedma, not the game a second time
    assert s.to_move == Z
    assert legal_codes(s) == {"pass", "flek:sedma"}
    assert refuse(s, Z, "flek:hra") == "flek_not_yours"
    s = act(s, "pass")
    assert s.to_move == F
    # forhond may re the game; the sedma is not fleked, so he cannot raise it
    assert legal_codes(s) == {"pass", "flek:hra"}
    assert refuse(s, F, "flek:sedma") == "flek_not_yours"
    assert refuse(s, M, "flek:sedma") == "not_your_turn"


def test_separate_chains_for_game_and_sedma() -> None:
    s = act(_accepted("dobra", "dobra"), "extras:sedma")
    s = act(s, "flek:sedma", "flek:hra")  # M fleks the sedma, Z the game
    assert s.to_move == F
    assert legal_codes(s) == {"pass", "flek:hra", "flek:sedma", "flek:hra+sedma"}
    s = act(s, "flek:sedma")  # re on the sedma only
    assert (s.flek_level("hra"), s.flek_level("sedma")) == (1, 2)
    assert s.to_move == M and legal_codes(s) == {"pass", "flek:sedma"}
    # Both defenders pass after forhond's raise: the round is over (forhond spoke last).
    s = act(s, "pass", "pass")
    assert s.phase is Phase.PLAY
    assert (s.flek_level("hra"), s.flek_level("sedma")) == (1, 2)


def test_only_a_defender_opens_the_chain() -> None:
    s = act(_accepted("dobra", "dobra"), "extras:none", "pass", "pass")
    # forhond has nothing to raise: the round is over and the plain game thrown in
    assert s.is_over and s.end == "thrown_in"


@pytest.mark.parametrize(("cap", "level"), [(1, 1), (2, 2), (3, 3)])
def test_max_flek_level(cap: int, level: int) -> None:
    s = act(_accepted("dobra", "dobra", max_flek_level=cap), "extras:none")
    for _ in range(12):  # everyone raises whenever allowed
        if s.phase is not Phase.FLEK:
            break
        s = act(s, "flek:hra" if "flek:hra" in legal_codes(s) else "pass")
    assert s.flek_level("hra") == level
    assert s.phase is Phase.PLAY


def test_betl_has_one_chain() -> None:
    s = act(_betl(), "lead:7d")
    assert legal_codes(s) == {"pass", "flek:betl"}
    s = act(s, "pass", "flek:betl")
    assert s.to_move == F
    s = act(s, "flek:betl", "pass", "pass")
    assert s.flek_level("betl") == 2 and s.phase is Phase.PLAY


# --- deals that are not played (§3.1.6, §6 #2, #3, #4) -----------------------


@pytest.mark.parametrize(
    ("trump", "rule", "paid", "over"),
    [
        ("Ks", "throw_in_defenders_pay_game", 1, True),
        ("Qh", "throw_in_defenders_pay_game", 2, True),  # hearts ×2
        ("Ks", "throw_in_no_payment", 0, True),
        ("Ks", "play", None, False),
    ],
)
def test_unfleked_plain_game(trump: str, rule: str, paid: int | None, over: bool) -> None:
    s = act(new(*DEAL, unfleked_simple_game=rule), f"trump:{trump}", "talon:7d,8d")
    s = act(s, "game:hra", "dobra", "dobra", "extras:none", "pass", "pass")
    assert s.is_over is over
    if over:
        assert s.end == "thrown_in"
        outcome = s.outcome()
        assert outcome.played is False
        assert outcome.scores == (2 * paid, -paid, -paid)
    else:
        assert s.phase is Phase.PLAY


def test_sedma_with_only_the_game_fleked_once_is_free() -> None:
    s = act(_accepted("dobra", "dobra"), "extras:sedma")
    s = flek_to(s, hra=1)
    assert s.is_over and s.end == "free"
    assert s.outcome().played is False
    assert s.outcome().scores == (0, 0, 0)


@pytest.mark.parametrize(
    ("fleks", "option"),
    [
        ({"hra": 2}, True),  # forhond's re makes it played
        ({"hra": 1, "sedma": 1}, True),  # the sedma is fleked too
        ({}, True),  # an announced sedma is always played
        ({"sedma": 1}, True),
        ({"hra": 1}, False),  # the "zadarmo" rule switched off
    ],
)
def test_sedma_deals_that_are_played(fleks: dict[str, int], option: bool) -> None:
    s = _accepted("dobra", "dobra", seven_vs_single_game_flek_free=option)
    s = flek_to(act(s, "extras:sedma"), **fleks)
    assert s.phase is Phase.PLAY and not s.is_over


@pytest.mark.parametrize("extras", ["extras:stovka", "extras:stovka+sedma"])
@pytest.mark.parametrize("fleks", [{}, {"hra": 1}])
def test_stovka_is_always_played(extras: str, fleks: dict[str, int]) -> None:
    s = flek_to(act(_accepted("dobra", "dobra"), extras), **fleks)
    assert s.phase is Phase.PLAY


@pytest.mark.parametrize("kind", ["betl", "durch"])
def test_unfleked_betl_and_durch_are_played(kind: str) -> None:
    s = act(new(*DEAL), "trump:Ks", "talon:7d,8d", f"game:{kind}")
    if kind == "betl":
        s = act(s, "dobra", "dobra")
    s = act(s, "lead:7h", "pass", "pass")
    assert s.phase is Phase.PLAY


# --- marriages (§1.6, §6 #23) -------------------------------------------------


def _won_game(**opts: object) -> VolenyState:
    s = _accepted("dobra", "dobra", **opts)
    return flek_to(act(s, "extras:none"), hra=1)


def test_marriage_declared_while_following_and_counted_though_the_trick_is_lost() -> None:
    s = act(_won_game(), *split(GAME_WON)[:4])
    s, events = act_events(s, "Ks")  # Z led As; F follows with Ks
    marriage = next(e for e in events if e.kind == "marriage")
    assert marriage.seat == F and marriage.data == {"suit": "s", "points": 40}
    s = act(s, "8s")
    assert s.tricks[-1].winner == Z
    assert [(m.seat, m.points, m.trick) for m in s.marriages] == [(F, 40, 2)]
    s = act(s, *split(GAME_WON)[6:])
    assert s.outcome().summary["points"]["declarer"] == 80  # 40 card points + 40
    assert len(s.marriages) == 1  # the queen played later declares nothing more


def test_marriage_declared_when_leading() -> None:
    # DEAL, trumps s: Z leads Kc ... forhond leads Ks in trick 2 and loses it to As.
    s = act(_won_game(), "Ac", "Tc", "7c", "Ks")
    assert [(m.seat, m.points, m.trick) for m in s.marriages] == [(F, 40, 2)]
    s = act(s, "8s", "As")
    assert s.tricks[-1].winner == Z


def test_defender_marriage_twenty() -> None:
    # Trumps h; Z holds Kc Qc and leads Kc in trick 2: 20 for Z, forhond's Qh 40.
    s = act(
        new(
            "Ah Kh Qh 7d Td Jd Qd Kd Ad As 8d 9d",
            "Jh 8h Ts Js 9s 8s 7s Ac Tc 7c",
            "Th 9h 7h Ks Qs Kc Qc Jc 9c 8c",
        ),
        "trump:Ah",
        "talon:8d,9d",
        "game:hra",
        "dobra",
        "dobra",
        "extras:none",
        "flek:hra",
        "pass",
    )
    s = act(s, "7d", "8h", "9h", "Kc", "Qh", "7c")
    assert [(m.seat, m.suit.name, m.points) for m in s.marriages] == [
        (Z, "ACORNS", 20),
        (F, "HEARTS", 40),
    ]
    assert s.tricks[-1].winner == F


def test_marriages_by_hand_when_not_automatic() -> None:
    s = _won_game(auto_declare_marriages=False)
    s = act(s, *split(GAME_WON)[:4])
    assert "play:Ks" in legal_codes(s) and "hlas:Ks" in legal_codes(s)
    assert refuse(s, F, "hlas:Js") == "no_marriage"  # no marriage in that card
    s, events = act_events(s, "hlas:Ks")
    assert any(e.kind == "marriage" for e in events)
    assert [(m.seat, m.points) for m in s.marriages] == [(F, 40)]


def test_undeclared_marriage_does_not_count() -> None:
    s = _won_game(auto_declare_marriages=False)
    s = act(s, *split(GAME_WON))
    assert s.marriages == ()
    assert s.outcome().summary["points"]["declarer"] == 40


def test_hlas_refused_when_marriages_are_automatic() -> None:
    s = act(_won_game(), *split(GAME_WON)[:4])
    assert refuse(s, F, "hlas:Ks") == "auto_marriages"
    assert "hlas:Ks" not in legal_codes(s)


def test_no_marriages_in_betl() -> None:
    s = act(new(*DEAL), "trump:Ks", "talon:7d,8d", "game:betl", "dobra", "dobra")
    s = act(s, "lead:Ks", "pass", "pass")
    assert s.marriages == ()
    assert not any(c.startswith("hlas:") for c in legal_codes(s))


# --- betl/durch: early end and claims (§2.4, §6 #29) --------------------------


def test_betl_ends_when_the_declarer_takes_a_trick() -> None:
    s = act(new(*BETL), "trump:7h", "talon:7c,8c", "game:betl", "dobra", "dobra")
    s = act(s, "lead:As", "pass", "pass", "Ts", "Qs")
    assert s.is_over and s.end == "early"
    assert len(s.tricks) == 1 and s.tricks[0].winner == F
    assert units(s) == -5


def test_betl_played_out_with_early_end_off() -> None:
    s = act(
        new(*BETL, end_betl_durch_early=False),
        "trump:7h",
        "talon:7c,8c",
        "game:betl",
        "dobra",
        "dobra",
    )
    s = act(s, "lead:As", "pass", "pass", "Ts", "Qs")
    assert not s.is_over
    s = autoplay(s)
    assert len(s.tricks) == 10 and s.end == "played"
    assert units(s) == -5


def _durch(deal: tuple[str, str, str], **opts: object) -> VolenyState:
    s = act(new(*deal, **opts), "trump:8h", "talon:Qs,7d", "game:durch")
    return s


def test_durch_ends_when_the_declarer_loses_a_trick() -> None:
    s = act(_durch(HOLED_DURCH), "lead:Kd", "pass", "pass", "Ad", "9d")
    assert s.is_over and s.end == "early" and s.tricks[0].winner == M
    assert units(s) == -10


def test_durch_claim_accepted_when_proved() -> None:
    s = act(_durch(DURCH), "lead:Ah", "pass", "pass", "7s", "7c")
    assert s.to_move == F and "claim" in legal_codes(s)
    s = act(s, "claim")
    assert s.is_over and s.end == "claim"
    assert units(s) == 10
    assert s.outcome().scores == (20, -10, -10)


def test_durch_claim_refused_when_not_proved() -> None:
    s = act(_durch(HOLED_DURCH), "lead:Ah", "pass", "pass", "7s", "7c")
    assert "claim" not in legal_codes(s)
    assert refuse(s, F, "claim") == "claim_not_proven"
    s = act(s, "Kd", "Ad")
    assert refuse(s, Z, "claim") == "no_claim"


def test_betl_claim_accepted_when_proved() -> None:
    s = act(_betl(), "lead:7h", "pass", "pass", "Th", "Kh", "Qd")
    assert s.to_move == F
    s = act(s, "claim")
    assert s.is_over and s.end == "claim" and units(s) == 5


def test_betl_claim_refused_when_the_ace_can_be_forced() -> None:
    s = act(new(*BETL), "trump:7h", "talon:As,8c", "game:betl", "dobra", "dobra")
    s = act(s, "lead:7h", "pass", "pass", "Th", "Kh", "Qd")
    assert s.to_move == F
    assert refuse(s, F, "claim") == "claim_not_proven"


def test_claims_only_for_the_betl_or_durch_declarer() -> None:
    s = act(_won_game(), "Ac", "Tc", "7c")
    assert s.to_move == F
    assert refuse(s, F, "claim") == "no_claim"  # hra: nothing to claim
    s = act(_durch(DURCH, allow_claims=False), "lead:Ah", "pass", "pass", "7s", "7c")
    assert refuse(s, F, "claim") == "claims_off"
    s = act(_durch(DURCH), "lead:Ah", "pass", "pass", "7s")
    assert refuse(s, Z, "claim") == "no_claim"  # a defender


# --- the first dealer (§3.1.1, §6 #26) ----------------------------------------


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("rule", ["low_card", "high_card"])
def test_first_dealer_by_drawing_cards(seed: int, rule: str) -> None:
    from games.marias.deal import first_dealer
    from games.marias.rules import BETL_ORDER

    deck = list(DECK_32)
    random.Random(seed).shuffle(deck)
    drawn = deck[:4]
    ranks = [BETL_ORDER.strength[c] for c in drawn]
    dealer = first_dealer(options(first_dealer=rule), 4, seed)
    best = min(ranks) if rule == "low_card" else max(ranks)
    assert ranks[dealer] == best  # "malá dává" / "velká dává"


def test_first_dealer_at_random_is_a_seat() -> None:
    from games.marias.deal import first_dealer

    seen = {first_dealer(options(), 3, seed) for seed in range(40)}
    assert seen == {0, 1, 2}


# --- hidden information in events (§3.1.3-§3.1.5) ----------------------------


def test_face_down_cards_are_told_only_to_their_owner() -> None:
    s = new(*DEAL)
    s, events = act_events(s, "trump:Ks")
    (secret,) = [e for e in events if e.kind == "trump_card"]
    assert secret.data == {"card": "Ks"} and secret.visible_to == frozenset({F})
    assert all(e.visible_to is None for e in events if e.kind != "trump_card")
    assert all("Ks" not in str(e.data) for e in events if e.visible_to is None)
    s, events = act_events(s, "talon:7d,8d")
    (talon,) = [e for e in events if e.kind == "talon"]
    assert talon.visible_to == frozenset({F})
    s = act(s, "game:hra")
    s, events = act_events(s, "spatna")
    (taken,) = [e for e in events if e.kind == "talon_cards"]
    assert set(taken.data["cards"]) == {"7d", "8d"} and taken.visible_to == frozenset({M})
    s = act(s, "talon:Ad,Td", "game:betl", "dobra", "dobra")
    s, events = act_events(s, "lead:9d")
    (lead,) = [e for e in events if e.kind == "lead_card"]
    assert lead.visible_to == frozenset({M})
    assert all("9d" not in str(e.data) for e in events if e.visible_to is None)


def test_a_lozeny_durch_can_be_laid_open_instead_of_the_first_lead() -> None:
    """§3.1.5 step 1 / §6 #12: an unbeatable durch is shown at once, at the normal price."""
    s = _durch(DURCH)
    assert s.phase == "lead" and "claim" in legal_codes(s)
    s = act(s, "claim")
    assert s.is_over and s.end == "claim" and units(s) == 10
