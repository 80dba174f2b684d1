"""Hex maps addressed the way their designers write them (issue 22, section 1): a named hexgrid (`id: map`),
elements placed at a hex (`at: {grid: map, hex: "0604", offset_mm: [2, -3]}`, or at a corner or side),
links between any two hexes, ids made by a numbering expression ("16BB"), marks from a spreadsheet,
and `over_map: true`. Positions are measured on the printed PDF."""

from __future__ import annotations

import math

import pytest
from gamefolder import HEAD, line_of, pdf_text, validate, write_game

BOARD = HEAD + """components:
  - id: b
    name: B
    kind: board
    size_mm: [180, 150]
    elements:
      - type: hexgrid
        id: map
        at_mm: [20, 20]
        layout: rectangle
        columns: 8
        grid_rows: 6
        hex_mm: {hex_mm}
        numbering: {numbering}
        labels: none
        marks: [{hex: "{target}", fill: "#ff0000"}]
{more}"""


def _board(tmp_path, more: str, hex_mm: float = 20, numbering: str = "CCRR", target: str = "0604",
           files: dict[str, str] | None = None):
    text = BOARD
    for key, value in (("{hex_mm}", str(hex_mm)), ("{numbering}", numbering), ("{target}", target), ("{more}", more)):
        text = text.replace(key, value)
    return write_game(tmp_path, text, files)


def _page(tmp_path, folder):
    from generator.build.game import Options, build_game
    from generator.build.loading import load_game
    from tests.measure import render

    build_game(load_game(folder), tmp_path / "out", Options(papers=("a4",), formats=("pdf",)))
    pdf = tmp_path / "out" / "g" / "a4" / "g-a4-single.pdf"
    image, _ = render(pdf, 1)
    return image, pdf


@pytest.mark.parametrize("hex_mm", [12, 20])
def test_a_box_placed_at_a_hex_with_an_offset_sits_there_on_the_page_whatever_the_hex_size(tmp_path, hex_mm):
    from tests.measure import box_of

    folder = _board(tmp_path, '      - {type: box, at: {grid: map, hex: "0604", offset_mm: [2, -3]}, '
                              'size_mm: [4, 4], radius_mm: 0, fill: "#0000ff", stroke: none, over_map: true}\n',
                    hex_mm=hex_mm)
    image, _ = _page(tmp_path, folder)
    hex_box, placed = box_of(image, "#ff0000"), box_of(image, "#0000ff")
    assert hex_box is not None and placed is not None
    # the red hex is as tall as its flats (less half the grid line either side)
    assert hex_box.height == pytest.approx(hex_mm - 0.35, abs=0.3)
    assert placed.width == pytest.approx(4, abs=0.1)
    (hx, hy), (bx, by) = hex_box.centre, placed.centre
    assert bx - hx == pytest.approx(2, abs=0.2) and by - hy == pytest.approx(-3, abs=0.2)


def test_an_icon_at_a_corner_and_a_side_of_a_hex_sits_on_that_corner_and_side(tmp_path):
    from generator.build.loading import load_game

    folder = _board(tmp_path, '      - {type: icon, at: {grid: map, hex: "0604", corner: 1}, icon: town}\n'
                              '      - {type: icon, at: {grid: map, hex: "0604", side: 0}, icon: town}\n'
                              '      - {type: icon, at: {grid: map, hex: "0604"}, icon: town}\n')
    elements = load_game(folder).components[0].spec["elements"]
    (cx, cy), (sx, sy), (mx, my) = (el["at_mm"] for el in elements[1:])
    # a flat hex 20 mm across the flats: corner 1 is its right-hand corner, 20/sqrt3 mm from the centre;
    # side 0 its top side, 10 mm above the centre
    assert (cx - mx, cy - my) == (pytest.approx(20 / math.sqrt(3), abs=1e-3), pytest.approx(0, abs=1e-3))
    assert (sx - mx, sy - my) == (pytest.approx(0, abs=1e-3), pytest.approx(-10, abs=1e-3))
    # hex 0604: column 6, row 4 of a grid whose first hex is centred at [20, 20]: columns 3/4 of a hex's
    # width apart, even columns (0-based odd) half a hex lower
    assert (mx, my) == (pytest.approx(20 + 5 * 1.5 * 20 / math.sqrt(3)), pytest.approx(20 + 3 * 20 + 10))


