"""The Mariáš family core: the forms as data and the component evaluation on
played tricks, marriages, trump and sides (games.marias.form, .components)."""

from __future__ import annotations

from games.cards import DECK_32, Suit, card
from games.marias import components
from games.marias.form import (
    LICITOVANY_FORM,
    TALON,
    VE_DVOU_FORM,
    VOLENY_FORM,
)
from games.marias.played import Marriage, Trick
from games.sides import DECLARER_SIDE, DEFENDER_SIDE, Sides

SIDES = Sides((frozenset({0}), frozenset({1, 2})), (DECLARER_SIDE, DEFENDER_SIDE))


def test_the_forms() -> None:
    deck = list(DECK_32)
    hands, talon, stock = VOLENY_FORM.packets(deck)
    assert hands == (
        (*deck[0:7], *deck[17:22]),
        (*deck[7:12], *deck[22:27]),
        (*deck[12:17], *deck[27:32]),
    )
    assert talon == () == stock and VOLENY_FORM.hand_sizes == (12, 10, 10)
    hands, talon, stock = LICITOVANY_FORM.packets(deck)
    assert hands[0] == (*deck[0:5], *deck[17:22]) and talon == tuple(deck[15:17])
    assert LICITOVANY_FORM.hand_sizes == (10, 10, 10) and LICITOVANY_FORM.dealt_talon == 2
    assert (TALON, 2) in LICITOVANY_FORM.deal_pattern
    hands, talon, stock = VE_DVOU_FORM.packets(deck)
    assert VE_DVOU_FORM.hand_sizes == (8, 8) and len(stock) == 16 and VE_DVOU_FORM.tricks == 16
    for form in (VOLENY_FORM, LICITOVANY_FORM, VE_DVOU_FORM):
        assert sum(n for _, n in form.deal_pattern) == 32


def test_who_may_flek_whom() -> None:
    form = VOLENY_FORM
    assert [form.raiser(level) for level in range(4)] == ["D", "C", "D", "C"]
    assert form.may_raise(SIDES, 1, 0) and form.may_raise(SIDES, 2, 0)
    assert not form.may_raise(SIDES, 0, 0) and form.may_raise(SIDES, 0, 1)
    assert not form.may_raise(SIDES, 1, 2, cap=2)
    assert not form.may_raise(SIDES, 3, 0)  # a seat on no side
    assert not form.may_raise(Sides.each_alone((0, 1, 2)), 1, 0)


def _t(cards: str, winner: int) -> Trick:
    return Trick((0, 1, 2), tuple(card(c) for c in cards.split()), winner)


def test_count_points_and_the_game() -> None:
    tricks = [_t("Ah Th 7h", 0), _t("As 8s 9s", 1)] + [_t("7c 8c 9c", 0)] * 8
    count = components.count_points(tricks, [Marriage(1, Suit.BELLS, 20, 2)], SIDES)
    assert (count.cards_declarer, count.cards_defenders) == (30, 10)  # 20 + the last trick
    assert count.total_defenders == 30
    assert not components.game_won(count)  # 30 : 30, the declarer must have more
    assert components.game_won(components.Count(40, 10, 0, 20, 40, 30))
    assert components.silent_hundred(count) is None
    assert components.hundred(count) == components.Hundred(False, 6)
    assert components.silent_hundred_units(120, "half") == 8
    assert components.silent_hundred_units(120, "as_label") == 32


def test_sevens_and_two_sevens_on_the_last_tricks() -> None:
    early = [_t("7c 8c 9c", 0)] * 8
    right = [*early, _t("7d 8d 9d", 0), _t("7s 8c 9c", 0)]
    assert components.won_seven(right, Suit.LEAVES) == (0, True)
    assert components.won_two_sevens(right, Suit.LEAVES, Suit.BELLS, SIDES)
    wrong = [*early, _t("7s 8c 9c", 0), _t("7d 8d 9d", 0)]
    assert not components.won_two_sevens(wrong, Suit.LEAVES, Suit.BELLS, SIDES)
    beaten = [*early, _t("7d 8d 9d", 0), _t("7s 8s 9c", 1)]
    assert components.won_seven(beaten, Suit.LEAVES) == (0, False)
    assert components.card_fate(beaten, card("8s")) == components.CardFate(1, 10, True)
    assert components.card_fate(beaten, card("As")) is None


def test_betl_and_durch() -> None:
    tricks = [_t("7c 8c 9c", 1), _t("7d 8d 9d", 2)]
    assert components.won_betl(tricks, SIDES) and not components.won_durch(tricks, SIDES)
    assert components.won_durch(tricks, SIDES, claimed=True)
    assert components.declarer_tricks([*tricks, _t("Ac Kc Qc", 0)], SIDES) == 1
