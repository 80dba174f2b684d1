"""The house's layers, read from the source: every import in generator/ and solo/ points down the layers
of docs/design.md's drawing, no import circles, no other module's ``_private`` names, and no function
over a complexity of 15 (docs/design.md, "Layers").

Every import counts, at the top of a module and inside a function alike: an import inside a function
still ties the two modules together. The graph is read with ast, not by importing anything.
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from functools import lru_cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("generator", "solo")

# The checks below are also made part by part of the tree, so a failure says which part it is in.
MODEL_AREA = ("generator.model", "generator.components", "generator.elements")
DRAW_AREA = ("generator.draw",)
SOLO_AREA = ("solo",)
# the build, its outputs and pages, the command line and the ground floor: generator/ but the above
BUILD_AREA = ("generator",)
NOT_BUILD = MODEL_AREA + DRAW_AREA
# what draws: a model that imported any of it would not be "data only"
DRAWING = ("generator.draw", "generator.art.paint", "generator.art.images", "generator.art.richtext",
           "generator.art.textblock", "generator.art.glyphs", "generator.elements", "generator.components",
           "generator.layout", "generator.export")
# the modules that may lie at the top of generator/: the package's own, ``python -m generator`` and the
# one door the solo engine uses
LOOSE = ("generator", "generator.__main__", "generator.api")


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
    """What one module imports: the project modules (each import with its line), and the private names
    it takes from them. ``text``: the module's source, if not its file's."""

    def __init__(self, module: str, text: str | None = None):
        self.module = module
        self.targets: set[str] = set()
        self.edges: list[tuple[str, int, bool]] = []  # (module imported, line, for type checking only)
        self.private: list[str] = []  # "generator.build.game._painter (line 122)"
        tree = ast.parse(modules()[module].read_text(encoding="utf-8") if text is None else text)
        typing_only = _type_checking_nodes(tree)
        bound: dict[str, str] = {}  # a local name -> the project module it is bound to

        def add(target: str, node: ast.stmt) -> None:
            self.targets.add(target)
            self.edges.append((target, node.lineno, id(node) in typing_only))

        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name in modules():
                        add(alias.name, node)
                        bound[alias.asname or alias.name] = alias.name
            elif isinstance(node, ast.ImportFrom):
                source = _absolute(module, node)
                if source.split(".")[0] not in PACKAGES:
                    continue
                for alias in node.names:
                    sub = f"{source}.{alias.name}"
                    if sub in modules():  # a submodule: ``from . import poster`` (layout/ has no __init__)
                        add(sub, node)
                        bound[alias.asname or alias.name] = sub
                        continue
                    add(source, node)
                    if _private(alias.name) and source != module:
                        self.private.append(f"{source}.{alias.name} (line {node.lineno})")
        for node in ast.walk(tree):  # ``build._print_notes`` on a module imported whole
            if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in bound
                    and _private(node.attr) and f"{bound[node.value.id]}.{node.attr}" not in modules()):
                self.private.append(f"{bound[node.value.id]}.{node.attr} (line {node.lineno})")
        self.targets = {t for t in self.targets if t in modules() and t != module}
        self.edges = sorted({e for e in self.edges if e[0] in modules() and e[0] != module}, key=lambda e: e[1])


def _type_checking_nodes(tree: ast.Module) -> set[int]:
    """The ids of the nodes under ``if TYPE_CHECKING:``: names for the annotations, nothing loaded."""
    out: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and ast.unparse(node.test) in ("TYPE_CHECKING", "typing.TYPE_CHECKING"):
            out.update(id(n) for stmt in node.body for n in ast.walk(stmt))
    return out


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


# -- the layers: every import points down ------------------------------------------------------------

# docs/design.md's drawing of the layers, top down, word for word as its left column has them: a
# ``folder/`` is every module in it (the layers are folders); the only modules named alone are the
# LOOSE ones (``__init__.py`` the package's own). A module imports its own layer and those below.
LAYERS = (
    "__main__.py, cli/",
    "solo/",
    "api.py",
    "build/",
    "export/",
    "layout/",
    "components/, generators/",
    "elements/",
    "model/",
    "art/",
    "draw/",
    "geometry/",
    "source/",
    "base/, __init__.py",
)


def _words(layer: str) -> list[str]:
    return re.findall(r"[^\s,]+", layer)


def _named(word: str) -> str:
    """The module or folder a word of the drawing names: ``layout/`` generator.layout, ``solo/`` solo,
    ``components/art.py`` generator.art.paint, ``paper`` generator.geometry.paper, ``__init__.py`` generator."""
    name = word.removesuffix(".py").rstrip("/")
    if name in ("solo", "__init__"):
        return {"solo": "solo", "__init__": "generator"}[name]
    return "generator." + name.replace("/", ".")


@lru_cache(maxsize=None)
def _drawn() -> dict[str, tuple[int, str]]:
    """Each module or folder the drawing names -> (its layer, 0 the ground floor; the word naming it)."""
    return {_named(w): (len(LAYERS) - 1 - i, w) for i, layer in enumerate(LAYERS) for w in _words(layer)}


def placed(module: str) -> tuple[int, str] | None:
    """(layer, word of the drawing) of ``module``: the module itself or the deepest folder named that
    holds it; None if the drawing places it nowhere (``generator`` names the package's own module only)."""
    parts = module.split(".")
    for n in range(len(parts), 0, -1):
        name = ".".join(parts[:n])
        if name in _drawn() and (n == len(parts) or name != "generator"):
            return _drawn()[name]
    return None


def _file(module: str) -> str:
    return modules()[module].relative_to(ROOT).as_posix()


def imports_up(imported: dict[str, Imported]) -> list[str]:
    """Every import of a module from a layer above its own (not those under ``if TYPE_CHECKING:``)."""
    found = []
    for name, imp in sorted(imported.items()):
        for target, line, typing_only in imp.edges:
            (mine, my_word), (theirs, their_word) = placed(name), placed(target)
            if theirs > mine and not typing_only:
                found.append(f"{_file(name)}:{line}: {name} imports {target} ({their_word}), a layer above its own "
                             f"({my_word})")
    return found


def drawn_layers(text: str) -> list[str]:
    """The left column of the Layers drawing in design.md's ``text``, a layer a line: the drawing's lines
    between two ``|`` joined; the right column (after two spaces) is prose."""
    section = text.split("## Layers: imports point down\n", 1)[1].split("\n## ", 1)[0]
    lines = section.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("    ") and line.strip())
    layers, words = [], []
    for line in lines[start:]:
        if not line.startswith("    "):
            break
        if line.strip().startswith("|"):
            layers.append(" ".join(words))
            words = []
        elif line[4] != " ":
            words.append(re.split(r"\s{2,}", line.strip(), maxsplit=1)[0])
    return layers + [" ".join(words)]


