"""Roll-and-write pads (issue #22 section 3): the cells element (boxes or circles to write in, terrain,
icon or text from a map or a spreadsheet, headings) and copies: N of a board, as many to a page as fit."""

from __future__ import annotations

import pytest

from generator.build.game import Options, build_game
from generator.build.loading import load_game
from tests.conftest import ROOT
from tests.gamefolder import HEAD, line_of, pdf_text, validate, write_game
from tests.measure import box_of, page_count, render

EXAMPLE = ROOT / "data" / "examples" / "roll_and_write"
CREAM = "#fffdf3"


def _build(folder, out, paper="a4"):
    game = load_game(folder)
    build_game(game, out, Options(papers=(paper,), formats=("pdf",)))
    return next((out / game.id / paper).glob("*.pdf"))


@pytest.fixture(scope="module")
def pad(tmp_path_factory):
    return _build(EXAMPLE, tmp_path_factory.mktemp("pad"))


def test_the_pad_prints_two_to_an_a4_page_each_at_its_size(pad):
    assert page_count(pad) == 1 + 3  # the contents, then 6 sheets 2 to a page
    image, (pw, ph) = render(pad, 1, dpi=150)
    top = box_of(image.crop((0, 0, image.width, image.height // 2)), CREAM, tolerance=2, dpi=150)
    bottom = box_of(image.crop((0, image.height // 2, image.width, image.height)), CREAM, tolerance=2, dpi=150)
    for sheet in (top, bottom):  # 180 x 110 mm, with 3 mm of bleed round it
        assert abs(sheet.width - 186) < 0.4 and abs(sheet.height - 116) < 0.4
    assert abs(top.centre[0] - pw / 2) < 0.5 and abs(bottom.centre[0] - pw / 2) < 0.5
    gap = (bottom.y0 + ph / 2) - top.y1  # one above the other, each with its own bleed and crop marks
    assert 4 < gap < 8


def test_the_contents_page_says_two_to_a_page(pad):
    contents = pdf_text(pad)[0]
    assert "Survey sheet" in contents and "180.0 x 110.0 mm, 2 to a page" in contents
    assert "(copies 1-2 of 6)" in pdf_text(pad)[1]


def test_the_pad_reads_its_map_from_a_csv(pad):
    game = load_game(EXAMPLE)
    valley = game.components[0].spec["elements"][2]
    assert valley["cell_map"][0][:4] == [".", ".", "F", "F"] and len(valley["cell_map"]) == 10
    assert valley["cell_map"][5][3] == "crown"


BOARD = HEAD + """
terrain:
  lake: {name: Lake, fill: "#2060d0"}
components:
  - id: mat
    name: Mat
    kind: board
    size_mm: [120, 80]
    face: {fill: "#f0e0a0"}
    copies: 4
    elements:
      - {type: cells, at_mm: [10, 10], grid_rows: 3, columns: 4, cell_mm: 10, gap_mm: 2,
         cell_map: [[., ., lake], [], [., hi]]}
"""


def test_copies_turn_where_more_fit_and_cells_land_where_they_should(tmp_path):
    pdf = _build(write_game(tmp_path, BOARD), tmp_path / "out")
    assert page_count(pdf) == 2  # contents, then 4 mats on one page: turned, 2 x 2 (upright only 3 fit)
    assert "2 x 2" not in pdf_text(pdf)[0] and "4 to a page" in pdf_text(pdf)[0]
    image, _ = render(pdf, 1, dpi=150)
    quarter = image.crop((0, 0, image.width // 2, image.height // 2))
    mat = box_of(quarter, "#f0e0a0", tolerance=2, dpi=150)
    assert abs(mat.width - 86) < 0.4 and abs(mat.height - 126) < 0.4  # on its side: 80 x 120 and bleed
    lake = box_of(quarter, "#2060d0", tolerance=4, dpi=150)
    # one 10 mm cell, less the inner half of its 0.3 mm line each side
    assert abs(lake.width - 9.7) < 0.35 and abs(lake.height - 9.7) < 0.35
    # row 0, column 2: 10 + 2 x 12 mm from the mat's left, 10 mm from its top; turned a quarter
    # clockwise, the mat's left edge is the page's top and its top the page's right
    assert abs(lake.y0 - (mat.y0 + 3 + 34 + 0.15)) < 0.35 and abs(lake.x1 - (mat.x1 - 3 - 10 - 0.15)) < 0.35


def test_cells_refusals_name_their_line_or_row(runner, tmp_path):
    text = BOARD.replace("cell_map: [[., ., lake], [], [., hi]]", "cells_from: map.csv")
    folder = write_game(tmp_path, text, {"map.csv": "a,b\nc,d\ne,f\ng,h\n"})
    result = validate(runner, folder)
    assert result.exit_code == 1 and "map.csv:4: the map has 4 rows but the grid 3" in result.output
    folder = write_game(tmp_path, BOARD.replace("cell_map: [[., ., lake], [], [., hi]]", "cells_from: nothere.csv"))
    result = validate(runner, folder)
    assert f"game.yaml:{line_of(folder, 'nothere')}: cells_from: no file 'nothere.csv'" in result.output
    folder = write_game(tmp_path, BOARD.replace("cell_map: [[., ., lake], [], [., hi]]",
                                                "cell_map: [[a, b, c, d, e]]"))
    assert "this row of the map has 5 cells but the grid 4 columns" in validate(runner, folder).output
    folder = write_game(tmp_path, BOARD.replace("cell_map: [[., ., lake], [], [., hi]]", "cell_shape: oval"))
    assert f"game.yaml:{line_of(folder, 'oval')}:" in validate(runner, folder).output
    card = HEAD + "components:\n  - {id: c, name: C, kind: card, size: poker, copies: 2, items: [{name: A, count: 1}]}\n"
    folder = write_game(tmp_path, card)
    result = validate(runner, folder)
    assert result.exit_code == 1 and "game.yaml:3: copies prints only on a board or a sheet" in result.output


def test_copies_of_a_short_sheet_share_its_page(tmp_path):
    sheet = HEAD + """components:
  - id: score
    name: Score card
    kind: sheet
    copies: 3
    sections: [{heading: Score, rows: [[Round 1, ""], [Round 2, ""], [Total, ""]], header: [Round, Points]}]
"""
    pdf = _build(write_game(tmp_path, sheet), tmp_path / "out")
    pages = pdf_text(pdf)
    assert pages[1].count("Round 2") == 3 and len(pages) == 2  # the contents, then three cards on one page
    contents_row = [line for line in pages[0].splitlines() if "Score card" in line][-1]
    assert "Score card 3" in " ".join(contents_row.split()), contents_row  # 3 pieces


def test_the_pad_prints_two_to_a_letter_page_too(tmp_path):
    pdf = _build(EXAMPLE, tmp_path, "letter")
    assert page_count(pdf) == 1 + 3 and "180.0 x 110.0 mm, 2 to a page" in pdf_text(pdf)[0]
