"""Shared art: vector icons from YAML (a 100 x 100 box), fill patterns and the colour-blind cue (a
letter and shape) printed on every player piece. (Colour arithmetic is :mod:`generator.art.colour`.)"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from ..base.vocabulary import Anchor
from ..draw.surface import Path, Style, Surface, regular_points
from ..geometry.typescale import snap, step_at_least
from .colour import ink_for, mix

BOX = 100.0


def parse_path(data: str) -> Path:
    """Parse SVG path data (every command, arcs included: :mod:`generator.geometry.pathdata`) into a :class:`Path`.

    >>> parse_path("M0 0 L10 0 l0 10 z").points()
    [(0.0, 0.0), (10.0, 0.0), (10.0, 10.0)]
    """
    path = Path()
    path.ops.extend(_parsed(data))
    return path


@lru_cache(maxsize=1024)
def _parsed(data: str) -> tuple:
    from ..geometry import pathdata  # icons' path data: not loaded for a face without one

    return tuple(pathdata.parse(data))


def icon_paths(shapes: list[dict[str, Any]]) -> list[tuple[Path, dict[str, Any]]]:
    out = []
    for shape in shapes:
        if "path" in shape:
            path = parse_path(shape["path"])
        elif "circle" in shape:
            cx, cy, r = shape["circle"][:3]
            path = Path.circle(cx, cy, r)
        elif "polygon" in shape:
            path = Path.polygon([(p[0], p[1]) for p in shape["polygon"]])
        elif "rect" in shape:
            x, y, w, h = shape["rect"][:4]
            path = Path.rect(x, y, w, h)
        else:
            continue
        out.append((path, shape))
    return out


def draw_icon(s: Surface, shapes: list[dict[str, Any]], cx: float, cy: float, size_mm: float,
              ink: str) -> None:
    """Draw an icon (100 x 100 box) centred at (cx, cy), ``size_mm`` wide. An icon from a picture file
    (``[{"picture": path}]``) is that picture, fitted in the square in its own colours."""
    if shapes and "picture" in shapes[0]:
        from .images import draw_image  # a designer's picture icon: only then

        half = size_mm / 2
        draw_image(s, shapes[0]["picture"], (cx - half, cy - half, cx + half, cy + half), "fit")
        return
    k = size_mm / BOX
    with s.saved():
        s.translate(cx - size_mm / 2, cy - size_mm / 2)
        s.scale(k, k)
        for path, shape in icon_paths(shapes):
            fill = shape.get("fill", "ink" if "stroke" not in shape else "none")
            stroke = shape.get("stroke")
            s.draw(path, Style(fill=_paint(fill, ink), stroke=_paint(stroke, ink),
                               width_mm=float(shape.get("width", 6)), join="round", cap="round"))


def _paint(value: str | None, ink: str) -> str | None:
    """An icon shape's colour: ``ink`` is the icon's own colour; ``contrast`` (a detail drawn on the
    icon: a door, a window) is black or white, whichever reads on the ink, so a white icon keeps it."""
    if value is None or value == "none":
        return None
    if value == "contrast":
        return ink_for(ink)
    return ink if value in ("ink", "player") else value


def pattern(s: Surface, kind: str, bounds: tuple[float, float, float, float], colour: str,
            step_mm: float = 3.0, width_mm: float = 0.35) -> None:
    """Fill ``bounds`` (x0, y0, x1, y1) with a line or dot pattern; clip before calling."""
    if kind in (None, "none"):
        return
    style = Style(stroke=colour, width_mm=width_mm, cap="round")
    if kind in ("lines", "hatch", "cross"):
        for angle in {"lines": [0], "hatch": [45], "cross": [45, -45]}[kind]:
            s.draw(_lines(bounds, angle, step_mm), style)
    elif kind == "dots":
        s.draw(_dots(bounds, step_mm, width_mm * 1.2), Style(fill=colour))
    elif kind in _ROWS:
        s.draw(_ROWS[kind](bounds, step_mm), style)


def _lines(bounds: tuple[float, float, float, float], angle: float, step_mm: float) -> Path:
    x0, y0, x1, y1 = bounds
    size = max(x1 - x0, y1 - y0)
    path = Path()
    a = math.radians(angle)
    dx, dy = math.cos(a), math.sin(a)
    nx, ny = -dy, dx
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    n = int(size / step_mm) + 2
    for k in range(-n, n + 1):
        ox, oy = cx + nx * k * step_mm, cy + ny * k * step_mm
        path.move_to(ox - dx * size, oy - dy * size).line_to(ox + dx * size, oy + dy * size)
    return path


def _dots(bounds: tuple[float, float, float, float], step_mm: float, r: float) -> Path:
    x0, y0, x1, y1 = bounds
    path = Path()
    row = 0
    y = y0
    while y <= y1 + step_mm:
        x = x0 + (step_mm / 2 if row % 2 else 0)
        while x <= x1 + step_mm:
            path.extend(Path.circle(x, y, r))
            x += step_mm
        y += step_mm * 0.866
        row += 1
    return path


def _waves(bounds: tuple[float, float, float, float], step_mm: float) -> Path:
    x0, y0, x1, y1 = bounds
    path = Path()
    y = y0
    while y <= y1 + step_mm:
        x = x0 - step_mm
        path.move_to(x, y)
        while x <= x1 + step_mm:
            path.curve_to(x + step_mm / 3, y - step_mm / 3, x + 2 * step_mm / 3, y + step_mm / 3, x + step_mm, y)
            x += step_mm
        y += step_mm
    return path


def _triangles(bounds: tuple[float, float, float, float], step_mm: float) -> Path:
    x0, y0, x1, y1 = bounds
    path = Path()
    h = step_mm * 0.8
    row = 0
    y = y0 + h
    while y <= y1 + h:
        x = x0 + (step_mm if row % 2 else 0)
        while x <= x1 + step_mm:
            path.extend(Path.polygon([(x, y), (x + step_mm * 0.45, y - h * 0.7),
                                      (x + step_mm * 0.9, y)], closed=False))
            x += step_mm * 2
        y += h * 1.5
        row += 1
    return path


def _bricks(bounds: tuple[float, float, float, float], step_mm: float) -> Path:
    x0, y0, x1, y1 = bounds
    path = Path()
    y, row = y0, 0
    while y <= y1:
        path.move_to(x0, y).line_to(x1, y)
        x = x0 + (step_mm if row % 2 else 0)
        while x <= x1:
            path.move_to(x, y).line_to(x, y + step_mm)
            x += step_mm * 2
        y += step_mm
        row += 1
    return path


_ROWS = {"waves": _waves, "triangles": _triangles, "bricks": _bricks}  # patterns drawn as one stroked path


def terrain_pattern(s: Surface, terrain: dict[str, Any], clip: Path, bounds: tuple[float, float, float, float],
                    fill: str, ink: str, step_mm: float = 3.0) -> None:
    """A terrain's pattern over ``bounds``, cut to ``clip``, in the colour the map's hexes use."""
    if terrain.get("pattern", "none") in (None, "none"):
        return
    with s.saved():
        s.clip(clip)
        pattern(s, terrain["pattern"], bounds, terrain.get("pattern_colour") or mix(fill, ink, 0.28), step_mm=step_mm)


def shape_path(shape: str, cx: float, cy: float, r: float) -> Path:
    """A small cue shape of radius ``r``."""
    if shape == "circle":
        return Path.circle(cx, cy, r)
    if shape == "square":
        return Path.rect(cx - r * 0.85, cy - r * 0.85, r * 1.7, r * 1.7)
    if shape == "triangle":
        return Path.polygon(regular_points(cx, cy + r * 0.2, r * 1.1, 3, -90))
    if shape == "diamond":
        return Path.polygon(regular_points(cx, cy, r * 1.1, 4, -90))
    if shape == "star":
        return Path.star(cx, cy, r * 1.15, r * 0.5)
    if shape == "hexagon":
        return Path.regular(cx, cy, r, 6)
    if shape == "pentagon":
        return Path.polygon(regular_points(cx, cy, r * 1.05, 5, -90))
    if shape == "cross":
        w = r * 0.45
        return Path.polygon([(cx - w, cy - r), (cx + w, cy - r), (cx + w, cy - w), (cx + r, cy - w),
                             (cx + r, cy + w), (cx + w, cy + w), (cx + w, cy + r), (cx - w, cy + r),
                             (cx - w, cy + w), (cx - r, cy + w), (cx - r, cy - w), (cx - w, cy - w)])
    return Path.circle(cx, cy, r)


# -- the colour-blind cue: a letter inside the colour's shape ----------------------------------------

CAP_EM = 0.729  # cap height of Vera Sans Bold, in em
CUE_MIN_CAP_MM = 2.0  # the cue letter's height on a piece ...
CUE_LARGE_CAP_MM = 3.0  # ... and on a piece of CUE_LARGE_PIECE_MM or more
CUE_LARGE_PIECE_MM = 19.0
# how tall a letter fits inside each shape of radius 1 (the shape's inner room)
CUE_FIT = {"circle": 1.15, "square": 1.15, "hexagon": 1.1, "pentagon": 1.0, "diamond": 0.9,
           "triangle": 0.78, "star": 0.72, "cross": 0.75}


def cue_cap_mm(piece_mm: float) -> float:
    """The smallest cue letter (cap height, mm) on a piece this wide."""
    return CUE_LARGE_CAP_MM if piece_mm >= CUE_LARGE_PIECE_MM - 0.05 else CUE_MIN_CAP_MM


def cue_radius_mm(shape: str, cap_mm: float) -> float:
    """The radius of a cue shape that holds a letter at least ``cap_mm`` tall, set at a size of the
    type scale (the step at or above the one giving ``cap_mm``)."""
    size = step_at_least(cap_mm / CAP_EM * 72.0 / 25.4)
    return size * 25.4 / 72.0 * CAP_EM / CUE_FIT.get(shape, 1.0)


CUE_MARK_MIN_MM = 4.0  # a piece's cue mark (the shape round the letter) is at least this tall: player
# colours that print as one grey (Orange and Sky, Green and Vermilion) are told apart by it


def cue_mark_radius_mm(shape: str, cap_mm: float) -> float:
    """The radius of a piece's cue shape: room for a letter ``cap_mm`` tall, and the whole shape at
    least CUE_MARK_MIN_MM tall."""
    x0, y0, x1, y1 = shape_path(shape, 0.0, 0.0, 1.0).bounds()
    return max(cue_radius_mm(shape, cap_mm), CUE_MARK_MIN_MM / (y1 - y0))


def cue_letter_pt(r: float, shape: str) -> float:
    """The letter size (pt) that fills a cue shape of radius ``r``: the largest step of the type
    scale that fits its room."""
    return snap(r * CUE_FIT.get(shape, 1.0) / CAP_EM * 72.0 / 25.4 + 1e-4)


def cue_letter_dy(r: float, shape: str, size_pt: float) -> float:
    """Baseline offset from the shape's centre that centres the letter in the shape's room."""
    cap = size_pt * 25.4 / 72.0 * CAP_EM
    shift = {"triangle": 0.3, "star": 0.05}.get(shape, 0.0) * r
    return cap / 2 + shift


def draw_cue(s: Surface, shape: str, letter: str, cx: float, cy: float, r: float, fill: str,
             ink: str) -> None:
    """The cue shape of radius ``r`` in ``fill``, its letter in ``ink`` (the piece's own colour)."""
    s.draw(shape_path(shape, cx, cy, r), Style(fill=fill))
    size = cue_letter_pt(r, shape)
    s.text(cx, cy + cue_letter_dy(r, shape, size), letter, size_pt=size, font="bold", fill=ink, anchor=Anchor.MIDDLE)
