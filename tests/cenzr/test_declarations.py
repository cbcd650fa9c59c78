"""Cenzr declarations against cenzr.md §3 (vectors D1-D12) and §7 invariants 16-25."""

from __future__ import annotations

import itertools
import json
from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.cards import DECK_32, Card, Rank, Suit, card, make_card, parse_cards
from games.cenzr.declarations import (
    CLAIMS,
    NATURAL,
    POINTS,
    QUALITY,
    Declaration,
    Resolution,
    announcement_window_open,
    beats,
    best,
    claim_parts,
    compare,
    detect,
    has_bela,
    is_futile,
    key,
    may_announce,
    public_claim,
    resolve,
    resolve_hands,
    size_round,
)

H, D, S, C = Suit.HEARTS, Suit.BELLS, Suit.LEAVES, Suit.ACORNS
SUIT = {"h": H, "d": D, "s": S, "c": C}
ORDER = (1, 2, 3, 4)


def hand(text: str) -> list[Card]:
    return parse_cards(text)


def codes(text: str, trump: Suit) -> list[str]:
    """The codes detect finds, sorted, for order-free comparison."""
    return sorted(d.code for d in detect(hand(text), trump))


def deal(rows: dict[int, str]) -> dict[int, list[Card]]:
    hands = {seat: hand(text) for seat, text in rows.items()}
    every = [c for h in hands.values() for c in h]
    assert len(every) == 32 and set(every) == set(DECK_32), "a spec deal must be complete"
    assert all(len(h) == 8 for h in hands.values())
    return hands


def opts(**values: Any) -> SimpleNamespace:
    return SimpleNamespace(**values)


# -- §3.1 types, points, quality ------------------------------------------------


def test_points_and_quality_ladder() -> None:
    assert dict(POINTS) == {
        "ctyri_spodci": 200,
        "figura": 100,
        "sto": 100,
        "padesat": 50,
        "darda": 20,
    }
    ladder = sorted(QUALITY, key=QUALITY.__getitem__, reverse=True)
    assert ladder == ["ctyri_spodci", "figura", "sto", "padesat", "darda"]


def test_possible_tops() -> None:
    # Darda A…9, padesát A…T, sto A…J (§3.1).
    for length, lowest in ((3, Rank.NINE), (4, Rank.TEN), (5, Rank.JACK)):
        tops = [r for r in NATURAL if _can_run(r, length)]
        assert tops[0] == Rank.ACE and tops[-1] == lowest
        below = NATURAL[NATURAL.index(lowest) + 1]
        with pytest.raises(ValueError):
            Declaration.run(H, below, length, D)
    assert codes("9h 8h 7h", D) == ["darda:9h"]
    assert codes("Th 9h 8h 7h", D) == ["padesat:Th"]
    assert codes("Jh Th 9h 8h 7h", D) == ["sto:Jh:5"]


def _can_run(top: Rank, length: int) -> bool:
    try:
        Declaration.run(H, top, length, D)
    except ValueError:
        return False
    return True


def test_runs_of_two_are_nothing() -> None:
    assert detect(hand("Ah Kh"), H) == ()
    with pytest.raises(ValueError):
        Declaration.run(H, Rank.ACE, 2, H)


# -- §3.2 detection -------------------------------------------------------------


def test_natural_order_in_every_suit() -> None:
    # §7 #17 and §3.2 rule 1.
    assert detect(hand("Ah Th Kh"), D) == ()  # trick order A T K is no run
    assert codes("Qh Jh Th", D) == ["darda:Qh"]
    assert codes("Ah Kh Qh", D) == ["darda:Ah"]
    assert detect(hand("Jh 9h Ah"), H) == ()  # trump trick order J 9 A is no run
    assert codes("Jh Th 9h 8h 7h", H) == ["sto:Jh:5"]
    only = detect(hand("Qh Jh Th"), H)[0]
    assert only.in_trump and only.suit == H and only.top == Rank.QUEEN and only.length == 3


def test_maximal_run_is_one_declaration() -> None:
    # §3.2 rule 2, §7 #16: 6-, 7- and 8-card runs are one sto each.
    assert codes("Ah Kh Qh Jh Th 9h 8h 7h", S) == ["sto:Ah:8"]
    assert codes("Kh Qh Jh Th 9h 8h 7h", S) == ["sto:Kh:7"]
    assert codes("Ah Kh Qh Jh Th 9h", S) == ["sto:Ah:6"]
    sto = detect(hand("Ah Kh Qh Jh Th 9h 8h 7h"), S)[0]
    assert sto.points == 100 and sto.length == 8 and len(sto.cards) == 8


def test_gap_splits_a_suit_into_two_runs_and_suits_are_separate() -> None:
    assert codes("Ah Kh Qh Th 9h 8h", S) == ["darda:Ah", "darda:Th"]
    assert codes("Ah Kh Qh Ad Kd Qd", S) == ["darda:Ad", "darda:Ah"]


