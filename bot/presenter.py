"""Keeping each table's messages in step with the table.

The presenter listens to every committed change of a table and re-renders
the messages the change can affect: the group's table (or lobby) message,
each playing human's hand, and, when a deal ends, one new result message.
It only hands content to the ``Publisher``, which decides when to send, so a
burst of changes costs one edit per message.

Which message shows what is remembered in ``storage`` (``table_messages``:
``group``, ``result``, ``hand:<user id>``, with a digest of the content), so
after a restart the same messages are edited, and only where they differ.
"""

from __future__ import annotations

import contextlib
import logging

from bot.live import LiveTable, Notice
from bot.publisher import Content, Publisher, ShownHook, Slot
from bot.render.i18n import Html, I18n
from bot.screens import Screens
from storage import NotFound, Store

__all__ = ["Presenter"]

_LOG = logging.getLogger(__name__)


class Presenter:
    """A ``TableListener`` that renders tables into the publisher's slots."""

    def __init__(
        self, publisher: Publisher, screens: Screens, store: Store, i18n: I18n, bot_username: str
    ) -> None:
        self.publisher = publisher
        self.screens = screens
        self.store = store
        self.i18n = i18n
        self.bot_username = bot_username
        self._slots: dict[int, dict[str, Slot]] = {}
        self._last_result: dict[int, Content] = {}
        self._user_langs: dict[int, str] = {}
        self._dirty: dict[tuple[int, str], tuple[int, str | None]] = {}
        self.lobby_messages: dict[int, int] = {}
        """chat id -> an existing message to turn into the next lobby (the game chooser)."""

    # -- languages of direct chats -----------------------------------------------------

    def remember_user(self, user_id: int, telegram_language: str | None) -> str:
        lang = self.i18n.pick(telegram_language)
        self._user_langs[user_id] = lang
        return lang

    def user_lang(self, user_id: int) -> str:
        return self._user_langs.get(user_id, self.i18n.default)

    def join_link(self, live: LiveTable) -> str:
        return f"https://t.me/{self.bot_username}?start=join_{live.row.join_token}"

    # -- restoring ---------------------------------------------------------------------

    async def load(self, live: LiveTable) -> None:
        """Pick up the messages a table had before a restart."""
        slots = self._slots.setdefault(live.id, {})
        for key, (message_id, digest) in (await self.store.tables.get_shown(live.id)).items():
            chat_id = int(key.partition(":")[2]) if key.startswith("hand:") else live.chat_id
            hook = self._persist(live.id, key, message_id)
            slots[key] = Slot(chat_id, message_id, digest, on_shown=hook)
        for _, user_id in live.human_seats:
            user = await self.store.users.get(user_id)
            if user is not None and user_id not in self._user_langs:
                self.remember_user(user_id, user.language_code)

    # -- the listener ------------------------------------------------------------------

    async def table_changed(self, live: LiveTable, what: str) -> None:
        slots = self._slots.setdefault(live.id, {})
        if what == "stopped":
            self._stop(live, slots)
            return
        if what == "deal_started":
            self._new_deal_slots(live, slots)
        group = slots.get("group") or self._slot(live, "group", live.chat_id)
        if live.status == "lobby":
            self.publisher.show(group, self.screens.lobby(live))
            return
        if live.state is None:
            return
        self.publisher.show(group, self.screens.table(live))
        active = set(self.screens.active_seats(live))
        for seat, user_id in live.human_seats:
            if seat in active:
                key = f"hand:{user_id}"
                slot = slots.get(key) or self._slot(live, key, user_id)
                tr = self.i18n.for_lang(self.user_lang(user_id))
                self.publisher.show(slot, self.screens.hand(live, seat, tr))
        if live.outcome is not None:
            content = self.screens.result(live)
            self._last_result[live.id] = content
            result = None if what == "deal_over" else slots.get("result")
            self.publisher.show(result or self._slot(live, "result", live.chat_id), content)

    def reopen_user(self, user_id: int) -> None:
        """The user wrote to the bot again: their hands may be sent again."""
        key = f"hand:{user_id}"
        for slots in self._slots.values():
            if key in slots:
                slots[key].reopen()

    def resend_hand(self, live: LiveTable, user_id: int) -> None:
        """/hand: forget the old hand message; the next render sends a new one."""
        slots = self._slots.setdefault(live.id, {})
        key = f"hand:{user_id}"
        old = slots.pop(key, None)
        if old is not None:
            old.pending = None
        self._slot(live, key, user_id)

    async def on_forbidden(
        self, chat_id: int, tables: list[LiveTable]
    ) -> list[tuple[LiveTable, Notice]]:
        """A user blocked the bot (403): note it; their tables play on without their hand."""
        if chat_id < 0:
            return []
        with contextlib.suppress(NotFound):
            await self.store.users.mark_dm_open(chat_id, False)
        found = []
        for live in tables:
            seat = live.seat_of(chat_id)
            if seat is not None:
                link = Html(f'<a href="{self.join_link(live)}">t.me/{self.bot_username}</a>')
                notice = Notice("notice.no_dm", {"name": live.names[seat], "link": link})
                found.append((live, notice))
        return found

    # -- helpers -----------------------------------------------------------------------

    def _slot(self, live: LiveTable, key: str, chat_id: int) -> Slot:
        """A new slot for ``key``: the next show sends a new message."""
        slot = Slot(chat_id, on_shown=self._persist(live.id, key))
        if key == "group" and live.chat_id in self.lobby_messages:
            slot.message_id = self.lobby_messages.pop(live.chat_id)
        self._slots.setdefault(live.id, {})[key] = slot
        return slot

    def _persist(self, table_id: int, key: str, message_id: int | None = None) -> ShownHook:
        """Remember a new message at once; what it shows, in the next batch."""
        known: list[int | None] = [message_id]

        async def hook(slot: Slot) -> None:
            if self._slots.get(table_id, {}).get(key) is not slot or slot.message_id is None:
                return
            if slot.message_id == known[0]:
                self._dirty[(table_id, key)] = (slot.message_id, slot.shown)
                return
            known[0] = slot.message_id
            try:
                await self.store.tables.set_message(table_id, key, slot.message_id, slot.shown)
            except Exception:  # bookkeeping only; the message itself is out
                _LOG.exception("could not remember message %s of table %s", key, table_id)

        return hook

    async def save_digests(self) -> None:
        """Write what the kept messages show, in one transaction.

        Batched because edits are frequent and the database is shared with
        the action log; a crash loses at most the last batch, which costs one
        identical edit after the restart, never a wrong message.
        """
        dirty, self._dirty = self._dirty, {}
        rows = [(t, key, mid, digest) for (t, key), (mid, digest) in dirty.items()]
        try:
            await self.store.tables.set_digests(rows)
        except Exception:
            _LOG.exception("could not save message digests")

    def _new_deal_slots(self, live: LiveTable, slots: dict[str, Slot]) -> None:
        assert live.deal is not None
        old_result = slots.pop("result", None)
        last = self._last_result.pop(live.id, None)
        if old_result is not None and last is not None:
            self.publisher.show(old_result, Content(last.text))  # drop its buttons
        if live.deal.deal_no > 0 or "group" not in slots:
            self._slot(live, "group", live.chat_id)
        for key in [k for k in slots if k.startswith("hand:")]:
            del slots[key]

    def _stop(self, live: LiveTable, slots: dict[str, Slot]) -> None:
        content = self.screens.stopped(live)
        if "group" in slots:
            self.publisher.show(slots["group"], content)
        last = self._last_result.pop(live.id, None)
        if "result" in slots and last is not None:
            self.publisher.show(slots["result"], Content(last.text))
        for key, slot in slots.items():
            if key.startswith("hand:"):
                tr = self.i18n.for_lang(self.user_lang(slot.chat_id))
                self.publisher.show(slot, Content(tr("table.stopped")))
        self._slots.pop(live.id, None)
