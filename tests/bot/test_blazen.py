"""Blázen end to end over the fake Bot API: lobby rules, whole games, transfers,
takes with throw-ins, a silent thrower's deadline, bad presses, privacy, limits."""

from __future__ import annotations

import pytest

from tests.bot.blazen_helpers import (
    LeakWatch,
    deal,
    due_humans,
    hand_options,
    open_blazen,
    play_game,
    press_label,
)
from tests.bot.harness import Harness, button, ops, press, wait_until
from tests.bot.test_limits import group_ops
from tests.fakes import FakeChat, FakeTelegram, FakeUser, Limits

TAKE_DEAL = deal(["6h 7s 7d Kd Qs 8c", "8s 9s Jc Ad 6s Tc", "7c 9d Td Jd Qd Ks"], "9h")
"""Jana holds the lowest trump (♥6) and attacks Petr; she (♦7) and the third
seat (♣7) hold a seven to throw in."""
PICK_DEAL = deal(["6h 7s 7d Kd Qs 8c", "Kh 8s 9s Jc Ad 6s", "7c 9d Td Jd Qd Ks"], "9h")
"""Petr's trump ♥K covers either of Jana's sevens; his other cards only one."""
TRANSFER_DEAL = deal(["6h 7s Kd Qs 8c 9c", "7c 8s 9s Jc Ad 6s", "7d 9d Td Jd Qd Ks"], "9h")
"""Jana attacks Petr with ♠7; Petr can pass it on to the third seat with ♣7,
and that seat on to Jana with ♦7."""


async def test_new_game_settings_full_game_result_and_fool_tally(
    bot: Harness, server: FakeTelegram, pub: FakeChat, jana: FakeUser, petr: FakeUser
) -> None:
    await server.send_text(jana, pub, "/help")
    await server.send_text(jana, pub, "/rules blázen")
    await bot.settle()
    help_text, rules = (m.text for m in server.bot_messages(pub)[-2:])
    assert "Blázen (/new blazen)" in help_text and "Volený mariáš" in help_text
    assert "Beru" in rules and "blázen" in rules and "přihazovat" in rules
    live = await open_blazen(bot, pub, [jana, petr], computers=1, start=False)
    lobby = bot.group_message(pub)
    assert "Blázen" in lobby.text and "1. Jana" in lobby.text and "3. 🤖" in lobby.text
    assert "potřeba 2–6" in lobby.text
    await server.send_text(jana, pub, "/settings")
    await bot.settle()
    menu = bot.group_message(pub)
    labels = [t for t, _ in ops(menu)]
    assert labels[:3] == ["Balíček: 36 karet", "Hra: vhazovací", "Týmy: každý sám"]
    for wanted in ("52", "54", "24"):  # the deck cycles through the sizes
        answer = await press(bot, jana, menu, button(menu, "Balíček"))
        assert answer.text == f"Balíček: {wanted} karet"
        await bot.settle()
        menu = bot.group_message(pub)
    for wanted in ("2 na 2 (1.+3. × 2.+4.)", "1 na 2 (1. × 2.+3.)", "každý sám"):
        answer = await press(bot, jana, menu, button(menu, "Týmy"))  # 3 on 3 needs 36 cards
        assert answer.text == f"Týmy: {wanted}"
        await bot.settle()
        menu = bot.group_message(pub)
    answer = await press(bot, petr, menu, button(menu, "Hra:"))  # not the creator
    assert answer.text is not None and answer.text.startswith("To smí jen")
    answer = await press(bot, jana, menu, button(menu, "Hra:"))
    assert answer.text == "Hra: přestupový (převádění)"
    await bot.settle()
    menu = bot.group_message(pub)
    await press(bot, jana, menu, button(menu, "Zpět"))
    await bot.settle()
    lobby = bot.group_message(pub)
    assert "Balíček: 24 karet" in lobby.text and "Hra: přestupový" in lobby.text
    assert "potřeba 2–4" in lobby.text  # 24 cards seat four at most
    watch = LeakWatch(bot, pub, [jana, petr])
    await press(bot, jana, lobby, button(lobby, "Rozdat"))
    await bot.settle()
    assert live.deal_options.deck_size == 24 and live.deal_options.perevodnoy
    table = bot.group_message(pub)
    assert "Trumf" in table.text and "v balíčku 6" in table.text and "Na tahu" in table.text
    presses = await play_game(bot, pub, [jana, petr], after=watch.check)
    watch.check()
    assert presses > 5 and watch.checked > 50
    assert live.outcome is not None
    summary = live.outcome["summary"]
    result = server.bot_messages(pub)[-1].text
    assert "Konec hry" in result
    if summary["end"] == "fool":
        fool = live.names[summary["fool"]]
        assert f"Blázen: {fool}" in result
    else:
        assert "Remíza" in result
    assert "Průběžně po 1. hře" in result and "× blázen" in result
    await server.send_text(petr, pub, "/score")
    await bot.settle()
    score = server.last_message(pub).text
    assert "Blázen: odehrána 1 hra" in score  # "odehrána 1 hra" once screens say hry
    tally = summary["losers"]
    for user in (jana, petr):
        seat = live.seat_of(user.id)
        fools = 1 if seat in tally else 0
        assert f"{user.first_name} {fools}× blázen" in score
    ranking = score.split("Celkem v této skupině")[1]
    assert ranking.index("0× blázen") < ranking.index("1× blázen")  # fewest fools first
    # the next game: the fool deals and his left neighbour attacks (§4.1, §5)
    finished = server.bot_messages(pub)[-2]
    await press(bot, petr, finished, button(finished, "Další"))
    await bot.settle()
    assert live.deal is not None and live.deal.deal_no == 1
    assert live.deal.dealer == summary["next_dealer"]
    opener = summary["next_attacker"]
    if opener is not None:
        assert live.state.fixed_attacker == opener and live.state.opener == opener
        # dealt once from a seed; who attacks first is the deal's setup
        assert live.deal.seed is not None and live.deal.cards is None
        assert live.deal.setup == {"dealer": live.deal.dealer, "opener": opener}
    before = live.state
    await bot.restart()
    again = bot.table(pub)
    assert again is not None and again is not live and again.state == before


