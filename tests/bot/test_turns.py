"""At the table: pings, presses drawn a version ago, buttons of another phase, edits.

Issue 7 points 1, 3, 5 (lobby, /lang) and 9.
"""

from __future__ import annotations

import asyncio
import html
import re

from bot.callbacks import CallbackData, Op
from tests.bot.harness import (
    Harness,
    Player,
    button,
    open_table,
    ops,
    play_deal,
    play_turn,
    press,
    wait_until,
)
from tests.fakes import FakeChat, FakeMessage, FakeTelegram, FakeUser

STALE = "Stůl se mezitím změnil — použij nová tlačítka."


def pings(server: FakeTelegram, user: FakeUser) -> list[FakeMessage]:
    return [m for m in server.bot_messages(user) if m.text.startswith("🔔")]


def reminders(server: FakeTelegram, user: FakeUser) -> list[FakeMessage]:
    return [m for m in server.bot_messages(user) if m.text.startswith("⏰")]


def plain(markup: str) -> str:
    """What a client shows for the HTML the bot sent."""
    return html.unescape(re.sub(r"<[^>]+>", "", markup))


def notes_sent(server: FakeTelegram, user: FakeUser) -> int:
    """Pings and reminders ever sent to ``user`` (deleted ones too)."""
    sends = server.requests("sendMessage", chat=user)
    return sum(str(c.params.get("text", "")).startswith(("🔔", "⏰")) for c in sends)


# -- 1. the player whose decision is due is told ---------------------------------------


async def test_a_due_player_is_pinged_once_and_the_ping_goes_when_they_act(
    bot: Harness, server: FakeTelegram, pub: FakeChat, jana: FakeUser
) -> None:
    await bot.restart(ping_delay=0.3)
    live = await open_table(bot, pub, [jana], computers=2)
    seat = live.seat_of(jana.id)
    assert seat is not None
    await wait_until(lambda: seat in live.state.to_act())
    assert pings(server, jana) == []  # not at once: people usually act within seconds
    await wait_until(lambda: len(pings(server, jana)) == 1)
    await asyncio.sleep(0.6)
    found = pings(server, jana)
    assert len(found) == 1 and not found[0].deleted  # at most one per turn
    assert "Volený mariáš" in found[0].text
    assert await play_turn(bot, pub, {seat: Player(jana)})
    await bot.settle()
    await wait_until(lambda: found[0].deleted)  # removed once she acted
    assert reminders(server, jana) == []  # the reminder comes only near the deadline


async def test_a_player_who_acts_quickly_gets_no_ping(
    bot: Harness, server: FakeTelegram, pub: FakeChat, jana: FakeUser
) -> None:
    await bot.restart(ping_delay=2.0)
    live = await open_table(bot, pub, [jana], computers=2)
    seat = live.seat_of(jana.id)
    assert seat is not None
    for _ in range(4):
        await wait_until(lambda: not live.in_deal or seat in live.state.to_act())
        if not await play_turn(bot, pub, {seat: Player(jana)}):
            break
    await asyncio.sleep(0.7)
    assert all(m.deleted for m in pings(server, jana))


async def test_an_away_player_is_neither_pinged_nor_reminded(
    bot: Harness, server: FakeTelegram, pub: FakeChat, jana: FakeUser
) -> None:
    await bot.restart(turn_timeout=1.5, ping_delay=0.05)
    live = await open_table(bot, pub, [jana], computers=2)
    seat = live.seat_of(jana.id)
    assert seat is not None
    # her first turn runs out: she is now away
    await wait_until(lambda: seat in bot.services.driver.away.get(live.id, set()), timeout=15)
    sent = notes_sent(server, jana)
    assert sent >= 1
    await wait_until(lambda: not live.in_deal, timeout=40)
    await bot.settle()
    # every later turn was played for her after the short away time, silently
    assert notes_sent(server, jana) == sent
    assert pings(server, jana) == [] and reminders(server, jana) == []  # all removed


# -- 3. no stale group buttons ---------------------------------------------------------


