"""Trick obligations and refusals (marias.md §2.1-§2.3, §2.4, §6 #13).

The §2.3 rows are checked on ``legal_follow`` (the shared helper) and, where a
deal can reach the position, through the engine, with the reason code the
player is shown. Every refused action must leave the state as it was.
"""

from __future__ import annotations

import pytest

from games.cards import Suit, card, card_code
from games.engine import IllegalAction, InvalidAction
from games.marias.legality import legal_cards
from games.marias.rules import BETL_ORDER, NORMAL_ORDER
from games.marias.state import Phase
from games.marias.variant import VOLENY
from games.tricks import beats, legal_follow, trick_winner
from tests.marias.voleny_play import (
    F,
    M,
    Z,
    act,
    codes,
    hra,
    legal_plays,
    mask,
    new,
    refuse,
    split,
)

SUIT = {"h": Suit.HEARTS, "d": Suit.BELLS, "s": Suit.LEAVES, "c": Suit.ACORNS}


def follow(
    table: str, hand: str, trump: str | None = "h", *, betl: bool = False, **kw: bool
) -> set[str]:
    order = BETL_ORDER if betl else NORMAL_ORDER
    trump_suit = None if trump is None else SUIT[trump]
    cards = [card(c) for c in split(table)]
    return codes(legal_follow(mask(hand), cards, trump_suit, order, **kw))


# marias.md §2.3, rows 1-15: (table, hand, trump, betl order?, legal)
ROWS = {
    1: ("Kd", "Td 9d 7d As", "h", False, "Td"),
    2: ("Kd", "9d 7d As", "h", False, "9d 7d"),
    3: ("Kd 8h", "Td 7d As", "h", False, "Td 7d"),
    4: ("9h", "Jh 8h As", "h", False, "Jh"),
    5: ("9h", "8h 7h As", "h", False, "8h 7h"),
    6: ("7s", "8h Kh Td", "h", False, "8h Kh"),
    7: ("Kd 9h", "Jh 8h As", "h", False, "Jh"),
    8: ("Kd 9h", "8h 7h As", "h", False, "8h 7h"),
    9: ("7s 9s", "Td Ah", "h", False, "Ah"),
    10: ("7s 9s", "Td Kc", "h", False, "Td Kc"),
    11: ("9h 9c", "7h 8h Ah Kd Qs", "c", False, "7h 8h Ah"),
    12: ("As", "Td 9s 8s Ah", "h", False, "9s 8s"),
    13: ("Jc", "Tc Qc 7h", None, True, "Qc"),
    14: ("Qd", "Td Jd", None, True, "Td Jd"),
    15: ("Ad Qd", "9h Jc", "c", False, "Jc"),
}


@pytest.mark.parametrize("row", sorted(ROWS))
def test_spec_mini_examples(row: int) -> None:
    table, hand, trump, betl, legal = ROWS[row]
    assert follow(table, hand, trump, betl=betl) == set(split(legal))


def test_leading_any_card_is_legal() -> None:
    assert follow("", "7h Ad Ks 9c") == {"7h", "Ad", "Ks", "9c"}
    assert follow("", "7h Ad", None, betl=True) == {"7h", "Ad"}


# Note (a): "higher" means higher than the best card of the led suit so far.
def test_note_a_higher_than_the_best_not_the_last_card() -> None:
    # V5 trick 3: Z 8d, F Ad; M cannot beat Ad, so any diamond.
    assert follow("8d Ad", "9d Qd Kd Td 8h") == {"9d", "Qd", "Kd", "Td"}
    # Qd beats the led 9d but not Kd: only Ad overtakes.
    assert follow("9d Kd", "Qd Ad 7d") == {"Ad"}
    # trumps led: higher than the best trump so far
    assert follow("9h Kh", "Qh Th 7h") == {"Th"}


def test_note_b_must_trump_when_cannot_overtrump_option() -> None:
    assert follow("Kd 9h", "8h 7h As") == {"8h", "7h"}
    assert follow("Kd 9h", "8h 7h As", must_trump_when_cannot_overtrump=False) == {
        "8h",
        "7h",
        "As",
    }
    # The option only matters when no trump can over-trump.
    assert follow("Kd 9h", "Jh 8h As", must_trump_when_cannot_overtrump=False) == {"Jh"}
    # ... and never when no trump is on the table yet.
    assert follow("7s", "8h Td", must_trump_when_cannot_overtrump=False) == {"8h"}


def test_note_c_after_a_ruff_a_void_player_must_still_over_trump() -> None:
    # The led suit was trumped: a player who follows suit may play any card of it ...
    assert follow("Kd 8h", "Ad 7d Jh") == {"Ad", "7d"}
    # ... but a player void in it must trump, and over-trump when he can.
    assert follow("Kd 8h", "Jh 7h As") == {"Jh"}
    assert follow("Kd 8h", "7h As") == {"7h"}


