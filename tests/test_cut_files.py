"""``build --cut-files``: the cut file of every sheet of pieces lies on the cut lines the sheet prints.

Every kit is built with --cut-files on A4 and Letter; each cut file's paths are read back and set
against the lines the PDF page really draws (read from the PDF with pypdfium2, forms included): a
hex's or round's path must be the printed 0.15 mm cut line (every point within 0.05 mm), a card's or
counter's rectangle must have each edge on the crop marks of its block (within 0.05 mm). The marks
in the file are the marks on the page."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tests.pdfpaths import Drawn, page_paths

KITS = ("farlander", "ktech", "lords_of_war", "thrones")
EXAMPLES = ("example-game", "example-wargame")
ROOT = Path(__file__).resolve().parent.parent
TOLERANCE_MM = 0.05
SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def cut_build(tmp_path_factory):
    from generator.build.game import Options, build_game
    from generator.build.loading import load_game
    from generator.model import resolve_game

    out = tmp_path_factory.mktemp("cut")
    opts = Options(papers=("a4", "letter"), formats=("pdf",), cut_files=True)
    for kit in KITS:
        build_game(load_game(resolve_game(kit)), out, opts)
    for example in EXAMPLES:  # double-sided pieces of several components packed on one sheet
        build_game(load_game(ROOT / "docs" / example), out, opts)
    # a counter sheet with a title and a colour zone behind each group (sheet_title, group_fill)
    build_game(load_game(ROOT / "data" / "examples" / "counter_sheet"), out, opts)
    return out


def _points(d: str) -> list[tuple[float, float]]:
    """Each segment's end point of an SVG path (the library writes absolute M, L, C and Z only)."""
    out = []
    for op, args in re.findall(r"([MLCZ])([^MLCZ]*)", d):
        nums = [float(v) for v in args.split()]
        if nums:
            out.append((nums[-2], nums[-1]))
    return out


def _cut_files(cut_build: Path):
    files = sorted(cut_build.glob("*/*/cut/*.svg"))
    assert files
    for svg in files:
        m = re.fullmatch(r"(.+)-page(\d{3})\.svg", svg.name)
        yield svg, svg.parent.parent / f"{m.group(1)}.pdf", int(m.group(2)) - 1


def _near(a: float, b: float) -> bool:
    return abs(a - b) <= TOLERANCE_MM


def _matches(points: list[tuple[float, float]], drawn: Drawn) -> bool:
    if len(drawn.points) < len(points):
        return False
    return all(any(_near(x, u) and _near(y, v) for u, v in drawn.points) for x, y in points)


def test_every_kit_has_a_cut_file_for_every_fronts_page_of_pieces(cut_build):
    for kit in KITS + ("pebble_pond", "ebenau_crossing"):
        for paper in ("a4", "letter"):
            assert list((cut_build / kit / paper / "cut").glob("*.svg")), (kit, paper)


def test_each_cut_path_lies_on_the_printed_cut_lines(cut_build):
    checked = {"shaped": 0, "rect": 0}
    worst = 0.0
    for svg, pdf, index in _cut_files(cut_build):
        root = ET.parse(svg).getroot()
        w_mm = float(root.get("width").removesuffix("mm"))
        assert root.get("viewBox") == f"0 0 {root.get('width')[:-2]} {root.get('height')[:-2]}"
        drawn = page_paths(pdf, index)
        cut_lines = [d for d in drawn if d.stroke is not None and abs(d.width_mm - 0.15) < 0.01]
        marks = [d for d in drawn if d.stroke == (0, 0, 0) and abs(d.width_mm - 0.2) < 0.01]
        mark_xs = [x for d in marks for (x, y), (x2, y2) in zip(d.points[::2], d.points[1::2]) if _near(x, x2)]
        mark_ys = [y for d in marks for (x, y), (x2, y2) in zip(d.points[::2], d.points[1::2]) if _near(y, y2)]
        paths = root.find(f"{SVG}g[@id='cut']")
        for path in paths:
            d = path.get("d")
            pts = _points(d)
            assert d.rstrip().endswith("Z"), (svg.name, "an open cut path")
            shaped = len(pts) == (5 if "C" in d else 6)  # a round (four arcs) or a hex (six corners)
            if shaped:
                hit = [c for c in cut_lines if _matches(pts, c)]
                assert hit, (svg.name, path.get("id"), "no printed cut line under it")
                worst = max(worst, max(min(max(abs(x - u), abs(y - v)) for u, v in hit[0].points) for x, y in pts))
                checked["shaped"] += 1
            else:
                xs = [x for x, _ in pts]
                ys = [y for _, y in pts]
                for x in (min(xs), max(xs)):
                    gap = min(abs(x - m) for m in mark_xs)
                    assert gap <= TOLERANCE_MM, (svg.name, path.get("id"), "edge x", x, gap)
                    worst = max(worst, gap)
                for y in (min(ys), max(ys)):
                    gap = min(abs(y - m) for m in mark_ys)
                    assert gap <= TOLERANCE_MM, (svg.name, path.get("id"), "edge y", y, gap)
                    worst = max(worst, gap)
                checked["rect"] += 1
            assert 0 < min(x for x, _ in pts) and max(x for x, _ in pts) < w_mm
    assert checked["shaped"] > 100 and checked["rect"] > 100, checked
    assert worst <= TOLERANCE_MM
    print(f"cut paths checked: {checked}, worst distance {worst:.4f} mm")


