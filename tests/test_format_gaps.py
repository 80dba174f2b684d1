"""The last gaps of issue #11 in the data format: pack_with, thin pieces named as turned on the
contents page, {text:NAME} in spreadsheet cells, element keys that belong to another element type,
icon shapes that draw nothing, and terrain painted on board boxes."""

from __future__ import annotations

import re

import pytest

from generator.cli import cli

HEAD = "game: {id: g, title: G, author: A, licence: CC0, source: test, players: [1, 2]}\n"


def _game(tmp_path, text, files=None):
    folder = tmp_path / "g"
    folder.mkdir(exist_ok=True)
    (folder / "game.yaml").write_text(text)
    for name, body in (files or {}).items():
        (folder / name).write_text(body)
    return folder


def _validate(runner, folder):
    result = runner.invoke(cli, ["validate", str(folder)])
    assert "Traceback" not in result.output
    return result


def _line(folder, needle, name="game.yaml"):
    return next(i for i, line in enumerate((folder / name).read_text().splitlines(), 1) if needle in line)


def _pdf_text(pdf):
    import pypdfium2

    doc = pypdfium2.PdfDocument(str(pdf))
    try:
        return [doc[i].get_textpage().get_text_range() for i in range(len(doc))]
    finally:
        doc.close()


# -- pack_with ---------------------------------------------------------------------------------

PACKED = HEAD + """components:
  - id: coins
    name: Coins
    kind: token
    size_mm: 15
    items: [{name: Coin, count: 12}]
  - id: units
    name: Units
    kind: counter
    size_mm: 15
    items: [{name: Rifles, count: 30}]
  - id: marker
    name: Turn marker
    kind: token
    size_mm: 15
    pack_with: units
    items: [{name: Turn, count: 1}]
"""


def _pages_of(folder):
    from generator.build import Options, plan_documents
    from generator.layout.page import paper
    from generator.loading import load_game

    game = load_game(folder)
    docs = plan_documents(game, game.components, paper("a4"), Options(papers=("a4",), formats=("pdf",)))
    return [[c.id for c in job.comps] for doc in docs for job in doc.pages]


def test_pack_with_puts_a_component_right_after_the_one_it_names(tmp_path):
    # without pack_with the marker (a token) would sit with the coins, tokens being kept together
    auto = _pages_of(_game(tmp_path, PACKED.replace("    pack_with: units\n", "")))
    assert auto == [["coins", "marker", "units"]]
    chosen = _pages_of(_game(tmp_path, PACKED))
    assert chosen == [["coins", "units", "marker"]]  # under the units it belongs with


def test_a_packed_block_is_headed_by_its_components_name(example_build):
    import pypdfium2

    pdf = example_build / "a4" / "pebble_pond-a4-single.pdf"
    doc = pypdfium2.PdfDocument(str(pdf))
    try:
        for i in range(len(doc)):
            tp = doc[i].get_textpage()
            text = tp.get_text_range()
            if "First player marker" in text and "checklist" not in text:  # not the contents page
                break
        else:
            raise AssertionError("no page names the first player marker")
        page = doc[i]
        height = page.get_size()[1]
        start, count = tp.search("First player marker").get_next()
        label_bottom_mm = (height - tp.get_charbox(start)[1]) * 25.4 / 72
        image = page.render(scale=150 / 72).to_pil().convert("RGB")
    finally:
        doc.close()
    from tests.measure import box_of

    counter = box_of(image, "#f0c419", dpi=150)  # the marker's yellow
    pebble = box_of(image, "#009E73", tolerance=20, dpi=150)  # the frog tokens above it
    assert counter is not None and pebble is not None
    assert pebble.y1 < label_bottom_mm < counter.y0  # between the tokens and the marker it names
    assert counter.y0 - label_bottom_mm < 6.0


@pytest.mark.parametrize("value, message", [
    ("unitz", "pack_with: no component 'unitz' (did you mean 'units'?)"),
    ("marker", "pack_with names this component itself"),
    ("board", "pack_with shares sheets between pieces (tiles, tokens, counters, cards); 'board' is a board"),
    ("backed", "pack_with shares sheets between one-sided pieces; 'backed' has backs"),
])
def test_pack_with_a_wrong_component_is_refused_at_its_line(runner, tmp_path, value, message):
    extra = """  - id: board
    name: Board
    kind: board
    size_mm: [100, 100]
  - id: backed
    name: Backed
    kind: token
    size_mm: 15
    back: {fill: "#000000"}
    items: [{name: B, count: 1}]
"""
    folder = _game(tmp_path, PACKED.replace("pack_with: units", f"pack_with: {value}") + extra)
    result = _validate(runner, folder)
    assert result.exit_code == 1
    assert f"game.yaml:{_line(folder, 'pack_with:')}: {message}" in result.output


