"""/settings: the house rules of a table, changed in the lobby before it starts.

The lobby message turns into the settings menu (one button per option,
showing its value; a press moves to the next allowed value) and back. Only
the table's creator or a chat admin may change rules. The options and their
values come from the game's renderer, so this module knows no game.
"""

from __future__ import annotations

from telegram import Update, User

from bot.callbacks import CallbackData, Op
from bot.handlers.common import Ctx, Press, error_text, is_group, may_manage, note_user, reply
from bot.render.i18n import Translator
from bot.services import Services, services
from bot.screens import option_names
from bot.tables import BOT_OPTIONS, LiveTable, TableError

__all__ = ["on_option", "on_settings", "settings_cmd"]


async def settings_cmd(update: Update, context: Ctx) -> None:
    chat, user = update.effective_chat, update.effective_user
    if chat is None or user is None:
        return
    found = services(context)
    await note_user(found, user)
    tr = await found.tr(chat.id)
    if not is_group(chat):
        await reply(found, chat.id, tr("err.group_only", command="/settings"))
        return
    live = found.tables.for_chat(chat.id)
    if live is None:
        await reply(found, chat.id, tr("err.no_table"))
        return
    try:
        await _open(found, context, live, user, None)
    except TableError as error:
        await reply(found, chat.id, error_text(tr, error))
        return
    await reply(found, chat.id, tr("settings.opened"))


async def _open(found: Services, context: Ctx, live: LiveTable, user: User,
                version: int | None) -> None:  # fmt: skip
    if live.status != "lobby":
        raise TableError("already_started")
    if not await may_manage(context, live, user.id):
        raise TableError("not_allowed")
    await found.tables.set_mode(live, "settings", version)


async def on_settings(found: Services, context: Ctx, press: Press, live: LiveTable, user: User,
                      data: CallbackData, tr: Translator) -> None:  # fmt: skip
    if data.op is Op.BACK:
        await found.tables.set_mode(live, "lobby", data.version)
        return
    await _open(found, context, live, user, data.version)


async def on_option(found: Services, context: Ctx, press: Press, live: LiveTable, user: User,
                    data: CallbackData, tr: Translator) -> None:  # fmt: skip
    if not await may_manage(context, live, user.id):
        raise TableError("not_allowed")
    names = option_names(live)
    if not data.arg.isdigit() or int(data.arg) >= len(names):
        raise TableError("forged")
    name = names[int(data.arg)]
    choices = list(BOT_OPTIONS.get(name) or live.renderer.option_choices()[name])
    current = found.screens.current_option(live, name)
    following = choices[(choices.index(current) + 1) % len(choices)] if current in choices else choices[0]
    await found.tables.set_option(live, name, following, data.version)
    await press.answer(
        tr("settings.changed", option=found.screens.option_label(live, name, tr),
           value=found.screens.option_value(live, name, tr))
    )  # fmt: skip
