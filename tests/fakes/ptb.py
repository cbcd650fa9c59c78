"""Glue for running a real python-telegram-bot Application against `FakeTelegram`.

Kept apart from the server so the fake itself does not depend on PTB; end-to-end
tests use both: build the app with `application_builder(server)`, then
`async with polling(app): ...` runs it exactly as `run_polling` would, minus signals.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from telegram import Update
from telegram.ext import Application, ApplicationBuilder

from tests.fakes.bot_api import FakeTelegram

AnyApplication = Application[Any, Any, Any, Any, Any, Any]


def application_builder(server: FakeTelegram) -> ApplicationBuilder[Any, Any, Any, Any, Any, Any]:
    """An ApplicationBuilder pointed at the fake (token, base_url, base_file_url)."""
    return (
        ApplicationBuilder()
        .token(server.token)
        .base_url(server.base_url)
        .base_file_url(server.base_file_url)
    )


@asynccontextmanager
async def polling(app: AnyApplication, *, timeout: int = 1) -> AsyncIterator[AnyApplication]:
    """Initialise, start and long-poll; on exit stop everything (fast: the poll is cancelled)."""
    await app.initialize()
    await app.start()
    assert app.updater is not None, "build the Application with an Updater"
    await app.updater.start_polling(
        poll_interval=0, timeout=timeout, allowed_updates=Update.ALL_TYPES
    )
    try:
        yield app
    finally:
        if app.updater.running:
            await app.updater.stop()
        if app.running:
            await app.stop()
        await app.shutdown()
