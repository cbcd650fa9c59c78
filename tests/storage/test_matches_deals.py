"""Matches, deals and the action log, including optimistic concurrency."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from storage import DealError, LoggedAction, StaleVersion, Store, WrongStatus
from tests.storage.helpers import ALICE, CHAT, playing_game, seated_table


async def test_match_snapshots_the_table(store: Store) -> None:
    game = await playing_game(store)
    match = game.match
    assert (match.table_id, match.variant_id, match.seat_count) == (
        game.table.id,
        "marias-voleny",
        3,
    )
    assert match.options == {"flek": True}
    assert (match.first_dealer, match.state, match.started_at) == (0, {"totals": [0, 0, 0]}, 2.0)
    assert await store.matches.current_match(game.table.id) == match
    assert await store.matches.get(match.id) == match
    updated = await store.matches.update_state(match.id, {"totals": [1, -1, 0]})
    assert updated.state == {"totals": [1, -1, 0]}
    assert await store.matches.current_match(game.table.id) == updated


async def test_match_needs_a_playing_table_with_seats(store: Store) -> None:
    table = await store.tables.create(CHAT, "blazen", {}, ALICE)
    with pytest.raises(WrongStatus):
        await store.matches.start_match(table.id, first_dealer=0)
    await store.tables.set_status(table.id, "playing")
    with pytest.raises(DealError) as info:
        await store.matches.start_match(table.id, first_dealer=0)
    assert info.value.code == "no_seats"
    assert await store.matches.current_match(table.id) is None


async def test_first_dealer_must_be_a_seat(store: Store) -> None:
    table = await seated_table(store)
    await store.tables.set_status(table.id, "playing")
    with pytest.raises(DealError) as info:
        await store.matches.start_match(table.id, first_dealer=3)
    assert info.value.code == "bad_seat"


async def test_start_deal_with_seed_or_cards(store: Store) -> None:
    game = await playing_game(store, seed=2**80 + 7)  # bigger than SQLite's INTEGER
    deal = game.deal
    assert (deal.match_id, deal.table_id, deal.deal_no, deal.dealer) == (
        game.match.id,
        game.table.id,
        0,
        0,
    )
    assert (deal.seed, deal.cards, deal.outcome, deal.scores) == (2**80 + 7, None, None, None)
    assert not deal.is_finished
    assert await store.deals.current_deal(game.table.id) == deal
    await store.deals.finish_deal(deal.id, {"winner": 1})
    assert await store.deals.current_deal(game.table.id) is None

    cards = {"hands": [["Th", "Ac"], ["7s"], []], "talon": ["Kd", "Qd"]}
    second = await store.deals.start_deal(game.table.id, 1, 1, cards=cards)
    assert (second.seed, second.cards) == (None, cards)
    assert await store.deals.get(second.id) == second


async def test_start_deal_checks(store: Store) -> None:
    game = await playing_game(store)
    tid = game.table.id
    with pytest.raises(ValueError):
        await store.deals.start_deal(tid, 1, 0)
    with pytest.raises(ValueError):
        await store.deals.start_deal(tid, 1, 0, seed=1, cards=[])
    with pytest.raises(DealError) as info:
        await store.deals.start_deal(tid, 1, 1, seed=1)
    assert info.value.code == "deal_open"
    await store.deals.finish_deal(game.deal.id, {})
    with pytest.raises(DealError) as info:
        await store.deals.start_deal(tid, 0, 1, seed=1)
    assert info.value.code == "deal_no_taken"
    with pytest.raises(DealError) as info:
        await store.deals.start_deal(tid, 1, 3, seed=1)
    assert info.value.code == "bad_seat"
    lobby = await store.tables.create(CHAT - 1, "blazen", {}, ALICE)
    with pytest.raises(WrongStatus):
        await store.deals.start_deal(lobby.id, 0, 0, seed=1)
    await store.tables.set_status(lobby.id, "playing")
    with pytest.raises(DealError) as info:
        await store.deals.start_deal(lobby.id, 0, 0, seed=1)
    assert info.value.code == "no_match"


async def test_append_logs_in_order_and_bumps_version(store: Store) -> None:
    game = await playing_game(store)
    tid, did = game.table.id, game.deal.id
    version = game.table.version
    codes = [(1, "flek:hra", "player"), (2, "play:Th", "computer"), (0, "play:7s", "timeout")]
    logged = []
    for i, (seat, code, source) in enumerate(codes):
        entry = await store.deals.append_action(tid, did, seat, code, source, version, at=100.0 + i)  # type: ignore[arg-type]
        version += 1
        assert entry == LoggedAction(did, i, seat, code, source, version, 100.0 + i)  # type: ignore[arg-type]
        logged.append(entry)
    assert await store.deals.list_actions(did) == logged
    assert (await store.tables.get(tid)).version == version  # type: ignore[union-attr]


async def test_stale_version_changes_nothing(store: Store) -> None:
    game = await playing_game(store)
    tid, did, v = game.table.id, game.deal.id, game.table.version
    await store.deals.append_action(tid, did, 1, "play:Th", "player", v)
    before = await store.tables.get(tid)
    for stale in (v, v - 1, v + 5):
        with pytest.raises(StaleVersion) as info:
            await store.deals.append_action(tid, did, 2, "play:Ac", "player", stale)
        assert (info.value.code, info.value.expected, info.value.actual) == (
            "stale_version",
            stale,
            v + 1,
        )
    assert await store.tables.get(tid) == before
    assert [a.code for a in await store.deals.list_actions(did)] == ["play:Th"]


async def test_concurrent_appends_on_one_store_exactly_one_wins(store: Store) -> None:
    game = await playing_game(store)
    tid, did, v = game.table.id, game.deal.id, game.table.version
    results = await asyncio.gather(
        *(store.deals.append_action(tid, did, s % 3, f"play:{s}", "player", v) for s in range(8)),
        return_exceptions=True,
    )
    winners = [r for r in results if isinstance(r, LoggedAction)]
    losers = [r for r in results if isinstance(r, StaleVersion)]
    assert (len(winners), len(losers)) == (1, 7)
    assert await store.deals.list_actions(did) == winners
    assert (await store.tables.get(tid)).version == v + 1  # type: ignore[union-attr]


async def test_concurrent_appends_from_two_connections_exactly_one_wins(
    store: Store, db_path: Path
) -> None:
    game = await playing_game(store)
    tid, did, v = game.table.id, game.deal.id, game.table.version
    other = await Store.open(db_path)
    try:
        results = await asyncio.gather(
            store.deals.append_action(tid, did, 1, "play:Th", "player", v),
            other.deals.append_action(tid, did, 1, "play:Ac", "player", v),
            return_exceptions=True,
        )
    finally:
        await other.close()
    winners = [r for r in results if isinstance(r, LoggedAction)]
    assert len(winners) == 1
    assert sum(isinstance(r, StaleVersion) for r in results) == 1
    assert await store.deals.list_actions(did) == winners


async def test_append_refuses_foreign_finished_or_bad_input(store: Store) -> None:
    game = await playing_game(store)
    other = await playing_game(store, chat_id=CHAT - 1)
    tid, did, v = game.table.id, game.deal.id, game.table.version
    with pytest.raises(DealError) as info:
        await store.deals.append_action(tid, other.deal.id, 0, "play:Th", "player", v)
    assert info.value.code == "not_current"
    with pytest.raises(DealError) as info:
        await store.deals.append_action(tid, did, 3, "play:Th", "player", v)
    assert info.value.code == "bad_seat"
    for code in ("", "x" * 65, "play:\x00", "a\nb"):
        with pytest.raises(ValueError):
            await store.deals.append_action(tid, did, 0, code, "player", v)
    with pytest.raises(ValueError):
        await store.deals.append_action(tid, did, 0, "play:Th", "robot", v)  # type: ignore[arg-type]
    await store.deals.finish_deal(did, {"done": True})
    with pytest.raises(DealError) as info:
        await store.deals.append_action(tid, did, 0, "play:Th", "player", v)
    assert info.value.code == "deal_finished"
    assert await store.deals.list_actions(did) == []
    assert (await store.tables.get(tid)).version == v  # type: ignore[union-attr]


async def test_append_needs_a_playing_table(store: Store) -> None:
    game = await playing_game(store)
    stopped = await store.tables.set_status(game.table.id, "stopped")
    with pytest.raises(WrongStatus):
        await store.deals.append_action(
            game.table.id, game.deal.id, 0, "play:Th", "player", stopped.version
        )


async def test_finish_deal_stores_outcome_scores_and_match_state(store: Store) -> None:
    game = await playing_game(store)
    done = await store.deals.finish_deal(
        game.deal.id,
        {"game": "hra", "points": [60, 30, 0]},
        [4, -2, -2],
        match_state={"totals": [4, -2, -2]},
        at=50.0,
    )
    assert done.outcome == {"game": "hra", "points": [60, 30, 0]}
    assert (done.scores, done.finished_at, done.is_finished) == ((4, -2, -2), 50.0, True)
    assert (await store.matches.get(game.match.id)).state == {"totals": [4, -2, -2]}  # type: ignore[union-attr]
    with pytest.raises(DealError) as info:
        await store.deals.finish_deal(game.deal.id, {})
    assert info.value.code == "deal_finished"


async def test_finish_deal_checks_scores_and_changes_nothing_when_refused(store: Store) -> None:
    game = await playing_game(store)
    with pytest.raises(DealError) as info:
        await store.deals.finish_deal(game.deal.id, {}, [1, -1], match_state={"x": 1})
    assert info.value.code == "bad_scores"
    with pytest.raises(ValueError):
        await store.deals.finish_deal(game.deal.id, {}, [1.5, -1.5, 0])  # type: ignore[list-item]
    assert await store.deals.get(game.deal.id) == game.deal
    assert await store.matches.get(game.match.id) == game.match
    assert await store.scores.tally(CHAT) == []


async def test_list_deals_in_order(store: Store) -> None:
    game = await playing_game(store)
    deals = [await store.deals.finish_deal(game.deal.id, {"n": 0}, [1, 0, -1])]
    for n in range(1, 4):
        deal = await store.deals.start_deal(game.table.id, n, n % 3, seed=n)
        deals.append(await store.deals.finish_deal(deal.id, {"n": n}, [0, 0, 0]))
    assert await store.deals.list_deals(game.match.id) == deals
    assert [d.dealer for d in deals] == [0, 1, 2, 0]


async def test_a_new_match_waits_for_the_open_deal(store: Store) -> None:
    game = await playing_game(store)
    with pytest.raises(DealError) as info:
        await store.matches.start_match(game.table.id, first_dealer=1)
    assert info.value.code == "deal_open"
    await store.deals.finish_deal(game.deal.id, {})
    rematch = await store.matches.start_match(game.table.id, first_dealer=1)
    assert await store.matches.current_match(game.table.id) == rematch
    assert await store.matches.list_matches(game.table.id) == [game.match, rematch]
    assert await store.deals.current_deal(game.table.id) is None
    # The old match's deal is no longer current: it takes no actions.
    with pytest.raises(DealError):
        await store.deals.append_action(
            game.table.id, game.deal.id, 0, "x", "player", game.table.version
        )


async def test_the_deal_that_ends_the_match_finishes_the_table_and_credits_places(
    store: Store,
) -> None:
    game = await playing_game(store)
    before = await store.tables.get(game.table.id)
    assert before is not None
    await store.deadlines.set(
        game.table.id, seat=0, kind="turn", due_at=99.0, version=before.version
    )
    done = await store.deals.finish_deal(
        game.deal.id,
        {"won": 1},
        [0, 0, 0],
        match_state={"totals": [1500, 900, 1500], "over": True},
        places=[1, 3, 1],
        at=60.0,
    )
    assert done.is_finished
    table = await store.tables.get(game.table.id)
    assert table is not None and table.status == "finished" and table.version > before.version
    assert await store.deadlines.get(game.table.id) is None
    assert [t.id for t in await store.tables.list_live()] == []
    tally = {e.display_name: e for e in await store.scores.tally(CHAT)}
    assert {n: (e.matches_played, e.wins, e.place_sum) for n, e in tally.items()} == {
        "Alice": (1, 1, 1),
        "Bob": (1, 0, 3),
    }  # the computer seat is not tallied
    assert list(tally) == ["Alice", "Bob"]  # the winner first


async def test_places_for_the_wrong_seats_change_nothing(store: Store) -> None:
    game = await playing_game(store)
    with pytest.raises(DealError) as info:
        await store.deals.finish_deal(game.deal.id, {}, [0, 0, 0], places=[1, 2])
    assert info.value.code == "bad_places"
    assert await store.deals.get(game.deal.id) == game.deal
    table = await store.tables.get(game.table.id)
    assert table is not None and table.status == "playing"
    assert await store.scores.tally(CHAT) == []
