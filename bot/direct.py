"""Tables in a direct chat: who sits there and where each of them reads it.

A table opened by ``/new`` in a direct chat lives in that chat (its row's
``chat_id`` is the creator's user id). Besides computer players it seats at
most ``DIRECT_HUMANS`` people: its creator and one guest invited by the
table's deep link (``t.me/<bot>?start=join_<token>``). Each person plays from
their own direct chat: the creator's chat holds the table message as a
group's would, and a guest's chat gets its own copy of the public table (the
presenter's ``mirror:<user id>`` message) beside the guest's private hand, so
neither depends on the other's chat and neither ever sees the other's cards.
Starting, the rules and stopping stay with the creator; a guest may leave.
"""

from __future__ import annotations

from typing import Protocol

from bot.live import LiveTable

__all__ = [
    "DIRECT_HUMANS",
    "Tables",
    "direct_table_of",
    "guests",
    "has_direct_table",
    "host_name",
    "is_direct",
]

DIRECT_HUMANS = 2
"""People at a direct chat's table: its creator and one invited guest."""


class Tables(Protocol):
    """What these helpers ask of ``bot.tables.TableManager``."""

    def for_chat(self, chat_id: int) -> LiveTable | None: ...

    def of_user(self, user_id: int) -> list[LiveTable]: ...


def is_direct(live: LiveTable) -> bool:
    """Whether the table lives in a direct chat (a user's chat id is positive)."""
    return live.chat_id > 0


def guests(live: LiveTable) -> list[int]:
    """The user ids of the seated people who read a direct table from their own chat."""
    if not is_direct(live):
        return []
    return [user_id for _, user_id in live.human_seats if user_id != live.chat_id]


def host_name(live: LiveTable) -> str | None:
    """The creator's name at a direct table, while the creator sits there."""
    seat = live.seat_of(live.chat_id)
    return None if seat is None else live.names[seat]


def direct_table_of(tables: Tables, user_id: int) -> LiveTable | None:
    """The direct-chat table the user sits at (their own first), else their own chat's."""
    own = tables.for_chat(user_id)
    if own is not None and own.seat_of(user_id) is not None:
        return own
    seated = [t for t in tables.of_user(user_id) if is_direct(t)]
    return seated[0] if seated else own


def has_direct_table(tables: Tables, user_id: int, but: LiveTable | None = None) -> bool:
    """Whether the user already has a direct-chat table (their own, or one as a guest)
    other than ``but``: one such table at a time, so their chat's commands are clear."""
    own = tables.for_chat(user_id)
    if own is not None and own is not but:
        return True
    return any(is_direct(t) and t is not but for t in tables.of_user(user_id))
