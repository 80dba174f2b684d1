"""Issue 27, section 3: pictures, fonts and spreadsheets a careless or hostile user hands pnpforge.
Each is refused by ``validate`` (so ``build`` never starts on it) with one ``file:line:`` sentence
at the line of the game data that names the file, before the file is read whole; and no library's
own warning or log line reaches the terminal. The hostile files are made here, small: a 3 GB font is
a sparse file, a 1 x 29,000,000-pixel PNG compresses to 28 KB."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

import pytest
from safety_helpers import run_in_process
from test_limits import measured, refused

GAME = """format: 1
game: {id: g, title: G, author: A, licence: CC0, source: here, players: [1, 2]}
components:
  - id: chits
    name: Chits
    kind: token
    size_mm: 20
    items:
      - {name: A, count: 1, image: art/ART}
"""
FONT_GAME = """format: 1
game: {id: g, title: G, author: A, licence: CC0, source: here, players: [1, 2]}
fonts:
  big: fonts/big.ttf
components:
  - id: chits
    name: Chits
    kind: counter
    size_mm: 16
    face: {font: big}
    items:
      - {name: A, count: 1, title: X}
"""
CSV_GAME = """format: 1
game: {id: g, title: G, author: A, licence: CC0, source: here, players: [1, 2]}
components:
  - id: chits
    name: Chits
    kind: counter
    size_mm: 16
    items_csv: units.csv
"""
LIBRARY_CHATTER = ("Warning", "site-packages", "Failed to load", "Refusing", "DecompressionBomb")


def art_game(tmp_path: Path, name: str, data: bytes) -> Path:
    folder = tmp_path / "g"
    (folder / "art").mkdir(parents=True)
    (folder / "game.yaml").write_text(GAME.replace("ART", name), encoding="utf-8")
    (folder / "art" / name).write_bytes(data)
    return folder


def png(width: int, height: int) -> bytes:
    """A greyscale PNG of that size, all black: tiny on disk whatever its size decoded."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    rows = zlib.compress((b"\x00" + b"\x00" * width) * height, 9)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0))
            + chunk(b"IDAT", rows) + chunk(b"IEND", b""))


def validate_and_build(tmp_path: Path, *phrases: str) -> str:
    """validate and build both refuse with the same sentence at game.yaml's line 9 (the image:);
    build leaves no kit; no library line is printed. Returns validate's stderr."""
    checked = run_in_process("validate", "g", cwd=tmp_path)
    built = run_in_process("build", "g", "--out", "out", cwd=tmp_path)
    for result in (checked, built):
        assert result.returncode == 1, result.stderr
        lines = refused(result.stderr, "g/game.yaml:9: image ", *phrases)
        assert len(lines) == 1, result.stderr
        assert not any(word in result.stderr for word in LIBRARY_CHATTER), result.stderr
    assert not (tmp_path / "out" / "g").exists()
    return checked.stderr


def test_a_3_gb_font_is_refused_by_its_size_before_it_is_read(tmp_path):
    """validate read all 3.1 GB of it (49 s) and said ok; now its size alone refuses it."""
    folder = tmp_path / "g"
    (folder / "fonts").mkdir(parents=True)
    (folder / "game.yaml").write_text(FONT_GAME, encoding="utf-8")
    with open(folder / "fonts" / "big.ttf", "wb") as handle:  # sparse: no disk space taken
        handle.truncate(3 * 1024 ** 3)
    code, err, _, mb = measured("validate", "g", cwd=tmp_path)
    assert code == 1
    assert refused(err, "g/game.yaml:4: fonts.big: big.ttf: a font file of 3,072 MB, over the limit of 20 MB a "
                        "font")[0] == err.splitlines()[0]
    assert mb < 200  # a whole read would be 3 GB