def test_a_link_runs_from_one_hex_centre_to_a_distant_one(tmp_path):
    from tests.measure import box_of

    folder = _board(tmp_path, '      - {type: link, from: {grid: map, hex: "0601"}, to: {grid: map, hex: "0605"}, '
                              'stroke: "#00aa00", width_mm: 1}\n', target="0603")
    image, _ = _page(tmp_path, folder)
    hex_box, line = box_of(image, "#ff0000"), box_of(image, "#00aa00")
    assert hex_box is not None and line is not None
    # four hexes of 20 mm from centre to centre, plus the round caps (half the width at each end)
    assert line.height == pytest.approx(80 + 1, abs=0.3)
    assert line.centre[0] == pytest.approx(hex_box.centre[0], abs=0.2)
    # hex 0603 lies halfway along
    assert line.centre[1] == pytest.approx(hex_box.centre[1], abs=0.2)


def test_a_numbering_expression_names_the_hexes_and_marks_places_and_links_use_those_ids(tmp_path):
    from tests.measure import box_of

    numbering = '"{{ q + 1 }}{{ letters(r + 4) if r + 4 < 26 else letters(r - 22) * 2 }}"'
    folder = _board(tmp_path, '      - {type: box, at: {grid: map, hex: "6G"}, size_mm: [4, 4], radius_mm: 0, '
                              'fill: "#0000ff", stroke: none, over_map: true}\n'
                              '      - {type: text, at: {grid: map, hex: "2E", offset_mm: [0, 12]}, text: "id 2E", '
                              'anchor: middle}\n',
                    numbering=numbering, target="6G")
    image, pdf = _page(tmp_path, folder)
    hex_box, placed = box_of(image, "#ff0000"), box_of(image, "#0000ff")
    assert hex_box is not None and placed is not None
    assert placed.centre == (pytest.approx(hex_box.centre[0], abs=0.2), pytest.approx(hex_box.centre[1], abs=0.2))
    assert "id 2E" in pdf_text(pdf)[1]


def test_letters_counts_as_spreadsheet_columns_do_and_ids_print_where_labels_says():
    from generator.geometry.hexmap import MapHexes

    grid = MapHexes.of({"layout": "rectangle", "columns": 30, "grid_rows": 2,
                       "numbering": "{{ letters(col) }}{{ row + 1 }}", "labels": "centre"})
    names = {grid.label(*h) for h in grid.cells}
    assert {"A1", "Z2", "AA1", "AD2"} <= names and len(names) == 60
    assert grid.show and grid.place == "centre"
    assert grid.parse("AA1") in grid.cells
    assert not MapHexes.of({"numbering": "CCRR", "labels": "none"}).show


def test_the_numbers_print_at_the_centre_of_each_hex_with_labels_centre(tmp_path):
    folder = _board(tmp_path, "", numbering='"{{ col + 1 }}-{{ letters(row) }}"', target="6-D")
    text = (folder / "game.yaml").read_text().replace("labels: none", "labels: centre")
    (folder / "game.yaml").write_text(text)
    _, pdf = _page(tmp_path, folder)
    printed = pdf_text(pdf)[1]
    assert "1-A" in printed and "8-F" in printed


@pytest.mark.parametrize("more, needle, message", [
    ('      - {type: icon, at: {grid: mpa, hex: "0604"}, icon: town}\n', "grid: mpa",
     "at: no hex grid 'mpa' on this board or face (did you mean 'map'?); hex grids with an id here: map"),
    ('      - {type: icon, at: {grid: map, hex: "0609"}, icon: town}\n', 'hex: "0609"',
     "at: grid 'map': hex '0609' is not in this grid (0101 to 0806; did you mean '0606'?)"),
    ('      - {type: icon, at: {grid: map, hex: "0604"}, at_mm: [5, 5], icon: town}\n', "at_mm: [5, 5]",
     "give at_mm or at:, not both"),
    ('      - {type: link, from: {grid: map, hex: "0101"}, to: {grid: map, hex: "0199"}}\n', 'hex: "0199"',
     "to: grid 'map': hex '0199' is not in this grid"),
    ('      - {type: link, from: {grid: map, hex: "0101"}}\n', "type: link", "a link element needs to:"),
    ('      - {type: icon, icon: town}\n', "type: icon", "an icon element needs at_mm (where it sits, in mm) or at:"),
    # a chart without rows printed an empty frame
    ('      - {type: terrain-chart, at_mm: [5, 130], size_mm: [40, 15]}\n', "type: terrain-chart",
     "a terrain-chart element needs rows:"),
    ('      - {type: track, at_mm: [5, 140], labels: top}\n', "type: track",
     "a track's labels: is a list of texts, one a cell"),
])
def test_a_place_on_a_map_that_is_not_there_is_refused_at_its_line(runner, tmp_path, more, needle, message):
    folder = _board(tmp_path, more)
    result = validate(runner, folder)
    assert result.exit_code == 1
    assert f"game.yaml:{line_of(folder, needle)}: {message}" in result.output


