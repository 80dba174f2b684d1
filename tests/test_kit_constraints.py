"""The pieces agree with the rules: each kit's counts, read from the built kit's manifest (or the
loaded game), checked against what its seed document says the game needs (pieces against spaces,
tiles against hexes, cards against decks). A content change that breaks one fails here."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from generator.build.game import Options, build_game, expand_generated, write_manifest
from generator.build.loading import load_game
from generator.generators.clustered_map import bodies
from generator.generators.tile_arrangement import arrange
from generator.model import resolve_game


def _hexagon_hexes(radius: int) -> int:
    """Hexes in a hexagon of hexes with `radius` rings around the centre (7 a side: radius 6)."""
    return 3 * radius * (radius + 1) + 1


@pytest.fixture(scope="module")
def manifests(tmp_path_factory) -> dict[str, dict]:
    out = tmp_path_factory.mktemp("constraints")
    entries = [build_game(load_game(resolve_game(name)), out, Options(papers=("a4",), formats=("pdf",), seed=1))
               for name in ("lords_of_war", "farlander", "thrones", "ktech")]
    write_manifest(out, entries)
    return {name: json.loads((out / name / "manifest.json").read_text())
            for name in ("lords_of_war", "farlander", "thrones", "ktech")}


def _component(manifest: dict, comp_id: str) -> dict:
    return next(c for c in manifest["components"] if c["id"] == comp_id)


def _by_name(manifest: dict, comp_id: str) -> Counter:
    out: Counter = Counter()
    for item in _component(manifest, comp_id).get("items", []):
        out[item["name"]] += item["count"]
    return out


def _element(game, comp_id: str, **match):
    comp = next(c for c in expand_generated(game, 1) if c.id == comp_id)
    return next(e for e in comp.spec["elements"] if all(e.get(k) == v for k, v in match.items()))


# -- Lords of War (seed 000) ----------------------------------------------------------------------

def test_lords_of_war_127_tiles_fill_the_127_hex_tournament_mat(manifests):
    """Seed: 'There are 127 1" hexagonal tiles' (1 Volcano, 12 Lakes, 12 Wastelands, 24 Mountains,
    36 Forests, 42 Fields) and the mat shows where to place the tiles; play goes on once every tile
    is placed. So the mat has exactly one hex per tile."""
    tiles = _by_name(manifests["lords_of_war"], "terrain-tiles")
    assert tiles == {"Volcano / Palace": 1, "Lake": 12, "Wasteland": 12, "Mountain": 24, "Forest": 36,
                     "Field": 42}
    game = load_game(resolve_game("lords_of_war"))
    grid = _element(game, "tournament-mat", type="hexgrid")
    assert grid["layout"] == "hexagon" and _hexagon_hexes(grid["radius"]) == 127 == sum(tiles.values())
    setup = " ".join(" ".join(r) for s in game.component("summary").spec["sections"] for r in s.get("rows", []))
    assert "127 hexes take the 127 terrain tiles" in setup and "every tile is laid" in setup


def test_lords_of_war_duel_mat_is_the_board_without_tiles_and_carries_the_roll(manifests):
    """Seed, 'Lacking a Game Board?': a Duel is a rectangle 10 wide and 20 long, and instead of
    drawing or revealing tiles each hex is rolled on a D6 chart (1: roll again, 1-3 Lake, 4-6
    Badlands; 2-3 Farms; 4-5 Forests; 6 Mountains). The 200 hexes take no tiles: the mat says so
    and prints the chart."""
    game = load_game(resolve_game("lords_of_war"))
    grid = _element(game, "duel-mat", type="hexgrid")
    assert (grid["columns"], grid["grid_rows"]) == (10, 20)
    duel = next(c for c in game.components if c.id == "duel-mat")
    words = " ".join(e.get("text", "") for e in duel.spec["elements"] if e["type"] == "text")
    assert "no tiles" in words
    for result in ("1 = roll again", "1-3 Lake", "4-6 Badlands", "2-3 Fields", "4-5 Forest", "6 Mountains"):
        assert result in words, result


def test_lords_of_war_realm_pieces_match_the_seed(manifests):
    """Seed: per player 10 Walls, Roads and Villages, 5 Towns and Cities, 1 Capitol, 3 Forts; 30
    chips (5 a colour), of which we print the 6 the order track uses (issue 38); 270 troops: 30 'X' (10), 60 stars (5), 180 triangles (1)."""
    m = manifests["lords_of_war"]
    tokens = _by_name(m, "realm-tokens")
    per_player = {"Wall": 10, "Road": 10, "Village": 10, "Town": 5, "City": 5, "Capitol": 1, "Fort": 3}
    for name, n in per_player.items():
        assert tokens[name] >= 6 * n, name
    assert _component(m, "chips")["count"] == 6
    assert _by_name(m, "troops") == {"Troop 1": 180, "Troop 5": 60, "Troop 10": 30}


# -- Farlander (seed 001) -------------------------------------------------------------------------

def test_farlander_units_and_tiles_match_the_seed(manifests):
    """Seed: 7 hex tiles form the map; 2 players get 36 units each (Red, Blue), 3 get 24 (adds
    Green), 4 get 18 (adds Yellow). Each colour needs the most it is ever dealt."""
    m = manifests["farlander"]
    units = _by_name(m, "army-units")
    deal = {2: 36, 3: 24, 4: 18}
    colours = ["Red", "Blue", "Green", "Yellow"]
    for colour in colours:
        need = max(n for players, n in deal.items() if colours.index(colour) < players)
        assert units[f"{colour} army unit"] >= need, colour
    tiles = [i["id"] for i in _component(m, "map-tiles")["items"]]
    assert _component(m, "map-tiles")["count"] == len(tiles) == 7
    for seed in range(1, 21):  # the suggested map: a flower of 7 slots, each tile in one
        placed = arrange(tiles, seed)
        assert sorted(p.slot for p in placed) == list(range(7))
        assert sorted(p.tile for p in placed) == sorted(tiles)


# -- Thrones (seed 002) ---------------------------------------------------------------------------

def test_thrones_tiles_fill_the_9_by_9_board_and_each_player_has_15_pieces(manifests):
    """Seed: each player gets 15 pieces, 11 Plains, 10 Forest, 7 Water, 7 Mountain and 1 Fortress;
    4 tiles (one of each) for the middle row, whose Fortress takes the ninth space. Two homelands
    of 4 rows x 9 and the middle row of 9 make the 9 x 9 board."""
    m = manifests["thrones"]
    terrain = _by_name(m, "terrain-tiles")
    forts = {i["id"]: i["count"] for i in _component(m, "fortresses")["items"]}
    home = {"Plains": 11, "Forest": 10, "Water": 7, "Mountain": 7}
    for kind, n in home.items():
        assert terrain[kind] == 2 * n, kind
        assert terrain[f"{kind} (middle row)"] == 2, kind
    homeland = sum(home.values()) + 1  # + the player's Fortress
    assert homeland == 4 * 9
    board = 2 * homeland + 2 * 4 + forts["fortress-middle"]
    assert board == 9 * 9
    pieces = Counter()
    for item in _component(m, "pieces")["items"]:
        pieces[item["id"].rsplit("-", 1)[1]] += item["count"]
    assert pieces == {"orange": 15, "blue": 15}


# -- KTech (seed 004) -----------------------------------------------------------------------------

def test_ktech_counters_and_deck_match_the_seed(manifests):
    m = manifests["ktech"]
    counters = _by_name(m, "counters")
    assert counters == {"Village": 100, "City": 20, "Castle": 20, "Mine": 20, "Army": 20, "Caravan": 20,
                        "Temple": 20, "Priest": 20, "Ship": 40}
    assert _component(m, "deck")["count"] == 83


@pytest.fixture(scope="module")
def ktech():
    return load_game(resolve_game("ktech"))


@pytest.mark.parametrize("seed", range(1, 201))
def test_ktech_map_has_a_water_space_for_every_ship(ktech, seed):
    """Seed: Ships stand only on Water, one Counter a space; the kit has 40 Ships. Every map
    (seeds 1-200) has at least 40 Water spaces, in two or more separate bodies."""
    ships = sum(i.count for i in ktech.component("counters").items if i.name == "Ship")
    assert ships == 40
    board = next(c for c in expand_generated(ktech, seed) if c.id == "map")
    grid = next(e for e in board.spec["elements"] if e["type"] == "hexgrid" and e.get("layout") == "rectangle")
    terrain = {tuple(mk["hex"]): mk["terrain"] for mk in grid["marks"]}
    water = bodies(terrain, "water")
    assert sum(len(b) for b in water) >= ships, seed
    assert len(water) >= 2, seed
    land = len(terrain) - sum(len(b) for b in water)
    assert land >= 4 * 1 + 100  # starting Villages and room to build: most of the map stays land
