"""A drawing surface for the sheet tests that records what is drawn, and the sheet drawn on it."""

from __future__ import annotations

from kingdom_helpers import rules

from generator.draw.surface import Path, Style, Surface
from solo.board import generate_map, rules_board
from solo.sheet import draw_sheet


class Recorder(Surface):
    """A Surface that records what is drawn (in page mm; the sheet uses no transforms)."""

    def __init__(self) -> None:
        self.texts: list[tuple[float, float, str, float, str]] = []
        self.fonts: list[str] = []
        self.paths: list[tuple[Path, Style]] = []
        self.page = (0.0, 0.0)

    def begin_page(self, width_mm, height_mm, *, trim_box_mm=None, bleed_box_mm=None, label=""):
        self.page = (width_mm, height_mm)

    def end_page(self): ...
    def finish(self): return b""
    def save(self): ...
    def restore(self): ...
    def translate(self, dx_mm, dy_mm): raise AssertionError("sheet draws in page coordinates")
    def rotate(self, degrees): raise AssertionError
    def scale(self, sx, sy): raise AssertionError
    def clip(self, path): ...
    def draw(self, path, style): self.paths.append((path, style))

    def text(self, x_mm, y_mm, text, *, size_pt, font="regular", fill="#000000", anchor="start"):
        self.texts.append((x_mm, y_mm, text, size_pt, anchor))
        self.fonts.append(font)

    def define(self, name, bbox_mm, draw): ...
    def use(self, name, x_mm=0.0, y_mm=0.0): ...
    def has(self, name): return False


def drawn(paper: str, seed: int | None = 7) -> tuple[Recorder, object]:
    r = rules()
    kmap = generate_map(rules_board(r), seed) if seed is not None else None
    rec = Recorder()
    lay = draw_sheet(rec, r, kmap, paper)
    return rec, lay
