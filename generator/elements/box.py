"""box: a rounded rectangle, plain or painted as a terrain, with an optional label, icon and text."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..art.colour import ink_for, mix
from ..art.paint import draw_icon, terrain_pattern
from ..art.richtext import draw_line, draw_text, fit_lines, named_fonts, wrap
from ..art.textblock import draw_sections
from ..base.notices import warn
from ..base.vocabulary import Anchor
from ..draw.surface import MM_PER_PT, Path, Style, Surface
from ..source.schema import Key, enum, integer, num
from .keys import (
    AT,
    AT_MM,
    DASH_MM,
    FILL,
    FONT,
    ICON,
    INK,
    LABEL,
    OVER_MAP,
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


class Box(Element, kind="box"):
    COVERS = True
    at_mm: list[float] = field(AT_MM)  # the top-left corner
    at: Any = field(AT)
    over_map: bool = field(OVER_MAP, False)
    size_mm: list[float] = field(SIZE_MM, [20, 20])
    fill: str | None = field(FILL)
    stroke: str | None = field(STROKE)  # default: the board's ink
    width_mm: float = field(WIDTH_MM, 0.4)
    dash_mm: list[float] | None = field(DASH_MM)  # a dashed edge (Squib's rect dash:, a safe zone)
    label: Any = field(LABEL)  # small and bold in the top-left corner
    icon: str | None = field(ICON)
    text: Any = field(TEXT_KEY)  # wrapped and shrunk to fit the box
    size_pt: float = field(SIZE_PT, 9)
    ink: str | None = field(INK)
    font: str | None = field(FONT)
    terrain: str | None = field(TERRAIN)
    radius_mm: float = field(Key(num(0, 2500), doc="box: the corners' radius (0: square corners; default 1.5; "
                                                   "half the side: a disc)"), 1.5)
    opacity: float = field(Key(num(0, 1), doc="box: 1 opaque (default) to 0 invisible; flattened to the colour "
                                              "it makes over white paper in --print-shop files"), 1.0)
    valign: str | None = field(Key(enum("top", "middle", "bottom"),
                                   doc="box: where the text sits in the box (default top)"))
    align: str | None = field(Key(enum("left", "centre", "right"),
                                  doc="box: where each line of the text sits across the box (default centre)"))
    max_lines: int | None = field(Key(integer(1, 100), doc="box: the text shrinks until it takes at most this "
                                                           "many lines (down to min_pt; past it, the lines after "
                                                           "are left out)"))
    padding_mm: float = field(Key(num(0, 50), doc="box: the room between the box's edge and its text (default "
                                                     "1.5; 0 lets a number fill a small disc)"), 1.5)
    min_pt: float | None = field(Key(num(4, 200), doc="box: the smallest size the text shrinks to, to fit "
                                                      "(default 6)"))

    def draw(self, s: Surface, game: Game, ink: str) -> None:
        x, y = self.at_mm[:2]
        w, h = self.size_mm[:2]
        t = game.terrain.get(self.terrain) if self.terrain else None
        fill = self.fill or (t["fill"] if t else None)
        radius = min(float(self.radius_mm), w / 2, h / 2)
        outline = Path.rounded_rect(x, y, w, h, radius) if radius > 0 else Path.rect(x, y, w, h)
        stroke = self.el.get("stroke", ink)
        dash = tuple(self.dash_mm) if self.dash_mm else None
        edge = Style(fill=None if fill in (None, "none") else fill, stroke=None if stroke == "none" else stroke,
                     width_mm=self.width_mm, opacity=float(self.opacity), dash_mm=dash)
        if t:  # fill, then the pattern, then the edge over it
            s.draw(outline, Style(fill=fill, opacity=float(self.opacity)))
            terrain_pattern(s, t, outline, (x, y, x + w, y + h), fill or t["fill"], ink)
            edge = Style(stroke=edge.stroke, width_mm=edge.width_mm, opacity=edge.opacity, dash_mm=dash)
        s.draw(outline, edge)
        seen = fill if float(self.opacity) >= 1 or fill in (None, "none") else \
            mix(fill, "#ffffff", 1 - float(self.opacity))  # a translucent fill as it shows on paper
        text_ink = self.ink or (t.get("ink") if t else None) or (
            ink_for(seen) if fill not in (None, "none") else ink)
        fam, base = named_fonts(game, self.font)
        label = self.label
        if label:
            draw_text(s, x + 1.5, y + 3.2, str(label), 7, ink=text_ink, family=fam, base="bold", icons=game.icons)
        if self.icon is not None and self.icon in game.icons:
            size = min(w, h) * 0.55
            draw_icon(s, game.icons[self.icon], x + w / 2, y + h / 2 + (1.5 if label else 0), size,
                      mix(text_ink, fill or "#ffffff", 0.15))
        pad = float(self.padding_mm)
        room = (x + pad, y + (5 if label else pad), w - 2 * pad, h - (5 + pad if label else 2 * pad))
        if self.text and self.valign is None and self.max_lines is None and self.min_pt is None:
            draw_sections(s, [{"text": str(self.text)}], *room, max_pt=float(self.size_pt), min_pt=6, ink=text_ink,
                          align=self._anchor(), family=fam, icons=game.icons, where=self.where)
        elif self.text:
            self._fitted_text(s, game, room, text_ink, fam, base)

    def _fitted_text(self, s: Surface, game: Game, box: tuple[float, float, float, float], ink: str,
                     fam: Any, base: str) -> None:
        """The text shrunk to its box (and to max_lines), down to min_pt, placed by valign."""
        x, y, w, h = box
        text = str(self.text)
        low = float(self.min_pt or 6)
        size, lines, fits = fit_lines(text, w, h, float(self.size_pt), min(low, float(self.size_pt)), fam, base)
        most = self.max_lines
        if most is not None:
            while len(lines) > most and size > low:
                size = max(low, round(size - 0.25, 2))
                lines = wrap(text, w, size, fam, base)
            if len(lines) > most:
                warn(self.where, f"the text takes {len(lines)} lines at {size:g} pt (min_pt) but max_lines is "
                                 f"{most}: the lines after the {most}th are left out; shorten the text")
                lines = lines[:most]
        elif not fits:
            warn(self.where, f"the text of this box element does not fit it at {size:g} pt (min_pt): the last "
                             f"lines run past it; shorten the text, or make the box (size_mm) larger")
        lead = size * MM_PER_PT * 1.2
        spare = max(0.0, h - len(lines) * lead)
        top = y + {"middle": spare / 2, "bottom": spare}.get(self.valign or "top", 0.0)
        anchor = self._anchor()
        lx = {Anchor.START: x, Anchor.END: x + w}.get(anchor, x + w / 2)
        for i, line in enumerate(lines):
            draw_line(s, lx, top + size * MM_PER_PT * (0.85 + 1.2 * i), line, size, ink=ink, family=fam,
                      anchor=anchor, icons=game.icons)

    def _anchor(self) -> Anchor:
        """Squib's and nanDECK's align: left, center, right."""
        return {"left": Anchor.START, "right": Anchor.END}.get(self.align or "centre", Anchor.MIDDLE)
