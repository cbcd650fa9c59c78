"""Small parts on their own: callback data, settings, catalogs."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.callbacks import MAX_BYTES, CallbackData, ForgedCallback, Op
from bot.config import DEFAULT_API_BASE_URL, ConfigError, Settings
from bot.render.i18n import CatalogError, I18n, check_catalogs, escape, flatten

TOKEN = "123456789:AAFakeTokenForKarbanTests_0123456789"
ROOT = Path(__file__).resolve().parents[2]

# -- callback data -----------------------------------------------------------------------

codes = st.sampled_from(
    [
        "play:Th",
        "hlas:Qh",
        "talon:7d,8d",
        "flek:hra+sedma",
        "extras:stovka+sedma",
        "dobra",
        "game:durch",
        "lid:3",
        "pass",
        "claim",
        "-",
        "",
        "0",
    ]
)


@given(st.integers(0, 10**12 - 1), st.integers(0, 10**12 - 1), st.sampled_from(list(Op)), codes)
def test_callback_data_round_trips_within_64_bytes(
    table: int, version: int, op: Op, arg: str
) -> None:
    data = CallbackData(table, version, op, arg)
    text = data.encode()
    assert len(text.encode()) <= MAX_BYTES
    assert CallbackData.parse(text) == data


@given(st.text(max_size=80))
def test_anything_else_is_refused_not_crashed(text: str) -> None:
    try:
        data = CallbackData.parse(text)
    except ForgedCallback:
        return
    assert data.encode() == text  # only what we could have made parses


@pytest.mark.parametrize(
    "text",
    [
        "",
        "1|2|a",
        "1|2|a|b|c",
        "01|2|a|x",
        "1|-2|a|x",
        "1|2|zz|x",
        "1|2|a|<b>",
        "x" * 65,
        "1|2|a|play:Th;rm",
    ],
)
def test_forged_examples(text: str) -> None:
    with pytest.raises(ForgedCallback):
        CallbackData.parse(text)


def test_encode_refuses_what_telegram_would() -> None:
    with pytest.raises(ValueError, match="64 bytes"):
        CallbackData(1, 1, Op.ACTION, "x" * 40 + "y" * 20).encode()


# -- settings ----------------------------------------------------------------------------


def test_settings_from_the_environment() -> None:
    settings = Settings.from_env({"TELEGRAM_BOT_TOKEN": TOKEN})
    assert settings.api_base_url == DEFAULT_API_BASE_URL
    assert settings.base_url == "https://api.telegram.org/bot"
    assert settings.base_file_url == "https://api.telegram.org/file/bot"
    assert (str(settings.db_path), settings.locale) == ("data/karban.sqlite3", "cs")
    custom = Settings.from_env(
        {
            "TELEGRAM_BOT_TOKEN": TOKEN,
            "TELEGRAM_API_BASE_URL": "http://127.0.0.1:8081/",
            "KARBAN_DB": "/tmp/x.db",
            "KARBAN_LOCALE": "en",
            "KARBAN_BOT_DELAY": "0.5",
            "KARBAN_TURN_TIMEOUT": "60",
        }
    )
    assert custom.base_url == "http://127.0.0.1:8081/bot"
    assert custom.base_file_url == "http://127.0.0.1:8081/file/bot"
    assert (custom.locale, custom.bot_delay, custom.turn_timeout) == ("en", 0.5, 60.0)


@pytest.mark.parametrize(
    ("env", "message"),
    [
        ({}, "TELEGRAM_BOT_TOKEN is not set"),
        ({"TELEGRAM_BOT_TOKEN": "hello"}, "does not look like a bot token"),
        ({"TELEGRAM_BOT_TOKEN": TOKEN, "KARBAN_LOCALE": "de"}, "KARBAN_LOCALE"),
        ({"TELEGRAM_BOT_TOKEN": TOKEN, "KARBAN_BOT_DELAY": "soon"}, "KARBAN_BOT_DELAY"),
        ({"TELEGRAM_BOT_TOKEN": TOKEN, "TELEGRAM_API_BASE_URL": "ftp://x"}, "http"),
        ({"TELEGRAM_BOT_TOKEN": TOKEN, "KARBAN_TURN_TIMEOUT": "0"}, "positive"),
    ],
)
def test_bad_settings_are_one_clear_error(env: dict[str, str], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        Settings.from_env(env)


@pytest.mark.parametrize("token", ["", "not-a-token"])
def test_python_m_bot_exits_2_with_one_line(token: str) -> None:
    env = {"PATH": "/usr/bin:/bin", "TELEGRAM_BOT_TOKEN": token}
    done = subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2
    assert re.fullmatch(r"karban: TELEGRAM_BOT_TOKEN [^\n]+\n", done.stderr)


# -- catalogs ----------------------------------------------------------------------------


def test_catalogs_agree_and_escape_values() -> None:
    i18n = I18n.load()
    cs, en = i18n.for_lang("cs"), i18n.for_lang("en")
    assert cs("start.welcome", name="<Jana & spol>") == (
        "Ahoj, &lt;Jana &amp; spol&gt;! Tady ti budu posílat karty. Stůl otevřeš ve skupině"
        " příkazem /new, přisedneš tlačítkem Přisednout."
    )
    assert escape(cs("table.stopped")) == cs("table.stopped")  # HTML is not escaped twice
    assert i18n.pick("en-GB") == "en" and i18n.pick("de") == "cs" and i18n.pick(None) == "cs"
    assert en("lang.set") == "Group language: English."
    with pytest.raises(CatalogError, match="differ in keys"):
        check_catalogs({"cs": {"a": "x"}, "en": {"b": "y"}})
    with pytest.raises(CatalogError, match="placeholders"):
        check_catalogs({"cs": {"a": "{x}"}, "en": {"a": "{y}"}})
    assert flatten({"a": {"b": "c"}}) == {"a.b": "c"}


def test_every_refusal_and_engine_reason_has_a_text() -> None:
    """Each ``TableError`` code the bot raises and each rule refusal of the engine."""
    i18n = I18n.load()
    used = set()
    for path in (ROOT / "bot").rglob("*.py"):
        used |= set(re.findall(r'TableError\(\s*"([a-z_]+)"', path.read_text()))
        used |= set(re.findall(r'raise TableError\(\s*\n?\s*"([a-z_]+)"', path.read_text()))
    assert len(used) > 10
    engine = set()
    for game in ("marias", "blazen"):
        for path in (ROOT / "games" / game).rglob("*.py"):
            engine |= set(re.findall(r'IllegalAction\(\s*"([a-z_]+)"', path.read_text()))
    engine -= {"bad_table", "bad_cards", "bad_deal", "foreign_action"}  # never reach a player
    assert {"does_not_beat", "rank_not_on_table", "target_hand_too_small"} <= engine
    for lang in ("cs", "en"):
        tr = i18n.for_lang(lang)
        assert [c for c in sorted(used) if not tr.has(f"err.{c}")] == []
        assert [c for c in sorted(engine) if not tr.has(f"illegal.{c}")] == []