def test_a_font_just_under_the_limit_is_read():
    from generator.draw import fonts

    assert fonts.MAX_FONT_BYTES == 20 * 1024 * 1024
    own = Path(__file__).resolve().parents[1] / "docs" / "example-wargame" / "fonts" / "DejaVuSerifCondensed-Bold.ttf"
    assert fonts.check_font_file(own) is None


def test_an_svg_nested_5000_deep_is_refused_at_validate_with_the_references_line(tmp_path):
    """Accepted by validate before (lxml stopped at 256 levels and svglib drew what it had), then
    refused by build without a line."""
    nested = ('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">' + "<g>" * 5000
              + '<rect width="5" height="5"/>' + "</g>" * 5000 + "</svg>")
    art_game(tmp_path, "deep.svg", nested.encode())
    validate_and_build(tmp_path, "'art/deep.svg': its elements nest more than 64 deep")


def test_an_svg_of_too_many_elements_is_refused_before_svglib_reads_it(tmp_path):
    """200,000 elements took 58 s and 726 MB at validate; 10,001 are refused as the file is
    streamed, at the element past the limit."""
    many = ('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">'
            + '<rect width="5" height="5"/>' * 10_001 + "</svg>")
    folder = art_game(tmp_path, "many.svg", many.encode())
    assert (folder / "art" / "many.svg").stat().st_size < 400_000
    validate_and_build(tmp_path, "'art/many.svg': it has more than 10,000 elements")


def test_an_svg_file_over_4_mb_is_refused_by_its_size(tmp_path):
    body = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">' + " " * (4 * 1024 * 1024) + "</svg>"
    art_game(tmp_path, "big.svg", body.encode())
    validate_and_build(tmp_path, "'art/big.svg': an SVG file of 4.0 MB, over the limit of 4 MB")


@pytest.mark.parametrize("href, phrase", [
    ("/etc/hosts", "it refers to '/etc/hosts', an absolute path"),
    ("../../../../../etc/hosts.png", "outside the game folder"),
    ("https://example.com/x.png", "an SVG picture may use files of the game folder only"),
])
def test_an_svg_referring_outside_the_game_is_refused_not_logged(tmp_path, href, phrase):
    """svglib printed "Refusing absolute external reference '/etc/hosts'." bare and the build went
    on (exit 0); a relative path out of the game folder was followed."""
    svg = ('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" '
           f'height="10">\n<image xlink:href="{href}" width="5" height="5"/></svg>')
    art_game(tmp_path, "ref.svg", svg.encode())
    validate_and_build(tmp_path, phrase, "(its line 2)")


def test_an_svg_svglib_cannot_read_is_our_sentence(tmp_path):
    """svglib logged "Failed to load input file!" bare before our refusal."""
    art_game(tmp_path, "cut.svg", b"<svg")
    validate_and_build(tmp_path, "'art/cut.svg': cannot read it as SVG")


def test_svglib_errors_while_drawing_are_refusals_not_log_lines(tmp_path):
    """A <use> of a missing picture: svglib logs an error and draws without it."""
    svg = ('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" '
           'height="10"><use xlink:href="#nothing"/><rect width="5" height="5" fill="url(#nope)"/>'
           '<use xlink:href="#self"/><g id="self"><use xlink:href="#self"/></g></svg>')
    art_game(tmp_path, "loop.svg", svg.encode())
    validate_and_build(tmp_path, "'art/loop.svg': cannot draw it whole: svglib says")


def test_a_1_by_29_million_pixel_png_is_refused_by_its_side(tmp_path):
    """It passed the pixel limit and the build peaked at 546 MB; its header alone refuses it."""
    folder = art_game(tmp_path, "strip.png", png(29_000_000, 1))
    assert (folder / "art" / "strip.png").stat().st_size < 100_000
    validate_and_build(tmp_path, "it is 29,000,000 x 1 pixels, over the limit of 24,000 pixels a side")


