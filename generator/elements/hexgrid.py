"""hexgrid: a map of hexes (a hexagon or a rectangle of them), each painted by its terrain or a mark,
with roads and rivers, icons, text and printed hex numbers. The roads' and rivers' lines are also
the terrain chart's swatches (:func:`route_line`, :func:`feature_style`)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from ..art.colour import ink_for, mix
from ..art.paint import draw_icon, pattern
from ..art.richtext import draw_text, named_fonts
from ..base.vocabulary import Anchor, Orientation
from ..draw.surface import MM_PER_PT, Path, Style, Surface, regular_points
from ..geometry.hexes import axial_to_pixel, sector
from ..source.schema import (
    BOARD_COLOUR,
    BOOL,
    HEX_ADDRESS,
    HEX_MARK,
    HEX_SIZE,
    HEX_SIZE_IN,
    ID,
    LINE_CAP,
    LINE_JOIN,
    NAME_ID,
    TEXT,
    Key,
    ListOf,
    Map,
    OneOf,
    enum,
    integer,
    num,
)
from .keys import (
    AT_MM,
    COLUMNS,
    FILL,
    GRID_ROWS,
    INK,
    LABELS,
    STROKE,
    TERRAIN,
    WIDTH_MM,
)
from .kind import Element, field

if TYPE_CHECKING:
    from ..geometry.hexmap import MapHexes
    from ..model.game import Game

COORDINATES = OneOf((BOOL, Map({
    "style": Key(enum("CCRR", "A1", "axial"), doc="CCRR: column then row, two digits each (0604); A1: "
                                                  "column letter, row number (F4); axial: q,r"),
    "first": Key(ListOf(integer(-99, 999), "[column, row]", min_items=2),
                 doc="the numbers of the top-left hex (default [1, 1])"),
    "show": Key(BOOL, doc="print the numbers at the top of each hex (default true); false still lets "
                          "marks use them"),
}, "hex coordinates")), "true (axial q,r printed) or {style: CCRR | A1 | axial, first: [1, 1]}")
LINE_KEYS = {  # how any line of a map is drawn: its colour, width, dashes, ends and bends
    "stroke": Key(BOARD_COLOUR),
    "width_mm": Key(num(0.05, 20)),
    "dash_mm": Key(ListOf(num(0.1, 50), "dash pattern in mm")),
    "cap": LINE_CAP,
    "join": LINE_JOIN,
}
HEXSIDE = Map({
    "between": Key(ListOf(HEX_ADDRESS, "the two neighbouring hexes", min_items=2),
                   doc="the side two neighbouring hexes share (or hex and sides)"),
    "hex": Key(HEX_ADDRESS, doc="a hex whose own sides (sides:) are drawn, at the map's edge too"),
    "sides": Key(OneOf((TEXT, ListOf(TEXT)), "direction words"),
                 doc="the hex's sides by direction: n ne se s sw nw on a flat-top hex, ne e se sw w nw on a "
                     "pointy-top one, as \"n nw\" or a list"),
    "feature": Key(NAME_ID, True, doc="river, stream, wall, cliff, border, or a hexside feature of game.yaml's "
                                      "map_features"),
    **LINE_KEYS,
}, "hexside")
ROUTE = Map({
    "hexes": Key(ListOf(HEX_ADDRESS, "hexes in order, each next to the one before", min_items=2), True),
    "feature": Key(NAME_ID, True, doc="road, trail, rail, or a route feature of game.yaml's map_features"),
    "casing": Key(Map({"stroke": Key(BOARD_COLOUR, True), "width_mm": Key(num(0.05, 30))}, "casing"),
                  doc="a border along both sides of the route: a wider line in this colour drawn under every "
                      "route's line (width_mm: the whole width, default the line's plus 0.6 mm)"),
    **LINE_KEYS,
}, "route")
OUTLINE = Map({
    "hexes": Key(ListOf(HEX_ADDRESS, "the hexes of a region", min_items=1), True),
    **LINE_KEYS,
}, "outline")

UNDERLAY_MM = 0.6  # more than a pixel either side of a shared side at 96 dpi (0.27 mm a pixel)


class Hexgrid(Element, kind="hexgrid"):
    # the defaults of the grid's shape are hexmap.MapHexes.of's and hexmap.flats_of's
    at_mm: list[float] = field(AT_MM)  # the centre of hex [0, 0]
    hex_in: Any = field(Key(HEX_SIZE_IN, doc="as hex_mm, in inches"))
    hex_mm: Any = field(Key(HEX_SIZE, doc="a hex's size: across the flats, or {points: X} across the corners"),
                        25.4)
    orientation: str = field(Key(enum(*Orientation)), Orientation.FLAT)
    layout: str = field(Key(enum("hexagon", "rectangle")), "hexagon")
    radius: int = field(Key(integer(0, 60)), 3)  # hexagon layout: hexes from the centre to the edge
    columns: int = field(COLUMNS, 10)  # rectangle layout
    grid_rows: int = field(GRID_ROWS, 10)  # rectangle layout
    hex_offset: str = field(Key(enum("even", "odd"), doc="hexgrid, rectangle layout: which columns (flat hexes) "
                                                         "or rows (pointy) sit half a hex lower (to the right), "
                                                         "counted from 1: even (02, 04 ...: the default) or odd "
                                                         "(01, 03 ...)"), "even")
    sectors: list[str] | None = field(Key(ListOf(BOARD_COLOUR), doc="hexagon layout: tint each of the 6 sectors"))
    fill: str | None = field(FILL)  # default: the terrain's, else white
    marks: list[Any] | None = field(Key(ListOf(HEX_MARK)))
    marks_from: Any = field(Key(OneOf((TEXT, Map({"file": Key(TEXT, True), "sheet": Key(TEXT)}, "marks_from")),
                                      "a .csv, .tsv or .xlsx file, or {file: map.xlsx, sheet: Systems}"),
                                doc="hexgrid: more marks from a spreadsheet, one row a hex, its columns headed "
                                    "hex, terrain, text, icon and fill (a note column is never printed)"))
    stroke: str | None = field(STROKE)  # default: the ink; none for no grid lines
    width_mm: float = field(WIDTH_MM, 0.35)
    coordinates: Any = field(Key(COORDINATES, doc="hex numbers printed small at the top of each hex"))
    ink: str | None = field(INK)  # the grid lines' colour, and the hex numbers' and marks' text (docs: Hex grids)
    label_pt: float | None = field(Key(num(3, 72), doc="hexgrid: the size of the printed hex numbers (default: "
                                                      "from the hex's size, 4.5 to 7 pt)"))
    hexsides: list[Any] | None = field(Key(ListOf(HEXSIDE), doc="rivers, walls and borders along the side two "
                                                                "hexes share"))
    routes: list[Any] | None = field(Key(ListOf(ROUTE), doc="roads, trails and railways from hex centre to hex "
                                                           "centre"))
    outlines: list[Any] | None = field(Key(ListOf(OUTLINE), doc="hexgrid: the edge of a set of hexes drawn as one "
                                                               "line (a country, a cloud, a region)"))
    terrain: str | None = field(TERRAIN)
    id: str | None = field(Key(ID, doc="hexgrid: the map's name, by which at: and link elements place things "
                                       "in its hexes (at: {grid: map, hex: \"0604\"})"))
    numbering: str | None = field(Key(TEXT, doc="hexgrid: each hex's id: CCRR, A1, axial, or an expression of "
                                                "col, row (0-based from the top-left hex), q and r (axial), such "
                                                "as \"{{ col + 1 }}{{ letters(row) }}\" (letters(0) is A, "
                                                "letters(26) AA); marks, at: and links use the same ids"))
    labels: str | None = field(LABELS)
    hidden: list[Any] | None = field(Key(ListOf(HEX_ADDRESS), doc="hexgrid: hexes left out of the map (protograf's "
                                                                  "hidden): not drawn, numbered as if there; "
                                                                  "the others keep their ids"))

    def draw(self, s: Surface, game: Game, ink: str) -> None:
        from ..geometry.hexmap import (  # it loads dataclasses: a game without maps never does
            MapHexes,
            grid_flats_mm,
        )

        el = self.el
        ink = self.ink_or(ink)
        ox, oy = self.at_mm[:2]
        flats = grid_flats_mm(el)
        orient = self.orientation
        grid = MapHexes.of(el)
        sectors = list(self.sectors or [])
        ground = game.terrain.get(self.terrain) if self.terrain else None  # every unmarked hex's terrain
        base_fill = self.fill or (ground["fill"] if ground else "#ffffff")
        marks = {grid.parse(m["hex"]): m for m in self.marks or []}
        r = flats / 3 ** 0.5
        rot = 0.0 if orient == Orientation.FLAT else 30.0
        later = bool(self.hexsides or self.routes or self.outlines)  # marks' art goes over roads and rivers
        stroke = el.get("stroke", ink)
        stroke = None if stroke == "none" else stroke

        def look(q: int, rr: int) -> tuple[float, float, dict[str, Any] | None, str, dict[str, Any] | None]:
            """A hex's centre, mark, fill and terrain."""
            px, py = axial_to_pixel(q, rr, flats, orient)
            mark = marks.get((q, rr))
            fill = base_fill
            t = ground
            if sectors and sector(q, rr) >= 0:
                fill = sectors[sector(q, rr) % len(sectors)]
                t = None
            if mark and mark.get("terrain") in game.terrain:
                fill = game.terrain[mark["terrain"]]["fill"]
            if mark and mark.get("fill"):
                fill = mark["fill"]
            if mark and (mark.get("terrain") or mark.get("fill")):
                t = game.terrain.get(mark.get("terrain"))
            return ox + px, oy + py, mark, fill, t
        if stroke is None:  # no grid lines to hide where fills meet: underlay every shared side
            hex_underlay(s, [(regular_points(cx, cy, r, 6, rot), fill)
                              for cx, cy, _m, fill, _t in (look(q, rr) for q, rr in grid.cells)])
        deferred = []
        for q, rr in grid.cells:
            cx, cy, mark, fill, t = look(q, rr)
            hexpath = Path.regular(cx, cy, r, 6, rot)
            s.draw(hexpath, Style(fill=fill, stroke=stroke, width_mm=self.width_mm, join="round"))
            if t is not None:
                with s.saved():
                    s.clip(hexpath)
                    pattern(s, t.get("pattern", "none"), (cx - r, cy - r, cx + r, cy + r),
                            t.get("pattern_colour") or mix(fill, ink, 0.28))
            if later:
                deferred.append((q, rr, cx, cy, fill, mark))
            else:
                _hex_content(s, game, grid, (q, rr, cx, cy, flats, fill, mark), self._own_ink(), self.label_pt)
        if later:
            from ..geometry.hexmap import map_features  # maps only

            roads, sides = map_features(game.map_features, "route"), map_features(game.map_features, "hexside")
            for route in self.routes or []:  # every border under every road
                _casing(s, grid, route, roads[route["feature"]], flats, (ox, oy))
            for route in self.routes or []:
                _route(s, grid, route, roads[route["feature"]], flats, (ox, oy))
            _hexsides(s, grid, self.hexsides or [], sides, flats, (ox, oy))
            for outline in self.outlines or []:
                _outline(s, grid, outline, flats, (ox, oy), ink)
            for q, rr, cx, cy, fill, mark in deferred:
                _hex_content(s, game, grid, (q, rr, cx, cy, flats, fill, mark), self._own_ink(), self.label_pt)


    def _own_ink(self) -> str | None:
        """The grid's own ink, where it gives a colour (a player's word leaves the numbers as they read)."""
        own = self.el.get("ink")
        return own if isinstance(own, str) and own.startswith("#") else None


