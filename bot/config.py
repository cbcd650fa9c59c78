"""Settings from the environment, validated once at start-up.

Nothing here runs at import time: ``Settings.from_env`` is called by
``python -m bot`` (and tests build ``Settings`` directly), so importing the
bot never needs a token. Every problem is a ``ConfigError`` whose text is one
line a person can act on, and never holds the token; ``__main__`` prints it
and exits with code 2.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote

from games.players import PLAYER_NAMES
from storage import LANGUAGES

__all__ = ["DEFAULT_API_BASE_URL", "ConfigError", "Settings"]

DEFAULT_API_BASE_URL = "https://api.telegram.org/bot"
_TOKEN = re.compile(r"\d{1,20}:[A-Za-z0-9_-]{20,100}")


class ConfigError(ValueError):
    """A missing or malformed setting; the message is one line for the operator."""


@dataclass(frozen=True, kw_only=True)
class Settings:
    """Everything the bot needs to run; tests and the benchmark tune the timings.

    Times are seconds. ``group_budget`` messages per ``group_window`` is the
    bot's own ceiling for one group chat (Telegram allows about 20 a minute);
    ``reserve`` of them are kept for new messages, so coalesced table edits
    can never crowd out a result or a reply.
    """

    token: str
    api_base_url: str = DEFAULT_API_BASE_URL
    db_path: Path = Path("data/karban.sqlite3")
    locale: str = "cs"
    bot_delay: float = 1.5
    turn_timeout: float = 180.0
    edit_interval: float = 0.0
    private_interval: float = 1.0
    group_calm_interval: float = 30.0
    hand_calm_interval: float = 30.0
    """Seconds a hand with no buttons (its player has nothing to decide) waits for its
    next change before it is edited: the trick, the contract line, a forced card
    taken away reach the player with their next question, in one edit."""
    autoplay: bool = True
    """Whether a table whose settings do not say plays a human's only legal move
    for them (``bot.live.forced_code``)."""
    ping_delay: float = 20.0
    group_budget: int = 20
    group_window: float = 60.0
    reserve: int = 4
    reply_budget: int = 3
    """Command replies one group gets per ``group_window`` (at most ``reserve`` count)."""
    retry_ceiling: float = 30.0
    """Longest wait between tries while Telegram is unreachable (network errors, 5xx)."""
    park_ceiling: float = 600.0
    """Longest wait between tries of a group that refuses the bot (gone, no rights)."""
    overall_rate: float = 30.0
    seed: int | None = None
    poll_timeout: int = 30
    startup_timeout: float = 10.0
    computer_workers: int | None = None
    """Worker processes for computer moves (``None``: one per CPU; 0: decide in the
    event loop, for tests)."""
    computer_cap: float = 10.0
    """Longest a computer decision may take before the rule player decides instead."""
    computer_level: str | None = None
    """The computer player kind a table gets unless its settings say otherwise;
    ``None``: each game's own ``default_player`` (its registration), so a game
    whose strong player is fast enough gets it without the operator's help."""
    think_seconds: float = 1.0
    """Wall-clock time a searching (strong) player may think about one decision
    before it plays its best move so far; it thinks while ``bot_delay`` runs, so
    a second costs the table no extra wait."""

    def __post_init__(self) -> None:
        if not _TOKEN.fullmatch(self.token):
            raise ConfigError(
                "TELEGRAM_BOT_TOKEN does not look like a bot token (digits:letters, from BotFather)"
            )
        if self.locale not in LANGUAGES:
            raise ConfigError(f"KARBAN_LOCALE must be one of {', '.join(LANGUAGES)}")
        if not self.api_base_url.startswith(("http://", "https://")):
            raise ConfigError("TELEGRAM_API_BASE_URL must start with http:// or https://")
        if _holds_token(self.api_base_url, self.token):
            # Said without the URL: echoing it would print the token.
            raise ConfigError(
                "TELEGRAM_API_BASE_URL must not contain a bot token: give the server's address"
                " (e.g. https://api.telegram.org/bot) and the token in TELEGRAM_BOT_TOKEN"
            )
        if self.group_budget <= self.reserve or self.reserve < 1:
            raise ConfigError("the group budget must be larger than the reserve (at least 1)")
        if self.reply_budget < 1:
            raise ConfigError("the reply budget must be at least 1")
        if self.retry_ceiling <= 0 or self.park_ceiling <= 0:
            raise ConfigError("retry_ceiling and park_ceiling must be positive")
        for name in (
            "bot_delay",
            "edit_interval",
            "private_interval",
            "group_window",
            "group_calm_interval",
            "hand_calm_interval",
            "ping_delay",
        ):
            if getattr(self, name) < 0:
                raise ConfigError(f"{name} must not be negative")
        if self.turn_timeout <= 0:
            raise ConfigError("KARBAN_TURN_TIMEOUT must be a positive number of seconds")
        if self.computer_workers is not None and self.computer_workers < 0:
            raise ConfigError("KARBAN_COMPUTER_WORKERS must be 0 or more")
        if self.computer_cap <= 0:
            raise ConfigError("KARBAN_COMPUTER_CAP must be a positive number of seconds")
        if self.computer_level is not None and self.computer_level not in PLAYER_NAMES:
            raise ConfigError(
                f"KARBAN_COMPUTER_LEVEL must be one of {', '.join(PLAYER_NAMES)} (or unset)"
            )
        if not 0 <= self.think_seconds < self.computer_cap:
            # at the cap the rule player would decide instead: the search would be wasted
            raise ConfigError("KARBAN_THINK_SECONDS must be less than KARBAN_COMPUTER_CAP")
        if not 0 < self.startup_timeout <= 300:
            raise ConfigError("KARBAN_STARTUP_TIMEOUT must be more than 0 and at most 300 seconds")

    @property
    def base_url(self) -> str:
        """What ``ApplicationBuilder.base_url`` wants: the API root ending in ``/bot``."""
        return _api_root(self.api_base_url)

    @property
    def base_file_url(self) -> str:
        """The file endpoint that goes with ``base_url``."""
        root = self.base_url
        return root[: -len("/bot")] + "/file/bot"

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        """Read and check the settings; ``ConfigError`` names the first bad one."""
        env = os.environ if env is None else env
        token = env.get("TELEGRAM_BOT_TOKEN", "").strip()
        if not token:
            raise ConfigError("TELEGRAM_BOT_TOKEN is not set; get a token from @BotFather")
        return cls(
            token=token,
            api_base_url=env.get("TELEGRAM_API_BASE_URL", "").strip() or DEFAULT_API_BASE_URL,
            db_path=Path(env.get("KARBAN_DB", "").strip() or "data/karban.sqlite3"),
            locale=env.get("KARBAN_LOCALE", "").strip() or "cs",
            bot_delay=_number(env, "KARBAN_BOT_DELAY", 1.5),
            turn_timeout=_number(env, "KARBAN_TURN_TIMEOUT", 180.0),
            edit_interval=_number(env, "KARBAN_EDIT_INTERVAL", 0.0),
            group_calm_interval=_number(env, "KARBAN_GROUP_CALM", 30.0),
            hand_calm_interval=_number(env, "KARBAN_HAND_CALM", 30.0),
            autoplay=_flag(env, "KARBAN_AUTOPLAY", True),
            ping_delay=_number(env, "KARBAN_PING_DELAY", 20.0),
            private_interval=_number(env, "KARBAN_PRIVATE_INTERVAL", 1.0),
            group_window=_number(env, "KARBAN_GROUP_WINDOW", 60.0),
            overall_rate=_number(env, "KARBAN_OVERALL_RATE", 30.0),
            retry_ceiling=_number(env, "KARBAN_RETRY_CEILING", 30.0) or 30.0,
            seed=_optional_int(env, "KARBAN_SEED"),
            startup_timeout=_number(env, "KARBAN_STARTUP_TIMEOUT", 10.0),
            computer_workers=_optional_int(env, "KARBAN_COMPUTER_WORKERS"),
            computer_cap=_number(env, "KARBAN_COMPUTER_CAP", 10.0),
            computer_level=env.get("KARBAN_COMPUTER_LEVEL", "").strip() or None,
            think_seconds=_number(env, "KARBAN_THINK_SECONDS", 1.0),
        )


