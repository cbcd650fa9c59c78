"""Fixtures for storage tests: real SQLite files in a temporary folder, never mocks."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from storage import Store


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    # A nested folder that does not exist yet: open() must create it.
    return tmp_path / "data" / "karban.sqlite3"


@pytest.fixture
async def store(db_path: Path) -> AsyncIterator[Store]:
    s = await Store.open(db_path)
    try:
        yield s
    finally:
        await s.close()
