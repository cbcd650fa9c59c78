"""The trick kit (``games.tricks``): duties as data, per-suit orders, bit-mask tables.

Properties run over random duties, random rank orders (plain and trump drawn
independently) and random tricks, so no game's particular order is assumed.
The spec pseudo-code of Cenzr §2.2-2.3 and Tisíc §7.3 is transcribed here as
an independent oracle, written on card lists rather than masks.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.cards import DECK_32, SUIT_MASKS, Card, Rank, Suit, cards_of, mask_of, parse_cards
from games.tricks import (
    CENZR_DUTIES,
    FREE_DUTIES,
    MARIAS_DUTIES,
    TISIC_DUTIES,
    Duties,
    RankOrder,
    TrickRules,
    legal_follow,
    marias_duties,
    trick_winner,
)

RANKS_32 = [r for r in Rank if r >= Rank.SEVEN]
ACE_TEN = RankOrder.parse("ace-ten", "A T K Q J 9 8 7")
CENZR_TRUMP = RankOrder.parse("cenzr-trump", "J 9 A T K Q 8 7")

duties_st = st.builds(
    Duties, st.booleans(), st.booleans(), st.booleans(), st.booleans(), st.booleans()
)
trump_st = st.none() | st.sampled_from(list(Suit))


@st.composite
def orders(draw: st.DrawFn) -> RankOrder:
    ranks = draw(st.permutations(RANKS_32))
    return RankOrder.low_to_high("random-" + "".join(r.code for r in ranks), ranks)


@st.composite
def deals(draw: st.DrawFn) -> tuple[list[Card], int]:
    """A trick so far (0-3 cards) and a non-empty hand of other cards."""
    cards = draw(st.lists(st.sampled_from(DECK_32), min_size=1, max_size=14, unique=True))
    size = draw(st.integers(0, min(3, len(cards) - 1)))
    return cards[:size], mask_of(cards[size:])


@st.composite
def rules_st(draw: st.DrawFn) -> TrickRules:
    trump_order = draw(st.none() | orders())
    return TrickRules.build(draw(duties_st), draw(orders()), trump_order, draw(trump_st))


@given(rules_st(), deals())
def test_legal_set_is_a_non_empty_subset_of_the_hand(
    rules: TrickRules, deal: tuple[list[Card], int]
) -> None:
    trick, hand = deal
    legal = legal_follow(hand, trick, rules)
    assert legal
    assert legal & ~hand == 0


@given(rules_st(), st.lists(st.sampled_from(DECK_32), min_size=1, max_size=4, unique=True))
def test_winner_is_one_of_the_tricks_seats(rules: TrickRules, trick: list[Card]) -> None:
    assert trick_winner(trick, rules) in range(len(trick))


@given(orders(), st.none() | orders(), trump_st, deals())
def test_with_no_duties_every_card_is_legal(
    plain: RankOrder,
    trump_order: RankOrder | None,
    trump: Suit | None,
    deal: tuple[list[Card], int],
) -> None:
    trick, hand = deal
    rules = TrickRules.build(FREE_DUTIES, plain, trump_order, trump)
    assert legal_follow(hand, trick, rules) == hand


@given(rules_st(), deals())
def test_kernel_entry_agrees_with_legal_follow(
    rules: TrickRules, deal: tuple[list[Card], int]
) -> None:
    """``TrickRules.legal`` with the winning card tracked by hand, as fast kernels do."""
    trick, hand = deal
    if not trick:
        return
    win = trick[0]
    for c in trick[1:]:
        if rules.beaters[win] >> c & 1:
            win = c
    assert rules.legal(hand, trick[0] // 13, win) == legal_follow(hand, trick, rules)


# --- oracles transcribed from the specs' pseudo-code --------------------------------------


def _rank(c: Card, trump: Suit | None, plain: RankOrder, trump_order: RankOrder) -> int:
    return (trump_order if c // 13 == trump else plain).strength[c]


def _spec_winner(
    trick: Sequence[Card], trump: Suit | None, plain: RankOrder, trump_order: RankOrder
) -> int:
    """Cenzr §2.3 / Tisíc §7.4: highest trump, else highest card of the led suit."""
    trumps = [i for i, c in enumerate(trick) if c // 13 == trump]
    pool = trumps or [i for i, c in enumerate(trick) if c // 13 == trick[0] // 13]
    return max(pool, key=lambda i: _rank(trick[i], trump, plain, trump_order))


def _tisic_legal(hand: list[Card], trick: list[Card], trump: Suit | None, rule: str) -> set[Card]:
    """Tisíc §7.3 ``legal_cards`` literally, with its ``beats``."""
    if not trick:
        return set(hand)
    led = trick[0] // 13
    follow = {c for c in hand if c // 13 == led}
    trumps = {c for c in hand if trump is not None and c // 13 == trump}
    if follow:
        cands = follow
    elif trumps and rule in ("mariash", "pagat_1000"):
        cands = trumps
    else:
        return set(hand)
    if rule == "pagat_1000":
        return cands
    w = trick[_spec_winner(trick, trump, ACE_TEN, ACE_TEN)]

    def beats(c: Card) -> bool:
        if trump is not None and c // 13 == trump:
            return w // 13 != trump or ACE_TEN.strength[c] > ACE_TEN.strength[w]
        return c // 13 == led and w // 13 == led and ACE_TEN.strength[c] > ACE_TEN.strength[w]

    heads = {c for c in cands if beats(c)}
    return heads or cands


def _cenzr_legal(hand: list[Card], trick: list[Card], trump: Suit) -> set[Card]:
    """Cenzr §2.2 ``legal_cards`` literally."""
    if not trick:
        return set(hand)
    same = {c for c in hand if c // 13 == trick[0] // 13}
    if same:
        return same
    trumps = {c for c in hand if c // 13 == trump}
    return trumps or set(hand)


@pytest.mark.parametrize("rule", sorted(TISIC_DUTIES))
@given(trump=trump_st, deal=deals())
def test_tisic_duties_match_the_spec_pseudo_code(
    rule: str, trump: Suit | None, deal: tuple[list[Card], int]
) -> None:
    trick, hand = deal
    rules = TrickRules.build(TISIC_DUTIES[rule], ACE_TEN, None, trump)
    expected = _tisic_legal(list(cards_of(hand)), trick, trump, rule)
    assert set(cards_of(legal_follow(hand, trick, rules))) == expected


@given(st.sampled_from(list(Suit)), deals())
def test_cenzr_duties_match_the_spec_pseudo_code(trump: Suit, deal: tuple[list[Card], int]) -> None:
    trick, hand = deal
    rules = TrickRules.build(CENZR_DUTIES, ACE_TEN, CENZR_TRUMP, trump)
    expected = _cenzr_legal(list(cards_of(hand)), trick, trump)
    assert set(cards_of(legal_follow(hand, trick, rules))) == expected


@given(
    orders(),
    orders(),
    trump_st,
    st.lists(st.sampled_from(DECK_32), min_size=1, max_size=4, unique=True),
)
def test_winner_matches_the_spec_with_a_separate_trump_order(
    plain: RankOrder, trump_order: RankOrder, trump: Suit | None, trick: list[Card]
) -> None:
    rules = TrickRules.build(FREE_DUTIES, plain, trump_order, trump)
    assert trick_winner(trick, rules) == _spec_winner(trick, trump, plain, trump_order)


# --- tables, presets and the legacy Mariáš form ------------------------------------------


def test_trump_suit_uses_the_trump_order_and_other_suits_the_plain_one() -> None:
    rules = TrickRules.build(CENZR_DUTIES, ACE_TEN, CENZR_TRUMP, Suit.BELLS)
    jd, nd, ad, jh, ah = parse_cards("Jd 9d Ad Jh Ah")
    assert rules.strength[jd] > rules.strength[nd] > rules.strength[ad]
    assert rules.strength[ah] > rules.strength[jh]
    assert rules.higher[jd] == 0
    assert rules.trump_mask == SUIT_MASKS[Suit.BELLS]
    # a plain card falls to every trump; a trump only to higher trumps
    assert rules.beaters[ah] == rules.trump_mask
    assert rules.beaters[nd] == 1 << jd


def test_build_is_cached_per_duties_orders_and_trump() -> None:
    """Tisíc changes trumps mid-deal; asking again must not rebuild the tables."""
    a = TrickRules.build(MARIAS_DUTIES, ACE_TEN, None, Suit.HEARTS)
    assert TrickRules.build(MARIAS_DUTIES, ACE_TEN, None, Suit.HEARTS) is a
    assert TrickRules.build(MARIAS_DUTIES, ACE_TEN, None, Suit.LEAVES) is not a


def test_tisic_mariash_rule_is_the_marias_duties() -> None:
    assert TISIC_DUTIES["mariash"] == MARIAS_DUTIES
    assert marias_duties() == MARIAS_DUTIES
    relaxed = marias_duties(must_trump_when_cannot_overtrump=False)
    assert relaxed.free_when_cannot_overtrump and not MARIAS_DUTIES.free_when_cannot_overtrump


def test_free_when_cannot_overtrump_lets_any_card_go() -> None:
    hand = mask_of(parse_cards("7s Ad"))
    trick = parse_cards("9h Qs")
    strict = TrickRules.build(MARIAS_DUTIES, ACE_TEN, None, Suit.LEAVES)
    relaxed = TrickRules.build(
        marias_duties(must_trump_when_cannot_overtrump=False), ACE_TEN, None, Suit.LEAVES
    )
    assert legal_follow(hand, trick, strict) == mask_of(parse_cards("7s"))
    assert legal_follow(hand, trick, relaxed) == hand


@given(orders(), trump_st, st.booleans(), deals())
def test_legacy_form_is_the_kit_with_marias_duties(
    order: RankOrder, trump: Suit | None, must: bool, deal: tuple[list[Card], int]
) -> None:
    trick, hand = deal
    rules = TrickRules.build(
        marias_duties(must_trump_when_cannot_overtrump=must), order, None, trump
    )
    legacy = legal_follow(hand, trick, trump, order, must_trump_when_cannot_overtrump=must)
    assert legacy == legal_follow(hand, trick, rules)
    if trick:
        assert trick_winner(trick, trump, order) == trick_winner(trick, rules)


def test_parse_refuses_a_repeated_rank() -> None:
    with pytest.raises(ValueError):
        RankOrder.parse("bad", "A A K")
