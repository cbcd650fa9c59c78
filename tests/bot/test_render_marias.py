"""Mariáš hands, keyboards, calls and results as players read them.

Two things are checked here beyond valid HTML (test_render.py): that a hand
message changes only when its reader needs something new (each change is a
Bot API call), and that the texts say things the way players at a pub do.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.render import Button, renderer_for
from bot.render.i18n import I18n, Translator
from games.marias.state import VolenyState
from games.marias.variant import VOLENY
from games.marias.views import player_view, public_view
from games.players import make_player
from tests.bot.privacy import shows
from tests.marias.voleny_play import act, mover, new

RENDERER = renderer_for(VOLENY.id)
I18N = I18n.load()
CS, EN = I18N.for_lang("cs"), I18N.for_lang("en")
NAMES = ["Jana", "Petr", "Eva"]
JANA, PETR, EVA = 0, 1, 2

# Jana (forhont) holds the trump marriage ❤️ král + svršek but not the trump seven.
FORHONT = "Ah Th Kh Qh 9h As Ts Ks Qs 7c 8c 9c"
MIDDLE = "7h 8h Jh Ad Td Kd Qd Js 9s 8s"
ZADAK = "Jd 9d 8d 7d 7s Ac Tc Kc Qc Jc"


def _flat(keyboard: list[list[Button]]) -> list[Button]:
    return [b for row in keyboard for b in row]


def _deal(**options: Any) -> VolenyState:
    return new(FORHONT, MIDDLE, ZADAK, **options)


def _content(state: VolenyState, seat: int, tr: Translator = CS) -> tuple[str, list[str]]:
    """What the hand message of ``seat`` shows: its text and its buttons (as screens ask)."""
    view = player_view(state, seat)
    codes = list(view.legal) if seat in state.to_act() else []
    keyboard = RENDERER.private_keyboard(codes, view, tr, None)
    return RENDERER.hand_text(view, NAMES, tr), [b.label for b in _flat(keyboard)]


def _playing() -> VolenyState:
    """A plain game in ❤️ with a flek, re and tutti, at Jana's first lead."""
    state = act(_deal(), "trump:Kh", "talon:7c,8c", "game:hra", "dobra", "dobra", "extras:none")
    return act(state, "flek:hra", "flek:hra", "flek:hra", "pass")


def test_a_waiting_hand_does_not_change_when_other_seats_play() -> None:
    state = _playing()
    assert mover(state) == JANA
    eva_before = _content(state, EVA)
    after_jana = act(state, "Ah")
    assert mover(after_jana) == PETR
    assert _content(after_jana, EVA) == eva_before  # Jana's card does not reach Eva's hand
    jana_waiting = _content(after_jana, JANA)
    after_petr = act(after_jana, "7h")
    assert _content(after_petr, JANA) == jana_waiting  # nor Petr's card Jana's
    text, buttons = jana_waiting
    assert buttons == [] and "Až budeš na tahu, ozvu se tady." in text
    for word in ("Na stole", "Minulý štych", "Petr", "Eva", "Na tahu"):
        assert word not in text, word  # no trick, nobody named as the one to act
    assert _content(after_petr, EVA) != eva_before  # Eva is to act now


def test_the_seat_to_act_sees_the_trick_and_the_last_trick_with_names() -> None:
    state = act(_playing(), "Ah", "7h", "7d", "Th")
    assert mover(state) == PETR
    text, buttons = _content(state, PETR)
    assert "🂠 Na stole: Jana ❤️ 10" in text
    assert "↩️ Minulý štych vzal(a) Jana: Jana ❤️ eso · Petr ❤️ 7 · Eva 🔔 7" in text
    assert "👉 <b>Jsi na tahu: přidej kartu.</b>" in text
    assert buttons == ["❤️ spodek", "❤️ 8"]
    lead = act(state, "8h", "9d")  # Jana takes it and leads again
    assert "👉 <b>Vynášíš.</b>" in _content(lead, JANA)[0]
    en = RENDERER.hand_text(player_view(state, PETR), NAMES, EN)
    assert "↩️ Jana took the last trick: Jana ❤️ Ace · Petr ❤️ 7 · Eva 🔔 7" in en