def test_pack_with_in_a_loop_is_refused(runner, tmp_path):
    folder = _game(tmp_path, PACKED.replace("    kind: counter\n", "    kind: counter\n    pack_with: marker\n"))
    result = _validate(runner, folder)
    assert result.exit_code == 1
    assert "pack_with goes round in a loop (units -> marker -> units)" in result.output


# -- the contents page says when a thin piece is turned ----------------------------------------

def test_the_contents_page_says_a_thin_piece_is_turned_on_the_sheet(tmp_path):
    from generator.build import Options, build_game
    from generator.loading import load_game

    folder = _game(tmp_path, HEAD + """components:
  - id: strips
    name: Strength strips
    kind: counter
    size_mm: [25, 6]
    items: [{name: Strip, count: 40}]
  - id: squares
    name: Squares
    kind: counter
    size_mm: 20
    items: [{name: Square, count: 4}]
""")
    build_game(load_game(folder), tmp_path / "out", Options(papers=("a4",), formats=("pdf",)))
    contents = " ".join(_pdf_text(tmp_path / "out" / "g" / "a4" / "g-a4-single.pdf")[0].split())
    assert "25.0 x 6.0 mm, turned on the sheet" in contents
    assert "20.0 x 20.0 mm 1" in contents  # the squares stand upright: nothing added


# -- {text:NAME} in spreadsheet cells ----------------------------------------------------------

CSV_GAME = HEAD + """texts:
  rally: "Flip one reduced unit back"
components:
  - id: events
    name: Events
    kind: card
    size: mini
    items_csv: events.csv
"""


def test_a_shared_text_in_a_spreadsheet_cell_is_printed_as_in_yaml(tmp_path):
    from generator.loading import load_game

    folder = _game(tmp_path, CSV_GAME, {"events.csv": "name,text\nRally,\"{text:rally}, then draw.\"\n"})
    item = load_game(folder).component("events").items[0]
    assert item.face["text"] == "Flip one reduced unit back, then draw."


def test_an_unknown_shared_text_in_a_cell_is_refused_at_its_row(runner, tmp_path):
    folder = _game(tmp_path, CSV_GAME, {"events.csv": "name,text\nFog,No fire\nRally,{text:rallly}\n"})
    result = _validate(runner, folder)
    assert result.exit_code == 1
    assert re.search(r"events\.csv:3: unknown shared text \{text:rallly\} \(texts: in game.yaml has rally\)",
                     result.output), result.output


# -- element keys ------------------------------------------------------------------------------

def test_every_element_key_of_the_format_belongs_to_an_element_type():
    from generator.elements import ELEMENT, KEYS_OF

    declared = set(ELEMENT.keys) - {"type", "note"}
    used = set().union(*KEYS_OF.values())
    assert declared == used, (sorted(declared - used), sorted(used - declared))
    assert set(ELEMENT.keys["type"].schema.json["enum"]) == set(KEYS_OF)


@pytest.mark.parametrize("element, key, owners", [
    ('{type: text, at_mm: [5, 5], text: A, hexsides: []}', "hexsides", "hexgrid"),
    ('{type: box, at_mm: [5, 5], routes: []}', "routes", "hexgrid"),
    ('{type: table, at_mm: [5, 5], rows: [[a]], terrain: woods}', "terrain", "box, hexgrid, polygon"),
])
def test_a_key_of_another_element_type_names_the_types_it_belongs_to(runner, tmp_path, element, key, owners):
    folder = _game(tmp_path, HEAD + f"""terrain:
  woods: {{name: Woods, fill: "#7fb069", pattern: dots}}
components:
  - id: b
    name: B
    kind: board
    size_mm: [100, 100]
    elements:
      - {element}
""")
    result = _validate(runner, folder)
    assert result.exit_code == 1
    assert (f"game.yaml:{_line(folder, '{type:')}: {key} does not print on a "
            f"{element.split(',')[0][7:]} element (it belongs to {owners} elements)") in result.output


# -- icon shapes -------------------------------------------------------------------------------

@pytest.mark.parametrize("shape, message", [
    ("{fill: ink, width: 4}", "needs one of 'path', 'circle', 'polygon' or 'rect'; this one has "
                              "none and would draw nothing"),
    ("{circle: [50, 50, 10], rect: [0, 0, 10, 10]}", "this one has 'circle' and 'rect': split it into one shape "
                                                     "each"),
])
def test_an_icon_shape_that_draws_nothing_or_two_things_is_refused(runner, tmp_path, shape, message):
    folder = _game(tmp_path, HEAD + f"""icons:
  blot:
    - circle: [50, 50, 30]
    - {shape}
components: []
""")
    result = _validate(runner, folder)
    assert result.exit_code == 1
    where = f"game.yaml:{_line(folder, '    - {')}: game.yaml.icons.blot[2]: an icon shape "
    assert where in result.output and message in result.output


