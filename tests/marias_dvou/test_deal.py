"""Dealing, trumps and drawing in each rule set of ve dvou (§3.4.1-§3.4.3)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.cards import DECK_32, Suit, card, card_code, cards_of
from games.engine import IllegalAction, InvalidAction
from games.marias.rules import seven_of
from games.marias_dvou.options import DvouOptions
from games.marias_dvou.state import DvouState, Phase
from games.marias_dvou.variant import DVOU
from games.match import Match
from tests.marias_dvou.helpers import M2_CARDS, events_of, play, run, scripted


def _v(state: DvouState, seat: int) -> Any:
    return state.view(seat)


def _pv(state: DvouState) -> Any:
    return state.public_view()


def _hand(state: DvouState, seat: int) -> set[str]:
    return {card_code(c) for c in cards_of(state.hands[seat])}


def test_identity_and_options() -> None:
    assert DVOU.id == "marias-dvou"
    assert DVOU.min_seats == DVOU.max_seats == 2
    assert set(DVOU.aliases) == {"mariáš ve dvou", "marias ve dvou", "dvou", "ve dvou"}
    assert DVOU.title == {"cs": "Mariáš ve dvou", "en": "Mariáš for two"}
    opts = DVOU.options()
    assert opts.dvou_variant == "C"
    assert opts.stock_phase_trumps_win and opts.winner_draws_first
    assert opts.trump7_exchange == "on_lead_stock_ge2"
    assert opts.ve_dvou_unfleked_game == "play"
    assert opts.ve_dvou_late_seven_flek == "on_announce"
    assert DvouOptions.from_dict(opts.to_dict()) == opts
    with pytest.raises(Exception, match="dvou_variant"):
        DVOU.options({"dvou_variant": "D"})
    with pytest.raises(Exception, match="unknown"):
        DVOU.options({"talon_sharp_cards": "forbidden"})


@pytest.mark.parametrize("seats", [1, 3])
def test_two_players_only(seats: int) -> None:
    with pytest.raises(IllegalAction):
        DVOU.new_deal(DVOU.options(), seats, 0, seed=1)


def test_an_opener_is_refused() -> None:
    with pytest.raises(IllegalAction):
        DVOU.new_deal(DVOU.options(), 2, 0, seed=1, opener=0)


@pytest.mark.parametrize("rules", ["A", "C"])
def test_four_and_four_and_a_stock_of_sixteen(rules: str) -> None:
    seed = 7
    deck = list(DECK_32)
    random.Random(seed).shuffle(deck)
    state = DVOU.new_deal(DVOU.options({"dvou_variant": rules}), 2, 0, seed=seed)
    first = 1  # the dealer's left
    assert state.forhond == first and state.active == (1, 0)
    assert state.dealt[0] == (*deck[0:4], *deck[8:12])
    assert state.dealt[1] == (*deck[4:8], *deck[12:16])
    assert state.stock == tuple(deck[16:])
    assert state.phase is Phase.TRUMP and state.to_act() == {first}
    view: Any = _v(state, first)
    assert not view.hand_complete
    assert set(view.hand) == {card_code(c) for c in deck[0:4]}
    assert set(_v(state, 0).hand) == {card_code(c) for c in state.dealt[1]}


def test_trumps_are_a_suit_of_the_first_four() -> None:
    state = scripted()  # A's first four: Qd 7d Ks 9c
    codes = {a.code for a in state.legal_actions(0)}
    assert codes == {"trumps:d", "trumps:s", "trumps:c"}
    with pytest.raises(IllegalAction, match="first four"):
        play(state, 0, "trumps:h")
    with pytest.raises(IllegalAction):
        play(state, 1, "trumps:d")
    events = events_of(state, 0, "trumps:d")
    private = [e for e in events if e.visible_to is not None]
    assert [e.visible_to for e in private] == [frozenset((0,))]
    after = play(state, 0, "trumps:d")
    assert after.trump == Suit.BELLS and after.phase is Phase.ANNOUNCE
    assert _v(after, 0).hand_complete
    assert len(_v(after, 0).hand) == 8
    assert _pv(after).trump == "d"


def test_turned_trump_is_the_eleventh_card_and_is_drawn_last() -> None:
    seed = 11
    deck = list(DECK_32)
    random.Random(seed).shuffle(deck)
    state = DVOU.new_deal(DVOU.options({"dvou_variant": "B"}), 2, 1, seed=seed)
    assert state.dealt[0] == (*deck[0:5], *deck[11:14])
    assert state.dealt[1] == (*deck[5:10], *deck[14:17])
    assert state.stock == (*deck[17:], deck[10])
    assert state.trump == Suit(deck[10] // 13)
    assert state.phase is Phase.ANNOUNCE and state.to_act() == {0}  # nobody chooses
    public = _pv(state)
    assert public.turned_card == card_code(deck[10])
    assert public.stock_count == 16


def _b_cards() -> dict[str, list[str]]:
    """A B deal: trumps h (the turned 9h under the stock); seat 0 (the first player)
    holds the trump seven."""
    return {
        "0": ["7h", "Ad", "Kd", "Qd", "As", "Ks", "Qs", "Js"],
        "1": ["Ah", "Th", "Kh", "Qh", "Jh", "8h", "7d", "8d"],
        "stock": [
            *("9d", "Td", "Jd", "7s", "8s", "9s", "Ts", "7c"),
            *("8c", "9c", "Tc", "Jc", "Qc", "Kc", "Ac", "9h"),
        ],
    }


def _to_play(state: DvouState) -> DvouState:
    if state.phase is Phase.TRUMP:
        state = play(state, 0, "trumps:h")
    state = run(state, [(0, "extras:none"), (1, "extras:none")])
    return run(state, [(1, "pass")])


def test_the_trump_seven_is_exchanged_for_the_turned_card_on_lead() -> None:
    state = _to_play(scripted(_b_cards(), values={"dvou_variant": "B"}))
    assert state.phase is Phase.PLAY and state.to_act() == {0}
    assert "swap" in {a.code for a in state.legal_actions(0)}
    swapped = play(state, 0, "swap")
    assert "9h" in _hand(swapped, 0) and "7h" not in _hand(swapped, 0)
    assert swapped.stock[-1] == seven_of(Suit.HEARTS)
    assert _pv(swapped).turned_card == "7h"
    assert "swap" not in {a.code for a in swapped.legal_actions(0)}
    assert swapped.to_act() == {0}  # he still leads
    # the exchange is off in A and C, off by the option, and never off lead
    with pytest.raises(IllegalAction, match="swap"):
        play(_to_play(scripted(_b_cards(), values={"dvou_variant": "A"})), 0, "swap")
    off = {"dvou_variant": "B", "trump7_exchange": "off"}
    with pytest.raises(IllegalAction):
        play(_to_play(scripted(_b_cards(), values=off)), 0, "swap")


def test_no_exchange_off_lead_or_with_one_stock_card_left() -> None:
    from dataclasses import replace

    cards = _b_cards()
    cards["0"], cards["1"] = cards["1"], cards["0"]  # now the dealer holds the seven
    state = _to_play(scripted(cards, values={"dvou_variant": "B"}))
    led = play(state, 0, "play:8d")
    assert led.to_act() == {1}
    assert "swap" not in {a.code for a in led.legal_actions(1)}  # following, not leading
    on_lead = replace(state, to_move=1)
    assert "swap" in {a.code for a in on_lead.legal_actions(1)}
    last_one = replace(on_lead, stock=on_lead.stock[-1:])
    assert "swap" not in {a.code for a in last_one.legal_actions(1)}


def test_after_each_trick_the_winner_draws_first() -> None:
    state = run(scripted(), [(0, "trumps:d"), (0, "extras:sedma"), (1, "extras:none")])
    state = run(state, [(1, "pass")])
    assert state.phase is Phase.PLAY and state.to_act() == {0}
    # M2 trick 1: A Ks, B 8s; A takes it and draws Ac, then B As
    state = run(state, [(0, "play:Ks"), (1, "play:8s")])
    assert state.tricks[-1].winner == 0
    assert "Ac" in _hand(state, 0) and "As" in _hand(state, 1)
    assert len(state.stock) == 14 and state.to_act() == {0}
    assert all(len(_hand(state, s)) == 8 for s in (0, 1))
    # trick 3: A 9c, B Qc: B takes it and draws first (8c), A then Js
    state = run(state, [(0, "play:9s"), (1, "play:7s"), (0, "play:9c"), (1, "play:Qc")])
    assert state.tricks[-1].winner == 1
    assert "8c" in _hand(state, 1) and "Js" in _hand(state, 0)


def test_drawn_cards_are_shown_to_the_drawer_alone() -> None:
    state = run(scripted(), [(0, "trumps:d"), (0, "extras:none"), (1, "extras:none")])
    state = run(state, [(1, "pass"), (0, "play:Ks")])
    events = events_of(state, 1, "play:8s")
    drawn = [e for e in events if e.kind == "drawn"]
    assert [(e.seat, e.visible_to, e.data["card"]) for e in drawn] == [
        (0, frozenset((0,)), "Ac"),
        (1, frozenset((1,)), "As"),
    ]


def test_the_loser_draws_first_when_the_option_says_so() -> None:
    state = scripted(values={"winner_draws_first": False})
    state = run(state, [(0, "trumps:d"), (0, "extras:none"), (1, "extras:none"), (1, "pass")])
    state = run(state, [(0, "play:Ks"), (1, "play:8s")])
    assert "Ac" in _hand(state, 1) and "As" in _hand(state, 0)


def _started(rules: str, **values: object) -> DvouState:
    state = scripted(values={"dvou_variant": rules, **values})
    return run(state, [(0, "trumps:d"), (0, "extras:none"), (1, "extras:none"), (1, "pass")])


def test_c_has_no_duties_while_the_stock_lasts() -> None:
    state = play(_started("C"), 0, "play:Ks")
    legal = {a.code for a in state.legal_actions(1)}
    assert legal == {f"play:{c}" for c in M2_CARDS["1"]} | {"sedma"}
    after = play(state, 1, "play:Jh")  # B need not follow spades
    assert after.tricks[-1].winner == 0


def test_a_and_b_are_strict_from_the_first_trick() -> None:
    state = play(_started("A"), 0, "play:Ks")
    assert {a.code for a in state.legal_actions(1) if a.code.startswith("play")} == {
        "play:8s",
        "play:7s",
    }
    with pytest.raises(IllegalAction, match="follow"):
        play(state, 1, "play:Jh")
    b = play(_to_play(scripted(_b_cards(), values={"dvou_variant": "B"})), 0, "play:Ad")
    assert {a.code for a in b.legal_actions(1)} == {"play:7d", "play:8d", "sedma"}
    with pytest.raises(IllegalAction, match="follow"):
        play(b, 1, "play:Ah")


def test_c_turns_strict_once_the_stock_is_gone() -> None:
    state = _started("C")
    rng = random.Random(3)
    while state.stock:
        assert not state.strict
        (seat,) = state.to_act()
        plays = [a for a in state.legal_actions(seat) if a.code.startswith("play")]
        state = DVOU.apply(state, seat, rng.choice(plays))[0]
    assert len(state.tricks) == 8 and state.strict
    assert _pv(state).strict


def test_the_stock_phase_trick_without_trumps_option() -> None:
    """M2 trick 5: B leads 7h, A trumps with Jd; by the rule A takes it, with
    ``stock_phase_trumps_win`` off (no trumps while the stock lasts) B does, as in the
    book; with it off the book's draws of tricks 1-7 come out exactly."""
    moves = [
        (0, "play:Ks"),
        (1, "play:8s"),
        (0, "play:9s"),
        (1, "play:7s"),
        (0, "play:9c"),
        (1, "play:Qc"),
        (1, "play:Jh"),
        (0, "play:Js"),
        (1, "play:7h"),
        (0, "play:Jd"),
    ]
    by_rule = run(_started("C"), moves)
    assert by_rule.tricks[-1].winner == 0
    book = run(_started("C", stock_phase_trumps_win=False), moves)
    assert book.tricks[-1].winner == 1
    book = run(book, [(1, "play:8h"), (0, "play:Kh"), (0, "play:9d"), (1, "play:8c")])
    assert [t.winner for t in book.tricks] == [0, 0, 1, 1, 1, 0, 0]
    # the book's position before trick 8, A to lead 9h
    assert _hand(book, 0) == {"9h", "Td", "Kd", "Qd", "7d", "Ts", "Ac", "Tc"}


