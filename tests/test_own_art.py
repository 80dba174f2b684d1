"""A game's own pictures, fonts and rich text (issue #11 §2), measured in what the example wargame
(docs/example-wargame) and small test games print: factors on counter fronts and backs, a PNG stored
once however many cards show it, SVG art kept vector in the PDF and the SVG, the game's own font
embedded (a subset) in both, bold and italic runs in their own fonts, and paths that leave the game
folder refused."""

from __future__ import annotations

import base64
import csv
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from conftest import ROOT

WARGAME = ROOT / "docs" / "example-wargame"


@pytest.fixture(scope="module")
def war(tmp_path_factory):
    from generator.build.game import Options, build_game
    from generator.build.loading import load_game

    out = tmp_path_factory.mktemp("war")
    entry = build_game(load_game(WARGAME), out, Options(papers=("a4",), formats=("pdf", "svg")))
    return out / "ebenau_crossing" / "a4", entry


def _pages(pdf: Path) -> list[str]:
    import pypdfium2

    doc = pypdfium2.PdfDocument(str(pdf))
    try:
        out = []
        for page in doc:
            tp = page.get_textpage()
            out.append(tp.get_text_range())
            tp.close()
        return out
    finally:
        doc.close()


def _fonts_of_text(pdf: Path, page_index: int) -> dict[str, set[str]]:
    """Each text object's text on the page (through forms) -> the base font names it is set in."""
    import ctypes

    import pypdfium2
    import pypdfium2.raw as raw

    found: dict[str, set[str]] = {}
    doc = pypdfium2.PdfDocument(str(pdf))
    try:
        page = doc[page_index]
        tp = page.get_textpage()

        def walk(objs):
            for obj in objs:
                kind = raw.FPDFPageObj_GetType(obj)
                if kind == raw.FPDF_PAGEOBJ_FORM:
                    walk([raw.FPDFFormObj_GetObject(obj, i) for i in range(raw.FPDFFormObj_CountObjects(obj))])
                elif kind == raw.FPDF_PAGEOBJ_TEXT:
                    n = raw.FPDFTextObj_GetText(obj, tp.raw, None, 0)
                    buf = ctypes.create_string_buffer(n * 2)
                    raw.FPDFTextObj_GetText(obj, tp.raw, ctypes.cast(buf, ctypes.POINTER(ctypes.c_ushort)), n)
                    text = buf.raw.decode("utf-16-le", errors="ignore").rstrip("\x00").strip()
                    font = raw.FPDFTextObj_GetFont(obj)
                    name = ctypes.create_string_buffer(256)
                    raw.FPDFFont_GetBaseFontName(font, name, 256)
                    found.setdefault(text, set()).add(name.value.decode())

        walk([raw.FPDFPage_GetObject(page.raw, i) for i in range(raw.FPDFPage_CountObjects(page.raw))])
        tp.close()
    finally:
        doc.close()
    return found


# -- the example wargame -----------------------------------------------------------------------

def test_counter_factors_print_on_fronts_and_reduced_backs(war):
    folder, _ = war
    texts = _pages(folder / "ebenau_crossing-a4-duplex.pdf")
    for sheet in ("oob.csv", "red-oob.csv"):
        rows = list(csv.DictReader((WARGAME / sheet).open(newline="")))
        fronts = next(i for i, t in enumerate(texts) if rows[0]["title"] in t and rows[0]["footer"] in t)
        backs = fronts + 1
        for row in rows:
            assert row["footer"] in texts[fronts], (sheet, row["name"])
            assert row["back.footer"] in texts[backs], (sheet, row["name"])
            assert row["back.title"] in texts[backs]
        # every back says "reduced", no front does (the fronts page also holds the event cards, whose
        # Rally text names reduced units: the backs page holds one "reduced" more for each counter)
        assert texts[backs].count("reduced") - texts[fronts].count("reduced") >= len(rows)


def test_the_png_is_stored_once_for_all_eight_card_backs(war):
    folder, _ = war
    pdf = folder / "ebenau_crossing-a4-duplex.pdf"
    data = pdf.read_bytes()
    assert data.count(b"/Subtype /Image") == 1
    # and it shows on every back: the seal's red lies across the whole 4 x 2 block of backs
    from measure import box_of, render

    texts = _pages(pdf)
    backs = next(i for i, t in enumerate(texts) if "Event cards (backs)" in t)
    image, _ = render(pdf, backs, dpi=100)
    red = box_of(image, "#b03a2e", tolerance=40, dpi=100)
    assert red is not None and red.width > 3 * 44.45 and red.height > 63.5, red


