"""Boards and mats on paper: one page when the board fits, else tiled across pages with a 10 mm
overlap strip, alignment lines, a label on each piece (A1, A2, B1 ...) and an assembly page; and the
whole board as one true-size page for a print shop. How a board is cut into pieces (``Tiling``,
``fits``, ``plan_tiling``) is generator/geometry/paper.py's: the work estimate counts the pages with it."""

from __future__ import annotations

from typing import Callable

from ..draw.fonts import text_width_mm, wrap
from ..draw.miniature import Miniature
from ..draw.surface import Path, Style, Surface
from ..geometry.paper import LABEL_MM, OVERLAP_MM, Tiling, fits, plan_tiling  # noqa: F401 - fits, plan_tiling: for the layout
from .page import MARK_GAP_MM, Paper, crop_mark

Painter = Callable[[Surface], None]


def turned_painter(painter: Painter, board: tuple[float, float]) -> Painter:
    """Draws a board of ``board`` (w, h) on its side, in an h x w box (a quarter turn clockwise)."""
    def paint(s: Surface) -> None:
        with s.saved():
            s.translate(board[1], 0)
            s.rotate(90)
            painter(s)
    return paint


def paint_single(s: Surface, paper: Paper, board: tuple[float, float], bleed: float, rotated: bool,
                 painter: Painter) -> tuple[float, float, float, float]:
    """A whole board on one page, centred, with corner crop marks. Returns the trim box (x, y, w, h)."""
    w, h = board
    pw, ph = (h, w) if rotated else (w, h)
    ux0, uy0, ux1, uy1 = paper.usable
    x = (paper.width_mm - pw) / 2
    y = uy0 + (uy1 - uy0 - ph) / 2
    with s.saved():
        s.translate(x, y)
        if rotated:
            s.translate(pw, 0)
            s.rotate(90)
        painter(s)
    corner_marks(s, x, y, pw, ph, bleed)
    return (x, y, pw, ph)


STACK_MARK_MM = 2.0  # corner marks of boards in a stack (3 mm on a board alone)
STACK_EDGE_MM = STACK_MARK_MM + MARK_GAP_MM  # beyond each board's bleed, in a stack


def stack_fits(boards: list[tuple[float, float]], paper: Paper, bleed: float) -> bool:
    """Do these boards, upright, fit one above the other on one page, each with its bleed and marks?"""
    x0, y0, x1, y1 = paper.usable
    edge = bleed + STACK_EDGE_MM
    return (all(w + 2 * edge <= x1 - x0 for w, _h in boards)
            and sum(h + 2 * edge for _w, h in boards) <= y1 - y0)


def paint_stack(s: Surface, paper: Paper, boards: list[tuple[float, float]], bleed: float,
                painters: list[Painter]) -> tuple[float, float, float, float]:
    """Boards one above the other, each centred across the page with its own corner marks (two
    180 x 126 mm hero boards on one A4). Returns the trim box round them all."""
    ux0, uy0, ux1, uy1 = paper.usable
    edge = bleed + STACK_EDGE_MM
    total = sum(h + 2 * edge for _w, h in boards)
    y = uy0 + (uy1 - uy0 - total) / 2 + edge
    boxes = []
    for (w, h), painter in zip(boards, painters):
        x = (paper.width_mm - w) / 2
        with s.saved():
            s.translate(x, y)
            painter(s)
        corner_marks(s, x, y, w, h, bleed, STACK_MARK_MM)
        boxes.append((x, y, w, h))
        y += h + 2 * edge
    x0 = min(b[0] for b in boxes)
    y0 = min(b[1] for b in boxes)
    return (x0, y0, max(b[0] + b[2] for b in boxes) - x0, max(b[1] + b[3] for b in boxes) - y0)


def corner_marks(s: Surface, x: float, y: float, w: float, h: float, bleed: float, length: float = 3.0) -> None:
    off = bleed + MARK_GAP_MM
    for cx, dx in ((x, -1), (x + w, 1)):
        for cy, dy in ((y, -1), (y + h, 1)):
            crop_mark(s, cx + dx * off, cy, dx, 0, length)
            crop_mark(s, cx, cy + dy * off, 0, dy, length)