async def test_a_take_with_throw_ins_after_it(
    bot: Harness,
    server: FakeTelegram,
    pub: FakeChat,
    jana: FakeUser,
    petr: FakeUser,
    eva: FakeUser,
) -> None:
    live = await open_blazen(bot, pub, [jana, petr, eva], cards=TAKE_DEAL)
    watch = LeakWatch(bot, pub, [jana, petr, eva])
    table = bot.group_message(pub)
    assert "Začíná Jana, má nejnižší trumf ♥6." in table.text
    assert "Útočí Jana, brání Petr" in table.text and "Na tahu: Jana — útočí" in table.text
    message, options = hand_options(bot, jana)
    assert "Útočíš" in message.text
    assert [t for t, _ in options if t.startswith("⚔️") and " " in t[3:]] == ["⚔️ ♦7 ♠7"]
    await press_label(bot, jana, "⚔️ ♠7")
    message, options = hand_options(bot, petr)
    assert "Bráníš se" in message.text and "Na stole: ♠7" in message.text
    assert {t for t, _ in options} == {"🛡 ♠7 ← ♠8", "🛡 ♠7 ← ♠9", "🫳 Beru"}
    await press_label(bot, petr, "🫳 Beru")
    # one more round of throw-ins before the pick-up: Jana first, then Eva
    table = bot.group_message(pub)
    assert "Petr bere" in table.text and "Na tahu: Jana — může ještě přihodit" in table.text
    message, options = hand_options(bot, jana)
    assert "Petr bere." in message.text
    assert {t for t, _ in options} == {"➕ ♦7", "✋ Nepřihodím"}
    assert hand_options(bot, eva)[1] == []  # not her turn yet
    await press_label(bot, jana, "➕ ♦7")
    message, options = hand_options(bot, eva)  # Eva reads English
    assert "Petr takes." in message.text and "On the table: ♠7 · ♦7" in message.text
    assert {t for t, _ in options} == {"➕ ♣7", "✋ Nothing to add"}
    await press_label(bot, eva, "➕ ♣7")
    # nobody is left to ask: Petr picks everything up, and Eva (on his left) attacks
    logged = [(a.seat, a.code) for a in await bot.services.store.deals.list_actions(live.deal.id)]  # type: ignore[union-attr]
    assert logged == [(0, "attack:7s"), (1, "take"), (0, "throw:7d"), (2, "throw:7c")]
    message, _ = hand_options(bot, petr)
    assert "Tvoje karty (9)" in message.text and "♠ 9 8 7 6" in message.text
    table = bot.group_message(pub)
    assert "Minule: Petr bral(a) ♠7 · ♦7 · ♣7" in table.text
    assert "Útočí Eva, brání Jana" in table.text  # who took loses his turn to attack
    assert "Karty: Jana 6 · Petr 9 · Eva 6" in table.text
    watch.check()


