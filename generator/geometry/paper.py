"""Paper sizes and their usable area, and how a board too large for one page is cut into pieces: pure
geometry in millimetres, with no drawing. The page layout (layout/page.py, layout/poster.py) draws
with it, and the data model's work estimate (model/limits.py) counts pages with it before anything
is drawn."""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..base.errors import UsageError
from ..base.record import Value

MARGIN_MM = 7.0  # nothing is printed closer than this to any page edge
FOOTER_MM = 5.0  # the band above the bottom margin that holds the footer (one line)
OVERLAP_MM = 10.0  # a tiled board's glue strip, shared by two pieces
LABEL_MM = 6.0  # a band at the top of each tile for its label


@dataclass(frozen=True, slots=True)
class Paper(Value):
    """A paper size (frozen: a cache key)."""

    name: str
    width_mm: float
    height_mm: float

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


@dataclass(frozen=True, slots=True)
class Tiling(Value):
    """The pieces of a board tiled across pages: ``cols`` x ``rows`` pieces, each showing at most
    ``view_w`` x ``view_h`` mm of the board at (``x0``, ``y0``) on its page. Neighbouring pieces share a
    10 mm glue strip; ``seams_x`` (``seams_y``) are where the strips between columns (rows) begin on
    the board, each at most a step (``view_w`` - 10 mm) after the one before: by default exactly a step,
    or moved back so that no strip crosses a word (:func:`keep_seams_clear`)."""

    cols: int
    rows: int
    view_w: float  # how much of the board one piece shows, at most
    view_h: float
    x0: float  # where the view sits on the page
    y0: float
    board_w: float
    board_h: float
    turned: bool = False  # the board lies on its side (fewer pieces that way)
    seams_x: tuple[float, ...] = None  # type: ignore[assignment]  # None given: a step apart
    seams_y: tuple[float, ...] = None  # type: ignore[assignment]

    def __post_init__(self) -> None:
        step_x, step_y = self.view_w - OVERLAP_MM, self.view_h - OVERLAP_MM
        object.__setattr__(self, "seams_x", tuple(self.seams_x) if self.seams_x is not None
                           else tuple(k * step_x for k in range(1, self.cols)))
        object.__setattr__(self, "seams_y", tuple(self.seams_y) if self.seams_y is not None
                           else tuple(k * step_y for k in range(1, self.rows)))

    @property
    def step_x(self) -> float:
        """The longest step from one column's start to the next's."""
        return self.view_w - OVERLAP_MM

    @property
    def step_y(self) -> float:
        return self.view_h - OVERLAP_MM

    def piece_x(self, col: int) -> float:
        """Where the pieces of column ``col`` begin on the board (the left edge of their glue strip)."""
        return 0.0 if col == 0 else self.seams_x[col - 1]

    def piece_y(self, row: int) -> float:
        return 0.0 if row == 0 else self.seams_y[row - 1]

    def piece_w(self, col: int) -> float:
        """How much of the board's width the pieces of column ``col`` show."""
        end = self.seams_x[col] + OVERLAP_MM if col + 1 < self.cols else self.board_w
        return min(self.view_w, end - self.piece_x(col))

    def piece_h(self, row: int) -> float:
        end = self.seams_y[row] + OVERLAP_MM if row + 1 < self.rows else self.board_h
        return min(self.view_h, end - self.piece_y(row))

    @staticmethod
    def label(row: int, col: int) -> str:
        return f"{chr(ord('A') + row)}{col + 1}"


def fits(board: tuple[float, float], paper: Paper, bleed: float) -> tuple[bool, bool]:
    """(fits as is, fits turned 90 degrees) within the usable area with bleed and marks."""
    x0, y0, x1, y1 = paper.usable
    room_w, room_h = x1 - x0 - 2 * (bleed + 3), y1 - y0 - 2 * (bleed + 3)
    w, h = board
    return (w <= room_w and h <= room_h, h <= room_w and w <= room_h)


def plan_tiling(board: tuple[float, float], paper: Paper, may_turn: bool = True) -> Tiling:
    """Pieces of a board too large for one page: upright, or (``may_turn``) on its side where that takes
    fewer pages (the 246 x 548 mm duel mat: 3 pieces on its side, 6 upright, two of them nearly empty).
    A board that says its ``orientation:`` is printed upright on pages that way: never turned."""
    x0, y0, x1, y1 = paper.usable
    view_w, view_h = x1 - x0, y1 - y0 - LABEL_MM
    best: Tiling | None = None
    for turned, (w, h) in ((False, board), (True, board[::-1]))[:2 if may_turn else 1]:
        cols = max(1, math.ceil((w - OVERLAP_MM) / (view_w - OVERLAP_MM) - 1e-9))
        rows = max(1, math.ceil((h - OVERLAP_MM) / (view_h - OVERLAP_MM) - 1e-9))
        tiling = Tiling(cols, rows, view_w, view_h, x0, y0 + LABEL_MM, w, h, turned)
        if best is None or cols * rows < best.cols * best.rows:
            best = tiling
    assert best is not None  # the upright plan is always made
    return best


SEAM_GRID_MM = 0.1  # seams are placed on this grid of the board
SEAM_MARGIN_MM = 1.5  # a moved strip keeps this far from a word, where it can: a hand cut strays


