"""The composition root: builds the PTB ``Application`` and its lifecycle.

``build_application(settings)`` wires the Bot API endpoint (``base_url`` from
``TELEGRAM_API_BASE_URL``, so a local Bot API server or the test fake can
stand in for Telegram), ``AIORateLimiter`` as a safety net behind the
publisher's own pacing, the handlers (plus two of its own: any update tells
the publisher Telegram is reachable again, and a group's upgrade to a
supergroup moves its table), and three hooks:

* ``startup`` (post_init): open the store, build the services, register the
  commands, rebuild every live table from the action log, bring its
  messages up to date and re-arm its deadlines and computer moves;
* ``stopping`` (post_stop): stop computer moves and timers, flush messages,
  save what they show;
* ``shutdown`` (post_shutdown): close the database.

``serving(app)`` runs the same lifecycle inside an existing event loop (for
tests and the benchmark), in the order ``run_polling`` uses.
"""

from __future__ import annotations

import logging
import random
import secrets
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from telegram import (
    BotCommand,
    BotCommandScopeAllGroupChats,
    BotCommandScopeAllPrivateChats,
    Update,
)
from telegram.ext import (
    AIORateLimiter,
    Application,
    ApplicationBuilder,
    ContextTypes,
    MessageHandler,
    TypeHandler,
    filters,
)

from bot.config import Settings
from bot.driver import Driver
from bot.handlers import onboarding, register
from bot.presenter import Presenter
from bot.publisher import Publisher
from bot.render.i18n import I18n
from bot.screens import Screens
from bot.services import KEY, Services
from bot.tables import TableManager
from bot.tasks import spawn
from bot.timers import Timers
from bot.updates import PerChatUpdateProcessor
from storage import Store

__all__ = ["GROUP_COMMANDS", "PRIVATE_COMMANDS", "build_application", "serving"]

_LOG = logging.getLogger(__name__)
AnyApp = Application[Any, Any, Any, Any, Any, Any]
GROUP_COMMANDS = (
    "new",
    "join",
    "leave",
    "start",
    "score",
    "stop",
    "rules",
    "settings",
    "lang",
    "help",
)
PRIVATE_COMMANDS = ("start", "hand", "rules", "help")


def build_application(settings: Settings) -> AnyApp:
    """The bot, ready for ``run_polling`` (or ``serving``)."""
    limiter = AIORateLimiter(
        overall_max_rate=settings.overall_rate,
        overall_time_period=1 if settings.overall_rate else 0,
        group_max_rate=settings.group_budget,
        group_time_period=settings.group_window,
        max_retries=0,
    )
    app = (
        ApplicationBuilder()
        .token(settings.token)
        .base_url(settings.base_url)
        .base_file_url(settings.base_file_url)
        .rate_limiter(limiter)
        .concurrent_updates(PerChatUpdateProcessor())
        .post_init(startup)
        .post_stop(stopping)
        .post_shutdown(shutdown)
        .build()
    )
    app.bot_data["settings"] = settings
    register(app)
    app.add_handler(TypeHandler(Update, _reachable), group=-1)
    app.add_handler(MessageHandler(filters.StatusUpdate.MIGRATE, onboarding.chat_migrated), group=1)
    return app


async def _reachable(update: object, context: ContextTypes.DEFAULT_TYPE) -> None:
    """An update came in, so Telegram answers: messages held back by an outage go now."""
    found = _found(context.application)
    if found is not None:
        found.publisher.reachable()