async def test_a_transfer_by_button(
    bot: Harness,
    server: FakeTelegram,
    pub: FakeChat,
    jana: FakeUser,
    petr: FakeUser,
    eva: FakeUser,
) -> None:
    live = await open_blazen(
        bot, pub, [jana, petr, eva], options={"variant": "perevodnoy"}, cards=TRANSFER_DEAL
    )
    await press_label(bot, jana, "⚔️ ♠7")
    message, options = hand_options(bot, petr)
    assert "převeď útok" in message.text
    assert {t for t, _ in options} == {"↪️ ♣7", "🫳 Beru", "🛡 ♠7 ← ♠8", "🛡 ♠7 ← ♠9"}
    await press_label(bot, petr, "↪️ ♣7")
    table = bot.group_message(pub)
    assert "Útočí Jana, brání Eva" in table.text and "Na stole: ♠7 · ♣7" in table.text
    assert "Na tahu: Eva — brání se" in table.text
    message, options = hand_options(bot, eva)
    assert "You defend" in message.text and "pass the attack on" in message.text
    # Eva may pass it on again with ♦7: Jana then holds 5 cards, enough for three
    assert "↪️ ♦7" in {t for t, _ in options}
    await press_label(bot, eva, "↪️ ♦7")
    table = bot.group_message(pub)
    assert "Útok se vrátil: brání Jana" in table.text and "Na stole: ♠7 · ♣7 · ♦7" in table.text
    logged = [(a.seat, a.code) for a in await bot.services.store.deals.list_actions(live.deal.id)]  # type: ignore[union-attr]
    assert logged == [(0, "attack:7s"), (1, "transfer:7c"), (2, "transfer:7d")]
    message, options = hand_options(bot, jana)  # no seven left: cover all three, or take
    assert not [t for t, _ in options if t.startswith("↪️")] and "🫳 Beru" in dict(options)


async def test_a_silent_thrower_is_passed_for_after_a_short_deadline(
    bot: Harness, server: FakeTelegram, pub: FakeChat, jana: FakeUser, petr: FakeUser
) -> None:
    await bot.restart(turn_timeout=3.0)
    live = await open_blazen(bot, pub, [jana, petr], computers=1, cards=TAKE_DEAL)
    await press_label(bot, jana, "⚔️ ♠7")
    await press_label(bot, petr, "🛡 ♠7 ← ♠8")
    # all is covered: Jana may throw in first (she holds ♦7 and ♣8) and stays silent
    assert due_humans(live) == [0] and live.state.phase == "throw"
    assert "Na tahu: Jana — může přihodit" in bot.group_message(pub).text
    assert bot.services.driver.timeout(live, [0]) == pytest.approx(1.0)  # a third of 3 s
    deadline = bot.services.timers.pending(live.id)
    assert deadline is not None and (deadline.seat, deadline.kind) == (0, "reminder")
    version = live.version
    await wait_until(lambda: live.version > version, timeout=5)
    logged = await bot.services.store.deals.list_actions(live.deal.id)  # type: ignore[union-attr]
    assert [(a.seat, a.code, a.source) for a in logged[2:3]] == [(0, "pass", "timeout")]

    # the reminder came, and went with the turn it was about
    def reminded(user: FakeUser) -> bool:
        sends = server.requests("sendMessage", chat=user)
        return any("⏰" in str(c.params.get("text", "")) for c in sends)

    assert reminded(jana) and not reminded(petr)
    await bot.settle()  # the deletion is sent after the timed-out action is stored
    assert not any("⏰" in m.text for m in server.bot_messages(jana))
    assert "⏱ Jana nestihl(a) tah, počítač za něj/ni: pas." in bot.group_message(pub).text
    # the next in the priority order, the computer (it holds ♣7), was asked at once
    logged = await bot.services.store.deals.list_actions(live.deal.id)  # type: ignore[union-attr]
    assert logged[3].seat == 2 and logged[3].source == "computer"
    await play_game(bot, pub, [jana, petr])
    assert "Konec hry" in server.bot_messages(pub)[-1].text


