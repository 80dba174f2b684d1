"""Lines on a hex map (issue 37, maps): a hex's own sides by direction, a run of hexsides drawn as one
line, the outline of a set of hexes, and a road's border under every road. Measured in the PDF the
example map `data/examples/border_marches` prints, and refused at their line where they are wrong."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from tests.gamefolder import HEAD, line_of, validate, write_game
from tests.pdfpaths import page_paths

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "data" / "examples" / "border_marches"
RIVER = (0x1F, 0x6F, 0xC5)  # hexmap's river blue
PROVINCE = (0x7A, 0x1F, 0x5C)
CASING = (0x4A, 0x35, 0x20)
ROAD = (0xF2, 0xD1, 0x6B)


def _grid(orientation: str = "flat"):
    from generator.geometry.hexmap import MapHexes

    return MapHexes.of({"layout": "rectangle", "columns": 6, "grid_rows": 6, "orientation": orientation,
                        "coordinates": {"style": "CCRR"}})


@pytest.mark.parametrize("orientation, words", [("flat", "n ne se s sw nw"), ("pointy", "ne e se sw w nw")])
def test_a_hexs_six_sides_by_direction_are_its_outline(orientation, words):
    """Each direction names one side, 17 mm hexes' sides are 9.81 mm long (the corner radius), and the
    six joined make the hex's closed outline; a direction of the other orientation is refused."""
    from generator.geometry.hexmap import chained, side_ends, side_numbers

    grid = _grid(orientation)
    h = grid.parse("0303")
    sides = [side_ends(grid, h, n, 17.0) for n in side_numbers(words, orientation)]
    assert [round(math.dist(a, b), 2) for a, b in sides] == [round(17.0 / math.sqrt(3), 2)] * 6
    (ring,) = chained(sides)
    assert len(ring) == 7 and ring[0] == pytest.approx(ring[-1])
    cx, cy = grid.centre(h, 17.0)
    north = side_ends(grid, h, side_numbers("n" if orientation == "flat" else "ne", orientation)[0], 17.0)
    assert all(y < cy for _, y in north)  # the first side is at the top
    other = "e" if orientation == "flat" else "n"
    with pytest.raises(ValueError, match=f"'{other}' is not a side of a {orientation}-top hex"):
        side_numbers(other, orientation)


def test_the_outline_of_a_ring_of_hexes_is_two_lines_round_its_hole():
    from generator.geometry.hexmap import outline_of

    grid = _grid()
    centre = grid.parse("0303")
    ring = [grid.parse(a) for a in ("0302", "0402", "0403", "0304", "0203", "0202")]
    assert all(grid.adjacent(centre, h) for h in ring)
    loops = outline_of(grid, ring, 17.0)
    assert sorted(len(loop) - 1 for loop in loops) == [6, 18]  # the hole: the centre hex's 6 sides
    (one,) = outline_of(grid, ring + [centre], 17.0)
    assert len(one) - 1 == 18


@pytest.fixture(scope="module")
def example_pdf(tmp_path_factory) -> Path:
    from generator.build.game import Options, build_game
    from generator.build.loading import load_game

    out = tmp_path_factory.mktemp("lines")
    build_game(load_game(EXAMPLE), out, Options(papers=("a4",), formats=("pdf",)))
    return out / "border_marches" / "a4" / "border_marches-a4-single.pdf"


def _stroked(pdf: Path, colour: tuple[int, int, int]):
    return [d for d in page_paths(pdf, 1) if d.stroke == colour]


def test_a_river_of_twelve_sides_prints_as_one_line(example_pdf):
    """Before, each side was its own line: notches at every bend of a thick river. The example's 12
    river sides (given by direction and by between) meet end to end: one path of 13 points."""
    river, swatch = sorted(_stroked(example_pdf, RIVER), key=lambda d: -len(d.points))  # the chart's swatch too
    assert len(river.points) == 13 and len(swatch.points) == 2
    assert river.width_mm == pytest.approx(0.085 * 17, abs=0.01)


