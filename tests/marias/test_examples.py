"""The worked examples of marias.md §5 (volený mariáš) as golden game records.

Every file in ``records/`` rebuilds one deal of the book (Ravik, *Mariáš*,
1996) exactly as the spec transcribes it: the hands after the discard and the
talon (forhond's twelve cards with the trump card among his first seven), the
announcements, answers and fleks the book describes, and every trick. The
deal's ``expect`` holds the outcome the spec computes; ``replay_match``
refuses the file if the engine disagrees. The tests below check the same
outcome again from the spec's own tables (trick winners, points, marriages,
units), the §4.2 cross-checks in money, and that the engine refuses the
book-literal plays that the spec corrects (§7).

Seats: the dealer is seat 0, so zadák = 0, forhond = 1, middle player = 2.
The book never names the face-down trump card; any card of the suit among
forhond's first seven gives the same deal (for betl/durch it is any card
that does not go to the talon).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from pathlib import Path

import pytest

from games.cards import card, card_code, cards_of, mask_of, parse_cards
from games.engine import IllegalAction
from games.marias.actions import parse_action
from games.marias.legality import legal_cards
from games.marias.rules import BETL_ORDER
from games.marias.state import VolenyState
from games.marias.variant import VOLENY
from games.record import (
    DealRecord,
    MatchRecord,
    iter_deal,
    load_record,
    replay_deal,
    replay_match,
)
from games.tricks import legal_follow, trick_winner

RECORDS = Path(__file__).parent / "records"
SEAT = {"Z": 0, "F": 1, "M": 2}
ROLE = {seat: role for role, seat in SEAT.items()}


@dataclass(frozen=True)
class Example:
    """One §5 example as the spec states it (roles F, M, Z; not the record file)."""

    id: str
    declarer: str
    hands: dict[str, str]  # after the talon discard
    talon: str
    tricks: str  # one line per trick: leader, cards in play order, winner
    per_defender: int  # signed units, + = each defender pays the declarer
    end: str
    points: tuple[int, int] | None = None  # (declarer, defenders) totals
    marriages: tuple[str, ...] = ()  # "P N @tK" as in the spec's YAML

    def table(self) -> list[tuple[str, list[str], str]]:
        rows = []
        for line in self.tricks.strip().splitlines():
            leader, *cards, winner = line.split()
            rows.append((leader, cards, winner))
        return rows


EXAMPLES = {
    e.id: e
    for e in (
        Example(
            "V1",
            "F",
            {
                "F": "Th Kh Qh 7h Qs Js 7s Tc Kc Jc",
                "M": "Jh 9h 8h Ad Td Kd 9d As Ks 8c",
                "Z": "Ah Qd Jd Ts 9s 8s Ac Qc 9c 7c",
            },
            "7d 8d",
            """
            F Kc 8c Ac Z
            Z Qc Tc 8h M
            M As Ts 7s M
            M Ks 8s Js M
            M 9d Jd Th F
            F Qs 9h 9s M
            M Kd Qd Qh F
            F Kh Jh Ah Z
            Z 7c Jc Td F
            F 7h Ad 9c F
            """,
            per_defender=6,
            end="played",
            points=(80, 50),
            marriages=("F 40 @t7",),
        ),
        Example(
            "V2",
            "F",
            {
                "F": "Ad Td Jd 9d 8d As Qs 9s 7s Tc",
                "M": "Kh Qh 9h Ts Ks Js 8s Ac Kc 9c",
                "Z": "Ah Th Jh Kd Qd 7d Qc Jc 8c 7c",
            },
            "7h 8h",
            """
            F 7s Js Th M
            M Ac 7c Tc M
            M 9h Jh 9s F
            F 9d Ts 7d M
            M Kc Qc Qs F
            F Jd Ks Qd M
            M 9c Jc As F
            F 8d 8s Kd M
            M Qh Ah Td Z
            Z 8c Ad Kh Z
            """,
            per_defender=-16,
            end="played",
            points=(10, 120),
            marriages=("Z 20 @t6", "M 20 @t9"),
        ),
        Example(
            "V3",
            "F",
            {
                "F": "Td 9d 8d 7d Ts Ac Kc Qc 9c 8c",
                "M": "Ah 8h 7h Ad Kd Qd Jd Qs Js 7c",
                "Z": "Th Kh Qh Jh 9h As Ks 8s Tc Jc",
            },
            "7s 9s",
            """
            F 7d Ad Tc Z
            Z As Ts Js Z
            Z 8s 8c Qs F
            F 8d Jd Jc Z
            Z 9h 9c 7h F
            F Td Qd Ks F
            F 9d Kd Th M
            M 8h Qh Ac F
            F Qc 7c Kh F
            F Kc Ah Jh F
            """,
            per_defender=-2,
            end="played",
            points=(80, 90),
            marriages=("M 20 @t6", "Z 20 @t8", "F 40 @t9"),
        ),
        Example(
            "V4",
            "F",
            {
                "F": "Jd 9d 8d 7d As Ks Qs 9s 8s 7s",
                "M": "Ad Td Kd Qd Ts Js Jc 9c 8c 7c",
                "Z": "Ah Th Kh Qh Jh 7h Ac Tc Kc Qc",
            },
            "8h 9h",
            """
            F As Js 7h F
            F 8s Ts Ac M
            M 7c Qc 9s F
            F 7d Ad Tc M
            M 8c Kc Qs F
            F 8d Td Th M
            M 9c Qh Ks F
            F 9d Kd Ah M
            M Jc Kh 7s F
            F Jd Qd Jh M
            """,
            per_defender=-130,
            end="played",
            points=(50, 140),
            marriages=("Z 20 @t3", "F 40 @t5", "Z 20 @t7", "M 20 @t8"),
        ),
        Example(
            "V5",
            "F",
            {
                "F": "Kh Qh Jh 9h 7h Ad Ts Ks Qs Tc",
                "M": "Ah Th 8h Td Kd Qd 9d 8s 8c 7c",
                "Z": "8d 7d As 9s 7s Ac Kc Qc Jc 9c",
            },
            "Js Jd",
            """
            F Qs 8s As Z
            Z Ac Tc 7c Z
            Z 8d Ad 9d F
            F Ts Ah 7s M
            M 8c Jc 9h F
            F Ks 8h 9s M
            M Qd 7d Jh F
            F Qh Th Qc M
            M Kd Kc Kh F
            F 7h Td 9c F
            """,
            per_defender=12,
            end="played",
            points=(90, 100),
            marriages=("F 20 @t1", "M 20 @t7", "F 40 @t8", "Z 20 @t8"),
        ),
        Example(
            "B1",
            "Z",
            {
                "Z": "Th 9h 8h 7h Jd Td 7d Jc 8c 7c",
                "F": "Ah Kh Ad 9d Ts 9s 8s 7s Ac 9c",
                "M": "Qh Jh Kd Qd 8d As Ks Js Qc Tc",
            },
            "Qs Kc",  # Z's discard after taking forhond's Jc Jd
            """
            Z Jc Ac Tc F
            F Ah Qh 7h F
            F Ad 8d Jd F
            F Kh Jh 8h F
            F 8s Ks Td M
            """,
            per_defender=5,
            end="claim",
        ),
        Example(
            "B2",
            "F",
            {
                "F": "Th 9h Jd Td Js 8s 7s Tc 8c 7c",
                "M": "Jh 8h 7h Kd Qd 7d Ks Ts Qc 9c",
                "Z": "Qh Ad 9d 8d As Qs 9s Ac Kc Jc",
            },
            "Ah Kh",
            """
            F Jd Qd Ad Z
            Z As Js Ts Z
            Z Qh Th Jh Z
            Z Jc Tc Qc M
            M Ks Qs 8s M
            M Kd 8d Td M
            M 7h Kc 9h F
            """,
            per_defender=-5,
            end="early",
        ),
        Example(
            "B3",
            "F",
            {
                "F": "Jh Th 8h 7h Ts 9s 8s 9c 8c 7c",
                "M": "Ah Qh Qd 9d 8d 7d As Js 7s Tc",
                "Z": "9h Ad Kd Jd Ks Qs Ac Kc Qc Jc",
            },
            "Td Kh",
            """
            F Jh Qh 9h M
            M As Ks Ts M
            M Tc Qc 9c Z
            Z Qs 8s Js Z
            Z Ac 8c Qd Z
            Z Kc 7c Ah Z
            Z Jc Th 7s Z
            """,
            per_defender=5,
            end="claim",
        ),
        Example(
            "D1",
            "F",
            {
                "F": "Ah Kh Th Ad Qd As Ks Ts Ac Qc",
                "M": "9h 7h Kd 8s 7s Jc Tc 9c 8c 7c",
                "Z": "Qh Jh 8h Jd Td 9d Qs Js 9s Kc",
            },
            "7d 8d",
            """
            F Ah 7h 8h F
            F As 7s 9s F
            F Ac 7c Kc F
            F Ad Kd 9d F
            F Kh 9h Jh F
            F Ks 8s Js F
            F Qc 8c Qh F
            F Qd 9c Td F
            F Th Tc Qs F
            F Ts Jc Jd F
            """,
            per_defender=20,
            end="played",
        ),
    )
}

IDS = sorted(EXAMPLES)


def _record(ident: str) -> MatchRecord:
    return load_record(RECORDS / f"{ident}.json")


@cache
def _final(ident: str) -> VolenyState:
    record = _record(ident)
    state = replay_deal(record, record.deals[0])
    assert isinstance(state, VolenyState)
    return state


def _codes(cards: object) -> list[str]:
    return [card_code(c) for c in cards]  # type: ignore[attr-defined]


def _state_before(record: MatchRecord, seat: int, code: str, occurrence: int = 1) -> VolenyState:
    """The state just before the record's action ``[seat, code]`` is applied."""
    deal = record.deals[0]
    hits = [i for i, action in enumerate(deal.actions) if action == (seat, code)]
    index = hits[occurrence - 1]
    for step, (state, _events) in enumerate(iter_deal(record, deal)):
        if step == index:
            assert isinstance(state, VolenyState)
            return state
    raise AssertionError("unreachable")


