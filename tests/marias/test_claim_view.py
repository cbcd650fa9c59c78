"""Whether a betl/durch claim is offered depends on the declarer's view only (issue 7).

The declarer sees his hand, every card played and by whom, the talon he laid
and the hand sizes. Any other split of the defenders' unseen cards under which
every recorded play is still legal is indistinguishable for him, so his legal
actions and his view must be the same under it. The alternatives are built
independently of ``games.marias.claims``: the defenders' remaining cards are
dealt again and the deal is replayed through ``apply``, which refuses a split
that contradicts the play.

The exactness test then checks, on small positions, that the claim is offered
if and only if the contract is forced (open-card minimax) under every such
split.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from dataclasses import asdict
from functools import cache
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from games.cards import DECK_32, Card, card_code, cards_of
from games.engine import IllegalAction, Seat
from games.marias.actions import Claim, MariasAction, Play
from games.marias.claims import knowledge
from games.marias.rules import BETL_ORDER
from games.marias.state import Phase, VolenyState
from games.marias.variant import VOLENY

OPTIONS = {"allow_claims": True, "end_betl_durch_early": True}
Step = tuple[Seat, MariasAction]


def _deal(rng: random.Random, kind: str) -> dict[str, list[str]]:
    """Forhond (seat 0, dealer 2) gets a hand that suits the contract, more or less."""
    noise = [(BETL_ORDER.strength[c] + rng.uniform(0, 5), c) for c in DECK_32]
    noise.sort(reverse=kind == "durch")
    mine = [c for _, c in noise[:12]]
    rest = [c for _, c in noise[12:]]
    rng.shuffle(mine)
    rng.shuffle(rest)
    return {
        "0": [card_code(c) for c in mine],
        "1": [card_code(c) for c in rest[:10]],
        "2": [card_code(c) for c in rest[10:]],
    }


def _bidding(state: VolenyState, kind: str, rng: random.Random) -> list[Step]:
    """Forhond's trump card, discard and announcement; the defenders accept, nobody fleks."""
    f = state.forhond
    hand = sorted(cards_of(state.hands[f]), key=lambda c: BETL_ORDER.strength[c])
    trump = state.dealt[0][0]
    spare = [c for c in (hand[-2:] if kind == "betl" else hand[:2])]
    if trump in spare:
        spare = [c for c in hand if c != trump][-2:] if kind == "betl" else hand[:3]
        spare = [c for c in spare if c != trump][:2]
    codes = [f"trump:{card_code(trump)}", "talon:" + ",".join(card_code(c) for c in spare)]
    codes.append(f"game:{kind}")
    steps: list[Step] = []
    for code in codes:
        steps.append((f, VOLENY.parse_action(code)))
    return steps


def _play(cards: dict[str, list[str]], steps: list[Step]) -> VolenyState:
    state = VOLENY.new_deal(VOLENY.options(OPTIONS), 3, 2, cards=cards)
    for seat, action in steps:
        state = VOLENY.apply(state, seat, action)[0]
    return state


def _positions(seed: int, kind: str) -> Iterator[tuple[dict[str, list[str]], list[Step]]]:
    """Every point of a random betl/durch deal where the declarer is to act."""
    rng = random.Random(seed)
    cards = _deal(rng, kind)
    state = VOLENY.new_deal(VOLENY.options(OPTIONS), 3, 2, cards=cards)
    steps: list[Step] = []
    for seat, action in _bidding(state, kind, rng):
        state = VOLENY.apply(state, seat, action)[0]
        steps.append((seat, action))
    while not state.is_over:
        (seat,) = state.to_act()
        legal = [a for a in state.legal_actions(seat) if not isinstance(a, Claim)]
        if seat == state.declarer and state.phase in (Phase.LEAD, Phase.PLAY):
            yield cards, list(steps)
        if state.phase is Phase.RESPOND:
            legal = [a for a in legal if a.code == "dobra"]
        elif state.phase is Phase.FLEK:
            legal = [a for a in legal if a.code == "pass"]
        action = legal[rng.randrange(len(legal))]
        state = VOLENY.apply(state, seat, action)[0]
        steps.append((seat, action))


