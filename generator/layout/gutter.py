"""The gutter-fold layout: a component's fronts and backs on one page, mirrored across a fold line."""

from __future__ import annotations

from typing import Callable

from ..base.errors import BuildError
from ..base.options import Options
from ..model import Component, Game
from .document import PageJob
from .page import Paper
from .piecepages import instances, own_zones, piece_paint, printed_once
from .pieces import Grid, PiecePage, plan_grid
from .sheetzones import TITLE_MM, Rect, dressed, sheet_title

GUTTER_MM = 8.0  # between the fold and the nearest cut line on each side


def gutter_pages(game: Game, comp: Component, paper: Paper, opts: Options, bleed: float) -> list[PageJob]:
    """Fronts and backs on one page, mirrored across a fold line: fold, glue, cut. The fold runs
    down the middle (backs mirrored left to right) or across it (top to bottom), whichever holds more."""
    x0, y0, x1, y1 = paper.usable
    title = sheet_title(comp)
    y0 += TITLE_MM if title else 0.0  # the sheet's title above the fronts
    mid_x, mid_y = paper.width_mm / 2, paper.height_mm / 2
    sym_y0 = max(y0, paper.height_mm - y1) if title else paper.height_mm - y1  # the across fold mirrors top
    # and bottom: keep margins symmetric
    plans = []
    try:
        plans.append((plan_grid(comp, paper, bleed, (x0, y0, mid_x - GUTTER_MM, y1), align_x="end"), "long"))
    except ValueError:
        pass
    try:
        plans.append((plan_grid(comp, paper, bleed, (x0, sym_y0, x1, mid_y - GUTTER_MM), align_y="end"), "short"))
    except ValueError:
        pass
    if not plans:
        raise BuildError(f"{comp.name}: a {comp.size_mm[0]:.1f} x {comp.size_mm[1]:.1f} mm piece is too large for "
                         f"a gutter-fold half of {paper.name} paper", comp.file, comp.line)
    grid, fold = max(plans, key=lambda p: p[0].per_page)
    pieces = instances(game, comp, opts.ink_saver)
    once = printed_once(pieces)
    jobs = []
    for i in range(0, len(pieces), grid.per_page):
        chunk = pieces[i:i + grid.per_page]
        fronts = PiecePage(comp, grid, [f for f, _ in chunk], "front", once)
        backs = PiecePage(comp, grid, [b or f for f, b in chunk], "back", once)
        sides = [(fronts, "none", (0.0, 0.0)), (backs, fold, (0.0, 0.0))]
        top = y0 if fold == "long" else sym_y0
        zones = _both_halves(comp, grid, len(chunk), top, opts, fold)
        paint = dressed(piece_paint(game, sides, opts.marks, fold), zones, comp, half=fold == "long")
        jobs.append(PageJob(comp, f"{comp.name} (gutter-fold)", paint, sheets=sides))
    return jobs


def _both_halves(comp: Component, grid: Grid, count: int, top: float, opts: Options, fold: str
                 ) -> Callable[[Paper], list[tuple[Rect, str]]]:
    """The group's zone behind the fronts half and, mirrored across the fold, the backs half."""
    fronts, backs = own_zones(comp, grid, count, top, opts), own_zones(comp, grid, count, top, opts, fold)
    return lambda paper: fronts(paper) + backs(paper)
