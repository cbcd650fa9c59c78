"""tisic.md §7.5 play vectors run on the trick kit before Tisíc itself exists.

One test per spec row, the spec's id in the test id. ``follow_rule`` picks
the duties from ``TISIC_DUTIES`` (§15). A trump "declared by this lead"
(L10, L11, W5) is simply the trump in force for the trick (§7.4), so the
rules are built with it. The order is §3's ``7 < 8 < 9 < J < Q < K < T < A``.
"""

from __future__ import annotations

import pytest

from games.cards import Suit, card_code, cards_of, mask_of, parse_cards
from games.tricks import TISIC_DUTIES, RankOrder, TrickRules, legal_follow, trick_winner

ORDER = RankOrder.parse("tisic", "A T K Q J 9 8 7")


def _rules(trump: str | None, follow_rule: str = "mariash") -> TrickRules:
    suit = None if trump is None else Suit.from_code(trump)
    return TrickRules.build(TISIC_DUTIES[follow_rule], ORDER, None, suit)


LEGALITY = [
    pytest.param("mariash", None, "9h", "Kh 7h As", "Kh", id="L1"),
    pytest.param("mariash", None, "Th", "Kh 7h As", "Kh 7h", id="L2-only-ace-beats-ten"),
    pytest.param("mariash", None, "9h Ah", "Th 7h", "Th 7h", id="L3"),
    pytest.param("mariash", None, "9h", "7s Ac", "7s Ac", id="L4-no-trumps-yet"),
    pytest.param("mariash", "s", "9h", "7s Ac", "7s", id="L5-must-trump"),
    pytest.param("mariash", "s", "9h Qs", "Ah 8h Ks", "Ah 8h", id="L6-trumped-any-heart"),
    pytest.param("mariash", "s", "9h Qs", "Ks 7s Ad", "Ks", id="L7-must-overtrump"),
    pytest.param("mariash", "s", "9h Qs", "Js 7s Ad", "Js 7s", id="L8-any-trump"),
    pytest.param("mariash", "s", "Kd", "Td Qd As", "Td", id="L9-ten-above-king"),
    pytest.param("mariash", "d", "Qd", "Ad 7d As", "Ad", id="L10-declared-by-lead"),
    pytest.param("mariash", "d", "Qd", "7c As", "7c As", id="L11-declared-by-lead"),
    pytest.param("mariash", None, "9h Jh", "Th Qh 8h", "Th Qh", id="L12"),
    pytest.param("source_literal", "s", "9h", "7s Ac", "7s Ac", id="L13-source_literal"),
    pytest.param("pagat_1000", None, "9h", "Kh 7h", "Kh 7h", id="L14-pagat_1000"),
]


@pytest.mark.parametrize(("follow_rule", "trump", "trick", "hand", "legal"), LEGALITY)
def test_tisic_legality_vector(
    follow_rule: str, trump: str | None, trick: str, hand: str, legal: str
) -> None:
    rules = _rules(trump, follow_rule)
    mask = legal_follow(mask_of(parse_cards(hand)), parse_cards(trick), rules)
    assert {card_code(c) for c in cards_of(mask)} == set(legal.split())


WINNERS = [
    pytest.param(None, "9s As Ac", 1, id="W1"),
    pytest.param("d", "Ts 7d As", 1, id="W2"),
    pytest.param(None, "Qh 7s 8c", 0, id="W3-leader"),
    pytest.param("s", "9h Qs Ks", 2, id="W4"),
    pytest.param("h", "Qh Th 9h", 1, id="W5-declared-by-lead"),
]


@pytest.mark.parametrize(("trump", "trick", "winner"), WINNERS)
def test_tisic_winner_vector(trump: str | None, trick: str, winner: int) -> None:
    assert trick_winner(parse_cards(trick), _rules(trump)) == winner


@pytest.mark.parametrize("follow_rule", ["mariash", "source_literal", "pagat_1000"])
def test_every_follow_rule_of_the_options_has_duties(follow_rule: str) -> None:
    """§15 lists three ``follow_rule`` values; each must name duties in the kit."""
    assert follow_rule in TISIC_DUTIES
    assert set(TISIC_DUTIES) == {"mariash", "source_literal", "pagat_1000"}
