"""The drawing interface every component draws against.

Units are millimetres, the origin is the top-left corner of the page (or of the box a component was
given) and y grows downwards, as on paper and in SVG. Font sizes are in points, as typographers say
them. Two backends implement it: :class:`generator.draw.pdf.PdfSurface` (reportlab) and
:class:`generator.draw.svg.SvgSurface` (svgwrite). A component never imports either backend.
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Callable, Iterable, Iterator, Sequence

from ..base.record import Value

PT_PER_MM = 72.0 / 25.4
MM_PER_PT = 25.4 / 72.0

Point = tuple[float, float]

# Bezier constant for a quarter circle.
_KAPPA = 0.5522847498307936


class Path:
    """A vector path: moves, lines, cubic curves and closes, in mm.

    >>> Path.rect(0, 0, 10, 5).bounds()
    (0.0, 0.0, 10.0, 5.0)
    """

    __slots__ = ("ops",)

    def __init__(self) -> None:
        self.ops: list[tuple] = []

    def move_to(self, x: float, y: float) -> "Path":
        self.ops.append(("M", float(x), float(y)))
        return self

    def line_to(self, x: float, y: float) -> "Path":
        self.ops.append(("L", float(x), float(y)))
        return self

    def curve_to(self, x1: float, y1: float, x2: float, y2: float, x: float, y: float) -> "Path":
        self.ops.append(("C", float(x1), float(y1), float(x2), float(y2), float(x), float(y)))
        return self

    def close(self) -> "Path":
        self.ops.append(("Z",))
        return self

    def extend(self, other: "Path") -> "Path":
        self.ops.extend(other.ops)
        return self

    # -- shapes -------------------------------------------------------------------------------
    @classmethod
    def polygon(cls, points: Iterable[Point], closed: bool = True) -> "Path":
        path = cls()
        for i, (x, y) in enumerate(points):
            if i == 0:
                path.move_to(x, y)
            else:
                path.line_to(x, y)
        if closed:
            path.close()
        return path

    @classmethod
    def rect(cls, x: float, y: float, w: float, h: float) -> "Path":
        x, y = float(x), float(y)
        x1, y1 = x + float(w), y + float(h)
        p = cls()
        p.ops = [("M", x, y), ("L", x1, y), ("L", x1, y1), ("L", x, y1), ("Z",)]  # polygon()'s ops
        return p

    @classmethod
    def rounded_rect(cls, x: float, y: float, w: float, h: float, r: float) -> "Path":
        r = max(0.0, min(r, w / 2, h / 2))
        if r == 0:
            return cls.rect(x, y, w, h)
        k = r * (1 - _KAPPA)
        p = cls().move_to(x + r, y).line_to(x + w - r, y)
        p.curve_to(x + w - k, y, x + w, y + k, x + w, y + r).line_to(x + w, y + h - r)
        p.curve_to(x + w, y + h - k, x + w - k, y + h, x + w - r, y + h).line_to(x + r, y + h)
        p.curve_to(x + k, y + h, x, y + h - k, x, y + h - r).line_to(x, y + r)
        p.curve_to(x, y + k, x + k, y, x + r, y)
        return p.close()

    @classmethod
    def circle(cls, cx: float, cy: float, r: float) -> "Path":
        k = r * _KAPPA
        p = cls().move_to(cx + r, cy)
        p.curve_to(cx + r, cy + k, cx + k, cy + r, cx, cy + r)
        p.curve_to(cx - k, cy + r, cx - r, cy + k, cx - r, cy)
        p.curve_to(cx - r, cy - k, cx - k, cy - r, cx, cy - r)
        p.curve_to(cx + k, cy - r, cx + r, cy - k, cx + r, cy)
        return p.close()

    @classmethod
    def line(cls, x1: float, y1: float, x2: float, y2: float) -> "Path":
        return cls().move_to(x1, y1).line_to(x2, y2)

    @classmethod
    def regular(cls, cx: float, cy: float, r: float, sides: int, rotation_deg: float = 0.0) -> "Path":
        """A regular polygon with corner radius ``r``; rotation 0 puts a corner at the right."""
        return cls.polygon(regular_points(cx, cy, r, sides, rotation_deg))

    @classmethod
    def star(cls, cx: float, cy: float, r_out: float, r_in: float, points: int = 5) -> "Path":
        pts = []
        for i in range(points * 2):
            r = r_out if i % 2 == 0 else r_in
            a = math.radians(-90 + i * 180 / points)
            pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
        return cls.polygon(pts)

    def points(self) -> list[Point]:
        out: list[Point] = []
        for op in self.ops:
            if op[0] in "ML":
                out.append((op[1], op[2]))
            elif op[0] == "C":
                out.extend([(op[1], op[2]), (op[3], op[4]), (op[5], op[6])])
        return out

    def bounds(self) -> tuple[float, float, float, float]:
        pts = self.points()
        xs = [p[0] for p in pts]
        ys = [p[1] for p in pts]
        return (min(xs), min(ys), max(xs), max(ys))


def regular_points(cx: float, cy: float, r: float, sides: int, rotation_deg: float = 0.0) -> list[Point]:
    return [
        (cx + r * math.cos(math.radians(rotation_deg + 360.0 * i / sides)),
         cy + r * math.sin(math.radians(rotation_deg + 360.0 * i / sides)))
        for i in range(sides)
    ]


@dataclass(frozen=True, slots=True)
class Style(Value):
    """How a path is painted. Colours are ``#rrggbb``; ``None`` means not painted. Equal and hashed by
    its fields, changed by ``replace``."""

    fill: str | None = None
    stroke: str | None = None
    width_mm: float = 0.25
    dash_mm: tuple[float, ...] | None = None
    join: str = "miter"  # miter | round | bevel
    cap: str = "butt"  # butt | round | square
    opacity: float = 1.0


FILL_BLACK = Style(fill="#000000")


class Surface(ABC):
    """Pages of vector drawing in mm, y down. See the module docstring."""

    # -- pages ----------------------------------------------------------------------------------
    @abstractmethod
    def begin_page(self, width_mm: float, height_mm: float, *,
                   trim_box_mm: tuple[float, float, float, float] | None = None,
                   bleed_box_mm: tuple[float, float, float, float] | None = None,
                   label: str = "") -> None:
        """Start a page. Boxes are (x, y, w, h) in page mm, y down."""

    @abstractmethod
    def end_page(self) -> None: ...

    @abstractmethod
    def finish(self) -> bytes:
        """Close the document and return its bytes (PDF) or raise for multi-file backends."""

    # -- graphics state -------------------------------------------------------------------------
    @abstractmethod
    def save(self) -> None: ...

    @abstractmethod
    def restore(self) -> None: ...

    @contextmanager
    def saved(self) -> Iterator["Surface"]:
        self.save()
        try:
            yield self
        finally:
            self.restore()

    @abstractmethod
    def translate(self, dx_mm: float, dy_mm: float) -> None: ...

    @abstractmethod
    def rotate(self, degrees: float) -> None:
        """Rotate clockwise (as seen on the page) about the current origin."""

    @abstractmethod
    def scale(self, sx: float, sy: float) -> None: ...

    @abstractmethod
    def clip(self, path: Path) -> None:
        """Clip everything that follows (until ``restore``) to ``path``."""

    # -- marks ----------------------------------------------------------------------------------
    @abstractmethod
    def draw(self, path: Path, style: Style) -> None: ...

    @abstractmethod
    def text(self, x_mm: float, y_mm: float, text: str, *, size_pt: float, font: str = "regular",
             fill: str = "#000000", anchor: str = "start") -> None:
        """Write one line with its baseline at ``y_mm``. ``anchor``: start, middle or end.
        ``font``: regular, bold, italic, bolditalic or mono."""

    def image(self, path: str, x_mm: float, y_mm: float, w_mm: float, h_mm: float) -> None:
        """Place a picture file (PNG, JPEG or SVG) stretched to the box (x, y, w, h); the caller keeps
        its proportions (art/images.py). Each file is stored once per document. Both backends
        implement it; a surface that cannot show pictures says so."""
        raise NotImplementedError(f"{type(self).__name__} cannot place pictures")

    # -- reuse ----------------------------------------------------------------------------------
    @abstractmethod
    def define(self, name: str, bbox_mm: tuple[float, float, float, float],
               draw: Callable[["Surface"], object]) -> None:
        """Record art once under ``name`` (a PDF form, an SVG symbol). ``bbox_mm`` is
        (x0, y0, x1, y1) in the art's own coordinates. Defining a name twice is ignored."""

    @abstractmethod
    def use(self, name: str, x_mm: float = 0.0, y_mm: float = 0.0) -> None:
        """Place art recorded with :meth:`define`, its origin at (x, y)."""

    @abstractmethod
    def has(self, name: str) -> bool: ...

    # -- conveniences built on the primitives ---------------------------------------------------
    def rect(self, x: float, y: float, w: float, h: float, style: Style) -> None:
        self.draw(Path.rect(x, y, w, h), style)

    def line(self, x1: float, y1: float, x2: float, y2: float, style: Style) -> None:
        self.draw(Path.line(x1, y1, x2, y2), style)

    def circle(self, cx: float, cy: float, r: float, style: Style) -> None:
        self.draw(Path.circle(cx, cy, r), style)

    def polygon(self, points: Sequence[Point], style: Style) -> None:
        self.draw(Path.polygon(points), style)

    def repeat(self, name: str, bbox_mm: tuple[float, float, float, float],
               draw: Callable[["Surface"], object]) -> None:
        """Draw ``draw`` here the first time ``name`` is asked for; from the second time on, record it
        once (:meth:`define`) and place it at the origin: art that may or may not recur (a card's
        ground, the same on a whole deck or on one card) costs a form only when it does recur."""
        if self.has(name):
            self.use(name)
            return
        seen = self.__dict__.setdefault("_drawn_once", set())
        if name in seen:
            self.define(name, bbox_mm, draw)
            self.use(name)
        else:
            seen.add(name)
            draw(self)

    def reuse(self, name: str, bbox_mm: tuple[float, float, float, float],
              draw: Callable[["Surface"], object], x_mm: float = 0.0, y_mm: float = 0.0) -> None:
        """Define on first use, then place."""
        if not self.has(name):
            self.define(name, bbox_mm, draw)
        self.use(name, x_mm, y_mm)
