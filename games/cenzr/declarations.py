"""Cenzr declarations (hlášky): detection, comparison, cancellation (cenzr.md §3).

Pure facts about 8-card hands, with no seats, phases or I/O beyond the seat
numbers that :func:`resolve` is given. The state machine asks this module what
a hand holds (:func:`detect`, :func:`has_bela`), what a player may still say
in trick 1 (:func:`public_claim`, :func:`is_futile`, :func:`may_announce`,
:func:`announcement_window_open`, :func:`size_round`) and which announced
declarations score (:func:`resolve`).

Options are read as plain attributes with ``getattr(options, name, default)``,
so any object (or ``None``) works before a ``CenzrOptions`` class exists. The
§8 keys this module reads, with their defaults:

* ``sequence_order`` = ``"natural"`` (§8 #1): the only value; runs use
  A K Q J T 9 8 7 in every suit, trumps included.
* ``split_long_runs`` = ``False`` (§8 #2): the only value; a maximal run is
  one declaration.
* ``allow_set_run_overlap`` = ``True`` (§8 #4): the only value; a card may
  serve a figura/čtyři spodci and a run at once.
* ``sto_compare`` = ``"top_card"`` | ``"length_then_top"`` (§8 #3).
* ``declaration_scope`` = ``"player"`` | ``"team"`` (§8 #6).
* ``declare_timing`` = ``"own_turn"`` | ``"own_turn_or_early"`` (§8 #7).
* ``declaration_selection`` = ``"all_or_nothing"`` (§8 #10): the only value.
* ``suppress_futile_announcements`` = ``True`` (§8 #11).

A key whose value the source gives no rule for (e.g. ``split_long_runs=True``)
raises ``ValueError`` instead of silently inventing one. ``declaration_mode``
(prompt/auto), ``declaration_reveal`` and ``bela_mode`` are the state
machine's and scoring's business and are not read here.

Declaration codes (``Declaration.code``, ASCII, no spaces, safe inside an
action code such as ``hlas:<code>``):

=================  =========================================================
``darda:Qh``       darda to the svršek of hearts (Q-J-T)
``padesat:Ac``     padesát to the ace of acorns (A-K-Q-J)
``sto:Jd:5``       sto to the spodek of bells, 5 cards (J-T-9-8-7); the
                   length is always written because a sto may be 5..8 long
``figura:K``       four kings (``A``, ``K``, ``Q`` or ``T``)
``ctyri_spodci``   four spodci
=================  =========================================================

``Declaration.parse(code, trump)`` is the inverse of ``code``; the trump is
needed only for ``in_trump``.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from games.cards import DECK_32, Card, Rank, Suit, card, card_code, make_card, rank_of, suit_of
from games.engine import Seat

__all__ = [
    "CLAIMS",
    "KINDS",
    "NATURAL",
    "POINTS",
    "QUALITY",
    "Declaration",
    "Resolution",
    "SizeStatement",
    "announcement",
    "announcement_window_open",
    "beats",
    "best",
    "claim_parts",
    "compare",
    "detect",
    "has_bela",
    "is_futile",
    "key",
    "may_announce",
    "public_claim",
    "resolve",
    "resolve_hands",
    "size_of",
    "size_round",
]

NATURAL: tuple[Rank, ...] = (
    Rank.ACE,
    Rank.KING,
    Rank.QUEEN,
    Rank.JACK,
    Rank.TEN,
    Rank.NINE,
    Rank.EIGHT,
    Rank.SEVEN,
)
"""The natural order (§1.4), highest first: runs and sizes use it "vždy"."""

KINDS: tuple[str, ...] = ("ctyri_spodci", "figura", "sto", "padesat", "darda")
"""Declaration kinds, highest quality first (§3.1). Bela is not one of them."""

QUALITY: Mapping[str, int] = MappingProxyType(
    {"ctyri_spodci": 5, "figura": 4, "sto": 3, "padesat": 2, "darda": 1}
)
POINTS: Mapping[str, int] = MappingProxyType(
    {"ctyri_spodci": 200, "figura": 100, "sto": 100, "padesat": 50, "darda": 20}
)
RUN_KINDS: frozenset[str] = frozenset({"sto", "padesat", "darda"})
FIGURA_RANKS: tuple[Rank, ...] = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.TEN)
"""Four of these ranks make a figura (§3.1); four 9s, 8s or 7s are nothing."""

CLAIMS: tuple[str, ...] = (
    "ctyri_spodci",
    "figura:A",
    "figura:K",
    "figura:Q",
    "figura:T",
    "sto",
    "padesat",
    "darda",
)
"""What a player says aloud in trick 1 (§3.4 step 1), highest first: runs by
quality only, figura and čtyři spodci with the rank."""

BELA_POINTS = 20
_DECK: frozenset[Card] = frozenset(DECK_32)
_NATURAL_INDEX: Mapping[Rank, int] = MappingProxyType({r: i for i, r in enumerate(NATURAL)})


def size_of(rank: Rank) -> int:
    """SIZE of §3.5: A=8, K=7, Q=6, J=5, T=4, 9=3, 8=2, 7=1 (natural order)."""
    return 8 - _NATURAL_INDEX[rank]


def _run_kind(length: int) -> str:
    if length < 3:
        raise ValueError(f"a run of {length} cards is no declaration (darda needs 3)")
    return "darda" if length == 3 else "padesat" if length == 4 else "sto"


def _run_cards(suit: Suit, top: Rank, length: int) -> frozenset[Card]:
    start = _NATURAL_INDEX[top]
    if start + length > len(NATURAL):
        raise ValueError(f"no run of {length} cards starts at {top.code}")
    return frozenset(make_card(r, suit) for r in NATURAL[start : start + length])


def _four(rank: Rank) -> frozenset[Card]:
    return frozenset(make_card(rank, s) for s in Suit)


def _option(options: Any, name: str, default: Any, allowed: tuple[Any, ...]) -> Any:
    value = getattr(options, name, default)
    if value not in allowed:
        raise ValueError(
            f"option {name}={value!r} is not supported: use one of {', '.join(map(repr, allowed))}"
        )
    return value


def _check_detection_options(options: Any) -> None:
    # These keys have one value only: the source gives no rule for any other.
    _option(options, "sequence_order", "natural", ("natural",))
    _option(options, "split_long_runs", False, (False,))
    _option(options, "allow_set_run_overlap", True, (True,))


@dataclass(frozen=True, slots=True)
class Declaration:
    """One declaration (hláška) held in a hand; bela is not one (see :func:`has_bela`).

    ``top`` is the size-giving rank: the top of a run in natural order, the
    rank of a figura, ``J`` for čtyři spodci. ``suit`` and ``in_trump`` only
    mean something for runs (figura and čtyři spodci span all suits, so the
    trump tie-break of §3.5 never applies to them): they are ``None`` and
    ``False`` there. ``length`` is the number of cards (4 for the sets).

    Build one with :meth:`run`, :meth:`figura`, :meth:`four_spodci` or
    :meth:`parse`; the constructor checks that the fields agree, so a
    declaration read back from a record cannot be inconsistent.
    """

    kind: str
    points: int
    quality: int
    cards: frozenset[Card]
    suit: Suit | None
    top: Rank
    length: int
    in_trump: bool

    def __post_init__(self) -> None:
        if self.kind not in QUALITY:
            raise ValueError(f"unknown declaration kind {self.kind!r}")
        if self.kind in RUN_KINDS:
            if self.suit is None:
                raise ValueError("a run needs a suit")
            expected = _run_cards(self.suit, self.top, self.length)
            if _run_kind(self.length) != self.kind:
                raise ValueError(f"a {self.length}-card run is not a {self.kind}")
        else:
            if self.suit is not None or self.in_trump or self.length != 4:
                raise ValueError(f"{self.kind} has no suit, is never in trumps and has 4 cards")
            if self.kind == "figura" and self.top not in FIGURA_RANKS:
                raise ValueError(f"four {self.top.code} are no figura (only A, K, Q, T)")
            if self.kind == "ctyri_spodci" and self.top != Rank.JACK:
                raise ValueError("čtyři spodci have top J")
            expected = _four(self.top)
        if self.cards != expected:
            raise ValueError(f"cards do not match {self.kind} to {self.top.code}")
        if self.points != POINTS[self.kind] or self.quality != QUALITY[self.kind]:
            raise ValueError(
                f"{self.kind} is worth {POINTS[self.kind]}, quality {QUALITY[self.kind]}"
            )

    # -- construction -------------------------------------------------------

    @classmethod
    def run(cls, suit: Suit, top: Rank, length: int, trump: Suit) -> Declaration:
        """The run of ``length`` cards of ``suit`` from ``top`` down (natural order)."""
        kind = _run_kind(length)
        return cls(
            kind=kind,
            points=POINTS[kind],
            quality=QUALITY[kind],
            cards=_run_cards(suit, top, length),
            suit=suit,
            top=top,
            length=length,
            in_trump=suit == trump,
        )

    @classmethod
    def figura(cls, rank: Rank) -> Declaration:
        """Four aces, kings, svršci or tens."""
        return cls("figura", 100, 4, _four(rank), None, rank, 4, False)

    @classmethod
    def four_spodci(cls) -> Declaration:
        """Čtyři spodci (all four J)."""
        return cls("ctyri_spodci", 200, 5, _four(Rank.JACK), None, Rank.JACK, 4, False)

    # -- codes and records --------------------------------------------------

    @property
    def is_run(self) -> bool:
        """Darda, padesát or sto: the kinds that have a suit and a trump tie-break."""
        return self.kind in RUN_KINDS

    @property
    def size(self) -> int:
        """The size of §3.5 (top card in natural order, A=8 … 7=1)."""
        return size_of(self.top)

    @property
    def code(self) -> str:
        """Short ASCII code (module docstring); :meth:`parse` reads it back."""
        if self.kind == "ctyri_spodci":
            return "ctyri_spodci"
        if self.kind == "figura":
            return f"figura:{self.top.code}"
        assert self.suit is not None
        head = f"{self.kind}:{self.top.code}{self.suit.code}"
        return f"{head}:{self.length}" if self.kind == "sto" else head

    @classmethod
    def parse(cls, code: str, trump: Suit) -> Declaration:
        """The declaration of a :attr:`code`; ``ValueError`` says why a code is bad."""
        parts = code.split(":") if isinstance(code, str) else []
        try:
            if parts == ["ctyri_spodci"]:
                return cls.four_spodci()
            if len(parts) == 2 and parts[0] == "figura" and len(parts[1]) == 1:
                return cls.figura(Rank.from_code(parts[1]))
            if len(parts) in (2, 3) and parts[0] in RUN_KINDS and len(parts[1]) == 2:
                top = card(parts[1])
                if parts[0] == "sto":
                    if len(parts) != 3 or not parts[2].isdigit():
                        raise ValueError("a sto code gives its length: sto:Ah:5")
                    length = int(parts[2])
                else:
                    if len(parts) != 2:
                        raise ValueError("only a sto code gives a length")
                    length = 3 if parts[0] == "darda" else 4
                decl = cls.run(suit_of(top), rank_of(top), length, trump)
                if decl.kind != parts[0]:
                    raise ValueError(f"{length} cards make a {decl.kind}, not a {parts[0]}")
                return decl
        except ValueError as exc:  # CardError is a ValueError
            raise ValueError(f"bad declaration code {code!r}: {exc}") from exc
        raise ValueError(
            f"bad declaration code {code!r}: use darda:Qh, padesat:Ac, sto:Jd:5, "
            "figura:K or ctyri_spodci"
        )

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready record; cards as codes, highest first in natural order."""
        return {
            "kind": self.kind,
            "code": self.code,
            "points": self.points,
            "quality": self.quality,
            "suit": None if self.suit is None else self.suit.code,
            "top": self.top.code,
            "length": self.length,
            "in_trump": self.in_trump,
            "cards": [card_code(c) for c in _natural_sorted(self.cards)],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Declaration:
        """Inverse of :meth:`to_dict`; the constructor rejects inconsistent records."""
        suit = None if data["suit"] is None else Suit.from_code(data["suit"])
        return cls(
            kind=data["kind"],
            points=int(data["points"]),
            quality=int(data["quality"]),
            cards=frozenset(card(c) for c in data["cards"]),
            suit=suit,
            top=Rank.from_code(data["top"]),
            length=int(data["length"]),
            in_trump=bool(data["in_trump"]),
        )


def _natural_sorted(cards: Iterable[Card]) -> list[Card]:
    return sorted(cards, key=lambda c: (int(suit_of(c)), _NATURAL_INDEX[rank_of(c)]))


def _hand_set(hand: Iterable[Card]) -> frozenset[Card]:
    cards = list(hand)
    found = frozenset(cards)
    if len(found) != len(cards):
        raise ValueError("a card is listed twice in the hand")
    stray = found - _DECK
    if stray:
        raise ValueError(f"not a card of the 32-card deck: {' '.join(map(card_code, stray))}")
    return found


# -- detection (§3.2) -------------------------------------------------------


def detect(hand: Iterable[Card], trump: Suit, options: Any = None) -> tuple[Declaration, ...]:
    """Every declaration in ``hand`` (the 8 cards at the start of play), best first.

    §3.2: for each suit, each maximal run of consecutive ranks in the natural
    order (trumps too) of length 3+ is one declaration (3 darda, 4 padesát,
    5-8 sto); four A/K/Q/T make a figura, four J čtyři spodci; a card may be in
    a set and a run at once. The result is sorted by :func:`key` descending
    (ties by suit h, d, s, c), so ``detect(...)[0]`` is the player's best and
    the order never depends on the order of ``hand``. Any subset of the
    32-card deck is accepted (tests use fewer cards); duplicates are refused.
    """
    _check_detection_options(options)
    cards = _hand_set(hand)
    found: list[Declaration] = []
    for suit in Suit:
        held = sorted(_NATURAL_INDEX[rank_of(c)] for c in cards if suit_of(c) == suit)
        start = 0
        for i in range(1, len(held) + 1):
            if i == len(held) or held[i] != held[i - 1] + 1:
                length = i - start
                if length >= 3:
                    found.append(Declaration.run(suit, NATURAL[held[start]], length, trump))
                start = i
    for rank in FIGURA_RANKS:
        if _four(rank) <= cards:
            found.append(Declaration.figura(rank))
    if _four(Rank.JACK) <= cards:
        found.append(Declaration.four_spodci())
    found.sort(key=lambda d: (_neg(key(d, trump, options)), -1 if d.suit is None else int(d.suit)))
    return tuple(found)


def _neg(k: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(-x for x in k)


def has_bela(hand: Iterable[Card], trump: Suit) -> bool:
    """§3.6: the trump K and trump Q in one hand. Never cancelled; scored at the count."""
    cards = _hand_set(hand)
    return make_card(Rank.KING, trump) in cards and make_card(Rank.QUEEN, trump) in cards


def announcement(hand: Iterable[Card], trump: Suit, options: Any = None) -> tuple[Declaration, ...]:
    """What a player who announces puts forward: under ``declaration_selection =
    "all_or_nothing"`` (§3.4, §8 #10, the only value) all of his declarations."""
    _option(options, "declaration_selection", "all_or_nothing", ("all_or_nothing",))
    return detect(hand, trump, options)


# -- comparison (§3.5) ------------------------------------------------------


def key(decl: Declaration, trump: Suit | None = None, options: Any = None) -> tuple[int, ...]:
    """The comparison key of §3.5: (quality, length, size, trump), lexicographic.

    ``length`` is 0 except for a sto under ``sto_compare = "length_then_top"``
    (§8 #3), so by default sizes are the top card only (D11). The trump
    component is 1 only for a run in the trump suit: it breaks ties of equal
    quality and size and nothing else (D2, D3). When ``trump`` is given it is
    used, otherwise the declaration's own ``in_trump``.
    """
    mode = _option(options, "sto_compare", "top_card", ("top_card", "length_then_top"))
    length = decl.length if mode == "length_then_top" and decl.kind == "sto" else 0
    in_trump = decl.in_trump if trump is None else decl.suit == trump
    return (decl.quality, length, decl.size, 1 if decl.is_run and in_trump else 0)


def compare(a: Declaration, b: Declaration, trump: Suit | None = None, options: Any = None) -> int:
    """1 if ``a`` is higher, -1 if ``b`` is, 0 if they are equal (would cancel)."""
    ka, kb = key(a, trump, options), key(b, trump, options)
    return (ka > kb) - (ka < kb)


def beats(
    a: Declaration, b: Declaration, trump: Suit | None = None, options: Any = None
) -> bool | None:
    """Whether ``a`` (of one player) cancels ``b`` (of another), §3.5.

    ``True``: ``a`` is higher; ``False``: ``b`` is higher; ``None``: equal
    quality and size and neither in trumps, so held by two players both cancel
    (with all lower ones). Only meaningful between players: a player's own
    declarations never cancel each other.
    """
    c = compare(a, b, trump, options)
    return None if c == 0 else c > 0


def best(
    declarations: Iterable[Declaration], trump: Suit | None = None, options: Any = None
) -> Declaration | None:
    """A player's best declaration (what he competes with), ``None`` if he has none."""
    ds = list(declarations)
    return max(ds, key=lambda d: key(d, trump, options)) if ds else None


# -- announcement protocol in trick 1 (§3.3, §3.4) ---------------------------


def public_claim(declarations: Iterable[Declaration], options: Any = None) -> str | None:
    """What the player says aloud (§3.4 step 1): the quality of his best declaration.

    One of :data:`CLAIMS`: ``"darda"``, ``"padesat"``, ``"sto"`` (no size or
    suit), ``"figura:A"`` … ``"figura:T"`` (rank at once), ``"ctyri_spodci"``.
    ``None`` for a player without declarations.
    """
    top = best(declarations, None, options)
    if top is None:
        return None
    return top.code if not top.is_run else top.kind


def claim_parts(claim: str) -> tuple[str, Rank | None]:
    """A claim as ``(kind, rank)``: the rank for figura (and J for čtyři spodci),
    ``None`` for runs, whose size is not said aloud."""
    if claim not in CLAIMS:
        raise ValueError(f"unknown claim {claim!r}: use one of {', '.join(CLAIMS)}")
    if claim.startswith("figura:"):
        return ("figura", Rank.from_code(claim[-1]))
    return (claim, Rank.JACK if claim == "ctyri_spodci" else None)


def _claim_key(claim: Any) -> tuple[int, int]:
    """Order of public claims: a code of :data:`CLAIMS`, or any object with
    ``kind`` and ``rank`` attributes (such as the state's ``Announcement``)."""
    kind: Any
    rank: Any
    if isinstance(claim, str):
        kind, rank = claim_parts(claim)
    else:
        kind, rank = getattr(claim, "kind", None), getattr(claim, "rank", None)
        if kind not in QUALITY:
            raise ValueError(f"unknown claim {claim!r}")
        if kind == "figura" and rank not in FIGURA_RANKS:
            raise ValueError(f"a figura claim needs its rank: {claim!r}")
    if kind == "figura":
        assert rank is not None
        return (QUALITY["figura"], size_of(rank))
    # Sizes of runs are not said aloud; čtyři spodci are unique.
    return (QUALITY[str(kind)], 0)


def is_futile(
    own: Iterable[Declaration], earlier_claims: Iterable[Any], options: Any = None
) -> bool:
    """Whether announcing ``own`` can no longer score, given the claims already made.

    §3.4 step 2: a player stays silent when an earlier player claimed a higher
    quality, or (figura ranks being public) a higher figura. Equal run quality
    is never futile: sizes are compared only after the trick. Under
    ``declaration_scope = "team"`` nothing is futile, because the higher claim
    may be the (secret) partner's and a side scores all its members'
    declarations; announcing then never hurts. A player without declarations
    has nothing to announce, which is not futility (see :func:`may_announce`).
    ``earlier_claims`` are :data:`CLAIMS` codes or objects with ``kind`` and
    ``rank`` (runs: rank ``None``).
    """
    scope = _option(options, "declaration_scope", "player", ("player", "team"))
    mine = public_claim(own, options)
    if mine is None or scope == "team":
        return False
    mine_key = _claim_key(mine)
    return any(_claim_key(c) > mine_key for c in earlier_claims)


def may_announce(
    own: Iterable[Declaration], earlier_claims: Iterable[Any], options: Any = None
) -> bool:
    """Whether to offer the player "Hlásit" (§3.4, §8 #11).

    He needs a declaration; with ``suppress_futile_announcements = True``
    (default) a futile one (:func:`is_futile`) is not offered, which §3.5
    makes equivalent to announcing and losing. Timing is
    :func:`announcement_window_open`'s.
    """
    mine = list(own)
    if not mine:
        return False
    suppress = _option(options, "suppress_futile_announcements", True, (True, False))
    return not (suppress and is_futile(mine, earlier_claims, options))


def announcement_window_open(
    seat: Seat, order: Sequence[Seat], cards_played: int, options: Any = None
) -> bool:
    """Whether ``seat`` may announce now, ``cards_played`` cards into trick 1 (§3.3).

    ``order`` is trick 1's play order of the active players (leader first).
    Default ``declare_timing = "own_turn"``: only at his own turn, before or
    with his card, i.e. exactly ``order.index(seat)`` cards are on the table.
    ``"own_turn_or_early"`` also allows the (valid but unethical) early
    announcement from the start of play. Once his card is down it is late and
    void; after trick 1 nobody may announce (pass ``cards_played >=
    len(order)``).
    """
    timing = _option(options, "declare_timing", "own_turn", ("own_turn", "own_turn_or_early"))
    if seat not in order:
        raise ValueError(f"seat {seat} does not play in trick 1")
    position = list(order).index(seat)
    if timing == "own_turn":
        return cards_played == position
    return 0 <= cards_played <= position


@dataclass(frozen=True, slots=True)
class SizeStatement:
    """One line of the size round after trick 1 (§3.4 step 3).

    ``verdict``: ``"states"`` (the first: „padesát do svrška“), ``"lower"``
    („já mám nižší“, nothing revealed, ``declaration`` is ``None``),
    ``"higher"`` („já mám do esa“) or ``"equal"`` („já taky do svrška“).
    ``declaration`` is the run he states; its ``in_trump`` settles a tie.
    """

    seat: Seat
    verdict: str
    declaration: Declaration | None

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "verdict": self.verdict,
            "declaration": None if self.declaration is None else self.declaration.code,
        }


def size_round(
    announced: Mapping[Seat, Sequence[Declaration]],
    order: Sequence[Seat],
    trump: Suit,
    options: Any = None,
) -> tuple[SizeStatement, ...]:
    """The public size statements after trick 1, in trick-1 order (§3.4 step 3).

    Empty unless two or more players claimed the same top claim and it is a run
    quality (figura ranks are public and čtyři spodci unique, so they need no
    round). Sizes are compared without the trump tie-break, which the holders
    then settle as :func:`resolve` does; :func:`resolve` is the authority on
    what scores, this is what the table hears.
    """
    claims = {s: public_claim(announced.get(s, ()), options) for s in order}
    made = [c for c in claims.values() if c is not None]
    if not made:
        return ()
    top_claim = max(made, key=_claim_key)
    if top_claim not in RUN_KINDS:
        return ()
    contenders = [s for s in order if claims[s] == top_claim]
    if len(contenders) < 2:
        return ()
    out: list[SizeStatement] = []
    current: tuple[int, ...] | None = None
    for seat in contenders:
        mine = best(announced[seat], trump, options)
        assert mine is not None
        size_key = key(mine, trump, options)[:3]
        if current is None:
            out.append(SizeStatement(seat, "states", mine))
            current = size_key
        elif size_key < current:
            out.append(SizeStatement(seat, "lower", None))
        elif size_key > current:
            out.append(SizeStatement(seat, "higher", mine))
            current = size_key
        else:
            out.append(SizeStatement(seat, "equal", mine))
    return tuple(out)


# -- resolution (§3.5) -------------------------------------------------------


def _seat_map(
    items: Mapping[Seat, tuple[Declaration, ...]],
) -> Mapping[Seat, tuple[Declaration, ...]]:
    return MappingProxyType(dict(items))


@dataclass(frozen=True)
class Resolution:
    """Which announced declarations score (``valid``) and which are cancelled.

    Both mappings hold every seat that announced at least one declaration, in
    trick-1 order, with an empty tuple where it has none there. ``winners``
    are the seats that score (at most one under the player scope; the
    announcing members of the winning side under the team scope). ``top`` is
    the deciding declaration and ``trump_decided`` tells whether the trump
    tie-break picked it (the bot then shows its suit, §3.4). ``tied`` are the
    players whose equal top declarations cancelled everything.
    """

    valid: Mapping[Seat, tuple[Declaration, ...]]
    cancelled: Mapping[Seat, tuple[Declaration, ...]]
    winners: tuple[Seat, ...] = ()
    top: Declaration | None = None
    trump_decided: bool = False
    tied: tuple[Seat, ...] = ()
    scope: str = field(default="player")

    def points(self, seat: Seat) -> int:
        """Declaration points this seat scores (bela excluded; 0 if none)."""
        return sum(d.points for d in self.valid.get(seat, ()))

    @property
    def total(self) -> int:
        """All declaration points of the deal (V in §1.2)."""
        return sum(self.points(s) for s in self.valid)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready record; seats become string keys, declarations their dicts."""

        def seats(m: Mapping[Seat, tuple[Declaration, ...]]) -> dict[str, Any]:
            return {str(s): [d.to_dict() for d in ds] for s, ds in m.items()}

        return {
            "valid": seats(self.valid),
            "cancelled": seats(self.cancelled),
            "winners": list(self.winners),
            "top": None if self.top is None else self.top.to_dict(),
            "trump_decided": self.trump_decided,
            "tied": list(self.tied),
            "scope": self.scope,
            "points": {str(s): self.points(s) for s in self.valid},
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Resolution:
        """Inverse of :meth:`to_dict` (``points`` is derived and ignored)."""

        def seats(m: Mapping[str, Any]) -> Mapping[Seat, tuple[Declaration, ...]]:
            return _seat_map(
                {int(s): tuple(Declaration.from_dict(d) for d in ds) for s, ds in m.items()}
            )

        return cls(
            valid=seats(data["valid"]),
            cancelled=seats(data["cancelled"]),
            winners=tuple(int(s) for s in data["winners"]),
            top=None if data["top"] is None else Declaration.from_dict(data["top"]),
            trump_decided=bool(data["trump_decided"]),
            tied=tuple(int(s) for s in data["tied"]),
            scope=str(data["scope"]),
        )


def _check_announced(
    announced: Mapping[Seat, Sequence[Declaration]], order: Sequence[Seat], trump: Suit
) -> dict[Seat, tuple[Declaration, ...]]:
    """Keep seats with declarations, in ``order``; refuse what no deal can produce."""
    if len(set(order)) != len(order):
        raise ValueError("a seat appears twice in the trick-1 order")
    stray = set(announced) - set(order)
    if stray:
        raise ValueError(f"seats {sorted(stray)} announced but do not play in trick 1")
    cand: dict[Seat, tuple[Declaration, ...]] = {}
    owner: dict[Card, Seat] = {}
    for seat in order:
        ds = tuple(announced.get(seat, ()))
        if not ds:
            continue
        if len(set(ds)) != len(ds):
            raise ValueError(f"seat {seat} announced a declaration twice")
        cards = frozenset().union(*(d.cards for d in ds))
        if len(cards) > 8:
            raise ValueError(f"seat {seat}'s declarations need {len(cards)} cards, a hand has 8")
        for d in ds:
            if d.is_run and d.in_trump != (d.suit == trump):
                raise ValueError(f"{d.code}: in_trump does not match the trump {trump.code}")
        for c in cards:
            if owner.setdefault(c, seat) != seat:
                raise ValueError(f"{card_code(c)} is in the declarations of two seats")
        cand[seat] = ds
    return cand


def resolve(
    announced: Mapping[Seat, Sequence[Declaration]],
    order: Sequence[Seat],
    trump: Suit,
    options: Any = None,
    *,
    sides: Mapping[Seat, Hashable] | None = None,
) -> Resolution:
    """Cancel (rušit) announced declarations per §3.5 and say which score.

    ``announced`` maps a seat to the declarations it validly (in time)
    announced; under all-or-nothing that is ``detect(hand)`` or nothing.
    ``order`` is trick 1's play order; it fixes the output order only (the
    result does not depend on it, which §3.4's equivalence needs).

    ``declaration_scope = "player"`` (default): each player competes with his
    best :func:`key`; the strictly best player scores *all* his declarations
    (his own never cancel each other, D2); if two or more tie at the top
    (equal quality and size, none in trumps), they and every lower one are
    cancelled and nobody scores (D3). ``"team"``: ``sides`` (seat -> side id,
    required) groups players; the side with the strictly best key scores all
    announced declarations of its members, a cross-side tie cancels all.
    """
    scope = _option(options, "declaration_scope", "player", ("player", "team"))
    cand = _check_announced(announced, order, trump)
    if scope == "team":
        if sides is None:
            raise ValueError('declaration_scope="team" needs sides (seat -> side)')
        missing = [s for s in cand if s not in sides]
        if missing:
            raise ValueError(f"seats {missing} have no side")
        group: dict[Seat, Hashable] = {s: sides[s] for s in cand}
    else:
        group = {s: s for s in cand}

    best_of: dict[Hashable, tuple[tuple[int, ...], Declaration]] = {}
    for seat, ds in cand.items():
        b = best(ds, trump, options)
        assert b is not None
        k = key(b, trump, options)
        g = group[seat]
        if g not in best_of or k > best_of[g][0]:
            best_of[g] = (k, b)

    nothing = _seat_map({s: () for s in cand})
    if not best_of:
        return Resolution(valid=nothing, cancelled=_seat_map(cand), scope=scope)
    top_key = max(k for k, _ in best_of.values())
    top_groups = [g for g, (k, _) in best_of.items() if k == top_key]
    if len(top_groups) >= 2:
        tied = tuple(
            s
            for s in cand
            if group[s] in top_groups and _seat_best(cand[s], trump, options) == top_key
        )
        return Resolution(valid=nothing, cancelled=_seat_map(cand), tied=tied, scope=scope)
    winner = top_groups[0]
    winners = tuple(s for s in cand if group[s] == winner)
    top = best_of[winner][1]
    # The trump decided if some other group had the same quality and size.
    trump_decided = top_key[-1] == 1 and any(
        k[:-1] == top_key[:-1] for g, (k, _) in best_of.items() if g != winner
    )
    valid = _seat_map({s: cand[s] if s in winners else () for s in cand})
    cancelled = _seat_map({s: () if s in winners else cand[s] for s in cand})
    return Resolution(
        valid=valid,
        cancelled=cancelled,
        winners=winners,
        top=top,
        trump_decided=trump_decided,
        scope=scope,
    )


def _seat_best(ds: Sequence[Declaration], trump: Suit, options: Any) -> tuple[int, ...]:
    b = best(ds, trump, options)
    assert b is not None
    return key(b, trump, options)


def resolve_hands(
    hands: Mapping[Seat, Iterable[Card]],
    announcing: Iterable[Seat],
    order: Sequence[Seat],
    trump: Suit,
    options: Any = None,
    *,
    sides: Mapping[Seat, Hashable] | None = None,
) -> Resolution:
    """:func:`resolve` of §3.5's pseudocode: hands at the start of play and the
    seats that announced in time (all-or-nothing, :func:`announcement`)."""
    chosen = set(announcing)
    announced = {s: announcement(hands[s], trump, options) for s in order if s in chosen}
    return resolve(announced, order, trump, options, sides=sides)