def test_the_svg_picture_stays_vector_in_the_pdf_and_the_svg(war):
    folder, _ = war
    pdf = folder / "ebenau_crossing-a4-single.pdf"
    assert b"/Subtype /Image" not in pdf.read_bytes()  # no pixels: the bridge is drawn as paths
    texts = _pages(pdf)
    page = next(i for i, t in enumerate(texts) if "Ebenau Crossing, 1809" in t)
    from measure import box_of, render

    image, _ = render(pdf, page, dpi=200)
    water = box_of(image, "#6fa8dc", tolerance=3, dpi=200)  # (the river's blended edges come near it)
    assert water is not None and abs(water.width - 26.0) < 0.6, water  # fitted to its 26 mm box
    svg_pages = sorted((folder / "svg").glob("ebenau_crossing-a4-single-*.svg"))
    with_map = [p for p in svg_pages if "Ebenau Crossing, 1809" in p.read_text()]
    assert len(with_map) == 1
    text = with_map[0].read_text()
    assert text.count("data:image/svg+xml;base64,") == 1
    embedded = re.search(r"data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)", text).group(1)
    assert base64.b64decode(embedded) == (WARGAME / "art" / "bridge.svg").read_bytes()


def test_the_games_own_font_is_embedded_as_a_subset(war):
    folder, _ = war
    pdf = folder / "ebenau_crossing-a4-duplex.pdf"
    data = pdf.read_bytes()
    assert re.search(rb"/BaseFont /[A-Z]{6}\+DejaVuSerifCondensed-Bold", data)
    assert b"/FontFile2" in data
    # card titles are set in it
    texts = _pages(pdf)
    fronts = next(i for i, t in enumerate(texts) if "Forced March" in t)
    fonts = _fonts_of_text(pdf, fronts)
    assert any("DejaVuSerifCondensed-Bold" in f for f in fonts["Forced March"]), fonts["Forced March"]
    # the SVG page names the font and carries it, cut down to the letters it uses
    svg = next(p for p in sorted((folder / "svg").glob("*-duplex-*.svg")) if "Forced March" in p.read_text())
    text = svg.read_text()
    family = re.search(r"font-family: '(pnp-DejaVuSerifCondensed-Bold-[0-9a-f]{6})'", text).group(1)
    assert f"font-family=\"'{family}'" in text
    data = re.search(r"url\(data:font/ttf;base64,([A-Za-z0-9+/=]+)\)", text).group(1)
    size = len(base64.b64decode(data))
    assert size < 40_000 < (WARGAME / "fonts" / "DejaVuSerifCondensed-Bold.ttf").stat().st_size


def test_the_font_licence_ships_beside_it():
    licence = (WARGAME / "fonts" / "LICENSE.txt").read_text()
    assert "Bitstream" in licence and "Permission is hereby granted" in licence


def test_rich_text_sets_bold_and_italic_runs_in_their_fonts(war):
    folder, _ = war
    pdf = folder / "ebenau_crossing-a4-duplex.pdf"
    texts = _pages(pdf)
    fronts = next(i for i, t in enumerate(texts) if "Forced March" in t)
    fonts = _fonts_of_text(pdf, fronts)
    assert any("Bold" in f for f in fonts["two more hexes"]), fonts
    assert any("Oblique" in f for f in fonts["not"]), fonts
    assert "**" not in texts[fronts] and "{icon:" not in texts[fronts]


def test_the_same_wargame_gives_the_same_bytes(war, tmp_path):
    from generator.build.game import Options, build_game
    from generator.build.loading import load_game

    folder, _ = war
    build_game(load_game(WARGAME), tmp_path, Options(papers=("a4",), formats=("pdf", "svg")))
    again = tmp_path / "ebenau_crossing" / "a4"
    for first in sorted(folder.rglob("*.*")):
        second = again / first.relative_to(folder)
        assert first.read_bytes() == second.read_bytes(), first.name


# -- pictures, fonts and rich text in small games -------------------------------------------------

HEAD = """\
format: 1
game: {id: arttest, title: Art test, author: Tester, licence: CC0, source: a test, players: [1, 2]}
"""


def _png(path: Path, colour=(200, 30, 30), size=(40, 20)) -> None:
    from PIL import Image

    path.parent.mkdir(parents=True, exist_ok=True)
    Image.new("RGB", size, colour).save(path)


def _run(args: list[str]) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "generator", *args], cwd=ROOT, capture_output=True, text=True,
                          env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})


def _game(tmp_path: Path, body: str) -> Path:
    folder = tmp_path / "g"
    folder.mkdir(exist_ok=True)
    (folder / "game.yaml").write_text(HEAD + textwrap.dedent(body))
    return folder