def test_the_registration_marks_are_printed_where_the_file_has_them(cut_build):
    from generator.layout.page import PAPERS

    for svg, pdf, index in _cut_files(cut_build):
        root = ET.parse(svg).getroot()
        marks = root.find(f"{SVG}g[@id='registration']")
        assert len(marks) == 3
        square = _points(marks[0].get("d"))
        # the 5 mm filled square at the top left, 7 mm in from the page edges, as printed
        assert (min(x for x, _ in square), min(y for _, y in square)) == (7.0, 7.0)
        assert max(x for x, _ in square) == 12.0
        drawn = page_paths(pdf, index)
        for mark in marks:
            pts = _points(mark.get("d"))
            assert any(d.stroke is None and _matches(pts, d) for d in drawn), (svg.name, "mark not printed")
        paper = PAPERS[svg.parent.parent.name]
        assert root.get("width") == f"{paper.width_mm:g}mm"


def test_no_piece_stands_in_a_registration_mark_zone(cut_build):
    for svg, _pdf, _index in _cut_files(cut_build):
        root = ET.parse(svg).getroot()
        h = float(root.get("height")[:-2])
        w = float(root.get("width")[:-2])
        for path in root.find(f"{SVG}g[@id='cut']"):
            pts = _points(path.get("d"))
            top = min(y for _, y in pts)
            bottom = max(y for _, y in pts)
            # the marks' bands: 7 + 10 mm at the top and the bottom (the bottom-left L), then the 5 mm
            # clear zone and a block's crop marks (0.6 mm gap + 4 mm) outside it
            assert top >= 26.6 - 1e-6 and bottom <= h - 26.6 + 1e-6, (svg.name, path.get("id"), top, bottom)
            assert 7.0 < min(x for x, _ in pts) and max(x for x, _ in pts) < w - 7.0


def test_nothing_prints_within_5_mm_of_a_registration_mark(cut_build):
    """A cutter's optical sensor reads the marks; ink beside one (the scale bar started 2 mm after the
    bottom-left L, crop marks stood beside the top-right one) can pass for its edge. Silhouette Studio
    keeps a no-print zone round each mark: every page with marks is white within 5 mm of each, but
    for the mark itself (rendered at 4 px a mm, any pixel darker than 240 of 255 is ink)."""
    import pypdfium2 as pdfium

    from generator.layout.page import PAPERS
    from generator.layout.registration import CLEAR_MM, mark_paths

    assert CLEAR_MM == 5.0
    px_mm = 4.0
    for svg, pdf, index in _cut_files(cut_build):
        doc = pdfium.PdfDocument(pdf)
        img = doc[index].render(scale=px_mm * 25.4 / 72).to_pil().convert("L")
        doc.close()
        for mark in mark_paths(PAPERS[svg.parent.parent.name]):
            x0, y0, x1, y1 = mark.bounds()
            ink = [((px + 0.5) / px_mm, (py + 0.5) / px_mm)  # each pixel's centre, in mm
                   for py in range(int((y0 - CLEAR_MM) * px_mm), int((y1 + CLEAR_MM) * px_mm))
                   for px in range(int((x0 - CLEAR_MM) * px_mm), int((x1 + CLEAR_MM) * px_mm))
                   if not (x0 - 0.5 <= (px + 0.5) / px_mm <= x1 + 0.5 and y0 - 0.5 <= (py + 0.5) / px_mm <= y1 + 0.5)
                   and 0 <= px < img.width and 0 <= py < img.height and img.getpixel((px, py)) < 240]
            assert ink == [], (svg.name, (x0, y0), ink[:3])


def test_without_cut_files_no_marks_and_no_cut_folder(low_build):
    assert not list(low_build.glob("*/cut"))
