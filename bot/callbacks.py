"""Compact callback data: which table, drawn for which version, doing what.

``<table>|<version>|<op>|<arg>``, for example ``12|57|a|play:Th``. The table
version is the optimistic-concurrency counter of ``storage.tables``: a button
drawn before the table moved on is stale and is refused with a toast. The data
carries no authority: who pressed is Telegram's ``from`` field, and the engine
re-checks every action, so a forged payload can at worst be refused.
Telegram limits callback data to 64 bytes, which ``encode`` enforces.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

__all__ = ["MAX_BYTES", "CallbackData", "ForgedCallback", "Op"]

MAX_BYTES = 64
_NUMBER = re.compile(r"0|[1-9][0-9]{0,11}")
_ARG = re.compile(r"[A-Za-z0-9:,+_.\-]{0,40}")


class Op(StrEnum):
    """What a button does; short because every byte of callback data counts."""

    NEW = "new"  # choose the game of a new table (table 0, arg = variant id)
    JOIN = "j"
    LEAVE = "l"
    ADD_COMPUTER = "c+"
    REMOVE_COMPUTER = "c-"
    START = "s"
    SETTINGS = "o"
    OPTION = "oo"  # arg = option index, cycles to its next value
    BACK = "b"
    ACTION = "a"  # arg = the game's action code
    PICK = "p"  # arg = a private selection step ("-" clears it)
    NEXT = "n"  # deal the next deal
    STOP = "x"  # ask to stop the table
    STOP_CONFIRM = "x!"
    STOP_CANCEL = "x-"


class ForgedCallback(ValueError):
    """Callback data the bot could never have made."""


@dataclass(frozen=True, slots=True)
class CallbackData:
    """One button's meaning."""

    table_id: int
    version: int
    op: Op
    arg: str = ""

    def encode(self) -> str:
        text = f"{self.table_id}|{self.version}|{self.op.value}|{self.arg}"
        if len(text.encode("utf-8")) > MAX_BYTES:
            raise ValueError(f"callback data over {MAX_BYTES} bytes: {text!r}")
        if not _ARG.fullmatch(self.arg):
            raise ValueError(f"callback argument {self.arg!r} has characters we never send")
        return text

    @classmethod
    def parse(cls, data: str | None) -> CallbackData:
        """The meaning of a press, or ``ForgedCallback`` for anything malformed."""
        if not data or len(data.encode("utf-8")) > MAX_BYTES:
            raise ForgedCallback("empty or oversized callback data")
        parts = data.split("|")
        if len(parts) != 4:
            raise ForgedCallback(f"callback data {data!r} has {len(parts)} fields")
        table, version, op, arg = parts
        if not (_NUMBER.fullmatch(table) and _NUMBER.fullmatch(version)):
            raise ForgedCallback(f"callback data {data!r} has a bad table or version")
        try:
            kind = Op(op)
        except ValueError:
            raise ForgedCallback(f"unknown callback operation {op!r}") from None
        if not _ARG.fullmatch(arg):
            raise ForgedCallback(f"callback argument {arg!r} is malformed")
        return cls(int(table), int(version), kind, arg)