def _legal(state: VolenyState, role: str) -> set[str]:
    assert state.to_move == SEAT[role]
    return set(_codes(cards_of(legal_cards(state, SEAT[role]))))


# --- the records replay to the spec's outcome --------------------------------


def test_every_record_file_is_an_example() -> None:
    assert sorted(p.stem for p in RECORDS.glob("*.json")) == IDS


@pytest.mark.parametrize("ident", IDS)
def test_record_replays_to_the_spec_outcome(ident: str) -> None:
    spec = EXAMPLES[ident]
    record = _record(ident)
    assert record.variant == VOLENY.id and record.seats == 3
    assert record.deals[0].expect, "a golden record states what it expects"
    result = replay_match(record)  # raises ReplayError if "expect" disagrees
    (deal,) = result["deals"]
    assert deal["over"] and deal["played"]
    summary = deal["summary"]
    assert summary["end"] == spec.end
    assert summary["declarer"] == SEAT[spec.declarer]
    assert summary["per_defender"] == spec.per_defender
    assert sum(c["units"] for c in summary["components"]) == spec.per_defender
    expected_scores = [-spec.per_defender] * 3
    expected_scores[SEAT[spec.declarer]] = 2 * spec.per_defender
    assert deal["scores"] == expected_scores
    assert result["tally"] == expected_scores
    if spec.points is None:
        assert "points" not in summary  # betl and durch have no points
    else:
        points = summary["points"]
        assert (points["declarer"], points["defenders"]) == spec.points
        marriages = sum(int(m.split()[1]) for m in spec.marriages)
        assert points["declarer"] + points["defenders"] == 90 + marriages
    got = [f"{ROLE[m['seat']]} {m['points']} @t{m['trick']}" for m in summary["marriages"]]
    assert got == list(spec.marriages)