def test_sedma_during_play_while_the_stock_lasts_with_its_own_flek_round() -> None:
    state = _started("C")
    assert state.sedma is None
    assert "sedma" in {a.code for a in state.legal_actions(0)}
    announced = play(state, 0, "sedma")
    assert announced.sedma == 0 and announced.late_seven
    assert announced.phase is Phase.FLEK and announced.to_act() == {1}
    assert {a.code for a in announced.legal_actions(1)} == {"pass", "flek:sedma"}
    fleked = play(announced, 1, "flek:sedma")
    assert fleked.to_act() == {0}
    assert {a.code for a in fleked.legal_actions(0)} == {"pass", "flek:sedma"}  # re
    back = play(fleked, 0, "pass")
    assert back.phase is Phase.PLAY and back.to_act() == {0}
    assert back.flek_level("sedma") == 1 and back.flek_level("hra") == 0
    assert "sedma" not in {a.code for a in back.legal_actions(0)}  # once per deal
    # the opponent may announce it on his turn instead
    follower = play(state, 0, "play:Ks")
    assert play(follower, 1, "sedma").sedma == 1


def test_no_sedma_once_the_stock_is_gone() -> None:
    state = _started("A")
    rng = random.Random(5)
    while state.stock:
        (seat,) = state.to_act()
        plays = [a for a in state.legal_actions(seat) if a.code.startswith("play")]
        state = DVOU.apply(state, seat, rng.choice(plays))[0]
    (seat,) = state.to_act()
    assert "sedma" not in {a.code for a in state.legal_actions(seat)}
    with pytest.raises(IllegalAction, match="stock"):
        play(state, seat, "sedma")


