"""cenzr.md §2.4 vectors (trump ``d``) run on the trick kit before Cenzr itself exists.

Each row of the spec is one test whose id is the spec's id, so a failure
points straight at the rule it breaks. The orders are §2.3's, written as the
spec writes them; the game package will own them once it exists.
"""

from __future__ import annotations

import pytest

from games.cards import Suit, card_code, cards_of, mask_of, parse_cards
from games.tricks import CENZR_DUTIES, RankOrder, TrickRules, legal_follow, trick_winner

PLAIN = RankOrder.parse("cenzr-plain", "A T K Q J 9 8 7")
TRUMP = RankOrder.parse("cenzr-trump", "J 9 A T K Q 8 7")
RULES = TrickRules.build(CENZR_DUTIES, PLAIN, TRUMP, Suit.BELLS)


def _legal(trick: str, hand: str) -> set[str]:
    mask = legal_follow(mask_of(parse_cards(hand)), parse_cards(trick), RULES)
    return {card_code(c) for c in cards_of(mask)}


LEGALITY = [
    pytest.param("Th", "Ah Ks 7d", "Ah", id="L1"),
    pytest.param("Th", "Ks 7d 8d", "7d 8d", id="L2"),
    pytest.param("Th", "Ks As", "Ks As", id="L3"),
    pytest.param("Jd", "Ks Ad 7d", "Ad 7d", id="L4-trump-led-any-trump"),
    pytest.param("Th 9d", "Ks 7d", "7d", id="L5-must-under-trump"),
    pytest.param("Th Ah", "Kh 8h 7d", "Kh 8h", id="L6-no-duty-to-head"),
    pytest.param("7h Ah", "Ks 7d", "7d", id="L7-trump-even-if-partner-wins"),
    # L8 says "any" hand: the leader may play every card, here a whole suit mix.
    pytest.param("", "Jd 9d Ah 7s Kc", "Jd 9d Ah 7s Kc", id="L8-leading"),
]


@pytest.mark.parametrize(("trick", "hand", "legal"), LEGALITY)
def test_cenzr_legality_vector(trick: str, hand: str, legal: str) -> None:
    assert _legal(trick, hand) == set(legal.split())


WINNERS = [
    pytest.param("Th Ah 7d Kh", 2, id="W1-only-trump"),
    pytest.param("Th Ah 9d Jd", 3, id="W2-jack-over-nine"),
    pytest.param("Th Js As Kh", 0, id="W3-off-suit-cannot-win"),
    pytest.param("Ad Td 9d Jd", 3, id="W4a-jack-tops-trumps"),
    pytest.param("Ad Td 9d Kd", 2, id="W4b-nine-over-ace"),
    pytest.param("Jh 9h Qh 8h", 2, id="W5-plain-queen-over-jack"),
]


@pytest.mark.parametrize(("trick", "winner"), WINNERS)
def test_cenzr_winner_vector(trick: str, winner: int) -> None:
    assert trick_winner(parse_cards(trick), RULES) == winner
