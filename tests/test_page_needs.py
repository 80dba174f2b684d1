"""What the page needs around the data (issue #21 section 4): icons from the designer's own files and
in colours of their own, text measured without its markup, and the other text, box and font features."""

from __future__ import annotations

from pathlib import Path

import pytest
from gamefolder import write_folder

from generator.cli.commands import cli

HEAD = """game: {id: pg, title: Page, author: A. Designer, licence: CC0, source: own, players: [1, 4]}
"""
GREEN_SVG = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="100" height="100">'
             '<circle cx="50" cy="50" r="45" fill="#00aa00"/></svg>\n')


def _game(folder: Path, body: str, files: dict[str, str] | None = None) -> Path:
    return write_folder(folder, HEAD + body, files)


def _front(folder: Path, out: Path, scale: float = 100 / 72):
    """The first card front, rendered (RGB)."""
    import pypdfium2 as pdfium

    from generator.build.game import Options, build_game
    from generator.build.loading import load_game

    game = load_game(folder)
    build_game(game, out, Options(papers=("a4",), formats=("pdf",)))
    pdf = next((out / game.id / "a4").glob("*.pdf"))
    doc = pdfium.PdfDocument(str(pdf))
    fronts = next(i for i in range(len(doc)) if "Gain" in doc[i].get_textpage().get_text_range())
    return doc[fronts].render(scale=scale).to_pil().convert("RGB")


def _count(image, colour: tuple[int, int, int], tolerance: int = 30) -> int:
    """Pixels within ``tolerance`` (the sum of the channel differences) of ``colour``."""
    r0, g0, b0 = colour
    data = image.tobytes()
    return sum(1 for i in range(0, len(data), 3)
               if abs(data[i] - r0) + abs(data[i + 1] - g0) + abs(data[i + 2] - b0) <= tolerance)


def test_icons_from_the_designers_svg_and_in_a_colour_of_their_own(tmp_path):
    folder = _game(tmp_path / "g", """icons:
  Wood: art/wood.svg
  ore: {icon: stone, colour: "#cc2200"}
components:
  - id: deck
    name: Deck
    kind: card
    items: [{name: A, count: 1, text: "Gain {icon:wood} and {icon:ore} now"}]
""", {"art/wood.svg": GREEN_SVG})
    page = _front(folder, tmp_path / "out")
    assert _count(page, (0, 170, 0)) > 20  # the wood icon in its own green
    assert _count(page, (204, 34, 0)) > 10  # the ore icon in its red, not in the text's black


def test_a_picture_icon_outside_the_game_folder_is_refused_at_its_line(runner, tmp_path):
    folder = _game(tmp_path / "g", """icons:
  wood: ../wood.svg
  ore: {icon: nothing, colour: "#cc2200"}
components:
  - id: deck
    name: Deck
    kind: card
    items: [{name: A, count: 1}]
""")
    result = runner.invoke(cli, ["validate", str(folder)])
    assert result.exit_code == 1
    assert "game.yaml:3: icons.wood: '../wood.svg' leaves the game folder" in result.output, result.output
    assert "game.yaml:4: icons.ore: no icon 'nothing'" in result.output, result.output


def test_bold_markup_is_not_measured_as_text(runner, tmp_path):
    """**1** near a card's edge fits as the 1 it prints, not as four characters of asterisks."""
    folder = _game(tmp_path / "g", """components:
  - id: deck
    name: Deck
    kind: card
    face: {elements: [{type: text, at_mm: [27, 0], text: "**1**", size_pt: 14, anchor: middle}]}
    items: [{name: A, count: 1}]
""")
    result = runner.invoke(cli, ["validate", str(folder)])
    assert result.exit_code == 0 and "warning" not in result.output, result.output
    (folder / "game.yaml").write_text((folder / "game.yaml").read_text().replace('"**1**"', '"**1111111**"'))
    result = runner.invoke(cli, ["validate", str(folder)])
    assert "warning: this text runs" in result.output  # a text that is too wide still says so


# -- element features, measured on the face as --format png draws it ---------------------------------

DPI = 200


