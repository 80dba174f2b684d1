"""grid: a ruled table to write in (a record sheet): column headings, then empty rows."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..art.colour import contrast, ink_for, mix
from ..art.richtext import draw_text, marked
from ..draw.surface import MM_PER_PT, Style, Surface
from .keys import (
    AT,
    AT_MM,
    GRID_ROWS,
    INK,
    LABEL,
    LABELS,
    OVER_MAP,
    SIZE_MM,
    SIZE_PT,
    WIDTHS,
)
from .kind import Element, field

if TYPE_CHECKING:
    from ..model.game import Game


class Grid(Element, kind="grid"):
    COVERS = True
    at_mm: list[float] = field(AT_MM)  # the top-left corner
    at: Any = field(AT)
    over_map: bool = field(OVER_MAP, False)
    size_mm: list[float] = field(SIZE_MM, [180, 100])
    labels: list[Any] | None = field(LABELS)  # the column headings
    widths: list[float] | None = field(WIDTHS)  # the columns' relative widths (default: equal)
    grid_rows: int = field(GRID_ROWS, 10)
    size_pt: float = field(SIZE_PT, 8)
    label: Any = field(LABEL)  # a heading over the grid
    ink: str | None = field(INK)

    def draw(self, s: Surface, game: Game, ink: str) -> None:
        ink = self.ink_or(ink)
        x, y = self.at_mm[:2]
        w, h = self.size_mm[:2]
        heads = [str(t) for t in self.labels or []]
        weights = [float(v) for v in self.widths or [1] * max(1, len(heads))]
        rows = int(self.grid_rows)
        size = float(self.size_pt)
        if self.label:
            if marked(str(self.label)):
                draw_text(s, x, y - 1.5, str(self.label), size + 1, ink=ink, base="bold", icons=game.icons)
            else:
                s.text(x, y - 1.5, str(self.label), size_pt=size + 1, font="bold", fill=ink)
        head_h = size * MM_PER_PT * 1.9
        row_h = (h - head_h) / rows
        band = mix(ink, ink_for(ink), 0.88)  # a pale band under dark ink, a dark one under pale ink
        s.rect(x, y, w, head_h, Style(fill=band))
        line = Style(stroke=ink, width_mm=0.25)
        for i in range(rows + 1):
            yy = y + head_h + i * row_h
            s.line(x, yy, x + w, yy, line)
        s.line(x, y, x + w, y, line)
        cx = x
        for i, weight in enumerate(weights):
            cw = w * weight / sum(weights)
            if i < len(heads):
                head_ink = ink if contrast(ink, band) >= 3 else ink_for(band)
                if marked(heads[i]):  # **bold**, {icon:...}: rich text
                    draw_text(s, cx + 1.2, y + head_h / 2 + size * MM_PER_PT * 0.36, heads[i], size, ink=head_ink,
                              base="bold", icons=game.icons)
                else:
                    s.text(cx + 1.2, y + head_h / 2 + size * MM_PER_PT * 0.36, heads[i], size_pt=size, font="bold",
                           fill=head_ink)
            s.line(cx, y, cx, y + h, line)
            cx += cw
        s.line(x + w, y, x + w, y + h, line)
