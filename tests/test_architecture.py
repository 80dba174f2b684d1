"""The house's layers, read from the source: no import circles and no other module's ``_private`` names
in generator/ and solo/, and no module of 500 lines or more (docs/design.md, "Layers").

Every import counts, at the top of a module and inside a function alike: an import inside a function
still ties the two modules together. The graph is read with ast, not by importing anything.
"""

from __future__ import annotations

import ast
from functools import lru_cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("generator", "solo")
MAX_LINES = 500

# Who owns which part of the tree while issue 26 is worked on in parallel: the checks below are split
# by owner, so a part that is done is held now and the rest is marked as waiting for its owner.
MODEL_AREA = ("generator.model", "generator.components", "generator.elements")  # the "arch" helper
DRAW_AREA = ("generator.draw",)  # the "arch" and "svg" helpers
SOLO_AREA = ("solo",)
# the build, its outputs and pages, the command line and the ground floor: generator/ but the above
BUILD_AREA = ("generator",)
NOT_BUILD = MODEL_AREA + DRAW_AREA


def _in(module: str, area: tuple[str, ...]) -> bool:
    inside = any(module == a or module.startswith(a + ".") for a in area)
    return inside and not (area == BUILD_AREA and _in(module, NOT_BUILD))


@lru_cache(maxsize=None)
def modules() -> dict[str, Path]:
    """Every module of generator/ and solo/ by its dotted name (a package by its own name)."""
    out = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            out[".".join(parts)] = path
    return out


def _is_package(name: str) -> bool:
    return modules()[name].name == "__init__.py"


def _absolute(module: str, node: ast.ImportFrom) -> str:
    """The module an ``import from`` names, relative levels resolved against ``module``."""
    if node.level == 0:
        return node.module or ""
    base = module.split(".")
    if not _is_package(module):
        base.pop()
    base = base[:len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


class Imported:
    """What one module imports: the project modules, and the private names it takes from them."""

    def __init__(self, module: str):
        self.module = module
        self.targets: set[str] = set()
        self.private: list[str] = []  # "generator.build._painter (line 122)"
        tree = ast.parse(modules()[module].read_text(encoding="utf-8"))
        bound: dict[str, str] = {}  # a local name -> the project module it is bound to
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name in modules():
                        self.targets.add(alias.name)
                        bound[alias.asname or alias.name] = alias.name
            elif isinstance(node, ast.ImportFrom):
                source = _absolute(module, node)
                if source.split(".")[0] not in PACKAGES:
                    continue
                for alias in node.names:
                    sub = f"{source}.{alias.name}"
                    if sub in modules():  # a submodule: ``from . import poster`` (layout/ has no __init__)
                        self.targets.add(sub)
                        bound[alias.asname or alias.name] = sub
                        continue
                    self.targets.add(source)
                    if _private(alias.name) and source != module:
                        self.private.append(f"{source}.{alias.name} (line {node.lineno})")
        for node in ast.walk(tree):  # ``build._print_notes`` on a module imported whole
            if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in bound
                    and _private(node.attr) and f"{bound[node.value.id]}.{node.attr}" not in modules()):
                self.private.append(f"{bound[node.value.id]}.{node.attr} (line {node.lineno})")
        self.targets = {t for t in self.targets if t in modules() and t != module}


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


@lru_cache(maxsize=None)
def graph() -> dict[str, Imported]:
    return {name: Imported(name) for name in modules()}


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Every circle of ``edges`` (module -> the modules it imports): the strongly connected groups of two
    or more modules (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:  # iterative: the graph is deep enough for Python's recursion limit
        work = [(v, iter(sorted(edges[v])))]
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        while work:
            node, children = work[-1]
            for w in children:
                if w not in index:
                    index[w] = low[w] = len(index)
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, iter(sorted(edges[w]))))
                    break
                if w in on_stack:
                    low[node] = min(low[node], index[w])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    group = []
                    while True:
                        w = stack.pop()
                        on_stack.discard(w)
                        group.append(w)
                        if w == node:
                            break
                    if len(group) > 1:
                        found.append(sorted(group))

    for name in sorted(edges):
        if name not in index:
            visit(name)
    return found


def import_circles() -> list[list[str]]:
    return cycles({name: imp.targets for name, imp in graph().items()})


def _circles_touching(area: tuple[str, ...]) -> list[list[str]]:
    return [group for group in import_circles() if any(_in(m, area) for m in group)]


def _private_uses(area: tuple[str, ...] | None = None) -> list[str]:
    return [f"{name} uses {use}" for name, imp in sorted(graph().items())
            if area is None or _in(name, area) for use in imp.private]


def test_the_graph_reader_sees_the_imports_it_must():
    """The checks below mean something only if the reader finds imports of every form."""
    imports = graph()
    assert "generator.layout.plan" in imports["generator.build"].targets  # from .layout.plan import ...
    assert "generator.layout.poster" in imports["generator.layout.boardpages"].targets  # from . import poster
    assert "generator.export.gallery" in imports["generator.parts"].targets  # inside a function
    assert "generator.model" in imports["generator.layout.piecepages"].targets  # a package's own name


@pytest.mark.parametrize("edges, circles", [
    ({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}, [["a", "b", "c"]]),
    ({"a": {"b"}, "b": {"a"}, "c": {"d"}, "d": {"c"}}, [["a", "b"], ["c", "d"]]),
    ({"a": {"b", "c"}, "b": {"c"}, "c": set()}, []),
])
def test_the_circle_finder_finds_every_circle_and_no_other(edges, circles):
    assert sorted(cycles(edges)) == circles


def test_build_export_and_layout_import_each_other_in_no_circle():
    """build.py only orders the steps; the page layout, the outputs and the build's parts point down
    (and so does everything else in generator/ but model/, components/, elements/ and draw/)."""
    assert _circles_touching(BUILD_AREA) == []


def test_build_export_and_layout_use_no_private_name_of_another_module():
    assert _private_uses(BUILD_AREA) == []


def test_the_data_model_does_not_import_the_drawing_of_components():
    """model/ reads the data; what only the drawing can check it is handed (components/problems.py)."""
    assert _circles_touching(MODEL_AREA) == []


def test_solo_imports_in_no_circle():
    assert _circles_touching(SOLO_AREA) == []


def test_solo_uses_no_private_name_of_another_module():
    assert _private_uses(SOLO_AREA) == []


def test_no_import_circle_anywhere():
    assert import_circles() == []


def test_no_module_uses_a_private_name_of_another():
    assert _private_uses() == []


def _lines(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


def test_no_module_of_the_model_components_and_elements_reaches_500_lines():
    longest = max((m for m in modules() if _in(m, MODEL_AREA)), key=lambda m: _lines(modules()[m]))
    assert _lines(modules()[longest]) < MAX_LINES, longest


def test_no_module_of_the_build_export_and_layout_reaches_500_lines():
    longest = max((m for m in modules() if _in(m, BUILD_AREA)), key=lambda m: _lines(modules()[m]))
    assert _lines(modules()[longest]) < MAX_LINES, longest


def test_no_module_of_solo_reaches_500_lines():
    longest = max((m for m in modules() if _in(m, SOLO_AREA)), key=lambda m: _lines(modules()[m]))
    assert _lines(modules()[longest]) < MAX_LINES, longest


def test_the_largest_module_is_under_500_lines():
    longest = max(modules(), key=lambda m: _lines(modules()[m]))
    assert _lines(modules()[longest]) < MAX_LINES, f"{longest}: {_lines(modules()[longest])} lines"
