"""What a seat may do now, and why not when it may not.

``check`` is the single door: it raises ``IllegalAction`` with a stable code
and a reason for anything the rules forbid. ``legal_actions`` lists the
candidates of the current phase that pass ``check``, so the two can never
disagree.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from games.cards import Card, CardSet, Suit, card_code, cards_of
from games.engine import IllegalAction, Seat
from games.marias.actions import (
    KINDS,
    Announce,
    ChooseTrump,
    ChooseTrumpBlind,
    Claim,
    Discard,
    Extras,
    Flek,
    Lead,
    MariasAction,
    Pass,
    Play,
    Respond,
)
from games.marias.form import VOLENY_FORM
from games.marias.playcheck import completes_marriage, why_not
from games.marias.rules import BETL_ORDER, KINGS, NORMAL_ORDER, QUEENS, SHARP, seven_of
from games.marias.state import Phase, VolenyState
from games.tricks import TrickRules, legal_follow, marias_duties

__all__ = ["check", "eligible_fleks", "legal_actions", "legal_cards", "trick_rules"]

_PHASE_ACTIONS: dict[Phase, tuple[type, ...]] = {
    Phase.TRUMP: (ChooseTrump, ChooseTrumpBlind),
    Phase.TALON: (Discard,),
    Phase.ANNOUNCE: (Announce,),
    Phase.RESPOND: (Respond,),
    Phase.EXTRAS: (Extras,),
    Phase.LEAD: (Lead, Claim),
    Phase.FLEK: (Flek, Pass),
    Phase.PLAY: (Play, Claim),
}

_PHASE_WORDS = {
    Phase.TRUMP: "choose the trump card",
    Phase.TALON: "discard two cards to the talon",
    Phase.ANNOUNCE: "announce the game",
    Phase.RESPOND: "answer dobrá or špatná",
    Phase.EXTRAS: "reveal trumps and announce sedma or stovka",
    Phase.LEAD: "lay the first lead face down",
    Phase.FLEK: "flek or pass",
    Phase.PLAY: "play a card",
}


def legal_actions(state: VolenyState, seat: Seat) -> list[MariasAction]:
    """Every action ``seat`` may take now (empty when it is not its turn)."""
    if state.phase is Phase.OVER or seat != state.to_move:
        return []
    result = []
    for action in _candidates(state, seat):
        try:
            check(state, seat, action)
        except IllegalAction:
            continue
        result.append(action)
    return result


def _candidates(state: VolenyState, seat: Seat) -> Iterator[MariasAction]:
    hand = state.hands[seat]
    phase = state.phase
    if phase is Phase.TRUMP:
        for c in state.dealt[0][:7]:
            yield ChooseTrump(c)
        for position in range(1, 6):
            yield ChooseTrumpBlind(position)
    elif phase is Phase.TALON:
        for a, b in combinations(list(cards_of(hand)), 2):
            yield Discard((a, b))
    elif phase is Phase.ANNOUNCE:
        for kind in KINDS:
            yield Announce(kind)
    elif phase is Phase.RESPOND:
        yield Respond(True)
        yield Respond(False)
    elif phase is Phase.EXTRAS:
        for stovka in (False, True):
            for sedma in (False, True):
                yield Extras(stovka=stovka, sedma=sedma)
    elif phase is Phase.LEAD:
        for c in cards_of(hand):
            yield Lead(c)
        yield Claim()  # "ložený": the cards laid open instead of the first lead
    elif phase is Phase.FLEK:
        yield Pass()
        names = [name for name, _ in state.flek]
        for size in range(1, len(names) + 1):
            for combo in combinations(names, size):
                yield Flek(combo)
    elif phase is Phase.PLAY:
        for c in cards_of(hand):
            yield Play(c)
            if (1 << c) & (KINGS | QUEENS):
                yield Play(c, declare=True)
        yield Claim()


def check(state: VolenyState, seat: Seat, action: MariasAction) -> None:
    """Raise ``IllegalAction`` unless ``seat`` may take ``action`` now."""
    if state.phase is Phase.OVER:
        raise IllegalAction("deal_over", "the deal is over")
    if seat not in state.active:
        raise IllegalAction("not_playing", "this seat sits out this deal")
    if seat != state.to_move:
        raise IllegalAction("not_your_turn", "it is not your turn")
    if not isinstance(action, _PHASE_ACTIONS[state.phase]):
        raise IllegalAction("wrong_phase", f"now it is time to {_PHASE_WORDS[state.phase]}")
    hand = state.hands[seat]
    if isinstance(action, ChooseTrump):
        if action.card not in state.dealt[0][:7]:
            raise IllegalAction("not_in_first_packet", "the trump card comes from your first seven")
    elif isinstance(action, Discard):
        _check_discard(state, seat, hand, action)
    elif isinstance(action, Announce):
        _check_announce(state, action)
    elif isinstance(action, Respond):
        if not action.good and state.kind == "durch":
            raise IllegalAction("nothing_higher", "nothing is higher than durch")
    elif isinstance(action, Extras):
        _check_extras(state, hand, action)
    elif isinstance(action, Lead):
        if not hand >> action.card & 1:
            raise IllegalAction("card_not_in_hand", "you do not hold that card")
    elif isinstance(action, Flek):
        allowed = eligible_fleks(state, seat)
        for name in action.components:
            if name not in allowed:
                raise IllegalAction("flek_not_yours", f"you cannot flek {name} now")
    elif isinstance(action, Play):
        _check_play(state, seat, hand, action)
    elif isinstance(action, Claim):
        _check_claim(state, seat)


def _check_discard(state: VolenyState, seat: Seat, hand: CardSet, action: Discard) -> None:
    for c in action.cards:
        if not hand >> c & 1:
            raise IllegalAction("card_not_in_hand", f"you do not hold {card_code(c)}")
        first_talon = state.kind is None and seat == state.forhond
        if c == state.trump_card and first_talon and not state.options.trump_card_discardable:
            raise IllegalAction("trump_card_in_talon", "the trump card cannot go to the talon")


def _check_announce(state: VolenyState, action: Announce) -> None:
    if state.kind is None:
        forbidden = state.options.talon_sharp_cards == "forbidden"
        if action.kind == "hra" and forbidden and state.talon & SHARP:
            raise IllegalAction(
                "sharp_in_talon",
                "with an ace or ten in the talon only betl or durch may be played",
            )
        return
    if KINDS.index(action.kind) <= KINDS.index(state.kind):
        raise IllegalAction("must_go_higher", f"an overcall must be higher than {state.kind}")


def _check_extras(state: VolenyState, hand: CardSet, action: Extras) -> None:
    assert state.trump_card is not None
    suit = state.trump_card // 13
    opts = state.options
    has_seven = bool(hand >> seven_of(Suit(suit)) & 1)
    if action.sedma and not opts.allow_seven_without_trump7 and not has_seven:
        raise IllegalAction("no_trump_seven", "sedma needs the trump seven in hand")
    has_marriage = bool((hand & KINGS) & ((hand & QUEENS) << 1))
    if action.stovka and not opts.allow_impossible_stovka and not has_marriage:
        raise IllegalAction("no_marriage", "stovka needs a marriage in hand")


def eligible_fleks(state: VolenyState, seat: Seat) -> tuple[str, ...]:
    """The components ``seat`` may raise: the defenders' side (``"D"`` of
    ``state.sides``) raises to odd levels (flek, tutti, ...), the declarer's side
    (``"C"``) to even ones (re, boty, ...); a seat on neither side raises nothing."""
    sides = state.sides
    cap = state.options.max_flek_level
    return tuple(
        name for name, level in state.flek if VOLENY_FORM.may_raise(sides, seat, level, cap)
    )


def legal_cards(state: VolenyState, seat: Seat) -> CardSet:
    """The cards ``seat`` may play to the current trick (§2.2)."""
    return legal_follow(state.hands[seat], state.trick_cards, trick_rules(state))


def trick_rules(state: VolenyState) -> TrickRules:
    """The trick kit's rules for this deal: Mariáš duties, the contract's order, its trumps.

    ``TrickRules.build`` caches, so asking on every card costs a look-up.
    """
    order = NORMAL_ORDER if state.kind == "hra" else BETL_ORDER
    duties = marias_duties(
        must_trump_when_cannot_overtrump=state.options.must_trump_when_cannot_overtrump
    )
    return TrickRules.build(duties, order, None, state.trump)


def _check_play(state: VolenyState, seat: Seat, hand: CardSet, action: Play) -> None:
    c = action.card
    if not hand >> c & 1:
        raise IllegalAction("card_not_in_hand", f"you do not hold {card_code(c)}")
    if action.declare and not _opens_marriage(state, hand, c):
        raise IllegalAction("no_marriage", "this card does not open a marriage")
    if action.declare and state.options.auto_declare_marriages:
        raise IllegalAction("auto_marriages", "marriages are declared automatically")
    if legal_cards(state, seat) >> c & 1:
        return
    raise _why_not(state, hand, c)


def _opens_marriage(state: VolenyState, hand: CardSet, c: Card) -> bool:
    if state.kind != "hra":
        return False
    return completes_marriage(hand, c)


def _why_not(state: VolenyState, hand: CardSet, c: Card) -> IllegalAction:
    return why_not(hand, c, state.trick_cards, state.trump)


def _check_claim(state: VolenyState, seat: Seat) -> None:
    if not state.options.allow_claims:
        raise IllegalAction("claims_off", "claims are switched off at this table")
    if state.kind not in ("betl", "durch") or seat != state.declarer:
        raise IllegalAction("no_claim", "only the betl or durch declarer may lay the cards open")
    # A betl declarer is never on lead after the first trick unless he has lost,
    # so he may lay his cards open whenever it is his turn (B1, B3 of §5).
    if state.trick_cards and state.kind == "durch":
        raise IllegalAction("no_claim", "lay the cards open when you are on lead")
    from games.marias.claims import claim_holds

    if not claim_holds(state):
        raise IllegalAction(
            "claim_not_proven", "the open cards do not guarantee the contract; play on"
        )
