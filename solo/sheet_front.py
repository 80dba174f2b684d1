"""The front of the kingdom sheet: the title and name lines, the hex map (coordinates, capital,
mountains and river), the trackers (food and ore with their hundreds, labor, monument stages,
graveyards), and on a played sheet the buildings pencilled on their hexes; the footer every page
shares."""

from __future__ import annotations

from typing import Sequence

from generator.api import Path as VPath
from generator.api import Style, Surface, fonts, scale_bar
from solo.board import Board, KingdomMap
from solo.rules import Rules
from solo.sheet_layout import (
    CAPITAL_FILL,
    GRID,
    INK,
    LIGHT,
    MARGIN_MM,
    MOUNTAIN_FILL,
    MOUNTAIN_INK,
    PENCIL,
    RIVER_FILL,
    RIVER_INK,
    SCALE_LABEL,
    SOFT,
    Box,
    Layout,
    MapHexes,
)
from solo.sheet_played import Played
from solo.tables import FARM, GRAVEYARD, MINE, MONUMENT, VILLAGE

DICE_BLANKS = "mountain dice ___ and ___ (roll them onto the map)"


def _pencil_dice(s: Surface, right: float, y: float, dice: tuple[int, int]) -> None:
    """The two mountain dice pencilled on the header's blanks, as the player wrote them."""
    x = right - fonts.text_width_mm(DICE_BLANKS, 7.5)
    blank = fonts.text_width_mm("___", 7.5)
    for prefix, value in (("mountain dice ", dice[0]), ("mountain dice ___ and ", dice[1])):
        centre = x + fonts.text_width_mm(prefix, 7.5) + blank / 2
        s.text(centre, y - 0.4, str(value), size_pt=9, font="italic", fill=PENCIL, anchor="middle")


def draw_header(s: Surface, lay: Layout, kmap: KingdomMap | None, played: Played | None = None) -> None:
    box = lay.header
    s.text(box.x, box.y + 6.5, "The One-Page Kingdom", size_pt=20, font="bold", fill=INK)
    if kmap is not None and kmap.seed is not None:
        dice = f"mountain dice {kmap.dice[0]} and {kmap.dice[1]}" if kmap.dice else ""
        s.text(box.right, box.y + 2.8, f"Sheet {kmap.seed}", size_pt=11, font="bold", fill=INK, anchor="end")
        s.text(box.right, box.y + 7.0, f"{dice} · map number {kmap.seed}", size_pt=7.5, fill=SOFT,
               anchor="end")
    else:
        s.text(box.right, box.y + 2.8, "Blank map", size_pt=11, font="bold", fill=INK, anchor="end")
        s.text(box.right, box.y + 7.0, DICE_BLANKS, size_pt=7.5, fill=SOFT, anchor="end")
        if kmap is not None and kmap.dice:  # a played map drawn by hand: its log gives the dice
            _pencil_dice(s, box.right, box.y + 7.0, kmap.dice)
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


def draw_map(s: Surface, g: MapHexes, board: Board, kmap: KingdomMap | None) -> None:
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


def _peaks(s: Surface, g: MapHexes, col: int, row: int) -> None:
    cx, cy = g.center(col, row)
    a = g.side_mm * 0.36
    base = cy + a * 0.75
    style = Style(fill="#d3c2a5", stroke=MOUNTAIN_INK, width_mm=0.3, join="round")
    s.polygon([(cx - a * 1.25, base), (cx - a * 0.35, base - a * 1.25), (cx + a * 0.45, base)], style)
    s.polygon([(cx - a * 0.15, base), (cx + a * 0.55, base - a * 0.95), (cx + a * 1.25, base)], style)


def _river(s: Surface, g: MapHexes, board: Board, kmap: KingdomMap) -> None:
    pts = [g.center(*board.col_row(h)) for h in kmap.river]
    first = kmap.river[0]
    mountain = next((m for m in board.neighbours[first] if kmap.mountain_mask >> m & 1), None)
    if mountain is not None:
        mx, my = g.center(*board.col_row(mountain))
        pts.insert(0, ((pts[0][0] + mx) / 2, (pts[0][1] + my) / 2))
    pts.append(_mouth(g, board, kmap.river[-1], pts[-1]))
    path = _smooth(pts)
    s.draw(path, Style(stroke=RIVER_INK, width_mm=1.1, cap="round", join="round", opacity=0.85))


def _mouth(g: MapHexes, board: Board, h: int, at: tuple[float, float]) -> tuple[float, float]:
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


def _capital(s: Surface, g: MapHexes, board: Board) -> None:
    col, row = board.col_row(board.capital)
    cx, cy = g.center(col, row)
    s.polygon(g.corners(col, row, inset=1.0), Style(stroke=INK, width_mm=0.35, dash_mm=(1.2, 0.9)))
    s.text(cx, cy + g.flats_mm / 2 - 4.4, "CAPITAL", size_pt=7, font="bold", fill=INK, anchor="middle")


