"""Mariáš ve dvou end to end over the fake Bot API (issue 11, items 4 and 7).

Every move is a button press a person could make: the first player's trumps
in his direct chat (A, C), stovka and sedma at the start and the fleks on the
table message, the cards, "📣 Hlásím sedmu" while it is allowed, and in B the
swap of the trump seven. ``DvouWatch`` checks after every press that no
message a seat could see since the last check shows a card of the other hand
or of the stock (in B but the turned card, which lies face up).
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.callbacks import CallbackData, Op
from bot.live import LiveTable
from games.cards import card_code, cards_of
from tests.bot.harness import Harness, button, ops, press
from tests.bot.privacy import message_texts, shows
from tests.bot.test_tisic import hand_options, press_group, press_hand, result_message
from tests.fakes import CallbackAnswer, FakeChat, FakeMessage, FakeTelegram, FakeUser

Option = tuple[str, CallbackData]

HANDS = {
    "first": "7h 8h 9h Th Ad Kd Qd 7s",
    "dealer": "Ac Tc Kc Qc Jc 9c 8c 7c",
    "stock": "Jh Qh Kh Ah 7d 8d 9d Td Jd 8s 9s Ts Js Qs Ks As",
}
"""The first player holds ❤️ 7 to 10 and the bells' marriage; in B the turned card is
♠ ace (the last of the stock), trumps leaves."""


class DvouWatch:
    """Checks every message sent since the last check against what is secret now
    (secrets only shrink as a deal goes on, so what shows one now showed it then)."""

    def __init__(self, h: Harness, live: LiveTable, chats: dict[int, int], users: list[FakeUser]):
        self.h, self.live, self.chats, self.users = h, live, chats, users
        self.seen = len(h.server.calls)
        self.checked = 0

    def secrets(self, seat: int) -> set[str]:
        state = self.live.state
        hidden = {card_code(c) for c in state.stock}
        if state.options.turned_trump:  # face up: the turned card, and the seven swapped for it
            hidden.discard(card_code(state.dealt_stock[-1]))
            if state.trump is not None:
                hidden.discard(f"7{state.trump.code}")
        other = state.other(seat)
        hidden |= {card_code(c) for c in cards_of(state.hands[other])}
        if state.phase == "trump" and seat == state.forhond:  # his second four come later
            hidden |= {card_code(c) for c in state.dealt[0][4:]}
        return hidden

    def check(self) -> None:
        calls = self.h.server.calls[self.seen :]
        self.seen += len(calls)
        for user in self.users:
            seat = self.live.seat_of(user.id)
            assert seat is not None
            secret = self.secrets(seat)
            for call in calls:
                if call.method not in ("sendMessage", "editMessageText") or not call.ok:
                    continue
                if call.chat_id not in (self.chats[user.id], user.id):
                    continue
                text = message_texts(call)
                self.checked += 1
                shown = sorted(c for c in secret if shows(text, c))
                assert not shown, f"{user.first_name} could see {shown} in:\n{text}"


def explicit(live: LiveTable, hands: dict[str, str]) -> dict[str, list[str]]:
    dealer = live.game_match.dealer if live.game_match is not None else 0
    first = (dealer + 1) % 2
    return {
        str(first): hands["first"].split(),
        str(dealer): hands["dealer"].split(),
        "stock": hands["stock"].split(),
    }


async def choose_rules(h: Harness, chat: FakeChat, user: FakeUser, wanted: str) -> None:
    """/settings, then "Pravidla" pressed until it says ``wanted``; back to the lobby."""
    await h.server.send_text(user, chat, "/settings")
    await h.settle()
    menu = h.group_message(chat)
    labels = [t for t, _ in ops(menu)]
    assert labels[0].startswith("Pravidla (A, B, C): "), labels
    for _ in range(3):
        if labels[0].endswith(wanted):
            break
        answer = await press(h, user, menu, button(menu, "Pravidla"))
        assert answer.text is not None and answer.text.startswith("Pravidla (A, B, C)")
        await h.settle()
        menu = h.group_message(chat)
        labels = [t for t, _ in ops(menu)]
    assert labels[0].endswith(wanted), labels
    await press(h, user, menu, button(menu, "Zpět"))
    await h.settle()


async def open_group(
    h: Harness,
    group: FakeChat,
    users: list[FakeUser],
    rules: str,
    hands: dict[str, str] | None = None,
) -> LiveTable:
    for user in users:
        await h.server.start_dm(user)
    await h.server.send_text(users[0], group, "/new mariáš ve dvou")
    for user in users[1:]:
        await h.server.send_text(user, group, "/join")
    await h.settle()
    live = h.table(group)
    assert live is not None and live.variant.id == "marias-dvou"
    await choose_rules(h, group, users[0], rules)
    if hands is not None:
        h.services.tables.deal_source = lambda now: explicit(now, hands)  # type: ignore[method-assign,assignment]
    await h.server.send_text(users[0], group, "/start")
    await h.settle()
    assert live.in_deal and live.state.options.dvou_variant == rules[0]
    return live


def user_of(live: LiveTable, users: Sequence[FakeUser], seat: int) -> FakeUser:
    return next(u for u in users if live.seat_of(u.id) == seat)


def first_card(options: list[Option]) -> str:
    return next(d.arg for _, d in options if d.op is Op.ACTION and d.arg.startswith("play:"))


async def play_out(
    h: Harness,
    chat: FakeChat,
    users: Sequence[FakeUser],
    *,
    watch: DvouWatch | None = None,
    group: bool = True,
    limit: int = 120,
) -> int:
    """Press buttons until the deal is over: the first trumps, nothing announced, no
    flek, the first card shown. Announcements and fleks on the table message when
    ``group``, else from the direct chat."""
    presses = 0
    live = h.table(chat)
    assert live is not None
    while live.in_deal:
        humans = [s for s in sorted(live.state.to_act()) if not live.is_computer(s)]
        if not humans:
            await h.settle()
            continue
        user = user_of(live, users, humans[0])
        _, options = hand_options(h, user)
        assert options, f"{user.first_name} is to act but sees no button"
        phase = live.state.phase
        legal = {a.code for a in live.state.legal_actions(humans[0])}
        assert {d.arg for _, d in options if d.op is Op.ACTION} == legal  # the hand offers all
        if phase == "play":  # the sedma button exactly while it may be announced
            assert ("sedma" in legal) == (live.state.sedma is None and bool(live.state.stock))
        answer: CallbackAnswer
        if phase == "trump":
            code = next(d.arg for _, d in options if d.arg.startswith("trumps:"))
            _, answer = await press_hand(h, user, code)
        elif phase in ("announce", "flek"):
            code = "extras:none" if phase == "announce" else "pass"
            if group:
                _, answer = await press_group(h, chat, user, code)
            else:
                _, answer = await press_hand(h, user, code)
        else:
            _, answer = await press_hand(h, user, first_card(options))
        assert answer.text is None, answer.text
        presses += 1
        if watch is not None:
            watch.check()
        assert presses < limit, "the deal does not end"
    await h.settle()
    if watch is not None:
        watch.check()
    return presses


def labels_of(message: FakeMessage) -> list[str]:
    return [t for t, _ in ops(message)]


# -- the scenarios ---------------------------------------------------------------------


async def test_rules_a_in_a_group_of_two_with_the_sedma_button_while_allowed(
    bot: Harness, server: FakeTelegram, pub: FakeChat, jana: FakeUser, petr: FakeUser
) -> None:
    users = [jana, petr]
    live = await open_group(bot, pub, users, "A: základní")
    chats = {u.id: pub.id for u in users}
    watch = DvouWatch(bot, live, chats, users)
    state = live.state
    first, dealer = user_of(live, users, state.forhond), user_of(live, users, state.dealer)
    names = {u.id: live.names[live.seat_of(u.id) or 0] for u in users}
    table = bot.group_message(pub)
    assert "📜 Pravidla A: základní" in table.text
    assert f"Na tahu: {names[first.id]} — volí trumfy" in table.text
    assert not [d for _, d in ops(table) if d.op is Op.ACTION]  # trumps are private
    hand, options = hand_options(bot, first)
    assert "Tvoje první 4 karty" in hand.text and len(hand.text.split("\n\n")[0].split()) > 2
    trumps = [d.arg for _, d in options]
    assert trumps and all(code.startswith("trumps:") for code in trumps)
    await press_hand(bot, first, trumps[0])
    watch.check()
    suit = trumps[0][-1]
    assert live.state.trump is not None and live.state.trump.code == suit
    table = bot.group_message(pub)
    assert "Trumfy: " in table.text and "🂠 V talonu: 16 karet" in table.text
    assert "Bez povinností" not in table.text  # A: the duties bind from the start
    assert labels_of(table) == ["Nic navíc", "Sedma", "Stovka", "Sto sedm"]
    # the announcements on the group message, each player in turn
    await press_group(bot, pub, first, "extras:none")
    since = len(server.calls)
    await press_group(bot, pub, dealer, "extras:none")
    watch.check()
    assert live.state.phase == "flek" and live.state.to_move == live.seat_of(dealer.id)
    # the budget: the dealer's "nothing" and his flek question change nothing of
    # what the waiting first player reads, so his hand is not edited
    assert not [c for c in server.calls[since:] if c.chat_id == first.id]
    while live.state.phase == "flek":  # the game's flek round
        await press_group(bot, pub, user_of(live, users, live.state.to_move or 0), "pass")
    assert live.state.phase == "play"
    mover = user_of(live, users, live.state.to_move or 0)
    other = next(u for u in users if u is not mover)
    hand, options = hand_options(bot, mover)
    assert "📣 Hlásím sedmu" in [t for t, _ in options]
    assert "tlačítko Hlásím sedmu" in hand.text
    since = len(server.calls)
    _, answer = await press_hand(bot, mover, "sedma")
    assert answer.text is None, answer.text
    watch.check()
    assert live.state.sedma == live.seat_of(mover.id) and live.state.phase == "flek"
    table = bot.group_message(pub)
    assert f"📣 Hlášeno: {names[mover.id]} sedmu" in table.text
    assert labels_of(table) == ["Bez fleku", "Flek na sedmu"]
    assert [c for c in server.calls[since:] if c.chat_id == pub.id]
    await press_group(bot, pub, other, "flek:sedma")
    table = bot.group_message(pub)
    assert "🔥 flek na sedmu" in table.text and labels_of(table) == ["Bez fleku", "Re na sedmu"]
    await press_group(bot, pub, mover, "pass")
    watch.check()
    assert live.state.phase == "play" and live.state.to_move == live.seat_of(mover.id)
    for user in users:  # announced once: the button is gone for both
        _, options = hand_options(bot, user)
        assert "sedma" not in {d.arg for _, d in options}
    await play_out(bot, pub, users, watch=watch)
    assert watch.checked > 40
    outcome = live.outcome
    assert outcome is not None
    components = {c["name"]: c for c in outcome["summary"]["components"]}
    assert components["sedma"]["flek"] == 1 and components["sedma"]["owner"] == live.seat_of(
        mover.id
    )
    result = result_message(server, pub)
    assert "Pravidla A: základní" in result.text and "📊 Body (s hláškami): " in result.text
    assert f"sedma (flek ×2): {names[mover.id]}" in result.text
    assert "→" in result.text and "Další" in str(result.buttons)


async def test_rules_b_the_turned_trump_and_the_swap(
    bot: Harness, server: FakeTelegram, pub: FakeChat, jana: FakeUser, petr: FakeUser
) -> None:
    users = [jana, petr]
    hands = {
        "first": "7s 8h 9h Th Ad Kd Qd 7h",  # the trump seven of leaves
        "dealer": "Ac Tc Kc Qc Jc 9c 8c 7c",
        "stock": "Jh Qh Kh Ah 7d 8d 9d Td Jd 8s 9s Ts Js Qs Ks As",  # ♠ ace turned up
    }
    live = await open_group(bot, pub, users, "B: s otočeným trumfem", hands)
    watch = DvouWatch(bot, live, {u.id: pub.id for u in users}, users)
    first = user_of(live, users, live.state.forhond)
    table = bot.group_message(pub)
    assert "📜 Pravidla B: s otočeným trumfem" in table.text
    assert "Trumfy: 🍃 zelené" in table.text and "Pod talonem otočená: 🍃 eso" in table.text
    assert "V talonu: 16 karet" in table.text
    while live.state.phase != "play":
        user = user_of(live, users, live.state.to_move or 0)
        code = "extras:none" if live.state.phase == "announce" else "pass"
        await press_group(bot, pub, user, code)
    watch.check()
    assert live.state.to_move == live.seat_of(first.id)
    hand, options = hand_options(bot, first)
    assert "🔁 Vyměnit sedmu za otočenou kartu" in [t for t, _ in options]
    assert "Trumfovou sedmu můžeš vyměnit" in hand.text
    await press_hand(bot, first, "swap")
    watch.check()
    assert live.state.swapped and "play:As" in {d.arg for _, d in hand_options(bot, first)[1]}
    hand, options = hand_options(bot, first)
    assert "swap" not in {d.arg for _, d in options}
    assert "🍃 eso" in hand.text.split("\n\n")[0]
    assert "Pod talonem otočená: 🍃 7" in bot.group_message(pub).text
    await play_out(bot, pub, users, watch=watch)
    assert live.outcome is not None and live.outcome["summary"]["rules"] == "B"
    assert "Pravidla B" in result_message(server, pub).text


async def test_rules_c_in_a_direct_chat_against_the_computer(
    bot: Harness, server: FakeTelegram, jana: FakeUser
) -> None:
    dm = server.dm(jana)
    await server.start_dm(jana)
    await server.send_text(jana, dm, "/new dvou")
    await bot.settle()
    live = bot.table(dm)
    assert live is not None and live.variant.id == "marias-dvou" and live.chat_id == jana.id
    lobby = bot.group_message(dm)
    assert "Mariáš ve dvou" in lobby.text
    await press(bot, jana, lobby, button(lobby, "Počítač"))
    await bot.settle()
    await server.send_text(jana, dm, "/settings")
    await bot.settle()
    menu = bot.group_message(dm)
    assert labels_of(menu)[0] == "Pravidla (A, B, C): C: Chirewského"  # the default
    await press(bot, jana, menu, button(menu, "Zpět"))
    await bot.settle()
    lobby = bot.group_message(dm)
    watch = DvouWatch(bot, live, {jana.id: dm.id}, [jana])
    answer = await press(bot, jana, lobby, button(lobby, "Rozdat"))
    assert answer.text is None, answer.text
    await bot.settle()
    assert live.in_deal and live.state.options.dvou_variant == "C"
    seen_free = False
    presses = 0
    while live.in_deal:
        await bot.settle()
        if not live.in_deal:
            break
        seat = live.seat_of(jana.id)
        if live.state.to_move != seat:
            continue
        table = bot.group_message(dm)
        if live.state.phase == "play" and live.state.stock:
            assert "Bez povinností, dokud je talon" in table.text
            assert f"V talonu: {len(live.state.stock)} kar" in table.text
            seen_free = True
        _, options = hand_options(bot, jana)
        codes = [d.arg for _, d in options]
        if live.state.phase == "trump":
            code = next(c for c in codes if c.startswith("trumps:"))
        elif live.state.phase == "announce":
            code = "extras:none"
        elif live.state.phase == "flek":
            code = "pass"
        else:
            code = first_card(options)
        _, answer = await press_hand(bot, jana, code)
        assert answer.text is None, answer.text
        watch.check()
        presses += 1
        assert presses < 60
    watch.check()
    assert seen_free and watch.checked > 20
    assert live.outcome is not None
    result = server.last_message(jana)
    assert "Konec rozdání" in result.text or "Konec" in bot.group_message(dm).text


async def test_stale_wrong_and_forged_presses_change_nothing(
    bot: Harness, server: FakeTelegram, pub: FakeChat, jana: FakeUser, petr: FakeUser
) -> None:
    users = [jana, petr]
    live = await open_group(bot, pub, users, "A: základní", HANDS)
    first = user_of(live, users, live.state.forhond)
    dealer = user_of(live, users, live.state.dealer)
    assert live.deal is not None
    hand = bot.hand_message(first)
    assert hand is not None

    async def answer(user: FakeUser, data: str, message: FakeMessage | None = None) -> str | None:
        target = message or bot.group_message(pub)
        query = await server.press(user, target, data, forge=True)
        return (await server.wait_answer(query)).text

    version = live.version
    before = (live.version, len(await bot.services.store.deals.list_actions(live.deal.id)))
    assert await answer(dealer, f"{live.id}|{version}|a|trumps:c") == "Teď nejsi na tahu."
    assert (
        await answer(first, f"{live.id}|{version}|a|trumps:c", hand)
        == "Trumfy volíš z barev svých prvních čtyř karet."
    )
    assert await answer(first, f"{live.id}|{version}|a|trumps:x", hand) == "Tohle tlačítko neznám."
    assert await answer(first, f"{live.id}|{version}|a|sedma", hand) == (
        "Teď je na řadě něco jiného."
    )
    assert await answer(first, "dvou|sedma") == "Tohle tlačítko neznám."
    kibic = server.add_user(200, "Kibic")
    await server.start_dm(kibic)
    await bot.settle()
    assert await answer(kibic, f"{live.id}|{version}|a|extras:none") == "U tohoto stolu nehraješ."
    assert (live.version, len(await bot.services.store.deals.list_actions(live.deal.id))) == before
    old_hand = bot.hand_message(first)
    assert old_hand is not None
    old = next(d for _, d in ops(old_hand) if d.arg == "trumps:h").encode()
    await press_hand(bot, first, "trumps:h")
    stale = "Stůl se mezitím změnil — použij nová tlačítka."
    assert await answer(first, old, old_hand) == stale  # a double tap
    await press_group(bot, pub, first, "extras:sedma")
    version = live.version
    assert await answer(dealer, f"{live.id}|{version}|a|extras:sedma") == "Sedmu už hlásil soupeř."
    await press_group(bot, pub, dealer, "extras:none")
    while live.state.phase == "flek":
        await press_group(bot, pub, user_of(live, users, live.state.to_move or 0), "pass")
    version = live.version
    mover = user_of(live, users, live.state.to_move or 0)
    assert await answer(mover, f"{live.id}|{version}|a|sedma", bot.hand_message(mover)) == (
        "Sedma se hlásí jen jednou, na svém tahu a dokud je talon."
    )
    assert await answer(mover, f"{live.id}|{version}|a|swap", bot.hand_message(mover)) == (
        "Sedmu za otočenou kartu vyměníš jen na výnosu, a když jsou v talonu aspoň dvě karty."
    )
    assert live.version == version
    await play_out(bot, pub, users)
    assert live.outcome is not None


async def test_restart_in_the_stock_phase(
    bot: Harness, server: FakeTelegram, pub: FakeChat, jana: FakeUser, petr: FakeUser
) -> None:
    users = [jana, petr]
    live = await open_group(bot, pub, users, "C: Chirewského", HANDS)
    while live.state.phase != "play":
        user = user_of(live, users, live.state.to_move or 0)
        if live.state.phase == "trump":
            await press_hand(bot, user, "trumps:h")
        else:
            await press_group(
                bot, pub, user, "extras:none" if live.state.phase == "announce" else "pass"
            )
    for _ in range(3):  # three tricks: the stock is drawn down to ten
        for _ in range(2):
            user = user_of(live, users, live.state.to_move or 0)
            await press_hand(bot, user, first_card(hand_options(bot, user)[1]))
    assert len(live.state.stock) == 10 and len(live.state.tricks) == 3
    version, deal_id = live.version, live.deal.id  # type: ignore[union-attr]
    before_view = live.state.public_view()
    table_id = bot.group_message(pub).message_id
    hands = {u.id: bot.hand_message(u).message_id for u in users}  # type: ignore[union-attr]
    sent = len(server.requests("sendMessage"))
    edits = len(server.requests("editMessageText"))

    await bot.restart()
    await bot.settle()
    again = bot.table(pub)
    assert again is not None and again is not live
    assert (again.version, again.deal.id) == (version, deal_id)  # type: ignore[union-attr]
    assert again.state.public_view() == before_view
    assert len(server.requests("sendMessage")) == sent
    assert len(server.requests("editMessageText")) == edits  # nothing changed: no edit
    assert bot.group_message(pub).message_id == table_id
    assert {u.id: bot.hand_message(u).message_id for u in users} == hands  # type: ignore[union-attr]
    table = bot.group_message(pub)
    assert "V talonu: 10 karet" in table.text and "Bez povinností, dokud je talon" in table.text
    mover = user_of(again, users, again.state.to_move or 0)
    assert "sedma" in {d.arg for _, d in hand_options(bot, mover)[1]}
    watch = DvouWatch(bot, again, {u.id: pub.id for u in users}, users)
    await play_out(bot, pub, users, watch=watch)
    assert "Konec rozdání" in result_message(server, pub).text


async def test_rules_a_in_a_direct_chat_with_a_friend_invited_by_the_link(
    bot: Harness, server: FakeTelegram, jana: FakeUser, eva: FakeUser
) -> None:
    dm = server.dm(jana)
    await server.start_dm(jana)
    await server.send_text(jana, dm, "/new marias-dvou")
    await bot.settle()
    live = bot.table(dm)
    assert live is not None and live.variant.id == "marias-dvou"
    await server.start_dm(eva, f"join_{live.row.join_token}")
    await bot.settle()
    assert live.names == ["Jana", "Eva"]
    await choose_rules(bot, dm, jana, "A: základní")
    watch = DvouWatch(bot, live, {jana.id: jana.id, eva.id: eva.id}, [jana, eva])
    lobby = bot.group_message(dm)
    answer = await press(bot, jana, lobby, button(lobby, "Rozdat"))  # /start is onboarding here
    assert answer.text is None, answer.text
    await bot.settle()
    assert live.in_deal and live.state.options.dvou_variant == "A"
    watch.check()
    english = [m for m in server.bot_messages(eva) if "Rules A: basic" in m.text]
    assert english, "Eva reads the table in English in her own chat"
    await play_out(bot, dm, [jana, eva], watch=watch, group=False)
    assert watch.checked > 40
    assert live.outcome is not None and live.outcome["summary"]["rules"] == "A"
    assert any("Deal over" in m.text for m in server.bot_messages(eva))
