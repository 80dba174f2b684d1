"""Where everything goes on a kingdom sheet, A4 or Letter: the paper, the map's hexes, the trackers'
column, the rules' two columns, the back's record table and the continuation page's; the ink
colours shared by every side."""

from __future__ import annotations

import math
from dataclasses import dataclass

from solo.rules import Rules

PAPER_MM = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
MARGIN_MM = 10.0
MIN_PT = 7.0
SQRT3 = math.sqrt(3.0)
TARGET_FLATS_MM = 16.5     # hex across the flats; never under 15 (a pencilled building)
MIN_FLATS_MM = 15.0
BOTTOM_MM = {"a4": 94.0, "letter": 90.0}   # record table + rules under the map
SCALE_LABEL = "check before playing; print at 100%"
RULES_GUTTER_MM = 6.0
RECORD_ROW_MM = 5.0        # a handwritten line at 7 pt
MIN_RECORD_YEARS = 40

INK = "#222222"
GRID = "#555555"
SOFT = "#666666"
LIGHT = "#999999"
MOUNTAIN_FILL = "#e6dac6"
MOUNTAIN_INK = "#8a7558"
RIVER_FILL = "#d6ebf8"
RIVER_INK = "#2b7bc0"
CAPITAL_FILL = "#f7efcf"
PENCIL = "#1f3a93"   # what the player wrote: a blue pencil, apart from the printed ink
BACK_TOP_MM = 17.5         # the back's title and key above its record table
CONTINUED_TOP_MM = 12.0    # a continuation page's title above its table


# -- geometry ---------------------------------------------------------------------------------------

@dataclass(frozen=True)
class MapHexes:
    """Flat-topped odd-q hexes of corner radius ``side_mm``; (x0, y0) is the map's top-left."""

    side_mm: float
    x0: float
    y0: float
    columns: int
    rows: int

    @property
    def flats_mm(self) -> float:
        return self.side_mm * SQRT3

    @property
    def width_mm(self) -> float:
        return self.side_mm * (1.5 * (self.columns - 1) + 2)

    @property
    def height_mm(self) -> float:
        return self.flats_mm * (self.rows + 0.5)

    def center(self, col: int, row: int) -> tuple[float, float]:
        s, h = self.side_mm, self.flats_mm
        return (self.x0 + s + 1.5 * s * col, self.y0 + h / 2 + h * row + (h / 2 if col % 2 else 0.0))

    def corners(self, col: int, row: int, inset: float = 0.0) -> list[tuple[float, float]]:
        cx, cy = self.center(col, row)
        r = self.side_mm - inset
        return [(cx + r * math.cos(math.radians(60 * i)), cy + r * math.sin(math.radians(60 * i)))
                for i in range(6)]

    @staticmethod
    def fitting(width_mm: float, height_mm: float, columns: int, rows: int, x0: float,
                y0: float) -> "MapHexes":
        side = min(TARGET_FLATS_MM / SQRT3, width_mm / (1.5 * (columns - 1) + 2),
                   height_mm / (SQRT3 * (rows + 0.5)))
        return MapHexes(side, x0, y0, columns, rows)


@dataclass(frozen=True)
class Box:
    x: float
    y: float
    w: float
    h: float

    @property
    def bottom(self) -> float:
        return self.y + self.h

    @property
    def right(self) -> float:
        return self.x + self.w


@dataclass(frozen=True)
class Layout:
    """Where everything goes on one paper size."""

    paper: str
    width_mm: float
    height_mm: float
    header: Box
    grid: MapHexes
    trackers: Box
    table: Box          # on the back
    continued: Box      # on a continuation page
    rules: Box          # the front's bottom, set in two columns
    footer_y: float

    @property
    def rule_columns(self) -> tuple[Box, Box]:
        r = self.rules
        half = (r.w - RULES_GUTTER_MM) / 2
        return (Box(r.x, r.y, half, r.h), Box(r.x + half + RULES_GUTTER_MM, r.y, half, r.h))


def layout(paper: str, rules: Rules) -> Layout:
    w, h = PAPER_MM[paper]
    m = MARGIN_MM
    header = Box(m, m, w - 2 * m, 19.0)
    footer_y = h - 8.5  # the scale bar's baseline: 7 mm clear of the edge, descenders included
    label = 5.0  # coordinate labels round the map
    bottom_top = footer_y - 5.0 - BOTTOM_MM[paper]
    map_top = header.bottom + label
    room_h = bottom_top - 3.0 - label - map_top
    room_w = (w - 2 * m) - 2 * label - 31.0
    grid = MapHexes.fitting(room_w, room_h, rules.columns, rules.rows, m + label, map_top)
    map_right = grid.x0 + grid.width_mm + label
    trackers = Box(map_right + 3.0, header.bottom + 2.0, w - m - map_right - 3.0,
                   grid.y0 + grid.height_mm + label - header.bottom - 2.0)
    # The back: the year-by-year record, from under its title to above the footer.
    table = Box(m, m + BACK_TOP_MM, w - 2 * m, footer_y - 5.0 - (m + BACK_TOP_MM))
    continued = Box(m, m + CONTINUED_TOP_MM, w - 2 * m, footer_y - 5.0 - (m + CONTINUED_TOP_MM))
    rules_box = Box(m, bottom_top, w - 2 * m, BOTTOM_MM[paper])
    return Layout(paper, w, h, header, grid, trackers, table, continued, rules_box, footer_y)



def table_rows(box: Box) -> int:
    """How many years a record table of ``box`` holds (under its row of column names)."""
    return int((box.h - RECORD_ROW_MM) // RECORD_ROW_MM)


def record_rows(lay: Layout) -> int:
    """How many years the back holds (years 1 to this)."""
    return table_rows(lay.table)


def continued_rows(lay: Layout) -> int:
    """How many years one continuation page holds: as many as the back (its page has room for one
    more, but a page of 50 years keeps its years round: 51-100, 101-150)."""
    return min(table_rows(lay.continued), record_rows(lay))
