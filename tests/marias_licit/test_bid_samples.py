"""The licitovaný samples read the calls: a seat that bid or held a level is
dealt, in the auction's ten cards, a hand whose rule-player top level reaches
it, and a seat that passed one whose top did not; softly, by bounded
rejection, with a fallback that always returns a sample consistent with the
view. ``auction_top`` is the rule player's ``reach`` on a mask, checked here
against it."""

from __future__ import annotations

import random
from collections.abc import Iterator

from games.cards import DECK_32, card, card_code, cards_of, mask_of
from games.marias_licit.determinize import (
    BidModel,
    World,
    bid_bounds,
    consistent,
    rules_of,
    sample_world,
)
from games.marias_licit.state import LicitState
from games.marias_licit.views import PlayerView, player_view
from games.players.licit_rules import LicitRulePlayer, auction_top, reach
from games.registry import find_variant
from tests.marias_licit.helpers import run, scripted

LICIT = find_variant("marias-licitovany")
RULES = LicitRulePlayer()
EVERY = [card_code(c) for c in DECK_32]
LOW = "7h 8h 9h 7d 8d 9d 7s 8s 9s 7c"
"""Z's hand in the scripted positions: no level of its own, and none of the
others' sevens but one, so a sedma is theirs to be dealt."""


def sample(view: PlayerView, rng: random.Random, bids: BidModel | None = auction_top) -> World:
    """The sampler as the strong player calls it: reading the bids by auction_top."""
    return sample_world(view, rng, bids)


def _deal(hands: dict[int, str]) -> LicitState:
    """A deal (dealer 2: F is seat 0, M seat 1, Z seat 2) with the named hands;
    the cards left over go, in deck order, to the others and then the talon."""
    named = {s: h.split() for s, h in hands.items()}
    used = {c for h in named.values() for c in h}
    rest = [c for c in EVERY if c not in used]
    for seat in range(3):
        if seat not in named:
            named[seat], rest = rest[:10], rest[10:]
    return scripted(named, rest)


def _assert_consistent(state: LicitState, seat: int, world: World) -> None:
    """The sample keeps the view: the seat's hand, every hand's size, the history."""
    view = player_view(state, seat)
    hands = dict(zip(state.active, world.hands, strict=True))
    assert world.exact
    assert hands[seat] == state.hands[seat]
    assert {s: h.bit_count() for s, h in hands.items()} == {
        s: state.hands[s].bit_count() for s in state.active
    }
    assert consistent(view, hands, rules_of(view))


def _top(hand: int) -> int:
    return max((r.level for r in reach(list(cards_of(hand)), spare=1)), default=0)


