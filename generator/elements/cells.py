"""cells: a roll-and-write grid, rows x columns of boxes or circles to write in, each cell blank or
painted as a terrain, an icon or a text (from a map in YAML or a spreadsheet, cells_from:), with
row and column headings."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..art.colour import ink_for
from ..art.paint import draw_icon, terrain_pattern
from ..art.richtext import draw_text, marked, named_fonts, plain
from ..base.vocabulary import Anchor, icons_in
from ..draw.surface import MM_PER_PT, Path, Style, Surface
from ..source.schema import TEXT, Key, ListOf, MapOf, OneOf, Scalar, enum
from .keys import (
    AT,
    AT_MM,
    CELL_MM,
    COLUMNS,
    FILL,
    GAP_MM,
    GRID_ROWS,
    INK,
    SIZE_PT,
    STROKE,
    WIDTH_MM,
)
from .kind import Element, field

if TYPE_CHECKING:
    from ..model.game import Game

BLANK = ("", ".")
WORD = Scalar("word", lambda v: None if str(v).strip() and not any(c.isspace() for c in str(v))
              else f"expected a word without spaces; got {v!r}", {"type": "string", "pattern": "^\\S+$"})
HEADINGS = OneOf((enum("numbers", "letters"), ListOf(TEXT)), "numbers, letters or a list of texts")


def _shown_length(text: str) -> float:
    """A heading's length in characters as printed: its markup left out, an icon as two."""
    return len(plain(text)) + 1.7 * len(icons_in(text))


def letters(n: int) -> str:
    """0 -> A, 25 -> Z, 26 -> AA (spreadsheet columns)."""
    out = ""
    n += 1
    while n:
        n, rest = divmod(n - 1, 26)
        out = chr(65 + rest) + out
    return out


def headings(value: Any, n: int) -> list[str]:
    if value == "numbers":
        return [str(i + 1) for i in range(n)]
    if value == "letters":
        return [letters(i) for i in range(n)]
    return [str(v) for v in value or []]


