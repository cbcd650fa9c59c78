"""``python -m bot``: run Karban with long polling until interrupted."""

from __future__ import annotations

import logging
import sys

from telegram import Update

from bot.app import build_application
from bot.config import ConfigError, Settings


def main() -> int:
    logging.basicConfig(
        format="%(asctime)s %(levelname)s %(name)s: %(message)s", level=logging.INFO
    )
    logging.getLogger("httpx").setLevel(logging.WARNING)
    try:
        settings = Settings.from_env()
    except ConfigError as error:
        print(f"karban: {error}", file=sys.stderr)
        return 2
    app = build_application(settings)
    app.run_polling(allowed_updates=Update.ALL_TYPES, timeout=settings.poll_timeout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