def test_sets() -> None:
    # §7 #18: four 9s, 8s or 7s are nothing; four J are čtyři spodci, not a figura.
    for r in "987":
        assert detect(hand(f"{r}h {r}d {r}s {r}c"), H) == ()
    (jacks,) = detect(hand("Jh Jd Js Jc"), H)
    assert jacks.kind == "ctyri_spodci" and jacks.points == 200 and jacks.quality == 5
    assert not jacks.in_trump and jacks.suit is None
    for r in "AKQT":
        (fig,) = detect(hand(f"{r}h {r}d {r}s {r}c"), H)
        assert fig.kind == "figura" and fig.top == Rank.from_code(r) and fig.points == 100
        assert not fig.in_trump


def test_overlap_d7_hand() -> None:
    # §3.2 rule 3, §7 #19: figura of kings + two dardas to K = 140, plus bela in trump h.
    ds = detect(hand("Kh Qh Jh Kd Ks Qs Js Kc"), H)
    assert sorted(d.code for d in ds) == ["darda:Kh", "darda:Ks", "figura:K"]
    assert sum(d.points for d in ds) == 140
    assert has_bela(hand("Kh Qh Jh Kd Ks Qs Js Kc"), H)


def test_maximum_example_hand() -> None:
    # §3.2 rule 4: čtyři spodci + sto = 300, 320 with bela if h is trump.
    text = "Ah Kh Qh Jh Th Jd Js Jc"
    ds = detect(hand(text), H)
    assert sorted(d.code for d in ds) == ["ctyri_spodci", "sto:Ah:5"]
    assert sum(d.points for d in ds) + (20 if has_bela(hand(text), H) else 0) == 320
    assert not has_bela(hand(text), D)


def test_detect_sorts_best_first() -> None:
    ds = detect(hand("Jh Th 9h Jd 9d Qs Js Jc"), D)
    assert [d.code for d in ds] == ["ctyri_spodci", "darda:Jh"]
    ds = detect(hand("Th 9h 8h Ad Kd Qd Jd 9c"), D)
    assert [d.code for d in ds] == ["padesat:Ad", "darda:Th"]


def test_detect_refuses_bad_hands() -> None:
    with pytest.raises(ValueError):
        detect([card("Ah"), card("Ah")], H)
    with pytest.raises(ValueError):
        detect([card("2h")], H)
    with pytest.raises(ValueError):
        has_bela([card("6h")], H)


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("sequence_order", "trick"),
        ("split_long_runs", True),
        ("allow_set_run_overlap", False),
        ("sto_compare", "length"),
    ],
)
def test_unsupported_detection_options_raise(name: str, value: object) -> None:
    with pytest.raises(ValueError):
        detect(hand("Ah Kh Qh"), H, opts(**{name: value}))


def test_bela() -> None:
    assert has_bela(hand("Kd Qd"), D)
    assert not has_bela(hand("Kd Qd"), H)
    assert not has_bela(hand("Kd Jd Qh"), D)


# -- codes and records ----------------------------------------------------------


def _all_declarations(trump: Suit) -> list[Declaration]:
    out = [Declaration.four_spodci()]
    out += [Declaration.figura(r) for r in (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.TEN)]
    for suit in Suit:
        for length in range(3, 9):
            for top in NATURAL:
                if _can_run(top, length):
                    out.append(Declaration.run(suit, top, length, trump))
    return out


def test_codes_round_trip_and_are_short_ascii() -> None:
    for trump in Suit:
        every = _all_declarations(trump)
        assert len({d.code for d in every}) == len(every)
        for d in every:
            assert d.code.isascii() and " " not in d.code and len(d.code) <= 12
            assert Declaration.parse(d.code, trump) == d
            assert Declaration.from_dict(json.loads(json.dumps(d.to_dict()))) == d


def test_code_examples() -> None:
    assert Declaration.parse("darda:Ah", H) == Declaration.run(H, Rank.ACE, 3, H)
    assert Declaration.parse("darda:Ah", H).in_trump
    assert not Declaration.parse("darda:Ah", S).in_trump
    assert Declaration.parse("sto:Jd:5", H).cards == frozenset(hand("Jd Td 9d 8d 7d"))
    assert Declaration.parse("figura:T", H).cards == frozenset(hand("Th Td Ts Tc"))
    d = Declaration.parse("padesat:Kc", C)
    assert d.to_dict() == {
        "kind": "padesat",
        "code": "padesat:Kc",
        "points": 50,
        "quality": 2,
        "suit": "c",
        "top": "K",
        "length": 4,
        "in_trump": True,
        "cards": ["Kc", "Qc", "Jc", "Tc"],
    }


@pytest.mark.parametrize(
    "code",
    [
        "",
        "darda",
        "darda:Ah:3",
        "sto:Ah",
        "sto:Ah:4",
        "sto:Th:5",
        "padesat:9h",
        "darda:8h",
        "figura:9",
        "figura:J",
        "figura:Ah",
        "bela",
        "ctyri_spodci:J",
        "darda:Ax",
    ],
)
def test_bad_codes(code: str) -> None:
    with pytest.raises(ValueError):
        Declaration.parse(code, H)


