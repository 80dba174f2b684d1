"""Boards and mats: free layouts of elements (text, boxes, tracks, hex grids, icons, tables) in mm,
origin at the board's top-left corner. Larger-than-page boards are tiled by layout.poster."""

from __future__ import annotations

import math
from typing import Any

from ..draw.fonts import text_width_mm
from ..draw.surface import MM_PER_PT, Path, Style, Surface, regular_points
from ..geometry import axial_to_pixel, sector
from ..hexmap import HEXSIDE_FEATURES, ROUTE_FEATURES, HexGrid, flats_of, hexside
from ..model import Component, Game
from .art import contrast, draw_cue, draw_icon, ink_for, mix, pattern
from .images import draw_image
from .look import family, resolve
from ..notices import warn
from .richtext import DEFAULT_FAMILY, draw_text, widest
from .textblock import draw_sections


def draw_board(s: Surface, game: Game, comp: Component, bleed_mm: float) -> None:
    w, h = comp.size_mm
    face = dict(comp.spec.get("face") or {})
    look = resolve(game, face, None)
    s.rect(-bleed_mm, -bleed_mm, w + 2 * bleed_mm, h + 2 * bleed_mm, Style(fill=look.fill))
    ground = (-bleed_mm, -bleed_mm, w + bleed_mm, h + bleed_mm)
    with s.saved():
        s.clip(Path.rect(-bleed_mm, -bleed_mm, w + 2 * bleed_mm, h + 2 * bleed_mm))
        if look.image:
            draw_image(s, look.image, ground if look.image_fit == "fill" else (0, 0, w, h), look.image_fit)
        pattern(s, look.pattern, ground, look.pattern_colour, step_mm=5.0, width_mm=0.35)
    draw_elements(s, game, list(comp.spec.get("elements") or []), look.ink)


def _fonts(game: Game, el: dict[str, Any], default: str = "regular") -> tuple[dict[str, str], str]:
    """An element's font family and base style: a font named under fonts: in game.yaml, or one of
    the built-in styles set in the game's body font (the built-in fonts when it has none)."""
    name = str(el.get("font", default))
    if name in game.fonts:
        return dict(family(game, name)), "regular"
    return dict(family(game, "body")) or dict(DEFAULT_FAMILY), name


def _text(s: Surface, game: Game, el: dict[str, Any], ink: str) -> None:
    x, y = el["at_mm"][:2]
    size = float(el.get("size_pt", 10))
    fam, base = _fonts(game, el)
    draw_text(s, x, y, str(el.get("text", "")), size, ink=el.get("ink", ink), family=fam, base=base,
              anchor=el.get("anchor", "start"), icons=game.icons)


def _image(s: Surface, game: Game, el: dict[str, Any], ink: str) -> None:
    """A picture in the box at_mm (top-left) and size_mm, fitted or filling it (cut to the box)."""
    x, y = el["at_mm"][:2]
    w, h = (el.get("size_mm") or [20, 20])[:2]
    with s.saved():
        s.clip(Path.rect(x, y, w, h))
        draw_image(s, game.image_path(el["image"]), (x, y, x + w, y + h), el.get("fit", "fit"))


def _terrain_of(game: Game, el: dict[str, Any]) -> dict[str, Any] | None:
    """The terrain a box or polygon is painted as (``terrain: woods``), or None."""
    return game.terrain.get(el["terrain"]) if el.get("terrain") else None


def _terrain_pattern(s: Surface, t: dict[str, Any], clip: Path, bounds: tuple[float, float, float, float],
                     fill: str, ink: str, step_mm: float = 3.0) -> None:
    """A terrain's pattern over ``bounds``, cut to ``clip``, in the colour the map's hexes use."""
    if t.get("pattern", "none") in (None, "none"):
        return
    with s.saved():
        s.clip(clip)
        pattern(s, t["pattern"], bounds, t.get("pattern_colour") or mix(fill, ink, 0.28), step_mm=step_mm)


