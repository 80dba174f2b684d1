"""box: a rounded rectangle, plain or painted as a terrain, with an optional label, icon and text."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..components.art import draw_icon, ink_for, mix, terrain_pattern
from ..components.richtext import draw_text, named_fonts
from ..components.textblock import draw_sections
from ..draw.surface import Path, Style, Surface
from ..vocabulary import Anchor
from .keys import AT_MM, FILL, FONT, ICON, INK, LABEL, SIZE_MM, SIZE_PT, STROKE, TERRAIN, TEXT_KEY, WIDTH_MM
from .kind import Element, field

if TYPE_CHECKING:
    from ..model.game import Game


class Box(Element, kind="box"):
    COVERS = True
    at_mm: list[float] = field(AT_MM)  # the top-left corner
    size_mm: list[float] = field(SIZE_MM, [20, 20])
    fill: str | None = field(FILL)
    stroke: str | None = field(STROKE)  # default: the board's ink
    width_mm: float = field(WIDTH_MM, 0.4)
    label: Any = field(LABEL)  # small and bold in the top-left corner
    icon: str | None = field(ICON)
    text: Any = field(TEXT_KEY)  # wrapped and shrunk to fit the box
    size_pt: float = field(SIZE_PT, 9)
    ink: str | None = field(INK)
    font: str | None = field(FONT)
    terrain: str | None = field(TERRAIN)

    def draw(self, s: Surface, game: Game, ink: str) -> None:
        x, y = self.at_mm[:2]
        w, h = self.size_mm[:2]
        t = game.terrain.get(self.terrain) if self.terrain else None
        fill = self.fill or (t["fill"] if t else None)
        outline = Path.rounded_rect(x, y, w, h, 1.5)
        edge = Style(fill=None if fill in (None, "none") else fill, stroke=self.el.get("stroke", ink),
                     width_mm=self.width_mm)
        if t:  # fill, then the pattern, then the edge over it
            s.draw(outline, Style(fill=fill))
            terrain_pattern(s, t, outline, (x, y, x + w, y + h), fill, ink)
            edge = Style(stroke=edge.stroke, width_mm=edge.width_mm)
        s.draw(outline, edge)
        text_ink = self.ink or (t.get("ink") if t else None) or (
            ink_for(fill) if fill not in (None, "none") else ink)
        fam, base = named_fonts(game, self.font)
        label = self.label
        if label:
            draw_text(s, x + 1.5, y + 3.2, str(label), 7, ink=text_ink, family=fam, base="bold", icons=game.icons)
        if self.icon in game.icons:
            size = min(w, h) * 0.55
            draw_icon(s, game.icons[self.icon], x + w / 2, y + h / 2 + (1.5 if label else 0), size,
                      mix(text_ink, fill or "#ffffff", 0.15))
        if self.text:
            draw_sections(s, [{"text": str(self.text)}], x + 1.5, y + (5 if label else 1.5), w - 3,
                          h - (6.5 if label else 3), max_pt=float(self.size_pt), min_pt=6, ink=text_ink,
                          align=Anchor.MIDDLE, family=fam, icons=game.icons, where=self.where)
