"""``generator: homeland``: a random legal homeland, a grid of square terrain tiles a player lays
out (first needed by Thrones, whose players lay 4 x 9 tiles behind a screen).

A legal homeland: every row holds at least one of each terrain named in ``every_row``, and the one
``off_edge`` tile (Thrones' Fortress) does not touch the board's edge, so it is never in the two
outer columns nor in the back row (row 0; row ``rows - 1`` faces the middle of the table). Counts,
sizes and terrain names all come from the component's ``params`` (documented in
``generator/model/format.py`` and docs/data-format.md) and the game's ``terrain``.
"""

from __future__ import annotations

import random
from typing import Any

from ..art.colour import mix
from ..base.errors import DataError
from ..geometry.typescale import ROLES_PT
from ..model import Component, Game
from . import register

Homeland = list[list[str]]  # rows (back row first) of terrain ids

MARGIN_MM = 8.0
TITLE_MM = 16.0
LEGEND_MM = 22.0


def off_edge_cells(columns: int, rows: int) -> list[tuple[int, int]]:
    """(row, column) cells where the off-edge tile may stand: off every board edge."""
    return [(r, c) for r in range(1, rows) for c in range(1, columns - 1)]


def homeland_problems(grid: Homeland, counts: dict[str, int], every_row: list[str], off_edge: str) -> list[str]:
    """Every way ``grid`` breaks the setup rules (empty when it is legal)."""
    problems = []
    rows, columns = len(grid), len(grid[0]) if grid else 0
    if any(len(row) != columns for row in grid):
        problems.append("rows differ in length")
    held = {t: sum(row.count(t) for row in grid) for t in counts}
    for terrain, want in counts.items():
        if held[terrain] != want:
            problems.append(f"{held[terrain]} {terrain} tiles, the set has {want}")
    for r, row in enumerate(grid):
        for terrain in every_row:
            if terrain not in row:
                problems.append(f"row {r + 1} has no {terrain}")
    allowed = set(off_edge_cells(columns, rows))
    for r, row in enumerate(grid):
        for c, terrain in enumerate(row):
            if terrain == off_edge and (r, c) not in allowed:
                problems.append(f"the {off_edge} at row {r + 1}, column {c + 1} is on the board's edge")
    return problems


def random_homeland(rng: random.Random, columns: int, rows: int, counts: dict[str, int],
                    every_row: list[str], off_edge: str) -> Homeland:
    """A legal homeland: the off-edge tile first, then one of each ``every_row`` terrain per row, then
    the rest."""
    grid: list[list[str | None]] = [[None] * columns for _ in range(rows)]
    pool = [t for t, n in counts.items() for _ in range(n)]
    fr, fc = rng.choice(off_edge_cells(columns, rows))
    grid[fr][fc] = off_edge
    pool.remove(off_edge)
    for r in range(rows):
        free = [c for c in range(columns) if grid[r][c] is None]
        for terrain, c in zip(every_row, rng.sample(free, len(every_row))):
            grid[r][c] = terrain
            pool.remove(terrain)
    rng.shuffle(pool)
    for row in grid:
        for c, cell in enumerate(row):
            if cell is None:
                row[c] = pool.pop()
    return [[str(cell) for cell in row] for row in grid]


def _params(game: Game, comp: Component) -> dict[str, Any]:
    p = comp.spec.get("params") or {}
    out: dict[str, Any] = {"columns": int(p.get("columns", 9)), "rows": int(p.get("rows", 4)),
           "tile_mm": float(p.get("tile_mm", 25.4)), "counts": {str(k): int(v) for k, v in (p.get("counts") or {}).items()},
           "every_row": [str(t) for t in p.get("every_row") or []], "off_edge": str(p.get("off_edge", "")),
           "title": str(p.get("title", "{game}: a random homeland (no. {seed})"))}
    line = comp.line_of("params")
    for terrain in [*out["counts"], *out["every_row"], out["off_edge"]]:
        if terrain not in game.terrain:
            raise DataError(f"homeland: unknown terrain {terrain!r}", comp.file, line)
    if sum(out["counts"].values()) != out["columns"] * out["rows"]:
        raise DataError(f"homeland: the counts make {sum(out['counts'].values())} tiles, "
                        f"but {out['rows']} rows of {out['columns']} need {out['columns'] * out['rows']}",
                        comp.file, line)
    if out["counts"].get(out["off_edge"]) != 1 or len(out["every_row"]) > out["columns"] - 1:
        raise DataError(f"homeland: needs a count of exactly 1 {out['off_edge']} (off_edge) and room for "
                        f"every_row in each row",
                        comp.file, line)
    return out


