"""Request parameters, read the way the Bot API reads them.

Telegram takes parameters from the query string, a JSON body, a urlencoded form or
multipart form data. PTB sends forms in which every non-string value is JSON-encoded
(`reply_markup` is a JSON string, `chat_id` is "123"), while other clients send real
JSON. `Params` hides the difference: handlers ask for an int, a bool or a JSON object.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Mapping
from typing import Any

from aiohttp import web

from tests.fakes.models import JSON, bad_request

# Parameters whose value is a string even when it looks like JSON ("123", "true").
STRING_PARAMS = frozenset(
    {
        "text",
        "parse_mode",
        "callback_query_id",
        "url",
        "language_code",
        "action",
        "inline_message_id",
        "caption",
        "description",
        "title",
        "name",
        "short_description",
        "business_connection_id",
        "message_effect_id",
        "secret_token",
    }
)


class Params:
    """Typed access to one request's parameters; errors are Telegram's 400s."""

    def __init__(self, raw: Mapping[str, Any]) -> None:
        self.raw = dict(raw)

    @classmethod
    async def from_request(cls, request: web.Request) -> Params:
        raw: dict[str, Any] = dict(request.query)
        if request.content_type == "application/json":
            try:
                body = await request.json()
            except ValueError as exc:
                raise bad_request("can't parse JSON encoded request") from exc
            if not isinstance(body, dict):
                raise bad_request("JSON object expected")
            raw.update(body)
        elif request.method == "POST" and request.can_read_body:
            form = await request.post()
            raw.update({k: v for k, v in form.items() if isinstance(v, str)})
        return cls(raw)

    def decoded(self) -> JSON:
        """Every parameter with JSON-encoded values decoded, for the call log."""
        result: JSON = {}
        for name, value in self.raw.items():
            if isinstance(value, str) and name not in STRING_PARAMS:
                with contextlib.suppress(ValueError):
                    value = json.loads(value)
            result[name] = value
        return result

    def has(self, name: str) -> bool:
        return self.raw.get(name) not in (None, "")

    def get_str(self, name: str) -> str | None:
        value = self.raw.get(name)
        return None if value is None else str(value)

    def get_int(self, name: str, *, required: bool = False) -> int | None:
        value = self.raw.get(name)
        if value is None or value == "":
            if required:
                raise bad_request(f"{name} is empty")
            return None
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        try:
            return int(str(value).strip())
        except ValueError:
            raise bad_request(f"invalid {name} specified") from None

    def require_int(self, name: str) -> int:
        value = self.get_int(name, required=True)
        assert value is not None
        return value

    def get_float(self, name: str) -> float | None:
        value = self.raw.get(name)
        if value is None or value == "":
            return None
        try:
            return float(value)
        except (TypeError, ValueError):
            raise bad_request(f"invalid {name} specified") from None

    def get_bool(self, name: str) -> bool:
        value = self.raw.get(name)
        if isinstance(value, str):
            return value.strip().lower() in ("true", "1")
        return bool(value)

    def get_json(self, name: str, error: str | None = None) -> Any:
        """A JSON parameter, given either as a JSON string (forms) or a nested value."""
        value = self.raw.get(name)
        if not isinstance(value, str):
            return value
        if value == "":
            return None
        try:
            return json.loads(value)
        except ValueError:
            raise bad_request(error or f"can't parse {name} JSON object") from None

    def chat_id(self) -> int | str:
        """The chat_id: an integer, or "@username" for public chats."""
        value = self.raw.get("chat_id")
        if value is None or value == "":
            raise bad_request("chat_id is empty")
        if isinstance(value, str) and value.strip().startswith("@"):
            return value.strip()
        try:
            return int(str(value).strip())
        except ValueError:
            raise bad_request("chat not found") from None
