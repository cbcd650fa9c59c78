"""The lobby: /new, /join, /leave, /start and /stop, and their buttons.

Game-agnostic: a table is opened for any ``Variant`` of the registry, seats
are filled up to the most its rules seat (``Variant.seat_range``: Blázen's
deck and teams decide) and the deal starts once enough sit. Joining needs an
open direct chat (the hand goes there); without one the player gets a t.me
deep link that seats them when they press Start.

``/new`` in a direct chat opens a table there for a game its default rules
let two play (``Variant.seat_range``): the user against the computer players
they add, or with one friend invited by the deep link its lobby shows (the
friend plays from their own direct chat, see ``bot.direct``); a third person
is refused, and a game that needs more players points to a group.
"""

from __future__ import annotations

from telegram import Chat, InlineKeyboardButton, InlineKeyboardMarkup, Update, User

from bot.callbacks import CallbackData
from bot.direct import direct_table_of, has_direct_table
from bot.handlers.common import (
    Ctx,
    Press,
    command_context,
    display_name,
    error_text,
    group_command,
    is_group,
    live_table,
    may_manage,
    note_user,
    reply,
    table_command,
)
from bot.live import LiveTable, TableError
from bot.publisher import Content, Slot
from bot.render import RENDERERS, playable
from bot.render.i18n import Translator
from bot.services import Services
from games.engine import Variant
from games.registry import UnknownVariant, find_variant

__all__ = [
    "games_list",
    "join_cmd",
    "leave_cmd",
    "new_cmd",
    "on_add_computer",
    "on_join",
    "on_leave",
    "on_new",
    "on_remove_computer",
    "on_start",
    "on_stop",
    "on_stop_cancel",
    "on_stop_confirm",
    "start_group",
    "stop_cmd",
]


def games_list(tr: Translator, *, direct: bool = False) -> str:
    games = [v for v in playable() if not direct or fits_direct_chat(v)]
    return ", ".join(f"{v.title.get(tr.lang, v.id)} (/new {v.aliases[0]})" for v in games)


DIRECT_SEATS = 2
"""A table in a direct chat: its user and the computer players they add."""


def fits_direct_chat(variant: Variant) -> bool:
    """Whether the game can be played two-handed with its default rules."""
    low, high = variant.seat_range(variant.options())
    return low <= DIRECT_SEATS <= high


def _direct_refusal(variant: Variant, tr: Translator, found: Services, user: User) -> str | None:
    """Why the game cannot open in a direct chat, or ``None`` when it can."""
    if has_direct_table(found.tables, user.id):  # a guest at a friend's table in this chat
        return tr("err.dm_one_table")
    if fits_direct_chat(variant):
        return None
    low, _ = variant.seat_range(variant.options())
    title = variant.title.get(tr.lang, variant.id)
    return tr("err.dm_needs_group", game=title, min=low, games=games_list(tr, direct=True))


# -- /new --------------------------------------------------------------------------------


async def new_cmd(update: Update, context: Ctx) -> None:
    """/new in a group, or in a direct chat for a two-player game against the computer."""
    cmd = await command_context(update, context)
    if cmd is None:
        return
    found, chat, user, tr = cmd.found, cmd.chat, cmd.user, cmd.tr
    if found.tables.for_chat(chat.id) is not None:
        await reply(found, chat.id, tr("err.table_exists"))
        return
    if not context.args:
        content = found.screens.game_choice(tr)
        await reply(found, chat.id, content.text, content.keyboard)
        return
    name = " ".join(context.args)
    try:
        variant = find_variant(name)
    except UnknownVariant:
        await reply(found, chat.id, tr("err.unknown_game", name=name, games=games_list(tr)))
        return
    if variant.id not in RENDERERS:
        title = variant.title.get(tr.lang, variant.id)
        await reply(found, chat.id, tr("err.not_playable", name=title, games=games_list(tr)))
        return
    refusal = None if is_group(chat) else _direct_refusal(variant, tr, found, user)
    if refusal is not None:
        await reply(found, chat.id, refusal)
        return
    try:
        await _open(found, chat.id, user, variant)
    except TableError as error:
        await reply(found, chat.id, error_text(tr, error))


