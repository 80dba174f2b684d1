"""Board elements as the data format reads them: every element key belongs to an element type (and a
key of another type is refused naming its types), a box or hex grid painted as a terrain shows its fill
and pattern, a chart over the map's hexes is a warning, and tracks and grids stay readable on pale ink."""

from __future__ import annotations

import pytest
from gamefolder import HEAD, line_of, pdf_text, validate, write_game


def test_every_element_key_of_the_format_belongs_to_an_element_type():
    from generator.elements import ELEMENT, KEYS_OF
    from generator.elements.keys import EVERY_KIND

    declared = set(ELEMENT.keys) - {"type"} - set(EVERY_KIND)  # note, when, repeat, step_mm: any element
    used = set().union(*KEYS_OF.values())
    assert declared == used, (sorted(declared - used), sorted(used - declared))
    assert set(ELEMENT.keys["type"].schema.json["enum"]) == set(KEYS_OF)


@pytest.mark.parametrize("element, key, owners", [
    ('{type: text, at_mm: [5, 5], text: A, hexsides: []}', "hexsides", "hexgrid"),
    ('{type: box, at_mm: [5, 5], routes: []}', "routes", "hexgrid"),
    ('{type: table, at_mm: [5, 5], rows: [[a]], terrain: woods}', "terrain", "box, hexgrid, polygon"),
])
def test_a_key_of_another_element_type_names_the_types_it_belongs_to(runner, tmp_path, element, key, owners):
    folder = write_game(tmp_path, HEAD + f"""terrain:
  woods: {{name: Woods, fill: "#7fb069", pattern: dots}}
components:
  - id: b
    name: B
    kind: board
    size_mm: [100, 100]
    elements:
      - {element}
""")
    result = validate(runner, folder)
    assert result.exit_code == 1
    assert (f"game.yaml:{line_of(folder, '{type:')}: {key} does not print on a "
            f"{element.split(',')[0][7:]} element (it belongs to {owners} elements)") in result.output



def test_a_box_painted_as_a_terrain_shows_its_fill_and_pattern(tmp_path):
    from generator.build.game import Options, build_game
    from generator.build.loading import load_game
    from tests.measure import box_of, render

    folder = write_game(tmp_path, HEAD + """terrain:
  woods: {name: Woods, fill: "#7fb069", pattern: hatch, pattern_colour: "#a02020"}
components:
  - id: b
    name: B
    kind: board
    size_mm: [120, 80]
    elements:
      - {type: box, at_mm: [10, 10], size_mm: [40, 30], terrain: woods, label: Woods}
""")
    build_game(load_game(folder), tmp_path / "out", Options(papers=("a4",), formats=("pdf",)))
    image, _ = render(tmp_path / "out" / "g" / "a4" / "g-a4-single.pdf", 1, dpi=150)
    fill = box_of(image, "#7fb069", dpi=150)
    lines = box_of(image, "#a02020", tolerance=30, dpi=150)
    assert fill is not None and lines is not None
    assert fill.width == pytest.approx(40, abs=1.0) and fill.height == pytest.approx(30, abs=1.0)
    # the hatch covers the box and stays inside it
    assert lines.width == pytest.approx(40, abs=2.0) and lines.x0 >= fill.x0 - 0.5 and lines.x1 <= fill.x1 + 0.5


def test_a_hex_grid_on_a_terrain_gives_every_unmarked_hex_its_fill_and_pattern(tmp_path):
    from generator.build.game import Options, build_game
    from generator.build.loading import load_game
    from tests.measure import box_of, render

    folder = write_game(tmp_path, HEAD + """terrain:
  sea: {name: Sea, fill: "#9ecae1", pattern: hatch, pattern_colour: "#20308f"}
  land: {name: Land, fill: "#c7e9c0", pattern: none}
components:
  - id: b
    name: B
    kind: board
    size_mm: [120, 80]
    elements:
      - type: hexgrid
        layout: rectangle
        columns: 3
        grid_rows: 2
        hex_mm: 20
        at_mm: [20, 20]
        terrain: sea
        marks: [{hex: [2, -1], terrain: land}]
""")
    build_game(load_game(folder), tmp_path / "out", Options(papers=("a4",), formats=("pdf",)))
    image, _ = render(tmp_path / "out" / "g" / "a4" / "g-a4-single.pdf", 1, dpi=150)
    sea = box_of(image, "#9ecae1", dpi=150)
    lines = box_of(image, "#20308f", tolerance=30, dpi=150)
    land = box_of(image, "#c7e9c0", dpi=150)
    assert sea is not None and lines is not None and land is not None
    # 3 columns of flat hexes: 2 x 1.5 x 11.55 + 2 x 11.55 mm wide; the hatch covers the sea hexes
    assert sea.width == pytest.approx(3 * 20 / 3 ** 0.5 * 1.5 + 20 / 3 ** 0.5 * 0.5, abs=1.5)
    assert lines.width > 0.8 * sea.width and lines.height > 0.8 * sea.height
    # the land hex (top right) has no hatch: its centre is clear of the pattern's colour
    cx, cy = (int(v * 150 / 25.4) for v in land.centre)
    patch = image.crop((cx - 12, cy - 12, cx + 12, cy + 12)).getcolors(10_000)
    assert all(abs(c[0] - 0x20) + abs(c[1] - 0x30) + abs(c[2] - 0x8f) > 60 for _, c in patch)


