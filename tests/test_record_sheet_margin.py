"""Lords of War's record sheet (180 x 246 mm) is cut out on its crop marks at home and trimmed to its
TrimBox by a shop: its tables' borders and every word stand 6 mm inside that edge, measured in the
PDFs. They used to run to the edge itself (the tables at x = 0: their outer border on the cut line,
the heading "Resources: ..." 0.3 mm from it), so a cut a little off showed a sliver of border or
clipped a word."""

from __future__ import annotations

import pypdfium2 as pdfium
import pytest

from generator.build import Options, build_game
from generator.loading import load_game
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
