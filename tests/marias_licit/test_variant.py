"""The variant object's hooks, the options, the action codes and the views."""

from __future__ import annotations

import json

import pytest

from games.engine import BaseVariant, IllegalAction, InvalidAction, OptionsError
from games.marias.actions import Announce
from games.marias_licit.actions import Bid, Contract, parse_action
from games.marias_licit.options import LicitOptions
from games.marias_licit.state import Phase
from games.marias_licit.variant import LICITOVANY, LicitovanyVariant
from games.marias_licit.views import PlayerView, PublicView
from games.sides import DECLARER_SIDE, DEFENDER_SIDE
from tests.marias_licit.helpers import play, run, scripted
from tests.marias_licit.test_auction import HANDS, TALON


def test_identity() -> None:
    assert isinstance(LICITOVANY, LicitovanyVariant) and isinstance(LICITOVANY, BaseVariant)
    assert LICITOVANY.id == "marias-licitovany"
    assert LICITOVANY.aliases == ("licitovaný", "licitovany", "licit")
    assert LICITOVANY.title == {"cs": "Licitovaný mariáš", "en": "Licitovaný mariáš (auction)"}
    assert LICITOVANY.seat_range(LICITOVANY.options()) == (3, 4)


def test_options_have_the_spec_defaults_and_refuse_the_unknown() -> None:
    options = LICITOVANY.options()
    assert options == LicitOptions()
    assert options.licit_auction == "hold" and options.licit_all_pass == "redeal"
    assert options.licit_silent_game and options.licit_silent_seven
    assert options.licit_omyl == "level1_only"
    assert options.licit_omyl_window == "until_first_lead"
    assert options.licit_sto_over_100_doubling and options.licit_lost_sto_doubling
    assert options.talon_sharp_cards == "forbidden" and options.unit_haler == 10
    assert LicitOptions.from_dict(options.to_dict()) == options
    with pytest.raises(OptionsError):
        LICITOVANY.options({"hearts_double": True})
    with pytest.raises(OptionsError):
        LICITOVANY.options({"licit_omyl": "always"})


def test_deals_from_a_setup_mapping_and_back() -> None:
    options = LICITOVANY.options()
    state = LICITOVANY.new_deal(options, 3, {"dealer": 1}, seed=7)
    assert state.dealer == 1 and state.active == (2, 0, 1) and state.to_act() == {0}
    assert LICITOVANY.setup_of(state) == {"dealer": 1}
    cards = LICITOVANY.dealt_cards(state)
    assert sorted(cards) == ["0", "1", "2", "talon"] and len(cards["talon"]) == 2
    # 5 + 5 + 5, the talon, 5 + 5 + 5: forhond's first five are the deck's first five
    again = LICITOVANY.new_deal(options, 3, {"dealer": 1}, cards=cards)
    assert again.hands == state.hands and again.talon == state.talon
    with pytest.raises(IllegalAction):
        LICITOVANY.new_deal(options, 3, {"dealer": 1, "opener": 0}, seed=7)
    with pytest.raises(IllegalAction):
        LICITOVANY.new_deal(options, 3, {"dealer": 1, "round": 2}, seed=7)
    with pytest.raises(IllegalAction):
        LICITOVANY.new_deal(options, 5, 0, seed=7)
    bad = {**cards, "talon": cards["talon"][:1]}
    with pytest.raises(IllegalAction):
        LICITOVANY.new_deal(options, 3, 1, cards=bad)


def test_four_at_the_table_one_sits_out() -> None:
    options = LICITOVANY.options()
    assert LICITOVANY.sitting_out(options, 4, 2) == {2}
    rotate = LICITOVANY.options({"pause_rotation": "rotate_independently"})
    assert LICITOVANY.sitting_out(rotate, 4, 2) == {1}
    assert LICITOVANY.sitting_out(options, 3, 2) == frozenset()
    state = LICITOVANY.new_deal(options, 4, 2, seed=3)
    assert state.active == (3, 0, 1) and state.hands[2] == 0
    assert 2 not in state.sides.seats


def test_money_like_voleny() -> None:
    options = LICITOVANY.options({"unit_haler": 20})
    state = run(scripted(HANDS, TALON), [(1, "bid:1"), (0, "pass"), (2, "pass")])
    state = run(state, [(1, "talon:8d,Js"), (1, "omyl")])
    outcome = state.outcome()
    assert LICITOVANY.deal_scores(outcome, options) == (60, -120, 60)
    match = LICITOVANY.start_match(options, 3, 2)
    match = LICITOVANY.record_deal(match, outcome, options)
    assert match.totals == (60, -120, 60) and match.dealer == 0
    assert LICITOVANY.settlement(match, options) == match.totals
    assert LICITOVANY.tally_per == "deal"
    assert 0 <= LICITOVANY.first_dealer(options, 3, 5) < 3
    low = LICITOVANY.options({"first_dealer": "low_card"})
    assert LICITOVANY.first_dealer(low, 3, 5) == LICITOVANY.first_dealer(low, 3, 5)


