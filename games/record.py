"""Game records: the JSON files that describe a match deal by deal (docs/records.md).

A deal is event-sourced: variant, options, seats, its setup (the dealer, any
fixed opener or parameter), the cards (or the seed) and the ordered action
list determine it completely. The same form is
what storage keeps, what a user exports and what ``python -m games replay``
checks.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from games.engine import Event, GameError, Outcome, Seat, State
from games.registry import VARIANTS, UnknownVariant, find_variant

__all__ = [
    "DealRecord",
    "MatchRecord",
    "RecordError",
    "ReplayError",
    "load_record",
    "parse_record",
    "replay_deal",
    "replay_match",
]

FORMAT = "karban-record"
FORMAT_VERSION = 1


class RecordError(ValueError):
    """A record file that does not follow docs/records.md."""


class ReplayError(Exception):
    """An action of a record that the rules refuse, with where it happened."""

    def __init__(self, deal: int, index: int, seat: Seat, code: str, reason: str) -> None:
        super().__init__(f"deal {deal}, action {index} ({seat} {code}): {reason}")
        self.deal = deal
        self.index = index
        self.seat = seat
        self.code = code
        self.reason = reason


@dataclass(frozen=True)
class DealRecord:
    """One deal: who dealt, the cards (or seed), and every action in order."""

    dealer: Seat
    actions: tuple[tuple[Seat, str], ...]
    seed: int | None = None
    cards: Mapping[str, Sequence[str]] | None = None
    expect: Mapping[str, Any] | None = None
    setup: Mapping[str, Any] | None = None
    """The deal's setup (``Variant.new_deal``) beyond the dealer: ``opener`` and
    any fixed parameter. ``None`` (an older record) means the dealer alone."""

    @property
    def deal_setup(self) -> dict[str, Any]:
        """The full setup ``new_deal`` gets: the dealer and ``setup``."""
        return {**(self.setup or {}), "dealer": self.dealer}

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"dealer": self.dealer}
        if self.setup is not None:
            data["setup"] = {**self.setup, "dealer": self.dealer}
        if self.seed is not None:
            data["seed"] = self.seed
        if self.cards is not None:
            data["cards"] = {k: list(v) for k, v in self.cards.items()}
        data["actions"] = [[seat, code] for seat, code in self.actions]
        if self.expect is not None:
            data["expect"] = dict(self.expect)
        return data


@dataclass(frozen=True)
class MatchRecord:
    """A whole match: the variant and its options, the table, and its deals."""

    variant: str
    seats: int
    options: Mapping[str, Any] = field(default_factory=dict)
    players: tuple[str, ...] = ()
    deals: tuple[DealRecord, ...] = ()
    title: str | None = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"format": FORMAT, "version": FORMAT_VERSION}
        if self.title:
            data["title"] = self.title
        data.update(
            variant=self.variant,
            options=dict(self.options),
            seats=self.seats,
            players=list(self.players),
            deals=[d.to_json() for d in self.deals],
        )
        return data

    @classmethod
    def from_json(cls, data: Any) -> MatchRecord:
        """Check a parsed record against docs/records.md and build it.

        A record may come from anyone, so every field is checked for its type
        and range before anything is built from it: the variant must exist, its
        options must be valid, and ``seats`` must be within the variant's seat
        range, because the replay allocates per seat. ``RecordError`` names the
        first field that is wrong, in one short line.
        """
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise RecordError(f'not a record: "format" must be "{FORMAT}"')
        version = data.get("version")
        if type(version) is not int or version != FORMAT_VERSION:
            raise RecordError(f"unsupported record version {_show(version)}")
        name = _text(data.get("variant"), "variant", 100)
        try:
            variant = find_variant(name)
        except UnknownVariant:
            known = ", ".join(v.id for v in VARIANTS)
            raise RecordError(f"unknown variant {_show(name)} (known: {known})") from None
        raw_options = data.get("options")
        options = {} if raw_options is None else _object(raw_options, "options")
        try:
            low, high = variant.seat_range(variant.options(options))
        except GameError as exc:
            raise RecordError(f"options: {_clip(exc.reason)}") from None
        if low > high:
            raise RecordError(f"options: {variant.id} with these options seats no table")
        seats = data.get("seats")
        if type(seats) is int and not low <= seats <= high:
            raise RecordError(f"seats: {variant.id} seats {low}-{high} players, not {_show(seats)}")
        seats = _integer(seats, "seats", low, high)
        raw_players = data.get("players")
        players = [] if raw_players is None else _array(raw_players, "players", seats)
        title = data.get("title")
        if title is not None:
            title = _text(title, "title", MAX_TEXT, empty=True)
        deals = _array(data.get("deals"), "deals", MAX_DEALS)
        return cls(
            variant=name,
            seats=seats,
            options=dict(options),
            players=tuple(
                _text(p, f"players[{i}]", MAX_NAME, empty=True) for i, p in enumerate(players)
            ),
            deals=tuple(_deal_from_json(d, n, seats) for n, d in enumerate(deals)),
            title=title,
        )


# --- limits and field checks ------------------------------------------------
#
# The caps are far above anything a real match needs, and low enough that a
# hostile file cannot make the replay allocate or compute much before it is
# refused.

MAX_FILE_BYTES = 8 * 1024 * 1024
"""A record file may not be larger (a thousand-deal Blázen match is about 4 MiB)."""
MAX_DEPTH = 32
"""Arrays and objects nest at most this deep (the golden records need 6)."""
MAX_INT_DIGITS = 20
"""Integers have at most this many digits: enough for a 64-bit seed."""
MAX_DEALS = 10_000
MAX_ACTIONS = 10_000
"""Actions per deal (a long Blázen game has a few hundred)."""
MAX_CODE = 64
"""Characters of an action code (the longest real one has about 30)."""
MAX_CARD_KEYS = 16
MAX_CARDS = 64
"""Entries of one ``cards`` list (a Blázen stock holds at most 54 cards)."""
MAX_TEXT = 10_000
MAX_NAME = 200
SEED_LIMIT = 2**64
"""Seeds are integers with an absolute value below this."""

_CARD_KEY = re.compile(r"[a-z_]{1,20}")
_CARD_ENTRY = re.compile(r"[0-9A-Za-z]{1,3}")


def _show(value: Any) -> str:
    """A value for an error message: its JSON form, cut short."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return _clip(text, 40)