def test_a_numbering_that_gives_two_hexes_one_id_is_refused_at_its_line(runner, tmp_path):
    folder = _board(tmp_path, "", numbering='"{{ col }}"')
    result = validate(runner, folder)
    assert result.exit_code == 1
    assert (f"game.yaml:{line_of(folder, 'numbering:')}: numbering: two hexes get the id '0' (axial [0, 0] and "
            f"[0, 1]); each hex needs its own") in result.output


def test_an_unknown_hex_id_of_an_expression_numbering_names_the_closest(runner, tmp_path):
    folder = _board(tmp_path, '      - {type: icon, at: {grid: map, hex: "6Z"}, icon: town}\n',
                    numbering='"{{ col + 1 }}{{ letters(row) }}"', target="6D")
    result = validate(runner, folder)
    assert result.exit_code == 1
    line = line_of(folder, 'hex: "6Z"')
    assert (f"game.yaml:{line}: at: grid 'map': no hex has the id '6Z' (did you mean "
            f"'6F'?); this grid's ids run 1A to 8F") in result.output


def test_over_map_true_turns_off_the_lies_over_the_hexes_warning(runner, tmp_path):
    box = '      - {type: box, at: {grid: map, hex: "0604"}, size_mm: [30, 10]%s}\n'
    warned = validate(runner, _board(tmp_path, box % ""))
    assert "lies over hex" in warned.output and "over_map: true" in warned.output
    quiet = validate(runner, _board(tmp_path, box % ", over_map: true"))
    assert quiet.exit_code == 0 and "lies over" not in quiet.output


def test_marks_from_a_spreadsheet_paint_their_hexes_and_a_bad_cell_is_refused_at_its_cell(runner, tmp_path):
    from tests.measure import box_of

    sheet = "Hex,Fill,Text,Note\n0203,#00aa00,Vega,home system\n0705,,Sol,\n"
    folder = _board(tmp_path, "", files={"systems.csv": sheet})
    text = (folder / "game.yaml").read_text().replace("        labels: none\n",
                                                      "        labels: none\n        marks_from: systems.csv\n")
    (folder / "game.yaml").write_text(text)
    image, pdf = _page(tmp_path, folder)
    green = box_of(image, "#00aa00")
    assert green is not None and green.height == pytest.approx(20, abs=0.5)  # one hex, 20 mm across the flats
    assert "Vega" in pdf_text(pdf)[1] and "Sol" in pdf_text(pdf)[1]
    (folder / "systems.csv").write_text("Hex,Fill,Text\n0203,#00aa00,Vega\n0799,,Sol\n0101,bluish,X\n")
    result = validate(runner, folder)
    assert result.exit_code == 1
    assert "systems.csv:3 (Hex): mark: hex '0799' is not in this grid" in result.output
    assert "systems.csv:4 (Fill): marks_from: fill:" in result.output
    (folder / "systems.csv").write_text("Hex,Colour\n0203,#00aa00\n")
    result = validate(runner, folder)
    assert ("systems.csv:1: marks_from: a column headed 'Colour' is not a hex mark's key (hex, terrain, text, "
            "icon, fill; head it note to keep it unprinted)") in result.output


def test_a_numbering_expression_in_a_file_with_spreadsheet_templates_is_the_grids_own(runner, tmp_path):
    folder = _board(tmp_path, '      - {type: text, at: {grid: map, hex: "1A"}, text: "{{ values.name }}"}\n',
                    numbering='"{{ col + 1 }}{{ letters(row) }}"', target="6D")
    text = (folder / "game.yaml").read_text().replace("components:", "values: {name: Vega}\ncomponents:")
    (folder / "game.yaml").write_text(text)
    result = validate(runner, folder)
    assert result.exit_code == 0, result.output
    _, pdf = _page(tmp_path, folder)
    assert "Vega" in pdf_text(pdf)[1]


