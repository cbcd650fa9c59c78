"""A player's only move is played for them, and a hand without buttons waits (issue 7 point 4).

Both save the Bot API calls that tell a player nothing they must act on: the
one-button keyboard of a forced card shown and then taken away, and an edit
of a hand whose reader has nothing to decide.
"""

from __future__ import annotations

import itertools
import json
import random

from bot.callbacks import CallbackData, ForgedCallback, Op
from tests.bot.harness import Harness, open_table, ops, press, wait_until
from tests.fakes import Call, FakeChat, FakeTelegram, FakeUser


def _action_buttons(call: Call) -> list[CallbackData]:
    markup = call.params.get("reply_markup")
    if not markup:
        return []
    rows = (markup if isinstance(markup, dict) else json.loads(markup))["inline_keyboard"]
    found = []
    for row in rows:
        for button in row:
            try:
                found.append(CallbackData.parse(button["callback_data"]))
            except (KeyError, ForgedCallback):
                continue
    return found


_SHORT = ("betl", "durch", "spatna")
"""Her choices that may end the deal early: she avoids them, so it reaches its last trick."""


async def _play_out(bot: Harness, pub: FakeChat, jana: FakeUser, seed: int) -> None:
    """Jana presses one of the buttons she is shown whenever the deal waits for her."""
    rng = random.Random(seed)
    live = bot.table(pub)
    assert live is not None
    seat = live.seat_of(jana.id)
    for _ in range(400):
        await bot.settle()
        if not live.in_deal:
            return
        if seat not in live.variant.due(live.state):
            await wait_until(lambda: not live.in_deal or seat in live.variant.due(live.state))
            continue
        hand = bot.hand_message(jana)
        group = bot.group_message(pub)
        options = [(m, o) for m in (hand, group) if m is not None for o in ops(m)]
        options = [(m, o) for m, o in options if o[1].op in (Op.ACTION, Op.PICK)]
        if not options:  # her only move: the bot plays it
            await wait_until(lambda v=live.version: live.version != v)
            continue
        plain = [(m, o) for m, o in options if not any(w in o[1].arg for w in _SHORT)]
        message, (_, data) = rng.choice(plain or options)
        await press(bot, jana, message, data.encode())
    raise AssertionError("the deal does not end")


async def test_the_only_legal_move_is_played_for_the_player_without_a_button(
    bot: Harness, server: FakeTelegram, pub: FakeChat, jana: FakeUser
) -> None:
    await bot.restart(autoplay=True)
    live = await open_table(bot, pub, [jana], computers=2)
    seat = live.seat_of(jana.id)
    await _play_out(bot, pub, jana, seed=3)
    assert live.deal is not None
    logged = await bot.services.store.deals.list_actions(live.deal.id)
    forced = [a for a in logged if a.source == "forced"]
    assert forced, "every deal ends with a trick of forced cards"
    assert all(a.seat == seat for a in forced)  # never for a computer seat
    # replayed, each forced move was the seat's only legal one, and nobody pressed it
    deal = live.deal
    state = live.variant.new_deal(
        live.deal_options, len(live.names), deal.setup, seed=deal.seed, cards=deal.cards
    )
    for action in logged:
        if action.source == "forced":
            assert [a.code for a in state.legal_actions(action.seat)] == [action.code]
        state, _ = live.variant.apply(state, action.seat, live.variant.parse_action(action.code))
    # and her direct chat never offered a lone move as a button
    for call in server.requests(chat=jana):
        actions = [d for d in _action_buttons(call) if d.op is Op.ACTION]
        assert len(actions) != 1 or len(_action_buttons(call)) > 1, call


async def test_a_table_may_keep_pressing_its_only_moves(
    bot: Harness, pub: FakeChat, jana: FakeUser
) -> None:
    await bot.restart(autoplay=True)
    live = await open_table(bot, pub, [jana], computers=2, start=False)
    await bot.services.tables.set_option(live, "autoplay", False, live.version)
    await bot.server.send_text(jana, pub, "/start")
    await _play_out(bot, pub, jana, seed=4)
    assert live.deal is not None
    logged = await bot.services.store.deals.list_actions(live.deal.id)
    assert {a.source for a in logged} <= {"player", "computer"}
    assert any(a.seat == live.seat_of(jana.id) for a in logged)


async def test_a_hand_without_buttons_is_edited_only_with_its_next_question(
    bot: Harness, server: FakeTelegram, pub: FakeChat, jana: FakeUser
) -> None:
    await bot.restart(hand_calm_interval=60.0)
    live = await open_table(bot, pub, [jana], computers=2)
    await _play_out(bot, pub, jana, seed=5)
    await bot.settle()
    shown: list[bool] = []  # per edit of her hand: did it carry buttons?
    for call in server.requests(chat=jana):
        if call.method in ("sendMessage", "editMessageText") and call.ok:
            text = str(call.params.get("text", ""))
            if "🃏" not in text or "🏁" in text:  # her hand only; its end is shown at once
                continue
            shown.append(bool(_action_buttons(call)))
    idle_after_idle = sum(1 for a, b in itertools.pairwise(shown) if not a and not b)
    assert shown and idle_after_idle == 0, shown
    assert live.deal is not None and not live.in_deal
    hand = bot.hand_message(jana)
    assert hand is not None and "🏁" in hand.text  # the newest content still arrived