@pytest.mark.parametrize("ident", IDS)
def test_tricks_match_the_spec_table(ident: str) -> None:
    spec = EXAMPLES[ident]
    state = _final(ident)
    table = spec.table()
    assert len(state.tricks) == len(table)
    for number, (trick, (leader, cards, winner)) in enumerate(
        zip(state.tricks, table, strict=True), 1
    ):
        assert ROLE[trick.seats[0]] == leader, f"trick {number} leader"
        assert _codes(trick.cards) == cards, f"trick {number} cards"
        assert ROLE[trick.winner] == winner, f"trick {number} winner"


@pytest.mark.parametrize("ident", IDS)
def test_record_deals_the_spec_hands(ident: str) -> None:
    """Played + still held cards per seat are the spec's hand; the talon is the spec's."""
    spec = EXAMPLES[ident]
    state = _final(ident)
    assert set(_codes(cards_of(state.talon))) == set(spec.talon.split())
    for role, hand in spec.hands.items():
        seat = SEAT[role]
        held = set(_codes(cards_of(state.hands[seat])))
        for trick in state.tricks:
            held |= {
                card_code(c) for s, c in zip(trick.seats, trick.cards, strict=True) if s == seat
            }
        held |= {
            card_code(c)
            for s, c in zip(state.trick_seats, state.trick_cards, strict=True)
            if s == seat
        }
        assert held == set(hand.split()), role
    record = _record(ident)
    first_action = record.deals[0].actions[0]
    assert first_action[0] == SEAT["F"] and first_action[1].startswith("trump:")
    assert first_action[1].removeprefix("trump:") in record.deals[0].cards["1"][:7]


