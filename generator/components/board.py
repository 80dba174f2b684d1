"""Boards and mats: free layouts of elements (text, boxes, tracks, hex grids, icons, tables) in mm,
origin at the board's top-left corner. Larger-than-page boards are tiled by layout.poster."""

from __future__ import annotations

import math
from typing import Any

from ..draw.fonts import text_width_mm
from ..draw.surface import MM_PER_PT, Path, Style, Surface
from ..geometry import axial_to_pixel, sector
from ..hexmap import HEXSIDE_FEATURES, ROUTE_FEATURES, HexGrid, flats_of, hexside
from ..model import Component, Game
from .art import draw_cue, draw_icon, ink_for, mix, pattern
from .images import draw_image
from .look import family, resolve
from .richtext import DEFAULT_FAMILY, draw_text
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


def _box(s: Surface, game: Game, el: dict[str, Any], ink: str) -> None:
    x, y = el["at_mm"][:2]
    w, h = el.get("size_mm", [20, 20])[:2]
    fill = el.get("fill")
    s.draw(Path.rounded_rect(x, y, w, h, 1.5), Style(fill=None if fill in (None, "none") else fill,
                                                     stroke=el.get("stroke", ink), width_mm=el.get("width_mm", 0.4)))
    text_ink = ink_for(fill) if fill not in (None, "none") else ink
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
    x, y = el["at_mm"][:2]
    n = int(el.get("cells", 10))
    cell = float(el.get("cell_mm", 10))
    per_row = int(el.get("per_row", n))
    start = int(el.get("start", 0))
    labels = list(el.get("labels") or [])
    fill = el.get("fill", "#ffffff")
    if el.get("label"):
        s.text(x, y - 1.5, str(el["label"]), size_pt=8, font="bold", fill=ink)
    for i in range(n):
        cx = x + (i % per_row) * cell
        cy = y + (i // per_row) * cell
        s.rect(cx, cy, cell, cell, Style(fill=fill, stroke=ink, width_mm=0.3))
        text = str(labels[i]) if i < len(labels) else str(start + i)
        size = min(9.0, cell * 2.4)
        while size > 5 and text_width_mm(text, size) > cell - 1:
            size -= 0.25
        s.text(cx + cell / 2, cy + cell / 2 + size * MM_PER_PT * 0.36, text, size_pt=size, fill=ink_for(fill),
               anchor="middle")
    if el.get("marker"):
        _marker_place(s, game, el["marker"], x + cell / 2, y + cell / 2, mix(ink, fill, 0.45))


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
    s.rect(x, y, w, head_h, Style(fill=mix(ink, "#ffffff", 0.88)))
    line = Style(stroke=ink, width_mm=0.25)
    for i in range(rows + 1):
        yy = y + head_h + i * row_h
        s.line(x, yy, x + w, yy, line)
    s.line(x, y, x + w, y, line)
    cx = x
    for i, weight in enumerate(weights):
        cw = w * weight / sum(weights)
        if i < len(heads):
            s.text(cx + 1.2, y + head_h / 2 + size * MM_PER_PT * 0.36, heads[i], size_pt=size, font="bold", fill=ink)
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
    ox, oy = el["at_mm"][:2]
    flats = flats_of(el["hex_in"], inches=True) if "hex_in" in el else flats_of(el.get("hex_mm"))
    orient = el.get("orientation", "flat")
    grid = HexGrid.of(el)
    sectors = list(el.get("sectors") or [])
    base_fill = el.get("fill", "#ffffff")
    marks = {grid.parse(m["hex"]): m for m in el.get("marks") or []}
    r = flats / 3 ** 0.5
    rot = 0.0 if orient == "flat" else 30.0
    later = bool(el.get("hexsides") or el.get("routes"))  # marks' art goes over roads and rivers
    deferred = []
    for q, rr in grid.cells:
        px, py = axial_to_pixel(q, rr, flats, orient)
        cx, cy = ox + px, oy + py
        mark = marks.get((q, rr))
        fill = base_fill
        if sectors and sector(q, rr) >= 0:
            fill = sectors[sector(q, rr) % len(sectors)]
        if mark and mark.get("terrain") in game.terrain:
            fill = game.terrain[mark["terrain"]]["fill"]
        if mark and mark.get("fill"):
            fill = mark["fill"]
        hexpath = Path.regular(cx, cy, r, 6, rot)
        s.draw(hexpath, Style(fill=fill, stroke=el.get("stroke", ink), width_mm=el.get("width_mm", 0.35),
                              join="round"))
        if mark and mark.get("terrain") in game.terrain:
            t = game.terrain[mark["terrain"]]
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
    style = _feature_style(route, feature, flats)
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
    section = {"rows": el.get("rows") or [], "widths": el.get("widths")}
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
    fill = el.get("fill")
    dash = tuple(el["dash_mm"]) if el.get("dash_mm") else None
    stroke = el.get("stroke")
    s.draw(Path.polygon(pts), Style(fill=None if fill in (None, "none") else fill,
                                    stroke=None if stroke == "none" else (stroke or ink),
                                    width_mm=el.get("width_mm", 0.4), dash_mm=dash, join="round"))
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


def draw_elements(s: Surface, game: Game, elements: list[dict[str, Any]], ink: str) -> None:
    for el in elements:
        _ELEMENTS[el["type"]](s, game, el, ink)


def _where(el: dict[str, Any]) -> tuple:
    return (getattr(el, "file", None), getattr(el, "line", None))


_ELEMENTS = {"image": _image, "text": _text, "box": _box, "track": _track, "hexgrid": _hexgrid, "icon": _icon,
             "table": _table, "line": _line, "polygon": _polygon, "cue": _cue, "grid": _grid}