def test_the_hand_offers_every_decision_the_group_offers() -> None:
    state = act(_deal(), "trump:Kh", "talon:7c,8c", "game:hra")
    view = player_view(state, PETR)
    public = RENDERER.public_keyboard(list(view.legal), view.public, CS)
    private = RENDERER.private_keyboard(list(view.legal), view, CS, None)
    assert [(b.label, b.action) for b in _flat(private)] == [
        (b.label, b.action) for b in _flat(public)
    ]
    assert [b.label for b in _flat(private)] == ["Dobrá", "Špatná"]
    text = RENDERER.hand_text(view, NAMES, CS)
    assert "Rozhodni: dobrá, nebo špatná?" in text and "betla nebo durcha" in text
    fleks = act(state, "dobra", "dobra", "extras:sedma")
    labels = [
        b.label
        for b in _flat(
            RENDERER.private_keyboard(
                player_view(fleks, PETR).legal, player_view(fleks, PETR), CS, None
            )
        )
    ]
    assert labels == ["Bez fleku", "Flek na hru", "Flek na sedmu", "Flek na hru i na sedmu"]


def test_each_raise_is_named_by_its_level_as_players_say_it() -> None:
    state = act(_deal(), "trump:Kh", "talon:7c,8c", "game:hra", "dobra", "dobra", "extras:none")
    state = act(state, "flek:hra", "flek:hra", "flek:hra")
    table = RENDERER.table_text(public_view(state), NAMES, CS)
    assert "Petr: flek na hru · Jana: re · Petr: tutti" in table
    assert "🔥 tutti na hru" in table and "flek na hra" not in table
    labels = [
        b.label
        for b in _flat(RENDERER.public_keyboard(["pass", "flek:hra"], public_view(state), CS))
    ]
    assert labels == ["Bez fleku", "Retutti na hru"]
    sedma = act(_deal(), "trump:Kh", "talon:7c,8c", "game:hra", "dobra", "dobra", "extras:sedma")
    sedma = act(sedma, "flek:sedma", "pass", "flek:sedma", "flek:hra+sedma")
    table = RENDERER.table_text(public_view(sedma), NAMES, CS)
    said = "Petr: flek na sedmu · Eva: bez fleku · Jana: re na sedmu · Petr: flek na hru, tutti"
    assert said + " na sedmu" in table
    assert "🔥 flek na hru, tutti na sedmu" in table
    for component, said in (("betl", "flek na betla"), ("durch", "flek na durcha")):
        state = act(_deal(), "trump:Kh", "talon:7c,8c", f"game:{component}")
        if component == "betl":  # a durch cannot be overcalled, so nobody answers it
            state = act(state, "dobra", "dobra")
        state = act(state, f"lead:{player_view(state, JANA).hand[0]}", f"flek:{component}")
        assert f"Petr: {said}" in RENDERER.table_text(public_view(state), NAMES, CS)
        en = RENDERER.table_text(public_view(state), NAMES, EN)
        assert f"Petr: flek on {component}" in en


@pytest.mark.parametrize(
    ("game", "extras", "said"),
    [
        ("hra", "none", "🎯 Jana hraje hru, trumfy ❤️ červené (❤️ král)"),
        ("hra", "sedma", "🎯 Jana hraje sedmu, trumfy ❤️ červené (❤️ král)"),
        ("hra", "stovka", "🎯 Jana hraje stovku, trumfy ❤️ červené (❤️ král)"),
        ("hra", "stovka+sedma", "🎯 Jana hraje sto sedm, trumfy ❤️ červené (❤️ král)"),
        ("betl", "", "🎯 Jana hraje betla"),
        ("durch", "", "🎯 Jana hraje durcha"),
    ],
)
def test_the_contract_is_named_as_players_say_it(game: str, extras: str, said: str) -> None:
    state = act(_deal(), "trump:Kh", "talon:7c,8c", f"game:{game}")
    if game != "durch":
        state = act(state, "dobra", "dobra")
    if extras:
        state = act(state, f"extras:{extras}")
    for text in (
        RENDERER.table_text(public_view(state), NAMES, CS),
        RENDERER.hand_text(player_view(state, EVA), NAMES, CS),
    ):
        assert said in text and "Forhont: Jana" in text
        assert "barva" not in text