async def test_wrong_player_stale_and_illegal_presses_change_nothing(
    bot: Harness, server: FakeTelegram, pub: FakeChat, jana: FakeUser, petr: FakeUser
) -> None:
    live = await open_blazen(bot, pub, [jana, petr], computers=1, cards=TAKE_DEAL)
    old_hand, options = hand_options(bot, jana)
    old = next(d for t, d in options if t == "⚔️ ♠7").encode()
    await press_label(bot, jana, "⚔️ ♠7")
    before = (live.version, len(await bot.services.store.deals.list_actions(live.deal.id)))  # type: ignore[union-attr]
    version = live.version

    async def answer(user: FakeUser, data: str) -> str | None:
        message = bot.hand_message(user)
        assert message is not None
        query = await server.press(user, message, data, forge=True)
        return (await server.wait_answer(query)).text

    assert await answer(jana, old) == "Stůl se mezitím změnil — použij nová tlačítka."
    assert await answer(jana, f"{live.id}|{version}|a|take") == "Teď nejsi na tahu."
    assert await answer(jana, f"{live.id}|{version}|p|Kd") == "Teď nejsi na tahu."
    assert await answer(petr, f"{live.id}|{version}|a|beat:0:6s") == "Tou kartou to nepřebiješ."
    assert await answer(petr, f"{live.id}|{version}|a|beat:0:Kh") == "Tu kartu nemáš."
    assert await answer(petr, f"{live.id}|{version}|a|throw:8s") == "Teď nejsi na tahu."
    assert await answer(petr, f"{live.id}|{version}|a|beat:x") == "Tohle tlačítko neznám."
    kibic = server.add_user(200, "Kibic")
    await server.start_dm(kibic)
    await bot.settle()
    query = await server.press(
        kibic, server.last_message(kibic), f"{live.id}|{version}|a|take", forge=True
    )
    assert (await server.wait_answer(query)).text == "U tohoto stolu nehraješ."
    await bot.settle()
    after = (live.version, len(await bot.services.store.deals.list_actions(live.deal.id)))  # type: ignore[union-attr]
    assert after == before
    assert old_hand.message_id == bot.hand_message(jana).message_id  # type: ignore[union-attr]
    # the right player's real button still works
    await press_label(bot, petr, "🫳 Beru")
    assert live.state.phase == "take_add"


@pytest.mark.parametrize(
    "limits",
    [
        Limits(
            group_messages=20,
            group_window=1.0,
            private_rate=1000,
            private_burst=1000,
            global_messages=10_000,
            whole_seconds=False,
        )
    ],
)
async def test_group_stays_within_20_per_window(
    bot: Harness, server: FakeTelegram, pub: FakeChat, jana: FakeUser, limits: Limits
) -> None:
    live = await open_blazen(bot, pub, [jana], computers=2)
    for _ in range(2):
        await play_game(bot, pub, [jana])
        await server.send_text(jana, pub, "/start")
    await bot.settle()
    times = group_ops(server, pub)
    assert len(times) > 20  # the pacing was needed at all
    busiest = max(sum(1 for t in times if start <= t < start + 1.0) for start in times)
    assert busiest <= 20
    assert [c for c in server.calls if c.chat_id == pub.id and c.error_code == 429] == []
    assert live.deal is not None and live.deal.deal_no == 2


