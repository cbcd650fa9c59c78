"""The level of the computer players in /settings, and the think time of a strong player.

The level's choices come from the game's registration (``rules`` and
``strong`` where it has both), its default from the game's
``default_player`` unless the operator sets ``KARBAN_COMPUTER_LEVEL``; a
strong player's search is cut off after ``KARBAN_THINK_SECONDS``.
"""

from __future__ import annotations

import random
import time
from dataclasses import replace
from typing import Any

import pytest

import bot.live as bot_live
import bot.thinking
from bot.config import ConfigError, Settings
from bot.live import TableError
from bot.thinking import FALLBACK, decide
from games.registry import REGISTRY, Registration, find_variant, registration
from games.strong.budget import Budget, never
from tests.bot.harness import Harness, Player, button, open_table, ops, play_deal, press
from tests.fakes import FakeChat, FakeTelegram, FakeUser

TOKEN = "123456:" + "A" * 35
STALE = "Stůl se mezitím změnil — použij nová tlačítka."
SHOWN = [r for r in REGISTRY if r.renderer is not None]


def _labels(message: Any) -> list[str]:
    return [text for text, _ in ops(message)]


async def test_a_volený_table_chooses_the_level_of_its_computers(
    bot: Harness,
    server: FakeTelegram,
    pub: FakeChat,
    jana: FakeUser,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    await bot.restart(computer_level=None)  # the operator leaves it to each game
    assert registration("marias-voleny").default_player == "strong"
    live = await open_table(bot, pub, [jana], computers=2, start=False)
    driver = bot.services.driver
    assert driver.level(live) == "strong"
    assert "Pravidla: výchozí" in bot.group_message(pub).text  # the default is not a change
    await server.send_text(jana, pub, "/settings")
    await bot.settle()
    menu = bot.group_message(pub)
    assert "Počítač: silný" in _labels(menu)
    drawn = button(menu, "Počítač:")
    answer = await press(bot, jana, menu, drawn)
    assert answer.text == "Počítač: podle pravidel"
    await bot.settle()
    assert "Počítač: podle pravidel" in _labels(bot.group_message(pub))
    assert live.bot_options == {"level": "rules"} and driver.level(live) == "rules"
    # the button drawn before the change is refused, and changes nothing
    query = await server.press(jana, menu, drawn, forge=True)
    assert (await server.wait_answer(query)).text == STALE
    assert driver.level(live) == "rules"
    await press(bot, jana, bot.group_message(pub), button(bot.group_message(pub), "Zpět"))
    await bot.settle()
    assert "Počítač: podle pravidel" in bot.group_message(pub).text  # the lobby says so
    # the deal is played by the rule player
    kinds: list[str] = []
    choose = driver.thinker.choose

    async def spy(variant_id: str, kind: str, *args: Any) -> str:
        kinds.append(kind)
        return await choose(variant_id, kind, *args)

    monkeypatch.setattr(driver.thinker, "choose", spy)
    await server.send_text(jana, pub, "/start")
    await play_deal(bot, pub, [Player(jana)])
    assert kinds and set(kinds) == {"rules"}


@pytest.mark.parametrize(("game", "computers"), [("mariáš", 2), ("blazen", 1)])
async def test_strong_computers_play_a_whole_deal_at_the_table(
    bot: Harness,
    pub: FakeChat,
    jana: FakeUser,
    monkeypatch: pytest.MonkeyPatch,
    game: str,
    computers: int,
) -> None:
    """At the game's default level the strong players take every computer move of a
    deal over the fake Bot API, within the think time, and the deal ends."""
    await bot.restart(computer_level=None, think_seconds=0.3)
    live = await open_table(bot, pub, [jana], computers=computers, start=False, game=game)
    driver = bot.services.driver
    assert driver.level(live) == "strong"
    kinds: list[str] = []
    choose = driver.thinker.choose

    async def spy(variant_id: str, kind: str, *args: Any) -> str:
        kinds.append(kind)
        return await choose(variant_id, kind, *args)

    monkeypatch.setattr(driver.thinker, "choose", spy)
    await bot.server.send_text(jana, pub, "/start")
    await play_deal(bot, pub, [Player(jana)], may_finish=True)
    assert kinds and set(kinds) == {"strong"}
    assert live.outcome is not None or live.state is None or live.state.is_over


async def test_the_level_cycles_back_to_the_default_and_the_lobby_stops_naming_it(
    bot: Harness, server: FakeTelegram, pub: FakeChat, jana: FakeUser
) -> None:
    await bot.restart(computer_level=None)
    live = await open_table(bot, pub, [jana], computers=2, start=False)
    await server.send_text(jana, pub, "/settings")
    await bot.settle()
    for said in ("Počítač: podle pravidel", "Počítač: silný"):
        menu = bot.group_message(pub)
        assert (await press(bot, jana, menu, button(menu, "Počítač:"))).text == said
        await bot.settle()
    assert bot.services.driver.level(live) == "strong"
    menu = bot.group_message(pub)
    await press(bot, jana, menu, button(menu, "Zpět"))
    await bot.settle()
    lobby = bot.group_message(pub).text
    assert "Pravidla: výchozí" in lobby and "Počítač" not in lobby


async def test_the_operators_level_is_the_default_of_every_table(
    bot: Harness, server: FakeTelegram, pub: FakeChat, jana: FakeUser
) -> None:
    """The harness sets ``KARBAN_COMPUTER_LEVEL=rules``: volený starts there too."""
    live = await open_table(bot, pub, [jana], computers=2, start=False)
    assert bot.services.driver.level(live) == "rules"
    await server.send_text(jana, pub, "/settings")
    await bot.settle()
    assert "Počítač: podle pravidel" in _labels(bot.group_message(pub))


@pytest.mark.parametrize("entry", SHOWN, ids=[r.variant.id for r in SHOWN])
async def test_only_a_game_with_a_choice_of_players_shows_the_level(
    bot: Harness, server: FakeTelegram, pub: FakeChat, jana: FakeUser, entry: Registration
) -> None:
    await bot.restart(computer_level=None)
    await server.start_dm(jana)
    await server.send_text(jana, pub, f"/new {entry.variant.id}")
    await bot.settle()
    live = bot.table(pub)
    assert live is not None and live.variant.id == entry.variant.id
    await server.send_text(jana, pub, "/settings")
    await bot.settle()
    rows = [t for t in _labels(bot.group_message(pub)) if t.startswith("Počítač:")]
    offered = {"rules", "strong"} <= set(entry.players)
    said = {"strong": "silný", "rules": "podle pravidel"}[entry.default_player]
    assert rows == ([f"Počítač: {said}"] if offered else []), rows  # the game's default
    assert bot.services.driver.level(live) == entry.default_player
    if not offered:  # not even a hand-made press can set a level the game has not got
        with pytest.raises(TableError, match="bad_option"):
            await bot.services.tables.set_option(live, "level", "strong", None)


async def test_a_game_without_a_strong_player_shows_no_level_row(
    bot: Harness,
    server: FakeTelegram,
    pub: FakeChat,
    jana: FakeUser,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Whatever the registry holds today (games gain strong players): Tisíc as
    registered before it had one. The bot reads the registration, not the game."""
    real = registration

    def without_strong(variant_id: str) -> Registration:
        entry = real(variant_id)
        players = {k: v for k, v in entry.players.items() if k != "strong"}
        return replace(entry, players=players, default_player="rules")

    monkeypatch.setattr(bot_live, "registration", without_strong)
    await bot.restart(computer_level=None)
    await server.start_dm(jana)
    await server.send_text(jana, pub, "/new tisíc")
    await bot.settle()
    live = bot.table(pub)
    assert live is not None and live.variant.id == "tisic"
    await server.send_text(jana, pub, "/settings")
    await bot.settle()
    labels = _labels(bot.group_message(pub))
    assert any(t.startswith("Čas na tah") for t in labels)
    assert not any(t.startswith("Počítač") for t in labels), labels
    assert bot.services.driver.level(live) == "rules"
    with pytest.raises(TableError, match="bad_option"):
        await bot.services.tables.set_option(live, "level", "strong", None)


# -- the think time -----------------------------------------------------------------------


def _positions(count: int) -> list[tuple[Any, list[str], int]]:
    """Volený decisions from seeded random play: (view, legal codes, seat)."""
    variant = find_variant("marias-voleny")
    rng = random.Random(7)
    found: list[tuple[Any, list[str], int]] = []
    for seed in range(100):
        state = variant.new_deal(variant.options(), 3, {"dealer": 0}, seed=seed)
        while not state.is_over and len(found) < count:
            seat = min(state.to_act())
            legal = list(state.legal_actions(seat))
            found.append((state.view(seat), [a.code for a in legal], seat))
            state, _ = variant.apply(state, seat, rng.choice(legal))
        if len(found) >= count:
            break
    return found


def _searching_position() -> tuple[Any, list[str], int]:
    """A volený decision the strong player searches: the play, six cards or fewer, a choice."""
    for view, codes, seat in _positions(400):
        plays = [c for c in codes if c.startswith(("play:", "hlas:"))]
        if (
            view.public.phase == "play"
            and view.public.declarer is not None
            and len(view.hand) <= 6
            and len(plays) >= 2
        ):
            return view, codes, seat
    raise AssertionError("no position the strong player searches")


def test_a_strong_players_search_stops_after_the_think_time(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # a budget that would take minutes: only the wall clock can end the decision soon
    huge = Budget(samples=1_000_000, nodes=10**12)
    player: Any = registration("marias-voleny").player("strong")
    player.budget = huge
    monkeypatch.setitem(bot.thinking._PLAYERS, ("marias-voleny", "strong"), player)
    view, codes, seat = _searching_position()
    started = time.monotonic()
    code = decide("marias-voleny", "strong", view, codes, seat, 11, 0.0)
    assert code in codes and time.monotonic() - started < 5.0
    assert player.budget is huge and player.budget.stop is never  # this decision only


def test_a_player_without_a_budget_decides_as_before() -> None:
    view, codes, seat = _positions(1)[0]
    assert decide("marias-voleny", FALLBACK, view, codes, seat, 4, 0.0) == decide(
        "marias-voleny", FALLBACK, view, codes, seat, 4
    )


# -- the settings -------------------------------------------------------------------------


def test_the_level_and_the_think_time_from_the_environment() -> None:
    plain = Settings.from_env({"TELEGRAM_BOT_TOKEN": TOKEN})
    assert (plain.computer_level, plain.think_seconds) == (None, 1.0)
    custom = Settings.from_env(
        {
            "TELEGRAM_BOT_TOKEN": TOKEN,
            "KARBAN_COMPUTER_LEVEL": "rules",
            "KARBAN_THINK_SECONDS": "2.5",
        }
    )
    assert (custom.computer_level, custom.think_seconds) == ("rules", 2.5)
    with pytest.raises(ConfigError, match="KARBAN_COMPUTER_LEVEL"):
        Settings.from_env({"TELEGRAM_BOT_TOKEN": TOKEN, "KARBAN_COMPUTER_LEVEL": "genius"})
    with pytest.raises(ConfigError, match="KARBAN_THINK_SECONDS"):
        Settings.from_env({"TELEGRAM_BOT_TOKEN": TOKEN, "KARBAN_THINK_SECONDS": "soon"})
    with pytest.raises(ConfigError, match="less than KARBAN_COMPUTER_CAP"):
        # the rule player would decide at the cap, before the search could end
        Settings.from_env({"TELEGRAM_BOT_TOKEN": TOKEN, "KARBAN_THINK_SECONDS": "10"})
