"""What a seat may do now (§3.2.2-§3.2.8, the §2.5 honer filter)."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from games.cards import SUIT_MASKS, Card, CardSet, Rank, Suit, cards_of, make_card
from games.engine import Seat
from games.marias.rules import BETL_ORDER, DECK_MASK, KINGS, NORMAL_ORDER, QUEENS
from games.marias_krizovy.actions import (
    COMPONENTS,
    HONERS,
    Approve,
    CallHearts,
    Choose,
    ChooseBlind,
    Chytak,
    DurchS,
    Extras,
    Flek,
    HonerCall,
    KrizovyAction,
    Overcall,
    PartnerTricks,
    Pass,
    Play,
)
from games.marias_krizovy.state import DESIGNATED, KIND_RANK, KrizovyState, Phase
from games.sides import DECLARER_SIDE, DEFENDER_SIDE
from games.tricks import TrickRules, marias_duties

__all__ = [
    "callable_cards",
    "chytak_ok",
    "honer_card",
    "legal_actions",
    "legal_cards",
    "may_raise",
    "raisable",
    "trick_rules",
]

_RANK = {9: Rank.NINE, 8: Rank.EIGHT, 7: Rank.SEVEN}


def honer_card(trump: Suit, value: int) -> Card:
    return make_card(_RANK[value], trump)


def callable_cards(state: KrizovyState, trump: Suit) -> list[Card]:
    """§6 #31: the cards F may call with this trump suit (hra): any trump he has not
    seen (not one of his first four; his second four he has not looked at)."""
    first = set(state.first_four(state.forhond))
    return [c for c in cards_of(SUIT_MASKS[trump] & DECK_MASK) if c not in first]


def trick_rules(state: KrizovyState) -> TrickRules:
    duties = marias_duties(
        must_trump_when_cannot_overtrump=state.options.must_trump_when_cannot_overtrump
    )
    if state.kind == "hra":
        return TrickRules.build(duties, NORMAL_ORDER, None, state.trump)
    return TrickRules.build(duties, BETL_ORDER, None, None)


def _owner(state: KrizovyState, component: str) -> str:
    for h in state.honers:
        if h.component == component:
            return h.side
    return DECLARER_SIDE


def may_raise(state: KrizovyState, seat: Seat, component: str) -> bool:
    """§3.0.3: the owner's opponents raise a chain at an even level, the owner at an odd."""
    level = state.level(component)
    cap = state.options.max_flek_level
    if cap is not None and level >= cap:
        return False
    owner = _owner(state, component)
    other = DEFENDER_SIDE if owner == DECLARER_SIDE else DECLARER_SIDE
    return state.sides.role_of(seat) == (owner if level % 2 else other)


def components(state: KrizovyState) -> tuple[str, ...]:
    """The flek chains of the contract."""
    if state.kind == "hra":
        names = {"hra", *(h.component for h in state.honers)}
    elif state.kind == "betl":
        names = {"betl"}
    elif state.kind in ("durch", "durchs"):
        names = {"durch"}
    else:
        names = set()
    return tuple(c for c in COMPONENTS if c in names)


def raisable(state: KrizovyState, seat: Seat) -> tuple[str, ...]:
    return tuple(c for c in components(state) if may_raise(state, seat, c))


def announceable_honers(state: KrizovyState, seat: Seat) -> tuple[int, ...]:
    """Honers ``seat`` may still announce: held, not announced, in a trump game; not F's
    (he announces at the reveal only, §3.2.6 rule 1)."""
    if state.kind != "hra" or state.trump is None or seat == state.forhond:
        return ()
    done = {h.value for h in state.honers}
    hand = state.hands[seat]
    return tuple(v for v in HONERS if v not in done and hand >> honer_card(state.trump, v) & 1)


def _announced_unplayed(state: KrizovyState, seat: Seat) -> dict[Card, int]:
    if state.trump is None:
        return {}
    result: dict[Card, int] = {}
    for h in state.honers:
        c = honer_card(state.trump, h.value)
        if h.seat == seat and state.hands[seat] >> c & 1:
            result[c] = h.value
    return result


