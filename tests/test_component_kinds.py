"""The component kinds (generator/components/kinds/): a kind is one file declaring what it is (its word,
family, outline, defaults, the keys it refuses, its drawing), and nothing else in the program compares
kind words: a new kind is that file, its tests and its rows in the docs."""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys

import pypdfium2 as pdfium
import pytest
from conftest import ROOT

from generator.model.kinds import KINDS, Family, Outline

CHIT = '''"""chit: a test kind, one new file: a small square piece with rounded corners."""

from ...model.kinds import ComponentKind, Family, Outline, register
from .pieces import CARD_ONLY, fit_piece, paint_piece

KIND = register(ComponentKind("chit", Family.PIECE, "a rounded square chit", outline=Outline.RECT, corner_mm=2.0,
                              label="chit", face_refused=CARD_ONLY, paint=paint_piece, fit=fit_piece))
'''

GAME = """game: {id: g, title: G, author: A, licence: CC0, source: test, players: [1, 2]}
components:
  - id: gold
    name: Gold
    kind: chit
    size_mm: 20
    face: {fill: "#e1b12c"%s}
    items:
      - {name: Gold, count: 12, value: "1"}
"""


def test_a_new_component_kind_is_one_new_file(tmp_path):
    """A copy of the program with one file added to generator/components/kinds/: validate knows the
    kind and refuses a card's key on it, pnpforge schema lists it, and its pieces print (12 chits of
    20 mm; rounded corners, so the print shop gets their cut line)."""
    shutil.copytree(ROOT / "generator", tmp_path / "generator", ignore=shutil.ignore_patterns("__pycache__"))
    (tmp_path / "generator" / "components" / "kinds" / "chit.py").write_text(CHIT)
    game = tmp_path / "g"
    game.mkdir()

    def run(*args):
        return subprocess.run([sys.executable, "-m", "generator", *args], cwd=tmp_path, capture_output=True,
                              text=True)

    (game / "game.yaml").write_text(GAME % ", sections: [{heading: Rules}]")
    done = run("validate", str(game))
    assert done.returncode == 1
    assert "sections does not print on a chit: headings, bullets and tables need a card or a sheet; on a chit" \
        in done.stderr
    (game / "game.yaml").write_text(GAME % "")
    done = run("validate", str(game))
    assert done.returncode == 0, done.stderr
    assert "(1 components, 12 pieces)" in done.stdout
    assert '"chit"' in run("schema").stdout
    done = run("build", str(game), "--format", "pdf", "--paper", "a4", "--jobs", "1", "--out", str(tmp_path / "out"))
    assert done.returncode == 0, done.stderr
    pdf = pdfium.PdfDocument(tmp_path / "out" / "g" / "a4" / "g-a4-single.pdf")
    text = "".join(pdf[i].get_textpage().get_text_range() for i in range(len(pdf)))
    assert "Gold" in text and "12" in text  # the contents checklist lists the 12 chits
    done = run("build", str(game), "--print-shop", "--out", str(tmp_path / "shop"))
    assert done.returncode == 0, done.stderr
    shop = (tmp_path / "shop" / "g" / "print-shop" / "gold.pdf").read_bytes()
    assert b"CutContour" in shop  # rounded corners: the page carries the die line of its own


def test_every_kind_the_format_accepts_is_declared_once_and_documented():
    words = list(KINDS)
    assert sorted(words) == ["board", "card", "counter", "die", "generated", "hex-tile", "sheet", "square-tile",
                             "token"]
    docs = (ROOT / "docs" / "data-format.md").read_text(encoding="utf-8")
    assert [w for w in words if f"`{w}`" not in docs] == []
    modules = sorted(p.stem.replace("_", "-") for p in (ROOT / "generator" / "components" / "kinds").glob("*.py")
                     if p.stem not in ("__init__", "pieces"))
    assert modules == sorted(words)  # one module a kind, named after it


@pytest.mark.parametrize("word, family, outline, butted", [
    ("card", Family.CARD, Outline.RECT, True), ("hex-tile", Family.PIECE, Outline.HEX, False),
    ("token", Family.PIECE, Outline.ROUND, False), ("counter", Family.PIECE, Outline.RECT, True),
    ("square-tile", Family.PIECE, Outline.RECT, True), ("die", Family.DIE, Outline.DIE, False),
    ("board", Family.BOARD, Outline.RECT, False), ("sheet", Family.SHEET, Outline.RECT, False),
])
def test_each_kind_declares_how_it_is_printed_and_cut(word, family, outline, butted):
    kind = KINDS[word]
    assert (kind.family, kind.outline, kind.butted) == (family, outline, butted)
    assert (kind.paint is not None) == (family != Family.SHEET)  # a sheet is a page the layout sets
    assert kind.pieces == (family in (Family.PIECE, Family.CARD, Family.DIE))


def test_a_card_has_round_corners_and_a_tile_sharp_ones_unless_told():
    assert KINDS["card"].corner_mm == 3.0
    assert KINDS["square-tile"].corner_mm == KINDS["counter"].corner_mm == 0.0


def _kind_word_comparisons(text: str, name: str) -> list[str]:
    """Each comparison in a module of a kind word with something named kind (``comp.kind == "card"``,
    ``kind in ("board", "sheet")``, ``spec.get("kind") != "die"``)."""
    words = set(KINDS)
    found = []

    def is_word(node: ast.AST) -> bool:
        if isinstance(node, ast.Constant):
            return node.value in words
        return isinstance(node, (ast.Tuple, ast.List, ast.Set)) and any(is_word(e) for e in node.elts)

    def names_kind(node: ast.AST) -> bool:
        if isinstance(node, ast.Attribute):
            return node.attr == "kind"
        if isinstance(node, ast.Name):
            return node.id in ("kind", "word")
        return isinstance(node, ast.Call) and any(isinstance(a, ast.Constant) and a.value == "kind" for a in node.args)

    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            if any(is_word(s) for s in sides) and any(names_kind(s) for s in sides):
                found.append(f"{name}:{node.lineno}: {ast.unparse(node)}")
    return found


def test_nothing_outside_the_kinds_compares_a_kind_word():
    """A component's family, outline and defaults come from its declaration; a new kind touches no
    other file."""
    found = [hit for path in sorted((ROOT / "generator").rglob("*.py"))
             if "kinds" not in path.relative_to(ROOT / "generator").parts[:2]
             for hit in _kind_word_comparisons(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))]
    assert found == []


def test_the_comparison_finder_finds_the_forms_it_must():
    text = ('if comp.kind == "card":\n    pass\nx = kind in ("board", "sheet")\n'
            'y = spec.get("kind") != "die"\nz = el.get("type") == "text"\n')
    assert [h.split(": ", 1)[0] for h in _kind_word_comparisons(text, "probe.py")] == [
        "probe.py:1", "probe.py:3", "probe.py:4"]