def test_constructor_refuses_inconsistent_records() -> None:
    good = Declaration.run(H, Rank.ACE, 3, S).to_dict()
    for change in (
        {"points": 50},
        {"quality": 2},
        {"length": 4},
        {"cards": ["Ah", "Kh", "Jh"]},
        {"kind": "padesat"},
        {"suit": None},
    ):
        with pytest.raises(ValueError):
            Declaration.from_dict({**good, **change})
    fig = Declaration.figura(Rank.KING).to_dict()
    changes: tuple[dict[str, Any], ...] = (
        {"in_trump": True},
        {"suit": "h"},
        {"top": "9", "cards": ["9h", "9d", "9s", "9c"]},
    )
    for change in changes:
        with pytest.raises(ValueError):
            Declaration.from_dict({**fig, **change})


# -- §3.5 comparison -------------------------------------------------------------


def test_comparison_rules() -> None:
    p = Declaration.parse
    # Quality first (D4, D5): figura beats a trump sto; sto beats padesát to A in trumps.
    assert beats(p("figura:T", C), p("sto:Qc:5", C), C) is True
    assert beats(p("sto:Jd:5", S), p("padesat:As", S), S) is True
    assert beats(p("ctyri_spodci", H), p("figura:A", H), H) is True
    # Then size: trump padesát to K loses to a non-trump padesát to A (§3.5 properties).
    assert beats(p("padesat:Kc", C), p("padesat:Ah", C), C) is False
    # Trump breaks equal quality and size only (D2, D12).
    assert beats(p("padesat:Ad", D), p("padesat:Ah", D), D) is True
    assert beats(p("sto:Ah:5", S), p("sto:As:6", S), S) is False
    # Equal and neither in trumps: they cancel.
    assert beats(p("padesat:Ah", C), p("padesat:As", C), C) is None
    assert compare(p("padesat:Ah", C), p("padesat:As", C), C) == 0
    # Figura by rank A > K > Q > T (§8 #29).
    figs = [p(f"figura:{r}", H) for r in "AKQT"]
    assert all(beats(a, b, H) for a, b in itertools.pairwise(figs))


def test_trump_argument_overrides_stored_flag() -> None:
    a = Declaration.parse("darda:Ah", H)  # stored in_trump True
    b = Declaration.parse("darda:As", H)
    assert beats(a, b) is True
    assert beats(a, b, S) is False
    assert beats(a, b, D) is None


def test_sto_compare_option() -> None:
    six_k = Declaration.parse("sto:Kh:6", D)
    five_a = Declaration.parse("sto:As:5", D)
    assert beats(five_a, six_k, D) is True
    assert beats(six_k, five_a, D, opts(sto_compare="length_then_top")) is True
    # Length never matters below sto or between a sto and a figura.
    assert beats(Declaration.figura(Rank.TEN), six_k, D, opts(sto_compare="length_then_top"))


def test_best() -> None:
    ds = detect(hand("Ah Kh Qh Jh Qd Ts 9s 8s"), S)
    chosen = best(ds, S)
    assert chosen is not None and chosen.code == "padesat:Ah"
    assert best([], S) is None


# -- §3.7 worked examples D1-D12 -------------------------------------------------

D1 = {
    1: "Ah 7h Kd Qs Js Ts 9s 8c",
    2: "Kh 9h Jd Td 9d 8d As 7c",
    3: "Th Ad 7d 8s Ac Kc Qc Jc",
    4: "Qh Jh 8h Qd Ks 7s Tc 9c",
}
D2 = {
    1: "Th 9h 8h Ad Kd Qd Jd 9c",
    2: "Ah Kh Qh Jh 9d Ts Tc 8c",
    3: "7h Td Qs Js 8s 7s Ac Jc",
    4: "8d 7d As Ks 9s Kc Qc 7c",
}
D3 = {
    1: "Ah Kh Qh Jh Jd 9s 9c 7c",
    2: "Th 9h Kd As Ks Qs Js Ac",
    3: "Qd 9d 7d 8s Kc Qc Jc Tc",
    4: "8h 7h Ad Td 8d Ts 7s 8c",
}
D4 = {
    1: "Ah Kh Qh Jh Qd Ts 9s 8s",
    2: "Jd Td 9d 8d 7d Ks 9c 7c",
    3: "Th 9h Ad Kd Qs Kc Jc Tc",
    4: "8h 7h As Js 7s Ac Qc 8c",
}
D5 = {
    1: "Kh Kd Jd Td Ks Ts Kc 7c",
    2: "8h 8d As Qc Jc Tc 9c 8c",
    3: "Ah Jh 7h Ad 9d 9s 7s Ac",
    4: "Qh Th 9h Qd 7d Qs Js 8s",
}
D6 = {
    1: "Kh Qh Jh Kd Qd Ks Kc Tc",
    2: "Ah 7h Ad 8d As 9s Ac Jc",
    3: "Th 8h 9d 7d Qs 8s 8c 7c",
    4: "9h Jd Td Js Ts 7s Qc 9c",
}
D7 = {
    1: "Kh Qh Jh Kd Ks Qs Js Kc",
    2: "Ah Th 7h Jd Td 8s Qc Tc",
    3: "9h Qd 9d 7d As Ac Jc 7c",
    4: "8h Ad 8d Ts 9s 7s 9c 8c",
}
D8 = {
    1: "Kh Qh Jh Th 9d As Ks Qs",
    2: "Ah 8h Ts 9s 7s Kc Tc 9c",
    3: "7h Ad Kd Qd Jd Td Qc 8c",
    4: "9h 8d 7d Js 8s Ac Jc 7c",
}
D10 = {
    1: "Jh Th 9h Jd 9d Qs Js Jc",
    2: "Ah Ad Kd Qd As Ac 9c 7c",
    3: "Kh Qh Td 7d Ts 7s Qc Tc",
    4: "8h 7h 8d Ks 9s 8s Kc 8c",
}
D11 = {
    1: "Kh Qh Jh Th 9h 8h Qc 8c",
    2: "Ad As Ks Qs Js Ts Ac Jc",
    3: "Kd Td 8d 7d 9s Tc 9c 7c",
    4: "Ah 7h Qd Jd 9d 8s 7s Kc",
}
D12 = {
    1: "Ah Kh Qh Jh Th Ad Qc 8c",
    2: "As Ks Qs Js Ts 9s Ac Jc",
    3: "7h Kd Td 8d 7d Tc 9c 7c",
    4: "9h 8h Qd Jd 9d 8s 7s Kc",
}

