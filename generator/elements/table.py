"""table: rows of cells with an optional header and heading, the text shrunk to fit the box."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..art.richtext import named_fonts
from ..art.textblock import draw_sections
from .keys import (
    AT,
    AT_MM,
    FONT,
    HEADER,
    INK,
    LABEL,
    OVER_MAP,
    ROWS,
    SIZE_MM,
    SIZE_PT,
    WIDTHS,
)
from .kind import Element, field

if TYPE_CHECKING:
    from ..draw.surface import Surface
    from ..model.game import Game


class Table(Element, kind="table"):
    COVERS = True
    NEEDS = ("rows",)  # without them it prints an empty frame
    at_mm: list[float] = field(AT_MM)  # the top-left corner
    at: Any = field(AT)
    over_map: bool = field(OVER_MAP, False)
    size_mm: list[float] = field(SIZE_MM, [80, 40])
    rows: list[Any] | None = field(ROWS)
    widths: list[float] | None = field(WIDTHS)  # the columns' relative widths
    label: Any = field(LABEL)  # a heading over the rows
    size_pt: float = field(SIZE_PT, 9)  # the largest size; smaller to fit
    ink: str | None = field(INK)
    header: list[Any] | None = field(HEADER)
    font: str | None = field(FONT)

    def draw(self, s: Surface, game: Game, ink: str) -> None:
        x, y = self.at_mm[:2]
        w, h = self.size_mm[:2]
        section = {"rows": self.rows or [], "widths": self.widths, "header": self.header}
        if self.label:
            section["heading"] = self.label
        fam, _ = named_fonts(game, self.font)
        draw_sections(s, [section], x, y, w, h, max_pt=float(self.size_pt), min_pt=6, ink=self.ink_or(ink),
                      family=fam, icons=game.icons, where=self.where)
