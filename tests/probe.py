"""A drawing surface that only remembers what was drawn, in piece millimetres: every text run (its
size, where and in what colour) and every path (its bounds and style). Tests draw one piece on it
and check what a player would measure with a ruler."""

from __future__ import annotations

from dataclasses import dataclass

from generator.draw.surface import MM_PER_PT, Surface


@dataclass
class Run:
    text: str
    x: float
    y: float  # baseline, mm
    size_pt: float
    font: str
    fill: str
    anchor: str

    @property
    def cap_mm(self) -> float:
        """Height of a capital letter (Vera Sans: 0.729 em)."""
        return self.size_pt * MM_PER_PT * 0.729


@dataclass
class Mark:
    bounds: tuple[float, float, float, float]
    fill: str | None
    stroke: str | None
    width_mm: float


class Probe(Surface):
    def __init__(self) -> None:
        self.runs: list[Run] = []
        self.marks: list[Mark] = []
        self._stack: list[tuple[float, float, float]] = []
        self._t = (0.0, 0.0, 1.0)  # translate x, y and a uniform scale

    def begin_page(self, width_mm, height_mm, *, trim_box_mm=None, bleed_box_mm=None, label=""):
        pass

    def end_page(self):
        pass

    def finish(self):
        return b""

    def save(self):
        self._stack.append(self._t)

    def restore(self):
        self._t = self._stack.pop()

    def translate(self, dx_mm, dy_mm):
        x, y, k = self._t
        self._t = (x + dx_mm * k, y + dy_mm * k, k)

    def rotate(self, degrees):
        pass

    def scale(self, sx, sy):
        x, y, k = self._t
        self._t = (x, y, k * sx)

    def clip(self, path):
        pass

    def _map(self, px, py):
        x, y, k = self._t
        return x + px * k, y + py * k

    def draw(self, path, style):
        if not path.ops:
            return
        x0, y0, x1, y1 = path.bounds()
        ax, ay = self._map(x0, y0)
        bx, by = self._map(x1, y1)
        self.marks.append(Mark((ax, ay, bx, by), style.fill, style.stroke, style.width_mm * self._t[2]))

    def text(self, x_mm, y_mm, text, *, size_pt, font="regular", fill="#000000", anchor="start"):
        x, y = self._map(x_mm, y_mm)
        self.runs.append(Run(text, x, y, size_pt * self._t[2], font, fill, anchor))

    def define(self, name, bbox_mm, draw):
        pass

    def use(self, name, x_mm=0.0, y_mm=0.0):
        pass

    def has(self, name):
        return False
