"""The back of the kingdom sheet (the year-by-year record, years 1 on) and the continuation pages
(``solo sheet --continue``: the record carried on, for the long games)."""

from __future__ import annotations

from typing import Sequence

from generator.api import Style, Surface, fonts
from solo.board import KingdomMap
from solo.sheet_front import draw_footer
from solo.sheet_layout import (
    INK,
    LIGHT,
    PENCIL,
    RECORD_ROW_MM,
    SOFT,
    Box,
    Layout,
    continued_rows,
    table_rows,
)
from solo.sheet_played import RecordRow

RECORD_KEY = ("One line a year. Fate: the two dice ('3 to 5': a 3 rerolled to a 5; after a 6, the results chosen: "
              "dis(aster), hard (times), harv(est), (strike) ore, eff(iciency)). Built: F farm, M mine, V village, "
              "# monument stage, each with its hex. Lost: D to a disaster, S to starving. Food to graves: "
              "at the year's end.")


# Year, fate, built, lost, the totals at the end of the year: widths in mm (0: the rest).
RECORD_COLUMNS = (("Year", 9.0), ("Fate", 42.0), ("Capital", 15.0), ("Built", 0.0),
                  ("Traded", 18.0), ("Lost", 20.0), ("Food", 10.0), ("Ore", 10.0), ("Stage", 10.5),
                  ("Graves", 12.0))


def record_table(s: Surface, box: Box, first: int = 1, filled: Sequence[RecordRow] = ()) -> None:
    top, row_h = box.y, RECORD_ROW_MM
    rows = table_rows(box)
    widths = [w or box.w - sum(w for _, w in RECORD_COLUMNS) for _, w in RECORD_COLUMNS]
    thin, firm = Style(stroke=LIGHT, width_mm=0.2), Style(stroke=INK, width_mm=0.3)
    x = box.x
    for (name, _), w in zip(RECORD_COLUMNS, widths):
        s.text(x + 1.0, top + 3.6, name, size_pt=7.5, font="bold", fill=INK)
        x += w
    for r in range(rows + 2):
        y = top + r * row_h
        s.line(box.x, y, box.right, y, firm if r in (0, 1, rows + 1) or r % 5 == 1 else thin)
        if 1 <= r <= rows:
            s.text(box.x + widths[0] - 1.5, y + 3.6, str(first + r - 1), size_pt=7, fill=SOFT, anchor="end")
    x = box.x
    for w in widths[:-1]:
        x += w
        s.line(x, top, x, top + (rows + 1) * row_h, thin)
    for r, row in enumerate(filled[:rows], 1):
        y = top + r * row_h + 3.6
        x = box.x + widths[0]
        for value, short, w in zip(row.cells(), row.short_cells(), widths[1:]):
            if value:
                line, size = _fitted(value, short, w - 1.6)
                s.text(x + 0.8, y, line, size_pt=size, font="italic", fill=PENCIL)
            x += w


CELL_PT = (7.0, 6.5, 6.0, 5.5)  # a cell's pencil, smaller step by step before a long entry is cut


def _fitted(value: str, short: str, room_mm: float) -> tuple[str, float]:
    """A record cell's words and size: the long form, else the short one (two sixes' four results, a
    capital's two resources, a year's losses grouped), as large as fits; cut with "…" only when
    neither fits at the smallest size."""
    for size in CELL_PT:
        for text in (value, short):
            if fonts.text_width_mm(text, size, "italic") <= room_mm:
                return text, size
    lines = fonts.wrap(short, room_mm, CELL_PT[-1])
    return lines[0] + ("…" if len(lines) > 1 else ""), CELL_PT[-1]


def _sheet_name(kmap: KingdomMap | None) -> str:
    return f"Sheet {kmap.seed}" if kmap is not None and kmap.seed is not None else "Blank map"


def draw_back(s: Surface, lay: Layout, kmap: KingdomMap | None, filled: Sequence[RecordRow] = ()) -> None:
    """The back: its title, the key to the record's shorthand, and the record from year 1."""
    box = lay.header
    s.text(box.x, box.y + 6.5, "Year by year", size_pt=16, font="bold", fill=INK)
    s.text(box.right, box.y + 2.8, _sheet_name(kmap), size_pt=11, font="bold", fill=INK, anchor="end")
    s.text(box.right, box.y + 7.0, "a longer game goes on, on a continuation page", size_pt=7,
           fill=SOFT, anchor="end")
    for i, line in enumerate(fonts.wrap(RECORD_KEY, box.w, 7)[:2]):
        s.text(box.x, box.y + 11.0 + 3.2 * i, line, size_pt=7, fill=SOFT)
    record_table(s, lay.table, 1, filled)
    draw_footer(s, lay, kmap, "back")


def draw_continued(s: Surface, lay: Layout, kmap: KingdomMap | None, first: int,
                   filled: Sequence[RecordRow] = ()) -> None:
    """A continuation page: the record carried on from year ``first``, as on the back. Made without
    a sheet number it leaves a line to write the number of the sheet it carries on."""
    box = lay.header
    rows = continued_rows(lay)
    last = first + rows - 1
    s.text(box.x, box.y + 6.5, f"Year by year, continued: years {first} to {last}", size_pt=14,
           font="bold", fill=INK)
    if kmap is not None and kmap.seed is not None:
        s.text(box.right, box.y + 2.8, _sheet_name(kmap), size_pt=11, font="bold", fill=INK, anchor="end")
    else:
        s.text(box.right - 30.0, box.y + 2.8, "Sheet", size_pt=11, font="bold", fill=INK, anchor="end")
        s.line(box.right - 28.5, box.y + 3.3, box.right, box.y + 3.3, Style(stroke=INK, width_mm=0.3))
    table = Box(lay.continued.x, lay.continued.y, lay.continued.w, (rows + 1.5) * RECORD_ROW_MM)
    record_table(s, table, first, filled)
    draw_footer(s, lay, kmap, f"years {first}-{last}")