def test_a_provinces_outline_is_one_closed_dashed_line(example_pdf):
    """Its 11 hexes' sides less the sides two of them share, all in one closed line."""
    import yaml

    from generator.geometry.hexmap import MapHexes

    el = yaml.safe_load((EXAMPLE / "game.yaml").read_text())["components"][0]["elements"][0]
    grid = MapHexes.of(el)
    hexes = [grid.parse(a) for a in el["outlines"][0]["hexes"]]
    shared = sum(1 for i, a in enumerate(hexes) for b in hexes[i + 1:] if grid.adjacent(a, b))
    (province,) = _stroked(example_pdf, PROVINCE)
    assert province.width_mm == pytest.approx(1.2, abs=0.01)
    assert len(province.points) - 1 == 6 * len(hexes) - 2 * shared == 26
    assert province.points[0] == pytest.approx(province.points[-1], abs=0.01)


def test_every_roads_border_is_drawn_before_any_road(example_pdf):
    """A road with a dark border, where two roads cross: both borders first, then both roads, so no
    border crosses a road."""
    order = [d.stroke for d in page_paths(example_pdf, 1) if d.stroke in (CASING, ROAD)]
    assert order == [CASING, CASING, ROAD, ROAD]
    casing = next(d for d in page_paths(example_pdf, 1) if d.stroke == CASING)
    assert casing.width_mm == pytest.approx(2.6, abs=0.01)


MAP = HEAD + """components:
  - id: map
    name: Map
    kind: board
    size_mm: [120, 120]
    elements:
      - type: hexgrid
        at_mm: [16, 16]
        hex_mm: 20
        layout: rectangle
        columns: 5
        grid_rows: 5
        coordinates: {style: CCRR}
        hexsides:
          - SIDE
        outlines:
          - {hexes: ["0101", "0102"]}
"""


@pytest.mark.parametrize("side, message, needle", [
    ('{hex: "0202", sides: "n e", feature: river}',
     "hexside: 'e' is not a side of a flat-top hex: its sides are n ne se s sw nw", 'sides: "n e"'),
    ('{hex: "0202", between: ["0101", "0201"], sides: n, feature: river}',
     "a hexside is given by between: [two hexes] or by hex: and sides:, not both", "between:"),
    ('{hex: "0202", feature: wall}', 'this hexside needs sides: (such as "n nw")', "feature: wall"),
    ('{hex: "0909", sides: n, feature: wall}', "0909", "0909"),
])
def test_a_wrong_hexside_is_refused_at_its_line(tmp_path, runner, side, message, needle):
    folder = write_game(tmp_path, MAP.replace("SIDE", side))
    result = validate(runner, folder)
    assert result.exit_code == 1, result.output
    assert message in result.output
    assert f"game.yaml:{line_of(folder, needle)}" in result.output


def test_an_outline_of_a_hex_not_on_the_map_is_refused_at_its_line(tmp_path, runner):
    folder = write_game(tmp_path, MAP.replace("SIDE", '{hex: "0202", sides: n, feature: wall}')
                        .replace('["0101", "0102"]', '["0101", "0199"]'))
    result = validate(runner, folder)
    assert result.exit_code == 1 and "0199" in result.output
    assert f"game.yaml:{line_of(folder, '0199')}" in result.output


FORD = (0xBF, 0xE0, 0xFB)
CANAL, CANAL_BANK = (0x6F, 0xA8, 0xDC), (0x1F, 0x4E, 0x79)


def test_the_maps_own_features_print_as_defined_once(example_pdf):
    """game.yaml's map_features: a ford (hexside) 2.4 mm wide, a canal (route) over its banks, each
    drawn where hexsides and routes name them; the terrain chart names them with their swatches."""
    from tests.gamefolder import pdf_text

    paths = page_paths(example_pdf, 1)
    fords = [d for d in paths if d.stroke == FORD]
    assert len(fords) == 2  # the map's, and the chart's swatch
    assert max(d.width_mm for d in fords) == pytest.approx(2.4, abs=0.01)
    order = [d.stroke for d in paths if d.stroke in (CANAL, CANAL_BANK)]
    assert order[:2] == [CANAL_BANK, CANAL]  # on the map: the banks under the water
    text = " ".join(pdf_text(example_pdf)[1].split())
    assert "Ford +1 across the river" in text and "Canal +1 barges move 6" in text and "Light railway 1/3" in text


OWN = HEAD + """map_features:
  ford: {line: hexside, name: Ford, stroke: "#bfe0fb", width_mm: 2.4}
  canal: {line: route, name: Canal, stroke: "#6fa8dc", width_mm: 1.1}
components:
  - id: map
    name: Map
    kind: board
    size_mm: [120, 120]
    elements:
      - type: hexgrid
        at_mm: [16, 16]
        hex_mm: 20
        layout: rectangle
        columns: 5
        grid_rows: 5
        coordinates: {style: CCRR}
        hexsides:
          - {between: ["0101", "0201"], feature: FEATURE}
"""


