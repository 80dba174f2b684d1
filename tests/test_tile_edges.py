"""Tiles drawn from their edges (issue #22 section 2): each kind of edge drawn once, for the top edge,
and turned to each side; 72 tiles of a tile-laying game from one table of edges."""

from __future__ import annotations

from generator.build.game import Options, build_game
from generator.build.loading import load_game
from tests.conftest import ROOT
from tests.gamefolder import HEAD, line_of, validate, write_game
from tests.measure import box_of, page_count, render

EXAMPLE = ROOT / "data" / "examples" / "tile_laying"
ROAD = "#d02020"
FIELD = "#20a040"

KINDS = """
edge_kinds:
  field: {letter: F, elements: []}
  road:
    letter: R
    elements: [{type: line, at_mm: [0, -20], to_mm: [0, 0], stroke: "%s", width_mm: 4}]
  city:
    letter: C
    elements: [{type: box, at_mm: [-20, -20], size_mm: [40, 6], radius_mm: 0, fill: "#c08040", stroke: none}]
    joins: [{type: box, at_mm: [0, -20], size_mm: [20, 20], radius_mm: 0, fill: "#c08040", stroke: none}]
  abbey: {centre: [{type: box, at_mm: [-3, -3], size_mm: [6, 6], fill: "#101010"}]}
""" % ROAD


def _tiles(items: str, kind: str = "square-tile", size: str = "40") -> str:
    return HEAD + KINDS + f"""
components:
  - id: tiles
    name: Tiles
    kind: {kind}
    size_mm: {size}
    bleed_mm: 0
    face: {{fill: "{FIELD}"}}
    items:
{items}"""


def test_the_72_tiles_of_the_example_come_from_one_table_of_edges():
    game = load_game(EXAMPLE)
    tiles = game.components[0]
    assert sum(i.count for i in tiles.items) == 72 and len(tiles.items) == 19
    by_name = {i.name: i for i in tiles.items}
    turns = lambda name: [e["rotate_deg"] for e in by_name[name].face["elements"]]  # noqa: E731
    # "Straight road" is R F R F: the field draws nothing, a road at the top (0) and the bottom (180)
    assert turns("Straight road") == [0.0, 180.0]
    # "Town corner" is C F F C: two caps (north, west) and one join, drawn in the west edge's frame
    corner = by_name["Town corner"].face["elements"]
    assert [e["rotate_deg"] for e in corner] == [0.0, 270.0, 270.0]
    # "Two walls at a corner" says edge_joins: none: the same two caps, no join
    apart = by_name["Two walls at a corner"].face["elements"]
    assert [e["rotate_deg"] for e in apart] == [0.0, 90.0]
    # a cloister's centre is drawn unturned, last
    assert by_name["Cloister"].face["elements"][-1]["elements"][0]["icon"] == "cloister"


def test_a_road_on_the_east_edge_reaches_the_middle_of_that_edge_on_the_page(tmp_path):
    folder = write_game(tmp_path, _tiles("      - {name: East road, count: 1, edges: [field, road, field, field]}"))
    out = tmp_path / "out"
    build_game(load_game(folder), out, Options(papers=("a4",), formats=("pdf",)))
    pdf = next((out / "g" / "a4").glob("*.pdf"))
    image, _ = render(pdf, 1, dpi=200)
    tile, road = box_of(image, FIELD, dpi=200), box_of(image, ROAD, dpi=200)
    assert abs(tile.width - 40) < 0.3 and abs(tile.height - 40) < 0.3  # the tile measured: 40 mm
    assert abs(road.x1 - tile.x1) < 0.3  # the road reaches the east edge...
    assert abs(road.centre[1] - tile.centre[1]) < 0.3  # ...at its middle
    assert abs(road.x0 - tile.centre[0]) < 0.3 and abs(road.height - 4) < 0.3  # from the centre, 4 mm wide


