"""``python -m bot``: run Karban with long polling until interrupted.

Before PTB starts, the settings are checked and the Bot API is asked
``getMe`` once within ``KARBAN_STARTUP_TIMEOUT`` seconds (``bot/startup.py``),
so that each way of getting the set-up wrong ends at once with one line on
stderr (never the token, never a traceback) and its own exit code:

=====  ==============================================================
code   meaning
=====  ==============================================================
0      stopped normally (Ctrl-C, SIGTERM)
2      a setting is missing or malformed (``TELEGRAM_BOT_TOKEN`` unset,
       a token in ``TELEGRAM_API_BASE_URL``, a bad number …)
3      the Bot API rejected the token (401)
4      no Bot API at ``TELEGRAM_API_BASE_URL``: unreachable, no answer
       in time, 404 (a wrong path), or not a Bot API answer
130    interrupted during the start-up check
=====  ==============================================================

Every log line passes a filter that replaces the token with ``<token>``.
"""

from __future__ import annotations

import logging
import sys

from telegram import Update
from telegram.error import InvalidToken, NetworkError, TelegramError

from bot.app import build_application
from bot.config import ConfigError, Settings
from bot.startup import (
    EXIT_API_UNREACHABLE,
    EXIT_CONFIG,
    EXIT_TOKEN_REJECTED,
    StartupError,
    check_api,
    install_redaction,
    public_url,
    quiet_http_loggers,
    redact,
)

_LOG = logging.getLogger("bot")


def _fail(code: int, message: str, token: str = "") -> int:
    """One line on stderr, the token taken out whatever the message held."""
    line = " ".join(message.split())
    print(f"karban: {redact(line, token) if token else line}", file=sys.stderr)
    return code


def main() -> int:
    try:
        settings = Settings.from_env()
    except ConfigError as error:
        return _fail(EXIT_CONFIG, str(error))
    logging.basicConfig(
        format="%(asctime)s %(levelname)s %(name)s: %(message)s", level=logging.INFO
    )
    install_redaction(settings.token)
    quiet_http_loggers()
    token = settings.token
    try:
        me = check_api(settings.base_url, token, settings.startup_timeout)
    except StartupError as error:
        return _fail(error.exit_code, error.message, token)
    except KeyboardInterrupt:
        return 130
    _LOG.info("the Bot API at %s knows the token: @%s", public_url(settings.base_url), me.username)
    app = build_application(settings)
    try:
        app.run_polling(allowed_updates=Update.ALL_TYPES, timeout=settings.poll_timeout)
    except InvalidToken:  # revoked between the check and PTB's own getMe
        return _fail(EXIT_TOKEN_REJECTED, "the Bot API rejected the token", token)
    except NetworkError as error:  # TimedOut too
        where = public_url(settings.base_url)
        return _fail(EXIT_API_UNREACHABLE, f"lost the Bot API at {where}: {error}", token)
    except TelegramError as error:
        return _fail(EXIT_API_UNREACHABLE, f"the Bot API refused the start-up: {error}", token)
    return 0


if __name__ == "__main__":
    sys.exit(main())
