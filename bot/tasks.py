"""Fire-and-forget tasks that are neither lost to the garbage collector nor silent.

asyncio keeps only weak references to tasks, so a task nobody holds may
vanish mid-flight; ``spawn`` holds it until it ends and logs its failure.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Coroutine
from typing import Any

__all__ = ["spawn"]

_LOG = logging.getLogger(__name__)
_RUNNING: set[asyncio.Task[Any]] = set()


def spawn(coroutine: Coroutine[Any, Any, Any], name: str | None = None) -> asyncio.Task[Any]:
    """Run ``coroutine`` in the background."""
    task = asyncio.create_task(coroutine, name=name)
    _RUNNING.add(task)
    task.add_done_callback(_done)
    return task


def _done(task: asyncio.Task[Any]) -> None:
    _RUNNING.discard(task)
    if not task.cancelled() and task.exception() is not None:
        _LOG.error("background task %s failed", task.get_name(), exc_info=task.exception())