def test_a_hex_tiles_second_edge_is_turned_60_degrees(tmp_path):
    folder = write_game(tmp_path, _tiles("      - {name: Hex, count: 1, edges: F R F F F F}", "hex-tile", "40"))
    out = tmp_path / "out"
    build_game(load_game(folder), out, Options(papers=("a4",), formats=("pdf",)))
    image, _ = render(next((out / "g" / "a4").glob("*.pdf")), 1, dpi=200)
    tile, road = box_of(image, FIELD, dpi=200), box_of(image, ROAD, dpi=200)
    # a flat-topped hex 40 mm across the flats: the upper-right edge's middle is 20 mm from the centre at 30
    # degrees above the horizontal; the road, 4 mm wide, runs from the centre to it (its box grows by the
    # half-width turned: 2 mm x sin 30 across, 2 mm x cos 30 up and down)
    cx, cy = tile.centre
    assert abs(road.x1 - (cx + 20 * 0.866 + 1.0)) < 0.3 and abs(road.y0 - (cy - 20 * 0.5 - 1.732)) < 0.3
    assert abs(road.x0 - (cx - 1.0)) < 0.3 and abs(road.y1 - (cy + 1.732)) < 0.3


def test_edges_from_four_csv_columns_and_a_text_of_letters(tmp_path):
    text = _tiles("").replace("    items:\n", "") + """    items_from: tiles.csv
    face:
      fill: "#20a040"
      edges: ["{{ N }}", "{{ E }}", "{{ S }}", "{{ W }}"]
      centre: "{{ Middle }}"
"""
    text = text.replace('    face: {fill: "#20a040"}\n', "", 1)
    folder = write_game(tmp_path, text, {"tiles.csv": "name,count,N,E,S,W,Middle\nA,2,city,city,road,field,abbey\n"})
    item = load_game(folder).components[0].items[0]
    groups = [(e["rotate_deg"], len(e["elements"])) for e in item.face["elements"]]
    assert groups == [(0.0, 1), (90.0, 1), (0.0, 1), (180.0, 1), (0.0, 1)]  # caps, join, road, centre


def test_wrong_edges_are_refused_at_their_line_or_row(runner, tmp_path):
    folder = write_game(tmp_path, _tiles("      - {name: Bad, count: 1, edges: [road, river, field, road]}"))
    result = validate(runner, folder)
    assert result.exit_code == 1
    assert f"game.yaml:{line_of(folder, 'river')}: unknown edge kind 'river'" in result.output
    folder = write_game(tmp_path, _tiles("      - {name: Short, count: 1, edges: [road, field, road]}"))
    result = validate(runner, folder)
    assert f"game.yaml:{line_of(folder, 'Short')}: a square-tile has 4 edges" in result.output
    folder = write_game(tmp_path, _tiles("      - {name: Odd, count: 1, edges: CCFF, edge_joins: [[1, 3]]}"))
    assert "edges 1 and 3 are city and field" in validate(runner, folder).output
    folder = write_game(tmp_path, _tiles("      - {name: NoCentre, count: 1, edges: FFFF, centre: road}"))
    assert "unknown centre 'road' (edge kinds with a centre: drawing: abbey)" in validate(runner, folder).output
    text = _tiles("").replace("    items:\n", '    items_from: t.csv\n').replace(
        'face: {fill: "#20a040"}', 'face: {fill: "#20a040", edges: "{{ E }}"}')
    folder = write_game(tmp_path, text, {"t.csv": "name,count,E\nA,1,CRFR\nB,1,CRXR\n"})
    result = validate(runner, folder)
    assert result.exit_code == 1 and "t.csv" in result.output and "unknown edge kind 'X'" in result.output
    assert "Traceback" not in result.output


def test_the_example_builds_72_tiles_on_three_a4_pages(tmp_path):
    out = tmp_path / "out"
    build_game(load_game(EXAMPLE), out, Options(papers=("a4",), formats=("pdf",)))
    pdf = next((out / "tile_laying" / "a4").glob("*.pdf"))
    assert page_count(pdf) == 1 + 3  # the contents, then 24 tiles of 45 mm a page (4 x 6)
    image, _ = render(pdf, 1, dpi=100)
    town = box_of(image, "#c9965b", dpi=100)
    assert town is not None and town.width > 150  # town edges across the page's tiles
