"""Volený cenzr end to end over the fake Bot API (issue 9, item 6).

A full deal by button presses with a call, declarations and their
cancellation; a samec with péro; two of them ending a round at 1500 with the
cap (and a one-round labeta ending the match); five at the table with the
dealer out; an all-pass redeal; stale, wrong and forged presses; a restart in
the middle of trick 1. After every press, no message a seat may see shows a
card it may not know, its own second packet while calling, or the partner.
"""

from __future__ import annotations

import random

import pytest

from bot.callbacks import Op
from bot.live import LiveTable
from tests.bot.cenzr_helpers import (
    I18N,
    CenzrWatch,
    active_order,
    by_active,
    call_by_buttons,
    hand_options,
    open_cenzr,
    play_out,
    press_arg,
)
from tests.bot.harness import Harness, button, press
from tests.fakes import FakeChat, FakeTelegram, FakeUser

TIE = [  # cenzr.md §3.7 D3 (trumps c): A[0] and A[1] hold equal padesáts to the ace
    "Ah Kh Qh Jh Jd 9s 9c 7c",
    "Th 9h Kd As Ks Qs Js Ac",
    "Qd 9d 7d 8s Kc Qc Jc Tc",  # a padesát to the king in trumps, and bela
    "8h 7h Ad Td 8d Ts 7s 8c",
]
HEARTS = "Jh Ah Kh Qh Th 9h 8h 7h"
"""All eight trumps once hearts are called: sto, bela, every trick (péro)."""
OTHERS = ["Ad Kd Qd Jd Td 9d As Ks", "8d 7d Qs Js Ts 9s 8s 7s", "Ac Kc Qc Jc Tc 9c 8c 7c"]


@pytest.fixture
def olga(server: FakeTelegram) -> FakeUser:
    return server.add_user(104, "Olga")


@pytest.fixture
def karel(server: FakeTelegram) -> FakeUser:
    return server.add_user(105, "Karel")


def user_at(live: LiveTable, seat: int, users: list[FakeUser]) -> FakeUser:
    return next(u for u in users if live.seat_of(u.id) == seat)


