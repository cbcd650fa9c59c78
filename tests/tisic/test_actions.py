"""Action codes (§12), the door ``check`` against ``legal_actions``, and the views."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from games.cards import DECK_32, card_code
from games.engine import IllegalAction, InvalidAction
from games.marias.actions import Pass as MariasPass
from games.tisic.actions import (
    Bid,
    Contract,
    Discard,
    Forfeit,
    Pass,
    Play,
    Storno,
    StornoVote,
    TisicAction,
)
from games.tisic.legality import check
from games.tisic.state import TisicState
from games.tisic.variant import TISIC
from tests.tisic.helpers import choose_modest, deal, roles, script, seeded

R = roles()


@pytest.mark.parametrize(
    "code",
    [
        "pass",
        "bid:60",
        "bid:400",
        "discard:Jd,8c",
        "forfeit",
        "storno",
        "storno:yes",
        "storno:no",
        "contract:90",
        "play:Qh",
        "trumf:Kc",
    ],
)
def test_codes_round_trip(code: str) -> None:
    assert TISIC.parse_action(code).code == code


def test_issue_spellings_are_read_as_the_spec_codes() -> None:
    assert TISIC.parse_action("good") == Pass()
    assert TISIC.parse_action("discard:8c:Jd").code == "discard:Jd,8c"  # card order
    assert TISIC.parse_action("discard:Jd,8c") == TISIC.parse_action("discard:8c,Jd")


@pytest.mark.parametrize(
    "code",
    [
        "",
        "bid",
        "bid:",
        "bid:-5",
        "bid:6x",
        "play:Zz",
        "trumf:",
        "discard:Ah",
        "discard:Ah,Ah",
        "contract:1e3",
        "storno:maybe",
        "x" * 50,
        "hlas:Qh",
    ],
)
def test_garbage_is_invalid(code: str) -> None:
    with pytest.raises(InvalidAction):
        TISIC.parse_action(code)


def test_foreign_actions_are_refused() -> None:
    with pytest.raises(IllegalAction) as err:
        TISIC.apply(deal(), R["P2"], MariasPass())
    assert err.value.code == "foreign_action"


def _candidates(state: TisicState) -> list[TisicAction]:
    """Every action that could be sent at all, legal or not."""
    found: list[TisicAction] = [Pass(), Forfeit(), Storno(), StornoVote(True), StornoVote(False)]
    found.extend(Bid(n) for n in range(0, 420, 5))
    found.extend(Contract(n) for n in range(0, 420, 5))
    found.extend(Play(c, trumf=t) for c in DECK_32 for t in (False, True))
    for seat in state.active:
        if state.hands[seat].bit_count() == 12:
            held = [c for c in DECK_32 if state.hands[seat] >> c & 1]
            found.extend(Discard((a, b)) for a, b in combinations(held, 2))
    return found


def test_check_and_legal_actions_agree_on_every_candidate() -> None:
    options = (
        {},
        {"storno_by_agreement": True, "marriage_required_above_120": True},
        {"renonc_policy": "penalty", "bid_step": 5, "pass_is_final": False},
        {"marriage_by": "declarer_only", "forfeit_allowed": False, "follow_rule": "pagat_1000"},
    )
    for seed in range(24):
        state = seeded(seed, seats=3 + seed % 2, **options[seed % len(options)])
        rng = random.Random(seed)
        while not state.is_over:
            candidates = _candidates(state)
            for seat in range(state.seats):
                legal = set(state.legal_actions(seat))
                for action in candidates:
                    try:
                        check(state, seat, action)
                    except IllegalAction:
                        assert action not in legal, (seat, action.code)
                    else:
                        assert action in legal, (seat, action.code)
            seat = rng.choice(sorted(state.to_act()))
            state, _ = TISIC.apply(state, seat, choose_modest(state, seat, rng))


def test_public_and_private_views() -> None:
    state = deal(p2="Ah Th Ks Qs 9h 8h 7h Jd 8c 7c", talon="Ad 9c")
    public = state.public_view()
    assert public.variant == "tisic" and public.phase == "auction"
    assert public.to_act == (R["P2"],) and public.high == 50 and public.high_bidder == R["P1"]
    assert public.hand_sizes == {R["P1"]: 10, R["P2"]: 10, R["P3"]: 10}
    assert all("Ad" not in repr(state.view(s)) for s in range(3))  # the talon is face down
    state = script(state, "P2 bid:60", "P3 pass", "P1 pass", "P2 discard:9c,Jd", "P2 contract:70")
    public = state.public_view()
    assert public.calls == ((R["P2"], "bid:60"), (R["P3"], "pass"), (R["P1"], "pass"))
    assert (public.declarer, public.bid, public.contract) == (R["P2"], 60, 70)
    assert public.obligation is False and set(public.passed) == {R["P1"], R["P3"]}
    own = state.view(R["P2"])
    assert own.hand[0] == "Ah" and "Ad" in own.hand and set(own.discards) == {"9c", "Jd"}
    assert own.legal and all(code.startswith("play:") for code in own.legal)
    other = state.view(R["P1"])
    assert other.discards == () and other.talon == () and other.legal == ()
    assert public.sides.roles == ("C", "D")


def test_the_result_reveals_talon_and_discards() -> None:
    state = script(
        deal(p2="Ah Th Ks Qs 9h 8h 7h Jd 8c 7c", talon="Ad 9c"),
        "P2 bid:60",
        "P3 pass",
        "P1 pass",
        "P2 forfeit",
    )
    result = state.public_view().result
    assert result is not None and set(result["talon"]) == {"Ad", "9c"}
    assert result["scores"] == list(state.outcome().scores) and result["end"] == "forfeit"
    assert card_code(DECK_32[-1]) == "Ac"
