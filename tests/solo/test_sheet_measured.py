"""The printed sheet, measured: page size, hexes at least 15 mm across the flats, nothing under 7 pt,
everything at least 7 mm inside the page, the seed printed, the 50 mm scale bar; and the files the
command writes (sheet + starter log)."""

from __future__ import annotations

import math

import pypdfium2 as pdfium
import pytest
from kingdom_helpers import rules, run
from sheet_recorder import drawn

from generator.draw.fonts import text_width_mm
from generator.draw.surface import MM_PER_PT
from solo.board import generate_map, rules_board
from solo.log import read_log
from solo.sheet import render_sheet
from solo.sheet_layout import MARGIN_MM, MIN_FLATS_MM, PAPER_MM, SCALE_LABEL, layout
from solo.sheet_rules import rules_text, set_rules

CASES = [("a4", 7), ("letter", 7), ("a4", None), ("letter", None), ("a4", 123456)]


@pytest.mark.parametrize("paper, seed", CASES)
def test_no_text_under_7pt_and_all_inside_the_margins(paper, seed):
    rec, _ = drawn(paper, seed)
    w, h = PAPER_MM[paper]
    assert rec.page == (w, h)
    for (x, y, text, size, anchor), font in zip(rec.texts, rec.fonts):
        assert size >= 7.0, (text, size)
        width = text_width_mm(text, size, font)
        left = x - {"start": 0, "middle": width / 2, "end": width}[anchor]
        assert left >= 7.0 and left + width <= w - 7.0, (text, left, width)
        # the header, trackers, table and rules keep to the sheet's own 10 mm side margins
        assert left >= MARGIN_MM - 0.01 and left + width <= w - MARGIN_MM + 0.01, (text, left, width)
        assert y - size * MM_PER_PT >= 7.0 and y + 0.3 * size * MM_PER_PT <= h - 7.0, (text, y)
    for path, _ in rec.paths:
        x0, y0, x1, y1 = path.bounds()
        assert x0 >= 7.0 and y0 >= 7.0 and x1 <= w - 7.0 and y1 <= h - 7.0, path.bounds()


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_hexes_are_at_least_15mm_across(paper):
    rec, lay = drawn(paper)
    hexes = [p for p, _ in rec.paths if len(p.points()) == 6 and p.ops[-1] == ("Z",)]
    assert len(hexes) >= 80
    pts = hexes[0].points()
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    flats = max(ys) - min(ys)   # flat-topped: top to bottom is across the flats
    assert flats >= MIN_FLATS_MM, flats
    assert math.isclose(flats, lay.grid.flats_mm, abs_tol=1e-6)
    assert max(xs) - min(xs) == pytest.approx(flats * 2 / math.sqrt(3))


@pytest.mark.parametrize("paper, seed", CASES)
def test_the_rules_fit_their_box(paper, seed):
    r = rules()
    lay = layout(paper, r)
    lines = set_rules(rules_text(r, seed is None), lay.rule_columns)
    assert max(line.y_mm for line in lines) <= lay.rules.bottom
    assert min(line.size_pt for line in lines) >= 7.0


def test_what_a_player_reads():
    rec, _ = drawn("a4", 7)
    words = [t[2] for t in rec.texts]
    assert "The One-Page Kingdom" in words and "Sheet 7" in words and "CAPITAL" in words
    assert {"Ruler", "Kingdom", "Capital", "FOOD", "ORE", "LABOR", "MONUMENT",
            "GRAVEYARDS", "3: you lose", "Year by year", "SETUP", "EACH YEAR", "END"} <= set(words)
    assert all(c in words for c in "ABCDEFGHIJ") and all(str(n) in words for n in range(1, 9))
    assert SCALE_LABEL in words
    assert "3 Harvest: +1 food per farm, at least 1." in words
    assert any("2+2+4 / 4+4+6 / 8+8+12" in w for w in words)


def test_the_scale_bar_is_50mm():
    rec, _ = drawn("a4", 7)
    bars = [p for p, s in rec.paths if s.fill == "#000000" and p.bounds()[2] - p.bounds()[0] == pytest.approx(50.0)]
    assert bars, "no 50 mm bar"
    assert bars[0].bounds()[0] == pytest.approx(MARGIN_MM)
    assert any(t == "50 mm" for _, _, t, _, _ in rec.texts)


def test_rules_numbers_come_from_the_data(tmp_path):
    from kingdom_helpers import custom_rules

    r = custom_rules(tmp_path, ("farm:    {labor: 1, food: 1, ore: 0", "farm:    {labor: 3, food: 2, ore: 0"))
    assert "Farm 3 labor + 2 food, not on a mountain." in rules_text(r, False)


