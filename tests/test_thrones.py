"""Thrones kit: the seed's tile and piece counts, a legal random homeland, tiles of the right size on
the printed page, and each ruined Fortress back behind its own Fortress under long-edge flip."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import numpy as np
import pytest

from generator.build.game import Options, build_game, expand_generated, write_manifest
from generator.build.loading import load_game
from generator.generators.homeland import (
    homeland_problems,
    off_edge_cells,
    random_homeland,
)
from generator.model import resolve_game

DPI = 300
MM_PER_PX = 25.4 / DPI
INCH_MM = 25.4
PIECES = {"rangers": 2, "spearmen": 2, "crossbowmen": 2, "catapult": 1, "trebuchet": 1, "lancers": 2,
          "warhorse": 1, "elephants": 2, "dragon": 1, "throne": 1}
FORTRESS_FILL = (0x83, 0x5a, 0x39)  # data/thrones/game.yaml terrain fortress (darker than Forest in greyscale)
RUINS_FILL = (0x4a, 0x3b, 0x30)


@pytest.fixture(scope="module")
def game():
    return load_game(resolve_game("thrones"))


@pytest.fixture(scope="module")
def kit(game, tmp_path_factory) -> Path:
    """The whole kit for A4 and Letter, PDF and SVG, seed 3."""
    out = tmp_path_factory.mktemp("thrones")
    entry = build_game(game, out, Options(papers=("a4", "letter"), formats=("pdf", "svg"), seed=3))
    write_manifest(out, [entry])
    return out / "thrones"


def _items(manifest: dict, comp_id: str) -> dict[str, int]:
    comp = next(c for c in manifest["components"] if c["id"] == comp_id)
    return {i["id"]: i["count"] for i in comp["items"]}


# -- counts -----------------------------------------------------------------------------------

def test_kit_has_every_file_for_both_papers(kit):
    manifest = json.loads((kit / "manifest.json").read_text())
    for paper in ("a4", "letter"):
        for doc in ("duplex", "single"):
            assert (kit / paper / f"thrones-{paper}-{doc}.pdf").is_file()
            assert list((kit / paper / "svg").glob(f"thrones-{paper}-{doc}-*.svg"))
    assert "Chad Anthony Randell" in manifest["credits"] and "WTFPL" in manifest["credits"]


def test_each_player_has_the_seeds_tiles(kit):
    items = _items(json.loads((kit / "manifest.json").read_text()), "terrain-tiles")
    for colour in ("orange", "blue"):
        home = {t: items[f"{t}-{colour}"] for t in ("plains", "forest", "water", "mountain")}
        middle = {t: items[f"{t}-middle-{colour}"] for t in ("plains", "forest", "water", "mountain")}
        assert home == {"plains": 11, "forest": 10, "water": 7, "mountain": 7}
        assert middle == {"plains": 1, "forest": 1, "water": 1, "mountain": 1}
        assert items[f"farm-{colour}"] == 1 and items[f"city-{colour}"] == 1


def test_fortresses_and_the_whole_board_add_up(kit):
    manifest = json.loads((kit / "manifest.json").read_text())
    forts = _items(manifest, "fortresses")
    assert forts == {"fortress-orange": 1, "fortress-blue": 1, "fortress-middle": 1, "fortress-victory": 2}
    terrain = _items(manifest, "terrain-tiles")
    board = sum(n for i, n in terrain.items() if not i.startswith(("farm", "city")))
    board += forts["fortress-orange"] + forts["fortress-blue"] + forts["fortress-middle"]
    assert board == 9 * 9  # 2 homelands of 36, 8 middle-row tiles and the middle Fortress


def test_each_player_has_15_pieces(kit):
    items = _items(json.loads((kit / "manifest.json").read_text()), "pieces")
    for colour in ("orange", "blue"):
        assert {p: items[f"{p}-{colour}"] for p in PIECES} == PIECES
    assert sum(items.values()) == 30


def test_fortress_back_is_the_ruined_fortress_and_terrain_is_one_sided(game):
    forts = game.component("fortresses")
    assert all(item.back and item.back.get("terrain") == "ruins" for item in forts.items)
    assert not game.component("terrain-tiles").double_sided
    assert not game.component("pieces").double_sided


# -- the random homeland ------------------------------------------------------------------------

def _params(game) -> dict:
    p = next(c for c in game.components if c.id == "random-homeland").spec["params"]
    return {"counts": dict(p["counts"]), "every_row": list(p["every_row"]), "off_edge": p["off_edge"]}


@pytest.mark.parametrize("seed", [1, 2024])
def test_random_homeland_is_legal(game, seed):
    p = _params(game)
    grid = random_homeland(random.Random(seed), 9, 4, p["counts"], p["every_row"], p["off_edge"])
    assert len(grid) == 4 and all(len(row) == 9 for row in grid)
    assert homeland_problems(grid, p["counts"], p["every_row"], p["off_edge"]) == []
    assert Counter(t for row in grid for t in row) == Counter(p["counts"])
    for row in grid:
        assert {"plains", "forest", "water", "mountain"} <= set(row)
    (r, c), = [(r, c) for r, row in enumerate(grid) for c, t in enumerate(row) if t == "fortress"]
    assert 1 <= c <= 7 and r != 0  # off the side edges and the back row


def test_random_homeland_depends_on_the_seed_only(game):
    p = _params(game)
    make = lambda seed: random_homeland(random.Random(seed), 9, 4, p["counts"], p["every_row"], p["off_edge"])  # noqa: E731
    assert make(5) == make(5)
    assert len({str(make(s)) for s in range(10)}) > 1


def test_legality_check_catches_a_bad_homeland(game):
    p = _params(game)
    grid = random_homeland(random.Random(1), 9, 4, p["counts"], p["every_row"], p["off_edge"])
    fr, fc = next((r, c) for r, row in enumerate(grid) for c, t in enumerate(row) if t == "fortress")
    grid[fr][fc], grid[0][0] = grid[0][0], grid[fr][fc]  # the Fortress into the back corner
    assert any("edge" in problem for problem in homeland_problems(grid, **p))
    assert (0, 0) not in off_edge_cells(9, 4)


def test_build_prints_the_homeland_for_its_seed(game):
    boards = [c for c in expand_generated(game, 42) if c.id == "random-homeland"]
    assert len(boards) == 1 and "no. 42" in boards[0].name
    texts = [el.get("text", "") for el in boards[0].spec["elements"]]
    assert any("no. 42" in t for t in texts)
    assert not any("seed" in t or "pnpforge" in t for t in texts)  # player text: game words only
    squares = [el for el in boards[0].spec["elements"]
               if el["type"] == "polygon" and el["points_mm"][2] == [INCH_MM, INCH_MM]]
    assert len(squares) == 36


# -- measured on the printed page ---------------------------------------------------------------

def _render(pdf: Path, index: int) -> np.ndarray:
    import pypdfium2

    doc = pypdfium2.PdfDocument(str(pdf))
    try:
        return np.asarray(doc[index].render(scale=DPI / 72).to_pil().convert("RGB")).astype(int)
    finally:
        doc.close()


def _near(image: np.ndarray, rgb: tuple[int, int, int], tol: int = 10) -> np.ndarray:
    return (np.abs(image - np.array(rgb)) <= tol).all(axis=2)


def _fortress_row(image: np.ndarray, rgb) -> tuple[int, int, int]:
    """(top px, bottom px, y px) of the band of rows holding tiles of colour ``rgb``."""
    rows = np.where(_near(image, rgb).sum(axis=1) > 50)[0]
    return int(rows.min()), int(rows.max()), int((rows.min() + rows.max()) // 2)


def _cut_lines_mm(image: np.ndarray, top_px: int) -> list[float]:
    """x (mm) of the crop marks above a block: runs of dark pixels 2 mm above the art."""
    y = top_px - int(2.0 / MM_PER_PX)
    dark = image[y].sum(axis=1) < 3 * 120
    xs, runs, start = np.where(dark)[0], [], None
    for i, x in enumerate(xs):
        if start is None:
            start = x
        if i + 1 == len(xs) or xs[i + 1] != x + 1:
            runs.append((start + x + 1) / 2 * MM_PER_PX)
            start = None
    return runs


def _fortress_pages(kit: Path, paper: str) -> tuple[Path, int]:
    manifest = json.loads((kit / "manifest.json").read_text())
    doc = next(d for d in manifest["documents"] if d["paper"] == paper and d["duplex"])
    return kit / doc["file"], doc["component_pages"]["fortresses"][0] - 1


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_fortress_tiles_measure_one_inch(kit, paper):
    pdf, front = _fortress_pages(kit, paper)
    image = _render(pdf, front)
    top, bottom, _ = _fortress_row(image, FORTRESS_FILL)
    cuts = _cut_lines_mm(image, top)
    assert len(cuts) == 6  # 5 tiles butted in a row: 6 cut lines
    for a, b in zip(cuts, cuts[1:]):
        assert b - a == pytest.approx(INCH_MM, abs=0.2)
    art_mm = (bottom - top + 1) * MM_PER_PX
    assert art_mm == pytest.approx(INCH_MM + 2 * 3.0, abs=0.3)  # 1 in plus 3 mm bleed each side


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_ruined_back_lands_behind_its_fortress(kit, paper):
    pdf, front_index = _fortress_pages(kit, paper)
    front, back = _render(pdf, front_index), _render(pdf, front_index + 1)
    width_mm = front.shape[1] * MM_PER_PX
    top, _, y = _fortress_row(front, FORTRESS_FILL)
    cuts = _cut_lines_mm(front, top)
    btop, _, _ = _fortress_row(back, RUINS_FILL)
    back_cuts = _cut_lines_mm(back, btop)
    assert sorted(width_mm - x for x in cuts) == pytest.approx(back_cuts, abs=0.2)
    for left, right in zip(cuts, cuts[1:]):
        front_x = left + 3.0  # inside the tile, clear of its title and icon
        back_x = width_mm - front_x
        f = front[y, int(front_x / MM_PER_PX)]
        b = back[y, int(back_x / MM_PER_PX)]
        assert _near(f[None, None], FORTRESS_FILL, 40).all()
        assert _near(b[None, None], RUINS_FILL, 40).all()


def test_rule_screen_is_three_panels_each_on_one_page(kit):
    manifest = json.loads((kit / "manifest.json").read_text())
    panels = ["screen-pieces", "screen-play", "screen-setup"]
    for doc in (d for d in manifest["documents"] if not d["duplex"]):
        assert [len(doc["component_pages"][p]) for p in panels] == [1, 1, 1]
    for panel in panels:
        assert (kit / "poster" / f"thrones-{panel}-true-size.pdf").is_file()
