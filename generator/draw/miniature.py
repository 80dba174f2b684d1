"""A drawing made small: an assembly page's miniature of a board, its words left out where they
would print smaller than a player can read (issue 38: labels at 2.4-5 pt)."""

from __future__ import annotations

from typing import Callable

from .surface import Path, Style, Surface

MIN_PT = 5.5  # words printed smaller than this are left out of a miniature


class Miniature(Surface):
    """Draws onto ``inner`` at the scale ``k`` the caller has set there; a line of text whose printed
    size (its size times every scale in force) falls under ``min_pt`` is not drawn. Art recorded
    once (forms) is recorded apart for the miniature, so the full-size pages keep their words."""

    def __init__(self, inner: Surface, k: float, min_pt: float = MIN_PT) -> None:
        self.inner, self.k, self.min_pt = inner, k, min_pt
        self._stack: list[float] = []

    def begin_page(self, width_mm: float, height_mm: float, *,
                   trim_box_mm: tuple[float, float, float, float] | None = None,
                   bleed_box_mm: tuple[float, float, float, float] | None = None,
                   label: str = "") -> None:
        raise RuntimeError("a miniature is drawn inside a page")

    def end_page(self) -> None:
        raise RuntimeError("a miniature is drawn inside a page")

    def finish(self) -> bytes:
        raise RuntimeError("a miniature is drawn inside a page")

    def save(self) -> None:
        self._stack.append(self.k)
        self.inner.save()

    def restore(self) -> None:
        self.k = self._stack.pop()
        self.inner.restore()

    def translate(self, dx_mm: float, dy_mm: float) -> None:
        self.inner.translate(dx_mm, dy_mm)

    def rotate(self, degrees: float) -> None:
        self.inner.rotate(degrees)

    def scale(self, sx: float, sy: float) -> None:
        self.k *= min(abs(sx), abs(sy))
        self.inner.scale(sx, sy)

    def clip(self, path: Path) -> None:
        self.inner.clip(path)

    def draw(self, path: Path, style: Style) -> None:
        self.inner.draw(path, style)

    def text(self, x_mm: float, y_mm: float, text: str, *, size_pt: float, font: str = "regular",
             fill: str = "#000000", anchor: str = "start") -> None:
        if size_pt * self.k >= self.min_pt - 1e-9:
            self.inner.text(x_mm, y_mm, text, size_pt=size_pt, font=font, fill=fill, anchor=anchor)

    def image(self, path: str, x_mm: float, y_mm: float, w_mm: float, h_mm: float) -> None:
        self.inner.image(path, x_mm, y_mm, w_mm, h_mm)

    def _name(self, name: str) -> str:
        return f"{name}@miniature-{self.k:.5f}"

    def define(self, name: str, bbox_mm: tuple[float, float, float, float],
               draw: Callable[[Surface], object]) -> None:
        k, min_pt = self.k, self.min_pt
        self.inner.define(self._name(name), bbox_mm, lambda t: draw(Miniature(t, k, min_pt)))

    def use(self, name: str, x_mm: float = 0.0, y_mm: float = 0.0) -> None:
        self.inner.use(self._name(name), x_mm, y_mm)

    def has(self, name: str) -> bool:
        return self.inner.has(self._name(name))
