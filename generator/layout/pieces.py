"""Imposition of repeated pieces (tiles, tokens, counters, cards) on sheets, with crop marks, bleed
and duplex backs.

Rectangular pieces are butted edge to edge (one cut line serves two pieces, bleed runs round the
block); hexes and rounds stand apart so each has its own bleed and corner marks. The block is centred
across the page, so under long-edge flip the back of every slot is the mirrored slot of the same grid.
"""

from __future__ import annotations

import hashlib
import math
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from ..base.record import Value
from ..base.vocabulary import Duplex, Marks
from ..components.look import Look
from ..draw.surface import Path, Surface
from ..model import Component
from ..model.kinds import Outline
from .page import (
    CUT_LINE,
    MARGIN_MM,
    MARK,
    MARK_GAP_MM,
    MARK_HALO,
    MARK_LEN_MM,
    Paper,
    crop_mark,
)

SQRT3 = math.sqrt(3.0)
MIN_MARK_MM = 2.0  # crop marks are 2-4 mm long, as room allows
TICK_MM = 1.6  # corner ticks round a hex or a round piece
SEAM_MM = 0.04  # a piece runs this far past a shared cut into the neighbour drawn before it
# ...and this far under the neighbour drawn after it, which paints over it: more than a pixel at any
# screen or print resolution (0.27 mm at 96 dpi), so no pixel on a shared cut is left half covered by
# two anti-aliased edges (the 7% light seam rsvg showed between black hex backs at 150 dpi with 0.04)
UNDER_MM = 0.5


def default_bleed(comp: Component) -> float:
    w, h = comp.size_mm
    return round(min(3.0, 0.15 * min(w, h)), 2)


@dataclass(frozen=True, slots=True)
class Grid(Value):
    """Pieces in rows and columns on a sheet (frozen: a cache key)."""

    cols: int
    rows: int
    cell_w: float  # cut width of one piece as placed
    cell_h: float
    gap: float  # space between cut lines of neighbours (0 = butted)
    x0: float  # left cut edge of the block
    y0: float  # top cut edge of the block
    rotated: bool
    bleed: float
    butted: bool
    gap_y: float = -1.0  # a different gap between rows (hex strips); -1: the same as ``gap``
    strip: str = ""  # hexes butted into columns (flat) or rows (pointy), sharing their flat edges

    @property
    def gx(self) -> float:
        return self.gap

    @property
    def gy(self) -> float:
        return self.gap if self.gap_y < 0 else self.gap_y

    @property
    def per_page(self) -> int:
        return self.cols * self.rows

    def centre(self, index: int) -> tuple[float, float]:
        col, row = index % self.cols, index // self.cols
        return (self.x0 + col * (self.cell_w + self.gx) + self.cell_w / 2,
                self.y0 + row * (self.cell_h + self.gy) + self.cell_h / 2)

    @property
    def width(self) -> float:
        return self.cols * self.cell_w + (self.cols - 1) * self.gx

    @property
    def height(self) -> float:
        return self.rows * self.cell_h + (self.rows - 1) * self.gy

    def used(self, n: int) -> tuple[float, float]:
        """Width and height of the block holding the first ``n`` pieces."""
        rows = math.ceil(n / self.cols)
        return (min(self.cols, n) * (self.cell_w + self.gx) - self.gx, rows * (self.cell_h + self.gy) - self.gy)