def test_note_d_betl_has_no_trumps_and_the_betl_order() -> None:
    # Void in the led suit: anything, hearts included (there are no trumps).
    assert follow("Kd", "Ah 7s", None, betl=True) == {"Ah", "7s"}
    # Ten below the spodek in betl, above the king in trump games.
    assert follow("9d", "Td Jd", None, betl=True) == {"Td", "Jd"}
    assert follow("Td", "Jd 9d", None, betl=True) == {"Jd"}
    assert follow("Kd", "Td 9d", "h") == {"Td"}
    assert follow("Kd", "Td 9d", None, betl=True) == {"Td", "9d"}


def test_rank_orders() -> None:
    hearts = [card(c) for c in ["7h", "8h", "9h", "Th", "Jh", "Qh", "Kh", "Ah"]]
    normal = [card_code(c) for c in sorted(hearts, key=lambda c: NORMAL_ORDER.strength[c])]
    betl = [card_code(c) for c in sorted(hearts, key=lambda c: BETL_ORDER.strength[c])]
    assert normal == ["7h", "8h", "9h", "Jh", "Qh", "Kh", "Th", "Ah"]
    assert betl == ["7h", "8h", "9h", "Th", "Jh", "Qh", "Kh", "Ah"]


@pytest.mark.parametrize(
    ("table", "trump", "betl", "winner"),
    [
        ("Kd Td 9d", "h", False, 1),  # highest of the led suit; T above K
        ("Kd Td 9d", None, True, 0),  # in betl K above T
        ("Kd 7h Ad", "h", False, 1),  # a trump beats the led suit
        ("Kd 7h 8h", "h", False, 2),  # the highest trump wins
        ("9s Ad Ac", "h", False, 0),  # off-suit cards never win
        ("7h Ah Th", "h", False, 1),  # trumps led
        ("Jc Qc Tc", None, True, 1),  # betl order: Q over J over T
        ("Qd Td Jd", None, True, 0),
        ("7s As Ah", None, True, 1),  # no trumps in betl: Ah is a discard
    ],
)
def test_trick_winner(table: str, trump: str | None, betl: bool, winner: int) -> None:
    order = BETL_ORDER if betl else NORMAL_ORDER
    cards = [card(c) for c in split(table)]
    assert trick_winner(cards, None if trump is None else SUIT[trump], order) == winner


def test_beats() -> None:
    h = Suit.HEARTS
    assert beats(card("Td"), card("Kd"), h, NORMAL_ORDER)
    assert not beats(card("Td"), card("Kd"), None, BETL_ORDER)
    assert beats(card("7h"), card("Ad"), h, NORMAL_ORDER)
    assert not beats(card("7h"), card("Ad"), None, BETL_ORDER)
    assert not beats(card("As"), card("7d"), h, NORMAL_ORDER)


# --- through the engine ---------------------------------------------------
#
# Trumps h. Forhond holds every diamond; M and Z are void in diamonds.
#   F: Ah Kh Qh 7d Td Jd Qd | Kd Ad As 8d 9d   (discards 8d 9d)
#   M: Jh 8h Ts Js 9s 8s 7s Ac Tc 7c
#   Z: Th 9h 7h Ks Qs Kc Qc Jc 9c 8c
DEAL = (
    "Ah Kh Qh 7d Td Jd Qd Kd Ad As 8d 9d",
    "Jh 8h Ts Js 9s 8s 7s Ac Tc 7c",
    "Th 9h 7h Ks Qs Kc Qc Jc 9c 8c",
)


def _play(**options: object):
    return hra(*DEAL, "Ah", "8d,9d", flek={"hra": 1}, **options)


def test_engine_must_trump_and_must_overtrump() -> None:
    s = act(_play(), "7d")
    assert legal_plays(s) == {"Jh", "8h"}
    assert refuse(s, M, "Ac") == "must_trump"
    s = act(s, "8h")
    assert legal_plays(s) == {"Th", "9h"}
    assert refuse(s, Z, "7h") == "must_overtrump"
    assert refuse(s, Z, "Kc") == "must_trump"
    s = act(s, "9h")
    assert s.tricks[-1].winner == Z


def test_engine_led_suit_already_trumped_and_must_follow_suit() -> None:
    s = act(_play(), "7d", "8h", "9h")  # Z wins and leads
    s = act(s, "Kc")
    assert legal_plays(s) == {"Ah", "Kh", "Qh"}  # F void in clubs: any trump
    assert refuse(s, F, "As") == "must_trump"
    s = act(s, "Qh")  # forhond trumps (and declares 40)
    assert legal_plays(s) == {"Ac", "Tc", "7c"}  # clubs trumped: any club, Ac not required
    assert refuse(s, M, "8s") == "must_follow_suit"
    s = act(s, "7c")
    assert s.tricks[-1].winner == F


def test_engine_trumps_led_must_overtake() -> None:
    s = act(_play(), "Kh")
    assert legal_plays(s) == {"Jh", "8h"}  # cannot overtake Kh: follow trumps
    assert refuse(s, M, "Ac") == "must_follow_suit"
    s = act(s, "Jh")
    assert legal_plays(s) == {"Th"}  # the ten is above the king
    assert refuse(s, Z, "9h") == "must_overtake"


