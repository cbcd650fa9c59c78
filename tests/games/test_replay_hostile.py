"""``python -m games replay`` on records from strangers (issue 7, task 11).

A record is a file a user uploads or mails around, so the replay must treat
it as hostile: whatever the bytes, the command ends with exit code 2 and one
line on stderr naming the problem, never a traceback, a hang or a huge
allocation. ``hostile_files`` is the table of cases (each a file that must be
refused); the hypothesis tests mutate valid records at random places and feed
random bytes.
"""

from __future__ import annotations

import contextlib
import copy
import io
import json
import os
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.cli.main import main
from games.record import MAX_FILE_BYTES

ROOT = Path(__file__).resolve().parents[2]
MARIAS = ROOT / "tests" / "marias" / "records" / "V1.json"
BLAZEN = ROOT / "tests" / "blazen" / "records" / "T14.json"


def _base(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def _dump(data: Any) -> bytes:
    return json.dumps(data, ensure_ascii=False).encode("utf-8")


def _with(path: Path, change: Callable[[dict[str, Any]], None]) -> bytes:
    data = _base(path)
    change(data)
    return _dump(data)


def _set(*keys: Any, value: Any, base: Path = MARIAS) -> bytes:
    """The record with the field at ``keys`` (dict keys, list indices) replaced."""

    def change(data: dict[str, Any]) -> None:
        node: Any = data
        for key in keys[:-1]:
            node = node[key]
        node[keys[-1]] = value

    return _with(base, change)


def _drop(*keys: Any, base: Path = MARIAS) -> bytes:
    def change(data: dict[str, Any]) -> None:
        node: Any = data
        for key in keys[:-1]:
            node = node[key]
        del node[keys[-1]]

    return _with(base, change)


def _raw(*keys: Any, text: str, base: Path = MARIAS) -> bytes:
    """The record with the field at ``keys`` replaced by raw JSON text (huge
    numbers, ``NaN``), which ``json.dumps`` cannot write or would refuse."""
    marker = "@@RAW@@"
    return _set(*keys, value=marker, base=base).replace(f'"{marker}"'.encode(), text.encode())


def _seeded(text: str) -> bytes:
    """The first deal by seed instead of cards, the seed given as raw JSON text."""

    def change(data: dict[str, Any]) -> None:
        deal = data["deals"][0]
        del deal["cards"]
        deal["seed"] = "@@RAW@@"

    return _with(MARIAS, change).replace(b'"@@RAW@@"', text.encode())


DEEP = 100_000
BIG_INT = "1" + "0" * 100_000


def hostile_files() -> list[tuple[str, bytes]]:
    """Every case: a name and the bytes of a file that is not a valid record."""
    valid = _dump(_base(MARIAS))
    cases: list[tuple[str, bytes]] = [
        # bytes and syntax
        ("non-utf8", b"\xff\xfe\xfa" + valid),
        (
            "latin-1",
            json.dumps(_base(MARIAS), ensure_ascii=False)
            .encode("latin-1", "replace")
            .replace(b'"format"', b'"f\xf6rmat"'),
        ),
        ("utf-16", json.dumps(_base(MARIAS)).encode("utf-16")),
        ("utf-8 BOM", b"\xef\xbb\xbf" + valid),
        ("empty", b""),
        ("whitespace", b"  \n\t "),
        ("truncated", valid[: len(valid) // 2]),
        ("nul bytes", b"\x00" * 64),
        ("deep arrays", b"[" * DEEP + b"]" * DEEP),
        ("deep objects", b'{"a":' * DEEP + b"1" + b"}" * DEEP),
        ("deep options", _raw("options", text='{"x":' + "[" * DEEP + "]" * DEEP + "}")),
        ("deep expect", _raw("deals", 0, "expect", text="[" * DEEP + "]" * DEEP)),
        ("deep title", _raw("title", text="[" * 5_000 + "]" * 5_000)),
        # numbers JSON allows and Python reads badly
        ("huge int seats", _raw("seats", text=BIG_INT)),
        ("huge int dealer", _raw("deals", 0, "dealer", text=BIG_INT)),
        ("huge int seed", _seeded(BIG_INT)),
        ("NaN seed", _seeded("NaN")),
        ("huge int action seat", _raw("deals", 0, "actions", 0, 0, text=BIG_INT)),
        ("huge int version", _raw("version", text=BIG_INT)),
        ("huge int option", _raw("options", text='{"unit_haler": ' + BIG_INT + "}")),
        ("huge exponent", _raw("seats", text="1e999999")),
        ("Infinity seats", _raw("seats", text="Infinity")),
        ("-Infinity dealer", _raw("deals", 0, "dealer", text="-Infinity")),
        ("NaN dealer", _raw("deals", 0, "dealer", text="NaN")),
        ("NaN option", _raw("options", text='{"unit_haler": NaN}')),
        ("NaN in expect", _raw("deals", 0, "expect", text='{"scores": NaN}')),
        ("float seats", _set("seats", value=3.0)),
        ("float dealer", _set("deals", 0, "dealer", value=0.5)),
        # seats
        ("a billion seats", _set("seats", value=10**9)),
        ("a billion seats, blazen", _set("seats", value=10**9, base=BLAZEN)),
        ("zero seats", _set("seats", value=0)),
        ("negative seats", _set("seats", value=-3)),
        ("too few seats for mariáš", _set("seats", value=2)),
        ("too many seats for blazen", _set("seats", value=9, base=BLAZEN)),
        ("team mode needs four", _set("options", "team_mode", value="2v2", base=BLAZEN)),
        ("seats as string", _set("seats", value="3")),
        ("seats as bool", _set("seats", value=True)),
        ("seats null", _set("seats", value=None)),
        ("seats missing", _drop("seats")),
        # variant and options
        ("unknown variant", _set("variant", value="poker")),
        ("variant as number", _set("variant", value=42)),
        ("variant as list", _set("variant", value=["marias"])),
        ("variant empty", _set("variant", value="")),
        ("variant huge", _set("variant", value="x" * 1_000_000)),
        ("unknown option", _set("options", value={"frobnicate": True})),
        ("option of the wrong type", _set("options", value={"hearts_double": "yes"})),
        ("option list value", _set("options", value={"unit_haler": [10]})),
        ("option huge string", _set("options", value={"pause_rotation": "x" * 1_000_000})),
        ("options as list", _set("options", value=[["hearts_double", True]])),
        ("options as string", _set("options", value="hearts_double")),
        ("blazen deck of a billion", _set("options", "deck_size", value=10**9, base=BLAZEN)),
        ("blazen hand size huge", _set("options", "hand_size", value=10**9, base=BLAZEN)),
        # the top level
        ("top-level array", _dump([_base(MARIAS)])),
        ("top-level string", b'"karban-record"'),
        ("top-level null", b"null"),
        ("format missing", _drop("format")),
        ("version as string", _set("version", value="1")),
        ("version 2", _set("version", value=2)),
        ("version true", _set("version", value=True)),
        ("title as object", _set("title", value={"cs": "hra"})),
        ("players as string", _set("players", value="Zdena, Franta, Milan")),
        ("players of numbers", _set("players", value=[1, 2, 3])),
        ("more players than seats", _set("players", value=["A"] * 100_000)),
        # deals
        ("deals missing", _drop("deals")),
        ("deals as string", _set("deals", value="0")),
        ("deals as object", _set("deals", value={"0": _base(MARIAS)["deals"][0]})),
        ("deal as list", _set("deals", 0, value=[0, [], {}])),
        ("deal as string", _set("deals", 0, value="deal")),
        ("dealer missing", _drop("deals", 0, "dealer")),
        ("negative dealer", _set("deals", 0, "dealer", value=-1)),
        ("dealer beyond the table", _set("deals", 0, "dealer", value=5)),
        ("dealer as string", _set("deals", 0, "dealer", value="0")),
        ("dealer as bool", _set("deals", 0, "dealer", value=False)),
        ("cards and seed", _set("deals", 0, "seed", value=7)),
        ("neither cards nor seed", _drop("deals", 0, "cards")),
        ("seed as string", _seeded('"7"')),
        ("seed as float", _seeded("7.5")),
        ("seed as bool", _seeded("true")),
        ("seed as list", _seeded("[7]")),
        ("huge seed", _seeded(str(10**300))),
        ("huge negative seed", _seeded(str(-(10**300)))),
        ("too many deals", _set("deals", value=[{"dealer": 0, "seed": 1, "actions": []}] * 20_001)),
        # actions
        ("actions missing", _drop("deals", 0, "actions")),
        ("actions as string", _set("deals", 0, "actions", value="trump:Kh talon:7d,8d")),
        ("actions as object", _set("deals", 0, "actions", value={"1": "trump:Kh"})),
        ("action as object", _set("deals", 0, "actions", 0, value={"seat": 1, "code": "trump:Kh"})),
        ("action as string", _set("deals", 0, "actions", 0, value="trump:Kh")),
        ("action of three", _set("deals", 0, "actions", 0, value=[1, "trump:Kh", "x"])),
        ("action of one", _set("deals", 0, "actions", 0, value=[1])),
        ("action seat as string", _set("deals", 0, "actions", 0, value=["1", "trump:Kh"])),
        ("action seat negative", _set("deals", 0, "actions", 0, value=[-1, "trump:Kh"])),
        ("action seat a billion", _set("deals", 0, "actions", 0, value=[10**9, "trump:Kh"])),
        ("action seat float", _set("deals", 0, "actions", 0, value=[1.0, "trump:Kh"])),
        ("action code number", _set("deals", 0, "actions", 0, value=[1, 7])),
        ("action code null", _set("deals", 0, "actions", 0, value=[1, None])),
        ("action code list", _set("deals", 0, "actions", 0, value=[1, ["trump", "Kh"]])),
        ("action code huge", _set("deals", 0, "actions", 0, value=[1, "play:" + "K" * 10**6])),
        ("too many actions", _set("deals", 0, "actions", value=[[1, "pass"]] * 100_001)),
        # cards
        ("cards as list", _set("deals", 0, "cards", value=[["Kh"]])),
        ("cards as string", _set("deals", 0, "cards", value="Kh Qh Th")),
        ("hand as string", _set("deals", 0, "cards", "1", value="Kh Qh Th 7h")),
        ("hand of numbers", _set("deals", 0, "cards", "1", value=list(range(12)))),
        ("hand of lists", _set("deals", 0, "cards", "1", value=[["K", "h"]] * 12)),
        ("card code bad", _set("deals", 0, "cards", "1", 0, value="Zz")),
        ("card code huge", _set("deals", 0, "cards", "1", 0, value="K" * 10**6)),
        ("cards with a huge hand", _set("deals", 0, "cards", "1", value=["Kh"] * 100_000)),
        (
            "cards with many keys",
            _set("deals", 0, "cards", value={str(i): ["7h"] for i in range(100_000)}),
        ),
        (
            "blazen attacker not a seat",
            _set("deals", 0, "cards", "attacker", value=["x"], base=BLAZEN),
        ),
        ("blazen attacker as number", _set("deals", 0, "cards", "attacker", value=0, base=BLAZEN)),
        # expect
        ("expect as list", _set("deals", 0, "expect", value=[["scores", [0, 0, 0]]])),
        ("expect as string", _set("deals", 0, "expect", value="scores")),
    ]
    return cases


CASES = hostile_files()


def _run(path: Path) -> tuple[int, str, str]:
    """``main(["replay", path])`` in-process: exit code, stdout, stderr."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(["replay", str(path)])
        except SystemExit as exc:  # argparse and friends
            code = exc.code if isinstance(exc.code, int) else 1
    return code, out.getvalue(), err.getvalue()


def _assert_refused(code: int, out: str, err: str) -> None:
    assert code == 2, err
    assert "Traceback" not in err and "Traceback" not in out
    assert err.endswith("\n") and err.count("\n") == 1, err[:500]
    assert err.startswith("error: ")
    assert len(err) < 400, err[:500]
    assert out == ""


def test_the_table_is_big_enough() -> None:
    assert len(CASES) >= 80
    assert len({name for name, _ in CASES}) == len(CASES)


@pytest.mark.parametrize(("name", "content"), CASES, ids=[name for name, _ in CASES])
def test_a_hostile_file_is_refused(tmp_path: Path, name: str, content: bytes) -> None:
    path = tmp_path / "record.json"
    path.write_bytes(content)
    started = time.monotonic()
    _assert_refused(*_run(path))
    assert time.monotonic() - started < 10, name


def test_a_huge_file_is_refused_without_reading_it(tmp_path: Path) -> None:
    path = tmp_path / "huge.json"
    valid = _dump(_base(MARIAS))
    with path.open("wb") as handle:  # a valid record padded past the size cap
        handle.write(valid[:-1])
        handle.write(b" " * MAX_FILE_BYTES)
        handle.write(b"}")
    code, out, err = _run(path)
    _assert_refused(code, out, err)
    assert "large" in err


def test_a_missing_file_and_a_directory(tmp_path: Path) -> None:
    _assert_refused(*_run(tmp_path / "nothing.json"))
    _assert_refused(*_run(tmp_path))


@pytest.mark.parametrize("base", [MARIAS, BLAZEN])
def test_the_valid_records_still_replay(tmp_path: Path, base: Path) -> None:
    path = tmp_path / "record.json"
    path.write_bytes(_dump(_base(base)))
    code, out, err = _run(path)
    assert (code, err) == (0, "")
    assert json.loads(out)["deals"][0]["over"] is True


# --- hypothesis: random values at random places of a valid record ----------

_JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**30), max_value=10**30)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


def _paths(node: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every place in a JSON value, as the keys that lead to it."""
    if isinstance(node, dict):
        for key, value in node.items():
            yield (*prefix, key)
            yield from _paths(value, (*prefix, key))
    elif isinstance(node, list):
        for index, value in enumerate(node[:20]):  # the first actions are enough
            yield (*prefix, index)
            yield from _paths(value, (*prefix, index))


_RECORDS = [_base(MARIAS), _base(BLAZEN)]
_PLACES = [(i, path) for i, record in enumerate(_RECORDS) for path in _paths(record)]


def _check_any_outcome(tmp_path: Path, content: bytes) -> None:
    """A mutated record may still be valid (0) or replay into a refused action
    (1); what it may never do is crash, or say more than one line."""
    path = tmp_path / "fuzz.json"
    path.write_bytes(content)
    code, out, err = _run(path)
    assert code in (0, 1, 2), err
    assert "Traceback" not in err
    if code:
        assert err.count("\n") == 1 and len(err) < 2000, err[:500]
        assert out == ""
    else:
        assert err == ""


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(place=st.sampled_from(_PLACES), value=_JSON)
def test_a_random_value_anywhere(
    tmp_path: Path, place: tuple[int, tuple[Any, ...]], value: Any
) -> None:
    index, keys = place
    data = copy.deepcopy(_RECORDS[index])
    node: Any = data
    for key in keys[:-1]:
        node = node[key]
    node[keys[-1]] = value
    _check_any_outcome(tmp_path, _dump(data))


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(place=st.sampled_from(_PLACES))
def test_a_field_left_out_anywhere(tmp_path: Path, place: tuple[int, tuple[Any, ...]]) -> None:
    index, keys = place
    data = copy.deepcopy(_RECORDS[index])
    node: Any = data
    for key in keys[:-1]:
        node = node[key]
    del node[keys[-1]]
    _check_any_outcome(tmp_path, _dump(data))


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(content=st.binary(max_size=200))
def test_random_bytes(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "bytes.json"
    path.write_bytes(content)
    _assert_refused(*_run(path))


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(value=_JSON)
def test_a_random_json_document(tmp_path: Path, value: Any) -> None:
    path = tmp_path / "value.json"
    path.write_bytes(_dump(value))
    _assert_refused(*_run(path))


# --- the real command, as a user runs it -----------------------------------

_BY_NAME = dict(CASES)


@pytest.mark.parametrize("name", ["non-utf8", "deep arrays", "huge int seats", "a billion seats"])
def test_the_command_line(tmp_path: Path, name: str) -> None:
    path = tmp_path / "record.json"
    path.write_bytes(_BY_NAME[name])
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-m", "games", "replay", str(path)],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
        env=env,
    )
    assert done.returncode == 2, done.stderr[-2000:]
    assert "Traceback" not in done.stderr
    assert done.stderr.count("\n") == 1 and done.stdout == ""