def test_contracts_and_fleks_are_the_books() -> None:
    hra = {ident: _final(ident) for ident in ("V1", "V2", "V3", "V4", "V5")}
    assert {i: "hdsc"[s.trump] for i, s in hra.items()} == {  # type: ignore[index]
        "V1": "h",
        "V2": "s",
        "V3": "c",
        "V4": "s",
        "V5": "h",
    }
    assert {i: (s.sedma, s.stovka) for i, s in hra.items()} == {
        "V1": (False, False),
        "V2": (False, False),
        "V3": (False, False),
        "V4": (True, False),
        "V5": (True, False),
    }
    assert {i: dict(s.flek) for i, s in hra.items()} == {
        "V1": {"hra": 1},  # M: "flek z povinnosti"; Z silent
        "V2": {"hra": 1},  # M fleks, F gives no re
        "V3": {"hra": 1},  # Z fleks, F gives no re
        "V4": {"hra": 2, "sedma": 0},  # Z fleks the game, F gives re
        "V5": {"hra": 0, "sedma": 2},  # M fleks the sedma, F gives re
    }
    assert (_final("B1").kind, _final("B1").declarer) == ("betl", SEAT["Z"])
    assert _final("B2").trump_card == card("8s")
    assert (_final("D1").kind, dict(_final("D1").flek)) == ("durch", {"durch": 1})


# --- §4.2 cross-checks, in haléře (unit_haler = 10) ---------------------------


def _haler(ident: str, component: str | None = None) -> int:
    outcome = _final(ident).outcome()
    unit = _final(ident).options.unit_haler
    if component is None:
        return outcome.summary["per_defender"] * unit
    (units,) = [c["units"] for c in outcome.summary["components"] if c["name"] == component]
    return units * unit


def test_cross_check_4_v2_silent_120_costs_each_defender_1_60() -> None:
    assert _haler("V2") == -160
    assert _final("V2").outcome().scores[SEAT["F"]] * 10 == -320


def test_cross_check_5_v5_sedma_1_60_minus_silent_100_0_40() -> None:
    assert _haler("V5", "sedma") == 160
    assert _haler("V5", "tichá stovka") == -40
    assert _haler("V5") == 120  # "forhond získává od každého protihráče 1,20 Kč"


def test_cross_check_6_v3_fleked_game_earns_each_defender_0_20() -> None:
    assert _haler("V3") == -20


def test_cross_check_7_b3_betl_is_one_koruna_from_both() -> None:
    assert _haler("B3") == 50
    assert _final("B3").outcome().scores[SEAT["F"]] * 10 == 100


def test_cross_check_13_v4_costs_13_korun_per_defender() -> None:
    assert _haler("V4", "sedma") == -20
    assert _haler("V4", "tichá stovka") == -1280
    assert _haler("V4") == -1300
    assert _final("V4").outcome().scores[SEAT["F"]] * 10 == -2600


def test_cross_check_14_v1_game_and_silent_seven() -> None:
    assert _haler("V1", "hra") == 40
    assert _haler("V1", "tichá sedma") == 20
    assert _haler("V1") == 60