def test_auction_top_is_the_rule_players_reach() -> None:
    """Random hands, and hands with a long suit (low cards beside it, for betl
    and durch shapes): the mask version gives the level ``reach`` gives."""
    rng = random.Random(1)
    deck = list(DECK_32)
    seen: set[int] = set()
    for n in range(4000):
        if n % 2:
            colour = rng.randrange(4)
            suit = [c for c in deck if c // 13 == colour]
            pick = rng.sample(suit, rng.randint(4, 8))
            rest = [c for c in deck if c not in pick and (n % 4 == 1 or c % 13 <= 8)]
            hand = mask_of(pick + rng.sample(rest, 10 - len(pick)))
        else:
            hand = mask_of(rng.sample(deck, 10))
        top = _top(hand)
        assert auction_top(hand) == top
        seen.add(top)
    assert seen >= {0, 1, 2, 4, 6, 7, 8}


def test_the_bounds_replay_the_auction() -> None:
    """A bid or a hold bounds the top from below; a junior's pass says the next
    level was above it, a senior's that the level on the table was."""
    state = run(_deal({}), [(1, "bid:1"), (0, "mam"), (1, "bid:2"), (0, "pass"), (2, "pass")])
    assert bid_bounds(player_view(state, 2)) == {0: (1, 2), 1: (2, None), 2: (None, 3)}
    state = run(_deal({}), [(1, "pass"), (2, "pass"), (0, "bid:7")])
    assert bid_bounds(player_view(state, 1)) == {0: (7, None), 1: (None, 1), 2: (None, 1)}


def test_a_sedma_bid_is_dealt_a_sedma() -> None:
    """M bid a sedma and F passed it: nearly every sample of Z gives M a hand the
    rule player bids it with and F one without; without the calls few do."""
    state = run(_deal({2: LOW}), [(1, "bid:1"), (0, "pass")])
    view = player_view(state, 2)
    rng = random.Random(3)
    fitted = plain = 0
    for _ in range(200):
        world = sample(view, rng)
        _assert_consistent(state, 2, world)
        if world.fits:
            fitted += 1
            assert auction_top(world.hands[1]) >= 1 and auction_top(world.hands[0]) == 0
        unread = sample(view, rng, None)
        assert unread.fits
        plain += auction_top(unread.hands[1]) >= 1
    assert fitted >= 196
    assert plain < 80


def test_after_the_talon_the_defenders_calls_are_read() -> None:
    """Once M has taken the talon for his sedma, F's samples still give Z (who
    passed over the sedma) a hand without a red sedma or more, his hand now; M's own bid is
    no longer read (see the module's docstring), so every sample fits."""
    state = run(_deal({0: LOW}), [(1, "bid:1"), (0, "pass"), (2, "pass")])
    rng = random.Random(4)
    view = player_view(state, 1)
    state, _ = LICIT.apply(state, 1, RULES.choose(view, state.legal_actions(1), 1, rng))
    assert player_view(state, 0).public.phase == "contract"
    for _ in range(40):
        world = sample(player_view(state, 0), rng)
        _assert_consistent(state, 0, world)
        assert world.fits and auction_top(world.hands[2]) < 2  # no red sedma bid over 1


def test_the_fallback_never_fails() -> None:
    """A level no sampled hand reaches (dvě sedmy with the red trumps and a sto)
    and a model no bidder's hand fits: the sample is still consistent with the
    view, marked as not fitting, in the auction and in the play."""
    state = run(_deal({2: LOW}), [(1, "bid:12")])
    world = sample(player_view(state, 2), random.Random(5))
    _assert_consistent(state, 2, world)
    assert not world.fits and world.talon.bit_count() == 2
    rng = random.Random(6)
    phases: set[str] = set()
    for n, (state, seat) in enumerate(_positions(12, seed=40)):
        view = player_view(state, seat)
        read = [b for s, b in bid_bounds(view).items() if s not in (seat, state.declarer)]
        if n % 3 or not read:
            continue
        wrong = -1 if any(low is not None for low, _ in read) else 99  # below a bid, above a pass
        world = sample(view, rng, lambda _hand, wrong=wrong: wrong)
        _assert_consistent(state, seat, world)
        assert not world.fits
        phases.add(view.public.phase)
    assert phases >= {"auction", "flek", "play"}


def _positions(deals: int, seed: int = 0) -> Iterator[tuple[LicitState, int]]:
    """Every position of seeded deals played by the rule player, all phases."""
    for number in range(deals):
        rng = random.Random(seed + number)
        state: LicitState = LICIT.new_deal(LICIT.options({}), 3, number % 3, seed=seed + number)
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            yield state, seat
            view = player_view(state, seat)
            state, _ = LICIT.apply(
                state, seat, RULES.choose(view, state.legal_actions(seat), seat, rng)
            )


def test_rule_played_deals_fit_their_calls() -> None:
    """Where the rule player spoke, its true hand fits what its words say (the
    model is its own), and the samples of every phase fit nearly always and
    keep the view; a defender's hand that bid is its hand now plus its plays."""
    rng = random.Random(7)
    samples = fitted = bounded = 0
    for state, seat in _positions(30, seed=60):
        view = player_view(state, seat)
        bounds = bid_bounds(view)
        for s, (low, high) in bounds.items():
            top = auction_top(mask_of(state.dealt[state.active.index(s)][:10]))
            assert (low is None or top >= low) and (high is None or top < high)
        world = sample(view, rng)
        _assert_consistent(state, seat, world)
        samples += 1
        fitted += world.fits
        if not world.fits or state.declarer is None:
            continue
        played = dict.fromkeys(state.active, 0)
        for s, code in [p for t in view.public.history for p in t.plays] + list(view.public.trick):
            played[s] |= 1 << card(code)
        for s, (low, high) in bounds.items():
            if s in (seat, state.declarer):
                continue
            i = state.active.index(s)
            top = auction_top(world.hands[i] | played[s])
            assert (low is None or top >= low) and (high is None or top < high)
            bounded += 1
    assert samples > 500 and bounded > 100
    assert fitted >= 0.97 * samples