def _clip(text: str, limit: int = 160) -> str:
    """One short line of ``text``: control characters escaped, the rest cut off."""
    line = "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in text[: limit + 1])
    return line if len(line) <= limit else line[: limit - 1] + "…"


def _integer(value: Any, where: str, low: int, high: int) -> int:
    if type(value) is not int:  # bool is an int to Python, not to JSON
        raise RecordError(f"{where} must be a whole number, not {_show(value)}")
    if not low <= value <= high:
        raise RecordError(f"{where} must be from {low} to {high}, not {_show(value)}")
    return value


def _text(value: Any, where: str, limit: int, *, empty: bool = False) -> str:
    if not isinstance(value, str):
        raise RecordError(f"{where} must be a string, not {_show(value)}")
    if not value and not empty:
        raise RecordError(f"{where} must not be empty")
    if len(value) > limit:
        raise RecordError(f"{where} is longer than {limit} characters")
    return value


def _array(value: Any, where: str, limit: int) -> list[Any]:
    if not isinstance(value, list):
        raise RecordError(f"{where} must be an array, not {_show(value)}")
    if len(value) > limit:
        raise RecordError(f"{where} has more than {limit} entries")
    return value


def _object(value: Any, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise RecordError(f"{where} must be an object, not {_show(value)}")
    return value


def _deal_from_json(data: Any, number: int, seats: int) -> DealRecord:
    where = f"deals[{number}]"
    deal = _object(data, where)
    dealer = _integer(deal.get("dealer"), f"{where}.dealer", 0, seats - 1)
    cards, seed = deal.get("cards"), deal.get("seed")
    if (cards is None) == (seed is None):
        raise RecordError(f"{where}: a deal needs either cards or a seed")
    if seed is not None:
        seed = _integer(seed, f"{where}.seed", -SEED_LIMIT + 1, SEED_LIMIT - 1)
    actions = []
    for index, pair in enumerate(_array(deal.get("actions"), f"{where}.actions", MAX_ACTIONS)):
        at = f"{where}.actions[{index}]"
        if not isinstance(pair, list) or len(pair) != 2:
            raise RecordError(f"{at} must be a [seat, code] pair, not {_show(pair)}")
        seat = _integer(pair[0], f"{at} seat", 0, seats - 1)
        actions.append((seat, _text(pair[1], f"{at} code", MAX_CODE)))
    expect = deal.get("expect")
    setup = deal.get("setup")
    return DealRecord(
        dealer=dealer,
        actions=tuple(actions),
        seed=seed,
        cards=None if cards is None else _cards(cards, f"{where}.cards", seats),
        expect=None if expect is None else _object(expect, f"{where}.expect"),
        setup=None if setup is None else _setup(setup, f"{where}.setup", seats, dealer),
    )


def _setup(value: Any, where: str, seats: int, dealer: Seat) -> dict[str, Any]:
    """The shape of ``setup``: short lower-case names with small JSON values; its
    ``dealer``, if given, is the deal's and its ``opener`` a seat. Which other keys
    a deal takes is the variant's to say (``new_deal``)."""
    setup = _object(value, where)
    if len(setup) > MAX_CARD_KEYS:
        raise RecordError(f"{where} has more than {MAX_CARD_KEYS} keys")
    for key, entry in setup.items():
        if not _CARD_KEY.fullmatch(key):
            raise RecordError(f"{where} has a bad key {_show(key)}")
        if key in ("dealer", "opener"):
            _integer(entry, f"{where}.{key}", 0, seats - 1)
        elif isinstance(entry, list):
            for index, item in enumerate(_array(entry, f"{where}.{key}", MAX_CARDS)):
                if not isinstance(item, str | int) or isinstance(item, bool):
                    raise RecordError(f"{where}.{key}[{index}] must be a string or number")
                if isinstance(item, str):
                    _text(item, f"{where}.{key}[{index}]", MAX_NAME)
        elif isinstance(entry, str):
            _text(entry, f"{where}.{key}", MAX_NAME, empty=True)
        elif entry is not None and not isinstance(entry, int | float):
            raise RecordError(f"{where}.{key} must be a number, string or list")
    if setup.get("dealer", dealer) != dealer:
        raise RecordError(f"{where}.dealer is not the deal's dealer {dealer}")
    return {key: entry for key, entry in setup.items() if key != "dealer"}


def _cards(value: Any, where: str, seats: int) -> dict[str, list[str]]:
    """The shape of ``cards``: seat numbers or lower-case names, each with a short
    list of short strings. Which keys and cards make a deal is the variant's to
    say (``new_deal``); the command line reports its refusal as a bad file too."""
    cards = _object(value, where)
    if len(cards) > MAX_CARD_KEYS:
        raise RecordError(f"{where} has more than {MAX_CARD_KEYS} keys")
    result: dict[str, list[str]] = {}
    for key, entries in cards.items():
        is_seat = key.isdecimal() and str(int(key)) == key and int(key) < seats
        if not is_seat and not _CARD_KEY.fullmatch(key):
            raise RecordError(f"{where}: {_show(key)} is neither a seat (0-{seats - 1}) nor a name")
        items = _array(entries, f"{where}.{key}", MAX_CARDS)
        for item in items:
            if not isinstance(item, str) or not _CARD_ENTRY.fullmatch(item):
                raise RecordError(f"{where}.{key}: {_show(item)} is not a card code")
        result[key] = list(items)
    return result


def _refuse_constant(name: str) -> Any:
    raise RecordError(f"not JSON: {name} is not a JSON number")


def _parse_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise RecordError(f"a number has more than {MAX_INT_DIGITS} digits")
    return int(text)


def _parse_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise RecordError(f"the number {_clip(text, 20)} is too large")
    return value


def _depth(data: Any) -> int:
    """How deep arrays and objects nest (stopping past the cap), without recursion."""
    deepest = 0
    stack = [(data, 1)]
    while stack and deepest <= MAX_DEPTH:
        node, depth = stack.pop()
        deepest = max(deepest, depth)
        children = node.values() if isinstance(node, dict) else node
        stack.extend((c, depth + 1) for c in children if isinstance(c, dict | list))
    return deepest


def parse_record(raw: bytes) -> MatchRecord:
    """Decode, parse and check the bytes of a record file.

    Each step refuses what would make the next one slow or crash: bytes that
    are not UTF-8, numbers that Python would spend long converting (or refuse)
    or that JSON does not have (``NaN``, ``Infinity``), and nesting deeper than
    a record needs (the JSON parser recurses).
    """
    if len(raw) > MAX_FILE_BYTES:
        raise RecordError(f"too large: a record has at most {MAX_FILE_BYTES // 2**20} MiB")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise RecordError(f"not UTF-8 text (byte {exc.start})") from None
    try:
        data = json.loads(
            text, parse_int=_parse_int, parse_float=_parse_float, parse_constant=_refuse_constant
        )
    except RecursionError:
        raise RecordError(f"not a record: nested deeper than {MAX_DEPTH} levels") from None
    except json.JSONDecodeError as exc:
        raise RecordError(f"not JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})") from None
    if isinstance(data, dict | list) and _depth(data) > MAX_DEPTH:
        raise RecordError(f"not a record: nested deeper than {MAX_DEPTH} levels")
    return MatchRecord.from_json(data)


def load_record(path: str | Path) -> MatchRecord:
    """Read and validate a record file; ``RecordError`` says, in one line, why not.

    At most ``MAX_FILE_BYTES`` + 1 bytes are read, so a huge file (or a
    device that never ends) is refused without being loaded.
    """
    try:
        with Path(path).open("rb") as handle:
            raw = handle.read(MAX_FILE_BYTES + 1)
    except OSError as exc:
        raise RecordError(f"{_clip(str(path))}: cannot read: {exc.strerror or exc}") from None
    try:
        return parse_record(raw)
    except RecordError as exc:
        raise RecordError(f"{_clip(str(path))}: {exc}") from None


def iter_deal(
    record: MatchRecord, deal: DealRecord, number: int = 0
) -> Iterator[tuple[State, tuple[Event, ...]]]:
    """Each state of a deal, from the deal itself to after its last action."""
    variant = find_variant(record.variant)
    options = variant.options(record.options)
    try:
        state = variant.new_deal(
            options, record.seats, deal.deal_setup, seed=deal.seed, cards=deal.cards
        )
    except GameError as exc:
        raise ReplayError(number, -1, deal.dealer, "deal", exc.reason) from exc
    yield state, ()
    for index, (seat, code) in enumerate(deal.actions):
        try:
            action = variant.parse_action(code)
            state, events = variant.apply(state, seat, action)
        except GameError as exc:
            raise ReplayError(number, index, seat, code, exc.reason) from exc
        yield state, events


def replay_deal(record: MatchRecord, deal: DealRecord, number: int = 0) -> State:
    """The final state of a deal; ``ReplayError`` names the first refused action."""
    final: State | None = None
    for state, _ in iter_deal(record, deal, number):
        final = state
    assert final is not None
    return final


def replay_match(record: MatchRecord) -> dict[str, Any]:
    """Replay every deal; the outcome of each and the running tally, JSON-ready."""
    tally = [0] * record.seats
    deals: list[dict[str, Any]] = []
    for number, deal in enumerate(record.deals):
        state = replay_deal(record, deal, number)
        entry: dict[str, Any] = {"deal": number, "dealer": deal.dealer, "over": state.is_over}
        if state.is_over:
            outcome: Outcome = state.outcome()
            tally = [t + s for t, s in zip(tally, outcome.scores, strict=True)]
            entry.update(
                scores=list(outcome.scores), played=outcome.played, summary=outcome.summary
            )
            _check_expect(number, deal, entry)
        deals.append(entry)
    return {"variant": record.variant, "seats": record.seats, "deals": deals, "tally": tally}


def _check_expect(number: int, deal: DealRecord, entry: Mapping[str, Any]) -> None:
    """A record may state what it expects (golden files); a mismatch is an error."""
    for key, wanted in (deal.expect or {}).items():
        got = entry.get(key, entry["summary"].get(key))
        if got != wanted:
            raise ReplayError(
                number, len(deal.actions), -1, "expect", f"{key}: expected {wanted!r}, got {got!r}"
            )
