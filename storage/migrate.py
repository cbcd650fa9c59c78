"""Schema migrations: numbered, append-only SQL files, each applied once.

The idea follows simonw/llm's ``migrations.py``: a list of steps in a fixed
order and a table recording which have run, so opening any older database
brings it up to date and opening a current one does nothing. Ours are plain
SQL files (``storage/migrations/0001_initial.sql``, ``0002_...``) so the
schema is read in one place, with its comments.

Rules for migration files:

* The name is ``NNNN_snake_case.sql``; numbers start at 1 with no gaps.
* A file is never edited once released. Its SHA-256 is recorded, and a
  database whose recorded checksum differs refuses to open.
* A file holds no ``BEGIN``/``COMMIT``: each runs inside one ``BEGIN
  IMMEDIATE`` transaction together with its ``schema_migrations`` row, so it
  is applied entirely or not at all, and two processes opening the same file
  cannot both apply it.
"""

from __future__ import annotations

import hashlib
import re
import sqlite3
from dataclasses import dataclass
from importlib import resources
from importlib.abc import Traversable
from pathlib import Path

import aiosqlite

from storage.errors import MigrationError

_FILE_NAME = re.compile(r"^(\d{4})_([a-z0-9_]+)\.sql$")

_CREATE_LOG = """
CREATE TABLE IF NOT EXISTS schema_migrations (
    version  INTEGER PRIMARY KEY,  -- the NNNN of the file
    name     TEXT    NOT NULL,     -- the file name, for people
    checksum TEXT    NOT NULL      -- sha256 of the file text, to catch edits
) STRICT
"""


@dataclass(frozen=True, slots=True)
class Migration:
    """One SQL file: its number, file name and text."""

    version: int
    name: str
    sql: str

    @property
    def checksum(self) -> str:
        """SHA-256 of the text with line endings normalised (a checkout may add CRs)."""
        text = self.sql.replace("\r\n", "\n")
        return hashlib.sha256(text.encode("utf-8")).hexdigest()


def default_directory() -> Traversable:
    """The ``migrations`` folder shipped inside the ``storage`` package."""
    return resources.files("storage").joinpath("migrations")


def load_migrations(directory: Traversable | Path | None = None) -> list[Migration]:
    """Read and check the migration files, in order.

    Raises ``MigrationError`` for a ``.sql`` file with a bad name, a
    duplicate number, or a gap in the numbering: any of those means the
    files are not the append-only list they must be.
    """
    folder = default_directory() if directory is None else directory
    found: dict[int, Migration] = {}
    for entry in folder.iterdir():
        if not entry.name.endswith(".sql"):
            continue
        match = _FILE_NAME.match(entry.name)
        if match is None:
            raise MigrationError(f"bad migration file name {entry.name!r}")
        version = int(match.group(1))
        if version in found:
            raise MigrationError(f"two migrations numbered {version}")
        found[version] = Migration(version, entry.name, entry.read_text(encoding="utf-8"))
    ordered = [found[v] for v in sorted(found)]
    for expected, migration in enumerate(ordered, start=1):
        if migration.version != expected:
            raise MigrationError(f"migration {expected:04d} is missing")
    return ordered


async def _recorded(conn: aiosqlite.Connection) -> dict[int, tuple[str, str]]:
    rows = await conn.execute_fetchall("SELECT version, name, checksum FROM schema_migrations")
    return {int(r[0]): (str(r[1]), str(r[2])) for r in rows}


def _check_recorded(recorded: dict[int, tuple[str, str]], known: list[Migration]) -> None:
    by_version = {m.version: m for m in known}
    for version, (name, checksum) in sorted(recorded.items()):
        migration = by_version.get(version)
        if migration is None:
            raise MigrationError(
                f"database has migration {name} which this code does not know (downgrade?)"
            )
        if migration.checksum != checksum:
            raise MigrationError(f"migration {migration.name} was edited after it was applied")


async def apply_migrations(conn: aiosqlite.Connection, migrations: list[Migration]) -> list[int]:
    """Apply the migrations not yet recorded; return the versions applied now.

    ``conn`` must be in autocommit mode (``isolation_level=None``) and not in
    a transaction.
    """
    await conn.execute(_CREATE_LOG)
    recorded = await _recorded(conn)
    _check_recorded(recorded, migrations)
    applied: list[int] = []
    for migration in migrations:
        if migration.version in recorded:
            continue
        # The script opens the transaction itself: Python 3.11's executescript
        # commits any transaction already open before it runs.
        script = (
            "BEGIN IMMEDIATE;\n"
            "INSERT INTO schema_migrations (version, name, checksum) VALUES "
            f"({migration.version}, '{migration.name}', '{migration.checksum}');\n"
            f"{migration.sql}\n;"
        )
        try:
            await conn.executescript(script)
            problems = await conn.execute_fetchall("PRAGMA foreign_key_check")
            if problems:
                raise MigrationError(
                    f"migration {migration.name} leaves broken foreign keys: {list(problems)[:5]}"
                )
            await conn.execute("COMMIT")
        except (sqlite3.Error, MigrationError) as error:
            if conn.in_transaction:
                await conn.execute("ROLLBACK")
            recorded = await _recorded(conn)
            if migration.version in recorded:
                # Another process applied it between our read and our BEGIN.
                _check_recorded(recorded, migrations)
                continue
            if isinstance(error, MigrationError):
                raise
            raise MigrationError(f"migration {migration.name} failed: {error}") from error
        applied.append(migration.version)
    return applied
