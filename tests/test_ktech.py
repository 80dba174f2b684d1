"""KTech: the kit matches the seed's counts, the generated map keeps its terrain rules, and pieces
measure true on the printed page."""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np
import pypdfium2
import pytest

from generator.build.game import Options, build_game, expand_generated
from generator.build.loading import load_game
from generator.generators.clustered_map import bodies, neighbours
from generator.geometry.hexes import hex_distance

ROOT = Path(__file__).resolve().parents[1]
GAME = ROOT / "data" / "ktech"
SEED_FILE = ROOT.parent / "shared" / "seeds" / "004_ab7b7d9d724c43e0.txt"
PX_MM = 25.4 / 300

# The seed's two tables, as printed there (used when the seed file is not beside the repository).
SEED_COUNTERS = {"Village": 100, "City": 20, "Castle": 20, "Mine": 20, "Army": 20, "Caravan": 20,
                 "Temple": 20, "Priest": 20, "Ship": 40}
SEED_CARDS = {
    "Battle": 2, "Gold Mines": 2, "Iron Mines": 2, "Copper Mines": 2, "Port of Call": 2, "Merchants": 2,
    "Sea Battle": 2, "Raid": 4, "Siege": 2, "March": 2, "Sail": 4, "Safe Passage": 2, "Trawlers": 2,
    "Harvest": 4, "Pilgrimage": 2, "Trade Route": 2, "Convert": 2, "Indulgences": 2, "Tithes": 2,
    "Taxes": 2, "Tariffs": 2, "Raze": 2, "Piracy": 2, "Markets": 2, "Commerce": 2, "Fishing": 2,
    "Lumber": 2, "Conquest": 2, "Disaster": 1, "Bazaars": 2, "Culture": 2, "Religion": 2, "Gems": 2,
    "History": 2, "Victory": 2, "Trapping": 2, "Herding": 2, "Salt Mining": 2, "Quarries": 2,
}
TERRAINS = {"plains", "forest", "mountains", "hills", "swamp", "water", "desert", "tundra"}


def seed_tables() -> tuple[dict[str, int], dict[str, int]]:
    """The counter and card tables read from the seed text itself when it is present."""
    if not SEED_FILE.is_file():
        return SEED_COUNTERS, SEED_CARDS
    counters: dict[str, int] = {}
    cards: dict[str, int] = {}
    table = None
    for line in SEED_FILE.read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            table = cards if "Card" in line else counters
            continue
        m = re.match(r"^(\d+)\s*\t+([^\t]+)", line)
        if table is not None and m:
            table[m.group(2).strip()] = int(m.group(1))
    return counters, cards


@pytest.fixture(scope="module")
def game():
    return load_game(GAME)


def test_the_seed_reads_as_the_issue_says():
    counters, cards = seed_tables()
    assert counters == SEED_COUNTERS
    assert cards == SEED_CARDS
    assert (len(cards), sum(cards.values())) == (39, 83)
    assert sum(counters.values()) == 280


def test_counters_match_the_seed(game):
    counters, _ = seed_tables()
    comp = game.component("counters")
    assert {item.name: item.count for item in comp.items} == counters
    assert comp.count == 280
    ship = next(item for item in comp.items if item.name == "Ship")
    assert ship.face["pattern"] == "waves"  # water units look different from land units
    assert len({item.face["icon"] for item in comp.items}) == 9


def test_deck_matches_the_seed(game):
    _, cards = seed_tables()
    deck = game.component("deck")
    assert {item.face["title"]: item.count for item in deck.items} == cards
    assert len(deck.items) == 39 and deck.count == 83
    backs = {repr(sorted(item.back.items())) for item in deck.items}
    assert len(backs) == 1  # one shared back


def test_same_effect_cards_share_a_layout(game):
    deck = game.component("deck")
    moves = [i for i in deck.items if i.face["title"] in ("March", "Sail", "Pilgrimage", "Trade Route")]
    looks = {(i.face["band"], i.face["icon"], i.face["subtitle"], repr(i.face["sections"])) for i in moves}
    assert len(looks) == 1
    texts = {re.sub(r"Armies|Ships|Priests|Caravans", "X", i.face["text"]) for i in moves}
    assert texts == {"Move any number of your X."}


def test_player_tokens_coins_and_reference(game):
    assert len(game.colours) == 6
    assert len({c.cue for c in game.colours}) == 6 and len({c.shape for c in game.colours}) == 6
    markers = game.component("ownership-markers")
    assert len({i.colour.id for i in markers.items}) == 6  # every colour: 2-6 players
    assert all(i.count == 64 for i in markers.items)
    assert markers.kind == "counter"  # solid squares: shared straight cuts, no windows to cut out
    coins = {i.face["value"]: i.count for i in game.component("gold-coins").items}
    assert {"1", "5"} <= set(coins)
    assert sum(int(v) * n for v, n in coins.items()) >= 300
    assert game.component("reference").count >= 1
    assert "Krassner" in game.credits


def _map(game, seed):
    board = next(c for c in expand_generated(game, seed) if c.id == "map")
    grid = next(e for e in board.spec["elements"] if e["type"] == "hexgrid" and e.get("layout") == "rectangle")
    terrain = {tuple(m["hex"]): m["terrain"] for m in grid["marks"]}
    starts = [tuple(m["hex"]) for m in grid["marks"] if "text" in m]
    return board, grid, terrain, starts