def _fit(avail: float, cell: float, gap: float, outer: float) -> int:
    """How many cells of size ``cell`` with ``gap`` between fit in ``avail`` with ``outer`` each side."""
    n = int((avail - 2 * outer + gap + 1e-9) // (cell + gap))
    return max(0, n)


def plan_grid(comp: Component, paper: Paper, bleed: float, region: tuple[float, float, float, float],
              allow_rotate: bool = True, align_x: str = "centre", align_y: str = "start",
              count: int | None = None) -> Grid:
    """The grid that fits most pieces in ``region`` (x0, y0, x1, y1).

    Butted blocks want crop marks on all four sides; where the marks at the left and right would not
    fit but dropping them fits a whole extra column (3 poker cards across A4), the side marks go and
    the row cuts follow the card edges. Ties prefer marks on every side, then pieces upright.
    ``align_x``: centre (on the page, so long-edge backs mirror onto the same grid) or end (against
    the region's right edge: the fronts half of a gutter-fold page). ``align_y``: start or end."""
    w, h = comp.size_mm
    butted = comp.declaration.butted
    spaced_gap = 2 * bleed + 2 * MARK_GAP_MM + 2.0
    gap = 0.0 if butted else spaced_gap
    # hexes stand in strips: flat-topped ones stacked in columns, pointy ones side by side in rows,
    # sharing an edge (one straight cut) with bleed only round the strip: two zigzag passes a strip
    strip = ("columns" if comp.orientation == "flat" else "rows") if comp.outline == Outline.HEX else ""
    gap_x = 0.0 if strip == "rows" else gap
    gap_y = 0.0 if strip == "columns" else gap
    # butted blocks: marks outside the block's bleed; spaced pieces: corner ticks (up to TICK_MM)
    marks = MARK_GAP_MM + MIN_MARK_MM if butted else bleed * 0.16 + MARK_GAP_MM + TICK_MM + 0.1
    rx0, ry0, rx1, ry1 = region
    orientations = [(False, w, h)]
    if allow_rotate and butted and abs(w - h) > 0.01:
        orientations.append((True, h, w))
    best: Grid | None = None
    best_key: tuple = ()
    # butted blocks without room for marks outside them get their marks over the bleed instead
    choices = [(True, True), (False, True), (True, False), (False, False)] if butted else [(True, True)]
    for rotated, cw, ch in orientations:
        for side_marks, end_marks in choices:
            cols = _fit(rx1 - rx0, cw, gap_x, bleed + (marks if side_marks else 0.0))
            rows = _fit(ry1 - ry0, ch, gap_y, bleed + (marks if end_marks else 0.0))
            if cols < 1 or rows < 1:
                continue
            grid_w = cols * cw + (cols - 1) * gap_x
            grid_h = rows * ch + (rows - 1) * gap_y
            outer_x = bleed + (marks if side_marks else 0.0)
            outer_y = bleed + (marks if end_marks else 0.0)
            x0 = (paper.width_mm - grid_w) / 2 if align_x == "centre" else rx1 - outer_x - grid_w
            y0 = ry0 + outer_y if align_y == "start" else ry1 - outer_y - grid_h
            grid = Grid(cols, rows, cw, ch, gap_x, x0, y0, rotated, bleed, butted, gap_y, strip)
            # with ``count`` known: fewest pages first, then marks outside the art where that costs no page
            fewest = -math.ceil(count / grid.per_page) if count else grid.per_page
            key = (fewest, not rotated, side_marks + end_marks, end_marks, grid.per_page)
            if best is None or key > best_key:
                best, best_key = grid, key
    if best is None:
        raise ValueError("piece too large for the page")
    return best


LEAST_BLEED_MM = 2.0  # a print shop's usual minimum: what a default bleed may shrink to


def plan_least_paper(comp: Component, paper: Paper, bleed: float, region: tuple[float, float, float, float],
                     **kw) -> Grid:
    """The grid of :func:`plan_grid`, with the default bleed cut down (in 0.5 mm steps, to no less
    than 2 mm) where that fits more pieces a page: nine poker cards on A4 with a 2.5 mm bleed."""
    count = kw.get("count")
    best = plan_grid(comp, paper, bleed, region, **kw)
    trial = bleed - 0.5
    while trial >= LEAST_BLEED_MM - 1e-9:
        try:
            grid = plan_grid(comp, paper, round(trial, 2), region, **kw)
        except ValueError:
            break
        if (math.ceil(count / grid.per_page) < math.ceil(count / best.per_page) if count
                else grid.per_page > best.per_page):
            best = grid
        trial -= 0.5
    return best


@dataclass(slots=True)
class PiecePage(Value):
    """One side of a page of pieces (a "sheet" is the paper: its fronts and backs pages): the looks in
    slot order (a back without a look of its own shows its front's), the side (front | back) and ``once``, which holds (``in``) the keys
    of looks printed only once: drawn in place, not as forms."""

    comp: Component
    grid: Grid
    looks: list[Look]
    side: str
    once: Any = frozenset()


def form_name(comp: Component, side: str, look: Look, bleed: float) -> str:
    key = (comp.id, comp.size_mm, side, bleed, look.key())
    name = _FORM_NAMES.get(key)
    if name is None:  # a deck's shared back is asked for on every card
        digest = hashlib.sha1(f"{comp.id}|{comp.size_mm}|{side}|{bleed}|{look.key()}".encode()).hexdigest()[:12]
        if len(_FORM_NAMES) >= 4096:
            _FORM_NAMES.clear()
        name = _FORM_NAMES[key] = f"{comp.id}-{side}-{digest}"
    return name


_FORM_NAMES: dict[tuple, str] = {}


def draw_pieces(s: Surface, page: PiecePage, paper: Paper,
                painter: Callable[[Surface, Component, Look, float], None],
                mirror: str = "none", offset_mm: tuple[float, float] = (0.0, 0.0), marks: str = "crop") -> list[float]:
    """Draw every piece of ``page`` and its cutting marks. ``mirror``: none, long or short (for
    backs). ``marks``: crop (short marks outside the art), lines (marks running to the page margins;
    hairlines on the cut edge of hexes and rounds) or none. Returns the x positions of marks that
    reach the footer band (the footer keeps clear of them)."""
    grid, comp = page.grid, page.comp
    w, h = comp.size_mm
    bleed = grid.bleed
    half_diag = math.hypot(w, h) / 2 + bleed
    bbox = (-half_diag, -half_diag, half_diag, half_diag)
    n = len(page.looks)
    clipped = grid.butted or bool(grid.strip)
    once = page.once
    for index, ((cx, cy), clip) in enumerate(_slots(grid, n, paper, mirror, (offset_mm[0], offset_mm[1]), clipped)):
        look = page.looks[index]
        single = look.key() in once
        name = "" if single else form_name(comp, page.side, look, bleed)
        if not single and not s.has(name):
            s.define(name, bbox, _one_piece(painter, comp, look, bleed))
        s.save()
        if clip is not None:
            # butted pieces share cut lines: a piece's bleed runs only past the block's outer edges
            s.clip(clip)
        s.translate(cx, cy)
        if grid.rotated:
            # a piece lying on its side: under a long-edge flip its back turns the other way
            s.rotate(-90 if (page.side == "back" and mirror == Duplex.LONG) else 90)
        if single:  # a form costs more than it saves for art printed once
            painter(s, comp, look, bleed)
        else:
            s.use(name, 0, 0)
        s.restore()
    if marks == Marks.NONE:
        return []
    if grid.butted:
        return _block_marks(s, grid, paper, n, mirror, offset_mm, marks == Marks.LINES)
    # the cut line is printed on fronts only: on a back it would show any duplex misregistration
    _piece_marks(s, comp, grid, paper, n, mirror, offset_mm, marks == Marks.LINES, page.side == "front")
    return []


def _one_piece(painter: Callable[[Surface, Component, Look, float], None], comp: Component, look: Look,
               bleed: float) -> Callable[[Surface], None]:
    """``painter`` drawing one piece's look: a form's drawing."""
    return lambda t: painter(t, comp, look, bleed)


def _slots(grid: Grid, n: int, paper: Paper, mirror: str, offset: tuple[float, float],
           clipped: bool) -> list[tuple[tuple[float, float], Path | None]]:
    """Each slot's centre on the page and its clip (None: not clipped): the same on every full sheet
    of a deck, worked out once per sheet layout."""
    key = (grid, n, paper, mirror, offset, clipped)
    slots = _SLOTS.get(key)
    if slots is None:
        slots = []
        for index in range(n):
            cx, cy = _mirror(*grid.centre(index), paper, mirror)
            cx, cy = cx + offset[0], cy + offset[1]
            slots.append(((cx, cy), _slot_clip(grid, index, n, cx, cy, mirror) if clipped else None))
        if len(_SLOTS) >= 256:
            _SLOTS.clear()
        _SLOTS[key] = slots
    return slots


_SLOTS: dict[tuple, list] = {}


def _slot_clip(grid: Grid, index: int, n: int, cx: float, cy: float, mirror: str) -> Path:
    """The cut rectangle of one slot, grown by the bleed on the sides that face no neighbour."""
    col, row = index % grid.cols, index // grid.cols
    rows = math.ceil(n / grid.cols)
    left = col == 0
    right = col == grid.cols - 1 or index == n - 1
    top = row == 0
    bottom = row == rows - 1 or index + grid.cols >= n
    # the neighbours drawn later: index + 1 (right) and index + cols (below), wherever a mirror puts them
    later_left, later_right, later_top, later_bottom = False, True, False, True
    if mirror == Duplex.LONG:
        left, right = right, left
        later_left, later_right = later_right, later_left
    elif mirror == Duplex.SHORT:
        top, bottom = bottom, top
        later_top, later_bottom = later_bottom, later_top
    b = grid.bleed
    under = max(SEAM_MM, min(b, UNDER_MM))
    if grid.strip == "columns":  # only the shared top and bottom edges cut the bleed
        left = right = True
    elif grid.strip == "rows":
        top = bottom = True
    reach = b + grid.cell_w  # "no neighbour": far enough for any bleed
    # a shared cut: each piece runs a hair past it, and under the neighbour painted after it, so
    # renderers' anti-aliasing shows no light seam
    x0 = cx - grid.cell_w / 2 - ((reach if grid.strip else b) if left else under if later_left else SEAM_MM)
    x1 = cx + grid.cell_w / 2 + ((reach if grid.strip else b) if right else under if later_right else SEAM_MM)
    y0 = cy - grid.cell_h / 2 - ((reach if grid.strip else b) if top else under if later_top else SEAM_MM)
    y1 = cy + grid.cell_h / 2 + ((reach if grid.strip else b) if bottom else under if later_bottom else SEAM_MM)
    return Path.rect(x0, y0, x1 - x0, y1 - y0)


def piece_centres(grid: Grid, n: int, paper: Paper, mirror: str = "none",
                  offset: tuple[float, float] = (0.0, 0.0)) -> list[tuple[float, float]]:
    """The centre on the page of each of the first ``n`` slots, as :func:`draw_pieces` places them."""
    return [(x + offset[0], y + offset[1]) for x, y in (_mirror(*grid.centre(i), paper, mirror) for i in range(n))]


def _mirror(cx: float, cy: float, paper: Paper, mirror: str) -> tuple[float, float]:
    if mirror == Duplex.LONG:
        return paper.width_mm - cx, cy
    if mirror == Duplex.SHORT:
        return cx, paper.height_mm - cy
    return cx, cy


def block_cuts(grid: Grid, n: int, paper: Paper, mirror: str = "none",
               offset: tuple[float, float] = (0.0, 0.0)) -> tuple[list[float], list[float]]:
    """Where the cuts of a butted block of ``n`` pieces fall on the page: column cuts' x, row cuts' y."""
    rows_used = min(grid.rows, math.ceil(n / grid.cols))
    cols_used = min(grid.cols, n)
    xs = [grid.x0 + i * grid.cell_w for i in range(cols_used + 1)]
    ys = [grid.y0 + j * grid.cell_h for j in range(rows_used + 1)]
    if mirror == Duplex.LONG:
        xs = [paper.width_mm - x for x in xs]
    elif mirror == Duplex.SHORT:
        ys = [paper.height_mm - y for y in ys]
    return [x + offset[0] for x in xs], [y + offset[1] for y in ys]


def _block_marks(s: Surface, grid: Grid, paper: Paper, n: int, mirror: str,
                 offset: tuple[float, float], full: bool = False) -> list[float]:
    """Marks on every cut line of a butted block, at both ends of every cut, on both axes.

    A mark stands outside the bleed where there is room for one before the page margin (or the
    footer band); where the block runs so close to the margin that there is not (15 troop counters
    across A4), the mark runs over the bleed instead, from the cut edge outwards: the bleed is cut
    away with it. A white edge keeps those marks visible on dark art."""
    key = ("block marks", grid, n, paper, mirror, tuple(offset), full)
    # the same marks on every full sheet of a deck (fronts and backs apart): drawn once, placed on each
    s.reuse(repr(key), (0.0, 0.0, paper.width_mm, paper.height_mm),
            lambda t: _draw_block_marks(t, grid, paper, n, mirror, offset, full))
    return []  # bottom marks stop at the footer band, so the footer needs to avoid none


def _draw_block_marks(s: Surface, grid: Grid, paper: Paper, n: int, mirror: str,
                      offset: tuple[float, float], full: bool) -> None:
    xs, ys = block_cuts(grid, n, paper, mirror, offset)
    most = 10_000.0 if full else MARK_LEN_MM  # lines run to the margins, for a paper trimmer
    x_lo, x_hi, y_lo, y_hi = MARGIN_MM, paper.width_mm - MARGIN_MM, MARGIN_MM, paper.usable[3]
    edge = grid.bleed + MARK_GAP_MM
    # (cut positions, where the block's edge is, direction, how far the page lets a mark go)
    sides = ((xs, min(ys), (0, -1), min(ys) - y_lo), (xs, max(ys), (0, 1), y_hi - max(ys)),
             (ys, min(xs), (-1, 0), min(xs) - x_lo), (ys, max(xs), (1, 0), x_hi - max(xs)))
    for cuts, at, (dx, dy), room in sides:
        # a side's marks are parallel and a cut apart: one path of them all (their white edges first)
        outside = room - edge
        marks = Path()
        for c in cuts:
            x, y = (c, at) if dx == 0 else (at, c)
            if outside >= 1.0:
                x, y, length = x + dx * edge, y + dy * edge, min(most, outside)
            else:
                length = max(grid.bleed, min(room, grid.bleed + MIN_MARK_MM))
            marks.move_to(x, y).line_to(x + dx * length, y + dy * length)
        if outside < 1.0:
            s.draw(marks, MARK_HALO)
        s.draw(marks, MARK)


def _piece_marks(s: Surface, comp: Component, grid: Grid, paper: Paper, n: int, mirror: str,
                 offset: tuple[float, float], full: bool = False, cut_line: bool = True) -> None:
    """A thin cut line on the piece's true outline (the colour runs on past it: that is bleed),
    and marks outside the bleed: for a hex, each edge's line continued past both corners (lay a
    ruler on the two ticks and cut the edge); for a round, ticks at the quarter points."""
    w, h = comp.size_mm
    # ticks as long as the space between pieces (or, for a piece alone, before the margin) allows
    room = max(grid.gx, grid.gy) / 2 if grid.per_page > 1 else _room_to_margin(grid, paper)
    length = max(0.8, min(TICK_MM if grid.per_page > 1 else MARK_LEN_MM,
                          room - MARK_GAP_MM - grid.bleed * 0.3))
    for index in range(n):
        cx, cy = _mirror(*grid.centre(index), paper, mirror)
        cx, cy = cx + offset[0], cy + offset[1]
        if cut_line or full:
            with s.saved():
                s.translate(cx, cy)
                cut_outline(s, comp)
        if comp.outline == Outline.DIE:  # a sticker: each side's line continued past its corners; a net: its cut line
            _side_ticks(s, comp, cx, cy, grid.bleed, length)
        elif comp.outline == Outline.HEX:
            _hex_edge_ticks(s, comp, cx, cy, grid.bleed, length, _strip_neighbours(grid, index, n, paper, mirror,
                                                                                 offset))
        else:
            start = w / 2 + grid.bleed + MARK_GAP_MM
            for a in (0, 90, 180, 270):
                dx, dy = math.cos(math.radians(a)), math.sin(math.radians(a))
                crop_mark(s, cx + dx * start, cy + dy * start, dx, dy, length)


def _strip_neighbours(grid: Grid, index: int, n: int, paper: Paper, mirror: str,
                      offset: tuple[float, float]) -> list[tuple[float, float]]:
    """Centres of the hexes that share an edge with this one in its strip."""
    if not grid.strip:
        return []
    step = grid.cols if grid.strip == "columns" else 1
    out = []
    for j in (index - step, index + step):
        if 0 <= j < n and (grid.strip == "columns" or j // grid.cols == index // grid.cols):
            x, y = _mirror(*grid.centre(j), paper, mirror)
            out.append((x + offset[0], y + offset[1]))
    return out


def _in_hex(px: float, py: float, cx: float, cy: float, apothem: float, flat: bool) -> bool:
    turn = 30.0 if flat else 0.0
    for k in range(6):
        a = math.radians(turn + 60 * k)
        if (px - cx) * math.cos(a) + (py - cy) * math.sin(a) > apothem:
            return False
    return True


def _hex_edge_ticks(s: Surface, comp: Component, cx: float, cy: float, bleed: float, length: float,
                    neighbours: Sequence[tuple[float, float]] = ()) -> None:
    """Each edge's line continued past both corners, outside the bleed; a tick that would fall on a
    strip neighbour's art is left out (the shared edge itself is the cut there)."""
    flats = min(comp.size_mm)
    r = flats / SQRT3
    flat = comp.orientation == "flat"
    turn = 0.0 if flat else 30.0
    corners = [(cx + r * math.cos(math.radians(turn + 60 * i)), cy + r * math.sin(math.radians(turn + 60 * i)))
               for i in range(6)]
    clear = bleed * 2 / SQRT3 + MARK_GAP_MM  # where an edge's line leaves the bleed past its corner
    reach = flats / 2 + bleed + MARK_GAP_MM / 2
    for i in range(6):
        (ax, ay), (bx, by) = corners[i], corners[(i + 1) % 6]
        ux, uy = (bx - ax) / r, (by - ay) / r  # edge length is r
        for px, py, dx, dy in ((bx + ux * clear, by + uy * clear, ux, uy), (ax - ux * clear, ay - uy * clear, -ux, -uy)):
            ends = ((px, py), (px + dx * length, py + dy * length))
            if any(_in_hex(x, y, nx, ny, reach, flat) for nx, ny in neighbours for x, y in ends):
                continue
            crop_mark(s, px, py, dx, dy, length)


def _side_ticks(s: Surface, comp: Component, cx: float, cy: float, bleed: float, length: float) -> None:
    """A sticker's sides continued past both corners, outside the bleed (lay a ruler on the two ticks);
    none round a net, whose folded outline is cut along its printed line."""
    from ..components.piece import outline  # lazy: as in cut_outline

    corners = outline(comp).points()
    if comp.spec.get("print") == "net" or len(corners) < 3:
        return
    n = len(corners)
    for i in range(n):
        (ax, ay), (bx, by) = corners[i], corners[(i + 1) % n]
        side = math.hypot(bx - ax, by - ay)
        ux, uy = (bx - ax) / side, (by - ay) / side
        for k, (px, py, dx, dy) in ((i + 1, (bx, by, ux, uy)), (i, (ax, ay, -ux, -uy))):
            (qx, qy), (rx, ry) = corners[(k - 1) % n], corners[(k + 1) % n]  # the corner's other side
            turn = abs(math.atan2((qx - px) * (ry - py) - (qy - py) * (rx - px),
                                  (qx - px) * (rx - px) + (qy - py) * (ry - py)))
            clear = bleed / max(0.2, math.sin(turn)) + MARK_GAP_MM
            crop_mark(s, cx + px + dx * clear, cy + py + dy * clear, dx, dy, length)


def _room_to_margin(grid: Grid, paper: Paper) -> float:
    """Space between one lone piece's bleed edge and the nearest page margin."""
    x0, y0, x1, y1 = paper.usable
    room = min(grid.x0 - x0, x1 - grid.x0 - grid.width, grid.y0 - y0, y1 - grid.y0 - grid.height)
    return max(0.0, room)


def cut_outline(s: Surface, comp: Component) -> None:
    """The printed cut line: a thin dark line centred on the piece's true outline (hexes stacked in
    a strip share theirs)."""
    from ..components.piece import outline  # lazy: shaped pieces only, not loaded for a deck

    s.draw(outline(comp), CUT_LINE)


def cut_shape_bounds(comp: Component) -> tuple[float, float, float, float]:
    from ..components.piece import outline  # lazy: as in cut_outline

    return outline(comp).bounds()
