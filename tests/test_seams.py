"""No word of a board printed in pieces is cut by a seam: measured in the printed PDF of the board's
pages (tests/seams.py), for KTech's map on every seed from 1 to 200 on A4 and Letter and for every
tiled board of the bundled kits; the pieces still join exactly, on as many pages as before."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.base import notices
from generator.build.game import expand_generated
from generator.build.loading import load_game
from generator.geometry.paper import (
    OVERLAP_MM,
    Tiling,
    fits,
    keep_seams_clear,
    plan_tiling,
)
from generator.layout import boardpages
from generator.layout.page import paper
from generator.model import resolve_game
from tests.seams import board_pdf, cut_words

KITS = ("lords_of_war", "farlander", "thrones", "ktech")
PAPERS = ("a4", "letter")


def _ktech_map(seed: int):
    game = load_game(resolve_game("ktech"))
    return game, next(c for c in expand_generated(game, seed) if c.id == "map")


@pytest.mark.parametrize("paper_name", PAPERS)
def test_no_word_of_the_ktech_map_is_cut_by_a_seam_on_seeds_1_to_200(paper_name):
    """Before: a start label across a piece's edge on 29 of these seeds on A4 (seed 2: "Start 4"
    across the A/B edge) and 54 on Letter (seed 1: "Start 3" across the A1/A2 edge)."""
    game = load_game(resolve_game("ktech"))
    cut = {}
    for seed in range(1, 201):
        comp = next(c for c in expand_generated(game, seed) if c.id == "map")
        found = cut_words(board_pdf(game, comp, paper(paper_name)))
        if found:
            cut[seed] = found[:2]
    assert not cut, cut
    assert not [w for w in notices.take() if "seam" in w.message]


def test_the_measure_finds_the_start_label_the_old_seams_cut(monkeypatch):
    """The seams where they were (a step of 191.9 mm on Letter): "Start 3" of seed 1 shows in part on
    piece A1 and in part on A2, across A1's cut edge at 208.9 mm on the page."""
    game, comp = _ktech_map(1)
    monkeypatch.setattr(boardpages, "seams_off_text", lambda tiling, painter, comp: tiling)
    found = cut_words(board_pdf(game, comp, paper("letter")))
    assert [(piece, text) for _page, piece, text, _box in found] == [("A1", "Start3"), ("A2", "Start3")]
    x0, _y0, x1, _y1 = found[0][3]
    assert x0 < 208.9 < x1


def test_seed_1_on_letter_shows_start_3_whole_on_piece_a2_right_of_its_glue_strip():
    game, comp = _ktech_map(1)
    data = board_pdf(game, comp, paper("letter"))
    assert cut_words(data) == []
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(data)
    trim = [tuple(round(v * 25.4 / 72, 1) for v in doc[i].get_trimbox()) for i in range(len(doc))]
    # A1 shows 195.5 mm of the board (was 201.9): its cut edge at 202.5 mm on the page, its glue strip
    # (A2's, under it) ending 1.5 mm before the label (197.2 mm on the board)
    assert trim[1][2] == 202.5 and trim[2][0] == 7.0
    a2 = doc[2].get_textpage()
    assert "Start 3" in a2.get_text_range()


@pytest.mark.parametrize("paper_name", PAPERS)
@pytest.mark.parametrize("kit", KITS)
def test_no_word_of_a_tiled_board_of_a_bundled_kit_is_cut_by_a_seam(kit, paper_name):
    game = load_game(resolve_game(kit))
    tiled = 0
    for comp in expand_generated(game, 1):
        if comp.kind != "board" or any(fits(comp.size_mm, paper(paper_name), 3.0)):
            continue
        tiled += 1
        data = board_pdf(game, comp, paper(paper_name))
        assert cut_words(data) == [], comp.id
    assert tiled >= (1 if kit in ("ktech", "lords_of_war") else 0)


@pytest.mark.parametrize("paper_name", PAPERS)
def test_moved_seams_still_join_the_pieces_exactly_on_as_many_pages(paper_name):
    """Every piece shows at most a page's view, neighbours share exactly one 10 mm strip, the pieces
    cover the board from edge to edge, and the count of pieces is the plain plan's."""
    for seed in (1, 2, 5, 7, 18, 20):
        game, comp = _ktech_map(seed)
        plain = plan_tiling(comp.size_mm, paper(paper_name))
        t = boardpages.seams_off_text(plain, boardpages.board_painter(game, comp, 3.0), comp)
        assert (t.cols, t.rows) == (plain.cols, plain.rows)
        for n, start, width, view, board in ((t.cols, t.piece_x, t.piece_w, t.view_w, t.board_w),
                                             (t.rows, t.piece_y, t.piece_h, t.view_h, t.board_h)):
            assert start(0) == 0 and abs(start(n - 1) + width(n - 1) - board) < 1e-6
            for k in range(n):
                assert 0 < width(k) <= view + 1e-9
            for k in range(1, n):
                assert abs(start(k - 1) + width(k - 1) - start(k) - OVERLAP_MM) < 1e-6


def test_a_line_no_seam_can_miss_keeps_the_first_seams_and_is_counted():
    """A 380 mm board on A4 (196 mm views, 2 pieces): the seam may stand from 184 to 186 mm, so a line
    from 150 to 250 mm cannot be missed; one from 195 to 205 mm can, just: the cut edge at 195 mm (no
room for the whole strip or a 1.5 mm margin to keep off it)."""
    t = Tiling(2, 1, 196.0, 250.0, 7.0, 13.0, 380.0, 200.0)
    assert t.seams_x == (186.0,)
    same, left = keep_seams_clear(t, [(150.0, 50.0, 250.0, 53.0)])
    assert same == t and left == 1
    moved, left = keep_seams_clear(t, [(195.0, 50.0, 205.0, 53.0)])
    assert left == 0 and moved.seams_x == (185.0,) and moved.piece_w(0) == 195.0
    assert moved.piece_x(1) + moved.piece_w(1) == 380.0


def test_a_board_warns_when_a_line_must_stay_across_a_seam(monkeypatch):
    """A line as wide as the map (a made-up 285 mm heading) crosses a cut edge wherever it stands: the
    pieces keep their first seams and the build says so, pointing at the board in game.yaml."""
    import generator.draw.textboxes as textboxes

    game, comp = _ktech_map(1)
    monkeypatch.setattr(textboxes, "text_boxes", lambda painter: [(5.0, 100.0, 290.0, 106.0)])
    plain = plan_tiling(comp.size_mm, paper("letter"))
    notices.take()
    kept = boardpages.seams_off_text(plain, lambda s: None, comp)
    warned = [w for w in notices.take() if "seam" in w.message]
    assert kept == plain
    assert len(warned) == 1 and (warned[0].file, warned[0].line) == (comp.file, comp.line)
    assert warned[0].message.startswith("Map: 1 line of text crosses a seam between the printed pieces")


EXAMPLES = sorted(p.name for p in (Path(__file__).parent.parent / "data" / "examples").iterdir() if p.is_dir())


@pytest.mark.parametrize("example", EXAMPLES)
def test_no_word_of_a_tiled_board_of_an_example_is_cut_by_a_seam(example):
    """The examples' tiled boards too (today: hex_island's board on A4 and Letter, star_lanes's map
    on Letter)."""
    game = load_game(resolve_game(str(Path("data/examples") / example)))
    for comp in expand_generated(game, 1):
        for paper_name in PAPERS:
            if comp.kind == "board" and not any(fits(comp.size_mm, paper(paper_name), 3.0)):
                assert cut_words(board_pdf(game, comp, paper(paper_name))) == [], (comp.id, paper_name)
