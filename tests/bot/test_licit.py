"""Licitovaný mariáš end to end over the fake Bot API (issue 11, items 4 and 7).

Every move is a button press a person could make: the auction on the group's
table message ([Pas], [Mám], the next levels and "➕" for the rest in the
direct chat), the talon in the declarer's direct chat (two presses), the
contract (the level, then the trumps), the fleks on the group message, omyl
in the declarer's direct chat, cards. ``LicitWatch`` checks after every press
that no message a seat could see since the last check shows a card of
another hand or the talon (face down until the auction's winner takes it,
then his discards, his alone).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bot.callbacks import CallbackData, Op
from bot.live import LiveTable
from bot.render.i18n import I18n
from games.cards import card_code, cards_of
from tests.bot.harness import Harness, button, ops, press
from tests.bot.privacy import message_texts, shows
from tests.bot.test_tisic import by_active, hand_options, press_group, press_hand, result_message
from tests.fakes import CallbackAnswer, FakeChat, FakeMessage, FakeTelegram, FakeUser

Option = tuple[str, CallbackData]
I18N = I18n.load()

STRONG_LEAVES = (
    "Th Kh Qh Jh 9h 8h 7h Ad Td Kd",  # forhont
    "As Ts Ks Qs Js 9s 8s 7s Ah Ac",  # M: every trump of leaves, two aces
    "Tc Kc Qc Jc 9c 8c 7c Qd Jd 9d",  # zadák (the dealer)
    "7d 8d",
)
"""M bids and plays sto a sedma in leaves and takes every trick (he keeps the
trump seven for the last one); the talon is the two low bells."""


# -- the table -------------------------------------------------------------------------


def karel(server: FakeTelegram) -> FakeUser:
    return server.add_user(104, "Karel")


async def open_licit(
    h: Harness,
    group: FakeChat,
    humans: list[FakeUser],
    *,
    cards: Sequence[str] | None = STRONG_LEAVES,
    name: str = "licitovaný",
) -> LiveTable:
    for user in humans:
        await h.server.start_dm(user)
    await h.server.send_text(humans[0], group, f"/new {name}")
    for user in humans[1:]:
        await h.server.send_text(user, group, "/join")
    await h.settle()
    live = h.table(group)
    assert live is not None
    if cards is not None:
        h.services.tables.deal_source = by_active(cards)  # type: ignore[method-assign,assignment]
    await h.server.send_text(humans[0], group, "/start")
    await h.settle()
    return live


def roles(live: LiveTable, users: Sequence[FakeUser]) -> list[FakeUser]:
    """The users in the seats forhont, M, zadák of the running deal."""
    by_seat = {live.seat_of(u.id): u for u in users}
    return [by_seat[s] for s in live.state.active]


class LicitWatch:
    """Checks every message sent since the last check against what is secret now.

    Secrets only shrink as a deal goes on (a card is played), so a message
    showing something secret now showed it when it was sent."""

    def __init__(self, h: Harness, live: LiveTable, group: FakeChat, viewers: list[FakeUser]):
        self.h, self.live, self.group, self.viewers = h, live, group, viewers
        self.seen = len(h.server.calls)
        self.checked = 0

    def secrets(self, seat: int) -> set[str]:
        state = self.live.state
        hidden: set[str] = set()
        for other in state.active:
            if other != seat:
                hidden |= {card_code(c) for c in cards_of(state.hands[other])}
        if seat != state.declarer:  # the dealt talon face down, or the discards
            hidden |= {card_code(c) for c in cards_of(state.talon)}
            if not state.talon_taken:
                hidden |= {card_code(c) for c in state.dealt_talon}
        return hidden

    def check(self) -> None:
        calls = self.h.server.calls[self.seen :]
        self.seen += len(calls)
        for user in self.viewers:
            seat = self.live.seat_of(user.id)
            assert seat is not None
            secret = self.secrets(seat)
            for call in calls:
                if call.method not in ("sendMessage", "editMessageText") or not call.ok:
                    continue
                if call.chat_id not in (self.group.id, user.id):
                    continue
                text = message_texts(call)
                self.checked += 1
                shown = sorted(c for c in secret if shows(text, c))
                assert not shown, f"{user.first_name} could see {shown} in:\n{text}"


async def discard(h: Harness, user: FakeUser, first: str, second: str) -> None:
    """The two presses of a discard: a pick, then the pair."""
    _, answer = await press_hand(h, user, first, Op.PICK)
    assert answer.text is None, answer.text
    _, options = hand_options(h, user)
    pair = next(
        d.arg
        for _, d in options
        if d.op is Op.ACTION and {first, second} == set(d.arg.partition(":")[2].split(","))
    )
    _, answer = await press_hand(h, user, pair)
    assert answer.text is None, answer.text


async def announce(h: Harness, user: FakeUser, code: str) -> None:
    """The contract from the direct chat: the level (a pick where it has a choice),
    then its trumps and helper suit."""
    _, options = hand_options(h, user)
    if code not in {d.arg for _, d in options}:
        _, answer = await press_hand(h, user, f"lv:{code.split(':')[1]}", Op.PICK)
        assert answer.text is None, answer.text
    _, answer = await press_hand(h, user, code)
    assert answer.text is None, answer.text


def first_card(options: list[Option]) -> str:
    return next(d.arg for _, d in options if d.op is Op.ACTION and d.arg.startswith("play:"))


def keep_the_seven(options: list[Option]) -> str:
    """The declarer's play: the first card shown, the trump seven only when it is the last."""
    cards = [d.arg for _, d in options if d.op is Op.ACTION and d.arg.startswith("play:")]
    others = [c for c in cards if c != "play:7s"]
    return (others or cards)[0]


