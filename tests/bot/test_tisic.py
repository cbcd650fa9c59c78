"""Tisíc end to end over the fake Bot API (issue 10, item 6).

Every move is a button press a person could make: the auction on the group's
table message ([Dobrý], the next bids and "➕" for the rest in the direct
chat), the talon in the declarer's direct chat (two presses per discard), the
contract, marriages ("👑 TRUMF"), cards. ``TisicWatch`` checks after every
press that no message a seat could see since the last check shows a card of
another hand, the face-down talon (unless ``show_talon``) or the discards.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from bot.callbacks import CallbackData, Op
from bot.live import LiveTable
from bot.render.i18n import I18n
from bot.screens import money_text
from games.cards import card_code, cards_of
from games.match import Match
from games.tisic import match as tisic_match
from tests.bot.harness import Harness, button, ops, press, wait_until
from tests.bot.privacy import message_texts, shows
from tests.fakes import CallbackAnswer, FakeChat, FakeMessage, FakeTelegram, FakeUser

Option = tuple[str, CallbackData]
I18N = I18n.load()

MARRIAGE_DEAL = (
    "Ac Kc Qc Ah Th Kh Qh 7d 8d 9d",
    "Tc Jc 9c 8c Jh 9h Ad Td Kd Qd",
    "7c 8h 7h Jd Ts Ks Qs Js 9s 8s",
    "As 7s",
)
"""P1 holds the marriages of hearts and acorns, A and T of hearts: he leads the
acorn ace, then ``trumf:Qh`` (hearts trumps, +40) wins the trick, then
``trumf:Kc`` (acorns trumps, +100). P2 holds the bells marriage (60) and no
more, so a bid of 200 by P2 cannot be made (120 + 60 < 200)."""


# -- the table and the deal ------------------------------------------------------------


def active_order(live: LiveTable) -> list[int]:
    """``(P1, P2, P3)`` of the deal about to be dealt (the match's next dealer)."""
    match = live.game_match
    assert match is not None
    count = len(live.names)
    out = live.variant.sitting_out(live.deal_options, count, match.dealer)
    order = [(match.dealer + i) % count for i in range(1, count + 1)]
    return [s for s in order if s not in out]


def by_active(hands: Sequence[str]) -> Callable[[LiveTable], dict[str, list[str]]]:
    """A deal source: ``hands[i]`` goes to ``P(i+1)``, ``hands[3]`` is the talon."""

    def source(live: LiveTable) -> dict[str, list[str]]:
        cards = {str(s): hands[i].split() for i, s in enumerate(active_order(live))}
        cards["talon"] = hands[3].split()
        return cards

    return source


async def open_tisic(
    h: Harness,
    group: FakeChat,
    humans: list[FakeUser],
    computers: int = 0,
    *,
    options: Mapping[str, object] | None = None,
    cards: Callable[[LiveTable], Mapping[str, Any]] | None = None,
    name: str = "tisíc",
) -> LiveTable:
    for user in humans:
        await h.server.start_dm(user)
    await h.server.send_text(humans[0], group, f"/new {name}")
    for user in humans[1:]:
        await h.server.send_text(user, group, "/join")
    await h.settle()
    for _ in range(computers):
        lobby = h.group_message(group)
        await press(h, humans[0], lobby, button(lobby, "Počítač"))
        await h.settle()
    live = h.table(group)
    assert live is not None
    for option, value in (options or {}).items():
        await h.services.tables.set_option(live, option, value, None)
    if cards is not None:
        h.services.tables.deal_source = cards  # type: ignore[method-assign,assignment]
    await h.server.send_text(humans[0], group, "/start")
    await h.settle()
    return live


def roles(live: LiveTable, users: Sequence[FakeUser]) -> list[FakeUser]:
    """The users in the seats P1, P2, P3 of the running deal."""
    by_seat = {live.seat_of(u.id): u for u in users}
    return [by_seat[s] for s in live.state.active]


def hand_options(h: Harness, user: FakeUser) -> tuple[FakeMessage, list[Option]]:
    message = h.hand_message(user)
    assert message is not None, f"{user.first_name} has no hand message"
    return message, ops(message)


async def press_hand(
    h: Harness, user: FakeUser, arg: str, op: Op = Op.ACTION
) -> tuple[str, CallbackAnswer]:
    """Press the direct chat button that carries ``arg``; its label and the answer."""
    message, options = hand_options(h, user)
    found = [(t, d) for t, d in options if d.arg == arg and d.op is op]
    assert found, f"{user.first_name} has no button {arg!r}: {[t for t, _ in options]}"
    label, data = found[0]
    answer = await press(h, user, message, data.encode())
    await h.settle()
    return label, answer


async def press_group(
    h: Harness, group: FakeChat, user: FakeUser, arg: str, op: Op = Op.ACTION
) -> tuple[str, CallbackAnswer]:
    """Press the group's table message button that carries ``arg``."""
    message = h.group_message(group)
    found = [(t, d) for t, d in ops(message) if d.arg == arg and d.op is op]
    assert found, f"the table has no button {arg!r}: {[t for t, _ in ops(message)]}"
    label, data = found[0]
    answer = await press(h, user, message, data.encode())
    await h.settle()
    return label, answer


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


class TisicWatch:
    """Checks every message sent since the last check against what is secret now.

    Secrets only shrink as a deal goes on (a card is played, the discards are shown
    in the result), so a message showing something secret now showed it when sent."""

    def __init__(self, h: Harness, live: LiveTable, group: FakeChat, viewers: list[FakeUser]):
        self.h, self.live, self.group, self.viewers = h, live, group, viewers
        self.seen = len(h.server.calls)
        self.checked = 0

    def secrets(self, seat: int) -> set[str]:
        state = self.live.state
        hidden: set[str] = set()  # at the end, only a deal cut short keeps cards in hand
        for other in state.active:
            if other != seat:
                hidden |= {card_code(c) for c in cards_of(state.hands[other])}
        hidden |= {card_code(c) for c in cards_of(state.talon)}  # still face down
        if seat != state.declarer and not state.is_over:  # the result shows them
            hidden |= {card_code(c) for c in cards_of(state.discards)}
        if state.options.show_talon and state.phase != "auction":
            hidden -= {card_code(c) for c in state.dealt_talon}
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


def due_humans(live: LiveTable) -> list[int]:
    return [s for s in sorted(live.variant.due(live.state)) if not live.is_computer(s)]


async def play_out(
    h: Harness,
    group: FakeChat,
    users: Sequence[FakeUser],
    *,
    watch: TisicWatch | None = None,
    rng: random.Random | None = None,
    limit: int = 200,
) -> int:
    """Press buttons until the deal is over: pass in the auction, discard the first
    pair offered, keep the bid, refuse a storno, play any card shown."""
    rng = rng or random.Random(3)
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
        assert options, f"{user.first_name} is to act but sees no button"
        actions = [d.arg for _, d in options if d.op is Op.ACTION]
        phase = live.state.phase
        if phase == "auction":
            _, answer = await press_group(h, group, user, "pass")
        elif phase == "talon":
            picks = [d.arg for _, d in options if d.op is Op.PICK]
            await press_hand(h, user, picks[0], Op.PICK)
            _, options = hand_options(h, user)
            pair = next(d.arg for _, d in options if d.arg.startswith("discard:"))
            _, answer = await press_hand(h, user, pair)
        elif phase == "contract":
            _, answer = await press_hand(h, user, actions[0])
        elif phase == "storno":
            _, answer = await press_hand(h, user, "storno:no")
        else:
            _, answer = await press_hand(h, user, rng.choice(actions))
        assert answer.text is None, answer.text
        presses += 1
        if watch is not None:
            watch.check()
        assert presses < limit, "the deal does not end"
    await h.settle()
    if watch is not None:
        watch.check()
    return presses


def result_message(server: FakeTelegram, group: FakeChat) -> FakeMessage:
    message = next(m for m in reversed(server.bot_messages(group)) if "Konec rozdání" in m.text)
    return message


async def next_deal(h: Harness, group: FakeChat, user: FakeUser) -> None:
    result = result_message(h.server, group)
    await press(h, user, result, button(result, "Další"))
    await h.settle()


def karel(server: FakeTelegram) -> FakeUser:
    """A third Czech player (Eva reads English)."""
    return server.add_user(104, "Karel")


# -- the scenarios ---------------------------------------------------------------------


async def test_a_full_deal_auction_talon_raise_and_a_marriage_that_changes_trumps(
    bot: Harness,
    server: FakeTelegram,
    pub: FakeChat,
    jana: FakeUser,
    petr: FakeUser,
) -> None:
    users = [jana, petr, karel(server)]
    live = await open_tisic(bot, pub, users, cards=by_active(MARRIAGE_DEAL), name="1000")
    assert live.variant.id == "tisic"
    watch = TisicWatch(bot, live, pub, users)
    p1, p2, p3 = roles(live, users)
    names = {u.id: live.names[live.seat_of(u.id) or 0] for u in users}
    table = bot.group_message(pub)
    assert "Tisíc" in table.text and "Povinnost (50)" in table.text
    labels = [t for t, d in ops(table) if d.op is Op.ACTION]
    assert labels[:4] == ["Dobrý", "Šest (60)", "70", "80"]  # P2 speaks first
    assert any(d.op is Op.PICK for _, d in ops(table))  # and "➕" opens the rest

    # the auction, on the group message: P2 60, P3 dobrý, P1 70, P2 dobrý
    for user, arg in ((p2, "bid:60"), (p3, "pass"), (p1, "bid:70"), (p2, "pass")):
        since = len(server.calls)
        _, answer = await press_group(bot, pub, user, arg)
        assert answer.text is None, answer.text
        watch.check()
        if arg == "bid:60":  # P3 speaks next: P1's waiting hand is not touched
            assert not [c for c in server.calls[since:] if c.chat_id == p1.id]
    assert live.state.phase == "talon" and live.state.declarer == live.seat_of(p1.id)
    table = bot.group_message(pub)
    assert f"Talon vyhádal(a) {names[p1.id]} za 70" in table.text
    assert not [d for _, d in ops(table) if d.op is Op.ACTION]  # the talon is private

    # the talon in P1's direct chat: 12 cards, no button for an ace or a ten
    hand, options = hand_options(bot, p1)
    assert "Tvoje karty</b> (12)" in hand.text or "(12)" in hand.text
    picks = {d.arg for _, d in options if d.op is Op.PICK}
    assert picks == {"Kc", "Qc", "Kh", "Qh", "7d", "8d", "9d", "7s"}
    assert "🏳 Nesložit – vzdát" in {t for t, d in options if d.arg == "forfeit"}
    await discard(bot, p1, "7d", "8d")
    watch.check()
    assert live.state.phase == "contract"
    hand, options = hand_options(bot, p1)
    assert "O kolik hraješ" in hand.text and "Složil(a) jsi: 🔔 8, 🔔 7" in hand.text
    labels = [t for t, d in options if d.op is Op.ACTION]
    assert labels[:3] == ["Hraju 70", "Hraju 80", "Hraju 90"]
    await press_hand(bot, p1, "contract:80")
    watch.check()
    table = bot.group_message(pub)
    assert f"{names[p1.id]} hraje o 80 (vyhádáno 70" in table.text
    assert "Zatím bez trumfů" in table.text

    # trick 1: no marriage yet; P1 leads the acorn ace
    _, options = hand_options(bot, p1)
    assert not [d for _, d in options if d.arg.startswith("trumf:")]
    await press_hand(bot, p1, "play:Ac")
    for user in (p2, p3):
        _, options = hand_options(bot, user)
        await press_hand(bot, user, next(d.arg for _, d in options if d.op is Op.ACTION))
    watch.check()
    # trick 2: hearts "TRUMF" beside the plain cards
    _, options = hand_options(bot, p1)
    trumf = {t: d.arg for t, d in options if d.arg.startswith("trumf:")}
    assert set(trumf.values()) == {"trumf:Kh", "trumf:Qh", "trumf:Kc", "trumf:Qc"}
    assert "👑 ❤️ svršek TRUMF (hláška 40)" in trumf
    assert "👑 🌰 král TRUMF (hláška 100)" in trumf
    assert "play:Qh" in {d.arg for _, d in options}  # the plain play stays
    await press_hand(bot, p1, "trumf:Qh")
    table = bot.group_message(pub)
    assert "Trumfy: ❤️ červené" in table.text
    assert f"Hlášky: {names[p1.id]} ❤️ červené 40" in table.text
    for user in (p2, p3):
        _, options = hand_options(bot, user)
        await press_hand(bot, user, next(d.arg for _, d in options if d.op is Op.ACTION))
    watch.check()
    assert live.state.tricks[-1].winner == live.seat_of(p1.id)
    # trick 3: acorns replace hearts as trumps
    await press_hand(bot, p1, "trumf:Kc")
    table = bot.group_message(pub)
    assert "Trumfy: 🌰 žaludy" in table.text and "🌰 žaludy 100" in table.text
    assert "Minulý štych vzal(a)" in table.text and "Štychy:" in table.text
    watch.check()

    await play_out(bot, pub, users, watch=watch)
    assert watch.checked > 100
    summary = live.outcome["summary"]  # type: ignore[index]
    assert summary["contract"] == 80 and summary["bid"] == 70
    seat1 = live.seat_of(p1.id) or 0
    assert summary["raw"][seat1] >= 140 and summary["made"]
    result = result_message(server, pub)
    assert f"{names[p1.id]} hrál(a) o 80 (vyhádáno 70)" in result.text
    assert "hláška ❤️ červené 40 + hláška 🌰 žaludy 100" in result.text
    assert "složené 0" not in result.text and "Složeno bylo: 🔔 7, 🔔 8" in result.text
    assert f"📝 Zápis: {names[p1.id]} +80" in result.text
    assert "Další" in str(result.buttons)
    match = live.game_match
    assert match is not None and match.totals[seat1] == 80


async def test_an_obligation_game_where_all_pass_and_the_score_sheet(
    bot: Harness,
    server: FakeTelegram,
    pub: FakeChat,
    jana: FakeUser,
    petr: FakeUser,
) -> None:
    users = [jana, petr, karel(server)]
    live = await open_tisic(bot, pub, users, cards=by_active(MARRIAGE_DEAL))
    watch = TisicWatch(bot, live, pub, users)
    p1, p2, p3 = roles(live, users)
    await press_group(bot, pub, p2, "pass")
    await press_group(bot, pub, p3, "pass")
    watch.check()
    assert live.state.declarer == live.seat_of(p1.id) and live.state.bid == 50
    table = bot.group_message(pub)
    assert "bere talon z povinnosti (50)" in table.text
    await discard(bot, p1, "7s", "9d")
    _, options = hand_options(bot, p1)
    assert next(t for t, d in options if d.op is Op.ACTION) == "Hraju 50"
    await press_hand(bot, p1, "contract:50")
    assert "hraje povinnost (50)" in bot.group_message(pub).text
    await play_out(bot, pub, users, watch=watch)
    result = result_message(server, pub)
    assert "hrál(a) povinnost (50)" in result.text and "Zápis" in result.text
    summary = live.outcome["summary"]  # type: ignore[index]
    assert summary["obligation"] and summary["contract"] == 50

    await server.send_text(jana, pub, "/score")
    await bot.settle()
    score = server.bot_messages(pub)[-1].text
    assert "Zápis" in score and "50 (P)" in score and "Úpisy/čárky" in score
    for seat in range(3):
        assert live.names[seat][:4] in score


async def test_a_bid_above_the_buttons_fails_and_is_written_down(
    bot: Harness,
    server: FakeTelegram,
    pub: FakeChat,
    jana: FakeUser,
    petr: FakeUser,
) -> None:
    users = [jana, petr, karel(server)]
    live = await open_tisic(bot, pub, users, cards=by_active(MARRIAGE_DEAL))
    watch = TisicWatch(bot, live, pub, users)
    p1, p2, p3 = roles(live, users)
    table = bot.group_message(pub)
    assert "bid:200" not in {d.arg for _, d in ops(table)}
    _, answer = await press_group(bot, pub, p2, "more", Op.PICK)  # "➕ Víc…" on the group
    assert answer.text is None
    _, options = hand_options(bot, p2)
    bids = [d.arg for _, d in options if d.arg.startswith("bid:")]
    assert bids[0] == "bid:60" and bids[-1] == "bid:400" and "bid:200" in bids
    await press_hand(bot, p2, "bid:200")
    await press_group(bot, pub, p3, "pass")
    await press_group(bot, pub, p1, "pass")
    watch.check()
    assert live.state.declarer == live.seat_of(p2.id) and live.state.bid == 200
    await play_out(bot, pub, users, watch=watch)
    summary = live.outcome["summary"]  # type: ignore[index]
    seat2 = live.seat_of(p2.id) or 0
    assert summary["made"] is False and summary["written"][seat2] == -200
    result = result_message(server, pub)
    name = live.names[seat2]
    assert f"{name} (200)" in result.text and f"⭕ Úpis: {name}" in result.text
    assert "na 200 to nestačí" in result.text
    match = live.game_match
    assert match is not None and match.counter(tisic_match.UPISY)[seat2] == 1
    assert f"{name} −200 (1 úpis" in result.text  # the running score with the tallies

    await server.send_text(jana, pub, "/score")
    await bot.settle()
    score = server.bot_messages(pub)[-1].text
    assert "(200)" in score and "│ 200" in score


async def test_four_players_the_dealer_pauses(
    bot: Harness,
    server: FakeTelegram,
    pub: FakeChat,
    jana: FakeUser,
    petr: FakeUser,
    eva: FakeUser,
) -> None:
    users = [jana, petr, eva, karel(server)]
    live = await open_tisic(bot, pub, users)
    assert len(live.names) == 4
    for deal_no in range(2):
        dealer = live.state.dealer
        out_user = next(u for u in users if live.seat_of(u.id) == dealer)
        assert dealer not in live.state.active
        table = bot.group_message(pub)
        assert f"pauzuje {live.names[dealer]}" in table.text
        hands_before = [m for m in server.bot_messages(out_user) if m.text.startswith("🃏")]
        watch = TisicWatch(bot, live, pub, users)
        await play_out(bot, pub, users, watch=watch)
        # the dealer had no cards and no buttons: no hand message this deal
        hands = [m for m in server.bot_messages(out_user) if m.text.startswith("🃏")]
        assert len(hands) == len(hands_before)
        assert all(not ops(m) for m in hands)
        outcome = live.outcome
        assert outcome is not None and outcome["scores"][dealer] == 0
        assert dealer in outcome["summary"]["sitting_out"]
        match = live.game_match
        assert match is not None and match.dealer == live.state.active[0]  # old P1 deals
        if deal_no == 0:
            await next_deal(bot, pub, jana)
            assert live.state.dealer == (dealer + 1) % 4
    await server.send_text(jana, pub, "/score")
    await bot.settle()
    assert "Zápis" in server.bot_messages(pub)[-1].text


async def test_a_match_driven_to_1000_ends_with_the_winner_and_the_settlement(
    bot: Harness,
    server: FakeTelegram,
    pub: FakeChat,
    jana: FakeUser,
    petr: FakeUser,
) -> None:
    users = [jana, petr, karel(server)]
    live = await open_tisic(
        bot, pub, users, options={"stakes": "money"}, cards=by_active(MARRIAGE_DEAL)
    )
    # records may seed the scores: the stored match stands at 990 each, some tallies
    match = live.game_match
    assert match is not None and live.match is not None
    seeded = match.replace(
        totals=(990, 990, 990),
        deals=20,
        counters={tisic_match.UPISY: (2, 0, 1), tisic_match.CARKY: (1, 3, 0)},
    )
    live.match = await bot.services.store.matches.update_state(live.match.id, seeded.to_dict())
    _, p2, p3 = roles(live, users)
    await press_group(bot, pub, p2, "pass")
    await press_group(bot, pub, p3, "pass")
    await play_out(bot, pub, users)
    final = server.bot_messages(pub)[-1]
    assert "🏆 Konec partie po 21 rozdáních." in final.text
    assert not final.buttons and "/new" in final.text
    stored = await bot.services.store.tables.get(live.id)
    assert stored is not None and stored.status == "finished"
    ended = Match.from_dict(
        (await bot.services.store.matches.list_matches(live.id))[-1].state,
        variant_id="tisic",
        seats=3,
    )
    assert ended.over and ended.deals == 21
    options = live.deal_options
    standings = live.variant.standings(ended, options)
    winner = standings[0].seat
    assert ended.data["winner"] == winner and ended.totals[winner] >= 1000
    assert f"1. {live.names[winner]} {ended.totals[winner]}" in final.text
    money = live.variant.settlement(ended, options)
    assert money is not None and sum(money) == 0 and money[winner] > 0
    tr = I18N.for_lang("cs")
    assert "💰 Vyrovnání" in final.text
    for seat, value in enumerate(money):
        assert f"{live.names[seat]} {money_text(value, tr)}" in final.text
    assert "Úpisy/čárky" in final.text and f"🏆 Vítěz: {live.names[winner]}" in final.text
    assert bot.table(pub) is None


async def test_stale_wrong_and_forged_presses_change_nothing(
    bot: Harness,
    server: FakeTelegram,
    pub: FakeChat,
    jana: FakeUser,
    petr: FakeUser,
) -> None:
    users = [jana, petr, karel(server)]
    live = await open_tisic(bot, pub, users, cards=by_active(MARRIAGE_DEAL))
    p1, p2, p3 = roles(live, users)
    table = bot.group_message(pub)
    old = next(d for _, d in ops(table) if d.arg == "bid:60").encode()
    await press_group(bot, pub, p2, "bid:60")
    assert live.deal is not None
    before = (live.version, len(await bot.services.store.deals.list_actions(live.deal.id)))
    version = live.version

    async def answer(user: FakeUser, data: str, message: FakeMessage | None = None) -> str | None:
        target = message or bot.group_message(pub)
        query = await server.press(user, target, data, forge=True)
        return (await server.wait_answer(query)).text

    stale = "Stůl se mezitím změnil — použij nová tlačítka."
    assert await answer(p2, old) == stale  # P2 already spoke since that button
    assert await answer(p1, f"{live.id}|{version}|a|bid:70") == "Teď nejsi na tahu."
    assert await answer(p3, f"{live.id}|{version}|a|bid:65") == "Takovou nabídku hádat nejde."
    assert await answer(p3, f"{live.id}|{version}|a|bid:60") == "To je málo: musíš víc."
    assert await answer(p3, f"{live.id}|{version}|a|bid:410") == "Tolik hrát nejde."
    assert await answer(p3, f"{live.id}|{version}|a|bid:xx") == "Tohle tlačítko neznám."
    assert await answer(p3, f"{live.id}|{version}|a|play:Ac") == "Teď je na řadě něco jiného."
    assert await answer(p3, "tisic|bid:70") == "Tohle tlačítko neznám."
    kibic = server.add_user(200, "Kibic")
    await server.start_dm(kibic)
    await bot.settle()
    assert await answer(kibic, f"{live.id}|{version}|a|pass") == "U tohoto stolu nehraješ."
    await bot.settle()
    after = (live.version, len(await bot.services.store.deals.list_actions(live.deal.id)))
    assert after == before
    # the auction goes on; the talon refuses an ace even when forged
    await press_group(bot, pub, p3, "pass")
    await press_group(bot, pub, p1, "pass")
    assert live.state.phase == "talon" and live.state.declarer == live.seat_of(p2.id)
    hand = bot.hand_message(p2)
    assert hand is not None
    version = live.version
    forged = f"{live.id}|{version}|a|discard:Ad,Qd"
    assert await answer(p2, forged, hand) == "Eso ani desítku složit nejde."
    assert await answer(p2, f"{live.id}|{version}|a|discard:Kc,Qc", hand) == "Tu kartu nemáš."
    assert (
        await answer(p1, f"{live.id}|{version}|a|discard:7d,8d", bot.hand_message(p1)) is not None
    )
    assert live.state.phase == "talon" and live.version == version
    await play_out(bot, pub, users)
    assert live.outcome is not None


async def test_show_talon_shows_it_to_all_after_the_auction(
    bot: Harness,
    server: FakeTelegram,
    pub: FakeChat,
    jana: FakeUser,
    petr: FakeUser,
) -> None:
    users = [jana, petr, karel(server)]
    live = await open_tisic(
        bot, pub, users, options={"show_talon": True}, cards=by_active(MARRIAGE_DEAL)
    )
    watch = TisicWatch(bot, live, pub, users)
    table = bot.group_message(pub)
    assert "Talon (ukázaný" not in table.text  # face down while bidding
    _, p2, p3 = roles(live, users)
    await press_group(bot, pub, p2, "pass")
    await press_group(bot, pub, p3, "pass")
    watch.check()
    assert "Talon (ukázaný všem): 🍃 eso, 🍃 7" in bot.group_message(pub).text
    await play_out(bot, pub, users, watch=watch)


async def test_restart_in_the_middle_of_the_auction(
    bot: Harness,
    server: FakeTelegram,
    pub: FakeChat,
    jana: FakeUser,
    petr: FakeUser,
) -> None:
    users = [jana, petr, karel(server)]
    live = await open_tisic(bot, pub, users, cards=by_active(MARRIAGE_DEAL))
    p1, p2, p3 = roles(live, users)
    await press_group(bot, pub, p2, "bid:60")
    await press_group(bot, pub, p3, "more", Op.PICK)  # a selection in progress, too
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
    assert again.state.phase == "auction" and again.state.calls[-1].code == "bid:60"
    assert len(server.requests("sendMessage")) == sent
    assert bot.group_message(pub).message_id == table_id
    assert {u.id: bot.hand_message(u).message_id for u in users} == hands  # type: ignore[union-attr]
    _, options = hand_options(bot, p3)
    assert "bid:400" in {d.arg for _, d in options}  # the selection survived
    await press_hand(bot, p3, "bid:90")
    await press_group(bot, pub, p1, "pass")
    await press_group(bot, pub, p2, "pass")
    assert again.state.declarer == again.seat_of(p3.id) and again.state.bid == 90
    watch = TisicWatch(bot, again, pub, users)
    await play_out(bot, pub, users, watch=watch)
    assert "Konec rozdání" in result_message(server, pub).text


async def test_a_silent_bidder_passes_when_the_time_runs_out(
    bot: Harness,
    server: FakeTelegram,
    pub: FakeChat,
    jana: FakeUser,
    petr: FakeUser,
) -> None:
    users = [jana, petr, karel(server)]
    await bot.restart(turn_timeout=0.5)
    live = await open_tisic(bot, pub, users, cards=by_active(MARRIAGE_DEAL))
    p2 = roles(live, users)[1]
    seat2 = live.seat_of(p2.id)
    await wait_until(lambda: bool(live.state.calls), timeout=10)
    assert (live.state.calls[0].seat, live.state.calls[0].code) == (seat2, "pass")
    logged = await bot.services.store.deals.list_actions(live.deal.id)  # type: ignore[union-attr]
    assert logged[0].source == "timeout"
    await bot.settle()
    assert "nestihl(a) tah" in bot.group_message(pub).text
    # nobody acts: §12's moves finish the deal (P1 takes the obligation, lays away
    # the two cheapest cards, keeps 50 and plays the cheapest legal card)
    await wait_until(lambda: live.outcome is not None, timeout=60)
    await bot.settle()
    summary = live.outcome["summary"]  # type: ignore[index]
    assert summary["obligation"] and summary["contract"] == 50
    assert sorted(summary["discards"]) == ["7d", "7s"]
    assert summary["marriages"] == []  # a timeout never says TRUMF


async def test_a_storno_by_agreement_voids_the_deal(
    bot: Harness, server: FakeTelegram, pub: FakeChat, jana: FakeUser, petr: FakeUser
) -> None:
    users = [jana, petr, karel(server)]
    live = await open_tisic(
        bot, pub, users, options={"storno_by_agreement": True}, cards=by_active(MARRIAGE_DEAL)
    )
    watch = TisicWatch(bot, live, pub, users)
    p1, p2, p3 = roles(live, users)
    await press_hand(bot, p2, "pass")  # p2 answers in the direct chat, p3 in the group
    await press_group(bot, pub, p3, "pass")
    label, _ = await press_hand(bot, p1, "storno")
    assert label == "🤝 Navrhnout storno"
    table = bot.group_message(pub)
    assert "navrhuje storno" in table.text
    assert {t for t, d in ops(table) if d.op is Op.ACTION} == {"🤝 Nehrát (storno)", "🃏 Hrát"}
    await press_group(bot, pub, p3, "storno:yes")  # either voter, from the group
    assert "nehrát" in bot.group_message(pub).text
    await press_hand(bot, p2, "storno:yes")  # or from the direct chat
    watch.check()
    result = result_message(server, pub)
    assert "Storno: všichni souhlasili" in result.text
    match = live.game_match
    assert match is not None and match.totals == (0, 0, 0) and match.deals == 1
    await next_deal(bot, pub, jana)  # the deal passes on as after a played one (§6.6)
    assert live.state.dealer == live.seat_of(p1.id)


async def test_one_player_against_two_computers(
    bot: Harness, server: FakeTelegram, pub: FakeChat, jana: FakeUser
) -> None:
    live = await open_tisic(bot, pub, [jana], computers=2, name="tisic")
    watch = TisicWatch(bot, live, pub, [jana])
    await play_out(bot, pub, [jana], watch=watch)
    assert live.outcome is not None and "Zápis" in result_message(server, pub).text