@pytest.mark.parametrize("seed", [1, 7])
def test_map_keeps_its_rules(game, seed):
    board, grid, terrain, starts = _map(game, seed)
    params = game.component("map").spec["params"]
    assert len(terrain) == grid["columns"] * grid["grid_rows"] == 192
    assert set(terrain.values()) <= TERRAINS
    assert set(terrain.values()) == TERRAINS  # all eight appear
    water = bodies(terrain, "water")
    assert water, "the ships need water"
    assert all(len(body) >= params["min_water_body"] for body in water)
    assert sum(len(b) for b in water) >= params["min_water_hexes"]
    for body in water:  # each body is connected: every hex reaches the rest through water
        seen, todo = set(), [min(body)]
        while todo:
            h = todo.pop()
            seen.add(h)
            todo += [n for n in neighbours(h) if n in body and n not in seen]
        assert seen == body
    assert len(starts) == 4
    assert all(terrain[s] == "plains" for s in starts)
    assert min(hex_distance(a, b) for i, a in enumerate(starts) for b in starts[i + 1:]) >= 4
    assert board.size_mm[0] > 216 and board.size_mm[1] > 280  # bigger than a page: tiled


def test_map_follows_the_seed(game):
    assert _map(game, 1)[2] == _map(game, 1)[2]
    assert _map(game, 1)[2] != _map(game, 7)[2]


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("ktech")
    entry = build_game(load_game(GAME), out, Options(papers=("a4", "letter"), formats=("pdf",), seed=3))
    (out / "entry.json").write_text(json.dumps(entry))
    build_game(load_game(GAME), out / "svg", Options(papers=("letter",), formats=("svg",), seed=3))
    return out / "ktech"


def test_kit_builds_for_both_papers(built):
    for paper in ("a4", "letter"):
        assert (built / paper / f"ktech-{paper}-duplex.pdf").is_file()
        assert (built / paper / f"ktech-{paper}-single.pdf").is_file()
    svgs = list((built.parent / "svg" / "ktech" / "letter" / "svg").glob("*.svg"))
    assert len(svgs) > 20
    manifest = json.loads((built.parent / "entry.json").read_text())
    counts = {c["id"]: c["count"] for c in manifest["components"]}
    assert counts["counters"] == 280 and counts["deck"] == 83


def _render(path: Path, page: int) -> np.ndarray:
    pdf = pypdfium2.PdfDocument(str(path))
    img = np.asarray(pdf[page].render(scale=300 / 72).to_pil().convert("RGB")).astype(int)
    pdf.close()
    return img


def _runs(mask: np.ndarray) -> list[float]:
    """Centres of the runs of True in a 1-D mask, in pixels."""
    idx = np.nonzero(mask)[0]
    groups = np.split(idx, np.nonzero(np.diff(idx) > 1)[0] + 1) if len(idx) else []
    return [float(g.mean()) for g in groups]


def _cut_pitch_mm(img: np.ndarray, fill: str, below: bool = False) -> list[float]:
    """Distances between the crop marks above (or below) a butted block of pieces with background
    ``fill``."""
    rgb = np.array([int(fill[i:i + 2], 16) for i in (1, 3, 5)])
    filled = (np.abs(img - rgb).sum(axis=2) < 30).sum(axis=1) > 100  # rows across the block
    ys = np.nonzero(filled)[0]
    row = img[ys.max() + 20 if below else ys.min() - 20].sum(axis=1) < 200
    marks = _runs(row)
    return [(b - a) * PX_MM for a, b in zip(marks, marks[1:])]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_counters_measure_18_mm(built, paper):
    """18 mm Counters (not 3/4 in): 140 a page on Letter as on A4, so the 280 take two sheets, not
    three with 20 Ships alone on the third."""
    # the marks below the block (on Letter the block fills the page: its top marks sit over the bleed)
    pitches = _cut_pitch_mm(_render(built / paper / f"ktech-{paper}-duplex.pdf", 2), "#f3ead6", below=True)
    assert len(pitches) >= 8
    assert all(abs(p - 18.0) <= 0.2 for p in pitches), pitches
    pages = json.loads((built / "manifest.json").read_text())
    doc = next(d for d in pages["documents"] if d["paper"] == paper and d["duplex"])
    assert len(doc["component_pages"]["counters"]) == 4  # two sheets, fronts and backs


def test_map_hexes_measure_26_mm_across_the_flats(built, game):
    img = _render(built / "poster" / "ktech-map-true-size.pdf", 0)
    flats = 26.0
    margin = 12.0 + 8.0  # poster margin + board margin
    x = round((margin + flats / 3 ** 0.5) / PX_MM)  # the centre line of the first column
    lines = _runs(img[:, x].sum(axis=1) < 200)
    gaps = [(b - a) * PX_MM for a, b in zip(lines, lines[1:])]
    edges = [g for g in gaps if g > 10][:16]  # the 16 hexes of the first column, top to bottom
    assert len(edges) == 16
    assert all(abs(g - flats) <= 0.2 for g in edges), edges