async def on_new(found: Services, press: Press, chat: Chat, user: User, variant_id: str) -> None:
    """The game chooser's button: the chooser message becomes the lobby."""
    tr = await found.tr(chat.id)
    try:
        variant = find_variant(variant_id)
    except UnknownVariant:
        await press.answer(tr("err.forged"), alert=True)
        return
    if variant.id not in RENDERERS:
        await press.answer(tr("err.forged"), alert=True)
        return
    refusal = None if is_group(chat) else _direct_refusal(variant, tr, found, user)
    if refusal is not None:
        await press.answer()
        await reply(found, chat.id, refusal)
        return
    message = press.query.message
    await note_user(found, user)
    try:
        await _open(found, chat.id, user, variant, None if message is None else message.message_id)
    except TableError as error:
        await press.answer(error_text(tr, error))


async def _open(
    found: Services, chat_id: int, user: User, variant: Variant, message_id: int | None = None
) -> None:
    if message_id is not None:
        found.presenter.lobby_messages[chat_id] = message_id
    stored = await found.store.users.get(user.id)
    seated = display_name(user) if stored is not None and stored.dm_open else None
    try:
        await found.tables.create(
            chat_id, variant, user.id, await found.chat_lang(chat_id), creator_name=seated
        )
    finally:
        found.presenter.lobby_messages.pop(chat_id, None)


# -- joining and leaving -----------------------------------------------------------------


async def _join(found: Services, live: LiveTable, user: User) -> bool:
    """Seat the user; ``False`` when they must open the direct chat first."""
    stored = await found.store.users.get(user.id)
    if stored is None or not stored.dm_open:
        if live.seat_of(user.id) is not None:
            raise TableError("already_seated")
        return False
    await found.tables.join(live, user.id, display_name(user))
    return True


async def join_cmd(update: Update, context: Ctx) -> None:
    cmd = await group_command(update, context, "/join")
    if cmd is None:
        return
    found, chat, user, tr = cmd.found, cmd.chat, cmd.user, cmd.tr
    live = await live_table(cmd)
    if live is None:
        return
    try:
        joined = await _join(found, live, user)
    except TableError as error:
        await reply(found, chat.id, error_text(tr, error))
        return
    if not joined:
        link = found.presenter.join_link(live)
        button = InlineKeyboardButton(str(tr("btn.open_dm")), url=link)
        await reply(
            found,
            chat.id,
            tr("join.need_dm", name=user.first_name),
            InlineKeyboardMarkup([[button]]),
        )


async def on_join(
    found: Services,
    context: Ctx,
    press: Press,
    live: LiveTable,
    user: User,
    data: CallbackData,
    tr: Translator,
) -> None:
    await note_user(found, user)
    _check_drawn(live, data)
    if await _join(found, live, user):
        await press.answer(tr("join.seated"))
    else:
        await press.answer(tr("join.open_dm"), url=found.presenter.join_link(live))


async def leave_cmd(update: Update, context: Ctx) -> None:
    """/leave in a group, or in a direct chat from the direct chat's table one sits at."""
    cmd = await command_context(update, context)
    if cmd is None:
        return
    found, chat, user, tr = cmd.found, cmd.chat, cmd.user, cmd.tr
    if is_group(chat):
        live = await live_table(cmd)
    else:
        live = direct_table_of(found.tables, user.id)
        if live is None:
            await reply(found, chat.id, tr("err.group_only", command="/leave"))
            return
    if live is None:
        return
    try:
        await found.tables.leave(live, user.id)
    except TableError as error:
        await reply(found, chat.id, error_text(tr, error))
        return
    if not is_group(chat):
        await reply(found, chat.id, tr("leave.done"))
    elif live.status == "playing":
        await reply(found, chat.id, tr("leave.replaced", name=user.first_name))


