"""``copies: N`` on a board (a score pad, a player mat a player): as many copies to a page as fit,
each with its own bleed and corner marks, turned a quarter where more fit that way."""

from __future__ import annotations

import math

from ..draw.surface import Surface
from ..model import Component
from . import poster
from .document import PageJob, PaintResult
from .page import Paper

BLEED_MM = 3.0


def per_page(size: tuple[float, float], paper: Paper, bleed: float = BLEED_MM) -> tuple[int, int, bool]:
    """(columns, rows, turned): the most copies of a ``size`` board one page holds, upright or turned
    (upright when both hold as many). (0, 0, False) when not one fits."""
    x0, y0, x1, y1 = paper.usable
    edge = bleed + poster.STACK_EDGE_MM
    best = (0, 0, False)
    for turned, (w, h) in ((False, size), (True, size[::-1])):
        cols, rows = int((x1 - x0) // (w + 2 * edge)), int((y1 - y0) // (h + 2 * edge))
        if cols * rows > best[0] * best[1]:
            best = (cols, rows, turned)
    return best


def copies_pages(comp: Component, paper: Paper, copies: int, painter: poster.Painter) -> list[PageJob] | None:
    """The pages of ``copies`` copies of a board packed, or None when one copy needs a page or more;
    ``painter`` draws the board at the origin with BLEED_MM of bleed (boardpages.board_painter)."""
    cols, rows, turned = per_page(comp.size_mm, paper)
    fit = cols * rows
    if fit < 2:
        return None
    w, h = comp.size_mm
    if turned:
        painter, (w, h) = poster.turned_painter(painter, comp.size_mm), (h, w)
    jobs = []
    pages = math.ceil(copies / fit)
    for page in range(pages):
        count = min(fit, copies - page * fit)

        def paint(s: Surface, p: Paper, count: int = count) -> PaintResult:
            return [], _paint_copies(s, p, (w, h), cols, min(rows, math.ceil(count / cols)), count, painter), \
                BLEED_MM
        first = page * fit + 1
        what = f"{comp.name} (copies {first}-{first + count - 1} of {copies})" if count > 1 else \
            f"{comp.name} (copy {first} of {copies})"
        jobs.append(PageJob(comp, what, paint, per_page=fit))
    return jobs


def _paint_copies(s: Surface, paper: Paper, size: tuple[float, float], cols: int, rows: int, count: int,
                  painter: poster.Painter) -> tuple[float, float, float, float]:
    """``count`` copies in a grid centred on the usable area; returns the trim box round them all."""
    ux0, uy0, ux1, uy1 = paper.usable
    w, h = size
    edge = BLEED_MM + poster.STACK_EDGE_MM
    cols = min(cols, count)
    left = ux0 + (ux1 - ux0 - cols * (w + 2 * edge)) / 2 + edge
    top = uy0 + (uy1 - uy0 - rows * (h + 2 * edge)) / 2 + edge
    for i in range(count):
        x, y = left + (i % cols) * (w + 2 * edge), top + (i // cols) * (h + 2 * edge)
        with s.saved():
            s.translate(x, y)
            painter(s)
        poster.corner_marks(s, x, y, w, h, BLEED_MM, poster.STACK_MARK_MM)
    return (left, top, (cols - 1) * (w + 2 * edge) + w, (rows - 1) * (h + 2 * edge) + h)
