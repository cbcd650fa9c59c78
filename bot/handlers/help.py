"""/help, /rules, /lang and the answer to unknown commands."""

from __future__ import annotations

from telegram import Update

from bot.handlers.common import Ctx, command_context, is_group, reply, services
from bot.handlers.lobby import games_list
from bot.render import RENDERERS, playable
from games.registry import UnknownVariant, find_variant
from storage import LANGUAGES

__all__ = ["help_cmd", "lang_cmd", "rules_cmd", "unknown_cmd"]


async def help_cmd(update: Update, context: Ctx) -> None:
    cmd = await command_context(update, context)
    if cmd is None:
        return
    found, chat, tr = cmd.found, cmd.chat, cmd.tr
    key = "help.group" if is_group(chat) else "help.private"
    await reply(found, chat.id, tr(key, games=games_list(tr)))


async def rules_cmd(update: Update, context: Ctx) -> None:
    cmd = await command_context(update, context)
    if cmd is None:
        return
    found, chat, tr = cmd.found, cmd.chat, cmd.tr
    live = found.tables.for_chat(chat.id)
    if context.args:
        name = " ".join(context.args)
        try:
            variant = find_variant(name)
        except UnknownVariant:
            await reply(found, chat.id, tr("err.unknown_game", name=name, games=games_list(tr)))
            return
    else:
        variant = live.variant if live is not None else playable()[0]
    renderer = RENDERERS.get(variant.id)
    if renderer is None:
        title = variant.title.get(tr.lang, variant.id)
        await reply(found, chat.id, tr("err.not_playable", name=title, games=games_list(tr)))
        return
    await reply(found, chat.id, renderer.rules_text(tr))


async def lang_cmd(update: Update, context: Ctx) -> None:
    cmd = await command_context(update, context)
    if cmd is None:
        return
    found, chat, tr = cmd.found, cmd.chat, cmd.tr
    if not is_group(chat):
        await reply(found, chat.id, tr("lang.private"))
        return
    wanted = (context.args or [""])[0].lower()
    if len(context.args or []) != 1 or wanted not in LANGUAGES:
        await reply(found, chat.id, tr("lang.usage", langs=" | ".join(LANGUAGES)))
        return
    await found.store.chats.set_language(chat.id, wanted)
    found.chat_langs[chat.id] = wanted
    live = found.tables.for_chat(chat.id)
    if live is not None:
        await found.tables.set_language(live, wanted)
    await reply(found, chat.id, found.i18n.for_lang(wanted)("lang.set"))


async def unknown_cmd(update: Update, context: Ctx) -> None:
    """Any other command: a short pointer to /help (in groups only when meant for us)."""
    chat, message = update.effective_chat, update.effective_message
    if chat is None or message is None or not message.text:
        return
    found = services(context)
    command = message.text.split()[0]
    _, _, target = command.partition("@")
    if is_group(chat) and target and target.lower() != found.bot_username.lower():
        return
    tr = await found.tr(chat.id)
    await reply(found, chat.id, tr("unknown.command", command=command.partition("@")[0]))
