"""``generator: clustered-terrain-map``: a seeded random hex map (first needed by KTech). Terrain grows in clusters from random centres, water bodies
too small for ships are filled in, and four start spaces are chosen on land, far apart.

The numbers (grid size, clusters per terrain, growth rates, distances) come from the component's
``params`` in data/ktech/game.yaml; this module only knows how to use them.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from ..base.errors import DataError
from ..geometry.hexes import SQRT3, hex_distance, rectangle_offset
from ..geometry.typescale import ROLES_PT
from ..model import Component, Game
from . import register

Hex = tuple[int, int]
NEIGHBOURS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))
ATTEMPTS = 200
START_SAMPLES = 400


@dataclass(frozen=True)
class MapParams:
    columns: int
    rows: int
    regions: dict[str, int]
    growth: dict[str, float]
    north: tuple[str, ...]
    south: tuple[str, ...]
    water: str
    min_water_body: int
    min_water_hexes: int
    starts: int
    start_distance: int
    start_terrain: str
    water_within: int = 0  # every start has water at most this many spaces away (0: no rule)
    min_water_bodies: int = 1  # separate bodies of water (each at least min_water_body hexes)


@dataclass(frozen=True)
class KMap:
    """A generated map: every hex's terrain and the suggested start hexes (axial q, r)."""

    terrain: dict[Hex, str]
    starts: tuple[Hex, ...]


def neighbours(h: Hex) -> list[Hex]:
    return [(h[0] + dq, h[1] + dr) for dq, dr in NEIGHBOURS]


def offset_row(h: Hex) -> int:
    """The printed row of a flat-topped hex in odd-q layout."""
    q, r = h
    return r + (q - (q & 1)) // 2


def bodies(terrain: dict[Hex, str], kind: str) -> list[set[Hex]]:
    """The connected groups of hexes of one terrain."""
    seen: set[Hex] = set()
    out = []
    for h in sorted(terrain):
        if terrain[h] != kind or h in seen:
            continue
        group, todo = set(), [h]
        seen.add(h)
        while todo:
            cur = todo.pop()
            group.add(cur)
            for n in neighbours(cur):
                if terrain.get(n) == kind and n not in seen:
                    seen.add(n)
                    todo.append(n)
        out.append(group)
    return out


