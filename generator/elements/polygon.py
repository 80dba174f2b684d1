"""polygon: a closed shape (plain, or painted as a terrain), with optional text and an icon at its
centre. Its points are offsets from at_mm."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..art.colour import ink_for
from ..art.paint import draw_icon, terrain_pattern
from ..art.richtext import draw_text, named_fonts
from ..base.vocabulary import Anchor
from ..draw.surface import MM_PER_PT, Path, Style, Surface
from .keys import (
    AT,
    AT_MM,
    DASH_MM,
    FILL,
    FONT,
    ICON,
    INK,
    LABEL,
    POINTS_MM,
    SIZE_MM,
    SIZE_PT,
    STROKE,
    TERRAIN,
    TEXT_KEY,
    WIDTH_MM,
)
from .kind import Element, field

if TYPE_CHECKING:
    from ..model.game import Game


class Polygon(Element, kind="polygon"):
    NEEDS = ("points_mm",)  # without it, it prints nothing
    at_mm: list[float] = field(AT_MM)
    at: Any = field(AT)
    points_mm: list[list[float]] | None = field(POINTS_MM)
    fill: str | None = field(FILL)
    dash_mm: list[float] | None = field(DASH_MM)
    stroke: str | None = field(STROKE)  # default: the board's ink; none for no edge
    width_mm: float = field(WIDTH_MM, 0.4)
    text: Any = field(TEXT_KEY)
    size_pt: float = field(SIZE_PT, 8)
    font: str | None = field(FONT)  # default: bold
    ink: str | None = field(INK)
    icon: str | None = field(ICON)
    size_mm: list[float] = field(SIZE_MM, [10])  # the first number is the icon's size
    label: Any = field(LABEL)  # names the area for generators (Farlander's suggested map prints it there)
    terrain: str | None = field(TERRAIN)

    def draw(self, s: Surface, game: Game, ink: str) -> None:
        x, y = self.at_mm[:2]
        pts = [(x + p[0], y + p[1]) for p in self.points_mm or []]
        t = game.terrain.get(self.terrain) if self.terrain else None
        fill = self.fill or (t["fill"] if t else None)
        dash = tuple(self.dash_mm) if self.dash_mm else None
        stroke = self.stroke
        shape = Path.polygon(pts)
        edge = Style(fill=None if fill in (None, "none") else fill,
                     stroke=None if stroke == "none" else (stroke or ink), width_mm=self.width_mm, dash_mm=dash,
                     join="round")
        if t and pts:  # fill, then the pattern, then the edge over it
            s.draw(shape, Style(fill=fill))
            terrain_pattern(s, t, shape, (min(p[0] for p in pts), min(p[1] for p in pts),
                                          max(p[0] for p in pts), max(p[1] for p in pts)), fill or t["fill"], ink)
            edge = edge.replace(fill=None)
        s.draw(shape, edge)
        inks = self.el  # the element's own ink, else its terrain's
        if t and not inks.get("ink") and t.get("ink"):
            inks = {"ink": t["ink"]}
        if self.text:
            cx = sum(p[0] for p in pts) / len(pts)
            cy = sum(p[1] for p in pts) / len(pts)
            size = float(self.size_pt)
            fam, base = named_fonts(game, self.font, "bold")
            draw_text(s, cx, cy + size * MM_PER_PT * 0.35, str(self.text), size,
                      ink=inks.get("ink", ink_for(fill) if fill not in (None, "none") else ink),
                      family=fam, base=base, anchor=Anchor.MIDDLE, icons=game.icons)
        if self.icon is not None and self.icon in game.icons:
            cx = sum(p[0] for p in pts) / len(pts)
            cy = sum(p[1] for p in pts) / len(pts)
            size = self.size_mm[0]
            draw_icon(s, game.icons[self.icon], cx, cy - (size * 0.7 if self.text else 0), size,
                      inks.get("ink", ink))
