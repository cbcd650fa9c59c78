"""Křížový mariáš end to end over the fake Bot API (issue 12, item 6).

A full deal whose secret partner is revealed by the called card, with a honer
won (forhont's osma) and one killed (a devítka proti); a 1 v 3 deal (the called
card in forhont's own second four); a durch s chytrým ended by the chyták; a
thrown-in game; a five-player table; stale, wrong and forged presses; a restart
before the partner is revealed. After every press ``KrizovyWatch`` checks that no
message a seat may see shows a card it may not know (forhont's second four while
he chooses, the trump card laid face down) or who the partner is.
"""

from __future__ import annotations

import pytest

from bot.callbacks import Op
from bot.live import LiveTable
from tests.bot.cenzr_helpers import by_active, hand_options, open_cenzr, press_arg
from tests.bot.harness import Harness, button, ops, press
from tests.bot.krizovy_helpers import I18N, KrizovyWatch, hand_text, move, moves, user_of
from tests.fakes import FakeChat, FakeTelegram, FakeUser

WON_AND_KILLED = [  # forhont first; dealt by seat 0, found by seeded self-play
    "7s 8c 9s Ac Qd Tc 8h 7c",
    "Qc Js 7h Jh Kh Ts 7d 8d",
    "9d Ah Kd 8s Qs As Qh 9c",
    "Ks Jc Ad Jd Td Kc 9h Th",
]
"""Forhont lays ♣8 and calls ♣Q (A[1], revealed in trick 1) with the osma; A[2]
says "flek a devítka proti" in one press. The osma wins trick 7, the devítka is killed."""
WON_AND_KILLED_MOVES = [
    "volba:8c,Qc", "ext:8", "dobra", "dobra", "dobra", "dobra",
    "pass", "honer:9,hra", "pass", "pass", "pass", "pass",
    "play:Ac", "play:Qc", "play:9c", "play:Jc", "play:7c", "play:Jh", "play:Qh", "play:Kc",
    "play:Jd", "play:Qd", "play:7d", "play:Kd", "play:Ah", "play:Th", "play:8h", "play:7h",
    "play:8s", "play:Ks", "play:9s", "play:Ts", "play:Kh", "play:9d", "play:9h", "play:Tc",
    "play:8c", "play:8d", "play:Qs", "play:Ad", "play:7s", "play:Js", "play:As", "play:Td",
]  # fmt: skip
ALONE = [
    "Th Ah Qc Js Jh 8c Kh 9s",
    "Ts Qh 7h 9d Td Kc 8d Jd",
    "Kd 9c 8s Qs Ad 7s 7d 8h",
    "Tc As 9h Ks Qd Jc Ac 7c",
]
"""Forhont lays ♥10 and calls ♥J, which lies in his own second four: 1 v 3."""
ALONE_MOVES = [
    "volba:Th,Jh", "ext:none", "dobra", "dobra", "dobra", "dobra",
    "flek:hra", "pass", "honer:9", "pass", "pass", "pass", "honer:8", "pass", "pass",
    "pass", "honer:7", "pass", "pass", "pass", "pass",
    "play:Qc", "play:Kc", "play:9c", "play:Ac", "play:As", "play:9s", "play:Ts", "play:7s",
    "play:Ks", "play:Js", "play:Qh", "play:Qs", "play:Jd", "play:Kd", "play:Qd", "play:Kh",
    "play:Jh", "play:7h", "play:8h", "play:9h", "play:8c", "play:9d", "play:7d", "play:Tc",
    "play:Jc", "play:Th", "play:Td", "play:8s", "play:Ah", "play:8d", "play:Ad", "play:7c",
]  # fmt: skip
CHYTRY = [
    "Ad Kd Qd Jd As Ks Qs Js",
    "Ac Kc Qc Jc Tc 9c 8c Kh",  # seven sure clubs and ♥K under the ace: a chyták
    "Td 9d 8d 7d Ts 9s 8s 7s",
    "Ah Qh Jh Th 9h 8h 7h 7c",
]


