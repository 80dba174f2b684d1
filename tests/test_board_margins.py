"""Lords of War's record sheet and hero boards are cut out on their crop marks at home and trimmed to
their TrimBox by a shop: measured in the print-shop PDFs, their words, lines and colour bands stand
inside that edge. The record sheet's tables used to run to the edge itself (their outer border on
the cut line, the heading "Resources: ..." 0.3 mm from it); they stand 6 mm in now. Art that does
reach the edge (the Thrones rule screen's dark header) runs 3 mm past it, into the bleed."""

from __future__ import annotations

import pypdfium2 as pdfium
import pytest

from generator.build.game import Options, build_game
from generator.build.loading import load_game
from generator.model import resolve_game
from tests.pdfpaths import page_paths

MM_PER_PT = 25.4 / 72
SHOP_SAFE_MM = 3.0


@pytest.fixture(scope="module")
def shop_sheet(tmp_path_factory):
    out = tmp_path_factory.mktemp("record")
    build_game(load_game(resolve_game("lords_of_war")), out, Options(papers=("a4",), formats=(), print_shop=True))
    return out / "lords_of_war" / "print-shop" / "record-sheet.pdf"


def test_the_record_sheet_keeps_its_words_and_lines_6_mm_inside_the_trim(shop_sheet):
    doc = pdfium.PdfDocument(shop_sheet)
    page = doc[0]
    page_h = page.get_size()[1]
    left, bottom, right, top = page.get_trimbox()
    assert ((right - left) * MM_PER_PT, (top - bottom) * MM_PER_PT) == (pytest.approx(180.0, abs=0.01),
                                                                      pytest.approx(246.0, abs=0.01))
    text = page.get_textpage()
    boxes = [text.get_charbox(i) for i in range(text.count_chars())]
    words = min(min(cl - left, right - cr, cb - bottom, top - ct) * MM_PER_PT
                for cl, cb, cr, ct in boxes if (cl, cb, cr, ct) != (0, 0, 0, 0))
    doc.close()
    trim = (left * MM_PER_PT, (page_h - top) * MM_PER_PT, right * MM_PER_PT, (page_h - bottom) * MM_PER_PT)
    lines = min(min(x - trim[0], trim[2] - x, y - trim[1], trim[3] - y)
                for d in page_paths(shop_sheet, 0) if d.stroke for x, y in d.points)
    assert lines == pytest.approx(6.0, abs=0.05)  # the tables' outer borders
    assert words >= 5.0  # the title's cap height: 6 mm in from the left, 9 mm down to its baseline
    assert min(lines, words) >= SHOP_SAFE_MM


@pytest.mark.parametrize("colour", ["orange", "sky", "green", "yellow", "blue", "vermilion"])
def test_a_hero_boards_title_band_and_words_stand_3_mm_inside_the_trim(shop_sheet, colour):
    """The hero board's title band in the player's colour ran to the board's top and side edges with
    round corners (cream wedges in the cut board's corners, a cream line on an outside cut) and its
    footer's descenders came 2.53 mm from the bottom; now the band sits 3 mm inside, and every word."""
    board = shop_sheet.parent / f"hero-board-{colour}.pdf"
    doc = pdfium.PdfDocument(board)
    page = doc[0]
    page_h = page.get_size()[1]
    left, bottom, right, top = page.get_trimbox()
    text = page.get_textpage()
    words = min(min(cl - left, right - cr, cb - bottom, top - ct) * MM_PER_PT
                for cl, cb, cr, ct in (text.get_charbox(i) for i in range(text.count_chars()))
                if (cl, cb, cr, ct) != (0, 0, 0, 0))
    doc.close()
    trim = (left * MM_PER_PT, (page_h - top) * MM_PER_PT, right * MM_PER_PT, (page_h - bottom) * MM_PER_PT)
    drawn = [d for d in page_paths(board, 0) if d.stroke]
    band = max(drawn, key=lambda d: max(x for x, _ in d.points) - min(x for x, _ in d.points))
    xs, ys = [x for x, _ in band.points], [y for _, y in band.points]
    assert (min(xs) - trim[0], trim[2] - max(xs), min(ys) - trim[1]) == (
        pytest.approx(3.0, abs=0.05), pytest.approx(3.0, abs=0.05), pytest.approx(3.0, abs=0.05))
    assert words >= SHOP_SAFE_MM


@pytest.fixture(scope="module")
def thrones_shop(tmp_path_factory):
    out = tmp_path_factory.mktemp("screen")
    build_game(load_game(resolve_game("thrones")), out, Options(papers=("a4",), formats=(), print_shop=True))
    return out / "thrones" / "print-shop"


@pytest.mark.parametrize("panel, sides", [("screen-pieces", "top left"), ("screen-play", "top left"),
                                          ("screen-setup", "top left right")])
def test_the_rule_screens_dark_header_runs_3_mm_into_the_bleed(thrones_shop, panel, sides):
    """The Thrones rule screen's dark header band (17 mm) stopped at the panel's top and side edges,
    with no bleed past them (the page is white there), so a cut a little outside left a white line
    along it; it now runs 3 mm past the cut, as the kits' other art does. Panels 1 and 2 end the
    band at their fold, where the glue tab starts."""
    board = thrones_shop / f"{panel}.pdf"
    doc = pdfium.PdfDocument(board)
    page = doc[0]
    page_h = page.get_size()[1]
    left, bottom, right, top = page.get_trimbox()
    doc.close()
    trim = (left * MM_PER_PT, (page_h - top) * MM_PER_PT, right * MM_PER_PT, (page_h - bottom) * MM_PER_PT)
    # the band: the widest stroked shape at the top (the file is CMYK: its brown reads back changed)
    band = max((d for d in page_paths(board, 0) if d.stroke and max(y for _, y in d.points) < trim[1] + 20),
               key=lambda d: max(x for x, _ in d.points) - min(x for x, _ in d.points))
    xs, ys = [x for x, _ in band.points], [y for _, y in band.points]
    assert max(ys) - trim[1] == pytest.approx(17.0, abs=0.05)
    past = {"top": trim[1] - min(ys), "left": trim[0] - min(xs), "right": max(xs) - trim[2]}
    for side in sides.split():
        assert past[side] == pytest.approx(3.0, abs=0.05), (panel, side, past)
    if "right" not in sides:
        assert trim[2] - max(xs) == pytest.approx(12.0, abs=0.05)  # the fold, 12 mm before the tab's edge
