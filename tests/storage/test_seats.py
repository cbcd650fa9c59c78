"""Seats: dense numbering, no user twice, the seat limit, lobby-only changes."""

from __future__ import annotations

import pytest

from storage import SeatError, StaleVersion, Store, WrongStatus
from storage.tables import Seat
from tests.storage.helpers import ALICE, BOB, CHAT, CYRIL, seated_table


async def test_add_seats_in_order_and_bump_version(store: Store) -> None:
    table = await seated_table(store)
    assert table.seats == (
        Seat(0, "human", ALICE, "Alice"),
        Seat(1, "human", BOB, "Bob"),
        Seat(2, "computer", None, "Robot"),
    )
    assert table.version == 3
    assert table.seat_of(BOB) == Seat(1, "human", BOB, "Bob")
    assert table.seat_of(CYRIL) is None
    assert await store.tables.get(table.id) == table


async def test_no_user_twice(store: Store) -> None:
    table = await store.tables.create(CHAT, "blazen", {}, ALICE)
    table = await store.seats.add(
        table.id, kind="human", user_id=ALICE, display_name="Alice", max_seats=4
    )
    with pytest.raises(SeatError) as info:
        await store.seats.add(
            table.id, kind="human", user_id=ALICE, display_name="Alice 2", max_seats=4
        )
    assert info.value.code == "user_seated"
    assert await store.tables.get(table.id) == table


async def test_no_more_than_max_seats(store: Store) -> None:
    table = await seated_table(store)  # three seats
    with pytest.raises(SeatError) as info:
        await store.seats.add(
            table.id, kind="human", user_id=CYRIL, display_name="Cyril", max_seats=3
        )
    assert info.value.code == "table_full"
    bigger = await store.seats.add(
        table.id, kind="human", user_id=CYRIL, display_name="Cyril", max_seats=4
    )
    assert len(bigger.seats) == 4


async def test_computers_may_repeat_but_need_no_user(store: Store) -> None:
    table = await store.tables.create(CHAT, "blazen", {}, ALICE)
    for _ in range(2):
        table = await store.seats.add(
            table.id, kind="computer", user_id=None, display_name="Robot", max_seats=4
        )
    assert [s.kind for s in table.seats] == ["computer", "computer"]
    with pytest.raises(ValueError):
        await store.seats.add(
            table.id, kind="computer", user_id=ALICE, display_name="R", max_seats=4
        )
    with pytest.raises(ValueError):
        await store.seats.add(table.id, kind="human", user_id=None, display_name="R", max_seats=4)
    with pytest.raises(ValueError):
        await store.seats.add(table.id, kind="human", user_id=ALICE, display_name="  ", max_seats=4)


async def test_remove_renumbers_the_seats_after(store: Store) -> None:
    table = await seated_table(store)
    table = await store.seats.remove(table.id, 0, expected_version=table.version)
    assert table.seats == (Seat(0, "human", BOB, "Bob"), Seat(1, "computer", None, "Robot"))
    assert table.version == 4
    with pytest.raises(SeatError) as info:
        await store.seats.remove(table.id, 2)
    assert info.value.code == "no_such_seat"
    # Alice may sit again once she left.
    table = await store.seats.add(
        table.id, kind="human", user_id=ALICE, display_name="Alice", max_seats=3
    )
    assert table.seat_of(ALICE) == Seat(2, "human", ALICE, "Alice")


async def test_reorder_is_a_permutation(store: Store) -> None:
    table = await seated_table(store)
    table = await store.seats.reorder(table.id, [2, 0, 1])
    assert [s.display_name for s in table.seats] == ["Robot", "Alice", "Bob"]
    assert [s.seat_no for s in table.seats] == [0, 1, 2]
    for bad in ([0, 1], [0, 0, 1], [1, 2, 3]):
        with pytest.raises(SeatError) as info:
            await store.seats.reorder(table.id, bad)
        assert info.value.code == "bad_order"
    assert await store.tables.get(table.id) == table


async def test_seat_changes_check_the_version(store: Store) -> None:
    table = await seated_table(store)
    with pytest.raises(StaleVersion):
        await store.seats.remove(table.id, 0, expected_version=table.version - 1)
    with pytest.raises(StaleVersion):
        await store.seats.add(
            table.id,
            kind="human",
            user_id=CYRIL,
            display_name="C",
            max_seats=4,
            expected_version=0,
        )
    assert await store.tables.get(table.id) == table


async def test_seating_is_lobby_only_but_a_seat_may_change_hands(store: Store) -> None:
    table = await seated_table(store)
    table = await store.tables.set_status(table.id, "playing")
    with pytest.raises(WrongStatus):
        await store.seats.add(
            table.id, kind="human", user_id=CYRIL, display_name="Cyril", max_seats=4
        )
    with pytest.raises(WrongStatus):
        await store.seats.remove(table.id, 0)
    with pytest.raises(WrongStatus):
        await store.seats.reorder(table.id, [1, 0, 2])

    # Bob leaves; a computer takes over his seat, then Cyril takes it.
    replaced = await store.seats.replace(
        table.id, 1, kind="computer", user_id=None, display_name="Robot 2"
    )
    assert replaced.seats[1] == Seat(1, "computer", None, "Robot 2")
    assert replaced.version == table.version + 1
    with pytest.raises(SeatError) as info:
        await store.seats.replace(table.id, 1, kind="human", user_id=ALICE, display_name="A")
    assert info.value.code == "user_seated"
    cyril = await store.seats.replace(
        table.id, 1, kind="human", user_id=CYRIL, display_name="Cyril"
    )
    assert cyril.seat_of(CYRIL) == Seat(1, "human", CYRIL, "Cyril")
    # Replacing someone by themselves (e.g. a new display name) is fine.
    renamed = await store.seats.replace(
        table.id, 1, kind="human", user_id=CYRIL, display_name="Cyda"
    )
    assert renamed.seats[1].display_name == "Cyda"
    with pytest.raises(SeatError):
        await store.seats.replace(table.id, 3, kind="human", user_id=BOB, display_name="B")
    await store.tables.set_status(table.id, "finished")
    with pytest.raises(WrongStatus):
        await store.seats.replace(table.id, 1, kind="human", user_id=BOB, display_name="B")
