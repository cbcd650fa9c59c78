"""Message text as Telegram stores it: UTF-16 offsets, trimmed, with detected entities.

Telegram measures entity offsets in UTF-16 code units, trims surrounding whitespace
and highlights commands, mentions and links on its own. The fake does the same so
that a test reads exactly the text and entities a client would show.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

JSON = dict[str, Any]

# tdlib's sort order for entities starting at the same offset with the same length.
_PRIORITY = {
    "blockquote": 0, "expandable_blockquote": 0, "pre": 11, "code": 20, "text_link": 49,
    "text_mention": 49, "bold": 90, "italic": 91, "underline": 92, "strikethrough": 93,
    "spoiler": 94, "custom_emoji": 99,
}  # fmt: skip
_DETECTED = (
    ("bot_command", re.compile(r"(?<![\w/@<>])/\w{1,64}(?:@\w{3,32})?(?![\w/@])", re.ASCII)),
    ("mention", re.compile(r"(?<![\w@])@\w{4,32}(?!\w)", re.ASCII)),
    ("hashtag", re.compile(r"(?<![\w#])#(?=\w*[^\W\d_])\w+")),
    ("url", re.compile(r"(?<![\w/])(?:https?://|(?:t|telegram)\.me/)[^\s<>\"]+", re.IGNORECASE)),
)
# Entities inside which Telegram detects nothing.
_OPAQUE = frozenset({"code", "pre", "text_link", "text_mention", "url"})
_TRIM = " \t\n\r\x0b\x0c"


def utf16_len(text: str) -> int:
    """Length in UTF-16 code units: Telegram's unit for offsets and limits."""
    return len(text.encode("utf-16-le", "surrogatepass")) // 2


def utf16_slice(text: str, offset: int, length: int) -> str:
    """The substring an entity covers."""
    raw = text.encode("utf-16-le", "surrogatepass")[2 * offset : 2 * (offset + length)]
    return raw.decode("utf-16-le", "replace")


def sort_entities(entities: list[JSON]) -> list[JSON]:
    """Telegram's order: by offset, longer first, then by type priority."""
    return sorted(entities, key=lambda e: (e["offset"], -e["length"], _PRIORITY.get(e["type"], 50)))


def trim(text: str, entities: list[JSON]) -> tuple[str, list[JSON]]:
    """Strip surrounding whitespace and clip entities to what is left, as Telegram does."""
    stripped = text.lstrip(_TRIM)
    shift = utf16_len(text) - utf16_len(stripped)
    stripped = stripped.rstrip(_TRIM)
    size = utf16_len(stripped)
    kept: list[JSON] = []
    for entity in entities:
        start = max(entity["offset"] - shift, 0)
        end = min(entity["offset"] + entity["length"] - shift, size)
        if end > start:
            kept.append({**entity, "offset": start, "length": end - start})
    return stripped, kept


def detect_entities(text: str, existing: Sequence[JSON] = ()) -> list[JSON]:
    """Commands, mentions, hashtags and links Telegram highlights by itself."""
    taken = [(e["offset"], e["offset"] + e["length"]) for e in existing if e["type"] in _OPAQUE]
    found: list[JSON] = []
    for kind, pattern in _DETECTED:
        for match in pattern.finditer(text):
            start = utf16_len(text[: match.start()])
            end = start + utf16_len(match.group())
            if any(a < end and start < b for a, b in taken):
                continue
            taken.append((start, end))
            found.append({"type": kind, "offset": start, "length": end - start})
    return found


def check_explicit_entities(raw: Any, text: str) -> list[JSON]:
    """Validate an `entities` parameter given instead of a parse_mode."""
    if not isinstance(raw, list):
        raise ValueError("entities must be an array")
    size = utf16_len(text)
    result: list[JSON] = []
    for item in raw:
        if not isinstance(item, dict) or not isinstance(item.get("type"), str):
            raise ValueError("entity must be an object with a type")
        offset, length = item.get("offset"), item.get("length")
        if not isinstance(offset, int) or not isinstance(length, int) or offset < 0 or length < 0:
            raise ValueError("entity offset and length must be non-negative integers")
        if length and offset + length <= size:
            result.append(dict(item))
    return result