def test_a_piece_face_places_things_at_the_hexes_of_its_own_grid_and_nowhere_else(runner, tmp_path):
    from generator.build.loading import load_game

    tile = HEAD + """components:
  - id: t
    name: T
    kind: square-tile
    size_mm: 40
    items:
      - name: A
        count: 1
        elements:
          - {type: hexgrid, id: mini, at_mm: [-8, -8], radius: 1, hex_mm: 8}
          - {type: icon, at: {grid: mini, hex: [1, 0]}, icon: town, size_mm: [5, 5]}
"""
    folder = write_game(tmp_path, tile)
    icon = load_game(folder).components[0].items[0].face["elements"][1]
    # axial [1, 0] of flat hexes 8 mm across the flats: 3/4 of a hex's width right, half a hex down
    assert icon["at_mm"] == [pytest.approx(-8 + 1.5 * 8 / math.sqrt(3), abs=1e-3), pytest.approx(-4, abs=1e-3)]
    (folder / "game.yaml").write_text(tile.replace("grid: mini", "grid: map"))
    result = validate(runner, folder)
    assert result.exit_code == 1
    assert (f"game.yaml:{line_of(folder, 'grid: map')}: at: no hex grid 'map' on this board or face; hex grids "
            f"with an id here: mini") in result.output


def test_a_link_from_a_hex_to_itself_is_refused(runner, tmp_path):
    folder = _board(tmp_path, '      - {type: link, from: {grid: map, hex: "0203"}, to: {grid: map, hex: "0203"}}\n')
    result = validate(runner, folder)
    assert result.exit_code == 1
    assert (f"game.yaml:{line_of(folder, 'type: link')}: a link from a place to the same place prints nothing"
            in result.output)


@pytest.mark.parametrize("orientation, above, upper_right", [
    ("flat", [0, -1], [1, -1]),      # flat hexes: [0, -1] right above [0, 0], [1, -1] up and to the right
    ("pointy", [0, -1], [1, -1]),    # pointy hexes: [0, -1] up and to the left, [1, -1] up and to the right
])
def test_axial_hexes_lie_where_the_docs_say(tmp_path, orientation, above, upper_right):
    """docs/data-format.md: q counts to the right, r downwards; a protograf HexHex ring, clockwise
    from the hex above the centre, is written in axial [q, r] from that."""
    from tests.measure import box_of

    folder = write_game(tmp_path, HEAD + f"""components:
  - id: b
    name: B
    kind: board
    size_mm: [120, 120]
    elements:
      - type: hexgrid
        at_mm: [60, 60]
        radius: 1
        hex_mm: 30
        orientation: {orientation}
        marks: [{{hex: [0, 0], fill: "#00ff00"}}, {{hex: {above}, fill: "#ff0000"}},
                {{hex: {upper_right}, fill: "#0000ff"}}, {{hex: [-1, 0], fill: "#ffff00"}}]
""")
    image, _ = _page(tmp_path, folder)

    def centre(colour: str) -> tuple[float, float]:
        b = box_of(image, colour)
        return (b.x0 + b.x1) / 2, (b.y0 + b.y1) / 2

    cx, cy = centre("#00ff00")
    ax, ay = centre("#ff0000")
    rx, ry = centre("#0000ff")
    lx, ly = centre("#ffff00")
    if orientation == "flat":  # 30 mm across the flats: the hex above is 30 mm up
        assert (ax - cx, ay - cy) == (pytest.approx(0, abs=0.5), pytest.approx(-30, abs=0.5))
        assert (rx - cx, ry - cy) == (pytest.approx(25.98, abs=0.5), pytest.approx(-15, abs=0.5))
        assert (lx - cx, ly - cy) == (pytest.approx(-25.98, abs=0.5), pytest.approx(-15, abs=0.5))
    else:  # pointy: neighbours 30 mm apart, at 60 degree steps from the right
        assert (ax - cx, ay - cy) == (pytest.approx(-15, abs=0.5), pytest.approx(-25.98, abs=0.5))
        assert (rx - cx, ry - cy) == (pytest.approx(15, abs=0.5), pytest.approx(-25.98, abs=0.5))
        assert (lx - cx, ly - cy) == (pytest.approx(-30, abs=0.5), pytest.approx(0, abs=0.5))


HIDDEN = HEAD + """components:
  - id: b
    name: B
    kind: board
    size_mm: [120, 100]
    elements:
      - type: hexgrid
        id: map
        at_mm: [20, 20]
        layout: rectangle
        columns: 4
        grid_rows: 3
        hex_mm: 20
        fill: "#ff0000"
        coordinates: {style: CCRR}
        hidden: [{hidden}]
        marks: [{hex: "0302", fill: "#0000ff"}]
"""


