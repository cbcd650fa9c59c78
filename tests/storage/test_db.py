"""Database: pragmas, migrations applied once, transactions all-or-nothing."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from storage import Database, MigrationError
from storage.migrate import default_directory, load_migrations


def shipped_copy(tmp_path: Path) -> Path:
    """A writable copy of the shipped migrations, to append to in tests."""
    folder = tmp_path / "migrations"
    folder.mkdir()
    for entry in default_directory().iterdir():
        if entry.name.endswith(".sql"):
            (folder / entry.name).write_text(entry.read_text(encoding="utf-8"), encoding="utf-8")
    return folder


SHIPPED = tuple(m.version for m in load_migrations())
"""Versions of the shipped migrations; tests add theirs after the last one."""
NEXT = f"{len(SHIPPED) + 1:04d}"


async def recorded_versions(db: Database) -> list[int]:
    async with db.read() as conn:
        rows = await conn.execute_fetchall("SELECT version FROM schema_migrations ORDER BY 1")
    return [r[0] for r in rows]


async def table_names(db: Database) -> set[str]:
    async with db.read() as conn:
        rows = await conn.execute_fetchall("SELECT name FROM sqlite_master WHERE type = 'table'")
    return {r[0] for r in rows}


def test_shipped_migrations_are_numbered_from_one() -> None:
    migrations = load_migrations()
    assert [m.version for m in migrations] == list(range(1, len(migrations) + 1))
    assert migrations[0].name == "0001_initial.sql"


async def test_open_creates_folder_and_sets_pragmas(db_path: Path) -> None:
    assert not db_path.parent.exists()
    db = await Database.open(db_path, busy_timeout_ms=1234)
    try:
        assert db_path.exists()
        async with db.read() as conn:
            pragmas = {
                name: (await conn.execute_fetchall(f"PRAGMA {name}"))[0][0]  # type: ignore[index]
                for name in ("journal_mode", "foreign_keys", "synchronous", "busy_timeout")
            }
        assert pragmas == {
            "journal_mode": "wal",
            "foreign_keys": 1,
            "synchronous": 1,  # NORMAL
            "busy_timeout": 1234,
        }
    finally:
        await db.close()


async def test_migrations_apply_once_and_reopen_is_idempotent(db_path: Path) -> None:
    db = await Database.open(db_path)
    assert db.applied_on_open == SHIPPED
    names = await table_names(db)
    assert {"users", "chats", "tables", "seats", "matches", "deals", "actions"} <= names
    assert {"tallies", "deadlines", "table_messages", "schema_migrations"} <= names
    await db.close()

    for _ in range(2):
        db = await Database.open(db_path)
        assert db.applied_on_open == ()
        assert await recorded_versions(db) == list(SHIPPED)
        await db.close()


async def test_reopen_applies_only_new_migrations(db_path: Path, tmp_path: Path) -> None:
    folder = shipped_copy(tmp_path)
    db = await Database.open(db_path, migrations_dir=folder)
    async with db.transaction() as conn:
        await conn.execute("INSERT INTO chats (chat_id, language) VALUES (1, 'en')")
    await db.close()

    (folder / f"{NEXT}_extra.sql").write_text(
        "-- a test migration\nCREATE TABLE extra (x INTEGER NOT NULL) STRICT;\n"
        "INSERT INTO extra (x) SELECT chat_id FROM chats;\n",
        encoding="utf-8",
    )
    db = await Database.open(db_path, migrations_dir=folder)
    assert db.applied_on_open == (len(SHIPPED) + 1,)
    async with db.read() as conn:
        rows = await conn.execute_fetchall("SELECT x FROM extra")
    assert [r[0] for r in rows] == [1]  # ran once, on the existing data
    await db.close()

    db = await Database.open(db_path, migrations_dir=folder)
    assert db.applied_on_open == ()
    assert await recorded_versions(db) == [*SHIPPED, len(SHIPPED) + 1]
    await db.close()


async def test_failed_migration_changes_nothing(db_path: Path, tmp_path: Path) -> None:
    folder = shipped_copy(tmp_path)
    await (await Database.open(db_path, migrations_dir=folder)).close()
    broken = folder / f"{NEXT}_broken.sql"
    broken.write_text("CREATE TABLE half (x INTEGER);\nSELECT * FROM no_such_table;\n")
    with pytest.raises(MigrationError, match=f"{NEXT}_broken"):
        await Database.open(db_path, migrations_dir=folder)

    broken.unlink()
    db = await Database.open(db_path, migrations_dir=folder)
    assert "half" not in await table_names(db)
    assert await recorded_versions(db) == list(SHIPPED)
    await db.close()


async def test_edited_migration_is_refused(db_path: Path, tmp_path: Path) -> None:
    folder = shipped_copy(tmp_path)
    await (await Database.open(db_path, migrations_dir=folder)).close()
    first = folder / "0001_initial.sql"
    first.write_text(first.read_text() + "\n-- sneaky edit\n")
    with pytest.raises(MigrationError, match="edited"):
        await Database.open(db_path, migrations_dir=folder)


async def test_database_newer_than_code_is_refused(db_path: Path, tmp_path: Path) -> None:
    folder = shipped_copy(tmp_path)
    (folder / f"{NEXT}_extra.sql").write_text("CREATE TABLE extra (x INTEGER);\n")
    await (await Database.open(db_path, migrations_dir=folder)).close()
    with pytest.raises(MigrationError, match="downgrade"):
        await Database.open(db_path)


@pytest.mark.parametrize(
    ("files", "message"),
    [
        (["0001_initial.sql", "2_bad.sql"], "bad migration file name"),
        (["0001_initial.sql", "0003_gap.sql"], "0002 is missing"),
        (["0001_initial.sql", "0001_again.sql"], "two migrations numbered 1"),
    ],
)
def test_migration_files_must_be_an_append_only_list(
    tmp_path: Path, files: list[str], message: str
) -> None:
    for name in files:
        (tmp_path / name).write_text("SELECT 1;\n")
    (tmp_path / "README.txt").write_text("not a migration, ignored")
    with pytest.raises(MigrationError, match=message):
        load_migrations(tmp_path)


async def test_two_processes_opening_at_once_apply_each_migration_once(db_path: Path) -> None:
    dbs = await asyncio.gather(*(Database.open(db_path) for _ in range(4)))
    try:
        applied = sorted(version for d in dbs for version in d.applied_on_open)
        assert applied == list(SHIPPED)  # each once, whichever connection got there first
        assert await recorded_versions(dbs[0]) == list(SHIPPED)
    finally:
        for d in dbs:
            await d.close()


async def test_transaction_rolls_back_on_error(db_path: Path) -> None:
    db = await Database.open(db_path)
    with pytest.raises(RuntimeError):
        async with db.transaction() as conn:
            await conn.execute("INSERT INTO chats (chat_id) VALUES (5)")
            raise RuntimeError("boom")
    async with db.read() as conn:
        assert list(await conn.execute_fetchall("SELECT * FROM chats")) == []
    async with db.transaction() as conn:  # the connection is usable again
        await conn.execute("INSERT INTO chats (chat_id) VALUES (6)")
    await db.close()


async def test_cancelled_transaction_rolls_back(db_path: Path) -> None:
    db = await Database.open(db_path)
    inside = asyncio.Event()

    async def stuck() -> None:
        async with db.transaction() as conn:
            await conn.execute("INSERT INTO chats (chat_id) VALUES (7)")
            inside.set()
            await asyncio.Event().wait()

    task = asyncio.create_task(stuck())
    await inside.wait()
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    async with db.transaction() as conn:
        await conn.execute("INSERT INTO chats (chat_id) VALUES (8)")
    async with db.read() as conn:
        rows = await conn.execute_fetchall("SELECT chat_id FROM chats")
    assert [r[0] for r in rows] == [8]
    await db.close()


async def test_second_connection_sees_committed_writes(db_path: Path) -> None:
    first = await Database.open(db_path)
    second = await Database.open(db_path)
    async with first.transaction() as conn:
        await conn.execute("INSERT INTO chats (chat_id) VALUES (9)")
    async with second.read() as conn:
        rows = await conn.execute_fetchall("SELECT chat_id FROM chats")
    assert [r[0] for r in rows] == [9]
    await first.close()
    await second.close()