def due_humans(live: LiveTable) -> list[int]:
    return [s for s in sorted(live.variant.due(live.state)) if not live.is_computer(s)]


async def play_out(
    h: Harness,
    group: FakeChat,
    users: Sequence[FakeUser],
    *,
    watch: LicitWatch | None = None,
    choose: Callable[[LiveTable, int, list[Option]], str] | None = None,
    limit: int = 200,
) -> int:
    """Press buttons until the deal is over: pass in the auction and the fleks, discard
    the first pair offered, announce the first contract shown, play the first card."""
    presses = 0
    last = h.table(group)
    assert last is not None
    while True:
        await h.settle()
        live = h.table(group) or last
        last = live
        if not live.in_deal:
            break
        due = due_humans(live)
        assert due, "the bot waits for nobody"
        seat = due[0]
        user = next(u for u in users if live.seat_of(u.id) == seat)
        _, options = hand_options(h, user)
        phase = live.state.phase
        # a player who answers the auction and the fleks in the group has them there
        assert options or phase in ("auction", "flek"), f"{user.first_name} sees no button"
        answer: CallbackAnswer
        if phase in ("auction", "flek"):
            _, answer = await press_group(h, group, user, "pass")
        elif phase == "talon":
            picks = [d.arg for _, d in options if d.op is Op.PICK]
            await press_hand(h, user, picks[0], Op.PICK)
            _, options = hand_options(h, user)
            pair = next(d.arg for _, d in options if d.arg.startswith("talon:"))
            _, answer = await press_hand(h, user, pair)
        elif phase == "contract":
            first = next((t, d) for t, d in options if d.arg != "omyl")
            if first[1].op is Op.PICK:
                await press_hand(h, user, first[1].arg, Op.PICK)
                _, options = hand_options(h, user)
            code = next(d.arg for _, d in options if d.arg.startswith("contract:"))
            _, answer = await press_hand(h, user, code)
        else:
            code = choose(live, seat, options) if choose else first_card(options)
            _, answer = await press_hand(h, user, code)
        assert answer.text is None, answer.text
        presses += 1
        if watch is not None:
            watch.check()
        assert presses < limit, "the deal does not end"
    await h.settle()
    if watch is not None:
        watch.check()
    return presses


def group_labels(h: Harness, group: FakeChat) -> list[str]:
    return [t for t, _ in ops(h.group_message(group))]


