"""Paper sizes and their usable area, and how a board too large for one page is cut into pieces: pure
geometry in millimetres, with no drawing. The page layout (layout/page.py, layout/poster.py) draws
with it, and the data model's work estimate (model/limits.py) counts pages with it before anything
is drawn."""

from __future__ import annotations

import math

from .errors import UsageError
from .record import Frozen, set_field

MARGIN_MM = 7.0  # nothing is printed closer than this to any page edge
FOOTER_MM = 5.0  # the band above the bottom margin that holds the footer (one line)
OVERLAP_MM = 10.0  # a tiled board's glue strip, shared by two pieces
LABEL_MM = 6.0  # a band at the top of each tile for its label


class Paper(Frozen):
    """A paper size (a frozen record, generator/record.py: a cache key)."""

    FIELDS = ("name", "width_mm", "height_mm")
    __slots__ = FIELDS

    def __init__(self, name: str, width_mm: float, height_mm: float):
        set_field(self, "name", name)
        set_field(self, "width_mm", width_mm)
        set_field(self, "height_mm", height_mm)

    @property
    def landscape(self) -> bool:
        return self.width_mm > self.height_mm

    def turned(self) -> "Paper":
        """The same paper on its side (landscape for portrait, and back)."""
        return Paper(self.name, self.height_mm, self.width_mm)

    def facing(self, orientation: str) -> "Paper":
        """The paper as ``orientation`` (portrait or landscape) has it."""
        return self.turned() if self.landscape != (orientation == "landscape") else self

    @property
    def usable(self) -> tuple[float, float, float, float]:
        """x0, y0, x1, y1 of the area pieces may use (margins and footer band removed)."""
        return (MARGIN_MM, MARGIN_MM, self.width_mm - MARGIN_MM, self.height_mm - MARGIN_MM - FOOTER_MM)


PAPERS = {"a4": Paper("a4", 210.0, 297.0), "letter": Paper("letter", 215.9, 279.4)}


def paper(name: str, orientation: str = "portrait") -> Paper:
    """A paper by name (a4, letter), upright or, with ``orientation="landscape"``, on its side."""
    try:
        return PAPERS[name.lower()].facing(orientation)
    except KeyError:
        raise UsageError(f"unknown paper {name!r}; use a4 or letter") from None


class Tiling(Frozen):
    """The pieces of a board tiled across pages: ``cols`` x ``rows`` pieces, each showing ``view_w`` x
    ``view_h`` mm of the board at (``x0``, ``y0``) on its page."""

    FIELDS = ("cols", "rows", "view_w", "view_h", "x0", "y0", "board_w", "board_h", "turned")
    __slots__ = FIELDS

    def __init__(self, cols: int, rows: int, view_w: float, view_h: float, x0: float, y0: float,
                 board_w: float, board_h: float, turned: bool = False):
        set_field(self, "cols", cols)
        set_field(self, "rows", rows)
        set_field(self, "view_w", view_w)  # how much of the board one piece shows
        set_field(self, "view_h", view_h)
        set_field(self, "x0", x0)  # where the view sits on the page
        set_field(self, "y0", y0)
        set_field(self, "board_w", board_w)
        set_field(self, "board_h", board_h)
        set_field(self, "turned", turned)  # the board lies on its side (fewer pieces that way)

    @property
    def step_x(self) -> float:
        return self.view_w - OVERLAP_MM

    @property
    def step_y(self) -> float:
        return self.view_h - OVERLAP_MM

    @staticmethod
    def label(row: int, col: int) -> str:
        return f"{chr(ord('A') + row)}{col + 1}"


def fits(board: tuple[float, float], paper: Paper, bleed: float) -> tuple[bool, bool]:
    """(fits as is, fits turned 90 degrees) within the usable area with bleed and marks."""
    x0, y0, x1, y1 = paper.usable
    room_w, room_h = x1 - x0 - 2 * (bleed + 3), y1 - y0 - 2 * (bleed + 3)
    w, h = board
    return (w <= room_w and h <= room_h, h <= room_w and w <= room_h)


def plan_tiling(board: tuple[float, float], paper: Paper) -> Tiling:
    """Pieces of a board too large for one page: upright, or on its side where that takes fewer
    pages (the 246 x 548 mm duel mat: 3 pieces on its side, 6 upright, two of them nearly empty)."""
    x0, y0, x1, y1 = paper.usable
    view_w, view_h = x1 - x0, y1 - y0 - LABEL_MM
    best = None
    for turned, (w, h) in ((False, board), (True, board[::-1])):
        cols = max(1, math.ceil((w - OVERLAP_MM) / (view_w - OVERLAP_MM) - 1e-9))
        rows = max(1, math.ceil((h - OVERLAP_MM) / (view_h - OVERLAP_MM) - 1e-9))
        tiling = Tiling(cols, rows, view_w, view_h, x0, y0 + LABEL_MM, w, h, turned)
        if best is None or cols * rows < best.cols * best.rows:
            best = tiling
    return best
