"""The variant object, its options, action codes, z lidu and the partner's own calls."""

from __future__ import annotations

import pytest

from games.cards import card
from games.engine import IllegalAction, InvalidAction, OptionsError, Outcome
from games.marias_krizovy.actions import Extras
from games.marias_krizovy.state import Phase
from games.marias_krizovy.variant import KRIZOVY
from tests.marias_krizovy.helpers import SIMPLE, run, scripted

APPROVE_ALL = [(1, "dobra"), (2, "dobra"), (3, "dobra"), (0, "dobra")]


def test_identity_and_hooks() -> None:
    assert KRIZOVY.id == "marias-krizovy"
    assert KRIZOVY.aliases == ("křížový", "krizovy", "křížový mariáš")
    assert KRIZOVY.title["cs"] == "Křížový mariáš"
    assert (KRIZOVY.min_seats, KRIZOVY.max_seats) == (4, 5)
    options = KRIZOVY.options()
    assert KRIZOVY.sitting_out(options, 4, 2) == frozenset()
    assert KRIZOVY.sitting_out(options, 5, 2) == {2}
    rotating = KRIZOVY.options({"pause_rotation": "rotate_independently"})
    assert KRIZOVY.sitting_out(rotating, 5, 2) == {1}
    assert 0 <= KRIZOVY.first_dealer(options, 5, 7) < 5
    state = KRIZOVY.new_deal(options, 5, {"dealer": 4}, seed=3)
    assert state.active == (0, 1, 2, 3) and state.to_act() == {0} and KRIZOVY.due(state) == {0}
    with pytest.raises(IllegalAction):
        KRIZOVY.new_deal(options, 4, {"dealer": 0, "opener": 2}, seed=1)
    with pytest.raises(IllegalAction):
        KRIZOVY.new_deal(options, 3, 0, seed=1)
    with pytest.raises(IllegalAction):
        KRIZOVY.new_deal(options, 4, {"dealer": 0, "red_round": 1}, seed=1)
    match = KRIZOVY.start_match(options, 4, 0)
    assert KRIZOVY.deal_scores(_outcome(), options) == (10, -10, 10, -10)
    assert KRIZOVY.settlement(match, options) == (0, 0, 0, 0)


def _outcome() -> Outcome:
    state, _ = run(scripted(SIMPLE), [(0, "volba:Ac,Qc"), (0, "ext:none"), *APPROVE_ALL])
    state, _ = run(state, [(1, "pass"), (2, "pass"), (3, "pass"), (0, "pass")])
    return state.outcome()


def test_options_defaults_and_refusals() -> None:
    options = KRIZOVY.options()
    assert options.hearts_double and options.cervene_kolo is False
    assert options.krizovy_call_rule == "trump_not_in_first_four"
    assert options.honer_announced_units == 2 and options.honer_silent_units == 1
    assert KRIZOVY.options(options.to_dict()) == options
    with pytest.raises(OptionsError):
        KRIZOVY.options({"nonsense": 1})
    with pytest.raises(OptionsError):
        KRIZOVY.options({"max_flek_level": -1})
    with pytest.raises(OptionsError):
        KRIZOVY.options({"hearts_double": 1})


@pytest.mark.parametrize(
    "code",
    [
        "volba:Kc,Ac", "lid:3", "cerv:Th", "ext:none", "ext:sto", "ext:sto+9+7", "ext:8",
        "dobra", "game:betl", "game:durch", "game:chytry", "durchs:Ks", "honer:8",
        "flek:hra+h8", "flek:durch", "pass", "tricks:2", "play:Th", "chytak:Ks",
    ],
)  # fmt: skip
def test_codes_round_trip(code: str) -> None:
    assert KRIZOVY.parse_action(code).code == code


@pytest.mark.parametrize(
    "code", ["", "lid:5", "ext:7+9", "ext:sto+sto", "flek:h8+hra", "game:hra", "tricks:4", "x"]
)
def test_bad_codes(code: str) -> None:
    with pytest.raises(InvalidAction):
        KRIZOVY.parse_action(code)


def test_call_must_be_a_trump_not_in_the_first_four() -> None:
    state = scripted(SIMPLE)
    with pytest.raises(IllegalAction):
        run(state, [(0, "volba:Ac,Tc")])  # Tc is among the first four
    with pytest.raises(IllegalAction):
        run(state, [(0, "volba:Ac,Ad")])  # not a trump
    with pytest.raises(IllegalAction):
        run(state, [(0, "volba:7c,Qc")])  # 7c is in the unseen second four


def test_forhond_sees_only_his_first_four_until_he_chooses() -> None:
    state = scripted(SIMPLE)
    assert state.view(0)["hand"] == ["Tc", "9c", "8c", "Ac"] or sorted(
        state.view(0)["hand"]
    ) == sorted(["Ac", "Tc", "9c", "8c"])
    state, _ = run(state, [(0, "volba:9c,Qc")])
    assert len(state.view(0)["hand"]) == 8
    assert state.view(1)["trump_card"] is None and state.view(0)["trump_card"] == "9c"
    state, _ = run(state, [(0, "ext:none")])
    assert state.view(1)["trump_card"] == "9c"  # shown with the choice


def test_z_lidu_calls_the_trump_ace_and_the_blind_ace_is_a_public_solo() -> None:
    state = scripted(SIMPLE)
    state, events = run(state, [(0, "lid:4")])  # the 8th card: As
    assert state.trump is not None and state.trump.code == "s" and state.called == card("As")
    assert events[0].data["trump_card"] == "As"
    state, _ = run(state, [(0, "ext:none")])
    assert state.sides.revealed and state.sides.members("C") == {0}  # "tři proti jednomu"
    other = scripted(SIMPLE)
    other, _ = run(other, [(0, "lid:1"), (0, "ext:none")])  # 7c: Ac is in his first four
    assert other.called == card("Ac") and other.partner == 0 and not other.sides.revealed


def test_partner_osma_s_in_approval_gives_him_away() -> None:
    hands = {**SIMPLE, 0: ["Ac", "Tc", "9c", "Jd", "7c", "Kc", "Ad", "As"]}
    hands[2] = ["Qc", "Jc", "Kd", "Qd", "8c", "9d", "8d", "7d"]
    state = scripted(hands)
    state, _ = run(state, [(0, "volba:Ac,Qc"), (0, "ext:none"), (1, "dobra")])
    assert not state.sides.revealed
    assert KRIZOVY.parse_action("honer:8") not in state.legal_actions(3)
    state, events = run(state, [(2, "honer:8")])
    assert state.sides.revealed and events[0].data == {"value": 8, "side": "C"}
    state, _ = run(state, [(2, "dobra"), (3, "dobra"), (0, "dobra")])
    assert state.phase is Phase.FLEK


def test_stovka_options() -> None:
    state, _ = run(scripted(SIMPLE), [(0, "volba:Ac,Qc")])
    assert Extras(True, ()) in state.legal_actions(0)
    strict = scripted(SIMPLE, values={"allow_impossible_stovka": False})
    strict, _ = run(strict, [(0, "volba:Ac,Qc")])
    assert all(not a.stovka for a in strict.legal_actions(0) if isinstance(a, Extras))
    king = scripted(SIMPLE, values={"krizovy_call_king_requires_stovka": True})
    king, _ = run(king, [(0, "volba:Ac,Kc")])
    assert all(a.stovka for a in king.legal_actions(0) if isinstance(a, Extras))
