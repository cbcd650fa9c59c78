"""Tables of four with one sitting out, and computer players filling seats."""

from __future__ import annotations

from tests.bot.harness import Harness, Player, button, open_table, play_deal, press
from tests.bot.privacy import assert_no_leaks
from tests.fakes import FakeChat, FakeTelegram, FakeUser


async def test_four_players_one_sits_out(
    bot: Harness,
    server: FakeTelegram,
    pub: FakeChat,
    jana: FakeUser,
    petr: FakeUser,
    eva: FakeUser,
) -> None:
    karel = server.add_user(104, "Karel")
    await open_table(bot, pub, [jana, petr, eva, karel], start=False)
    lobby = bot.group_message(pub)
    assert "4. Karel" in lobby.text
    # a fifth player does not fit
    franta = server.add_user(105, "Franta")
    await server.start_dm(franta)
    answer = await press(bot, franta, lobby, button(lobby, "Přisednout"))
    assert answer.text == "Stůl je plný."
    since = len(server.calls)
    await server.send_text(jana, pub, "/start")
    await bot.settle()
    live = bot.table(pub)
    assert live is not None and live.deal is not None
    out = live.variant.sitting_out(live.deal_options, 4, live.deal.dealer)
    assert out == {live.deal.dealer}  # the default rule: the dealer sits out
    resting = next(u for u in (jana, petr, eva, karel) if live.seat_of(u.id) in out)
    assert f"pauzuje {resting.first_name}" in bot.group_message(pub).text
    assert bot.hand_message(resting) is None  # no cards for the one sitting out
    players = [Player(u) for u in (jana, petr, eva, karel) if u is not resting]
    await play_deal(bot, pub, players)
    await assert_no_leaks(bot, pub, [jana, petr, eva, karel], since)
    result = server.bot_messages(pub)[-1].text
    assert "Konec rozdání" in result and resting.first_name in result.split("Průběžně")[1]
    # the next deal rotates the dealer, and so who sits out
    await server.send_text(jana, pub, "/start")
    await bot.settle()
    assert live.deal.dealer == (min(out) + 1) % 4


async def test_computers_fill_seats_and_play_several_deals(
    bot: Harness, server: FakeTelegram, pub: FakeChat, jana: FakeUser
) -> None:
    await server.start_dm(jana)
    await server.send_text(jana, pub, "/new")
    await bot.settle()
    chooser = server.last_message(pub)
    answer = await press(bot, jana, chooser, button(chooser, "Volený"))
    await bot.settle()
    lobby = bot.group_message(pub)
    assert lobby.message_id == chooser.message_id and "1. Jana" in lobby.text
    for _ in range(3):  # one too many: the third is refused as the table is full at 4
        lobby = bot.group_message(pub)
        await press(bot, jana, lobby, button(lobby, "Počítač"))
        await bot.settle()
    lobby = bot.group_message(pub)
    await press(bot, jana, lobby, button(lobby, "➖"))  # back to three
    await bot.settle()
    lobby = bot.group_message(pub)
    assert lobby.text.count("🤖") == 2
    await press(bot, jana, lobby, button(lobby, "Rozdat"))
    live = bot.table(pub)
    assert live is not None
    dealers = []
    for deal in range(3):
        await bot.settle()
        assert live.deal is not None
        dealers.append(live.deal.dealer)
        await play_deal(bot, pub, [Player(jana)])
        result = server.bot_messages(pub)[-1]
        assert f"po {deal + 1}. rozdání" in result.text
        if deal < 2:
            answer = await press(bot, jana, result, button(result, "Další"))
            assert answer.text is None
    assert dealers == [(dealers[0] + i) % 3 for i in range(3)]
    assert len(await bot.services.store.deals.list_deals(live.match.id)) == 3  # type: ignore[union-attr]
    tally = await bot.services.store.scores.tally(pub.id)
    assert [(e.display_name, e.deals_played) for e in tally] == [("Jana", 3)]
    match = live.game_match
    assert match is not None and tally[0].total == match.totals[live.seat_of(jana.id)]