def legal_cards(state: KrizovyState, seat: Seat) -> CardSet:
    """§2.2 and the §2.5 filter on the player's announced, unplayed honers."""
    hand = state.hands[seat]
    if state.trick_cards:
        rules = trick_rules(state)
        table = state.trick_cards
        legal = rules.legal(hand, table[0] // 13, table[rules.winner(table)])
    else:
        legal = hand
    announced = _announced_unplayed(state, seat)
    if not announced or state.trump is None:
        return legal
    trick = len(state.tricks) + 1
    honer_mask = sum(1 << c for c in announced)
    trumps = SUIT_MASKS[state.trump]
    if legal & trumps & ~honer_mask:  # step 1: other trumps go first
        for c, value in announced.items():
            if DESIGNATED[value] != trick:
                legal &= ~(1 << c)
    forced = legal and not legal & ~honer_mask  # step 2: only announced honers left
    if forced and not any(DESIGNATED[announced[c]] == trick for c in cards_of(legal)):
        highest = max(cards_of(legal), key=lambda c: announced[c])
        legal = 1 << highest
    return legal


def chytak_ok(state: KrizovyState, c: Card) -> bool:
    """Durch s chytrým, before the first lead: ``c`` may be shown as the chyták when the
    declarer's other seven cards are each topped in their suit by his own cards only, and
    the only card above ``c`` he lacks is its suit's ace, held by another player."""
    hand = state.hands[state.declarer]
    if not hand >> c & 1 or state.tricks or state.trick_cards:
        return False
    order = BETL_ORDER
    ace = make_card(Rank.ACE, Suit(c // 13))
    if c == ace or hand >> ace & 1:
        return False
    if order.higher[c] & SUIT_MASKS[c // 13] & ~hand != 1 << ace:
        return False
    rest = hand & ~(1 << c)
    return all(not (order.higher[x] & SUIT_MASKS[x // 13] & ~hand) for x in cards_of(rest))


def _stovka_choices(state: KrizovyState, seat: Seat) -> tuple[bool, ...]:
    """§6 #24: a stovka without a marriage in hand only where allowed; §6 #35: calling
    the trump king ("čtyřka") outside the red round obliges a stovka where the house says so."""
    opts = state.options
    king = state.called is not None and state.called % 13 == Rank.KING
    if opts.krizovy_call_king_requires_stovka and king and not state.red_round:
        return (True,)
    if not opts.allow_impossible_stovka:
        hand = state.hands[seat]
        if not (hand & KINGS) >> 1 & hand & QUEENS:
            return (False,)
    return (False, True)


def legal_actions(state: KrizovyState, seat: Seat) -> Sequence[KrizovyAction]:
    if state.to_move != seat or state.is_over:
        return ()
    phase = state.phase
    if phase is Phase.CHOOSE:
        if state.red_round:
            first = set(state.first_four(seat))
            hearts = SUIT_MASKS[Suit.HEARTS] & DECK_MASK
            return [CallHearts(c) for c in cards_of(hearts) if c not in first]
        result: list[KrizovyAction] = []
        for t in state.first_four(seat):
            for called in callable_cards(state, Suit(t // 13)):
                if called != t:
                    result.append(Choose(t, called))
        result.extend(ChooseBlind(i) for i in range(1, 5))
        return result
    if phase is Phase.ANNOUNCE:
        assert state.trump is not None
        held = [v for v in HONERS if state.hands[seat] >> honer_card(state.trump, v) & 1]
        out: list[KrizovyAction] = []
        for stovka in _stovka_choices(state, seat):
            for n in range(len(held) + 1):
                for combo in combinations(held, n):
                    out.append(Extras(stovka, combo))
        return out
    if phase is Phase.APPROVAL:
        acts: list[KrizovyAction] = [Approve()]
        rank = KIND_RANK[state.kind]
        if rank < 1:
            acts.append(Overcall("chytry"))
            hand = state.hands[seat]
            acts.extend(DurchS(c) for c in cards_of(DECK_MASK & ~hand))
        if rank < 2:
            acts.append(Overcall("betl"))
        if rank < 3:
            acts.append(Overcall("durch"))
        if state.kind == "hra" and state.sides.role_of(seat) == DECLARER_SIDE:
            for v in announceable_honers(state, seat):  # "osma s", then or with "dobrá"
                acts.extend((HonerCall(v), HonerCall(v, Approve())))
        return acts
    if phase is Phase.FLEK:
        fl: list[KrizovyAction] = [Pass()]
        can = raisable(state, seat)
        raises = [Flek(combo) for n in range(1, len(can) + 1) for combo in combinations(can, n)]
        fl.extend(raises)
        # a honer opens a chain its own side may not raise first, so the seat's raises
        # stay those above: "osma proti", "flek a osma proti", "re a osma"
        for v in announceable_honers(state, seat):
            fl.extend((HonerCall(v), HonerCall(v, Pass())))
            fl.extend(HonerCall(v, f) for f in raises)
        return fl
    if phase is Phase.PARTNER_TRICKS:
        return [PartnerTricks(n) for n in (1, 2, 3)]
    if phase is Phase.PLAY:
        plays: list[KrizovyAction] = [Play(c) for c in cards_of(legal_cards(state, seat))]
        opening = not state.tricks and not state.trick_cards
        if state.kind == "chytry" and seat == state.declarer and opening:
            hand = state.hands[seat]
            plays.extend(Chytak(c) for c in cards_of(hand) if chytak_ok(state, c))
        return plays
    return ()
