"""The element vocabulary (generator/elements/): a kind is one file, and validation, the schema and
the drawing all read its one declaration of keys and defaults."""

from __future__ import annotations

import shutil
import subprocess
import sys

import numpy as np
import pypdfium2 as pdfium
from conftest import ROOT

ARROW = '''"""arrow: a test kind, one new file."""
from __future__ import annotations

from ..source.schema import POS_MM, Key
from .keys import AT_MM, TO_MM
from .kind import Element, field


class Arrow(Element, kind="arrow"):
    at_mm = field(AT_MM)
    to_mm = field(TO_MM)
    head_mm = field(Key(POS_MM, doc="the head's length"), 3.0)

    def draw(self, s, game, ink):
        from ..draw.surface import Style

        x, y = self.at_mm[:2]
        x2, y2 = self.to_mm[:2]
        s.line(x, y, x2, y2, Style(stroke=ink, width_mm=self.head_mm / 10))
'''

GAME = """game: {id: g, title: G, author: A, licence: CC0, source: test, players: [1, 2]}
components:
  - id: mat
    name: Mat
    kind: board
    size_mm: [100, 60]
    elements:
%s
"""


def test_a_new_element_kind_is_one_new_file(tmp_path):
    """A copy of the program with one file added to generator/elements/: validate knows the new type
    and its keys, refuses them on another kind, pnpforge schema lists them, and the board prints."""
    shutil.copytree(ROOT / "generator", tmp_path / "generator", ignore=shutil.ignore_patterns("__pycache__"))
    (tmp_path / "generator" / "elements" / "arrow.py").write_text(ARROW)
    game = tmp_path / "g"
    game.mkdir()
    (game / "game.yaml").write_text(GAME % "      - {type: arrow, at_mm: [10, 10], to_mm: [60, 40], head_mm: 5}\n"
                                            "      - {type: text, at_mm: [10, 50], text: Hi, head_mm: 5}\n")

    def run(*args):
        return subprocess.run([sys.executable, "-m", "generator", *args], cwd=tmp_path, capture_output=True,
                              text=True)

    done = run("validate", str(game))
    assert done.returncode == 1
    assert "head_mm does not print on a text element (it belongs to arrow elements)" in done.stderr + done.stdout
    assert "game.yaml:9:" in done.stderr + done.stdout  # the text element's line, not the arrow's
    (game / "game.yaml").write_text(GAME % "      - {type: arrow, at_mm: [10, 10], to_mm: [60, 40], head_mm: 5}\n")
    assert run("validate", str(game)).returncode == 0
    schema = run("schema").stdout
    assert '"arrow"' in schema and '"head_mm"' in schema and "the head's length" in schema
    done = run("build", str(game), "--format", "pdf", "--paper", "a4", "--jobs", "1", "--out", str(tmp_path / "out"))
    assert done.returncode == 0, done.stderr
    assert list((tmp_path / "out").rglob("*.pdf"))


def test_the_schema_and_the_key_check_read_the_kinds_declarations():
    from generator.elements import ELEMENT, KEYS_OF, KINDS
    from generator.model import format as fmt

    assert fmt.ELEMENT.get() is ELEMENT
    assert set(ELEMENT.keys["type"].schema.json["enum"]) == set(KINDS) == set(KEYS_OF)
    assert {"text", "box", "track", "grid", "table", "terrain-chart", "hexgrid", "icon", "cue", "line", "polygon",
            "image"} <= set(KINDS)
    for kind, cls in KINDS.items():
        # every kind is placed: at_mm (or at:, a hex of a named map), a link by its two ends
        assert ("at_mm" in cls.FIELDS) != (set(cls.NEEDS) == {"from", "to"}), kind
        assert kind == "hexgrid" or "at" in cls.FIELDS or "at_mm" not in cls.FIELDS, kind
        for name, f in cls.FIELDS.items():
            assert ELEMENT.keys[name].schema is f.key.schema and ELEMENT.keys[name].doc == f.key.doc


def test_every_module_of_the_package_registers_at_most_one_kind():
    from generator.elements import KINDS

    modules = sorted(p.stem for p in (ROOT / "generator" / "elements").glob("*.py")
                     if p.stem not in ("__init__", "kind", "keys", "checks"))
    assert sorted(cls.__module__.rsplit(".", 1)[1] for cls in KINDS.values()) == modules


def test_a_box_without_a_size_prints_its_declared_default_of_20_mm_square(tmp_path):
    from generator.elements.box import Box

    assert Box.default("size_mm") == [20, 20]
    game = tmp_path / "g"
    game.mkdir()
    (game / "game.yaml").write_text(GAME % "      - {type: box, at_mm: [30, 20], fill: '#ff0000'}\n")
    done = subprocess.run([sys.executable, "-m", "generator", "build", str(game), "--format", "pdf", "--paper", "a4",
                           "--jobs", "1", "--out", str(tmp_path / "out")], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    pdf = next(p for p in (tmp_path / "out").rglob("*.pdf"))
    doc = pdfium.PdfDocument(str(pdf))
    for page in doc:
        picture = np.asarray(page.render(scale=254 / 72).to_pil().convert("RGB"), dtype=np.int16)  # 10 px a mm
        red = (picture[..., 0] > 200) & (picture[..., 1] < 60) & (picture[..., 2] < 60)
        if red.any():
            break
    doc.close()
    rows, cols = np.nonzero(red)
    # inside its 0.4 mm edge (drawn on the outline, half of it inside): 20 - 0.4 = 19.6 mm each way
    assert abs((cols.max() - cols.min() + 1) / 10 - 19.6) <= 0.2
    assert abs((rows.max() - rows.min() + 1) / 10 - 19.6) <= 0.2


NOTHING_WITHOUT = [("text", "text"), ("icon", "icon"), ("polygon", "points_mm"), ("line", "to_mm"),
                   ("group", "elements"), ("table", "rows"), ("terrain-chart", "rows")]


def test_an_element_that_would_print_nothing_names_the_key_it_needs(tmp_path):
    """Each of these, written with only its place, printed nothing on the board (a table and a terrain
    chart an empty frame) and validate said ok; now each is refused at its line, naming the key."""
    from gamefolder import line_of

    written = "".join(f"      - {{type: {kind}, at_mm: [10, {5 + 6 * i}]}}\n" for i, (kind, _) in
                      enumerate(NOTHING_WITHOUT))
    game = tmp_path / "g"
    game.mkdir()
    (game / "game.yaml").write_text(GAME % written)
    done = subprocess.run([sys.executable, "-m", "generator", "validate", str(game)], cwd=tmp_path,
                          capture_output=True, text=True)
    assert done.returncode == 1
    a = {"icon": "an"}
    assert done.stderr.splitlines()[:len(NOTHING_WITHOUT)] == [
        f"g/game.yaml:{line_of(game, f'type: {kind},')}: {a.get(kind, 'a')} {kind} element needs {key}:"
        for kind, key in NOTHING_WITHOUT]
