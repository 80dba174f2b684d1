"""Dice (issue #22 section 4): kind: die printed as a cube net with glue tabs or as stickers for a blank
die, measured from the PDF as a player would check them with a ruler: face sizes, the seven tabs, the
shapes of the stickers, which faces end up opposite and upright once folded, the cut file against the
printed cut line, and the refusals with their line."""

from __future__ import annotations

import json
import math
import re
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest

from generator.build.game import Options, build_game
from generator.build.loading import load_game
from tests.conftest import ROOT
from tests.gamefolder import HEAD, line_of, validate, write_game
from tests.measure import box_of, render
from tests.pdfpaths import page_paths
from tests.pdftype import text_runs

EXAMPLE = ROOT / "data" / "examples" / "dice"
CUT = (26, 26, 26)  # the printed cut line (layout/page.CUT_LINE)
FOLD = (77, 77, 77)  # a fold, dashed (components/die.FOLD)


def _build(folder: Path, out: Path, **kw) -> Path:
    game = load_game(folder)
    build_game(game, out, Options(papers=("a4",), **{"formats": ("pdf",), **kw}))
    return out / game.id


@pytest.fixture(scope="module")
def kit(tmp_path_factory):
    return _build(EXAMPLE, tmp_path_factory.mktemp("dice"))


def _pdf(kit: Path) -> Path:
    return next((kit / "a4").glob("*-single.pdf"))


def _corners(points):
    """A closed path's distinct corners (its last point repeats the first)."""
    out = []
    for p in points:
        if not out or math.dist(p, out[-1]) > 1e-3:
            out.append(p)
    if len(out) > 1 and math.dist(out[0], out[-1]) < 1e-3:
        out.pop()
    return out


def _sides(corners):
    return [math.dist(corners[i], corners[(i + 1) % len(corners)]) for i in range(len(corners))]


def _outlines(pdf: Path, page: int, corners: int):
    """The printed cut lines of one page with this many corners."""
    return [c for c in (_corners(d.points) for d in page_paths(pdf, page) if d.stroke == CUT and d.width_mm < 0.2)
            if len(c) == corners]


def _nets(pdf: Path, page: int = 1):
    return _outlines(pdf, page, 28)  # seven plain sides, seven tabs of three


def _box(points):
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


def test_a_16_mm_d6_net_s_faces_are_16_mm_squares(kit):
    pdf = _pdf(kit)
    nets = _nets(pdf)
    assert len(nets) == 6  # two pip dice (16 mm), a combat die each for Red, Blue, Yellow and Black (18 mm)
    pip = [n for n in nets if abs((_box(n)[2] - _box(n)[0]) - 57.6) < 0.05]
    assert len(pip) == 2
    for net in pip:
        x0, y0, x1, y1 = _box(net)  # three faces and a 4.8 mm tab each side across, four faces and a tab down
        assert abs((x1 - x0) - (3 * 16 + 2 * 4.8)) < 0.05 and abs((y1 - y0) - (4 * 16 + 4.8)) < 0.05
        plain = [s for s in _sides(net) if abs(s - 16.0) < 0.05]
        assert len(plain) == 7  # every side without a tab is a face's whole edge
        folds = [d for d in page_paths(pdf, 1) if d.stroke == FOLD
                 and x0 - 0.1 <= min(p[0] for p in d.points) and max(p[0] for p in d.points) <= x1 + 0.1
                 and y0 - 0.1 <= min(p[1] for p in d.points) and max(p[1] for p in d.points) <= y1 + 0.1]
        lengths = [math.dist(d.points[0], d.points[-1]) for d in folds]
        assert len(lengths) == 12 and all(abs(n - 16.0) < 0.05 for n in lengths)  # 5 between faces, 7 at tabs
        across = sorted({round(d.points[0][1], 2) for d in folds if abs(d.points[0][1] - d.points[-1][1]) < 1e-3
                         and x0 + 20 < d.points[0][0] < x1 - 20})  # the column's folds, top to bottom
        assert [round(b - a, 2) for a, b in zip(across, across[1:])] == [16.0, 16.0, 16.0]


