"""``python -m bot`` when the set-up is wrong, and the token in logs (issue 7, task 8).

Each start-up failure must end the process quickly with one line on stderr,
its documented exit code (bot/__main__.py, README) and no traceback; the
token must appear neither there nor in any log line. The servers here are
the fake Bot API of ``tests/fakes`` and tiny HTTP servers on 127.0.0.1 that
answer 401 or 404, say nothing, or hang up.
"""

from __future__ import annotations

import asyncio
import io
import logging
import os
import signal
import socket
import sys
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from contextlib import asynccontextmanager, suppress
from pathlib import Path
from urllib.parse import quote

import httpx
import pytest

from bot.config import ConfigError, Settings
from bot.startup import (
    EXIT_API_UNREACHABLE,
    EXIT_CONFIG,
    EXIT_TOKEN_REJECTED,
    REDACTED,
    StartupError,
    check_api,
    install_redaction,
    public_url,
    quiet_http_loggers,
)
from tests.bot.harness import Harness
from tests.fakes import FakeTelegram

ROOT = Path(__file__).resolve().parents[2]
TOKEN = "987654321:AAStartupTestSecretToken_abcdefghijklmno"
SECRET = TOKEN.partition(":")[2]

Handler = Callable[[asyncio.StreamReader, asyncio.StreamWriter], Awaitable[None]]


def _answer(status: int, reason: str, body: bytes, kind: str = "application/json") -> Handler:
    async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await reader.readuntil(b"\r\n\r\n")
        head = (
            f"HTTP/1.1 {status} {reason}\r\nContent-Type: {kind}\r\n"
            f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n"
        )
        writer.write(head.encode() + body)
        await writer.drain()
        writer.close()

    return handle