async def next_deal(h: Harness, group: FakeChat, user: FakeUser) -> None:
    result = result_message(h.server, group)
    await press(h, user, result, button(result, "Další"))
    await h.settle()


# -- the scenarios ---------------------------------------------------------------------


async def test_a_deal_from_the_auction_through_the_talon_and_a_fleked_contract_to_the_result(
    bot: Harness, server: FakeTelegram, pub: FakeChat, jana: FakeUser, petr: FakeUser
) -> None:
    users = [jana, petr, karel(server)]
    live = await open_licit(bot, pub, users, name="licit")
    assert live.variant.id == "marias-licitovany"
    watch = LicitWatch(bot, live, pub, users)
    f, m, z = roles(live, users)
    names = {u.id: live.names[live.seat_of(u.id) or 0] for u in users}
    table = bot.group_message(pub)
    assert "Licitovaný mariáš" in table.text and "zatím nikdo nic nehlásil" in table.text
    assert f"Na tahu: {names[m.id]} — licituje" in table.text
    assert group_labels(bot, pub) == [
        "Pas",
        "Sedma",
        "Sedma červená",
        "Sto",
        "Sto a sedma",
        "➕ Vyšší hry (v soukromém chatu)",
    ]

    # the auction on the group message: M sedma, F mám, M sto a sedma, F pas
    since = len(server.calls)
    await press_group(bot, pub, m, "bid:1")
    watch.check()
    assert not [c for c in server.calls[since:] if c.chat_id == z.id]  # Z waits: untouched
    table = bot.group_message(pub)
    assert f"Na stole: sedma, drží {names[m.id]}" in table.text
    assert f"{names[m.id]}: sedma" in table.text
    assert group_labels(bot, pub) == ["Pas", "Mám"]
    hand, _ = hand_options(bot, f)
    assert f"{names[m.id]} hlásí sedmu. Máš (držíš), nebo pas?" in hand.text
    await press_group(bot, pub, f, "mam")
    table = bot.group_message(pub)
    assert f"Na stole: sedma, drží {names[f.id]}" in table.text
    assert f"{names[f.id]}: mám" in table.text
    await press_group(bot, pub, m, "bid:4")
    assert f"Na stole: sto a sedma, drží {names[m.id]}" in bot.group_message(pub).text
    await press_group(bot, pub, f, "pass")
    watch.check()
    # Z against M: "➕" opens every level in Z's direct chat; Z passes from there
    _, answer = await press_group(bot, pub, z, "more", Op.PICK)
    assert answer.text is None
    _, options = hand_options(bot, z)
    bids = [d.arg for _, d in options if d.arg.startswith("bid:")]
    assert bids == [f"bid:{n}" for n in range(5, 13)]
    assert "Dvě sedmy a sto" in [t for t, _ in options]
    await press_hand(bot, z, "pass")
    watch.check()
    assert live.state.phase == "talon" and live.state.declarer == live.seat_of(m.id)
    table = bot.group_message(pub)
    assert f"Talon vylicitoval(a) {names[m.id]}: sto a sedma" in table.text
    assert not [d for _, d in ops(table) if d.op is Op.ACTION]  # the talon is private

    # the talon in M's direct chat: twelve cards, no button for an ace or a ten
    hand, options = hand_options(bot, m)
    assert "🔔 8 7" in hand.text and "odlož dvě karty" in hand.text
    picks = {d.arg for _, d in options if d.op is Op.PICK}  # betl, durch still open
    assert picks == set(STRONG_LEAVES[1].split()) | {"7d", "8d"}
    await discard(bot, m, "7d", "8d")
    watch.check()
    assert live.state.phase == "contract"
    hand, options = hand_options(bot, m)
    assert "Tvůj talon: 🔔 8, 🔔 7" in hand.text
    assert "Ohlas hru: sto a sedma nebo vyšší, a trumfy." in hand.text
    assert [t for t, _ in options][:3] == [
        "Sto a sedma …",
        "Sto červených",
        "Sto a sedma červených",
    ]
    assert "omyl" not in {d.arg for _, d in options}  # only a bid sedma may be conceded
    await announce(bot, m, "contract:4:s")
    watch.check()
    table = bot.group_message(pub)
    assert f"{names[m.id]} hraje sto a sedmu, trumfy 🍃 zelené" in table.text
    assert "Talon" not in table.text.split("Forhont")[1]  # the discards are M's alone

    # the fleks on the group message: Z flek on sto, F pas, M re, Z and F pas
    assert group_labels(bot, pub) == [
        "Bez fleku",
        "Flek na sto",
        "Flek na sedmu",
        "Flek na sto i na sedmu",
    ]
    await press_group(bot, pub, z, "flek:sto")
    await press_group(bot, pub, f, "pass")
    assert group_labels(bot, pub) == ["Bez fleku", "Re na sto"]
    await press_group(bot, pub, m, "flek:sto")
    table = bot.group_message(pub)
    assert "🔥 re na sto" in table.text and f"{names[m.id]}: re na sto" in table.text
    await press_group(bot, pub, z, "pass")
    await press_group(bot, pub, f, "pass")
    watch.check()
    assert live.state.phase == "play" and dict(live.state.flek) == {"sto": 2, "sedma": 0}

    def choose(now: LiveTable, seat: int, options: list[Option]) -> str:
        return keep_the_seven(options) if seat == now.state.declarer else first_card(options)

    await play_out(bot, pub, users, watch=watch, choose=choose)
    assert watch.checked > 100
    outcome = live.outcome
    assert outcome is not None
    summary = outcome["summary"]
    assert summary["end"] == "played" and summary["level"] == 4
    components = {c["name"]: c for c in summary["components"]}
    assert components["sto"]["won"] and components["sto"]["flek"] == 2
    assert components["sedma"]["won"] and components["sedma"]["units"] == 2
    result = result_message(server, pub)
    assert f"{names[m.id]} hrál(a) sto a sedmu, trumfy 🍃 zelené" in result.text
    assert f"📊 Body: {names[m.id]} " in result.text and "hláška 40" in result.text
    tr = I18N.for_lang("cs")
    sto = live.renderer.format_score(components["sto"]["units"] * 10, tr).lstrip("+")
    assert f"✅ sto (re ×4): {names[m.id]} bere od každého {sto}" in result.text
    assert f"✅ sedma: {names[m.id]} bere od každého 0,20 Kč" in result.text
    paid = live.renderer.format_score(summary["per_defender"] * 10, tr).lstrip("+")
    assert f"{names[f.id]} → {names[m.id]} {paid}" in result.text
    assert f"{names[z.id]} → {names[m.id]} {paid}" in result.text
    assert "Průběžně" in result.text and "Další" in str(result.buttons)