def hex_underlay(s: Surface, hexes: list[tuple[list[tuple[float, float]], str]]) -> None:
    """Under hexes that butt with no grid line: a band along every side two hexes share, in the colour
    of the first. Two anti-aliased fill edges on one line leave its pixels part-covered (a light seam
    in rsvg, browsers and PDF viewers); with the band below, they are covered whatever the renderer.
    Butt-capped bands ending on the shared side's corners stay inside the hexes, also at the grid's
    edge (there the two hexes' outer sides leave the corner at 120 degrees from the shared one)."""
    owner: dict[tuple, str] = {}
    drawn = set()
    for points, fill in hexes:
        keys = [(round(x, 3), round(y, 3)) for x, y in points]
        for i in range(6):
            a, b = keys[i], keys[(i + 1) % 6]
            side = (min(a, b), max(a, b))
            if side in owner and side not in drawn:
                drawn.add(side)
                (x1, y1), (x2, y2) = side
                s.line(x1, y1, x2, y2, Style(stroke=owner[side], width_mm=UNDERLAY_MM))
            owner.setdefault(side, fill)


def _hex_content(s: Surface, game: Game, grid: MapHexes, hex_: tuple, own_ink: str | None = None,
                 label_pt: float | None = None) -> None:
    """A hex's icon, text and printed number (over its fill, pattern, roads and rivers); ``hex_`` is its
    (q, r, centre x, centre y, flats, fill, mark). The grid's own ``ink`` colours the numbers and text."""
    q, rr, cx, cy, flats, fill, mark = hex_
    text_ink = own_ink or ink_for(fill)
    number_ink = own_ink or mix(text_ink, fill, 0.3)
    if mark and mark.get("icon") in game.icons:
        draw_icon(s, game.icons[mark["icon"]], cx, cy - flats * 0.05, flats * 0.5, text_ink)
    if mark and mark.get("text"):
        size = min(9.0, flats * 0.9)
        n = len(str(mark["text"]).replace("\\n", "\n").split("\n"))
        fam, _ = named_fonts(game, None)
        draw_text(s, cx, cy + flats * 0.12 - (n - 1) / 2 * size * MM_PER_PT * 1.1 + size * MM_PER_PT * 0.35,
                  str(mark["text"]), size, ink=text_ink, family=fam, base="bold", anchor=Anchor.MIDDLE,
                  icons=game.icons, leading=1.1)
    if grid.show and grid.style == "axial":
        s.text(cx, cy - flats * 0.3, f"{q},{rr}", size_pt=float(label_pt or min(6.0, flats * 0.5)),
               fill=own_ink or mix(text_ink, fill, 0.4), anchor=Anchor.MIDDLE)
    elif grid.show and grid.place == "centre":
        size = float(label_pt or max(4.5, min(7.0, flats * 0.3)))
        s.text(cx, cy + size * MM_PER_PT * 0.35, grid.label(q, rr), size_pt=size, fill=number_ink,
               anchor=Anchor.MIDDLE)
    elif grid.show and grid.place == "bottom":  # under the art, along the bottom side
        size = float(label_pt or max(4.5, min(6.0, flats * 0.3)))
        s.text(cx, cy + flats * 0.5 - 1.0 - size * MM_PER_PT * 0.2, grid.label(q, rr), size_pt=size,
               fill=number_ink, anchor=Anchor.MIDDLE)
    elif grid.show:  # wargame numbers: small, at the top of the hex, clear of the art in the middle
        size = float(label_pt or max(4.5, min(6.0, flats * 0.3)))
        s.text(cx, cy - flats * 0.5 + 1.0 + size * MM_PER_PT * 0.75, grid.label(q, rr), size_pt=size,
               fill=number_ink, anchor=Anchor.MIDDLE)


