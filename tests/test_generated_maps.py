"""A random terrain map (`kind: generated`, `generator: clustered-terrain-map`) in a game of the
designer's own, written from docs/data-format.md ("Generators"): its terrain ids are the game's, not
KTech's, and a map that cannot be made says which rule it could not meet."""

from __future__ import annotations

from gamefolder import validate, write_game

ISLE = """game: {id: isle, title: Isle, author: A, licence: CC0, source: test, players: [1, 2]}
terrain:
  forest: {name: Forest, fill: "#4f7d3a", pattern: dots, icon: forest}
  sea: {name: Sea, fill: "#5b8fc7", pattern: waves}
  plain: {name: Plain, fill: "#d8d99a"}
components:
  - id: map
    name: Random isle
    kind: generated
    generator: clustered-terrain-map
    params:
      REGIONS
      water: sea
      columns: 8
      rows: 8
      hex_mm: 22
      MORE
"""


def _isle(tmp_path, regions: str, more: str = "title: Isle"):
    return write_game(tmp_path, ISLE.replace("REGIONS", regions).replace("MORE", more))


def test_the_starts_stand_on_the_first_land_terrain_unless_start_terrain_says(runner, tmp_path):
    """start_terrain defaulted to KTech's 'plains', which this game has not: refused with a message
    that named a terrain the designer never wrote. Now the first land region is the default; and a
    5 x 5 map has 9 hexes off its edge, no room for four starts four apart: said so, naming the keys
    to loosen."""
    small = _isle(tmp_path, "regions: {sea: 3, plain: 3, forest: 2}")
    (small / "game.yaml").write_text((small / "game.yaml").read_text().replace("columns: 8\n      rows: 8",
                                                                               "columns: 5\n      rows: 5"))
    result = validate(runner, small)
    assert result.exit_code == 1
    assert ("game.yaml:11: no map met the rules in 200 tries, most often for want of 4 starts (starts) on plain "
            "with land all round, 4 or more apart (start_distance); loosen them, or make the map larger (columns, "
            "rows)") in result.output, result.output
    for name, more in (("none", "starts: 0"), ("one", "starts: 1"), ("two", "starts: 2\n      start_distance: 2")):
        (tmp_path / name).mkdir()
        result = validate(runner, _isle(tmp_path / name, "regions: {sea: 3, plain: 3, forest: 2}", more))
        assert result.exit_code == 0, (name, result.output)


def test_regions_without_the_water_or_the_start_terrain_are_refused_by_name(runner, tmp_path):
    result = validate(runner, _isle(tmp_path, "regions: {plain: 3, forest: 2}"))
    assert result.exit_code == 1
    assert ("game.yaml:11: map params: regions needs a cluster of the water, 'sea' (water: names its terrain)"
            in result.output), result.output
    (tmp_path / "start").mkdir()
    result = validate(runner, _isle(tmp_path / "start", "regions: {sea: 3, plain: 3}", "start_terrain: forest"))
    assert result.exit_code == 1
    assert ("game.yaml:11: map params: regions needs a cluster of 'forest', the terrain the starts are on "
            "(start_terrain:)") in result.output, result.output