async def test_a_full_deal_with_a_call_declarations_and_their_cancellation(
    bot: Harness,
    server: FakeTelegram,
    pub: FakeChat,
    jana: FakeUser,
    petr: FakeUser,
    eva: FakeUser,
    olga: FakeUser,
) -> None:
    users = [jana, petr, eva, olga]
    rules = {"bela_mode": "prompt"}  # A[2] holds ♣K ♣Q: he decides at the count
    live = await open_cenzr(bot, pub, users, options=rules, cards=by_active(TIE), start=False)
    lobby = bot.group_message(pub)
    assert "Bela: rozhodne držitel" in lobby.text
    assert "Volený cenzr" in lobby.text and "potřeba 4–6" in lobby.text
    watch = CenzrWatch(bot, live, pub, users)
    await server.send_text(jana, pub, "/start")
    await bot.settle()
    watch.check()
    a = live.state.active
    first, second, third, fourth = (user_at(live, s, users) for s in a)
    table = bot.group_message(pub)
    assert f"Volí a vynáší první: {live.names[a[0]]}" in table.text
    message, options = hand_options(bot, first)
    assert "první 4 karty" in message.text or "first 4 cards" in message.text
    assert [d.op for _, d in options].count(Op.PICK) == 4
    await press_arg(bot, first, "pass")
    watch.check()
    assert f"Pas: {live.names[a[0]]}" in bot.group_message(pub).text
    label = await call_by_buttons(bot, second, "Tc")
    watch.check()
    assert label in ("s desítkou žaludskou", "Ten · Acorns")
    table = bot.group_message(pub)
    assert f"🎯 {live.names[a[1]]} hraje s desítkou žaludskou · trumfy 🌰 žaludy" in table.text
    # the partner (A[2] holds ♣10) knows it privately; nobody else is told
    assert "🤫" in hand_options(bot, third)[0].text
    assert "🤫" not in hand_options(bot, second)[0].text
    # A[0] leads trick 1 and holds a padesát: the button says what he will say
    message, options = hand_options(bot, first)
    labels = [t for t, d in options if d.arg == "announce"]
    assert labels in (["📣 Hlásím: padesát"], ["📣 I declare: fifty"])
    await press_arg(bot, first, "announce")
    watch.check()
    assert f"🗣 Hlášky: {live.names[a[0]]}: padesát" in bot.group_message(pub).text
    await press_arg(bot, first, "play:Ah")
    watch.check()
    for user in (second, third):
        await press_arg(bot, user, "announce")
        watch.check()
        _, options = hand_options(bot, user)
        plays = [d.arg for _, d in options if d.arg.startswith("play:")]
        await press_arg(bot, user, plays[0])
        watch.check()
    _, options = hand_options(bot, fourth)  # no declaration: no button
    assert not [d for _, d in options if d.arg == "announce"]
    said = bot.group_message(pub).text
    assert "padesát · " in said and said.count("padesát") >= 3
    plays = [d.arg for _, d in options if d.arg.startswith("play:")]
    await press_arg(bot, fourth, plays[0])
    watch.check()
    after = bot.group_message(pub).text
    assert (
        f"Velikost: {live.names[a[0]]}: padesát do esa, máš? · {live.names[a[1]]}: já taky do esa"
        in (after)
    )
    assert f"{live.names[a[2]]}: dobrá, mám nižší" in after
    assert "❌ Hlášky se ruší — neplatí žádná." in after
    edits_before = {u.id: len(server.requests("editMessageText", chat=u)) for u in users}
    await play_out(bot, pub, users, watch=watch)
    assert watch.checked > 200
    assert live.outcome is not None
    summary = live.outcome["summary"]
    assert summary["declarations"]["valid"] == []
    result = server.bot_messages(pub)[-1].text
    assert "Konec rozdání" in result and "Volící (" in result and "Obrana (" in result
    assert "✖️ Zrušeno:" in result and "Zápis:" in result
    for seat, value in summary["recorded"].items():
        assert f"{live.names[int(seat)]} {value}" in result
    assert ("Volící vyhráli" in result) == summary["won"]
    asked = [str(c.params.get("text")) for c in server.calls if c.chat_id == third.id]
    assert any("Bela:</b>" in t and "S belou: volící" in t for t in asked) or any(
        "Bela:</b>" in t and "With bela: callers" in t for t in asked
    )
    assert summary["bela"]["holder"] == a[2] and "👑 Bela (20)" in result
    logged = await bot.services.store.deals.list_actions(live.deal.id)  # type: ignore[union-attr]
    assert logged[-1].code in ("bela:yes", "bela:no") and logged[-1].seat == a[2]
    # the budget: a waiting hand is not edited by the others' cards (2 edits a trick at most)
    for user in users:
        edits = len(server.requests("editMessageText", chat=user)) - edits_before[user.id]
        assert edits <= 2 * 7 + 3, (user.first_name, edits)
    await server.send_text(petr, pub, "/score")
    await bot.settle()
    score = server.last_message(pub).text
    assert "Zápis 1. kola" in score and "Labeta" in score and "dohraná kola 0 z 4" in score
    assert "1. kolo začal rozdávat" in score


def _samec_source(target: dict[str, int]) -> object:
    """Deals where one seat (A[0] of the first deal) holds all the hearts."""

    def source(live: LiveTable) -> dict[str, list[str]]:
        order = active_order(live)
        seat = target.setdefault("seat", order[0])
        others = iter(OTHERS)
        return {str(s): (HEARTS if s == seat else next(others)).split() for s in order}

    return source