# (deal, trump, what each seat holds, bela holder, points per seat after resolve)
VECTORS = {
    "D1": (
        D1,
        H,
        {1: ["padesat:Qs"], 2: ["padesat:Jd"], 3: ["padesat:Ac"], 4: []},
        None,
        {3: 50},
    ),
    "D2": (
        D2,
        D,
        {1: ["darda:Th", "padesat:Ad"], 2: ["padesat:Ah"], 3: [], 4: []},
        1,
        {1: 70},
    ),
    "D3": (
        D3,
        C,
        {1: ["padesat:Ah"], 2: ["padesat:As"], 3: ["padesat:Kc"], 4: []},
        3,
        {},
    ),
    "D4": (
        D4,
        S,
        {1: ["darda:Ts", "padesat:Ah"], 2: ["sto:Jd:5"], 3: [], 4: []},
        None,
        {2: 100},
    ),
    "D5": (D5, C, {1: ["figura:K"], 2: ["sto:Qc:5"], 3: [], 4: []}, None, {1: 100}),
    "D6": (
        D6,
        D,
        {1: ["darda:Kh", "figura:K"], 2: ["figura:A"], 3: [], 4: []},
        1,
        {2: 100},
    ),
    "D7": (
        D7,
        H,
        {1: ["darda:Kh", "darda:Ks", "figura:K"], 2: [], 3: [], 4: []},
        1,
        {1: 140},
    ),
    "D8": (
        D8,
        C,
        {1: ["darda:As", "padesat:Kh"], 2: [], 3: ["sto:Ad:5"], 4: []},
        None,
        {3: 100},
    ),
    "D10": (
        D10,
        D,
        {1: ["ctyri_spodci", "darda:Jh"], 2: ["darda:Ad", "figura:A"], 3: [], 4: []},
        2,
        {1: 220},
    ),
    "D11": (D11, D, {1: ["sto:Kh:6"], 2: ["sto:As:5"], 3: [], 4: []}, None, {2: 100}),
    "D12": (
        D12,
        S,
        {1: ["sto:Ah:5"], 2: ["sto:As:6"], 3: [], 4: []},
        2,
        {2: 100},
    ),
}


@pytest.mark.parametrize("name", sorted(VECTORS))
def test_worked_example(name: str) -> None:
    rows, trump, held, bela_holder, points = VECTORS[name]
    hands = deal(rows)
    for seat in ORDER:
        assert sorted(d.code for d in detect(hands[seat], trump)) == sorted(held[seat])
        assert has_bela(hands[seat], trump) == (seat == bela_holder)
    result = resolve_hands(hands, ORDER, ORDER, trump)
    assert {s: result.points(s) for s in ORDER if result.points(s)} == points
    assert result.total == sum(points.values())
    for seat in ORDER:
        announced = {d.code for d in detect(hands[seat], trump)}
        kept = {d.code for d in result.valid.get(seat, ())}
        lost = {d.code for d in result.cancelled.get(seat, ())}
        assert kept | lost == announced and not kept & lost


def test_d1_protocol_and_size_round() -> None:
    hands = deal(D1)
    announced = {s: detect(hands[s], H) for s in ORDER}
    assert [public_claim(announced[s]) for s in ORDER] == ["padesat"] * 3 + [None]
    # Each announces: equal quality is never futile.
    claims: list[str] = []
    for s in (1, 2, 3):
        assert may_announce(announced[s], claims)
        claims.append("padesat")
    rounds = size_round(announced, ORDER, H)
    assert [(r.seat, r.verdict) for r in rounds] == [(1, "states"), (2, "lower"), (3, "higher")]
    assert rounds[0].declaration is not None and rounds[0].declaration.code == "padesat:Qs"
    assert rounds[1].declaration is None
    assert rounds[2].declaration is not None and rounds[2].declaration.code == "padesat:Ac"
    assert rounds[1].to_dict() == {"seat": 2, "verdict": "lower", "declaration": None}
    result = resolve(announced, ORDER, H)
    assert result.winners == (3,) and result.top is not None and result.top.code == "padesat:Ac"
    assert not result.trump_decided
    assert [d.code for d in result.cancelled[1]] == ["padesat:Qs"]