def test_cross_check_15_d1_fleked_durch() -> None:
    assert _haler("D1") == 200


# --- the book's literal text where it breaks the rules (§7) ------------------


def _literal_v1() -> MatchRecord:
    """V1 as the book prints it: Z "maže kulovou desítku", so Z holds Td and M Ts."""
    record = _record("V1")
    deal = record.deals[0]
    swap = {"Ts": "Td", "Td": "Ts"}
    cards = {seat: [swap.get(c, c) for c in deal.cards[seat]] for seat in ("0", "2")}
    cards["1"] = list(deal.cards["1"])
    return dataclasses.replace(
        record, deals=(DealRecord(dealer=deal.dealer, actions=deal.actions, cards=cards),)
    )


def test_v1_trick_3_book_literal_td_is_refused() -> None:
    state = _state_before(_literal_v1(), SEAT["Z"], "play:Ts")
    assert _codes(state.trick_cards) == ["As"]
    assert _legal(state, "Z") == {"9s", "8s"}  # §2.3 mini example 12
    with pytest.raises(IllegalAction) as refused:
        VOLENY.apply(state, SEAT["Z"], parse_action("play:Td"))
    assert refused.value.code == "must_follow_suit"


def test_v1_trick_6_book_literal_m_would_have_to_follow_with_ts() -> None:
    record = _literal_v1()
    state = _state_before(record, SEAT["Z"], "play:Ts")
    # Z follows legally with 9s; the book's tricks 4 and 5 then follow as printed.
    line = "Z 9s, F 7s, M Ks, Z 8s, F Js, M 9d, Z Jd, F Th, F Qs"
    for step in line.split(", "):
        role, code = step.split()
        state, _ = VOLENY.apply(state, SEAT[role], parse_action(f"play:{code}"))
    assert _legal(state, "M") == {"Ts"}
    with pytest.raises(IllegalAction) as refused:
        VOLENY.apply(state, SEAT["M"], parse_action("play:9h"))
    assert refused.value.code == "must_follow_suit"


def test_v3_trick_8_led_by_z_is_out_of_turn() -> None:
    state = _state_before(_record("V3"), SEAT["M"], "play:8h")
    assert len(state.tricks) == 7 and state.tricks[-1].winner == SEAT["M"]
    with pytest.raises(IllegalAction) as refused:
        VOLENY.apply(state, SEAT["Z"], parse_action("play:Qh"))
    assert refused.value.code == "not_your_turn"


# --- the spec's notes on single plays (§2.2 note a, §2.3) --------------------


@pytest.mark.parametrize(
    ("ident", "role", "code", "legal"),
    [
        # V2 trick 4: 9d trumped by M's Ts, so Z need not overtake (exception 3)
        ("V2", "Z", "play:7d", {"Kd", "Qd", "7d"}),
        # V3 trick 1: M must overtake 7d; Ad is legal ("the book calls it a mistake")
        ("V3", "M", "play:Ad", {"Ad", "Kd", "Qd", "Jd"}),
        # V3 trick 5 (§2.3 #11): 9h trumped with 9c, so M may keep Ah
        ("V3", "M", "play:7h", {"Ah", "8h", "7h"}),
        # V5 trick 3 (§2.2 note a): nobody can beat Ad, so any diamond
        ("V5", "M", "play:9d", {"Td", "Kd", "Qd", "9d"}),
        # B1 trick 1: in betl Ac is forhond's only club above Jc (9c < Jc)
        ("B1", "F", "play:Ac", {"Ac"}),
        # B1 trick 1: Ac cannot be beaten; Tc is below Jc in betl (§2.3 #13)
        ("B1", "M", "play:Tc", {"Qc", "Tc"}),
        # D1 trick 8 (§2.3 #14): in durch 10 < J < Q, Z cannot overtake Qd
        ("D1", "Z", "play:Td", {"Td", "Jd"}),
        # B2 trick 6: Td is forhond's only diamond
        ("B2", "F", "play:Td", {"Td"}),
        # B2 trick 7: 9h is forhond's only heart and beats 7h
        ("B2", "F", "play:9h", {"9h"}),
    ],
)
def test_legal_cards_at_the_spec_notes(ident: str, role: str, code: str, legal: set[str]) -> None:
    state = _state_before(_record(ident), SEAT[role], code)
    assert _legal(state, role) == legal


