"""``generator: tile-arrangement``: a suggested map, one random arrangement of seven hex map tiles
(first needed by Farlander, whose map is seven double-sided tiles). ``params`` are documented in
``generator/model/format.py`` and docs/data-format.md.

The tiles are laid as a flower: one in the middle and six around it, edge to edge. The seed picks
which tile goes where and how far each is turned (a multiple of 60 degrees, clockwise). The drawing
reuses each tile's own territory polygons from the data, scaled down, so the picture shows exactly
the map the players will build; a list under it spells out every slot in words.

Which tile elements are drawn: territories (polygons with a ``label``), dividing lines (polygons
with no fill), icons (garrisons) and the tile's letter (text) with its arrow (a polygon with
a fill and no label). The 3 mm bleed polygons (wide strokes, no fill) are left out.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any

from ..base.errors import DataError
from ..geometry.typescale import ROLES_PT
from ..model import Component, Game
from ..model.kinds import Family, Outline
from . import register

SQRT3 = math.sqrt(3.0)
TURN_DEG = 60
BLEED_MIN_WIDTH_MM = 3.0  # no-fill polygons at least this wide are bleed, not art
# The six outer slots, clockwise from the top right, as (name, direction in degrees, y down).
# Pointy-top hexes meet edge to edge in these six directions.
OUTER_SLOTS = (("top right", -60), ("right", 0), ("bottom right", 60), ("bottom left", 120),
               ("left", 180), ("top left", 240))
SLOT_NAMES = ("middle",) + tuple(name for name, _ in OUTER_SLOTS)
OUTLINE = "#2b2b2b"
TITLE_PT = ROLES_PT["board_title"]
TEXT_PT = 9.0
LETTER_MIN_PT = 9.0  # tile letters on the small map


@dataclass(frozen=True)
class Placement:
    """Tile ``tile`` lies in slot ``slot`` (0 = middle, 1-6 clockwise from the top right), turned
    ``turns`` x 60 degrees clockwise."""

    slot: int
    tile: str
    turns: int

    @property
    def degrees(self) -> int:
        return self.turns * TURN_DEG

    def describe(self, label: str) -> str:
        """One line of the legend, e.g. 'Middle: tile C, turned 120° clockwise'."""
        turned = f"turned {self.degrees}\u00b0 clockwise" if self.turns else "not turned"
        return f"{SLOT_NAMES[self.slot].capitalize()}: {label}, {turned}"


def arrange(tile_ids: list[str], seed: int) -> list[Placement]:
    """Shuffle the tiles into the seven slots and turn each at random (same seed, same map).

    >>> [p.slot for p in arrange(list("ABCDEFG"), 1)]
    [0, 1, 2, 3, 4, 5, 6]
    """
    rng = random.Random(seed)
    order = list(tile_ids)
    rng.shuffle(order)
    return [Placement(slot, tile, rng.randrange(6)) for slot, tile in enumerate(order)]


def slot_centre(slot: int, flats: float) -> tuple[float, float]:
    """Centre of a slot relative to the middle tile's centre, for tiles ``flats`` across."""
    if slot == 0:
        return (0.0, 0.0)
    angle = math.radians(OUTER_SLOTS[slot - 1][1])
    return (flats * math.cos(angle), flats * math.sin(angle))


def place_point(point: tuple[float, float], turns: int, scale: float,
                centre: tuple[float, float]) -> tuple[float, float]:
    """A point in tile mm (from the tile centre) turned, scaled and moved onto the map."""
    a = math.radians(turns * TURN_DEG)
    x, y = point
    return (centre[0] + scale * (x * math.cos(a) - y * math.sin(a)),
            centre[1] + scale * (x * math.sin(a) + y * math.cos(a)))


@dataclass(frozen=True)
class Tile:
    """One map tile: its name, its size across the flats and its own drawing (elements, mm from its
    centre)."""

    name: str
    flats_mm: float
    elements: tuple

    @property
    def letter(self) -> str:
        """The tile's printed letter (e.g. ``A``): its largest text element, the first of that size
        (a tile also prints smaller words: Farlander's territory numbers A1, A2 ...); else its name."""
        texts = [el for el in self.elements if el["type"] == "text"]
        if not texts:
            return self.name
        return str(max(texts, key=lambda el: float(el.get("size_pt", 0) or 0))["text"])


def map_tiles(game: Game, comp: Component) -> dict[str, Tile]:
    """The tiles ``params.tiles`` names, by id: each item of the named hex-tile components (an item's
    own ``elements``, else its component's). Seven in all, or a DataError at the params."""
    params = comp.spec.get("params") or {}
    line = comp.line_of("params")
    known = {c.id: c for c in game.components}
    tiles: dict[str, Tile] = {}
    for cid in params.get("tiles") or []:
        source = known.get(cid)
        if source is None or source.outline != Outline.HEX or source.family != Family.PIECE:
            raise DataError(f"tile-arrangement: {cid!r} is not a hex-tile component of this game", comp.file, line)
        for item in source.items:
            els = item.face.get("elements") or source.spec.get("face", {}).get("elements") or []
            key = item.id if len(source.items) > 1 else source.id
            tiles[key] = Tile(item.name if len(source.items) > 1 else source.name, min(source.size_mm), tuple(els))
    if len(tiles) != 7:
        raise DataError(f"tile-arrangement: the map is a flower of 7 tiles; params.tiles holds {len(tiles)}",
                        comp.file, line)
    return tiles