def _face(tmp_path: Path, elements: str, face_extra: str = "", kind: str = "card", size: str = ""):
    """The front of a one-item component with ``elements``, as a PNG (``--format png``), and a function
    from mm (from the face's centre) to that picture's pixels."""
    from PIL import Image

    from generator.build.game import Options, build_game
    from generator.build.loading import load_game

    folder = _game(tmp_path / "g", f"""components:
  - id: deck
    name: Deck
    kind: {kind}
    {size}
    face: {{elements: {elements}{face_extra}}}
    items: [{{name: Gain, count: 1}}]
""")
    build_game(load_game(folder), tmp_path / "out", Options(papers=("a4",), formats=("png",), dpi=DPI))
    image = Image.open(next((tmp_path / "out" / "pg" / "png").rglob("*front.png"))).convert("RGB")
    w, h = image.size

    def px(x_mm: float, y_mm: float) -> tuple[int, int]:
        return round(w / 2 + x_mm * DPI / 25.4), round(h / 2 + y_mm * DPI / 25.4)

    return image, px


def _near(rgb: tuple[int, int, int], colour: tuple[int, int, int], tolerance: int = 24) -> bool:
    return sum(abs(a - b) for a, b in zip(rgb, colour)) <= tolerance


def test_a_box_with_stroke_none_square_corners_and_half_opacity(tmp_path):
    image, px = _face(tmp_path, """[{type: box, at_mm: [-28, -30], size_mm: [25, 20], fill: "#3366cc", stroke: none,
        radius_mm: 0}, {type: box, at_mm: [2, -30], size_mm: [25, 20], fill: "#cc3333", opacity: 0.5,
        stroke: none}]""")
    # square corners: the very corner of the blue box is blue (a rounded one leaves it white)
    assert _near(image.getpixel(px(-27.8, -29.8)), (0x33, 0x66, 0xcc))
    # no edge: just inside the blue box's side is blue, not the ink's black
    assert _near(image.getpixel(px(-27.9, -20)), (0x33, 0x66, 0xcc))
    # half opacity: the red box shows as red half over white paper
    assert _near(image.getpixel(px(14, -20)), (230, 153, 153))


def test_print_shop_files_flatten_a_translucent_box(tmp_path):
    from generator.build.game import Options, build_game
    from generator.build.loading import load_game

    folder = _game(tmp_path / "g", """components:
  - id: deck
    name: Deck
    kind: card
    face: {elements: [{type: box, at_mm: [2, -30], size_mm: [25, 20], fill: "#cc3333", opacity: 0.5}]}
    items: [{name: Gain, count: 1}]
""")
    build_game(load_game(folder), tmp_path / "out", Options(papers=("a4",), formats=(), print_shop=True))
    pdfs = list((tmp_path / "out" / "pg" / "print-shop").rglob("*.pdf"))
    assert pdfs and not any(b"/ca .5" in p.read_bytes() or b"/CA .5" in p.read_bytes() for p in pdfs)


def test_text_turned_by_any_angle(tmp_path):
    image, px = _face(tmp_path, '[{type: text, at_mm: [0, -10], text: "TURNED", size_pt: 14, rotate: 90}]')
    # turned 90 degrees clockwise about its start: it reads downwards from [0, -10]
    column = [any(image.getpixel(px(x / 2, y))[0] < 100 for x in range(0, 8)) for y in range(-8, 8)]
    row = [image.getpixel(px(x, -11.5))[0] < 100 for x in range(2, 18)]
    assert sum(column) >= 6 and sum(row) == 0


def test_box_text_sits_where_valign_says_and_keeps_to_max_lines(tmp_path):
    image, px = _face(tmp_path, """[{type: box, at_mm: [-25, -30], size_mm: [50, 30], stroke: none,
        text: "Bottom", valign: bottom, size_pt: 12},
        {type: box, at_mm: [-25, 5], size_mm: [50, 30], stroke: none, size_pt: 12, min_pt: 5, max_lines: 1,
        text: "a long rule text that would take three lines at twelve points in this box"}]""")

    def dark_rows(y0: float, y1: float) -> list[float]:
        out = []
        for k in range(int((y1 - y0) * 4)):
            y = y0 + k / 4
            if any(image.getpixel(px(x, y))[0] < 100 for x in range(-24, 25)):
                out.append(y)
        return out

    bottom = dark_rows(-30, 0)
    assert bottom and min(bottom) > -10  # in the lower third of the box, not under its top
    one_line = dark_rows(5, 35)
    assert one_line and max(one_line) - min(one_line) < 4  # one line of small type, not three