def test_late_sedma_without_a_flek_round() -> None:
    state = _started("C", ve_dvou_late_seven_flek="none")
    after = play(state, 0, "sedma")
    assert after.phase is Phase.PLAY and after.to_act() == {0} and after.sedma == 0


def test_stovka_and_sedma_are_announced_at_the_start() -> None:
    state = play(scripted(), 0, "trumps:d")
    assert {a.code for a in state.legal_actions(0)} == {
        "extras:none",
        "extras:sedma",
        "extras:stovka",
        "extras:stovka+sedma",
    }
    state = play(state, 0, "extras:stovka")
    assert state.stovka == 0 and state.to_act() == {1}
    assert {a.code for a in state.legal_actions(1)} == {"extras:none", "extras:sedma"}
    with pytest.raises(IllegalAction, match="stovka"):
        play(state, 1, "extras:stovka")
    state = play(state, 1, "extras:sedma")
    assert state.sedma == 1 and state.phase is Phase.FLEK
    # the dealer fleks forhond's stovka, forhond fleks the dealer's sedma
    assert state.to_act() == {1}
    assert {a.code for a in state.legal_actions(1)} == {"pass", "flek:hra"}
    state = play(state, 1, "flek:hra")
    assert {a.code for a in state.legal_actions(0)} == {
        "pass",
        "flek:hra",
        "flek:sedma",
        "flek:hra+sedma",
    }
    state = play(state, 0, "flek:sedma")
    assert {a.code for a in state.legal_actions(1)} == {"pass", "flek:sedma"}
    state = play(state, 1, "pass")
    assert state.phase is Phase.PLAY and state.to_act() == {0}
    assert dict(state.flek) == {"hra": 1, "sedma": 1}