def test_the_net_has_seven_glue_tabs_one_a_seam(kit):
    for net in _nets(_pdf(kit)):
        sides = _sides(net)
        edge = max(sides)
        slanted = [i for i in range(len(net)) if abs(abs(net[i][0] - net[(i + 1) % 28][0])
                                                      - abs(net[i][1] - net[(i + 1) % 28][1])) < 0.01]
        assert len(slanted) == 14  # each tab's two ends, cut at 45 degrees
        tops = [s for s in sides if abs(s - edge * 0.4) < 0.05]  # a tab's glued edge: the face's side less two depths
        assert len(tops) == 7
        depth = edge * 0.3
        assert all(abs(sides[i] - depth * math.sqrt(2)) < 0.05 for i in slanted)


def test_a_d20_sticker_is_an_equilateral_triangle_of_12_mm_sides(kit):
    pdf = _pdf(kit)
    small = [t for t in _outlines(pdf, 2, 3) if abs(max(_sides(t)) - 12) < 1]
    assert len(small) == 20
    for triangle in small:
        assert all(abs(s - 12.0) < 0.05 for s in _sides(triangle))
        assert abs(triangle[0][1] - min(p[1] for p in triangle)) < 1e-6  # its first corner is its top: a point up


def test_every_sticker_has_its_die_s_shape_and_edge(kit):
    pdf = _pdf(kit)
    squares = _outlines(pdf, 2, 4)
    assert len(squares) == 12 and all(abs(s - 14.0) < 0.05 for sq in squares for s in _sides(sq))
    d8 = [t for t in _outlines(pdf, 2, 3) if abs(max(_sides(t)) - 20) < 1]
    assert len(d8) == 8 and all(abs(s - 20.0) < 0.05 for t in d8 for s in _sides(t))
    pentagons = _outlines(pdf, 2, 5)
    assert len(pentagons) == 12 and all(abs(s - 11.0) < 0.05 for p in pentagons for s in _sides(p))
    for p in pentagons:  # a regular pentagon: every corner 108 degrees
        across = max(math.dist(a, b) for a in p for b in p)
        assert abs(across - 11.0 * (1 + math.sqrt(5)) / 2) < 0.05


def test_a_d10_sticker_is_a_kite_of_its_long_edge(tmp_path):
    folder = write_game(tmp_path, HEAD + """
components:
  - {id: d10, name: D10, kind: die, sides: 10, size_mm: 15, faces: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]}
""")
    pdf = _pdf(_build(folder, tmp_path / "out"))
    kites = _outlines(pdf, 1, 4)
    assert len(kites) == 10
    for kite in kites:
        long, short = sorted(_sides(kite))[2:], sorted(_sides(kite))[:2]
        assert all(abs(s - 15.0) < 0.05 for s in long)  # size_mm: the two long edges
        assert all(abs(s - 15.0 / ((1 + math.sqrt(5)) / 2) ** 2) < 0.05 for s in short)
        x0, y0, x1, y1 = _box(kite)
        assert abs((y1 - y0) - 15.0 * 1.1756) < 0.05  # tip to tip, as docs/data-format.md says


NUMBERED = HEAD + """
components:
  - {id: net, name: Numbers, kind: die, sides: 6, print: net, size_mm: 20, faces: [1, 2, 3, 4, 5, 6]}
"""


def _glyphs(pdf: Path, page: int):
    """(character, centre x, centre y in page mm, y down, angle in degrees) of each character shown."""
    import pypdfium2
    import pypdfium2.raw as raw

    doc = pypdfium2.PdfDocument(str(pdf))
    try:
        p = doc[page]
        height = p.get_size()[1]
        text = p.get_textpage()
        out = []
        for i in range(text.count_chars()):
            ch = text.get_text_range(i, 1)
            left, bottom, right, top = text.get_charbox(i)
            angle = math.degrees(raw.FPDFText_GetCharAngle(text.raw, i))
            out.append((ch, (left + right) / 2 * 25.4 / 72, (height - (top + bottom) / 2) * 25.4 / 72, angle))
        return out
    finally:
        doc.close()