def test_a_picture_over_10_million_pixels_is_refused(tmp_path):
    """30 million RGBA pixels took 505 MB to build (939 MB with --print-shop); 10 million keep a
    default build under 200 MB (docs/data-format.md, Limits)."""
    art_game(tmp_path, "wide.png", png(4000, 2501))
    validate_and_build(tmp_path, "it is 4,000 x 2,501 pixels, over the limit of 10 million pixels a picture")


def test_a_decompression_bomb_warning_never_reaches_the_terminal(tmp_path):
    """Pillow warns (DecompressionBombWarning, pointing into site-packages) from 89 million pixels:
    the warning is not printed, our sentence is."""
    art_game(tmp_path, "bomb.png", png(10_000, 9_000))
    validate_and_build(tmp_path, "it is 10,000 x 9,000 pixels, over the limit of 10 million pixels a picture")


def test_a_picture_file_over_32_mb_is_refused_before_it_is_read(tmp_path):
    folder = art_game(tmp_path, "huge.png", png(10, 10))
    with open(folder / "art" / "huge.png", "r+b") as handle:  # sparse tail: a 40 MB file in no space
        handle.truncate(40 * 1024 * 1024)
    validate_and_build(tmp_path, "a picture file of 40 MB, over the limit of 32 MB")


def csv_game(tmp_path: Path, sheet: str) -> Path:
    folder = tmp_path / "g"
    folder.mkdir()
    (folder / "game.yaml").write_text(CSV_GAME, encoding="utf-8")
    (folder / "units.csv").write_text(sheet, encoding="utf-8")
    return folder


def test_a_30006_row_csv_is_refused_at_the_row_past_the_limit_without_reading_the_rest(tmp_path, monkeypatch):
    """15.4 s of CPU before the refusal at row 10,002: now no row is checked as an item once the
    sheet is known to be too long."""
    from generator.model import spreadsheet

    csv_game(tmp_path, "name,title,count\n" + "".join(f"Unit {i},T{i},1\n" for i in range(30_005)))
    checked: list[int] = []  # cells checked against the item schema
    real = spreadsheet.check
    monkeypatch.setattr(spreadsheet, "check", lambda *a, **k: checked.append(1) or real(*a, **k))
    result = run_in_process("validate", "g", cwd=tmp_path)
    assert result.returncode == 1
    assert result.stderr.splitlines() == ["g/units.csv:10002: more than 10,000 rows, the limit of one sheet (see "
                                          "Limits in docs/data-format.md); split the sheet"], result.stderr
    assert checked == []


@pytest.mark.parametrize("char", ["\x00", "\x01", "\x1b", "\x7f", "\x9b", "\ufffe"])
def test_control_characters_in_a_csv_cell_are_refused_as_in_yaml(tmp_path, char):
    """NUL, U+0001 or ESC in a cell passed validate and build (exit 0) and wrote an SVG page that was
    not well-formed XML. A cell gets the check a YAML text gets, at the cell's line."""
    csv_game(tmp_path, f'name,title\nA,Fine\nB,"two\nli{char}nes"\n')
    for command in (["validate", "g"], ["build", "g", "--out", "out"]):
        result = run_in_process(*command, cwd=tmp_path)
        assert result.returncode == 1
        assert result.stderr.splitlines()[0] == (f"g/units.csv:4: column 'title': a control character "
                                                 f"(U+{ord(char):04X}) at character 3; a sheet's cells hold "
                                                 f"printable text only"), result.stderr
    assert not (tmp_path / "out" / "g").exists()


def test_a_csv_cell_and_a_yaml_text_get_the_same_check():
    """One function says what is wrong with a text, for a YAML file and for a cell."""
    from generator.base.errors import DataError
    from generator.model.spreadsheet import check_cell
    from generator.source import yamlsrc

    errors: list[DataError] = []
    assert check_cell("tab\tand\nbreaks are text", "s.csv", 5, "column 'title'", errors) and errors == []
    assert not check_cell("x" * 100_001, "s.csv", 5, "column 'title'", errors)
    assert str(errors[0]) == "s.csv:5: column 'title': a text of 100,001 characters; at most 100,000 fit in one value"
    with pytest.raises(DataError, match=r"^y.yaml:2: a control character \(U\+001B\) in column 4; YAML files"):
        yamlsrc.loads("a: 1\nb: \x1b\n", "y.yaml")
    assert yamlsrc.text_problem("ok\nab\x1b") == (2, 3, "a control character (U+001B)")


