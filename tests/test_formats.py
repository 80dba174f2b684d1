"""Spreadsheets, reuse and wargame maps in the data format (issue #11 §3-§4): what a designer writes,
what validate says about mistakes, and what the build prints."""

from __future__ import annotations

import re

import pytest

from generator.cli.commands import cli

HEAD = "game: {id: g, title: G, author: A, licence: CC0, source: test, players: [1, 2]}\n"
COUNTERS = HEAD + """components:
  - id: units
    name: Units
    kind: counter
    size_in: 0.5
    face: {fill: "#8fb3de"}
    back: {fill: "#c9daf0"}
    items_csv: oob.csv
"""


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


# -- items_csv ---------------------------------------------------------------------------------

def test_a_sheet_row_is_an_item_with_back_columns_and_an_optional_count(tmp_path):
    from generator.build.loading import load_game

    folder = _game(tmp_path, COUNTERS, {"oob.csv": "name,footer,back.footer,count\n"
                                                   "Rifles,4-3-4,2-3-4,3\n"
                                                   "\"Guns, heavy\",6-4-2,3-4-2,\n"})
    comp = load_game(folder).component("units")
    rifles, guns = comp.items
    assert (rifles.name, rifles.count, rifles.face["footer"], rifles.back["footer"]) == ("Rifles", 3, "4-3-4", "2-3-4")
    assert (guns.name, guns.count) == ("Guns, heavy", 1)  # a quoted comma; an empty count is 1
    assert rifles.file.endswith("oob.csv") and rifles.line == 2 and guns.line == 3


def test_a_tsv_sheet_is_read_with_tabs(tmp_path):
    from generator.build.loading import load_game

    folder = _game(tmp_path, COUNTERS.replace("oob.csv", "oob.tsv"),
                   {"oob.tsv": "name\tvalue\tcount\nScout, light\t2\t4\n"})
    item = load_game(folder).component("units").items[0]
    assert (item.name, item.face["value"], item.count) == ("Scout, light", "2", 4)


def test_an_unknown_column_is_named_with_its_file_and_the_close_key(runner, tmp_path):
    folder = _game(tmp_path, COUNTERS, {"oob.csv": "name,valu,count\nRifles,4,1\n"})
    result = _validate(runner, folder)
    assert result.exit_code == 1
    assert re.search(r"oob\.csv:1: column 'valu' is not an item key \(did you mean 'value'\?\)", result.output)


def test_a_bad_cell_is_reported_at_its_row(runner, tmp_path):
    rows = "".join(f"Unit {i},1-1-1,1\n" for i in range(15))
    folder = _game(tmp_path, COUNTERS, {"oob.csv": "name,footer,count\n" + rows + "Guns,6-4-2,two\n"})
    result = _validate(runner, folder)
    assert result.exit_code == 1
    assert re.search(r"oob\.csv:17: column 'count': expected a whole number", result.output)


def test_a_sheet_outside_the_game_folder_or_missing_is_refused(runner, tmp_path):
    (tmp_path / "secret.csv").write_text("name\nx\n")
    folder = _game(tmp_path, COUNTERS.replace("oob.csv", "../secret.csv"))
    result = _validate(runner, folder)
    assert result.exit_code == 1 and "leads outside the game folder" in result.output
    folder = _game(tmp_path, COUNTERS.replace("oob.csv", "nothere.csv"))
    result = _validate(runner, folder)
    assert re.search(r"game\.yaml:9: items_csv: no file 'nothere.csv'", result.output)


def test_a_row_longer_than_the_header_is_an_error(runner, tmp_path):
    folder = _game(tmp_path, COUNTERS, {"oob.csv": "name,count\nRifles,1,extra\n"})
    result = _validate(runner, folder)
    assert result.exit_code == 1 and re.search(r"oob\.csv:2: this row has 3 cells", result.output)


# -- extend ------------------------------------------------------------------------------------

EXTEND = HEAD + """components:
  - id: blue
    name: Blue
    kind: counter
    size_mm: 16
    face: {fill: "#0000ff", ink: "#ffffff", subtitle: Blue army}
    back: {fill: "#8888ff", title: reduced}
    items: [{name: A, count: 1}]
  - id: red
    name: Red
    extend: blue
    face: {fill: "#ff0000"}
    items: [{name: B, count: 2}]
"""


def test_a_component_extends_another_taking_its_kind_size_face_and_back(tmp_path):
    from generator.build.loading import load_game

    red = load_game(_game(tmp_path, EXTEND)).component("red")
    assert red.kind == "counter" and red.size_mm == (16.0, 16.0)
    item = red.items[0]
    assert item.face["fill"] == "#ff0000" and item.face["ink"] == "#ffffff"  # merged key by key
    assert item.face["subtitle"] == "Blue army" and item.back["title"] == "reduced"
    assert [i.name for i in red.items] == ["B"]  # items are its own


def test_extending_an_unknown_component_or_a_loop_is_an_error(runner, tmp_path):
    result = _validate(runner, _game(tmp_path, EXTEND.replace("extend: blue", "extend: bleu")))
    assert result.exit_code == 1 and "extend: no component 'bleu' (did you mean 'blue'?)" in result.output
    looped = EXTEND.replace("    kind: counter\n", "    extend: red\n", 1)
    result = _validate(runner, _game(tmp_path, looped))
    assert result.exit_code == 1 and "extend makes a loop" in result.output