def test_the_dealers_stovka_is_his_and_forhond_fleks_it() -> None:
    state = run(scripted(), [(0, "trumps:d"), (0, "extras:none"), (1, "extras:stovka")])
    assert state.stovka == 1 and state.owner("hra") == 1
    assert state.to_act() == {0}  # the dealer has nothing to flek: forhond speaks
    assert {a.code for a in state.legal_actions(0)} == {"pass", "flek:hra"}


def test_fleks_are_the_opponents_and_an_unfleked_game_is_played() -> None:
    state = run(scripted(), [(0, "trumps:d"), (0, "extras:none"), (1, "extras:none")])
    assert state.phase is Phase.FLEK and state.to_act() == {1}
    with pytest.raises(IllegalAction):
        play(state, 0, "flek:hra")
    assert {a.code for a in state.legal_actions(1)} == {"pass", "flek:hra"}
    played = play(state, 1, "pass")
    assert played.phase is Phase.PLAY and played.end is None
    chain = run(state, [(1, "flek:hra"), (0, "flek:hra"), (1, "flek:hra"), (0, "pass")])
    assert chain.flek_level("hra") == 3 and chain.phase is Phase.PLAY
    capped = run(scripted(values={"max_flek_level": 1}), [(0, "trumps:d"), (0, "extras:none")])
    capped = run(capped, [(1, "extras:none"), (1, "flek:hra")])
    assert capped.phase is Phase.PLAY and capped.flek_level("hra") == 1