async def test_all_pass_deals_again_with_the_same_dealer(
    bot: Harness, server: FakeTelegram, pub: FakeChat, jana: FakeUser, petr: FakeUser
) -> None:
    users = [jana, petr, karel(server)]
    live = await open_licit(bot, pub, users, name="licitovany")
    watch = LicitWatch(bot, live, pub, users)
    f, m, z = roles(live, users)
    dealer = live.state.dealer
    await press_group(bot, pub, m, "pass")
    await press_group(bot, pub, z, "pass")
    hand, _ = hand_options(bot, f)
    assert "Oba pasovali: ohlas hru sám(a), nebo pas." in hand.text
    labels = group_labels(bot, pub)  # forhont may name any level, sedma included
    assert labels[:2] == ["Pas", "Sedma"]
    await press_group(bot, pub, f, "pass")
    watch.check()
    result = result_message(server, pub)
    assert "Všichni pasovali: nehrálo se, rozdává se znovu." in result.text
    assert "→" not in result.text  # nobody pays
    assert f"Příště rozdává {live.names[dealer]}" in result.text
    match = live.game_match
    assert match is not None and match.totals == (0, 0, 0) and match.dealer == dealer
    await next_deal(bot, pub, jana)
    assert live.in_deal and live.state.dealer == dealer and live.state.phase == "auction"
    assert "rozdání 2" in bot.group_message(pub).text


