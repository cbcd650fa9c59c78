"""The contract every game variant follows.

The bot, storage, records and computer players only ever talk to a game
through this contract, so a new game plugs in without touching them:

* ``Variant.new_deal`` makes a deal from options, seats, a setup (the dealer,
  the opener when fixed, the variant's fixed parameters) and a seed or
  explicit cards; nothing else (no clock, no global random) goes in.
* ``State.to_act()`` says whose input is awaited (a set, since Blázen can
  wait for several seats at once); ``State.legal_actions(seat)`` is the single
  door for what may be done; ``Variant.apply`` re-checks and returns a *new*
  state, so an illegal action can never leave a half-changed table behind.
* ``State.view(seat)`` and ``State.public_view()`` are what renderers get;
  they never hold a card the viewer may not see.
* Actions have a short, stable text code (``play:Th``) used in records and in
  Telegram callback data.

Two tiers of error, as in python-chess: text that does not parse is
``InvalidAction``; a well-formed action the rules forbid is ``IllegalAction``.
Both carry a stable ``code`` for programs and a human ``reason``.
"""

from __future__ import annotations

import dataclasses
import json
import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, runtime_checkable

from games.match import Match, Standing, ranked

if TYPE_CHECKING:
    from games.sides import Sides

Seat = int
"""A seat at the table, ``0 .. seats-1``, numbered clockwise."""

DealSetup = Mapping[str, Any]
"""What a deal is made from besides its cards: ``{"dealer": 0, "opener": 2, ...}``
(JSON; ``opener`` and any variant's fixed parameters are optional)."""


def deal_setup(setup: DealSetup | Seat, opener: Seat | None = None) -> dict[str, Any]:
    """A checked setup from a setup mapping or the older bare dealer and ``opener``.

    ``dealer`` must be a seat number and so must ``opener`` when given (the
    variant checks they are seats of the table); other keys are the variant's.
    """
    if isinstance(setup, bool) or not isinstance(setup, int | Mapping):
        raise IllegalAction("bad_setup", "a deal's setup is a mapping with a dealer")
    result: dict[str, Any] = {"dealer": setup} if isinstance(setup, int) else dict(setup)
    if opener is not None:
        if result.get("opener", opener) != opener:
            raise IllegalAction("bad_setup", "two different openers for one deal")
        result["opener"] = opener
    for key in ("dealer", "opener"):
        value = result.get(key)
        if (key == "dealer" or value is not None) and (
            isinstance(value, bool) or not isinstance(value, int)
        ):
            raise IllegalAction("bad_setup", f"the setup's {key} is a seat number")
    if result.get("opener", 0) is None:
        del result["opener"]
    return result


def dealer_of(setup: DealSetup | Seat, opener: Seat | None, *, game: str, why: str) -> Seat:
    """The dealer of a setup for a game whose deal fixes nothing but its dealer: its
    own rules name who opens (``why`` says how, for the refusal), so a setup with an
    ``opener`` or any other key is refused."""
    given = deal_setup(setup, opener)
    if "opener" in given:
        raise IllegalAction("bad_table", why)
    extra = sorted(set(given) - {"dealer"})
    if extra:
        raise IllegalAction("bad_setup", f"{game} deals take no {', '.join(extra)}")
    dealer: Seat = given["dealer"]
    return dealer


def own_move(action: Action, kinds: tuple[type, ...], game: str) -> Any:
    """The action as one of the game's own moves (``kinds``, the members of its
    action union); an action of another game (Blázen's sent to mariáš) is refused."""
    if not isinstance(action, kinds):
        raise IllegalAction("foreign_action", f"that is not a move of {game}")
    return action


class GameError(Exception):
    """Base of every error a game reports; ``code`` is stable, ``reason`` is for people."""

    def __init__(self, code: str, reason: str) -> None:
        super().__init__(f"{code}: {reason}")
        self.code = code
        self.reason = reason


class InvalidAction(GameError):
    """An action code that cannot be parsed at all (a forged or garbled payload)."""


class IllegalAction(GameError):
    """A well-formed action that the rules forbid now (wrong seat, wrong card, ...)."""


class OptionsError(GameError):
    """House-rule options that are unknown or out of range."""


@runtime_checkable
class Action(Protocol):
    """Anything with a stable text code; every game defines its own frozen dataclasses."""

    @property
    def code(self) -> str: ...


