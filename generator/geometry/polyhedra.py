"""Dice as flat shapes: each die's face (a sticker for a real die) and the cube net with its glue tabs,
as points in mm, y down, centred on their bounding box. Pure geometry: no drawing, no game.

``size_mm`` of a die is always an edge: a triangle's or a square's side, a pentagon's side, and on a
d10's kite the long edge (the two that meet at its sharp tip); on a net, a face's side.
"""

from __future__ import annotations

import math

from ..base.vocabulary import DiePrint

Point = tuple[float, float]

SIDES = (4, 6, 8, 10, 12, 20)
SHAPE = {4: "triangle", 6: "square", 8: "triangle", 10: "kite", 12: "pentagon", 20: "triangle"}
PHI = (1 + math.sqrt(5)) / 2
TAB_DEPTH = 0.3  # a glue tab is this share of a face's side deep, its ends cut at 45 degrees

# The cube net (a cross: a column of four faces, an arm each side of the second): where each face
# of the designer's list goes, as (column, row) in faces, and how far it is turned. The list's faces
# i and 5 - i are opposite on the folded cube (1..6 makes a standard die: opposite faces sum to 7).
NET_CELLS = ((1, 1), (1, 0), (0, 1), (2, 1), (1, 2), (1, 3))
NET_TURN = (0, 0, 0, 0, 0, 180)  # the back of the column is printed upside down: folded, it reads upright


def _centred(points: list[Point]) -> list[Point]:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    return [(x - cx, y - cy) for x, y in points]


def _raw_face(sides: int, edge: float) -> list[Point]:
    shape = SHAPE[sides]
    if shape == "square":
        return [(0.0, 0.0), (edge, 0.0), (edge, edge), (0.0, edge)]
    if shape == "triangle":  # a point up, the base level
        h = edge * math.sqrt(3) / 2
        return [(edge / 2, 0.0), (edge, h), (0.0, h)]
    if shape == "pentagon":  # a point up
        r = edge / (2 * math.sin(math.pi / 5))
        return [(r * math.sin(2 * math.pi * k / 5), -r * math.cos(2 * math.pi * k / 5)) for k in range(5)]
    # kite: the sharp tip (36 degrees) down, the other three corners 108 degrees; long edges ``edge``
    tip = (0.0, 0.0)
    half = math.radians(18)
    side = (edge * math.sin(half), -edge * math.cos(half))
    short = edge / (PHI * PHI)
    top_y = side[1] - short * math.cos(math.radians(54))
    return [(0.0, top_y), (side[0], side[1]), tip, (-side[0], side[1])]


def face_polygon(sides: int, edge: float) -> list[Point]:
    """A face of a ``sides``-sided die whose edge (size_mm) is ``edge``, centred on its bounding box,
    corners clockwise from the top."""
    return _centred(_raw_face(sides, edge))


def incircle(points: list[Point]) -> tuple[float, float, float]:
    """(cx, cy, r) of the largest circle inside a convex polygon whose incircle touches every side
    (every face shape here has one), on its axis of symmetry x = 0."""
    lo, hi = min(p[1] for p in points), max(p[1] for p in points)

    def room(y: float) -> float:
        return min(_distance((0.0, y), points[i], points[(i + 1) % len(points)]) for i in range(len(points)))
    for _ in range(80):  # the distance to the nearest side is concave along the axis: a ternary search
        a, b = lo + (hi - lo) / 3, hi - (hi - lo) / 3
        if room(a) < room(b):
            lo = a
        else:
            hi = b
    y = (lo + hi) / 2
    return 0.0, y, room(y)


def _distance(p: Point, a: Point, b: Point) -> float:
    (px, py), (ax, ay), (bx, by) = p, a, b
    length = math.hypot(bx - ax, by - ay)
    return abs((bx - ax) * (ay - py) - (ax - px) * (by - ay)) / length


def grown(points: list[Point], by: float) -> list[Point]:
    """A convex polygon (corners clockwise, y down) with every side moved out by ``by`` (in, if negative)."""
    n = len(points)
    lines = []
    for i in range(n):
        (ax, ay), (bx, by_) = points[i], points[(i + 1) % n]
        length = math.hypot(bx - ax, by_ - ay)
        nx, ny = (by_ - ay) / length, -(bx - ax) / length  # outward for clockwise corners, y down
        lines.append(((ax + nx * by, ay + ny * by), (bx - ax, by_ - ay)))
    out = []
    for i in range(n):
        (p, d), (q, e) = lines[i - 1], lines[i]
        cross = d[0] * e[1] - d[1] * e[0]
        t = ((q[0] - p[0]) * e[1] - (q[1] - p[1]) * e[0]) / cross
        out.append((p[0] + d[0] * t, p[1] + d[1] * t))
    return out