def test_header_cells_are_checked_too(tmp_path):
    csv_game(tmp_path, "name,ti\x00tle\nA,B\n")
    result = run_in_process("validate", "g", cwd=tmp_path)
    assert result.returncode == 1
    assert result.stderr.startswith("g/units.csv:1: header cell 2: a control character (U+0000)"), result.stderr


def damaged_cmap(font: bytes) -> bytes:
    """The font with every segment of its format 4 character maps widened to 0..65534: reportlab
    would list the characters one by one, each segment again (hundreds of millions)."""
    out = bytearray(font)
    tables = struct.unpack_from(">H", font, 4)[0]
    cmap = next(struct.unpack_from(">L", font, 12 + 16 * i + 8)[0] for i in range(tables)
                if font[12 + 16 * i:16 + 16 * i] == b"cmap")
    for i in range(struct.unpack_from(">H", font, cmap + 2)[0]):
        table = cmap + struct.unpack_from(">L", font, cmap + 4 + 8 * i + 4)[0]
        if struct.unpack_from(">H", font, table)[0] == 4:
            segments = struct.unpack_from(">H", font, table + 6)[0] // 2
            for k in range(segments):
                struct.pack_into(">H", out, table + 14 + 2 * k, 0xFFFE)
                struct.pack_into(">H", out, table + 16 + 2 * segments + 2 * k, 0)
    return bytes(out)


def test_a_font_with_a_damaged_character_map_is_refused_before_it_is_parsed(tmp_path):
    """The fuzzer's case (data 2701 79): a font with 1,000 bytes changed kept validate busy past
    two minutes inside reportlab, listing a character map of 4 billion characters."""
    own = Path(__file__).resolve().parents[1] / "docs" / "example-wargame" / "fonts" / "DejaVuSerifCondensed-Bold.ttf"
    folder = tmp_path / "g"
    (folder / "fonts").mkdir(parents=True)
    (folder / "game.yaml").write_text(FONT_GAME, encoding="utf-8")
    (folder / "fonts" / "big.ttf").write_bytes(damaged_cmap(own.read_bytes()))
    result = run_in_process("validate", "g", cwd=tmp_path)
    assert result.returncode == 1
    line = refused(result.stderr, "g/game.yaml:4: fonts.big: big.ttf: its character map lists ",
                   "characters (Unicode has 1,114,112); the file is damaged or not a font")[0]
    assert line == result.stderr.splitlines()[0]


def run_past_glyphs(font: bytes, extra: int) -> bytes:
    """The font with the last group of its format 12 character map running ``extra`` characters
    further, and so its glyphs ``extra`` past where they ended (glyph 3,445 in DejaVu Serif
    Condensed Bold, of 3,506)."""
    out = bytearray(font)
    tables = struct.unpack_from(">H", font, 4)[0]
    cmap = next(struct.unpack_from(">L", font, 12 + 16 * i + 8)[0] for i in range(tables)
                if font[12 + 16 * i:16 + 16 * i] == b"cmap")
    for i in range(struct.unpack_from(">H", font, cmap + 2)[0]):
        table = cmap + struct.unpack_from(">L", font, cmap + 4 + 8 * i + 4)[0]
        if struct.unpack_from(">H", font, table)[0] == 12:
            last = table + 16 + 12 * (struct.unpack_from(">L", font, table + 12)[0] - 1)
            struct.pack_into(">L", out, last + 4, struct.unpack_from(">L", font, last + 4)[0] + extra)
            return bytes(out)
    raise AssertionError("no format 12 subtable")