def test_the_pdf_is_one_page_of_the_right_size_with_the_seed(tmp_path):
    data = render_sheet(rules(), generate_map(rules_board(rules()), 7), "letter", "pdf")
    pdf = pdfium.PdfDocument(data)
    assert len(pdf) == 2  # the front (map, trackers, rules) and the back (the year-by-year record)
    w, h = pdf[0].get_size()
    assert (round(w / 72 * 25.4, 1), round(h / 72 * 25.4, 1)) == (215.9, 279.4)
    text = pdf[0].get_textpage().get_text_range()
    assert "Sheet 7" in text and "map number 7" in text and "print at 100%" in text
    assert render_sheet(rules(), generate_map(rules_board(rules()), 7), "letter", "pdf") == data


def test_the_map_is_drawn_where_the_pdf_says(tmp_path):
    """Measure the printed page: pixels of a mountain hex's fill lie where the grid says."""
    r = rules()
    kmap = generate_map(rules_board(r), 7)
    data = render_sheet(r, kmap, "a4", "pdf")
    pixels = pdfium.PdfDocument(data)[0].render(scale=200 / 72, rev_byteorder=True).to_numpy()

    class Image:  # (x, y) -> (r, g, b), as a player's eye (and PIL) would index it
        @staticmethod
        def getpixel(xy):
            return tuple(int(v) for v in pixels[xy[1], xy[0], :3])

    image = Image()
    lay = layout("a4", r)
    board = rules_board(r)
    px = 200 / 25.4
    col, row = board.col_row(kmap.mountains[0])
    cx, cy = lay.grid.center(col, row)
    # sample inside the hex near its left corner (away from the peaks glyph): mountain fill
    x, y = cx - lay.grid.side_mm * 0.75, cy
    assert image.getpixel((round(x * px), round(y * px))) == (0xE6, 0xDA, 0xC6)
    # a plain hex (J8): from its centre, up and down to the grid lines, is the distance across the flats
    cx, cy = lay.grid.center(*board.col_row(board.hex("J8")))
    xx, top, bottom = round((cx + lay.grid.side_mm * 0.3) * px), round(cy * px), round(cy * px)
    while sum(image.getpixel((xx, top - 1))) > 400:
        top -= 1
    while sum(image.getpixel((xx, bottom + 1))) > 400:
        bottom += 1
    across = (bottom - top) / px + 0.3  # plus the grid line's width
    assert across == pytest.approx(lay.grid.flats_mm, abs=0.25)
    assert across >= MIN_FLATS_MM


def test_svg_has_physical_size():
    data = render_sheet(rules(), None, "a4", "svg")
    assert b'width="210mm"' in data and b'height="297mm"' in data


def test_sheet_command_writes_sheet_and_starter_log(tmp_path):
    out = tmp_path / "k.pdf"
    result = run("sheet", "--seed", "7", "--out", str(out))
    assert result.exit_code == 0, result.output
    assert out.read_bytes().startswith(b"%PDF")
    log_path = tmp_path / "k.yaml"
    text = log_path.read_text()
    assert "sheet: 7" in text and "mountains: [G2, H2, I3, A4, A5]" in text and "# farm:" in text
    log = read_log(log_path, rules_board(rules()), partial_setup=True)
    assert log.sheet == 7 and log.setup.river is not None and log.setup.farm is None
    # filled in, it is a log that checks
    filled = text.replace("  # farm:        # on a river hex", "  farm: E3").replace(
        "  # mine:        # on a mountain", "  mine: G2").replace(
        "  # village:     # next to that farm or mine", "  village: D3")
    log_path.write_text(filled)
    result = run("check", str(log_path))
    assert result.exit_code == 0, result.output + filled
    assert "in progress after year 0" in result.output


def test_sheet_command_defaults_and_refusals(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run("sheet", "--blank", "--format", "svg", "--paper", "letter")
    assert result.exit_code == 0, result.output
    assert (tmp_path / "output/kingdom/sheet-blank.svg").exists()
    assert (tmp_path / "output/kingdom/sheet-blank.yaml").exists()
    result = run("sheet")
    assert result.exit_code == 0
    written = sorted(p.name for p in (tmp_path / "output/kingdom").iterdir())
    assert any(n.startswith("sheet-") and n.endswith(".pdf") and n != "sheet-blank.pdf" for n in written)
    assert run("sheet", "--seed", "7", "--blank").exit_code == 2
    assert run("sheet", "--seed", "-1").exit_code == 2
    assert run("sheet", "--paper", "a3").exit_code == 2