async def test_omyl_in_the_direct_chat_while_it_is_allowed(
    bot: Harness, server: FakeTelegram, pub: FakeChat, jana: FakeUser, petr: FakeUser
) -> None:
    users = [jana, petr, karel(server)]
    live = await open_licit(bot, pub, users)
    watch = LicitWatch(bot, live, pub, users)
    f, m, z = roles(live, users)
    name = live.names[live.seat_of(m.id) or 0]
    await press_group(bot, pub, m, "bid:1")
    await press_group(bot, pub, f, "pass")
    await press_group(bot, pub, z, "pass")
    assert live.state.declarer == live.seat_of(m.id) and live.state.bid_level == 1
    await discard(bot, m, "7d", "8d")
    _, options = hand_options(bot, m)
    assert ("🏳 Omyl: složit sedmu", "omyl") in [(t, d.arg) for t, d in options]
    await announce(bot, m, "contract:1:s")
    watch.check()
    # while the defenders flek, M's message keeps its one button and is not edited
    hand, options = hand_options(bot, m)
    assert [d.arg for _, d in options] == ["omyl"] and "složit (omyl)" in hand.text
    assert f"Na tahu: {live.names[live.seat_of(z.id) or 0]} — flekuje?" in (
        bot.group_message(pub).text
    )
    since = len(server.calls)
    await press_group(bot, pub, z, "pass")
    assert not [c for c in server.calls[since:] if c.chat_id == m.id]
    await press_group(bot, pub, f, "flek:sedma")
    # M may re, or concede: the sedma at one flek less the silent game, 3 units each
    _, options = hand_options(bot, m)
    assert {d.arg for _, d in options} == {"pass", "flek:sedma", "omyl"}
    _, answer = await press_hand(bot, m, "omyl")
    assert answer.text is None
    watch.check()
    summary = live.outcome["summary"]  # type: ignore[index]
    assert summary["end"] == "omyl"
    result = result_message(server, pub)
    assert f"🏳 {name} vylicitoval(a) sedmu a složil(a) ji (omyl)." in result.text
    assert f"❌ sedma (flek ×2): {name} platí každému 0,40 Kč" in result.text
    assert f"✅ tichá hra: {name} bere od každého 0,10 Kč" in result.text
    for defender in (f, z):
        other = live.names[live.seat_of(defender.id) or 0]
        assert f"{name} → {other} 0,30 Kč" in result.text

    # the next deal: omyl stays open through the fleks into the play, until the first card
    await next_deal(bot, pub, jana)
    f, m, z = roles(live, users)
    await press_group(bot, pub, m, "bid:1")
    await press_group(bot, pub, f, "pass")
    await press_group(bot, pub, z, "pass")
    assert live.state.declarer == live.seat_of(m.id)
    watch = LicitWatch(bot, live, pub, users)
    await discard(bot, m, "7d", "8d")
    await announce(bot, m, "contract:1:s")
    while live.state.phase == "flek":
        user = next(u for u in users if live.seat_of(u.id) == live.state.to_move)
        await press_group(bot, pub, user, "pass")
    assert live.state.phase == "play" and live.state.omyl_open
    assert live.state.to_move == live.seat_of(f.id)  # forhont leads
    _, options = hand_options(bot, m)
    assert [d.arg for _, d in options] == ["omyl"]
    await press_hand(bot, f, first_card(hand_options(bot, f)[1]))
    assert not live.state.omyl_open
    _, options = hand_options(bot, m)
    assert options and "omyl" not in {d.arg for _, d in options}
    watch.check()
    await play_out(bot, pub, users, watch=watch)
    assert live.outcome is not None and live.outcome["summary"]["end"] in ("played", "early")