def test_gather_and_cut_deals_the_next_from_the_last() -> None:
    from tests.marias_licit.play import random_deal

    state, _ = random_deal(11, values={"shuffle_mode": "gather_and_cut"})
    options = state.options
    cards = LICITOVANY.next_deal_cards(state, options, 3, 0, 99)
    assert cards is not None and sorted(cards) == ["0", "1", "2", "talon"]
    LICITOVANY.new_deal(options, 3, 0, cards=cards)
    assert LICITOVANY.next_deal_cards(state, LICITOVANY.options(), 3, 0, 99) is None


@pytest.mark.parametrize(
    "code",
    [
        "bid:1",
        "bid:12",
        "mam",
        "pass",
        "omyl",
        "talon:7d,8d",
        "contract:7",
        "contract:3:d",
        "contract:10:s:h",
        "flek:dvesedmy+sto",
        "flek:sedma",
        "play:Th",
        "hlas:Qh",
    ],
)
def test_codes_round_trip(code: str) -> None:
    assert parse_action(code).code == code


@pytest.mark.parametrize(
    "code", ["bid:0", "bid:13", "bid:", "contract:13", "contract:3:x", "flek:hra", "game:hra", "x"]
)
def test_bad_codes_are_invalid(code: str) -> None:
    with pytest.raises(InvalidAction):
        parse_action(code)


def test_a_foreign_action_is_refused() -> None:
    state = scripted(HANDS, TALON)
    with pytest.raises(IllegalAction) as err:
        LICITOVANY.apply(state, 1, Announce("hra"))
    assert err.value.code == "foreign_action"
    assert LICITOVANY.apply(state, 1, Bid(3))[0].auction.level == 3


def test_views_hide_the_talon_and_the_hands() -> None:
    state = scripted(HANDS, TALON)
    public = state.public_view()
    assert isinstance(public, PublicView) and public.variant == "marias-licitovany"
    assert not public.talon_taken and "8d" not in repr(public) and "Js" not in repr(public)
    for seat in range(3):
        view = state.view(seat)
        assert isinstance(view, PlayerView)
        assert set(view.hand) == set(HANDS[seat])
        assert "8d" not in repr(view) and "Js" not in repr(view)
    state = run(state, [(1, "bid:9"), (0, "pass"), (2, "pass")])
    assert state.phase is Phase.TALON
    assert {"8d", "Js"} <= set(state.view(1).hand)  # type: ignore[attr-defined]
    state = play(state, 1, "talon:8d,Js")
    assert state.view(1).talon == ("8d", "Js")  # type: ignore[attr-defined]
    assert state.view(0).talon == () and "Js" not in repr(state.view(2))  # type: ignore[attr-defined]
    state = play(state, 1, "contract:9:d:h")
    public = state.public_view()
    assert public.trump_in_talon and public.talon_face_up == ()  # type: ignore[attr-defined]
    assert "8d" not in repr(public)


def test_tolerated_sharp_cards_lie_face_up_and_count_for_the_defenders() -> None:
    values = {"talon_sharp_cards": "face_up_points_to_defenders"}
    state = scripted(HANDS, TALON, values=values)
    state = run(state, [(1, "bid:9"), (0, "pass"), (2, "pass"), (1, "talon:Th,8d")])
    state = play(state, 1, "contract:9:d:h")
    public = state.public_view()
    assert public.talon_face_up == ("Th",)  # type: ignore[attr-defined]
    assert "8d" not in repr(public) and "8d" not in repr(state.view(0))


def test_sides_and_state_data() -> None:
    state = scripted(HANDS, TALON)
    assert state.sides.roles == ()
    state = run(state, [(1, "bid:9"), (0, "pass"), (2, "pass"), (1, "talon:8d,Js")])
    assert state.sides.members(DECLARER_SIDE) == {1}
    assert state.sides.members(DEFENDER_SIDE) == {0, 2}
    state = play(state, 1, "contract:11:h:c")
    assert state.version == 5 and state.dealer == 2 and state.seats == 3
    data = state.to_dict()
    json.dumps(data)
    assert data["level"] == 11 and data["trump"] == "h" and data["helper"] == "c"
    assert data["flek"] == {"dvesedmy": 0}
    public = state.public_view()
    assert public.level_name == "dvě sedmy, červená trumf"  # type: ignore[attr-defined]
    assert isinstance(Contract(11), Contract)


def test_the_package_imports_without_circles() -> None:
    import importlib

    checks = importlib.import_module("tests.games.test_registry")  # its circle finder
    graph = checks._import_graph("marias_licit")
    assert not graph["state"] & {"legality", "scoring", "views", "game", "deal", "transitions"}
    assert checks._cycle(graph) is None