def paint_tile(s: Surface, t: Tiling, row: int, col: int, painter: Painter,
               title: str) -> tuple[float, float, float, float]:
    """One piece of a tiled board: the board clipped to this piece's view, strips and marks.
    Returns the piece's trim box (x, y, w, h): the part of the board it shows."""
    bx, by = t.piece_x(col), t.piece_y(row)
    vw, vh = t.piece_w(col), t.piece_h(row)
    with s.saved():
        s.clip(Path.rect(t.x0, t.y0, vw, vh))
        s.translate(t.x0 - bx, t.y0 - by)
        painter(s)
    _board_edges(s, t, row, col, vw, vh)
    grey = Style(fill="#ffffff", opacity=0.55)
    dash = Style(stroke="#000000", width_mm=0.3, dash_mm=(2.0, 1.5))
    note_pt = 6.5
    if col > 0:  # left strip goes under the piece to the left
        s.rect(t.x0, t.y0, OVERLAP_MM, vh, grey)
        s.line(t.x0 + OVERLAP_MM, t.y0, t.x0 + OVERLAP_MM, t.y0 + vh, dash)
        _vertical_note(s, t.x0 + OVERLAP_MM / 2, t.y0 + vh / 2,
                       f"glue: {Tiling.label(row, col - 1)} overlaps up to the dashed line", note_pt)
    if row > 0:
        s.rect(t.x0, t.y0, vw, OVERLAP_MM, grey)
        s.line(t.x0, t.y0 + OVERLAP_MM, t.x0 + vw, t.y0 + OVERLAP_MM, dash)
        s.text(t.x0 + vw / 2, t.y0 + OVERLAP_MM / 2 + 1, f"glue: {Tiling.label(row - 1, col)} overlaps up to "
               f"the dashed line", size_pt=note_pt, fill="#000000", anchor="middle")
    # alignment crosses where the overlap lines meet the edges
    for (x, y) in ((t.x0 + (OVERLAP_MM if col else 0), t.y0), (t.x0 + vw, t.y0 + (OVERLAP_MM if row else 0))):
        _cross(s, x, y)
    label = Tiling.label(row, col)
    # the header stands above the alignment crosses (they reach 2.5 mm above the view's top edge)
    baseline = t.y0 - HEADER_CLEAR_MM
    if t.rows * t.cols == 1:  # too large for a whole page's bleed and marks, but one piece: nothing to join
        fitted_text(s, t.x0, baseline, t.view_w, f"{title}: cut along the board's edge", 6.5, fill="#333333")
        return (t.x0, t.y0, vw, vh)
    s.text(t.x0, baseline, f"{label}", size_pt=11, font="bold")
    # the little map ends clear of the corner cross: at the view's right edge, or the piece's where a
    # seam moved off a word narrows a piece with a neighbour to its right
    right = vw if col + 1 < t.cols else t.view_w
    map_x = t.x0 + right - 3 * t.cols - CROSS_CLEAR_MM
    fitted_text(s, t.x0 + 9, baseline, map_x - 2 - (t.x0 + 9),
                f"{title} \u00b7 piece {label} of {t.rows * t.cols} "
                f"({t.rows} row{'s' if t.rows > 1 else ''} x {t.cols} column{'s' if t.cols > 1 else ''}); "
                f"cut along the board's edge, trim the right and bottom margins", 6.5, fill="#333333")
    _mini_map(s, t, row, col, map_x, t.y0 - LABEL_MM + 0.5)
    return (t.x0, t.y0, vw, vh)


HEADER_CLEAR_MM = 3.0
CROSS_CLEAR_MM = 4.0  # the corner cross's arm (2.5 mm) and a 1.5 mm gap


def tile_band_mm(t: Tiling, row: int, paper: Paper) -> float:
    """How far below the paper's usable top a piece of ``row`` draws: its label band and its view
    (a bottom row is often short: the rest of its page is free)."""
    return (t.y0 - paper.usable[1]) + t.piece_h(row) + 1.0


def fitted_text(s: Surface, x: float, y: float, width: float, text: str, size_pt: float,
                min_pt: float = 5.5, **kw) -> None:
    """One line at ``size_pt``, smaller (down to ``min_pt``) if it would run past ``width`` mm, and
    cut short with an ellipsis if even that is too wide."""
    size = size_pt
    while size > min_pt and text_width_mm(text, size, kw.get("font", "regular")) > width:
        size = round(size - 0.25, 2)
    while len(text) > 1 and text_width_mm(text, size, kw.get("font", "regular")) > width:
        text = text[:-2].rstrip() + "\u2026"
    s.text(x, y, text, size_pt=size, **kw)


def _vertical_note(s: Surface, x: float, y: float, text: str, size: float) -> None:
    with s.saved():
        s.translate(x, y)
        s.rotate(-90)
        s.text(0, 1, text, size_pt=size, fill="#000000", anchor="middle")