# --- betl scenarios -----------------------------------------------------------


def test_b2_claim_is_refused_when_forhond_is_caught() -> None:
    state = _state_before(_record("B2"), SEAT["F"], "play:9h")
    with pytest.raises(IllegalAction) as refused:
        VOLENY.apply(state, SEAT["F"], parse_action("claim"))
    assert refused.value.code == "claim_not_proven"


def _betl_safe(hands: tuple[int, int, int], leader: int) -> bool:
    """Can the declarer (index 2; play order 0 -> 1 -> 2) lose every remaining trick?"""

    @cache
    def safe(hands: tuple[int, int, int], leader: int) -> bool:
        return not any(hands) or trick(hands, leader, ())

    def trick(hands: tuple[int, int, int], leader: int, table: tuple[int, ...]) -> bool:
        if len(table) == 3:
            winner = (leader + trick_winner(table, None, BETL_ORDER)) % 3
            return winner != 2 and safe(hands, winner)
        player = (leader + len(table)) % 3
        results = []
        for c in cards_of(legal_follow(hands[player], table, None, BETL_ORDER)):
            rest = list(hands)
            rest[player] &= ~(1 << c)
            results.append(trick((rest[0], rest[1], rest[2]), leader, (*table, c)))
        return any(results) if player == 2 else all(results)

    return safe(hands, leader)


def _all_splits_safe(declarer: str, defenders: str) -> bool:
    pool = parse_cards(defenders)
    mine = mask_of(parse_cards(declarer))
    for chosen in combinations(pool, 5):
        f = mask_of(chosen)
        m = mask_of(pool) & ~f
        for leader in (0, 1):  # forhond or the middle player; zadák never leads in a won betl
            if not _betl_safe((f, m, mine), leader):
                return False
    return True


def test_b1_defenders_can_never_force_zadak_after_trick_5() -> None:
    """§5 B1 property: all 252 splits of the defenders' 10 cards x 2 leaders."""
    state = _state_before(_record("B1"), SEAT["M"], "play:Qc")
    assert len(state.tricks) == 5
    assert set(_codes(cards_of(state.hands[SEAT["Z"]]))) == {"Th", "9h", "7d", "8c", "7c"}
    defenders = "9c Qc 9d Qd Kd 7s 9s Ts Js As"
    held = state.hands[SEAT["F"]] | state.hands[SEAT["M"]]
    assert set(_codes(cards_of(held))) == set(defenders.split())
    assert _all_splits_safe("Th 9h 7d 8c 7c", defenders)
    # not vacuous: with 9c instead of 7c zadák can be caught
    assert not _all_splits_safe("Th 9h 7d 8c 9c", "7c Qc 9d Qd Kd 7s 9s Ts Js As")


def test_betl_claim_in_the_middle_of_a_trick_counts_the_cards_on_the_table() -> None:
    """Forhond's only heart must overtake M's 7h, so he cannot claim there."""
    hands = {
        "1": "9c 7s 8s 9s 8h 7d 8d 9d 7c 8c Ah Ac",
        "2": "7h 9h Th Jh Qh Kh As Ks Td Tc",
        "0": "Ts Js Qs Jd Qd Kd Ad Jc Qc Kc",
    }
    cards = {seat: hand.split() for seat, hand in hands.items()}
    actions = (
        (1, "trump:9c"),
        (1, "talon:Ah,Ac"),
        (1, "game:betl"),
        (2, "dobra"),
        (0, "dobra"),
        (1, "lead:7s"),
        (2, "pass"),
        (0, "pass"),
        (2, "play:As"),
        (0, "play:Ts"),
        (2, "play:7h"),
        (0, "play:Jc"),
    )
    record = MatchRecord(VOLENY.id, 3, deals=(DealRecord(dealer=0, actions=actions, cards=cards),))
    state = replay_deal(record, record.deals[0])
    assert isinstance(state, VolenyState)
    assert _legal(state, "F") == {"8h"}
    with pytest.raises(IllegalAction) as refused:
        VOLENY.apply(state, SEAT["F"], parse_action("claim"))
    assert refused.value.code == "claim_not_proven"