def test_cards_are_german_suited_and_short_on_buttons() -> None:
    state = _deal()
    view = player_view(state, JANA)
    text = RENDERER.hand_text(view, NAMES, CS)
    assert "❤️ eso 10 král svršek 9\n🍃 eso 10" in text
    buttons = _flat(RENDERER.private_keyboard(view.legal, view, CS, None))
    cards = [b.label for b in buttons if (b.action or "").startswith("trump:")]
    assert cards == ["❤️ eso", "❤️ 10", "❤️ král", "❤️ svršek", "❤️ 9", "🍃 eso", "🍃 10"]
    assert all(len(label) <= 10 for label in cards)
    en = _flat(RENDERER.private_keyboard(view.legal, view, EN, None))
    assert [b.label for b in en][:4] == ["❤️ Ace", "❤️ 10", "❤️ King", "❤️ Ober"]
    lids = [b.label for b in buttons if (b.action or "").startswith("lid:")]
    assert lids == [f"Z lidu: {n}. karta" for n in range(1, 6)]
    assert "Z lidu: trumf zvolíš naslepo z pěti karet, které ještě nevidíš." in text
    assert RENDERER.action_text("play:Qs", CS) == "zahrál(a) 🍃 svršek"
    assert RENDERER.action_text("lid:3", CS) == "zvolil(a) trumf z lidu (3. karta)"


def test_a_sedma_without_the_trump_seven_is_warned_to_its_player_only() -> None:
    """marias.md §6 #52: allowed, with a warning in volený (7h is Petr's)."""
    state = act(_deal(), "trump:Kh", "talon:7c,8c", "game:hra", "dobra", "dobra")
    warning = "⚠️ Trumfovou sedmu nemáš"
    assert warning in _content(state, JANA)[0]
    assert "Nemáš hlášku" not in _content(state, JANA)[0]  # ❤️ král + svršek
    fleks = act(state, "extras:sedma")
    assert "⚠️ Hlásíš sedmu bez trumfové sedmy" in _content(fleks, JANA)[0]
    for s in (state, fleks):
        assert "⚠️" not in RENDERER.table_text(public_view(s), NAMES, CS)  # it would tell
        assert "⚠️" not in _content(s, PETR)[0] and "⚠️" not in _content(s, EVA)[0]
    with_seven = new("Ah Th Kh Qh 7h As Ts Ks Qs 7c 8c 9c", "9h 8h Jh Ad Td Kd Qd Js 9s 8s", ZADAK)
    state = act(with_seven, "trump:Kh", "talon:7c,8c", "game:hra", "dobra", "dobra")
    assert "⚠️" not in _content(state, JANA)[0]
    no_marriage = new("Ah Th Kh Jh 9h As Ts Ks 9s 7c 8c 9c", "7h 8h Qh Ad Td Kd Qd Js Qs 8s", ZADAK)
    state = act(no_marriage, "trump:Kh", "talon:7c,8c", "game:hra", "dobra", "dobra")
    assert "⚠️ Nemáš hlášku: stovku bez ní uhrát nejde." in _content(state, JANA)[0]


def _stored(summary: dict[str, Any], scores: list[int], unit: int = 10) -> dict[str, Any]:
    base = {"variant": "marias-voleny", "stovka": False, "sedma": False, "marriages": []}
    base["tricks"] = {"0": 0, "1": 0, "2": 0}
    return {"summary": {**base, **summary}, "scores": scores, "tally": [s * unit for s in scores]}


