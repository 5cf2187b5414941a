"""The package's shape: no import circle, and no import that runs back up a layer.

Every module under ``voicefish/`` is parsed (``ast``, no import is run) for every import it makes: at the top, inside
functions and under ``if TYPE_CHECKING:`` alike. The layers, bottom up — a module imports only from its own layer or
the layers below it:

    cards, rules -> engine -> bots, sim -> speech -> audio -> table -> outputs -> commands, cli

A circle is one both between modules (``table/loop.py`` -> ``table/ears.py`` -> ``table/loop.py``) and between the
top-level packages (``table`` -> ``outputs`` -> ``table``). A new top-level module or package must be given a layer
here. See README.md, "How it is built".
"""

from __future__ import annotations

import ast
from collections.abc import Mapping
from pathlib import Path

import pytest

PACKAGE = "voicefish"
ROOT = Path(__file__).resolve().parents[1] / PACKAGE

LAYERS: tuple[frozenset[str], ...] = (
    frozenset({"cards", "rules"}),
    frozenset({"engine"}),
    frozenset({"bots", "sim"}),
    frozenset({"speech"}),
    frozenset({"audio"}),
    frozenset({"table"}),
    frozenset({"outputs"}),
    frozenset({"commands", "cli", "__main__"}),
)
"""Bottom up. ``voicefish/__init__.py`` itself may import nothing of ours but ``_compiled`` (with it, below every
layer: it chooses the compiled or the source engine before any module of a layer is imported)."""
BELOW: frozenset[str] = frozenset({"", "_compiled"})
"""The package root ``""`` and what it runs first: below every layer."""

Graph = dict[str, set[str]]


def module_names(root: Path, package: str) -> dict[str, Path]:
    """Every module of the package by its dotted name (a package by its own name, for its ``__init__.py``)."""
    out: dict[str, Path] = {}
    for path in sorted(root.rglob("*.py")):
        parts = [package, *path.relative_to(root).with_suffix("").parts]
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def _imported(node: ast.Import | ast.ImportFrom, name: str, is_package: bool) -> list[str]:
    """The dotted names one import statement in module ``name`` reaches: ``from X import y`` is ``X.y``, the module
    ``X.y`` if there is one, else a name in ``X`` (the longest prefix that is a module is taken)."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if node.level:
        base = name.split(".") if is_package else name.split(".")[:-1]
        base = base[: len(base) - (node.level - 1)]
        module = ".".join([*base, node.module] if node.module else base)
    else:
        module = node.module or ""
    return [f"{module}.{alias.name}" for alias in node.names]


def import_graph(root: Path = ROOT, package: str = PACKAGE) -> Graph:
    """Module -> the modules of the package it imports, anywhere in its body."""
    modules = module_names(root, package)
    graph: Graph = {}
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        targets: set[str] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Import | ast.ImportFrom):
                for dotted in _imported(node, name, path.name == "__init__.py"):
                    # the longest prefix that is one of our modules: "voicefish.outputs.channels.Channel" -> the module
                    parts = dotted.split(".")
                    while parts and ".".join(parts) not in modules:
                        parts.pop()
                    if parts:
                        targets.add(".".join(parts))
        targets.discard(name)
        graph[name] = targets
    return graph


def unit(module: str) -> str:
    """The top-level module or package a module belongs to: ``voicefish.table.loop`` -> ``table``."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


def unit_graph(graph: Mapping[str, set[str]]) -> Graph:
    """The same imports between top-level units (``table`` -> ``screen``), a unit's own imports left out."""
    out: Graph = {}
    for module, targets in graph.items():
        edges = out.setdefault(unit(module), set())
        edges.update(unit(t) for t in targets if unit(t) != unit(module))
    return out


def circles(graph: Mapping[str, set[str]]) -> list[list[str]]:
    """Every group of modules that import each other round a circle (strongly connected, Tarjan), sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph.get(node, ())):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group: list[str] = []
            while not group or group[-1] != node:
                group.append(stack.pop())
                on_stack.discard(group[-1])
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(found)


def layer(name: str) -> int:
    """The layer of a top-level unit; the package root (:data:`BELOW`) is below them all."""
    if name in BELOW:
        return -1
    for number, names in enumerate(LAYERS):
        if name in names:
            return number
    raise KeyError(name)


def upward_imports(graph: Mapping[str, set[str]]) -> list[str]:
    """Every import of a module from a layer above its own, as ``importer -> imported``."""
    return sorted(
        f"{module} -> {target}"
        for module, targets in graph.items()
        for target in targets
        if layer(unit(target)) > layer(unit(module))
    )


GRAPH = import_graph()


def test_every_module_was_read_and_imports_were_found() -> None:
    assert len(GRAPH) > 50 and "voicefish.table" in GRAPH and "voicefish.cli" in GRAPH
    assert "voicefish.cards" in GRAPH["voicefish.rules"]


def test_every_top_level_module_and_package_has_a_layer() -> None:
    unplaced = sorted({unit(m) for m in GRAPH} - {*BELOW, *(name for names in LAYERS for name in names)})
    assert not unplaced, f"give these a layer in tests/test_architecture.py LAYERS: {unplaced}"


def test_no_import_circle_between_modules() -> None:
    assert circles(GRAPH) == [], "modules that import each other round a circle"


def test_no_import_circle_between_packages() -> None:
    assert circles(unit_graph(GRAPH)) == [], "packages that import each other round a circle"


def test_no_import_runs_back_up_a_layer() -> None:
    assert upward_imports(GRAPH) == []


def test_the_outputs_wing_reaches_the_table_only_through_its_messages_and_never_into_audio() -> None:
    """Channels, the table speaker's sink, earpieces, the terminal reveal and the web pages take what the table says
    (``voicefish.table.message``) and are handed the rest (a speaker) by ``voicefish.commands``, which wires them."""
    reached = sorted(
        f"{module} -> {target}"
        for module, targets in GRAPH.items()
        if unit(module) == "outputs"
        for target in targets
        if unit(target) in {"table", "audio"} and target != "voicefish.table.message"
    )
    assert reached == []
    assert "voicefish.commands.table_io" in GRAPH["voicefish.commands.play"]


@pytest.fixture
def planted(tmp_path: Path) -> Path:
    """A small package with a circle inside ``table`` (through an import in a function) and an upward import."""
    root = tmp_path / "pkg"
    for folder in ("engine", "table"):
        (root / folder).mkdir(parents=True)
        (root / folder / "__init__.py").write_text("")
    (root / "__init__.py").write_text("")
    (root / "cards.py").write_text("X = 1\n")
    (root / "engine" / "game.py").write_text("from pkg.cards import X\nfrom ..table import loop\n")
    (root / "table" / "loop.py").write_text("from . import ears\n")
    (root / "table" / "ears.py").write_text("def late() -> None:\n    from pkg.table.loop import run\n")
    return root


def test_the_checks_find_a_planted_circle_and_upward_import(planted: Path) -> None:
    graph = import_graph(planted, "pkg")
    assert graph["pkg.engine.game"] == {"pkg.cards", "pkg.table.loop"}
    assert circles(graph) == [["pkg.table.ears", "pkg.table.loop"]]
    assert upward_imports(graph) == ["pkg.engine.game -> pkg.table.loop"]
    assert circles(unit_graph(graph)) == []
    graph["pkg.table.ears"].add("pkg.engine.game")
    assert circles(unit_graph(graph)) == [["engine", "table"]]