def feature_style(spec: dict[str, Any], feature: dict[str, Any], flats: float) -> Style:
    """The line of a hexside or route ``feature`` (hexmap's), with its ``spec``'s own stroke, width,
    dash, cap and join, on hexes ``flats`` mm across."""
    width = float(spec.get("width_mm", feature.get("width_mm") or feature.get("width", 0.05) * flats))
    dash = tuple(spec["dash_mm"]) if spec.get("dash_mm") else tuple(feature["dash_mm"]) if feature.get("dash_mm") \
        else tuple(d * flats for d in feature["dash"]) if feature.get("dash") else None
    return Style(stroke=spec.get("stroke", feature["stroke"]), width_mm=width, dash_mm=dash,
                 cap=spec.get("cap", feature.get("cap", "round")), join=spec.get("join", feature.get("join", "round")))


def casing_style(casing: dict[str, Any], line: Style) -> Style:
    """A route's border under its ``line``: the casing's colour, its whole width (default the line's
    plus 0.6 mm), the line's ends and bends."""
    return Style(stroke=casing["stroke"], width_mm=float(casing.get("width_mm", line.width_mm + 0.6)),
                 cap=line.cap, join=line.join)


Segment = tuple[tuple[float, float], tuple[float, float]]


def hexside_segments(grid: MapHexes, side: dict[str, Any], flats: float) -> list[Segment]:
    """The sides a ``hexsides`` entry draws: the one two hexes share (``between``), or a hex's own by
    direction (``hex`` and ``sides``)."""
    from ..geometry.hexmap import hexside, side_ends, side_numbers  # maps only

    if "between" in side:
        a, b = (grid.parse(h) for h in side["between"][:2])
        return [hexside(grid.centre(a, flats), grid.centre(b, flats), flats)]
    h = grid.parse(side["hex"])
    return [side_ends(grid, h, n, flats) for n in side_numbers(side["sides"], grid.orientation)]