@pytest.mark.parametrize("feature, message", [
    ("ford", None),
    ("canal", "unknown hexside feature 'canal' (it is a route feature); known: river, stream, wall, cliff, "
              "border, ford"),
    ("bridge", "unknown hexside feature 'bridge'; known: river, stream, wall, cliff, border, ford (add your "
               "own under game.yaml's map_features)"),
])
def test_a_hexside_names_a_feature_someone_defined(tmp_path, runner, feature, message):
    folder = write_game(tmp_path, OWN.replace("FEATURE", feature))
    result = validate(runner, folder)
    if message is None:
        assert result.exit_code == 0, result.output
        return
    assert result.exit_code == 1 and message in result.output, result.output
    assert f"game.yaml:{line_of(folder, 'feature: ' + feature)}" in result.output


def test_hex_numbers_print_where_labels_says(tmp_path, runner):
    """labels: bottom puts each hex's number along its lower side, under the art: on 20 mm hexes it
    prints 15-17 mm lower than labels: top puts it (the two each 1 mm inside the hex's edge)."""
    import pypdfium2 as pdfium

    from generator.build.game import Options, build_game
    from generator.build.loading import load_game

    heights = {}
    for where in ("top", "bottom"):
        (tmp_path / where).mkdir()
        folder = write_game(tmp_path / where, MAP.replace("SIDE", '{hex: "0202", sides: n, feature: wall}')
                            .replace("        coordinates: {style: CCRR}", f"        coordinates: {{style: CCRR}}\n"
                                     f"        labels: {where}"))
        assert validate(runner, folder).exit_code == 0
        build_game(load_game(folder), tmp_path / where / "out", Options(papers=("a4",), formats=("pdf",)))
        doc = pdfium.PdfDocument(str(next((tmp_path / where / "out" / "g" / "a4").glob("*.pdf"))))
        page = next(doc[i] for i in range(len(doc)) if "0303" in doc[i].get_textpage().get_text_range())
        text = page.get_textpage()
        _, bottom, _, top = text.get_charbox(text.get_text_range().index("0302"))
        heights[where] = (bottom + top) / 2 * 25.4 / 72  # PDF y runs up
    assert 15.0 <= heights["top"] - heights["bottom"] <= 17.0, heights


@pytest.mark.parametrize("orientation", ["flat", "pointy"])
def test_hex_offset_odd_drops_the_other_columns_and_keeps_every_id(orientation):
    """hex_offset: odd (protograf's other parity): the first column (flat) sits half a hex lower than the
    second, where by default it sits higher; the first row (pointy) half a hex to the right. Every hex
    keeps an id that reads back to it, and 0101 stays at the grid's at_mm."""
    from generator.geometry.hexmap import MapHexes

    el = {"layout": "rectangle", "columns": 5, "grid_rows": 4, "orientation": orientation,
          "coordinates": {"style": "CCRR"}}
    for offset, sign in (("even", -1), ("odd", 1)):
        grid = MapHexes.of({**el, "hex_offset": offset})
        assert len(grid.cells) == 20
        first, second = grid.parse("0101"), grid.parse("0201" if orientation == "flat" else "0102")
        assert grid.centre(first, 20.0) == pytest.approx((0.0, 0.0))
        a, b = grid.centre(first, 20.0), grid.centre(second, 20.0)
        across = a[1] - b[1] if orientation == "flat" else a[0] - b[0]  # first column lower / row further right
        assert across == pytest.approx(sign * 10.0)
        assert all(grid.parse(grid.label(*h)) == h for h in grid.cells)
        assert sorted(grid.label(*h) for h in grid.cells)[0] == "0101"


def test_hex_offset_on_a_hexagon_is_refused(tmp_path, runner):
    folder = write_game(tmp_path, MAP.replace("SIDE", '{hex: "0202", sides: n, feature: wall}')
                        .replace("        layout: rectangle", "        layout: hexagon\n        hex_offset: odd"))
    result = validate(runner, folder)
    assert result.exit_code == 1 and "hex_offset: a hexagon of hexes has no columns that drop" in result.output
