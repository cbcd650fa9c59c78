"""A match the engine ends: the table finishes, the group gets the standings, /new starts anew.

No registered game ends its match yet (volený and Blázen play on until the
table is stopped; Cenzr and Tisíc will), so the volený variant is given a
match that ends after two deals, counted in wins like a game to a target.
The bot must follow the engine's word without knowing which game it is.
"""

from __future__ import annotations

from typing import Any

import pytest

from games.engine import Outcome
from games.marias.variant import VOLENY
from games.match import Match
from tests.bot.harness import Harness, Player, button, open_table, play_deal, press
from tests.fakes import FakeChat, FakeTelegram, FakeUser

_PLAIN_RECORD = type(VOLENY).record_deal


def _two_deals(match: Match, outcome: Outcome, options: Any) -> Match:
    following = _PLAIN_RECORD(VOLENY, match, outcome, options)
    return following.replace(over=following.deals >= 2)


@pytest.fixture
def short_match(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(VOLENY, "record_deal", _two_deals)
    monkeypatch.setattr(VOLENY, "tally_per", "match")


async def test_the_engine_ends_the_match_and_the_table_finishes(
    short_match: None, bot: Harness, server: FakeTelegram, pub: FakeChat, jana: FakeUser
) -> None:
    live = await open_table(bot, pub, [jana], computers=2)
    first = await play_deal(bot, pub, [Player(jana)])
    assert first > 0
    result = server.bot_messages(pub)[-1]
    assert "Konec partie" not in result.text and "Další" in str(result.buttons)
    await press(bot, jana, result, button(result, "Další"))
    await bot.settle()
    await play_deal(bot, pub, [Player(jana)], may_finish=True)

    final = server.bot_messages(pub)[-1]
    assert "🏆 Konec partie po 2 rozdáních." in final.text
    assert "/new" in final.text and not final.buttons  # nothing left to press
    match = live.game_match
    assert match is not None and match.over and match.deals == 2
    for standing in VOLENY.standings(match, live.deal_options):
        assert f"{standing.place}. {live.names[standing.seat]}" in final.text
    assert "Vyrovnání" in final.text  # volený is played for money: the settlement
    stored = await bot.services.store.tables.get(live.id)
    assert stored is not None and stored.status == "finished"
    assert bot.table(pub) is None and bot.services.timers.pending(live.id) is None

    # the all-time tally counts the match in wins, not its points
    tally = await bot.services.store.scores.tally(pub.id)
    (entry,) = tally
    place = next(s.place for s in VOLENY.standings(match, live.deal_options) if s.seat == 0)
    assert (entry.matches_played, entry.wins, entry.place_sum) == (1, int(place == 1), place)
    await server.send_text(jana, pub, "/score")
    await bot.settle()
    score = server.bot_messages(pub)[-1].text
    assert "z 1 partie" in score and "Teď se nehraje" in score
    # and who won the last match, while no table is open
    assert "🏁 Poslední dohraná partie — Volený mariáš, 2 rozdání:" in score
    for standing in VOLENY.standings(match, live.deal_options):
        assert f"{standing.place}. {live.names[standing.seat]}" in score.split("Poslední")[1]

    # /new opens a new table and with it a new match
    await server.send_text(jana, pub, "/new")
    await bot.settle()
    chooser = server.last_message(pub)
    await press(bot, jana, chooser, button(chooser, "Volený"))
    await bot.settle()
    again = bot.table(pub)
    assert again is not None and again.id != live.id and again.status == "lobby"


async def test_score_shows_the_engine_standings_of_the_running_match(
    bot: Harness, server: FakeTelegram, pub: FakeChat, jana: FakeUser
) -> None:
    live = await open_table(bot, pub, [jana], computers=2)
    await play_deal(bot, pub, [Player(jana)])
    await server.send_text(jana, pub, "/score")
    await bot.settle()
    text = server.bot_messages(pub)[-1].text
    match = live.game_match
    assert match is not None and not match.over
    ranking = VOLENY.standings(match, live.deal_options)
    lines = [f"{s.place}. {live.names[s.seat]}" for s in ranking]
    positions = [text.index(line) for line in lines]
    assert positions == sorted(positions)  # best first, as the engine ranks them