async def _hang(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    """Read the request and never answer."""
    await reader.readuntil(b"\r\n\r\n")
    await asyncio.sleep(3600)


async def _hang_up(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    writer.close()


async def _trickle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    """Answer one header byte a second: every read is on time, the answer never ends."""
    await reader.readuntil(b"\r\n\r\n")
    for byte in b"HTTP/1.1 200 OK\r\nX-Slow: " + b"a" * 3600:
        writer.write(bytes([byte]))
        await writer.drain()
        await asyncio.sleep(0.5)


UNAUTHORIZED = _answer(
    401, "Unauthorized", b'{"ok":false,"error_code":401,"description":"Unauthorized"}'
)
NOT_FOUND = _answer(404, "Not Found", b'{"ok":false,"error_code":404,"description":"Not Found"}')
SERVER_ERROR = _answer(502, "Bad Gateway", b"<html>bad gateway</html>", "text/html")
A_WEB_PAGE = _answer(200, "OK", b"<html>welcome to nginx</html>", "text/html")


@asynccontextmanager
async def _server(handle: Handler) -> AsyncIterator[str]:
    """A plain HTTP server on 127.0.0.1; yields its Bot API base URL."""
    tasks: set[asyncio.Task[None]] = set()

    async def tracked(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        assert task is not None
        tasks.add(task)
        # cancelled at the end of the test: finish quietly rather than as an error
        with suppress(ConnectionError, asyncio.IncompleteReadError, asyncio.CancelledError):
            await handle(reader, writer)

    server = await asyncio.start_server(tracked, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    try:
        yield f"http://127.0.0.1:{port}/bot"
    finally:
        for task in tasks:
            task.cancel()
        server.close()


def _closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
    return port


async def _python_m_bot(tmp_path: Path, **env: str) -> tuple[int, str, str, float]:
    """Run ``python -m bot``: exit code, stdout, stderr, seconds taken."""
    clean = {k: v for k, v in os.environ.items() if not k.startswith(("TELEGRAM_", "KARBAN_"))}
    clean.update({"KARBAN_DB": str(tmp_path / "karban.sqlite3"), "KARBAN_STARTUP_TIMEOUT": "2"})
    clean.update(env)
    started = time.monotonic()
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        cwd=ROOT,
        env=clean,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    try:
        out, err = await asyncio.wait_for(process.communicate(), 60)
    finally:
        if process.returncode is None:
            process.kill()
            await process.wait()
    assert process.returncode is not None
    return process.returncode, out.decode(), err.decode(), time.monotonic() - started


def _assert_one_line(code: int, out: str, err: str, expected: int, *secrets: str) -> None:
    assert code == expected, err
    assert "Traceback" not in err + out
    assert err.count("\n") == 1 and err.startswith("karban: "), err
    for secret in (TOKEN, SECRET, quote(TOKEN, safe=""), *secrets):
        assert secret not in err and secret not in out


# -- python -m bot against servers that are not a working Bot API ----------------------


async def test_a_token_the_fake_bot_api_rejects(tmp_path: Path) -> None:
    async with FakeTelegram() as fake:  # it knows another token and answers 401
        code, out, err, _ = await _python_m_bot(
            tmp_path, TELEGRAM_BOT_TOKEN=TOKEN, TELEGRAM_API_BASE_URL=fake.base_url
        )
    _assert_one_line(code, out, err, EXIT_TOKEN_REJECTED)
    assert "rejected the token" in err
    assert [c.method for c in fake.calls] == ["getMe"]  # PTB never started


async def test_a_wrong_path_on_the_fake_bot_api(tmp_path: Path) -> None:
    async with FakeTelegram() as fake:
        wrong = fake.base_url.removesuffix("/bot") + "/telegram/bot"
        code, out, err, _ = await _python_m_bot(
            tmp_path, TELEGRAM_BOT_TOKEN=fake.token, TELEGRAM_API_BASE_URL=wrong
        )
    _assert_one_line(code, out, err, EXIT_API_UNREACHABLE, fake.token, fake.token.split(":")[1])
    assert "404" in err and "/telegram/bot" in err


@pytest.mark.parametrize(
    ("handle", "expected", "words"),
    [
        (UNAUTHORIZED, EXIT_TOKEN_REJECTED, "401"),
        (NOT_FOUND, EXIT_API_UNREACHABLE, "404"),
        (SERVER_ERROR, EXIT_API_UNREACHABLE, "HTTP 502"),
        (A_WEB_PAGE, EXIT_API_UNREACHABLE, "not as a Bot API"),
        (_hang_up, EXIT_API_UNREACHABLE, "cannot reach"),
    ],
    ids=["401", "404", "502", "web page", "hang-up"],
)
async def test_a_server_that_is_not_a_bot_api(
    tmp_path: Path, handle: Handler, expected: int, words: str
) -> None:
    async with _server(handle) as url:
        code, out, err, _ = await _python_m_bot(
            tmp_path, TELEGRAM_BOT_TOKEN=TOKEN, TELEGRAM_API_BASE_URL=url
        )
    _assert_one_line(code, out, err, expected)
    assert words in err


async def test_a_hanging_api_times_out(tmp_path: Path) -> None:
    async with _server(_hang) as url:
        code, out, err, seconds = await _python_m_bot(
            tmp_path, TELEGRAM_BOT_TOKEN=TOKEN, TELEGRAM_API_BASE_URL=url,
            KARBAN_STARTUP_TIMEOUT="1",
        )  # fmt: skip
    _assert_one_line(code, out, err, EXIT_API_UNREACHABLE)
    assert "did not answer within 1 s" in err
    assert seconds < 20


async def test_an_unreachable_api(tmp_path: Path) -> None:
    url = f"http://127.0.0.1:{_closed_port()}/bot"
    code, out, err, _ = await _python_m_bot(
        tmp_path, TELEGRAM_BOT_TOKEN=TOKEN, TELEGRAM_API_BASE_URL=url
    )
    _assert_one_line(code, out, err, EXIT_API_UNREACHABLE)
    assert "cannot reach" in err and f"{url}" in err


@pytest.mark.parametrize(
    "url",
    [
        f"https://api.telegram.org/bot{TOKEN}",
        f"https://api.telegram.org/bot{TOKEN}/",
        f"https://api.telegram.org/bot{quote(TOKEN, safe='')}",
        f"https://api.telegram.org/x{SECRET}/bot",
        "https://api.telegram.org/bot111111111:AAAnotherTokenThatIsNotOurs_xyzxyzxyz",
    ],
    ids=["token", "token and slash", "encoded", "secret half", "another token"],
)
async def test_a_token_inside_the_base_url(tmp_path: Path, url: str) -> None:
    code, out, err, _ = await _python_m_bot(
        tmp_path, TELEGRAM_BOT_TOKEN=TOKEN, TELEGRAM_API_BASE_URL=url
    )
    _assert_one_line(code, out, err, EXIT_CONFIG, "AAAnotherTokenThatIsNotOurs_xyzxyzxyz")
    assert "TELEGRAM_API_BASE_URL must not contain a bot token" in err


async def test_a_good_start_logs_no_token_and_stops_with_0(tmp_path: Path) -> None:
    async with FakeTelegram() as fake:
        clean = {k: v for k, v in os.environ.items() if not k.startswith(("TELEGRAM_", "KARBAN_"))}
        clean.update(
            TELEGRAM_BOT_TOKEN=fake.token,
            TELEGRAM_API_BASE_URL=fake.base_url,
            KARBAN_DB=str(tmp_path / "karban.sqlite3"),
            PTB_TIMEDELTA="true",
        )
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot", cwd=ROOT, env=clean,
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
        )  # fmt: skip
        assert process.stderr is not None
        seen = b""
        try:
            while b"Application started" not in seen:  # PTB is polling: ready for Ctrl-C
                line = await asyncio.wait_for(process.stderr.readline(), 30)
                assert line, seen.decode()
                seen += line
            process.send_signal(signal.SIGINT)
            out, err = await asyncio.wait_for(process.communicate(), 30)
        finally:
            if process.returncode is None:
                process.kill()
                await process.wait()
    text = (out + seen + err).decode()
    assert process.returncode == 0, text
    assert "Karban is up as @karban_bot" in text
    assert fake.token not in text and fake.token.split(":")[1] not in text
    assert "Traceback" not in text


# -- the check itself, in-process ------------------------------------------------------


def test_check_api_bounds_a_trickling_answer() -> None:
    async def run() -> tuple[StartupError, float]:
        async with _server(_trickle) as url:
            started = time.monotonic()
            with pytest.raises(StartupError) as caught:
                await asyncio.to_thread(check_api, url, TOKEN, 1.0)
            return caught.value, time.monotonic() - started

    error, seconds = asyncio.run(run())
    assert error.exit_code == EXIT_API_UNREACHABLE and seconds < 5


def test_check_api_knows_the_bot() -> None:
    async def run() -> str:
        async with FakeTelegram() as fake:
            me = await asyncio.to_thread(check_api, fake.base_url, fake.token, 5.0)
            return me.username

    assert asyncio.run(run()) == "karban_bot"


def test_public_url_shows_no_credentials() -> None:
    assert public_url("https://user:pw@example.org:8443/bot?token=x#y") == (
        "https://example.org:8443/bot"
    )
    assert public_url("http://[::1]:8081/bot") == "http://[::1]:8081/bot"


def test_settings_refuse_a_token_in_the_url_and_a_bad_startup_timeout() -> None:
    with pytest.raises(ConfigError) as caught:
        Settings(token=TOKEN, api_base_url=f"https://api.telegram.org/bot{TOKEN}")
    assert TOKEN not in str(caught.value) and SECRET not in str(caught.value)
    for bad in ("0", "-1", "1000", "soon"):
        with pytest.raises(ConfigError, match="KARBAN_STARTUP_TIMEOUT"):
            Settings.from_env({"TELEGRAM_BOT_TOKEN": TOKEN, "KARBAN_STARTUP_TIMEOUT": bad})
    assert Settings.from_env({"TELEGRAM_BOT_TOKEN": TOKEN}).startup_timeout == 10.0


# -- the token in log records ----------------------------------------------------------


class Captured(io.StringIO):
    """Log text, and the handler that writes it (the one to put the filter on)."""

    handler: logging.Handler


@pytest.fixture
def captured() -> Iterator[Captured]:
    """Everything logged at DEBUG and up, through a handler of our own on the root logger.

    Not ``handlers[-1]``: pytest adds its own capturing handlers around each test.
    """
    stream = Captured()
    handler = logging.StreamHandler(stream)
    stream.handler = handler
    handler.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger()
    levels = {name: logging.getLogger(name).level for name in ("", "httpx", "httpcore")}
    root.addHandler(handler)
    root.setLevel(logging.DEBUG)
    try:
        yield stream
    finally:
        root.removeHandler(handler)
        for name, level in levels.items():
            logging.getLogger(name).setLevel(level)


def test_every_form_of_the_token_is_redacted(captured: Captured) -> None:
    install_redaction(TOKEN, [captured.handler])
    log = logging.getLogger("httpx")
    log.setLevel(logging.DEBUG)
    url = httpx.URL(f"https://api.telegram.org/bot{TOKEN}/getMe")
    log.info('HTTP Request: %s %s "%s"', "POST", url, "HTTP/1.1 200 OK")
    logging.getLogger("telegram.ext").warning("token %s, encoded %s", TOKEN, quote(TOKEN, safe=""))
    try:
        raise ValueError(f"The token `{TOKEN}` was rejected by the server.")
    except ValueError:
        logging.getLogger("telegram.ext.Application").exception("bootstrap failed")
    logging.getLogger("bot").info("only the secret half: %s", SECRET)
    text = captured.getvalue()
    assert TOKEN not in text and SECRET not in text
    assert text.count(REDACTED) >= 5
    assert "HTTP Request: POST https://api.telegram.org/bot<token>/getMe" in text
    assert "ValueError: The token `<token>` was rejected" in text


async def test_the_running_bot_logs_no_token_even_at_debug(
    captured: Captured, server: FakeTelegram, db_path: Path
) -> None:
    """The bot, as python -m bot sets it up, and someone turned every logger to DEBUG."""
    install_redaction(server.token, [captured.handler])
    quiet_http_loggers()
    logging.getLogger("httpx").setLevel(logging.DEBUG)  # what quiet_http_loggers guards against
    bot = Harness(server, db_path)
    await bot.start()
    try:
        await bot.settle()
    finally:
        await bot.stop()
    text = captured.getvalue()
    assert f"/bot{REDACTED}/getMe" in text  # httpx did log the URLs
    assert server.token not in text and server.token.split(":")[1] not in text


def test_quiet_http_loggers() -> None:
    levels = {name: logging.getLogger(name).level for name in ("httpx", "httpcore")}
    try:
        quiet_http_loggers()
        assert not logging.getLogger("httpx").isEnabledFor(logging.INFO)
        assert not logging.getLogger("httpcore").isEnabledFor(logging.INFO)
    finally:
        for name, level in levels.items():
            logging.getLogger(name).setLevel(level)
