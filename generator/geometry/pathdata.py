"""SVG path data, all of it: ``M L H V C S Q T A Z`` in upper (absolute) and lower (relative) case,
numbers as SVG writes them (``-.5.5``, ``1e-3``, commas or none), repeated arguments, and arc flags
written together (``a25 25 0 1150 50``).

:func:`parse` turns the text into absolute moves, lines, cubic curves and closes (quadratics and
arcs become cubics), so every backend draws the same thing. :func:`problem` is what validation asks:
the first thing wrong with the text as a sentence (a letter that is not a command, a command short of
numbers, a number that is not finite, no move first, too long), or ``None``. Whatever
:func:`problem` accepts, :func:`parse` draws.

>>> parse("M10 10 h20 v20 z")
[('M', 10.0, 10.0), ('L', 30.0, 10.0), ('L', 30.0, 30.0), ('Z',)]
>>> problem("L 10 10")
'path data must start with a move (M or m), not L'
"""

from __future__ import annotations

import math
import re

MAX_CHARS = 20_000  # characters in one path (a detailed icon is 2,000-8,000)
MAX_SEGMENTS = 4_000  # commands in one path, counting repeats and each arc as one

ARITY = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2, "A": 7, "Z": 0}
_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_SPACE = " \t\n\r\f,"


class PathError(ValueError):
    """Path data that cannot be drawn; the message is a sentence for the user."""


def _show(text: str) -> str:
    return repr(text if len(text) <= 20 else text[:20] + "...")


def _commands(data: str) -> list[tuple[str, list[list[float]]]]:
    """The text as (command letter, argument groups), checked: arity, finite numbers, move first."""
    if not isinstance(data, str):
        raise PathError(f"path data is text like \"M 10 10 L 90 10 Z\", not {type(data).__name__}")
    if len(data) > MAX_CHARS:
        raise PathError(f"path data of {len(data):,} characters; at most {MAX_CHARS:,}")
    reader = _Reader(data)
    out: list[tuple[str, list[list[float]]]] = []
    while reader.i < reader.n:
        ch = reader.command(first=not out)
        out.append((ch, reader.groups(ch)))
    if not out:
        raise PathError("path data is empty; give at least a move, like \"M 10 10 L 90 90\"")
    return out


class _Reader:
    """Path data read left to right: commands, and each command's groups of numbers."""

    def __init__(self, data: str):
        self.data, self.n = data, len(data)
        self.segments = 0
        self.i = self.skip(0)

    def skip(self, j: int) -> int:
        while j < self.n and self.data[j] in _SPACE:
            j += 1
        return j

    def command(self, first: bool) -> str:
        data, i = self.data, self.i
        ch = data[i]
        if ch.upper() not in ARITY:
            raise PathError(f"{_show(data[i:])} at character {i + 1}: expected a command letter "
                            "(M L H V C S Q T A Z)" if not (ch.isdigit() or ch in "+-.") else
                            f"a number at character {i + 1} with no command before it; path data "
                            "must start with a move (M or m)")
        if first and ch not in "Mm":
            raise PathError(f"path data must start with a move (M or m), not {ch}")
        self.i = self.skip(i + 1)
        return ch

    def groups(self, ch: str) -> list[list[float]]:
        """The command's groups of arguments: one, or as many as follow it (an implicit repeat)."""
        arity = ARITY[ch.upper()]
        groups: list[list[float]] = []
        if arity == 0:
            self.count()
            return groups
        while True:
            group = self.group(ch, arity, bool(groups))
            if len(group) < arity:
                break
            groups.append(group)
            self.count()
            if self.i >= self.n or not _NUMBER.match(self.data, self.i):
                break
        return groups

    def count(self) -> None:
        self.segments += 1
        if self.segments > MAX_SEGMENTS:
            raise PathError(f"path data with more than {MAX_SEGMENTS:,} segments; simplify the icon")

    def group(self, ch: str, arity: int, more: bool) -> list[float]:
        """One group of ``arity`` numbers (fewer: none follows, where a repeat may end)."""
        data = self.data
        group: list[float] = []
        for k in range(arity):
            if ch in "Aa" and k in (3, 4):  # flags: one character each, separators optional
                if self.i < self.n and data[self.i] in "01":
                    group.append(float(data[self.i]))
                    self.i = self.skip(self.i + 1)
                    continue
                raise PathError(f"command {ch} (arc): argument {k + 1} is a flag, 0 or 1 (at character {self.i + 1})")
            match = _NUMBER.match(data, self.i)
            if match is None:
                if group or not more:
                    found = "the end" if self.i >= self.n else _show(data[self.i:])
                    raise PathError(f"command {ch} needs {arity} number{'s' if arity > 1 else ''} "
                                    f"each time; found {found} after {len(group)} (character {self.i + 1})")
                break
            value = float(match.group())
            if not math.isfinite(value):
                raise PathError(f"{_show(match.group())} at character {self.i + 1} is not a finite number")
            group.append(value)
            self.i = self.skip(match.end())
        return group


