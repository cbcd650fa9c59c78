"""Handler registration, in the order PTB tries them (first match wins in a group).

1. ``/start`` in a direct chat (onboarding, deep links) and in a group (deal);
2. the other commands, each answering clearly in the wrong kind of chat;
3. every button press (one router);
4. ``my_chat_member``: the user blocked or unblocked the bot, or a group removed it;
5. any other command: a short pointer to /help;
6. plain text in a direct chat: the chat is open; a short welcome.
"""

from __future__ import annotations

import logging
from typing import Any

from telegram import Chat, Update
from telegram.ext import (
    Application,
    CallbackQueryHandler,
    ChatMemberHandler,
    CommandHandler,
    MessageHandler,
    filters,
)

from bot.handlers import help as help_
from bot.handlers import lobby, onboarding, score, settings
from bot.handlers.buttons import on_button
from bot.handlers.common import Ctx

__all__ = ["register"]

_LOG = logging.getLogger(__name__)


async def _start(update: Update, context: Ctx) -> None:
    chat = update.effective_chat
    if chat is not None and chat.type == Chat.PRIVATE:
        await onboarding.start_private(update, context)
    else:
        await lobby.start_group(update, context)


async def _error(update: object, context: Ctx) -> None:
    _LOG.error("update %s failed", update, exc_info=context.error)


def register(app: Application[Any, Any, Any, Any, Any, Any]) -> None:
    commands = {
        "start": _start,
        "new": lobby.new_cmd,
        "join": lobby.join_cmd,
        "leave": lobby.leave_cmd,
        "stop": lobby.stop_cmd,
        "score": score.score_cmd,
        "settings": settings.settings_cmd,
        "rules": help_.rules_cmd,
        "help": help_.help_cmd,
        "lang": help_.lang_cmd,
        "hand": onboarding.hand_cmd,
    }
    # An edited message is the same message again, never a new command: only
    # new messages reach the handlers (PTB's default also takes edits).
    new = filters.UpdateType.MESSAGE
    for name, callback in commands.items():
        app.add_handler(CommandHandler(name, callback, filters=new))
    app.add_handler(CallbackQueryHandler(on_button))
    app.add_handler(ChatMemberHandler(onboarding.member_update, ChatMemberHandler.MY_CHAT_MEMBER))
    app.add_handler(MessageHandler(new & filters.COMMAND, help_.unknown_cmd))
    private_text = new & filters.ChatType.PRIVATE & filters.TEXT & ~filters.COMMAND
    app.add_handler(MessageHandler(private_text, onboarding.private_text))
    app.add_error_handler(_error)