def _box(s: Surface, game: Game, el: dict[str, Any], ink: str) -> None:
    x, y = el["at_mm"][:2]
    w, h = el.get("size_mm", [20, 20])[:2]
    t = _terrain_of(game, el)
    fill = el.get("fill") or (t["fill"] if t else None)
    outline = Path.rounded_rect(x, y, w, h, 1.5)
    edge = Style(fill=None if fill in (None, "none") else fill, stroke=el.get("stroke", ink),
                 width_mm=el.get("width_mm", 0.4))
    if t:  # fill, then the pattern, then the edge over it
        s.draw(outline, Style(fill=fill))
        _terrain_pattern(s, t, outline, (x, y, x + w, y + h), fill, ink)
        edge = Style(stroke=edge.stroke, width_mm=edge.width_mm)
    s.draw(outline, edge)
    text_ink = el.get("ink") or (t.get("ink") if t else None) or (
        ink_for(fill) if fill not in (None, "none") else ink)
    fam, base = _fonts(game, el)
    if el.get("label"):
        draw_text(s, x + 1.5, y + 3.2, str(el["label"]), 7, ink=text_ink, family=fam, base="bold",
                  icons=game.icons)
    if el.get("icon") in game.icons:
        size = min(w, h) * 0.55
        draw_icon(s, game.icons[el["icon"]], x + w / 2, y + h / 2 + (1.5 if el.get("label") else 0), size,
                  mix(text_ink, fill or "#ffffff", 0.15))
    if el.get("text"):
        size = float(el.get("size_pt", 9))
        draw_sections(s, [{"text": str(el["text"])}], x + 1.5, y + (5 if el.get("label") else 1.5),
                      w - 3, h - (6.5 if el.get("label") else 3), max_pt=size, min_pt=6, ink=text_ink,
                      align="middle", family=fam, icons=game.icons, where=_where(el))


