"""Game records: the JSON files that describe a match deal by deal (docs/records.md).

A deal is event-sourced: variant, options, seats, dealer, the cards (or the
seed) and the ordered action list determine it completely. The same form is
what storage keeps, what a user exports and what ``python -m games replay``
checks.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from games.engine import Event, GameError, Outcome, Seat, State
from games.registry import find_variant

__all__ = [
    "DealRecord",
    "MatchRecord",
    "RecordError",
    "ReplayError",
    "load_record",
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

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"dealer": self.dealer}
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
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise RecordError(f'not a record: "format" must be "{FORMAT}"')
        if data.get("version") != FORMAT_VERSION:
            raise RecordError(f"unsupported record version {data.get('version')!r}")
        try:
            deals = tuple(_deal_from_json(d) for d in data["deals"])
            return cls(
                variant=str(data["variant"]),
                seats=int(data["seats"]),
                options=dict(data.get("options") or {}),
                players=tuple(str(p) for p in data.get("players") or ()),
                deals=deals,
                title=data.get("title"),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise RecordError(f"malformed record: {exc}") from exc


def _deal_from_json(data: Any) -> DealRecord:
    if not isinstance(data, dict):
        raise RecordError("a deal must be an object")
    actions = tuple((int(seat), str(code)) for seat, code in data["actions"])
    cards = data.get("cards")
    seed = data.get("seed")
    if (cards is None) == (seed is None):
        raise RecordError("a deal needs either cards or a seed")
    return DealRecord(
        dealer=int(data["dealer"]),
        actions=actions,
        seed=None if seed is None else int(seed),
        cards=None if cards is None else {str(k): list(v) for k, v in cards.items()},
        expect=data.get("expect"),
    )


def load_record(path: str | Path) -> MatchRecord:
    """Read and validate a record file."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise RecordError(f"{path}: not JSON: {exc}") from exc
    return MatchRecord.from_json(data)


def iter_deal(
    record: MatchRecord, deal: DealRecord, number: int = 0
) -> Iterator[tuple[State, tuple[Event, ...]]]:
    """Each state of a deal, from the deal itself to after its last action."""
    variant = find_variant(record.variant)
    options = variant.options(record.options)
    try:
        state = variant.new_deal(
            options, record.seats, deal.dealer, seed=deal.seed, cards=deal.cards
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
