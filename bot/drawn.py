"""Drawn versions: a keyboard keeps its callback data while its buttons mean the same.

Every button carries the table version it was drawn at (``bot.callbacks``).
If the presenter stamped the current version on every render, each action
would change every visible keyboard and cost an edit per message, although
the buttons still do exactly what they did. So a message keeps the version
its keyboard was first drawn at for as long as the keyboard's *shape* (the
labels and what each button does) is unchanged and that version is still
honoured for the seat the buttons are for (``LiveTable.drawn_ok``).

After a restart the drawn versions are not in memory; ``recover`` finds the
version whose rendering matches the digest the message is known to show.
"""

from __future__ import annotations

import hashlib
import json

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from bot.callbacks import CallbackData, ForgedCallback
from bot.publisher import Content

__all__ = ["restamp", "shape"]


def _rows(markup: InlineKeyboardMarkup | None) -> list[list[InlineKeyboardButton]]:
    return [list(row) for row in markup.inline_keyboard] if markup is not None else []


def shape(content: Content) -> str:
    """What the keyboard offers, without the versions (empty string: no keyboard)."""
    if content.keyboard is None:
        return ""
    rows = []
    for row in _rows(content.keyboard):
        cells = []
        for button in row:
            data = button.callback_data if isinstance(button.callback_data, str) else None
            if data is not None:
                try:
                    parsed = CallbackData.parse(data)
                    data = f"{parsed.table_id}|{parsed.op.value}|{parsed.arg}"
                except ForgedCallback:
                    pass
            cells.append([button.text, data, button.url])
        rows.append(cells)
    raw = json.dumps(rows, ensure_ascii=False)
    return hashlib.sha256(raw.encode("utf-8")).hexdigest()[:24]


def restamp(content: Content, version: int) -> Content:
    """``content`` with every button of ours drawn at ``version``."""
    if content.keyboard is None:
        return content
    rows = []
    for row in _rows(content.keyboard):
        cells = []
        for button in row:
            data = button.callback_data
            if isinstance(data, str):
                try:
                    parsed = CallbackData.parse(data)
                except ForgedCallback:
                    cells.append(button)
                    continue
                again = CallbackData(parsed.table_id, version, parsed.op, parsed.arg)
                cells.append(InlineKeyboardButton(button.text, callback_data=again.encode()))
            else:
                cells.append(button)
        rows.append(cells)
    return Content(content.text, InlineKeyboardMarkup(rows))
