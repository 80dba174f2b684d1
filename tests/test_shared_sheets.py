"""Less paper, read back from the built PDFs: a whole board, a page of text and a short page of pieces
share a sheet where both fit (layout/sharing.py), each keeping its marks clear of the other, and every
block on a page of several components' pieces is named on the page, not only in its footer."""

from __future__ import annotations

import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from generator.build.game import Options, build_game
from generator.build.loading import load_game
from generator.model import resolve_game

KITS = ("lords_of_war", "farlander", "thrones", "ktech")
PT = 25.4 / 72
FOOTER_MM = 13.0  # the footer line stands in the bottom 12 mm of a page


@pytest.fixture(scope="module")
def kits(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("shared")
    for kit in KITS:
        build_game(load_game(resolve_game(kit)), out, Options(papers=("a4", "letter"), formats=("pdf",)))
    return out


def _page_text(pdf: Path, number: int, above_footer: bool = True) -> str:
    """The text of page ``number`` (from 1), without its footer line."""
    doc = pdfium.PdfDocument(pdf)
    try:
        page = doc[number - 1]
        w, h = page.get_size()
        text = page.get_textpage()
        return text.get_text_bounded(0, FOOTER_MM / PT if above_footer else 0, w, h)
    finally:
        doc.close()


def _pages(pdf: Path) -> int:
    doc = pdfium.PdfDocument(pdf)
    try:
        return len(doc)
    finally:
        doc.close()


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_thrones_victory_points_track_stands_under_the_setup_summary_clear_of_its_text(kits, paper):
    """The 178 x 96 mm track had a sheet to itself (A4 page 5, Letter page 6) and the summary ends at
    about 130 mm: now both on page 2, the board's top corner marks (3 mm bleed, 0.6 mm gap, 3 mm
    marks) at least 4 mm below the summary's last line, and the single-sided file a page shorter."""
    pdf = kits / "thrones" / paper / f"thrones-{paper}-single.pdf"
    assert _pages(pdf) == {"a4": 7, "letter": 8}[paper]  # 8 and 9 before
    doc = pdfium.PdfDocument(pdf)
    try:
        page = doc[1]
        _w, h = page.get_size()
        left, bottom, right, top = page.get_trimbox()
        assert (right - left) * PT == pytest.approx(178.0, abs=0.01)
        assert (top - bottom) * PT == pytest.approx(96.0, abs=0.01)
        board_top_mm = (h - top) * PT
        textpage = page.get_textpage()
        text = textpage.get_text_range()
        assert text.startswith("Setup and turn summary")
        title = text.index("Thrones - Victory Points")
        summary_bottom_mm = max((h - textpage.get_charbox(i)[1]) * PT for i in range(title)
                                if not text[i].isspace())
    finally:
        doc.close()
    marks_top_mm = board_top_mm - 3.0 - 0.6 - 3.0
    assert marks_top_mm - summary_bottom_mm >= 4.0, (summary_bottom_mm, marks_top_mm)
    assert "Thrones \u00b7 Setup and turn summary + Victory Points track \u00b7 sheet 1 of 1" in \
        _page_text(pdf, 2, above_footer=False)


def test_lords_of_war_small_pieces_share_the_last_realm_token_sheet_on_letter(kits):
    """Letter page 6 held 18 hero markers and 2 season/year markers under the rest of the tokens'
    blocks; with one order chip a colour (issue 38) every small piece stands on the last realm-token
    sheet, page 5, each block named, and the troop counters keep page 6: 21 pages as before."""
    pdf = kits / "lords_of_war" / "letter" / "lords_of_war-letter-single.pdf"
    assert _pages(pdf) == 21
    text = _page_text(pdf, 5)
    assert (text.index("Gold Mine and Garrison tokens") < text.index("Order chips") < text.index("Hero markers")
            < text.index("Season and year markers"))
    assert "Troop counters" in _page_text(pdf, 6, above_footer=False)


def test_ktech_ownership_markers_of_six_colours_take_a_page_of_their_own_on_letter(kits):
    """KTech's ownership markers of all six colours (384) are too tall a block to stand under the setup
    summary, as four colours' 256 did: Letter page 3 holds them, 13 pages (12 with four colours)."""
    pdf = kits / "ktech" / "letter" / "ktech-letter-single.pdf"
    assert _pages(pdf) == 13
    assert "Ownership markers" not in _page_text(pdf, 2)
    assert "Ownership markers" in _page_text(pdf, 3, above_footer=False)  # its footer names it


def test_lords_of_war_season_markers_are_named_over_their_block_on_a4(kits):
    """A4 page 6: the 2 season/year markers stood unnamed over the troop counters (the first block of
    a page had no heading); with one order chip a colour they join page 5's blocks, named there."""
    text = _page_text(kits / "lords_of_war" / "a4" / "lords_of_war-a4-single.pdf", 5)
    assert text.index("Order chips") < text.index("Hero markers") < text.index("Season and year markers")


@pytest.mark.parametrize("kit", KITS)
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_every_block_on_a_page_of_several_components_is_named_on_the_page(kits, kit, paper):
    """A block of pieces under another is named over it; the first block of such a page too, moved
    3 mm down for its name, except where that would cost a piece on the page or some of a block's
    bleed: Thrones' A4 pieces page and Fortress sheet and KTech's A4 chips-and-reference page, full
    to the millimetre (their footers name what they hold)."""
    from generator.build.game import expand_generated
    from generator.layout.page import paper as paper_named
    from generator.layout.plan import plan_documents

    game = load_game(resolve_game(kit))
    unnamed = []
    for doc in plan_documents(game, expand_generated(game, 1), paper_named(paper), Options()):
        pdf = kits / kit / paper / f"{kit}-{paper}-{doc.name}.pdf"
        for number, job in enumerate(doc.pages, start=3 if doc.duplex else 2):
            fronts = [sheet.comp.name for sheet, _m, _o in job.sheets if sheet.side == "front"]
            if len(set(fronts)) < 2:
                continue
            text = " ".join(_page_text(pdf, number).split())
            unnamed += [(doc.name, number, name) for name in fronts if name not in text]
    assert unnamed == {("thrones", "a4"): [("duplex", 3, "Fortress tiles"), ("single", 4, "Pieces")],
                       ("ktech", "a4"): [("single", 7, "Victory Point chips")]}.get((kit, paper), [])


def test_both_thrones_contents_pages_say_which_file_holds_which_tiles(kits):
    """A4: the duplex file's Fortress sheet takes one-sided terrain tiles to fill it; a player who
    prints only that file must read on its contents page (and the single file's) where the rest are:
    each file's line names how many of the 82 it holds.
    On Letter the Fortress sheet has no room for them: all 82 are in the single file, no split said."""
    letter = " ".join(_page_text(kits / "thrones" / "letter" / "thrones-letter-single.pdf", 1).split())
    assert "Terrain, Farm and City tiles 82 " in letter and " of 82)" not in letter
    paper = "a4"
    single = kits / "thrones" / paper / f"thrones-{paper}-single.pdf"
    duplex = kits / "thrones" / paper / f"thrones-{paper}-duplex.pdf"
    texts = {f: " ".join(_page_text(f, 1).split()) for f in (single, duplex)}
    for this, other in ((single, duplex), (duplex, single)):
        here = re.search(re.escape(this.name) + r" \(this file\), print [a-z-]+: [^•]*Terrain, Farm and City "
                         r"tiles \((\d+) of 82\)", texts[this])
        there = re.search(re.escape(other.name) + r", print [a-z-]+: [^•]*Terrain, Farm and City tiles "
                          r"\((\d+) of 82\)", texts[this])
        assert here and there, texts[this][:600]
        assert int(here.group(1)) + int(there.group(1)) == 82


def test_assembly_miniatures_print_no_word_under_5_5_pt(kits):
    """An assembly page shows the whole board small, for its piece labels and glue order: the board's
    own words printed at 2.4-5 pt there (LoW's duel mat 2.4 pt, KTech's map 3.3 pt). Words that would
    print under 5.5 pt are left out of the miniature; every word left is 5.5 pt or more."""
    from tests.pdfpaths import printed_text_sizes

    pages = 0
    for pdf in sorted(kits.glob("*/*/*.pdf")):
        for number in range(1, _pages(pdf) + 1):
            if ": assembly" in _page_text(pdf, number)[:120]:
                pages += 1
                sizes = printed_text_sizes(pdf, number - 1)
                assert min(sizes) >= 5.5 - 0.01, (pdf.name, number, sorted(sizes)[:3])
    assert pages == 6  # LoW's tournament and duel mats and KTech's map, A4 and Letter