@dataclass(frozen=True, slots=True)
class Event:
    """What happened, for renderers and logs.

    ``visible_to`` is ``None`` when everyone may see the event, otherwise the
    seats that may (a card discarded to the talon is seen by its owner only).
    """

    kind: str
    seat: Seat | None = None
    data: Mapping[str, Any] = field(default_factory=dict)
    visible_to: frozenset[Seat] | None = None

    def visible_for(self, seat: Seat | None) -> bool:
        """Whether ``seat`` (``None`` = an onlooker) may see this event."""
        return self.visible_to is None or (seat is not None and seat in self.visible_to)


@dataclass(frozen=True, slots=True)
class Outcome:
    """The result of a finished deal.

    ``scores`` has one entry per seat at the table (sitting-out seats get 0).
    For money games it is the signed payment in units and sums to zero; for
    point games it is the points the deal adds to each seat's score.
    ``summary`` holds the game's own details (points, contract, who won what)
    as JSON-ready data for result messages and records.
    """

    scores: tuple[int, ...]
    summary: Mapping[str, Any]
    played: bool = True


class State(Protocol):
    """An immutable game state (one deal)."""

    @property
    def seats(self) -> int: ...

    @property
    def dealer(self) -> Seat: ...

    @property
    def version(self) -> int:
        """How many actions have been applied; callback data carries it."""
        ...

    @property
    def is_over(self) -> bool: ...

    def to_act(self) -> frozenset[Seat]: ...

    def legal_actions(self, seat: Seat) -> Sequence[Action]: ...

    def outcome(self) -> Outcome: ...

    def view(self, seat: Seat) -> Any: ...

    def public_view(self) -> Any: ...

    @property
    def sides(self) -> Sides:
        """Who plays with whom in this deal, and what each seat may know of it
        (``games.sides``); rules, scoring and views ask it, not seat numbers."""
        ...


S = TypeVar("S", bound=State)


class GameOptions(Protocol):
    """Frozen, validated house rules; ``to_dict`` round-trips through ``from_dict``."""

    def to_dict(self) -> dict[str, Any]: ...


class Variant(Protocol):
    """A playable variant (``marias-voleny``, ``blazen`` ...).

    Besides dealing and applying actions, a variant answers the questions a
    table host (the bot, the terminal player) must not answer by itself,
    because the games answer them differently:

    * how many may sit down with these options (``seat_range``);
    * who deals first (``first_dealer``: drawing cards, "malá dává") and whether
      the next deal is dealt from the previous one's cards rather than a fresh
      shuffle (``next_deal_cards``: gathering and cutting);
    * how a match runs: who deals and opens next, what a deal adds, when the
      match is over, the standings and a money settlement (``start_match``,
      ``record_deal``, ``standings``, ``settlement``; ``games.match``);
    * whose move is due now, as opposed to seats that may only interject
      (``due``), how long a decision may take relative to a normal turn
      (``turn_share``) and what is played for a seat whose time ran out
      (``timeout_action``).
    """

    id: str
    aliases: tuple[str, ...]
    title: Mapping[str, str]
    min_seats: int
    max_seats: int

    def options(self, values: Mapping[str, Any] | None = None) -> Any: ...

    def new_deal(
        self,
        options: Any,
        seats: int,
        setup: DealSetup | Seat,
        *,
        seed: int | None = None,
        cards: Mapping[str, Sequence[str]] | None = None,
        opener: Seat | None = None,
    ) -> Any:
        """A new deal from its ``setup`` (a JSON mapping: ``dealer``, an optional
        ``opener`` when the match fixed who opens (``Match.opener``), and any fixed
        parameter of the variant) and a seed or explicit cards. A bare dealer and
        ``opener=`` are the older spelling of the same setup (``deal_setup``).
        A variant whose opener always follows from the dealer refuses one."""
        ...

    def setup_of(self, state: Any) -> dict[str, Any]:
        """The setup a deal was made from: ``new_deal(setup_of(s), seed=…)`` or
        ``new_deal(setup_of(s), cards=dealt_cards(s))`` rebuilds it (the cards hold
        cards only; who opens and any other fixed parameter is in the setup)."""
        ...

    def parse_action(self, code: str) -> Action: ...

    def apply(self, state: Any, seat: Seat, action: Action) -> tuple[Any, tuple[Event, ...]]: ...

    def dealt_cards(self, state: Any) -> dict[str, list[str]]: ...

    def sitting_out(self, options: Any, seats: int, dealer: Seat) -> frozenset[Seat]: ...

    def seat_range(self, options: Any) -> tuple[int, int]:
        """The fewest and most players these options seat (teams, deck size...).
        ``(n, m)`` with ``n > m`` means no table can play them."""
        ...

    def first_dealer(self, options: Any, seats: int, seed: int) -> Seat:
        """Who deals the first deal of a match, from a seed (random or by a draw)."""
        ...

    def next_deal_cards(
        self, previous: Any, options: Any, seats: int, dealer: Seat, seed: int
    ) -> dict[str, list[str]] | None:
        """Explicit cards of the next deal when the rules deal it from the finished
        ``previous`` deal (gather and cut); ``None`` for a fresh shuffle by seed."""
        ...

    tally_per: str
    """What a chat's all-time tally adds up for this game: ``"deal"`` (each deal's
    ``deal_scores``, for money and fool tallies) or ``"match"`` (wins and places of
    finished matches, for games played to a target)."""

    def start_match(self, options: Any, seats: int, first_dealer: Seat) -> Match:
        """A new match before its first deal."""
        ...

    def setup_for(self, match: Match) -> dict[str, Any]:
        """The setup of the match's next deal (``new_deal``): its dealer, the opener
        the match fixed, and whatever else the match decides for a deal (křížový's
        červené kolo)."""
        ...

    def deal_scores(self, outcome: Outcome, options: Any) -> tuple[int, ...]:
        """The deal's scores in the unit of the match's totals (money in haléře, points)."""
        ...

    def record_deal(self, match: Match, outcome: Outcome, options: Any) -> Match:
        """The match after one more deal: totals, the next dealer and ``opener``,
        whatever the game counts besides, and whether the match is now ``over``."""
        ...

    def standings(self, match: Match, options: Any) -> tuple[Standing, ...]:
        """The seats ranked, best first, ties sharing a place."""
        ...

    def settlement(self, match: Match, options: Any) -> tuple[int, ...] | None:
        """What each seat wins (+) or pays (−) in haléře, summing to zero, for a game
        played for money; ``None`` for a game that is not."""
        ...

    def due(self, state: Any) -> frozenset[Seat]:
        """The seats of ``to_act()`` whose move the deal waits for (they get a clock,
        and computer players move for them). The rest may only interject."""
        ...

    def turn_share(self, state: Any, seat: Seat) -> float:
        """The share of a full turn's time that ``seat``'s decision now gets (0-1]."""
        ...

    def timeout_action(self, state: Any, seat: Seat) -> Action | None:
        """The rules' move for a due ``seat`` whose time ran out; ``None`` when the
        rules name none (the host lets a computer player choose)."""
        ...