def test_a_character_map_pointing_past_the_last_glyph_is_refused_before_it_is_read(tmp_path):
    """The fuzzer's case (data 1131 195): bytes changed in a font's format 12 character map listed
    1,052,278 characters, under Unicode's count but mapped to glyphs the font has not (3,506 of
    them); reportlab built a table of them all and validate took 302 MB."""
    from generator.draw.fonts import cmap_problem

    own = (Path(__file__).resolve().parents[1] / "docs" / "example-wargame" / "fonts" /
           "DejaVuSerifCondensed-Bold.ttf").read_bytes()
    glyphs = struct.unpack_from(">H", own, next(struct.unpack_from(">L", own, 12 + 16 * i + 8)[0]
                                                 for i in range(struct.unpack_from(">H", own, 4)[0])
                                                 if own[12 + 16 * i:16 + 16 * i] == b"maxp") + 4)[0]
    assert cmap_problem(own) is None
    assert cmap_problem(run_past_glyphs(own, glyphs - 1 - 3445)) is None  # its last group, up to the last glyph
    assert cmap_problem(run_past_glyphs(own, glyphs - 3445)) == \
        f"its character map points at glyph {glyphs:,}, past the font's {glyphs:,} glyphs"
    folder = tmp_path / "g"
    (folder / "fonts").mkdir(parents=True)
    (folder / "game.yaml").write_text(FONT_GAME, encoding="utf-8")
    (folder / "fonts" / "big.ttf").write_bytes(run_past_glyphs(own, 1_000_000))
    result = run_in_process("validate", "g", cwd=tmp_path)
    assert result.returncode == 1
    line = refused(result.stderr, "g/game.yaml:4: fonts.big: big.ttf: its character map points at glyph ",
                   f"past the font's {glyphs:,} glyphs; the file is damaged or not a font")[0]
    assert line == result.stderr.splitlines()[0]
    assert "unknown font" not in result.stderr  # the counters' font: big is the same problem, said once
    assert len(result.stderr.splitlines()) == 1


def every_code_point(font: bytes, records: list[int]) -> bytes:
    """The font with its character map rewritten in place: one record per entry of ``records``, each
    pointing at subtable number ``records[i]``, every subtable a format 13 map of all of Unicode onto
    glyph 1 (a last-resort font's map: 28 bytes)."""
    out = bytearray(font)
    tables = struct.unpack_from(">H", font, 4)[0]
    cmap = next(struct.unpack_from(">L", font, 12 + 16 * i + 8)[0] for i in range(tables)
                if font[12 + 16 * i:16 + 16 * i] == b"cmap")
    first = 4 + 8 * len(records)
    struct.pack_into(">HH", out, cmap, 0, len(records))
    for i, sub in enumerate(records):
        struct.pack_into(">HHL", out, cmap + 4 + 8 * i, 3, 10, first + 28 * sub)
        struct.pack_into(">HHLLLLLL", out, cmap + first + 28 * sub, 13, 0, 28, i, 1, 0, 0x10FFFF, 1)
    return bytes(out)


def test_character_maps_are_counted_over_all_their_subtables(tmp_path):
    """fontTools reads every subtable of a font's character map (reportlab one): ten subtables of
    every code point, 330 KB on disk, took it to 1 GB. The characters are counted over them all,
    a subtable that several records share once."""
    from generator.draw.fonts import cmap_problem

    own = (Path(__file__).resolve().parents[1] / "docs" / "example-wargame" / "fonts" /
           "DejaVuSerifCondensed-Bold.ttf").read_bytes()
    assert cmap_problem(every_code_point(own, [0])) is None  # a last-resort font: each code point once
    assert cmap_problem(every_code_point(own, [0, 0, 0])) is None  # three records, one subtable
    folder = tmp_path / "g"
    (folder / "fonts").mkdir(parents=True)
    (folder / "game.yaml").write_text(FONT_GAME, encoding="utf-8")
    (folder / "fonts" / "big.ttf").write_bytes(every_code_point(own, list(range(10))))
    result = run_in_process("validate", "g", cwd=tmp_path)
    assert result.returncode == 1
    assert result.stderr.splitlines() == [
        "g/game.yaml:4: fonts.big: big.ttf: its character maps list 2,228,224 characters in all (Unicode has "
        "1,114,112); the file is damaged or not a font"]