@pytest.fixture(scope="module")
def numbered(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("numbered")
    folder = write_game(tmp, NUMBERED)
    return _pdf(_build(folder, tmp / "out"))


def _cells(pdf: Path) -> dict[int, tuple[tuple[int, int], float]]:
    """Each number on the net: the face it is printed in, (column, row) of the cross, and its turn."""
    (net,) = _nets(pdf)
    x0, y0, x1, y1 = _box(net)
    edge, tab = 20.0, 6.0
    out = {}
    for ch, x, y, angle in _glyphs(pdf, 1):
        if ch.isdigit() and x0 < x < x1 and y0 < y < y1:  # the net's numbers, not the page's footer
            out[int(ch)] = ((int((x - x0 - tab) // edge), int((y - y0 - tab) // edge)), round(angle) % 360)
    return out


def test_opposite_faces_of_the_net_are_1_6_2_5_3_4(numbered):
    cells = {v: cell for v, (cell, _) in _cells(numbered).items()}
    assert sorted(cells) == [1, 2, 3, 4, 5, 6]
    # a cross of four in a column and an arm each side of the second: folded, the column's first and
    # third faces meet opposite, its second and fourth, and the two arms
    opposite = {(1, 0): (1, 2), (1, 2): (1, 0), (1, 1): (1, 3), (1, 3): (1, 1), (0, 1): (2, 1), (2, 1): (0, 1)}
    at = {cell: v for v, cell in cells.items()}
    assert {(v, at[opposite[cell]]) for v, cell in cells.items()} == {(1, 6), (6, 1), (2, 5), (5, 2), (3, 4), (4, 3)}


# Folding the cross with the second face of the column towards you: where each cell's outside faces
# and which way a number printed upright in it reads (+y up, +z towards you)
FOLDED = {(1, 1): ("front", (0, 1, 0)), (1, 0): ("top", (0, 0, -1)), (1, 2): ("bottom", (0, 0, 1)),
          (1, 3): ("back", (0, -1, 0)), (0, 1): ("left", (0, 1, 0)), (2, 1): ("right", (0, 1, 0))}


def test_folded_the_numbers_read_upright_as_documented(numbered):
    read = {}
    for value, (cell, turn) in _cells(numbered).items():
        side, up = FOLDED[cell]
        read[value] = (side, tuple(-u for u in up) if turn == 180 else up)
        assert turn in (0, 180)
    # docs/data-format.md: face 1 towards you, 2 on top; 1, 3, 4 and 6 upright all round the sides
    assert read[1] == ("front", (0, 1, 0)) and read[2][0] == "top"
    assert {read[v] for v in (3, 4, 6)} == {("left", (0, 1, 0)), ("right", (0, 1, 0)), ("back", (0, 1, 0))}
    # 2 reads upright from above with 1 towards you (its top towards the back); 5 when tipped away
    assert read[2][1] == (0, 0, -1) and read[5] == ("bottom", (0, 0, 1))


def test_the_cut_file_path_for_the_net_matches_the_printed_outline(tmp_path):
    kit = _build(EXAMPLE, tmp_path, cut_files=True)
    pdf = _pdf(kit)
    svg = (kit / "a4" / "cut" / f"{pdf.stem}-page002.svg").read_text()
    paths = re.findall(r'data-component="pip-die" d="([^"]+)"', svg)
    assert len(paths) == 2
    printed = _nets(pdf)
    for d in paths:
        cut = [tuple(map(float, m)) for m in re.findall(r"[ML]([-0-9.]+) ([-0-9.]+)", d)]
        assert len(cut) == 28
        best = min(printed, key=lambda net: math.dist(net[0], cut[0]))
        assert max(min(math.dist(p, q) for q in best) for p in cut) < 0.05
        assert max(min(math.dist(p, q) for q in cut) for p in best) < 0.05


def test_the_words_on_dice_are_6_pt_or_more_and_1_5_mm_inside_the_cut(kit):
    pdf = _pdf(kit)
    assert min(r.size_pt for r in text_runs(pdf) if r.page > 1) >= 6.0
    triangles = [t for t in _outlines(pdf, 2, 3) if abs(max(_sides(t)) - 12) < 1]  # the d20's (the d8's: 20 mm)
    digits = [(x, y) for ch, x, y, _ in _glyphs(pdf, 2) if ch.isdigit()]
    import pypdfium2

    doc = pypdfium2.PdfDocument(str(pdf))
    try:
        page = doc[2]
        height = page.get_size()[1]
        text = page.get_textpage()
        boxes = []
        for i in range(text.count_chars()):
            if text.get_text_range(i, 1).isdigit():
                left, bottom, right, top = (v * 25.4 / 72 for v in text.get_charbox(i))
                boxes.append([(left, height * 25.4 / 72 - top), (right, height * 25.4 / 72 - bottom)])
    finally:
        doc.close()
    assert len(digits) == len(boxes)
    checked = 0
    for triangle in triangles:  # each d20 sticker's number, every corner of its glyphs' boxes
        inside = [b for b in boxes if _in_polygon(((b[0][0] + b[1][0]) / 2, (b[0][1] + b[1][1]) / 2), triangle)]
        assert inside
        for (lx, ty), (rx, by) in inside:
            for corner in ((lx, ty), (rx, ty), (lx, by), (rx, by)):
                assert _distance_to_sides(corner, triangle) >= 1.5 - 0.05
                checked += 1
    assert checked >= 20 * 4


def _in_polygon(p, polygon) -> bool:
    signs = set()
    for i in range(len(polygon)):
        (ax, ay), (bx, by) = polygon[i], polygon[(i + 1) % len(polygon)]
        signs.add((bx - ax) * (p[1] - ay) - (by - ay) * (p[0] - ax) > 0)
    return len(signs) == 1


def _distance_to_sides(p, polygon) -> float:
    out = []
    for i in range(len(polygon)):
        (ax, ay), (bx, by) = polygon[i], polygon[(i + 1) % len(polygon)]
        out.append(abs((bx - ax) * (ay - p[1]) - (ax - p[0]) * (by - ay)) / math.dist((ax, ay), (bx, by)))
    return min(out)


def test_each_player_gets_a_combat_die_in_their_colour(kit):
    game = load_game(EXAMPLE)
    combat = game.component("combat-die")
    assert [(item.colour.id, item.count) for item in combat.items] == [("red", 1), ("blue", 1), ("yellow", 1),
                                                                       ("black", 1)]
    assert [look.fill for look in __import__("generator.components.look", fromlist=["resolve"]).resolve(
        game, combat.items[0].face, combat.items[0].colour).faces] == ["#b8312f"] * 6
    image, _ = render(_pdf(kit), 1, dpi=100)
    red, blue = box_of(image, "#b8312f", dpi=100), box_of(image, "#4f86d6", dpi=100)
    assert red is not None and blue is not None
    for box in (red, blue):  # each net's faces, column and arms: three faces across (18 mm), four down
        assert abs(box.width - 3 * 18) < 1.5 and abs(box.height - (4 * 18 + 3)) < 2.5


def test_the_gallery_and_tts_show_each_die(tmp_path):
    kit = _build(EXAMPLE, tmp_path, formats=("tts",))
    save = json.loads((kit / "tts" / "dice.json").read_text())
    import jsonschema

    jsonschema.validate(save, json.loads((ROOT / "tests" / "tts_save_schema.json").read_text()))
    objects = save["ObjectStates"]
    dice = [o for o in objects if o["Name"].startswith("Die_")]
    inside = [c for o in objects if o["Name"] == "Bag" for c in o["ContainedObjects"]]
    names = sorted(o["Name"] for o in dice + inside)
    assert names.count("Die_6") == 2 + 4 + 2 and names.count("Die_20") == 1  # pip x2, combat x4, stickers x2
    red = next(o for o in dice if o["Nickname"] == "Combat die (Red)")
    assert red["Description"].splitlines()[0] == "1: Hit sword" and red["ColorDiffuse"]["r"] > 0.7
    tiles = [o for o in objects if o["Name"] == "Custom_Tile"]
    assert len(tiles) == 9  # a tile of faces a die design (and colour)
    for tile in tiles:
        assert Path(unquote(urlparse(tile["CustomImage"]["ImageURL"]).path)).is_file()


@pytest.mark.parametrize("change, needle, words", [
    ("sides: 6", "sides: 7", "a die has 4, 6, 8, 10, 12 or 20 sides; got 7"),
    ("faces: [1, 2, 3, 4, 5, 6]", "faces: [1, 2, 3, 4, 5]", "a d6 has 6 faces; faces: lists 5"),
    ("print: stickers", "print: net", "print: net folds a cube (sides: 6); a d20 prints as stickers"),
    ("print: stickers", "print: nets", "expected one of net, stickers; got 'nets' (did you mean 'net'?)"),
])
def test_a_die_that_cannot_print_is_refused_at_its_line(runner, tmp_path, change, needle, words):
    text = HEAD + """
components:
  - id: d
    name: Die
    kind: die
    sides: 6
    print: stickers
    size_mm: 14
    faces: [1, 2, 3, 4, 5, 6]
""".replace(change, needle)
    if needle == "print: net":
        text = text.replace("sides: 6", "sides: 20").replace("faces: [1, 2, 3, 4, 5, 6]",
                                                             f"faces: {list(range(1, 21))}")
    folder = write_game(tmp_path, text)
    result = validate(runner, folder)
    assert result.exit_code != 0
    assert f"game.yaml:{line_of(folder, needle)}:" in result.output and words in result.output


def test_die_keys_on_another_kind_and_a_die_without_sides_are_refused(runner, tmp_path):
    folder = write_game(tmp_path, HEAD + """
components:
  - id: c
    name: Counters
    kind: counter
    size_mm: 16
    sides: 6
    items: [{count: 1, value: 1}]
  - id: d
    name: Die
    kind: die
    size_mm: 14
    faces: [1, 2, 3, 4, 5, 6]
""")
    result = validate(runner, folder)
    assert result.exit_code != 0
    assert f"game.yaml:{line_of(folder, 'sides: 6')}: sides is a die's (kind: die)" in result.output
    assert f"game.yaml:{line_of(folder, 'kind: die')}: a die needs sides" in result.output


def test_a_die_s_faces_can_come_from_a_spreadsheet_row(tmp_path):
    folder = write_game(tmp_path, HEAD + """
components:
  - id: d
    name: Dice
    kind: die
    sides: 6
    size_mm: 14
    face: {fill: "{{ tint }}"}
    faces: ["{{ best }}", "{{ best }}", 2, 1, 1, {value: "{{ worst }}"}]
    items_from: dice.csv
""", {"dice.csv": "name,count,tint,best,worst\nRed die,1,#cc0000,3,0\nBlue die,2,#0000cc,4,-1\n"})
    game = load_game(folder)
    stickers = game.component("d").items
    assert [(s.name.split(":")[0], s.count, s.face["value"]) for s in stickers[:6]] == [
        ("Red die", 1, "3"), ("Red die", 1, "3"), ("Red die", 1, "2"), ("Red die", 1, "1"), ("Red die", 1, "1"),
        ("Red die", 1, "0")]
    assert [s.face["value"] for s in stickers[6:]] == ["4", "4", "2", "1", "1", "-1"]
    assert {s.face["fill"] for s in stickers[6:]} == {"#0000cc"} and all(s.count == 2 for s in stickers[6:])


def test_a_die_without_items_fills_its_faces_from_the_game_s_values(runner, tmp_path):
    """One die (no items) whose faces use the game's values: validate said "a d6 needs faces" of six
    faces written, as the templated faces were filled in for no item at all."""
    folder = write_game(tmp_path, HEAD + """values: {top: 3, word: Rally}
components:
  - id: d
    name: Event die
    kind: die
    sides: 6
    size_mm: 14
    faces: ["{{ top }}", 2, 1, 1, 0, {value: "-", title: "{{ word }}"}]
""")
    assert validate(runner, folder).exit_code == 0
    stickers = load_game(folder).component("d").items
    assert [(s.count, s.face["value"]) for s in stickers] == [(1, "3"), (1, "2"), (1, "1"), (1, "1"), (1, "0"),
                                                               (1, "-")]
    assert stickers[5].face["title"] == "Rally" and stickers[0].name == "Event die: face 1 (3)"
    # a face the template makes a list of: refused at the die, and only that (no "needs faces" after it)
    (folder / "game.yaml").write_text((folder / "game.yaml").read_text().replace('"{{ top }}"', '"{{ [top, 1] }}"'))
    result = validate(runner, folder)
    problems = [line for line in result.output.splitlines() if ": " in line and "warning" not in line]
    assert result.exit_code == 1 and len(problems) == 1, result.output
    assert "faces[1]: expected a face: a number or a word (its value), or a face mapping" in problems[0]


def test_the_contents_page_names_each_die_and_how_to_make_it(kit):
    from tests.gamefolder import pdf_text

    contents = pdf_text(_pdf(kit))[0]
    assert "Pip die 2 d6 net, 16.0 mm faces" in contents
    assert "Event stickers (d20) 20 d20 stickers, 12.0 mm edges" in contents
    assert "fold a net on its dashed lines" in contents


def test_the_print_shop_die_line_is_the_net_with_its_tabs_and_each_sticker_s_shape(tmp_path):
    kit = _build(EXAMPLE, tmp_path, formats=(), print_shop=True)
    shop = kit / "print-shop"

    def die_line(name: str, page: int = 0):
        lines = [d for d in page_paths(shop / name, page) if abs(d.width_mm - 0.25) < 0.01 and d.stroke is not None]
        return _corners(lines[-1].points)

    net = die_line("pip-die.pdf")
    assert len(net) == 28 and sorted(round(s, 2) for s in _sides(net)).count(16.0) == 7  # seven tabs' worth
    x0, y0, x1, y1 = _box(net)
    assert abs((x1 - x0) - 57.6) < 0.05 and abs((y1 - y0) - 68.8) < 0.05
    triangle = die_line("d20-stickers.pdf", 19)
    assert len(triangle) == 3 and all(abs(s - 12.0) < 0.05 for s in _sides(triangle))
    pentagon = die_line("d12-stickers.pdf")
    assert len(pentagon) == 5 and all(abs(s - 11.0) < 0.05 for s in _sides(pentagon))
    square = die_line("d6-stickers.pdf")  # the shop's 3 mm safe zone, where the number fits in it
    [((left, top), (right, bottom))] = _digit_boxes(shop / "d6-stickers.pdf", 0)
    x0, y0, x1, y1 = _box(square)
    assert min(left - x0, x1 - right, top - y0, y1 - bottom) >= 3.0 - 0.05
    assert bottom - top > 4.0  # and still a big number


def _digit_boxes(pdf: Path, page: int):
    """The box (left, top), (right, bottom) in page mm, y down, of every digit shown on a page."""
    import pypdfium2

    doc = pypdfium2.PdfDocument(str(pdf))
    try:
        p = doc[page]
        height = p.get_size()[1] * 25.4 / 72
        text = p.get_textpage()
        out = []
        for i in range(text.count_chars()):
            if text.get_text_range(i, 1).isdigit():
                left, bottom, right, top = (v * 25.4 / 72 for v in text.get_charbox(i))
                out.append(((left, height - top), (right, height - bottom)))
        return out
    finally:
        doc.close()


def test_the_ink_saver_pales_every_face_of_a_net():
    from generator.components.inksaver import saver_front
    from generator.components.look import resolve

    game = load_game(EXAMPLE)
    red = game.component("combat-die").items[0]
    saved = saver_front(resolve(game, red.face, red.colour))
    assert [face.outline for face in saved.faces] == ["#b8312f"] * 6  # the colour kept as a band inside the cut
    assert all(face.fill != "#b8312f" and face.fill.startswith("#f") for face in saved.faces)


_FOUR_PLAYERS = """\
game: {id: g, title: G, author: A, licence: CC0, source: test, players: [2, 4]}
colours:
  - {id: red, name: Red, fill: "#b8312f", ink: "#ffffff", cue: R}
  - {id: blue, name: Blue, fill: "#4f86d6", ink: "#000000", cue: B, shape: square}
components:
  - id: combat
    name: Combat die
    kind: die
    sides: 6
    size_mm: 16
    per_player: true
    face: {fill: player}
    faces: [1, 2, 3, 4, 5, 6]
"""


def test_a_four_player_game_with_two_colours_is_told_its_dice_print_two(tmp_path):
    from click.testing import CliRunner

    folder = write_game(tmp_path, _FOUR_PLAYERS)
    result = validate(CliRunner(), folder)
    assert result.exit_code == 0, result.output
    assert (f"game.yaml:{line_of(folder, 'colours:')}: warning: 2 player colours for a game of up to 4 players "
            "(players: [2, 4]): per_player components print one copy a colour, so Combat die prints 2; add a "
            "colour for each player") in result.output
    # a die made in the colours it lists is as the designer wrote it; so is a game with a colour a player
    (tmp_path / "listed").mkdir()
    (tmp_path / "enough").mkdir()
    listed = write_game(tmp_path / "listed", _FOUR_PLAYERS.replace("per_player: true", "per_player: true\n    "
                                                                                       "players: [red, blue]"))
    enough = write_game(tmp_path / "enough", _FOUR_PLAYERS.replace("players: [2, 4]", "players: [2, 2]"))
    for quiet in (listed, enough):
        result = validate(CliRunner(), quiet)
        assert result.exit_code == 0 and "warning" not in result.output, result.output