@pytest.fixture
def olga(server: FakeTelegram) -> FakeUser:
    return server.add_user(104, "Olga")


@pytest.fixture
def karel(server: FakeTelegram) -> FakeUser:
    return server.add_user(105, "Karel")


async def _open(
    bot: Harness, pub: FakeChat, users: list[FakeUser], hands: list[str], name: str = "křížový"
) -> tuple[LiveTable, KrizovyWatch]:
    live = await open_cenzr(bot, pub, users, cards=by_active(hands), start=False, name=name)
    watch = KrizovyWatch(bot, live, pub, users)
    await bot.server.send_text(users[0], pub, "/start")
    await bot.settle()
    watch.check()
    return live, watch


def _result(server: FakeTelegram, pub: FakeChat) -> str:
    return server.bot_messages(pub)[-1].text


async def test_a_full_deal_with_the_partner_revealed_a_honer_won_and_one_killed(
    bot: Harness,
    server: FakeTelegram,
    pub: FakeChat,
    jana: FakeUser,
    petr: FakeUser,
    eva: FakeUser,
    olga: FakeUser,
) -> None:
    users = [jana, petr, eva, olga]
    live, watch = await _open(bot, pub, users, WON_AND_KILLED)
    a = live.state.active
    names = live.names
    f, partner, third = (user_of(live, s, users) for s in a[:3])
    assert "první čtyři karty" in hand_text(bot, f)
    table = bot.group_message(pub).text
    assert f"Volí a vynáší první: {names[a[0]]}" in table
    # the choice: the trump card (a pick), then the called card as it is said
    await move(bot, pub, users, "volba:8c,Qc")
    watch.check()
    assert "Rubem vzhůru máš položený trumf: 🌰 8" in hand_text(bot, f)
    await moves(bot, pub, users, WON_AND_KILLED_MOVES[1:2], watch)
    table = bot.group_message(pub).text
    assert f"{names[a[0]]} hraje hru se svrškem žaludským, trumfy 🌰 žaludy" in table
    assert "Ukázaný trumf: 🌰 8" in table
    assert f"📣 Honery: s osmou ({names[a[0]]}) → 7. štych" in table
    assert "🤫 Spoluhráč je tajný" in table
    assert f"🤫 Máš volanou kartu: hraješ ve dvojici, {names[a[0]]} a ty" in hand_text(bot, partner)
    assert "🤫" not in hand_text(bot, third)
    await moves(bot, pub, users, WON_AND_KILLED_MOVES[2:7], watch)
    # "flek a devítka proti" is one button in the defender's direct chat
    assert live.state.to_act() == {a[2]}
    message, _ = hand_options(bot, third)
    labels = [text for text, _ in ops(message)]
    assert "Flek na hru a devítka proti" in labels and "Devítka proti" in labels
    await moves(bot, pub, users, WON_AND_KILLED_MOVES[7:13], watch)
    table = bot.group_message(pub).text
    assert f"devítka proti ({names[a[2]]}) → 6. štych" in table
    assert "👥" not in table  # ♣A is out, ♣Q still to come
    await moves(bot, pub, users, WON_AND_KILLED_MOVES[13:14], watch)  # ♣Q falls
    table = bot.group_message(pub).text
    pair = f"{names[a[0]]} + {names[a[1]]}"
    assert f"👥 {pair} proti" in table and "🤫" not in table
    await moves(bot, pub, users, WON_AND_KILLED_MOVES[14:], watch)
    await bot.settle()
    watch.check()
    assert live.outcome is not None
    result = _result(server, pub)
    assert "Konec rozdání" in result
    assert f"Hlášená osma: 0,20 Kč → {pair}" in result  # won on trick 7
    assert f"Hlášená devítka proti: 0,20 Kč → {pair}" in result  # killed
    assert "Hra, flek ×2: 0,20 Kč →" in result
    assert watch.checked > 100


