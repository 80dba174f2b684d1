"""Where a drawing puts its words: a surface that draws nothing and keeps, for each line of text, the
box it covers (x0, y0, x1, y1 in the surface's own mm, through every translate, rotate and scale).
The tiling of a board (layout/boardpages.py) draws the board once on it to keep its seams off words."""

from __future__ import annotations

import math
from typing import Callable

from .fonts import text_width_mm
from .surface import MM_PER_PT, Path, Style, Surface

Box = tuple[float, float, float, float]
Matrix = tuple[float, float, float, float, float, float]  # x' = a x + c y + e, y' = b x + d y + f

# a line's height about its baseline, in ems: the tallest accent above, the deepest descender below
ASCENT_EM = 0.95
DESCENT_EM = 0.25


def _then(m: Matrix, n: Matrix) -> Matrix:
    """``n`` applied first, then ``m`` (a local transform ``n`` under the current one ``m``)."""
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + c * B, b * A + d * B, a * C + c * D, b * C + d * D, a * E + c * F + e, b * E + d * F + f)


class TextBoxes(Surface):
    """Records the box of every text line drawn on it; paths, pictures and clips leave no trace."""

    def __init__(self) -> None:
        self.boxes: list[Box] = []
        self._m: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
        self._stack: list[Matrix] = []
        self._defined: dict[str, Callable[[Surface], object]] = {}

    def begin_page(self, width_mm, height_mm, *, trim_box_mm=None, bleed_box_mm=None, label=""):
        pass

    def end_page(self) -> None:
        pass

    def finish(self) -> bytes:
        return b""

    def save(self) -> None:
        self._stack.append(self._m)

    def restore(self) -> None:
        self._m = self._stack.pop()

    def translate(self, dx_mm: float, dy_mm: float) -> None:
        self._m = _then(self._m, (1.0, 0.0, 0.0, 1.0, dx_mm, dy_mm))

    def rotate(self, degrees: float) -> None:
        r = math.radians(degrees)  # clockwise on the page, y down
        self._m = _then(self._m, (math.cos(r), math.sin(r), -math.sin(r), math.cos(r), 0.0, 0.0))

    def scale(self, sx: float, sy: float) -> None:
        self._m = _then(self._m, (sx, 0.0, 0.0, sy, 0.0, 0.0))

    def clip(self, path: Path) -> None:
        pass

    def draw(self, path: Path, style: Style) -> None:
        pass

    def image(self, path: str, x_mm: float, y_mm: float, w_mm: float, h_mm: float) -> None:
        pass

    def text(self, x_mm: float, y_mm: float, text: str, *, size_pt: float, font: str = "regular",
             fill: str = "#000000", anchor: str = "start") -> None:
        if not text.strip():
            return
        w = text_width_mm(text, size_pt, font)
        x = x_mm - {"start": 0.0, "middle": w / 2, "end": w}.get(anchor, 0.0)
        em = size_pt * MM_PER_PT
        a, b, c, d, e, f = self._m
        corners = [(a * px + c * py + e, b * px + d * py + f)
                   for px in (x, x + w) for py in (y_mm - ASCENT_EM * em, y_mm + DESCENT_EM * em)]
        xs, ys = [p[0] for p in corners], [p[1] for p in corners]
        self.boxes.append((min(xs), min(ys), max(xs), max(ys)))

    def define(self, name: str, bbox_mm, draw: Callable[[Surface], object]) -> None:
        self._defined.setdefault(name, draw)

    def use(self, name: str, x_mm: float = 0.0, y_mm: float = 0.0) -> None:
        with self.saved():
            self.translate(x_mm, y_mm)
            self._defined[name](self)

    def has(self, name: str) -> bool:
        return name in self._defined


def text_boxes(painter: Callable[[Surface], None]) -> list[Box]:
    """The box of every line of text ``painter`` draws, in its own mm."""
    s = TextBoxes()
    painter(s)
    return s.boxes
