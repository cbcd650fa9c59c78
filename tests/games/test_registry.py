"""One registry plugs a game in: no code branches on a variant's id, every
entry names what the hosts need, and the game packages import without circles.

The source checks read the code with ``ast`` rather than running it, so they
hold for every branch, including the ones no other test reaches.
"""

from __future__ import annotations

import ast
import random
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest

from bot.render import RENDERERS, playable, renderer_for
from games.blazen.variant import BLAZEN, BlazenVariant
from games.cenzr.variant import CENZR
from games.engine import BaseVariant, Outcome
from games.marias.variant import VOLENY, VolenyVariant
from games.marias_dvou.variant import DVOU
from games.marias_krizovy.variant import KRIZOVY
from games.marias_licit.variant import LICITOVANY
from games.players import PLAYER_NAMES, make_player
from games.players.blazen_rules import BlazenRulePlayer
from games.players.blazen_strong import BlazenStrongPlayer
from games.players.marias_rules import MariasRulePlayer
from games.players.marias_rules_v1 import MariasRulePlayerV1
from games.players.marias_strong import MariasStrongPlayer
from games.players.random_player import RandomPlayer
from games.registry import (
    REGISTRY,
    TERMINAL_FUNCTIONS,
    VARIANTS,
    ArenaMeasure,
    UnknownVariant,
    find_registration,
    load,
    registration,
)
from games.tisic.variant import TISIC

ROOT = Path(__file__).resolve().parents[2]
GAME_PACKAGES = (
    "marias",
    "blazen",
    "cenzr",
    "tisic",
    "marias_licit",
    "marias_dvou",
    "marias_krizovy",
)
"""The per-game packages under ``games/``: each may name its own id."""

NAMES = frozenset(name for entry in REGISTRY for name in (entry.variant.id, *entry.variant.aliases))
"""Every id and alias; a string literal equal to one (or a prefix of one) names a game."""


# --- no branch on a variant id ---------------------------------------------


def _names_a_game(node: ast.AST) -> bool:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value in NAMES
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return any(_names_a_game(e) for e in node.elts)
    return False


def _literal_branches(source: str) -> Iterator[int]:
    """Lines that compare something with a game's name: ``== "blazen"``,
    ``in ("marias", ...)``, ``.startswith("marias")``, ``case "blazen":``."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            if any(_names_a_game(n) for n in (node.left, *node.comparators)):
                yield node.lineno
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in ("startswith", "endswith")
            and node.args
        ):
            arg = node.args[0]
            literals = arg.elts if isinstance(arg, ast.Tuple) else [arg]
            texts = [c.value for c in literals if isinstance(c, ast.Constant)]
            if any(isinstance(t, str) and any(n.startswith(t) for n in NAMES) for t in texts):
                yield node.lineno
        elif isinstance(node, ast.MatchValue) and _names_a_game(node.value):
            yield node.value.lineno


def _sources() -> Iterator[Path]:
    for top in ("games", "bot"):
        for path in sorted((ROOT / top).rglob("*.py")):
            relative = path.relative_to(ROOT)
            if relative == Path("games/registry.py"):
                continue  # the table itself names every game
            if relative.parts[:2] in {("games", p) for p in GAME_PACKAGES}:
                continue  # a game's own package may name its own id
            yield path


def test_the_source_check_sees_every_form_of_a_branch_on_an_id() -> None:
    """The forms the hosts used before the registry (players, play, bench, arena)."""
    old = """
if name == "rules" and variant_id.startswith("marias"):
    pass
fool = variant.id == "blazen"
if variant.id != "marias-voleny":
    pass
if kind in ("blazen", "durak"):
    pass
match variant.id:
    case "blazen":
        pass