def test_engine_ruff_then_discard_when_void_without_trumps() -> None:
    s = _play()
    s = act(s, "7d", "8h", "9h", "Kc", "Qh", "7c")  # F leads trick 3
    s = act(s, "Jd", "Jh")  # M must trump with his last trump
    assert legal_plays(s) == {"Th"}  # Z over-trumps
    s = act(s, "Th", "8c")  # Z leads a club; F is void and holds Ah Kh
    assert legal_plays(s) == {"Ah", "Kh"}
    s = act(s, "Ah")  # M: clubs trumped, follow with any club
    assert legal_plays(s) == {"Ac", "Tc"}
    s = act(s, "Ac", "Td")
    # M is void in diamonds and holds no trump: anything ("mazat").
    assert legal_plays(s) == {"Ts", "Js", "9s", "8s", "7s", "Tc"}
    s = act(s, "Ts")
    # Z is void in diamonds and holds the 7h: no trump on the table yet, so must trump.
    assert legal_plays(s) == {"7h"}


def test_engine_cannot_over_trump_option() -> None:
    # M ruffs with Jh; Z holds only the lower trumps 9h 7h: the option decides.
    rest = {"Ks", "Qs", "Qc", "Jc", "9c", "8c"}
    for option, expected in ((True, {"9h", "7h"}), (False, {"9h", "7h"} | rest)):
        s = _play(must_trump_when_cannot_overtrump=option)
        s = act(s, "7d", "8h", "Th")  # Z over-trumps and leads
        s = act(s, "Kc", "Qh", "7c")  # F ruffs Z's club
        s = act(s, "Jd", "Jh")  # M ruffs F's diamond with his last trump
        assert legal_plays(s) == expected, option
        if not option:
            s = act(s, "Ks")
            assert s.tricks[-1].winner == M


def test_engine_legal_cards_equal_legal_follow_at_every_step() -> None:
    s = _play()
    for code in ["7d", "8h", "9h", "Kc", "Qh", "7c", "Kh", "Jh", "Th"]:
        seat = s.to_move
        assert seat is not None
        expected = legal_follow(s.hands[seat], list(s.trick_cards), s.trump, NORMAL_ORDER)
        assert legal_cards(s, seat) == expected
        assert legal_plays(s) == codes(expected)
        s = act(s, code)


def test_refusals_card_not_in_hand_turn_and_phase() -> None:
    s = _play()
    assert s.phase is Phase.PLAY and s.to_move == F
    assert refuse(s, F, "Th") == "card_not_in_hand"
    assert refuse(s, F, "8d") == "card_not_in_hand"  # in the talon now
    assert refuse(s, M, "Jh") == "not_your_turn"
    assert refuse(s, Z, "Th") == "not_your_turn"
    assert refuse(s, F, "dobra") == "wrong_phase"
    assert refuse(s, F, "trump:Ah") == "wrong_phase"
    assert refuse(s, F, "pass") == "wrong_phase"
    fresh = new(*DEAL)
    assert fresh.phase is Phase.TRUMP
    assert refuse(fresh, F, "Ah") == "wrong_phase"
    assert refuse(fresh, F, "game:hra") == "wrong_phase"
    assert refuse(fresh, M, "trump:Ah") == "not_your_turn"


def test_refusals_in_betl_use_the_betl_order() -> None:
    # M overcalls with betl and leads; in betl the ten is below the spodek.
    s = new(*DEAL)
    s = act(s, "trump:Ah", "talon:8d,9d", "game:hra", "spatna", "talon:Ac,Tc", "game:betl")
    s = act(s, "dobra", "dobra", "lead:9s", "pass", "pass")
    assert s.phase is Phase.PLAY and s.trick_cards == (card("9s"),)
    # Z holds Ks Qs: must overtake 9s; F holds As only.
    assert s.to_move == Z
    assert legal_plays(s) == {"Ks", "Qs"}
    s = act(s, "Qs")
    assert legal_plays(s) == {"As"}
    assert refuse(s, F, "Ah") == "must_follow_suit"


def test_refused_action_does_not_bump_the_version() -> None:
    s = _play()
    version = s.version
    refuse(s, F, "Th")
    assert s.version == version
    after = act(s, "7d")
    assert after.version == version + 1
    assert s.to_move == F and s.trick_cards == ()


def test_garbled_codes_are_invalid_not_illegal() -> None:
    for bad in (
        "play:Xx",
        "play:",
        "foo",
        "flek:",
        "flek:hra+hra",
        "talon:7d",
        "lid:6",
        "game:sto",
    ):
        with pytest.raises(InvalidAction):
            VOLENY.parse_action(bad)


def test_foreign_action_and_finished_deal_are_refused() -> None:
    s = _play()

    class Foreign:
        code = "move:e2e4"

    with pytest.raises(IllegalAction) as info:
        VOLENY.apply(s, F, Foreign())  # type: ignore[arg-type]
    assert info.value.code == "foreign_action"
    over = act(new(*DEAL), "trump:Ah", "talon:8d,9d", "game:hra", "dobra", "dobra")
    over = act(over, "extras:none", "pass", "pass")  # an unfleked game is thrown in
    assert over.is_over
    assert refuse(over, F, "Ah") == "deal_over"
    assert over.legal_actions(F) == []