def test_d2_trump_tie_break_scores_all_own_declarations() -> None:
    hands = deal(D2)
    result = resolve_hands(hands, ORDER, ORDER, D)
    assert result.winners == (1,) and result.trump_decided
    assert sorted(d.code for d in result.valid[1]) == ["darda:Th", "padesat:Ad"]
    assert result.points(2) == 0 and result.cancelled[2][0].code == "padesat:Ah"
    rounds = size_round({s: detect(hands[s], D) for s in ORDER}, ORDER, D)
    assert [(r.seat, r.verdict) for r in rounds] == [(1, "states"), (2, "equal")]
    assert rounds[0].declaration is not None and rounds[0].declaration.in_trump


def test_d3_top_tie_cancels_lower_trump_declaration() -> None:
    hands = deal(D3)
    result = resolve_hands(hands, ORDER, ORDER, C)
    assert result.total == 0 and result.winners == () and result.top is None
    assert result.tied == (1, 2)
    assert [d.code for d in result.cancelled[3]] == ["padesat:Kc"]
    assert has_bela(hands[3], C)  # bela is unaffected
    # Without the tie, the trump padesát to K is the best left for nobody else: P3 scores.
    assert resolve_hands(hands, (1, 3), ORDER, C).points(1) == 50
    assert resolve_hands(hands, (2, 3), ORDER, C).points(2) == 50
    assert resolve_hands(hands, (3,), ORDER, C).points(3) == 50


def test_d4_quality_beats_several_higher_topped_runs() -> None:
    hands = deal(D4)
    result = resolve_hands(hands, ORDER, ORDER, S)
    assert result.points(1) == 0 and result.points(2) == 100
    # Without P2, P1 keeps 70 (also D9).
    assert resolve_hands(hands, (1, 3, 4), ORDER, S).points(1) == 70


def test_d6_figura_protocol() -> None:
    hands = deal(D6)
    k_fig = detect(hands[1], D)
    a_fig = detect(hands[2], D)
    assert public_claim(k_fig) == "figura:K" and public_claim(a_fig) == "figura:A"
    assert claim_parts("figura:K") == ("figura", Rank.KING)
    # P1 first: he announces, P2 announces the higher figura; no size round.
    assert may_announce(k_fig, []) and may_announce(a_fig, ["figura:K"])
    announced = {1: k_fig, 2: a_fig}
    assert size_round(announced, ORDER, D) == ()
    assert resolve(announced, ORDER, D).points(2) == 100
    # Had P2 played first, P1 would announce nothing: a lower figura is futile.
    assert is_futile(k_fig, ["figura:A"]) and not may_announce(k_fig, ["figura:A"])
    assert may_announce(k_fig, ["figura:A"], opts(suppress_futile_announcements=False))
    silent = resolve({2: a_fig}, (2, 3, 4, 1), D)
    spoken = resolve(announced, (2, 3, 4, 1), D)
    assert silent.valid[2] == spoken.valid[2] and silent.total == spoken.total == 100
    assert has_bela(hands[1], D)


def test_d8_partner_cancels_chooser_and_team_scope() -> None:
    hands = deal(D8)
    player = resolve_hands(hands, ORDER, ORDER, C)
    assert player.points(3) == 100 and player.points(1) == 0
    assert resolve_hands(hands, (1, 2, 4), ORDER, C).points(1) == 70
    sides = {1: "C", 3: "C", 2: "D", 4: "D"}
    team = resolve_hands(hands, ORDER, ORDER, C, opts(declaration_scope="team"), sides=sides)
    assert team.points(1) + team.points(3) == 170 and team.winners == (1, 3)
    assert team.scope == "team"
    with pytest.raises(ValueError):
        resolve_hands(hands, ORDER, ORDER, C, opts(declaration_scope="team"))
    # In team mode a lower announcement is never futile: it may be the partner's side.
    assert not is_futile(detect(hands[1], C), ["sto"], opts(declaration_scope="team"))
    assert is_futile(detect(hands[1], C), ["sto"])


def test_d9_late_announcement() -> None:
    hands = deal(D4)
    # P2 (second in trick 1) may announce only when one card is on the table.
    assert announcement_window_open(2, ORDER, 1)
    assert not announcement_window_open(2, ORDER, 2)  # late: P3 is playing
    assert not announcement_window_open(2, ORDER, 0)  # early is not offered by default
    early = opts(declare_timing="own_turn_or_early")
    assert announcement_window_open(2, ORDER, 0, early)
    assert not announcement_window_open(2, ORDER, 2, early)
    assert announcement_window_open(1, ORDER, 0)  # the leader: at the start of play
    assert not announcement_window_open(1, ORDER, 4)
    with pytest.raises(ValueError):
        announcement_window_open(0, ORDER, 0)
    late = resolve_hands(hands, (1, 3, 4), ORDER, S)
    assert late.points(1) == 70 and late.winners == (1,)


def test_d10_four_spodci_beat_figura() -> None:
    hands = deal(D10)
    result = resolve_hands(hands, ORDER, ORDER, D)
    assert result.points(1) == 220 and result.points(2) == 0
    assert has_bela(hands[2], D)
    assert is_futile(detect(hands[2], D), ["ctyri_spodci"])