async def on_leave(
    found: Services,
    context: Ctx,
    press: Press,
    live: LiveTable,
    user: User,
    data: CallbackData,
    tr: Translator,
) -> None:
    _check_drawn(live, data)
    await found.tables.leave(live, user.id)
    await press.answer(tr("leave.done"))


def _check_drawn(live: LiveTable, data: CallbackData) -> None:
    """Refuse a button from another phase of the table (an old lobby, an earlier deal)."""
    if not live.drawn_ok(data.version, None):
        raise TableError("stale")


def _may_seat_change(live: LiveTable, user: User) -> bool:
    return live.seat_of(user.id) is not None or user.id == live.row.creator_id


async def on_add_computer(
    found: Services,
    context: Ctx,
    press: Press,
    live: LiveTable,
    user: User,
    data: CallbackData,
    tr: Translator,
) -> None:
    if not _may_seat_change(live, user):
        raise TableError("not_seated")
    await found.tables.add_computer(live, data.version)


async def on_remove_computer(
    found: Services,
    context: Ctx,
    press: Press,
    live: LiveTable,
    user: User,
    data: CallbackData,
    tr: Translator,
) -> None:
    if not _may_seat_change(live, user):
        raise TableError("not_seated")
    await found.tables.remove_computer(live, data.version)


# -- starting and stopping ---------------------------------------------------------------


async def start_group(update: Update, context: Ctx) -> None:
    """/start in a group: deal (the first or the next deal)."""
    cmd = await group_command(update, context, "/start")
    if cmd is None:
        return
    found, chat, user, tr = cmd.found, cmd.chat, cmd.user, cmd.tr
    live = await live_table(cmd)
    if live is None:
        return
    try:
        await _deal(found, live, user, None)
    except TableError as error:
        await reply(found, chat.id, error_text(tr, error))


async def _deal(found: Services, live: LiveTable, user: User, version: int | None) -> None:
    if not _may_seat_change(live, user):
        raise TableError("not_seated")
    if live.status == "lobby":
        await found.tables.start(live, version)
    elif live.in_deal:
        raise TableError("deal_running")
    else:
        await found.tables.next_deal(live)


async def on_start(
    found: Services,
    context: Ctx,
    press: Press,
    live: LiveTable,
    user: User,
    data: CallbackData,
    tr: Translator,
) -> None:
    await _deal(found, live, user, data.version)


async def stop_cmd(update: Update, context: Ctx) -> None:
    cmd = await table_command(update, context, "/stop")
    if cmd is None:
        return
    found, chat, user, tr = cmd.found, cmd.chat, cmd.user, cmd.tr
    live = await live_table(cmd)
    if live is None:
        return
    if not await may_manage(context, live, user.id):
        await reply(found, chat.id, tr("err.not_allowed"))
        return
    content = found.screens.stop_confirm(live)
    await reply(found, chat.id, content.text, content.keyboard)


async def on_stop(
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
    _check_drawn(live, data)
    content = found.screens.stop_confirm(live)
    await press.answer()
    await reply(found, live.chat_id, content.text, content.keyboard)


async def on_stop_confirm(
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
    _check_drawn(live, data)
    await found.tables.stop(live)
    await press.answer(tr("stop.done"))
    message = press.query.message
    if message is not None:
        slot = Slot(live.chat_id, message.message_id)
        found.publisher.show(slot, Content(tr("stop.done_by", name=user.first_name)))


async def on_stop_cancel(
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
    await press.answer(tr("stop.cancelled"))
    message = press.query.message
    if message is not None:
        slot = Slot(live.chat_id, message.message_id)
        found.publisher.show(slot, Content(tr("stop.cancelled")))
