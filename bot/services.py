"""The bot's long-lived objects, built once in ``post_init`` and shared by handlers.

Handlers reach them with ``services(context)``; nothing game-related lives in
PTB's ``bot_data``/``chat_data`` besides this one object, and no game state
lives in it at all (that is in SQLite, mirrored by ``TableManager``).
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any, cast

from telegram.ext import CallbackContext

from bot.config import Settings
from bot.driver import Driver
from bot.presenter import Presenter
from bot.publisher import Publisher
from bot.render.i18n import I18n, Translator
from bot.screens import Screens
from bot.tables import TableManager
from bot.timers import Timers
from storage import Store

__all__ = ["KEY", "Services", "services"]

KEY = "karban"


@dataclass(eq=False)
class Services:
    """Everything a handler may use."""

    settings: Settings
    store: Store
    i18n: I18n
    publisher: Publisher
    screens: Screens
    presenter: Presenter
    driver: Driver
    timers: Timers
    tables: TableManager
    bot_username: str
    chat_langs: dict[int, str] = field(default_factory=dict)
    digest_saver: asyncio.Task[None] | None = None

    async def chat_lang(self, chat_id: int) -> str:
        """A group's language (/lang), cached; a direct chat's is its user's."""
        if chat_id > 0:
            return self.presenter.user_lang(chat_id)
        if chat_id not in self.chat_langs:
            self.chat_langs[chat_id] = (await self.store.chats.get(chat_id)).language
        return self.chat_langs[chat_id]

    async def tr(self, chat_id: int) -> Translator:
        return self.i18n.for_lang(await self.chat_lang(chat_id))


def services(context: CallbackContext[Any, Any, Any, Any]) -> Services:
    """The bot's ``Services`` (set up by ``bot.app.startup``)."""
    return cast(Services, context.bot_data[KEY])
