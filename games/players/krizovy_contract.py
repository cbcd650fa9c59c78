"""Which contract the strong křížový player makes: F's trumps and called card, the
overcalls (betl, durch, "durch s …", "durch s chytrým") and the fleks of betl and
durch, by evaluation.

The rule player overcalls only with a hand that fits a betl or a durch card by
card, never fleks one, and chooses F's trumps by the length of the first four.
A betl pays 5 units and a durch 10 per defender (§4.1, §3.2.10: a lone declarer
settles with each of the three) against a game's 1 or 2, so a betl won two
times in three is worth more than almost any hra, and a suit's value depends on
where the called card lies (F alone when he holds it).

Each option is valued on the same sampled deals (``determinize.sample_world``;
F's unseen second four is dealt with the others at his choice), the seat's own
share in units:

* a betl or durch by the share ``w`` of its heuristic playouts
  (``TrickSolver`` with ``Scoring(sudden=...)``: -1 lost, 0 won; the declarer
  leads, nothing is laid away since there is no talon) that the declarer
  wins: ``3 * price * (2w - 1)`` to the lone declarer, ``price * (1 - 2w)`` to a
  defender; a durch s … pays its declarer ``10`` won and ``-20`` lost (the
  "dědek Sláma" rule, the usual case when a playout loses a trick), its partner
  ``10`` or nothing, each defender ``∓10``; a durch s chytrým is paid alike,
  won by the first seven tricks (its playouts stop there: whoever takes the
  last is the partner; the declarer keeps his weakest card, :func:`hole_card`,
  for it). The other side answers with a flek when the mean
  favours it (the value doubled), as ``krizovy_pricing`` does, except for the
  durch s chytrým, which is never fleked;
* the hra (not overcalling) by ``krizovy_pricing``'s tariff over the same deals
  with the announcements made so far and the defenders' flek answer; after
  another seat's overcall, by that contract's playouts;
* F's choice (a suit of his first four, its lowest card shown, one of the two
  best trumps he has not seen called; "z lidu"; in the red round the two best
  hearts) as that hra with nothing announced and the defenders' answer.

The rule player's choice is the default; another replaces it when it beats it by
``krizovy_pricing.Z`` standard errors of their paired difference over the
deals and by its floor (``OVERCALL_FLOOR``, ``CHOOSE_FLOOR``). A flek of a
sudden contract is raised when the seat's side's chance clears volený's
``FLEK_AT`` of its level; a seat that does not see the declarer's hand samples
it near the fit of his contract (:func:`plausible_world`), since he called it
knowing his cards.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping, Sequence
from typing import Any

from games.cards import DECK_32, SUIT_MASKS, Card, Suit, card, card_code, cards_of
from games.engine import Action
from games.marias.rules import BETL_ORDER, NORMAL_ORDER, SHARP
from games.marias_krizovy.actions import (
    Approve,
    CallHearts,
    Choose,
    ChooseBlind,
    DurchS,
    Flek,
    Overcall,
    Pass,
)
from games.marias_krizovy.determinize import World, rules_of, sample_world
from games.marias_krizovy.search import TRICKS
from games.players.krizovy_pricing import (
    Plan,
    PricedDeal,
    Pricer,
    flek_answers,
    honers_said,
    pick_by_margin,
)
from games.players.marias_strong import FLEK_AT
from games.sides import DECLARER_SIDE, SidesView
from games.strong.budget import Budget
from games.strong.sampling import swap_nearer
from games.strong.solver import Position, Scoring, TrickSolver

__all__ = [
    "CHOOSE_FLOOR",
    "HOPELESS_AFTER",
    "OVERCALL_FLOOR",
    "PRICE",
    "choice_values",
    "choose_overcall",
    "choose_sudden_flek",
    "choose_trumps",
    "overcall_values",
    "plausible_world",
    "risk",
    "sudden_chance",
    "sudden_units",
]

PRICE = {"betl": 5, "durch": 10, "durchs": 10, "chytry": 10}
"""Units per defender of an unfleked betl, durch, durch s … and durch s chytrým
(§4.1; the book: 1 Kč from each player, a durch)."""
SLAMA = 2
"""A lost durch s … costs its declarer twice the price when he took fewer than six
tricks himself (§3.2.8), and nothing to his partner."""
OVERCALL_FLOOR = {"betl": 3.0, "durch": 6.0, "durchs": 3.0, "chytry": 3.0}
"""The least gain (the seat's units) of an overcall over not overcalling, or the
other way round: volený's ``KIND_MARGIN`` (1 unit per defender for a betl, 2
for a durch, a tenth more win chance) times the lone declarer's three
defenders; a durch s … (and a durch s chytrým, paid alike) asks a tenth of its
30-unit span. The playouts are heuristic on both sides and the samples do not
read the others' calls."""
CHOOSE_FLOOR = 0.5
"""The least gain (units) of another suit or called card than the rule player's:
half an unfleked game, since the playouts price neither the reveal's honers and
stovka that follow nor what the shown trump card tells the partner."""
HOPELESS_AFTER = 3
"""Deals after which an overcall won in none of its playouts is dropped (it is
worth about ``-price``): most hands are no betl and no durch, and this keeps
their question cheap."""
CALLS = 2
"""The called cards tried per suit: the best trumps F has not seen (ace, ten)."""
RISK = {"betl": 1, "durch": 0, "durchs": 1, "chytry": 1}
"""The farthest a declarer's sampled hand may be from the fit of his contract
(:func:`risk`) for a seat that does not see it: a betl is often won with one high
card or one suit without a low guard, a durch seldom with a card outside its
runs (its overcall asks a win chance of 0.6), a durch s … with one hole that the
called card fills, a durch s chytrým with the one card left for the last trick."""
TRIES = 20
"""Samples drawn for one deal before the closest is brought near the fit by swaps."""
_POINTS = tuple(10 if SHARP >> c & 1 else 0 for c in range(54))
_SUITS = "hdsc"
_NO_TRUMPS = rules_of({"kind": "betl", "trump": None})
_SUDDEN = {"betl": "betl", "durch": "durch", "durchs": "durch", "chytry": "durch"}
_DURCHES = ("durch", "durchs", "chytry")
"""The overcalls won by taking tricks, which the strong player makes only with a
hand within ``RISK`` of the fit (:func:`risk`), as the others' samples assume:
over 1000 deals (``--seed 83``) its durchs and durchs s … chosen by their
heuristic playouts alone won 6 of 20, the defenders of a playout seldom finding
the one trick that beats them."""
_UNFLEKED = ("chytry",)
""""Durch s chytrým se nikdy neflekuje" (§3.2.8): nobody answers it with a flek."""


