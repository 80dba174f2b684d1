"""link: a line from one hex of a named hex grid (or a corner or side of it, or a point in mm) to another,
any distance apart: a warp line, a supply line, a railway between cities; straight or bowed, solid or
dashed, with an optional label along it. Its ends are read at load time (model/maps.py), so the
drawing sees two points."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from ..source.schema import POINT_MM, Key, OneOf, num
from .keys import (
    DASH_MM,
    FONT,
    GAP_MM,
    HEX_PLACE,
    INK,
    LABEL,
    SIZE_PT,
    STROKE,
    WIDTH_MM,
)
from .kind import Element, field

if TYPE_CHECKING:
    from ..draw.surface import Surface
    from ..model import Game

LINK_END = OneOf((POINT_MM, HEX_PLACE), "{grid: map, hex: \"0102\"} (optionally corner:, side:, offset_mm:) "
                                        "or a point [x, y] in mm")


class Link(Element, kind="link"):
    NEEDS = ("from", "to")
    # from: is a Python word, so the field is set by name (read as self.el["from"])
    vars()["from"] = field(Key(LINK_END, doc="link: where the line starts: {grid: map, hex: \"0102\"} (a "
                                                    "hex's centre, or its corner: or side:, moved by offset_mm:) "
                                                    "or [x, y] in mm"))
    to: Any = field(Key(LINK_END, doc="link: where the line ends, as from:"))
    stroke: str | None = field(STROKE)  # default: the board's ink
    width_mm: float = field(WIDTH_MM, 0.5)
    dash_mm: list[float] | None = field(DASH_MM)
    curve: float = field(Key(num(-2, 2), doc="link: bow the line sideways by this share of its length (0.2: a "
                                             "gentle arc bowing to the left as you go from from: to to:; "
                                             "negative: to the right)"), 0.0)
    gap_mm: float = field(GAP_MM, 0.0)
    label: Any = field(LABEL)
    size_pt: float = field(SIZE_PT, 7)
    font: str | None = field(FONT)
    ink: str | None = field(INK)

    def ends(self) -> tuple[tuple[float, float], tuple[float, float]]:
        """The two ends in mm (model/maps.py has turned each hex into a point)."""
        a, b = self.el["from"], self.el["to"]
        return (float(a[0]), float(a[1])), (float(b[0]), float(b[1]))

    def draw(self, s: Surface, game: Game, ink: str) -> None:
        from ..draw.surface import Path, Style  # drawing: not loaded to read the keys

        (x1, y1), (x2, y2) = self.ends()
        length = math.hypot(x2 - x1, y2 - y1)
        if length == 0:
            return
        ux, uy = (x2 - x1) / length, (y2 - y1) / length
        bow = float(self.curve) * length
        # the control point of a quadratic arc whose middle lies ``bow`` to the left of the chord's middle
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        cx, cy = mx + uy * 2 * bow, my - ux * 2 * bow
        gap = min(float(self.gap_mm), length / 2 - 0.01)
        if gap > 0:  # step each end towards the control point (straight: along the line)
            x1, y1 = _towards((x1, y1), (cx, cy), gap)
            x2, y2 = _towards((x2, y2), (cx, cy), gap)
        dash = tuple(self.dash_mm) if self.dash_mm else None
        style = Style(stroke=self.el.get("stroke", ink), width_mm=float(self.width_mm), dash_mm=dash, cap="round")
        path = Path().move_to(x1, y1)
        if bow:  # the quadratic arc as a cubic
            path.curve_to(x1 + 2 / 3 * (cx - x1), y1 + 2 / 3 * (cy - y1), x2 + 2 / 3 * (cx - x2),
                          y2 + 2 / 3 * (cy - y2), x2, y2)
        else:
            path.line_to(x2, y2)
        s.draw(path, style)
        if self.label not in (None, ""):
            self._label(s, game, ink, (mx + uy * bow, my - ux * bow), math.degrees(math.atan2(uy, ux)))

    def _label(self, s: Surface, game: Game, ink: str, at: tuple[float, float], angle: float) -> None:
        """The label along the line at its middle, reading left to right (never upside down), just above it."""
        from ..art.richtext import (  # drawing: not loaded to read the keys
            draw_text,
            named_fonts,
        )
        if angle > 90:
            angle -= 180
        elif angle < -90:
            angle += 180
        fam, base = named_fonts(game, self.font)
        lift = float(self.width_mm) / 2 + 0.8
        with s.saved():
            s.translate(*at)
            s.rotate(angle)
            draw_text(s, 0.0, -lift, str(self.label), float(self.size_pt), ink=self.ink_or(ink), family=fam,
                      base=base, anchor="middle", icons=game.icons)


def _towards(p: tuple[float, float], q: tuple[float, float], d: float) -> tuple[float, float]:
    dx, dy = q[0] - p[0], q[1] - p[1]
    n = math.hypot(dx, dy) or 1.0
    return p[0] + dx / n * d, p[1] + dy / n * d