def test_every_module_has_a_layer():
    """A new module is placed in docs/design.md's drawing (and in LAYERS) before it is used."""
    unplaced = [_file(m) for m in modules() if placed(m) is None]
    assert not unplaced, f"placed in no layer of docs/design.md's drawing and LAYERS: {', '.join(unplaced)}"


def test_the_layers_are_folders():
    """Every module of generator/ sits in a folder of its layer; none lies loose at the top but the LOOSE
    ones, and the drawing names every folder whole (not a module of one)."""
    loose = [_file(m) for m in modules() if m.startswith("generator") and m.count(".") < 2 and m not in LOOSE
             and not _is_package(m)]
    assert loose == [], f"modules loose at the top of generator/: move each into its layer's folder: {loose}"
    named_alone = [w for layer in LAYERS for w in _words(layer) if not w.endswith("/")
                   and _named(w) not in LOOSE]
    assert named_alone == []


def test_the_model_imports_no_drawing_not_even_through_another_module():
    """model/ is data: it reads, checks and holds a game. What only the drawing can check (pictures,
    fonts, text that fits, the element kinds' own checks) it is handed from above (build/loading.py)."""
    reached, todo = set(), [m for m in modules() if _in(m, ("generator.model",))]
    while todo:
        for target in graph()[todo.pop()].targets:
            if target not in reached:
                reached.add(target)
                todo.append(target)
    drawing = sorted(m for m in reached if _in(m, DRAWING))
    assert drawing == [], f"the model loads drawing modules: {drawing}"


def test_every_name_of_the_drawing_is_a_module_or_a_folder_of_them():
    folders = {m.rsplit(".", n)[0] for m in modules() for n in (1, 2)}
    assert [w for layer in LAYERS for w in _words(layer) if _named(w) not in set(modules()) | folders] == []


def test_the_layers_are_the_ones_design_md_draws():
    drawn = drawn_layers((ROOT / "docs" / "design.md").read_text(encoding="utf-8"))
    assert [_words(layer) for layer in drawn] == [_words(layer) for layer in LAYERS]


def test_every_import_points_down_the_layers():
    """At the top of a module or inside a function: model/ imports no layout/, draw/ no components/."""
    found = imports_up(graph())
    assert not found, "imports up the layers (docs/design.md, Layers):\n" + "\n".join(found)


