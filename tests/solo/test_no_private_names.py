"""No module of ``solo/`` reaches into another's ``_private`` names: not by importing one, and not as
``something._name`` on anything but ``self`` or ``cls`` (a kingdom's ``k._check_site``, a random
generator's ``rng._randbelow``). tests/test_architecture.py holds the imports of the whole house (no
circle, no private name imported, no function over the complexity cap); this adds the attributes of objects."""

from __future__ import annotations

import ast
from pathlib import Path

SOLO = Path(__file__).resolve().parents[2] / "solo"


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


def test_the_finder_sees_a_private_attribute():
    assert private_uses(ast.parse("k._check_site(kind, h)\nself._t = 1\n")) == ["line 1: k._check_site"]


def test_no_module_of_solo_uses_another_modules_private_names():
    found = {path.name: private_uses(ast.parse(path.read_text(encoding="utf-8")))
             for path in sorted(SOLO.glob("*.py"))}
    assert {name: uses for name, uses in found.items() if uses} == {}
