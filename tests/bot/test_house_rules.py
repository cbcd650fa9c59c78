"""House rules that change how a match is dealt: "malá dává" and "sklepnout" (no shuffle)."""

from __future__ import annotations

import json

from games.cards import DECK_32, card_code
from games.marias.deal import first_dealer
from tests.bot.harness import Harness, Player, button, open_table, play_deal, press
from tests.fakes import FakeChat, FakeTelegram, FakeUser


async def test_gather_and_cut_deals_the_next_deal_from_the_last_one(
    bot: Harness, server: FakeTelegram, pub: FakeChat, jana: FakeUser
) -> None:
    live = await open_table(bot, pub, [jana], computers=2, start=False)
    tables = bot.services.tables
    await tables.set_option(live, "shuffle_mode", "gather_and_cut", None)
    await tables.set_option(live, "unfleked_simple_game", "play", None)
    await server.send_text(jana, pub, "/start")
    await bot.settle()
    first_state = None
    for number in range(2):
        await play_deal(bot, pub, [Player(jana)])
        assert live.state.is_over
        if number == 0:
            first_state = live.state
            result = server.bot_messages(pub)[-1]
            await press(bot, jana, result, button(result, "Další"))
            await bot.settle()
            deal = live.deal
            assert deal is not None and deal.seed is None and deal.cards_json is not None
            cards = json.loads(deal.cards_json)
            f, m, z = (cards[str(seat)] for seat in live.state.active)
            deck = [*f[:7], *m[:5], *z[:5], *f[7:], *m[5:], *z[5:]]  # the 7-5-5 / 5-5-5 deal
            # the deck is the first deal's cards gathered trick by trick, then cut once
            played = [card_code(c) for t in first_state.tricks for c in t.cards]
            joined = [*deck, *deck]
            assert played, "the first deal was played out (unfleked games are played here)"
            at = joined.index(played[0])
            assert joined[at : at + len(played)] == played
            assert sorted(deck) == sorted(card_code(c) for c in DECK_32)
    await bot.settle()


async def test_low_card_draw_names_the_first_dealer(
    bot: Harness, server: FakeTelegram, pub: FakeChat, jana: FakeUser
) -> None:
    live = await open_table(bot, pub, [jana], computers=2, start=False)
    await bot.services.tables.set_option(live, "first_dealer", "low_card", None)
    drawn: list[int] = []
    real = live.variant.first_dealer

    def spy(options, seats, seed):  # type: ignore[no-untyped-def]
        dealer = real(options, seats, seed)
        assert dealer == first_dealer(options, seats, seed)
        drawn.append(dealer)
        return dealer

    live.variant.first_dealer = spy  # type: ignore[method-assign]
    try:
        await server.send_text(jana, pub, "/start")
        await bot.settle()
    finally:
        del live.variant.first_dealer  # type: ignore[method-assign]
    assert live.deal is not None and drawn == [live.deal.dealer]
    assert live.deal_options.first_dealer == "low_card"
