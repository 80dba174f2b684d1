"""Farlander's map tiles settle every border on the tile itself: no point where four territories
meet (whether two territories touching at a point border each other would be a question for the
notes), and the tile sheets say to glue them onto card."""

from __future__ import annotations

import math
from collections import Counter

import pytest

from generator.model import load_game, resolve_game

TILES = [f"map-tile-{c}" for c in "abcdefg"]


@pytest.fixture(scope="module")
def game():
    return load_game(resolve_game("farlander"))


def _territories(game, tile_id):
    out = {}
    for el in game.component(tile_id).spec["face"]["elements"]:
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
    terr = _territories(game, "map-tile-e")
    shared = set(terr["E2"]) & set(terr["E4"])
    inner = [p for p in shared if math.hypot(*p) < 20]
    assert len(inner) == 2 and math.dist(*inner) >= 5  # a line a player can see, not a point
    assert not set(terr["E1"]) & set(terr["E3"])


def test_the_kit_says_to_glue_the_tiles_onto_card(game):
    summary = game.component("summary")
    words = repr(summary.spec["sections"])
    assert "glue" in words.lower() and "card" in words
