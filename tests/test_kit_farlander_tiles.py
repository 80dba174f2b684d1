"""Farlander's map tiles settle every border on the tile itself: no point where four territories
meet (whether two territories touching at a point border each other would be a question for the
notes), and the tile sheets say to glue them onto card."""

from __future__ import annotations

import math
from collections import Counter
from pathlib import Path

import pytest

from generator.build.loading import load_game
from generator.model import resolve_game

TILES = [f"tile-{c}" for c in "abcdefg"]  # the items of the map-tiles component


@pytest.fixture(scope="module")
def game():
    return load_game(resolve_game("farlander"))


def _territories(game, tile_id):
    out = {}
    (item,) = [i for i in game.component("map-tiles").items if i.id == tile_id]
    for el in item.face["elements"]:
        if el["type"] == "polygon" and el.get("label"):
            out[el["label"]] = [tuple(p) for p in el["points_mm"]]
    return out


@pytest.mark.parametrize("tile_id", TILES)
def test_no_point_is_shared_by_four_territories(game, tile_id):
    corners = Counter()
    for poly in _territories(game, tile_id).values():
        for p in set(poly):
            corners[(round(p[0], 1), round(p[1], 1))] += 1
    assert max(corners.values()) <= 3


def test_tile_e_middle_is_a_short_border_between_e2_and_e4(game):
    terr = _territories(game, "tile-e")
    shared = set(terr["E2"]) & set(terr["E4"])
    inner = [p for p in shared if math.hypot(*p) < 20]
    assert len(inner) == 2 and math.dist(*inner) >= 5  # a line a player can see, not a point
    assert not set(terr["E1"]) & set(terr["E3"])


def test_the_kit_says_to_glue_the_tiles_onto_card(game):
    summary = game.component("summary")
    words = repr(summary.spec["sections"])
    assert "glue" in words.lower() and "card" in words


def test_the_seven_tiles_are_one_component_with_their_own_drawings(game):
    """The tiles are items of one component, each with its own elements (no longer seven
    components); the suggested map draws each item's art, and a tile-arrangement naming something
    that is not a hex-tile component is refused at its params' line."""
    from generator.build.game import expand_generated

    tiles = game.component("map-tiles")
    assert tiles.count == 7 and [i.id for i in tiles.items] == TILES
    letters = {i.id: next(e["text"] for e in i.face["elements"] if e["type"] == "text" and len(e["text"]) == 1)
               for i in tiles.items}  # the tile's letter; its territories' numbers (A1 ...) are texts too
    assert letters == {f"tile-{c}": c.upper() for c in "abcdefg"}
    (board,) = [c for c in expand_generated(game, 1) if c.id == "suggested-map"]
    drawn = [e["text"] for e in board.spec["elements"] if e["type"] == "text" and len(e["text"]) == 1]
    assert sorted(drawn) == list("ABCDEFG")
    legend = next(e["text"] for e in board.spec["elements"] if e["type"] == "text" and "Middle: tile" in e["text"])
    named = [line.split("tile ")[1].split(",")[0] for line in legend.splitlines()]
    assert sorted(named) == list("ABCDEFG")  # each tile by its letter, not its first territory's number


def test_a_tile_arrangement_over_a_non_tile_component_is_refused_with_its_line(tmp_path):
    import shutil
    import subprocess
    import sys

    folder = tmp_path / "farlander"
    shutil.copytree(resolve_game("farlander"), folder)
    text = (folder / "game.yaml").read_text()
    (folder / "game.yaml").write_text(text.replace("tiles: [map-tiles]", "tiles: [army-units]"))
    line = next(n for n, l in enumerate(text.splitlines(), 1) if l.strip() == "params:")
    run = subprocess.run([sys.executable, "-m", "generator", "build", str(folder), "--paper", "a4", "--format", "pdf",
                          "--out", str(tmp_path / "out")], capture_output=True, text=True, timeout=300,
                         cwd=Path(__file__).resolve().parent.parent)
    assert run.returncode == 1 and "Traceback" not in run.stderr
    assert f"game.yaml:{line}: tile-arrangement: 'army-units' is not a hex-tile component" in run.stderr