def test_marriages_are_declared_with_their_first_card() -> None:
    state = _started("C")
    state = run(state, [(0, "play:9c")])
    events = events_of(state, 1, "play:Qc")
    marriage = [e for e in events if e.kind == "marriage"]
    assert [(e.seat, e.data["points"]) for e in marriage] == [(1, 20)]
    # without automatic declarations, B may play Qc quietly, as in the book
    quiet = run(_started("C", auto_declare_marriages=False), [(0, "play:9c")])
    codes = {a.code for a in quiet.legal_actions(1)}
    assert {"play:Qc", "hlas:Qc", "hlas:Kc"} <= codes
    assert play(quiet, 1, "play:Qc").marriages == ()
    declared = play(quiet, 1, "hlas:Qc")
    assert [(m.seat, m.points) for m in declared.marriages] == [(1, 20)]
    with pytest.raises(IllegalAction):
        play(quiet, 1, "hlas:7c")


def test_a_trump_marriage_is_forty() -> None:
    cards = {k: list(v) for k, v in M2_CARDS.items()}
    cards["0"] = ["Qd", "Kd", "Ks", "9c", "Jd", "Td", "Ts", "9s"]
    cards["stock"] = [c if c != "Kd" else "7d" for c in cards["stock"]]
    state = run(scripted(cards), [(0, "trumps:d"), (0, "extras:none"), (1, "extras:none")])
    state = run(state, [(1, "pass")])
    after = play(state, 0, "play:Kd")
    assert [(m.seat, m.suit, m.points) for m in after.marriages] == [(0, Suit.BELLS, 40)]


def test_action_codes_round_trip_and_garbage_is_invalid() -> None:
    for code in ("trumps:d", "extras:stovka+sedma", "flek:hra+sedma", "pass", "sedma", "swap"):
        assert DVOU.parse_action(code).code == code
    assert DVOU.parse_action("play:Th").code == "play:Th"
    for bad in ("trumps:x", "flek:betl", "talon:7d,8d", "bid:1", "", "play:Xx"):
        with pytest.raises(InvalidAction):
            DVOU.parse_action(bad)


def test_a_foreign_action_is_refused() -> None:
    from games.marias_licit.actions import Hold

    with pytest.raises(IllegalAction, match="foreign"):
        DVOU.apply(scripted(), 0, Hold())


def test_explicit_cards_are_checked() -> None:
    bad = {k: list(v) for k, v in M2_CARDS.items()}
    bad["stock"] = bad["stock"][:-1]
    with pytest.raises(IllegalAction):
        scripted(bad)
    twice = {k: list(v) for k, v in M2_CARDS.items()}
    twice["stock"][0] = "Qd"
    with pytest.raises(IllegalAction):
        scripted(twice)
    with pytest.raises(IllegalAction):
        scripted({"0": M2_CARDS["0"], "1": M2_CARDS["1"]})
    assert DVOU.dealt_cards(scripted()) == M2_CARDS
    assert card("Qd") in scripted().dealt[0]


def test_the_match_alternates_the_dealer_and_counts_haler() -> None:
    options = DVOU.options({"unit_haler": 20})
    match: Match = DVOU.start_match(options, 2, DVOU.first_dealer(options, 2, 5))
    dealers = []
    for seed in range(4):
        dealers.append(match.dealer)
        from tests.marias_dvou.helpers import random_deal

        state, _log = random_deal(seed, values=options.to_dict(), dealer=match.dealer)
        outcome = state.outcome()
        assert DVOU.deal_scores(outcome, options) == tuple(20 * s for s in outcome.scores)
        match = DVOU.record_deal(match, outcome, options)
    assert dealers[1] == 1 - dealers[0] and dealers[2] == dealers[0]
    assert DVOU.settlement(match, options) == match.totals
    assert sum(match.totals) == 0 and match.deals == 4
    for rule in ("low_card", "high_card"):
        assert DVOU.first_dealer(DVOU.options({"first_dealer": rule}), 2, 3) in (0, 1)


def test_the_face_up_card_leaves_the_views_once_drawn_and_the_state_is_json() -> None:
    import json

    state = _to_play(scripted(_b_cards(), values={"dvou_variant": "B"}))
    rng = random.Random(2)
    while state.stock:
        assert _pv(state).turned_card == "9h"
        (seat,) = state.to_act()
        plays = [a for a in state.legal_actions(seat) if a.code.startswith("play")]
        state = DVOU.apply(state, seat, rng.choice(plays))[0]
    assert _pv(state).turned_card is None and _pv(state).stock_count == 0
    holder = 0 if "9h" in _hand(state, 0) else 1
    assert "9h" in _hand(state, holder)
    assert "9h" not in repr(_v(state, 1 - holder)) and "9h" not in repr(_pv(state))
    json.dumps(state.to_dict())