def _played_by(state: VolenyState, seat: Seat) -> list[Card]:
    played = [c for t in state.tricks for s, c in zip(t.seats, t.cards, strict=True) if s == seat]
    played += [c for s, c in zip(state.trick_seats, state.trick_cards, strict=True) if s == seat]
    return played


def _alternatives(
    cards: dict[str, list[str]],
    steps: list[Step],
    state: VolenyState,
    rng: random.Random | None = None,
    tries: int = 0,
) -> Iterator[VolenyState]:
    """Every re-split of the defenders' cards that the recorded play allows
    (with ``rng``: those among ``tries`` random re-splits)."""
    d1, d2 = state.defenders
    pool = sorted(cards_of(state.hands[d1] | state.hands[d2]))
    size = state.hands[d1].bit_count()
    splits: Iterable[tuple[Card, ...]] = combinations(pool, size)
    if rng is not None:
        splits = [tuple(sorted(rng.sample(pool, size))) for _ in range(tries)]
    for chosen in splits:
        other = [c for c in pool if c not in chosen]
        new = dict(cards)
        new[str(d1)] = [card_code(c) for c in [*_played_by(state, d1), *chosen]]
        new[str(d2)] = [card_code(c) for c in [*_played_by(state, d2), *other]]
        try:
            yield _play(new, steps)
        except IllegalAction:
            continue


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), kind=st.sampled_from(["betl", "durch"]))
def test_declarer_view_and_legal_actions_ignore_the_hidden_split(seed: int, kind: str) -> None:
    rng = random.Random(seed)
    for cards, steps in _positions(seed, kind):
        state = _play(cards, steps)
        seat = state.declarer
        assert seat is not None
        expected_legal = [a.code for a in state.legal_actions(seat)]
        expected_view = asdict(state.view(seat))  # type: ignore[call-overload]
        expected_public = state.public_view()
        for alt in _alternatives(cards, steps, state, rng, 6):
            assert knowledge(alt) == knowledge(state)
            assert [a.code for a in alt.legal_actions(seat)] == expected_legal
            assert asdict(alt.view(seat)) == expected_view  # type: ignore[call-overload]
            assert alt.public_view() == expected_public


def _forced(state: VolenyState) -> bool:
    """Open-card minimax over every legal card: is the contract sure from here?"""

    @cache
    def wins(s: VolenyState) -> bool:
        if s.is_over:
            return bool(s.outcome().summary["components"][0]["won"])
        (seat,) = s.to_act()
        results = (
            wins(VOLENY.apply(s, seat, a)[0]) for a in s.legal_actions(seat) if isinstance(a, Play)
        )
        return any(results) if seat == s.declarer else all(results)

    return wins(state)


@settings(max_examples=80, deadline=None)
@given(seed=st.integers(0, 10**6), kind=st.sampled_from(["betl", "durch"]))
def test_claim_is_offered_exactly_when_every_possible_split_is_forced(seed: int, kind: str) -> None:
    for cards, steps in _positions(seed, kind):
        state = _play(cards, steps)
        seat = state.declarer
        assert seat is not None
        if state.hands[seat].bit_count() > 3 or state.phase is not Phase.PLAY:
            continue
        if kind == "durch" and state.trick_cards:
            continue  # a durch is claimed on lead only
        offered = "claim" in {a.code for a in state.legal_actions(seat)}
        every = all(_forced(alt) for alt in _alternatives(cards, steps, state))
        assert offered == every, (offered, every, [a.code for _, a in steps])


def test_the_property_is_not_vacuous() -> None:
    """Some positions offer the claim and some splits really differ from the dealt one."""
    offered = 0
    splits = 0
    for seed in range(40):
        for kind in ("betl", "durch"):
            for cards, steps in _positions(seed, kind):
                state = _play(cards, steps)
                assert state.declarer is not None
                if "claim" in {a.code for a in state.legal_actions(state.declarer)}:
                    offered += 1
                if state.hands[state.declarer].bit_count() == 3:
                    splits += sum(1 for _ in _alternatives(cards, steps, state)) > 1
    assert offered >= 5 and splits >= 5
