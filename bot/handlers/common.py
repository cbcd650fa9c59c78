"""Small helpers every handler uses: replies, toasts, users, permissions.

Handlers stay thin: they read the update, call ``TableManager`` and answer.
Replies go through the publisher as command replies: they count against the
group's budget, but only a bounded share of it, and after the table's own
messages, so a member typing commands cannot hold up the table; button
presses are always answered exactly once (``Press``), whatever happens.
"""

from __future__ import annotations

import html
import logging
from dataclasses import dataclass

from telegram import CallbackQuery, Chat, InlineKeyboardMarkup, Update, User
from telegram.constants import ChatMemberStatus
from telegram.error import TelegramError
from telegram.ext import ContextTypes

from bot.direct import direct_table_of
from bot.live import LiveTable, TableError
from bot.publisher import Content
from bot.render.i18n import Html, Translator
from bot.services import Services, services

__all__ = [
    "Ctx",
    "GroupCommand",
    "Press",
    "display_name",
    "error_text",
    "group_command",
    "is_admin",
    "is_group",
    "live_table",
    "may_manage",
    "note_user",
    "reply",
    "resend_hands",
    "services",
    "table_command",
]

_LOG = logging.getLogger(__name__)
Ctx = ContextTypes.DEFAULT_TYPE


def is_group(chat: Chat | None) -> bool:
    return chat is not None and chat.type in (Chat.GROUP, Chat.SUPERGROUP)


def display_name(user: User) -> str:
    """The name shown at the table (escaped when rendered, never here)."""
    name = user.first_name.strip() or (user.username or str(user.id))
    return name[:40]


async def note_user(found: Services, user: User, *, private: bool = False) -> bool:
    """Record the user (and, from a direct chat, that the bot may write to them).

    Whether the direct chat was closed until now (never opened, or the user
    had blocked the bot): then hands may go to them again, and the caller
    should show them their game.
    """
    found.presenter.remember_user(user.id, user.language_code)
    stored = await found.store.users.upsert(
        user.id, user.first_name, user.username, user.language_code
    )
    if not private or stored.dm_open:
        return False
    await found.store.users.mark_dm_open(user.id, True)
    found.presenter.reopen_user(user.id)
    return True


async def reply(
    found: Services, chat_id: int, text: str, keyboard: InlineKeyboardMarkup | None = None
) -> None:
    """A new message in the chat, paced like every other.

    Queued, not awaited: a group whose budget is spent must not hold up the
    next update of that chat (a button press wants its answer at once). A
    command reply: the table's messages go first, and a group takes only a
    few replies a window (see ``Publisher.reply``).
    """
    found.publisher.reply(chat_id, Content(text, keyboard))


@dataclass(frozen=True, slots=True)
class GroupCommand:
    """What a command works with: the services, the chat, the user, their language."""

    found: Services
    chat: Chat
    user: User
    tr: Translator
    reopened: bool = False
    """The user's direct chat was closed until this command (see ``note_user``)."""


async def command_context(
    update: Update, context: Ctx, *, private: bool | None = None, show_hands: bool = True
) -> GroupCommand | None:
    """The parts of any command, after registering its user; ``None`` without a chat.

    ``private`` says whether the user has opened the direct chat (by default:
    the command came from it), which decides whether hands can reach them.
    A user who writes in the direct chat after it was closed (they had
    blocked the bot) gets their hands at once, as new messages, unless the
    command shows them itself (``show_hands=False``: /start, /hand).
    """
    chat, user = update.effective_chat, update.effective_user
    if chat is None or user is None:
        return None
    found = services(context)
    dm_open = chat.type == Chat.PRIVATE if private is None else private
    reopened = await note_user(found, user, private=dm_open)
    if reopened and show_hands and chat.type == Chat.PRIVATE:
        await resend_hands(found, user.id)
    return GroupCommand(found, chat, user, await found.tr(chat.id), reopened)


async def resend_hands(found: Services, user_id: int) -> list[LiveTable]:
    """Show the user's hands again as new messages; the tables in a deal where they sit."""
    tables = [t for t in found.tables.of_user(user_id) if t.in_deal]
    for live in tables:
        found.presenter.resend_hand(live, user_id)
        await found.tables.refresh(live, "hand")
    return tables


async def group_command(update: Update, context: Ctx, command: str) -> GroupCommand | None:
    """The parts of a group command; in a direct chat a clear answer and ``None``."""
    cmd = await command_context(update, context)
    if cmd is not None and not is_group(cmd.chat):
        await reply(cmd.found, cmd.chat.id, cmd.tr("err.group_only", command=command))
        return None
    return cmd


async def table_command(update: Update, context: Ctx, command: str) -> GroupCommand | None:
    """The parts of a command that works on the chat's own table: in a group, or in
    a direct chat that has a table (a two-player table there); elsewhere a clear
    answer and ``None``."""
    cmd = await command_context(update, context)
    if cmd is None or is_group(cmd.chat):
        return cmd
    if cmd.found.tables.for_chat(cmd.chat.id) is None:
        # a guest at a friend's direct chat table: that table is run from the friend's chat
        guest = direct_table_of(cmd.found.tables, cmd.user.id) is not None
        key = "err.dm_host_only" if guest else "err.group_only"
        await reply(cmd.found, cmd.chat.id, cmd.tr(key, command=command))
        return None
    return cmd


async def live_table(cmd: GroupCommand) -> LiveTable | None:
    """The group's live table, or ``None`` after saying there is none."""
    live = cmd.found.tables.for_chat(cmd.chat.id)
    if live is None:
        await reply(cmd.found, cmd.chat.id, cmd.tr("err.no_table"))
    return live


def error_text(tr: Translator, error: TableError) -> Html:
    return tr(f"err.{error.code}", **error.values)


async def is_admin(context: Ctx, chat_id: int, user_id: int) -> bool:
    """Whether the user administers the group (asks Telegram)."""
    try:
        member = await context.bot.get_chat_member(chat_id, user_id)
    except TelegramError:
        return False
    return member.status in (ChatMemberStatus.ADMINISTRATOR, ChatMemberStatus.OWNER)


async def may_manage(context: Ctx, live: LiveTable, user_id: int) -> bool:
    """The table's creator or a chat admin may stop it and change its rules."""
    return user_id == live.row.creator_id or await is_admin(context, live.chat_id, user_id)


class Press:
    """A button press that is answered exactly once, with a toast, an alert or a link."""

    def __init__(self, query: CallbackQuery) -> None:
        self.query = query
        self.answered = False

    async def answer(
        self, text: str | None = None, *, alert: bool = False, url: str | None = None
    ) -> None:
        if self.answered:
            return
        self.answered = True
        try:
            shown = None if text is None else html.unescape(text)[:200]
            await self.query.answer(text=shown, show_alert=alert, url=url)
        except TelegramError as error:  # too late or already answered: nothing to do
            _LOG.info("could not answer a press: %s", error)

    async def finish(self) -> None:
        await self.answer()


def args_of(context: Ctx) -> list[str]:
    return list(context.args or [])


def chat_and_user(update: Update) -> tuple[Chat, User] | None:
    if update.effective_chat is None or update.effective_user is None:
        return None
    return update.effective_chat, update.effective_user