def _holds_token(url: str, token: str) -> bool:
    """Whether ``url`` carries this token, its secret half, or anything token-shaped."""
    secret = token.partition(":")[2]
    unquoted = unquote(url)
    return any(
        (secret and secret in text) or _TOKEN.search(text) is not None for text in (url, unquoted)
    )


def _api_root(url: str) -> str:
    url = url.rstrip("/")
    return url if url.endswith("/bot") else url + "/bot"


def _number(env: Mapping[str, str], name: str, default: float) -> float:
    text = env.get(name, "").strip()
    if not text:
        return default
    try:
        value = float(text)
    except ValueError:
        raise ConfigError(f"{name} must be a number of seconds, not {text!r}") from None
    if value < 0:
        raise ConfigError(f"{name} must not be negative")
    return value


def _flag(env: Mapping[str, str], name: str, default: bool) -> bool:
    text = env.get(name, "").strip().lower()
    if not text:
        return default
    if text in ("1", "true", "yes", "on"):
        return True
    if text in ("0", "false", "no", "off"):
        return False
    raise ConfigError(f"{name} must be 1 or 0 (on or off), not {text!r}")


def _optional_int(env: Mapping[str, str], name: str) -> int | None:
    text = env.get(name, "").strip()
    if not text:
        return None
    try:
        return int(text)
    except ValueError:
        raise ConfigError(f"{name} must be a whole number, not {text!r}") from None
