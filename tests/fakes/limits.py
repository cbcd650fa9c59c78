"""Telegram's flood limits, with numbers, windows and the clock under the test's control.

Telegram documents roughly: 1 message per second to one private chat (short bursts
are tolerated), 20 messages per minute to one group, 30 messages per second overall.
The fake enforces them so that a bot which would be throttled in production gets a
429 in the tests too. A test shrinks the windows or injects a `ManualClock` instead
of waiting a minute.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

Clock = Callable[[], float]


class ManualClock:
    """A monotonic clock that moves only when the test says so."""

    def __init__(self, start: float = 1000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        if seconds < 0:
            raise ValueError("a monotonic clock cannot go back")
        self.now += seconds


@dataclass
class Limits:
    """Flood-control settings; mutable so a test can tighten or relax them mid-test."""

    enabled: bool = True
    group_messages: int = 20
    group_window: float = 60.0
    private_rate: float = 1.0
    """Messages per second to one private chat, on average."""
    private_burst: int = 3
    """How many messages one private chat may take at once before the average applies."""
    global_messages: int = 30
    global_window: float = 1.0
    count_edits: bool = True
    """Whether editMessageText/editMessageReplyMarkup count like new messages."""
    whole_seconds: bool = True
    """Report retry_after in whole seconds like Telegram; False gives fractions for fast tests."""


class RateLimiter:
    """Sliding windows for groups and overall, a token bucket for each private chat."""

    def __init__(self, limits: Limits, clock: Clock) -> None:
        self.limits = limits
        self.clock = clock
        self._overall: deque[float] = deque()
        self._groups: dict[int, deque[float]] = {}
        self._private: dict[int, tuple[float, float]] = {}  # chat -> (tokens, at)

    def reset(self) -> None:
        """Forget all history, e.g. after a test changed the limits."""
        self._overall.clear()
        self._groups.clear()
        self._private.clear()

    def acquire(self, chat_id: int, *, group: bool, edit: bool) -> float | None:
        """Count one message, or return how long to wait (retry_after) without counting it."""
        limits = self.limits
        if not limits.enabled or (edit and not limits.count_edits):
            return None
        now = self.clock()
        waits = [
            self._window_wait(self._overall, limits.global_messages, limits.global_window, now)
        ]
        if group:
            window = self._groups.setdefault(chat_id, deque())
            waits.append(self._window_wait(window, limits.group_messages, limits.group_window, now))
        else:
            waits.append(self._bucket_wait(chat_id, now))
        blocking = [wait for wait in waits if wait is not None]
        if blocking:
            return self._rounded(max(blocking))
        self._overall.append(now)
        if group:
            self._groups[chat_id].append(now)
        else:
            tokens, _ = self._private[chat_id]
            self._private[chat_id] = (tokens - 1, now)
        return None

    @staticmethod
    def _window_wait(times: deque[float], allowed: int, window: float, now: float) -> float | None:
        while times and times[0] <= now - window:
            times.popleft()
        if len(times) < allowed:
            return None
        return times[len(times) - allowed] + window - now

    def _bucket_wait(self, chat_id: int, now: float) -> float | None:
        rate, burst = self.limits.private_rate, self.limits.private_burst
        tokens, at = self._private.get(chat_id, (float(burst), now))
        tokens = min(float(burst), tokens + (now - at) * rate)
        self._private[chat_id] = (tokens, now)
        return None if tokens >= 1 else (1 - tokens) / rate

    def _rounded(self, wait: float) -> float:
        if self.limits.whole_seconds:
            return max(1, math.ceil(wait))
        return max(0.01, math.ceil(wait * 100) / 100)
