"""/help, /rules, /lang, /settings, /stop and the command menu."""

from __future__ import annotations

from tests.bot.harness import Harness, Player, button, open_table, ops, play_deal, press
from tests.fakes import FakeChat, FakeTelegram, FakeUser


async def test_commands_are_registered_in_czech_and_english(
    bot: Harness, server: FakeTelegram
) -> None:
    commands = server.world.commands
    group = [v for k, v in commands.items() if "all_group_chats" in k[0]]
    assert len(group) == 3  # default, cs, en
    by_lang = {k[1]: v for k, v in commands.items() if "all_group_chats" in k[0]}
    assert {c["command"] for c in by_lang["cs"]} >= {
        "new",
        "join",
        "leave",
        "start",
        "score",
        "stop",
        "rules",
        "settings",
        "lang",
        "help",
    }
    assert by_lang["cs"][0]["description"].startswith("Otevřít")
    assert by_lang["en"][0]["description"].startswith("Open")
    private = {k[1]: v for k, v in commands.items() if "all_private_chats" in k[0]}
    assert {c["command"] for c in private["en"]} == {"start", "hand", "rules", "help"}


async def test_help_rules_and_language(
    bot: Harness, server: FakeTelegram, pub: FakeChat, jana: FakeUser, eva: FakeUser
) -> None:
    await server.send_text(jana, pub, "/help")
    await server.send_text(jana, pub, "/rules mariáš")
    await bot.settle()
    help_text, rules = (m.text for m in server.bot_messages(pub)[-2:])
    assert "/new" in help_text and "Volený mariáš" in help_text
    assert "Forhont" in rules and "flek" in rules
    await server.send_text(jana, pub, "/lang en")
    await server.send_text(jana, pub, "/help")
    await server.send_text(jana, pub, "/new marias")
    await bot.settle()
    texts = [m.text for m in server.bot_messages(pub)[-3:]]
    # the table's own message goes first; command replies queue behind it
    assert "Group language: English." in texts
    assert any("open a table" in t for t in texts)
    assert "new table" in bot.group_message(pub).text
    # direct chats follow the user's Telegram language: Eva's is English, Jana's Czech
    await server.start_dm(eva)
    await server.start_dm(jana)
    await bot.settle()
    assert server.last_message(eva).text.startswith("Hello, Eva!")
    assert server.last_message(jana).text.startswith("Ahoj, Jana!")
    await server.send_text(jana, pub, "/lang cs")
    await bot.settle()
    assert "nový stůl" in bot.group_message(pub).text  # the live table follows the chat


async def test_settings_change_house_rules_before_the_start(
    bot: Harness, server: FakeTelegram, pub: FakeChat, jana: FakeUser, petr: FakeUser
) -> None:
    live = await open_table(bot, pub, [jana, petr], computers=1, start=False)
    await server.send_text(petr, pub, "/settings")  # not the creator, not an admin
    await bot.settle()
    assert server.last_message(pub).text.startswith("To smí jen zakladatel")
    await server.send_text(jana, pub, "/settings")
    await bot.settle()
    menu = bot.group_message(pub)
    assert "pravidla stolu" in menu.text
    labels = [t for t, _ in ops(menu)]
    assert any(t.startswith("Červené platí dvojnásob: ano") for t in labels)
    answer = await press(bot, jana, menu, button(menu, "Červené platí dvojnásob"))
    assert answer.text == "Červené platí dvojnásob: ne"
    await bot.settle()
    answer = await press(
        bot, petr, bot.group_message(pub), button(bot.group_message(pub), "Jednotka")
    )
    assert answer.text.startswith("To smí jen")
    menu = bot.group_message(pub)
    await press(bot, jana, menu, button(menu, "Jednotka"))
    await bot.settle()
    await press(bot, jana, bot.group_message(pub), button(bot.group_message(pub), "Zpět"))
    await bot.settle()
    lobby = bot.group_message(pub)
    assert "Červené platí dvojnásob: ne" in lobby.text and "Jednotka: 20 h" in lobby.text
    assert live.deal_options.hearts_double is False and live.deal_options.unit_haler == 20
    await server.send_text(jana, pub, "/start")
    await bot.settle()
    await server.send_text(jana, pub, "/settings")
    await bot.settle()
    assert server.last_message(pub).text == "Hra už běží."
    stored = await bot.services.store.matches.current_match(live.id)
    assert stored is not None and stored.options["hearts_double"] is False


async def test_stop_needs_the_creator_or_an_admin_and_a_confirmation(
    bot: Harness, server: FakeTelegram, pub: FakeChat, jana: FakeUser, petr: FakeUser
) -> None:
    live = await open_table(bot, pub, [petr, jana], computers=1)  # Petr opened it
    table = bot.group_message(pub)
    karel = server.add_user(104, "Karel")
    await server.send_text(karel, pub, "/stop")
    await bot.settle()
    assert server.last_message(pub).text.startswith("To smí jen")
    await server.send_text(jana, pub, "/stop")  # an admin of the group
    await bot.settle()
    confirm = server.last_message(pub)
    assert "Opravdu" in confirm.text
    answer = await press(bot, karel, confirm, button(confirm, "Ano"))
    assert answer.text.startswith("To smí jen")
    answer = await press(bot, jana, confirm, button(confirm, "Ne"))
    await bot.settle()
    assert bot.table(pub) is live and confirm.text == "Hrajeme dál."
    await server.send_text(petr, pub, "/stop")  # the creator
    await bot.settle()
    confirm = server.last_message(pub)
    await press(bot, petr, confirm, button(confirm, "Ano"))
    await bot.settle()
    assert bot.table(pub) is None
    assert table.text == "⏹ Stůl je zavřený." and table.buttons == []
    assert "Petr zavřel(a) stůl" in confirm.text
    stored = await bot.services.store.tables.get(live.id)
    assert stored is not None and stored.status == "stopped"
    assert await bot.services.store.deadlines.get(live.id) is None
    # the chat is free for a new table; old buttons say the table is gone
    query = await server.press(jana, table, f"{live.id}|{live.version}|j|", forge=True)
    assert (await server.wait_answer(query)).text == "Tento stůl už je zavřený."
    await server.send_text(jana, pub, "/new mariáš")
    await bot.settle()
    assert bot.table(pub) is not None


async def test_leaving_mid_match_hands_the_seat_to_a_computer(
    bot: Harness, server: FakeTelegram, pub: FakeChat, jana: FakeUser, petr: FakeUser
) -> None:
    live = await open_table(bot, pub, [jana, petr], computers=1)
    await server.send_text(petr, pub, "/leave")
    await bot.settle()
    assert "Petr odchází" in server.last_message(pub).text
    assert live.row.seats[1].kind == "computer" and live.seat_of(petr.id) is None
    assert "Petr odešel" in bot.group_message(pub).text
    await play_deal(bot, pub, [Player(jana)])
    assert "Konec rozdání" in server.bot_messages(pub)[-1].text