class BaseVariant(ABC):
    """The defaults of the optional hooks of :class:`Variant`, for most games.

    A variant subclasses this and overrides only what its rules do differently,
    so a reader sees at once where a game departs from the common case, and a
    hook added to the contract later needs a default here rather than a copy in
    every game. The defaults are the plain table: the seat counts are fixed, no
    one sits out, a random seat deals first, every deal is shuffled afresh and
    the deal passes clockwise; every seat asked must move, each decision gets a
    full turn, and a seat whose time runs out is played by a computer player.

    ``new_deal``, ``parse_action``, ``apply`` and ``dealt_cards`` have no
    sensible default; they are abstract, so a game that forgets one cannot
    be instantiated.
    """

    id: str
    aliases: tuple[str, ...] = ()
    title: Mapping[str, str]
    min_seats: int
    max_seats: int
    options_type: Any
    """The game's options class; it has ``from_dict`` (``options`` calls it)."""

    def options(self, values: Mapping[str, Any] | None = None) -> Any:
        """Validated options from their JSON form (unknown names are refused)."""
        return self.options_type.from_dict(dict(values or {}))

    @abstractmethod
    def new_deal(
        self,
        options: Any,
        seats: int,
        setup: DealSetup | Seat,
        *,
        seed: int | None = None,
        cards: Mapping[str, Sequence[str]] | None = None,
        opener: Seat | None = None,
    ) -> Any: ...

    def setup_of(self, state: Any) -> dict[str, Any]:
        """The dealer alone, by default: the deal's rules name its opener."""
        return {"dealer": state.dealer}

    @abstractmethod
    def parse_action(self, code: str) -> Action: ...

    @abstractmethod
    def apply(self, state: Any, seat: Seat, action: Action) -> tuple[Any, tuple[Event, ...]]: ...

    @abstractmethod
    def dealt_cards(self, state: Any) -> dict[str, list[str]]: ...

    def sitting_out(self, options: Any, seats: int, dealer: Seat) -> frozenset[Seat]:
        """Nobody sits out: everyone at the table plays every deal."""
        return frozenset()

    def seat_range(self, options: Any) -> tuple[int, int]:
        """The variant's fixed ``min_seats`` to ``max_seats``, whatever the options."""
        return self.min_seats, self.max_seats

    def first_dealer(self, options: Any, seats: int, seed: int) -> Seat:
        """A seat drawn from the seed (no clock, so a record replays it)."""
        return random.Random(seed).randrange(seats)

    def next_deal_cards(
        self, previous: Any, options: Any, seats: int, dealer: Seat, seed: int
    ) -> dict[str, list[str]] | None:
        """Every deal is shuffled afresh from its seed."""
        return None

    tally_per: str = "deal"

    def start_match(self, options: Any, seats: int, first_dealer: Seat) -> Match:
        """All totals 0; the match never ends by itself (the table stops it)."""
        return Match.start(self.id, seats, first_dealer)

    def setup_for(self, match: Match) -> dict[str, Any]:
        """The dealer the match names, and the opener when it fixed one."""
        setup: dict[str, Any] = {"dealer": match.dealer}
        if match.opener is not None:
            setup["opener"] = match.opener
        return setup

    def deal_scores(self, outcome: Outcome, options: Any) -> tuple[int, ...]:
        """The outcome's scores as they are."""
        return tuple(outcome.scores)

    def record_deal(self, match: Match, outcome: Outcome, options: Any) -> Match:
        """The totals add up, the deal passes clockwise and the next deal's own rules
        name its opener."""
        return add_deal(match, self.deal_scores(outcome, options))

    def standings(self, match: Match, options: Any) -> tuple[Standing, ...]:
        """The highest total first."""
        return ranked(match.totals)

    def settlement(self, match: Match, options: Any) -> tuple[int, ...] | None:
        """Not played for money."""
        return None

    def due(self, state: Any) -> frozenset[Seat]:
        """Every seat asked is awaited: nobody may only interject."""
        result: frozenset[Seat] = state.to_act()
        return result

    def turn_share(self, state: Any, seat: Seat) -> float:
        """Every decision gets a full turn."""
        return 1.0

    def timeout_action(self, state: Any, seat: Seat) -> Action | None:
        """The rules name no default move: the host lets a computer player choose."""
        return None


