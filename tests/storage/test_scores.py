"""The chat tally accumulates with every finished deal, per user and variant."""

from __future__ import annotations

from storage import Store, TallyEntry
from tests.storage.helpers import ALICE, BOB, CHAT, CYRIL, playing_game


async def test_scores_accumulate_for_humans_only(store: Store) -> None:
    game = await playing_game(store)  # Alice, Bob, Robot
    await store.deals.finish_deal(game.deal.id, {}, [4, -2, -2])
    deal = await store.deals.start_deal(game.table.id, 1, 1, seed=1)
    await store.deals.finish_deal(deal.id, {}, [-1, 3, -2])
    deal = await store.deals.start_deal(game.table.id, 2, 2, seed=2)
    await store.deals.finish_deal(deal.id, {})  # no scores given: not tallied

    assert await store.scores.tally(CHAT) == [
        TallyEntry(CHAT, ALICE, "marias-voleny", "Alice", 2, 3),
        TallyEntry(CHAT, BOB, "marias-voleny", "Bob", 2, 1),
    ]
    assert await store.scores.tally(CHAT, "marias-voleny") == await store.scores.tally(CHAT)
    assert await store.scores.tally(CHAT, "cenzr") == []
    assert await store.scores.tally(CHAT - 1) == []


async def test_tally_follows_seat_changes_and_latest_name(store: Store) -> None:
    game = await playing_game(store)
    await store.seats.replace(game.table.id, 1, kind="human", user_id=CYRIL, display_name="Cyda")
    await store.deals.finish_deal(game.deal.id, {}, [0, 5, -5])
    deal = await store.deals.start_deal(game.table.id, 1, 1, seed=1)
    await store.seats.replace(game.table.id, 0, kind="human", user_id=ALICE, display_name="Ali")
    await store.deals.finish_deal(deal.id, {}, [2, 1, -3])
    assert await store.scores.tally(CHAT) == [
        TallyEntry(CHAT, CYRIL, "marias-voleny", "Cyda", 2, 6),
        TallyEntry(CHAT, ALICE, "marias-voleny", "Ali", 2, 2),
    ]


async def test_tally_is_per_variant_and_ordered(store: Store) -> None:
    game = await playing_game(store)
    await store.deals.finish_deal(game.deal.id, {}, [1, 1, -2])  # tie: lower user id first
    await store.tables.set_status(game.table.id, "finished")

    table = await store.tables.create(CHAT, "cenzr", {}, BOB)
    for uid, name in ((BOB, "Bob"), (ALICE, "Alice")):
        table = await store.seats.add(
            table.id, kind="human", user_id=uid, display_name=name, max_seats=4
        )
    await store.tables.set_status(table.id, "playing")
    await store.matches.start_match(table.id, first_dealer=0)
    deal = await store.deals.start_deal(table.id, 0, 0, seed=9)
    await store.deals.finish_deal(deal.id, {}, [120, -120])

    assert await store.scores.tally(CHAT) == [
        TallyEntry(CHAT, BOB, "cenzr", "Bob", 1, 120),
        TallyEntry(CHAT, ALICE, "cenzr", "Alice", 1, -120),
        TallyEntry(CHAT, ALICE, "marias-voleny", "Alice", 1, 1),
        TallyEntry(CHAT, BOB, "marias-voleny", "Bob", 1, 1),
    ]
    assert [e.user_id for e in await store.scores.tally(CHAT, "cenzr")] == [BOB, ALICE]
