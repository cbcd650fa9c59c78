"""Updates of one chat in order, different chats at once.

PTB either handles updates one by one (every table waits for every other)
or all concurrently (a /join could overtake the /new before it). Karban wants
both: tables in different chats proceed in parallel, while the updates of
one chat are handled in the order Telegram delivered them.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable
from typing import Any

from telegram import Update
from telegram.ext import BaseUpdateProcessor

__all__ = ["PerChatUpdateProcessor"]


class PerChatUpdateProcessor(BaseUpdateProcessor):
    """Serialises updates per chat (by ``effective_chat``), runs chats concurrently."""

    def __init__(self, max_concurrent_updates: int = 256) -> None:
        super().__init__(max_concurrent_updates)
        self._locks: dict[int, asyncio.Lock] = {}
        self._users: dict[int, int] = {}
        self.in_progress = 0
        """Updates being handled or waiting for their chat's turn (tests wait for 0)."""

    async def do_process_update(self, update: object, coroutine: Awaitable[Any]) -> None:
        self.in_progress += 1
        try:
            await self._process(update, coroutine)
        finally:
            self.in_progress -= 1

    async def _process(self, update: object, coroutine: Awaitable[Any]) -> None:
        chat = update.effective_chat if isinstance(update, Update) else None
        if chat is None:
            await coroutine
            return
        key = chat.id
        lock = self._locks.setdefault(key, asyncio.Lock())
        self._users[key] = self._users.get(key, 0) + 1
        try:
            async with lock:
                await coroutine
        finally:
            self._users[key] -= 1
            if not self._users[key]:
                del self._users[key]
                del self._locks[key]

    async def initialize(self) -> None:
        """Nothing to set up."""

    async def shutdown(self) -> None:
        """Nothing to tear down."""
