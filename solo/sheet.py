"""The fresh kingdom sheet: one printable page (A4 or Letter) drawn on :mod:`generator.draw`.

Title, name lines, the hex map (coordinates, capital, and for a seeded sheet the mountains and the
river), trackers, a year-by-year record table and the condensed rules (from
``templates/kingdom/sheet-rules.txt.j2``, numbers from the rules data). Nothing is smaller than 7 pt
and the hexes are about 16 mm across the flats, room for a pencilled building.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

import jinja2

from generator.draw import fonts
from generator.draw.surface import MM_PER_PT, Path as VPath, Style, Surface
from generator.fileio import write_atomic
from generator.layout.page import scale_bar

from .board import Board, KingdomMap, generate_map, rules_board
from .engine import Kingdom, cost_text
from .log import GameLog, Lines, Setup, format_log, starter_note
from .rules import Rules, templates_dir

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


# -- geometry ---------------------------------------------------------------------------------------

@dataclass(frozen=True)
class HexGrid:
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
                y0: float) -> "HexGrid":
        side = min(TARGET_FLATS_MM / SQRT3, width_mm / (1.5 * (columns - 1) + 2),
                   height_mm / (SQRT3 * (rows + 0.5)))
        return HexGrid(side, x0, y0, columns, rows)


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
    grid: HexGrid
    trackers: Box
    table: Box          # on the back
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
    grid = HexGrid.fitting(room_w, room_h, rules.columns, rules.rows, m + label, map_top)
    map_right = grid.x0 + grid.width_mm + label
    trackers = Box(map_right + 3.0, header.bottom + 2.0, w - m - map_right - 3.0,
                   grid.y0 + grid.height_mm + label - header.bottom - 2.0)
    # The back: the year-by-year record, from under its title to above the footer.
    table = Box(m, m + 19.0, w - 2 * m, footer_y - 5.0 - (m + 19.0))
    rules_box = Box(m, bottom_top, w - 2 * m, BOTTOM_MM[paper])
    return Layout(paper, w, h, header, grid, trackers, table, rules_box, footer_y)


# -- the rules text ---------------------------------------------------------------------------------

def rules_text(rules: Rules, blank: bool) -> str:
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(templates_dir())),
                             undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True,
                             autoescape=False)
    env.filters["cost_text"] = cost_text
    return env.get_template("kingdom/sheet-rules.txt.j2").render(r=rules, blank=blank).strip()


@dataclass(frozen=True)
class TextLine:
    x_mm: float
    y_mm: float
    text: str
    size_pt: float
    font: str


def set_rules(text: str, box: Box | Sequence[Box], size_pt: float = 8.5) -> list[TextLine]:
    """Headings, paragraphs and indented items, wrapped into ``box`` (or flowed through several
    column boxes of the same height, in order) at the largest size >= 7 pt."""
    boxes = [box] if isinstance(box, Box) else list(box)
    size = size_pt
    while True:
        lines = _flow(text, boxes, size)
        if lines is not None or size <= MIN_PT:
            return lines if lines is not None else _flow(text, boxes, size, force=True)  # type: ignore[return-value]
        size = max(MIN_PT, round(size - 0.25, 2))


def _flow(text: str, boxes: list[Box], size: float, force: bool = False) -> list[TextLine] | None:
    """Set ``text`` column after column, moving a whole paragraph (a heading with the paragraph
    after it) to the next column rather than splitting it; None when it does not fit (unless
    ``force``)."""
    first = boxes[0]
    paragraphs = _paragraphs(_set(text, first, size))
    out: list[TextLine] = []
    col, shift = 0, 0.0
    for i, para in enumerate(paragraphs):
        keep = para + (paragraphs[i + 1][:1] if para[0].font == "bold" and i + 1 < len(paragraphs) else [])
        if keep[-1].y_mm - shift > boxes[col].bottom and col + 1 < len(boxes) and out:
            col += 1
            shift = para[0].y_mm - (boxes[col].y + size * MM_PER_PT)
        dx = boxes[col].x - first.x
        out.extend(TextLine(ln.x_mm + dx, ln.y_mm - shift, ln.text, ln.size_pt, ln.font) for ln in para)
    if not force and out and out[-1].y_mm > boxes[-1].bottom:
        return None
    return out


def _paragraphs(lines: list[TextLine]) -> list[list[TextLine]]:
    """Lines grouped by paragraph: a continuation line is indented past its paragraph's first."""
    out: list[list[TextLine]] = []
    for line in lines:
        if out and line.font != "bold" and out[-1][0].font != "bold" and line.x_mm > out[-1][0].x_mm + 1.0:
            out[-1].append(line)
        else:
            out.append([line])
    return out