def _track(s: Surface, game: Game, el: dict[str, Any], ink: str) -> None:
    ink = el.get("ink", ink)  # the element's own ink, else the board's
    x, y = el["at_mm"][:2]
    n = int(el.get("cells", 10))
    cell = float(el.get("cell_mm", 10))
    per_row = int(el.get("per_row", n))
    start = int(el.get("start", 0))
    labels = list(el.get("labels") or [])
    fill = el.get("fill", "#ffffff")
    # the cells' edges in the ink where it shows on the cells (white ink on white cells would not)
    edge = el.get("stroke") or (ink if contrast(ink, fill) >= 1.5 else ink_for(fill))
    if el.get("label"):
        s.text(x, y - 1.5, str(el["label"]), size_pt=8, font="bold", fill=ink)
    for i in range(n):
        cx = x + (i % per_row) * cell
        cy = y + (i // per_row) * cell
        s.rect(cx, cy, cell, cell, Style(fill=fill, stroke=edge, width_mm=0.3))
        text = str(labels[i]) if i < len(labels) else str(start + i)
        size = min(9.0, cell * 2.4)
        while size > 5 and text_width_mm(text, size) > cell - 1:
            size -= 0.25
        s.text(cx + cell / 2, cy + cell / 2 + size * MM_PER_PT * 0.36, text, size_pt=size, fill=ink_for(fill),
               anchor="middle")
    if el.get("marker"):
        _marker_place(s, game, el["marker"], x + cell / 2, y + cell / 2, mix(edge, fill, 0.45))


def _marker_place(s: Surface, game: Game, marker_id: str, cx: float, cy: float, ink: str) -> None:
    """The outline of the track's marker, dashed, in its first cell: where the marker starts."""
    try:
        comp = game.component(marker_id)
    except KeyError:
        return
    w, h = comp.size_mm
    style = Style(stroke=ink, width_mm=0.25, dash_mm=(0.8, 0.6))
    if comp.kind == "token":
        s.draw(Path.circle(cx, cy, w / 2), style)
    else:
        s.draw(Path.rect(cx - w / 2, cy - h / 2, w, h), style)


def _grid(s: Surface, game: Game, el: dict[str, Any], ink: str) -> None:
    """A ruled table to write in (a record sheet): column headings, then ``grid_rows`` empty rows."""
    ink = el.get("ink", ink)  # the element's own ink, else the board's
    x, y = el["at_mm"][:2]
    w, h = el.get("size_mm", [180, 100])[:2]
    heads = [str(t) for t in el.get("labels") or []]
    weights = [float(v) for v in el.get("widths") or [1] * max(1, len(heads))]
    rows = int(el.get("grid_rows", 10))
    size = float(el.get("size_pt", 8))
    if el.get("label"):
        s.text(x, y - 1.5, str(el["label"]), size_pt=size + 1, font="bold", fill=ink)
    head_h = size * MM_PER_PT * 1.9
    row_h = (h - head_h) / rows
    band = mix(ink, ink_for(ink), 0.88)  # a pale band under dark ink, a dark one under pale ink
    s.rect(x, y, w, head_h, Style(fill=band))
    line = Style(stroke=ink, width_mm=0.25)
    for i in range(rows + 1):
        yy = y + head_h + i * row_h
        s.line(x, yy, x + w, yy, line)
    s.line(x, y, x + w, y, line)
    cx = x
    for i, weight in enumerate(weights):
        cw = w * weight / sum(weights)
        if i < len(heads):
            s.text(cx + 1.2, y + head_h / 2 + size * MM_PER_PT * 0.36, heads[i], size_pt=size, font="bold",
                   fill=ink if contrast(ink, band) >= 3 else ink_for(band))
        s.line(cx, y, cx, y + h, line)
        cx += cw
    s.line(x + w, y, x + w, y + h, line)


def _cue(s: Surface, game: Game, el: dict[str, Any], ink: str) -> None:
    """A player's cue: the letter inside the colour's shape (for colour-blind players)."""
    x, y = el["at_mm"][:2]
    size = float((el.get("size_mm") or [8])[0])
    fill = el.get("fill", ink)
    draw_cue(s, str(el.get("shape", "circle")), str(el.get("text", "")), x, y, size / 2, fill,
             el.get("ink", ink_for(fill)))


def grid_cells(el: dict[str, Any]) -> tuple[list[tuple[int, int]], float, str]:
    """A hexgrid element's hexes (axial), its size across the flats in mm and its orientation."""
    flats = flats_of(el["hex_in"], inches=True) if "hex_in" in el else flats_of(el.get("hex_mm"))
    return list(HexGrid.of(el).cells), flats, el.get("orientation", "flat")


def _hexgrid(s: Surface, game: Game, el: dict[str, Any], ink: str) -> None:
    ink = el.get("ink", ink)  # the element's own ink, else the board's
    ox, oy = el["at_mm"][:2]
    flats = flats_of(el["hex_in"], inches=True) if "hex_in" in el else flats_of(el.get("hex_mm"))
    orient = el.get("orientation", "flat")
    grid = HexGrid.of(el)
    sectors = list(el.get("sectors") or [])
    ground = game.terrain.get(el["terrain"]) if el.get("terrain") else None  # every unmarked hex's terrain
    base_fill = el.get("fill") or (ground["fill"] if ground else "#ffffff")
    marks = {grid.parse(m["hex"]): m for m in el.get("marks") or []}
    r = flats / 3 ** 0.5
    rot = 0.0 if orient == "flat" else 30.0
    later = bool(el.get("hexsides") or el.get("routes"))  # marks' art goes over roads and rivers
    stroke = el.get("stroke", ink)
    stroke = None if stroke == "none" else stroke

    def look(q: int, rr: int):
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
        _hex_underlay(s, [(regular_points(cx, cy, r, 6, rot), fill)
                          for cx, cy, _m, fill, _t in (look(q, rr) for q, rr in grid.cells)])
    deferred = []
    for q, rr in grid.cells:
        cx, cy, mark, fill, t = look(q, rr)
        hexpath = Path.regular(cx, cy, r, 6, rot)
        s.draw(hexpath, Style(fill=fill, stroke=stroke, width_mm=el.get("width_mm", 0.35), join="round"))
        if t is not None:
            with s.saved():
                s.clip(hexpath)
                pattern(s, t.get("pattern", "none"), (cx - r, cy - r, cx + r, cy + r),
                        t.get("pattern_colour") or mix(fill, ink, 0.28))
        if later:
            deferred.append((q, rr, cx, cy, fill, mark))
        else:
            _hex_content(s, game, el, grid, q, rr, cx, cy, flats, fill, mark)
    if later:
        for route in el.get("routes") or []:
            _route(s, grid, route, flats, (ox, oy))
        for side in el.get("hexsides") or []:
            _hexside(s, grid, side, flats, (ox, oy))
        for q, rr, cx, cy, fill, mark in deferred:
            _hex_content(s, game, el, grid, q, rr, cx, cy, flats, fill, mark)


UNDERLAY_MM = 0.6  # more than a pixel either side of a shared side at 96 dpi (0.27 mm a pixel)


def _hex_underlay(s: Surface, hexes: list[tuple[list[tuple[float, float]], str]]) -> None:
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


def _hex_content(s: Surface, game: Game, el: dict[str, Any], grid: HexGrid, q: int, rr: int, cx: float,
                 cy: float, flats: float, fill: str, mark: dict[str, Any] | None) -> None:
    """A hex's icon, text and printed number (over its fill, pattern, roads and rivers)."""
    text_ink = ink_for(fill)
    if mark and mark.get("icon") in game.icons:
        draw_icon(s, game.icons[mark["icon"]], cx, cy - flats * 0.05, flats * 0.5, text_ink)
    if mark and mark.get("text"):
        size = min(9.0, flats * 0.9)
        n = len(str(mark["text"]).replace("\\n", "\n").split("\n"))
        fam, _ = _fonts(game, {})
        draw_text(s, cx, cy + flats * 0.12 - (n - 1) / 2 * size * MM_PER_PT * 1.1 + size * MM_PER_PT * 0.35,
                  str(mark["text"]), size, ink=text_ink, family=fam, base="bold", anchor="middle",
                  icons=game.icons, leading=1.1)
    if grid.show and grid.style == "axial":
        s.text(cx, cy - flats * 0.3, f"{q},{rr}", size_pt=min(6.0, flats * 0.5), fill=mix(text_ink, fill, 0.4),
               anchor="middle")
    elif grid.show:  # wargame numbers: small, at the top of the hex, clear of the art in the middle
        size = max(4.5, min(6.0, flats * 0.3))
        s.text(cx, cy - flats * 0.5 + 1.0 + size * MM_PER_PT * 0.75, grid.label(q, rr), size_pt=size,
               fill=mix(text_ink, fill, 0.3), anchor="middle")


def _feature_style(spec: dict[str, Any], feature: dict[str, Any], flats: float) -> Style:
    width = float(spec.get("width_mm", feature["width"] * flats))
    dash = tuple(spec["dash_mm"]) if spec.get("dash_mm") else (
        tuple(d * flats for d in feature["dash"]) if feature.get("dash") else None)
    return Style(stroke=spec.get("stroke", feature["stroke"]), width_mm=width, dash_mm=dash, cap="round",
                 join="round")


def _hexside(s: Surface, grid: HexGrid, side: dict[str, Any], flats: float, origin: tuple[float, float]) -> None:
    a, b = (grid.parse(h) for h in side["between"][:2])
    ca, cb = grid.centre(a, flats), grid.centre(b, flats)
    (x1, y1), (x2, y2) = hexside(ca, cb, flats)
    style = _feature_style(side, HEXSIDE_FEATURES[side.get("feature", "river")], flats)
    s.line(origin[0] + x1, origin[1] + y1, origin[0] + x2, origin[1] + y2, style)


def _route(s: Surface, grid: HexGrid, route: dict[str, Any], flats: float, origin: tuple[float, float]) -> None:
    feature = ROUTE_FEATURES[route.get("feature", "road")]
    pts = [grid.centre(grid.parse(h), flats) for h in route["hexes"]]
    pts = [(origin[0] + x, origin[1] + y) for x, y in pts]
    _route_line(s, pts, feature, _feature_style(route, feature, flats), flats)


def _route_line(s: Surface, pts: list[tuple[float, float]], feature: dict[str, Any], style: Style,
                flats: float) -> None:
    s.draw(Path.polygon(pts, closed=False), style)
    if feature.get("ties"):  # a railway: cross ties every so often along the line
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


def _icon(s: Surface, game: Game, el: dict[str, Any], ink: str) -> None:
    x, y = el["at_mm"][:2]
    size = (el.get("size_mm") or [15, 15])[0]
    if el.get("icon") in game.icons:
        draw_icon(s, game.icons[el["icon"]], x, y, size, el.get("ink", ink))


def _table(s: Surface, game: Game, el: dict[str, Any], ink: str) -> None:
    x, y = el["at_mm"][:2]
    w, h = el.get("size_mm", [80, 40])[:2]
    section = {"rows": el.get("rows") or [], "widths": el.get("widths"), "header": el.get("header")}
    if el.get("label"):
        section["heading"] = el["label"]
    fam, _ = _fonts(game, el)
    draw_sections(s, [section], x, y, w, h, max_pt=float(el.get("size_pt", 9)), min_pt=6, ink=el.get("ink", ink),
                  family=fam, icons=game.icons, where=_where(el))


def _line(s: Surface, game: Game, el: dict[str, Any], ink: str) -> None:
    x, y = el["at_mm"][:2]
    x2, y2 = (el.get("to_mm") or [x, y])[:2]
    dash = tuple(el["dash_mm"]) if el.get("dash_mm") else None
    s.line(x, y, x2, y2, Style(stroke=el.get("stroke", ink), width_mm=el.get("width_mm", 0.4), dash_mm=dash))


def _polygon(s: Surface, game: Game, el: dict[str, Any], ink: str) -> None:
    """A closed shape; its points are offsets from at_mm."""
    x, y = el["at_mm"][:2]
    pts = [(x + p[0], y + p[1]) for p in el.get("points_mm") or []]
    t = _terrain_of(game, el)
    fill = el.get("fill") or (t["fill"] if t else None)
    dash = tuple(el["dash_mm"]) if el.get("dash_mm") else None
    stroke = el.get("stroke")
    shape = Path.polygon(pts)
    edge = Style(fill=None if fill in (None, "none") else fill, stroke=None if stroke == "none" else (stroke or ink),
                 width_mm=el.get("width_mm", 0.4), dash_mm=dash, join="round")
    if t and pts:  # fill, then the pattern, then the edge over it
        s.draw(shape, Style(fill=fill))
        _terrain_pattern(s, t, shape, (min(p[0] for p in pts), min(p[1] for p in pts),
                                       max(p[0] for p in pts), max(p[1] for p in pts)), fill, ink)
        edge = edge.replace(fill=None)
    s.draw(shape, edge)
    if t and not el.get("ink") and t.get("ink"):
        el = {**el, "ink": t["ink"]}
    if el.get("text"):
        cx = sum(p[0] for p in pts) / len(pts)
        cy = sum(p[1] for p in pts) / len(pts)
        size = float(el.get("size_pt", 8))
        fam, base = _fonts(game, el, "bold")
        draw_text(s, cx, cy + size * MM_PER_PT * 0.35, str(el["text"]), size,
                  ink=el.get("ink", ink_for(fill) if fill not in (None, "none") else ink), family=fam, base=base,
                  anchor="middle", icons=game.icons)
    if el.get("icon") in game.icons:
        cx = sum(p[0] for p in pts) / len(pts)
        cy = sum(p[1] for p in pts) / len(pts)
        size = (el.get("size_mm") or [10])[0]
        draw_icon(s, game.icons[el["icon"]], cx, cy - (size * 0.7 if el.get("text") else 0), size,
                  el.get("ink", ink))


def _terrain_chart(s: Surface, game: Game, el: dict[str, Any], ink: str) -> None:
    """A terrain effects chart: a table whose rows each start with a swatch, the terrain's fill and
    pattern as its hexes print (or a hexside or route feature's line), and its name."""
    x, y = el["at_mm"][:2]
    w, h = (el.get("size_mm") or [100, 40])[:2]
    ink = el.get("ink", ink)
    fam, base = _fonts(game, el)
    rows = [list(r) if isinstance(r, list) else [r] for r in el.get("rows") or []]
    header = [str(c) for c in el.get("header") or []]
    ncol = max([len(r) for r in rows] + [len(header), 1])
    weights = [float(v) for v in el.get("widths") or []]
    weights = (weights + [1.0] * ncol)[:ncol]
    widths = [w * v / sum(weights) for v in weights]
    xs = [x + sum(widths[:i]) for i in range(ncol)]
    size = float(el.get("size_pt", 9))
    top = y
    if el.get("label"):
        draw_text(s, x, y + size * 1.08 * MM_PER_PT * 0.95, str(el["label"]), size * 1.08, ink=ink, family=fam,
                  base="bold", icons=game.icons)
        top += size * 1.08 * MM_PER_PT * 1.5
    lines = len(rows) + (1 if header else 0)
    row_h = (y + h - top) / max(1, lines)
    swatch_h = max(1.5, row_h - 1.0)
    swatch_w = min(swatch_h * 1.7, widths[0] * 0.45)
    cells: list[tuple[float, str, str]] = []  # (width available, text, style) for the size check
    named = []
    for row in rows:
        key = str(row[0]) if row else ""
        t = game.terrain.get(key)
        name = str(t["name"]) if t else (HEXSIDE_FEATURES.get(key) or ROUTE_FEATURES.get(key) or {}).get("name", key)
        named.append([name] + [str(c) for c in row[1:]])
    for i, head in enumerate(header):
        cells.append((widths[i] - 1.5, head, "bold"))
    for row in named:
        for i, cell in enumerate(row):
            cells.append((widths[i] - 1.5 - (swatch_w + 1.2 if i == 0 else 0), cell, base))
    size = min(size, row_h / MM_PER_PT / 1.3)
    while size > 5 and any(widest(text, size, fam, style) > room for room, text, style in cells):
        size = round(size - 0.25, 2)
    if size < 5 or any(widest(text, size, fam, style) > room + 0.05 for room, text, style in cells):
        warn(_where(el), f"the terrain chart's text does not fit its rows at {max(size, 5):g} pt (the smallest "
                         f"allowed); make the chart (size_mm) larger or its words fewer")
        size = max(size, 5)
    rule = Style(stroke=mix(ink, "#ffffff", 0.55), width_mm=0.2)
    cy = top
    if header:
        s.rect(x, cy, w, row_h, Style(fill=mix(ink, "#ffffff", 0.88)))
        for i, head in enumerate(header):
            draw_text(s, xs[i] + 0.8, cy + row_h / 2 + size * MM_PER_PT * 0.35, head, size, ink=ink, family=fam,
                      base="bold", icons=game.icons)
        cy += row_h
    base_fill = el.get("fill", "#ffffff")
    for raw, row in zip(rows, named):
        key = str(raw[0]) if raw else ""
        sx, sy = x + 0.6, cy + (row_h - swatch_h) / 2
        box = Path.rect(sx, sy, swatch_w, swatch_h)
        t = game.terrain.get(key)
        if t:
            s.draw(box, Style(fill=t["fill"]))
            _terrain_pattern(s, t, box, (sx, sy, sx + swatch_w, sy + swatch_h), t["fill"], ink,
                             step_mm=max(1.2, min(3.0, swatch_h / 2.2)))
        else:
            s.draw(box, Style(fill=base_fill))
            feature = HEXSIDE_FEATURES.get(key) or ROUTE_FEATURES.get(key)
            if feature:
                flats = swatch_h * 1.6
                mid = sy + swatch_h / 2
                with s.saved():
                    s.clip(box)
                    _route_line(s, [(sx + 0.4, mid), (sx + swatch_w - 0.4, mid)], feature,
                                _feature_style({}, feature, flats), flats)
        s.draw(box, Style(stroke=ink, width_mm=0.2))
        baseline = cy + row_h / 2 + size * MM_PER_PT * 0.35
        for i, cell in enumerate(row):
            tx = xs[i] + (0.6 + swatch_w + 1.2 if i == 0 else 0.8)
            draw_text(s, tx, baseline, cell, size, ink=ink, family=fam, base=base, icons=game.icons)
        cy += row_h
        s.line(x, cy, x + w, cy, rule)
    s.draw(Path.rect(x, top, w, y + h - top), Style(stroke=el.get("stroke", ink), width_mm=0.3))


def draw_elements(s: Surface, game: Game, elements: list[dict[str, Any]], ink: str) -> None:
    for el in elements:
        _ELEMENTS[el["type"]](s, game, el, ink)


def _where(el: dict[str, Any]) -> tuple:
    return (getattr(el, "file", None), getattr(el, "line", None))


_ELEMENTS = {"image": _image, "text": _text, "box": _box, "track": _track, "hexgrid": _hexgrid, "icon": _icon,
             "table": _table, "line": _line, "polygon": _polygon, "cue": _cue, "grid": _grid,
             "terrain-chart": _terrain_chart}
