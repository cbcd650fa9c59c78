"""Bad input changes nothing and gets a clear answer (issue point 8)."""

from __future__ import annotations

from tests.bot.harness import Harness, Player, button, open_table, ops, play_turn, press
from tests.fakes import FakeChat, FakeTelegram, FakeUser


async def log_size(bot: Harness, pub: FakeChat) -> tuple[int, int]:
    live = bot.table(pub)
    assert live is not None and live.deal is not None
    return live.version, len(await bot.services.store.deals.list_actions(live.deal.id))


async def until_public_decision(bot: Harness, pub: FakeChat, players: dict[int, Player]) -> None:
    """Play until a decision waits on the group's table message."""
    for _ in range(20):
        await bot.settle()
        if any(d.op.value == "a" for _, d in ops(bot.group_message(pub))):
            return
        assert await play_turn(bot, pub, players)
    raise AssertionError("no public decision came up")


async def test_wrong_player_stale_and_forged_presses_change_nothing(
    bot: Harness,
    server: FakeTelegram,
    pub: FakeChat,
    jana: FakeUser,
    petr: FakeUser,
    eva: FakeUser,
) -> None:
    live = await open_table(bot, pub, [jana, petr, eva])
    players = {live.seat_of(u.id): Player(u) for u in (jana, petr, eva)}
    await until_public_decision(bot, pub, players)  # type: ignore[arg-type]
    table = bot.group_message(pub)
    to_act = min(live.state.to_act())
    wrong = next(p.user for s, p in players.items() if s != to_act)
    public = next(d.encode() for _, d in ops(table) if d.op.value == "a")
    before = await log_size(bot, pub)

    answer = await press(bot, wrong, table, public)  # a player, but not to act
    assert answer.text == "Teď nejsi na tahu."
    stranger = server.add_user(200, "Kibic")
    answer = await press(bot, stranger, table, public)  # not at the table at all
    assert answer.text == "U tohoto stolu nehraješ."

    version = live.version
    old = f"{live.id}|{version - 1}|a|dobra"  # drawn for an earlier version
    query = await server.press(players[to_act].user, table, old, forge=True)
    assert (
        await server.wait_answer(query)
    ).text == "Stůl se mezitím změnil — použij nová tlačítka."

    for forged in (
        "hello",
        f"{live.id}|{version}|zz|",
        f"{live.id}|{version}|a|play:Zz",
        f"{live.id}|{version}|a|<script>",
        f"{live.id}|{version}|a|" + "x" * 60,
    ):
        query = await server.press(players[to_act].user, table, forged, forge=True)
        answer = await server.wait_answer(query)
        assert (answer.text, answer.show_alert) == ("Tohle tlačítko neznám.", True), forged
    query = await server.press(jana, table, f"999|{version}|j|", forge=True)
    assert (await server.wait_answer(query)).text == "Tento stůl už je zavřený."
    # a group's button pressed from a direct chat, or from another group
    hand = bot.hand_message(jana)
    assert hand is not None
    query = await server.press(jana, hand, f"{live.id}|{version}|x!|", forge=True)
    assert (await server.wait_answer(query)).text == "Tohle tlačítko neznám."
    other = server.add_group(-100999, "Jiná hospoda")
    await server.send_text(jana, other, "/help")
    await bot.settle()
    query = await server.press(
        jana, server.last_message(other), f"{live.id}|{version}|x!|", forge=True
    )
    assert (await server.wait_answer(query)).text == "Tohle tlačítko neznám."
    await bot.settle()
    assert await log_size(bot, pub) == before
    assert bot.table(pub) is live and live.status == "playing"


async def test_commands_in_the_wrong_place_and_twice(
    bot: Harness, server: FakeTelegram, pub: FakeChat, jana: FakeUser, petr: FakeUser
) -> None:
    await server.start_dm(jana)
    await server.send_text(jana, jana, "/new mariáš")
    await bot.settle()
    assert "funguje ve skupině" in server.last_message(jana).text
    await server.send_text(jana, pub, "/hand")
    await server.send_text(jana, pub, "/start")
    await bot.settle()
    texts = [m.text for m in server.bot_messages(pub)]
    assert "v soukromém chatu" in texts[-2] and "není otevřený stůl" in texts[-1]
    await server.send_text(jana, pub, "/new šachy")
    await server.send_text(jana, pub, "/lang de")
    await server.send_text(jana, pub, "/foo")
    await server.send_text(jana, pub, "/foo@other_bot")  # meant for another bot: no answer
    await bot.settle()
    texts = [m.text for m in server.bot_messages(pub)][-3:]
    assert "šachy" in texts[0] and "Volený mariáš" in texts[0]
    assert texts[1] == "Použití: /lang cs | en"
    assert "/foo" in texts[2] and "/help" in texts[2]

    live = await open_table(bot, pub, [jana], computers=2, start=False)
    await server.send_text(jana, pub, "/new mariáš")
    await server.send_text(jana, pub, "/join")
    await bot.settle()
    texts = [m.text for m in server.bot_messages(pub)][-2:]
    assert texts == [
        "Tady už je otevřený stůl. Zavřít ho jde příkazem /stop.",
        "U stolu už sedíš.",
    ]
    lobby = bot.group_message(pub)
    answer = await press(bot, jana, lobby, button(lobby, "Přisednout"))
    assert answer.text == "U stolu už sedíš."
    await server.start_dm(petr)
    await press(bot, jana, lobby, button(lobby, "Počítač"))  # the fourth and last seat
    await bot.settle()
    lobby = bot.group_message(pub)
    answer = await press(bot, petr, lobby, button(lobby, "Přisednout"))
    assert answer.text == "Stůl je plný."
    await press(bot, jana, lobby, button(lobby, "➖"))  # back to three: Jana always plays
    await server.send_text(jana, pub, "/start")
    await bot.settle()
    assert live.in_deal
    version = live.version
    await server.send_text(jana, pub, "/start")
    await bot.settle()
    assert server.last_message(pub).text == "Rozdání už běží."
    assert live.version == version and live.deal is not None and live.deal.deal_no == 0