def test_a_font_fonttools_cannot_cut_down_is_refused_at_validate(tmp_path):
    """The fuzzer's case (data-build 99 1842): reportlab read it, then the SVG pages' subsetting
    failed at build with an internal error (AssertionError: GlyphArray)."""
    import fuzzing

    _, spec = fuzzing.make_case("data-build", 99, 1842, [])
    folder = tmp_path / "g"
    (folder / "fonts").mkdir(parents=True)
    (folder / "game.yaml").write_text(FONT_GAME, encoding="utf-8")
    (folder / "fonts" / "big.ttf").write_bytes(spec["files"]["fonts/DejaVuSerifCondensed-Bold.ttf"])
    for command in (["validate", "g"], ["build", "g", "--format", "svg", "--out", "out"]):
        result = run_in_process(*command, cwd=tmp_path)
        assert result.returncode == 1
        refused(result.stderr, "g/game.yaml:4: fonts.big: big.ttf: a damaged font: fontTools cannot cut it down "
                               "for the SVG pages (AssertionError")
    assert not (tmp_path / "out" / "g").exists()


def test_a_picture_at_the_pixel_limit_builds_in_about_200_mb(tmp_path):
    """The README's "at the limits a default build takes ... about 200 MB", with a designer's
    picture of 9.9 million RGBA pixels (30 million took 505 MB)."""
    from PIL import Image

    folder = art_game(tmp_path, "full.png", b"")
    Image.new("RGBA", (3800, 2600), (40, 90, 160, 200)).save(folder / "art" / "full.png")
    code, err, _, mb = measured("build", "g", "--out", "out", "--jobs", "1", cwd=tmp_path)  # drawn in this process
    assert code == 0, err
    assert mb < 250, mb
    assert (tmp_path / "out" / "g" / "manifest.json").is_file()


def test_a_png_inside_svg_art_is_refused_at_validate(tmp_path):
    """An SVG's <image> of a PNG beside it (or inside it, as a data: URI) passed validate and the PDF
    build ended in an internal error (reportlab cannot put the picture in the art's form: the
    fuzzer's data-build 2701 62); a 12,000 x 12,000 one would also have been decoded whole."""
    import base64

    svg = ('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" '
           'height="10">\n<image xlink:href="HREF" width="5" height="5"/></svg>')
    folder = art_game(tmp_path, "frame.svg", svg.replace("HREF", "small.png").encode())
    (folder / "art" / "small.png").write_bytes(png(20, 20))
    validate_and_build(tmp_path, "'art/frame.svg': it refers to 'small.png', a PNG or JPEG picture: SVG art must be "
                                 "all vector (give the picture with image: instead) (its line 2)")
    inside = tmp_path / "inside"  # a folder of its own: a picture is read once per path in a process
    inside.mkdir()
    art_game(inside, "frame.svg", svg.replace("HREF", "data:image/png;base64," + base64.b64encode(png(20, 20))
                                              .decode()).encode())
    validate_and_build(inside, "'art/frame.svg': it holds a PNG or JPEG picture: SVG art must be all vector")