def _coordinates(s: Surface, g: MapHexes, board: Board) -> None:
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


def draw_trackers(s: Surface, box: Box, rules: Rules, played: Played | None = None) -> None:
    """Food and ore to 599 (a tick box for each hundred, a tens grid and a ones grid: mark one cell
    in each), labor to 49 (tens and ones), monument stages, graveyards. ``played``: the end state
    marked."""
    cell = min(box.w / 5, 5.6)
    y = box.y
    end = played.kingdom if played is not None else None
    for title, hundreds, tens, value in (("FOOD", HUNDREDS, 10, end.food if end else None),
                                         ("ORE", HUNDREDS, 10, end.ore if end else None),
                                         ("LABOR", 0, 5, end.labor if end else None)):
        _title(s, box.x, y, title)
        if value is not None:  # the played sheet: the number itself, however big
            s.text(box.x + 5 * cell, y + 2.6, f"= {value}", size_pt=7.5, font="italic", fill=PENCIL,
                   anchor="end")
        elif title != "LABOR":
            s.text(box.x + 5 * cell, y + 2.6, "tens + ones", size_pt=7, fill=SOFT, anchor="end")
        y = _tracker(s, box.x, y + 4.0, cell, hundreds, tens, value) + 2.4
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


# Food and ore trackers: a tick box for each hundred above the tens, five of them, so they hold 599;
# in 2,000 games of each bundled policy (solo simulate) over 99% peak under 600 (docs/solo.md).
HUNDREDS = 5
HUNDRED_BOX_MM = 3.4
HUNDRED_GAP_MM = 0.7


def tracker_limit(tens: int, hundreds: int = 0) -> int:
    """The highest number a tracker of ``tens`` tens cells (and ``hundreds`` tick boxes, a hundred
    each) holds: 10 tens, 99; with 5 hundreds, 599."""
    return hundreds * 100 + 99 if hundreds else tens * 10 - 1


def _tracker(s: Surface, x: float, y: float, cell: float, hundreds: int, tens: int,
             value: int | None) -> float:
    """A row of ``hundreds`` tick boxes (one ticked for each hundred), a row (or rows) of tens cells
    0, 10, 20 ... and two rows of ones 0-9: mark one of each."""
    frame = Style(stroke=LIGHT, width_mm=0.2)
    firm = Style(stroke=GRID, width_mm=0.3)
    shown = None if value is None else min(value, tracker_limit(tens, hundreds))
    if hundreds:
        s.text(x, y + HUNDRED_BOX_MM - 0.8, "100s", size_pt=7, fill=SOFT)
        left = x + 5 * cell - hundreds * HUNDRED_BOX_MM - (hundreds - 1) * HUNDRED_GAP_MM
        for n in range(hundreds):
            bx = left + n * (HUNDRED_BOX_MM + HUNDRED_GAP_MM)
            s.rect(bx, y, HUNDRED_BOX_MM, HUNDRED_BOX_MM, firm)
            if shown is not None and shown // 100 > n:
                _tick(s, bx + 0.4, y + 0.4, HUNDRED_BOX_MM - 0.8)
        y += HUNDRED_BOX_MM + 0.8
    for group, count, step, mark in (("tens", tens, 10, None if shown is None else shown // 10 % 10),
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


def draw_footer(s: Surface, lay: Layout, kmap: KingdomMap | None, side: str = "front") -> None:
    x, y = MARGIN_MM, lay.footer_y
    scale_bar(s, x, y, size_pt=7)  # the kits' own 50 mm bar, with its "50 mm" label
    s.text(x + 52.0 + fonts.text_width_mm("50 mm", 7) + 1.5, y, SCALE_LABEL, size_pt=7, fill=INK)
    what = f"sheet {kmap.seed}" if kmap is not None and kmap.seed is not None else "blank sheet"
    s.text(lay.width_mm - MARGIN_MM, y, f"The One-Page Kingdom · {what} · {side}", size_pt=7,
           fill=SOFT, anchor="end")



def pencil_buildings(s: Surface, g: MapHexes, board: Board, played: Played) -> None:
    """Each building drawn on its hex as a player would pencil it: a letter, the monument's stages,
    a graveyard's cross."""
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


def draw_front(s: Surface, lay: Layout, rules: Rules, kmap: KingdomMap | None, board: Board,
               rules_lines: Sequence, played: Played | None = None) -> None:
    """The front's contents: header, map (with the pencilled buildings of a played sheet), trackers,
    the rules' lines (set by :mod:`solo.sheet_rules`) and the footer."""
    draw_header(s, lay, kmap, played)
    draw_map(s, lay.grid, board, kmap)
    if played is not None:
        pencil_buildings(s, lay.grid, board, played)
    draw_trackers(s, lay.trackers, rules, played)
    for line in rules_lines:
        s.text(line.x_mm, line.y_mm, line.text, size_pt=line.size_pt, font=line.font, fill=INK)
    draw_footer(s, lay, kmap, "front")