def keep_seams_clear(t: Tiling, boxes: list[tuple[float, float, float, float]]) -> tuple[Tiling, int]:
    """The same pieces with their seams moved off the words of the board, so that no line of text is
    divided between two pieces. ``boxes`` (x0, y0, x1, y1 in the tiled board's mm) are the lines of
    text. A piece lies over its neighbour's 10 mm glue strip up to the dashed line, so what a player
    sees of two pieces meets at the cut edge (the strip's far side): a word is cut when that edge
    crosses it. Where the pieces leave room, the whole strip keeps off every word (a word near the
    edge is on the safe side of a careless cut), else the cut edge keeps 1.5 mm off, else it just
    misses. A seam moves back at most so far that the pieces still reach the board's end (a piece
    shows less of the board, never more) and stays as near its first place as it can. Where no word
    is cut, the seams stay where they were; where no place is free in one direction, that direction
    keeps its first seams. Returns the tiling and how many lines a cut edge still crosses (0: none)."""
    if not crossed(t, boxes):
        return t, 0
    spans_x = [(x0, x1) for x0, _y0, x1, _y1 in boxes]
    spans_y = [(y0, y1) for _x0, y0, _x1, y1 in boxes]
    sx = _placed(t.seams_x, t.board_w, t.view_w, spans_x)
    sy = _placed(t.seams_y, t.board_h, t.view_h, spans_y)
    moved = t.replace(seams_x=sx if sx is not None else t.seams_x,
                      seams_y=sy if sy is not None else t.seams_y)
    return moved, len(crossed(moved, boxes))


def _placed(seams: tuple[float, ...], board: float, view: float,
            spans: list[tuple[float, float]]) -> tuple[float, ...] | None:
    """Seams whose cut edges cross no span, the best kept that the pieces allow; None if the seams
    already cross none, or if no placing crosses none."""
    if not _any_cut(seams, spans):
        return None
    m = SEAM_MARGIN_MM
    # where a seam s (its strip [s, s + overlap]) may not stand for a span (a, b): open intervals
    whole_strip = [(a - OVERLAP_MM - m, b + m) for a, b in spans]
    edge_margin = [(a - OVERLAP_MM - m, b - OVERLAP_MM + m) for a, b in spans]
    edge = [(a - OVERLAP_MM, b - OVERLAP_MM) for a, b in spans]
    for blocked in (whole_strip, edge_margin, edge):
        placed = _clear_seams(seams, board, view, blocked)
        if placed is not None:
            return placed
    return None


def _any_cut(seams: tuple[float, ...], spans: list[tuple[float, float]]) -> bool:
    """Does the cut edge of a seam (the far side of its strip) run through a span?"""
    return any(a < s + OVERLAP_MM < b for s in seams for a, b in spans)


def crossed(t: Tiling, boxes: list[tuple[float, float, float, float]]) -> list[tuple[float, float, float, float]]:
    """The boxes a cut edge of ``t`` runs through (touching one is not crossing)."""
    return [b for b in boxes if _any_cut(t.seams_x, [(b[0], b[2])]) or _any_cut(t.seams_y, [(b[1], b[3])])]


def _clear_seams(seams: tuple[float, ...], board: float, view: float,
                 blocked: list[tuple[float, float]]) -> tuple[float, ...] | None:
    """Seam positions (strip starts) on a grid, none inside a ``blocked`` open interval, each within
    a step of the one before (the first within a step of 0) and the last within a view of the
    board's end; each as near its place in ``seams`` as can be. None if there is no such placing."""
    if not seams:
        return seams
    step = view - OVERLAP_MM
    g = SEAM_GRID_MM
    n = int(math.floor(board / g + 1e-9))
    limit = board - OVERLAP_MM  # a strip lies on the board
    free = [True] * (n + 1)
    for a, b in blocked:
        lo = max(0, int(math.floor(a / g + 1e-9)) + 1)
        hi = min(n, int(math.ceil(b / g - 1e-9)) - 1)
        for i in range(lo, hi + 1):
            free[i] = False
    for i in range(n + 1):
        if i == 0 or i * g > limit + 1e-9:
            free[i] = False
    k_step = int(math.floor(step / g + 1e-9))
    count = len(seams)
    # ok[k][i]: seam k may stand at i and the seams after it can still be placed (from the end back)
    ok: list[list[bool]] = [[False] * (n + 1) for _ in range(count)]
    last_from = int(math.ceil((board - view) / g - 1e-9))
    ok[-1] = [free[i] and i >= last_from for i in range(n + 1)]
    for k in range(count - 2, -1, -1):
        nxt = ok[k + 1]
        # a seam after i within (i, i + step]: prefix counts of nxt
        pre = [0] * (n + 2)
        for i in range(n + 1):
            pre[i + 1] = pre[i] + nxt[i]
        ok[k] = [free[i] and pre[min(n, i + k_step) + 1] - pre[i + 1] > 0 for i in range(n + 1)]
    out: list[float] = []
    before = 0
    for k in range(count):
        window = range(before + 1, min(n, before + k_step) + 1)
        candidates = [i for i in window if ok[k][i]]
        if not candidates:
            return None
        want = seams[k] / g
        best = min(candidates, key=lambda i: (abs(i - want), i))
        out.append(round(best * g, 6))
        before = best
    return tuple(out)