def _square(game: Game, terrain: str, x: float, y: float, size: float) -> list[dict[str, Any]]:
    """One tile of the plan: its fill, a line pattern, its icon and its name."""
    t = game.terrain[terrain]
    fill, ink = t["fill"], t.get("ink", "#000000")
    lines = t.get("pattern_colour") or mix(fill, ink, 0.28)
    square = [[0, 0], [size, 0], [size, size], [0, size]]
    els: list[dict[str, Any]] = [{"type": "polygon", "at_mm": [x, y], "points_mm": square, "fill": fill,
                                  "stroke": "#ffffff", "width_mm": 0.6}]
    els += _pattern(t.get("pattern", "none"), x, y, size, lines)
    els.append({"type": "polygon", "at_mm": [x + size / 2, y + size / 2],
                "points_mm": [[-size * 0.3, -size * 0.12], [size * 0.3, -size * 0.12], [size * 0.3, size * 0.42],
                              [-size * 0.3, size * 0.42]],
                "fill": fill, "stroke": fill, "width_mm": 0.1, "text": t["name"], "size_pt": 7,
                "ink": ink, "icon": t.get("icon"), "size_mm": [size * 0.42]})
    return els


def _pattern(kind: str, x: float, y: float, size: float, colour: str) -> list[dict[str, Any]]:
    """The terrain's pattern as lines, so the plan reads without colour as the tiles do."""
    step = size / 6
    out: list[dict[str, Any]] = []
    for i in range(1, 6):
        d = i * step
        if kind in ("lines", "bricks"):
            out.append({"type": "line", "at_mm": [x + 1, y + d], "to_mm": [x + size - 1, y + d]})
        elif kind in ("hatch", "cross"):
            out.append({"type": "line", "at_mm": [x + d, y + 1], "to_mm": [x + 1, y + d]})
        elif kind == "waves":
            out.append({"type": "line", "at_mm": [x + 1, y + d], "to_mm": [x + size - 1, y + d],
                        "dash_mm": [2.0, 1.0]})
        elif kind in ("dots", "triangles"):
            out.append({"type": "line", "at_mm": [x + 1, y + d], "to_mm": [x + size - 1, y + d],
                        "dash_mm": [0.6, 2.4] if kind == "dots" else [1.8, 1.2], "width_mm": 0.9})
    for el in out:
        el.setdefault("width_mm", 0.45)
        el["stroke"] = colour
    return out


def _rule_line(game: Game, every_row: list[str], counts: dict[str, int], off_edge: str) -> str:
    """The rules the plan follows, in words (e.g. "Every row holds every terrain and the Fortress is
    off the board's edge.")."""
    others = [t for t in counts if t != off_edge]
    if set(every_row) >= set(others):
        held = "every terrain"
    else:
        names = [game.terrain[t]["name"] for t in every_row]
        held = " and ".join([", ".join(names[:-1]), names[-1]] if len(names) > 1 else names) or "any terrain"
    return f"Every row holds {held} and the {game.terrain[off_edge]['name']} is off the board's edge."


def homeland_board(game: Game, comp: Component, grid: Homeland, seed: int, tile_mm: float,
                   order: list[str], p: dict[str, Any]) -> Component:
    rows, columns = len(grid), len(grid[0])
    w = columns * tile_mm + 2 * MARGIN_MM
    h = rows * tile_mm + TITLE_MM + LEGEND_MM + MARGIN_MM
    els: list[dict[str, Any]] = [
        {"type": "text", "at_mm": [MARGIN_MM, 9], "text": p["title"].replace("{game}", game.title).replace("{seed}", str(seed)),
         "size_pt": ROLES_PT["board_title"], "font": "bold"},
        {"type": "text", "at_mm": [w - MARGIN_MM, 9], "text": "front row: faces the middle row", "size_pt": 8,
         "anchor": "end"},
    ]
    top = TITLE_MM
    # as the player sees it from their seat: the back row (the board's edge) nearest, at the bottom
    for r, row in enumerate(reversed(grid)):
        for c, terrain in enumerate(row):
            els += _square(game, terrain, MARGIN_MM + c * tile_mm, top + r * tile_mm, tile_mm)
    foot = top + rows * tile_mm
    counts = ", ".join(f"{sum(row.count(t) for row in grid)} {game.terrain[t]['name']}"
                       for t in order)
    els += [
        {"type": "text", "at_mm": [w - MARGIN_MM, foot + 5], "text": "back row: the board's edge, nearest you",
         "size_pt": 8, "anchor": "end"},
        {"type": "text", "at_mm": [MARGIN_MM, foot + 11], "size_pt": 8,
         "text": f"Read from your seat: lay your tiles as shown, back row nearest you. {counts}."},
        {"type": "text", "at_mm": [MARGIN_MM, foot + 16], "size_pt": 8,
         "text": _rule_line(game, p["every_row"], p["counts"], p["off_edge"])
                 + " Or lay your own: these are the rules it follows."},
    ]
    spec = {"id": comp.id, "name": comp.name, "kind": "board", "elements": els, "face": {"fill": "#ffffff"}}
    return Component(id=comp.id, name=f"{comp.name} (no. {seed})", kind="board", size_mm=(w, h), items=[],
                     spec=spec, file=comp.file, line=comp.line)


@register("homeland")
def make(game: Game, comp: Component, seed: int) -> list[Component]:
    p = _params(game, comp)
    grid = random_homeland(random.Random(seed), p["columns"], p["rows"], p["counts"], p["every_row"], p["off_edge"])
    return [homeland_board(game, comp, grid, seed, p["tile_mm"], list(p["counts"]), p)]