def _board_edges(s: Surface, t: Tiling, row: int, col: int, vw: float, vh: float) -> None:
    """The board's own edges on this piece as a thin grey line to cut along: a board of no fill or
    frame would otherwise leave its edge, and so where to cut, unseen (the crosses mark the top
    corners alone). The line lies just outside the board, so none of the board's art is under it. The
    edges between pieces are glue strips, not cut: no line."""
    width = 0.2
    o = width / 2
    x0, y0 = t.x0 - o, t.y0 - o
    x1, y1 = t.x0 + vw + o, t.y0 + vh + o
    edge = Style(stroke="#808080", width_mm=width)
    for on_edge, (ax, ay, bx, by) in ((col == 0, (x0, y0, x0, y1)), (row == 0, (x0, y0, x1, y0)),
                                       (col == t.cols - 1, (x1, y0, x1, y1)), (row == t.rows - 1, (x0, y1, x1, y1))):
        if on_edge:
            s.line(ax, ay, bx, by, edge)


def _cross(s: Surface, x: float, y: float) -> None:
    st = Style(stroke="#000000", width_mm=0.25)
    s.line(x - 2.5, y, x + 2.5, y, st)
    s.line(x, y - 2.5, x, y + 2.5, st)
    s.circle(x, y, 1.2, Style(stroke="#000000", width_mm=0.2))


def _mini_map(s: Surface, t: Tiling, row: int, col: int, x: float, y: float) -> None:
    cell = 3.0
    for r in range(t.rows):
        for c in range(t.cols):
            here = (r, c) == (row, col)
            s.rect(x + c * cell, y + r * (cell * 0.8), cell, cell * 0.8,
                   Style(fill="#000000" if here else "#ffffff", stroke="#000000", width_mm=0.15))


def _assembly_lines(paper: Paper, t: Tiling) -> list[str]:
    ux0, _uy0, ux1, _uy1 = paper.usable
    lines = [f"Print the {t.rows * t.cols} pieces at 100%. Trim each piece's right and bottom margins, "
             f"then lay it over its neighbour's glue strip (pale, 10 mm) so the cut edge meets the dashed line.",
             "Work row by row: A1, A2, ... then B1 ... . The crosses help you line pieces up."]
    return [part for text in lines for part in wrap(text, ux1 - ux0, 7.5)]


def _assembly_scale(paper: Paper, t: Tiling) -> tuple[float, float]:
    """Where the miniature starts (page mm, y down) and its scale."""
    ux0, uy0, ux1, uy1 = paper.usable
    y = uy0 + 13 + 3.5 * len(_assembly_lines(paper, t))
    return y + 2, min((ux1 - ux0) / t.board_w, (uy1 - y - 4) / t.board_h)


def assembly_band_mm(paper: Paper, t: Tiling) -> float:
    """How far down from the usable area's top an assembly page draws: a wide board's miniature
    leaves the rest of the sheet to another page."""
    oy, k = _assembly_scale(paper, t)
    return oy + t.board_h * k + 0.5 - paper.usable[1]


def paint_assembly(s: Surface, paper: Paper, t: Tiling, painter: Painter, title: str) -> None:
    """The whole board scaled down, with the pieces drawn over it and labelled."""
    ux0, uy0, ux1, uy1 = paper.usable
    s.text(ux0, uy0 + 6, f"{title}: assembly", size_pt=16, font="bold")
    y = uy0 + 13
    for line in _assembly_lines(paper, t):
        s.text(ux0, y, line, size_pt=7.5)
        y += 3.5
    oy, k = _assembly_scale(paper, t)
    ox = ux0 + (ux1 - ux0 - t.board_w * k) / 2
    with s.saved():
        s.translate(ox, oy)
        s.scale(k, k)
        painter(Miniature(s, k))  # the board's words a player could not read at this size are left out
    for r in range(t.rows):
        for c in range(t.cols):
            bx, by = t.piece_x(c), t.piece_y(r)
            vw, vh = t.piece_w(c), t.piece_h(r)
            s.rect(ox + bx * k, oy + by * k, vw * k, vh * k, Style(stroke="#d00000", width_mm=0.5))
            label = Tiling.label(r, c)
            lx, ly = ox + (bx + vw / 2) * k, oy + (by + vh / 2) * k
            w = text_width_mm(label, 14, "bold") + 3
            s.rect(lx - w / 2, ly - 4.5, w, 6.5, Style(fill="#ffffff", stroke="#d00000", width_mm=0.3))
            s.text(lx, ly, label, size_pt=14, font="bold", fill="#d00000", anchor="middle")