@pytest.mark.parametrize("value, words", [
    ("../outside.png", "leaves the game folder"),
    ("/etc/hosts", "must be a path inside the game folder"),
    ("art/missing.png", "no such file"),
    ("art/notes.txt", "must be a .png, .jpg or .svg file"),
    ("art/broken.png", "cannot read it as a picture"),
])
def test_pictures_outside_the_folder_or_unreadable_are_refused(tmp_path, value, words):
    _png(tmp_path / "outside.png")
    folder = _game(tmp_path, f"""\
        components:
          - id: t
            name: T
            kind: token
            size_mm: 20
            items:
              - {{count: 1, image: "{value}"}}
        """)
    (folder / "art").mkdir()
    (folder / "art" / "notes.txt").write_text("hi")
    (folder / "art" / "broken.png").write_bytes(b"\x89PNG not really")
    result = _run(["validate", str(folder)])
    assert result.returncode == 1, result.stderr
    assert "Traceback" not in result.stderr
    assert re.search(rf"game\.yaml:9: image .*{re.escape(words)}", result.stderr), result.stderr


def test_fonts_outside_the_folder_or_not_truetype_are_refused(tmp_path):
    folder = _game(tmp_path, """\
        fonts:
          body: ../Vera.ttf
          title: fonts/plain.txt
        components: []
        """)
    (folder / "fonts").mkdir()
    (folder / "fonts" / "plain.txt").write_text("not a font")
    result = _run(["validate", str(folder)])
    assert result.returncode == 1
    assert re.search(r"game\.yaml:4: fonts\.body: .*leaves the game folder", result.stderr), result.stderr
    assert re.search(r"game\.yaml:5: fonts\.title: .*TrueType", result.stderr), result.stderr


def test_an_unknown_font_name_is_refused(tmp_path):
    folder = _game(tmp_path, """\
        components:
          - id: c
            name: C
            kind: card
            items:
              - {count: 1, font: fancy}
        """)
    result = _run(["validate", str(folder)])
    assert result.returncode == 1
    assert re.search(r"game\.yaml:8: unknown font 'fancy'", result.stderr), result.stderr


def test_a_picture_fills_a_token_to_its_bleed_clipped_round(tmp_path):
    """fill: the picture covers the token out to the bleed and no further: a round piece stays round."""
    folder = _game(tmp_path, """\
        components:
          - id: t
            name: T
            kind: token
            size_mm: 30
            bleed_mm: 2
            items:
              - {count: 1, image: art/red.png, image_fit: fill}
        """)
    _png(folder / "art" / "red.png", (220, 20, 20), (60, 20))
    from generator.build.game import Options, build_game
    from generator.build.loading import load_game

    build_game(load_game(folder), tmp_path / "out", Options(papers=("a4",), formats=("pdf",)))
    from measure import box_of, render

    image, _ = render(tmp_path / "out" / "arttest" / "a4" / "arttest-a4-single.pdf", 1, dpi=300)
    red = box_of(image, "#dc1414", tolerance=30, dpi=300)
    assert red is not None
    assert abs(red.width - 34.0) < 0.4 and abs(red.height - 34.0) < 0.4, red  # 30 mm + 2 x 2 mm bleed
    # round: the corner of its box is paper, not picture
    px = image.getpixel((int((red.x0 + 2) / 25.4 * 300), int((red.y0 + 2) / 25.4 * 300)))
    assert px == (255, 255, 255)


@pytest.mark.parametrize("piece, side_mm", [
    ("{kind: token, size_mm: 30}", 30 / 2 ** 0.5),  # a square whose corners touch the circle: 21.2 mm
    ("{kind: hex-tile, size_mm: 40, orientation: flat}", 40 / (3 ** 0.5 / 2 + 0.5)),  # corners on the slanted sides
    ("{kind: hex-tile, size_mm: 40, orientation: pointy}", 40 / (3 ** 0.5 / 2 + 0.5)),
])
def test_a_fitted_picture_shows_whole_inside_a_round_or_hex_piece(tmp_path, piece, side_mm):
    """fit: the largest square inside the cut line, so the knife cuts none of the picture."""
    folder = _game(tmp_path, f"""\
        components:
          - id: t
            name: T
            bleed_mm: 2
            {piece[1:-1].replace(", ", chr(10) + "            ")}
            items:
              - {{count: 1, fill: "#ffffff", image: art/red.png, image_fit: fit}}
        """)
    _png(folder / "art" / "red.png", (220, 20, 20), (50, 50))
    from generator.build.game import Options, build_game
    from generator.build.loading import load_game

    build_game(load_game(folder), tmp_path / "out", Options(papers=("a4",), formats=("pdf",)))
    from measure import box_of, render

    image, _ = render(tmp_path / "out" / "arttest" / "a4" / "arttest-a4-single.pdf", 1, dpi=300)
    red = box_of(image, "#dc1414", tolerance=30, dpi=300)
    assert red is not None
    assert abs(red.width - side_mm) < 0.3 and abs(red.height - side_mm) < 0.3, (red, side_mm)