@pytest.mark.parametrize("rounds", [None, 1])
async def test_samec_with_pero_and_a_round_ending_at_1500_with_the_cap(
    bot: Harness,
    server: FakeTelegram,
    pub: FakeChat,
    jana: FakeUser,
    petr: FakeUser,
    eva: FakeUser,
    olga: FakeUser,
    rounds: int | None,
) -> None:
    users = [jana, petr, eva, olga]
    target: dict[str, int] = {}
    options = {} if rounds is None else {"rounds_per_labeta": rounds}
    live = await open_cenzr(bot, pub, users, options=options, cards=_samec_source(target))  # type: ignore[arg-type]
    seat = target["seat"]
    name = live.names[seat]
    samec = user_at(live, seat, users)
    watch = CenzrWatch(bot, live, pub, users)
    assert live.state.active[0] == seat
    await call_by_buttons(bot, samec, "Jh")  # from his first packet: a voluntary samec
    watch.check()
    text = hand_options(bot, samec)[0].text
    assert "🤫" in text and ("samec" in text)
    _, options_shown = hand_options(bot, samec)
    assert [t for t, d in options_shown if d.arg == "announce"] in (
        ["📣 Hlásím: sto"],
        ["📣 I declare: hundred"],
    )
    await press_arg(bot, samec, "announce")
    watch.check()
    await press_arg(bot, samec, "play:7h")  # not the called card: still a secret
    watch.check()
    assert "samec" not in bot.group_message(pub).text
    await play_out(bot, pub, users, watch=watch)
    summary = live.outcome["summary"]  # type: ignore[index]
    assert summary["samec"] == "voluntary" and summary["pero"] == "C" and summary["won"]
    assert summary["recorded"][str(seat)] == 3 * (162 + 100 + 20 + 100)
    result = server.bot_messages(pub)[-1]
    assert f"👤 {name} hraje sám proti všem — dobrovolný samec" in result.text
    assert "🪶 Péro" in result.text and f"👑 Bela (20): {name} si ji počítá." in result.text
    assert "péro 100 = <b>382</b>" not in result.text  # plain text as Telegram shows it
    assert "péro 100 = 382" in result.text
    assert "📊 1. kolo, součty: " in result.text and f"{name} 1146" in result.text
    await server.send_text(petr, pub, "/score")
    await bot.settle()
    score = server.last_message(pub).text
    assert "Zápis 1. kola" in score and " 1146 " in score and "SP" in score
    # the next deal: the samec deals and still holds every heart; three pass, he calls
    await press(bot, petr, result, button(result, "Další"))
    await bot.settle()
    assert live.state.dealer == seat and live.state.active[3] == seat
    await play_out(bot, pub, users, watch=watch, caller=lambda _l, s: "Jh" if s == seat else None)
    summary = live.outcome["summary"]  # type: ignore[index]
    assert summary["samec"] == "voluntary" and summary["recorded"][str(seat)] == 1146
    match = live.game_match
    assert match is not None
    assert match.data["results"] == [[1500 if s == seat else 0 for s in range(4)]]
    final = server.bot_messages(pub)[-1].text
    assert "🏁 Konec 1. kola: " in final and f"{name} 1500" in final
    if rounds is None:
        assert match.totals == (0, 0, 0, 0) and not match.over
        await server.send_text(petr, pub, "/score")
        await bot.settle()
        score = server.last_message(pub).text
        assert "kolo skončilo, nad 1500 se zapisuje 1500" in score
        assert " 2292 " in score and " 1500 " in score
        assert "dohraná kola 1 z 4" in score
        second = live.names[(match.data["round_dealer"]) % 4]
        assert f"2. kolo začal rozdávat {second}" in score
    else:
        assert match.over and bot.table(pub) is None
        assert "Konec labety" in final and f"1. {name} 1500 bodů" in final
        assert final.count("2. ") >= 3 and "0 bodů" in final  # the others share 2nd place
        assert "Σ" in final and "Novou partii" in final
        await server.send_text(petr, pub, "/score")
        await bot.settle()
        score = server.last_message(pub).text
        assert "1× vítěz" in score or "0× vítěz" in score


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
    live = await open_cenzr(bot, pub, users, start=False, name="cenzr-voleny")
    watch = CenzrWatch(bot, live, pub, users)
    await server.send_text(jana, pub, "/start")
    await bot.settle()
    watch.check()
    dealer = live.state.dealer
    out = user_at(live, dealer, users)
    assert live.state.active == tuple((dealer + i) % 5 for i in range(1, 5))
    assert f"pauzuje {live.names[dealer]}" in bot.group_message(pub).text
    assert bot.hand_message(out) is None  # no cards, no hand message
    await play_out(bot, pub, users, watch=watch, caller=lambda _l, _s: "Ad")
    assert bot.hand_message(out) is None
    summary = live.outcome["summary"]  # type: ignore[index]
    assert str(dealer) not in summary["recorded"] and live.outcome["scores"][dealer] == 0  # type: ignore[index]
    result = server.bot_messages(pub)[-1].text
    assert "s esem kulovým" in result and "Zápis:" in result
    assert f"{live.names[dealer]} " not in result.split("Zápis:")[1].split("\n")[0]
    next_dealer = (dealer + 1) % 5
    assert f"Příště rozdává {live.names[next_dealer]}." in result