async def test_stale_wrong_and_forged_presses_change_nothing(
    bot: Harness, server: FakeTelegram, pub: FakeChat, jana: FakeUser, petr: FakeUser
) -> None:
    users = [jana, petr, karel(server)]
    live = await open_licit(bot, pub, users)
    f, m, z = roles(live, users)
    table = bot.group_message(pub)
    old = next(d for _, d in ops(table) if d.arg == "bid:1").encode()
    await press_group(bot, pub, m, "bid:1")
    assert live.deal is not None
    before = (live.version, len(await bot.services.store.deals.list_actions(live.deal.id)))
    version = live.version

    async def answer(user: FakeUser, data: str, message: FakeMessage | None = None) -> str | None:
        target = message or bot.group_message(pub)
        query = await server.press(user, target, data, forge=True)
        return (await server.wait_answer(query)).text

    stale = "Stůl se mezitím změnil — použij nová tlačítka."
    assert await answer(m, old) == stale  # M already spoke since that button
    assert await answer(z, f"{live.id}|{version}|a|pass") == "Teď nejsi na tahu."
    assert await answer(f, f"{live.id}|{version}|a|bid:2") == "Máš přednost: řekni mám, nebo pas."
    assert await answer(f, f"{live.id}|{version}|a|bid:13") == "Tohle tlačítko neznám."
    assert await answer(f, f"{live.id}|{version}|a|play:As") == "Teď je na řadě něco jiného."
    assert (
        await answer(f, f"{live.id}|{version}|a|omyl")
        == "Složit hru může jen ten, kdo ji vylicitoval."
    )
    assert await answer(f, "licit|bid:1") == "Tohle tlačítko neznám."
    kibic = server.add_user(200, "Kibic")
    await server.start_dm(kibic)
    await bot.settle()
    assert await answer(kibic, f"{live.id}|{version}|a|mam") == "U tohoto stolu nehraješ."
    await bot.settle()
    after = (live.version, len(await bot.services.store.deals.list_actions(live.deal.id)))
    assert after == before
    await press_group(bot, pub, f, "mam")
    version = live.version
    assert await answer(m, f"{live.id}|{version}|a|bid:1") == "Musíš hlásit vyšší hru."
    assert await answer(m, f"{live.id}|{version}|a|mam") == "Mám říká jen hráč s předností."
    await press_group(bot, pub, m, "bid:4")
    await press_group(bot, pub, f, "pass")
    await press_group(bot, pub, z, "pass")
    assert live.state.phase == "talon" and live.state.declarer == live.seat_of(m.id)
    hand = bot.hand_message(m)
    assert hand is not None
    version = live.version
    assert await answer(m, f"{live.id}|{version}|a|contract:4:s", hand) == (
        "Teď je na řadě něco jiného."
    )
    assert await answer(m, f"{live.id}|{version}|a|talon:Th,Kh", hand) == "Tu kartu nemáš."
    await discard(bot, m, "7d", "8d")
    version = live.version
    hand = bot.hand_message(m)
    assert hand is not None
    assert await answer(m, f"{live.id}|{version}|a|contract:3:s", hand) == (
        "Pod vylicitovanou hru jít nejde."
    )
    assert await answer(m, f"{live.id}|{version}|a|contract:6:s", hand) == (
        "S těmito trumfy se tahle hra nehraje."
    )
    assert await answer(m, f"{live.id}|{version}|a|contract:10:s:s", hand) == (
        "Pomocná barva musí být jiná než trumfy."
    )
    assert await answer(m, f"{live.id}|{version}|a|omyl", hand) == (
        "Omyl jde jen u sedmy, a jen než padne první karta."
    )
    assert live.state.phase == "contract" and live.version == version
    await play_out(bot, pub, users)
    assert live.outcome is not None