# -- hex maps ----------------------------------------------------------------------------------

def _map(extra: str) -> str:
    return HEAD + """components:
  - id: map
    name: Map
    kind: board
    size_mm: [180, 200]
    elements:
      - type: hexgrid
        layout: rectangle
        columns: 10
        grid_rows: 8
        hex_mm: 18
        at_mm: [12, 12]
        coordinates: {style: CCRR}
""" + extra


def test_marks_hexsides_and_roads_are_addressed_the_wargame_way(tmp_path):
    from generator.build.loading import load_game

    text = _map("""        marks: [{hex: "0604", fill: "#ff0000"}, {hex: [0, 0], text: x}]
        hexsides: [{between: ["0501", "0601"], feature: river}]
        routes: [{hexes: ["0101", "0201", "0301"], feature: road}]
""")
    load_game(_game(tmp_path, text))


@pytest.mark.parametrize("extra, message", [
    ('        marks: [{hex: "1109"}]\n', r"game\.yaml:15: mark: hex '1109' is not in this grid \(0101 to 1008; did you mean '1008'\?\)"),
    ('        marks: [{hex: "6-4"}]\n', r"mark: '6-4' is not a CCRR address"),
    ('        hexsides: [{between: ["0501", "0503"], feature: river}]\n',
     r"hexside: hexes '0501' and '0503' are not neighbours"),
    ('        routes: [{hexes: ["0101", "0301"], feature: road}]\n', r"route: hex '0301' does not touch '0101'"),
    ('        hexsides: [{between: ["0501", "0601"], feature: lava}]\n', r"unknown hexside feature .lava.; known: river, stream, wall, cliff, border"),
])
def test_map_mistakes_are_one_sentence_each(runner, tmp_path, extra, message):
    result = _validate(runner, _game(tmp_path, _map(extra)))
    assert result.exit_code == 1
    assert re.search(message, result.output), result.output


def test_a1_numbering_reads_letters_for_columns():
    from generator.geometry.hexmap import MapHexes

    grid = MapHexes.of({"layout": "rectangle", "columns": 30, "grid_rows": 12, "coordinates": {"style": "A1"}})
    assert grid.label(*grid.parse("F4")) == "F4"
    assert grid.label(*grid.cells[-1]) == "AD12"  # the 30th column
    first = MapHexes.of({"layout": "rectangle", "columns": 5, "grid_rows": 5,
                        "coordinates": {"style": "CCRR", "first": [10, 0]}})
    assert first.label(*first.cells[0]) == "1000" and first.label(*first.cells[-1]) == "1404"


def test_a_hex_tile_can_be_sized_across_the_points(tmp_path):
    from generator.build.loading import load_game

    text = HEAD + """components:
  - id: t
    name: Tiles
    kind: hex-tile
    size_in: {points: 3}
    items: [{count: 1}]
"""
    comp = load_game(_game(tmp_path, text)).component("t")
    corners, flats = comp.size_mm
    assert corners == pytest.approx(76.2) and flats == pytest.approx(76.2 * 3 ** 0.5 / 2)


# -- messages ------------------------------------------------------------------------------------

def test_an_unquoted_no_is_explained_as_yaml_reading_false(runner, tmp_path):
    result = _validate(runner, _game(tmp_path, HEAD.replace("id: g", "id: no")))
    assert result.exit_code == 1
    assert re.search(r"game\.yaml:1: .*game\.id: expected an id .*but YAML read this as false .*"
                     r"put it in quotes: \"no\"", result.output)


def test_did_you_mean_only_for_a_close_key(runner, tmp_path):
    base = COUNTERS.replace("items_csv: oob.csv", "items: [{count: 1}]")
    close = _validate(runner, _game(tmp_path, base.replace("size_in: 0.5", "size_inn: 0.5")))
    assert "unknown key 'size_inn' (did you mean 'size_in'?)" in close.output
    far = _validate(runner, _game(tmp_path, base.replace("size_in: 0.5", "size_in: 0.5\n    wibble: 1")))
    assert "unknown key 'wibble'" in far.output and "did you mean" not in far.output


def test_an_unknown_icon_lists_the_shared_icons(runner, tmp_path):
    text = COUNTERS.replace("items_csv: oob.csv", "items: [{count: 1, icon: swrod}]")
    result = _validate(runner, _game(tmp_path, text))
    assert result.exit_code == 1
    assert re.search(r"game\.yaml:9: unknown icon 'swrod' \(did you mean 'sword'\?\); use a shared icon "
                     r"\(listed below\) or define it under icons:\n\S*game\.yaml:9: the shared icons \(pictured in "
                     r"docs/data-format.md\): capitol, .*\n\S*game\.yaml:9: shared icons, continued: .*sword, .*wood\n",
                     result.output)


def test_an_unknown_icon_on_a_board_element_or_hex_mark_is_an_error_not_a_blank(runner, tmp_path):
    result = _validate(runner, _game(tmp_path, _map('        marks: [{hex: "0101", icon: castel}]\n')))
    assert result.exit_code == 1 and "unknown icon 'castel'" in result.output
