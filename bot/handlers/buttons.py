"""Every button press: parse, check where it was pressed, route, answer once.

Checks happen in this order, each with its own clear toast: the data must be
ours (else "forged"), the table must still be live, and a press must come
from the table's own chat (a group, or the direct chat of a two-player
table) or be a game action or selection from a direct chat (or Leave, by the
guest of a direct chat's table, in the guest's own chat). The operation
handlers then check the presser's seat, the version and the engine's verdict.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

from telegram import Chat, Update, User

from bot.callbacks import CallbackData, ForgedCallback, Op
from bot.direct import guests
from bot.handlers import lobby, play, settings
from bot.handlers.common import Ctx, Press, error_text, services
from bot.live import LiveTable, TableError
from bot.render.i18n import Translator
from bot.services import Services
from games.engine import IllegalAction, InvalidAction

__all__ = ["on_button"]

_LOG = logging.getLogger(__name__)
Route = Callable[[Services, Ctx, Press, LiveTable, User, CallbackData, Any], Awaitable[None]]
ROUTES: dict[Op, Route] = {
    Op.JOIN: lobby.on_join,
    Op.LEAVE: lobby.on_leave,
    Op.ADD_COMPUTER: lobby.on_add_computer,
    Op.REMOVE_COMPUTER: lobby.on_remove_computer,
    Op.START: lobby.on_start,
    Op.SETTINGS: settings.on_settings,
    Op.BACK: settings.on_settings,
    Op.OPTION: settings.on_option,
    Op.ACTION: play.on_action,
    Op.PICK: play.on_pick,
    Op.NEXT: play.on_next,
    Op.STOP: lobby.on_stop,
    Op.STOP_CONFIRM: lobby.on_stop_confirm,
    Op.STOP_CANCEL: lobby.on_stop_cancel,
}
PRIVATE_OPS = frozenset({Op.ACTION, Op.PICK})
GUEST_OPS = frozenset({Op.LEAVE})
"""What a guest of a direct chat's table may press in their own chat besides their hand."""


async def on_button(update: Update, context: Ctx) -> None:
    query = update.callback_query
    if query is None:
        return
    press = Press(query)
    try:
        await _route(update, context, press)
    finally:
        await press.finish()


async def _route(update: Update, context: Ctx, press: Press) -> None:
    found = services(context)
    user = press.query.from_user
    message = press.query.message
    chat = message.chat if message is not None else None
    if chat is None:
        return
    private = chat.type == Chat.PRIVATE
    tr = (
        await found.tr(chat.id)
        if not private
        else found.i18n.for_lang(found.presenter.remember_user(user.id, user.language_code))
    )
    try:
        data = CallbackData.parse(press.query.data)
    except ForgedCallback as error:
        _LOG.info("forged press by %s: %s", user.id, error)
        await press.answer(tr("err.forged"), alert=True)
        return
    if data.op is Op.NEW:
        await lobby.on_new(found, press, chat, user, data.arg)
        return
    live = found.tables.get(data.table_id)
    if live is None:
        await press.answer(tr("err.table_gone"))
        return
    own_chat = chat.id == live.chat_id
    # a guest at a direct chat's table reads its lobby in their own chat, with Leave on it
    guest = private and chat.id == user.id and user.id in guests(live)
    allowed = (private and data.op in PRIVATE_OPS) or (guest and data.op in GUEST_OPS)
    if not own_chat and not allowed:
        await press.answer(tr("err.forged"), alert=True)
        return
    if own_chat:
        tr = found.i18n.for_lang(live.language)
    await _run(found, context, press, live, user, data, tr)


async def _run(
    found: Services,
    context: Ctx,
    press: Press,
    live: LiveTable,
    user: User,
    data: CallbackData,
    tr: Translator,
) -> None:
    try:
        await ROUTES[data.op](found, context, press, live, user, data, tr)
    except TableError as error:
        await press.answer(error_text(tr, error))
    except InvalidAction:
        await press.answer(tr("err.forged"), alert=True)
    except IllegalAction as error:
        await press.answer(tr.get(f"illegal.{error.code}", error.reason))