def test_d11_sto_length_option() -> None:
    hands = deal(D11)
    assert resolve_hands(hands, ORDER, ORDER, D).points(2) == 100
    longer = resolve_hands(hands, ORDER, ORDER, D, opts(sto_compare="length_then_top"))
    assert longer.points(1) == 100 and longer.points(2) == 0


def test_d12_trump_decides_equal_stos() -> None:
    hands = deal(D12)
    result = resolve_hands(hands, ORDER, ORDER, S)
    assert result.points(2) == 100 and result.trump_decided
    # With trump d neither is in trumps: both cancel.
    other = resolve_hands(hands, ORDER, ORDER, D)
    assert other.total == 0 and other.tied == (1, 2)


# -- resolve: records, validation, protocol helpers ------------------------------


def test_resolution_record_round_trip() -> None:
    hands = deal(D2)
    result = resolve_hands(hands, ORDER, ORDER, D)
    data = json.loads(json.dumps(result.to_dict()))
    assert data["points"] == {"1": 70, "2": 0}
    assert data["winners"] == [1] and data["trump_decided"] is True
    back = Resolution.from_dict(data)
    assert back.valid == result.valid and back.cancelled == result.cancelled
    assert back.winners == result.winners and back.top == result.top
    assert back.points(1) == 70 and back.points(7) == 0


def test_empty_resolution() -> None:
    result = resolve({}, ORDER, H)
    assert result.total == 0 and dict(result.valid) == {} and result.winners == ()
    assert resolve({1: ()}, ORDER, H).valid == {}


def test_resolve_refuses_impossible_input() -> None:
    sto = Declaration.parse("sto:Ah:5", S)
    with pytest.raises(ValueError):
        resolve({5: [sto]}, ORDER, S)  # not in trick 1
    with pytest.raises(ValueError):
        resolve({1: [sto], 2: [Declaration.parse("darda:Ah", S)]}, ORDER, S)  # shared cards
    with pytest.raises(ValueError):
        resolve({1: [sto, sto]}, ORDER, S)
    with pytest.raises(ValueError):
        resolve({1: [Declaration.parse("darda:Ah", H)]}, ORDER, S)  # wrong trump flag
    with pytest.raises(ValueError):
        resolve({1: [sto]}, (1, 1, 2), S)
    nine = [Declaration.parse("sto:Ah:5", S), Declaration.parse("padesat:Ad", S)]
    with pytest.raises(ValueError):
        resolve({1: nine}, ORDER, S)  # 9 cards


def test_claims() -> None:
    assert public_claim([]) is None
    for claim in CLAIMS:
        kind, rank = claim_parts(claim)
        assert kind in QUALITY
        assert (rank is None) == (kind in ("darda", "padesat", "sto"))
    with pytest.raises(ValueError):
        claim_parts("figura:9")
    darda = detect(hand("Ah Kh Qh"), H)
    # Object claims such as the state's Announcement(kind, rank) work too.
    assert is_futile(darda, [SimpleNamespace(kind="padesat", rank=None)])
    assert not is_futile(darda, [SimpleNamespace(kind="darda", rank=None)])
    assert not may_announce([], [])
    with pytest.raises(ValueError):
        is_futile(darda, ["bela"])
    # Ladder of claims is strict and matches CLAIMS order.
    for higher, lower in itertools.pairwise(CLAIMS):
        low = _holding(lower)
        assert is_futile(low, [higher]) and not is_futile(low, [lower])


def _holding(claim: str) -> tuple[Declaration, ...]:
    kind, rank = claim_parts(claim)
    if kind == "ctyri_spodci":
        return (Declaration.four_spodci(),)
    if kind == "figura":
        assert rank is not None
        return (Declaration.figura(rank),)
    return (Declaration.run(H, Rank.ACE, {"darda": 3, "padesat": 4, "sto": 5}[kind], H),)


# -- §7 maxima, exhaustively ------------------------------------------------------

_SET_POINTS = {Rank.ACE: 100, Rank.KING: 100, Rank.QUEEN: 100, Rank.TEN: 100, Rank.JACK: 200}


def _suit_tables(
    complete: frozenset[Rank], need: frozenset[Rank], avoid: frozenset[Rank], disjoint: bool
) -> list[tuple[int, int] | None]:
    """Per card count k: (best run points, most runs) over one suit's subsets of k
    cards that hold ``complete | need`` and none of ``avoid``; with ``disjoint``,
    runs may not use a ``complete`` rank (no overlap with the sets)."""
    best_by_k: list[tuple[int, int] | None] = [None] * 9
    for k in range(9):
        for ranks in itertools.combinations(NATURAL, k):
            held = set(ranks)
            if not (complete | need) <= held or held & avoid:
                continue
            runs = detect([make_card(r, H) for r in ranks], S)
            if disjoint and any(make_card(r, H) in d.cards for d in runs for r in complete):
                continue
            value = (sum(d.points for d in runs), len(runs))
            old = best_by_k[k]
            best_by_k[k] = value if old is None else (max(old[0], value[0]), max(old[1], value[1]))
    return best_by_k


