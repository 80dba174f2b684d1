"""The solo package's imports point one way: no module of ``solo/`` imports another that (directly or
through others) imports it back, and none reaches into another module's ``_private`` names (an import
of one, or ``something._name`` on anything but ``self`` or ``cls``)."""

from __future__ import annotations

import ast
from pathlib import Path

SOLO = Path(__file__).resolve().parents[2] / "solo"


def modules() -> dict[str, ast.Module]:
    return {path.stem: ast.parse(path.read_text(encoding="utf-8"), str(path))
            for path in sorted(SOLO.glob("*.py"))}


def solo_imports(tree: ast.Module) -> set[str]:
    """The solo modules a module imports, anywhere in it (inside functions too)."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level == 1 and node.module:
                out.add(node.module.split(".")[0])
            elif node.module and node.module.startswith("solo."):
                out.add(node.module.split(".")[1])
        elif isinstance(node, ast.Import):
            out.update(a.name.split(".")[1] for a in node.names if a.name.startswith("solo."))
    return out


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every import circle, as the path that closes it (depth-first)."""
    found: list[list[str]] = []
    state: dict[str, int] = {}

    def visit(name: str, path: list[str]) -> None:
        state[name] = 1
        for nxt in sorted(graph.get(name, ())):
            if state.get(nxt) == 1:
                found.append(path[path.index(nxt):] + [nxt])
            elif nxt not in state:
                visit(nxt, path + [nxt])
        state[name] = 2

    for name in sorted(graph):
        if name not in state:
            visit(name, [name])
    return found


def test_no_import_circle_in_solo():
    graph = {name: solo_imports(tree) - {name} for name, tree in modules().items()}
    assert graph["rules"].isdisjoint({"board", "engine"})  # the circle this test was written for
    assert cycles(graph) == []


def private_uses(tree: ast.Module) -> list[str]:
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            out += [f"line {node.lineno}: from {node.module} import {a.name}" for a in node.names
                    if a.name.startswith("_") and not a.name.startswith("__")]
        elif isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__"):
            if not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")):
                out.append(f"line {node.lineno}: {ast.unparse(node)}")
    return out


def test_no_module_of_solo_uses_another_modules_private_names():
    found = {name: private_uses(tree) for name, tree in modules().items()}
    assert {name: uses for name, uses in found.items() if uses} == {}


def test_the_cycle_finder_finds_a_circle():
    assert cycles({"board": {"rules"}, "rules": {"board"}}) == [["board", "rules", "board"]]


def test_every_solo_module_is_under_500_lines():
    lengths = {path.name: len(path.read_text(encoding="utf-8").splitlines()) for path in SOLO.glob("*.py")}
    assert max(lengths.values()) < 500, sorted(lengths.items(), key=lambda kv: -kv[1])[:3]
