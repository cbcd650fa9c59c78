"""A database written by the previous release migrates on start with its live tables
intact, and the bot plays on from it (issue 8).

``tests/fixtures/release_281dd80.sqlite`` was written by release 281dd80 itself
(``tests/fixtures/make_release_db.py``, run against that release's worktree):
its migrations 0001-0002 only, matches whose state is the old
``{"dealer", "opener", "totals", "deals"}``, deals without a setup, and a later
Blázen game stored as explicit cards with ``"attacker"``. Next to it,
``release_281dd80.json`` holds what that release's engine saw in each live
table. Here the current code opens a copy, migrates it, and must restore the
same tables, seats, versions and deal states, keep the tallies, and then play
the open deals to their end through the bot over the fake Bot API.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from games.cards import card_code
from games.engine import State
from games.registry import find_variant
from storage import Store
from storage.migrate import load_migrations
from tests.bot.blazen_helpers import play_game
from tests.bot.harness import Harness, Player, button, play_deal, play_turn, press
from tests.fakes import FakeChat, FakeTelegram, FakeUser, Limits

FIXTURES = Path(__file__).parent.parent / "fixtures"
FACTS: dict[str, Any] = json.loads((FIXTURES / "release_281dd80.json").read_text(encoding="utf-8"))
LIVE = {t["table_id"]: t for t in FACTS["live"]}
VOLENY = next(t for t in FACTS["live"] if t["variant_id"] == "marias-voleny" and "deal" in t)
BLAZEN = next(t for t in FACTS["live"] if t["variant_id"] == "blazen")
LOBBY = next(t for t in FACTS["live"] if t["status"] == "lobby")
PEOPLE = {101: "Jana", 102: "Petr", 103: "Eva", 104: "Karel", 105: "Zdena", 106: "Milan"}


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    """A copy of the release's file, where the bot would find it."""
    path = tmp_path / "data" / "karban.sqlite3"
    path.parent.mkdir()
    shutil.copyfile(FIXTURES / "release_281dd80.sqlite", path)
    return path


def _raw(path: Path, sql: str) -> list[tuple[Any, ...]]:
    """Read the file with plain sqlite3, independent of the storage code."""
    conn = sqlite3.connect(path)
    try:
        return conn.execute(sql).fetchall()
    finally:
        conn.close()


def _seats(table: Any) -> list[list[Any]]:
    return [[s.seat_no, s.kind, s.user_id, s.display_name] for s in table.seats]


def _replay(table: dict[str, Any], path: Path) -> tuple[State, int]:
    """The open deal of a live table rebuilt by the current engine from the raw rows."""
    table_id = table["table_id"]
    ((options, seats, dealer, seed, cards, setup, deal_id),) = _raw(
        path,
        "SELECT m.options_json, m.seat_count, d.dealer, d.seed, d.cards_json, d.setup_json,"
        " d.deal_id FROM deals d JOIN matches m USING (match_id)"
        f" WHERE m.table_id = {table_id} AND d.outcome_json IS NULL",
    )
    variant = find_variant(table["variant_id"])
    state = variant.new_deal(
        variant.options(json.loads(options)),
        seats,
        json.loads(setup) if setup is not None else dealer,
        seed=None if seed is None else int(seed),
        cards=None if cards is None else json.loads(cards),
    )
    logged = _raw(path, f"SELECT seat, code FROM actions WHERE deal_id = {deal_id} ORDER BY idx")
    for seat, code in logged:
        state, _ = variant.apply(state, seat, variant.parse_action(code))
    return state, len(logged)


def _deal_facts(state: Any, actions: int, deal: Any) -> dict[str, Any]:
    """The facts the release's generator wrote, as the current engine sees them."""
    trump = state.trump_card
    return {
        "deal_no": deal.deal_no,
        "dealer": deal.dealer,
        "actions": actions,
        "over": state.is_over,
        "to_act": sorted(state.to_act()),
        "hand_sizes": [bin(h).count("1") for h in state.hands],
        "phase": str(state.phase.value),
        "trump_card": None if trump is None else card_code(trump),
        "fixed_opener": getattr(state, "fixed_attacker", None),
        "stock": len(getattr(state, "stock", ())),
    }