def _hand_maximum(
    trump_need: frozenset[Rank], trump_avoid: frozenset[Rank], disjoint: bool
) -> tuple[int, int]:
    """Max over every 8-card hand of (declaration points, declarations) by a
    knapsack over the suits, for each set of complete ranks (all four suits)."""
    top_points, top_count = 0, 0
    for n in range(3):
        for complete_t in itertools.combinations((*_SET_POINTS,), n):
            complete = frozenset(complete_t)
            if complete & trump_avoid:
                continue
            set_points = sum(_SET_POINTS[r] for r in complete)
            tables = [_suit_tables(complete, trump_need, trump_avoid, disjoint)] + [
                _suit_tables(complete, frozenset(), frozenset(), disjoint)
            ] * 3
            reach: dict[int, tuple[int, int]] = {0: (0, 0)}
            for table in tables:
                nxt: dict[int, tuple[int, int]] = {}
                for used, (pts, cnt) in reach.items():
                    for k, value in enumerate(table):
                        if value is None or used + k > 8:
                            continue
                        old = nxt.get(used + k, (-1, -1))
                        nxt[used + k] = (max(old[0], pts + value[0]), max(old[1], cnt + value[1]))
                reach = nxt
            if 8 in reach:
                top_points = max(top_points, set_points + reach[8][0])
                top_count = max(top_count, len(complete) + reach[8][1])
    return top_points, top_count


@pytest.fixture(scope="module")
def maxima() -> dict[str, tuple[int, int]]:
    none: frozenset[Rank] = frozenset()
    return {
        "any": _hand_maximum(none, none, disjoint=False),
        "bela": _hand_maximum(frozenset({Rank.KING, Rank.QUEEN}), none, disjoint=False),
        "no_trump_j": _hand_maximum(none, frozenset({Rank.JACK}), disjoint=False),
        "no_trump_j_bela": _hand_maximum(
            frozenset({Rank.KING, Rank.QUEEN}), frozenset({Rank.JACK}), disjoint=False
        ),
        "disjoint": _hand_maximum(none, none, disjoint=True),
    }


def test_maximum_declaration_points_exhaustive(maxima: dict[str, tuple[int, int]]) -> None:
    # §3.2 rule 4, §7 #25: 300 in any hand, 320 with bela, 200/220 without the trump J.
    assert maxima["any"][0] == 300
    assert maxima["bela"][0] + 20 == 320
    assert maxima["no_trump_j"][0] == 200
    assert maxima["no_trump_j_bela"][0] + 20 == 220


def test_three_declarations_need_overlap_exhaustive(maxima: dict[str, tuple[int, int]]) -> None:
    # §3.2 rule 3: three declarations are possible, but only with set/run overlap.
    assert maxima["any"][1] == 3
    assert maxima["disjoint"][1] == 2


# -- hypothesis properties ---------------------------------------------------------

hands8 = st.lists(st.sampled_from(DECK_32), min_size=8, max_size=8, unique=True)
suits = st.sampled_from(list(Suit))