def sudden_units(kind: str, won: float, role: str) -> float:
    """What a sudden contract won with chance ``won`` is worth to a seat of ``role``
    (``declarer``, ``partner`` of a durch s …, ``defender``), unfleked.

    A durch s chytrým is won with the first seven tricks and paid as a durch s …
    whose partner took the last: the declarer who also takes the eighth has won
    a plain durch, which that overcall prices; lost, it is mostly lost before
    the seventh trick, with fewer than six for the declarer (dědek Sláma)."""
    price = PRICE[kind]
    if kind in ("durchs", "chytry"):
        win, loss = {
            "declarer": (price, -SLAMA * price),
            "partner": (price, 0),
            "defender": (-price, price),
        }[role]
    else:
        win, loss = (3 * price, -3 * price) if role == "declarer" else (-price, price)
    return won * win + (1 - won) * loss


_Solvers = dict[tuple[str, tuple[int, ...], int | None], TrickSolver]


def hole_card(hand: int) -> int:
    """The card a durch s chytrým leaves for the last trick: the one with the most
    cards above it in its suit held by others (the lowest of those). The playouts
    keep it as a sedma keeps its seven: a random move does not lead it early."""
    higher = BETL_ORDER.higher
    strength = BETL_ORDER.strength
    return max(
        cards_of(hand),
        key=lambda c: ((higher[c] & SUIT_MASKS[c // 13] & ~hand).bit_count(), -strength[c]),
    )


def _won(
    hands: Sequence[int],
    side: Sequence[int],
    leader: int,
    kind: str,
    seed: int,
    n: int,
    solvers: _Solvers,
) -> float:
    """The share of ``n`` playouts of ``kind`` that ``side`` wins, ``leader`` leading
    (``solvers``: the decision's solvers by kind and side, built once); a durch s
    chytrým is played for the first seven tricks, whoever takes the last."""
    hole = hole_card(hands[leader]) if kind == "chytry" else None
    key = (kind, tuple(side), hole)
    solver = solvers.get(key)
    if solver is None:
        scoring = Scoring(_POINTS, sudden=_SUDDEN[kind], bonus_card=hole)
        solver = solvers[key] = TrickSolver(_NO_TRUMPS, scoring, side, len(hands))
    stream = random.Random(seed)
    tricks = TRICKS - 1 if kind == "chytry" else TRICKS
    wins = sum(
        solver.playout(Position(list(hands), [], leader, 0, tricks), stream) == 0 for _ in range(n)
    )
    return wins / n


def _answered(rows: Sequence[list[float]], ours: bool) -> list[float]:
    """The row of the answer chosen on the means: the best for the seat when its own
    side answers, else the worst."""
    pick = max if ours else min
    return pick(rows, key=sum)


def _doubled(values: list[float], ours: bool, kind: str) -> list[float]:
    """A sudden contract's values after the flek answer (the value doubled or not;
    a durch s chytrým as it is)."""
    if kind in _UNFLEKED:
        return values
    return _answered([values, [2 * v for v in values]], ours)


def _role(view: Mapping[str, Any]) -> str | None:
    return SidesView.from_dict(view["sides"]).role_of(view["viewer"])


# --- the fleks of betl and durch --------------------------------------------------


def risk(kind: str, hand: int) -> int:
    """How far a hand is from the rule player's fit of ``kind`` (0: it fits): in a
    betl each card above the ten in betl order and each suit without its seven or
    eight, in a durch (and durch s …) each card not in a run from its suit's ace."""
    strength = BETL_ORDER.strength
    out = 0
    for suit in range(4):
        held = sorted(
            (strength[c] for c in DECK_32 if c // 13 == suit and hand >> c & 1), reverse=True
        )
        if not held:
            continue
        if kind == "betl":
            out += sum(1 for s in held if s > 3) + (held[-1] > 1)
        else:
            run = next((i for i, s in enumerate(held) if s != 7 - i), len(held))
            out += len(held) - run
    return out


def plausible_world(view: Mapping[str, Any], rng: random.Random) -> World:
    """A deal consistent with the view whose declarer holds a hand he could have
    called the contract with: the first of ``TRIES`` samples within ``RISK`` of the
    fit, else the closest brought within it by swapping the declarer's cards with
    the other hidden hands' (the seat's own hand as it is: a declarer knows his).

    Uniform samples give a declarer the hand of anybody, with which a betl or durch
    is nearly always lost, while he called it knowing his cards; a defender who
    believed them would flek every betl and durch, and raise again after a re."""
    active = list(view["active"])
    declarer = active.index(view["declarer"])
    kind = view["kind"]
    best = sample_world(view, rng)
    if view["declarer"] == view["viewer"]:
        return best
    best_risk = risk(kind, best.hands[declarer])
    for _ in range(TRIES - 1):
        if best_risk <= RISK[kind]:
            return best
        world = sample_world(view, rng)
        r = risk(kind, world.hands[declarer])
        if r < best_risk:
            best, best_risk = world, r
    hands = _nearer(view, list(best.hands), declarer, rng)
    return World(hands, best.side, best.exact)


def _nearer(
    view: Mapping[str, Any], hands: list[int], declarer: int, rng: random.Random
) -> list[int]:
    """``hands`` with the declarer's cards swapped, one at a time, with those of the
    other hidden hands for the swap that brings him nearest the fit (a random one
    of the best), until he is within ``RISK`` or no swap helps. Before the first
    trick only the cards the view fixes tie a hand: F's shown trump card, the
    called card of a durch s … (not the declarer's)."""
    active = list(view["active"])
    kind = view["kind"]
    me = active.index(view["viewer"])
    pinned = 0
    if view.get("trump_card"):
        pinned |= 1 << card(view["trump_card"])
    if view.get("called"):
        pinned |= 1 << card(view["called"])
    others = [i for i in range(len(hands)) if i not in (me, declarer)]
    return swap_nearer(hands, declarer, others, pinned, lambda h: risk(kind, h), RISK[kind], rng)


def sudden_chance(
    view: Mapping[str, Any], rng: random.Random, budget: Budget, playouts: int
) -> float:
    """The declarer's side's chance to win the view's betl, durch or durch s …: the
    share of playouts it wins of deals sampled by :func:`plausible_world` (the
    sample places the partner)."""
    active = list(view["active"])
    leader = active.index(view["declarer"])
    total = 0.0
    n = 0
    solvers: _Solvers = {}
    for k in range(budget.samples):
        if k and budget.stop():
            break
        world = plausible_world(view, rng)
        side = sorted(active.index(s) for s in world.side)
        seed = rng.getrandbits(32)
        total += _won(world.hands, side, leader, view["kind"], seed, playouts, solvers)
        n += 1
    return total / n


def choose_sudden_flek(
    view: Mapping[str, Any],
    legal: Sequence[Action],
    default: Action,
    rng: random.Random,
    budget: Budget,
    playouts: int,
) -> Action:
    """A flek (re, …) of a betl or durch when the seat's side's chance clears
    ``FLEK_AT`` of the chain's next level, else pass."""
    kind = view.get("kind")
    if kind not in _SUDDEN or view["tricks"]:
        return default
    chain = "betl" if kind == "betl" else "durch"
    flek = Flek((chain,))
    if flek not in legal or Pass() not in legal:
        return default
    p = sudden_chance(view, rng, budget, playouts)
    mine = p if _role(view) == DECLARER_SIDE else 1.0 - p
    level = int((view.get("fleks") or {}).get(chain, 0))
    return flek if level < len(FLEK_AT) and mine >= FLEK_AT[level] else Pass()


# --- the overcalls -------------------------------------------------------------------


def _durchs_calls(hand: int, options: Sequence[DurchS]) -> list[Card]:
    """The cards worth calling for a durch s …: in each suit the best one not held
    (the partner covers the hole a durch cannot)."""
    legal = {a.called for a in options}
    out = []
    for suit in range(4):
        missing = [c for c in DECK_32 if c // 13 == suit and not hand >> c & 1 and c in legal]
        if missing:
            out.append(max(missing, key=lambda c: BETL_ORDER.strength[c]))
    return out


def _key(action: Action) -> str | None:
    if isinstance(action, Overcall):
        return action.kind if action.kind in ("betl", "durch", "chytry") else None
    if isinstance(action, DurchS):
        return f"durchs:{card_code(action.called)}"
    return "stay"


def _kind(key: str) -> str:
    return key.partition(":")[0]


def overcall_values(
    view: Mapping[str, Any],
    options: Sequence[str],
    default: str,
    rng: random.Random,
    budget: Budget,
    playouts: int,
    hra_playouts: int,
) -> dict[str, list[float]]:
    """Each overcall of ``options`` (``betl``, ``durch``, ``durchs:<card>``) and
    ``stay`` (the contract as it stands), the seat's units on each of the same
    deals (after another seat's overcall, :func:`plausible_world`'s); an overcall
    not won in any playout of the first ``HOPELESS_AFTER`` deals is left out,
    unless it is the ``default``."""
    active = list(view["active"])
    me = active.index(view["viewer"])
    won: dict[str, list[float]] = {o: [] for o in options}
    worlds: list[tuple[list[int], frozenset[int], int]] = []
    solvers: _Solvers = {}
    for k in range(budget.samples):
        if k and budget.stop():
            break
        if k == HOPELESS_AFTER:
            won = {o: w for o, w in won.items() if o == default or any(w)}
            if not won and default == "stay":
                return {"stay": [0.0] * k}
        world = plausible_world(view, rng) if view["kind"] in PRICE else sample_world(view, rng)
        seed = rng.getrandbits(32)
        side = frozenset(active.index(s) for s in world.side)
        worlds.append((world.hands, side, seed))
        for o, row in won.items():
            team = [me]
            if _kind(o) == "durchs":
                called = card(o.partition(":")[2])
                team.append(next(i for i, h in enumerate(world.hands) if h >> called & 1))
            row.append(_won(world.hands, sorted(team), me, _kind(o), seed, playouts, solvers))
    values = {
        o: _doubled([sudden_units(_kind(o), w, "declarer") for w in row], False, _kind(o))
        for o, row in won.items()
    }
    values["stay"] = _stay(view, worlds, rng, playouts, hra_playouts)
    return values


def _stay(
    view: Mapping[str, Any],
    worlds: Sequence[tuple[list[int], frozenset[int], int]],
    rng: random.Random,
    playouts: int,
    hra_playouts: int,
) -> list[float]:
    """The contract as it stands on each deal: the hra by ``krizovy_pricing``'s tariff
    after the flek answer (the defenders' choice for side C, the seat's own for a
    defender), or another seat's overcall by its playouts."""
    ours = _role(view) == DECLARER_SIDE
    kind = view["kind"]
    if kind == "hra":
        pricer = Pricer(view, rng, hra_playouts)
        answers = flek_answers(bool(view["stovka"]), honers_said(view))
        rows: list[list[float]] = [[] for _ in answers]
        for hands, side, seed in worlds:
            world = PricedDeal(hands, side, seed)
            for row, plan in zip(rows, answers, strict=True):
                row.append(pricer.value(world, plan))
        return _answered(rows, ours=not ours)
    active = list(view["active"])
    leader = active.index(view["declarer"])
    role = "partner" if ours else "defender"
    solvers: _Solvers = {}
    values = [
        sudden_units(kind, _won(h, sorted(side), leader, kind, seed, playouts, solvers), role)
        for h, side, seed in worlds
    ]
    return _doubled(values, ours=not ours, kind=kind)


def choose_overcall(
    view: Mapping[str, Any],
    legal: Sequence[Action],
    default: Action,
    rng: random.Random,
    budget: Budget,
    playouts: int,
    hra_playouts: int,
) -> Action:
    """Overcall with betl, durch or durch s …, or not: the rule player's ``default``
    unless another beats it by ``Z`` errors and its ``OVERCALL_FLOOR``; when the
    rule player's overcall loses, "dobrá" (the partner's honer "s" is priced after).
    A durch of any kind is weighed only with a hand within ``RISK`` of its fit."""
    key = _key(default)
    if key is None or view["tricks"] or view["kind"] not in ("hra", *PRICE):
        return default  # a contract this cannot value
    if view["kind"] == "hra" and not view.get("trump"):
        return default
    actions: dict[str, Action] = {}
    for a in legal:
        k = _key(a)
        if isinstance(a, Overcall) and k is not None:
            actions[k] = a
    hand = sum(1 << card(c) for c in view["hand"])
    durchs = [a for a in legal if isinstance(a, DurchS)]
    for c in _durchs_calls(hand, durchs):
        actions[f"durchs:{card_code(c)}"] = DurchS(c)
    for k in [k for k in actions if _kind(k) in _DURCHES and k != key]:
        if risk(_kind(k), hand) > RISK[_kind(k)]:
            del actions[k]  # a durch far from its fit: the playouts' defenders miss its hole
    if key != "stay":
        actions[key] = default
    if not actions or (key != "stay" and Approve() not in legal):
        return default
    actions["stay"] = default if key == "stay" else Approve()
    options = [k for k in actions if k != "stay"]
    values = overcall_values(view, options, key, rng, budget, playouts, hra_playouts)
    values = {k: v for k, v in values.items() if k in actions}
    if len(values) < 2:
        return default

    def floor(o: str) -> float:
        return OVERCALL_FLOOR[_kind(key if o == "stay" else o)]

    return actions[pick_by_margin(values, key, floor)]


# --- F's choice -------------------------------------------------------------------


def _calls(
    legal: Sequence[Action], default: Action, hand: Sequence[Card]
) -> dict[Hashable, Action]:
    """The choices worth valuing, by (trump suit, called card) or ``blind``: each suit
    of the first four with its lowest card shown and the ``CALLS`` best trumps not
    seen, "z lidu", and the rule player's own."""
    out: dict[Hashable, Action] = {}
    hearts = [a for a in legal if isinstance(a, CallHearts)]
    if hearts:
        for a in sorted(hearts, key=lambda a: -NORMAL_ORDER.strength[a.called])[:CALLS]:
            out[(int(Suit.HEARTS), a.called)] = a
    for suit in sorted({c // 13 for c in hand}):
        low = min((c for c in hand if c // 13 == suit), key=lambda c: NORMAL_ORDER.strength[c])
        calls = [a for a in legal if isinstance(a, Choose) and a.trump_card == low]
        for b in sorted(calls, key=lambda b: -NORMAL_ORDER.strength[b.called])[:CALLS]:
            out[(suit, b.called)] = b
    blind = [a for a in legal if isinstance(a, ChooseBlind)]
    if blind:
        out["blind"] = default if isinstance(default, ChooseBlind) else blind[0]
    if isinstance(default, Choose):
        out[(default.trump_card // 13, default.called)] = default
    elif isinstance(default, CallHearts):
        out[(int(Suit.HEARTS), default.called)] = default
    return out


def _key_of_choice(default: Action) -> Hashable | None:
    if isinstance(default, Choose):
        return (default.trump_card // 13, default.called)
    if isinstance(default, CallHearts):
        return (int(Suit.HEARTS), default.called)
    if isinstance(default, ChooseBlind):
        return "blind"
    return None


def _deal(view: Mapping[str, Any], rng: random.Random) -> tuple[list[int], list[Card]]:
    """Every hand at F's choice (F's unseen second four dealt with the others' cards)
    by index into ``active``, and F's second four in its unseen order."""
    active = list(view["active"])
    me = active.index(view["viewer"])
    first = {card(c) for c in view["hand"]}
    pool = [c for c in DECK_32 if c not in first]
    rng.shuffle(pool)
    second = pool[:4]
    rest = pool[4:]
    hands = []
    for i in range(len(active)):
        if i == me:
            hands.append(sum(1 << c for c in (*first, *second)))
        else:
            j = i if i < me else i - 1
            hands.append(sum(1 << c for c in rest[8 * j : 8 * j + 8]))
    return hands, second


def choice_values(
    view: Mapping[str, Any],
    options: Mapping[Hashable, Action],
    rng: random.Random,
    budget: Budget,
    playouts: int,
) -> dict[Hashable, list[float]]:
    """Each choice's value to F on each of the same deals: the hra it makes, nothing
    announced, after the defenders' flek answer (``krizovy_pricing``'s tariff and
    played-or-not); "z lidu" takes the deal's blind card (its suit's ace called)."""
    active = list(view["active"])
    me = active.index(view["viewer"])
    position = next((a.position for a in options.values() if isinstance(a, ChooseBlind)), 1)
    pricers: dict[int, Pricer] = {}

    def pricer(suit: int) -> Pricer:
        if suit not in pricers:
            hypo = {**view, "kind": "hra", "trump": _SUITS[suit], "honers": [], "stovka": False}
            pricers[suit] = Pricer(hypo, rng, playouts)
        return pricers[suit]

    answers = [Plan(False, {}, {}), Plan(False, {}, {"hra": 1})]
    rows: dict[Hashable, list[list[float]]] = {o: [[], []] for o in options}
    for k in range(budget.samples):
        if k and budget.stop():
            break
        hands, second = _deal(view, rng)
        seed = rng.getrandbits(32)
        for o in options:
            if o == "blind":
                shown = second[position - 1]
                suit, called = shown // 13, _ace(shown // 13)
            else:
                assert isinstance(o, tuple)
                suit, called = o
            holder = next(i for i, h in enumerate(hands) if h >> called & 1)
            world = PricedDeal(hands, frozenset((me, holder)), seed)
            for row, plan in zip(rows[o], answers, strict=True):
                row.append(pricer(suit).value(world, plan))
    return {o: _answered(r, ours=False) for o, r in rows.items()}


def _ace(suit: int) -> Card:
    return max((c for c in DECK_32 if c // 13 == suit), key=lambda c: NORMAL_ORDER.strength[c])


def choose_trumps(
    view: Mapping[str, Any],
    legal: Sequence[Action],
    default: Action,
    rng: random.Random,
    budget: Budget,
    playouts: int,
) -> Action:
    """F's trumps and called card: the rule player's ``default`` unless another
    choice beats it by ``Z`` errors and ``CHOOSE_FLOOR``."""
    key = _key_of_choice(default)
    hand = [card(c) for c in view["hand"]]
    if key is None or len(hand) != 4:
        return default
    options = _calls(legal, default, hand)
    if len(options) < 2:
        return default
    values = choice_values(view, options, rng, budget, playouts)
    return options[pick_by_margin(values, key, lambda _: CHOOSE_FLOOR)]