def test_the_result_explains_points_components_prices_and_payments() -> None:
    outcome = _stored(
        {
            "end": "played",
            "declarer": 0,
            "kind": "hra",
            "trump": "s",
            "sedma": True,
            "flek": {"hra": 1, "sedma": 0},
            "marriages": [{"seat": 0, "suit": "s", "points": 40, "trick": 2}],
            "points": {
                "declarer": 100,
                "defenders": 30,
                "cards_declarer": 60,
                "cards_defenders": 30,
            },
            "components": [
                {"name": "hra", "won": True, "flek": 1, "units": 2},
                {"name": "sedma", "won": True, "flek": 0, "units": 2},
            ],
        },
        [8, -4, -4],
    )
    assert RENDERER.result_text(outcome, NAMES, CS).splitlines() == [
        "🏁 <b>Konec rozdání</b>",
        "🎯 Jana hrál(a) sedmu, trumfy 🍃 zelené",
        "📊 Body: Jana 60 + hláška 40 = 100 : obrana 30",
        "✅ hra (flek): Jana bere od každého 0,20 Kč",
        "✅ sedma: Jana bere od každého 0,20 Kč",
        "💰 Celkem: Petr → Jana 0,40 Kč · Eva → Jana 0,40 Kč",
    ]
    en = RENDERER.result_text(outcome, NAMES, EN)
    assert "📊 Points: Jana 60 + marriage 40 = 100 : defenders 30" in en
    assert "✅ game (flek): Jana takes 0.20 CZK from each" in en
    dearer = RENDERER.result_text({**outcome, "tally": [160, -80, -80]}, NAMES, CS)
    assert "✅ hra (flek): Jana bere od každého 0,40 Kč" in dearer  # a unit of 20 h


def test_the_result_of_a_lost_hearts_game_with_defenders_marriages() -> None:
    outcome = _stored(
        {
            "end": "played",
            "declarer": 1,
            "kind": "hra",
            "trump": "h",
            "flek": {"hra": 2},
            "marriages": [
                {"seat": 0, "suit": "d", "points": 20, "trick": 3},
                {"seat": 2, "suit": "c", "points": 20, "trick": 5},
            ],
            "points": {
                "declarer": 40,
                "defenders": 90,
                "cards_declarer": 40,
                "cards_defenders": 50,
            },
            "components": [{"name": "hra", "won": False, "flek": 2, "units": -8}],
        },
        [8, -16, 8],
    )
    text = RENDERER.result_text(outcome, NAMES, CS)
    assert "📊 Body: Petr 40 : obrana 50 + hlášky 20 + 20 = 90" in text
    assert "❌ hra (re, v červených ×2): Petr platí každému 0,80 Kč" in text
    assert "💰 Celkem: Petr → Jana 0,80 Kč · Petr → Eva 0,80 Kč" in text


def test_a_thrown_in_game_and_a_free_sedma_say_so() -> None:
    thrown = _stored(
        {
            "end": "thrown_in",
            "declarer": 0,
            "kind": "hra",
            "trump": "c",
            "flek": {"hra": 0},
            "components": [{"name": "hra", "won": True, "flek": 0, "units": 1}],
        },
        [2, -1, -1],
    )
    text = RENDERER.result_text(thrown, NAMES, CS)
    assert "🎯 Jana hlásil(a) hru, trumfy 🌰 žaludy" in text
    assert "hra zahozena, obrana platí hru" in text
    assert "💰 Celkem: Petr → Jana 0,10 Kč · Eva → Jana 0,10 Kč" in text
    free = _stored(
        {
            "end": "free",
            "declarer": 0,
            "kind": "hra",
            "trump": "d",
            "sedma": True,
            "flek": {"hra": 1, "sedma": 0},
            "components": [],
        },
        [0, 0, 0],
    )
    text = RENDERER.result_text(free, NAMES, CS)
    assert "🎯 Jana hlásil(a) sedmu, trumfy 🔔 kule" in text
    assert "zadarmo" in text and "💰 Nikdo nic neplatí." in text