async def test_restart_in_the_middle_of_the_auction(
    bot: Harness, server: FakeTelegram, pub: FakeChat, jana: FakeUser, petr: FakeUser
) -> None:
    users = [jana, petr, karel(server)]
    live = await open_licit(bot, pub, users)
    f, m, z = roles(live, users)
    await press_group(bot, pub, m, "bid:1")
    await press_group(bot, pub, f, "mam")
    await press_group(bot, pub, m, "pass")
    await press_group(bot, pub, z, "more", Op.PICK)  # a selection in progress, too
    version, deal_id = live.version, live.deal.id  # type: ignore[union-attr]
    before_view = live.state.public_view()
    table_id = bot.group_message(pub).message_id
    hands = {u.id: bot.hand_message(u).message_id for u in users}  # type: ignore[union-attr]
    sent = len(server.requests("sendMessage"))

    await bot.restart()
    await bot.settle()
    again = bot.table(pub)
    assert again is not None and again is not live
    assert (again.version, again.deal.id) == (version, deal_id)  # type: ignore[union-attr]
    assert again.state.public_view() == before_view
    assert again.state.phase == "auction" and again.state.calls[-1].code == "pass"
    assert len(server.requests("sendMessage")) == sent
    assert bot.group_message(pub).message_id == table_id
    assert {u.id: bot.hand_message(u).message_id for u in users} == hands  # type: ignore[union-attr]
    assert f"drží {again.names[again.seat_of(f.id) or 0]}" in bot.group_message(pub).text
    _, options = hand_options(bot, z)
    assert "bid:12" in {d.arg for _, d in options}  # the selection survived
    await press_hand(bot, z, "bid:9")
    await press_group(bot, pub, f, "pass")
    assert again.state.declarer == again.seat_of(z.id) and again.state.bid_level == 9
    name = again.names[again.seat_of(z.id) or 0]
    assert f"Talon vylicitoval(a) {name}: dvě sedmy" in bot.group_message(pub).text
    watch = LicitWatch(bot, again, pub, users)
    await play_out(bot, pub, users, watch=watch)
    assert "Konec rozdání" in result_message(server, pub).text


async def test_four_players_the_dealer_pauses(
    bot: Harness,
    server: FakeTelegram,
    pub: FakeChat,
    jana: FakeUser,
    petr: FakeUser,
    eva: FakeUser,
) -> None:
    users = [jana, petr, eva, karel(server)]
    live = await open_licit(bot, pub, users, cards=None)
    assert len(live.names) == 4
    for deal_no in range(2):
        dealer = live.state.dealer
        out_user = next(u for u in users if live.seat_of(u.id) == dealer)
        assert dealer not in live.state.active
        assert f"pauzuje {live.names[dealer]}" in bot.group_message(pub).text
        hands_before = [m for m in server.bot_messages(out_user) if m.text.startswith("🃏")]
        watch = LicitWatch(bot, live, pub, users)
        m = roles(live, users)[1]
        await press_group(bot, pub, m, "bid:1")  # so that the deal is played
        await play_out(bot, pub, users, watch=watch)
        hands = [m for m in server.bot_messages(out_user) if m.text.startswith("🃏")]
        assert len(hands) == len(hands_before) and all(not ops(m) for m in hands)
        outcome = live.outcome
        assert outcome is not None and outcome["scores"][dealer] == 0
        if deal_no == 0:
            await next_deal(bot, pub, jana)
            assert live.state.dealer == (dealer + 1) % 4
    # Eva reads her hand in English
    english = [m for m in server.bot_messages(eva) if m.text.startswith("🃏")]
    assert english and ("Your cards" in english[-1].text or "sit out" in english[-1].text)


async def test_one_player_against_two_computers(
    bot: Harness, server: FakeTelegram, pub: FakeChat, jana: FakeUser
) -> None:
    await server.start_dm(jana)
    await server.send_text(jana, pub, "/new licit")
    await bot.settle()
    for _ in range(2):
        lobby = bot.group_message(pub)
        await press(bot, jana, lobby, button(lobby, "Počítač"))
        await bot.settle()
    live = bot.table(pub)
    assert live is not None
    await server.send_text(jana, pub, "/start")
    await bot.settle()
    watch = LicitWatch(bot, live, pub, [jana])
    await play_out(bot, pub, [jana], watch=watch)
    assert live.outcome is not None and "Konec rozdání" in result_message(server, pub).text