def test_track_and_grid_labels_are_rich_text(tmp_path):
    import pypdfium2 as pdfium

    from generator.build.game import Options, build_game
    from generator.build.loading import load_game

    folder = _game(tmp_path / "g", """components:
  - id: board
    name: Board
    kind: board
    size_mm: [150, 100]
    elements:
      - {type: track, at_mm: [10, 10], cells: 3, label: "**Score**", labels: ["**1**", "{icon:gold}", "*3*"]}
      - {type: grid, at_mm: [10, 40], size_mm: [120, 40], labels: ["**Name**", "Gold {icon:gold}"], grid_rows: 3}
""")
    build_game(load_game(folder), tmp_path / "out", Options(papers=("a4",), formats=("pdf",)))
    pdf = next((tmp_path / "out" / "pg" / "a4").glob("*.pdf"))
    doc = pdfium.PdfDocument(str(pdf))
    text = " ".join(doc[i].get_textpage().get_text_range() for i in range(len(doc)))
    assert "Score" in text and "Name" in text and "Gold" in text
    assert "**" not in text and "{icon" not in text


def test_a_line_along_the_cut_of_a_counter(tmp_path):
    image, px = _face(tmp_path, "[]", face_extra=', stroke: "#dd0000", stroke_mm: 1', kind="counter",
                      size="size_mm: 20")
    assert _near(image.getpixel(px(0, -9.5)), (0xdd, 0, 0))  # 0.5 mm inside the top of the cut
    assert not _near(image.getpixel(px(0, -8)), (0xdd, 0, 0))  # 2 mm inside: the face


def test_stroke_on_a_card_is_refused(runner, tmp_path):
    folder = _game(tmp_path / "g", """components:
  - id: deck
    name: Deck
    kind: card
    face: {stroke: "#000000"}
    items: [{name: A, count: 1}]
""")
    result = runner.invoke(cli, ["validate", str(folder)])
    assert result.exit_code == 1 and "stroke does not print on a card" in result.output


# -- fonts: OpenType CFF, characters a font lacks, a fallback -----------------------------------------

def _cff_font(path: Path) -> None:
    """A small OpenType font with CFF outlines (as .otf files from type foundries are): A, B and space."""
    from fontTools.fontBuilder import FontBuilder
    from fontTools.pens.t2CharStringPen import T2CharStringPen

    def glyph(width: int, curve: bool = False):
        pen = T2CharStringPen(width, None)
        pen.moveTo((50, 0))
        pen.lineTo((50, 700))
        if curve:
            pen.curveTo((300, 900), (500, 500), (width - 50, 700))
        else:
            pen.lineTo((width - 50, 700))
        pen.lineTo((width - 50, 0))
        pen.closePath()
        return pen.getCharString()

    fb = FontBuilder(1000, isTTF=False)
    fb.setupGlyphOrder([".notdef", "space", "A", "B"])
    fb.setupCharacterMap({32: "space", 65: "A", 66: "B"})
    fb.setupCFF("TestSans", {"FullName": "Test Sans"}, {".notdef": glyph(500), "space": T2CharStringPen(250, None)
                .getCharString(), "A": glyph(600, True), "B": glyph(650)}, {})
    fb.setupHorizontalMetrics({".notdef": (500, 50), "space": (250, 0), "A": (600, 50), "B": (650, 50)})
    fb.setupHorizontalHeader(ascent=800, descent=-200)
    fb.setupNameTable({"familyName": "Test Sans", "styleName": "Regular"})
    fb.setupOS2(sTypoAscender=800, usWinAscent=800, usWinDescent=200)
    fb.setupPost()
    fb.font.recalcTimestamp = False
    path.parent.mkdir(parents=True, exist_ok=True)
    fb.save(str(path))


def test_an_opentype_cff_font_is_embedded_and_sets_the_text(tmp_path):
    import pypdfium2 as pdfium

    from generator.build.game import Options, build_game
    from generator.build.loading import load_game

    folder = _game(tmp_path / "g", """fonts: {body: fonts/TestSans.otf}
components:
  - id: deck
    name: Deck
    kind: card
    items: [{name: B, count: 1, text: "AB BA"}]
""")
    _cff_font(folder / "fonts" / "TestSans.otf")
    build_game(load_game(folder), tmp_path / "out", Options(papers=("a4",), formats=("pdf",)))
    pdf = next((tmp_path / "out" / "pg" / "a4").glob("*.pdf"))
    assert b"Test-Sans" in pdf.read_bytes()  # embedded (as TrueType outlines)
    doc = pdfium.PdfDocument(str(pdf))
    assert any("AB BA" in doc[i].get_textpage().get_text_range() for i in range(len(doc)))
    # a B is 650 units wide: 0.65 of the type size, as the .otf says (measured by pdfium, in points; the
    # page draws in millimetres, so pdfium gives the size in mm)
    page = next(doc[i] for i in range(len(doc)) if "AB BA" in doc[i].get_textpage().get_text_range())
    textpage = page.get_textpage()
    start = textpage.get_text_range().index("AB BA")
    x0 = textpage.get_charbox(start + 1, loose=True)[0]
    x1 = textpage.get_charbox(start + 2, loose=True)[0]  # the space after B
    assert abs((x1 - x0) - 0.65 * page_text_size(textpage, start + 1) * 72 / 25.4) < 0.05