def test_an_import_up_the_layers_is_found_inside_a_function_with_its_line():
    source = ("from ..base.errors import DataError\n\n\ndef estimate():\n"
              "    from ..layout.page import PAPERS  # page sizes\n    return PAPERS\n")
    assert imports_up({"generator.model.limits": Imported("generator.model.limits", source)}) == [
        "generator/model/limits.py:5: generator.model.limits imports generator.layout.page (layout/), a layer "
        "above its own (model/)"]
    source = "def image(path):\n    from ..art.images import natural_size\n"
    assert imports_up({"generator.draw.svg": Imported("generator.draw.svg", source)}) == [
        "generator/draw/svg.py:2: generator.draw.svg imports generator.art.images (art/), "
        "a layer above its own (draw/)"]


def test_a_type_named_for_the_annotations_alone_is_no_import_up():
    """Under ``if TYPE_CHECKING:`` nothing is loaded: a module may name a type of a layer above it."""
    typed = "from typing import TYPE_CHECKING\n\nif TYPE_CHECKING:\n    from ..elements.kind import Element\n"
    assert imports_up({"generator.model.load": Imported("generator.model.load", typed)}) == []
    loaded = "from ..elements.kind import Element\n"
    assert imports_up({"generator.model.load": Imported("generator.model.load", loaded)}) == [
        "generator/model/load.py:1: generator.model.load imports generator.elements.kind (elements/), a layer above "
        "its own (model/)"]


def test_the_drawing_reader_reads_a_layer_over_several_lines():
    text = ("## Layers: imports point down\n\nProse.\n\n"
            "    cli.py                a comment\n        |                 more comment\n"
            "    build.py,             steps\n    solo/                 beside\n        |\n"
            "    draw/                 the drawing\n\nProse.\n## Next\n")
    assert drawn_layers(text) == ["cli.py", "build.py, solo/", "draw/"]


def test_the_graph_reader_sees_the_imports_it_must():
    """The checks below mean something only if the reader finds imports of every form."""
    imports = graph()
    assert "generator.layout.plan" in imports["generator.build.game"].targets  # from .layout.plan import ...
    assert "generator.layout.poster" in imports["generator.layout.boardpages"].targets  # from . import poster
    assert "generator.export.gallery" in imports["generator.build.parts"].targets  # inside a function
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


def _folder(module: str) -> str:
    parts = module.split(".")
    return ".".join(parts[:2]) if parts[0] == "generator" and len(parts) > 2 else module


def test_no_circle_between_folders():
    """Counting imports inside functions: no folder imports a folder that imports it back (components/
    and generators/ share a layer, and still do not)."""
    edges: dict[str, set[str]] = {}
    for name, imp in graph().items():
        edges.setdefault(_folder(name), set()).update(_folder(t) for t in imp.targets if _folder(t) != _folder(name))
    for targets in list(edges.values()):
        for t in targets:
            edges.setdefault(t, set())
    assert cycles(edges) == []


def test_no_module_uses_a_private_name_of_another():
    assert _private_uses() == []


# -- simple to change: a complexity cap per function, not a line cap per module ------------------------

MAX_COMPLEXITY = 15  # McCabe's: the paths through a function (ruff's C901, configured in pyproject.toml)
# Functions over the cap when it came in, at their complexity then: each may only get simpler (none now).
OVER_THE_CAP: dict[tuple[str, str], int] = {}


def _too_complex() -> dict[tuple[str, str], int]:
    import json

    done = subprocess.run([sys.executable, "-m", "ruff", "check", "--select", "C901", "--output-format", "json",
                           "--no-cache", "generator", "solo"], cwd=ROOT, capture_output=True, text=True)
    found = {}
    for problem in json.loads(done.stdout):
        name, complexity = re.search(r"`([^`]+)` is too complex \((\d+)", problem["message"]).groups()
        found[(Path(problem["filename"]).resolve().relative_to(ROOT).as_posix(), name)] = int(complexity)
    return found


def test_no_function_is_over_the_complexity_cap():
    """A module is as long as its one concern needs; a function stays simple enough to follow."""
    found = _too_complex()
    new = {k: v for k, v in found.items() if k not in OVER_THE_CAP}
    assert not new, f"over complexity {MAX_COMPLEXITY}; split along the function's seams: {new}"
    worse = {k: (OVER_THE_CAP[k], v) for k, v in found.items() if k in OVER_THE_CAP and v > OVER_THE_CAP[k]}
    assert not worse, f"more complex than when the cap came in (then, now): {worse}"
    simpler = sorted(k for k in OVER_THE_CAP if k not in found)
    assert not simpler, f"now under the cap: take them off OVER_THE_CAP: {simpler}"
