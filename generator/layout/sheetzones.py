"""A sheet of pieces dressed as a counter sheet: a title at its top (``sheet_title:``) and a colour zone
behind each group's block (``group_fill:``), as protograf's counter sheets have them. The title takes a
band at the top of the page's usable area, which the blocks are planned below; a zone covers its
block, the block's crop marks and its heading, and sits behind the same pieces on the backs page."""

from __future__ import annotations

from typing import Callable

from ..base.notices import warn
from ..base.vocabulary import Duplex
from ..draw.fonts import text_width_mm
from ..draw.surface import Style, Surface
from ..model import Component
from .document import PaintResult
from .page import HEADING_MM, MARK_GAP_MM, MARK_LEN_MM, Paper
from .pieces import Grid

TITLE_MM = 9.0  # the band a sheet's title takes at the top of the usable area
TITLE_PT = 14.0
TITLE_MIN_PT = 6.5  # a long title is set smaller to fit its width, down to this (the smallest text)

GUTTER_CLEAR_MM = 2.0  # between a gutter-fold page's title and its fold line
Rect = tuple[float, float, float, float]  # x, y, width, height in mm from the page's top left


def sheet_title(comp: Component) -> str:
    """The title a sheet whose first block is ``comp``'s carries ("" for none)."""
    spec = comp.spec if isinstance(comp.spec, dict) else {}
    return str(spec.get("sheet_title") or "")


def top_mm(comp: Component, paper: Paper) -> float:
    """Where a page's first block of ``comp`` may start: the usable area's top, under its title."""
    return paper.usable[1] + (TITLE_MM if sheet_title(comp) else 0.0)


def zone_fill(comp: Component, ink_saver: bool = False) -> str | None:
    """The colour behind a block of ``comp``'s pieces: its group's, where ``group_fill`` names it
    (none with --ink-saver)."""
    fills = comp.spec.get("group_fill") if isinstance(comp.spec, dict) else None
    if ink_saver or not isinstance(fills, dict) or not comp.items:
        return None
    group = comp.items[0].group  # a block is one group's (plan.grouped)
    colour = next((v for k, v in fills.items() if str(k) == group), None)  # a group may be named 1944
    return str(colour) if colour else None


def zone_rect(grid: Grid, count: int, headed: bool, top: float, paper: Paper) -> Rect:
    """The zone of a block of ``count`` pieces on ``grid``, on the fronts page: its pieces, bleed and
    crop marks, and its heading where it has one; never above ``top`` (the title) nor off the
    usable area."""
    w, h = grid.used(count)
    reach = grid.bleed + MARK_GAP_MM + MARK_LEN_MM
    x0, _y0, x1, y1 = paper.usable
    left, right = max(x0, grid.x0 - reach), min(x1, grid.x0 + w + reach)
    upper = grid.y0 - grid.bleed - HEADING_MM - 0.6 if headed else grid.y0 - reach
    upper, lower = max(top, upper), min(y1, grid.y0 + h + reach)
    return (left, upper, right - left, lower - upper)


def mirrored(rect: Rect, paper: Paper, flip: str, offset: tuple[float, float]) -> Rect:
    """A fronts zone where it lies on the backs page (flipped as the sheet is, moved by the back offset)."""
    x, y, w, h = rect
    if flip == Duplex.LONG:
        x = paper.width_mm - x - w
    elif flip == Duplex.SHORT:
        y = paper.height_mm - y - h
    return (x + offset[0], y + offset[1], w, h)


def block_zones(blocks: list, paper: Paper, ink_saver: bool, flip: str | None = None,
                offset: tuple[float, float] = (0.0, 0.0)) -> list[tuple[Rect, str]]:
    """The zones of a packed page's blocks (packing.Block) that have one: on its fronts page, or, with
    ``flip``, where they lie on its backs page (a block of one-sided pieces has no backs)."""
    if not blocks:
        return []
    top = top_mm(blocks[0].comp, paper)
    out = []
    for block in blocks:
        fill = zone_fill(block.comp, ink_saver)
        if fill is None or (flip is not None and block.front_only):
            continue
        rect = zone_rect(block.grid, len(block.pieces), block.label is not None, top, paper)
        out.append((rect if flip is None else mirrored(rect, paper, flip, offset), fill))
    return out


def title_pt(title: str, width_mm: float) -> float:
    """The title's size: 14 pt, or smaller (not under 6.5 pt) where it would run past ``width_mm``."""
    wide = text_width_mm(title, TITLE_PT, "bold")
    return TITLE_PT if wide <= width_mm else max(TITLE_MIN_PT, TITLE_PT * width_mm / wide)


def dressed(paint: Callable[[Surface, Paper], PaintResult], zones: Callable[[Paper], list[tuple[Rect, str]]],
            titled: Component | None = None, half: bool = False) -> Callable[[Surface, Paper], PaintResult]:
    """A page's painter with its zones (``zones(paper)``) drawn first, under everything, and the title
    of ``titled`` (the component whose block comes first) over the blocks, within the usable width
    (``half``: the fronts half of a gutter-fold page, left of its fold). A title too wide even at its
    smallest size is drawn and warned of at its line, as every text that does not fit."""
    title = sheet_title(titled) if titled is not None else ""

    def painted(s: Surface, p: Paper) -> PaintResult:
        for (x, y, w, h), fill in zones(p):
            s.rect(x, y, w, h, Style(fill=fill))
        result = paint(s, p)
        if title and titled is not None:
            x0, y0, x1, _y1 = p.usable
            width = (p.width_mm / 2 - GUTTER_CLEAR_MM if half else x1) - x0
            size = title_pt(title, width)
            s.text(x0, y0 + TITLE_MM * 0.62, title, size_pt=size, font="bold", fill="#000000")
            wide = text_width_mm(title, size, "bold")
            if wide > width + 0.05:
                warn((titled.file, titled.line_of("sheet_title")),
                     f"the sheet title is {wide:.0f} mm wide at {size:g} pt, and {p.name} paper has "
                     f"{width:.0f} mm for it{' beside the fold' if half else ''}: shorten it")
        return result
    return painted
