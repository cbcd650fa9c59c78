"""Playing: a press of an action button, a selection step, the next deal.

The press names an action code; the seat is the presser's own (Telegram's
``from``), never the payload's, and the engine re-checks everything, so the
only thing a forged payload can do is be refused. Refusals answer with the
engine's reason, in the catalog's words where it has them.
"""

from __future__ import annotations

from telegram import User

from bot.callbacks import CallbackData
from bot.handlers.common import Ctx, Press
from bot.live import LiveTable, TableError
from bot.render.i18n import Translator
from bot.services import Services

__all__ = ["on_action", "on_next", "on_pick", "seat_for"]


def seat_for(live: LiveTable, user: User, version: int) -> int:
    """The presser's seat at a table in play, or the ``TableError`` that says why not."""
    seat = live.seat_of(user.id)
    if seat is None:
        raise TableError("not_playing")
    if not live.in_deal:
        raise TableError("no_deal")
    if not live.drawn_ok(version, seat):
        raise TableError("stale")
    return seat


async def on_action(
    found: Services,
    context: Ctx,
    press: Press,
    live: LiveTable,
    user: User,
    data: CallbackData,
    tr: Translator,
) -> None:
    seat = seat_for(live, user, data.version)
    if seat not in live.state.to_act():
        raise TableError("not_your_turn")
    found.driver.back(live, seat)
    message = press.query.message
    chat_id = message.chat.id if message is not None else None
    message_id = message.message_id if message is not None else None
    found.presenter.public_press(live, user.id, data.arg, chat_id, message_id)
    await found.tables.act(live, seat, data.arg, "player", data.version)


async def on_pick(
    found: Services,
    context: Ctx,
    press: Press,
    live: LiveTable,
    user: User,
    data: CallbackData,
    tr: Translator,
) -> None:
    seat = seat_for(live, user, data.version)
    if seat not in live.state.to_act():
        raise TableError("not_your_turn")
    await found.tables.set_picks(live, seat, None if data.arg == "-" else data.arg, data.version)


async def on_next(
    found: Services,
    context: Ctx,
    press: Press,
    live: LiveTable,
    user: User,
    data: CallbackData,
    tr: Translator,
) -> None:
    if live.seat_of(user.id) is None:
        raise TableError("not_playing")
    if not live.drawn_ok(data.version, None):
        raise TableError("stale")
    if live.status != "playing":
        raise TableError("not_started")
    await found.tables.next_deal(live)