def _is_bleed(el: dict[str, Any]) -> bool:
    return el.get("fill") == "none" and float(el.get("width_mm", 0.4)) >= BLEED_MIN_WIDTH_MM


def _placed_elements(tile: Tile, turns: int, scale: float, centre: tuple[float, float]) -> list[dict[str, Any]]:
    """The tile's own art, turned, scaled and moved; letters stay upright."""
    out: list[dict[str, Any]] = []
    for el in tile.elements:
        at = el["at_mm"]
        if el["type"] == "polygon" and not _is_bleed(el):
            pts = [place_point((at[0] + p[0], at[1] + p[1]), turns, scale, centre) for p in el["points_mm"]]
            new = {k: v for k, v in el.items() if k not in ("points_mm", "at_mm", "label", "width_mm")}
            width = max(0.25, float(el.get("width_mm", 0.4)) * scale)
            out.append({**new, "at_mm": [0.0, 0.0], "points_mm": [list(p) for p in pts], "width_mm": width})
        elif el["type"] == "icon":
            size_mm = [v * scale for v in (el.get("size_mm") or [15, 15])]
            out.append({**el, "at_mm": list(place_point(at, turns, scale, centre)), "size_mm": size_mm})
        elif el["type"] == "text":
            size = max(LETTER_MIN_PT, float(el.get("size_pt", 10)) * scale)
            x, y = place_point(at, turns, scale, centre)
            out.append({**el, "at_mm": [x, y + size * 0.35 * 25.4 / 72], "size_pt": size})
    return out


def _outline(turns: int, flats: float, scale: float, centre: tuple[float, float]) -> dict[str, Any]:
    r = flats / SQRT3
    corners = [(r * math.cos(math.radians(-90 + 60 * k)), r * math.sin(math.radians(-90 + 60 * k)))
               for k in range(6)]
    pts = [list(place_point(c, turns, scale, centre)) for c in corners]
    return {"type": "polygon", "at_mm": [0.0, 0.0], "points_mm": pts, "fill": "none", "stroke": OUTLINE,
            "width_mm": 0.6}


def map_elements(tiles: dict[str, Tile], placements: list[Placement], map_width_mm: float,
                 origin: tuple[float, float]) -> list[dict[str, Any]]:
    """Every tile of the arrangement drawn into a flower ``map_width_mm`` wide centred at ``origin``."""
    flats = next(iter(tiles.values())).flats_mm
    scale = map_width_mm / (3 * flats)
    out: list[dict[str, Any]] = []
    for p in placements:
        dx, dy = slot_centre(p.slot, flats * scale)
        centre = (origin[0] + dx, origin[1] + dy)
        out.extend(_placed_elements(tiles[p.tile], p.turns, scale, centre))
        out.append(_outline(p.turns, flats, scale, centre))
    return out


def _legend(game: Game, tiles: dict[str, Tile], placements: list[Placement], seed: int,
            x: float, y: float) -> list[dict[str, Any]]:
    lines = [p.describe(f"tile {tiles[p.tile].letter}") for p in placements]
    note = ("Lay the tiles edge to edge as drawn. On each tile the small arrow by its letter points at "
            "the tile's top corner: turn the tile until its arrow points where the picture shows.")
    return [
        {"type": "text", "at_mm": [x, y], "text": "\n".join(lines), "size_pt": TEXT_PT},
        {"type": "box", "at_mm": [x + 80, y - 4], "size_mm": [88, 22], "text": note, "size_pt": 8.5,
         "stroke": "#999999", "width_mm": 0.2},
    ]


@register("tile-arrangement")
def suggested_map(game: Game, comp: Component, seed: int) -> list[Component]:
    """A one-page board showing one random arrangement of the map tiles."""
    params = comp.spec.get("params") or {}
    tiles = map_tiles(game, comp)
    width, height = (float(v) for v in params.get("size_mm", (180, 240)))
    map_w = float(params.get("map_width_mm", width - 8))
    flats = next(iter(tiles.values())).flats_mm
    map_h = map_w / (3 * flats) * flats * (2 / SQRT3 + SQRT3)  # one tile's corners + two half rows
    placements = arrange(list(tiles), seed)
    top = 14.0
    elements = [{"type": "text", "at_mm": [width / 2, 9.0], "text": str(params.get("title", "{game}: suggested map (no. {seed})"))
                 .replace("{game}", game.title).replace("{seed}", str(seed)),
                 "size_pt": TITLE_PT, "font": "bold", "anchor": "middle"}]
    elements += map_elements(tiles, placements, map_w, (width / 2, top + map_h / 2))
    elements += _legend(game, tiles, placements, seed, 4.0, top + map_h + 10)
    spec = {"id": comp.id, "name": comp.name, "kind": "board", "size_mm": [width, height],
            "face": {"fill": "#ffffff"}, "elements": elements}
    return [Component(id=comp.id, name=comp.name, kind="board", size_mm=(width, height), items=[], spec=spec,
                      file=comp.file, line=comp.line)]
