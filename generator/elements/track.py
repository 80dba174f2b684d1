"""track: a row (or rows) of numbered cells a marker moves along: a score, turn or resource track."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..art.colour import contrast, ink_for, mix
from ..art.richtext import draw_text, marked, rich_width
from ..base.vocabulary import Anchor
from ..draw.fonts import text_width_mm
from ..draw.surface import MM_PER_PT, Path, Style, Surface
from ..model.kinds import Outline
from ..source.schema import ID, Key, integer
from .keys import AT, AT_MM, CELL_MM, FILL, INK, LABEL, LABELS, OVER_MAP, STROKE
from .kind import Element, field

if TYPE_CHECKING:
    from ..model.game import Game


class Track(Element, kind="track"):
    COVERS = True
    at_mm: list[float] = field(AT_MM)  # the first cell's top-left corner
    at: Any = field(AT)
    over_map: bool = field(OVER_MAP, False)
    cells: int = field(Key(integer(1, 400)), 10)
    cell_mm: float = field(CELL_MM, 10)
    per_row: int | None = field(Key(integer(1, 400)))  # default: every cell in one row
    start: int = field(Key(integer(-1000, 1000)), 0)  # the first cell's number
    labels: list[Any] | None = field(LABELS)  # the cells' own words, instead of numbers
    fill: str = field(FILL, "#ffffff")
    label: Any = field(LABEL)  # a heading over the track
    ink: str | None = field(INK)
    stroke: str | None = field(STROKE)  # default: the ink, where it shows on the cells
    marker: str | None = field(Key(ID, doc="track: the component whose pieces sit in its cells (each must fit "
                                           "with 1 mm to spare)"))

    def rows(self) -> tuple[int, int, int]:
        """The number of cells, cells a row and rows."""
        n = int(self.cells)
        per_row = int(self.el.get("per_row", n))
        return n, per_row, -(-n // per_row)

    def box_mm(self) -> tuple[float, float, float, float]:
        x, y = float(self.at_mm[0]), float(self.at_mm[1])
        n, per_row, rows = self.rows()
        cell = float(self.cell_mm)
        return x, y, x + min(n, per_row) * cell, y + rows * cell

    def draw(self, s: Surface, game: Game, ink: str) -> None:
        ink = self.ink_or(ink)
        x, y = self.at_mm[:2]
        n, per_row, _ = self.rows()
        cell = float(self.cell_mm)
        start = int(self.start)
        labels = list(self.labels or [])
        fill = self.fill
        # the cells' edges in the ink where it shows on the cells (white ink on white cells would not)
        edge = self.stroke or (ink if contrast(ink, fill) >= 1.5 else ink_for(fill))
        if self.label:
            if marked(str(self.label)):
                draw_text(s, x, y - 1.5, str(self.label), 8, ink=ink, base="bold", icons=game.icons)
            else:
                s.text(x, y - 1.5, str(self.label), size_pt=8, font="bold", fill=ink)
        for i in range(n):
            cx = x + (i % per_row) * cell
            cy = y + (i // per_row) * cell
            s.rect(cx, cy, cell, cell, Style(fill=fill, stroke=edge, width_mm=0.3))
            text = str(labels[i]) if i < len(labels) else str(start + i)
            size = min(9.0, cell * 2.4)
            rich = marked(text)
            while size > 5 and (rich_width(text, size) if rich else text_width_mm(text, size)) > cell - 1:
                size -= 0.25
            if rich:  # **bold**, {icon:...}: drawn as rich text, measured without the markup
                draw_text(s, cx + cell / 2, cy + cell / 2 + size * MM_PER_PT * 0.36, text, size, ink=ink_for(fill),
                          anchor="middle", icons=game.icons)
                continue
            s.text(cx + cell / 2, cy + cell / 2 + size * MM_PER_PT * 0.36, text, size_pt=size, fill=ink_for(fill),
                   anchor=Anchor.MIDDLE)
        if self.marker:
            self._marker_place(s, game, self.marker, (x + cell / 2, y + cell / 2), mix(edge, fill, 0.45))

    @staticmethod
    def _marker_place(s: Surface, game: Game, marker: str, at: tuple[float, float], ink: str) -> None:
        """The outline of the track's marker, dashed, in its first cell: where the marker starts."""
        cx, cy = at
        try:
            comp = game.component(marker)
        except KeyError:
            return
        w, h = comp.size_mm
        style = Style(stroke=ink, width_mm=0.25, dash_mm=(0.8, 0.6))
        if comp.outline == Outline.ROUND:
            s.draw(Path.circle(cx, cy, w / 2), style)
        else:
            s.draw(Path.rect(cx - w / 2, cy - h / 2, w, h), style)
