"""Start-up checks and log hygiene for ``python -m bot``.

Two things must hold from the first second of a run, whatever the operator
got wrong:

* The token never reaches a terminal or a log file. httpx logs every request
  URL at INFO, and a Bot API URL is ``…/bot<token>/<method>``; PTB puts the
  token into the text of ``InvalidToken``. ``install_redaction`` adds a filter
  to the log handlers that replaces the token in every record (message,
  arguments, traceback), and ``quiet_http_loggers`` keeps httpx below INFO.
* A wrong token, a wrong ``TELEGRAM_API_BASE_URL`` or an API that cannot be
  reached ends the process quickly with one line and an exit code that says
  which of them it was. ``check_api`` asks ``getMe`` once, with a connect,
  read and overall timeout, before PTB starts (PTB's own ``initialize`` would
  log a traceback holding the token, and its timeouts are not ours to set).

Exit codes (also in the README and in ``bot/__main__.py``): ``EXIT_CONFIG``
2, ``EXIT_TOKEN_REJECTED`` 3, ``EXIT_API_UNREACHABLE`` 4.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Iterable
from dataclasses import dataclass
from urllib.parse import quote, urlsplit, urlunsplit

import httpx

__all__ = [
    "EXIT_API_UNREACHABLE",
    "EXIT_CONFIG",
    "EXIT_TOKEN_REJECTED",
    "REDACTED",
    "BotIdentity",
    "Redactor",
    "StartupError",
    "check_api",
    "install_redaction",
    "public_url",
    "quiet_http_loggers",
    "redact",
]

EXIT_CONFIG = 2
"""A missing or malformed setting (``ConfigError``)."""
EXIT_TOKEN_REJECTED = 3
"""The Bot API answered 401: the token is wrong or revoked."""
EXIT_API_UNREACHABLE = 4
"""No Bot API at the configured address: unreachable, no answer in time, 404
(a wrong path), or an answer that is not the Bot API's."""

REDACTED = "<token>"


class StartupError(Exception):
    """Why the bot cannot start; ``message`` is one line without the token."""

    def __init__(self, exit_code: int, message: str) -> None:
        super().__init__(message)
        self.exit_code = exit_code
        self.message = message


def _secrets(token: str) -> tuple[str, ...]:
    """Every form in which the token may show up in text, longest first.

    The part after the colon is the secret: it is redacted on its own too, so
    a URL-encoded colon (``%3A``) or a token cut at the colon leaks nothing.
    """
    forms = {token, quote(token, safe=""), token.partition(":")[2]}
    return tuple(sorted((f for f in forms if len(f) >= 8), key=len, reverse=True))


def redact(text: str, token: str) -> str:
    """``text`` with every form of ``token`` replaced by ``<token>``."""
    for secret in _secrets(token):
        text = text.replace(secret, REDACTED)
    return text


class Redactor(logging.Filter):
    """A handler filter that takes the token out of every record it passes.

    It sits on handlers, not loggers: a logger's filters do not see records
    that propagate from its children (``httpx``, ``telegram.ext`` …).
    """

    def __init__(self, token: str) -> None:
        super().__init__()
        self.token = token

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        clean = redact(message, self.token)
        if clean != message or record.args:
            record.msg, record.args = clean, None
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = redact(record.exc_text, self.token)
        if record.stack_info:
            record.stack_info = redact(record.stack_info, self.token)
        return True


def install_redaction(token: str, handlers: Iterable[logging.Handler] | None = None) -> Redactor:
    """Put a ``Redactor`` on ``handlers`` (default: the root logger's)."""
    redactor = Redactor(token)
    for handler in logging.getLogger().handlers if handlers is None else handlers:
        handler.addFilter(redactor)
    return redactor


def quiet_http_loggers() -> None:
    """httpx logs each request URL (with the token) at INFO; httpcore is chatty at DEBUG."""
    for name in ("httpx", "httpcore"):
        logging.getLogger(name).setLevel(logging.WARNING)


def public_url(url: str) -> str:
    """``url`` as it may be shown: without user name, password, query or fragment."""
    try:
        parts = urlsplit(url)
        host = parts.hostname or ""
        netloc = f"[{host}]" if ":" in host else host
        if parts.port is not None:
            netloc += f":{parts.port}"
    except ValueError:
        return "(an unparsable URL)"
    return urlunsplit((parts.scheme, netloc, parts.path, "", ""))


@dataclass(frozen=True)
class BotIdentity:
    """What ``getMe`` said: enough to log who we are."""

    id: int
    username: str


def check_api(base_url: str, token: str, timeout: float) -> BotIdentity:
    """Call ``getMe`` once; ``StartupError`` says what is wrong, in one line.

    ``timeout`` bounds the whole call, not only each phase of it, so a server
    that accepts the connection and then trickles or says nothing cannot hold
    the start-up. Runs its own event loop and closes it, leaving the main
    thread's loop to PTB.
    """
    loop = asyncio.new_event_loop()
    try:
        return loop.run_until_complete(_check_api(base_url, token, timeout))
    finally:
        loop.close()


async def _check_api(base_url: str, token: str, timeout: float) -> BotIdentity:
    where = public_url(base_url)
    url = f"{base_url}{token}/getMe"
    try:
        async with httpx.AsyncClient(timeout=httpx.Timeout(timeout)) as client:
            response = await asyncio.wait_for(client.get(url), timeout)
    except (TimeoutError, httpx.TimeoutException):
        raise StartupError(
            EXIT_API_UNREACHABLE,
            f"the Bot API at {where} did not answer within {timeout:g} s"
            " (KARBAN_STARTUP_TIMEOUT); check TELEGRAM_API_BASE_URL and the network",
        ) from None
    except (httpx.HTTPError, OSError) as exc:
        reason = redact(str(exc), token).splitlines()[0][:120] if str(exc) else type(exc).__name__
        raise StartupError(
            EXIT_API_UNREACHABLE,
            f"cannot reach the Bot API at {where}: {reason}; check TELEGRAM_API_BASE_URL",
        ) from None
    if response.status_code == 401:
        raise StartupError(
            EXIT_TOKEN_REJECTED,
            "the Bot API rejected the token (401 Unauthorized); check TELEGRAM_BOT_TOKEN"
            " (BotFather's /token shows the current one)",
        )
    if response.status_code == 404:
        raise StartupError(
            EXIT_API_UNREACHABLE,
            f"the Bot API at {where} answered 404 Not Found: TELEGRAM_API_BASE_URL does not"
            " point at a Bot API (it should end in /bot), or the token is not a bot's",
        )
    identity = _identity(response)
    if identity is None:
        raise StartupError(
            EXIT_API_UNREACHABLE,
            f"{where} answered getMe with HTTP {response.status_code}, not as a Bot API"
            " does; check TELEGRAM_API_BASE_URL",
        )
    return identity


def _identity(response: httpx.Response) -> BotIdentity | None:
    """The bot from a successful ``getMe`` answer, or ``None`` for anything else."""
    if response.status_code != 200:
        return None
    try:
        body = json.loads(response.content[:100_000])
    except ValueError:
        return None
    result = body.get("result") if isinstance(body, dict) and body.get("ok") is True else None
    if not isinstance(result, dict) or type(result.get("id")) is not int:
        return None
    username = result.get("username")
    return BotIdentity(result["id"], username if isinstance(username, str) else "")