def _covered_by_runs(cards: set[Card], suit: Suit) -> set[Card]:
    """Oracle: cards of ``suit`` lying on 3+ consecutive natural ranks held."""
    idx = {NATURAL.index(Rank(c % 13)) for c in cards if c // 13 == suit}
    out = set()
    for i in idx:
        for start in range(i - 2, i + 1):
            if {start, start + 1, start + 2} <= idx:
                out.add(make_card(NATURAL[i], suit))
    return out


@settings(max_examples=300, deadline=None)
@given(hands8, suits, st.randoms(use_true_random=False))
def test_detect_properties(cards: list[Card], trump: Suit, rnd: Any) -> None:
    found = detect(cards, trump)
    shuffled = list(cards)
    rnd.shuffle(shuffled)
    assert detect(shuffled, trump) == found == detect(cards, trump)  # deterministic, order-free
    held = set(cards)
    for d in found:
        assert d.cards <= held
        assert d.points == POINTS[d.kind] and d.quality == QUALITY[d.kind]
        assert Declaration.parse(d.code, trump) == d
        if d.is_run:
            assert d.in_trump == (d.suit == trump)
            assert d.kind == {3: "darda", 4: "padesat"}.get(d.length, "sto")
            top = NATURAL.index(d.top)
            assert d.suit is not None
            # maximal: the neighbours above and below the run are not held
            if top > 0:
                assert make_card(NATURAL[top - 1], d.suit) not in held
            if top + d.length < 8:
                assert make_card(NATURAL[top + d.length], d.suit) not in held
    for suit in Suit:
        runs = [d for d in found if d.is_run and d.suit == suit]
        union: set[Card] = set()
        for d in runs:
            assert not union & d.cards  # disjoint within a suit
            union |= d.cards
        assert union == _covered_by_runs(held, suit)  # and nothing missed
    sets = {d.top for d in found if not d.is_run}
    for rank in NATURAL:
        complete = all(make_card(rank, s) in held for s in Suit)
        expected = complete and rank not in (Rank.NINE, Rank.EIGHT, Rank.SEVEN)
        assert (rank in sets) == expected
    total = sum(d.points for d in found)
    bela = 20 if has_bela(cards, trump) else 0
    assert total <= 300 and total + bela <= 320
    if make_card(Rank.JACK, trump) not in held:
        assert total + bela <= 220 and total <= 200
    if len(found) >= 3:
        assert sum(len(d.cards) for d in found) > len(frozenset().union(*(d.cards for d in found)))
    assert [key_of(d, trump) for d in found] == sorted(
        (key_of(d, trump) for d in found), reverse=True
    )


def key_of(d: Declaration, trump: Suit) -> tuple[int, int, int]:
    return (d.quality, 8 - NATURAL.index(d.top), int(d.is_run and d.suit == trump))


@st.composite
def deals(draw: st.DrawFn) -> tuple[dict[int, list[Card]], Suit, tuple[int, ...], frozenset[int]]:
    deck = draw(st.permutations(DECK_32))
    hands = {seat: list(deck[8 * seat : 8 * seat + 8]) for seat in range(4)}
    trump = draw(suits)
    leader = draw(st.integers(0, 3))
    order = tuple((leader + i) % 4 for i in range(4))
    announcing = frozenset(draw(st.sets(st.integers(0, 3))))
    return hands, trump, order, announcing


@settings(max_examples=300, deadline=None)
@given(deals(), st.sampled_from(["top_card", "length_then_top"]))
def test_resolve_properties(
    case: tuple[dict[int, list[Card]], Suit, tuple[int, ...], frozenset[int]], sto: str
) -> None:
    hands, trump, order, announcing = case
    options = opts(sto_compare=sto)
    result = resolve_hands(hands, announcing, order, trump, options)
    announced = {s: detect(hands[s], trump) for s in announcing}
    scorers = [s for s in result.valid if result.valid[s]]
    assert len(scorers) <= 1  # §7 #23
    assert result.total <= 300  # §7 #25
    assert sum(has_bela(hands[s], trump) for s in range(4)) <= 1  # §7 #24
    for s, ds in announced.items():
        if not ds:
            assert s not in result.valid
            continue
        kept, lost = set(result.valid[s]), set(result.cancelled[s])
        assert kept | lost == set(ds) and not kept & lost
        assert kept in (set(), set(ds))  # §7 #22: own declarations never cancel each other
    # The scorer's best beats every other announcer's best (strictly).
    if scorers:
        (w,) = scorers
        assert result.winners == (w,)
        top = best(announced[w], trump, options)
        assert top is not None and result.top == top
        for s, ds in announced.items():
            other = best(ds, trump, options)
            if s != w and other is not None:
                assert beats(top, other, trump, options) is True
    else:
        keyed: dict[int, Declaration] = {}
        for s, ds in announced.items():
            b = best(ds, trump, options)
            if b is not None:
                keyed[s] = b
        if keyed:
            # Nobody scores only when two or more players tie at the very top.
            ranked = sorted(keyed, key=lambda s: key(keyed[s], trump, options), reverse=True)
            head = keyed[ranked[0]]
            tied = [s for s in ranked if compare(keyed[s], head, trump, options) == 0]
            assert len(tied) >= 2 and set(result.tied) == set(tied)
            assert all(not result.valid[s] for s in keyed)
    # The order is only presentation.
    again = resolve(announced, tuple(reversed(order)), trump, options)
    assert dict(again.valid) == dict(result.valid) and again.tied == tuple(
        s for s in reversed(order) if s in result.tied
    )
    # §3.4 equivalence: suppressing futile announcements in trick-1 order changes nothing.
    claims: list[str] = []
    speaking: dict[int, tuple[Declaration, ...]] = {}
    for s in order:
        if s in announcing and may_announce(announced[s], claims, options):
            speaking[s] = announced[s]
            claim = public_claim(announced[s], options)
            assert claim is not None
            claims.append(claim)
    protocol = resolve(speaking, order, trump, options)
    assert {s: v for s, v in protocol.valid.items() if v} == {
        s: v for s, v in result.valid.items() if v
    }
    # The size round names the same winner when it decides one.
    rounds = size_round(speaking, order, trump, options)
    if rounds and scorers:
        stated = [r for r in rounds if r.verdict in ("states", "higher", "equal")]
        final = [r for r in stated if r.declaration == result.top]
        assert final and final[-1].seat == scorers[0]


@settings(max_examples=150, deadline=None)
@given(deals())
def test_team_scope_properties(
    case: tuple[dict[int, list[Card]], Suit, tuple[int, ...], frozenset[int]],
) -> None:
    hands, trump, order, announcing = case
    team = opts(declaration_scope="team")
    # Every player his own side: the same as player scope.
    alone = resolve_hands(hands, announcing, order, trump, team, sides={s: s for s in range(4)})
    player = resolve_hands(hands, announcing, order, trump)
    assert dict(alone.valid) == dict(player.valid)
    # Two sides: the winning side scores every announced declaration of its members.
    sides = {0: "a", 2: "a", 1: "b", 3: "b"}
    result = resolve_hands(hands, announcing, order, trump, team, sides=sides)
    scoring_sides = {sides[s] for s, v in result.valid.items() if v}
    assert len(scoring_sides) <= 1
    for side in scoring_sides:
        for s in announcing:
            if sides[s] == side:
                assert set(result.valid.get(s, ())) == set(detect(hands[s], trump))
    assert result.total <= 600
