"""Keeping each table's messages in step with the table.

The presenter listens to every committed change of a table and re-renders
the messages the change can affect: the group's table (or lobby) message,
each playing human's hand, and, when a deal ends, one new result message.
At a direct chat's table with a guest (``bot.direct``) the guest's own chat
gets a copy of the table (or lobby) message and of the result, in the
guest's language, paced like the original. It only hands content to the
``Publisher``, which decides when to send, so a burst of changes costs one
edit per message.

Which message shows what is remembered in ``storage`` (``table_messages``:
``group``, ``result``, ``hand:<user id>``, a guest's ``mirror:<user id>`` and
``result:<user id>``, with a digest of the content), so after a restart the
same messages are edited, and only where they differ.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from dataclasses import dataclass

from bot.direct import DIRECT_HUMANS, guests, is_direct
from bot.drawn import restamp, shape
from bot.live import LiveTable, Notice
from bot.publisher import Content, Publisher, ShownHook, Slot
from bot.render.i18n import Html, I18n, Translator
from bot.screens import Screens
from bot.tasks import spawn
from games.engine import Seat
from storage import NotFound, Store

__all__ = ["Presenter"]

_LOG = logging.getLogger(__name__)
_URGENT = frozenset({"deal_started", "deal_over", "seat_replaced", "language", "restored"})
"""Changes the group sees at once even when its keyboard stays as it was."""
_RECOVER_VERSIONS = 400
"""How far back a restart looks for the version a kept keyboard was drawn at."""


CalmKey = int | tuple[int, int] | tuple[int, str]
"""What a ``_Calm`` paces: a group message, a guest's copy, a hand."""