def _hexsides(s: Surface, grid: MapHexes, sides: list[dict[str, Any]], features: dict[str, dict[str, Any]],
              flats: float, origin: tuple[float, float]) -> None:
    """Every hexside drawn; the sides of one look that meet end to end as one line, so a river of many
    sides bends without a notch and its dashes run on."""
    from ..geometry.hexmap import chained  # maps only

    runs: dict[Style, list[Segment]] = {}
    for side in sides:
        style = feature_style(side, features[side["feature"]], flats)
        runs.setdefault(style, []).extend(hexside_segments(grid, side, flats))
    for style, segments in runs.items():
        for line in chained(segments):
            closed = len(line) > 3 and line[0] == line[-1]
            points = [(origin[0] + x, origin[1] + y) for x, y in (line[:-1] if closed else line)]
            s.draw(Path.polygon(points, closed=closed), style)


def _outline(s: Surface, grid: MapHexes, outline: dict[str, Any], flats: float, origin: tuple[float, float],
             ink: str) -> None:
    """The edge of a set of hexes as closed lines (a region; a hole inside it has its own)."""
    from ..geometry.hexmap import outline_of  # maps only

    style = feature_style(outline, {"stroke": ink, "width_mm": 0.8}, flats)
    for line in outline_of(grid, [grid.parse(h) for h in outline["hexes"]], flats):
        s.draw(Path.polygon([(origin[0] + x, origin[1] + y) for x, y in line[:-1]], closed=True), style)