def _set(text: str, box: Box, size: float) -> list[TextLine]:
    """Set into one (endless) column as wide as ``box``."""
    lead = size * MM_PER_PT * 1.16
    y = box.y + size * MM_PER_PT
    out: list[TextLine] = []
    for raw in text.splitlines():
        if not raw.strip():
            continue
        if raw.startswith("## "):
            y += lead * 0.35 if out else 0.0
            out.append(TextLine(box.x, y, raw[3:].upper(), size + 0.5, "bold"))
            y += lead
            continue
        indent = 3.0 if raw.startswith("- ") else 0.0
        body = raw[2:] if indent else raw
        for i, line in enumerate(fonts.wrap(body, box.w - indent - 2.5, size)):
            out.append(TextLine(box.x + indent + (2.5 if i else 0.0), y, line, size, "regular"))
            y += lead
    return out


# -- drawing ----------------------------------------------------------------------------------------

def draw_sheet(surface: Surface, rules: Rules, kmap: KingdomMap | None, paper: str = "a4",
               played: "Played | None" = None) -> Layout:
    """Draw the sheet: the front (map, trackers, rules) and the back (the year-by-year record).
    ``kmap`` None: a blank map for the dice-on-paper setup. ``played``: fill both sides in as the
    player would have, from a log (more back pages when the game outlasts one)."""
    lay = layout(paper, rules)
    board = rules_board(rules)
    surface.begin_page(lay.width_mm, lay.height_mm, trim_box_mm=(0, 0, lay.width_mm, lay.height_mm),
                       label=f"{paper.upper()} sheet, front")
    _header(surface, lay, kmap, played)
    _map(surface, lay.grid, board, kmap)
    if played is not None:
        _pencil_buildings(surface, lay.grid, board, played)
    _trackers(surface, lay.trackers, rules, played)
    for line in set_rules(rules_text(rules, kmap is None), lay.rule_columns):
        surface.text(line.x_mm, line.y_mm, line.text, size_pt=line.size_pt, font=line.font, fill=INK)
    _footer(surface, lay, kmap, "front")
    surface.end_page()
    rows = record_rows(lay)
    years = list(played.rows) if played is not None else []
    pages = max(1, -(-len(years) // rows))
    for page in range(pages):
        surface.begin_page(lay.width_mm, lay.height_mm, trim_box_mm=(0, 0, lay.width_mm, lay.height_mm),
                           label=f"{paper.upper()} sheet, back" + (f" {page + 1}" if pages > 1 else ""))
        _back_header(surface, lay, kmap, page, pages)
        _record_table(surface, lay.table, page * rows + 1, years[page * rows:(page + 1) * rows])
        _footer(surface, lay, kmap, "back")
        surface.end_page()
    return lay


def _back_header(s: Surface, lay: Layout, kmap: KingdomMap | None, page: int, pages: int) -> None:
    box = lay.header
    more = f" (page {page + 1} of {pages})" if pages > 1 else ""
    s.text(box.x, box.y + 6.5, "Year by year" + more, size_pt=16, font="bold", fill=INK)
    what = f"Sheet {kmap.seed}" if kmap is not None and kmap.seed is not None else "Blank map"
    s.text(box.right, box.y + 2.8, what, size_pt=11, font="bold", fill=INK, anchor="end")
    for i, line in enumerate(fonts.wrap(RECORD_KEY, box.w, 7)[:2]):
        s.text(box.x, box.y + 11.0 + 3.2 * i, line, size_pt=7, fill=SOFT)


RECORD_KEY = ("One line a year. Fate: the two dice (r3>5: the 3 rerolled to a 5; 6: the results it chose, or dis, hard, harv, ore, eff). "
              "Built: F farm, M mine, V village, # monument stage, each with its hex. Lost: D to a "
              "disaster, S to starving. Food, ore, monument stage and graveyards as they stand at the "
              "end of the year.")


def _header(s: Surface, lay: Layout, kmap: KingdomMap | None, played: "Played | None" = None) -> None:
    box = lay.header
    s.text(box.x, box.y + 6.5, "The One-Page Kingdom", size_pt=20, font="bold", fill=INK)
    if kmap is not None and kmap.seed is not None:
        dice = f"mountain dice {kmap.dice[0]} and {kmap.dice[1]}" if kmap.dice else ""
        s.text(box.right, box.y + 2.8, f"Sheet {kmap.seed}", size_pt=11, font="bold", fill=INK, anchor="end")
        s.text(box.right, box.y + 7.0, f"{dice} · log: sheet: {kmap.seed}", size_pt=7.5, fill=SOFT,
               anchor="end")
    else:
        s.text(box.right, box.y + 2.8, "Blank map", size_pt=11, font="bold", fill=INK, anchor="end")
        s.text(box.right, box.y + 7.0, "mountain dice ___ and ___ (roll them onto the map)", size_pt=7.5,
               fill=SOFT, anchor="end")
    y = box.y + 15.5
    fields = (("Ruler", 0.0, 0.34), ("Kingdom", 0.36, 0.68), ("Capital", 0.70, 1.0))
    names = played.names if played is not None else {}
    for label, a, b in fields:
        x0, x1 = box.x + a * box.w, box.x + b * box.w
        s.text(x0, y, label, size_pt=9, font="bold", fill=INK)
        lx = x0 + fonts.text_width_mm(label, 9, "bold") + 2.0
        s.line(lx, y + 0.6, x1, y + 0.6, Style(stroke=SOFT, width_mm=0.25))
        value = names.get(label.lower())
        if value:
            s.text(lx + 1.5, y - 0.3, fonts.wrap(value, x1 - lx - 2.0, 9)[0], size_pt=9, font="italic",
                   fill=PENCIL)


def _map(s: Surface, g: HexGrid, board: Board, kmap: KingdomMap | None) -> None:
    mountains = kmap.mountain_mask if kmap else 0
    river = kmap.river_mask if kmap else 0
    line = Style(fill=None, stroke=GRID, width_mm=0.3, join="round")
    for h in range(board.size):
        col, row = board.col_row(h)
        fill = (MOUNTAIN_FILL if mountains >> h & 1 else RIVER_FILL if river >> h & 1
                else CAPITAL_FILL if h == board.capital else "#ffffff")
        s.polygon(g.corners(col, row), Style(fill=fill, stroke=GRID, width_mm=0.3, join="round"))
    if kmap is not None:
        _river(s, g, board, kmap)
        for h in kmap.mountains:
            _peaks(s, g, *board.col_row(h))
    for h in range(board.size):
        col, row = board.col_row(h)
        cx, cy = g.center(col, row)
        name = board.names[h]
        dy = 4.6 if h == board.capital else 3.3
        s.text(cx - g.side_mm * 0.28, cy - g.flats_mm / 2 + dy, name, size_pt=7,
               fill=LIGHT if h != board.capital else INK, anchor="middle")
    _capital(s, g, board)
    _coordinates(s, g, board)
    s.polygon(g.corners(*board.col_row(board.capital)), line)


def _peaks(s: Surface, g: HexGrid, col: int, row: int) -> None:
    cx, cy = g.center(col, row)
    a = g.side_mm * 0.36
    base = cy + a * 0.75
    style = Style(fill="#d3c2a5", stroke=MOUNTAIN_INK, width_mm=0.3, join="round")
    s.polygon([(cx - a * 1.25, base), (cx - a * 0.35, base - a * 1.25), (cx + a * 0.45, base)], style)
    s.polygon([(cx - a * 0.15, base), (cx + a * 0.55, base - a * 0.95), (cx + a * 1.25, base)], style)


def _river(s: Surface, g: HexGrid, board: Board, kmap: KingdomMap) -> None:
    pts = [g.center(*board.col_row(h)) for h in kmap.river]
    first = kmap.river[0]
    mountain = next((m for m in board.neighbours[first] if kmap.mountain_mask >> m & 1), None)
    if mountain is not None:
        mx, my = g.center(*board.col_row(mountain))
        pts.insert(0, ((pts[0][0] + mx) / 2, (pts[0][1] + my) / 2))
    pts.append(_mouth(g, board, kmap.river[-1], pts[-1]))
    path = _smooth(pts)
    s.draw(path, Style(stroke=RIVER_INK, width_mm=1.1, cap="round", join="round", opacity=0.85))


def _mouth(g: HexGrid, board: Board, h: int, at: tuple[float, float]) -> tuple[float, float]:
    """A point just off the map beyond the river's last (edge) hex."""
    col, row = board.col_row(h)
    x, y = at
    if row == 0 or row == board.rows - 1:
        reach = g.flats_mm / 2 + 0.8
        return (x, y - reach) if row == 0 else (x, y + reach)
    reach = g.side_mm + 0.8
    return (x - reach, y) if col == 0 else (x + reach, y)


def _smooth(pts: Sequence[tuple[float, float]]) -> VPath:
    """A Catmull-Rom curve through the points, as cubic Beziers."""
    path = VPath().move_to(*pts[0])
    for i in range(len(pts) - 1):
        p0 = pts[i - 1] if i else pts[i]
        p1, p2 = pts[i], pts[i + 1]
        p3 = pts[i + 2] if i + 2 < len(pts) else p2
        c1 = (p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6)
        c2 = (p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6)
        path.curve_to(*c1, *c2, *p2)
    return path


def _capital(s: Surface, g: HexGrid, board: Board) -> None:
    col, row = board.col_row(board.capital)
    cx, cy = g.center(col, row)
    s.polygon(g.corners(col, row, inset=1.0), Style(stroke=INK, width_mm=0.35, dash_mm=(1.2, 0.9)))
    s.text(cx, cy + g.flats_mm / 2 - 4.4, "CAPITAL", size_pt=7, font="bold", fill=INK, anchor="middle")


def _coordinates(s: Surface, g: HexGrid, board: Board) -> None:
    for col in range(board.columns):
        x, _ = g.center(col, 0)
        letter = chr(65 + col)
        s.text(x, g.y0 - 1.8, letter, size_pt=9, font="bold", fill=INK, anchor="middle")
        s.text(x, g.y0 + g.height_mm + 4.6, letter, size_pt=9, font="bold", fill=INK, anchor="middle")
    for row in range(board.rows):
        _, yl = g.center(0, row)
        _, yr = g.center(board.columns - 1, row)
        s.text(g.x0 - 1.8, yl + 1.2, str(row + 1), size_pt=9, font="bold", fill=INK, anchor="end")
        s.text(g.x0 + g.width_mm + 1.8, yr + 1.2, str(row + 1), size_pt=9, font="bold", fill=INK)


def _trackers(s: Surface, box: Box, rules: Rules, played: "Played | None" = None) -> None:
    """Food and ore to 99, labor to 49 (a tens grid and a ones grid: mark one cell in each),
    monument stages, graveyards. ``played``: the end state marked."""
    cell = min(box.w / 5, 5.6)
    y = box.y
    end = played.kingdom if played is not None else None
    for title, tens, value in (("FOOD", 10, end.food if end else None), ("ORE", 10, end.ore if end else None),
                               ("LABOR", 5, end.labor if end else None)):
        _title(s, box.x, y, title)
        if value is not None:  # the played sheet: the number itself, however big
            s.text(box.x + 5 * cell, y + 2.6, f"= {value}", size_pt=7.5, font="italic", fill=PENCIL,
                   anchor="end")
        elif title != "LABOR":
            s.text(box.x + 5 * cell, y + 2.6, "tens + ones", size_pt=7, fill=SOFT, anchor="end")
        y = _tens_ones(s, box.x, y + 4.0, cell, tens, value) + 2.4
    y = _title(s, box.x, y, "MONUMENT")
    for stage, cost in enumerate(rules.stages, 1):
        s.rect(box.x, y, 4.2, 4.2, Style(stroke=INK, width_mm=0.3))
        if end is not None and end.stage >= stage:
            _tick(s, box.x + 0.5, y + 0.5, 3.2)
        s.text(box.x + 5.5, y + 2.5, f"Stage {stage}", size_pt=7.5, font="bold", fill=INK)
        s.text(box.x + 5.5, y + 5.6, "+".join(str(c) for c in cost) + " L+F+O", size_pt=7, fill=SOFT)
        y += 7.4
    y = _title(s, box.x, y + 1.0, "GRAVEYARDS")
    n = rules.lose_graveyards
    for i in range(n):
        s.rect(box.x + i * 6.5, y, 5.0, 5.0, Style(stroke=INK, width_mm=0.3))
        if end is not None and end.graveyards > i:
            _cross(s, box.x + i * 6.5 + 0.8, y + 0.8, 3.4)
    note = f"{n}: you lose"
    x = box.x + n * 6.5
    if x + fonts.text_width_mm(note, 7) <= box.right:  # beside the boxes, else under them
        s.text(x, y + 3.5, note, size_pt=7, fill=SOFT)
    else:
        s.text(box.x, y + 8.0, note, size_pt=7, fill=SOFT)


def _title(s: Surface, x: float, y: float, text: str) -> float:
    s.text(x, y + 2.6, text, size_pt=7.5, font="bold", fill=INK)
    return y + 4.0


def tracker_limit(tens: int) -> int:
    """The highest number a tens-and-ones tracker of ``tens`` tens cells holds (10 tens: 99)."""
    return tens * 10 - 1


def _tens_ones(s: Surface, x: float, y: float, cell: float, tens: int, value: int | None) -> float:
    """A row (or rows) of tens cells 0, 10, 20 ... and two rows of ones 0-9: mark one of each."""
    frame = Style(stroke=LIGHT, width_mm=0.2)
    firm = Style(stroke=GRID, width_mm=0.3)
    shown = None if value is None else min(value, tracker_limit(tens))
    for group, count, step, mark in (("tens", tens, 10, None if shown is None else shown // 10),
                                     ("ones", 10, 1, None if shown is None else shown % 10)):
        for n in range(count):
            r, c = divmod(n, 5)
            cx, cy = x + c * cell, y + r * cell
            s.rect(cx, cy, cell, cell, frame)
            s.text(cx + cell / 2, cy + cell / 2 + 1.2, str(n * step), size_pt=7, fill=SOFT, anchor="middle")
            if mark == n:
                s.circle(cx + cell / 2, cy + cell / 2, cell / 2 - 0.35,
                         Style(stroke=PENCIL, width_mm=0.45))
        rows = -(-count // 5)
        s.rect(x, y, 5 * cell, rows * cell, firm)
        y += rows * cell + (0.8 if group == "tens" else 0.0)
    return y


def _tick(s: Surface, x: float, y: float, size: float) -> None:
    s.draw(VPath().move_to(x, y + size * 0.55).line_to(x + size * 0.38, y + size)
           .line_to(x + size, y), Style(stroke=PENCIL, width_mm=0.5, cap="round", join="round"))


def _cross(s: Surface, x: float, y: float, size: float) -> None:
    pen = Style(stroke=PENCIL, width_mm=0.5, cap="round")
    s.line(x, y, x + size, y + size, pen)
    s.line(x + size, y, x, y + size, pen)


# Year, fate, built, lost, the totals at the end of the year: widths in mm (0: the rest).
RECORD_COLUMNS = (("Year", 9.0), ("Fate", 42.0), ("Capital", 15.0), ("Built", 0.0),
                  ("Traded", 18.0), ("Lost", 20.0), ("Food", 10.0), ("Ore", 10.0), ("Stage", 10.5),
                  ("Graves", 12.0))


def record_rows(lay: Layout) -> int:
    """How many years one back page holds."""
    return int((lay.table.h - RECORD_ROW_MM) // RECORD_ROW_MM)


def _record_table(s: Surface, box: Box, first: int = 1, filled: Sequence["RecordRow"] = ()) -> None:
    top, row_h = box.y, RECORD_ROW_MM
    rows = int((box.h - row_h) // row_h)
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
                if fonts.text_width_mm(value, 7, "italic") > w - 1.6:
                    value = short  # two sixes' four results, a capital's two resources
                text = fonts.wrap(value, w - 1.6, 7)
                line = text[0] + ("…" if len(text) > 1 else "")
                s.text(x + 0.8, y, line, size_pt=7, font="italic", fill=PENCIL)
            x += w


def _footer(s: Surface, lay: Layout, kmap: KingdomMap | None, side: str = "front") -> None:
    x, y = MARGIN_MM, lay.footer_y
    scale_bar(s, x, y, size_pt=7)  # the kits' own 50 mm bar, with its "50 mm" label
    s.text(x + 52.0 + fonts.text_width_mm("50 mm", 7) + 1.5, y, SCALE_LABEL, size_pt=7, fill=INK)
    what = f"sheet {kmap.seed}" if kmap is not None and kmap.seed is not None else "blank sheet"
    s.text(lay.width_mm - MARGIN_MM, y, f"pnpforge · One-Page Kingdom · {what} · {side}", size_pt=7,
           fill=SOFT, anchor="end")


# -- the played sheet -------------------------------------------------------------------------------

PENCIL = "#1f3a93"   # what the player wrote: a blue pencil, apart from the printed ink


@dataclass(frozen=True)
class RecordRow:
    fate: str
    capital: str
    built: str
    traded: str
    lost: str
    food: int
    ore: int
    stage: int
    graves: int

    fate_short: str = ""     # the same, shorter, for a cell the long form overflows
    capital_short: str = ""

    def cells(self) -> list[str]:
        return [self.fate, self.capital, self.built, self.traded, self.lost, str(self.food), str(self.ore),
                str(self.stage), str(self.graves)]

    def short_cells(self) -> list[str]:
        return [self.fate_short or self.fate, self.capital_short or self.capital, *self.cells()[2:]]


@dataclass(frozen=True)
class Played:
    """A logged game as the player would have written it on the sheet."""

    kingdom: "Kingdom"
    rows: tuple[RecordRow, ...]
    names: dict
    stages: tuple[int, ...]     # the monument's hexes, stage 1 first


SHORT = {"farm": "F", "mine": "M", "village": "V", "monument": "#"}
RESULT_SHORT = {"disaster": "disaster", "hard-times": "hard times", "harvest": "harvest",
                "strike-ore": "strike ore", "efficiency": "efficiency"}
RESULT_SHORTER = {"disaster": "dis", "hard-times": "hard", "harvest": "harv", "strike-ore": "ore",
                  "efficiency": "eff"}


def played_from_log(log: GameLog, rules: Rules) -> Played:
    """Replay ``log`` (it must check) and note each year's line of the record."""
    from .check import play_year, start

    k = start(log, rules)
    names = k.board.names
    rows = []
    stages: list[int] = []
    for number, year in enumerate(log.years, 1):
        play_year(k, year, number, log.file)
        fate = fate_short = f"{year.fate[0]} {year.fate[1]}"
        if year.reroll:
            fate = fate_short = fate + f"; r{year.reroll[0]}>{year.reroll[1]}"
        if year.choose:
            fate += "; 6: " + ", ".join(RESULT_SHORT[c] for c in year.choose)
            fate_short += "; 6: " + ", ".join(RESULT_SHORTER[c] for c in year.choose)
        capital = _counted(year.capital)
        capital_short = ", ".join(f"{year.capital.count(n)} {n}" if year.capital.count(n) > 1 else n
                                  for i, n in enumerate(year.capital) if n not in year.capital[:i])
        built = ", ".join(f"{SHORT[kind]} {names[h]}" for kind, h in year.build)
        stages.extend(h for kind, h in year.build if kind == "monument")
        traded = _counted(year.trade)
        lost = ", ".join([f"D {names[h]}" for h in year.disaster] + [f"S {names[h]}" for h in year.starve])
        rows.append(RecordRow(fate, capital, built, traded, lost, k.food, k.ore, k.stage, k.graveyards,
                              fate_short, capital_short))
    return Played(k, tuple(rows), {"ruler": log.ruler, "kingdom": log.kingdom, "capital": log.capital},
                  tuple(stages))


def _counted(names: Sequence[str]) -> str:
    """``food, food, ore`` as ``2 food, 1 ore``."""
    order = [n for i, n in enumerate(names) if n not in names[:i]]
    return ", ".join(f"{names.count(n)} {n}" for n in order)


def _pencil_buildings(s: Surface, g: HexGrid, board: Board, played: Played) -> None:
    """Each building drawn on its hex as a player would pencil it: a letter, the monument's stages,
    a graveyard's cross."""
    from .engine import FARM, GRAVEYARD, MINE, MONUMENT, VILLAGE

    k = played.kingdom
    letters = {FARM: "FARM", MINE: "MINE", VILLAGE: "VILLAGE"}
    pen = Style(stroke=PENCIL, width_mm=0.45, cap="round", join="round")
    for h, code in enumerate(k.at):
        if code not in letters and code not in (MONUMENT, GRAVEYARD):
            continue
        cx, cy = g.center(*board.col_row(h))
        if code in letters:
            s.text(cx, cy + 1.6, letters[code][0], size_pt=15, font="bold", fill=PENCIL, anchor="middle")
            s.text(cx, cy + 5.2, letters[code].lower(), size_pt=7, fill=PENCIL, anchor="middle")
        elif code == MONUMENT:  # a triangle with its stage inside; the word where the hex is wide
            stage = played.stages.index(h) + 1 if h in played.stages else 0
            s.polygon([(cx - 3.2, cy + 0.6), (cx, cy - 5.0), (cx + 3.2, cy + 0.6)], pen)
            s.text(cx, cy - 0.3, str(stage), size_pt=7, font="bold", fill=PENCIL, anchor="middle")
            s.text(cx, cy + LABEL_BELOW_MM, "monument", size_pt=7, fill=PENCIL, anchor="middle")
        else:
            s.line(cx - 1.2, cy - 4.2, cx - 1.2, cy + 0.6, pen)  # clear of the hex's name above
            s.line(cx + 1.2, cy - 4.2, cx + 1.2, cy + 0.6, pen)
            s.line(cx - 3.2, cy - 2.6, cx + 3.2, cy - 2.6, pen)
            s.text(cx, cy + LABEL_BELOW_MM, "graveyard", size_pt=7, fill=PENCIL, anchor="middle")


# The baseline of a monument's or graveyard's word below the hex centre: high enough that the
# word (13.5 mm at 7 pt) fits the hex's width there on Letter (hexes 9.1 mm a side).
LABEL_BELOW_MM = 3.0


# -- files ------------------------------------------------------------------------------------------

def render_pages(rules: Rules, kmap: KingdomMap | None, paper: str = "a4", fmt: str = "pdf",
                 played: Played | None = None) -> list[bytes]:
    """The sheet's files: one PDF (front and back pages), or one SVG per page."""
    title = f"One-Page Kingdom — sheet {kmap.seed}" if kmap and kmap.seed is not None else \
        "One-Page Kingdom — blank sheet"
    if played is not None:
        title += " (played)"
    if fmt == "svg":
        from generator.draw.svg import SvgSurface

        svg = SvgSurface(title=title)
        draw_sheet(svg, rules, kmap, paper, played)
        return svg.finish()
    from generator.draw.pdf import PdfSurface

    pdf = PdfSurface(title=title, author="pnpforge", subject="One-Page Kingdom sheet")
    draw_sheet(pdf, rules, kmap, paper, played)
    return [pdf.finish()]


def render_sheet(rules: Rules, kmap: KingdomMap | None, paper: str = "a4", fmt: str = "pdf",
                 played: Played | None = None) -> bytes:
    """The sheet's file contents: the PDF (both sides), or the front page's SVG."""
    return render_pages(rules, kmap, paper, fmt, played)[0]


def page_paths(path: Path, count: int) -> list[Path]:
    """An SVG per page: the front at ``path``, the back beside it (``-back``, ``-back-2`` ...)."""
    out = [path]
    for i in range(1, count):
        out.append(path.with_name(f"{path.stem}-back{'' if i == 1 else f'-{i}'}{path.suffix}"))
    return out


def starter_log(rules: Rules, kmap: KingdomMap | None) -> str:
    """The log that goes with a sheet: ``sheet`` and the expanded setup, ready to continue."""
    board = rules_board(rules)
    if kmap is None:
        return BLANK_LOG
    log = GameLog(Setup(kmap.dice, kmap.mountains, kmap.river, None, None, None, Lines()), (), kmap.seed)
    return format_log(log, board, starter_note(kmap.seed))


BLANK_LOG = """\
# format: 1
# Starter log for a blank sheet. Write the mountain dice, the mountain hexes and the river (in order,
# from next to the bigger range to the edge) as drawn on your sheet, your farm, mine and village,
# then one entry under years for each year played. Check it with: pnpforge solo check FILE
setup:
  # dice: [4, 2]
  # mountains: [C2, C3, D2, D3, H6, H7]
  # river: [D4, E5, F5, G6, G7, G8]
  # farm:        # on a river hex
  # mine:        # on a mountain
  # village:     # next to that farm or mine
years: []
"""


def write_played_sheet(rules: Rules, log_path: Path, paper: str = "a4", fmt: str | None = None,
                       out: Path | None = None, force: bool = False) -> list[tuple[str, Path]]:
    """Draw the sheet of the game in ``log_path`` as the player would have filled it in."""
    from generator.errors import UsageError

    from .check import log_map
    from .log import read_log

    fmt = sheet_format(fmt, out)
    board = rules_board(rules)
    log = read_log(log_path, board, rules.die_sides)
    played = played_from_log(log, rules)
    kmap = log_map(log, rules, board)
    if out is None:
        out = Path(log_path).with_name(f"{Path(log_path).stem}-sheet.{fmt}")
    pages = render_pages(rules, kmap, paper, fmt, played)
    paths = page_paths(Path(out), len(pages))
    for p in paths:
        if p.resolve() == Path(log_path).resolve():
            raise UsageError(f"--out {out} would overwrite the log it is drawn from")
        if p.exists() and not force:
            raise UsageError(f"{p} already exists; nothing was written. Choose another --out, or add "
                             "--force to overwrite it")
    return [("wrote", write_atomic(p, data)) for p, data in zip(paths, pages)]


def default_sheet_path(seed: int | None, fmt: str) -> Path:
    name = f"sheet-{seed}" if seed is not None else "sheet-blank"
    return Path("output") / "kingdom" / f"{name}.{fmt}"


def sheet_format(fmt: str | None, out: Path | None) -> str:
    """The sheet's format from ``--format`` and ``--out``'s extension, which must agree.

    Raises :class:`UsageError` (exit 2) when ``--out`` ends in anything but .pdf/.svg or names the
    other format than ``--format``: a PDF written into ``mygame.svg`` (or a starter log's ``.yaml``)
    is a file the player cannot open."""
    from generator.errors import UsageError

    if out is None:
        return fmt or "pdf"
    ext = Path(out).suffix.lower().lstrip(".")
    if ext not in ("pdf", "svg"):
        shown = f"'.{ext}'" if ext else "no extension"
        raise UsageError(f"--out {out}: the sheet is a .pdf or .svg file, not {shown} (the starter log "
                         "is written beside it as .yaml)")
    if fmt is not None and fmt != ext:
        raise UsageError(f"--out {out} ends in .{ext} but --format is {fmt}; make them agree (or leave "
                         "out --format: the extension chooses)")
    return ext


def write_sheet(rules: Rules, seed: int | None = None, blank: bool = False, paper: str = "a4",
                fmt: str | None = None, out: Path | None = None,
                force: bool = False) -> list[tuple[str, Path]]:
    """Write the sheet and its starter log; return what was done to which path ("wrote", "kept").

    A log already beside the sheet is never overwritten (it may hold a game in progress): unless
    ``force``, an existing log that differs from the starter log is a :class:`UsageError` naming it.
    An existing log identical to the starter log is left as it is."""
    from generator.errors import UsageError

    fmt = sheet_format(fmt, out)
    if not blank and seed is None:
        seed = random.SystemRandom().randrange(1, 1_000_000)
    kmap = None if blank else generate_map(rules_board(rules), seed, rules.die_sides)  # type: ignore[arg-type]
    path = Path(out) if out is not None else default_sheet_path(None if blank else seed, fmt)
    log_path = path.with_suffix(".yaml")
    log_text = starter_log(rules, kmap)
    keep_log = False
    if log_path.exists() and not force:
        try:
            same = log_path.read_text(encoding="utf-8") == log_text
        except (OSError, UnicodeDecodeError):
            same = False
        if not same:
            raise UsageError(f"{log_path} already exists and may hold a game in progress; nothing was "
                             f"written. Choose another --out, move that log away, or add --force to "
                             f"overwrite it")
        keep_log = True
    pages = render_pages(rules, kmap, paper, fmt)
    written = [("wrote", write_atomic(p, data)) for p, data in zip(page_paths(path, len(pages)), pages)]
    if keep_log:
        written.append(("kept (still the starter log)", log_path))
    else:
        written.append(("wrote", write_atomic(log_path, log_text)))
    return written
