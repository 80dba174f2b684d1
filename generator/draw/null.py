"""A surface that draws nothing: the elements of every face are "drawn" on it when a game is checked,
so what only drawing finds (a box's text that does not fit at its smallest size) is said by validate
as by build."""

from __future__ import annotations

from typing import Callable

from .surface import Path, Style, Surface


class NullSurface(Surface):
    """Every mark is dropped; art recorded for reuse is drawn at once (on this surface), so its own
    problems are found too."""

    def begin_page(self, width_mm: float, height_mm: float, *,
                   trim_box_mm: tuple[float, float, float, float] | None = None,
                   bleed_box_mm: tuple[float, float, float, float] | None = None,
                   label: str = "") -> None:
        pass

    def end_page(self) -> None:
        pass

    def finish(self) -> bytes:
        return b""

    def save(self) -> None:
        pass

    def restore(self) -> None:
        pass

    def translate(self, dx_mm: float, dy_mm: float) -> None:
        pass

    def rotate(self, degrees: float) -> None:
        pass

    def scale(self, sx: float, sy: float) -> None:
        pass

    def clip(self, path: Path) -> None:
        pass

    def draw(self, path: Path, style: Style) -> None:
        pass

    def text(self, x_mm: float, y_mm: float, text: str, *, size_pt: float, font: str = "regular",
             fill: str = "#000000", anchor: str = "start") -> None:
        pass

    def image(self, path: str, x_mm: float, y_mm: float, w_mm: float, h_mm: float) -> None:
        pass

    def define(self, name: str, bbox_mm: tuple[float, float, float, float],
               draw: Callable[[Surface], object]) -> None:
        draw(self)

    def use(self, name: str, x_mm: float = 0.0, y_mm: float = 0.0) -> None:
        pass

    def has(self, name: str) -> bool:
        return False