async def test_a_press_drawn_a_version_ago_is_applied_while_still_legal(
    bot: Harness,
    server: FakeTelegram,
    pub: FakeChat,
    jana: FakeUser,
    petr: FakeUser,
    eva: FakeUser,
) -> None:
    live = await open_table(bot, pub, [jana, petr, eva])
    users = {live.seat_of(u.id): u for u in (jana, petr, eva)}
    players = {s: Player(u) for s, u in users.items()}
    for _ in range(60):  # until two seats in a row answer the same public question
        await bot.settle()
        assert live.in_deal
        table = bot.group_message(pub)
        public = [d for _, d in ops(table) if d.op is Op.ACTION]
        first = min(live.state.to_act())
        if public:
            drawn = {d.arg: d for d in public}
            answer = await press(bot, users[first], table, public[0].encode())
            assert answer.text is None, answer.text
            await bot.settle()
            nxt = min(live.state.to_act()) if live.in_deal else None
            if nxt is not None and nxt != first:
                legal = {a.code for a in live.state.legal_actions(nxt)}
                same = [d for arg, d in drawn.items() if arg in legal]
                if same:
                    version = live.version
                    # the group message was drawn for the previous question
                    query = await server.press(users[nxt], table, same[0].encode(), forge=True)
                    answer = await server.wait_answer(query)
                    assert answer.text is None, answer.text
                    assert live.version == version + 1
                    # a double tap of the first presser lands on their own action: refused
                    query = await server.press(users[first], table, public[0].encode(), forge=True)
                    assert (await server.wait_answer(query)).text in (STALE, "Teď nejsi na tahu.")
                    assert live.version == version + 1
                    return
            continue
        assert await play_turn(bot, pub, players)  # type: ignore[arg-type]
    raise AssertionError("no two seats answered the same public question")


async def test_deal_pressed_right_after_a_join_deals(
    bot: Harness, server: FakeTelegram, pub: FakeChat, jana: FakeUser, petr: FakeUser
) -> None:
    await server.start_dm(jana)
    await server.start_dm(petr)
    await server.send_text(jana, pub, "/new mariáš")
    await bot.settle()
    lobby = bot.group_message(pub)
    await press(bot, jana, lobby, button(lobby, "Počítač"))
    await bot.settle()
    seen = bot.group_message(pub)
    deal = button(seen, "Rozdat")  # what Jana's client shows ...
    await server.send_text(petr, pub, "/join")  # ... when Petr sits down
    await bot.settle()
    live = bot.table(pub)
    assert live is not None and len(live.names) == 3
    query = await server.press(jana, seen, deal, forge=True)
    answer = await server.wait_answer(query)
    assert answer.text is None, answer.text
    await bot.settle()
    assert live.in_deal


async def test_group_keyboard_changes_at_once_and_the_rest_at_a_calm_pace(
    bot: Harness, server: FakeTelegram, pub: FakeChat, jana: FakeUser
) -> None:
    await bot.restart(group_calm_interval=1.5)
    live = await open_table(bot, pub, [jana], computers=2)
    seat = live.seat_of(jana.id)
    assert seat is not None
    screens = bot.services.screens
    for _attempt in range(5):  # a deal may end (an early betl, a thrown-in game) too soon
        # wait for a moment where only the picture changes (cards being played)
        for _ in range(300):
            await bot.settle()
            view = live.state.public_view()
            if live.in_deal and view.phase == "play" and len(view.history) < 7:
                break
            if not live.in_deal:
                result = server.bot_messages(pub)[-1]
                await press(bot, jana, result, button(result, "Další"))
            elif seat in live.state.to_act():
                await play_turn(bot, pub, {seat: Player(jana)})
            else:
                await asyncio.sleep(0.05)
        assert live.in_deal and live.state.public_view().phase == "play"
        await asyncio.sleep(1.6)
        await bot.settle()
        before = bot.group_message(pub)
        edits = before.edit_count
        for _ in range(40):
            await wait_until(lambda: not live.in_deal or seat in live.state.to_act())
            if not live.in_deal:
                break
            await play_turn(bot, pub, {seat: Player(jana)})
            await bot.settle(timeout=5)
            if bot.group_message(pub).text != plain(screens.table(live).text):
                break  # a change is waiting for the calm interval
        if live.in_deal:
            break
    assert live.in_deal, "every deal ended before a deferred change was seen"
    assert bot.group_message(pub).edit_count <= edits + 1
    await asyncio.sleep(1.7)
    await bot.settle()
    assert bot.group_message(pub).text == plain(screens.table(live).text)  # the newest


