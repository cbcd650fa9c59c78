"""Shared helpers of the licitovaný tests: scripted deals and finished states."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from games.cards import DECK_32, Card, Suit, card, card_code
from games.engine import Event, Seat
from games.marias.played import Marriage, Trick
from games.marias.rules import SHARP, seven_of
from games.marias_licit.auction import Auction
from games.marias_licit.levels import COMPONENTS, level
from games.marias_licit.state import LicitState, Phase
from games.marias_licit.variant import LICITOVANY

__all__ = ["finished", "play", "run", "scripted"]


def scripted(
    hands: Mapping[Seat, Sequence[str]],
    talon: Sequence[str],
    *,
    dealer: Seat = 2,
    values: Mapping[str, Any] | None = None,
) -> LicitState:
    """A 3-seat deal from explicit hands (seat -> 10 cards) and the dealt talon."""
    cards = {str(s): list(h) for s, h in hands.items()}
    cards["talon"] = list(talon)
    return LICITOVANY.new_deal(LICITOVANY.options(dict(values or {})), 3, dealer, cards=cards)


def play(state: LicitState, seat: Seat, code: str) -> LicitState:
    new, _events = LICITOVANY.apply(state, seat, LICITOVANY.parse_action(code))
    return new


def run(state: LicitState, moves: Iterable[tuple[Seat, str]]) -> LicitState:
    for seat, code in moves:
        state = play(state, seat, code)
    return state


def events_of(state: LicitState, seat: Seat, code: str) -> tuple[Event, ...]:
    return LICITOVANY.apply(state, seat, LICITOVANY.parse_action(code))[1]


def finished(
    number: int,
    trump: Suit | None = None,
    helper: Suit | None = None,
    *,
    won: bool,
    flek: int | Mapping[str, int] = 0,
    values: Mapping[str, Any] | None = None,
) -> LicitState:
    """A finished deal of level ``number`` by seat 0 against seats 1 and 2, built
    from tricks chosen so that every component of the level is won (``won``) or
    lost at its plain table price: the sto at exactly 100 (won) or 90 (lost by
    10), the sedma and dvě sedmy on the last two tricks, betl and durch by the
    tricks taken. Silent components are the options' (switch them off to see the
    table price alone)."""
    lv = level(number)
    opts = LICITOVANY.options(
        {"licit_silent_game": False, "licit_silent_seven": False, **dict(values or {})}
    )
    base = LICITOVANY.new_deal(opts, 3, 2, seed=1)
    chains = tuple(
        (name, flek if isinstance(flek, int) else flek.get(name, 0))
        for name in COMPONENTS
        if lv.has(name)
    )
    decl: Seat = 0
    if lv.trumps:
        assert trump is not None
        helper_suit = helper if helper is not None else next(s for s in Suit if s != trump)
        others = [s for s in Suit if s not in (trump, helper_suit)]
        x = others[0]
        y = others[-1] if len(others) > 1 else helper_suit
        t7, h7 = seven_of(trump), seven_of(helper_suit)
        if won:
            last = ((t7, card(f"8{x.code}"), card(f"9{x.code}")), decl)
        else:
            last = ((t7, card(f"8{trump.code}"), card(f"9{x.code}")), 1)
        ninth = ((h7, card(f"8{helper_suit.code}"), card(f"9{helper_suit.code}")), decl)
        first = ((card(f"A{y.code}"), card(f"J{y.code}"), card(f"Q{trump.code}")), 1)
        marriage_suit = x
        fixed = [first, ninth, last]
    else:
        fixed = []
        marriage_suit = None
    used = {c for cards, _ in fixed for c in cards}
    sharp = [c for c in DECK_32 if SHARP >> c & 1 and c not in used]
    plain = [c for c in DECK_32 if not SHARP >> c & 1 and c not in used]
    middle_count = 10 - len(fixed)
    middle_cards: list[Card] = []
    for _ in range(middle_count):
        middle_cards.extend([sharp.pop(0) if sharp else plain.pop(0), plain.pop(0), plain.pop(0)])
    if sharp:
        middle_cards[-1] = sharp.pop(0)  # any sharp card left goes into a declarer's trick
    middle = []
    for i in range(middle_count):
        winner = decl
        if lv.has("betl"):
            winner = 0 if (not won and i == 0) else 1
        if lv.has("durch") and not won and i == 0:
            winner = 1
        middle.append((tuple(middle_cards[3 * i : 3 * i + 3]), winner))
    layout = [*fixed[:1], *middle, *fixed[1:]] if fixed else middle
    tricks = tuple(Trick((0, 1, 2), cards, w) for cards, w in layout)
    marriages: tuple[Marriage, ...] = ()
    if marriage_suit is not None:
        marriages = (Marriage(decl, marriage_suit, 20, 2),)
    rest = [c for c in DECK_32 if all(c not in t.cards for t in tricks)]
    assert len(rest) == 2, [card_code(c) for c in rest]
    return replace(
        base,
        auction=Auction((0, 1, 2), 2, 0, 2, number, 0, None, True, 0),
        declarer=decl,
        talon=(1 << rest[0]) | (1 << rest[1]),
        talon_taken=True,
        level_number=number,
        trump=trump if lv.trumps else None,
        helper=helper if lv.helper else None,
        flek=chains,
        hands=(0, 0, 0),
        tricks=tricks,
        marriages=marriages,
        phase=Phase.OVER,
        to_move=None,
        end="played",
    )