def test_a_game_built_from_another_folder_gives_the_same_pdf_bytes(tmp_path):
    """A picture's pixels are named in the PDF by their content, not by where the game folder lies:
    the same game copied to a deeper folder prints byte for byte the same, its JPEG kept as JPEG
    and its PNG's transparency kept, each stored once for the three tokens that show them."""
    from PIL import Image

    from generator.build.game import Options, build_game
    from generator.build.loading import load_game

    outs = []
    for where in ("a", "b/much/deeper"):
        (tmp_path / where).mkdir(parents=True)
        folder = _game(tmp_path / where, """\
            components:
              - id: t
                name: T
                kind: token
                size_mm: 30
                items:
                  - {count: 3, image: art/photo.jpg, image_fit: fill}
                  - {count: 3, image: art/seal.png, image_fit: fit}
            """)
        (folder / "art").mkdir()
        Image.new("RGB", (64, 48), (30, 120, 200)).save(folder / "art" / "photo.jpg", quality=90)
        Image.new("RGBA", (40, 40), (200, 30, 30, 128)).save(folder / "art" / "seal.png")
        build_game(load_game(folder), tmp_path / where / "out", Options(papers=("a4",), formats=("pdf",)))
        outs.append((tmp_path / where / "out" / "arttest" / "a4" / "arttest-a4-single.pdf").read_bytes())
    assert outs[0] == outs[1]
    assert outs[0].count(b"/DCTDecode") == 1  # the JPEG's own bytes, once
    assert outs[0].count(b"/SMask") == 1  # the PNG's half-transparent alpha, once


def test_a_picture_fits_a_board_box_keeping_its_proportions(tmp_path):
    folder = _game(tmp_path, """\
        components:
          - id: b
            name: B
            kind: board
            size_mm: [100, 60]
            elements:
              - {type: image, image: art/red.png, at_mm: [10, 10], size_mm: [40, 40]}
        """)
    _png(folder / "art" / "red.png", (220, 20, 20), (80, 40))
    from generator.build.game import Options, build_game
    from generator.build.loading import load_game

    build_game(load_game(folder), tmp_path / "out", Options(papers=("a4",), formats=("pdf",)))
    from measure import box_of, render

    image, _ = render(tmp_path / "out" / "arttest" / "a4" / "arttest-a4-single.pdf", 1, dpi=300)
    red = box_of(image, "#dc1414", tolerance=30, dpi=300)
    assert abs(red.width - 40.0) < 0.3 and abs(red.height - 20.0) < 0.3, red  # 2:1, fitted, centred


def test_text_that_does_not_fit_shrinks_then_warns_with_its_line(tmp_path):
    words = " ".join(["Many words that will not fit on this small card."] * 40)
    folder = _game(tmp_path, f"""\
        components:
          - id: c
            name: C
            kind: card
            size: mini
            items:
              - {{count: 1, title: Long, text: "{words}"}}
        """)
    result = _run(["build", str(folder), "--paper", "a4", "--format", "pdf", "--out", str(tmp_path / "out")])
    assert result.returncode == 0, result.stderr
    assert re.search(r"game\.yaml:9: warning: the text needs [\d.]+ mm at 6 pt", result.stderr), result.stderr


def test_cards_sharing_a_text_that_does_not_fit_each_warn_at_their_own_line(tmp_path):
    """The text block of cards with the same text is drawn once and placed on the others: every card
    is still warned of at its own line, and every card prints the same text."""
    words = " ".join(["Many words that will not fit on this small card."] * 40)
    folder = _game(tmp_path, f"""\
        components:
          - id: c
            name: C
            kind: card
            size: mini
            items:
              - {{count: 1, title: One, text: "{words}"}}
              - {{count: 1, title: Two, text: "{words}"}}
              - {{count: 1, title: Three, text: "{words}"}}
        """)
    result = _run(["build", str(folder), "--paper", "a4", "--format", "pdf,svg", "--out", str(tmp_path / "out")])
    assert result.returncode == 0, result.stderr
    for line in (9, 10, 11):
        assert re.search(rf"game\.yaml:{line}: warning: the text needs [\d.]+ mm at 6 pt", result.stderr), \
            result.stderr
    from pypdf import PdfReader

    pdf = next((tmp_path / "out").rglob("*-a4-*.pdf"))
    page = next(p for p in PdfReader(pdf).pages if "Three" in p.extract_text())
    text = page.extract_text()
    assert text.count("Many words that will not fit") >= 3 * 10, text[:400]
    svg = next((tmp_path / "out").rglob("*-a4-*.svg")).read_text()  # the block as a group placed twice
    assert svg.count("<use") >= 2 and svg.count("Many words that will not fit") >= 10, svg[:400]