async def test_all_pass_annuls_the_deal_and_the_next_player_deals(
    bot: Harness,
    server: FakeTelegram,
    pub: FakeChat,
    jana: FakeUser,
    petr: FakeUser,
    eva: FakeUser,
    olga: FakeUser,
) -> None:
    users = [jana, petr, eva, olga]
    live = await open_cenzr(bot, pub, users)
    watch = CenzrWatch(bot, live, pub, users)
    dealer = live.state.dealer
    presses = await play_out(bot, pub, users, watch=watch)
    assert presses == 4
    assert live.outcome is not None and not live.outcome["played"]
    result = server.bot_messages(pub)[-1]
    assert "Všichni pasovali" in result.text
    assert f"Příště rozdává {live.names[(dealer + 1) % 4]}." in result.text
    assert live.game_match is not None and live.game_match.totals == (0, 0, 0, 0)
    await server.send_text(petr, pub, "/score")
    await bot.settle()
    score = server.last_message(pub).text
    assert "pas" in score.split("Zápis 1. kola")[1]
    await press(bot, petr, result, button(result, "Další"))
    await bot.settle()
    watch.check()
    assert live.in_deal and live.state.dealer == (dealer + 1) % 4
    assert live.deal is not None and live.deal.deal_no == 1


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
    live = await open_cenzr(bot, pub, users, cards=by_active(TIE))
    watch = CenzrWatch(bot, live, pub, users)
    a = live.state.active
    first, second, third, fourth = (user_at(live, s, users) for s in a)
    _, old_options = hand_options(bot, first)
    old_pass = next(d for _, d in old_options if d.arg == "pass").encode()

    async def answer(user: FakeUser, data: str) -> str | None:
        message = bot.hand_message(user) or server.last_message(user)
        query = await server.press(user, message, data, forge=True)
        return (await server.wait_answer(query)).text

    def said(user: FakeUser, key: str) -> str:
        return I18N.for_lang(bot.services.presenter.user_lang(user.id))(key)

    assert said(jana, "illegal.must_follow") == "Musíš přiznat barvu, a když ji nemáš, trumfovat."
    v = live.version
    assert await answer(second, f"{live.id}|{v}|a|call:Ad") == said(second, "err.not_your_turn")
    assert await answer(second, f"{live.id}|{v}|p|d") == said(second, "err.not_your_turn")
    assert await answer(first, f"{live.id}|{v}|a|call:Xz") == said(first, "err.forged")
    assert await answer(first, "garbage") == said(first, "err.forged")
    await press_arg(bot, first, "pass")
    assert await answer(first, old_pass) == said(first, "err.stale")
    await call_by_buttons(bot, second, "Tc")
    watch.check()
    v = live.version
    before = (live.version, len(await bot.services.store.deals.list_actions(live.deal.id)))  # type: ignore[union-attr]
    assert await answer(third, f"{live.id}|{v}|a|announce") == said(third, "err.not_your_turn")
    assert await answer(first, f"{live.id}|{v}|a|play:As") == said(first, "illegal.not_in_hand")
    assert await answer(first, f"{live.id}|{v}|a|call:Ad") == said(first, "illegal.wrong_phase")
    kibic = server.add_user(200, "Kibic")
    await server.start_dm(kibic)
    await bot.settle()
    query = await server.press(
        kibic, server.last_message(kibic), f"{live.id}|{v}|a|play:Ah", forge=True
    )
    assert (await server.wait_answer(query)).text == "U tohoto stolu nehraješ."
    after = (live.version, len(await bot.services.store.deals.list_actions(live.deal.id)))  # type: ignore[union-attr]
    assert after == before
    await press_arg(bot, first, "play:Ah")
    v = live.version
    # A[1] holds ♥10 and ♥9: a spade does not follow suit
    assert await answer(second, f"{live.id}|{v}|a|play:As") == said(second, "illegal.must_follow")
    for user in (second, third):
        _, options = hand_options(bot, user)
        await press_arg(bot, user, next(d.arg for _, d in options if d.arg.startswith("play:")))
    v = live.version
    # A[3] holds no declaration: the announcement is refused in the rules' words
    assert await answer(fourth, f"{live.id}|{v}|a|announce") == said(
        fourth, "illegal.cannot_announce"
    )
    # and a late one, after his own card, is refused too (A[0] played already)
    assert await answer(first, f"{live.id}|{v}|a|announce") == said(first, "err.not_your_turn")
    await bot.settle()
    watch.check()
    assert live.state.announcements == ()