def test_a_jpeg_that_cannot_be_decoded_is_refused_at_validate(tmp_path):
    """The fuzzer's data-build 2701 171: a JPEG with a sound header and a broken scan passed validate
    (the header alone was read) and the build's reportlab failed on it; validate now decodes it."""
    import fuzzing

    _, spec = fuzzing.make_case("data-build", 2701, 171, [])
    folder = art_game(tmp_path, "seal.jpg", spec["files"]["art/seal.jpg"])
    assert folder.is_dir()
    for command in (["validate", "g"], ["build", "g", "--format", "html", "--out", "out"]):
        result = run_in_process(*command, cwd=tmp_path)
        assert result.returncode == 1
        refused(result.stderr, "g/game.yaml:9: image 'art/seal.jpg': cannot read it as a picture")
    assert not (tmp_path / "out" / "g").exists()


def test_a_librarys_message_with_a_line_break_stays_one_line():
    """svglib's "Can't convert '1\\x854' to length" (U+0085, a line break to str.splitlines) split
    a refusal over two lines, the second without file:line."""
    from generator.base.errors import DataError

    err = DataError("image 'a.svg': cannot read it as SVG (Can't convert '1\x854' to length\u2028x)", "g/game.yaml", 45)
    assert str(err).splitlines() == ["g/game.yaml:45: image 'a.svg': cannot read it as SVG (Can't convert '1 4' to "
                                     "length x)"]


def test_a_long_wrong_argument_is_not_echoed_whole(tmp_path):
    """click's usage error repeated a 4,200-character argument on one line."""
    result = run_in_process("list", "d/" * 2100, cwd=tmp_path)
    assert result.returncode == 2
    error = [line for line in result.stderr.splitlines() if line.startswith("Error: ")]
    assert error and all(len(line) <= 300 for line in result.stderr.splitlines()), result.stderr[:400]
    assert error[0].startswith("Error: Got unexpected extra argument (d/d/d/") and error[0].endswith("...")


@pytest.mark.parametrize("text, where", [
    (FONT_GAME.replace("fonts/big.ttf", "fonts/" + "f" * 300 + ".ttf"), "g/game.yaml:4: fonts.big: fffff"),
    (CSV_GAME.replace("units.csv", "n" * 300 + ".csv"), "g/game.yaml:8: items_csv: cannot read 'nnnn"),
])
def test_a_font_or_sheet_name_too_long_for_the_file_system_is_refused_at_its_line(tmp_path, text, where):
    """The fuzzer's font case (data 2701 355) printed "...ffff.ttf: File name too long" without a line."""
    folder = tmp_path / "g"
    (folder / "fonts").mkdir(parents=True)  # the name is refused by the file system, not a missing folder
    (folder / "game.yaml").write_text(text, encoding="utf-8")
    result = run_in_process("validate", "g", cwd=tmp_path)
    assert result.returncode == 1
    refused(result.stderr, where, "File name too long")


def test_a_config_out_written_as_a_number_is_a_folder_name(tmp_path):
    """The fuzzer's data 2702 1695: ``out: 2147483648`` in ./pnpforge.yaml passed the config's check
    (a number reads as text) and the build ended in an internal error (TypeError)."""
    import shutil

    shutil.copytree(Path(__file__).resolve().parents[1] / "docs" / "example-game", tmp_path / "g")
    (tmp_path / "pnpforge.yaml").write_text("build:\n  out: 2024\n  format: pdf\n  paper: a4\n", encoding="utf-8")
    result = run_in_process("build", "g", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert list((tmp_path / "2024").glob("*/a4/*.pdf"))


@pytest.mark.parametrize("attr", ['stroke-width="1e308"', 'stroke-width="4e300"'])
def test_a_huge_stroke_width_in_svg_art_is_refused_at_validate(tmp_path, attr):
    """The fuzzer's data-build 2702 93: SVG art with stroke-width="1e308" passed validate (its size,
    transforms and reach were checked, not its line widths) and the build's reportlab failed."""
    svg = ('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">'
           f'<path d="M 1 1 L 9 9" stroke="#000" {attr}/></svg>')
    art_game(tmp_path, "line.svg", svg.encode())
    validate_and_build(tmp_path, "'art/line.svg': a stroke width or font size in it", "is too large to print")
