"""line: a straight line from one point to another, solid or dashed."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..draw.surface import Style, Surface
from .keys import AT, AT_MM, DASH_MM, STROKE, TO_MM, WIDTH_MM
from .kind import Element, field

if TYPE_CHECKING:
    from ..model.game import Game


class Line(Element, kind="line"):
    NEEDS = ("to_mm",)  # without it, it prints nothing
    at_mm: list[float] = field(AT_MM)
    at: Any = field(AT)
    to_mm: list[float] | None = field(TO_MM)
    dash_mm: list[float] | None = field(DASH_MM)
    stroke: str | None = field(STROKE)  # default: the board's ink
    width_mm: float = field(WIDTH_MM, 0.4)

    def draw(self, s: Surface, game: Game, ink: str) -> None:
        x, y = self.at_mm[:2]
        x2, y2 = (self.to_mm or [x, y])[:2]
        dash = tuple(self.dash_mm) if self.dash_mm else None
        s.line(x, y, x2, y2, Style(stroke=self.el.get("stroke", ink), width_mm=self.width_mm, dash_mm=dash))