async def test_a_restart_in_the_middle_of_trick_one(
    bot: Harness,
    server: FakeTelegram,
    pub: FakeChat,
    jana: FakeUser,
    petr: FakeUser,
    eva: FakeUser,
    olga: FakeUser,
) -> None:
    users = [jana, petr, eva, olga]
    live = await open_cenzr(bot, pub, users, cards=by_active(TIE))
    watch = CenzrWatch(bot, live, pub, users)
    a = live.state.active
    first, second = user_at(live, a[0], users), user_at(live, a[1], users)
    await press_arg(bot, first, "pass")
    await call_by_buttons(bot, second, "Tc")
    await press_arg(bot, first, "announce")
    await press_arg(bot, first, "play:Ah")
    await press_arg(bot, second, "announce")  # announced, his card still to come
    watch.check()
    await bot.settle()
    before = live.state
    table = bot.group_message(pub)
    hands = {u.id: bot.hand_message(u).message_id for u in users}  # type: ignore[union-attr]
    sent = len(server.requests("sendMessage"))
    assert f"{live.names[a[1]]}: padesát" in table.text

    await bot.restart()
    await bot.settle()
    again = bot.table(pub)
    assert again is not None and again is not live and again.state == before
    assert len(server.requests("sendMessage")) == sent
    assert bot.group_message(pub).message_id == table.message_id
    assert {u.id: bot.hand_message(u).message_id for u in users} == hands  # type: ignore[union-attr]
    # his buttons still work: the card, without a second announcement
    _, options = hand_options(bot, second)
    assert not [d for _, d in options if d.arg == "announce"]
    watch = CenzrWatch(bot, again, pub, users)
    await play_out(bot, pub, users, watch=watch, rng=random.Random(9))
    assert again.outcome is not None
    result = server.bot_messages(pub)[-1].text
    assert "Konec rozdání" in result and "✖️ Zrušeno:" in result