# -- terrain on board boxes --------------------------------------------------------------------

def test_a_box_painted_as_a_terrain_shows_its_fill_and_pattern(tmp_path):
    from generator.build import Options, build_game
    from generator.loading import load_game
    from tests.measure import box_of, render

    folder = _game(tmp_path, HEAD + """terrain:
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
    from generator.build import Options, build_game
    from generator.loading import load_game
    from tests.measure import box_of, render

    folder = _game(tmp_path, HEAD + """terrain:
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
    folder = _game(tmp_path, HEAD + f"""terrain:
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
    result = _validate(runner, folder)
    assert result.exit_code == 0  # a warning: the kit is still made
    line = _line(folder, "type: terrain-chart")
    message = f"game.yaml:{line}: warning: this terrain-chart (x {at[0]} to {at[0] + 40} mm, y {at[1]} to " \
              f"{at[1] + 20} mm) lies over hex "
    assert (message in result.output) is warned, result.output
    if warned:
        assert f"of the hex grid at line {_line(folder, 'type: hexgrid')}; one hides the other" in result.output


def test_the_shared_icons_list_is_not_counted_as_more_problems(runner, tmp_path):
    one = HEAD + """components:
  - {id: t, name: T, kind: token, size_mm: 15, items: [{name: A, count: 1, icon: crwn}]}
"""
    result = _validate(runner, _game(tmp_path, one))
    assert result.exit_code == 1
    assert "unknown icon 'crwn' (did you mean 'crown'?)" in result.output
    assert "the shared icons (pictured in docs/data-format.md):" in result.output
    assert "problems found" not in result.output  # one problem, explained over three lines
    two = one.replace("count: 1, icon: crwn}", "count: 1, icon: crwn}, {name: B, count: 1, icon: swrd}")
    assert "\n2 problems found." in _validate(runner, _game(tmp_path, two)).output


def test_extend_keeps_one_copy_a_player_unless_the_component_opts_out(tmp_path):
    from generator.loading import load_game

    text = HEAD + """colours:
  - {id: plum, name: Plum, fill: "#7b3294", cue: P}
  - {id: pear, name: Pear, fill: "#a6d96a", cue: E}
components:
  - {id: workers, name: Workers, kind: token, size_mm: 14, per_player: true, items: [{name: W, count: 3}]}
  - {id: score, name: Score, extend: workers, items: [{name: S, count: 1}]}
  - {id: neutral, name: Neutral, extend: workers, per_player: false, items: [{name: N, count: 2}]}
"""
    game = load_game(_game(tmp_path, text))
    assert game.component("workers").count == 6
    assert game.component("score").count == 2  # one score marker a player, as the workers
    assert game.component("neutral").count == 2


def test_a_track_and_a_grid_stay_readable_on_a_board_with_pale_ink(tmp_path):
    """White ink on a dark mat: the track's white cells still get dark edges, the write-in grid's
    headings a dark band to stand on (before, both printed white on white)."""
    from generator.build import Options, build_game
    from generator.loading import load_game
    from tests.measure import box_of, render

    folder = _game(tmp_path, HEAD + """components:
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
    assert "Round" in _pdf_text(pdf)[1] and "Fruit" in _pdf_text(pdf)[1]


def test_pack_with_shares_the_sheet_even_where_that_saves_no_page(tmp_path):
    """Two full pages of counters: starting them under the tokens saves no page, so automatic
    packing gives them pages of their own; pack_with starts them under the tokens anyway."""
    from generator.layout.page import paper
    from generator.layout.pieces import default_bleed, plan_least_paper
    from generator.loading import load_game

    base = HEAD + """components:
  - {id: coins, name: Coins, kind: token, size_mm: 15, items: [{name: Coin, count: 5}]}
  - {id: units, name: Units, kind: counter, size_mm: 15, items: [{name: Rifles, count: COUNT}]}
"""
    probe = load_game(_game(tmp_path, base.replace("COUNT", "1"))).component("units")
    full = plan_least_paper(probe, paper("a4"), default_bleed(probe), paper("a4").usable).per_page
    auto = _pages_of(_game(tmp_path, base.replace("COUNT", str(2 * full))))
    assert auto[0] == ["coins"]
    chosen = _pages_of(_game(tmp_path, base.replace("COUNT", str(2 * full)).replace(
        "kind: counter,", "kind: counter, pack_with: coins,")))
    assert chosen[0] == ["coins", "units"]
    # two components packed with the coins: both follow them onto their sheet
    both = base.replace("COUNT", str(2 * full)).replace("kind: counter,", "kind: counter, pack_with: coins,") + \
        "  - {id: marker, name: Marker, kind: token, size_mm: 15, pack_with: coins, items: [{name: M, count: 1}]}\n"
    assert _pages_of(_game(tmp_path, both))[0] == ["coins", "marker", "units"]
