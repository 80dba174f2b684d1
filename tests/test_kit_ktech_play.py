"""KTech as played: enough ownership markers for a whole game, water within reach of every start
(40 of the 280 Counters are Ships), and Forest and Water told apart in greyscale."""

from __future__ import annotations

import math

import pytest

from generator.art.colour import lab
from generator.build.game import expand_generated
from generator.build.loading import load_game
from generator.geometry.hexes import hex_distance
from generator.model import resolve_game


@pytest.fixture(scope="module")
def game():
    return load_game(resolve_game("ktech"))


def _deck_size(game):
    return game.component("deck").count


def test_enough_ownership_markers_for_a_two_player_game(game):
    """The deck runs out 3 times: 3 x 83 cards, 5 dealt to each player, 2 drawn a turn each. In a
    2-player game that is about 60 turns each, one Counter built a turn, plus the starting Village."""
    players, passes, hand, draws = 2, 3, 5, 2
    cards = passes * _deck_size(game) - hand * players
    turns_each = math.ceil(cards / (draws * players))
    assert _deck_size(game) == 83 and turns_each == 60
    markers = game.component("ownership-markers")
    per_player = {}
    for item in markers.items:
        per_player[item.colour.id] = per_player.get(item.colour.id, 0) + item.count
    assert set(per_player.values()) == {64}
    assert min(per_player.values()) >= turns_each + 1
    # and they fit on a Counter: a 10 mm square on the 18 mm counter's lower half
    assert max(markers.size_mm) <= game.component("counters").size_mm[1] / 2 + 1


@pytest.mark.parametrize("seed", range(1, 21))
def test_every_start_has_water_within_3_spaces(game, seed):
    board = next(c for c in expand_generated(game, seed) if c.id == "map")
    grid = next(e for e in board.spec["elements"] if e["type"] == "hexgrid" and e.get("layout") == "rectangle")
    terrain = {tuple(m["hex"]): m["terrain"] for m in grid["marks"]}
    starts = [tuple(m["hex"]) for m in grid["marks"] if "text" in m]
    water = [h for h, t in terrain.items() if t == "water"]
    assert len(starts) == 4
    for start in starts:
        assert min(hex_distance(start, w) for w in water) <= 3, (seed, start)


def test_forest_and_water_differ_in_greyscale(game):
    lightness = {k: lab(t["fill"])[0] for k, t in game.terrain.items()}
    assert abs(lightness["forest"] - lightness["water"]) >= 12
    assert game.terrain["forest"]["pattern"] != game.terrain["water"]["pattern"]
