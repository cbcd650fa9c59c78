"""Builders shared by the storage tests."""

from __future__ import annotations

from dataclasses import dataclass

from storage import Deal, Match, Store, Table

CHAT = -100123
ALICE, BOB, CYRIL = 11, 22, 33
NAMES = {ALICE: "Alice", BOB: "Bob", CYRIL: "Cyril"}


@dataclass
class Game:
    table: Table
    match: Match
    deal: Deal


async def seated_table(store: Store, chat_id: int = CHAT, humans: int = 2) -> Table:
    """A lobby table with ``humans`` players and then one computer."""
    table = await store.tables.create(chat_id, "marias-voleny", {"flek": True}, ALICE, at=1.0)
    for user_id in list(NAMES)[:humans]:
        table = await store.seats.add(
            table.id, kind="human", user_id=user_id, display_name=NAMES[user_id], max_seats=3
        )
    return await store.seats.add(
        table.id, kind="computer", user_id=None, display_name="Robot", max_seats=3
    )


async def playing_game(store: Store, chat_id: int = CHAT, seed: int = 42) -> Game:
    """A playing table (Alice, Bob, Robot) with a match and its first deal open."""
    table = await seated_table(store, chat_id)
    table = await store.tables.set_status(table.id, "playing", expected_version=table.version)
    match = await store.matches.start_match(
        table.id, first_dealer=0, state={"totals": [0, 0, 0]}, at=2.0
    )
    deal = await store.deals.start_deal(table.id, 0, 0, seed=seed, at=3.0)
    return Game(table, match, deal)