# -- 9. every press checks its version; edits are not commands ---------------------------


async def test_buttons_of_an_earlier_phase_are_refused(
    bot: Harness, server: FakeTelegram, pub: FakeChat, jana: FakeUser, petr: FakeUser
) -> None:
    await server.start_dm(petr)
    live = await open_table(bot, pub, [jana], computers=2, start=False)
    lobby = bot.group_message(pub)
    join, leave = button(lobby, "Přisednout"), button(lobby, "Odejít")
    await server.send_text(jana, pub, "/start")
    await bot.settle()
    assert live.in_deal
    version = live.version
    for user, data in ((petr, join), (jana, leave)):
        query = await server.press(user, lobby, data, forge=True)
        assert (await server.wait_answer(query)).text == STALE
    assert live.version == version and live.names[0] == "Jana"
    await server.send_text(jana, pub, "/stop")
    await bot.settle()
    confirm = server.last_message(pub)
    stop_yes = button(confirm, "Ano")
    seat = live.seat_of(jana.id)
    assert seat is not None
    await play_deal(bot, pub, [Player(jana)])
    first_result = server.bot_messages(pub)[-1]
    next_deal = button(first_result, "Další")
    await press(bot, jana, first_result, next_deal)
    await bot.settle()
    assert live.in_deal and live.deal is not None and live.deal.deal_no == 1
    await play_deal(bot, pub, [Player(jana)])
    # deal 2 is over: the first result's Next and the old confirmation are of another phase
    for data in (next_deal, stop_yes):
        message = first_result if data == next_deal else confirm
        query = await server.press(jana, message, data, forge=True)
        assert (await server.wait_answer(query)).text == STALE
    await bot.settle()
    assert live.status == "playing" and live.deal is not None and live.deal.deal_no == 1


async def test_an_edited_message_is_not_a_new_command(
    bot: Harness, server: FakeTelegram, pub: FakeChat, jana: FakeUser
) -> None:
    await server.start_dm(jana)
    message = await server.send_text(jana, pub, "/help")
    await bot.settle()
    count = len(server.bot_messages(pub))
    await server.edit_text(jana, message, "/new mariáš")
    await bot.settle()
    assert bot.table(pub) is None
    assert len(server.bot_messages(pub)) == count


# -- 5. the lobby and /lang ------------------------------------------------------------


async def test_the_first_lobby_message_already_shows_its_creator(
    bot: Harness, server: FakeTelegram, pub: FakeChat, jana: FakeUser
) -> None:
    await server.start_dm(jana)
    mark = server.mark()
    await server.send_text(jana, pub, "/new mariáš")
    await bot.settle()
    sends = [c for c in server.requests("sendMessage", since=mark) if c.chat_id == pub.id]
    assert sends and "1. Jana" in str(sends[0].params.get("text"))


async def test_lang_does_not_rewrite_a_finished_deal(
    bot: Harness, server: FakeTelegram, pub: FakeChat, jana: FakeUser
) -> None:
    await open_table(bot, pub, [jana], computers=2)
    await play_deal(bot, pub, [Player(jana)])
    result = server.bot_messages(pub)[-1]
    text, edits = result.text, result.edit_count
    await server.send_text(jana, pub, "/lang en")
    await bot.settle()
    assert result.text == text and result.edit_count == edits


# -- 2. one place to act ---------------------------------------------------------------


async def test_every_decision_can_be_taken_from_the_direct_chat(
    bot: Harness,
    server: FakeTelegram,
    pub: FakeChat,
    jana: FakeUser,
    petr: FakeUser,
    eva: FakeUser,
) -> None:
    live = await open_table(bot, pub, [jana, petr, eva])
    users = {live.seat_of(u.id): u for u in (jana, petr, eva)}
    taken: set[str] = set()
    for _ in range(200):  # the whole deal, played from the direct chats alone
        await bot.settle()
        if not live.in_deal:
            break
        seat = min(live.state.to_act())
        hand = bot.hand_message(users[seat])
        assert hand is not None
        legal = {a.code for a in live.state.legal_actions(seat)}
        offered = [d for _, d in ops(hand) if d.op is Op.ACTION]
        public = {c for c in legal if live.renderer.is_public(c)}
        assert public <= {d.arg for d in offered}, "a decision is missing in the direct chat"
        picks = [d for _, d in ops(hand) if d.op is Op.PICK and d.arg != "-"]
        choice = next((d for d in offered if d.arg in public), None)
        choice = choice or next((d for d in offered if d.arg != "claim"), None)
        choice = choice or (picks[0] if picks else None)
        assert choice is not None
        if choice.op is Op.ACTION and choice.arg in public:
            taken.add(choice.arg.partition(":")[0])
        answer = await press(bot, users[seat], hand, choice.encode())
        assert answer.text is None, answer.text
    assert not live.in_deal
    assert taken, "no public decision came up in the deal"
    table = bot.group_message(pub)
    assert [d for _, d in ops(table) if d.op is Op.ACTION] == []