def test_hidden_hexes_are_left_out_and_the_others_keep_their_numbers(tmp_path):
    """protograf's Hexagons(hidden=[...]) (the Orion Duel board leaves out its six corner hexes): a
    hidden hex is not drawn, and the hexes around it keep the ids the whole grid gives them."""
    from tests.measure import box_of

    folder = write_game(tmp_path, HIDDEN.replace("{hidden}", '"0201", "0403"'))
    image, pdf = _page(tmp_path, folder)
    text = pdf_text(pdf)[1]
    assert "0101" in text and "0301" in text and "0402" in text  # numbered as the whole grid is
    assert "0201" not in text and "0403" not in text
    blue, red = box_of(image, "#0000ff"), box_of(image, "#ff0000")
    # 0302 (column 3, row 2, flat hexes 20 mm across): 2 x 17.32 mm right of 0101 and 20 mm down
    k = 400 / 25.4

    def at(x_mm: float, y_mm: float) -> tuple[int, int, int]:
        return image.getpixel((round(x_mm * k), round(y_mm * k)))[:3]

    cx, cy = red.x0 + 11.55, red.y0 + 10  # the middle of 0101, the top-left hex
    assert at(cx, cy) == (255, 0, 0)
    assert at(cx + 17.32, cy + 10) == (255, 255, 255)  # 0201, half a hex lower: left out, the paper shows
    assert at(cx + 2 * 17.32, cy) == (255, 0, 0)  # 0301 drawn
    assert (blue.x0 + blue.x1) / 2 - cx == pytest.approx(2 * 17.32, abs=0.6)


@pytest.mark.parametrize("hidden, message", [
    ('"0901"', "hidden: hex '0901' is not in this grid"),
    ('"0101", "0102", "0103", "0201", "0202", "0203", "0301", "0302", "0303", "0401", "0402", "0403"',
     "hidden: leaves none of the grid's 12 hexes"),
])
def test_a_hidden_list_naming_no_hex_or_every_hex_is_refused_at_its_line(runner, tmp_path, hidden, message):
    folder = write_game(tmp_path, HIDDEN.replace("{hidden}", hidden))
    result = validate(runner, folder)
    assert result.exit_code == 1 and message in result.output, result.output
    assert f"game.yaml:{line_of(folder, 'hidden:')}" in result.output


def test_a_mark_on_a_hidden_hex_is_refused(runner, tmp_path):
    folder = write_game(tmp_path, HIDDEN.replace("{hidden}", '"0302"'))
    result = validate(runner, folder)
    assert result.exit_code == 1, result.output
    assert f"game.yaml:{line_of(folder, 'marks:')}: mark: hex '0302' is hidden (the grid's hidden: leaves it out)" \
        in result.output


def test_a_background_under_the_whole_map_is_not_warned_about_but_one_over_it_is(runner, tmp_path):
    """protograf's island: the sea, a box drawn first and lying under the whole map, is meant to be
    there; the same box listed after the map would hide it, and a box under part of it is hidden by it."""
    sea = "      - {type: box, at_mm: [0, 0], size_mm: [180, 150], fill: \"#1e90ff\"}\n"
    under = BOARD.replace("    elements:\n", "    elements:\n" + sea, 1)
    for key, value in (("{hex_mm}", "20"), ("{numbering}", "CCRR"), ("{target}", "0604"), ("{more}", "")):
        under = under.replace(key, value)
    for name in ("under", "over", "part"):
        (tmp_path / name).mkdir()
    quiet = validate(runner, write_game(tmp_path / "under", under))
    assert quiet.exit_code == 0 and "lies over" not in quiet.output, quiet.output
    over = validate(runner, _board(tmp_path / "over", sea))
    assert "lies over hex" in over.output
    part = under.replace('at_mm: [0, 0], size_mm: [180, 150], fill: "#1e90ff"', 'at_mm: [0, 0], size_mm: [60, 40], fill: "#1e90ff"')
    assert "lies over hex" in validate(runner, write_game(tmp_path / "part", part)).output


def test_a_numbering_naming_no_field_is_refused_even_under_an_element_over_the_map(runner, tmp_path):
    # the box lies over the grid: the warning naming the hex it covers must not ask the failing numbering
    folder = _board(tmp_path, '      - {type: box, at_mm: [40, 40], size_mm: [10, 10], fill: "#0000ff"}\n',
                    numbering='"{{ c }}"', target="A1")
    result = validate(runner, folder)
    assert result.exit_code == 1
    assert "internal error" not in result.output
    assert (f"game.yaml:{line_of(folder, 'numbering:')}: numbering: 'c' is not a hex's col, row, q or r "
            f"(or letters(n))") in result.output