def _centres(rng: random.Random, cells: list[Hex], p: MapParams) -> list[tuple[Hex, str]]:
    rows = p.rows
    out: list[tuple[Hex, str]] = []
    for kind in sorted(p.regions):
        for _ in range(p.regions[kind]):
            pool = cells
            if kind in p.north:
                pool = [h for h in cells if offset_row(h) < max(2, rows // 4)]
            elif kind in p.south:
                pool = [h for h in cells if offset_row(h) >= rows - max(2, rows // 3)]
            taken = {h for h, _ in out}
            free = [h for h in pool if h not in taken]
            spaced = [h for h in free if all(hex_distance(h, t) >= 3 for t in taken)]
            out.append((rng.choice(spaced or free), kind))
    return out


def _grow(rng: random.Random, cells: list[Hex], p: MapParams) -> dict[Hex, str]:
    """Grow every cluster one hex at a time, a cluster chosen by its growth rate, until all are filled."""
    inside = set(cells)
    owner: dict[Hex, int] = {}
    centres = _centres(rng, cells, p)
    frontier: list[list[Hex]] = []
    for i, (h, _) in enumerate(centres):
        owner[h] = i
        frontier.append([n for n in neighbours(h) if n in inside])
    while len(owner) < len(cells):
        live = [i for i, f in enumerate(frontier) if f]
        i = rng.choices(live, weights=[p.growth.get(centres[j][1], 1.0) for j in live])[0]
        h = frontier[i].pop(rng.randrange(len(frontier[i])))
        if h in owner:
            continue
        owner[h] = i
        frontier[i].extend(n for n in neighbours(h) if n in inside and n not in owner)
    return {h: centres[owner[h]][1] for h in cells}


def _fill_small_water(terrain: dict[Hex, str], p: MapParams) -> None:
    """A water body smaller than min_water_body takes the commonest land terrain around it."""
    for body in bodies(terrain, p.water):
        if len(body) >= p.min_water_body:
            continue
        around: dict[str, int] = {}
        for h in body:
            for n in neighbours(h):
                t = terrain.get(n)
                if t is not None and t != p.water:
                    around[t] = around.get(t, 0) + 1
        fill = max(sorted(around), key=lambda t: around[t]) if around else p.start_terrain
        for h in body:
            terrain[h] = fill


def _starts(rng: random.Random, terrain: dict[Hex, str], p: MapParams) -> tuple[Hex, ...] | None:
    """Start hexes on start_terrain, not on the edge, with land around, spread as far apart as we find."""
    def land_around(h: Hex) -> int:
        return sum(1 for n in neighbours(h) if terrain.get(n) not in (None, p.water))
    water = [h for h, t in terrain.items() if t == p.water]

    def near_water(h: Hex) -> bool:
        return not p.water_within or any(hex_distance(h, w) <= p.water_within for w in water)
    pool = sorted(h for h, t in terrain.items()
                  if t == p.start_terrain and land_around(h) == 6 and near_water(h))
    if len(pool) < p.starts:
        return None
    if p.starts <= 1:  # no distance to keep
        return tuple(rng.sample(pool, p.starts))
    best: tuple[int, tuple[Hex, ...]] | None = None
    for _ in range(START_SAMPLES):
        pick = tuple(sorted(rng.sample(pool, p.starts)))
        gap = min(hex_distance(a, b) for i, a in enumerate(pick) for b in pick[i + 1:])
        if best is None or gap > best[0]:
            best = (gap, pick)
    if best is None or best[0] < p.start_distance:
        return None
    return best[1]


def generate(p: MapParams, seed: int) -> KMap:
    """The map for ``seed``: the same seed always gives the same map."""
    rng = random.Random(seed)
    cells = rectangle_offset(p.columns, p.rows, "flat")
    water_failed = 0  # tries whose water fell short (the others found no starts)
    for _ in range(ATTEMPTS):
        terrain = _grow(rng, cells, p)
        _fill_small_water(terrain, p)
        water = sum(1 for t in terrain.values() if t == p.water)
        if water < p.min_water_hexes or len(bodies(terrain, p.water)) < max(1, p.min_water_bodies):
            water_failed += 1
            continue
        starts = _starts(rng, terrain, p)
        if starts is not None:
            return KMap(terrain, starts)
    if water_failed * 2 > ATTEMPTS:
        rule = (f"at least {p.min_water_hexes} {p.water} hexes in {max(1, p.min_water_bodies)} or more bodies of "
                f"{p.min_water_body} (min_water_hexes, min_water_bodies, min_water_body)")
    else:
        near = f", water at most {p.water_within} away (water_within)" if p.water_within else ""
        rule = (f"{p.starts} starts (starts) on {p.start_terrain} with land all round{near}, "
                f"{p.start_distance} or more apart (start_distance)")
    raise ValueError(f"no map met the rules in {ATTEMPTS} tries, most often for want of {rule}; "
                     f"loosen them, or make the map larger (columns, rows)")


# -- params from YAML ------------------------------------------------------------------------------

def params_from(game: Game, comp: Component) -> MapParams:
    raw = dict(comp.spec.get("params") or {})

    def bad(message: str) -> DataError:
        return DataError(message, comp.file, comp.line_of("params"))
    regions = {str(k): int(v) for k, v in dict(raw.get("regions") or {}).items()}
    for kind in regions:
        if kind not in game.terrain:
            raise bad(f"map params: unknown terrain {kind!r} in regions")
    water = str(raw.get("water", "water"))
    if regions.get(water, 0) < 1:
        raise bad(f"map params: regions needs a cluster of the water, {water!r} (water: names its terrain)")
    land = [kind for kind in regions if kind != water]
    start_terrain = str(raw.get("start_terrain", land[0] if land else "")) or water
    if regions.get(start_terrain, 0) < 1:
        raise bad(f"map params: regions needs a cluster of {start_terrain!r}, the terrain the starts are on "
                  "(start_terrain:)")
    try:
        return MapParams(
            columns=int(raw.get("columns", 12)), rows=int(raw.get("rows", 16)), regions=regions,
            growth={str(k): float(v) for k, v in dict(raw.get("growth") or {}).items()},
            north=tuple(raw.get("north") or ()), south=tuple(raw.get("south") or ()), water=water,
            min_water_body=int(raw.get("min_water_body", 4)), min_water_hexes=int(raw.get("min_water_hexes", 1)),
            min_water_bodies=int(raw.get("min_water_bodies", 1)),
            starts=int(raw.get("starts", 4)), start_distance=int(raw.get("start_distance", 4)),
            start_terrain=start_terrain, water_within=int(raw.get("water_within", 0)))
    except (TypeError, ValueError) as exc:
        raise bad(f"map params: {exc}") from None


# -- the board ---------------------------------------------------------------------------------------

MARGIN_MM = 8.0
TITLE_MM = 14.0
LEGEND_MM = 33.0


def _legend(game: Game, kinds: list[str], x0: float, y0: float, width: float, note: str,
            note_width: float) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    step = width / 4
    for i, kind in enumerate(kinds):
        x = x0 + (i % 4) * step
        y = y0 + (i // 4) * 11.0
        out.append({"type": "hexgrid", "layout": "hexagon", "radius": 0, "hex_mm": 9.0,
                    "at_mm": [x + 5.5, y + 4.5], "marks": [{"hex": [0, 0], "terrain": kind}], "width_mm": 0.3})
        out.append({"type": "text", "at_mm": [x + 12.0, y + 6.0], "text": game.terrain[kind]["name"],
                    "size_pt": 9, "font": "bold"})
    if note:
        out.append({"type": "box", "at_mm": [x0, y0 + 22.0], "size_mm": [min(width, note_width), 11.0], "text": note,
                    "size_pt": 7, "fill": "#ffffff", "stroke": "#888888", "width_mm": 0.2})
    return out


def board(game: Game, comp: Component, kmap: KMap, p: MapParams, seed: int) -> Component:
    raw = dict(comp.spec.get("params") or {})
    flats = float(raw.get("hex_mm", 26.0))
    radius = flats / SQRT3
    map_w = radius * (2 + 1.5 * (p.columns - 1))
    map_h = flats * (p.rows + 0.5)
    width = map_w + 2 * MARGIN_MM
    height = MARGIN_MM + TITLE_MM + map_h + 4 + LEGEND_MM + MARGIN_MM
    icon = raw.get("start_icon", "village")
    number = {h: i + 1 for i, h in enumerate(kmap.starts)}
    marks = []
    for h in sorted(kmap.terrain):
        mark: dict[str, Any] = {"hex": [h[0], h[1]], "terrain": kmap.terrain[h]}
        if h in number:
            mark.update({"icon": icon, "text": f"Start {number[h]}"})
        marks.append(mark)
    title = str(raw.get("title", comp.name)).replace("{seed}", str(seed))
    elements: list[dict[str, Any]] = [
        {"type": "text", "at_mm": [MARGIN_MM, MARGIN_MM + 7], "text": title, "size_pt": ROLES_PT["board_title"], "font": "bold"},
        {"type": "hexgrid", "layout": "rectangle", "columns": p.columns, "grid_rows": p.rows, "hex_mm": flats,
         "orientation": "flat", "at_mm": [MARGIN_MM + radius, MARGIN_MM + TITLE_MM + flats / 2],
         "marks": marks, "width_mm": 0.35},
    ]
    kinds = [k for k in game.terrain]
    elements += _legend(game, kinds, MARGIN_MM, MARGIN_MM + TITLE_MM + map_h + 4, map_w,
                        str(raw.get("legend_note", "")), float(raw.get("legend_note_width_mm", map_w)))
    spec = {"id": comp.id, "name": comp.name, "kind": "board", "face": {"fill": "#ffffff"},
            "elements": elements, "size_mm": [width, height]}
    return Component(id=comp.id, name=comp.name, kind="board", size_mm=(width, height), items=[], spec=spec,
                     file=comp.file, line=comp.line)


@register("clustered-terrain-map")
def make(game: Game, comp: Component, seed: int) -> list[Component]:
    p = params_from(game, comp)
    try:
        kmap = generate(p, seed)
    except ValueError as exc:
        raise DataError(str(exc), comp.file, comp.line_of("params")) from None
    return [board(game, comp, kmap, p, seed)]
