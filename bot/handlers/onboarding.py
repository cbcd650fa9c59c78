"""The direct chat: /start [payload], /hand, and noticing a blocked bot.

Telegram lets a bot write to a user only after the user wrote first, so the
hand of a player who never opened the chat cannot be delivered. /start
records that the chat is open; from a deep link (``join_<token>``) it also
seats the player at the table the token names, with no further step. If the
user later blocks the bot, the 403 is noted and the table plays on; when they
come back (any message, /start, or unblocking), they see their hand at once.

The chat lifecycle of groups is here too: a group that removed the bot ends
its table, and a group upgraded to a supergroup takes its table along.
"""

from __future__ import annotations

import contextlib
import logging

from telegram import Chat, ChatMemberUpdated, Update

from bot.direct import DIRECT_HUMANS, guests, has_direct_table, is_direct
from bot.handlers.common import (
    Ctx,
    command_context,
    error_text,
    reply,
    resend_hands,
    services,
)
from bot.live import LiveTable, TableError
from bot.render.i18n import Translator
from bot.services import Services

__all__ = [
    "JOIN_PREFIX",
    "chat_migrated",
    "hand_cmd",
    "member_update",
    "move_chat",
    "private_text",
    "start_private",
]

_LOG = logging.getLogger(__name__)
JOIN_PREFIX = "join_"


async def start_private(update: Update, context: Ctx) -> None:
    cmd = await command_context(update, context, private=True, show_hands=False)
    if cmd is None:
        return
    found, chat, user, tr = cmd.found, cmd.chat, cmd.user, cmd.tr
    payload = context.args[0] if context.args else ""
    if payload.startswith(JOIN_PREFIX):
        await _join_by_link(found, chat.id, user.id, user.first_name, payload, tr)
        return
    if payload:
        await reply(found, chat.id, tr("start.bad_link"))
        return
    await reply(found, chat.id, tr("start.welcome", name=user.first_name))
    await _resend(found, user.id)


async def _join_by_link(
    found: Services, chat_id: int, user_id: int, name: str, payload: str, tr: Translator
) -> None:
    table = await found.store.tables.get_by_token(payload[len(JOIN_PREFIX) :])
    live = None if table is None else found.tables.get(table.id)
    if live is None:
        await reply(found, chat_id, tr("start.table_gone"))
        return
    if live.seat_of(user_id) is not None:
        await reply(found, chat_id, tr("start.already_seated"))
        await _resend(found, user_id)
        return
    refusal = _direct_refusal(found, live, user_id)
    if refusal is not None:
        await reply(found, chat_id, tr(refusal))
        return
    try:
        await found.tables.join(
            live, user_id, name[:40], max_humans=DIRECT_HUMANS if is_direct(live) else None
        )
    except TableError as error:
        await reply(found, chat_id, error_text(tr, error))
        return
    await reply(found, chat_id, tr("start.joined"))


def _direct_refusal(found: Services, live: LiveTable, user_id: int) -> str | None:
    """Why the user may not sit at a direct chat's table by its link (``None``: they may).

    Such a table seats its creator and one guest; a guest plays from their
    own direct chat, so they may have no other table there at the same time.
    """
    if not is_direct(live):
        return None
    if user_id == live.chat_id:  # the creator, back at their own table
        return None
    if live.status == "lobby" and len(guests(live)) >= DIRECT_HUMANS - 1:
        return "err.dm_full"
    if has_direct_table(found.tables, user_id, but=live):
        return "err.dm_one_table"
    return None


async def _resend(found: Services, user_id: int) -> list[LiveTable]:
    """Show the user's hands again as new messages (after /start or /hand)."""
    return await resend_hands(found, user_id)


async def hand_cmd(update: Update, context: Ctx) -> None:
    cmd = await command_context(update, context, show_hands=False)
    if cmd is None:
        return
    found, chat, user, tr = cmd.found, cmd.chat, cmd.user, cmd.tr
    if chat.type != Chat.PRIVATE:
        await reply(found, chat.id, tr("err.private_only", command="/hand"))
        return
    if not await _resend(found, user.id):
        await reply(found, chat.id, tr("hand.none"))


async def member_update(update: Update, context: Ctx) -> None:
    """The bot was blocked (or unblocked) in a direct chat, or removed from a group.

    A blocked direct chat only stops the hand messages; a group that removed
    the bot can no longer see its table, so the table is stopped.
    """
    change: ChatMemberUpdated | None = update.my_chat_member
    if change is None:
        return
    found = services(context)
    blocked = change.new_chat_member.status in ("kicked", "left")
    if change.chat.type != Chat.PRIVATE:
        live = found.tables.for_chat(change.chat.id)
        if blocked and live is not None:
            with contextlib.suppress(TableError):
                await found.tables.stop(live)
        if blocked:
            found.publisher.forget_chat(change.chat.id)  # nothing can reach it any more
        return
    user = change.from_user
    stored = await found.store.users.upsert(
        user.id, user.first_name, user.username, user.language_code
    )
    await found.store.users.mark_dm_open(user.id, not blocked)
    if not blocked and not stored.dm_open:
        # Unblocked: the kept hand messages catch up now (the /start that
        # often follows sends them anew).
        found.presenter.reopen_user(user.id)
        for live in found.tables.of_user(user.id):
            if live.in_deal:
                await found.tables.refresh(live, "hand")


async def private_text(update: Update, context: Ctx) -> None:
    """Any other text in the direct chat: the chat is open now; say what to do.

    A player back after blocking the bot also gets their hands again
    (``command_context``).
    """
    cmd = await command_context(update, context, private=True)
    if cmd is None:
        return
    found, chat, user, tr = cmd.found, cmd.chat, cmd.user, cmd.tr
    await reply(found, chat.id, tr("start.welcome", name=user.first_name))


async def move_chat(found: Services, old: int, new: int) -> None:
    """The group ``old`` became the supergroup ``new``: its table, messages and tally move.

    Both of Telegram's service messages and a refused send report it, so
    this is idempotent. The table is re-rendered so its messages appear in
    the new chat at once (the old ones cannot be edited any more).
    """
    found.publisher.move_chat(old, new)
    if old in found.chat_langs:
        found.chat_langs[new] = found.chat_langs.pop(old)
    live = await found.tables.migrate_chat(old, new)
    if live is not None:
        _LOG.info("table %s moved from %s to the supergroup %s", live.id, old, new)
        await found.tables.refresh(live, "migrated")


async def chat_migrated(update: Update, context: Ctx) -> None:
    """Telegram's service message of a group upgraded to a supergroup (either side of it)."""
    message, chat = update.effective_message, update.effective_chat
    if message is None or chat is None:
        return
    if message.migrate_to_chat_id:
        await move_chat(services(context), chat.id, message.migrate_to_chat_id)
    elif message.migrate_from_chat_id:
        await move_chat(services(context), message.migrate_from_chat_id, chat.id)