class Cells(Element, kind="cells"):
    COVERS = True
    at_mm: list[float] = field(AT_MM)  # the top-left corner (of the headings, when there are any)
    at: Any = field(AT)
    grid_rows: int | None = field(GRID_ROWS)  # default: the map's rows, else 10
    columns: int | None = field(COLUMNS)  # default: the map's longest row, else 10
    cell_mm: float = field(CELL_MM, 8)
    gap_mm: float = field(GAP_MM, 0.0)
    cell_shape: str = field(Key(enum("square", "rounded", "circle"),
                                doc="cells: square (default), rounded (corners a fifth of the cell) or circle"),
                            "square")
    cell_map: list[Any] | None = field(Key(ListOf(ListOf(TEXT, "cells", single_ok=True), "rows of cells"),
                                           doc="cells: what each cell holds, a list of rows (or a text a row, "
                                               "its cells split at spaces): a terrain, an icon, a text, or "
                                               "blank (\"\" or .); cell_key: names them shortly"))
    cells_from: str | None = field(Key(TEXT, doc="cells: a .csv file in the game folder, a row of cells a "
                                                 "line, read as cell_map"))
    cell_key: dict[str, Any] | None = field(Key(MapOf(TEXT, "word: terrain, icon or text", key=WORD),
                                                doc="cells: short words of the map and what they stand for "
                                                    "({F: forest, \"*\": star})"))
    row_labels: Any = field(Key(HEADINGS, doc="cells: headings left of the rows: numbers, letters or a list"))
    column_labels: Any = field(Key(HEADINGS, doc="cells: headings over the columns: numbers, letters or a list"))
    fill: str | None = field(FILL)  # an empty cell's fill (default none)
    stroke: str | None = field(STROKE)  # default: the ink
    width_mm: float = field(WIDTH_MM, 0.3)
    size_pt: float = field(SIZE_PT, 8)
    ink: str | None = field(INK)

    def shape(self) -> tuple[int, int]:
        """(rows, columns): given, else the map's, else 10 x 10."""
        rows = [r if isinstance(r, list) else str(r).split() for r in self.cell_map or []]
        n_rows = self.grid_rows or len(rows) or 10
        n_cols = self.columns or max((len(r) for r in rows), default=0) or 10
        return int(n_rows), int(n_cols)

    def head_mm(self) -> tuple[float, float]:
        """(width of the row headings, height of the column headings) in mm; 0 without them."""
        line = float(self.size_pt) * MM_PER_PT
        left = max(line * 1.6, line * 0.62 * max((_shown_length(t) for t in headings(self.row_labels, self.shape()[0])),
                                                 default=0) + 2) if self.row_labels else 0.0
        top = line * 1.8 if self.column_labels else 0.0
        return left, top

    def box_mm(self) -> tuple[float, float, float, float]:
        rows, cols = self.shape()
        left, top = self.head_mm()
        step = float(self.cell_mm) + float(self.gap_mm)
        x, y = float(self.at_mm[0]), float(self.at_mm[1])
        return x, y, x + left + cols * step - float(self.gap_mm), y + top + rows * step - float(self.gap_mm)

    def draw(self, s: Surface, game: Game, ink: str) -> None:
        ink = self.ink_or(ink)
        rows, cols = self.shape()
        left, top = self.head_mm()
        cell, gap = float(self.cell_mm), float(self.gap_mm)
        x0, y0 = float(self.at_mm[0]) + left, float(self.at_mm[1]) + top
        size = float(self.size_pt)
        line = size * MM_PER_PT
        for c, text in enumerate(headings(self.column_labels, cols)[:cols]):
            self._heading(s, game, x0 + c * (cell + gap) + cell / 2, y0 - line * 0.6, text, ink, Anchor.MIDDLE)
        for r, text in enumerate(headings(self.row_labels, rows)[:rows]):
            self._heading(s, game, x0 - line * 0.5, y0 + r * (cell + gap) + cell / 2 + line * 0.36, text, ink,
                          Anchor.END)
        stroke = self.el.get("stroke", ink)
        edge = Style(stroke=None if stroke == "none" else stroke, width_mm=float(self.width_mm))
        grid = [r if isinstance(r, list) else str(r).split() for r in self.cell_map or []]
        key = {str(k): str(v) for k, v in (self.cell_key or {}).items()}
        for r in range(rows):
            for c in range(cols):
                x, y = x0 + c * (cell + gap), y0 + r * (cell + gap)
                outline = self._outline(x, y, cell)
                word = str(grid[r][c]).strip() if r < len(grid) and c < len(grid[r]) else ""
                word = key.get(word, word)
                t = game.terrain.get(word) if word not in BLANK else None
                fill = t["fill"] if t else self.fill
                if fill not in (None, "none"):
                    s.draw(outline, Style(fill=fill))
                if t:
                    terrain_pattern(s, t, outline, (x, y, x + cell, y + cell), t["fill"], ink)
                s.draw(outline, edge)
                if t or word in BLANK:
                    continue
                seen = ink if fill in (None, "none") else ink_for(fill)
                if word in game.icons:
                    draw_icon(s, game.icons[word], x + cell / 2, y + cell / 2, cell * 0.66, seen)
                else:
                    s.text(x + cell / 2, y + cell / 2 + line * 0.36, word, size_pt=size, fill=seen, anchor=Anchor.MIDDLE)

    def _heading(self, s: Surface, game: Game, x: float, y: float, text: str, ink: str, anchor: str) -> None:
        """A row's or column's heading, bold; rich text (icons, **bold**) as a track's labels are."""
        size = float(self.size_pt)
        if marked(text):
            fam, _ = named_fonts(game, None)
            draw_text(s, x, y, text, size, ink=ink, family=fam, base="bold", anchor=anchor, icons=game.icons)
        else:
            s.text(x, y, text, size_pt=size, font="bold", fill=ink, anchor=anchor)

    def _outline(self, x: float, y: float, cell: float) -> Path:
        if self.cell_shape == "circle":
            return Path.circle(x + cell / 2, y + cell / 2, cell / 2)
        if self.cell_shape == "rounded":
            return Path.rounded_rect(x, y, cell, cell, cell / 5)
        return Path.rect(x, y, cell, cell)