async def test_a_window_of_silent_throwers_shares_one_deadline(
    bot: Harness,
    server: FakeTelegram,
    pub: FakeChat,
    jana: FakeUser,
    petr: FakeUser,
    eva: FakeUser,
) -> None:
    await bot.restart(turn_timeout=3.0)
    live = await open_blazen(
        bot, pub, [jana, petr, eva], options={"throw_in_mode": "window"}, cards=TAKE_DEAL
    )
    await press_label(bot, jana, "⚔️ ♠7")
    await press_label(bot, petr, "🛡 ♠7 ← ♠8")
    # both Jana (♦7, ♣8) and Eva (♣7) may throw in at once: the game waits for both
    assert due_humans(live) == [0, 2]
    assert "Na tahu: Jana, Eva — může přihodit" in bot.group_message(pub).text
    assert hand_options(bot, jana)[1] and hand_options(bot, eva)[1]
    await wait_until(lambda: live.state.phase == "open", timeout=5)
    await bot.settle()
    logged = await bot.services.store.deals.list_actions(live.deal.id)  # type: ignore[union-attr]
    assert [(a.seat, a.code, a.source) for a in logged[2:]] == [
        (0, "pass", "timeout"),
        (2, "pass", "timeout"),
    ]
    table = bot.group_message(pub).text
    assert "⏱ Jana nestihl(a) tah" in table and "⏱ Eva nestihl(a) tah" in table
    assert "Minule: bito (♠7 ← ♠8)" in table and "Útočí Petr, brání Eva" in table


async def test_computers_throw_in_a_window_beside_a_human(
    bot: Harness, server: FakeTelegram, pub: FakeChat, jana: FakeUser
) -> None:
    options = {"throw_in_mode": "window", "always_prompt_throwers": True, "deck_size": 24}
    live = await open_blazen(bot, pub, [jana], computers=2, options=options)
    await play_game(bot, pub, [jana])
    assert live.outcome is not None and "Konec hry" in server.bot_messages(pub)[-1].text
    logged = await bot.services.store.deals.list_actions(live.deal.id)  # type: ignore[union-attr]
    assert {a.source for a in logged} == {"player", "computer"}


async def test_an_ambiguous_cover_is_two_presses(
    bot: Harness, server: FakeTelegram, pub: FakeChat, jana: FakeUser, petr: FakeUser
) -> None:
    live = await open_blazen(bot, pub, [jana, petr], computers=1, cards=PICK_DEAL)
    await press_label(bot, jana, "⚔️ ♦7 ♠7")
    _, options = hand_options(bot, petr)  # the hand's order: trumps, then ♦ ♠ by rank
    labels = [t for t, _ in options]
    assert labels == ["🛡 ♥K …", "🛡 ♦7 ← ♦A", "🛡 ♠7 ← ♠9", "🛡 ♠7 ← ♠8", "🫳 Beru"]
    pick = next(d for t, d in options if t == "🛡 ♥K …").encode()
    query = await server.press(jana, bot.hand_message(jana), pick, forge=True)  # type: ignore[arg-type]
    assert (await server.wait_answer(query)).text == "Teď nejsi na tahu."
    version = live.version
    await press_label(bot, petr, "🛡 ♥K …")  # a private step: nothing is played
    assert live.version == version and live.state.table[0][1] is None
    assert [t for t, _ in hand_options(bot, petr)[1]] == [
        "✅ ♥K ↩",
        "🛡 ♦7 ← ♥K",
        "🛡 ♠7 ← ♥K",
    ]
    await press_label(bot, petr, "✅ ♥K ↩")  # changed his mind
    assert [t for t, _ in hand_options(bot, petr)[1]] == labels
    await press_label(bot, petr, "🛡 ♥K …")
    await press_label(bot, petr, "🛡 ♦7 ← ♥K")
    assert "Na stole: ♦7 ← ♥K · ♠7" in bot.group_message(pub).text
    assert [t for t, _ in hand_options(bot, petr)[1]] == ["🛡 ♠7 ← ♠9", "🛡 ♠7 ← ♠8", "🫳 Beru"]