# --- options helpers -------------------------------------------------------

OptionsT = TypeVar("OptionsT")


def options_from_dict(cls: type[OptionsT], values: Mapping[str, Any] | None) -> OptionsT:
    """Build a frozen options dataclass, refusing unknown names and bad values."""
    values = dict(values or {})
    names = {f.name for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
    unknown = sorted(set(values) - names)
    if unknown:
        raise OptionsError("unknown_option", f"unknown option(s): {', '.join(unknown)}")
    try:
        return cls(**values)
    except TypeError as exc:  # pragma: no cover - dataclass signature errors
        raise OptionsError("bad_option", str(exc)) from exc


def options_to_dict(options: Any) -> dict[str, Any]:
    """The JSON-ready form of a frozen options dataclass."""
    return {f.name: getattr(options, f.name) for f in dataclasses.fields(options)}


def check_choice(name: str, value: object, allowed: Sequence[object]) -> None:
    """Raise ``OptionsError`` unless ``value`` is one of ``allowed``."""
    if value not in allowed:
        shown = ", ".join(json.dumps(a) for a in allowed)
        raise OptionsError("bad_option", f"option {name} must be one of {shown}, not {value!r}")


def check_type(name: str, value: object, kind: type | tuple[type, ...]) -> None:
    """Raise ``OptionsError`` unless ``value`` has the expected type (bool is not int)."""
    if isinstance(value, bool) and kind is int:
        raise OptionsError("bad_option", f"option {name} must be a number, not {value!r}")
    if not isinstance(value, kind):
        raise OptionsError("bad_option", f"option {name} has the wrong type: {value!r}")


# --- matches ---------------------------------------------------------------


def add_deal(
    match: Match,
    scores: Sequence[int],
    *,
    dealer: Seat | None = None,
    opener: Seat | None = None,
    **changes: Any,
) -> Match:
    """The common step of a match: ``scores`` added to the totals, one more deal,
    ``dealer`` next (clockwise by default) and ``opener`` (none by default)."""
    if len(scores) != match.seats:
        raise ValueError("the deal has scores for a different number of seats")
    return match.replace(
        totals=tuple(t + s for t, s in zip(match.totals, scores, strict=True)),
        deals=match.deals + 1,
        dealer=(match.dealer + 1) % match.seats if dealer is None else dealer,
        opener=opener,
        **changes,
    )