async def test_one_against_three_when_the_called_card_is_forhonts_own(
    bot: Harness,
    server: FakeTelegram,
    pub: FakeChat,
    jana: FakeUser,
    petr: FakeUser,
    eva: FakeUser,
    olga: FakeUser,
) -> None:
    users = [jana, petr, eva, olga]
    live, watch = await _open(bot, pub, users, ALONE)
    a = live.state.active
    f = user_of(live, a[0], users)
    await moves(bot, pub, users, ALONE_MOVES[:2], watch)
    assert "🤫 Volaná karta je ve tvé druhé čtyřce: hraješ sám proti třem" in hand_text(bot, f)
    await moves(bot, pub, users, ALONE_MOVES[2:], watch)
    await bot.settle()
    watch.check()
    result = _result(server, pub)
    name = live.names[a[0]]
    assert f"👤 {name} hraje sám proti třem" in result
    assert "Hlášená devítka proti" in result and "Hlášená sedma proti" in result
    assert (
        live.outcome is not None
        and live.outcome["scores"][a[0]] == -3 * live.outcome["scores"][a[1]]
    )


async def test_durch_s_chytrym_ended_by_the_chytak(
    bot: Harness,
    server: FakeTelegram,
    pub: FakeChat,
    jana: FakeUser,
    petr: FakeUser,
    eva: FakeUser,
    olga: FakeUser,
) -> None:
    users = [jana, petr, eva, olga]
    live, watch = await _open(bot, pub, users, CHYTRY)
    a = live.state.active
    await moves(bot, pub, users, ["volba:Ad,Td", "ext:none"], watch)
    labels = [t for t, _ in ops(bot.group_message(pub))]
    assert "Durch s chytrým" in labels and "Durch s … (v soukromé zprávě)" in labels
    # "Durch s …" on the group message opens the picker in the speaker's direct chat
    speaker = user_of(live, a[1], users)
    group = bot.group_message(pub)
    ds = next(d for _, d in ops(group) if d.op is Op.PICK and d.arg == "ds")
    assert (await press(bot, speaker, group, ds.encode())).text is None
    await bot.settle()
    _, options = hand_options(bot, speaker)
    assert [t for t, _ in options][:3] == ["↩️ Zpět", "❤️ červené", "🔔 kule"]
    await press_arg(bot, speaker, "ds:h", Op.PICK)
    _, options = hand_options(bot, speaker)
    assert ("s esem červeným", "durchs:Ah") in [(t, d.arg) for t, d in options]
    await press_arg(bot, speaker, "ds", Op.PICK)  # "↩️ Jiná barva"
    await press_arg(bot, speaker, "-", Op.PICK)  # "↩️ Zpět"
    assert "Durch s …" in [t for t, _ in hand_options(bot, speaker)[1]]
    watch.check()
    await move(bot, pub, users, "game:chytry")
    watch.check()
    assert f"{live.names[a[1]]} hraje durcha s chytrým" in bot.group_message(pub).text
    await moves(bot, pub, users, ["dobra", "dobra", "dobra"], watch)
    declarer = user_of(live, a[1], users)
    _, options = hand_options(bot, declarer)
    assert ("🪤 Ukázat chytáka: ❤️ král", "chytak:Kh") in [(t, d.arg) for t, d in options]
    await move(bot, pub, users, "chytak:Kh")
    await bot.settle()
    watch.check()
    result = _result(server, pub)
    pair = f"{live.names[a[1]]} + {live.names[a[3]]}"
    assert "ukázal(a) chytáka ❤️ král" in result
    assert f"Durch: 1,00 Kč → {pair}" in result


