"""The volený rule player without the obvious blunders (issue 7).

Each test names the blunder of the first rule player (``rules-v1``) it guards
against; ``test_the_first_player_made_these_blunders`` shows the old player
failing the same checks, so they are not vacuous.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from games.cards import DECK_32, card, card_code, cards_of
from games.engine import Action, Seat
from games.marias.actions import Discard, Play
from games.marias.rules import KINGS, QUEENS, SHARP, seven_of
from games.marias.state import Phase, VolenyState
from games.marias.variant import VOLENY
from games.players import make_player
from games.players.marias_rules import MariasRulePlayer, defence_strength, plan_kind, remember
from tests.marias.voleny_play import M, act, flek_to, new

RNG = random.Random(0)


def _rest(*hands: str) -> str:
    used = {c for h in hands for c in h.split()}
    return " ".join(card_code(c) for c in DECK_32 if card_code(c) not in used)


def _choose(state: VolenyState, seat: Seat, name: str = "rules") -> Action:
    player = make_player(name, VOLENY.id)
    return player.choose(state.view(seat), state.legal_actions(seat), seat, RNG)


def _deals(name: str, count: int) -> Iterator[tuple[VolenyState, Seat, Action]]:
    """Every decision of ``count`` seeded deals played by ``name`` at all seats."""
    player = make_player(name, VOLENY.id)
    for seed in range(count):
        state = VOLENY.new_deal(VOLENY.options(), 3, seed % 3, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            (seat,) = state.to_act()
            action = player.choose(state.view(seat), state.legal_actions(seat), seat, rng)
            yield state, seat, action
            state = VOLENY.apply(state, seat, action)[0]


def _early_sevens(name: str, count: int) -> tuple[int, int]:
    """(sedma declarers' trump sevens played before the last trick by choice, sedmas)."""
    early = sedmas = 0
    for state, seat, action in _deals(name, count):
        if state.phase is not Phase.PLAY or not state.sedma or seat != state.declarer:
            continue
        assert state.trump is not None
        if len(state.tricks) == 0 and not state.trick_cards and state.to_move == seat:
            sedmas += state.hands[seat].bit_count() == 10
        plays = [a for a in state.legal_actions(seat) if isinstance(a, Play)]
        chosen = isinstance(action, Play) and action.card == seven_of(state.trump)
        if chosen and len(state.tricks) < 9 and len(plays) > 1:
            early += 1
    return early, sedmas


def test_sedma_declarer_keeps_the_trump_seven_for_the_last_trick() -> None:
    early, sedmas = _early_sevens("rules", 150)
    assert sedmas >= 10 and early == 0


def _harmful(hand: int, pair: tuple[int, int]) -> bool:
    """The two cards hold an ace or ten, or one half of a marriage kept in hand."""
    mask = (1 << pair[0]) | (1 << pair[1])
    rest = hand & ~mask
    partners = ((mask & KINGS) >> 1 | (mask & QUEENS) << 1) & rest
    return bool(mask & SHARP or partners)


def _bad_talons(name: str, count: int) -> int:
    """Forhond's hra discards that break a marriage or hold an ace or ten while
    a discard without either existed."""
    bad = 0
    for state, seat, action in _deals(name, count):
        if not isinstance(action, Discard) or state.kind is not None:
            continue
        hand = state.hands[seat]
        if plan_kind(list(cards_of(hand))) != "hra":
            continue
        others = [a for a in state.legal_actions(seat) if isinstance(a, Discard)]
        if _harmful(hand, action.cards) and any(not _harmful(hand, a.cards) for a in others):
            bad += 1
    return bad


def test_the_talon_keeps_marriages_aces_and_tens() -> None:
    assert _bad_talons("rules", 300) == 0


def test_the_talon_never_forces_a_betl() -> None:
    """Only aces and tens besides the trump card cannot all be kept: still no betl."""
    f = "7h Ah Th As Ts Ad Td Ac Tc Kh Qh Jh"
    m = "8h 9h Ks Qs Js 9s 8s 7s Kd Qd"
    state = new(f, m, _rest(f, m), dealer=2)
    state = act(state, "trump:7h")
    action = _choose(state, state.forhond)
    assert isinstance(action, Discard)
    state = act(state, action.code)
    assert "game:hra" in {a.code for a in state.legal_actions(state.forhond)}


STRONG_DEFENDER = "Ac Tc Kc As Ts Ad Td 9d Qh 8h"


def _hra_flek_phase(m: str) -> VolenyState:
    f = "Kh Jh Th 9h 7h Ks Qs 8s Kd Qd 7d 7c"
    state = new(f, m, _rest(f, m), dealer=2)
    state = act(state, "trump:Kh", "talon:7d,7c", "game:hra", "dobra", "dobra", "extras:none")
    assert state.phase is Phase.FLEK and state.to_move == M
    return state


def test_a_strong_defender_fleks_a_plain_game() -> None:
    state = _hra_flek_phase(STRONG_DEFENDER)
    assert defence_strength([card(c) for c in STRONG_DEFENDER.split()], 0) >= 45
    assert _choose(state, M).code == "flek:hra"


def test_a_weak_defender_lets_a_plain_game_be_thrown_in() -> None:
    weak = "8c 9c Jc 9s Js 7s 8d 9d Jd 8h"
    state = _hra_flek_phase(weak)
    assert _choose(state, M).code == "pass"


def test_sedma_defence_kills_or_frees_the_seven() -> None:
    f = "7h Kh Qh Jh 9h 8h As Ks Ad Kd Qd 7c"
    strong_trumps = "Ah Th Qs Js Td Jd 8d Ac Tc 9c"
    state = new(f, strong_trumps, _rest(f, strong_trumps), dealer=2)
    state = act(state, "trump:7h", "talon:Qd,7c", "game:hra", "dobra", "dobra", "extras:sedma")
    assert state.phase is Phase.FLEK and state.to_move == M
    assert "sedma" in _choose(state, M).code  # two top trumps: the seven can be killed
    weak = "Qs Js Ts 9s Td Jd 8d Ac Tc 9c"
    state = new(f, weak, _rest(f, weak), dealer=2)
    state = act(state, "trump:7h", "talon:Qd,7c", "game:hra", "dobra", "dobra", "extras:sedma")
    assert _choose(state, M).code == "flek:hra"  # alone on the game: the sedma is free


def test_defender_leads_trumps_against_a_sedma() -> None:
    """M wins the first trick and holds Ah Th: he leads a trump to draw the seven."""
    f = "7h Kh Qh Jh 9h 8h As Ks Ad Kd Qd 7c"
    m = "Ah Th Qs Js Td Jd 8d Ac Tc 9c"
    state = new(f, m, _rest(f, m), dealer=2)
    state = act(state, "trump:7h", "talon:Qd,7c", "game:hra", "dobra", "dobra", "extras:sedma")
    state = flek_to(state)
    state = act(state, "Kd", "Td", "9d")
    assert state.to_move == M
    action = _choose(state, M)
    assert isinstance(action, Play) and card_code(action.card) == "Th"  # the lower trump
    assert _choose(state, M, "rules-v1").code != "play:Th"


def test_memory_reads_a_void_and_no_trumps() -> None:
    from dataclasses import replace

    from games.marias.views import PlayedTrick

    state = _hra_flek_phase(STRONG_DEFENDER)
    public = replace(
        state.public_view(),  # type: ignore[type-var]
        history=(PlayedTrick(((0, "As"), (1, "Ts"), (2, "7c")), 1),),
        trick=((1, "Ad"), (2, "9h")),
    )
    memory = remember(public)
    # Z did not follow spades nor trump them (no trump on the table): no s, no h;
    # then he did not follow diamonds (he trumped, which says nothing more).
    assert memory.voids[2] == frozenset({2, 0, 1})
    assert memory.voids[1] == frozenset()


def test_self_play_sedmas_are_mostly_won() -> None:
    wins = played = 0
    player = MariasRulePlayer()
    for seed in range(200):
        state = VOLENY.new_deal(VOLENY.options(), 3, seed % 3, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            (seat,) = state.to_act()
            action = player.choose(state.view(seat), state.legal_actions(seat), seat, rng)
            state = VOLENY.apply(state, seat, action)[0]
        if state.sedma and state.end == "played":
            played += 1
            sedma = [c for c in state.outcome().summary["components"] if c["name"] == "sedma"]
            wins += bool(sedma and sedma[0]["won"])
    assert played >= 10 and wins >= played // 3


def test_the_first_player_made_these_blunders() -> None:
    early, sedmas = _early_sevens("rules-v1", 150)
    assert sedmas >= 10 and early >= sedmas // 2
    assert _bad_talons("rules-v1", 300) > 0