def tab_depth(edge: float) -> float:
    return TAB_DEPTH * edge


def net_size(edge: float) -> tuple[float, float]:
    """The net's bounding box: three faces and a tab each side across, four faces and a tab down."""
    t = tab_depth(edge)
    return 3 * edge + 2 * t, 4 * edge + t


def _net_origin(edge: float) -> Point:
    """Where the net's (column 0, row 0) corner lies, the net centred on its bounding box."""
    w, h = net_size(edge)
    t = tab_depth(edge)
    return -w / 2 + t, -h / 2 + t


def net_face_centre(edge: float, index: int) -> Point:
    """The centre of the net's face for the designer's ``index``-th face (0-based)."""
    ox, oy = _net_origin(edge)
    col, row = NET_CELLS[index]
    return ox + (col + 0.5) * edge, oy + (row + 0.5) * edge


# The net's outline walked clockwise (y down) in faces from the top face's top-left corner: 14 sides,
# seven seams of two; the sides marked True carry the seam's one glue tab.
_WALK = (((1, 0), True), ((2, 0), False), ((2, 1), True), ((3, 1), True), ((3, 2), True), ((2, 2), False),
         ((2, 3), False), ((2, 4), False), ((1, 4), False), ((1, 3), False), ((1, 2), True), ((0, 2), True),
         ((0, 1), True), ((1, 1), False))
# seams: each pair of sides (by their starting corner's place in _WALK) glued together when folded
SEAMS = ((0, 7), (1, 2), (3, 6), (4, 5), (9, 10), (8, 11), (12, 13))


def net_sides(edge: float) -> list[tuple[Point, Point, bool]]:
    """The net's 14 outer sides (from, to, has a tab), clockwise, in mm about the net's centre."""
    ox, oy = _net_origin(edge)
    corners = [(ox + c * edge, oy + r * edge) for (c, r), _ in _WALK]
    return [(corners[i], corners[(i + 1) % len(corners)], _WALK[i][1]) for i in range(len(corners))]


def tab(a: Point, b: Point, depth: float) -> list[Point]:
    """The glue tab on side a -> b (clockwise): a trapezoid outward, its ends at 45 degrees."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy)
    ux, uy = dx / length, dy / length
    nx, ny = uy, -ux  # outward
    return [a, (a[0] + (nx + ux) * depth, a[1] + (ny + uy) * depth),
            (b[0] + (nx - ux) * depth, b[1] + (ny - uy) * depth), b]


def net_tabs(edge: float) -> list[list[Point]]:
    depth = tab_depth(edge)
    return [tab(a, b, depth) for a, b, has in net_sides(edge) if has]


def net_outline(edge: float) -> list[Point]:
    """The net's cut line: its outline with the seven tabs, clockwise."""
    depth = tab_depth(edge)
    out: list[Point] = []
    for a, b, has in net_sides(edge):
        out.extend(tab(a, b, depth)[:3] if has else [a])
    return out


def net_folds(edge: float) -> list[tuple[Point, Point]]:
    """Every fold: the five between faces and the base of each tab."""
    ox, oy = _net_origin(edge)

    def at(c: float, r: float) -> Point:
        return ox + c * edge, oy + r * edge
    inner = [(at(1, 1), at(2, 1)), (at(1, 1), at(1, 2)), (at(2, 1), at(2, 2)), (at(1, 2), at(2, 2)),
             (at(1, 3), at(2, 3))]
    return inner + [(a, b) for a, b, has in net_sides(edge) if has]


def die_box(sides: int, printed: str, edge: float) -> tuple[float, float]:
    """The width and height of one printed piece: the net, or one sticker."""
    if printed == DiePrint.NET:
        return net_size(edge)
    pts = face_polygon(sides, edge)
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return max(xs) - min(xs), max(ys) - min(ys)


def edge_of(sides: int, printed: str, width: float) -> float:
    """The edge (size_mm) of a die whose printed piece is ``width`` wide: every shape scales with it."""
    return width / die_box(sides, printed, 1.0)[0]


def die_outline(sides: int, printed: str, edge: float) -> list[Point]:
    """The cut line of one printed piece: the net with its tabs, or one sticker."""
    return net_outline(edge) if printed == DiePrint.NET else face_polygon(sides, edge)


def die_of(spec: dict, width: float) -> tuple[int, str, float]:
    """(sides, print, edge) of a loaded die component: its spec and its printed piece's width."""
    sides, printed = int(spec["sides"]), str(spec.get("print", DiePrint.STICKERS))
    return sides, printed, edge_of(sides, printed, width)