async def test_a_thrown_in_game(
    bot: Harness,
    server: FakeTelegram,
    pub: FakeChat,
    jana: FakeUser,
    petr: FakeUser,
    eva: FakeUser,
    olga: FakeUser,
) -> None:
    users = [jana, petr, eva, olga]
    live, watch = await _open(bot, pub, users, WON_AND_KILLED)
    codes = ["volba:8c,Qc", "ext:none", *["dobra"] * 4]
    await moves(bot, pub, users, codes, watch)
    # while the partner is secret the group offers "no flek" alike to every seat
    assert [t for t, _ in ops(bot.group_message(pub))] == ["Bez fleku"]
    await moves(bot, pub, users, ["pass"] * 4, watch)
    await bot.settle()
    watch.check()
    result = _result(server, pub)
    assert "Nikdo neflekoval: nehrálo se, obrana platí hru." in result
    assert "Hra: 0,10 Kč →" in result
    assert live.outcome is not None and not live.outcome["played"]


async def test_five_at_the_table_the_dealer_sits_out(
    bot: Harness,
    server: FakeTelegram,
    pub: FakeChat,
    jana: FakeUser,
    petr: FakeUser,
    eva: FakeUser,
    olga: FakeUser,
    karel: FakeUser,
) -> None:
    users = [jana, petr, eva, olga, karel]
    live, watch = await _open(bot, pub, users, WON_AND_KILLED, name="krizovy")
    assert len(live.names) == 5
    out = next(u for u in users if live.seat_of(u.id) not in live.state.active)
    assert bot.hand_message(out) is None  # no cards, no hand message
    assert f"pauzuje {out.first_name}" in bot.group_message(pub).text
    assert live.seat_of(out.id) == live.deal.dealer  # type: ignore[union-attr]
    await moves(bot, pub, users, WON_AND_KILLED_MOVES, watch)
    await bot.settle()
    watch.check()
    out_seat = live.seat_of(out.id)
    assert live.outcome is not None and out_seat is not None
    assert live.outcome["scores"][out_seat] == 0
    assert "Konec rozdání" in _result(server, pub)


async def test_stale_wrong_and_forged_presses_change_nothing(
    bot: Harness,
    server: FakeTelegram,
    pub: FakeChat,
    jana: FakeUser,
    petr: FakeUser,
    eva: FakeUser,
    olga: FakeUser,
) -> None:
    users = [jana, petr, eva, olga]
    live, watch = await _open(bot, pub, users, WON_AND_KILLED, name="marias-krizovy")
    a = live.state.active
    f, second = user_of(live, a[0], users), user_of(live, a[1], users)

    async def answer(user: FakeUser, data: str) -> str | None:
        message = bot.hand_message(user) or server.last_message(user)
        query = await server.press(user, message, data, forge=True)
        return (await server.wait_answer(query)).text

    def said(user: FakeUser, key: str) -> str:
        return I18N.for_lang(bot.services.presenter.user_lang(user.id))(key)

    v = live.version
    assert await answer(second, f"{live.id}|{v}|a|volba:8c,Qc") == said(second, "err.not_your_turn")
    assert await answer(second, f"{live.id}|{v}|p|t:Qc") == said(second, "err.not_your_turn")
    assert await answer(f, "garbage") == said(f, "err.forged")
    # a trump card he does not hold, and a card of his unseen second four
    assert await answer(f, f"{live.id}|{v}|a|volba:Qc,Ac") == said(f, "illegal.illegal")
    assert await answer(f, f"{live.id}|{v}|a|volba:Tc,Ac") == said(f, "illegal.illegal")
    _, options = hand_options(bot, f)
    old_lid = next(d for _, d in options if d.arg == "lid:1").encode()
    await move(bot, pub, users, "volba:8c,Qc")
    assert await answer(f, old_lid) == said(f, "err.stale")
    await move(bot, pub, users, "ext:8")
    watch.check()
    v = live.version
    before = (live.version, len(await bot.services.store.deals.list_actions(live.deal.id)))  # type: ignore[union-attr]
    assert await answer(f, f"{live.id}|{v}|a|dobra") == said(f, "err.not_your_turn")
    assert await answer(second, f"{live.id}|{v}|a|flek:hra") == said(second, "illegal.illegal")
    kibic = server.add_user(200, "Kibic")
    await server.start_dm(kibic)
    await bot.settle()
    query = await server.press(
        kibic, server.last_message(kibic), f"{live.id}|{v}|a|dobra", forge=True
    )
    assert (await server.wait_answer(query)).text == "U tohoto stolu nehraješ."
    after = (live.version, len(await bot.services.store.deals.list_actions(live.deal.id)))  # type: ignore[union-attr]
    assert after == before
    watch.check()