def page_text_size(textpage, index: int) -> float:
    import pypdfium2.raw as raw

    return raw.FPDFText_GetFontSize(textpage.raw, index)


def test_a_character_the_font_lacks_is_a_warning_naming_text_and_character(runner, tmp_path):
    folder = _game(tmp_path / "g", """components:
  - id: deck
    name: Deck
    kind: card
    items: [{name: Hero, count: 1, text: "Gain ★ now"}]
""")
    result = runner.invoke(cli, ["validate", str(folder)])
    assert result.exit_code == 0
    assert "game.yaml:6: warning: 'Gain ★ now': '★' (U+2605) is not in the font Bitstream Vera" in result.output


def test_a_fallback_font_prints_the_characters_the_font_lacks(runner, tmp_path):
    import shutil

    from tests.conftest import ROOT

    folder = _game(tmp_path / "g", """fonts:
  body: {regular: fonts/TestSans.otf, fallback: fonts/DejaVu.ttf}
components:
  - id: deck
    name: Deck
    kind: card
    items: [{name: B, count: 1, text: "AB ☀ BA"}]
""")
    _cff_font(folder / "fonts" / "TestSans.otf")
    shutil.copy(ROOT / "docs" / "example-wargame" / "fonts" / "DejaVuSerifCondensed-Bold.ttf",
                folder / "fonts" / "DejaVu.ttf")
    result = runner.invoke(cli, ["validate", str(folder)])
    assert result.exit_code == 0 and "warning" not in result.output, result.output
    out = tmp_path / "out"
    result = runner.invoke(cli, ["build", str(folder), "--out", str(out), "--paper", "a4", "--format", "pdf",
                                 "--jobs", "1"])
    assert result.exit_code == 0, result.output
    data = next((out / "pg" / "a4").glob("*.pdf")).read_bytes()
    assert b"DejaVuSerifCondensed-Bold" in data and b"Test-Sans" in data  # the sun from the fallback


def test_box_text_sits_left_centred_or_right_as_align_says(tmp_path):
    """Squib's and nanDECK's align: a nanDECK card's left-aligned body text and bulleted prompts,
    a Squib description centred, a cost right-aligned; with and without valign."""
    image, px = _face(tmp_path, """[
        {type: box, at_mm: [-25, -36], size_mm: [50, 10], stroke: none, text: "Left", size_pt: 12, align: left},
        {type: box, at_mm: [-25, -24], size_mm: [50, 10], stroke: none, text: "Mid", size_pt: 12},
        {type: box, at_mm: [-25, -12], size_mm: [50, 10], stroke: none, text: "Right", size_pt: 12, align: right},
        {type: box, at_mm: [-25, 0], size_mm: [50, 10], stroke: none, text: "Left", size_pt: 12, align: left,
         valign: middle},
        {type: box, at_mm: [-25, 12], size_mm: [50, 10], stroke: none, text: "Right", size_pt: 12,
         align: right, valign: bottom}]""", kind="square-tile", size="size_mm: [60, 80]")

    def ink_across(y0: float) -> tuple[float, float]:
        xs = [x / 4 for x in range(-26 * 4, 26 * 4)
              if any(image.getpixel(px(x / 4, y0 + k / 2))[0] < 100 for k in range(1, 19))]
        return min(xs), max(xs)

    left, right = ink_across(-36)
    assert -24 <= left <= -22.5 and right < -5  # from 1.5 mm inside the box's left edge
    left, right = ink_across(-24)
    assert abs((left + right) / 2) < 1  # centred, as before
    left, right = ink_across(-12)
    assert 22.5 <= right <= 24 and left > 5  # to 1.5 mm inside its right edge
    assert -24 <= ink_across(0)[0] <= -22.5
    assert 22.5 <= ink_across(12)[1] <= 24


