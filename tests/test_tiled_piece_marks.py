"""A mat printed in pieces: on each piece the little map of the pieces (top right) stands clear of
the alignment cross at the view's corner, measured in the PDF. It used to end 1 mm short of the
cross, whose ring (1.2 mm) touched the map's corner on Lords of War's tournament mat and KTech's
map."""

from __future__ import annotations

import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from generator.build.game import Options, build_game
from generator.build.loading import load_game
from generator.model import resolve_game
from tests.pdfpaths import page_paths

CELL_MM = (3.0, 2.4)  # one piece in the little map
ARM_MM = 5.0  # the cross: two 5 mm strokes


def _box(points):
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


def _gap_mm(a, b) -> float:
    """The clear distance between two boxes (0 when they touch or overlap)."""
    dx = max(a[0] - b[2], b[0] - a[2], 0.0)
    dy = max(a[1] - b[3], b[1] - a[3], 0.0)
    return (dx * dx + dy * dy) ** 0.5


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("tiled")
    for kit in ("lords_of_war", "ktech"):
        build_game(load_game(resolve_game(kit)), out, Options(papers=("a4", "letter"), formats=("pdf",)))
    return out


@pytest.mark.parametrize("kit", ["lords_of_war", "ktech"])
@pytest.mark.parametrize("paper_name", ["a4", "letter"])
def test_the_little_map_of_pieces_keeps_1_5_mm_from_the_corner_cross(built, kit, paper_name):
    pdf = built / kit / paper_name / f"{kit}-{paper_name}-single.pdf"
    doc = pdfium.PdfDocument(pdf)
    texts = [doc[i].get_textpage().get_text_range() for i in range(len(doc))]
    doc.close()
    pieces = [i for i, t in enumerate(texts) if re.search(r"piece [A-Z]\d+ of \d+", t)]
    assert len(pieces) >= 4
    for index in pieces:
        drawn = page_paths(pdf, index)
        cells = [_box(d.points) for d in drawn if len(d.points) >= 4
                 and abs(_box(d.points)[2] - _box(d.points)[0] - CELL_MM[0]) < 0.01
                 and abs(_box(d.points)[3] - _box(d.points)[1] - CELL_MM[1]) < 0.01]
        arms = [_box(d.points) for d in drawn if len(d.points) == 2
                and abs(max(_box(d.points)[2] - _box(d.points)[0], _box(d.points)[3] - _box(d.points)[1])
                        - ARM_MM) < 0.01]
        assert len(cells) >= 2 and len(arms) >= 4, (pdf.name, index + 1, len(cells), len(arms))
        little_map = (min(c[0] for c in cells), min(c[1] for c in cells),
                      max(c[2] for c in cells), max(c[3] for c in cells))
        nearest = min(_gap_mm(little_map, arm) for arm in arms)
        assert nearest >= 1.5 - 0.01, (pdf.name, f"page {index + 1}", round(nearest, 2))


WHITE_BOARD = """\
game: {id: harbour, title: Harbour, author: A, licence: CC0, source: test, players: [1, 2]}
components:
  - id: board
    name: Harbour
    kind: board
    size_mm: [270, 180]
    orientation: landscape
    elements:
      - {type: text, at_mm: [135, 90], text: "Harbour", size_pt: 20, anchor: middle}
"""


def test_a_white_board_printed_as_one_piece_shows_the_edge_to_cut_along(tmp_path):
    """A 270 x 180 mm board with no fill or frame is too large for an A4 page's bleed and marks, so it
    prints as one piece whose crosses mark its top corners alone: its bottom edge, and so where to
    cut, was nowhere on the page. Its edges are now a thin grey line, 270 x 180 mm on the page."""
    from measure import render
    from PIL import Image

    (tmp_path / "g").mkdir()
    (tmp_path / "g" / "game.yaml").write_text(WHITE_BOARD)
    build_game(load_game(tmp_path / "g"), tmp_path / "out", Options(papers=("a4",), formats=("pdf",)))
    dpi = 300
    image, _size = render(tmp_path / "out" / "harbour" / "a4" / "harbour-a4-single.pdf", 1, dpi=dpi)
    grey = image.convert("L").point(lambda v: 255 if 90 <= v <= 170 else 0)  # the line, not white or black
    w, h = grey.size
    # the rows and columns more than half of whose pixels are grey: the long edges, not text or crosses
    rows = [y for y, v in enumerate(grey.resize((1, h), Image.BOX).tobytes()) if v > 127]
    cols = [x for x, v in enumerate(grey.resize((w, 1), Image.BOX).tobytes()) if v > 127]
    mm = 25.4 / dpi
    assert rows and cols

    def apart(found: list[int]) -> float:  # between the middles of the first and the last line
        first = [k for k in found if k - found[0] < 1 / mm]
        last = [k for k in found if found[-1] - k < 1 / mm]
        return (sum(last) / len(last) - sum(first) / len(first)) * mm

    # a 0.2 mm line just outside the board's edge: its middles 270.2 x 180.2 mm apart
    assert apart(rows) == pytest.approx(180.2, abs=0.1) and apart(cols) == pytest.approx(270.2, abs=0.1), (rows, cols)
