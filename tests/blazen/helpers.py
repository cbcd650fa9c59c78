"""Building Blázen positions and playing actions by code, for the tests."""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from games.blazen.rules import DECKS
from games.blazen.state import BlazenState
from games.blazen.variant import BLAZEN
from games.cards import card_code, cards_of, mask_of
from games.engine import Event, GameError, Seat
from games.players import make_player

A, B, C, D, E, F = range(6)


def position(
    hands: Sequence[str],
    *,
    stock: str = "",
    trump: str | None = None,
    rest: str = "bito",
    dealer: Seat | None = None,
    attacker: Seat | None = None,
    **options: Any,
) -> BlazenState:
    """A game from explicit hands (one string per seat, clockwise from seat 0).

    ``stock`` lists the top of the stock; ``rest`` says where the cards not
    named go: ``"bito"`` (a position in the middle of a game) or ``"stock"``
    (a fresh deal: the rest of the stock, the ``trump`` card at the bottom).
    """
    opts = BLAZEN.options(options)
    deck = [card_code(c) for c in DECKS[opts.deck_size]]
    named = [c for h in hands for c in h.split()] + stock.split()
    others = [c for c in deck if c not in named and c != trump]
    cards: dict[str, list[str]] = {str(s): h.split() for s, h in enumerate(hands)}
    pile = stock.split()
    if rest == "stock":
        assert trump is not None
        pile = pile + others + [trump]
        others = []
    elif trump is not None and trump not in named:
        if pile:
            pile = [*pile, trump]
        else:
            others.append(trump)
    cards["stock"] = pile
    if others:
        cards["bito"] = others
    if not pile and trump is not None:
        cards["trump_card"] = [trump]
    dealer = (len(hands) - 1) if dealer is None else dealer
    return BLAZEN.new_deal(opts, len(hands), dealer, cards=cards, first_attacker=attacker)


def play(state: BlazenState, *moves: tuple[Seat, str]) -> BlazenState:
    """Apply actions given as (seat, code)."""
    for seat, code in moves:
        state, _ = BLAZEN.apply(state, seat, BLAZEN.parse_action(code))
    return state


def play_events(state: BlazenState, seat: Seat, code: str) -> tuple[BlazenState, list[Event]]:
    state, events = BLAZEN.apply(state, seat, BLAZEN.parse_action(code))
    return state, list(events)


def refused(state: BlazenState, seat: Seat, code: str) -> str:
    """The reason code an action is refused with (fails if it is accepted)."""
    try:
        BLAZEN.apply(state, seat, BLAZEN.parse_action(code))
    except GameError as exc:
        return exc.code
    raise AssertionError(f"{code} by {seat} was accepted")


def codes(state: BlazenState, seat: Seat) -> set[str]:
    return {a.code for a in state.legal_actions(seat)}


def hand(state: BlazenState, seat: Seat) -> set[str]:
    return {card_code(c) for c in cards_of(state.hands[seat])}


def mask(text: str | Iterable[str]) -> int:
    from games.cards import card

    items = text.split() if isinstance(text, str) else list(text)
    return mask_of(card(c) for c in items)


def seat_to_act(state: BlazenState, rng: random.Random, *, interject: float = 0.0) -> Seat:
    """The seat asked in turn; now and then one that may only interject (redeal)."""
    to_act = sorted(state.to_act())
    others = [s for s in to_act if s != state.to_move]
    if others and (state.to_move is None or rng.random() < interject):
        return rng.choice(others)
    assert state.to_move is not None
    return state.to_move


def play_game(
    seed: int,
    *,
    seats: int = 3,
    options: dict[str, Any] | None = None,
    mix: str = "rr",
    redeal_chance: float = 0.0,
) -> Iterator[tuple[BlazenState, Seat | None, str | None, tuple[Event, ...]]]:
    """Yield every state of a seeded game played by computer players.

    ``mix`` names the player kind per seat in turn: r = random, u = rules.
    Random players redeal on their own turn only with ``redeal_chance``.
    """
    opts = BLAZEN.options(options or {})
    state = BLAZEN.new_deal(opts, seats, seed % seats, seed=seed)
    rng = random.Random(seed)
    kinds = [mix[i % len(mix)] for i in range(seats)]
    players = [make_player("random" if k == "r" else "rules", BLAZEN.id) for k in kinds]
    yield state, None, None, ()
    while not state.is_over:
        seat = seat_to_act(state, rng, interject=redeal_chance)
        legal = list(state.legal_actions(seat))
        assert legal, f"seat {seat} to act with no legal action in {state.phase}"
        if kinds[seat] == "r" and len(legal) > 1 and rng.random() >= redeal_chance:
            legal = [a for a in legal if a.code != "redeal"] or legal
        view = state.view(seat) if kinds[seat] == "u" else None
        action = players[seat].choose(view, legal, seat, rng)
        state, events = BLAZEN.apply(state, seat, action)
        yield state, seat, action.code, events
