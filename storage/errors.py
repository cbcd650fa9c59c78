"""Errors that storage reports to the bot.

Two kinds, on purpose. A malformed argument (an unknown language, an empty
action code) is a programming error in the caller and raises ``ValueError``.
A well-formed request that the stored state refuses (a second live table in
a chat, a stale version, a full table) raises a ``StorageError`` subclass with
a stable ``code`` the bot can branch on, the way ``games`` reports
``IllegalAction``. Every ``StorageError`` is raised before or instead of a
commit, so a refused request never changes anything.
"""

from __future__ import annotations


class StorageError(Exception):
    """Base of every refusal; ``code`` is stable, the message is for logs."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


class MigrationError(StorageError):
    """The database and the migration files disagree, or a migration failed."""

    def __init__(self, message: str) -> None:
        super().__init__("migration", message)


class NotFound(StorageError):
    """The user, table, match or deal named by id does not exist."""

    def __init__(self, what: str, key: object) -> None:
        super().__init__("not_found", f"no {what} {key!r}")
        self.what = what
        self.key = key


class LiveTableExists(StorageError):
    """The chat already has a live (lobby or playing) table."""

    def __init__(self, chat_id: int, table_id: int) -> None:
        super().__init__("live_table_exists", f"chat {chat_id} already has live table {table_id}")
        self.chat_id = chat_id
        self.table_id = table_id


class StaleVersion(StorageError):
    """The table moved on since the caller read it; nothing was written."""

    def __init__(self, table_id: int, expected: int, actual: int) -> None:
        super().__init__(
            "stale_version", f"table {table_id} is at version {actual}, not {expected}"
        )
        self.table_id = table_id
        self.expected = expected
        self.actual = actual


class WrongStatus(StorageError):
    """The operation is not allowed in the table's current status."""

    def __init__(self, table_id: int, status: str, wanted: str) -> None:
        super().__init__("wrong_status", f"table {table_id} is {status}; {wanted}")
        self.table_id = table_id
        self.status = status


class SeatError(StorageError):
    """A seating change the table refuses.

    Codes: ``user_seated``, ``table_full``, ``no_such_seat``, ``bad_order``.
    """


class DealError(StorageError):
    """A match or deal operation that does not fit the stored deals.

    Codes: ``no_match``, ``deal_open``, ``deal_no_taken``, ``deal_finished``,
    ``not_current``, ``bad_seat``, ``bad_scores``, ``no_seats``.
    """
