"""The hex-map example (data/examples/star_lanes): a star map addressed the way its designer writes it,
diagonal hex ids from a numbering expression (6Z, 2BB), its systems one row each in systems.csv and
its warp lines, bases and key written by hex id in YAML: no coordinate in mm but the map's own."""

from __future__ import annotations

import csv
import re

import pytest

from tests.conftest import ROOT

FOLDER = ROOT / "data" / "examples" / "star_lanes"


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    from generator.build.game import Options, build_game
    from generator.build.loading import load_game

    out = tmp_path_factory.mktemp("stars")
    game = load_game(FOLDER)
    build_game(game, out, Options(papers=("a4",), formats=("pdf",)))
    return game, out / game.id / "a4" / f"{game.id}-a4-single.pdf"


def test_every_system_of_the_sheet_is_a_mark_of_the_map_and_prints_its_name(built):
    from gamefolder import pdf_text

    game, pdf = built
    rows = list(csv.DictReader((FOLDER / "systems.csv").open()))
    grid = game.components[0].spec["elements"][0]
    assert [m["hex"] for m in grid["marks"]] == [r["Hex"] for r in rows] and len(rows) == 16
    page = pdf_text(pdf)[1]
    for row in rows:
        assert row["Text"] in page
    assert "2BB" in page and "6Z" in page and "12W" in page  # Warp War style ids, doubled past Z


def test_the_yaml_places_everything_by_hex_id_never_in_mm_but_the_map_itself():
    text = (FOLDER / "game.yaml").read_text()
    assert text.count("at_mm") == 1  # the hexgrid's own
    assert len(re.findall(r"type: link", text)) == 20


def test_a_home_base_sits_in_the_top_right_of_its_hex(built):
    import math

    game, _ = built
    elements = game.components[0].spec["elements"]
    cue = next(e for e in elements if e["type"] == "cue" and e["text"] == "B")
    # hex 2P: column 2, row 2 of flat hexes 16 mm across the flats, first hex centred at [14.5, 13];
    # the second column sits half a hex lower
    x, y = 14.5 + 1.5 * 16 / math.sqrt(3), 13 + 16 + 8
    assert cue["at_mm"] == [pytest.approx(x + 4.2, abs=1e-3), pytest.approx(y - 3, abs=1e-3)]