def problem(data: object) -> str | None:
    """The first thing wrong with ``data`` as path data, or None if it draws."""
    try:
        ops = parse(data)  # type: ignore[arg-type]
    except PathError as exc:
        return str(exc)
    except OverflowError:  # an arc whose radius is tiny beside its reach
        return "path data runs out of finite numbers (coordinates too large)"
    for op in ops:
        if not all(math.isfinite(v) for v in op[1:]):  # e.g. 1e308 + 1e308 in relative steps
            return "path data runs out of finite numbers (coordinates too large)"
    for op in ops:
        if any(abs(v) > PATH_REACH for v in op[1:]):  # a PDF writes each number out in full
            return (f"path data reaches {max(abs(v) for v in op[1:]):g}, far outside the 100 x 100 box "
                    f"(coordinates stay within {PATH_REACH:,.0f} of it)")
    return None


PATH_REACH = 10_000.0  # box units: a hundred boxes of 100 either way


def parse(data: str) -> list[tuple]:
    """Absolute ('M', x, y), ('L', x, y), ('C', x1, y1, x2, y2, x, y) and ('Z',) operations."""
    ops: list[tuple] = []
    x = y = sx = sy = 0.0
    cx2: float | None = None  # the last cubic's second control point (for S)
    cy2: float | None = None
    qx: float | None = None  # the last quadratic's control point (for T)
    qy: float | None = None
    for ch, groups in _commands(data):
        c = ch.upper()
        rel = ch != c
        if c == "Z":
            ops.append(("Z",))
            x, y = sx, sy
            cx2 = cy2 = qx = qy = None
            continue
        for index, g in enumerate(groups):
            ox, oy = (x, y) if rel else (0.0, 0.0)
            last_c, last_q = (cx2, cy2), (qx, qy)
            cx2 = cy2 = qx = qy = None
            if c == "M" and index == 0:
                x, y = ox + g[0], oy + g[1]
                sx, sy = x, y
                ops.append(("M", x, y))
            elif c in "ML":  # a move's further pairs are lines
                x, y = ox + g[0], oy + g[1]
                ops.append(("L", x, y))
            elif c == "H":
                x = ox + g[0]
                ops.append(("L", x, y))
            elif c == "V":
                y = oy + g[0]
                ops.append(("L", x, y))
            elif c in "CS":
                if c == "C":
                    x1, y1 = ox + g[0], oy + g[1]
                    rest = g[2:]
                else:  # the first control point mirrors the last curve's second, or is the current point
                    x1, y1 = (2 * x - lc0, 2 * y - lc1) if (lc0 := last_c[0]) is not None and (lc1 := last_c[1]) is not None \
                        else (x, y)
                    rest = g
                x2, y2, ex, ey = ox + rest[0], oy + rest[1], ox + rest[2], oy + rest[3]
                ops.append(("C", x1, y1, x2, y2, ex, ey))
                cx2, cy2 = x2, y2
                x, y = ex, ey
            elif c in "QT":
                if c == "Q":
                    px, py, ex, ey = ox + g[0], oy + g[1], ox + g[2], oy + g[3]
                else:
                    px, py = (2 * x - lq0, 2 * y - lq1) if (lq0 := last_q[0]) is not None and (lq1 := last_q[1]) is not None \
                        else (x, y)
                    ex, ey = ox + g[0], oy + g[1]
                ops.append(("C", x + 2 / 3 * (px - x), y + 2 / 3 * (py - y),
                            ex + 2 / 3 * (px - ex), ey + 2 / 3 * (py - ey), ex, ey))
                qx, qy = px, py
                x, y = ex, ey
            else:  # A
                ex, ey = ox + g[5], oy + g[6]
                ops.extend(arc(x, y, g[0], g[1], g[2], bool(g[3]), bool(g[4]), ex, ey))
                x, y = ex, ey
    return ops