@pytest.mark.parametrize("at, warned", [([60, 50], True), ([75, 75], False)])
def test_a_chart_placed_over_the_maps_hexes_is_a_warning(runner, tmp_path, at, warned):
    folder = write_game(tmp_path, HEAD + f"""terrain:
  sea: {{name: Sea, fill: "#9ecae1", pattern: waves}}
components:
  - id: b
    name: B
    kind: board
    size_mm: [120, 100]
    elements:
      - type: hexgrid
        layout: rectangle
        columns: 4
        grid_rows: 3
        hex_mm: 20
        at_mm: [15, 15]
        coordinates: {{style: CCRR}}
      - {{type: terrain-chart, at_mm: {at}, size_mm: [40, 20], rows: [[sea, "1"]]}}
""")
    result = validate(runner, folder)
    assert result.exit_code == 0  # a warning: the kit is still made
    line = line_of(folder, "type: terrain-chart")
    message = f"game.yaml:{line}: warning: this terrain-chart (x {at[0]} to {at[0] + 40} mm, y {at[1]} to " \
              f"{at[1] + 20} mm) lies over hex "
    assert (message in result.output) is warned, result.output
    if warned:
        assert f"of the hex grid at line {line_of(folder, 'type: hexgrid')}; one hides the other" in result.output


def test_a_track_and_a_grid_stay_readable_on_a_board_with_pale_ink(tmp_path):
    """White ink on a dark mat: the track's white cells still get dark edges, the write-in grid's
    headings a dark band to stand on (before, both printed white on white)."""
    from generator.build.game import Options, build_game
    from generator.build.loading import load_game
    from tests.measure import box_of, render

    folder = write_game(tmp_path, HEAD + """components:
  - id: mat
    name: Mat
    kind: board
    size_mm: [140, 90]
    face: {fill: "#7b3294", ink: "#ffffff"}
    elements:
      - {type: track, at_mm: [10, 10], cells: 8, cell_mm: 15}
      - {type: grid, at_mm: [10, 40], size_mm: [100, 40], labels: [Round, Fruit], grid_rows: 4}
""")
    build_game(load_game(folder), tmp_path / "out", Options(papers=("a4",), formats=("pdf",)))
    pdf = tmp_path / "out" / "g" / "a4" / "g-a4-single.pdf"
    image, _ = render(pdf, 1, dpi=150)
    grey = image.convert("L")
    mat = box_of(image, "#7b3294", dpi=150)  # the purple mat, bleed included
    k = 150 / 25.4
    x0, y0 = (mat.x0 + 3) * k, (mat.y0 + 3) * k  # its top-left corner (a board's bleed is 3 mm)
    def dark_share(box_mm, below):
        region = grey.crop(tuple(int(v * k + (x0 if i % 2 == 0 else y0)) for i, v in enumerate(box_mm)))
        counts = region.getcolors(region.width * region.height)
        return sum(n for n, v in counts if v < below) / (region.width * region.height)
    assert dark_share((10, 10, 130, 25), 60) > 0.02  # cell edges and numbers, not white on white
    assert dark_share((11, 38, 109, 48), 45) > 0.2  # a dark heading band under the white headings
    assert "Round" in pdf_text(pdf)[1] and "Fruit" in pdf_text(pdf)[1]




def test_a_box_with_half_its_side_for_radius_is_a_disc_of_any_size(tmp_path):
    """protograf's Orion Duel board: Circle(cx=10, cy=15, radius=10.3) behind the hexes, 206 mm
    across. A box 206 mm square with radius_mm 103 is that disc: its middle edges inked, its
    corners bare paper."""
    from generator.build.game import Options, build_game
    from generator.build.loading import load_game
    from tests.measure import box_of, render

    folder = tmp_path / "g"
    folder.mkdir()
    (folder / "game.yaml").write_text(HEAD + """components:
  - id: b
    name: B
    kind: board
    size_mm: [180, 180]
    elements:
      - {type: box, at_mm: [10, 10], size_mm: [160, 160], radius_mm: 80, fill: "#ADCBF4", stroke: none}
""")
    build_game(load_game(folder), tmp_path / "out", Options(papers=("a4",), formats=("pdf",)))
    image, _ = render(tmp_path / "out" / "g" / "a4" / "g-a4-single.pdf", 1)
    disc = box_of(image, "#adcbf4")
    assert disc.x1 - disc.x0 == pytest.approx(160, abs=0.5) and disc.y1 - disc.y0 == pytest.approx(160, abs=0.5)
    k = 400 / 25.4
    corner = image.getpixel((round((disc.x0 + 8) * k), round((disc.y0 + 8) * k)))[:3]
    assert corner == (255, 255, 255)  # 8 mm in from the square's corner: outside a circle of radius 80