def test_the_fixture_is_the_release_schema(db_path: Path) -> None:
    names = [r[0] for r in _raw(db_path, "SELECT name FROM schema_migrations ORDER BY version")]
    assert names == ["0001_initial.sql", "0002_message_digests.sql"]
    columns = [r[1] for r in _raw(db_path, "PRAGMA table_info(deals)")]
    assert "setup_json" not in columns
    # a later Blázen game of the release: explicit cards carrying the opener
    ((cards,),) = _raw(
        db_path,
        "SELECT d.cards_json FROM deals d JOIN matches m USING (match_id)"
        f" WHERE m.table_id = {BLAZEN['table_id']} AND d.outcome_json IS NULL",
    )
    assert json.loads(cards)["attacker"] == [str(BLAZEN["deal"]["fixed_opener"])]
    assert db_path.stat().st_size < 200_000


async def test_the_release_database_migrates_with_its_live_tables_intact(db_path: Path) -> None:
    before = {
        name: _raw(db_path, f"SELECT * FROM {name} ORDER BY 1, 2")
        for name in ("tables", "seats", "matches", "actions", "tallies", "chats", "users")
    }
    deals_before = _raw(db_path, "SELECT * FROM deals ORDER BY deal_id")
    store = await Store.open(db_path)
    try:
        newest = load_migrations()[-1].version
        versions = [r[0] for r in _raw(db_path, "SELECT version FROM schema_migrations")]
        assert sorted(versions) == list(range(1, newest + 1))

        live = await store.tables.list_live()
        assert {t.id for t in live} == set(LIVE)
        stopped = await store.tables.get(FACTS["stopped"])
        assert stopped is not None and stopped.status == "stopped"
        for table in live:
            facts = LIVE[table.id]
            assert (table.chat_id, table.variant_id, table.status) == (
                facts["chat_id"],
                facts["variant_id"],
                facts["status"],
            )
            assert (table.version, table.language) == (facts["version"], facts["language"])
            assert _seats(table) == facts["seats"]
        for facts in (VOLENY, BLAZEN):
            deal = await store.deals.current_deal(facts["table_id"])
            assert deal is not None and not deal.is_finished
            assert deal.setup == {"dealer": facts["deal"]["dealer"]}  # NULL: the dealer alone
            logged = await store.deals.list_actions(deal.id)
            assert len(logged) == facts["deal"]["actions"]
            assert all(a.version <= facts["version"] for a in logged)
            state, count = _replay(facts, db_path)
            assert _deal_facts(state, count, deal) == facts["deal"]
            # the stored deal, as storage reads it, makes the same state
            variant = find_variant(facts["variant_id"])
            match = await store.matches.current_match(facts["table_id"])
            assert match is not None
            again = variant.new_deal(
                variant.options(match.options),
                match.seat_count,
                deal.setup,
                seed=deal.seed,
                cards=deal.cards,
            )
            for action in logged:
                again, _ = variant.apply(again, action.seat, variant.parse_action(action.code))
            assert again == state

        for chat, entries in FACTS["tallies"].items():
            got = await store.scores.tally(int(chat))
            assert got
            assert sorted(
                [e.user_id, e.variant_id, e.display_name, e.deals_played, e.total] for e in got
            ) == sorted(entries)
    finally:
        await store.close()
    # the release's rows themselves are untouched: migrations only add columns and tables
    for name, rows in before.items():
        after = _raw(db_path, f"SELECT * FROM {name} ORDER BY 1, 2")
        assert [row[: len(rows[0])] for row in after] == rows, name
    deals_after = _raw(db_path, "SELECT * FROM deals ORDER BY deal_id")
    assert [row[: len(deals_before[0])] for row in deals_after] == deals_before
    match_states = [json.loads(r[0]) for r in _raw(db_path, "SELECT state_json FROM matches")]
    assert all(set(s) == {"dealer", "opener", "totals", "deals"} for s in match_states)


# -- the bot on the release's database -------------------------------------------------


