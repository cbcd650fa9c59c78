"""Fixtures: the fake Telegram, the real bot on a temporary SQLite file, and people."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.bot.harness import Harness
from tests.fakes import FakeChat, FakeTelegram, FakeUser, Limits


@pytest.fixture(autouse=True)
def _timedelta(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PTB_TIMEDELTA", "true")


@pytest.fixture
def limits() -> Limits:
    """Flood limits of the fake; off unless a test is about them."""
    return Limits(enabled=False)


@pytest.fixture
async def server(limits: Limits) -> AsyncIterator[FakeTelegram]:
    async with FakeTelegram(limits=limits) as fake:
        yield fake


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "data" / "karban.sqlite3"


@pytest.fixture
async def bot(server: FakeTelegram, db_path: Path) -> AsyncIterator[Harness]:
    """The running bot; afterwards, checks that hold for every test.

    Every press was answered, and the bot never edited a message to the
    content it already had (Telegram's "message is not modified").
    """
    harness = Harness(server, db_path)
    await harness.start()
    try:
        yield harness
    finally:
        await harness.stop()
    not_modified = [c for c in server.calls if "not modified" in (c.description or "")]
    assert not_modified == [], not_modified
    assert server.unanswered_queries() == []


@pytest.fixture
def jana(server: FakeTelegram) -> FakeUser:
    return server.add_user(101, "Jana", username="jana")


@pytest.fixture
def petr(server: FakeTelegram) -> FakeUser:
    return server.add_user(102, "Petr")


@pytest.fixture
def eva(server: FakeTelegram) -> FakeUser:
    return server.add_user(103, "Eva", language_code="en")


@pytest.fixture
def pub(server: FakeTelegram, jana: FakeUser) -> FakeChat:
    return server.add_group(-100123, "U Fleků", admins=[jana])
