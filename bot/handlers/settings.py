"""/settings: the house rules of a table, changed in the lobby before it starts.

The lobby message turns into the settings menu (one button per option,
showing its value; a press moves to the next allowed value) and back. Only
the table's creator or a chat admin may change rules. The options and their
values come from the game's renderer, so this module knows no game; a
value the rules refuse in combination with the others is skipped.
"""

from __future__ import annotations

from telegram import Update, User

from bot.callbacks import CallbackData, Op
from bot.handlers.common import (
    Ctx,
    Press,
    error_text,
    live_table,
    may_manage,
    reply,
    table_command,
)
from bot.live import LiveTable, TableError
from bot.render.i18n import Translator
from bot.screens import option_choices, option_names
from bot.services import Services

__all__ = ["on_option", "on_settings", "settings_cmd"]


async def settings_cmd(update: Update, context: Ctx) -> None:
    cmd = await table_command(update, context, "/settings")
    if cmd is None:
        return
    live = await live_table(cmd)
    if live is None:
        return
    try:
        await _open(cmd.found, context, live, cmd.user, None)
    except TableError as error:
        await reply(cmd.found, cmd.chat.id, error_text(cmd.tr, error))
        return
    await reply(cmd.found, cmd.chat.id, cmd.tr("settings.opened"))


async def _open(
    found: Services, context: Ctx, live: LiveTable, user: User, version: int | None
) -> None:
    if live.status != "lobby":
        raise TableError("already_started")
    if not await may_manage(context, live, user.id):
        raise TableError("not_allowed")
    await found.tables.set_mode(live, "settings", version)


async def on_settings(
    found: Services,
    context: Ctx,
    press: Press,
    live: LiveTable,
    user: User,
    data: CallbackData,
    tr: Translator,
) -> None:
    if data.op is Op.BACK:
        await found.tables.set_mode(live, "lobby", data.version)
        return
    await _open(found, context, live, user, data.version)


async def on_option(
    found: Services,
    context: Ctx,
    press: Press,
    live: LiveTable,
    user: User,
    data: CallbackData,
    tr: Translator,
) -> None:
    if not await may_manage(context, live, user.id):
        raise TableError("not_allowed")
    names = option_names(live)
    if not data.arg.isdigit() or int(data.arg) >= len(names):
        raise TableError("forged")
    name = names[int(data.arg)]
    choices = option_choices(live, name)
    current = found.screens.current_option(live, name)
    at = choices.index(current) + 1 if current in choices else 0
    following = [choices[(at + i) % len(choices)] for i in range(len(choices))]
    for tried, value in enumerate(following, 1):  # the next value the other rules allow
        try:
            await found.tables.set_option(live, name, value, data.version)
            break
        except TableError as error:
            if error.code != "bad_option" or tried == len(following):
                raise
    await press.answer(
        tr(
            "settings.changed",
            option=found.screens.option_label(live, name, tr),
            value=found.screens.option_value(live, name, tr),
        )
    )