async def startup(app: AnyApp) -> None:
    """post_init: services, commands, and every live table rebuilt and resumed."""
    settings: Settings = app.bot_data["settings"]
    store = await Store.open(settings.db_path)
    i18n = I18n.load(settings.locale)
    rng = random.Random(settings.seed if settings.seed is not None else secrets.randbits(64))
    tables = TableManager(store, settings, rng)
    publisher = Publisher(app.bot, settings)
    screens = Screens(i18n, settings.turn_timeout, settings.computer_level, settings.autoplay)
    presenter = Presenter(publisher, screens, store, i18n, app.bot.username)
    presenter.calm_interval = settings.group_calm_interval
    presenter.hand_calm_interval = settings.hand_calm_interval
    driver = Driver(tables, publisher, i18n, settings, rng)
    driver.user_lang = presenter.user_lang
    driver.pings.delete = app.bot.delete_message
    driver.pings.on_ping = presenter.turn_pinged
    presenter.pinged = driver.pings.pinged
    assert app.job_queue is not None, "install python-telegram-bot[job-queue]"
    timers = Timers(store, app.job_queue, driver.on_deadline)
    driver.timers = timers
    tables.listeners = [presenter, driver]
    found = Services(
        settings,
        store,
        i18n,
        publisher,
        screens,
        presenter,
        driver,
        timers,
        tables,
        app.bot.username,
    )
    publisher.on_forbidden = lambda chat_id: _forbidden(found, chat_id)
    publisher.on_migrated = lambda old, new: onboarding.move_chat(found, old, new)
    app.bot_data[KEY] = found
    await _set_commands(app, i18n)
    await timers.load()
    restored = await tables.restore(presenter.load)
    for live in restored:
        if live.status == "playing":
            await tables.refresh(live, "restored")
        else:
            await tables.refresh(live, "lobby")
    found.digest_saver = spawn(_save_digests(found), name="digests")
    _LOG.info("Karban is up as @%s with %d live tables", app.bot.username, len(restored))


async def _save_digests(found: Services) -> None:
    """Persist what the messages show as soon as they show it (``Presenter.save_digests``).

    A digest that is not on disk when the process dies costs an identical
    edit after the restart (Telegram's "message is not modified"), one per
    message: with a batch every few seconds that was about three a restart.
    So the saver wakes at every delivery; one transaction takes all that
    were shown since the previous one, so a busy bot still writes in
    batches, and the gap between an edit and its digest is one write.
    """
    while True:
        await found.publisher.wait_shown()
        await found.presenter.save_digests()


async def _forbidden(found: Services, chat_id: int) -> None:
    """A private chat answered 403: tell the tables, never stop them."""
    tables = found.tables.of_user(chat_id)
    for live, notice in await found.presenter.on_forbidden(chat_id, tables):
        spawn(found.tables.add_notice(live, notice), name=f"notice:{live.id}")


async def _set_commands(app: AnyApp, i18n: I18n) -> None:
    """setMyCommands for groups and direct chats, in every language, default first."""
    scopes = (
        (BotCommandScopeAllGroupChats(), GROUP_COMMANDS),
        (BotCommandScopeAllPrivateChats(), PRIVATE_COMMANDS),
    )
    for lang in (None, *i18n.languages):
        tr = i18n.for_lang(lang)
        for scope, names in scopes:
            prefix = "cmd.group." if isinstance(scope, BotCommandScopeAllGroupChats) else "cmd.dm."
            commands = [BotCommand(name, tr(prefix + name)) for name in names]
            await app.bot.set_my_commands(commands, scope=scope, language_code=lang)


def _found(app: AnyApp) -> Services | None:
    value = app.bot_data.get(KEY)
    return value if isinstance(value, Services) else None


async def stopping(app: AnyApp) -> None:
    """post_stop: no more computer moves or timers; send what is pending."""
    found = _found(app)
    if found is None:
        return
    await found.driver.close()
    found.timers.cancel_all()
    await found.publisher.flush(timeout=3.0)
    await found.publisher.close()
    if found.digest_saver is not None:
        found.digest_saver.cancel()
    await found.presenter.save_digests()


async def shutdown(app: AnyApp) -> None:
    """post_shutdown: close the database."""
    found = _found(app)
    if found is not None:
        await found.store.close()
        del app.bot_data[KEY]


@asynccontextmanager
async def serving(app: AnyApp, *, poll_timeout: int = 1) -> AsyncIterator[AnyApp]:
    """Run ``app`` with long polling inside the current loop, as ``run_polling`` would."""
    await app.initialize()
    if app.post_init is not None:
        await app.post_init(app)
    assert app.updater is not None
    await app.updater.start_polling(
        poll_interval=0, timeout=poll_timeout, allowed_updates=Update.ALL_TYPES
    )
    await app.start()
    try:
        yield app
    finally:
        if app.updater.running:
            await app.updater.stop()
        if app.running:
            await app.stop()
            if app.post_stop is not None:
                await app.post_stop(app)
        await app.shutdown()
        if app.post_shutdown is not None:
            await app.post_shutdown(app)