def arc(x1: float, y1: float, rx: float, ry: float, rotation_deg: float, large: bool, sweep: bool,
        x2: float, y2: float) -> list[tuple]:
    """An elliptical arc as cubic curves (SVG 1.1, implementation notes F.6.5 and F.6.6)."""
    if x1 == x2 and y1 == y2:
        return []
    rx, ry = abs(rx), abs(ry)
    if rx == 0 or ry == 0:
        return [("L", x2, y2)]
    phi = math.radians(rotation_deg % 360)
    cos_p, sin_p = math.cos(phi), math.sin(phi)
    dx, dy = (x1 - x2) / 2, (y1 - y2) / 2
    x1p = cos_p * dx + sin_p * dy
    y1p = -sin_p * dx + cos_p * dy
    scale = (x1p / rx) ** 2 + (y1p / ry) ** 2
    if scale > 1:  # radii too small to reach: scale them up just enough
        root = math.sqrt(scale)
        rx, ry = rx * root, ry * root
    num = rx * rx * ry * ry - rx * rx * y1p * y1p - ry * ry * x1p * x1p
    den = rx * rx * y1p * y1p + ry * ry * x1p * x1p
    coef = math.sqrt(max(0.0, num / den)) if den else 0.0
    if large == sweep:
        coef = -coef
    cxp, cyp = coef * rx * y1p / ry, -coef * ry * x1p / rx
    cx = cos_p * cxp - sin_p * cyp + (x1 + x2) / 2
    cy = sin_p * cxp + cos_p * cyp + (y1 + y2) / 2

    def angle(ux: float, uy: float, vx: float, vy: float) -> float:
        return math.atan2(ux * vy - uy * vx, ux * vx + uy * vy)

    theta = angle(1, 0, (x1p - cxp) / rx, (y1p - cyp) / ry)
    delta = angle((x1p - cxp) / rx, (y1p - cyp) / ry, (-x1p - cxp) / rx, (-y1p - cyp) / ry)
    if not sweep and delta > 0:
        delta -= 2 * math.pi
    elif sweep and delta < 0:
        delta += 2 * math.pi
    pieces = max(1, math.ceil(abs(delta) / (math.pi / 2) - 1e-9))
    step = delta / pieces
    k = 4 / 3 * math.tan(step / 4)
    ops: list[tuple] = []

    def point(t: float) -> tuple[float, float, float, float]:
        """A point of the ellipse and its derivative direction at parameter t."""
        ct, st = math.cos(t), math.sin(t)
        px = cx + rx * ct * cos_p - ry * st * sin_p
        py = cy + rx * ct * sin_p + ry * st * cos_p
        dxt = -rx * st * cos_p - ry * ct * sin_p
        dyt = -rx * st * sin_p + ry * ct * cos_p
        return px, py, dxt, dyt

    t = theta
    px, py, dpx, dpy = point(t)
    for i in range(pieces):
        t2 = theta + step * (i + 1)
        qx, qy, dqx, dqy = point(t2)
        if i == pieces - 1:
            qx, qy = x2, y2  # end exactly where the data says
        ops.append(("C", px + k * dpx, py + k * dpy, qx - k * dqx, qy - k * dqy, qx, qy))
        px, py, dpx, dpy = qx, qy, dqx, dqy
    return ops