@dataclass(eq=False)
class _Calm:
    """The pacing of one group table message: what it offers, when it last changed."""

    shape: str | None = None
    at: float = -1e9
    pending: tuple[Slot, Content] | None = None
    task: asyncio.Task[None] | None = None

    def cancel(self) -> None:
        self.pending = None
        if self.task is not None and self.task is not asyncio.current_task():
            self.task.cancel()
        self.task = None


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
        self._drawn: dict[tuple[int, str], tuple[str, int]] = {}
        """(table, message key) -> (keyboard shape, the version it was drawn at)."""
        self._calm: dict[CalmKey, _Calm] = {}
        """table id (its group message), (table id, guest id) (a guest's copy) or
        (table id, "hand:<user id>") (a hand) -> pacing."""
        self.calm_interval = 30.0
        """Seconds between edits of a group table message whose buttons did not change.

        The group's budget (about 20 operations a minute) is the scarcest
        resource: a new question with its buttons goes out at once, while the
        running picture of the tricks (played from the direct chats) is
        refreshed at this pace, always with its newest content.
        """
        self.hand_calm_interval = 0.0
        """Longest a hand without buttons waits for its next change (``_show_hand``)."""
        self.lobby_messages: dict[int, int] = {}
        """chat id -> an existing message to turn into the next lobby (the game chooser)."""
        self.group_deciders: set[int] = set()
        """Users whose last public decision was pressed on a table message, not their hand.

        Their direct chat shows a public decision only once their turn's ping
        went out (``pinged``): shown there at once as well, it would cost two
        edits of a message nobody reads (the buttons, then their removal). A
        press on the hand puts the user back to both places. Kept in memory: after
        a restart everybody starts with both, which only costs those edits."""
        self.pinged: Callable[[LiveTable, Seat], bool] = lambda live, seat: False
        """Whether the seat's current turn has had its ping (``Pinger.pinged``)."""

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
            # "hand:<user>", "mirror:<user>", "result:<user>" live in that user's chat
            owner = key.partition(":")[2]
            chat_id = int(owner) if owner else live.chat_id
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
        if what == "match_over":  # the result said it all; the table's messages stay as shown
            self._forget(live)
            return
        if what == "deal_started":
            self._new_deal_slots(live, slots)
        group = slots.get("group") or self._slot(live, "group", live.chat_id)
        await self._drop_gone_guests(live, slots)
        if live.status == "lobby":
            invite = self._invite(live)
            lobby = self.screens.lobby(live, invite=invite)
            self.publisher.show(group, self._stable(live, "group", group, lobby, None))
            for _, key, slot, tr in self._mirrors(live, slots):
                guest = self.screens.guest_lobby(live, tr)
                self.publisher.show(slot, self._stable(live, key, slot, guest, None))
            return
        if live.state is None:
            return
        actor = self.screens.actor(live)
        table = self._stable(live, "group", group, self.screens.table(live), actor)
        self._show_group(live, group, table, what)
        for user_id, key, slot, tr in self._mirrors(live, slots):
            copy = self._stable(live, key, slot, self.screens.table(live, tr), actor)
            self._show_group(live, slot, copy, what, (live.id, user_id))
        active = set(self.screens.active_seats(live))
        for seat, user_id in live.human_seats:
            if seat in active:
                self._render_hand(live, slots, seat, user_id, what)
        if live.outcome is None:
            return
        if what == "deal_over":  # a finished deal's result is written once, never re-rendered
            content = self.screens.result(live)
            self._last_result[live.id] = content
            self.publisher.show(self._slot(live, "result", live.chat_id), content)
            for user_id in guests(live):  # a guest reads the result in their own chat
                tr = self.i18n.for_lang(self.user_lang(user_id))
                copy = self.screens.result(live, tr=tr)
                self.publisher.show(self._slot(live, f"result:{user_id}", user_id), copy)
        elif live.id not in self._last_result and "result" in slots:
            self._last_result[live.id] = self.screens.result(live)  # after a restart
        last = self._last_result.get(live.id)
        if what == "migrated" and not live.in_deal and "result" in slots and last is not None:
            # the old group's messages cannot be edited from the supergroup: send it again
            self.publisher.show(slots["result"], last)

    def _render_hand(
        self, live: LiveTable, slots: dict[str, Slot], seat: Seat, user_id: int, what: str
    ) -> None:
        """Render one player's hand; a public question stays in the group for a
        group decider until their turn has been pinged (``group_deciders``)."""
        key = f"hand:{user_id}"
        slot = slots.get(key) or self._slot(live, key, user_id)
        tr = self.i18n.for_lang(self.user_lang(user_id))
        in_group = user_id in self.group_deciders and not self.pinged(live, seat)
        content = self.screens.hand(live, seat, tr, public_in_group=in_group)
        self._show_hand(live, key, slot, self._stable(live, key, slot, content, seat), what)

    def public_press(
        self, live: LiveTable, user_id: int, code: str, chat_id: int | None, message_id: int | None
    ) -> None:
        """A player pressed ``code`` on a message: remember where they take public decisions."""
        if not live.renderer.is_public(code):
            return
        hand = self._slots.get(live.id, {}).get(f"hand:{user_id}")
        on_hand = hand is not None and (chat_id, message_id) == (hand.chat_id, hand.message_id)
        if on_hand:
            self.group_deciders.discard(user_id)
        else:
            self.group_deciders.add(user_id)

    def turn_pinged(self, live: LiveTable, seat: Seat) -> None:
        """The seat's ping went out: its hand now offers the public decision too."""
        user_id = live.row.seats[seat].user_id
        if user_id is None or not live.in_deal or user_id not in self.group_deciders:
            return
        if seat in self.screens.active_seats(live):
            self._render_hand(live, self._slots.setdefault(live.id, {}), seat, user_id, "pinged")

    # -- keeping keyboards and the group's pace ----------------------------------------

    def _stable(
        self, live: LiveTable, key: str, slot: Slot, content: Content, seat: Seat | None
    ) -> Content:
        """``content`` with its keyboard at the version it was first drawn at, while valid."""
        found = shape(content)
        if not found:
            self._drawn.pop((live.id, key), None)
            return content
        previous = self._drawn.get((live.id, key))
        if previous is None and slot.shown is not None:
            previous = self._recover(live, content, slot.shown, found, seat)
        if previous is not None and previous[0] == found and live.drawn_ok(previous[1], seat):
            return restamp(content, previous[1])
        self._drawn[(live.id, key)] = (found, live.version)
        return content

    @staticmethod
    def _recover(
        live: LiveTable, content: Content, digest: str, found: str, seat: Seat | None
    ) -> tuple[str, int] | None:
        """The drawn version of a kept message after a restart: the one whose render it shows."""
        oldest = max(live.seat_epoch(seat), live.version - _RECOVER_VERSIONS)
        for version in range(live.version, oldest - 1, -1):
            if restamp(content, version).digest == digest:
                return found, version
        return None

    def _show_group(
        self,
        live: LiveTable,
        slot: Slot,
        content: Content,
        what: str,
        calm_key: CalmKey | None = None,
    ) -> None:
        """Show a new question at once; refresh the rest at most every ``calm_interval``.

        ``calm_key`` paces another copy of the table message (a guest's, at a
        direct chat's table) on its own; by default, the group's message."""
        key = live.id if calm_key is None else calm_key
        calm = self._calm.setdefault(key, _Calm())
        now = asyncio.get_running_loop().time()
        offered = shape(content)
        if (
            slot.message_id is None
            or what in _URGENT
            or offered != calm.shape
            or now - calm.at >= self.calm_interval
        ):
            self._show_now(calm, slot, content, offered, now)
        else:
            self._hold(key, calm, slot, content, calm.at + self.calm_interval - now)

    def _show_hand(
        self, live: LiveTable, key: str, slot: Slot, content: Content, what: str
    ) -> None:
        """Edit a hand at once when it gains or loses buttons; else at most every
        ``hand_calm_interval``, with its newest content.

        A hand without buttons is read by nobody who must decide: its player
        learns the contract, the cards others played and the card played for
        them (``bot.live.forced_code``) with their next question, so those
        changes ride on that edit instead of costing one each.
        """
        calm_key = (live.id, key)
        calm = self._calm.setdefault(calm_key, _Calm())
        offered = shape(content)
        now = asyncio.get_running_loop().time()
        if (
            slot.message_id is None
            or what in _URGENT
            or offered
            or calm.shape != offered
            or self.hand_calm_interval <= 0
        ):
            self._show_now(calm, slot, content, offered, now)
        else:  # counted from the first change that waits, not from the last edit
            self._hold(calm_key, calm, slot, content, self.hand_calm_interval)

    def _show_now(
        self, calm: _Calm, slot: Slot, content: Content, offered: str, now: float
    ) -> None:
        """Send ``content`` now, dropping what ``calm`` held back: it is older."""
        calm.cancel()
        calm.shape, calm.at = offered, now
        self.publisher.show(slot, content)

    def _hold(self, key: CalmKey, calm: _Calm, slot: Slot, content: Content, delay: float) -> None:
        """Keep ``content`` as the newest ``calm`` sends once ``delay`` has passed (one
        timer per wait: a newer change only replaces what it will send)."""
        calm.pending = (slot, content)
        if calm.task is None:
            calm.task = spawn(self._later(key, calm, delay), name=f"calm:{key}")

    async def _later(self, key: CalmKey, calm: _Calm, delay: float) -> None:
        await asyncio.sleep(delay)
        calm.task = None
        if calm.pending is None or self._calm.get(key) is not calm:
            return
        slot, content = calm.pending
        calm.pending = None
        calm.at = asyncio.get_running_loop().time()
        self.publisher.show(slot, content)

    def reopen_user(self, user_id: int) -> None:
        """The user wrote to the bot again: their hands (and a guest's table) may be sent again."""
        for slots in self._slots.values():
            for key in (f"hand:{user_id}", f"mirror:{user_id}", f"result:{user_id}"):
                if key in slots:
                    slots[key].reopen()

    def resend_hand(self, live: LiveTable, user_id: int) -> None:
        """/hand: forget the old hand message; the next render sends a new one."""
        slots = self._slots.setdefault(live.id, {})
        key = f"hand:{user_id}"
        calm = self._calm.pop((live.id, key), None)
        if calm is not None:  # what it held would overwrite the "moved" note
            calm.cancel()
        old = slots.pop(key, None)
        if old is not None:
            old.pending = None
            if old.message_id is not None:  # its buttons would look live: say where they went
                tr = self.i18n.for_lang(self.user_lang(user_id))
                self.publisher.show(old, Content(tr("dm.moved")))
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
        # a guest's result has no buttons; their table copy moves below it, as the group's does
        gone = ("hand:", "result:", "mirror:") if live.deal.deal_no > 0 else ("hand:", "result:")
        for key in [k for k in slots if k.startswith(gone)]:
            del slots[key]

    def _forget(self, live: LiveTable) -> None:
        """Drop what the presenter keeps of a table that has ended."""
        calm = self._calm.pop(live.id, None)
        if calm is not None:
            calm.cancel()
        self._drop_mirror_calms(live)
        for drawn in [k for k in self._drawn if k[0] == live.id]:
            del self._drawn[drawn]
        self._last_result.pop(live.id, None)
        self._slots.pop(live.id, None)

    def _stop(self, live: LiveTable, slots: dict[str, Slot]) -> None:
        calm = self._calm.pop(live.id, None)
        if calm is not None:
            calm.cancel()
        self._drop_mirror_calms(live)
        for drawn in [k for k in self._drawn if k[0] == live.id]:
            del self._drawn[drawn]
        content = self.screens.stopped(live)
        if "group" in slots:
            self.publisher.show(slots["group"], content)
        last = self._last_result.pop(live.id, None)
        if "result" in slots and last is not None:
            self.publisher.show(slots["result"], Content(last.text))
        for key, slot in slots.items():
            if key.startswith(("hand:", "mirror:")):  # a guest's copy of the table too
                tr = self.i18n.for_lang(self.user_lang(slot.chat_id))
                self.publisher.show(slot, Content(tr("table.stopped")))
        self._slots.pop(live.id, None)

    # -- a direct chat's table with a guest (``bot.direct``) ---------------------------

    def _invite(self, live: LiveTable) -> str | None:
        """The deep link a direct chat's lobby offers while a person may still sit down."""
        if not is_direct(live) or len(guests(live)) >= DIRECT_HUMANS - 1:
            return None
        return self.join_link(live)

    def _mirrors(
        self, live: LiveTable, slots: dict[str, Slot]
    ) -> list[tuple[int, str, Slot, Translator]]:
        """Each guest's copy of the table message (in their own chat, their language)."""
        found = []
        for user_id in guests(live):
            key = f"mirror:{user_id}"
            slot = slots.get(key) or self._slot(live, key, user_id)
            found.append((user_id, key, slot, self.i18n.for_lang(self.user_lang(user_id))))
        return found

    async def _drop_gone_guests(self, live: LiveTable, slots: dict[str, Slot]) -> None:
        """A guest who left: their copy of the table says so and is no longer kept
        (nor remembered, so a restart does not show it again)."""
        seated = set(guests(live))
        for key in [k for k in slots if k.startswith("mirror:")]:
            user_id = int(key.partition(":")[2])
            if user_id in seated:
                continue
            slot = slots.pop(key)
            self._drawn.pop((live.id, key), None)
            calm = self._calm.pop((live.id, user_id), None)
            if calm is not None:
                calm.cancel()
            tr = self.i18n.for_lang(self.user_lang(user_id))
            self.publisher.show(slot, Content(tr("leave.done")))
            try:
                await self.store.tables.delete_message(live.id, key)
            except Exception:  # bookkeeping only
                _LOG.exception("could not forget message %s of table %s", key, live.id)

    def _drop_mirror_calms(self, live: LiveTable) -> None:
        for key in [k for k in self._calm if isinstance(k, tuple) and k[0] == live.id]:
            self._calm.pop(key).cancel()