def _keyboards_sent(server: FakeTelegram, user: FakeUser, since: int) -> int:
    """Sends and edits of ``user``'s direct chat since ``since`` that carried buttons."""
    calls = server.requests(chat=user, since=since)
    edits = [c for c in calls if c.method in ("sendMessage", "editMessageText")]
    return sum(bool((c.params.get("reply_markup") or {}).get("inline_keyboard")) for c in edits)


async def test_public_decisions_follow_where_the_player_takes_them(
    bot: Harness,
    server: FakeTelegram,
    pub: FakeChat,
    jana: FakeUser,
    petr: FakeUser,
    eva: FakeUser,
) -> None:
    """A player who answers dobrá/flek in the group gets them in the direct chat
    only with the turn's ping; one who answers in the direct chat, at once."""
    await bot.restart(ping_delay=2.0)
    live = await open_table(bot, pub, [jana, petr, eva])
    users = {live.seat_of(u.id): u for u in (jana, petr, eva)}
    in_group: set[int] = set()  # users who have answered a public decision in the group

    async def turn(who: FakeUser | None = None) -> tuple[FakeUser, list[CallbackData]]:
        """Play until a public decision is due of ``who``, or without ``who`` of a
        user who answered one in the group before; that user and the group's buttons."""
        for _ in range(300):
            await bot.settle()
            if not live.in_deal:
                result = server.bot_messages(pub)[-1]
                await press(bot, jana, result, button(result, "Další"))
                continue
            seat = min(live.state.to_act())
            user = users[seat]
            table = bot.group_message(pub)
            public = [d for _, d in ops(table) if d.op is Op.ACTION]
            if public and (user is who if who else user.id in in_group):
                return user, public
            hand = bot.hand_message(user)
            assert hand is not None
            if public:  # answered in the group: "dobrá", or no flek
                in_group.add(user.id)
                choice = next((d for d in public if d.arg in ("dobra", "pass")), public[0])
                await press(bot, user, table, choice.encode())
            else:
                options = [d for _, d in ops(hand) if d.op in (Op.ACTION, Op.PICK)]
                cards = [d for d in options if d.arg != "claim" and d.arg != "-"]
                await press(bot, user, hand, cards[0].encode())
        raise AssertionError("no such decision came up")

    user, public = await turn()
    hand = bot.hand_message(user)
    assert hand is not None
    assert [d for _, d in ops(hand) if d.op is Op.ACTION] == []  # the group has the buttons
    assert "Až budeš na tahu" in plain(hand.text)
    due_since = len(server.calls)
    await asyncio.sleep(1.0)
    assert _keyboards_sent(server, user, due_since) == 0 and pings(server, user) == []
    # the ping brings the question to the direct chat too
    await wait_until(lambda: len(pings(server, user)) == 1, timeout=5)
    await bot.settle()
    hand = bot.hand_message(user)
    assert hand is not None
    offered = {d.arg for _, d in ops(hand) if d.op is Op.ACTION}
    assert {d.arg for d in public} <= offered
    assert "👉" in hand.text  # and what to decide
    # answered there, the next public decision is in the direct chat at once
    choice = next(d for _, d in ops(hand) if d.op is Op.ACTION)
    assert (await press(bot, user, hand, choice.encode())).text is None
    in_group.discard(user.id)
    await bot.settle()
    assert user.id not in bot.services.presenter.group_deciders
    user, public = await turn(user)
    hand = bot.hand_message(user)
    assert hand is not None
    assert {d.arg for d in public} <= {d.arg for _, d in ops(hand) if d.op is Op.ACTION}
    assert [m for m in pings(server, user) if not m.deleted] == []