"""
    assert sorted(_literal_branches(old)) == [2, 4, 5, 7, 10]
    assert not list(_literal_branches('catalog = "marias"\nif x == "rules":\n    pass\n'))


def test_no_module_of_games_or_bot_branches_on_a_variant_id() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{line}"
        for path in _sources()
        for line in _literal_branches(path.read_text(encoding="utf-8"))
    ]
    assert found == [], "ask games.registry instead of testing a variant id: " + ", ".join(found)


# --- the registry's entries --------------------------------------------------


def test_variants_are_the_registry_entries_with_distinct_names() -> None:
    assert (
        VARIANTS
        == tuple(entry.variant for entry in REGISTRY)
        == (
            VOLENY,
            BLAZEN,
            CENZR,
            TISIC,
            LICITOVANY,
            DVOU,
            KRIZOVY,
        )
    )
    names = [n for e in REGISTRY for n in {e.variant.id, *e.variant.aliases}]
    assert len(names) == len(set(names)), "an alias may name one variant only"
    for entry in REGISTRY:
        assert registration(entry.variant.id) is entry
        for alias in entry.variant.aliases:
            assert find_registration(alias) is entry
    with pytest.raises(UnknownVariant):
        registration("marias")  # an alias is not an id
    with pytest.raises(UnknownVariant):
        find_registration("poker")


@pytest.mark.parametrize("entry", REGISTRY, ids=lambda e: e.variant.id)
def test_every_variant_names_its_players_texts_renderer_and_bench(entry: Any) -> None:
    variant = entry.variant
    assert {"random", "rules"} <= set(entry.players)
    options = variant.options()
    state = variant.new_deal(options, variant.seat_range(options)[0], 0, seed=5)
    seat = min(variant.due(state))
    legal = state.legal_actions(seat)
    for kind in entry.players:
        player = entry.player(kind)
        assert player.choose(state.view(seat), legal, seat, random.Random(1)) in legal
    text = entry.text()
    for name in TERMINAL_FUNCTIONS:
        assert callable(getattr(text, name)), f"{entry.terminal_text} lacks {name}"
    assert entry.renderer is not None
    renderer = renderer_for(variant.id)
    assert type(renderer) is load(entry.renderer)
    assert renderer.variant_id == variant.id
    assert entry.bench is not None and callable(load(entry.bench))
    assert set(entry.deal_noun) >= {"cs", "en"}


def test_the_bot_shows_every_registered_variant() -> None:
    assert set(RENDERERS) == {e.variant.id for e in REGISTRY if e.renderer is not None}
    assert playable() == list(VARIANTS)


def test_make_player_looks_the_player_up_in_the_registry() -> None:
    assert PLAYER_NAMES == ("random", "rules", "rules-v1", "strong")
    assert isinstance(make_player("random", BLAZEN.id), RandomPlayer)
    assert isinstance(make_player("rules", VOLENY.id), MariasRulePlayer)
    assert isinstance(make_player("rules-v1", VOLENY.id), MariasRulePlayerV1)
    assert isinstance(make_player("rules", BLAZEN.id), BlazenRulePlayer)
    assert isinstance(make_player("rules-v1", BLAZEN.id), BlazenRulePlayer)
    assert isinstance(make_player("strong", VOLENY.id), MariasStrongPlayer)
    assert isinstance(make_player("strong", BLAZEN.id), BlazenStrongPlayer)
    with pytest.raises(KeyError, match="no computer player 'genius' for blazen"):
        make_player("genius", BLAZEN.id)
    with pytest.raises(KeyError):
        make_player("random", "poker")


def test_the_arena_measure_counts_money_or_losses() -> None:
    assert find_registration("marias").arena.score(-40) == -40.0
    fool = find_registration("blazen").arena
    assert (fool.score(1), fool.score(0), fool.score(-1)) == (1.0, 0.0, 0.0)
    assert fool.note is not None and ArenaMeasure().note is None


# --- the base variant ----------------------------------------------------------


class _Plain(BaseVariant):
    """A variant giving only what has no default."""

    id = "plain"
    title: Mapping[str, str] = {"en": "Plain"}
    min_seats = 2
    max_seats = 5

    def new_deal(self, options: Any, seats: int, dealer: int, **kwargs: Any) -> Any:
        return None

    def parse_action(self, code: str) -> Any:
        return code

    def apply(self, state: Any, seat: int, action: Any) -> Any:
        return state, ()

    def dealt_cards(self, state: Any) -> dict[str, list[str]]:
        return {}


class _ToAct:
    def to_act(self) -> frozenset[int]:
        return frozenset({1, 2})


def test_base_variant_gives_the_plain_tables_defaults() -> None:
    plain = _Plain()
    assert plain.seat_range(None) == (2, 5)
    assert plain.sitting_out(None, 4, 0) == frozenset()
    assert 0 <= plain.first_dealer(None, 4, 7) < 4
    assert plain.first_dealer(None, 4, 7) == plain.first_dealer(None, 4, 7)
    assert plain.next_deal_cards(None, None, 4, 0, 1) is None
    match = plain.start_match(None, 4, 3)
    assert (match.dealer, match.totals, match.deals, match.over) == (3, (0, 0, 0, 0), 0, False)
    following = plain.record_deal(match, Outcome((2, -1, 0, -1), {}), None)
    assert (following.dealer, following.opener) == (0, None)
    assert (following.totals, following.deals, following.over) == ((2, -1, 0, -1), 1, False)
    assert [(s.seat, s.place) for s in plain.standings(following, None)] == [
        (0, 1),
        (2, 2),
        (1, 3),
        (3, 3),
    ]
    assert plain.settlement(following, None) is None
    assert plain.due(_ToAct()) == frozenset({1, 2})
    assert plain.turn_share(_ToAct(), 1) == 1.0
    assert plain.timeout_action(_ToAct(), 1) is None


def test_base_variant_refuses_a_game_without_the_required_hooks() -> None:
    class Half(BaseVariant):
        id = "half"

        def parse_action(self, code: str) -> Any:
            return code

    with pytest.raises(TypeError, match="abstract"):
        Half()  # type: ignore[abstract]


@pytest.mark.parametrize(
    ("cls", "defaults"),
    [
        (
            VolenyVariant,
            {
                "options",
                "seat_range",
                "start_match",
                "record_deal",
                "standings",
                "due",
                "turn_share",
                "timeout_action",
            },
        ),
        (
            BlazenVariant,
            {"options", "first_dealer", "next_deal_cards", "start_match", "settlement"},
        ),
    ],
)
def test_variants_keep_the_defaults_their_rules_share(cls: type, defaults: set[str]) -> None:
    """Each variant overrides only what differs: these hooks come from the base."""
    assert issubclass(cls, BaseVariant)
    assert not defaults & set(vars(cls)), "a copy of a BaseVariant default"
    assert isinstance(VOLENY, BaseVariant) and isinstance(BLAZEN, BaseVariant)


# --- no import circles inside a game package ---------------------------------


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(tree: ast.AST, package: str, modules: set[str]) -> Iterator[str]:
    """The sibling modules a module imports, at module level or deferred inside a
    function (a deferred import hides a circle, it does not remove it), but not
    under ``if TYPE_CHECKING:``, which never runs."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            yield from (m for n in node.orelse for m in _imports(n, package, modules))
            continue
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith(package + "."):
                    yield alias.name.split(".")[2]
        elif isinstance(node, ast.ImportFrom) and node.module is not None:
            module = node.module
            if node.level:  # from . import x / from .x import y
                module = package + ("." + module if module else "")
            if module == package:
                yield from (a.name for a in node.names if a.name in modules)
            elif module.startswith(package + "."):
                yield module.split(".")[2]
        yield from _imports(node, package, modules)


