"""A fake Telegram Bot API for end-to-end tests of the bot with the real python-telegram-bot.

Start with `FakeTelegram` (bot_api.py); the other modules hold the Telegram rules it
enforces. See tests/fakes/test_bot_api.py for worked examples.
"""

from tests.fakes.bot_api import DEFAULT_TOKEN, FakeTelegram, WaitTimeout
from tests.fakes.limits import Limits, ManualClock
from tests.fakes.models import (
    ApiError,
    Button,
    Call,
    CallbackAnswer,
    FakeChat,
    FakeMessage,
    FakeUser,
    ScenarioError,
)
from tests.fakes.ptb import application_builder, polling

__all__ = [
    "DEFAULT_TOKEN",
    "ApiError",
    "Button",
    "Call",
    "CallbackAnswer",
    "FakeChat",
    "FakeMessage",
    "FakeTelegram",
    "FakeUser",
    "Limits",
    "ManualClock",
    "ScenarioError",
    "WaitTimeout",
    "application_builder",
    "polling",
]
