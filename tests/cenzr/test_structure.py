"""The package's shape (docs/architecture.md): pure, no import circles, the
state module free of rule modules, no global random state or clock."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.games.test_registry import _cycle, _import_graph

PACKAGE = Path(__file__).resolve().parents[2] / "games" / "cenzr"
FORBIDDEN = ("bot", "storage", "telegram", "asyncio", "sqlite3", "aiosqlite", "time", "datetime")


def test_no_import_circles_and_a_state_module_without_rules() -> None:
    graph = _import_graph("cenzr")
    assert {"state", "legality", "scoring", "views"} <= set(graph)
    assert not graph["state"] & {"legality", "scoring", "views", "game", "deal", "transitions"}
    assert _cycle(graph) is None, " -> ".join(_cycle(graph) or [])


def test_nothing_impure_is_imported_and_random_is_always_seeded() -> None:
    for path in PACKAGE.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            else:
                names = []
            for name in names:
                assert name.split(".")[0] not in FORBIDDEN, f"{path.name} imports {name}"
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.value.id == "random"
            ):
                assert node.attr == "Random", f"{path.name} uses random.{node.attr}"