async def test_a_restart_before_the_partner_is_revealed(
    bot: Harness,
    server: FakeTelegram,
    pub: FakeChat,
    jana: FakeUser,
    petr: FakeUser,
    eva: FakeUser,
    olga: FakeUser,
) -> None:
    users = [jana, petr, eva, olga]
    live, watch = await _open(bot, pub, users, WON_AND_KILLED)
    a = live.state.active
    await moves(bot, pub, users, WON_AND_KILLED_MOVES[:13], watch)  # ♣A led, ♣Q to come
    await bot.settle()
    before = live.state
    assert not before.sides.revealed
    table = bot.group_message(pub)
    hands = {u.id: bot.hand_message(u).message_id for u in users}  # type: ignore[union-attr]
    sent = len(server.requests("sendMessage"))

    await bot.restart()
    await bot.settle()
    again = bot.table(pub)
    assert again is not None and again is not live and again.state == before
    assert len(server.requests("sendMessage")) == sent
    assert bot.group_message(pub).message_id == table.message_id
    assert {u.id: bot.hand_message(u).message_id for u in users} == hands  # type: ignore[union-attr]
    partner = user_of(again, a[1], users)
    assert "🤫 Máš volanou kartu" in hand_text(bot, partner)
    _, options = hand_options(bot, partner)
    assert any(d.arg == "play:Qc" and d.op is Op.ACTION for _, d in options)
    watch = KrizovyWatch(bot, again, pub, users)
    await moves(bot, pub, users, WON_AND_KILLED_MOVES[13:], watch)
    await bot.settle()
    watch.check()
    assert again.outcome is not None
    assert "Hlášená osma" in _result(server, pub)


async def test_the_called_card_in_the_picker(
    bot: Harness,
    pub: FakeChat,
    jana: FakeUser,
    petr: FakeUser,
    eva: FakeUser,
    olga: FakeUser,
) -> None:
    users = [jana, petr, eva, olga]
    live, watch = await _open(bot, pub, users, WON_AND_KILLED)
    f = user_of(live, live.state.active[0], users)
    label, _ = await press_arg(bot, f, "t:8c", Op.PICK)
    assert label == "🂠 Trumf: 🌰 8"
    _, options = hand_options(bot, f)
    labels = {d.arg: t for t, d in options}
    assert labels["volba:8c,Qc"] == "se svrškem žaludským"
    assert labels["-"] == "↩️ Jiný trumf (teď 🌰 8)"
    assert "volba:8c,Ac" not in labels  # he holds ♣A in his first four
    watch.check()