@pytest.fixture(autouse=True)
def _timedelta(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PTB_TIMEDELTA", "true")


@pytest.fixture
async def server() -> AsyncIterator[FakeTelegram]:
    async with FakeTelegram(limits=Limits(enabled=False)) as fake:
        yield fake


@pytest.fixture
def people(server: FakeTelegram) -> dict[int, FakeUser]:
    """The release's users, who had all opened their direct chats with the bot."""
    found = {}
    for user_id, name in PEOPLE.items():
        user = server.add_user(user_id, name, language_code="en" if name == "Eva" else "cs")
        user.dm_open = True
        found[user_id] = user
    return found


@pytest.fixture
def groups(server: FakeTelegram, people: dict[int, FakeUser]) -> dict[int, FakeChat]:
    titles = {VOLENY["chat_id"]: "U Fleků", LOBBY["chat_id"]: "Lobby", BLAZEN["chat_id"]: "Blázni"}
    return {
        chat: server.add_group(chat, title, admins=[people[101]]) for chat, title in titles.items()
    }


@pytest.fixture
async def bot(
    server: FakeTelegram, db_path: Path, groups: dict[int, FakeChat]
) -> AsyncIterator[Harness]:
    harness = Harness(server, db_path)
    await harness.start()
    try:
        yield harness
    finally:
        await harness.stop()
    not_modified = [c for c in server.calls if "not modified" in (c.description or "")]
    assert not_modified == [], not_modified
    assert server.unanswered_queries() == []


async def test_the_bot_restores_the_release_tables_and_plays_them_to_the_end(
    bot: Harness,
    server: FakeTelegram,
    db_path: Path,
    people: dict[int, FakeUser],
    groups: dict[int, FakeChat],
) -> None:
    await bot.settle()
    for table_id, facts in LIVE.items():
        live = bot.services.tables.get(table_id)
        assert live is not None, f"table {table_id} was not restored"
        assert bot.table(groups[facts["chat_id"]]) is live
        assert (live.status, live.version) == (facts["status"], facts["version"])
        assert _seats(live.row) == facts["seats"]
        if "deal" in facts:
            assert live.in_deal and live.deal is not None
            state, count = _replay(facts, db_path)
            assert live.state == state
            assert _deal_facts(live.state, count, live.deal) == facts["deal"]
            assert live.match is not None
            assert live.match.seat_count == len(facts["seats"])
        else:
            assert not live.in_deal
    lobby = bot.group_message(groups[LOBBY["chat_id"]])
    assert "Eva" in lobby.text and "Karel" in lobby.text

    jana, petr = people[101], people[102]
    # volený: the next legal action is accepted, and the deal is played to its end
    pub = groups[VOLENY["chat_id"]]
    live = bot.table(pub)
    assert live is not None and live.deal is not None
    players = {live.seat_of(u.id): Player(u) for u in (jana, petr)}
    assert await play_turn(bot, pub, players)  # type: ignore[arg-type]
    await bot.settle()
    logged = await bot.services.store.deals.list_actions(live.deal.id)
    assert len(logged) > VOLENY["deal"]["actions"] and live.version > VOLENY["version"]
    await play_deal(bot, pub, [Player(jana), Player(petr)])
    assert "Konec rozdání" in server.bot_messages(pub)[-1].text
    assert live.deal.is_finished and live.match is not None
    # the match the release stored goes on: the next deal, dealt by the next seat
    result = next(m for m in reversed(server.bot_messages(pub)) if "Další" in str(m.buttons))
    await press(bot, jana, result, button(result, "Další"))
    await bot.settle()
    assert live.deal.deal_no == VOLENY["deal"]["deal_no"] + 1 and live.in_deal
    assert live.deal.dealer == (VOLENY["deal"]["dealer"] + 1) % 3
    # Blázen: the game the match opened with a fixed first attacker, played out
    room = groups[BLAZEN["chat_id"]]
    table = bot.table(room)
    assert table is not None and table.deal is not None
    assert table.state.fixed_attacker == BLAZEN["deal"]["fixed_opener"]
    await play_game(bot, room, [people[105], people[106]])
    assert "Konec hry" in server.bot_messages(room)[-1].text
    assert table.deal.is_finished and table.outcome is not None
    summary = table.outcome["summary"]
    result = next(m for m in reversed(server.bot_messages(room)) if "Další" in str(m.buttons))
    await press(bot, people[105], result, button(result, "Další"))
    await bot.settle()
    assert table.deal.deal_no == BLAZEN["deal"]["deal_no"] + 1
    assert table.deal.dealer == summary["next_dealer"]
    assert table.state.fixed_attacker == summary["next_attacker"]

    # the tallies went on from the release's numbers
    old = {(e[0], e[1]): e[3] for entries in FACTS["tallies"].values() for e in entries}
    for chat in (VOLENY["chat_id"], BLAZEN["chat_id"]):
        for entry in await bot.services.store.scores.tally(chat):
            assert entry.deals_played == old[(entry.user_id, entry.variant_id)] + 1