def _import_graph(name: str) -> dict[str, set[str]]:
    folder = ROOT / "games" / name
    modules = {p.stem for p in folder.glob("*.py")}
    return {
        p.stem: set(_imports(ast.parse(p.read_text(encoding="utf-8")), f"games.{name}", modules))
        - {p.stem}
        for p in folder.glob("*.py")
    }


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import circle of the graph, as a path that returns to its start, or None."""
    done: set[str] = set()

    def visit(module: str, path: list[str]) -> list[str] | None:
        if module in path:
            return [*path[path.index(module) :], module]
        if module in done:
            return None
        for imported in sorted(graph.get(module, ())):
            found = visit(imported, [*path, module])
            if found:
                return found
        done.add(module)
        return None

    for module in sorted(graph):
        found = visit(module, [])
        if found:
            return found
    return None


def test_the_cycle_check_finds_a_deferred_circle() -> None:
    source = "from games.g import legality\n\ndef f():\n    from games.g import state\n"
    tree = ast.parse(source)
    assert set(_imports(tree, "games.g", {"legality", "state"})) == {"legality", "state"}
    hidden = ast.parse(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from games.g import x\n"
    )
    assert not set(_imports(hidden, "games.g", {"x"}))
    assert _cycle({"state": {"legality"}, "legality": {"rules", "state"}, "rules": set()}) == [
        "legality",
        "state",
        "legality",
    ]
    assert _cycle({"state": {"rules"}, "legality": {"state"}, "rules": set()}) is None


@pytest.mark.parametrize("package", GAME_PACKAGES)
def test_a_game_package_imports_without_circles(package: str) -> None:
    graph = _import_graph(package)
    assert {"state", "legality", "scoring", "views"} <= set(graph)
    assert not graph["state"] & {"legality", "scoring", "views", "game", "deal", "transitions"}
    assert _cycle(graph) is None, " -> ".join(_cycle(graph) or [])