def _edited(before: dict[int, Any], after: dict[int, Any], over: bool) -> set[int]:
    """Seats whose hand message must be edited: changed, or showing buttons (their
    callback data carries the table version, so any action changes them)."""
    return {s for s in after if after[s] != before[s] or (after[s][1] and not over)}


def _stable_part(state: VolenyState) -> tuple[Any, ...]:
    """What a waiting hand shows besides its cards: the contract, trumps and fleks;
    a talon its owner knows (lost when another player takes it); a betl lead laid
    face down (turned up and played by itself when the fleks are over)."""
    p = public_view(state)
    own = tuple((v.talon, v.lead_card) for v in (player_view(state, s) for s in range(state.seats)))
    return (p.kind, p.declarer, p.trump, p.stovka, p.sedma, tuple(p.flek.items()), own)


@pytest.mark.parametrize("player", ["rules", "random"])
def test_an_action_edits_only_the_actor_and_the_next_to_act(player: str) -> None:
    """Today's budget: every action edits the actor's hand and the next actor's;
    everyone else's only when the contract, trumps or fleks change."""
    actions = edits = 0
    chooser = make_player(player, VOLENY.id)
    for deal in range(30):
        rng = random.Random(deal)
        state = VOLENY.new_deal(VOLENY.options({}), 3, deal % 3, seed=deal)
        before = {s: _content(state, s) for s in range(3)}
        while not state.is_over:
            seat = min(state.to_act())
            view = player_view(state, seat)
            action = chooser.choose(view, state.legal_actions(seat), seat, rng)
            following, _ = VOLENY.apply(state, seat, action)
            after = {s: _content(following, s) for s in range(3)}
            edited = _edited(before, after, following.is_over)
            if _stable_part(following) == _stable_part(state) and not following.is_over:
                assert edited <= {seat, *following.to_act()}, (action, edited)
            actions += 1
            edits += len(edited)
            state, before = following, after
    assert edits / actions <= 2.1  # was 2.9 when every action edited every hand


def test_no_hand_or_button_shows_a_card_its_reader_may_not_see() -> None:
    rng = random.Random(3)
    chooser = make_player("random", VOLENY.id)
    options = VOLENY.options({"auto_declare_marriages": False})
    for deal in range(10):
        state = VOLENY.new_deal(options, 3, deal % 3, seed=100 + deal)
        while not state.is_over:
            for seat in range(3):
                view = player_view(state, seat)
                own = {*view.hand, *view.talon, view.lead_card or "", view.own_trump_card or ""}
                public = public_view(state)
                seen = {c for _, c in public.trick} | {c for _, c in public.last_trick}
                seen |= {public.trump_card or "", *public.talon_face_up}
                text, labels = _content(state, seat)
                others = (
                    {c for s in range(3) if s != seat for c in player_view(state, s).hand}
                    - own
                    - seen
                )
                shown = "\n".join([text, *labels])  # one label a line: no made-up hand line
                assert not [c for c in others if shows(shown, c)]
            seat = mover(state)
            action = chooser.choose(player_view(state, seat), state.legal_actions(seat), seat, rng)
            state, _ = VOLENY.apply(state, seat, action)


def test_the_seat_sitting_out_is_told_so_not_promised_a_turn() -> None:
    state = VOLENY.new_deal(VOLENY.options({}), 4, 3, seed=5)  # the dealer sits out
    out = next(s for s in range(4) if s not in public_view(state).active)
    text = RENDERER.hand_text(player_view(state, out), [*NAMES, "Karel"], CS)
    assert "Toto rozdání pauzuješ." in text and "ozvu se" not in text