@pytest.mark.parametrize("kind, face, shows", [
    ("card", "", False),                  # under the card's title band
    ("card", ", band: none", True),       # no band: a blank face, as a Squib or nanDECK card is
    ("square-tile", "", True),            # a tile of the card's size: no band either
])
def test_a_squib_style_card_has_band_none_or_is_a_square_tile(tmp_path, kind, face, shows):
    """docs/data-format.md: a card's title band is drawn over the face's elements; with band: none
    (or as a square-tile of the card's size) the designer's faction icon at Squib's x: 75, y: 75 px,
    2.5 mm inside the top cut, shows."""
    image, px = _face(tmp_path, """[{type: box, at_mm: [-28.6, -41.3], size_mm: [6.35, 6.35], radius_mm: 0,
        fill: "#ff0000", stroke: none}]""", face_extra=face, kind=kind, size="size_mm: [63.5, 88.9]")
    red = image.getpixel(px(-25.4, -38.1))
    assert (red[0] > 200 and red[1] < 60 and red[2] < 60) is shows, red


def test_a_box_edge_may_be_dashed_as_squibs_safe_zone_is(tmp_path):
    """Squib's economy layout: rect layout: 'safe' is a dashed, rounded rectangle inside the cut."""
    image, px = _face(tmp_path, """[{type: box, at_mm: [-25, -30], size_mm: [50, 60], fill: none, stroke: "#ff0000",
        width_mm: 0.6, radius_mm: 1.4, dash_mm: [2, 2]},
        {type: box, at_mm: [-20, -20], size_mm: [40, 40], fill: none, stroke: "#0000ff", width_mm: 0.6}]""",
                      kind="square-tile", size="size_mm: [63.5, 88.9]")

    def along_top(y_mm: float, colour: int) -> list[bool]:
        return [image.getpixel(px(x / 4, y_mm))[colour] > 200 and sum(image.getpixel(px(x / 4, y_mm))) < 400
                for x in range(-60, 60)]  # the middle 30 mm of each, clear of the rounded corners

    dashed, solid = along_top(-30, 0), along_top(-20, 2)
    assert all(solid)  # a plain edge: unbroken
    assert 0.3 < sum(dashed) / len(dashed) < 0.7  # 2 mm on, 2 mm off: about half of it inked
    runs = sum(1 for a, b in zip(dashed, dashed[1:]) if a and not b)
    assert 6 <= runs <= 9  # 30 mm of edge: about seven dashes


def test_a_card_without_its_band_prints_its_title_in_ink_on_its_ground(tmp_path):
    image, px = _face(tmp_path, "[]", face_extra=', band: none, fill: "#ffe19b"', kind="card",
                      size="size_mm: [63.5, 88.9]")
    band_area = [image.getpixel(px(x, -40)) for x in range(-30, 31, 2)]
    assert all(p[:3] == (255, 225, 155) or sum(p[:3]) < 450 for p in band_area)  # ground or the title's ink
    assert any(sum(p[:3]) < 200 for y in range(-42, -36) for p in [image.getpixel(px(x / 2, y)) for x in range(-8, 8)])


def test_a_number_on_a_small_disc_fills_it_with_padding_0(tmp_path):
    """An island's number discs (protograf's style): '11' on a 13.2 mm disc shrinks to fit 1.5 mm inside each side by
    default; with padding_mm: 0 it is set larger, out to the disc's edge."""
    image, px = _face(tmp_path, """[
        {type: box, at_mm: [-20, -6.6], size_mm: [13.2, 13.2], radius_mm: 6.6, stroke: none, text: "11", size_pt: 40},
        {type: box, at_mm: [6.8, -6.6], size_mm: [13.2, 13.2], radius_mm: 6.6, stroke: none, text: "11", size_pt: 40,
         padding_mm: 0}]""", kind="square-tile", size="size_mm: [60, 40]")

    def ink_width(x0: float) -> float:
        xs = [x / 8 for x in range(int(x0 * 8), int((x0 + 13.2) * 8))
              if any(image.getpixel(px(x / 8, y / 4))[0] < 100 for y in range(-24, 25))]
        return max(xs) - min(xs)

    padded, bare = ink_width(-20), ink_width(6.8)
    assert padded <= 13.2 - 3 + 0.3  # inside 1.5 mm either side
    assert bare > padded + 1.5 and bare <= 13.2 + 0.3  # larger, still on the disc