async def test_a_waiting_hand_is_not_edited_by_the_others_cards_and_fleks(
    bot: Harness,
    server: FakeTelegram,
    pub: FakeChat,
    jana: FakeUser,
    petr: FakeUser,
    eva: FakeUser,
    olga: FakeUser,
) -> None:
    users = [jana, petr, eva, olga]
    live, _ = await _open(bot, pub, users, WON_AND_KILLED)
    chats = {u.id: u for u in users}
    quiet = {"pass", "flek:hra", "dobra"}
    for code in WON_AND_KILLED_MOVES[:-1]:  # the last card ends the deal in every hand
        (mover,) = live.state.to_act()
        since = len(server.calls)
        await move(bot, pub, users, code)
        await bot.settle()
        if code != "play:Qc" and (code in quiet or code.startswith("play:")):
            after = live.state.to_act()
            edited = {
                c.chat_id
                for c in server.calls[since:]
                if c.method == "editMessageText" and c.chat_id in chats
            }
            waiting = {u.id for u in users if live.seat_of(u.id) not in {mover, *after}}
            assert not edited & waiting, (code, [chats[i].first_name for i in edited & waiting])


async def test_settings_offer_the_red_round_and_it_reaches_the_deal(
    bot: Harness,
    server: FakeTelegram,
    pub: FakeChat,
    jana: FakeUser,
    petr: FakeUser,
    eva: FakeUser,
    olga: FakeUser,
) -> None:
    users = [jana, petr, eva, olga]
    live = await open_cenzr(bot, pub, users, cards=by_active(ALONE), start=False, name="křížový")
    await server.send_text(jana, pub, "/settings")
    await bot.settle()
    menu = bot.group_message(pub)
    labels = [t for t, _ in ops(menu)]
    assert labels[:2] == [
        "Na konci červené kolo: ne",
        "Rozdání před koncem: bez omezení (do /stop)",
    ]
    answer = await press(bot, jana, menu, button(menu, "červené kolo"))
    assert answer.text == "Na konci červené kolo: ano"
    await bot.settle()
    assert live.deal_options.cervene_kolo is True
    watch = KrizovyWatch(bot, live, pub, users)
    await server.send_text(jana, pub, "/start")
    await bot.settle()
    watch.check()
    assert live.state.red_round  # no session length: the red round from the start
    assert "❤️ Červené kolo" in bot.group_message(pub).text
    f = user_of(live, live.state.active[0], users)
    _, options = hand_options(bot, f)
    calls = {d.arg: t for t, d in options}
    assert calls["cerv:Qh"] == "se svrškem červeným"  # ♥10 and ♥A are in his first four
    assert "cerv:Ah" not in calls
    await move(bot, pub, users, "cerv:Qh")
    watch.check()
    assert "hraje hru se svrškem červeným, trumfy ❤️ červené" in bot.group_message(pub).text


async def test_durch_s_a_called_card_with_the_partners_tricks(
    bot: Harness,
    server: FakeTelegram,
    pub: FakeChat,
    jana: FakeUser,
    petr: FakeUser,
    eva: FakeUser,
    olga: FakeUser,
) -> None:
    users = [jana, petr, eva, olga]
    live, watch = await _open(bot, pub, users, CHYTRY)
    a = live.state.active
    await moves(bot, pub, users, ["volba:Ad,Td", "ext:none", "durchs:Ah"], watch)
    assert f"{live.names[a[1]]} hraje durcha s esem červeným" in bot.group_message(pub).text
    assert "🤫" in hand_text(bot, user_of(live, a[3], users))  # the holder of ♥A alone
    await moves(bot, pub, users, ["dobra"] * 3, watch)
    assert [t for t, _ in ops(bot.group_message(pub))] == ["Bez fleku"]
    await moves(bot, pub, users, ["pass"] * 4, watch)
    declarer = user_of(live, a[1], users)
    _, options = hand_options(bot, declarer)
    assert [t for t, _ in options] == ["Za 1 štych", "Za 2 štychy", "Za 3 štychy"]
    await move(bot, pub, users, "tricks:1")
    watch.check()
    assert "🤝 Durch za 1 štych" in bot.group_message(pub).text
    while live.in_deal:
        (seat,) = live.state.to_act()
        await move(bot, pub, users, live.state.legal_actions(seat)[0].code)
        watch.check()
    await bot.settle()
    watch.check()
    assert "hrál(a) durcha s esem červeným" in _result(server, pub)