def _casing(s: Surface, grid: MapHexes, route: dict[str, Any], feature: dict[str, Any], flats: float,
            origin: tuple[float, float]) -> None:
    """A route's border (its own casing:, else its feature's): a wider line under it (all of them under
    every route's own line)."""
    casing = route.get("casing") or feature.get("casing")
    if not casing:
        return
    style = casing_style(casing, feature_style(route, feature, flats))
    pts = [grid.centre(grid.parse(h), flats) for h in route["hexes"]]
    s.draw(Path.polygon([(origin[0] + x, origin[1] + y) for x, y in pts], closed=False), style)


def _route(s: Surface, grid: MapHexes, route: dict[str, Any], feature: dict[str, Any], flats: float,
           origin: tuple[float, float]) -> None:
    pts = [grid.centre(grid.parse(h), flats) for h in route["hexes"]]
    pts = [(origin[0] + x, origin[1] + y) for x, y in pts]
    route_line(s, pts, feature, feature_style(route, feature, flats), flats)


def route_line(s: Surface, pts: list[tuple[float, float]], feature: dict[str, Any], style: Style,
               flats: float) -> None:
    """A route's line through ``pts``; a railway's with cross ties every so often along it."""
    s.draw(Path.polygon(pts, closed=False), style)
    if feature.get("ties"):
        tie = Style(stroke=style.stroke, width_mm=style.width_mm * 0.8)
        step, half = flats * 0.16, flats * 0.07
        for (x1, y1), (x2, y2) in zip(pts, pts[1:]):
            length = math.hypot(x2 - x1, y2 - y1) or 1.0
            ux, uy = (x2 - x1) / length, (y2 - y1) / length
            n = max(1, int(length / step))
            for k in range(n):
                t = (k + 0.5) * length / n
                mx, my = x1 + ux * t, y1 + uy * t
                s.line(mx - uy * half, my + ux * half, mx + uy * half, my - ux * half, tie)
